"""``golden coverage``: the rule IDs a game's goldens reach, from the events they replay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from dreamtable.core.playthrough import main
from dreamtable.core.rule_coverage import rules_of_event

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "playthroughs" / "sogni-e-incubi" / "hand-limit-2p-seed1.txt"


def test_an_event_counts_its_kinds_rules_and_those_of_a_matching_field():
    rules = {"play": ("X-R1",), "play:card=I2": ("X-R8",), "play:card=S2": ("X-R7",)}
    assert rules_of_event(rules, {"kind": "play", "actor": 0, "card": "I2", "slot": 2}) == {"X-R1", "X-R8"}
    assert rules_of_event(rules, {"kind": "draw", "actor": 0, "card": "I2"}) == set()


def test_coverage_lists_the_rules_the_goldens_reach_and_those_they_do_not(tmp_path, capsys):
    folder = tmp_path / "goldens"
    (folder / "sogni-e-incubi").mkdir(parents=True)
    shutil.copy(GOLDEN, folder / "sogni-e-incubi")
    code = main(["golden", "coverage", "--dir", str(folder), "--rules", str(ROOT / "docs" / "rules"), "--json"])
    assert code == 0
    [game] = json.loads(capsys.readouterr().out)
    assert game["game"] == "sogni-e-incubi" and game["goldens"] == 1 and game["rules"] == 18
    assert "SI-R3" in game["reached"]  # the golden draws up to the hand limit
    assert "SI-R17" in game["not_reached"]  # visibility shows in no event
    assert sorted(game["reached"] + game["not_reached"]) == sorted(f"SI-R{n}" for n in range(1, 19))

    assert main(["golden", "coverage", "--dir", str(folder), "--rules", str(ROOT / "docs" / "rules")]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"sogni-e-incubi: {len(game['reached'])} of 18 rule IDs reached by 1 goldens")


def test_coverage_without_goldens_says_where_it_looked(tmp_path, capsys):
    assert main(["golden", "coverage", "no-such-game", "--dir", str(tmp_path)]) == 1
    assert f"no goldens under {tmp_path} for no-such-game" in capsys.readouterr().err
