"""At a hot seat no hand stays in the scrollback: the game runs on the terminal's
alternate screen (no scrollback) and every "Pass the keyboard" clears the screen and the scrollback."""

from __future__ import annotations

import pexpect
import pytest

from .test_terminal import DREAMTABLE, ENV, MOVE_PROMPT

ALT_ON, ALT_OFF, CLEAR_SCROLLBACK = "\x1b[?1049h", "\x1b[?1049l", "\x1b[3J"


def hot_seat(term: str) -> pexpect.spawn:
    return pexpect.spawn(DREAMTABLE, ["play", "sogni-e-incubi", "--seats", "human,human", "--seed", "3", "-o", "first_player=A"],
                         env={**ENV, "TERM": term}, encoding="utf-8", timeout=20, dimensions=(60, 120))


def test_pass_the_keyboard_clears_the_scrollback_on_the_alternate_screen():
    child = hot_seat("xterm-256color")
    child.expect("Player A, press Enter")
    assert ALT_ON in child.before, "the hot seat plays on the alternate screen"
    child.sendline("")
    child.expect(r"A \(you\)")
    child.expect(MOVE_PROMPT)
    child.sendline("draw")
    child.expect("Pass the keyboard to player B")
    between = child.before
    assert CLEAR_SCROLLBACK in between.split("A drew")[-1], "the scrollback is cleared after A's hand was shown"
    child.expect("Player B, press Enter")
    child.sendline("")
    child.expect(r"B \(you\)")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect("You left the game")
    assert ALT_OFF in child.before, "the normal screen comes back before the last words"
    child.expect(pexpect.EOF)


def test_a_bots_game_with_one_human_keeps_the_normal_screen():
    child = pexpect.spawn(DREAMTABLE, ["play", "sogni-e-incubi", "--seats", "human,random", "--seed", "3"],
                          env={**ENV, "TERM": "xterm-256color"}, encoding="utf-8", timeout=20, dimensions=(60, 120))
    child.expect(MOVE_PROMPT)
    assert ALT_ON not in child.before and CLEAR_SCROLLBACK not in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_the_end_of_a_hot_seat_game_is_shown_on_the_normal_screen_to_everyone():
    child = hot_seat("xterm-256color")
    while True:
        index = child.expect([r"press Enter when you are at the keyboard", MOVE_PROMPT, pexpect.EOF], timeout=60)
        if index == 2:
            break
        child.sendline("" if index == 0 else "1")
    end = child.before.split(ALT_OFF)[-1]
    assert "Game over: " in end and "(you)" not in end, "the final board is the spectator's, after the alternate screen"
