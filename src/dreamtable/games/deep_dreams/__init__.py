"""Deep Dreams (game id ``deep-dreams``), 2–5 players.

Reference page of the game (the rules in our own words are in ``docs/rules/deep-dreams.md``).

**Goal.** Build a row of Dream cards whose arrows connect: the longest Sleep Path, the largest
Dream Groups per colour and black-arrow pairs score at the end (DD-R18 to DD-R23).

**Actions** (see :mod:`.notation`): ``draw``; ``play DD17 right`` / ``left``; while an icon
effect is being resolved: ``moon DD05 on 3``, ``keep DD12``, ``extra turn``, ``steal B``,
``eliminate B`` or ``skip``. A seat that can neither play nor draw passes automatically.

**View.** The shared envelope (seat, players, actors, turn, prompt, events, outcome) with the
board under ``board``: ``first_player``, ``threshold``, ``deck`` (size), ``discard`` (public),
``hands`` (``size`` for all; ``cards`` for the owner), ``rows`` (positions left to right, each a
stack bottom to top), ``resolving`` (the code of the icon effect being resolved), ``peek`` (the
Predictions cards, for the one who looks; a count for the others), ``extra_turns``, ``scores``
and ``score_parts`` so far. Its JSON Schema is ``view.schema.json`` in this package.

**Events** (see :mod:`.events`): structured, e.g. ``play`` with ``card``, ``end`` and ``levels``;
the messages the log, the page and the terminal word them from in the reader's language are made by
:mod:`.wording`.

**Options:** see :data:`OPTIONS`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from ...core.contract import Game, GameInfo, Option, SetupError, State, seat_from_name, seat_name
from ...core.words import Message, Words
from ...core.errors import NotationError
from . import evaluation  # imported once here: an import statement per call costs search a microsecond a leaf
from .events import EVENT_FIELDS, EVENT_RULES, SENTENCE_FIELDS
from .notation import DreamMove, parse_move
from .prompts import PROMPT_FIELDS
from .rules import DreamState
from .wording import event_message

MAX_PLAYERS = 5

OPTIONS = (
    Option("first_player", "random", "the First Player (DD-R1): 'random' from the seed, or a seat letter; the rulebook says whoever slept in latest",
           ("random", *(seat_name(seat) for seat in range(MAX_PLAYERS)))),
    Option("draw_bonus_cards", 1, "cards drawn for connecting on two or more levels (DD-R7) [proposed]", minimum=0, maximum=10),
    Option("deck", "dreamtable-54", "which deck to play with (DD-R25) [proposed]", ("dreamtable-54",)),
)


class DeepDreams(Game[DreamMove]):
    """The game object: ``dreamtable.load("deep-dreams")``."""

    info = GameInfo("deep-dreams", "Deep Dreams", 2, MAX_PLAYERS, OPTIONS, version=1)
    event_fields: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_FIELDS  # what each event kind carries (see .events)
    sentence_fields: ClassVar[Mapping[str, tuple[str, ...]]] = SENTENCE_FIELDS  # a card by its colours (see .events)
    event_rules: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_RULES  # the rule IDs each event kind shows applied
    prompt_fields: ClassVar[Mapping[str, tuple[str, ...]]] = PROMPT_FIELDS  # what each question carries (see .prompts)
    rules_without_behaviour: ClassVar[Mapping[str, str]] = {  # component data and what each seat sees
        "DD-R2": "test_DD_R2_card_model_every_card_has_bruno_two_colours_and_an_arrow_per_edge",
        "DD-R24": "test_DD_R24_hands_hidden_rows_and_discard_public_peek_private",
        "DD-R25": "test_DD_R25_deck_option",
    }
    encoding_module = f"{__name__}.encoding"  # action ids and observation tensors (see .encoding)
    study_plan_module = f"{__name__}.study_plan"  # what dreamtable study plays (see .study_plan)

    def page_data(self) -> dict[str, Any]:
        """The card faces the browser module draws (see .web_data)."""
        from .web_data import page_data

        return page_data()
    # The search expects each opponent to play one of its two best moves by one-ply value; with four
    # players it then finished first 1.6x a fair share instead of 1.2x (docs/bots.md).
    search_opponent_prune = 2

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> DreamState:
        first = options["first_player"]
        if first != "random" and seat_from_name(first) >= players:
            raise SetupError(f"first_player={first}, but a {players}-player game has seats A–{seat_name(players - 1)}")
        return DreamState.setup(self, players, seed, options)

    def _parse_action(self, state: State[DreamMove], seat: int, text: str) -> DreamMove:
        """The move ``text`` names (see :mod:`.notation`); ``NotationError`` with a hint otherwise."""
        if not isinstance(state, DreamState):
            raise NotationError("this state is not a Deep Dreams match")
        return parse_move(text, state.players)

    def evaluate(self, state: State[DreamMove], seat: int) -> float | None:
        """Score lead plus potential, in (0, 1); see :mod:`.evaluation`."""
        assert isinstance(state, DreamState)
        return evaluation.evaluate(state, seat)

    def metrics(self, state: State[DreamMove]) -> dict[str, Any]:
        """Who started, and per seat the Sleep Path, largest Dream Group, black pairs and row length."""
        assert isinstance(state, DreamState) and state.outcome is not None
        details = state.outcome.details
        return {
            "first_player": state.first_player,
            "sleep_path": [d["sleep_path"] for d in details],
            "largest_group": [max(d["groups"].values()) for d in details],
            "black_pairs": [d["black_pairs"] for d in details],
            "row_length": [len(row) for row in state.rows],
        }

    def evaluate_all(self, state: State[DreamMove]) -> list[float] | None:
        """Every seat's value, scoring the rows once."""
        assert isinstance(state, DreamState)
        return evaluation.evaluate_all(state)

    def leaf_model(self, players: int) -> Any:
        """What the search scores its leaves with at a table of ``players``: a model fitted to results
        (see :mod:`.leaf_values`), or ``None`` for the hand-set evaluation."""
        from .leaf_values import MODELS

        return MODELS.get(players)

    def message(self, event: Mapping[str, Any]) -> Message:
        """The key that words the event and its cards by their colours, hidden cards left unnamed (see .wording)."""
        return event_message(event)

    def render(self, view: dict[str, Any], words: Words | None = None) -> Any:
        """Each row drawn as a strip of cards (see :mod:`.render`)."""
        from .render import render

        return render(view, words or self.words())

    def describe(self, view: dict[str, Any], action: DreamMove, words: Words | None = None) -> str:
        """The move in words."""
        from .render import describe

        return describe(view, action, words or self.words())


GAME = DeepDreams()
