"""Which moves showed someone something they did not know — derived once, for every game.

A move *reveals* to seat ``p`` when ``p``'s view after it is not fixed by what ``p`` knew before
it and the move itself: a card drawn from a deck, a row of tiles laid, a role or an Element shown,
a shuffle. We test it through the contract only. The move is replayed in worlds re-sampled from
what ``p`` knows (``determinize(p)``); if ``p``'s view after the move differs between the worlds
and the real game, the move showed ``p`` something. A move that used the state's random number
generator is a reveal outright (chance happened). A move that is impossible in some of ``p``'s
worlds told ``p`` something about the mover's hidden holdings (a card played from a hand): it
*exposed* the mover to ``p``.

A move is also *told* to every seat whose log shows one of its events (:func:`told_of`): what a
person was told (a card played, a start chosen, even "B set a brake plan" with the plan hidden)
cannot be taken out of their memory, so for a seat held by a person it counts as a reveal too.

The undo policy of the table (:mod:`.table`) stands on this: undo never goes back past a reveal,
nor past a move another person was told of.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Iterable

from .contract import RECENT_EVENTS, State
from .errors import IllegalActionError
from .visibility import reveal

WORLDS = 8
"""Worlds sampled per seat. A reveal between two equally likely outcomes escapes all of them with
probability 2⁻⁸; any richer reveal (a card from a deck, a row of tiles) practically never."""


@dataclass(frozen=True)
class Reveal:
    """What one move showed: the seats that learned something by chance or from hidden order, and the
    seats to which the mover's hidden holdings were exposed."""

    learned: frozenset[int]
    exposed_to: frozenset[int]

    @property
    def anything(self) -> bool:
        """Whether the move showed anyone anything."""
        return bool(self.learned or self.exposed_to)


def _seen(state: State[Any], seat: int) -> str:
    """What ``seat`` knows of ``state``: its board and the events, structured (no sentences needed)."""
    events = [event.seen_by(seat) for event in state.events(RECENT_EVENTS)]
    return json.dumps([reveal(state._view(), seat), events, list(state.actors)], sort_keys=True)


def reveal_of(before: State[Any], seat: int, action: Any, after: State[Any], worlds: int = WORLDS, seed: int = 0,
              first_only: bool = False) -> Reveal:
    """What ``seat``'s ``action`` showed, given the states just ``before`` and ``after`` it.

    Reproducible: the worlds are drawn from ``seed``. ``before`` and ``after`` are not changed.
    With ``first_only`` the search stops at the first seat found to have learned something.
    """
    everyone = frozenset(range(before.players))
    if after.rng.state != before.rng.state:
        return Reveal(everyone, frozenset())
    learned: set[int] = set()
    exposed: set[int] = set()
    for viewer in range(before.players):
        truth = _seen(after, viewer)
        rng = random.Random(seed * 101 + viewer)
        for _ in range(worlds):
            world = before.determinize(viewer, rng)
            try:
                world.apply(seat, action)
            except IllegalActionError:
                exposed.add(viewer)  # only the mover's hidden holdings can make its move impossible
                continue
            if _seen(world, viewer) != truth:
                learned.add(viewer)
                break
        if learned and first_only:
            break
    return Reveal(frozenset(learned), frozenset(exposed - {seat}))


def told_of(after: State[Any], events: int, seats: Iterable[int]) -> frozenset[int]:
    """The seats among ``seats`` whose log shows something of a move that added the last ``events``
    events of ``after``: each event as the seat may know it. Every event is in every seat's log
    (its hidden fields wrapped), so a move with any event is told to all; a move with none to nobody."""
    added = after.events(events) if events > 0 else []
    return frozenset(seat for seat in seats if any(event.seen_by(seat) for event in added))
