"""The menu shows its defaults, asks again after a mistake, takes a seed, options
and a save file, and comes back after a game."""

from __future__ import annotations

import json

import pexpect
import pytest

import dreamtable

from .test_terminal import MOVE_PROMPT, spawn

SOGNI = 1 + [info.id for info in dreamtable.games()].index("sogni-e-incubi")


@pytest.mark.slow
def test_the_menu_asks_again_takes_seed_options_and_save_and_comes_back(tmp_path):
    save = tmp_path / "menu.json"
    child = spawn()
    child.expect("Game number:")
    child.sendline(str(SOGNI))
    child.expect(r"\[human,bot\]: ")  # the default seats are shown, not swallowed as markup
    child.sendline("human,robot")
    child.expect("unknown bot")
    child.expect(r"Seats, one per player")  # asked again, not back to the shell
    child.sendline("human")
    child.expect(r"takes 2–4 players, not 1")
    child.expect(r"Seats, one per player")
    child.sendline("human,random")
    child.expect("Seed")
    child.sendline("seven")
    child.expect("A seed is a whole number")
    child.sendline("7")
    child.expect("Options NAME=VALUE")
    child.sendline("hand_limit=lots")
    child.expect("hand_limit takes")
    child.expect("Options NAME=VALUE")
    child.sendline("first_player=A hand_limit=8")
    child.expect("Save the game to a file")
    child.sendline(str(tmp_path / "missing" / "x.json"))
    child.expect(r"does\s+not\s+exist")
    child.expect("Save the game to a file")
    child.sendline(str(save))
    child.expect(MOVE_PROMPT)
    child.sendline("draw")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect("You left the game")
    child.expect("Back to the menu")
    child.expect("Game number:")
    child.sendline("q")
    child.expect("Goodbye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = json.loads(save.read_text())
    assert record["seed"] == 7 and record["options"]["hand_limit"] == 8 and record["options"]["first_player"] == "A"
    assert record["moves"][0] == [0, "draw"]


@pytest.mark.slow
def test_after_a_finished_game_the_menu_comes_back():
    child = spawn()
    child.expect("Game number:")
    child.sendline(str(SOGNI))
    child.expect("Seats")
    child.sendline("random,random")
    for _ in range(3):  # seed, options, save: the defaults
        child.expect("Enter for")
        child.sendline("")
    child.expect(r"Seed \d+ \(use it again")
    child.expect("Game over: ")
    child.expect("Back to the menu")
    child.expect("Game number:")
    child.sendeof()
    child.expect("Goodbye")
    child.expect(pexpect.EOF)
