"""Dreamwell (game id ``dreamwell``), 2–4 players, basic or advanced.

Reference page (the rules in our own words are in ``docs/rules/dreamwell.md``).

**Goal.** Move your two pawns over a 4×4 board of dream tiles, through their doors, to stand on
the creatures and terrain a friend card asks for; play it for its points and its ability. The game
ends after the round in which someone plays their 7th card (10th in the advanced game).

**Actions** (see :mod:`.notation`): three a turn from ``draw`` / ``take W12``, ``refresh``,
``rotate b3 90``, ``play W12``, ``move 1 NE`` / ``enter 1 a3``, and ``flip b3`` in the advanced
game; then ``moveto``, ``skip``, ``stop``, ``end`` and ``discard`` as the moment asks.

**View.** The envelope, with under ``board``: ``cells`` (16: tile, face, creature, terrain, doors
as placed, pawns as ``{seat, pawn}``), ``pawns``, ``display``, ``deck`` (size), ``hands`` (sizes;
cards for the owner), ``played``, ``scores``, ``mode``, ``first_player``, ``threshold``,
``actions_left``, ``free_action``, ``located``, ``pending``, ``continuing``, ``discarding``; its
JSON Schema is ``view.schema.json``. Events and their fields: :mod:`.events`, their words: :mod:`.wording`. Every move is
listed by ``legal_actions`` (no action forms).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping

from ...core.contract import Game, GameInfo, Option, SetupError, State, seat_from_name, seat_name
from ...core.words import Message, Words
from ...core.errors import NotationError
from . import evaluation  # imported once here: an import statement per call costs search a microsecond a leaf
from .events import EVENT_FIELDS, EVENT_RULES
from .notation import WellMove, parse_move
from .prompts import PROMPT_FIELDS
from .rule_witnesses import RULE_WITNESSES, RULES_WITHOUT_BEHAVIOUR
from .rules import WellState
from .wording import message

OPTIONS = (
    Option("first_player", "random", "the First Player (DW-R1): 'random' from the seed, or a seat letter", ("random", "A", "B", "C", "D")),
    Option("mode", "basic", "basic (white faces, 7 cards) or advanced (8 black faces, black cards, flip, 10 cards)", ("basic", "advanced")),
    Option("must_use_all_actions", True, "all three actions must be taken (DW-R6); false lets a turn end early [proposed]"),
    Option("max_steps_per_move", 16, "the longest chain of free steps in one move action (DW-R13) [proposed]",
           minimum=1, maximum=100),
)


class Dreamwell(Game[WellMove]):
    """The game object: ``dreamtable.load("dreamwell")``."""

    info = GameInfo("dreamwell", "Dreamwell", 2, 4, OPTIONS, version=1)
    event_fields: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_FIELDS  # what each event kind carries (see .events)
    sentence_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {  # a card by its friend and needs; its ability (.wording)
        "draw": ("name",), "take": ("name",), "discard": ("name",), "play": ("name", "ability")}
    event_rules: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_RULES  # the rule IDs each event kind shows applied
    rule_witnesses: ClassVar[Mapping[str, Callable[[Any], bool]]] = RULE_WITNESSES  # rules no event tells apart
    rules_without_behaviour: ClassVar[Mapping[str, str]] = RULES_WITHOUT_BEHAVIOUR  # and the tests that check them
    prompt_fields: ClassVar[Mapping[str, tuple[str, ...]]] = PROMPT_FIELDS  # what each question carries (see .prompts)
    encoding_module = f"{__name__}.encoding"  # action ids and observation tensors (see .encoding)
    study_plan_module = f"{__name__}.study_plan"  # what dreamtable study plays (see .study_plan)

    def page_data(self) -> dict[str, Any]:
        """The card faces the browser module draws (see .web_data)."""
        from .web_data import page_data

        return page_data()
    # One action moves the evaluation by thousandths: UCB1 compares the raw values with a small constant
    # (as Dream Cycle's search does) rather than min-max normalised at 0.5; with the tuned leaves this beat
    # greedy in 68.6% of 400 two-player games at 1,000 iterations, where the normalised search won 66.0% of
    # 100 of the same deals (docs/bots.md, "Dreamwell: a low exploration constant with the tuned leaves").
    search_exploration = 0.03

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> WellState:
        first = options["first_player"]
        if first != "random" and seat_from_name(first) >= players:
            raise SetupError(f"first_player={first}, but a {players}-player game has seats A–{seat_name(players - 1)}")
        return WellState.setup(self, players, seed, options)

    def _parse_action(self, state: State[WellMove], seat: int, text: str) -> WellMove:
        """The action ``text`` names (see :mod:`.notation`)."""
        if not isinstance(state, WellState):
            raise NotationError("this state is not a Dreamwell match")
        return parse_move(text)

    def evaluate(self, state: State[WellMove], seat: int) -> float | None:
        """Points in play plus how close the hand's cards are to the pawns; see :mod:`.evaluation`."""
        assert isinstance(state, WellState)
        return evaluation.evaluate(state, seat)

    def evaluate_all(self, state: State[WellMove]) -> list[float] | None:
        """Every seat's value in one pass."""
        assert isinstance(state, WellState)
        return evaluation.evaluate_all(state)

    def leaf_values(self, state: State[WellMove]) -> list[float] | None:
        """The search's leaves are judged with the tuned weights (``evaluation.SEARCH``); greedy,
        easy and medium keep the hand-set ones."""
        assert isinstance(state, WellState)
        return evaluation.evaluate_all(state, evaluation.SEARCH)

    def metrics(self, state: State[WellMove]) -> dict[str, Any]:
        """Who started, points by scoring symbol, cards played and friend types per seat."""
        assert isinstance(state, WellState) and state.outcome is not None
        details = state.outcome.details
        kinds = sorted({kind for d in details for kind in d["by_symbol"]})
        figures: dict[str, Any] = {"first_player": state.first_player, "cards_played": [d["cards"] for d in details],
                                   "friend_types": [d["friend_types"] for d in details]}
        for kind in kinds:
            figures[f"points_{kind}"] = [d["by_symbol"].get(kind, 0) for d in details]
        return figures

    def message(self, event: Mapping[str, Any]) -> Message:
        """The catalogue sentence of an event as the seat sees it, naming its card (see :mod:`.wording`)."""
        return message(event)

    def render(self, view: dict[str, Any], words: Words | None = None) -> Any:
        """The 4×4 board with doors, creatures, terrain and pawns (see :mod:`.render`)."""
        from .render import render

        return render(view, words or self.words())

    def describe(self, view: dict[str, Any], action: WellMove, words: Words | None = None) -> str:
        """The action in words."""
        from .render import describe

        return describe(view, action, words or self.words())


GAME = Dreamwell()
