"""Every game explains its winner from ``outcome.details``, and the end is told once."""

from __future__ import annotations

import io
import re
from typing import Any

import pexpect
import pytest
from rich.console import Console

import dreamtable
from dreamtable.core.words import words_of
from dreamtable.games.deep_dreams.render import explain_end as deep_dreams_end
from dreamtable.games.dream_cycle.render import explain_end as dream_cycle_end
from dreamtable.games.dreamwell.render import explain_end as dreamwell_end
from dreamtable.games.sogni_e_incubi.render import explain_end as sogni_end
from dreamtable.games.when_i_dream.render import explain_end as when_i_dream_end
from tests.games.sogni_e_incubi.position import position
from tests.helpers import play

from .test_terminal import MOVE_PROMPT, spawn


def english(explain_end: Any) -> Any:
    """A game's ``explain_end`` in English (the words of its game's catalogues)."""
    game_id = explain_end.__module__.split(".")[2].replace("_", "-")
    return lambda view: explain_end(view, words_of(dreamtable.load(game_id), "en"))


def text_of(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=300, color_system=None).print(renderable)
    return " ".join(out.getvalue().split())


def view_with(outcome: dict, players: int = 2, board: dict | None = None) -> dict:
    return {"players": players, "outcome": outcome, "board": board or {}, "events": []}


def test_sogni_a_tie_on_dream_places_says_the_longest_run_decided():
    state = position(rows={0: {2: "S2", 3: "S3", 4: "S4"}, 1: {1: "S1", 2: "S2", 4: "S4", 5: "S5", 3: "I3"}},
                     hands={0: "S5"}, deck="")
    play(state, 0, "S5")
    assert state.outcome.winners == (0,)
    text = text_of(dreamtable.load("sogni-e-incubi").render(state.view(0)))
    assert ("Game over: A won (the deck and every hand are empty, so the rows are counted). Dream places: A 4, B 4; "
            "A and B are level, so the longest run of dream places decides: A 4, B 2.") in text
    assert text.count("Game over") == 1, "the game-over event is not repeated above the explained ending"


def test_sogni_a_full_tie_is_called_a_shared_win_and_a_finished_row_says_so():
    state = position(rows={0: {1: "S1"}, 1: {1: "S1", 2: "I2"}}, hands={0: "S2", 1: "S2"}, deck="")
    play(state, 0, "S2")
    play(state, 1, "S2")
    assert "A and B are level on every count too: a shared win." in text_of(english(sogni_end)(state.view(None)))
    outcome = {"winners": [1], "reason": "complete-row", "scores": [2, 6],
               "details": [{"dream": 2, "longest_run": 1, "hand": 3, "counted": "slots"},
                           {"dream": 6, "longest_run": 6, "hand": 0, "counted": "slots"}]}
    assert text_of(english(sogni_end)(view_with(outcome))) == (
        "Game over: B won (a row of six dreams and an empty hand). B shows a dream on all six places and holds no card.")


def test_deep_dreams_black_pairs_break_a_tie_on_points():
    part = {"sleep_path": 2, "path_points": 4, "group_points": {"green": 2}, "black_pairs": 1, "total": 7}
    outcome = {"winners": [1], "reason": "stuck", "details": [part, {**part, "black_pairs": 2}]}
    text = text_of(english(deep_dreams_end)(view_with(outcome, board={"threshold": 10})))
    assert text.startswith("Game over: B won (a full round of passes). Points: A 7 (path 4, groups 2, black pairs 1), ")
    assert text.endswith("A and B are level, so the number of black pairs decides: A 1, B 2.")


def test_dreamwell_friend_types_break_a_tie_on_points():
    outcome = {"winners": [0, 2], "reason": "cards-played",
               "details": [{"points": 9, "friend_types": 3}, {"points": 8, "friend_types": 4}, {"points": 9, "friend_types": 3}]}
    text = text_of(english(dreamwell_end)(view_with(outcome, players=3, board={"threshold": 7})))
    assert text == ("Game over: A and C won (a player has played 7 cards and the round is over). Points: A 9, B 8, C 9; "
                    "A and C are level, so the number of different friends played decides: A 3, C 3; "
                    "A and C are level on every count too: a shared win.")


def test_dream_cycle_says_who_went_out_and_why_and_who_was_furthest_north():
    out = {"chi": 2, "reason": "drain", "to": None}
    outcome = {"winners": [1], "reason": "last-standing",
               "details": [{"alive": False, "row": None, "out": out, "chi": 0}, {"alive": True, "row": 3, "out": None, "chi": 4}]}
    assert text_of(english(dream_cycle_end)(view_with(outcome))) == (
        "Game over: B won (every other dreamer is out). A is out (could not pay 2 chi for a Psychic Drain).")
    outcome = {"winners": [0], "reason": "round-limit",
               "details": [{"alive": True, "row": 4, "out": None, "chi": 1}, {"alive": True, "row": 4, "out": None, "chi": 1}]}
    board = {"seats": [{"token": {"y": 11}}, {"token": {"y": 10}}]}
    assert text_of(english(dream_cycle_end)(view_with(outcome, board=board))) == (
        "Game over: A won (the round limit is reached (a limit of ours, not the rulebook's)). "
        "Furthest north: A row 4 (y 11), B row 4 (y 10).")


def test_when_i_dream_penalties_break_a_tie():
    outcome = {"winners": [0], "reason": "all-dreamed",
               "details": [{"points": 9, "penalties": 0, "total": 9}, {"points": 10, "penalties": 1, "total": 9},
                           {"points": 4, "penalties": 0, "total": 4}, {"points": 5, "penalties": 0, "total": 5}]}
    text = text_of(english(when_i_dream_end)(view_with(outcome, players=4)))
    assert text == ("Game over: A won (everyone has been the Dreamer). Points less penalties: A 9, B 9 (10 − 1), C 4, D 5; "
                    "A and B are level, so the fewest penalties decides: A 0, B 1.")


@pytest.mark.slow
def test_the_terminal_tells_the_end_once_with_its_reason():
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "5")
    while child.expect([MOVE_PROMPT, pexpect.EOF]) == 0:
        child.sendline("1")
    last = " ".join(child.before.split())
    assert last.count("Game over") == 1, last
    assert re.search(r"Game over: [AB].* won \(.+\)\. (Dream places: A \d, B \d|[AB] shows a dream on all six places)", last)
