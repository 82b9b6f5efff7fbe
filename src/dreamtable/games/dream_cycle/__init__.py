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
and its fields; :mod:`.wording` chooses their words from the catalogues.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, ClassVar, Mapping

from ...core.contract import Game, GameInfo, State
from ...core.words import Message, Words
from ...core.errors import NotationError
from . import evaluation  # imported once here: an import statement per call costs search a microsecond a leaf
from .components import MAX_PLAYERS
from .events import EVENT_FIELDS, EVENT_RULES
from .notation import CycleMove, parse_move
from .options import OPTIONS, check_options
from .prompts import PROMPT_FIELDS
from .rule_witnesses import WITNESSES
from .rules import CycleState
from .wording import SENTENCE_FIELDS, message, prompt_message


class DreamCycle(Game[CycleMove]):
    """The game object: ``dreamtable.load("dream-cycle")``."""

    # Version 2: the sand timer's option is buying_timer_seconds (was buying_timer_s); the rules are unchanged.
    # Version 3: the sand timer of turn N is named buying-N (was buying for every turn); a blocked mover
    # holding any Inspiration tile is asked (was: only one holding a Zip); an offer giving an Inspiration tile
    # lapses when its giver gives one up. Records of version 2 may not replay.
    info = GameInfo("dream-cycle", "Dream Cycle", 2, MAX_PLAYERS, OPTIONS, version=3)
    encoding_module = f"{__name__}.encoding"  # action ids and observation tensors (see .encoding)
    study_plan_module = f"{__name__}.study_plan"  # what dreamtable study plays (see .study_plan)
    event_fields: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_FIELDS  # what each event kind carries (see .events)
    sentence_fields: ClassVar[Mapping[str, tuple[str, ...]]] = SENTENCE_FIELDS  # what the messages work out (see .wording)
    event_rules: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_RULES  # the rule IDs each event kind shows applied
    rule_witnesses: ClassVar[Mapping[str, Callable[[Any], bool]]] = WITNESSES  # rules no event tells apart (see .rule_witnesses)
    # Rules no move applies, each with the test that checks it instead: a name, a layout, what a seat sees.
    rules_without_behaviour: ClassVar[Mapping[str, str]] = {
        "DC-R1": "test_DC_R1_the_phases_are_called_buying_and_movement",
        "DC-R4": "test_DC_R4_the_staircase_offsets_are_an_option",
        "DC-R9": "test_DC_R9_the_seven_fields",
        "DC-R43": "test_DC_R43_inspiration_tiles_are_counts_for_others_but_power_is_public",
    }
    prompt_fields: ClassVar[Mapping[str, tuple[str, ...]]] = PROMPT_FIELDS  # what each question carries (see .prompts)
    # Most moves of a Buying Phase are worth nearly the same and a few (undoing one's own) far less:
    # the common easy temperature (1.0) played about as well as random (47.5% of 20 games; 0.5: 60%;
    # 0.25: 85%, and greedy still won all 20; docs/bots.md).
    easy_temperature: ClassVar[float | None] = 0.25
    # A Buying Phase is five to fifteen actions out of about thirty each, most of them churn: ISMCTS
    # searches the five best of a node by one-ply value (docs/bots.md).
    search_prune = 5
    # Those five differ by thousandths, so at the usual exploration constant (0.2) a search spread its visits
    # evenly over them; at 0.03 it reads the best of them deep, and the next decision of the same phase starts
    # from the subtree under the action chosen (docs/bots.md).
    search_exploration = 0.03
    search_keeps_tree = True

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> CycleState:
        check_options(players, options)
        # The match keeps its own copy of every table: nothing it holds is the caller's or a default.
        options = copy.deepcopy(options)
        return CycleState.setup(self, players, seed, options)

    def _parse_action(self, state: State[CycleMove], seat: int, text: str) -> CycleMove:
        """The action ``text`` names (see :mod:`.notation`)."""
        if not isinstance(state, CycleState):
            raise NotationError("this state is not a Dream Cycle match")
        return parse_move(text)

    def evaluate(self, state: State[CycleMove], seat: int) -> float | None:
        """Northward progress plus a simulation of the next Movement Phase; see :mod:`.evaluation`."""
        assert isinstance(state, CycleState)
        return evaluation.evaluate(state, seat)

    def evaluate_all(self, state: State[CycleMove]) -> list[float] | None:
        """Every seat's value in one pass, each estimate worked out once; see :mod:`.evaluation`."""
        assert isinstance(state, CycleState)
        return evaluation.evaluate_all(state)

    def message(self, event: Mapping[str, Any]) -> Message:
        """The key and the parts that word an event (see :mod:`.wording`)."""
        return message(event)

    def prompt_message(self, ask: Mapping[str, Any]) -> Message:
        """The key and the parts that word a question (see :mod:`.wording`)."""
        return prompt_message(ask)

    def render(self, view: dict[str, Any], words: Words | None = None) -> Any:
        """The Dreamscape with tokens, every Interpretation tile and the chi (see :mod:`.render`)."""
        from .render import render

        return render(view, words or self.words())

    def describe(self, view: dict[str, Any], action: Any, words: Words | None = None) -> str:
        """The action in words."""
        from .render import describe

        return describe(view, action, words or self.words())

    def metrics(self, state: State[CycleMove]) -> dict[str, Any]:
        """Who started, rows laid, the row each seat reached, and who was eliminated."""
        assert isinstance(state, CycleState) and state.outcome is not None
        details = state.outcome.details
        return {"first_player": state.first_player, "rounds": state.round, "rows_laid": state.rows_laid,
                "row_reached": [d["row"] or 0 for d in details], "eliminated": [0 if d["alive"] else 1 for d in details]}


GAME = DreamCycle()
