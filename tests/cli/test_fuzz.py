"""``dreamtable fuzz``: a small run of every game passes, a broken game's
failures are reported with a seed and a command that reproduces them, bad arguments are clear
errors, and a run stops cleanly and makes its tasks lazily."""

from __future__ import annotations

import itertools
import json
import os
import shlex
import time
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import dreamtable
from dreamtable.cli.fuzz import fuzz
from dreamtable.core import registry
from dreamtable.core.contract import GameInfo, Option
from dreamtable.core.words import Words
from dreamtable.workbench import fuzzing
from dreamtable.workbench.fuzzing import FuzzSettings, run_fuzz
from dreamtable_tap import TapGame, TapState
from tests.helpers import leak_b_hand_to_a

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command()(fuzz)
runner = CliRunner()

# The play-biased policy of the games whose uniform random games last tens of thousands of steps
# (as in tests/games/test_kit.py GAMES): Dreamwell plays a card whenever it can, Dream Cycle's seat
# on turn acts most of the time and the game stops after 15 rounds.
POLICY = {
    "dreamwell": ["--prefer", "play "],
    "dream-cycle": ["--turn-bias", "0.8", "-o", "round_limit=15"],
    "tap": ["-o", "turns=12"],  # random option draws may give a game of a turn or two
}


def run(*args: str) -> Any:
    return runner.invoke(app, list(args), catch_exceptions=False)


def figures(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    return {"exit_code": result.exit_code, **json.loads(result.stdout)}


# -- every game ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", [info.id for info in dreamtable.games()])
@pytest.mark.slow
def test_ci_fuzz_run_passes_for_every_game(game_id):
    """The CI-sized run: a few games of each game on two workers, every check on at a high rate."""
    found = figures(game_id, "--games", "3", "--seed", "11", "--workers", "2", "--check-rate", "0.2",
                    "--view-rate", "0.05", *POLICY.get(game_id, []))
    assert found["exit_code"] == 0, found["failed"]
    assert found["games"] == 3 and found["failures"] == 0 and not found["interrupted"]
    assert found["steps"] >= 3 * 10 and found["longest_steps"] > 0
    assert sum(found["end_reasons"].values()) == 3


def test_a_game_depends_on_its_seed_alone():
    """Player counts, options and moves come from each game's seed: one process or two, the same games."""
    here = figures("sogni-e-incubi", "--games", "12", "--seed", "40", "--workers", "1")
    pool = figures("sogni-e-incubi", "--games", "12", "--seed", "40", "--workers", "2")
    for key in ("games", "steps", "longest_steps", "longest_seed", "end_reasons", "player_counts"):
        assert here[key] == pool[key], key
    assert len(here["player_counts"]) > 1  # random player counts


@pytest.mark.slow
def test_random_options_stay_valid_and_vary():
    """Options are drawn within what the game accepts (so no game fails at setup) and do vary."""
    game = dreamtable.load("dream-cycle")
    import random

    rng = random.Random(3)
    drawn = [fuzzing.draw_options(game, 2, rng, {"round_limit": 15}) for _ in range(40)]
    assert all(options["round_limit"] == 15 for options in drawn)
    assert len({json.dumps(options, sort_keys=True) for options in drawn}) > 20
    for options in drawn[:10]:
        game.new(players=2, seed=1, **options)  # raises SetupError if a drawn set were refused
    assert not any(options.get("first_player") in ("C", "D", "E") for options in drawn)  # no seat C with 2 players


# -- a deliberately broken game -----------------------------------------------------------------

_calls = itertools.count()  # changes between a game and its replay: a nondeterministic engine


class BrokenTapState(TapState):
    """Tap with a bug chosen by the option ``bug``."""

    __slots__ = ()

    def copy(self) -> "BrokenTapState":
        twin = super().copy()
        twin.__class__ = BrokenTapState
        return twin

    def legal_actions(self, seat: int) -> list[str]:
        if self._options["bug"] == "endless":
            return ["tap"] if seat in self.actors else []
        return super().legal_actions(seat)

    def _apply(self, seat: int, action: str) -> list[Any]:
        bug = self._options["bug"]
        if bug == "crash" and action == "draw" and self.points[seat] >= 1:
            raise KeyError("deliberate bug: drawing after a tap")
        if bug == "die" and action == "draw" and self.points[seat] >= 1:
            os._exit(3)  # a worker process dies, as when the system kills it for its memory
        if bug == "endless":
            self.points[seat] += 1
            return []
        if bug == "replay" and action == "tap":
            self.points[seat] += next(_calls)  # not from the seed: a replay scores differently
        return super()._apply(seat, action)

    def _expire(self, timer: Any) -> list[Any]:
        if self._options["bug"] == "endless":
            return []
        return super()._expire(timer)

    def check_invariants(self) -> None:
        if self._options["bug"] == "invariant" and self.done == 3:
            raise AssertionError("deliberate bug: three turns done")


TAP = TapGame()


class BrokenTapGame(TapGame):
    info = GameInfo("tap-broken", "Broken Tap", 2, 3, (
        *TapGame.info.options,  # Tap's own (turns, clock) and the bug to plant
        Option("bug", "crash", "the deliberate bug", ("crash", "invariant", "replay", "endless", "die")),
    ))

    @property
    def view_schema(self) -> dict[str, Any]:
        return TAP.view_schema  # Tap's, found beside its module

    # Its words are Tap's too: a game's catalogues are found beside its module (web/i18n), and this one has none.
    def words(self, language: str = "en") -> Words:
        return TAP.words(language)

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> BrokenTapState:
        state = super()._new(players, seed, options)
        state.__class__ = BrokenTapState
        return state  # type: ignore[return-value]


BROKEN = BrokenTapGame()


@pytest.fixture
def broken(monkeypatch):
    """The broken Tap, known to the registry for the length of a test (like tests/core's ``tap``)."""
    monkeypatch.setitem(registry._registered, "tap-broken", "tests.cli.test_fuzz:BROKEN")
    monkeypatch.delitem(registry._loaded, "tap-broken", raising=False)
    return dreamtable.load("tap-broken")


def test_a_crash_is_reported_with_its_seed_and_a_reproduction(broken):
    result = run("tap-broken", "--games", "20", "--workers", "1", "-o", "bug=crash")
    assert result.exit_code == 1
    found = figures("tap-broken", "--games", "20", "--workers", "1", "-o", "bug=crash")
    assert found["exit_code"] == 1
    assert 0 < found["failures"] < 20 and found["games"] == 20
    failure = found["failed"][0]
    assert failure["phase"] == "step" and "KeyError" in failure["error"] and "deliberate bug" in failure["error"]
    assert failure["move"].endswith(": draw")
    assert "_apply" in failure["where"]
    assert failure["command"] == f"dreamtable fuzz tap-broken --games 1 --seed {failure['seed']} -o bug=crash"
    assert f"seed {failure['seed']}" in result.stdout and failure["command"] in result.stdout

    # The command plays that game again, and fails the same way at the same step.
    again = figures(*shlex.split(failure["command"])[2:])
    assert again["failures"] == 1
    assert {key: again["failed"][0][key] for key in ("seed", "players", "options", "step", "move", "error")} == \
        {key: failure[key] for key in ("seed", "players", "options", "step", "move", "error")}


def test_a_broken_invariant_is_reported(broken):
    found = figures("tap-broken", "--games", "4", "--workers", "1", "-o", "bug=invariant", "--check-rate", "1")
    assert found["exit_code"] == 1 and found["failures"] == 4
    failure = found["failed"][0]
    assert failure["phase"] == "check" and "invariant broken" in failure["error"] and "three turns done" in failure["error"]
    assert "--check-rate 1.0" in failure["command"]


def test_a_game_that_does_not_replay_is_reported(broken):
    found = figures("tap-broken", "--games", "6", "--workers", "1", "-o", "bug=replay", "-o", "turns=6")
    assert found["exit_code"] == 1 and found["failures"] >= 1
    assert {failure["phase"] for failure in found["failed"]} == {"replay"}
    assert "replay(record) gives different views" in found["failed"][0]["error"]


def test_a_game_without_end_is_reported(broken):
    found = figures("tap-broken", "--games", "2", "--workers", "1", "-o", "bug=endless", "--max-steps", "50")
    assert found["exit_code"] == 1 and found["failures"] == 2
    assert "no end after 50 steps" in found["failed"][0]["error"]
    assert "--max-steps 50" in found["failed"][0]["command"]


def test_failures_cross_the_worker_processes(broken):
    """Workers are forked, so they know the broken game too; their failures reach the report."""
    found = figures("tap-broken", "--games", "30", "--workers", "2", "-o", "bug=crash")
    single = figures("tap-broken", "--games", "30", "--workers", "1", "-o", "bug=crash")
    assert found["exit_code"] == 1
    assert found["failures"] == single["failures"] > 0
    assert {f["seed"] for f in found["failed"]} == {f["seed"] for f in single["failed"]}


def test_a_dead_worker_is_a_reported_failure_not_a_traceback(broken):
    found = figures("tap-broken", "--games", "40", "--workers", "2", "-o", "bug=die")
    assert found["exit_code"] == 1 and found["interrupted"]
    failure = found["failed"][-1]
    assert failure["phase"] == "worker" and "a worker process died" in failure["error"]
    assert failure["command"].startswith("dreamtable fuzz tap-broken --games ") and failure["command"].endswith("-o bug=die --workers 1")


def test_only_the_first_failures_are_kept_in_full(broken, monkeypatch):
    monkeypatch.setattr(fuzzing, "KEPT_FAILURES", 3)
    found = figures("tap-broken", "--games", "5", "--workers", "1", "-o", "bug=invariant", "--check-rate", "1")
    assert found["failures"] == 5 and len(found["failed"]) == 3
    assert list(found["failure_kinds"].values()) == [5]


# -- bad arguments ------------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["no-such-game"], "unknown game 'no-such-game'; known games: deep-dreams"),
    (["sogni-e-incubi", "--games", "0"], "--games must be at least 1, not 0"),
    (["sogni-e-incubi", "--players", "9"], "takes 2–4 players, not 9"),
    (["sogni-e-incubi", "-o", "no_such=1"], "has no option no_such"),
    (["sogni-e-incubi", "-o", "hand_limit"], "an option is NAME=VALUE"),
    (["sogni-e-incubi", "--turn-bias", "2"], "--turn-bias is a probability from 0 to 1, not 2.0"),
    (["sogni-e-incubi", "--max-steps", "0"], "--max-steps must be at least 1, not 0"),
    (["sogni-e-incubi", "--workers", "0"], "--workers must be at least 1, not 0"),
])
def test_bad_arguments_are_clear_errors(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Error:" in result.output and message in " ".join(result.output.split())
    assert "Traceback" not in result.output


# -- stopping and laziness ----------------------------------------------------------------------

@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_at_once_keeping_the_figures(workers):
    """Ten million games asked: tasks are made lazily (no list of them), and Ctrl-C during the run
    returns the finished games' figures within seconds, marked as interrupted."""
    seen: list[int] = []

    def interrupt_after_a_few(summary: fuzzing.FuzzSummary) -> None:
        seen.append(summary.games)
        if summary.games >= 4:
            raise KeyboardInterrupt

    started = time.perf_counter()
    summary = run_fuzz(FuzzSettings("sogni-e-incubi"), 10_000_000, workers=workers, on_progress=interrupt_after_a_few)
    assert time.perf_counter() - started < 30
    assert summary.interrupted and summary.games >= 4 and summary.games == seen[-1]
    assert summary.steps > 0 and summary.failures == 0


def test_batches_are_made_lazily():
    batches = fuzzing._batches(0, 10**12, lambda: 7)
    assert next(batches) == (0, 7) and next(batches) == (7, 7)
    assert list(fuzzing._batches(5, 10, lambda: 4)) == [(5, 4), (9, 4), (13, 2)]


def test_an_interrupted_run_exits_130_with_its_figures(monkeypatch):
    def interrupted(settings, games, first_seed=0, *, workers=None, on_progress=None, max_failures=None):
        summary = fuzzing.FuzzSummary(settings.game, first_seed, games, games=3, steps=300, interrupted=True)
        return summary

    monkeypatch.setattr("dreamtable.cli.fuzz.run_fuzz", interrupted)
    result = run("sogni-e-incubi", "--games", "100")
    assert result.exit_code == 130
    assert "Stopped by Ctrl-C after 3 of 100 games" in " ".join(result.stdout.split())


@pytest.mark.slow
def test_the_run_command_names_every_setting_that_shapes_the_games():
    """A report's command plays the same games again, and each setting in it changes the games."""
    args = ["sogni-e-incubi", "--games", "4", "--seed", "7", "--players", "3", "--prefer", "R", "--turn-bias", "0.5",
            "--timer-chance", "0.1", "--check-rate", "0.5", "--view-rate", "0.1", "--max-steps", "500", "-o", "hand_limit=8"]
    first = figures(*args)
    assert first["command"] == ("dreamtable fuzz sogni-e-incubi --games 4 --seed 7 --players 3 --max-steps 500 --prefer R "
                                "--turn-bias 0.5 --timer-chance 0.1 --check-rate 0.5 --view-rate 0.1 -o hand_limit=8")
    again = figures(*shlex.split(first["command"])[2:])
    assert (again["steps"], again["longest_seed"], again["end_reasons"]) == (first["steps"], first["longest_seed"], first["end_reasons"])
    uniform = figures("sogni-e-incubi", "--games", "4", "--seed", "7", "--players", "3", "-o", "hand_limit=8")
    assert uniform["steps"] != first["steps"]  # --prefer R (play a Rem whenever possible) changes the games
    assert first["player_counts"] == {"3": 4}


# -- the fuzz finds leaks and aliasing: each planted in a small game, found within 200 games ------

def copy_shares_the_deck(monkeypatch):
    from dreamtable.games.sogni_e_incubi.rules import SogniState

    real = SogniState.copy

    def sharing(self):
        twin = real(self)
        twin.deck = self.deck
        return twin

    monkeypatch.setattr(SogniState, "copy", sharing)


def copy_without_the_event_log(monkeypatch):
    """A copy (and so a world of determinize) that starts its event log afresh: its seats are told
    nothing of what happened."""
    from dreamtable.games.sogni_e_incubi.rules import SogniState

    real = SogniState.copy

    def forgetful(self):
        twin = real(self)
        twin._log = None
        return twin

    monkeypatch.setattr(SogniState, "copy", forgetful)


@pytest.mark.parametrize("plant, found", [
    (leak_b_hand_to_a, "determinize(A) changed A's view"),
    (copy_shares_the_deck, "moves on a copy or a world of determinize changed the original"),
    (copy_without_the_event_log, "the world lost what the seat was told"),
])
def test_a_planted_leak_or_alias_is_found_within_200_games(monkeypatch, plant, found):
    settings = FuzzSettings("sogni-e-incubi", players=2, check_rate=1.0, view_rate=0.0)
    assert run_fuzz(settings, 1, workers=1).failures == 0  # the game as shipped passes these checks
    plant(monkeypatch)
    summary = run_fuzz(settings, 200, workers=1, max_failures=1)
    assert summary.failures == 1 and summary.stopped_at_failures and summary.games < 200
    failure = summary.failed[0]
    assert failure.phase == "check" and found in failure.error, failure.error


def test_max_failures_stops_the_run_and_says_so(broken):
    found = figures("tap-broken", "--games", "50", "--workers", "1", "-o", "bug=crash", "--max-failures", "2")
    assert found["exit_code"] == 1 and found["failures"] == 2 and found["stopped_at_failures"]
    assert found["games"] < 50
    assert "--max-failures must be at least 1" in run("tap-broken", "--max-failures", "0").output
