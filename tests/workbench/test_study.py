"""Balance studies — one command plays a game's seeded batches and publishes docs/balance/GAME.md."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dreamtable
from dreamtable import SetupError, UnknownGameError
from dreamtable.workbench.results import read_results
from dreamtable.workbench.study import (
    Batch,
    StudyError,
    Variant,
    batches_of,
    check_variant,
    plan_for,
    positions,
    prepare,
    proposed_options,
    reading,
    run_batches,
)

DREAMTABLE = str(Path(sys.executable).with_name("dreamtable"))
GAMES = [info.id for info in dreamtable.games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_proposed_option_is_ab_tested_or_its_page_says_why_not(game):
    plan = plan_for(game)
    tested = {variant.option for variant in plan.variants}
    explained = {name.strip() for names in plan.skipped for name in names.split(",")}
    missing = set(proposed_options(game)) - tested - explained
    assert not missing, f"{game}: [proposed] options neither A/B tested nor explained: {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_planned_variant_is_a_valid_change_from_the_default(game):
    plan = plan_for(game)
    for variant in plan.variants:
        checked = check_variant(game, variant, plan.ab[1])  # raises for an unknown option, a bad value, the default
        assert checked.value == variant.value
    assert {batch.key for batch in batches_of(plan)} == {batch.key for batch in batches_of(plan)}
    keys = [batch.key for batch in batches_of(plan)]
    assert len(keys) == len(set(keys)), "one results file per batch"


def test_bad_input_is_a_clear_error_before_any_game_is_played():
    with pytest.raises(UnknownGameError):
        prepare("no-such-game")
    with pytest.raises(SetupError, match="has no option bogus"):
        prepare("sogni-e-incubi", variants=["bogus=1"])
    with pytest.raises(SetupError, match="not allowed"):
        prepare("sogni-e-incubi", variants=["final_count=nope"])
    with pytest.raises(StudyError, match="is sogni-e-incubi's default"):
        prepare("sogni-e-incubi", variants=["final_count=slots"])
    with pytest.raises(StudyError, match="default"):
        check_variant("deep-dreams", Variant("draw_bonus_cards", 1), 2)
    with pytest.raises(StudyError, match="at least 1"):
        prepare("sogni-e-incubi", games=0)
    with pytest.raises(StudyError, match="NAME=VALUE"):
        prepare("sogni-e-incubi", variants=["final_count"])


def test_games_scales_every_batch_from_the_ab_baseline():
    plan = plan_for("sogni-e-incubi")
    sizes = {batch.key: batch.games for batch in batches_of(plan, games=plan.main_games // 10)}
    assert sizes["greedy-2p"] == plan.main_games // 10
    assert sizes["ismcts50-2p"] == round(plan.batches["ismcts:50"][2] / 10)
    assert sizes["final_count=cards-greedy-2p"] == sizes["greedy-2p"], "a variant plays its baseline's seeds"


def test_an_interrupted_study_resumes_where_it_stopped(tmp_path):
    batches = [Batch("greedy-2p", "greedy", 2, 4), Batch("final_count=cards-greedy-2p", "greedy", 2, 4, {"final_count": "cards"})]

    def stop_after_three(done, total):
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_batches("sogni-e-incubi", batches, 5, tmp_path / "a", workers=1, on_result=stop_after_three)
    kept = {path.name: path.read_bytes() for path in (tmp_path / "a").glob("*.jsonl")}
    assert sum(len(read_results(tmp_path / "a" / name)) for name in kept) == 3
    progress = []
    rows = run_batches("sogni-e-incubi", batches, 5, tmp_path / "a", workers=1, on_result=lambda d, t: progress.append((d, t)))
    assert progress[0] == (3, 8) and progress[-1] == (8, 8), "the finished games are kept, only the others are played"
    for name, before in kept.items():
        assert (tmp_path / "a" / name).read_bytes().startswith(before)
    fresh = run_batches("sogni-e-incubi", batches, 5, tmp_path / "b", workers=2)
    assert json.dumps(rows, sort_keys=True) == json.dumps(fresh, sort_keys=True)
    assert [row["options"]["final_count"] for row in rows["final_count=cards-greedy-2p"]] == ["cards"] * 4
    assert [row["seed"] for row in rows["greedy-2p"]] == [5, 6, 7, 8]


def test_seat_order_counts_places_from_the_first_player_and_checks_the_fair_share():
    plan = plan_for("sogni-e-incubi")
    rows = [{"seats": ["greedy"] * 2, "winners": [1], "metrics": {"first_player": 1}, "options": {}} for _ in range(30)]
    first, second = positions(rows, plan)
    assert first["rate"] == 1.0 and first["verdict"] == "above a fair share"
    assert second["rate"] == 0.0 and second["verdict"] == "below a fair share"
    shared = [{"seats": ["x"] * 2, "winners": [0, 1], "metrics": {"first_player": 0}, "options": {}}] * 10
    assert positions(shared, plan)[0]["verdict"] == "fair within the interval"


def test_a_reading_names_a_measured_effect_or_says_there_is_none():
    effect = {"games": 400, "length": (-12.0, -15.0, -9.0), "length_a": 100.0, "first": (0.01, -0.05, 0.07),
              "margin": (0.0, -0.1, 0.1), "endings": {"stuck": (0.2, 0.1, 0.3)}}
    assert reading(effect, "points") == "shortens games by 12% ± 3%; more games end by stuck (+20 ± 10 points)"
    none = {**effect, "length": (1.0, -2.0, 4.0), "endings": {}}
    assert reading(none, "points") == ("no measurable effect at 400 games a side (length within ±3%, "
                                       "the first player's win rate within ±6 points)")


@pytest.mark.slow
def test_dreamtable_study_writes_the_page_plots_reports_and_summary(tmp_path):
    out, data = tmp_path / "balance", tmp_path / "data"
    command = [DREAMTABLE, "study", "deep-dreams", "--games", "6", "--seed", "3", "--workers", "2",
               "--out", str(out), "--data", str(data)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    page = (out / "deep-dreams.md").read_text()
    head = page[:3000]
    assert "`dreamtable study deep-dreams --games 6 --seed 3`" in head, "the command at the top"
    assert "seed 3 + *i*" in head and "`greedy`" in head and "`ismcts:50`" in head, "the seeds and the bots"
    size = sum(batch.games for batch in batches_of(plan_for("deep-dreams"), games=6))
    assert f"{size} games in 10 batches" in head and "greedy × 2: 6" in head, "the dataset's size"
    for plot in ("seat_order.png", "length.png", "margin.png", "ab.png"):
        assert f"(deep-dreams/{plot})" in page
        assert (out / "deep-dreams" / plot).read_bytes().startswith(b"\x89PNG")
    links = re.findall(r"\]\(\./(deep-dreams/reports/[^)]+\.html)\)", page)
    assert len(links) == 4 + 4 + 2
    for link in links:
        assert (out / link).read_text().startswith("<!doctype html>")
    assert "`draw_bonus_cards=0`" in page and "excludes a fair share?" in page and "`deck` — DD-R25" in page
    assert "[Deep Dreams](deep-dreams.md)" in (out / "README.md").read_text()
    assert len(list((data / "deep-dreams").glob("*.jsonl"))) == len(links)


def test_the_command_refuses_a_variant_equal_to_the_default_without_a_traceback(tmp_path):
    from dreamtable.cli.main import app

    result = CliRunner().invoke(app, ["study", "deep-dreams", "--variant", "draw_bonus_cards=1",
                                      "--out", str(tmp_path), "--data", str(tmp_path)])
    assert result.exit_code == 2 and "is deep-dreams's default" in result.output
    assert not list(tmp_path.iterdir()), "nothing is played or written"
