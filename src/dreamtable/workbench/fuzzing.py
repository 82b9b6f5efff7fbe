"""Fuzz at scale: many seeded random games of one game, checked, on every core (``dreamtable fuzz``).

Game ``seed`` draws everything from its seed alone — the player count, the option values, the
actor of each step, the move, the moments deadlines expire and the steps that are checked — so
``dreamtable fuzz GAME --games 1 --seed SEED`` (with the run's other settings) plays it again,
whichever process or order it first ran in.

Each game is checked with the test kit (:mod:`dreamtable.core.testing`): the step checks (actors,
legal actions, notation, the game's ``check_invariants``), the hidden-information check (each seat's
view is the same in a world of ``determinize(seat)``, where what it cannot see is dealt anew) and the
aliasing check (a fresh copy shows what the original shows, and moves on the copy leave the original
unchanged) at the check rate; the view and sentence checks at the view rate; all of them at the first
and last step, an outcome at the end, and ``replay(record)`` giving the same views and logs. Any
exception is a failure, reported with what reproduces it.
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import signal
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterator

from ..core import testing
from ..core.contract import Game, Option, State
from ..core.errors import SetupError
from ..core.record import Record
from ..core.registry import load, replay
from ..core.seats import seat_name

KEPT_FAILURES = 50
"""Failures reported in full; beyond these only their count and kind are kept (a run of millions
of games that all fail must not fill the memory)."""
TASK_SECONDS = 0.5
"""A task (a batch of games for one worker) is sized to take about this long: long enough that
sending it costs little, short enough that Ctrl-C and the progress bar stay prompt."""
_SETUP_REDRAWS = 8


@dataclass(frozen=True)
class FuzzSettings:
    """What a fuzz run plays; everything but the seed range is part of a reproduction command.

    ``options`` are fixed (typed) values; the others are drawn per game. ``prefer`` (a notation
    prefix, e.g. ``"play "``) is taken whenever such a move is legal, and ``turn_bias`` is the chance
    the seat the game waits for (``actors[0]``) acts rather than an actor chosen uniformly: the
    play-biased policy that lets long games (Dreamwell, Dream Cycle) end in reasonable time.
    ``timer_chance`` is the chance a pending deadline expires instead of a move (always when
    nobody may act). Each step is given the kit's step checks with chance ``check_rate`` and the
    view and sentence checks (the costly ones: JSON Schema) with chance ``view_rate``; the first
    and last steps get both.
    """

    game: str
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    max_steps: int = 100_000
    prefer: str | None = None
    turn_bias: float = 0.0
    timer_chance: float = 0.05
    check_rate: float = 0.05
    view_rate: float = 0.005

    def check(self) -> Game[Any]:
        """The game, or ``SetupError`` for settings that cannot fuzz it (say what is allowed)."""
        game = load(self.game)  # UnknownGameError lists the games
        info = game.info
        if self.players is not None and not info.min_players <= self.players <= info.max_players:
            raise SetupError(f"{info.name} takes {info.min_players}–{info.max_players} players, not {self.players}")
        game.resolve_options(self.options)  # SetupError names the option and what it takes
        if self.max_steps < 1:
            raise SetupError(f"--max-steps must be at least 1, not {self.max_steps}")
        for name, value in (("--turn-bias", self.turn_bias), ("--timer-chance", self.timer_chance),
                            ("--check-rate", self.check_rate), ("--view-rate", self.view_rate)):
            if not 0.0 <= value <= 1.0:
                raise SetupError(f"{name} is a probability from 0 to 1, not {value}")
        return game

    def command(self, first_seed: int, games: int) -> str:
        """The ``dreamtable fuzz`` command line that plays these games again."""
        parts = ["dreamtable", "fuzz", self.game, "--games", str(games), "--seed", str(first_seed)]
        defaults = FuzzSettings(self.game)
        if self.players is not None:
            parts += ["--players", str(self.players)]
        if self.max_steps != defaults.max_steps:
            parts += ["--max-steps", str(self.max_steps)]
        if self.prefer is not None:
            parts += ["--prefer", shlex.quote(self.prefer)]
        for name, value, default in (("--turn-bias", self.turn_bias, defaults.turn_bias),
                                     ("--timer-chance", self.timer_chance, defaults.timer_chance),
                                     ("--check-rate", self.check_rate, defaults.check_rate),
                                     ("--view-rate", self.view_rate, defaults.view_rate)):
            if value != default:
                parts += [name, str(value)]
        for name, value in self.options.items():
            parts += ["-o", shlex.quote(f"{name}={_option_text(value)}")]
        return " ".join(parts)


def _option_text(value: Any) -> str:
    """An option value as ``-o NAME=VALUE`` takes it (lists and tables as JSON)."""
    if isinstance(value, bool):
        return str(value).lower()
    return json.dumps(value) if isinstance(value, (list, dict)) else str(value)


@dataclass
class Failure:
    """One failed game: what reproduces it, where it failed and how."""

    seed: int
    players: int
    options: dict[str, Any]
    step: int
    """Steps (moves and expiries) completed before the failure."""
    phase: str
    """``setup``, ``step`` (a move or expiry raised), ``check`` (a kit check failed), ``replay``, or
    ``worker`` (a worker process died: the seed is the first of the games it may have been playing)."""
    move: str | None
    """The move being made when it failed (``B: place 3``, ``clock: expire night-1``), if any."""
    error: str
    """The exception's type and message."""
    where: str
    """The innermost frames of the traceback, so a report says where without a rerun."""
    command: str = ""


@dataclass
class GameResult:
    """What one fuzzed game did."""

    seed: int
    players: int
    options: dict[str, Any]
    steps: int
    seconds: float
    reason: str | None = None
    failure: Failure | None = None


def _random_value(option: Option, rng: random.Random) -> Any:
    """A value near the option's default: any choice, either bool, an int between half and twice
    the default (0–3 when it is 0); lists, tables and free text keep their default."""
    default = option.default
    if option.choices is not None:
        return rng.choice(option.choices)
    if isinstance(default, bool):
        return rng.random() < 0.5
    if isinstance(default, int) and default >= 0:
        if rng.random() < 0.5:
            return default
        return rng.randint(default // 2, default * 2) if default > 0 else rng.randint(0, 3)
    return default


# Whether one option value, the others at their defaults, makes a game with this many players
# (per process: a refused Dream Cycle tile mix takes most of a second to find out).
_valid_values: dict[tuple[str, int, str, Any], bool] = {}


def _value_is_valid(game: Game[Any], players: int, name: str, value: Any) -> bool:
    key = (game.id, players, name, repr(value))
    found = _valid_values.get(key)
    if found is None:
        try:
            game.new(players=players, seed=0, **{name: value})
            found = True
        except SetupError:
            found = False
        _valid_values[key] = found
    return found


def draw_options(game: Game[Any], players: int, rng: random.Random, fixed: dict[str, Any]) -> dict[str, Any]:
    """Random option values the game accepts (the point is to fuzz the engine, not its option
    checks): only the values that differ from the defaults, plus the fixed ones."""
    options: dict[str, Any] = {}
    for option in game.info.options:
        if option.name in fixed:
            options[option.name] = fixed[option.name]
            continue
        value = _random_value(option, rng)
        if value != option.default and _value_is_valid(game, players, option.name, value):
            options[option.name] = value
    return options


def _new_game(game: Game[Any], settings: FuzzSettings, seed: int) -> tuple[int, dict[str, Any], State[Any]]:
    """The game's player count, drawn options and first state, all from its seed."""
    rng = random.Random(f"fuzz-setup:{seed}")
    drawn_players = rng.randint(game.info.min_players, game.info.max_players)  # drawn even when fixed: same options
    players = settings.players or drawn_players
    for _ in range(_SETUP_REDRAWS):
        options = draw_options(game, players, rng, settings.options)
        try:
            return players, options, game.new(players=players, seed=seed, **options)
        except SetupError:
            continue  # values valid one by one, refused together: draw again
    options = dict(settings.options)
    return players, options, game.new(players=players, seed=seed, **options)


def _where(error: BaseException) -> str:
    """The last three frames of the error's traceback, one line each."""
    frames = traceback.extract_tb(error.__traceback__)[-3:]
    return " ← ".join(f"{os.path.basename(frame.filename)}:{frame.lineno} {frame.name}" for frame in reversed(frames))


def _check_views(game: Game[Any], state: State[Any], where: str, told: int) -> int:
    """Every viewer's view fits the schemas and the new events have sentences; returns the events told."""
    for seat in [*range(state.players), None]:
        testing.check_view_shape(state.view(seat), game.id, where)
    return testing.check_event_sentences(state, where, told)


def _seen(state: State[Any], seat: int | None) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


def _step_at_random(state: State[Any], rng: random.Random) -> None:
    """One random move of any actor, or an expiry when a deadline is pending."""
    actors, timers = state.actors, state.timers
    if timers and (not actors or rng.random() < 0.2):
        state.expire(rng.choice(timers))
    else:
        seat = rng.choice(actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


COPY_MOVES = 3
"""Moves played on a copy and on a world by the aliasing check before the original is compared."""


def _check_hidden_and_aliasing(state: State[Any], checks: random.Random, where: str) -> None:
    """For a seat drawn at random: its view is the same in a world of ``determinize(seat)``, where
    what it cannot see is dealt anew (a hand shown to another seat, a world without the event log,
    would change it); a fresh copy shows it and a spectator what the original shows; and up to
    :data:`COPY_MOVES` random moves on the copy and on the world leave what they see of the original
    as it was (nothing is shared that either changes: a deck, a hand, a row, the log)."""
    seat = checks.randrange(state.players)
    viewers: tuple[int | None, ...] = (seat, None)
    before = [_seen(state, viewer) for viewer in viewers]
    rng = random.Random(checks.random())
    world = state.determinize(seat, rng)
    # A finished game may show what was hidden (its scores count the hands), which a world re-deals.
    if not state.is_over and _seen(world, seat) != before[0]:
        raise AssertionError(f"{where}: determinize({seat_name(seat)}) changed {seat_name(seat)}'s view: it shows "
                             f"something the seat cannot know, or the world lost what the seat was told")
    twin = state.copy()
    if _seen(twin, seat) != before[0]:
        raise AssertionError(f"{where}: a fresh copy shows {seat_name(seat)} another view than the original "
                             f"(a part not copied, such as the event log)")
    for other in (twin, world):
        for _ in range(COPY_MOVES):
            if other.is_over:
                break
            _step_at_random(other, rng)
    if [_seen(state, viewer) for viewer in viewers] != before:
        raise AssertionError(f"{where}: moves on a copy or a world of determinize changed the original: "
                             f"they share a part both change")


def _is_preferred(action: Any, prefix: str, known: dict[Any, bool]) -> bool:
    found = known.get(action)
    if found is None:
        found = known[action] = str(action).startswith(prefix)
    return found


def _check_replay(state: State[Any]) -> None:
    """``replay`` of the record, through JSON, gives every seat the same view (with its last events)."""
    again = replay(Record.from_dict(json.loads(json.dumps(state.record().to_dict()))))
    if testing.all_views(again) != testing.all_views(state):
        raise AssertionError(f"{state.game.id} seed={state.seed}: replay(record) gives different views")


def _move_text(move: tuple[int | None, Any] | None) -> str | None:
    """``B: place 3`` or ``clock: expire night-1``, as the record would write it."""
    if move is None:
        return None
    seat, action = move
    try:
        return f"clock: expire {action.name}" if seat is None else f"{seat_name(seat)}: {action}"
    except Exception as error:  # a move whose notation itself fails is still reported
        return f"{seat_name(seat) if seat is not None else 'clock'}: (no notation: {type(error).__name__}: {error})"


def fuzz_one(settings: FuzzSettings, seed: int) -> GameResult:
    """Play and check one seeded random game; a failure is returned, never raised."""
    started = time.perf_counter()
    game = load(settings.game)
    players, options, steps, phase = 0, dict(settings.options), 0, "setup"
    move: tuple[int | None, Any] | None = None  # the move under way; written out only if it fails
    try:
        players, options, state = _new_game(game, settings, seed)
        play = random.Random(f"fuzz-play:{seed}")
        checks = random.Random(f"fuzz-checks:{seed}")  # its own stream: the check rate never changes the game
        preferred: dict[Any, bool] = {}  # actions are values: each one's notation is written once
        told = 0
        while True:
            phase, move = "check", None
            edge = steps == 0 or state.is_over
            if edge or checks.random() < settings.check_rate:
                where = f"{game.id} seed={seed} step={steps}"
                testing.step_checks(game, state, where)
                _check_hidden_and_aliasing(state, checks, where)
            if edge or checks.random() < settings.view_rate:
                told = _check_views(game, state, f"{game.id} seed={seed} step={steps}", told)
            if state.is_over:
                break
            if steps >= settings.max_steps:
                raise AssertionError(f"no end after {settings.max_steps} steps (--max-steps)")
            phase = "step"
            actors, timers = state.actors, state.timers
            if timers and (not actors or play.random() < settings.timer_chance):
                timer = play.choice(timers)
                move = (None, timer)
                state.expire(timer)
            else:
                seat = actors[0] if settings.turn_bias and play.random() < settings.turn_bias else play.choice(actors)
                legal = state.legal_actions(seat)
                chosen = legal
                if settings.prefer:
                    chosen = [a for a in legal if _is_preferred(a, settings.prefer, preferred)] or legal
                action = play.choice(chosen)
                move = (seat, action)
                state.apply(seat, action)
            steps += 1
        phase, move = "check", None
        outcome = state.outcome
        if outcome is None:
            raise AssertionError("the game is over but has no outcome")
        phase = "replay"
        _check_replay(state)
        return GameResult(seed, players, options, steps, time.perf_counter() - started, outcome.reason)
    except Exception as error:  # every exception is a finding: report it with its seed, never stop the run
        # The kit's messages start with where they failed; the seed and step are fields of their own,
        # and without them the same fault in many games counts as one kind.
        message = re.sub(rf"^{re.escape(settings.game)} seed={seed}( step=\d+)?: ", "", str(error))
        text = f"{type(error).__name__}: {message}"
        failure = Failure(seed, players, options, steps, phase, _move_text(move), text[:2000], _where(error))
        return GameResult(seed, players, options, steps, time.perf_counter() - started, None, failure)


def fuzz_batch(settings: FuzzSettings, first_seed: int, count: int) -> list[GameResult]:
    """A worker's task: ``count`` games from ``first_seed`` on."""
    return [fuzz_one(settings, seed) for seed in range(first_seed, first_seed + count)]


@dataclass
class FuzzSummary:
    """The figures of a fuzz run so far."""

    game: str
    first_seed: int
    games_asked: int
    games: int = 0
    steps: int = 0
    failures: int = 0
    failed: list[Failure] = field(default_factory=list)
    """The first :data:`KEPT_FAILURES` failures, in the order they were found."""
    failure_kinds: dict[str, int] = field(default_factory=dict)
    """How many games failed with each phase and error (the message's first line)."""
    longest_steps: int = 0
    longest_seed: int | None = None
    end_reasons: dict[str, int] = field(default_factory=dict)
    player_counts: dict[int, int] = field(default_factory=dict)
    game_seconds: float = 0.0
    """Time spent in games, summed over workers."""
    seconds: float = 0.0
    """Wall time of the run."""
    interrupted: bool = False
    stopped_at_failures: bool = False
    """The run stopped early, at its ``max_failures``-th failed game (``--max-failures``)."""
    workers: int = 1
    command: str = ""
    """The command that plays the whole run again."""

    def add(self, result: GameResult, settings: FuzzSettings) -> None:
        self.games += 1
        self.steps += result.steps
        self.game_seconds += result.seconds
        self.player_counts[result.players] = self.player_counts.get(result.players, 0) + 1
        if result.steps > self.longest_steps or self.longest_seed is None:
            self.longest_steps, self.longest_seed = result.steps, result.seed
        if result.reason is not None:
            self.end_reasons[result.reason] = self.end_reasons.get(result.reason, 0) + 1
        failure = result.failure
        if failure is not None:
            self.failures += 1
            kind = f"{failure.phase}: {failure.error.splitlines()[0][:160]}"
            self.failure_kinds[kind] = self.failure_kinds.get(kind, 0) + 1
            if len(self.failed) < KEPT_FAILURES:
                failure.command = settings.command(failure.seed, 1)
                self.failed.append(failure)

    def lost(self, seeds: list[tuple[int, int]], error: str, settings: FuzzSettings) -> None:
        """A worker died while playing these ``(first seed, count)`` batches: one failure, whose
        command plays those games again in one process (to narrow down, halve ``--games``)."""
        first = seeds[0][0]
        games = seeds[-1][0] + seeds[-1][1] - first
        where = ", ".join(f"{start}–{start + count - 1}" for start, count in seeds)
        failure = Failure(first, 0, {}, 0, "worker", None, f"a worker process died ({error}) playing seeds {where}",
                          "a worker process", settings.command(first, games) + " --workers 1")
        self.failures += 1
        self.failure_kinds[f"worker: {error}"] = self.failure_kinds.get(f"worker: {error}", 0) + 1
        self.failed.append(failure)

    def to_json(self) -> dict[str, Any]:
        """The figures as plain JSON values (``dreamtable fuzz --json``)."""
        found = asdict(self)
        found["player_counts"] = {str(players): count for players, count in sorted(self.player_counts.items())}
        return found


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them; otherwise each prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _batches(first_seed: int, games: int, size: Callable[[], int]) -> Iterator[tuple[int, int]]:
    """``(first seed, count)`` of each task, made only when asked for (``--games 10000000`` costs nothing)."""
    seed, end = first_seed, first_seed + games
    while seed < end:
        count = min(size(), end - seed)
        yield seed, count
        seed += count


def run_fuzz(
    settings: FuzzSettings,
    games: int,
    first_seed: int = 0,
    *,
    workers: int | None = None,
    on_progress: Callable[[FuzzSummary], None] | None = None,
    max_failures: int | None = None,
) -> FuzzSummary:
    """Fuzz ``games`` games from ``first_seed`` on ``workers`` processes (default: every core; 1
    plays here). Ctrl-C stops within about :data:`TASK_SECONDS` (the games under way are dropped)
    and the summary of the finished ones is returned, marked ``interrupted``; so does the
    ``max_failures``-th failed game, marked ``stopped_at_failures``."""
    settings.check()
    if games < 1:
        raise SetupError(f"--games must be at least 1, not {games}")
    if max_failures is not None and max_failures < 1:
        raise SetupError(f"--max-failures must be at least 1, not {max_failures}")
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise SetupError(f"--workers must be at least 1, not {workers}")
    summary = FuzzSummary(settings.game, first_seed, games, workers=workers, command=settings.command(first_seed, games))
    started = time.perf_counter()

    def batch_size() -> int:  # about TASK_SECONDS of games, judged from the games so far
        if not summary.games or summary.game_seconds <= 0:
            return 1
        return max(1, min(256, int(TASK_SECONDS * summary.games / summary.game_seconds)))

    def take(results: list[GameResult]) -> None:
        for result in results:
            summary.add(result, settings)
        summary.seconds = time.perf_counter() - started
        if on_progress is not None:
            on_progress(summary)
        if max_failures is not None and summary.failures >= max_failures:
            raise _EnoughFailures

    try:
        if workers == 1:
            for seed in range(first_seed, first_seed + games):
                take([fuzz_one(settings, seed)])
        else:
            _run_pool(settings, _batches(first_seed, games, batch_size), workers, take)
    except KeyboardInterrupt:
        summary.interrupted = True
    except _EnoughFailures:
        summary.stopped_at_failures = True
    except WorkerDied as died:  # a finding too (an engine exhausting the memory): the run cannot go on
        summary.interrupted = True
        summary.lost(died.seeds, str(died), settings)
    summary.seconds = time.perf_counter() - started
    return summary


class _EnoughFailures(Exception):
    """The run found the failures it was asked to stop at."""


class WorkerDied(Exception):
    """A worker process died (killed, out of memory, the interpreter crashed) while playing these seeds."""

    def __init__(self, seeds: list[tuple[int, int]], cause: BaseException) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.seeds = seeds


def _run_pool(settings: FuzzSettings, batches: Iterator[tuple[int, int]], workers: int,
              take: Callable[[list[GameResult]], None]) -> None:
    """Keep every worker busy with at most two tasks each in flight, taking results as they come."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    in_flight: dict[Future[list[GameResult]], tuple[int, int]] = {}  # each task's first seed and count
    stopped = True
    try:
        for first, count in batches:
            in_flight[pool.submit(fuzz_batch, settings, first, count)] = (first, count)
            while len(in_flight) >= 2 * workers:
                _take_done(in_flight, take)
        while in_flight:
            _take_done(in_flight, take)
        stopped = False
    finally:
        if stopped:  # Ctrl-C (or a dead worker): drop the queue and stop the games under way now
            for future in in_flight:
                future.cancel()
            # ProcessPoolExecutor has no public way to stop running tasks; these are our own workers.
            processes = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
        else:
            pool.shutdown()


def _take_done(in_flight: dict[Future[list[GameResult]], tuple[int, int]], take: Callable[[list[GameResult]], None]) -> None:
    """Wait for a task to finish and take the results of every finished one out of ``in_flight``."""
    done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
    for future in done:
        try:
            results = future.result()
        except BrokenProcessPool as error:  # every task in flight fails with it: which game is unknown
            raise WorkerDied(sorted(in_flight.values()), error) from error
        del in_flight[future]
        take(results)
