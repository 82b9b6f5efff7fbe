"""Build a Deep Dreams position by hand for rule tests.

Rows are strings of card ids, positions separated by spaces and a Dream Moon stack written
bottom+top (``"DD36 DD16+DD05 DD03"``). Cards not placed anywhere form the deck, with
``deck_top`` (listed top first) on top; ``deck`` sets the deck exactly instead (top first).
"""

from __future__ import annotations

from typing import Any

import dreamtable
from dreamtable.games.deep_dreams.cards import CARD_INDEX, DECK
from dreamtable.games.deep_dreams.rules import DreamState
from dreamtable.games.deep_dreams.wording import card_message

from tests.helpers import legal, play  # noqa: F401  (re-exported for the rule tests)

GAME = dreamtable.load("deep-dreams")


def ids(text: str) -> list[int]:
    return [CARD_INDEX[card] for card in text.split()]


def position(
    players: int = 2,
    rows: dict[int, str] | None = None,
    hands: dict[int, str] | None = None,
    deck_top: str = "",
    deck: str | None = None,
    discard: str = "",
    turn: int = 0,
    first_player: int = 0,
    **options: Any,
) -> DreamState:
    state = GAME.new(players=players, seed=0, **options)
    assert isinstance(state, DreamState)
    used: list[int] = []
    state.rows = [[] for _ in range(players)]
    for seat, text in (rows or {}).items():
        for position_text in text.split():
            stack = tuple(CARD_INDEX[card] for card in position_text.split("+"))
            state.rows[seat].append(stack)
            used += stack
    state.hands = [0] * players
    for seat, text in (hands or {}).items():
        for card in ids(text):
            state.hands[seat] |= 1 << card
            used.append(card)
    state.discard = ids(discard)
    used += state.discard
    if deck is not None:
        state.deck = list(reversed(ids(deck)))
    else:
        top = ids(deck_top)
        rest = [card for card in range(len(DECK)) if card not in used and card not in top]
        state.deck = rest + list(reversed(top))
    state.turn = turn
    state.first_player = first_player
    state.known = [0] * (players * players)
    state.peek_known = [0] * players
    return state


def row_of(state: DreamState, seat: int) -> str:
    return " ".join("+".join(DECK[c].id for c in stack) for stack in state.rows[seat])


def hand_of(state: DreamState, seat: int) -> list[str]:
    return state.view(seat)["board"]["hands"][seat]["cards"]


def card_name(card: str) -> str:
    """A card in the English words of the log (its colours top to bottom): the catalogue's ``card.name``."""
    return GAME.words("en").message(card_message(card))
