"""The engine contract: what every game offers to bots, the terminal, the server and outside users.

A :class:`Game` holds the static facts of a game (its id, player counts, options) and makes new
matches; a :class:`State` is one match. Actions are immutable, hashable values whose ``str`` is
the game's notation, and ``game.parse_action(state, seat, text)`` reads them back.

The base classes here do the bookkeeping every game needs in the same way — checking who may
act, keeping the move history for records, keeping the event log that the visibility model
turns into per-seat logs — so that a game only writes its rules.
"""

from __future__ import annotations

import copy
import json
import math
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, ClassVar, Generic, Hashable, Iterator, Mapping, NamedTuple, Sequence, TypeVar

from .errors import DreamtableError, IllegalActionError, NotationError, OptionError, SetupError
from .forms import ActionForm
from .record import Record, expired_timer, expiry_text
from .rng import Rng
from .seats import seat_from_name, seat_list, seat_name
from .study_plan import Plan
from .visibility import Event, reveal
from .words import Message, Words, words_of

Action = Hashable
"""An action value: immutable, hashable, compared by value; ``str(action)`` is its notation."""

A = TypeVar("A", bound=Hashable)
"""The action type of one game (each game's states and notation use one)."""

RECENT_EVENTS = 8
"""How many of the last events a view carries, as a player would remember them at the table."""

COMMON_PROMPT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "over": (), "your-move": (), "you-may-act": (), "waiting-clock": (), "waiting-for": ("seat",), "say": ("text",),
}
"""The questions every game shares (``State.ask``) and the fields of each beside ``kind``; their words
are ``prompt.<kind>`` of the common catalogue (``say``: a game that words its question itself,
``State._prompt``). A game's own are in ``Game.prompt_fields``."""

VIEW_SCHEMA_FILE = "view.schema.json"
"""The JSON Schema of a game's board, shipped in the game's package beside its ``__init__.py``."""



class Outcome(NamedTuple):
    """How a finished game ended: a score per seat, the winners (ties allowed) and why."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    details: tuple[Mapping[str, Any], ...] = ()
    """Per seat, the parts its score is made of (for explanations and reports)."""

    def owned(self) -> "Outcome":
        """The same outcome with details of its own (a copy's: editing one state's details must not
        change another's); the outcome itself when it has no details."""
        return self._replace(details=tuple(map(_plain_copy, self.details))) if self.details else self


_IMMUTABLE = (int, float, str, bool, type(None))


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, tuples of scalars), several times faster than
    ``copy.deepcopy``, which it falls back on for anything else (a Secret, a set)."""
    kind = type(value)
    if kind is dict:
        return {key: item if type(item) in _IMMUTABLE else _plain_copy(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return kind(item if type(item) in _IMMUTABLE else _plain_copy(item) for item in value)
    return value if kind in _IMMUTABLE else copy.deepcopy(value)


class Timer(NamedTuple):
    """A pending deadline: whoever runs the game calls ``state.expire(timer)`` when it passes.

    A timer keeps its name while it runs (the clock of whoever runs the game is armed once per
    name); a new deadline gets a new name, e.g. ``clue-submit-7`` for the seventh clue turn.
    """

    name: str
    seconds: float
    seat: int | None = None


@dataclass(frozen=True)
class Option:
    """A rule option of a game, with its rulebook (or design-note) default; a number has its range."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    """The least value of a numeric option (with :attr:`maximum`: every numeric option has both, the kit checks)."""
    maximum: float | None = None

    @property
    def range_text(self) -> str | None:
        """``1–30``: the range shown where options are listed (``None`` for an option without one)."""
        if self.minimum is None or self.maximum is None:
            return None
        return f"{_number(self.minimum)}–{_number(self.maximum)}"

    def check(self, value: Any) -> Any:
        """The value converted to the option's type, or ``OptionError`` (a ``SetupError``) saying what is accepted."""
        if isinstance(value, str) and not isinstance(self.default, str):
            value = _parse_option_text(value, self.default)
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(f"option {self.name}={value!r:.40} is not allowed; choose one of {allowed}")
        elif type(value) is not type(self.default):
            kind = {"int": "a whole number", "float": "a number", "bool": "true or false", "str": "text",
                    "list": "a list", "dict": "a table"}.get(type(self.default).__name__, type(self.default).__name__)
            raise OptionError(f"option {self.name} takes {kind}{self._range_words()} (default {self.default!r}), not {value!r:.40}")
        return self.check_range(value)

    def check_range(self, value: Any) -> Any:
        """``value`` when it lies in the option's range, else ``OptionError`` naming the range."""
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionError(f"option {self.name}={value!r:.40} is out of range: it takes {self._range_words()[1:]} "
                              f"(default {self.default!r})")
        return value

    def _range_words(self) -> str:
        return "" if self.minimum is None or self.maximum is None else f" from {_number(self.minimum)} to {_number(self.maximum)}"


def _number(value: float) -> str:
    """A bound as a reader writes it: ``5``, ``0.1``, ``2147483647``."""
    return str(int(value)) if float(value).is_integer() else str(value)


def _parse_option_text(text: str, default: Any) -> Any:
    """Read an option given as text (from the command line) in the type of its default."""
    if isinstance(default, bool):
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        return text
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            return text
    if isinstance(default, (list, dict)):  # tables and lists are written as JSON
        import json

        try:
            value = json.loads(text)
        except ValueError:
            return text
        return value
    return text


@dataclass(frozen=True)
class GameInfo:
    """Static facts of a game: id, name, player counts, options and rules version."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = field(default=())
    version: int = 1


class Game(ABC, Generic[A]):
    """A game: its facts, a factory of matches, its notation reader and the words of its events."""

    info: GameInfo
    event_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Every event kind and its fields beside ``kind`` and ``actor``: a view's schema (core/view_schema.py)
    refuses any other key in an event, so a leak there fails the kit's checks. Each kind is worded by
    ``event.<kind>`` (and its variants) in the game's catalogues (see :meth:`message`)."""
    sentence_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Per event kind, the fields :meth:`message` works out from the event's own for the templates
    ``event.KIND…`` of the game's catalogues (a place named in words, a list, a nested part). The kit
    checks that every template names only these, the event's own fields and ``actor``."""
    event_rules: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The rule IDs (docs/rules/<game>.md) an event of each kind shows applied: ``"kind"`` for every event of
    the kind, ``"kind:field=value"`` for one whose field has that value (core/rule_coverage.py reads them)."""
    rule_witnesses: ClassVar[Mapping[str, Callable[[Any], bool]]] = {}
    """Rule IDs whose application no event tells apart, each with a test of one step of a replay (a
    :class:`~dreamtable.core.rule_coverage.RuleStep`: the state before and after, the move, its events)
    that says the step applied the rule; ``golden coverage`` counts them beside ``event_rules``."""
    rules_without_behaviour: ClassVar[Mapping[str, str]] = {}
    """Rule IDs of the rule table that no move applies (what is hidden, component data, names), each
    with the name of the test that checks it instead: no golden can reach them."""
    prompt_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Every kind of question the game asks (``State._ask``) beside the common ones, and its fields beside
    ``kind``, closed in the view's ``ask`` the same way; each is worded by ``prompt.<kind>`` in its catalogues."""
    notation_max_length: ClassVar[int] = 1_000
    """The longest text :meth:`parse_action` reads, in characters: longer than any move of the game (the
    longest, a Dream Cycle offer of every tile, is under 900), so longer text is refused unread."""
    bots: ClassVar[Mapping[str, Callable[[int], Any]]] = {}
    """Bots of this game only, by name (seed → agent), beside the generic ones; e.g. word bots."""
    easy_temperature: ClassVar[float | None] = None
    """The ``easy`` level's softmax temperature in this game where the common one does not suit it
    (agents/levels.py; docs/bots.md says how each was measured)."""
    medium_iterations: ClassVar[int | None] = None
    """When set, the ``medium`` level here is ISMCTS of this many iterations instead of greedy."""
    table_language_option: ClassVar[str | None] = None
    """The rule option that follows the table's language when its creator leaves it out (a deck of
    words dealt in the table's language; core/table_language.py); ``None``: no option does."""
    # True when the evaluation's values of sibling moves differ by far less than the exploration
    # constant (small steps of a long race, values near 0 or 1): ISMCTS then rescales the values it
    # sees to [0, 1] before comparing them (min-max normalisation).
    evaluation_needs_normalizing: bool = False
    # How many actions of a node ISMCTS searches, the best by one-ply value (None: all). For games whose
    # turns are many small actions, most of them churn (see agents/ismcts.py).
    search_prune: int | None = None
    # The same for the nodes where another seat than the searching one moves (None: as search_prune): a
    # model of the opponents that expects them to play one of their best moves (see agents/ismcts.py).
    search_opponent_prune: int | None = None
    # Whether ISMCTS keeps the subtree under its chosen action for its next decision, when that follows
    # at once (the same seat again, nothing learnt between): for games whose turns are many actions.
    search_keeps_tree: bool = False
    # ISMCTS's exploration constant for this game (None: its own default, 0.2 on evaluated leaves).
    search_exploration: float | None = None

    @property
    def id(self) -> str:
        """The game id used by ``dreamtable.load``."""
        return self.info.id

    _CACHED: ClassVar[tuple[str, ...]] = ("view_schema", "encoding")
    """The ``cached_property`` values a Game keeps: worked out again where needed, never pickled."""

    def __reduce__(self) -> tuple[Any, ...]:
        """A Game pickles as its id, and unpickles as the registry's Game object (``dreamtable.load``):
        one per process, so ``state.game is dreamtable.load(id)`` holds after a round trip and a pickle
        carries neither the board's schema nor the encoding. A game the registry does not know (an
        object made outside it) pickles its fields without those caches."""
        if _registered_game(self.id, quiet=True) is self:
            return (_registered_game, (self.id,))
        return (_rebuilt_game, (type(self), {k: v for k, v in vars(self).items() if k not in self._CACHED}))

    def resolve_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option of the game, given ones checked and the others at their defaults."""
        known = {opt.name: opt for opt in self.info.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            allowed = ", ".join(sorted(known)) or "none"
            raise SetupError(f"{self.id} has no option {', '.join(unknown)}; its options are: {allowed}")
        resolved = {name: opt.check(options[name]) if name in options else opt.default for name, opt in known.items()}
        # A deep copy: a match never shares a list or a table with the module's defaults or with
        # the caller, so editing one match's options (or a record's) changes no other match. Plain
        # scalars cannot be edited, so options made of them only are copied as they are (deepcopy
        # was a tenth of setting up a short game).
        if all(type(value) in _SCALARS for value in resolved.values()):
            return resolved
        return copy.deepcopy(resolved)

    def new(self, players: int, seed: int = 0, **options: Any) -> "State[A]":
        """A new match for ``players`` seats, shuffled from ``seed``, with rule ``options``."""
        info = self.info
        if not _is_int(players) or not info.min_players <= players <= info.max_players:
            raise SetupError(
                f"{info.name} takes {info.min_players}–{info.max_players} players, not {players!r}"
            )
        if not _is_int(seed):
            raise SetupError(f"the seed must be an integer, not {seed!r}")
        return self._new(players, seed, self.resolve_options(options))

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any]) -> "State[A]":
        """Set up a match; options are already checked and complete."""

    def parse_action(self, state: "State[A]", seat: int, text: str) -> A:
        """The action ``text`` names for ``seat``; ``NotationError`` with a hint when it names none.

        Text longer than :attr:`notation_max_length` is refused here, before any game reads it: the
        one place every game's notation (typed at a terminal, sent to the server, read from a record)
        passes, so no parser ever works on a hostile 100 kB line."""
        if not isinstance(text, str):
            raise NotationError(f"a move is written as text, not {type(text).__name__}")
        if len(text) > self.notation_max_length:
            raise NotationError(f"input of {len(text):,} characters: a move of {self.info.name} is at most "
                                f"{self.notation_max_length:,} characters")
        return self._parse_action(state, seat, text)

    @abstractmethod
    def _parse_action(self, state: "State[A]", seat: int, text: str) -> A:
        """Read ``text`` (a ``str`` of at most :attr:`notation_max_length` characters) for ``parse_action``."""

    def evaluate(self, state: "State[A]", seat: int) -> float | None:
        """A heuristic value of ``state`` for ``seat`` in [0, 1], or ``None`` when the game has none.

        Used by the greedy bot and to cut ISMCTS rollouts short. It must only use what ``seat``
        may know, or be called on a determinised state.
        """
        return None

    def metrics(self, state: "State[A]") -> dict[str, Any]:
        """Figures a designer of this game would ask for about a finished match (for reports).

        Values are numbers, booleans or per-seat lists of numbers; ``first_player`` (a seat) is
        used for the first-player advantage.
        """
        return {}

    def evaluate_all(self, state: "State[A]") -> list[float] | None:
        """:meth:`evaluate` for every seat at once (games may share the work between seats)."""
        values = [self.evaluate(state, seat) for seat in range(state.players)]
        return None if any(value is None for value in values) else [v for v in values if v is not None]

    def leaf_model(self, players: int) -> Any:
        """A model of who wins fitted to the results of games of ``players`` seats (an
        ``core.leaf_model.LinearLeafModel``) that scores a search's leaves in place of
        :meth:`evaluate_all` at such a table, or ``None`` (the default, and where no fitted model
        was measured to play better)."""
        return None

    def leaf_values(self, state: "State[A]") -> list[float] | None:
        """Every seat's value of a position where a search stops reading (ISMCTS leaves): the
        :meth:`leaf_model`'s for its table when the game has one, else :meth:`evaluate_all`'s."""
        model = self.leaf_model(state.players)
        return self.evaluate_all(state) if model is None else model.values(state)

    def words(self, language: str = "en") -> Words:
        """This game's words in ``language`` (its catalogues and the common ones; core/words.py)."""
        return words_of(self, language)

    def render(self, view: dict[str, Any], words: Words | None = None) -> Any:
        """Something a terminal can print for ``view`` (a rich renderable or text) in the language of
        ``words`` (default: English); JSON by default."""
        import json

        return json.dumps(view, indent=1)

    def describe(self, view: dict[str, Any], action: A, words: Words | None = None) -> str:
        """An action in words (those of ``words``, default English) for a player who sees ``view``; its
        notation by default."""
        return str(action)

    def sentence(self, event: Mapping[str, Any]) -> str:
        """The English words of an event as a seat sees it (``{"kind", "actor", **fields}``): its
        :meth:`message` filled from the game's English catalogue, as a page and a terminal word it."""
        return self._english.message(self.message(event), event)

    def message(self, event: Mapping[str, Any]) -> Message:
        """The catalogue key that words an event as a seat sees it, and the fields it works out beyond
        the event's own (core/words.py): ``event.<kind>`` by default. A game overrides it to choose a
        variant (``event.draw.hidden``) or to name a card or a place in words (a nested message), so
        that the page and the terminal word the event alike in every language."""
        return {"key": f"event.{event['kind']}"}

    def prompt_message(self, ask: Mapping[str, Any]) -> Message:
        """The same for a question (``{"kind", **fields}``, see ``State.ask``): ``prompt.<kind>`` by default."""
        return {"key": f"prompt.{ask['kind']}"}

    def prompt_text(self, ask: Mapping[str, Any]) -> str:
        """The English words of a question (``{"kind", **fields}``, see ``State.ask``)."""
        return self._english.message(self.prompt_message(ask), ask)

    @cached_property
    def _english(self) -> Words:
        """This game's English words (:meth:`words`), which every log's ``text`` is filled from."""
        return self.words()

    @cached_property
    def view_schema(self) -> dict[str, Any]:
        """The JSON Schema of this game's board (``view["board"]``), shipped in its package."""
        module_file = sys.modules[type(self).__module__].__file__
        path = Path(module_file or ".").parent / VIEW_SCHEMA_FILE
        try:
            schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise FileNotFoundError(f"{self.id} ships no view schema: {path} is missing") from None
        return schema

    def page_data(self) -> dict[str, Any] | None:
        """The component data the game's browser module draws from (public data only: card faces,
        tiles), served at ``/games/<game>/data.json`` so the page keeps no copy; ``None``: it needs none."""
        return None

    # -- the study the workbench plays (dreamtable study GAME) -------------------------------
    study_plan_module: ClassVar[str | None] = None
    """The module holding this game's study :class:`~dreamtable.core.study_plan.Plan` as ``PLAN``
    (``games/<game>/study_plan.py``), imported when first asked; ``None``: the workbench makes a default."""

    def study_plan(self) -> Plan | None:
        """This game's own study plan, or ``None`` when it declares none."""
        if self.study_plan_module is None:
            return None
        import importlib

        found: Plan = importlib.import_module(self.study_plan_module).PLAN
        return found

    # -- fixed encodings for learning: action ids and observation tensors (docs/adapters.md) ---
    encoding_module: ClassVar[str | None] = None
    """The module holding this game's :class:`Encoding` as ``ENCODING`` (``games/<game>/encoding.py``),
    imported when first asked; ``None``: the game has none and the methods below raise
    :class:`EncodingUnavailable`."""

    @cached_property
    def encoding(self) -> "Encoding":
        """This game's :class:`Encoding` (``EncodingUnavailable`` when it has none)."""
        if self.encoding_module is None:
            raise EncodingUnavailable(
                f"{self.info.name} has no fixed action ids or observation tensors (docs/adapters.md says why)")
        import importlib

        found: Encoding = importlib.import_module(self.encoding_module).ENCODING
        return found

    def num_distinct_actions(self) -> int:
        """How many action ids there are: every id is ``0 <= id < num_distinct_actions()``, in every
        state, player count and option setting, and names the same move in each."""
        return self.encoding.num_distinct_actions

    def action_id(self, action: A, state: "State[A] | None" = None) -> int:
        """The fixed id of ``action`` (seats in it are absolute); ``EncodingError`` for a value that
        is not one of the game's listed moves (typed offers and words have no id). Give the ``state``
        the action is for when its options can rename a move's parts (Dream Cycle's Yellow and Blue
        fields take the ids of the slots they fill, DC-R9); the default game needs none."""
        found = self.encoding.action_id(action, state)
        if found is None:
            raise EncodingError(f"{action!r:.80} has no action id in {self.info.name}"
                                + ("" if state is not None else " (without the state it is for)"))
        return found

    def action_from_id(self, state: "State[A]", action_id: int, seat: int | None = None) -> A:
        """The legal action of ``seat`` (default: the seat the game waits for) that ``action_id``
        names; ``IllegalActionError`` naming the bound or the legal ids when it names none."""
        bound = self.encoding.num_distinct_actions
        if not _is_int(action_id) or not 0 <= action_id < bound:
            raise IllegalActionError(f"an action id of {self.info.name} is an int from 0 to {bound - 1}, not {action_id!r:.40}")
        if seat is None:
            if not state.actors:
                raise IllegalActionError(f"action id {action_id}: nobody may act now ({'the game is over' if state.is_over else 'only the clock can move the game'})")
            seat = state.actors[0]
        seat = self._encoded_seat(state, seat)
        action: A | None = self.encoding.action_of_id(action_id, state)
        legal = state.legal_actions(seat)
        if action is None or action not in legal:
            choices = ", ".join(f"{self.action_id(a, state)} ({a})" for a in legal[:12]) + (" …" if len(legal) > 12 else "")
            what = "names no move" if action is None else f"is '{action}', not legal now"
            raise IllegalActionError(f"action id {action_id} {what}; {seat_name(seat)} may take: {choices or 'nothing'}")
        return action

    def legal_action_ids(self, state: "State[A]", seat: int) -> list[int]:
        """The ids of ``seat``'s legal actions, ascending (an empty list when it may not act)."""
        return sorted(self.action_id(action, state) for action in state.legal_actions(self._encoded_seat(state, seat)))

    def observation_layout(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The named parts of the observation tensor, in order, each with its shape (see :meth:`observation`)."""
        return self.encoding.pieces

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observation`: one flat vector, the same for every player count and option."""
        return (sum(math.prod(shape) for _, shape in self.encoding.pieces),)

    def observation(self, state: "State[A]", seat: int) -> Any:
        """What ``seat`` may know of ``state`` as a ``numpy.float32`` vector of :meth:`observation_shape`:
        the parts of :meth:`observation_layout` one after another (the game's ``encoding.py`` documents
        each). Built from the state and the seat's knowledge only: two states the seat cannot tell
        apart give the same vector."""
        import numpy

        seat = self._encoded_seat(state, seat)
        flat = numpy.zeros(self.observation_shape(), dtype=numpy.float32)
        parts: dict[str, Any] = {}
        start = 0
        for name, shape in self.encoding.pieces:
            size = math.prod(shape)
            parts[name] = flat[start:start + size].reshape(shape)
            start += size
        self.encoding.write(state, seat, parts)
        return flat

    def _encoded_seat(self, state: "State[A]", seat: int | None) -> int:
        if state.game is not self and state.game.info.id != self.info.id:
            raise EncodingError(f"this is a {state.game.info.name} state, not a {self.info.name} one")
        if seat is None or not _is_int(seat) or not 0 <= seat < state.players:
            raise EncodingError(f"a seat of this {state.players}-player match is an int from 0 to {state.players - 1}, not {seat!r:.40}")
        return seat


class EncodingError(DreamtableError, ValueError):
    """A value the fixed encodings cannot take: another game's state, a seat that does not exist,
    an action that has no id."""


class EncodingUnavailable(DreamtableError, NotImplementedError):
    """The game has no fixed action ids or observation tensors (docs/adapters.md says which and why)."""


def _registered_game(game_id: str, quiet: bool = False) -> Any:
    """The registry's Game object of ``game_id`` (what an unpickled state is bound to); with ``quiet``,
    ``None`` for an id it does not know."""
    from .errors import UnknownGameError
    from .registry import load  # the registry imports this module

    try:
        return load(game_id)
    except UnknownGameError:
        if quiet:
            return None
        raise


def _rebuilt_game(cls: "type[Game[Any]]", fields: dict[str, Any]) -> Any:
    """A Game the registry does not know, from its pickled fields."""
    game = object.__new__(cls)
    game.__dict__.update(fields)
    return game


class Encoding(ABC):
    """A game's fixed encodings for learning (its ``encoding.py``): action ids and the observation tensor.

    ``num_distinct_actions`` bounds the ids; ``pieces`` names the parts of the tensor and their
    shapes. The :class:`Game` methods of the same names check their arguments and call these.
    """

    num_distinct_actions: int
    pieces: tuple[tuple[str, tuple[int, ...]], ...]
    high: float = 1.0
    """No entry of the tensor is ever above this (nor below 0), whatever the options."""
    horizon: int = 10_000
    """Decisions after which the adapters end an episode as truncated (random play ends well before)."""

    def refuses(self, players: int, options: Mapping[str, Any]) -> str | None:
        """Why these options cannot be encoded or played turn by turn (a real-time variant), or ``None``."""
        return None

    @abstractmethod
    def action_id(self, action: Any, state: Any = None) -> int | None:
        """The id of ``action`` in ``state``'s game (``None``: the default options), or ``None`` when it
        is not a move with an id."""

    @abstractmethod
    def action_of_id(self, action_id: int, state: Any = None) -> Any:
        """The move ``action_id`` (in range) names in ``state``'s game (``None``: the default options),
        or ``None`` for an id that names none."""

    @abstractmethod
    def write(self, state: Any, seat: int, parts: dict[str, Any]) -> None:
        """Fill the zeroed arrays ``parts`` (one per piece) with what ``seat`` may know of ``state``."""

    @staticmethod
    def write_seats(state: Any, seat: int, parts: dict[str, Any]) -> None:
        """The pieces every game's tensor opens with: ``seat`` (the observer, one-hot), ``players``
        (the seats in play), ``turn`` (the player on turn, none once the game is over) and
        ``first_player``."""
        parts["seat"][seat] = 1
        parts["players"][:state.players] = 1
        if not state.is_over:
            parts["turn"][state.turn] = 1
        parts["first_player"][state.first_player] = 1


class MoveTableEncoding(Encoding):
    """An :class:`Encoding` whose action ids index one fixed table of moves of one type: no option
    of the game renames a move, so an id needs no state."""

    moves: Sequence[Any]
    """The move of each id."""
    id_of: Mapping[Any, int]
    """The id of each move (``moves`` inverted)."""
    move_type: type
    """A move is of exactly this type (``True == 1``: another type could look up an id by equality)."""

    def action_id(self, action: Any, state: Any = None) -> int | None:
        return self.id_of.get(action) if type(action) is self.move_type else None

    def action_of_id(self, action_id: int, state: Any = None) -> Any:
        return self.moves[action_id]


class State(ABC, Generic[A]):
    """One match. Subclasses write the rules; this class keeps history, events and the checks."""

    __slots__ = ("game", "players", "seed", "_options", "rng", "_history", "_log")

    game: Game[A]
    players: int
    seed: int
    # The match's options as set up: read by the rules, shared by copies and worlds (never changed
    # after setup, and never handed out: ``options`` gives a copy).
    _options: dict[str, Any]
    rng: Rng
    _unpickled: ClassVar[Mapping[str, Callable[[], Any]]] = {}
    """Slots that are caches (memos of this position): left out of a pickle and made anew, empty, by
    these factories when it is read back (a game names its own, e.g. ``{"_cache": dict}``)."""
    # Persistent (shared, never mutated) linked lists, so that copy() is O(1) for them:
    # _history is (previous, seat, action-or-timer) and _log is (previous, event).
    _history: tuple[Any, ...] | None
    _log: tuple[Any, ...] | None

    def _init_base(self, game: Game[A], players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self._options = options
        self.rng = Rng(seed)
        self._history = None
        self._log = None

    @property
    def options(self) -> dict[str, Any]:
        """The match's rule options (every one, defaults filled in), as a dict of the caller's own:
        editing it changes neither this match, nor its copies, nor its record."""
        return copy.deepcopy(self._options)

    def _copy_base_into(self, twin: "State[A]") -> None:
        """Copy the base fields into a new twin (for the subclasses' hand-written ``copy``)."""
        twin.game = self.game
        twin.players = self.players
        twin.seed = self.seed
        twin._options = self._options  # never changed after setup, never handed out
        twin.rng = self.rng.copy()
        twin._history = self._history
        twin._log = self._log

    # -- what the rules say ---------------------------------------------------------------
    @property
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """The seats that may act now; ``()`` when the game is over (or only a timer can move it)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[A]:
        """Every action ``seat`` may take now (empty when it may not act)."""

    @abstractmethod
    def _apply(self, seat: int, action: A) -> list[Event]:
        """Check the action (raising ``IllegalActionError`` before any change), then carry it out."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on, then the scores, the winners and the reason."""

    @abstractmethod
    def _view(self) -> dict[str, Any]:
        """Everything a view may hold, hidden parts wrapped in ``Secret``."""

    @abstractmethod
    def copy(self) -> "State[A]":
        """An independent deep copy (hand-written, fast)."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng | Any) -> "State[A]":
        """A copy in which everything hidden from ``seat`` is re-sampled consistently with what it knows.

        ``rng`` is a :class:`Rng` or anything with ``random()`` (such as ``random.Random``).
        The RNG of the copy is re-seeded so its future cannot be foreseen.
        """

    def same_worlds(self, seat: int) -> bool:
        """Whether every ``determinize(seat, rng)`` of this state is the same world but for its RNG:
        nothing hidden from ``seat`` is left to re-sample. A search may then share one position between
        its worlds until a chance event is drawn. ``False`` unless the game knows better."""
        return False

    # -- time -----------------------------------------------------------------------------
    @property
    def timers(self) -> tuple[Timer, ...]:
        """Pending deadlines; games without real time have none."""
        return ()

    def _expire(self, timer: Timer) -> list[Event]:
        raise IllegalActionError(f"{self.game.info.name} has no timers")

    def expire(self, timer: Timer | str) -> list[Event]:
        """A deadline has passed: apply it, and record it like a move."""
        if not isinstance(timer, (str, Timer)):
            raise IllegalActionError(f"expire takes a pending Timer or its name, not {timer!r}")
        pending = {t.name: t for t in self.timers}
        name = timer if isinstance(timer, str) else timer.name
        if name not in pending:
            allowed = ", ".join(pending) or "none"
            raise IllegalActionError(f"no timer named {name!r} is pending (pending: {allowed})")
        events = self._expire(pending[name])
        self._history = (self._history, None, pending[name])
        for event in events:
            self._log = (self._log, event)
        return events

    # -- acting ---------------------------------------------------------------------------
    def apply(self, seat: int, action: A) -> list[Event]:
        """Carry out ``action`` for ``seat`` and return what happened.

        Raises ``IllegalActionError`` naming the rule, and leaves the state untouched, when the
        game is over, the seat may not act now, or the rules forbid the action.
        """
        if type(seat) is not int or not 0 <= seat < self.players:  # _is_int, inline: this runs at every move
            # True == 1 and numpy.int64(1) == 1 would pass the actor check, and then the record
            # would hold a seat that neither serialises nor replays.
            raise IllegalActionError(f"a seat is an int from 0 to {self.players - 1}, not {seat!r} ({type(seat).__name__})")
        if seat not in self.actors:  # which are () once the game is over: is_over is asked only then
            if self.is_over:
                raise IllegalActionError("the game is over: no more actions are accepted")
            raise IllegalActionError(self._why_not_actor(seat))
        events = self._apply(seat, action)
        self._history = (self._history, seat, action)
        for event in events:
            self._log = (self._log, event)
        return events

    def _why_not_actor(self, seat: int) -> str:
        """The message for a move by a seat that may not act now (games may name their rule)."""
        waiting = ", ".join(seat_name(s) for s in self.actors) or "nobody"
        who = seat_name(seat) if isinstance(seat, int) and seat >= 0 else repr(seat)
        return f"it is not {who}'s turn to act; waiting for: {waiting}"

    # -- what a seat may know -------------------------------------------------------------
    def events(self, last: int | None = None) -> list[Event]:
        """The events so far (or only the ``last`` few), oldest first, hidden details still wrapped.

        Only the events asked for are walked: views and undo checks read the last few of long games.
        """
        found: list[Event] = []
        node = self._log
        while node is not None and (last is None or len(found) < last):
            node, event = node
            found.append(event)
        found.reverse()
        return found

    def log(self, seat: int | None, last: int | None = None) -> list[dict[str, Any]]:
        """The event log as ``seat`` may know it (``None``: a spectator), optionally only the last few.

        Each event is ``{"kind", "actor", **fields, "text", "message"}``: the fields as the seat may know
        them, the game's English sentence for them, written now (never in ``apply``), and the message a
        page or a terminal words them from in its reader's language (``Game.message``).
        """
        shown = [event.seen_by(seat) for event in self.events(last)]
        game = self.game
        english = game._english
        for event in shown:
            message = game.message(event)  # made once: the English text is the same message in words
            event["text"] = english.message(message, event)
            event["message"] = message
        return shown

    def prompt(self, seat: int | None) -> str:
        """What the game now asks of ``seat``, in words (a spectator is told whom it waits for)."""
        return self.game.prompt_text(self.ask(seat))

    def ask(self, seat: int | None) -> dict[str, Any]:
        """What the game now asks of ``seat`` as a kind and its fields, e.g. ``{"kind": "waiting-for",
        "seat": 1}``: the words of :meth:`prompt` come from the catalogues' ``prompt.<kind>``."""
        if self.is_over:
            return {"kind": "over"}
        actors = self.actors
        if seat is not None and seat in actors:
            asked = self._ask(seat)
            if asked is not None:
                return asked
            return {"kind": "your-move" if seat == actors[0] else "you-may-act"}
        if not actors:
            return {"kind": "waiting-clock"}
        return {"kind": "waiting-for", "seat": actors[0]}

    def _ask(self, seat: int) -> dict[str, Any] | None:
        """What the game asks ``seat`` (an actor) now: ``{"kind", **fields}`` with a kind of
        ``Game.prompt_fields``, or ``None`` for "Your move." (games override). By default the words of
        :meth:`_prompt`, which a browser cannot translate.

        It must not depend on anything hidden from the other seats unless only ``seat`` sees it.
        """
        text = self._prompt(seat)
        return {"kind": "say", "text": text} if text else None

    def _prompt(self, seat: int) -> str | None:
        """The older way to ask: words only (``None``: "Your move."). Prefer :meth:`_ask`."""
        return None

    @property
    def chat_open(self) -> bool:
        """Whether players may talk at the table now (the server's chat). A game closes it while
        talk would leak or break its rules: When I Dream's night, where clues go through the game."""
        return True

    def action_forms(self, seat: int) -> list[ActionForm]:
        """Moves with free parameters ``seat`` may make now (see :mod:`.forms`); none by default."""
        return []

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), in the one envelope every game shares.

        ``seat``, ``players`` (count), ``actors`` and ``turn`` (ints; ``turn`` is the seat the game
        waits for, or ``None``), ``timers`` (name, seat, seconds), ``prompt`` (words), ``events``
        (the last few, structured, with their sentence), ``outcome``, and the game's own
        ``board``. Everything is JSON-ready; docs/architecture.md describes it.
        """
        if seat is not None and not (_is_int(seat) and 0 <= seat < self.players):
            raise ValueError(f"seat must be None or 0–{self.players - 1}, not {seat!r}")
        actors = self.actors
        outcome = self.outcome
        ask = self.ask(seat)
        return {
            "seat": seat,
            "players": self.players,
            "actors": list(actors),
            "turn": actors[0] if actors else None,
            "timers": [{"name": t.name, "seat": t.seat, "seconds": float(t.seconds)} for t in self.timers],
            "prompt": self.game.prompt_text(ask),
            "ask": ask,
            "prompt_message": self.game.prompt_message(ask),
            "events": self.log(seat, RECENT_EVENTS),
            "outcome": None if outcome is None else {
                "scores": list(outcome.scores),
                "winners": list(outcome.winners),
                "reason": outcome.reason,
                "details": reveal([dict(d) for d in outcome.details], seat),  # rebuilt all the way down: a view never aliases the state
            },
            "board": reveal(self._view(), seat),
        }

    # -- pickling: the history and the log are linked lists, flattened so long games pickle ----
    # The game pickles as its id (Game.__reduce__); caches (``_unpickled``) are left out.
    def __getstate__(self) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        skipped = self._unpickled
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if name not in skipped and hasattr(self, name):
                    fields[name] = getattr(self, name)
        fields["_history"] = _flatten(self._history)
        fields["_log"] = _flatten(self._log)
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            if name in ("_history", "_log"):
                value = _link(value)
            elif name == "options":  # a pickle from before options were private
                name = "_options"
            object.__setattr__(self, name, value)
        for name, make in self._unpickled.items():
            object.__setattr__(self, name, make())

    # -- records --------------------------------------------------------------------------
    def history(self) -> list[tuple[int | None, A | Timer]]:
        """Every move so far, oldest first: ``(seat, action)``, or ``(None, timer)`` for an expiry."""
        moves: list[tuple[int | None, Any]] = []
        node = self._history
        while node is not None:
            node, seat, move = node
            moves.append((seat, move))
        moves.reverse()
        return moves

    def play_recorded(self, seat: int | None, text: str) -> list[Event]:
        """Apply one move as :meth:`record` writes it: ``seat``'s notation, or the clock's ``expire NAME``
        (``seat`` None). The one reader of a record's moves: replays, rebuilt tables and goldens use it."""
        if seat is None:
            return self.expire(expired_timer(text))
        return self.apply(seat, self.game.parse_action(self, seat, text))

    def record(self) -> Record:
        """The record (save file) of this match: game, version, players, seed, options and moves."""
        moves: list[tuple[int | None, str]] = []
        for seat, move in self.history():
            text = expiry_text(move.name) if seat is None and isinstance(move, Timer) else str(move)
            moves.append((seat, text))
        info = self.game.info
        return Record(info.id, info.version, self.players, self.seed, copy.deepcopy(self._options), moves)

    def __iter__(self) -> Iterator[int]:  # pragma: no cover - guard against a common mistake
        raise TypeError("a State is not iterable; use state.actors or state.legal_actions(seat)")


_SCALARS = frozenset((str, int, float, bool, type(None)))
"""Option values that are immutable, checked by exact type (a subclass may hold something editable)."""


def _is_int(value: Any) -> bool:
    """Whether ``value`` is a plain ``int`` (not a bool, not a numpy integer), as seats and seeds must be."""
    return type(value) is int


def _flatten(linked: tuple[Any, ...] | None) -> list[tuple[Any, ...]]:
    """A linked list ``(previous, *item)`` as a flat list of items, oldest first (no recursion)."""
    items: list[tuple[Any, ...]] = []
    while linked is not None:
        items.append(linked[1:])
        linked = linked[0]
    items.reverse()
    return items


def _link(items: list[tuple[Any, ...]]) -> tuple[Any, ...] | None:
    """The linked list :func:`_flatten` flattened."""
    linked: tuple[Any, ...] | None = None
    for item in items:
        linked = (linked, *item)
    return linked


class TurnBasedState(State[A]):
    """A game where one seat acts at a time: ``turn`` names it, ``_outcome`` is set at the end."""

    __slots__ = ("turn", "_outcome")

    turn: int
    _outcome: Outcome | None

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat whose turn it is, or ``()`` when the game is over."""
        return () if self._outcome is not None else (self.turn,)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on, then the scores, the winners and the reason."""
        return self._outcome



__all__ = [
    "A", "Action", "Game", "GameInfo", "Option", "Outcome", "RECENT_EVENTS", "SetupError", "State", "Timer",
    "TurnBasedState", "seat_from_name", "seat_list", "seat_name",
]
