"""The card data the browser module draws from (``web/board.js``), served at ``/games/deep-dreams/data.json``.

Every card is public once played, so the whole deck is: ``code: [colours top-middle-bottom (g, b,
y, p), lines [left level, right level, left end, right end (n none, w white, b black), Bruno], icon
[effect, edge (l, r), level] or null, X2, player's choice]``, compact because a page loads it whole.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .cards import COLOURS, DECK, ENDS, ICONS

_EDGES = ("l", "r")


@cache  # the cards never change: worked out once, for every page that asks
def page_data() -> dict[str, Any]:
    """``{"deck": {code: card}}`` in the module's compact form."""
    deck: dict[str, Any] = {}
    for card in DECK:
        icon = None if card.icon is None else [ICONS[card.icon[0]], _EDGES[card.icon[1]], card.icon[2]]
        deck[card.id] = ["".join(COLOURS[colour][0] for colour in card.colours),
                         [[line.left, line.right, ENDS[line.left_end][0], ENDS[line.right_end][0], int(line.bruno)]
                          for line in card.lines],
                         icon, int(card.x2), int(card.player_choice)]
    return {"deck": deck}
