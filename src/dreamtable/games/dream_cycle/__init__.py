"""Dream Cycle (game id ``dream-cycle``), 2–5 players: a race north across the Dreamscape.

Reference page (the rules in our own words are in ``docs/rules/dream-cycle.md``).

**Goal.** Ride your bicycle token off the far (north) edge of the Dreamscape after all ten rows
are laid, or be the last dreamer left. You never move the token yourself: you buy Directional
tiles and put them on the seven colour fields of your Interpretation tile, and the Movement Phase
follows them square by square.

**Actions** (see :mod:`.notation`): ``start 5``; in your Buying Phase ``buy N``, ``sell N``,
``place N G``, ``unplace N G``, ``boost G 2``, ``aim E``, ``plan row 5``, ``offer B N for 2c``,
``accept B``, ``cash zip``, ``end``; when the movement asks, ``go E``, ``ride``, ``brake``,
``push``/``pass``/``block``, ``zip``, ``reinterpret`` … ``done``, ``stop``. ``legal_actions`` lists
every move, and of those with free parameters (offers, brake plans, keeps) a few simple ones;
``state.action_forms(seat)`` describes the rest with their bounds, and ``apply`` accepts exactly
what the two offer.

**View.** ``state.view(seat)`` is the core's envelope; the board (``view["board"]``, described by
``view.schema.json`` beside this file) holds ``rows`` (the visible Dreamscape, square codes north
row first), ``seats`` (per seat: token, chi, hand, fields, boosts, Inspiration tiles — a count for
others — Power, and the brake plan and keeps for the seat only), ``stock``, ``prices``,
``chi_supply``, ``offers``, ``pending`` (the question a movement waits on), ``on_turn``,
``first_player``, ``rows_laid``/``rows_left``. Seats are ints throughout.

**Events** are ``Event(kind, actor, fields)`` with ints and codes; :mod:`.events` lists every kind
and its fields, and holds the sentences (``DreamCycle.sentences``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from ...core.contract import Game, GameInfo, Option, SetupError, State, seat_from_name, seat_name
from ...core.errors import NotationError
from ...core.sentences import Sentence
from .components import DEFAULTS, FACINGS, FIELD_CODES, MAX_PLAYERS
from .events import SENTENCES
from .notation import CycleMove, parse_move
from .rules import CycleState

OPTIONS = (
    Option("first_player", "random", "the starting player (DC-R2): 'random' from the seed, or a seat letter",
           ("random", *(seat_name(seat) for seat in range(MAX_PLAYERS)))),
    Option("start_facing", "N", "the facing of every token at the start (DC-R3) [proposed]", tuple(FACINGS)),
    Option("staircase_offsets", [0, 1, 2, 3, 4, 4, 3, 2, 1, 0], "each row's offset east in whole tiles (DC-R4) [proposed]"),
    Option("die_faces", list(FIELD_CODES), "the die's faces, field colour codes (DC-R11) [proposed]"),
    Option("special_once_per_turn", True, "a blue or yellow square affects a token at most once a turn (DC-R13) [proposed]"),
    Option("blue_chi", 1, "chi a blue square gives (DC-R14) [proposed]"),
    Option("drain_chi", 2, "chi a Psychic Drain costs (DC-R15) [proposed]"),
    Option("inspiration_draw", 1, "Inspiration tiles drawn on an Inspiration Bonus square (DC-R16) [proposed]"),
    Option("directional_tiles", DEFAULTS["directional_tiles"], "count, buy and sell price per Directional type (DC-R17) [proposed]"),
    Option("chi_supply", 65, "chi counters in the supply (DC-R18)"),
    Option("trade_during_movement", True, "others may trade and reposition while a mover waits for an answer (DC-R27) [proposed]"),
    Option("step_cap", 500, "arrivals in one Movement Phase treated as an endless loop (DC-R33) [proposed]"),
    Option("conflict_toll", 1, "chi a weaker party pays the mover in a conflict; 0 for none (DC-R39) [proposed]"),
    Option("power_public", True, "everyone sees how many Power tiles each player holds (DC-R43) [proposed]"),
    Option("buying_timer_seconds", 0, "the sand-timer variant: seconds per Buying Phase, 0 for off (DC-R47)"),
    Option("inspiration_tiles", DEFAULTS["inspiration_tiles"], "count per Inspiration kind (DC-R41, §3.3) [proposed]"),
    Option("square_mix", DEFAULTS["square_mix"], "special squares per Phase (§3.2) [proposed]; other values regenerate the tiles"),
    Option("dreamscape_seed", DEFAULTS["dreamscape_seed"], "the seed the 50 Dreamscape tiles are generated from (§3.2)"),
    Option("min_field_colours", DEFAULTS["min_field_colours"], "field colours every tile has at least (§3.2) [proposed]"),
    Option("max_specials", DEFAULTS["max_specials"], "special squares a tile has at most (§3.2) [proposed]"),
    Option("round_limit", 100, "rounds after which the furthest-north token wins; 0 for none [ours: bounds bot and random games]"),
)


class DreamCycle(Game[CycleMove]):
    """The game object: ``dreamtable.load("dream-cycle")``."""

    # Version 2: the sand timer's option is buying_timer_seconds (was buying_timer_s); the rules are unchanged.
    info = GameInfo("dream-cycle", "Dream Cycle", 2, MAX_PLAYERS, OPTIONS, version=2)
    sentences: ClassVar[Mapping[str, Sentence]] = SENTENCES

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> CycleState:
        first = options["first_player"]
        if first != "random" and seat_from_name(first) >= players:
            raise SetupError(f"first_player={first}, but a {players}-player game has seats A–{seat_name(players - 1)}")
        offsets = options["staircase_offsets"]
        if len(offsets) != 10 or any(not isinstance(o, int) for o in offsets):
            raise SetupError("staircase_offsets needs ten whole numbers, one per row (DC-R4)")
        if any(abs(a - b) > 2 for a, b in zip(offsets, offsets[1:])):
            raise SetupError("staircase_offsets: neighbouring rows must overlap (offsets differing by at most 2 tiles)")
        faces = options["die_faces"]
        if not faces or any(f not in FIELD_CODES for f in faces):
            raise SetupError(f"die_faces must be field colour codes ({' '.join(FIELD_CODES)}), not {faces!r} (DC-R11)")
        for name in ("blue_chi", "drain_chi", "inspiration_draw", "chi_supply", "conflict_toll", "buying_timer_seconds", "round_limit"):
            if options[name] < 0:
                raise SetupError(f"{name} must be 0 or more")
        if options["step_cap"] < 1:
            raise SetupError("step_cap must be at least 1 (DC-R33)")
        return CycleState.setup(self, players, seed, options)

    def parse_action(self, state: State[CycleMove], seat: int, text: str) -> CycleMove:
        """The action ``text`` names (see :mod:`.notation`)."""
        if not isinstance(state, CycleState):
            raise NotationError("this state is not a Dream Cycle match")
        return parse_move(text)

    def evaluate(self, state: State[CycleMove], seat: int) -> float | None:
        """Northward progress plus a simulation of the next Movement Phase; see :mod:`.evaluation`."""
        from .evaluation import evaluate

        assert isinstance(state, CycleState)
        return evaluate(state, seat)

    def render(self, view: dict[str, Any]) -> Any:
        """The Dreamscape with tokens, every Interpretation tile and the chi (see :mod:`.render`)."""
        from .render import render

        return render(view)

    def describe(self, view: dict[str, Any], action: Any) -> str:
        """The action in words."""
        from .render import describe

        return describe(view, action)

    def metrics(self, state: State[CycleMove]) -> dict[str, Any]:
        """Who started, rows laid, the row each seat reached, and who was eliminated."""
        assert isinstance(state, CycleState) and state.outcome is not None
        details = state.outcome.details
        return {"first_player": state.first_player, "rounds": state.round, "rows_laid": state.rows_laid,
                "row_reached": [d["row"] or 0 for d in details], "eliminated": [0 if d["alive"] else 1 for d in details]}


GAME = DreamCycle()
