"""A game's guided first game (core/tutorial.py): every declared guide is reachable on its own deal by
following it, and a malformed one is refused at the package check, naming the step and what is allowed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import dreamtable
from dreamtable.core.errors import SetupError
from dreamtable.core.game_package import catalogue, check_web_package
from dreamtable.core.tutorial import follow, tutorial_of

GUIDED = sorted(info.id for info in dreamtable.games() if tutorial_of(dreamtable.load(info.id)) is not None)


def test_at_least_one_game_declares_a_guided_first_game() -> None:
    assert GUIDED, "no game's package ships web/tutorial.json"


@pytest.mark.parametrize("game_id", GUIDED)
def test_each_step_of_the_guide_is_reached_on_its_deal_in_order_by_its_own_moves(game_id: str) -> None:
    game = dreamtable.load(game_id)
    guide = tutorial_of(game)
    assert guide is not None
    followed = follow(game, guide)
    assert followed.done == list(range(len(guide.steps))), "each step is done by the move it asks for, one a step"
    assert len(followed.moves) == len(guide.steps)


@pytest.mark.parametrize("game_id", GUIDED)
def test_the_guide_words_its_steps_and_the_game_a_how_to_play_summary(game_id: str) -> None:
    game = dreamtable.load(game_id)
    guide = tutorial_of(game)
    assert guide is not None
    words = catalogue(game)
    summary = [words[f"howto.{n}"] for n in range(1, 20) if f"howto.{n}" in words]
    assert 3 <= len(summary) <= 8, "one screen: a few short lines"
    assert all(len(line) <= 240 for line in summary)
    for step in guide.steps:
        assert words[step.says]




def broken(web: Path, change: Any) -> None:
    path = web / "tutorial.json"
    found = json.loads(path.read_text(encoding="utf-8"))
    change(found)
    path.write_text(json.dumps(found), encoding="utf-8")


@pytest.mark.parametrize(("change", "said"), [
    (lambda t: t.update(seats=["easy", "easy"]), r"seats must list 'you' once"),
    (lambda t: t.update(seed=-1), r"seed must be a whole number"),
    (lambda t: t.update(extra=1), r"has keys extra"),
    (lambda t: t["steps"][1]["until"].update(kind="fly"), r"step 2: until names the event kind 'fly'; the game's are"),
    (lambda t: t["steps"][0]["until"].update(colour="red"), r"step 1: a play event has no field colour; it has card"),
    (lambda t: t["steps"][2].update(move="(["), r"step 3: '\(\[' is not a regular expression"),
    (lambda t: t["steps"][0].update(move=5), r"step 1: move must be a pattern of the moves' notation, or a list"),
    (lambda t: t["steps"][3].update(points=[]), r"step 4: points must list one or more CSS selectors"),
    (lambda t: t["steps"][0].update(says="tutorial.nowhere"), r"uses keys the English catalogue lacks: tutorial.nowhere"),
    (lambda t: t.update(options={"final_count": "dreams?"}), r"deals a game the game refuses"),
])
def test_a_malformed_guide_is_refused_by_the_package_check_saying_what_is_wrong(copied_game: Any, change: Any, said: str) -> None:
    game, web = copied_game
    check_web_package(game)
    broken(web, change)
    with pytest.raises(SetupError, match=said):
        check_web_package(game)


def test_a_guide_whose_move_is_not_legal_on_its_deal_is_caught_by_following_it(copied_game: Any) -> None:
    game, web = copied_game
    broken(web, lambda t: t["steps"][0].update(move="^CS[1-6]$"))  # no Convert to Dream in the first hand
    guide = tutorial_of(game)
    assert guide is not None
    with pytest.raises(RuntimeError, match=r"step 1's move '\^CS\[1-6\]\$' is not legal"):
        follow(game, guide)
