"""A hint for learners: the move the hard bot would play, and its chance to win.

``hint(state, seat)`` searches as the ``hard`` level does (ISMCTS, :data:`~.levels.HARD_SECONDS`
a move, or ``iterations=`` for a reproducible hint) for the seat the game waits for, and returns a
:class:`Hint`: the move in notation and in words, the estimated chance to win after it (the
search's mean value of the move: a finished game counts 1 for a win and 0 for a loss, an unfinished
one the game's evaluation, itself a logistic of the seat's lead) and the next best moves.

It reads only what ``seat`` may know: the search samples every hidden thing from
``state.determinize(seat, rng)``, which depends only on the seat's information and the rng, and
it looks at nothing else of the state but the seat's own legal moves and view. So two states the
seat cannot tell apart give the same hint for the same seed (tests/agents/test_hint.py).

Refused with :class:`HintError` (nothing changes): a finished game, a seat that is not at the
table, a seat the game is not waiting for, or a game whose bots are its own (When I Dream's word
bots play against the clock; there is no search to ask).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..core.contract import State
from ..core.errors import IllegalActionError
from ..core.seats import seat_name
from .base import value_for
from .ismcts import IsmctsAgent
from .levels import HARD_SECONDS, MAX_HARD_SECONDS

ALTERNATIVES = 3
"""How many moves a hint lists (the best first)."""
SINGLE_MOVE_WORLDS = 8
"""Worlds averaged for the chance to win when the seat has one move only (no search is needed)."""


class HintError(IllegalActionError):
    """A hint that cannot be given; the message says why and when one can."""


@dataclass(frozen=True)
class Hint:
    """The hard bot's move for ``seat`` and its estimated chance to win."""

    seat: int
    action: Any
    move: str
    """The move in the game's notation (what the terminal or the API takes)."""
    words: str
    """The move in words, as the game describes it to the seat."""
    win_chance: float
    """The search's estimate of the seat's chance to win after the move, in [0, 1]."""
    alternatives: tuple[tuple[str, int, float], ...]
    """The best moves as ``(notation, visits, chance to win)``, the hint's own first."""
    iterations: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The hint as the API sends it."""
        return {
            "seat": self.seat, "move": self.move, "words": self.words, "win_chance": round(self.win_chance, 3),
            "alternatives": [{"move": move, "visits": visits, "win_chance": round(chance, 3)}
                             for move, visits, chance in self.alternatives],
            "iterations": self.iterations, "seconds": round(self.seconds, 3),
        }

    def sentence(self) -> str:
        """One line for a player: the move, in words, and the chance."""
        words = f" ({self.words})" if self.words and self.words != self.move else ""
        return (f"Hint: {self.move}{words}. The hard bot gives you about {self.win_chance:.0%} to win after it"
                f" ({self.iterations} searches).")


def check_hint(state: State[Any], seat: int) -> None:
    """Raise :class:`HintError` unless ``seat`` may be given a hint now."""
    if state.game.bots:
        raise HintError(f"{state.game.info.name} has no hints: its own bots play it, against the clock")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise HintError(f"no seat {seat!r} at this table: seats are 0–{state.players - 1}")
    if state.is_over:
        raise HintError("the game is over: a hint is for a move still to make")
    actors = state.actors
    if not actors:
        raise HintError("nobody may move now (the game waits for the clock): ask for a hint on your turn")
    if actors[0] != seat:
        raise HintError(f"it is not your turn: a hint is for the seat the game waits for, now "
                        f"{seat_name(actors[0])}; you are {seat_name(seat)}")


def hint(state: State[Any], seat: int, *, seed: int = 0, seconds: float | None = HARD_SECONDS,
         iterations: int | None = None, seconds_left: float | None = None) -> Hint:
    """The move the hard bot would play for ``seat`` (its turn), from what ``seat`` may know.

    ``iterations`` (reproducible) replaces the time budget ``seconds`` (more than 0, at most
    :data:`~.levels.MAX_HARD_SECONDS`); ``seconds_left`` is a table clock's time left, which the
    search never uses up. ``state`` is not changed.
    """
    check_hint(state, seat)
    if iterations is None and (seconds is None or not 0 < seconds <= MAX_HARD_SECONDS):
        raise HintError(f"a hint thinks more than 0 and at most {MAX_HARD_SECONDS:g} seconds, not {seconds!r}")
    if iterations is not None and iterations < 1:
        raise HintError(f"a hint searches at least 1 iteration, not {iterations!r}")
    agent = IsmctsAgent(seed, iterations=iterations, seconds=None if iterations is not None else seconds)
    action = agent.choose(state, seat, seconds_left=seconds_left)
    stats = [(str(move), visits, value) for move, visits, value in agent.last_stats[:ALTERNATIVES]]
    if not stats:  # one legal move (or no time to search): its value averaged over the seat's worlds
        rng = random.Random(seed)
        total = 0.0
        for _ in range(SINGLE_MOVE_WORLDS):
            world = state.determinize(seat, rng)
            world.apply(seat, action)
            total += value_for(world, seat)
        stats = [(str(action), 0, total / SINGLE_MOVE_WORLDS)]
    return Hint(
        seat=seat, action=action, move=str(action), words=state.game.describe(state.view(seat), action),
        win_chance=min(1.0, max(0.0, stats[0][2])), alternatives=tuple(stats),
        iterations=agent.last_iterations, seconds=agent.last_seconds,
    )


@dataclass(frozen=True)
class HintSearch:
    """A hint asked as a bot is: ``choose`` answers with the :class:`Hint`. A server hands it to its
    bot pool like any search (``searches``), so a hint thinks in a worker process under the pool's
    deadline and never holds the server's event loop."""

    seed: int
    seconds: float
    searches = True
    takes_time_left = True

    def choose(self, state: State[Any], seat: int, seconds_left: float | None = None) -> Hint:
        return hint(state, seat, seed=self.seed, seconds=self.seconds, seconds_left=seconds_left)


__all__ = ["ALTERNATIVES", "Hint", "HintError", "HintSearch", "check_hint", "hint"]
