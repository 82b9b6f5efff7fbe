"""The real `dreamtable` command driven through a pseudo-terminal, as a player would use it."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

import dreamtable
from dreamtable import testing

from tests.helpers import interruptible

DREAMTABLE = str(Path(sys.executable).with_name("dreamtable"))
# English, whatever the machine's locale (the terminal speaks the locale's language unless --lang says)
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "TERM": "dumb", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
MOVE_PROMPT = re.compile(r"Player ([A-D]), your move: ")


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(DREAMTABLE, list(args), env=ENV, encoding="utf-8", timeout=20, dimensions=(60, 120),
                         preexec_fn=interruptible)


def play_to_the_end(child: pexpect.spawn, answer: str = "1") -> int:
    """Answer every move prompt with ``answer`` until the game ends; returns the moves made."""
    moves = 0
    while True:
        index = child.expect([MOVE_PROMPT, r"Game over:.*won", pexpect.EOF])
        if index != 0:
            return moves
        child.sendline(answer)
        moves += 1


def test_list_shows_the_games():
    child = spawn("list")
    for info in sorted(dreamtable.games(), key=lambda info: info.id):
        child.expect(info.id)
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_when_i_dream_against_the_clock_as_dreamer_then_clue_giver():
    child = spawn("play", "when-i-dream", "--seats", "human,bot,bot,bot", "--seed", "3", "-o", "night_seconds=6",
                  "-o", "final_guess_seconds=3", "--bot-delay", "0.3")
    child.timeout = 30
    child.expect("type your guess")
    child.expect(r"says: \w+")  # a bot's clue appears on its own
    child.sendline("dog")
    child.expect("one last answer")
    child.sendline("pass")
    child.expect("Recount your dream")
    child.sendline("a dog in a dream")
    child.expect("Round 2")
    clues = 0
    while True:
        index = child.expect([r"Your clue \(one word\), or pass", r"Review the night.s cards", r"Game over: .* won"])
        if index == 2:
            break
        child.sendline("dream" if index == 0 else "done")
        clues += index == 0
    assert clues >= 1
    child.expect(pexpect.EOF)


def test_a_game_against_the_clock_refuses_two_humans_and_says_why():
    child = spawn("play", "when-i-dream", "--seats", "human,human,bot,bot")
    child.expect(r"runs\s+against\s+the\s+clock")
    child.expect(r"exactly\s+one\s+human")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


@pytest.mark.slow
def test_deep_dreams_three_seats_with_an_effect_choice():
    # A human among two bots, the usual first game; the human answers every prompt with the first move.
    child = spawn("play", "deep-dreams", "--seats", "human,ismcts:50,greedy", "--seed", "4")
    child.expect("your hand")
    assert play_to_the_end(child) > 5
    child.expect(pexpect.EOF)


def test_tap_from_its_own_distribution_plays_at_the_terminal():
    """The toy game (examples/toy-game) is drawn by its own render module and played to its end."""
    child = spawn("play", "tap", "--seats", "human,random", "--seed", "2", "-o", "turns=4")
    child.expect("deck 6")
    child.expect(r"Key: \[values\] your cards")
    for _ in range(2):  # A's two turns of four, each answered at once (its clock gives 5 s)
        child.expect("Tap for a point, or draw")
        child.sendline("1")
        child.expect("A tapped.")
    child.expect("B  1 pt  \\[1\\]")  # the end shows every seat's cards
    child.expect(r"Game over: A and B won \(after 4 turns\)\. Totals of points and cards: A 2, B 2\.")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("game_id", ["sogni-e-incubi", "deep-dreams"])
@pytest.mark.slow
def test_human_against_a_bot_to_the_end_with_a_save(tmp_path, game_id):
    save = tmp_path / "game.json"
    child = spawn("play", game_id, "--seats", "human,random", "--seed", "5", "--save", str(save))
    child.expect("Deck")
    moves = play_to_the_end(child)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert moves > 5
    state = dreamtable.replay(save)
    assert state.is_over


def test_illegal_and_malformed_input_is_answered_with_a_reason_and_a_new_prompt():
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "5", "--option", "first_player=A")
    child.expect(MOVE_PROMPT)
    child.sendline("S9")
    child.expect("is not a move")
    child.expect(MOVE_PROMPT)
    child.sendline("I1>B")
    child.expect("Not allowed|you hold no")
    child.expect(MOVE_PROMPT)
    child.sendline("99")
    child.expect("There is no move 99")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect("You left the game")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_quit_and_resume_from_the_save_file(tmp_path):
    save = tmp_path / "game.json"
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "8", "--save", str(save))
    for _ in range(3):
        child.expect(MOVE_PROMPT)
        child.sendline("1")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    saved = json.loads(save.read_text())
    assert len(saved["moves"]) >= 3
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "9", "--save", str(save))
    child.expect(r"holds\s+the\s+game\s+of\s+seed\s+8,\s+not\s+9")
    child.expect(pexpect.EOF)
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "8", "--save", str(save))
    child.expect(f"Resuming the game after {len(saved['moves'])} moves")
    play_to_the_end(child)
    child.expect(pexpect.EOF)
    assert dreamtable.replay(save).is_over


def test_undo_never_takes_back_a_draw():
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "5", "--option", "first_player=A")
    child.expect(MOVE_PROMPT)
    child.sendline("undo")
    child.expect("Nothing to undo: you have not made a move yet in this game")
    child.expect(MOVE_PROMPT)
    child.sendline("draw")
    child.expect(MOVE_PROMPT)
    child.sendline("undo")
    child.expect(r"Nothing to undo: \w's move \([^)]+\) showed")  # the draw showed A a card (and B's reply, its own)
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_undo_takes_back_an_action_that_showed_nobody_anything():
    # Dreamwell, seed 3, A first: turning a tile is one of A's three actions and shows nothing new.
    child = spawn("play", "dreamwell", "--seats", "human,random", "--seed", "3", "--option", "first_player=A")
    child.expect(MOVE_PROMPT)
    child.sendline("rotate a1 90")
    child.expect(MOVE_PROMPT)
    child.sendline("undo")
    child.expect("taken back")
    child.expect(MOVE_PROMPT)
    child.sendline("undo")
    child.expect("Nothing to undo")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_hot_seat_hides_each_hand_until_its_owner_confirms():
    child = spawn("play", "sogni-e-incubi", "--seats", "human,human", "--seed", "3", "--option", "first_player=A")
    child.expect("Player A, press Enter when you are at the keyboard")
    before = child.before
    assert "(you)" not in before, "a hand must not be shown before its owner confirms"
    child.sendline("")
    child.expect(r"A \(you\)")
    child.expect(MOVE_PROMPT)
    child.sendline("draw")
    child.expect("Player B, press Enter when you are at the keyboard")
    assert "B (you)" not in child.before and "A (you)" not in child.before.split("Pass the keyboard")[-1]
    child.sendline("")
    child.expect(r"B \(you\)")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_bad_command_line_input_gets_a_message_not_a_traceback(tmp_path):
    for args, phrase in [
        (("play", "chess"), "unknown game"),
        (("play", "sogni-e-incubi", "--seats", "human,robot"), "unknown bot"),
        (("play", "sogni-e-incubi", "--seats", "human"), "2–4 players"),
        (("play", "sogni-e-incubi", "--seats", "random,random", "-o", "hand_limit=lots"), "hand_limit takes a whole number"),
        (("play", "sogni-e-incubi", "--seats", "human,ismcts:0"), "must search at least 1"),
        (("play", "sogni-e-incubi", "--seats", "human,ismcts:-5s"), "bad bot spec"),
        (("bench", "chess"), "unknown game"),
    ]:
        child = spawn(*args)
        child.expect(phrase)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 2
        assert "Traceback" not in child.before
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"game": "sogni-e-incubi", "version": 1, "players": 2, "seed": 1, "moves": [[0, "S9"]]}')
    child = spawn("replay", str(corrupt))
    child.expect("move 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_replay_steps_through_a_saved_game(tmp_path):
    state = testing.play_random(dreamtable.load("sogni-e-incubi"), 2, 4)
    path = tmp_path / "game.json"
    state.record().save(path)
    child = spawn("replay", str(path))
    child.expect(r"Move 0 of (\d+) \(the deal\)")
    total = int(child.match.group(1))
    child.sendline("")
    child.expect("Move 1 of")
    child.sendline("b")
    child.expect("Move 0 of")
    child.sendline(str(total))
    child.expect("Game over")
    child.expect(f"Move {total} of {total}")
    child.sendline("q")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_menu_starts_a_game():
    child = spawn()
    child.expect("Game number:")
    child.sendline("1")
    child.expect("Seats")
    child.sendline("human,random")
    for _ in range(3):  # seed, options, save file: Enter keeps the defaults
        child.expect("Enter for")
        child.sendline("")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect("Back to the menu")
    child.expect("Game number:")
    child.sendline("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("seats", ["random,greedy,random", "random,random,random,random"])
@pytest.mark.slow
def test_bots_only_game_runs_to_the_end(seats):
    child = spawn("play", "sogni-e-incubi", "--seats", seats, "--seed", "2")
    child.expect("Game over:")
    child.expect(pexpect.EOF)


def test_dreamwell_board_is_drawn_and_a_move_is_taken():
    child = spawn("play", "dreamwell", "--seats", "human,random", "--seed", "3", "--option", "first_player=A")
    child.expect("a4")  # the board is drawn north up
    child.expect("Display:")
    child.expect(MOVE_PROMPT)
    child.sendline("draw")
    child.expect(MOVE_PROMPT)
    child.sendline("rotate a1 90")
    child.expect(MOVE_PROMPT)
    child.sendline("move 1 N")
    child.expect("off the board: bring it on")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_dream_cycle_buying_then_a_movement_shown_step_by_step_with_a_pause():
    child = spawn("play", "dream-cycle", "--seats", "human,greedy", "--seed", "2", "-o", "first_player=A")
    child.expect("starting space")
    for move in ["start 5", "buy N", "buy N", "buy N", "place N G", "place N W", "place N O", "plan ask"]:
        child.expect(MOVE_PROMPT)
        child.sendline(move)
    child.expect("A↑")  # the token and its facing on the drawn Dreamscape
    child.expect(r"G\s+N\s+W\s+N\s+O\s+N")  # A's Interpretation tile
    child.expect(MOVE_PROMPT)
    child.sendline("place N R")
    child.expect("you have no North tile in your hand")
    child.expect(MOVE_PROMPT)
    child.sendline("end")
    child.expect("A's bicycle steps off the doldrum space one space to the Fuchsia square in row 1")
    child.expect(r"ride\s+ride on")  # the move list, then the game's question above the input line
    child.expect("ride on, or brake here?")
    child.expect(MOVE_PROMPT)
    child.sendline("ride")
    child.expect("A has no tile on Fuchsia: the movement ends, facing north.")
    child.expect("B's Movement Phase begins.")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect("You left the game")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_bench_with_no_game_measures_every_game():
    # The `games` option once shadowed the list of games and this crashed (make bench too).
    child = spawn("bench", "--runs", "1", "--games", "1")
    child.timeout = 120
    for info in dreamtable.games():
        child.expect(info.id)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.slow
def test_hint_names_a_legal_move_and_a_chance_and_changes_nothing(tmp_path):
    """'hint' at the prompt shows the hard bot's move for the player and its
    chance to win, and is no move; the player then plays that very move."""
    save = tmp_path / "game.json"
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "6", "--save", str(save))
    child.expect(MOVE_PROMPT)
    child.sendline("hint")
    child.expect(r"Hint: (\S+)[^\n]*about (\d+)% to win")
    move, chance = child.match.group(1), int(child.match.group(2))
    assert 0 <= chance <= 100
    child.expect(MOVE_PROMPT)  # asked again: the hint was no move
    child.sendline(move)
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    moves = json.loads(save.read_text())["moves"]
    assert [seat_move for seat_move in moves if seat_move[0] == 0][0] == [0, move]  # A's first move is the hint's


def test_hint_is_refused_with_the_reason_where_there_is_none_to_give():
    child = spawn("play", "when-i-dream", "--seats", "human,bot,bot,bot", "--seed", "3", "-o", "night_seconds=20")
    child.expect("type your guess")
    child.sendline("hint")
    child.expect(r"No hint:\s+When I Dream has no hints")
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_when_i_dream_left_before_any_move_is_saved_and_resumes(tmp_path):
    """It said "It is saved in FILE" and wrote nothing when left before the first move."""
    save = tmp_path / "night.json"
    child = spawn("play", "when-i-dream", "--seats", "human,bot,bot,bot", "--seed", "3", "--save", str(save))
    child.expect("type your guess")
    child.sendintr()
    child.expect(r"It is saved in")
    child.expect(pexpect.EOF)
    assert json.loads(save.read_text())["seed"] == 3
    child = spawn("play", "when-i-dream", "--seats", "human,bot,bot,bot", "--save", str(save))
    child.expect(r"Resuming the game after \d+ moves")
    child.expect("type your guess")
    child.sendintr()
    child.expect(pexpect.EOF)
