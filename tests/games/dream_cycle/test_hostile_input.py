"""Hostile and careless input to Dream Cycle (issue 13): notation, crafted move objects and options.
Everything is refused with the project's own errors, saying what is allowed, and changes nothing."""

from __future__ import annotations

import pytest

from dreamtable.core.errors import NotationError
from dreamtable.games.dream_cycle.notation import MAX_DIGITS, parse_move

from .table import GAME, table


@pytest.mark.parametrize("text", [
    "start ²", "start ٣", "start ５", "plan row ٣", "plan steps ²", "offer B ²c for N", "offer B N for ٣c",
    "buy ſ", "cash ＺＩＰ", "end\u2003", "plan row " + "9" * 5000, "offer B N for " + "9" * 5000 + "c",
    "plan steps " + "1" * (MAX_DIGITS + 1), "start " + "0" * 10 + "1",
])
def test_issue13_point9_unicode_digits_and_huge_numbers_are_notation_errors(text):
    state = table()
    with pytest.raises(NotationError) as error:
        GAME.parse_action(state, 0, text)
    assert "digits" in str(error.value) or "ASCII" in str(error.value)


def test_issue13_point9_the_ascii_numbers_still_read():
    assert str(parse_move("start 5")) == "start 5"
    assert str(parse_move("plan steps " + "9" * MAX_DIGITS)) == "plan steps " + "9" * MAX_DIGITS
    assert str(parse_move("offer B N for 12c")) == "offer B N for 12c"


@pytest.mark.parametrize("text", [None, 5, b"end", ["end"]])
def test_issue13_point9_a_move_that_is_not_text_is_a_notation_error(text):
    with pytest.raises(NotationError, match="written as text"):
        GAME.parse_action(table(), 0, text)
