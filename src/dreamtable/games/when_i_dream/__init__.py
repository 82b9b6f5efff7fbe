"""When I Dream (game id ``when-i-dream``), 4–10 players, real time.

Reference page (the rules in our own words are in ``docs/rules/when-i-dream.md``).

**Goal.** Each round one player dreams: masked, they guess Elements from one-word clues given by
Fairies (who want right guesses), Boogeymen (wrong ones) and Sandmen (a balance). Everyone is
the Dreamer once; the most points, less penalties, wins.

**Moves** (see :mod:`.notation`): ``clue 3 bark``, ``clue-pass 3``, ``typing 3``, ``guess 3 dog``,
``dream-pass 3``, ``flag c5``, ``recount …``, ``vote-side 2 blue``, ``vote-mention 2 no``,
``vote-penalty 2 cancel``, ``done``; deadlines arrive as ``expire <timer>``. A bare ``pass`` is
the Dreamer's ``dream-pass`` or the clue-giver's ``clue-pass`` on the card in play. The free words
— the guess, the clue, the recount — are described by ``state.action_forms(seat)``.

**View.** The contract's envelope (``seat``, ``players``, ``actors`` — the clue-giver holding the
turn first —, ``turn``, ``timers``, ``prompt``, ``events``, ``outcome``) with the board under
``board``: ``round``, ``rounds``, ``dreamer``, ``phase``, ``seq`` (the Element's number),
``element`` (``null`` for the Dreamer), ``clue_turn``, ``typing``, ``clues``, ``cards`` (this
night's cards; for the Dreamer only their own guesses, if the option allows), ``roles`` (your
own), ``recount``, ``penalties``, ``points``, ``deck``, ``votes``, ``done``. Its JSON Schema is
``view.schema.json`` beside this file.

**Events** (see :mod:`.events`): ``round``, ``reveal``, ``clue``, ``guess``, ``night-end``,
``day``… with seats as ints; the messages the log, a page or a terminal words them from in its
reader's language are :mod:`.wording`'s.
"""

from __future__ import annotations

import math
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping

from ...core.contract import Game, GameInfo, Option, State
from ...core.words import Message, Words
from ...core.errors import NotationError, OptionError
from .events import EVENT_FIELDS, EVENT_RULES
from .notation import MAX_INPUT, DreamMove, parse
from .prompts import PROMPT_FIELDS
from .rule_witnesses import RULE_WITNESSES, RULES_WITHOUT_BEHAVIOUR
from .rules import CLUE_MAX_LEN_LIMIT, DreamState
from .words import load_deck
from . import wording

if TYPE_CHECKING:
    from ...core.table import Bot

SECONDS_MIN, SECONDS_MAX = 0.1, 3600
"""Every timer option's range: a tenth of a second to an hour (a longer deadline is no deadline)."""

OPTIONS = (
    Option("first_dreamer", 0, "the seat that dreams first (WID-R2) [proposed; the rulebook: the oldest player]",
           minimum=0, maximum=9),
    Option("family_mode", False, "no secret roles: every clue-giver scores as a Fairy (WID-R27) [proposed]"),
    Option("restart_order_on_new_card", False, "a new card restarts the clue order at the Dreamer's left (WID-R6) [proposed]"),
    Option("clue_max_len", 32, "longest clue in letters (WID-R7) [proposed]", minimum=1, maximum=CLUE_MAX_LEN_LIMIT),
    Option("clue_timing", "typed", "typed: start within clue_start_seconds, submit within clue_submit_seconds; "
           "strict: one clock, submit within clue_start_seconds (the rulebook's is 5 s) (WID-R8) [proposed]",
           ("typed", "strict")),
    # A person needs a moment to see that the turn is theirs, read the Element and find a word: the
    # rulebook's 5 s (spoken, at a table) took a newcomer's first clue in the browser.
    Option("clue_start_seconds", 15, "seconds to start typing a clue (strict: to submit it) (WID-R8) [proposed; "
           "the rulebook: 5]", minimum=SECONDS_MIN, maximum=SECONDS_MAX),
    Option("clue_submit_seconds", 30, "seconds to submit a typed clue (WID-R8) [proposed]", minimum=SECONDS_MIN, maximum=SECONDS_MAX),
    Option("night_seconds", 120, "the length of a night in seconds (WID-R12)", minimum=SECONDS_MIN, maximum=SECONDS_MAX),
    Option("final_guess_seconds", 10, "the last-answer window in seconds (WID-R12) [proposed]", minimum=SECONDS_MIN, maximum=SECONDS_MAX),
    Option("recount_seconds", 90, "seconds for the Dreamer's recount (WID-R17) [proposed]", minimum=SECONDS_MIN, maximum=SECONDS_MAX),
    Option("review_seconds", 60, "seconds for the day's review (WID-R18) [proposed]", minimum=SECONDS_MIN, maximum=SECONDS_MAX),
    Option("auto_clue_check", "reject", "what the judge does with an improper clue: reject it privately, penalize "
           "its author, or off (WID-R14) [proposed]", ("reject", "penalize", "off")),
    Option("translation_check", "table", "judge translations by the shipped table, or off (§4.3)", ("table", "off")),
    Option("min_substring_len", 3, "shortest word the substring checks consider (§4.3) [proposed]", minimum=1,
           maximum=CLUE_MAX_LEN_LIMIT),
    Option("flag_quorum", 2, "clue-givers needed to make a clue improper by flagging (WID-R15) [proposed]",
           minimum=1, maximum=9),
    Option("dreamer_sees_own_guesses", False, "the Dreamer's view lists their earlier guesses (WID-R11) [proposed]"),
    Option("dreamer_sees_past_clues", False, "the Dreamer's view keeps the clues of earlier cards (WID-R11) [proposed]"),
    Option("bonus_requires_yellow", True, "no recount bonus when nothing is on Yellow (WID-R19) [proposed]"),
    Option("language", "en", "the language of the word list and of the judge: en (English) or it (Italian) (WID-R25)",
           ("en", "it")),
)


def _wordbot(seed: int) -> Bot:
    """A word bot; the embedding tables load only when one is made, so the rules never pay for them."""
    from .wordbots import WordBotAgent

    return WordBotAgent(seed)


SECONDS = ("clue_start_seconds", "clue_submit_seconds", "night_seconds", "final_guess_seconds", "recount_seconds",
           "review_seconds")
"""The timer options: a number of seconds, whole or not (``night_seconds=90``, ``clue_start_seconds=2.5``)."""


def _seconds(name: str, value: object) -> int | float:
    """A timer option's value: a positive, finite number of seconds (text is read as a number)."""
    if isinstance(value, str):
        text = value.strip()
        try:
            value = int(text)
        except ValueError:
            try:
                value = float(text)
            except ValueError:
                pass
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
        raise OptionError(f"option {name} takes a number of seconds from {SECONDS_MIN} to {SECONDS_MAX}, "
                          f"such as 90 or 2.5, not {value!r:.40}")
    return value


class WhenIDream(Game[DreamMove]):
    """The game object: ``dreamtable.load("when-i-dream")``."""

    info = GameInfo("when-i-dream", "When I Dream", 4, 10, OPTIONS, version=2)  # 2: timer options in seconds
    notation_max_length: ClassVar[int] = MAX_INPUT  # a recount may retell a guess for every card
    bots: ClassVar[Mapping[str, Callable[[int], Bot]]] = MappingProxyType({"wordbot": _wordbot})
    """The word bots (:class:`.wordbots.WordBotAgent`), built by name with ``make_agent("wordbot", seed, game=…)``.
    A real-time bot (it may answer ``None`` to wait), so a table's ``Bot`` rather than an ``Agent``."""
    event_fields: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_FIELDS  # what each event kind carries (see .events)
    sentence_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "card-gone": ("id", "seat", "reason", "word"),  # the penalty's own fields, spread out
        "unmask": ("right", "wrong", "penalties"),  # the cards right, wrong and penalised, in lists
        "day": ("points",),  # each seat's gain, in a list
    }
    event_rules: ClassVar[Mapping[str, tuple[str, ...]]] = EVENT_RULES  # the rule IDs each event kind shows applied
    rule_witnesses: ClassVar[Mapping[str, Callable[[Any], bool]]] = RULE_WITNESSES  # rules no event tells apart
    rules_without_behaviour: ClassVar[Mapping[str, str]] = RULES_WITHOUT_BEHAVIOUR  # and the tests that check them
    prompt_fields: ClassVar[Mapping[str, tuple[str, ...]]] = PROMPT_FIELDS  # what each question carries (see .prompts)
    study_plan_module = f"{__name__}.study_plan"  # what dreamtable study plays (see .study_plan)
    table_language_option: ClassVar[str | None] = "language"  # an Italian table deals the Italian words

    def resolve_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """As for every game, except that the timer options take any positive number of seconds, not only whole ones."""
        others = {name: value for name, value in options.items() if name not in SECONDS}
        resolved = super().resolve_options(others)
        declared = {option.name: option for option in OPTIONS}
        resolved.update({name: declared[name].check_range(_seconds(name, value)) for name, value in options.items() if name in SECONDS})
        return resolved

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> DreamState:
        # clue_max_len, min_substring_len and flag_quorum are whole numbers in their ranges (Option.check): free
        # text copied to every view stays small (CLUE_MAX_LEN_LIMIT; the longest Element has 11 letters).
        if options["first_dreamer"] not in range(players):
            raise OptionError(f"first_dreamer must be a seat 0–{players - 1}, not {options['first_dreamer']!r:.40}")
        state = DreamState.__new__(DreamState)
        state._init_base(self, players, seed, options)
        state._setup(load_deck(options["language"]))
        return state

    def render(self, view: dict[str, Any], words: Words | None = None) -> Any:
        """The board in a few lines of text (see :mod:`.render`)."""
        from .render import render

        return render(view, words or self.words())

    def describe(self, view: dict[str, Any], action: DreamMove, words: Words | None = None) -> str:
        """The move in words, e.g. ``say “bark”`` or ``vote dog to Yellow`` (see :mod:`.render`)."""
        from .render import describe

        return describe(view, action, words or self.words())

    def message(self, event: Mapping[str, Any]) -> Message:
        """The variant for what the seat may know, the penalty, the unmasked cards, the day (see :mod:`.wording`)."""
        return wording.message(event)

    def prompt_message(self, ask: Mapping[str, Any]) -> Message:
        """Which language the words are in, when not English (see :mod:`.wording`)."""
        return wording.prompt_message(ask)

    def _parse_action(self, state: State[DreamMove], seat: int, text: str) -> DreamMove:
        """The move ``text`` names (see :mod:`.notation`); a bare ``pass`` is the seat's pass on the card in play."""
        if not isinstance(state, DreamState):
            raise NotationError("this state is not a When I Dream match")
        if isinstance(text, str) and text.strip().lower() == "pass":
            move = state.pass_for(seat)
            if move is None:
                raise NotationError("pass is for the Dreamer during the night and for the clue-giver holding the turn; "
                                    "in the review write done")
            return move
        return parse(text)


GAME = WhenIDream()
