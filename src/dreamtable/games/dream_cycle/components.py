"""Dream Cycle's components as data (design note §3): squares, Directional and Inspiration tiles,
the 50 Dreamscape tiles, and the checks that run when they are loaded.

Squares are small integers: the seven field colours 0–6 (``G W O R P F S``), then black (doldrum),
blue (chi) and the three yellow kinds. Facings are 0–3 clockwise from north.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Mapping, NamedTuple

from ...core.contract import SetupError
from ...core.errors import ComponentDataError

FIELD_CODES = ("G", "W", "O", "R", "P", "F", "S")
FIELD_NAMES = ("Green", "White", "Orange", "Red", "Purple", "Fuchsia", "Silver")
SPECIAL_CODES = ("BK", "BL", "YI", "YD", "YR")
SPECIAL_NAMES = ("black", "blue", "Inspiration Bonus", "Psychic Drain", "Reverie")
SQUARE_CODES = FIELD_CODES + SPECIAL_CODES
SQUARE_NAMES = FIELD_NAMES + SPECIAL_NAMES
BLACK, BLUE, INSPIRE, DRAIN, REVERIE = range(7, 12)
FIELDS = 7

# DC-R9: the colours a field may take (option ``field_colours``). A colour is a small integer: the
# seven of the default, 0–6, are also the square kinds of the Dreamscape's plain squares; Yellow
# and Blue, 7 and 8, are fields only in the note's alternative, where the yellow and blue squares
# are theirs and leaving one follows its field (``special_exit = "fields"``, DC-R10). A game's
# seven field colours fill seven slots (``fields[seat][slot]``): a default colour keeps its own
# slot and Yellow and Blue take the slots of the default colours left out (:func:`field_slots`).
COLOUR_CODES = FIELD_CODES + ("Y", "BL")
COLOUR_NAMES = FIELD_NAMES + ("Yellow", "Blue")
COLOURS = len(COLOUR_CODES)
YELLOW_FIELD, BLUE_FIELD = 7, 8
ALTERNATIVE_FIELD_COLOURS = ("G", "W", "O", "Y", "BL", "R", "P")
"""The design note's alternative fields (DC-R9), played with ``special_exit = "fields"``."""
EXITS = ("die", "fields")
"""DC-R10: leaving a blue or yellow square rolls the die, or follows the Blue or Yellow field."""
PHASES, TILES_PER_PHASE, TILES_PER_ROW = 5, 10, 3  # the Dreamscape's 50 tiles, laid in rows of three
MAX_PLAYERS = 5  # five Interpretation tiles and five bicycle tokens

BOOSTS = (2, 3)  # DC-R24: the chi a boost may put on a field, and the spaces each use then rides

FACINGS = "NESW"
FACING_NAMES = ("north", "east", "south", "west")
STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (dx, dy) per facing

# Directional types (DC-R17): code, name, and how it turns a facing (None: the mover picks).
DIRECTIONAL_CODES = ("F", "L", "R", "B", "N", "E", "W", "S", "U")
DIRECTIONAL_NAMES = ("Forward", "Left", "Right", "Back", "North", "East", "West", "South", "Lucidity")
LUCIDITY = 8
TYPES = len(DIRECTIONAL_CODES)


def _turned(kind: int, facing: int) -> tuple[int, ...]:
    if kind <= 3:
        return ((facing + (0, 3, 1, 2)[kind]) % 4,)
    if kind < LUCIDITY:
        return (FACINGS.index("NEWS"[kind - 4]),)
    return (0, 1, 2, 3)


TURNED = tuple(tuple(_turned(kind, facing) for facing in range(4)) for kind in range(TYPES))
"""``TURNED[kind][facing]``: :func:`turned`, worked out once (each step of a movement reads it)."""


def turned(kind: int, facing: int) -> tuple[int, ...]:
    """The facings a Directional tile of ``kind`` allows from ``facing`` (DC-R29)."""
    return TURNED[kind][facing]


def field_colour_table(codes: Any) -> tuple[int, ...]:
    """The ``field_colours`` option as seven colours (DC-R9); ``SetupError`` says what it takes."""
    if (not isinstance(codes, (list, tuple)) or len(codes) != FIELDS or any(not isinstance(c, str) or c not in COLOUR_CODES for c in codes)
            or len(set(codes)) != FIELDS):
        raise SetupError(f"field_colours needs {FIELDS} different colour codes of {' '.join(COLOUR_CODES)} "
                         f"(default {list(FIELD_CODES)}; the note's alternative {list(ALTERNATIVE_FIELD_COLOURS)} "
                         f"with special_exit=fields), not {codes!r} (DC-R9)")
    return tuple(COLOUR_CODES.index(c) for c in codes)


def field_slots(colours: tuple[int, ...]) -> tuple[int, ...]:
    """The slot of each colour (−1 for a colour that is not a field), for a game's seven field colours:
    a default colour keeps its own slot; Yellow and Blue take, in order, the slots of the default
    colours left out. So the slots of the default game are its colours, as before the option."""
    slot = [-1] * COLOURS
    for c in colours:
        if c < FIELDS:
            slot[c] = c
    free = iter(s for s in range(FIELDS) if s not in colours)
    for c in colours:
        if c >= FIELDS:
            slot[c] = next(free)
    return tuple(slot)


def plain_colours(colours: tuple[int, ...]) -> tuple[int, ...]:
    """The field colours the Dreamscape's plain squares show: all but Yellow and Blue, whose squares
    are the special ones (§3.2), in the order of the square kinds."""
    return tuple(sorted(c for c in colours if c < FIELDS))


# Inspiration tiles (§3.3); the order is also DC-R49's turn-in order for forced payments.
INSPIRATION_CODES = ("wind", "zip", "rein", "ward", "wake", "power")
INSPIRATION_NAMES = ("Second Wind", "Zip", "Reinterpretation", "Ward", "Wake Gently", "Power")
WIND, ZIP, REIN, WARD, WAKE, POWER = range(6)


class DreamscapeDataError(ComponentDataError):
    """Dreamscape tiles that break the design note's rules (§3.2), or a malformed tiles file; the
    message names the tile."""


class TileType(NamedTuple):
    """One Directional type: how many exist, its price and its resale value."""

    total: int
    buy: int
    sell: int


def _data(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8"))


DEFAULTS: dict[str, Any] = _data("components.json")
"""The default tables of the design note: ``directional_tiles``, ``inspiration_tiles``,
``square_mix``, ``dreamscape_seed``, ``min_field_colours``, ``max_specials``."""


TABLE_MOST = 999
"""The most tiles of a kind, or chi in a price, a table option may name: a few times the box's
numbers, and small enough that a hidden pool of them stays cheap to deal (``determinize``)."""


def _count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= TABLE_MOST


def directional_table(table: Any) -> tuple[TileType, ...]:
    """The ``directional_tiles`` option as one :class:`TileType` per code; ``SetupError`` names a bad entry."""
    if not isinstance(table, Mapping) or set(table) != set(DIRECTIONAL_CODES):
        raise SetupError(f"directional_tiles needs exactly the types {', '.join(DIRECTIONAL_CODES)}, each "
                         '{"count": N, "buy": N, "sell": N} (DC-R17)')
    types = []
    for code in DIRECTIONAL_CODES:
        entry = table[code]
        if not isinstance(entry, Mapping) or set(entry) != {"count", "buy", "sell"} or not all(_count(entry[k]) for k in entry):
            raise SetupError(f"directional_tiles[{code}] needs count, buy and sell, whole numbers 0–{TABLE_MOST}, not {entry!r} (DC-R17)")
        kind = TileType(entry["count"], entry["buy"], entry["sell"])
        if kind.sell > kind.buy:
            raise SetupError(f"directional_tiles[{code}]: the resale ({kind.sell}) is at most the price ({kind.buy}) (DC-R17)")
        types.append(kind)
    return tuple(types)


def inspiration_table(table: Any) -> tuple[int, ...]:
    """The ``inspiration_tiles`` option as a count per Inspiration kind."""
    if not isinstance(table, Mapping) or set(table) != set(INSPIRATION_CODES):
        raise SetupError(f"inspiration_tiles needs exactly the kinds {', '.join(INSPIRATION_CODES)}")
    counts = tuple(table[code] for code in INSPIRATION_CODES)
    if not all(_count(c) for c in counts):
        raise SetupError(f"inspiration_tiles: every count must be a whole number 0–{TABLE_MOST}, not {dict(table)}")
    return counts


def square_mix_table(mix: Any) -> dict[str, dict[str, int]]:
    """The ``square_mix`` option checked: for each Phase "1"–"5", a count per special square kind
    (``BK BL YI YD YR``), at most the 90 squares of the Phase's ten tiles (§3.2)."""
    phases = [str(phase) for phase in range(1, PHASES + 1)]
    shape = f'{{"1": {{"BK": 0, "BL": 2, "YI": 3, "YD": 0, "YR": 5}}, … "{PHASES}": {{…}}}}'
    if not isinstance(mix, Mapping) or set(mix) != set(phases):
        raise SetupError(f"square_mix needs the Phases {', '.join(phases)}, each with a count per special square "
                         f"{' '.join(SPECIAL_CODES)}, as in {shape}; not {mix!r} (§3.2)")
    squares = TILES_PER_PHASE * 9
    for phase in phases:
        wanted = mix[phase]
        if (not isinstance(wanted, Mapping) or set(wanted) != set(SPECIAL_CODES)
                or not all(type(n) is int and n >= 0 for n in wanted.values()) or sum(wanted.values()) > squares):
            raise SetupError(f"square_mix[{phase}] needs a whole number ≥ 0 for each of {' '.join(SPECIAL_CODES)}, "
                             f"{squares} in all at most, not {wanted!r} (§3.2)")
    return {phase: {code: mix[phase][code] for code in SPECIAL_CODES} for phase in phases}


class Dreamscape(NamedTuple):
    """The 50 Dreamscape tiles: per Phase 1–5, ten tiles of nine squares (north row first)."""

    tiles: tuple[tuple[tuple[int, ...], ...], ...]  # tiles[phase - 1][i] = 9 squares

    def tile_id(self, phase: int, index: int) -> str:
        return f"P{phase}-{index + 1:02d}"


DEFAULT_PLAIN = tuple(range(FIELDS))
"""The plain squares' colours of the default fields: all seven."""


def check_dreamscape(tiles: Any, mix: Mapping[str, Any], min_field_colours: int, max_specials: int,
                     plain: tuple[int, ...] = DEFAULT_PLAIN) -> None:
    """Raise ``DreamscapeDataError`` naming the tile when the 50 tiles break the design note's rules (§3.2)."""
    if len(tiles) != PHASES:
        raise DreamscapeDataError(f"the Dreamscape needs tiles for {PHASES} Phases, not {len(tiles)}")
    for phase, phase_tiles in enumerate(tiles, 1):
        check_phase(phase, phase_tiles, mix[str(phase)], min_field_colours, max_specials, plain)


def check_phase(phase: int, tiles: Any, wanted: Mapping[str, int], min_field_colours: int, max_specials: int,
                plain: tuple[int, ...] = DEFAULT_PLAIN) -> None:
    """One Phase's ten tiles: its square mix, enough colours, few specials, no black squares touching;
    plain squares only of the ``plain`` colours, spread evenly over them (DC-R9)."""
    if len(tiles) != TILES_PER_PHASE:
        raise DreamscapeDataError(f"Phase {phase} needs {TILES_PER_PHASE} tiles, not {len(tiles)}")
    counts = [0] * len(SQUARE_CODES)
    for index, squares in enumerate(tiles):
        name = f"P{phase}-{index + 1:02d}"
        if len(squares) != 9 or any(not isinstance(s, int) or not 0 <= s < len(SQUARE_CODES) for s in squares):
            raise DreamscapeDataError(f"tile {name} must have 9 squares of the known kinds")
        if any(s < FIELDS and s not in plain for s in squares):
            raise DreamscapeDataError(f"tile {name} has a square of a colour that is not a field "
                                      f"({' '.join(FIELD_CODES[c] for c in plain)} are)")
        for s in squares:
            counts[s] += 1
        if len({s for s in squares if s < FIELDS}) < min_field_colours:
            raise DreamscapeDataError(f"tile {name} has fewer than {min_field_colours} field colours")
        if sum(1 for s in squares if s >= FIELDS) > max_specials:
            raise DreamscapeDataError(f"tile {name} has more than {max_specials} special squares")
        for i, s in enumerate(squares):
            if s == BLACK and ((i % 3 < 2 and squares[i + 1] == BLACK) or (i < 6 and squares[i + 3] == BLACK)):
                raise DreamscapeDataError(f"tile {name} has two black squares sharing an edge")
    for code, kind in zip(SPECIAL_CODES, range(FIELDS, len(SQUARE_CODES))):
        if counts[kind] != wanted[code]:
            raise DreamscapeDataError(f"Phase {phase} has {counts[kind]} {code} squares; its mix asks for {wanted[code]}")
    fields = [counts[c] for c in plain]
    if max(fields) - min(fields) > 2:
        raise DreamscapeDataError(f"Phase {phase} spreads its field colours unevenly: {fields}")


DEAL_ATTEMPTS = 2_000
"""Deals a Phase may take before its mix and limits are refused as unsatisfiable. Every mix with
``min_field_colours`` up to 5 met over 30 seeds was dealt in at most 1,261 deals for all five Phases
together; 6 and 7 are never met with the shipped mix, and a refusal is paid by whoever starts the
game (a server's event loop when a stranger creates a table): 10,000 deals took a second."""


def generate_dreamscape(seed: int, mix: Mapping[str, Any], min_field_colours: int, max_specials: int,
                        plain: tuple[int, ...] = DEFAULT_PLAIN) -> Dreamscape:
    """Deal the squares of each Phase's mix over its ten tiles, from ``seed``, until the rules hold;
    plain squares in the ``plain`` colours (DC-R9). With the default colours this deals exactly as it
    did before ``field_colours`` existed, so the shipped tiles stay what they were."""
    from ...core.rng import Rng

    rng = Rng(seed)
    phases = []
    for phase in range(1, PHASES + 1):
        wanted = mix[str(phase)]
        specials = [kind for code, kind in zip(SPECIAL_CODES, range(FIELDS, 12)) for _ in range(wanted[code])]
        if len(specials) > TILES_PER_PHASE * max_specials:
            raise SetupError(f"Phase {phase}'s mix has more special squares than {max_specials} per tile allows")
        coloured = [plain[i % len(plain)] for i in range(90 - len(specials))]  # evenly spread colours
        for _attempt in range(DEAL_ATTEMPTS):
            squares = specials + coloured
            rng.shuffle(squares)
            tiles = tuple(tuple(squares[i * 9:(i + 1) * 9]) for i in range(TILES_PER_PHASE))
            try:
                check_phase(phase, tiles, wanted, min_field_colours, max_specials, plain)
            except DreamscapeDataError:
                continue
            break
        else:
            raise SetupError(f"no Dreamscape tiles for Phase {phase} satisfy the mix and the limits "
                             f"(min_field_colours={min_field_colours}, max_specials={max_specials}) in "
                             f"{DEAL_ATTEMPTS} deals: lower min_field_colours or raise max_specials")
        phases.append(tiles)
    return Dreamscape(tuple(phases))


def dreamscape_to_json(scape: Dreamscape) -> list[dict[str, Any]]:
    """The tiles in the data format of §3.5 (rows north to south, squares west to east)."""
    return [
        {"id": scape.tile_id(phase, i), "phase": phase,
         "squares": [[SQUARE_CODES[s] for s in squares[r * 3:r * 3 + 3]] for r in range(3)]}
        for phase, tiles in enumerate(scape.tiles, 1) for i, squares in enumerate(tiles)
    ]


def dreamscape_from_json(items: Any) -> Dreamscape:
    """Read the tiles file; ``DreamscapeDataError`` names the entry that is malformed."""
    phases: list[list[tuple[int, ...]]] = [[] for _ in range(PHASES)]
    for entry in items:
        try:
            phase = int(entry["phase"])
            squares = tuple(SQUARE_CODES.index(code) for row in entry["squares"] for code in row)
            phases[phase - 1].append(squares)
        except (KeyError, TypeError, ValueError, IndexError):
            raise DreamscapeDataError(f"Dreamscape tile {entry!r} is malformed: it needs a phase 1–5 and 3×3 square codes") from None
    return Dreamscape(tuple(tuple(tiles) for tiles in phases))


_SHIPPED: Dreamscape | None = None
_GENERATION_KEYS = ("square_mix", "dreamscape_seed", "min_field_colours", "max_specials")
_SHIPPED_ARGS = json.dumps([DEFAULTS[key] for key in _GENERATION_KEYS], sort_keys=True)
"""The options the shipped tiles were made for, as text taken at import: a caller that edits
``DEFAULTS`` (or an option default it was handed) cannot make other tiles pass for the shipped ones."""


_GENERATED: dict[str, Dreamscape] = {}
"""Tiles generated for other options, by the options that made them (a simulation of many games
with one alternative deals its tiles once)."""


def load_dreamscape(options: Mapping[str, Any]) -> Dreamscape:
    """The shipped tiles for the default mix and fields (checked once), or tiles generated for other
    options: plain squares only of the fields' plain colours (DC-R9, §3.2)."""
    global _SHIPPED
    args = [options.get(key, DEFAULTS[key]) for key in _GENERATION_KEYS]
    plain = plain_colours(field_colour_table(options.get("field_colours", list(FIELD_CODES))))
    if json.dumps(args, sort_keys=True) != _SHIPPED_ARGS or plain != DEFAULT_PLAIN:
        key = json.dumps([args, plain], sort_keys=True)
        scape = _GENERATED.get(key)
        if scape is None:
            scape = generate_dreamscape(args[1], square_mix_table(args[0]), args[2], args[3], plain)
            if len(_GENERATED) >= 64:
                _GENERATED.clear()
            _GENERATED[key] = scape
        return scape
    if _SHIPPED is None:
        scape = dreamscape_from_json(_data("tiles.json"))
        shipped = json.loads(_SHIPPED_ARGS)
        check_dreamscape(scape.tiles, shipped[0], shipped[2], shipped[3])
        _SHIPPED = scape
    return _SHIPPED


if __name__ == "__main__":  # regenerate the shipped tiles: python -m dreamtable.games.dream_cycle.components
    from pathlib import Path

    scape = generate_dreamscape(DEFAULTS["dreamscape_seed"], DEFAULTS["square_mix"], DEFAULTS["min_field_colours"], DEFAULTS["max_specials"])
    target = Path(__file__).parent / "data" / "tiles.json"
    lines = ",\n".join(" " + json.dumps(entry) for entry in dreamscape_to_json(scape))
    target.write_text("[\n" + lines + "\n]\n", encoding="utf-8")
    print(f"wrote {target}")
