"""Long lists of moves are grouped by kind and target under the board, which stays
on the screen; 'moves' gives the full numbered list, 'moves KIND' one kind, 'board' the screen again."""

from __future__ import annotations

import pexpect

from dreamtable.cli.terminal import GROUP_OVER, group_targets
from dreamtable.core.words import Words

ENGLISH = Words.of("en")

from .test_terminal import MOVE_PROMPT, spawn

SCREEN_ROWS = 60


def dreamwell_turn() -> pexpect.spawn:
    child = spawn("play", "dreamwell", "--seats", "human,random", "--seed", "3", "--option", "first_player=A")
    child.expect(MOVE_PROMPT)
    return child


def test_moves_grouped_by_kind_and_target():
    assert group_targets(["rotate a1 90", "rotate a1 180", "rotate b1 90", "rotate b1 180"], ENGLISH) == "a1 b1, then 90 180"
    assert group_targets(["enter 1 a1", "enter 1 b1", "enter 2 a1"], ENGLISH) == "1: a1 b1 · 2: a1"
    assert group_targets(["buy N", "buy E", "buy S"], ENGLISH) == "N E S"
    child = dreamwell_turn()
    screen = child.before
    assert "rotate a1 180" not in screen and "rotate d4 270" not in screen, "rotations are one line, not 48"
    flat = " ".join(screen.split())
    assert flat.count("a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4, then 90 180 270") == 1
    assert "moves, grouped by kind" in flat and "'moves' numbers them all" in flat
    assert "1. draw" in screen, "a kind with few moves keeps its number"
    top = screen.index("a4")  # the board is drawn north up: its first row names a4
    assert len(screen[top:].splitlines()) + 2 <= SCREEN_ROWS, "board, moves and prompt fit on one screen"
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_full_list_on_request_and_its_numbers_work():
    child = dreamwell_turn()
    child.sendline("moves")
    child.expect(r"(\d+)\. rotate a1 90")
    number = child.match.group(1)
    child.expect(r"\d+\. rotate d4 270")
    child.expect(MOVE_PROMPT)
    child.sendline("moves rotate")
    child.expect(MOVE_PROMPT)
    kinds = [line.split(". ", 1)[1].split()[0] for line in child.before.splitlines() if ". " in line and line.strip()[0].isdigit()]
    assert len(kinds) == 48 and set(kinds) == {"rotate"}
    child.sendline("moves fly")
    child.expect("No move starts with 'fly' now")
    child.expect(MOVE_PROMPT)
    child.sendline("board")
    child.expect("a4")
    child.expect("moves, grouped by kind")
    child.expect(MOVE_PROMPT)
    child.sendline(number)  # the number of the full list, though the screen grouped it
    child.expect("A rotated a1 by 90")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_short_lists_stay_numbered_one_per_line():
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "5", "--option", "first_player=A")
    child.expect(MOVE_PROMPT)
    assert "grouped by kind" not in child.before and " 1. draw" in child.before
    assert GROUP_OVER >= 12
    child.sendline("quit")
    child.expect(pexpect.EOF)
