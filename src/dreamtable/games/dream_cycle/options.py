"""Dream Cycle's rule options (``-o name=value``) and the checks a match's options must pass.

The core checks each option's type against its default and each number against its range
(``Option.minimum``–``maximum``); :func:`check_options` checks what neither says (the shape of the
tables, what depends on another option) and raises ``SetupError`` saying what is
expected, so a malformed option never reaches the rules as a ``KeyError`` from ``new``, ``replay``
or ``play -o``.

No default here is shared with the module's other data: each is its own deep copy of the design
note's tables, and ``GameInfo`` hands them to the core, which copies them again into every match.
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

from ...core.contract import Option, SetupError, seat_from_name, seat_name
from .components import (
    ALTERNATIVE_FIELD_COLOURS,
    BLUE_FIELD,
    COLOUR_CODES,
    DEFAULTS,
    EXITS,
    FACINGS,
    FIELD_CODES,
    MAX_PLAYERS,
    YELLOW_FIELD,
    directional_table,
    field_colour_table,
    inspiration_table,
    plain_colours,
    square_mix_table,
)
from .notation import MAX_DIGITS
from .rules import ROWS

LARGEST = 10 ** MAX_DIGITS - 1
"""The largest number an option may hold: the notation writes plans and chi with at most
:data:`~.notation.MAX_DIGITS` digits, and a timer's seconds must fit in a float."""


def _default(key: str) -> Any:
    return copy.deepcopy(DEFAULTS[key])


SQUARES_PER_TILE = 9
SEED_MAX = 2 ** 31 - 1
"""The largest Dreamscape seed (a seed is a whole number from 0, as a match's seed)."""

# Every number has its range (Option.minimum, Option.maximum: the core refuses any other with OptionError);
# check_options checks what a range cannot say (a table's shape, what depends on another option).
OPTIONS = (
    Option("first_player", "random", "the starting player (DC-R2): 'random' from the seed, or a seat letter",
           ("random", *(seat_name(seat) for seat in range(MAX_PLAYERS)))),
    Option("start_facing", "N", "the facing of every token at the start (DC-R3) [proposed]", tuple(FACINGS)),
    Option("staircase_offsets", [0, 1, 2, 3, 4, 4, 3, 2, 1, 0], "each row's offset east in whole tiles (DC-R4) [proposed]"),
    Option("field_colours", list(FIELD_CODES), "the seven fields' colours, codes of G W O R P F S Y BL (DC-R9); the note's "
           f"alternative is {list(ALTERNATIVE_FIELD_COLOURS)} with special_exit=fields"),
    Option("special_exit", "die", "leaving a blue or yellow square: 'die' rolls for a field colour; 'fields' follows "
           "the Blue or Yellow field, which field_colours must then name (DC-R10) [proposed]", EXITS),
    Option("die_faces", list(FIELD_CODES), "the die's faces, field colour codes (DC-R11) [proposed]"),
    Option("special_once_per_turn", True, "a blue or yellow square affects a token at most once a turn (DC-R13) [proposed]"),
    Option("blue_chi", 1, "chi a blue square gives (DC-R14) [proposed]", minimum=0, maximum=20),
    Option("drain_chi", 2, "chi a Psychic Drain costs (DC-R15) [proposed]", minimum=0, maximum=20),
    Option("inspiration_draw", 1, "Inspiration tiles drawn on an Inspiration Bonus square (DC-R16) [proposed]", minimum=0, maximum=10),
    Option("directional_tiles", _default("directional_tiles"), "count, buy and sell price per Directional type (DC-R17) [proposed]"),
    Option("chi_supply", 65, "chi counters in the supply (DC-R18)", minimum=0, maximum=1_000),
    Option("trade_during_movement", True, "others may trade and reposition while a mover waits for an answer (DC-R27) [proposed]"),
    Option("step_cap", 500, "arrivals in one Movement Phase treated as an endless loop (DC-R33) [proposed]", minimum=1, maximum=100_000),
    Option("conflict_toll", 1, "chi a weaker party pays the mover in a conflict; 0 for none (DC-R39) [proposed]", minimum=0, maximum=20),
    Option("power_public", True, "everyone sees how many Power tiles each player holds (DC-R43) [proposed]"),
    Option("buying_timer_seconds", 0, "the sand-timer variant: seconds per Buying Phase, 0 for off (DC-R47)", minimum=0, maximum=3_600),
    Option("inspiration_tiles", _default("inspiration_tiles"), "count per Inspiration kind (DC-R41, §3.3) [proposed]"),
    Option("square_mix", _default("square_mix"), "special squares per Phase (§3.2) [proposed]; other values regenerate the tiles"),
    Option("dreamscape_seed", DEFAULTS["dreamscape_seed"], "the seed the 50 Dreamscape tiles are generated from (§3.2)", minimum=0, maximum=SEED_MAX),
    Option("min_field_colours", DEFAULTS["min_field_colours"], "field colours every tile has at least (§3.2) [proposed]", minimum=0, maximum=7),
    Option("max_specials", DEFAULTS["max_specials"], "special squares a tile has at most (§3.2) [proposed]", minimum=0, maximum=SQUARES_PER_TILE),
    Option("round_limit", 100, "rounds after which the furthest-north token wins; 0 for none [ours: bounds bot and random games]", minimum=0, maximum=10_000),
    Option("stretch_limit", 200, "moves a player may make in one Buying Phase, or in one rearranging after a Reinterpretation, "
           "before only ending it is allowed; 0 for none [ours: bounds bot games]", minimum=0, maximum=10_000),
)


def check_options(players: int, options: Mapping[str, Any]) -> None:
    """``SetupError`` naming the option and what it takes, for anything the rules cannot use."""
    first = options["first_player"]
    if first != "random" and seat_from_name(first) >= players:
        raise SetupError(f"first_player={first}, but a {players}-player game has seats A–{seat_name(players - 1)}")
    offsets = options["staircase_offsets"]
    if len(offsets) != ROWS or any(not _whole(o, -LARGEST, LARGEST) for o in offsets):
        raise SetupError(f"staircase_offsets needs ten whole numbers, one per row (DC-R4), not {offsets!r}")
    if any(abs(a - b) > 2 for a, b in zip(offsets, offsets[1:])):
        raise SetupError("staircase_offsets: neighbouring rows must overlap (offsets differing by at most 2 tiles)")
    colours = field_colour_table(options["field_colours"])
    if options["special_exit"] == "fields" and not {YELLOW_FIELD, BLUE_FIELD} <= set(colours):
        raise SetupError(f"special_exit=fields follows the Yellow and Blue fields, so field_colours must name Y and BL "
                         f"(the note's alternative: {list(ALTERNATIVE_FIELD_COLOURS)}), not {options['field_colours']!r} (DC-R9, DC-R10)")
    # The die's faces are field colours of this game (DC-R11). Under special_exit=fields the die is never rolled, so
    # its faces need only be colour codes: the note's alternative is played without touching die_faces.
    fields = [COLOUR_CODES[c] for c in colours] if options["special_exit"] == "die" else list(COLOUR_CODES)
    faces = options["die_faces"]
    if not faces or any(not isinstance(f, str) or f not in fields for f in faces):
        raise SetupError(f"die_faces must be one or more field colour codes ({' '.join(fields)}), not {faces!r} (DC-R11)")
    plain = len(plain_colours(colours))
    if not _whole(options["min_field_colours"], 0, plain):
        raise SetupError(f"min_field_colours must be 0–{plain} (the field colours a tile can show), "
                         f"not {options['min_field_colours']!r} (§3.2)")
    if not _whole(options["max_specials"], 0, SQUARES_PER_TILE):
        raise SetupError(f"max_specials must be 0–{SQUARES_PER_TILE} (the squares of a tile), not {options['max_specials']!r} (§3.2)")
    directional_table(options["directional_tiles"])
    inspiration_table(options["inspiration_tiles"])
    square_mix_table(options["square_mix"])


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


__all__ = ["LARGEST", "OPTIONS", "check_options"]
