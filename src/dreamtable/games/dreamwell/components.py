"""Dreamwell's components as data: 16 double-sided dream tiles and 87 friend cards (design note §3).

Creatures, terrains and friends are small integers; an *item* is a creature (0–7) or a terrain
(8–11), the things a card requires, LOCATED gives, and MOVE TO / FLIP ANY aim at. Directions are
0–7 clockwise from north (N, NE, E, SE, S, SW, W, NW); a tile's doors are a bit set of them in the
tile's own frame.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, NamedTuple

from ...core.errors import ComponentDataError as CoreComponentDataError

CREATURES = ("GAM", "COS", "NOV", "UMI", "LIL", "JUP", "BOR", "SKU")
CREATURE_NAMES = ("Gamma", "Cosmo", "Nova", "Umibozu", "Lil' Hero", "Jupiter", "Borealis", "Skullflower")
CREATURE_PARTNER = (1, 0, 3, 2, 5, 4, 7, 6)  # Gamma–Cosmo, Nova–Umibozu, Lil' Hero–Jupiter, Borealis–Skullflower
TERRAINS = ("PS", "BW", "BS", "GC")
TERRAIN_NAMES = ("Pink Space", "Blue Water", "Black Sky", "Green Cave")
TERRAIN_PARTNER = (1, 0, 3, 2)  # Pink Space–Blue Water, Black Sky–Green Cave
TERRAIN_ITEM = 8  # item code of terrain t is 8 + t
FRIENDS = ("Ace", "Orion", "Lucius", "Ion", "Astra", "Orbit", "Stella", "Flux")
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
STEP = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))  # (column, row) per direction

ITEM_CODES = CREATURES + TERRAINS  # item i is ITEM_CODES[i]: the codes views and events use
ITEM_NAME_OF = dict(zip(ITEM_CODES, CREATURE_NAMES + TERRAIN_NAMES))  # ``GAM`` → ``Gamma``, ``PS`` → ``Pink Space``

SCORE_KINDS = ("heart", "per_friend", "plus_per_terrain", "if_count", "per_set", "wild")
ABILITY_KINDS = ("located", "move_to", "flip_any", "draw_action", "move_action", "rotate_action", "each_turn_free")


def item_code(text: str) -> int:
    """``GAM`` → 0 … ``SKU`` → 7, ``PS`` → 8 … ``GC`` → 11."""
    if text in CREATURES:
        return CREATURES.index(text)
    return TERRAIN_ITEM + TERRAINS.index(text)


def item_name(item: int) -> str:
    """The printed name of an item."""
    return CREATURE_NAMES[item] if item < TERRAIN_ITEM else TERRAIN_NAMES[item - TERRAIN_ITEM]


class Tile(NamedTuple):
    """A double-sided tile: (creature, terrain) of its white and black faces, and its doors."""

    id: str
    faces: tuple[tuple[int, int], tuple[int, int]]
    doors: int  # bit d set: a door towards direction d at rotation 0


class Friend(NamedTuple):
    """A friend card: what it requires, how it scores, and its ability."""

    id: str
    black: bool
    friend: int
    creatures: tuple[int, int]
    terrain: int
    score: tuple[Any, ...]  # (kind, …) — see SCORE_KINDS
    ability: tuple[Any, ...]  # (kind, item or action or None)


class ComponentDataError(CoreComponentDataError):
    """Malformed Dreamwell component data; the message names the tile or card and the field."""


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath(f"data/{name}").read_text(encoding="utf-8"))
    return data


def _pick(owner: str, field: str, value: Any, allowed: tuple[str, ...]) -> int:
    if value not in allowed:
        raise ComponentDataError(f"{owner}: field {field!r} is {value!r}, expected one of {', '.join(allowed)}")
    return allowed.index(value)


def tile_from_data(data: dict[str, Any]) -> Tile:
    """One tile record, checked: faces, the pairing of its two faces, doors."""
    tile_id = str(data.get("id", "<no id>"))
    faces = []
    for side in ("white", "black"):
        face = data.get(side) or {}
        faces.append((_pick(tile_id, f"{side}.creature", face.get("creature"), CREATURES),
                      _pick(tile_id, f"{side}.terrain", face.get("terrain"), TERRAINS)))
    if faces[1] != (CREATURE_PARTNER[faces[0][0]], TERRAIN_PARTNER[faces[0][1]]):
        raise ComponentDataError(f"{tile_id}: field 'black' must show the partner creature and terrain of the white face")
    doors = 0
    for index, door in enumerate(data.get("doors") or []):
        doors |= 1 << _pick(tile_id, f"doors[{index}]", door, DIRECTIONS)
    if not doors:
        raise ComponentDataError(f"{tile_id}: field 'doors' is empty")
    return Tile(tile_id, (faces[0], faces[1]), doors)


def _score(card_id: str, raw: dict[str, Any]) -> tuple[Any, ...]:
    kind = raw.get("kind")
    _pick(card_id, "score.kind", kind, SCORE_KINDS)
    try:
        if kind in ("heart", "wild"):
            return (kind, int(raw["value"]))
        if kind == "per_friend":
            return (kind, int(raw["value"]), FRIENDS.index(raw["friend"]))
        if kind == "plus_per_terrain":
            return (kind, int(raw["base"]), int(raw["value"]), TERRAINS.index(raw["terrain"]))
        if kind == "if_count":
            return (kind, int(raw["value"]), int(raw["count"]), FRIENDS.index(raw["friend"]))
        return (kind, int(raw["value"]), FRIENDS.index(raw["friends"][0]), FRIENDS.index(raw["friends"][1]))
    except (KeyError, ValueError, TypeError, IndexError) as error:
        raise ComponentDataError(f"{card_id}: field 'score' of kind {kind} is malformed ({error})") from None


def _ability(card_id: str, raw: dict[str, Any]) -> tuple[Any, ...]:
    kind = raw.get("kind")
    _pick(card_id, "ability.kind", kind, ABILITY_KINDS)
    if kind in ("located", "move_to", "flip_any"):
        target = raw.get("target") or {}
        text = target.get("creature") or target.get("terrain")
        if text not in CREATURES and text not in TERRAINS:
            raise ComponentDataError(f"{card_id}: field 'ability.target' is {target!r}, expected a creature or terrain")
        return (kind, item_code(text))
    if kind == "each_turn_free":
        return (kind, _pick(card_id, "ability.action", raw.get("action"), ("rotate", "flip")))
    return (kind, None)


def friend_from_data(data: dict[str, Any]) -> Friend:
    """One friend card record, checked field by field."""
    card_id = str(data.get("id", "<no id>"))
    border = _pick(card_id, "border", data.get("border"), ("white", "black"))
    friend = _pick(card_id, "friend", data.get("friend"), FRIENDS)
    req = data.get("req") or {}
    creatures = req.get("creatures") or []
    if len(creatures) != 2 or creatures[0] == creatures[1]:
        raise ComponentDataError(f"{card_id}: field 'req.creatures' must name two different creatures")
    pair = (_pick(card_id, "req.creatures[0]", creatures[0], CREATURES), _pick(card_id, "req.creatures[1]", creatures[1], CREATURES))
    terrain = _pick(card_id, "req.terrain", req.get("terrain"), TERRAINS)
    return Friend(card_id, border == 1, friend, pair, terrain, _score(card_id, data.get("score") or {}), _ability(card_id, data.get("ability") or {}))


def load_tiles(data: dict[str, Any] | None = None) -> tuple[Tile, ...]:
    """The 16 tiles, checked: every (creature, terrain) combination on exactly one face (DW-R4)."""
    tiles = tuple(tile_from_data(raw) for raw in (data or _read("tiles.json"))["tiles"])
    faces = [face for tile in tiles for face in tile.faces]
    if len(tiles) != 16 or len(set(faces)) != 32:
        raise ComponentDataError("the tiles must be 16 and show each of the 32 creature/terrain combinations once")
    return tiles


def load_friends(data: dict[str, Any] | None = None) -> tuple[Friend, ...]:
    """The 87 friend cards, checked."""
    cards = tuple(friend_from_data(raw) for raw in (data or _read("friends.json"))["cards"])
    if len({card.id for card in cards}) != len(cards):
        raise ComponentDataError("two friend cards share an id")
    return cards


TILES: tuple[Tile, ...] = load_tiles()
FRIEND_CARDS: tuple[Friend, ...] = load_friends()
CARD_INDEX = {card.id: index for index, card in enumerate(FRIEND_CARDS)}
TILE_INDEX = {tile.id: index for index, tile in enumerate(TILES)}
