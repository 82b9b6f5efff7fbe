"""The designer's workbench: seeded batches, resume, results files, reports, A/B, tournaments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dreamtable import SetupError, UnknownGameError
from dreamtable.agents import UnknownAgentError
from dreamtable.workbench.report import build_report, write_report
from dreamtable.workbench.results import ResultsError, read_results
from dreamtable.workbench.simulate import Experiment, simulate
from dreamtable.core.stats import wilson
from dreamtable.workbench.tournament import ranks_of, tournament

DREAMTABLE = str(Path(sys.executable).with_name("dreamtable"))
SOGNI = Experiment("sogni-e-incubi", ("greedy", "random"), games=12, seed=100)


def strip(rows):
    return sorted((json.dumps(row, sort_keys=True) for row in rows))


def test_a_batch_is_reproducible_whatever_the_number_of_workers(tmp_path):
    serial = simulate(SOGNI, tmp_path / "one.jsonl", workers=1)
    parallel = simulate(SOGNI, tmp_path / "two.jsonl", workers=2)
    assert strip(serial) == strip(parallel)
    assert [row["seed"] for row in serial] == list(range(100, 112))
    row = serial[0]
    assert set(row) >= {"seed", "seats", "options", "scores", "winners", "decisions", "rounds", "reason", "metrics"}
    assert "decided_by_count" in row["metrics"]


def test_results_are_written_as_jsonl_and_csv(tmp_path):
    out = tmp_path / "new folder" / "r.jsonl"  # a folder that does not exist yet is made
    simulate(SOGNI, out, workers=2)
    assert len(out.read_text().splitlines()) == 12
    csv_lines = out.with_suffix(".csv").read_text().splitlines()
    assert csv_lines[0].startswith("game,variant,seed,seats") and len(csv_lines) == 13


def test_resume_plays_only_the_missing_seeds_and_keeps_finished_lines(tmp_path):
    out = tmp_path / "r.jsonl"
    half = Experiment(SOGNI.game, SOGNI.seats, games=6, seed=100)
    simulate(half, out, workers=1)
    before = out.read_bytes()
    played = []
    rows = simulate(SOGNI, out, workers=1, on_result=lambda done, total: played.append((done, total)))
    assert out.read_bytes().startswith(before)
    assert played[0] == (6, 12) and played[-1] == (12, 12)
    assert strip(rows) == strip(simulate(SOGNI, tmp_path / "fresh.jsonl", workers=1))


def test_a_line_cut_by_a_crash_is_dropped_on_resume(tmp_path):
    out = tmp_path / "r.jsonl"
    simulate(Experiment(SOGNI.game, SOGNI.seats, games=4, seed=100), out, workers=1)
    with out.open("a") as handle:
        handle.write('{"game": "sogni-e-incu')
    with pytest.raises(ResultsError, match="line 5 is not a complete result.*run the same simulate command again"):
        read_results(out)
    rows = simulate(Experiment(SOGNI.game, SOGNI.seats, games=5, seed=100), out, workers=1)
    assert len(rows) == 5 and len(read_results(out)) == 5


def test_another_experiment_in_the_same_file_is_refused_and_left_alone(tmp_path):
    out = tmp_path / "r.jsonl"
    simulate(Experiment(SOGNI.game, SOGNI.seats, games=3, seed=100), out, workers=1)
    before = out.read_bytes()
    for other in (
        Experiment(SOGNI.game, ("random", "random"), games=3, seed=100),
        Experiment(SOGNI.game, SOGNI.seats, games=3, seed=100, options={"hand_limit": 8}),
        Experiment("deep-dreams", ("random", "random"), games=3),
    ):
        with pytest.raises(ResultsError, match="another experiment"):
            simulate(other, out, workers=1)
        assert out.read_bytes() == before


@pytest.mark.parametrize(
    "experiment, error, phrase",
    [
        (Experiment("chess", ("random", "random"), 2), UnknownGameError, "known games"),
        (Experiment("sogni-e-incubi", ("random", "robot"), 2), UnknownAgentError, "bots are"),
        (Experiment("sogni-e-incubi", ("random",) * 5, 2), SetupError, "2–4 seats"),
        (Experiment("sogni-e-incubi", ("random", "random"), 2, options={"hand_limt": 3}), SetupError, "its options are"),
        (Experiment("sogni-e-incubi", ("random", "random"), 2, compare=("hand_limit", "x")), SetupError, "takes a whole number"),
    ],
)
def test_bad_experiments_are_refused_saying_what_is_accepted(experiment, error, phrase, tmp_path):
    with pytest.raises(error, match=phrase):
        simulate(experiment, tmp_path / "r.jsonl")
    assert not (tmp_path / "r.jsonl").exists()


def test_records_can_be_written_and_replayed(tmp_path):
    import dreamtable

    rows = simulate(Experiment("deep-dreams", ("greedy", "random"), games=2, seed=7), None, workers=1, record_dir=str(tmp_path))
    for row in rows:
        state = dreamtable.replay(tmp_path / f"deep-dreams-seed{row['seed']}.json")
        assert list(state.outcome.scores) == row["scores"]


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0
    for trials in range(1, 60):  # at 0% and 100% rounding once put a bound past the rate
        for wins in (0, trials):
            low, high = wilson(wins, trials)
            assert low <= wins / trials <= high


def fake_row(seed, winners, scores, reason="stuck", first=0, decisions=10):
    return {"game": "sogni-e-incubi", "variant": None, "seed": seed, "seats": ["greedy", "random"], "options": {},
            "scores": scores, "winners": winners, "decisions": decisions, "rounds": 5, "reason": reason,
            "metrics": {"first_player": first, "decided_by_count": reason != "complete-row", "dream_slots": scores}}


def test_report_figures_on_known_results():
    rows = [fake_row(0, [0], [6, 3]), fake_row(1, [0], [5, 4], first=1), fake_row(2, [1], [2, 6], "complete-row"),
            fake_row(3, [0, 1], [4, 4])]
    report = build_report(rows)["variants"]["all"]
    assert report["games"] == 4
    assert [s["win_rate"] for s in report["seats"]] == [0.625, 0.375]
    assert report["draws"] == 1
    assert report["end_reasons"] == {"stuck": 3, "complete-row": 1}
    assert report["first_player"]["win_rate"] == pytest.approx((1 + 0 + 0 + 0.5) / 4)
    assert report["margin"]["mean"] == pytest.approx((3 + 1 + 4 + 0) / 4)
    assert report["metrics"]["decided_by_count"]["value"] == 0.75
    assert report["metrics"]["dream_slots"]["per_seat"] == [4.25, 4.25]


def test_report_refuses_mixed_games():
    rows = [fake_row(0, [0], [6, 3]), {**fake_row(1, [0], [6, 3]), "game": "deep-dreams"}]
    with pytest.raises(ResultsError, match="mix several games"):
        build_report(rows)


@pytest.mark.slow
def test_ab_comparison_plays_the_same_seeds_under_both_variants(tmp_path):
    experiment = Experiment("deep-dreams", ("greedy", "random"), games=8, seed=3, compare=("draw_bonus_cards", 3))
    rows = simulate(experiment, tmp_path / "ab.jsonl", workers=2)
    a = [r for r in rows if r["variant"] == "A"]
    b = [r for r in rows if r["variant"] == "B"]
    assert [r["seed"] for r in a] == [r["seed"] for r in b] == list(range(3, 11))
    assert {r["options"]["draw_bonus_cards"] for r in b} == {3}
    report, page = write_report(tmp_path / "ab.jsonl", tmp_path / "report")
    comparison = report["comparison"]
    value, low, high = comparison["length"]
    assert low <= value <= high
    text = page.read_text()
    assert "What variant B changes" in text and text.count("data:image/png;base64,") == 3
    assert "http" not in text.replace("http-equiv", ""), "the page must not load anything"


def test_tournament_ratings_and_cross_table():
    result = tournament("sogni-e-incubi", ["random", "greedy"], games=6, seed=1, workers=1)
    assert len(result.rows) == 12  # both seat orders
    assert {tuple(row["seats"]) for row in result.rows} == {("random", "greedy"), ("greedy", "random")}
    assert result.cross["greedy"]["random"] + result.cross["random"]["greedy"] == pytest.approx(1.0)
    assert result.cross["greedy"]["greedy"] is None
    again = tournament("sogni-e-incubi", ["random", "greedy"], games=6, seed=1, workers=2)
    assert again.ratings == result.ratings
    with pytest.raises(SetupError, match="at least 3 different bots"):
        tournament("sogni-e-incubi", ["random", "greedy"], games=1, players=3)


def test_ranks_put_winners_first_then_scores():
    assert ranks_of({"winners": [1], "scores": [3, 5, 4]}) == [3, 1, 2]
    assert ranks_of({"winners": [0, 2], "scores": [4, 1, 4]}) == [1, 3, 1]


def run_cli(*args, cwd):
    return subprocess.run([DREAMTABLE, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_cli_simulate_report_tournament_and_bad_input(tmp_path):
    done = run_cli("simulate", "sogni-e-incubi", "--games", "6", "--seats", "greedy,random", "--out", "r.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "r.jsonl").exists() and (tmp_path / "r.csv").exists()
    shown = run_cli("report", "r.jsonl", cwd=tmp_path)
    assert shown.returncode == 0 and "win rate" in shown.stdout and (tmp_path / "r_report" / "report.html").exists()
    rated = run_cli("tournament", "sogni-e-incubi", "--bots", "random,greedy", "--games", "2", cwd=tmp_path)
    assert rated.returncode == 0 and "rating" in rated.stdout
    for args, phrase in [
        (("simulate", "sogni-e-incubi", "--seats", "random,robot", "--out", "x.jsonl"), "unknown bot"),
        (("simulate", "sogni-e-incubi", "--seats", "random", "--out", "x.jsonl"), "2–4 seats"),
        (("simulate", "sogni-e-incubi", "-o", "colour=red", "--out", "x.jsonl"), "no option colour"),
        (("simulate", "deep-dreams", "--out", "r.jsonl"), "another experiment"),
        (("report", "missing.jsonl"), "cannot read"),
    ]:
        result = run_cli(*args, cwd=tmp_path)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert phrase in result.stdout and "Traceback" not in result.stdout + result.stderr
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 6


def test_scaling_benchmark_reports_every_figure():
    from dreamtable.workbench.scaling import scaling

    rates = scaling("sogni-e-incubi", ("random", "random"), games=4, runs=1, cluster=False)
    assert set(rates) == {"bare loop", "1 worker", "2 workers", "2-worker speed-up", "framework overhead",
                          "cores the 2 workers had", "load average before", "load average after"}
    assert all(value == value for value in rates.values())  # no NaN
    assert 0 < rates["cores the 2 workers had"] <= 2.2, "the workers' CPU is counted (two at most, and a little parent)"


def test_a_games_own_bots_can_be_seated_in_a_batch_and_a_tournament():
    Experiment("when-i-dream", ("wordbot",) * 4, 1).check()
    with pytest.raises(UnknownAgentError, match="wordbot"):  # the error lists the game's own bots
        Experiment("when-i-dream", ("wordbot", "robot", "wordbot", "wordbot"), 1).check()


def test_a_real_time_game_ends_in_batch_play_on_a_simulated_clock(tap):
    from dreamtable.workbench.task import GameTask, play_task

    row = play_task(GameTask("tap", ("random", "random"), seed=4))
    assert row["reason"] == "turns" and row["decisions"] <= 6
