"""``golden coverage``: the rule IDs a game's goldens reach, from the events they replay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import dreamtable
from dreamtable.core.playthrough import main
from dreamtable.core.rule_coverage import rules_of_event

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "playthroughs" / "sogni-e-incubi" / "hand-limit-2p-seed1.txt"


def test_an_event_counts_its_kinds_rules_and_those_of_a_matching_field():
    rules = {"play": ("X-R1",), "play:card=I2": ("X-R8",), "play:card=S2": ("X-R7",)}
    assert rules_of_event(rules, {"kind": "play", "actor": 0, "card": "I2", "slot": 2}) == {"X-R1", "X-R8"}
    assert rules_of_event(rules, {"kind": "draw", "actor": 0, "card": "I2"}) == set()


def _coverage(tmp_path, capsys, *extra):
    folder = tmp_path / "goldens"
    (folder / "sogni-e-incubi").mkdir(parents=True, exist_ok=True)
    shutil.copy(GOLDEN, folder / "sogni-e-incubi")
    code = main(["golden", "coverage", "--dir", str(folder), "--rules", str(ROOT / "docs" / "rules"), *extra])
    assert code == 0
    return capsys.readouterr().out


def test_coverage_lists_the_rules_the_goldens_reach_and_those_they_do_not(tmp_path, capsys):
    [game] = json.loads(_coverage(tmp_path, capsys, "--json"))
    assert game["game"] == "sogni-e-incubi" and game["goldens"] == 1 and game["rules"] == 18
    assert "SI-R3" in game["reached"]  # the golden draws up to the hand limit
    assert sorted(game["reached"] + game["not_reached"] + game["without_behaviour"]) == sorted(f"SI-R{n}" for n in range(1, 19))
    text = _coverage(tmp_path, capsys)
    with_behaviour = 18 - len(game["without_behaviour"])
    assert text.startswith(f"sogni-e-incubi: {len(game['reached'])} of {with_behaviour} rule IDs with behaviour reached by 1 goldens")


def test_a_witness_reaches_a_rule_only_at_a_step_where_it_says_the_rule_applied(tmp_path, capsys, monkeypatch):
    game = dreamtable.load("sogni-e-incubi")
    steps = []

    def draws_the_tenth_card(step):  # a planted witness: true once, when a hand reaches 10 cards
        steps.append(step.move)
        return step.before.hand_sizes != step.after.hand_sizes and 10 in step.after.hand_sizes

    monkeypatch.setattr(type(game), "rule_witnesses", {"SI-R13": draws_the_tenth_card, "SI-R17": lambda step: False})
    [found] = json.loads(_coverage(tmp_path, capsys, "--json"))
    assert "SI-R13" in found["reached"] and "SI-R17" not in found["reached"]
    assert steps and "setup" not in steps  # witnesses read moves, never the deal (it has no state before)


def test_coverage_without_goldens_says_where_it_looked(tmp_path, capsys):
    assert main(["golden", "coverage", "no-such-game", "--dir", str(tmp_path)]) == 1
    assert f"no goldens under {tmp_path} for no-such-game" in capsys.readouterr().err
