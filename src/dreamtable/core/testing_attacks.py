"""Kit checks of crafted input and shared mutable state, for every game:

* :func:`check_crafted_moves` — garbage, other games' moves and mutated legal move objects sent to
  ``apply`` by seats of every kind, and garbage timers to ``expire``, are refused with
  ``IllegalActionError`` or ``NotationError`` and change nothing (views, logs, record); ``apply``
  raises nothing else. A mutated move that is accepted must be a listed move, field types and all,
  or one a form describes.
* :func:`check_crafted_notation` — garbage text (unicode digits, control characters, huge or empty
  strings) given to ``parse_action`` raises ``NotationError`` only.
* :func:`check_mutation_isolation` — mutating every container of a view, of ``record().to_dict()``
  and of the options changes neither the state, nor its copies, nor later games of the same id.

Each raises ``AssertionError`` saying the game, seed, what was sent and what happened.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any, Callable

from .contract import State
from .errors import IllegalActionError, NotationError

REFUSALS = (IllegalActionError, NotationError)
"""What a refused move may raise; anything else is a crash."""


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:  # numpy is a test dependency; without it its cases are left out
        return None
    return numpy


def fingerprint(state: State[Any], recent: int | None = 24) -> str:
    """All a state shows: every seat's view and log and the record (so a change shows up).

    With ``recent``, only that many of the last events and moves are compared (with their counts):
    the log and the history are persistent linked lists, so a refused move could only have touched
    their ends, and long games (Dream Cycle's) stay cheap. ``None`` compares them whole.
    """
    seats: list[int | None] = [*range(state.players), None]
    record = state.record().to_dict()
    if recent is not None:
        record["moves"] = [len(record["moves"]), record["moves"][-recent:]]
    logs = [state.log(s, recent) for s in seats]
    return json.dumps([[state.view(s) for s in seats], logs, len(state.events()), record], sort_keys=True)


def _where(state: State[Any]) -> str:
    return f"{state.game.id} players={state.players} seed={state.seed} move={len(state.history())}"


def garbage_values(rng: random.Random) -> list[Any]:
    """Values that are no move of any game."""
    numpy = _numpy()
    values: list[Any] = [None, 0, 1, -1, 2**70, True, False, 1.5, float("nan"), "", "draw", "skip", "A",
                         "x" * 10_000, b"draw", (), (0,), (0, 0), (0, None, 1), (0, 0, 0, 0), [0, 0], {"kind": 0},
                         {0}, object(), rng.random(), ("play", (0,)), ("keep", (99,))]
    if numpy is not None:
        values += [numpy.int64(0), numpy.int64(1), numpy.array([0, 1]), numpy.float64(0.0)]
    return values


def _fields(action: Any) -> list[str] | None:
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return [f.name for f in dataclasses.fields(action)]
    names = getattr(type(action), "_fields", None)
    return list(names) if isinstance(names, tuple) else None


def _rebuilt(action: Any, name: str, value: Any) -> Any | None:
    """``action`` with field ``name`` set to ``value``, built the way the type allows (or None)."""
    try:
        if dataclasses.is_dataclass(action) and not isinstance(action, type):
            return dataclasses.replace(action, **{name: value})
        if hasattr(action, "_replace"):
            return action._replace(**{name: value})
    except (TypeError, ValueError):
        return None
    return None


def wrong_values(value: Any, rng: random.Random) -> list[Any]:
    """Values a field holding ``value`` must not take: out of range, negative, huge, wrong types."""
    numpy = _numpy()
    found: list[Any] = [None, True, False, -1, -3, 99, 2**63, -(2**63), 1.0, "1", "", (), (0,), [0], {0: 0}]
    if isinstance(value, int) and not isinstance(value, bool):
        found += [value + 1, value - 1, value + 97, -value - 1, float(value), str(value), bool(value % 2)]
        if numpy is not None:
            found.append(numpy.int64(value))
    if isinstance(value, tuple):
        found += [value[:-1], value + (0,), value + value, tuple(-1 for _ in value), tuple(99 for _ in value),
                  tuple(str(v) for v in value), list(value)]
        if value:
            found += [tuple(rng.choice(wrong_values(v, rng)) if i == 0 else v for i, v in enumerate(value))]
    if isinstance(value, str):
        found += [value.upper(), value + " ", "x" * 1000, value[::-1], 0]
    return found


def mutations(action: Any, rng: random.Random, limit: int = 12) -> list[Any]:
    """Move objects near a legal ``action``: one field replaced by a wrong value, or the type rebuilt."""
    names = _fields(action)
    if not names:
        return []
    found: list[Any] = []
    for name in names:
        for bad in wrong_values(getattr(action, name), rng):
            mutated = _rebuilt(action, name, bad)
            if mutated is not None:
                found.append(mutated)
    if isinstance(action, tuple):
        found.append(tuple(action))  # the same values in a plain tuple
        try:
            found.append(type(action)(*action))
        except TypeError:
            pass
    return rng.sample(found, min(limit, len(found)))


def _strictly_equal(a: Any, b: Any) -> bool:
    """Equal values of the very same types, all the way down (``True`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_strictly_equal(x, y) for x, y in zip(a, b))
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return all(_strictly_equal(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return bool(a == b)


def bad_seats(state: State[Any]) -> list[Any]:
    """Seats of the wrong type or range, and seats that may not act now."""
    numpy = _numpy()
    seats: list[Any] = [True, False, -1, state.players, state.players + 5, None, "A", 0.0, 1.0]
    if numpy is not None:
        seats += [numpy.int64(seat) for seat in state.actors[:1]]
    seats += [seat for seat in range(state.players) if seat not in state.actors][:2]
    return seats


def glance(state: State[Any]) -> tuple[Any, ...]:
    """A cheap look at a state after each crafted input: the spectator's view, the move count and
    the RNG. What only a seat sees is compared at the end (:func:`fingerprint`, and the game played on)."""
    return state.view(None), len(state.history()), state.rng.state


def _try(state: State[Any], send: Callable[[], Any], what: str, allowed: Callable[[], bool] = lambda: False) -> bool:
    """Send something to ``state``: refused cleanly (True), or accepted when ``allowed()`` (False)."""
    before = glance(state)
    try:
        send()
    except REFUSALS:
        if glance(state) != before:
            raise AssertionError(f"{_where(state)}: refusing {what} changed the state") from None
        return True
    except Exception as error:  # the point of the check: nothing else may escape
        raise AssertionError(f"{_where(state)}: {what} raised {type(error).__name__}: {error}") from error
    if not allowed():
        raise AssertionError(f"{_where(state)}: {what} was accepted")
    return False


def check_crafted_moves(state: State[Any], seed: int = 0, per_action: int = 6, actions: int = 8) -> int:
    """Garbage and mutated moves, wrong seats and wrong timers are refused cleanly (check d).

    Moves of other games are sent by :func:`check_foreign_moves`. Works on a copy; returns how many
    crafted inputs were refused. A mutated move that is accepted must be a listed move (the same
    types in every field) or one a form describes, act exactly like it, and replay from the record.
    """
    rng = random.Random(seed)
    refused = 0
    replayed = False
    victim = state.copy()
    actors = list(state.actors)
    seats: list[Any] = actors + bad_seats(state)
    for value in garbage_values(rng):
        for seat in rng.sample(seats, min(2, len(seats))):
            refused += _try(victim, lambda: victim.apply(seat, value), f"apply({seat!r}, {value!r:.60})")
    for timer in (None, 5, "nope", True, ("night", 1), b"night", 2.5):
        refused += _try(victim, lambda: victim.expire(timer), f"expire({timer!r})")  # type: ignore[arg-type]
    for seat in actors:
        legal = state.legal_actions(seat)
        forms = state.action_forms(seat)
        for action in rng.sample(legal, min(actions, len(legal))):
            wrong = bad_seats(state)
            for bad_seat in rng.sample(wrong, min(3, len(wrong))):
                refused += _try(victim, lambda: victim.apply(bad_seat, action), f"apply({bad_seat!r}, {str(action)!r})")
            for near in mutations(action, rng, per_action):
                def listed() -> bool:
                    return any(_strictly_equal(near, other) for other in legal) or any(
                        form.matches(str(near)) for form in forms)
                what = f"seat {seat}'s mutated move {near!r:.100}"
                if _try(victim, lambda: victim.apply(seat, near), what, listed):
                    refused += 1
                    continue
                expected = state.copy()
                expected.apply(seat, state.game.parse_action(state, seat, str(near)))
                if fingerprint(victim) != fingerprint(expected):
                    raise AssertionError(f"{_where(state)}: {what} did not act as the move it names")
                if not replayed:  # once per state: a long game's replay is slow
                    _check_replays(victim, what)
                    replayed = True
                victim = state.copy()
    if fingerprint(victim, None) != fingerprint(state, None):
        raise AssertionError(f"{_where(state)}: refused moves left the state showing something else")
    _check_same_future(victim, state, rng)
    return refused


def _check_same_future(victim: State[Any], state: State[Any], rng: random.Random, steps: int = 12) -> None:
    """The same moves played on after refused input and on an untouched copy show the same things:
    a refused move must not have changed what no view shows (a deck's order, a counter)."""
    untouched = state.copy()
    for _ in range(steps):
        if untouched.is_over:
            break
        if not untouched.actors:
            timer = untouched.timers[0]
            untouched.expire(timer)
            victim.expire(timer)
            continue
        seat = rng.choice(untouched.actors)
        action = rng.choice(untouched.legal_actions(seat))
        untouched.apply(seat, action)
        try:
            victim.apply(seat, action)
        except REFUSALS as error:
            raise AssertionError(f"{_where(state)}: after refused input the game goes on otherwise than an untouched "
                                 f"copy: {str(action)!r} is refused ({error})") from None
    if fingerprint(victim) != fingerprint(untouched):
        raise AssertionError(f"{_where(state)}: after refused input the game goes on otherwise than an untouched copy")


def check_foreign_moves(state: State[Any], foreign: list[Any], seed: int = 0) -> int:
    """Moves of other games are refused cleanly by every seat that may act."""
    rng = random.Random(seed)
    victim = state.copy()
    refused = 0
    for action in rng.sample(foreign, min(30, len(foreign))):
        for seat in state.actors:
            refused += _try(victim, lambda: victim.apply(seat, action), f"another game's move {action!r:.80}")
    if fingerprint(victim, None) != fingerprint(state, None):
        raise AssertionError(f"{_where(state)}: refused moves of other games left the state showing something else")
    return refused


def _check_replays(state: State[Any], what: str) -> None:
    from .record import Record
    from .registry import replay

    try:
        again = replay(Record.from_dict(json.loads(json.dumps(state.record().to_dict()))))
    except Exception as error:
        raise AssertionError(f"{_where(state)}: after {what} the record no longer replays: {error}") from None
    if fingerprint(again, None) != fingerprint(state, None):
        raise AssertionError(f"{_where(state)}: after {what} the replay differs from the game")


GARBAGE_TEXT = ["", " ", "²", "٣", "start ²", "vote-side ² yellow", "play ² right", "S²", "keep DD٣", "steal ²",
                "\x00", "\x1b[2J", "draw\x00", "\n\n", "\u202e", "𝟙", "Ⅻ", "½", "1e9", "-0", "999999999999999999999",
                "draw " * 5000, "x" * 100_000, "%%", "{}", "[]", "None", "🂡", "ｄｒａｗ"]
"""Text that is no move in any game's notation (or, like 'draw', may be one: see the check)."""


def check_crafted_notation(state: State[Any], seed: int = 0) -> int:
    """``parse_action`` of garbage text raises ``NotationError`` and nothing else."""
    rng = random.Random(seed)
    game = state.game
    before = fingerprint(state)
    refused = 0
    texts = list(GARBAGE_TEXT)
    for action in state.legal_actions(state.actors[0])[:5] if state.actors else []:
        text = str(action)
        texts += [text.replace(digit, "²") for digit in "0123456789" if digit in text]
        texts += [text + "\x00", text * 50, text[: len(text) // 2], "".join(rng.sample(text, len(text)))]
    for seat in range(state.players):
        for text in texts:
            try:
                game.parse_action(state, seat, text)
            except NotationError:
                refused += 1
            except Exception as error:
                raise AssertionError(f"{_where(state)}: parse_action(seat {seat}, {text!r:.80}) raised "
                                     f"{type(error).__name__}: {error}") from error
    if fingerprint(state) != before:
        raise AssertionError(f"{_where(state)}: reading notation changed the state")
    return refused


SENTINEL = "kit-mutation"


def mutate_all(item: Any, depth: int = 0) -> int:
    """Append to every list and set a key on every dict inside ``item``; returns how many were changed."""
    changed = 0
    if depth > 60:
        return 0
    if isinstance(item, dict):
        for value in list(item.values()):
            changed += mutate_all(value, depth + 1)
        item[SENTINEL] = [SENTINEL]
        changed += 1
    elif isinstance(item, list):
        for value in list(item):
            changed += mutate_all(value, depth + 1)
        item.append(SENTINEL)
        changed += 1
    elif isinstance(item, set):
        item.add(SENTINEL)
        changed += 1
    return changed


RECENT = 64
"""Events and moves compared by :func:`check_mutation_isolation` (the last ones: long games stay cheap)."""


def _views_and_logs(state: State[Any]) -> list[Any]:
    seats: list[int | None] = [*range(state.players), None]
    shown: list[Any] = json.loads(json.dumps([[state.view(s) for s in seats], [state.log(s, RECENT) for s in seats]],
                                             sort_keys=True))
    return shown


def check_mutation_isolation(state: State[Any]) -> int:
    """Mutating views, record dicts and options changes nothing else (check e).

    Views, the last :data:`RECENT` events of every log and the record dict are mutated; then the
    options of a deep copy and of a new game: what they show, and a later new game of the same id,
    must not change. Returns how many containers were changed.
    """
    where = _where(state)
    game = state.game
    fresh_before = fingerprint(game.new(players=state.players, seed=state.seed), RECENT)
    twin = state.copy()
    before = fingerprint(state, RECENT)
    changed = 0
    for seat in [*range(state.players), None]:
        changed += mutate_all(state.view(seat))
        changed += mutate_all(state.log(seat, RECENT))
    changed += mutate_all(state.record().to_dict())
    if fingerprint(state, RECENT) != before:
        raise AssertionError(f"{where}: mutating a view, a log or a record dict changed the state")
    if fingerprint(twin, RECENT) != before:
        raise AssertionError(f"{where}: mutating a view, a log or a record dict changed a copy of the state")
    # The options the rules read (``_options``, which ``state.options`` only copies: core/contract.py)
    # are mutated, as a game's own bug would, on an independent deep copy of the state (its copies
    # share them) and on a new game at the defaults (a default that is the game module's own list
    # must not be edited through a match). What the rules do and what seats see must not change,
    # nor later games.
    played = copy.deepcopy(state)
    played_twin = played.copy()
    newborn = game.new(players=state.players, seed=state.seed)
    newborn_before = _views_and_logs(newborn)
    changed += mutate_all(played._options) + mutate_all(newborn._options)
    shown = json.loads(before)[:2]
    for holder, name in ((played, "the state"), (played_twin, "a copy")):
        if _views_and_logs(holder) != shown:
            raise AssertionError(f"{where}: mutating the options changed what {name} shows")
    if _views_and_logs(newborn) != newborn_before:
        raise AssertionError(f"{where}: mutating a new game's options changed what it shows")
    try:
        fresh_after = fingerprint(game.new(players=state.players, seed=state.seed), RECENT)
    except Exception as error:
        raise AssertionError(f"{where}: after mutating a copy's options, a new game fails: {error!r}") from None
    if fresh_after != fresh_before:
        raise AssertionError(f"{where}: mutating a game's options changed later games of {game.id}")
    return changed
