"""Dream – Sogni e Incubi (game id ``sogni-e-incubi``), 2–4 players.

Reference page of the game (the rules in our own words are in ``docs/rules/sogni-e-incubi.md``).

**Goal.** Fill the six numbered slots of your row with dream cards and empty your hand; both at
once win the game (SI-R12). If the deck runs out, the game can end on a count instead (SI-R14,
SI-R15).

**Actions** (see :mod:`.notation`): ``draw``; ``S3`` a Dream on your own slot 3; ``S3>B`` a Dream
in place of B's Rem; ``I3>B`` a Nightmare on B's slot 3; ``CI>B4`` Convert to Nightmare;
``CS4`` Convert to Dream; ``R4`` a Rem. Passing is never chosen: a seat with no legal move
passes automatically (SI-R4).

**View.** The contract's envelope (``seat``, ``players``, ``actors``, ``turn``, ``prompt``,
``events``, ``outcome``…) with the board under ``board``: ``first_player``, ``deck`` (size),
``hand_limit``, ``hands`` (per seat: ``size``, ``known`` — cards everyone saw enter that hand —
and ``cards``, the owner's only, ``null`` for everyone else), ``rows`` (per seat, six stacks
bottom to top, public). Its JSON Schema is ``view.schema.json`` beside this file.

**Events** (see :mod:`.events`): ``deal``, ``draw``, ``play``, ``pass``, ``game-over``, with
seats as ints and cards as short names; their words are chosen by :mod:`.wording` from the catalogues in ``web/i18n``.

**Options** (defaults follow the rulebook, or the design note's proposal where it is silent):
see :data:`OPTIONS`.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping

from ...core.contract import Game, GameInfo, Option, SetupError, State, seat_from_name, seat_name
from ...core.words import Message, Words
from ...core.errors import NotationError
from . import evaluation
from .events import EVENT_FIELDS, EVENT_RULES
from .notation import Move, parse_move
from .prompts import PROMPT_FIELDS
from .rule_witnesses import RULE_WITNESSES
from .rules import SogniState
from .wording import message

MAX_PLAYERS = 4

OPTIONS = (
    Option("first_player", "random", "who starts (SI-R1): 'random' from the seed, or a seat letter; the rulebook says the youngest",
           ("random", *(seat_name(seat) for seat in range(MAX_PLAYERS)))),
    Option("hand_limit", 10, "drawing needs fewer cards than this in hand (SI-R3); above the deck's 54 it would never bind",
           minimum=1, maximum=54),
    Option("own_rem_swap", True, "a Dream may replace your own Rem, returning it to your hand (SI-R7d) [inferred]"),
    Option("ci_returns_to", "owner", "who gets the Dream a Convert to Nightmare lifts (SI-R9) [inferred]", ("owner", "attacker")),
    Option("converti_sogno_locks", True, "a Convert to Dream closes its slot for good (SI-R10) [proposed]"),
    Option("wild_counts_for_win", True, "a Rem or Convert to Dream on top counts as a dream slot (SI-R12) [inferred]"),
    Option("final_count", "slots", "what the count at the special end compares (SI-R14) [proposed]", ("slots", "cards")),
)


class SogniEIncubi(Game[Move]):
    """The game object: ``dreamtable.load("sogni-e-incubi")``."""

    info = GameInfo("sogni-e-incubi", "Dream – Sogni e Incubi", 2, MAX_PLAYERS, OPTIONS, version=1)
    encoding_module = f"{__name__}.encoding"  # action ids and observation tensors (see .encoding)
    study_plan_module = f"{__name__}.study_plan"  # what dreamtable study plays (see .study_plan)
    event_fields: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_FIELDS  # what each event kind carries (see .events)
    event_rules: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_RULES  # the rule IDs each event kind shows applied
    prompt_fields: ClassVar[Mapping[str, tuple[str, ...]]] = PROMPT_FIELDS  # what each question carries (see .prompts)
    # Luck weighs so much that greedy beats random in only about 65% of games, so no easy bot could lose
    # to greedy that often and still beat random: medium is a 100-iteration search (it beats greedy
    # about 72%) and easy sits near greedy (docs/bots.md, "Sogni e Incubi's levels").
    easy_temperature: ClassVar[float | None] = 0.1
    medium_iterations: ClassVar[int | None] = 100
    rule_witnesses: ClassVar[Mapping[str, Callable[[Any], bool]]] = RULE_WITNESSES  # rules no event tells apart
    rules_without_behaviour: ClassVar[Mapping[str, str]] = {
        "SI-R13": "test_SI_R13_every_card_is_always_in_one_place",  # no discard pile: where cards are, never a move
        "SI-R17": "test_SI_R17_hands_hidden_sizes_public_deck_order_hidden",  # what each seat sees
    }

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> SogniState:
        first = options["first_player"]
        if first != "random" and seat_from_name(first) >= players:
            raise SetupError(f"first_player={first}, but a {players}-player game has seats A–{seat_name(players - 1)}")
        return SogniState.setup(self, players, seed, options)

    def _parse_action(self, state: State[Move], seat: int, text: str) -> Move:
        """The move ``text`` names (see :mod:`.notation`); ``NotationError`` with a hint otherwise."""
        if not isinstance(state, SogniState):
            raise NotationError("this state is not a Sogni e Incubi match")
        return parse_move(text, seat, state.players)

    def evaluate(self, state: State[Move], seat: int) -> float | None:
        """Progress lead over the best opponent, in (0, 1); see :mod:`.evaluation`."""
        assert isinstance(state, SogniState)
        return evaluation.evaluate(state, seat)

    def metrics(self, state: State[Move]) -> dict[str, Any]:
        """Who started, whether the count (SI-R14, SI-R15) decided, dream slots and runs per seat."""
        assert isinstance(state, SogniState) and state.outcome is not None
        details = state.outcome.details
        return {
            "first_player": state.first_player,
            "decided_by_count": state.outcome.reason != "complete-row",
            "stuck": state.outcome.reason == "stuck",
            "dream_slots": [d["dream"] for d in details],
            "longest_run": [d["longest_run"] for d in details],
            "cards_left": [d["hand"] for d in details],
        }

    def message(self, event: Mapping[str, Any]) -> Message:
        """The catalogue sentence of an event as the seat sees it (see :mod:`.wording`)."""
        return message(event)

    def render(self, view: dict[str, Any], words: Words | None = None) -> Any:
        """The table drawn with rich (see :mod:`.render`)."""
        from .render import render

        return render(view, words or self.words())

    def describe(self, view: dict[str, Any], action: Move, words: Words | None = None) -> str:
        """The move in words, e.g. "Nightmare 2 on B's slot 2, taking their Dream 2"."""
        from .render import describe

        return describe(view, action, words or self.words())


GAME = SogniEIncubi()
