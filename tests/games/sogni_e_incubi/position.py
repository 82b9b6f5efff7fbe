"""Build a Sogni e Incubi position by hand for rule tests: rows, hands, deck and whose turn.

Cards are short names (S3, I3, CS, CI, R). Cards not placed anywhere go to the deck, so every
card stays in exactly one place, unless ``deck`` is given, which sets the deck exactly (top last).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import dreamtable
from dreamtable.games.sogni_e_incubi.cards import CODE_OF_SHORT_NAME, CODES, DECK
from dreamtable.games.sogni_e_incubi.placement import EMPTY_CODE
from dreamtable.games.sogni_e_incubi.rules import SogniState

GAME = dreamtable.load("sogni-e-incubi")


def codes(names: str | list[str]) -> list[int]:
    """``"S3 I3"`` or ``["S3", "I3"]`` as card codes."""
    if isinstance(names, str):
        names = names.split()
    return [CODE_OF_SHORT_NAME[name] for name in names]


def position(
    players: int = 2,
    rows: dict[int, dict[int, str]] | None = None,
    hands: dict[int, str] | None = None,
    deck: str | None = None,
    turn: int = 0,
    **options: Any,
) -> SogniState:
    """A state with the given rows ({seat: {slot: "bottom … top"}}), hands and turn."""
    state = GAME.new(players=players, seed=0, **options)
    assert isinstance(state, SogniState)
    left = Counter(DECK)
    state.rows = [[(EMPTY_CODE,)] * 6 for _ in range(players)]
    for seat, slots in (rows or {}).items():
        for slot, stack in slots.items():
            cards = codes(stack)
            state.rows[seat][slot - 1] = (EMPTY_CODE, *cards)
            left.subtract(cards)
    state.hands = [[0] * CODES for _ in range(players)]
    state.known = [[0] * CODES for _ in range(players)]
    for seat, names in (hands or {}).items():
        for card in codes(names):
            state.hands[seat][card] += 1
            left[card] -= 1
    state.hand_sizes = [sum(hand) for hand in state.hands]
    if deck is None:
        assert all(count >= 0 for count in left.values()), f"more cards placed than the deck has: {left}"
        state.deck = sorted(left.elements())
    else:
        state.deck = codes(deck)
    state.turn = turn
    state.passes = 0
    return state


def row_names(state: SogniState, seat: int) -> list[list[str]]:
    """A seat's row as short names, bottom to top, as the view shows it."""
    return state.view(None)["board"]["rows"][seat]


def sentence(state: SogniState, event: Any, seat: int | None = None) -> str:
    """The words of one event as ``seat`` (``None``: a spectator) reads it in its log."""
    return state.game.sentence(event.seen_by(seat))


def hand_names(state: SogniState, seat: int) -> list[str]:
    """A seat's hand as short names (sorted by code)."""
    return state.view(seat)["board"]["hands"][seat]["cards"]
