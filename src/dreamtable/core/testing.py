"""The testing kit: generic checks every game must pass, through the contract only.

* :func:`fuzz` — seeded random games to the end, checking invariants at every step;
* :func:`check_determinism` — ``replay(state.record())`` gives the same views for every seat;
* :func:`check_no_leak` — determinising for a seat never changes that seat's view or log, and
  does change what it cannot see;
* :func:`check_copy_independence` — acting on a copy never touches the original;
* :func:`check_ownership` — copies and worlds own their options and outcome details; a pickle
  round trip is bound to the registry's Game, and no Game cache is pickled;
* :func:`check_notation_round_trip` — ``parse_action(str(a)) == a`` for every legal action;
* :func:`check_view_shape` — every view is the one envelope (events and ask closed per kind by the
  game's declarations), and the game's board fits the JSON Schema the game ships; seats are ints
  in views and events; :func:`check_envelope_is_closed` plants a key at every level and expects refusal;
* :func:`check_event_sentences` — every event the game emits is worded in every language;
* :func:`check_action_forms` — forms refuse out-of-bounds values, and ``apply`` accepts nothing
  that neither ``legal_actions`` lists nor a form describes;
* :func:`check_form_types` — every parameter of every form, filled with each JSON type, is refused
  with ``FormError`` naming it unless the type is the parameter's (nothing else is raised);
* :func:`check_undo_policy` — random games at a table where no undo ever goes back past a reveal;
* golden playthroughs — :func:`write_playthrough` / :func:`check_playthrough`, regenerated with
  ``python -m dreamtable.testing regenerate tests/playthroughs``.

Each check raises ``AssertionError`` with a message that says which game, seed and step failed.
A game may add its own invariants with a ``check_invariants()`` method on its state.
"""

from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from .clock import SimulatedClock
from .contract import Game, State
from .errors import DreamtableError, IllegalActionError, NotationError
from .forms import JSON_SAMPLES, FormError, Param
from .record import Record
from .registry import load, replay
from .reveals import reveal_of
from .rng import bot_seed
from .table import Table
from .view_schema import kind_schemas
from .words import LANGUAGES



def all_views(state: State[Any]) -> list[str]:
    """Every seat's view and the spectator's, as canonical JSON (so they compare and must serialise)."""
    seats: list[int | None] = [*range(state.players), None]
    return [json.dumps(state.view(seat), sort_keys=True) for seat in seats]


def all_logs(state: State[Any]) -> list[str]:
    """Every seat's event log and the spectator's, as canonical JSON."""
    seats: list[int | None] = [*range(state.players), None]
    return [json.dumps(state.log(seat), sort_keys=True) for seat in seats]


# JSON Schema keywords fastjsonschema (draft-07) understands; a schema using others is checked
# by jsonschema alone. Both agree on these, and fastjsonschema is about ten times faster, which
# matters when every view of thousands of fuzzed games is checked.
_DRAFT7_KEYWORDS = frozenset({
    "$schema", "$id", "$ref", "$comment", "$defs", "definitions", "title", "description", "default", "examples",
    "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    "maxLength", "minLength", "pattern", "format", "items", "additionalItems", "maxItems", "minItems", "uniqueItems",
    "contains", "maxProperties", "minProperties", "required", "properties", "patternProperties",
    "additionalProperties", "dependencies", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
})
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf")


def _draft7_only(schema: Any) -> bool:
    """Whether a schema uses only keywords that draft-07 (and so fastjsonschema) knows."""
    if not isinstance(schema, dict):
        return True
    if "$ref" in schema and set(schema) - {"$ref", "$comment", "title", "description"}:
        return False  # draft 7 ignores every keyword beside a $ref; 2020-12 applies them
    for key, value in schema.items():
        if key not in _DRAFT7_KEYWORDS:
            return False
        if key in _SCHEMA_MAPS and not all(_draft7_only(child) for child in value.values()):
            return False
        if key in _SCHEMA_LISTS or (key == "items" and isinstance(value, list)):
            if not all(_draft7_only(child) for child in value):
                return False
        elif isinstance(value, dict) and key not in _SCHEMA_MAPS and not _draft7_only(value):
            return False
    return True


def _compiled(schema: dict[str, Any]) -> Callable[[Any], None]:
    """A validating function: fastjsonschema when it understands the schema, else jsonschema."""
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema)  # the schema itself must be valid 2020-12
    if _draft7_only(schema):
        import fastjsonschema

        fast = fastjsonschema.compile({key: value for key, value in schema.items() if key != "$schema"})

        def check_fast(item: Any) -> None:
            try:
                fast(item)
            except fastjsonschema.JsonSchemaValueException as error:
                raise ValueError(f"{error.message} (at {error.name})") from None

        return check_fast
    slow = Draft202012Validator(schema)

    def check_slow(item: Any) -> None:
        error = next(iter(slow.iter_errors(item)), None)
        if error is not None:
            path = "/".join(str(step) for step in error.absolute_path)
            raise ValueError(f"{error.message} (at /{path})")

    return check_slow


class _ShapeChecks:
    """One game's compiled schemas: the envelope, its board, and one per event kind and question kind
    (core/view_schema.py), each compiled when first met."""

    def __init__(self, game_id: str) -> None:
        game = load(game_id)
        envelope, self.event_kinds, self.ask_kinds = kind_schemas(game)
        self.envelope, self.board = _compiled(envelope), _compiled(game.view_schema)
        self._kinds: dict[tuple[str, str], Callable[[Any], None]] = {}

    def kind(self, part: str, kind: str) -> Callable[[Any], None]:
        """The closed schema of one kind of ``events`` or ``ask`` (the envelope already checked it is known)."""
        found = self._kinds.get((part, kind))
        if found is None:
            found = self._kinds[part, kind] = _compiled((self.event_kinds if part == "events" else self.ask_kinds)[kind])
        return found


@lru_cache(maxsize=None)
def _validators(game_id: str) -> _ShapeChecks:
    return _ShapeChecks(game_id)


def check_view_shape(view: dict[str, Any], game_id: str, where: str = "") -> None:
    """The view is the one envelope (docs/architecture.md), each event and the ask hold exactly the
    fields their kind declares, and its board fits the game's schema."""
    checks = _validators(game_id)
    parts: list[tuple[Callable[[Any], None], Any, str]] = [(checks.envelope, view, "envelope"), (checks.board, view.get("board"), "board")]
    for check, part, name in parts:
        try:
            check(part)
        except ValueError as error:
            raise AssertionError(f"{where or game_id}: the view's {name} breaks its schema: {error}") from None
    items = [(f"events[{index}]", checks.kind("events", event["kind"]), event) for index, event in enumerate(view["events"])]
    for name, check, part in [*items, ("ask", checks.kind("ask", view["ask"]["kind"]), view["ask"])]:
        try:
            check(part)
        except ValueError as error:
            raise AssertionError(f"{where or game_id}: the view's envelope breaks its schema at {name} "
                                 f"({part['kind']!r}): {error}") from None
    players = view["players"]
    for event in view["events"]:
        actor = event["actor"]
        if actor is not None and not (isinstance(actor, int) and 0 <= actor < players):
            raise AssertionError(f"{where or game_id}: event {event['kind']!r} names actor {actor!r}, not a seat int")

PLANTED_KEY = "planted_leak"
"""The key :func:`check_envelope_is_closed` adds, as a leak would add another seat's hand."""


def check_envelope_is_closed(view: dict[str, Any], game_id: str, where: str = "") -> list[str]:
    """A key planted at each level of ``view`` (a valid view) is refused by :func:`check_view_shape`:
    the top, the board (where the game's schema closes it), every event, the ask, the outcome and
    every timer. Returns the levels tried (a view without events, outcome or timers has fewer)."""
    levels: list[tuple[str, tuple[str | int, ...]]] = [("top", ())]  # each level's path in the view
    if load(game_id).view_schema.get("additionalProperties") is False:
        levels.append(("board", ("board",)))
    levels.append(("ask", ("ask",)))
    if view["outcome"] is not None:
        levels.append(("outcome", ("outcome",)))
    levels += [(f"{part}[{index}]", (part, index)) for part in ("events", "timers") for index in range(len(view[part]))]
    for level, path in levels:
        spoilt = copy.deepcopy(view)
        place: Any = spoilt
        for step in path:
            place = place[step]
        place[PLANTED_KEY] = ["S1", "S2"]
        try:
            check_view_shape(spoilt, game_id, where)
        except AssertionError:
            continue
        raise AssertionError(f"{where or game_id}: a key planted in the view's {level} passes the schema: "
                             "a leak there would go unseen")
    return [level for level, _ in levels]


def check_event_sentences(state: State[Any], where: str = "", since: int = 0) -> int:
    """Every event (after the first ``since``) is worded for every viewer in every language dreamtable
    speaks: its message names templates the game's catalogues have and leaves no field unfilled.
    Returns the count of events, to pass as ``since`` next time (a fuzz game then reads each event once)."""
    total = len(state.events())
    if total <= since:
        return total
    for seat in [*range(state.players), None]:
        try:
            events = state.log(seat, total - since)
        except (KeyError, IndexError, ValueError) as error:
            raise AssertionError(f"{where or state.game.id}: an event cannot be worded: {error}") from None
        for event in events:
            for language in LANGUAGES:
                problems = state.game.words(language).unworded(event["message"], event)
                if problems:
                    raise AssertionError(f"{where or state.game.id}: a {event['kind']} event in {language}: "
                                         f"{'; '.join(problems)}")
    return total


def _check_game_invariants(state: State[Any], where: str) -> None:
    check = getattr(state, "check_invariants", None)
    if check is not None:
        try:
            check()
        except AssertionError as error:
            raise AssertionError(f"{where}: invariant broken: {error}") from None


def step_checks(game: Game[Any], state: State[Any], where: str) -> None:
    """The checks made at every step of a fuzz game (cheap enough for thousands of games)."""
    actors = state.actors
    if not actors and not state.timers and not state.is_over:
        raise AssertionError(f"{where}: nobody may act, no timer is pending, and the game is not over")
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        if seat in actors and not legal:
            raise AssertionError(f"{where}: seat {seat} is an actor with no legal action")
        if seat not in actors and legal:
            raise AssertionError(f"{where}: seat {seat} may not act but has legal actions {legal[:3]}")
        for action in legal:
            text = str(action)
            back = game.parse_action(state, seat, text)
            if back != action:
                raise AssertionError(f"{where}: notation {text!r} reads back as {back!r}, not {action!r}")
    _check_game_invariants(state, where)


@dataclass
class FuzzReport:
    """What a fuzz run played: games, decisions, and how the games ended."""

    games: int = 0
    decisions: int = 0
    end_reasons: dict[str, int] = field(default_factory=dict)


def play_random(
    game: Game[Any],
    players: int,
    seed: int,
    *,
    on_step: Callable[[State[Any], int], None] | None = None,
    timer_chance: float = 0.05,
    max_steps: int = 100_000,
    options: dict[str, Any] | None = None,
    prefer: str | None = None,
) -> State[Any]:
    """One seeded game of random legal actions to the end (deadlines expire at random moments).

    With ``prefer`` (a notation prefix such as ``"play "``), an action written with that prefix is
    taken whenever one is legal; every other choice stays uniform. Games whose uniform random play
    takes tens of thousands of steps to end (Dreamwell) are fuzzed this way, which also reaches
    the effects of those actions far more often.
    """
    rng = random.Random(seed * 7919 + players)
    state = game.new(players=players, seed=seed, **(options or {}))
    preferred_by_action: dict[Any, bool] = {}  # actions are values: their notation is written once

    def is_preferred(action: Any) -> bool:
        found = preferred_by_action.get(action)
        if found is None:
            found = preferred_by_action[action] = str(action).startswith(prefer or "")
        return found

    step = 0
    while not state.is_over:
        if on_step is not None:
            on_step(state, step)
        actors = state.actors
        timers = state.timers
        if timers and (not actors or rng.random() < timer_chance):
            state.expire(rng.choice(timers))
        else:
            seat = rng.choice(actors)
            legal = state.legal_actions(seat)
            preferred = [action for action in legal if is_preferred(action)] if prefer else []
            state.apply(seat, rng.choice(preferred or legal))
        step += 1
        if step > max_steps:
            raise AssertionError(f"{game.id} players={players} seed={seed}: no end after {max_steps} steps")
    if on_step is not None:
        on_step(state, step)
    return state


def fuzz(
    game_id: str,
    player_counts: list[int],
    games_per_count: int,
    *,
    first_seed: int = 0,
    view_every: int = 7,
    check_every: int = 1,
    options: dict[str, Any] | None = None,
    prefer: str | None = None,
) -> FuzzReport:
    """Random-play fuzz: steps check actors, legal actions, notation and the game's invariants.

    Views are serialised every ``view_every`` steps and at the end, and the step checks run every
    ``check_every`` steps (games of thousands of random decisions, like Dreamwell's, would
    otherwise be too slow for ``make test``); the first and last steps are always checked.
    ``prefer`` is passed to :func:`play_random`.
    """
    game = load(game_id)
    report = FuzzReport()
    for players in player_counts:
        for seed in range(first_seed, first_seed + games_per_count):

            told = [0]  # events whose sentences were checked

            def on_step(state: State[Any], step: int) -> None:
                where = f"{game_id} players={players} seed={seed} step={step}"
                if step % check_every == 0 or state.is_over:
                    step_checks(game, state, where)
                if step % view_every == 0 or state.is_over:
                    for seat in [*range(state.players), None]:
                        check_view_shape(state.view(seat), game_id, where)
                    told[0] = check_event_sentences(state, where, told[0])

            state = play_random(game, players, seed, on_step=on_step, options=options, prefer=prefer)
            outcome = state.outcome
            if outcome is None:
                raise AssertionError(f"{game_id} players={players} seed={seed}: over but no outcome")
            report.games += 1
            report.decisions += len(state.history())
            report.end_reasons[outcome.reason] = report.end_reasons.get(outcome.reason, 0) + 1
    return report


def check_determinism(state: State[Any]) -> None:
    """Replaying the state's record gives identical views and logs for every seat."""
    again = replay(Record.from_dict(json.loads(json.dumps(state.record().to_dict()))))
    if all_views(again) != all_views(state):
        raise AssertionError(f"{state.game.id} seed={state.seed}: replay(record) gives different views")
    if all_logs(again) != all_logs(state):
        raise AssertionError(f"{state.game.id} seed={state.seed}: replay(record) gives different logs")


def check_no_leak(state: State[Any], seat: int, draws: int = 8, seed: int = 0) -> bool:
    """Determinising for ``seat`` keeps its view and log; returns whether anything hidden changed."""
    mine_view = json.dumps(state.view(seat), sort_keys=True)
    mine_log = json.dumps(state.log(seat), sort_keys=True)
    truth = all_views(state)
    changed = False
    rng = random.Random(seed)
    for _ in range(draws):
        world = state.determinize(seat, rng)
        if json.dumps(world.view(seat), sort_keys=True) != mine_view:
            raise AssertionError(f"{state.game.id} seed={state.seed}: determinize({seat}) changed seat {seat}'s own view")
        if json.dumps(world.log(seat), sort_keys=True) != mine_log:
            raise AssertionError(f"{state.game.id} seed={state.seed}: determinize({seat}) changed seat {seat}'s log")
        changed = changed or all_views(world) != truth
    if all_views(state) != truth:
        raise AssertionError(f"{state.game.id} seed={state.seed}: determinize changed the original state")
    return changed


def check_copy_independence(state: State[Any], seed: int = 0) -> None:
    """Acting on a copy (to the end of the game) never changes the original's views or logs."""
    before_views, before_logs = all_views(state), all_logs(state)
    twin = state.copy()
    if all_views(twin) != before_views:
        raise AssertionError(f"{state.game.id} seed={state.seed}: a fresh copy differs from its original")
    rng = random.Random(seed)
    while not twin.is_over:
        actors = twin.actors
        if not actors:
            twin.expire(twin.timers[0])
            continue
        seat = rng.choice(actors)
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
    if all_views(state) != before_views or all_logs(state) != before_logs:
        raise AssertionError(f"{state.game.id} seed={state.seed}: acting on a copy changed the original")


def _mutate_owned(state: State[Any]) -> int:
    """Edit everything a state hands out as its own: its options and its outcome's details."""
    from .testing_attacks import mutate_all  # the kit's one way to edit every container

    outcome = state.outcome
    return mutate_all(state.options) + (sum(mutate_all(detail) for detail in outcome.details) if outcome else 0)


def _owned_fingerprint(state: State[Any]) -> str:
    outcome = state.outcome
    return json.dumps([state.options, state.record().to_dict(), None if outcome is None else [dict(d) for d in outcome.details],
                       all_views(state)], sort_keys=True, default=repr)


def check_ownership(state: State[Any], seed: int = 0) -> None:
    """Copies and worlds own what they hand out: editing a copy's or a ``determinize`` world's
    options or outcome details (and the original's) changes no other state's options, record,
    outcome or views; a pickle round trip gives a state bound to the registry's Game object
    (``dreamtable.load(id)``), and the Game pickles as its id, without its cached schema or encoding."""
    import copy
    import pickle

    where = f"{state.game.id} seed={state.seed} move={len(state.history())}"
    state = copy.deepcopy(state)  # the caller's state is not edited
    seat = random.Random(seed).randrange(state.players)
    for name, make in (("a copy", state.copy), ("a world of determinize", lambda: state.determinize(seat, random.Random(seed)))):
        before = _owned_fingerprint(state)
        twin = make()
        _mutate_owned(twin)
        twin_before = _owned_fingerprint(twin)
        if _owned_fingerprint(state) != before:
            raise AssertionError(f"{where}: editing {name}'s options or outcome details changed the original")
        _mutate_owned(state)
        if _owned_fingerprint(twin) != twin_before:
            raise AssertionError(f"{where}: editing the original's options or outcome details changed {name}")
    game = load(state.game.id)
    game.view_schema  # the caches are filled, as in a server
    try:
        game.encoding
    except DreamtableError:
        pass  # a game without an encoding
    again = pickle.loads(pickle.dumps(state))
    if again.game is not game:
        raise AssertionError(f"{where}: an unpickled state holds another Game object than dreamtable.load({game.id!r})")
    if all_views(again) != all_views(state):
        raise AssertionError(f"{where}: an unpickled state shows other views")
    carried = len(pickle.dumps(state.game))
    if carried > 200:
        raise AssertionError(f"{where}: the Game pickles as {carried} bytes (its caches), not as its id")


def check_notation_round_trip(state: State[Any]) -> None:
    """``parse_action(state, seat, str(a)) == a`` for every legal action of every seat."""
    for seat in range(state.players):
        for action in state.legal_actions(seat):
            back = state.game.parse_action(state, seat, str(action))
            if back != action:
                raise AssertionError(f"{state.game.id}: {str(action)!r} reads back as {back!r}, not {action!r}")


def check_rejects_bad_input(state: State[Any]) -> None:
    """Garbage notation and actions by a seat that may not act are refused, changing nothing."""
    before = all_views(state)
    game = state.game
    actors = state.actors
    for seat in range(state.players):
        try:
            game.parse_action(state, seat, "%%not a move%%")
        except NotationError:
            pass
        else:
            raise AssertionError(f"{game.id}: garbage notation was accepted")
    outsiders = [seat for seat in range(state.players) if seat not in actors]
    if actors and outsiders:
        action = state.legal_actions(actors[0])[0]
        try:
            state.apply(outsiders[0], action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{game.id}: seat {outsiders[0]} acted out of turn")
    if all_views(state) != before:
        raise AssertionError(f"{game.id}: rejected input changed the state")


_NUMBER = re.compile(r"\d+")


def _mutations(text: str) -> list[str]:
    """Texts near a legal move's notation: each number changed (to 0, one more, far beyond)."""
    found = []
    for match in _NUMBER.finditer(text):
        value = int(match.group())
        for other in (0, value + 1, value + 97):
            if other != value:
                found.append(text[: match.start()] + str(other) + text[match.end():])
    return found


def check_action_forms(state: State[Any]) -> None:
    """Forms refuse out-of-bounds values and fill in-bounds ones into readable notation; and a move
    that is neither listed by ``legal_actions`` nor described by a form is refused by ``apply``."""
    game = state.game
    before = all_views(state)
    for seat in state.actors:
        forms = state.action_forms(seat)
        for form in forms:
            json.dumps(form.to_json())
            samples = {param.name: param.samples() for param in form.params}
            for param in form.params:
                for bad in param.out_of_bounds():
                    values = {name: (found[0] if found else "word") for name, found in samples.items()}
                    values[param.name] = bad
                    try:
                        form.fill(**values)
                    except FormError:
                        continue
                    raise AssertionError(f"{game.id}: form {form.kind!r} accepted {param.name}={bad!r}")
            if all(samples.values()):
                text = form.fill(**{name: found[-1] for name, found in samples.items()})
                if not form.matches(text):
                    raise AssertionError(f"{game.id}: form {form.kind!r} does not match its own filling {text!r}")
                try:
                    game.parse_action(state, seat, text)
                except NotationError as error:
                    raise AssertionError(f"{game.id}: form {form.kind!r} filled as {text!r} does not read: {error}") from None
        legal = state.legal_actions(seat)
        listed = set(legal)
        for action in legal[:40]:
            for text in _mutations(str(action)):
                try:
                    near = game.parse_action(state, seat, text)
                except (NotationError, ValueError):
                    continue
                if near in listed or any(form.matches(str(near)) for form in forms):
                    continue
                twin = state.copy()
                try:
                    twin.apply(seat, near)
                except IllegalActionError:
                    continue
                raise AssertionError(
                    f"{game.id}: {str(near)!r} was accepted for seat {seat} though no legal action or form offers it")
    if all_views(state) != before:
        raise AssertionError(f"{game.id}: checking the action forms changed the state")


def _takes_type(param: Param, value: Any) -> bool:
    """Whether ``value`` is of a JSON type ``param`` takes (its bounds aside)."""
    if param.kind in ("int", "seat"):
        return type(value) is int
    if param.kind == "choices":
        return isinstance(value, (str, list))
    return isinstance(value, str)


def check_form_types(state: State[Any]) -> int:
    """Every parameter of every open form, given a value of each JSON type, is refused with
    ``FormError`` naming the parameter unless the type is the parameter's; filling a whole form
    with each raises nothing but ``FormError``; nothing changes. Returns the parameters tried."""
    game = state.game
    before = all_views(state)
    tried = 0
    for seat in state.actors:
        for form in state.action_forms(seat):
            for value in JSON_SAMPLES:
                for param in form.params:
                    tried += 1
                    try:
                        param.write(value)
                    except FormError as error:
                        if param.name not in str(error):
                            raise AssertionError(f"{game.id}: form {form.kind!r} refused {param.name}={value!r} "
                                                 f"without naming the field: {error}") from None
                    except Exception as error:
                        raise AssertionError(f"{game.id}: form {form.kind!r} given {param.name}={value!r} raised "
                                             f"{type(error).__name__}: {error}, not FormError") from None
                    else:
                        if not _takes_type(param, value):
                            raise AssertionError(f"{game.id}: form {form.kind!r} ({param.kind}) accepted "
                                                 f"{param.name}={value!r} ({type(value).__name__})")
                try:  # the whole form, as a client fills it (the server's /forms)
                    form.fill(**{param.name: value for param in form.params})
                except FormError:
                    pass
                except Exception as error:
                    raise AssertionError(f"{game.id}: form {form.kind!r} filled with {value!r} raised "
                                         f"{type(error).__name__}: {error}, not FormError") from None
    if all_views(state) != before:
        raise AssertionError(f"{game.id}: filling the action forms changed the state")
    return tried


@dataclass
class UndoReport:
    """What :func:`check_undo_policy` saw: undos taken, and refusals because of a reveal."""

    undone: int = 0
    refused_reveal: int = 0
    refused_other: int = 0


def check_undo_policy(game_id: str, players: int, seed: int, *, max_steps: int = 400, options: dict[str, Any] | None = None,
                      report: UndoReport | None = None) -> UndoReport:
    """A random game at a table, seat 0 a human who often asks to undo: no undo ever goes back past
    a reveal. Each undo the table grants is checked again with three times as many worlds and other
    draws, and must restore exactly the state before the human's move."""
    from ..agents import RandomAgent  # agents sit above core: imported only when bots are needed

    report = report or UndoReport()
    rng = random.Random(seed)
    state = load(game_id).new(players=players, seed=seed, **(options or {}))
    table = Table(state, {seat: RandomAgent(bot_seed(seed, seat)) for seat in range(1, players)},
                  clock=SimulatedClock())
    my_moves: list[str] = []  # the human's view just before each of its moves
    for step in range(max_steps):
        table.advance()
        if table.is_over or not table.waiting_for_human():
            if not table.is_over and not table.state.timers:
                raise AssertionError(f"{game_id} seed={seed}: the table is stuck at step {step}")
            if table.is_over:
                break
            continue
        if my_moves and rng.random() < 0.35:
            reason = table.why_no_undo(0)
            if reason is None:
                start = max(i for i, step_ in enumerate(table._steps) if step_.seat == 0)
                for index in range(start, len(table._steps)):
                    taken = table._steps[index]
                    after = table._steps[index + 1].before if index + 1 < len(table._steps) else table.state
                    assert taken.before is not None and after is not None and taken.seat is not None
                    strict = reveal_of(taken.before, taken.seat, taken.action, after, worlds=24, seed=seed + 7919 * index)
                    if strict.learned or (taken.seat != 0 and 0 in strict.exposed_to):
                        raise AssertionError(
                            f"{game_id} seed={seed}: undo allowed back past {taken.action} by seat {taken.seat}, "
                            f"which showed {sorted(strict.learned) or 'seat 0 its mover'} something")
                expected = my_moves[-1]
                table.undo(0)
                my_moves.pop()
                if json.dumps(table.view(0)["board"], sort_keys=True) != expected:
                    raise AssertionError(f"{game_id} seed={seed}: undo did not restore the view before the move")
                report.undone += 1
                continue
            if "showed" in reason:
                report.refused_reveal += 1
            else:
                report.refused_other += 1
            try:
                table.undo(0)
            except DreamtableError:
                pass
            else:
                raise AssertionError(f"{game_id} seed={seed}: undo went ahead though the table said {reason!r}")
        legal = table.legal_actions(0)
        board = json.dumps(table.view(0)["board"], sort_keys=True)
        table.submit(0, rng.choice(legal))
        my_moves.append(board)
    return report


# -- golden playthroughs --------------------------------------------------------------------
# Short games written step by step as text, replayed and compared by CI: see .playthrough and
# docs/testing.md. Re-exported here so that ``dreamtable.testing`` keeps its names; ``main`` is
# ``python -m dreamtable.testing golden check|regenerate|new|add`` (and ``regenerate FOLDER``).

from .playthrough import (  # noqa: E402 (the golden section stays at the end of the kit)
    add_golden as add_golden,
    check_playthrough as check_playthrough,
    create_goldens as create_goldens,
    main as main,
    playthrough_of as playthrough_of,
    regenerate as regenerate,
    write_playthrough as write_playthrough,
)
