"""The card data the browser module draws from (``web/board.js``), served at ``/games/dreamwell/data.json``.

Friend cards are public once shown: ``id: [friend, creature, creature, terrain, score, ability]``,
where a score is ``[kind, …numbers and names]`` and an ability ``[kind, target or null]``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .components import FRIEND_CARDS, FRIENDS, ITEM_CODES, TERRAINS, Friend

_NAMED_FRIENDS = {"per_friend": 1, "per_set": 1, "if_count": 2}
"""Score kinds whose values from this position on are friends (named, not numbered)."""


def _score(card: Friend) -> list[Any]:
    kind, *values = card.score
    named: list[Any] = []
    for position, value in enumerate(values):
        if kind in _NAMED_FRIENDS and position >= _NAMED_FRIENDS[kind]:
            named.append(FRIENDS[value])
        elif kind == "plus_per_terrain" and position == 2:
            named.append(TERRAINS[value])
        else:
            named.append(value)
    return [kind, *named]


def _ability(card: Friend) -> list[Any]:
    kind, target = card.ability
    if kind in ("located", "move_to", "flip_any"):
        return [kind, ITEM_CODES[target]]
    if kind == "each_turn_free":
        return [kind, ("rotate", "flip")[target]]
    return [kind, None]


def compact(card: Friend) -> list[Any]:
    """One card in the module's compact form (the event sentences name cards from it too: .wording)."""
    return [FRIENDS[card.friend], ITEM_CODES[card.creatures[0]], ITEM_CODES[card.creatures[1]],
            TERRAINS[card.terrain], _score(card), _ability(card)]


@cache  # the cards never change: worked out once, for every page that asks
def page_data() -> dict[str, Any]:
    """``{"cards": {id: card}}`` in the module's compact form."""
    return {"cards": {card.id: compact(card) for card in FRIEND_CARDS}}
