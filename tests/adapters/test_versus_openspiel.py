"""``benchmarks/versus_openspiel.py`` measures every game beside OpenSpiel's Python
games in one run and reports the ratios (here with tiny budgets: the figures themselves are in
docs/performance.md, never asserted by a timed test)."""

from __future__ import annotations

import json
import math

import pytest

from ..helpers import benchmark_script


@pytest.mark.slow
def test_one_run_measures_the_references_and_the_games_side_by_side(capsys):
    script = benchmark_script("versus_openspiel")
    code = script.main(["--runs", "1", "--seconds", "0.02", "--game", "sogni-e-incubi", "--game", "when-i-dream",
                        "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    assert set(summary["references"]) == set(script.REFERENCES)
    for figures in summary["references"].values():
        assert figures["decisions"] > 0 and figures["clones"] > 0
    sogni, wid = summary["games"]["sogni-e-incubi"], summary["games"]["when-i-dream"]
    assert sogni["players"] == 2 and wid["players"] == 4
    assert sogni["ismcts"] > 0 and wid["ismcts"] is None  # ISMCTS: 2 players and an evaluation only
    ratio = sogni["decisions"] / summary["reference_decisions"]
    assert math.isclose(sogni["decisions_ratio"], ratio)  # one run: the median is that run's ratio
    # the ISMCTS target is judged at its reference speed: it/s scaled by 52,000 over this run's reference
    assert math.isclose(sogni["ismcts_scaled"], sogni["ismcts"] * 52_000 / summary["reference_decisions"])
    assert sogni["met"] == (sogni["decisions_ratio"] >= 2 and sogni["copies_ratio"] >= 3 and sogni["ismcts_scaled"] >= 10_000)


@pytest.mark.slow
def test_the_table_names_every_game_and_target():
    script = benchmark_script("versus_openspiel")
    summary = script.measure(1, 0.02, (("deep-dreams", 2),), progress=False)
    text = script.table(summary)
    assert "| deep-dreams | 2 |" in text and "geometric mean" in text
    assert "≥ 2" in text and "≥ 3" in text and "at a 52,000 reference (≥ 10,000)" in text


def test_an_unknown_game_is_refused_naming_the_choices(capsys):
    with pytest.raises(SystemExit):
        benchmark_script("versus_openspiel").main(["--game", "chess"])
    assert "unknown game chess; the games: sogni-e-incubi, deep-dreams, dreamwell, dream-cycle, when-i-dream" in (
        capsys.readouterr().err)
