"""`dreamtable replay` and `play --save`: a seat sees each move as it was told it, an unfinished game's hands
stay hidden, and a save path that cannot be written is refused before the game starts."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import dreamtable
from dreamtable import Record, testing
from dreamtable.cli.terminal import step_through, told

DREAMTABLE = str(Path(sys.executable).with_name("dreamtable"))
CARD = re.compile(r"DD\d\d")


def deep_dreams_with_a_hidden_keep() -> Record:
    """A finished two-player Deep Dreams game in which A kept a card B never saw (seed 3: `keep DD21`)."""
    record = testing.play_random(dreamtable.load("deep-dreams"), 2, 3).record()
    assert any(seat == 0 and text.startswith("keep ") for seat, text in record.moves)
    return record


def replay_text(record: Record, seat: int | None) -> str:
    out = io.StringIO()
    step_through(record, Console(file=out, width=200, color_system=None), lambda prompt: "", seat)
    return out.getvalue()


def test_per_seat_replay_equals_the_seats_own_log():
    record = deep_dreams_with_a_hidden_keep()
    final = dreamtable.replay(record)
    for seat in (0, 1, None):
        shown = [text for position in range(len(record.moves) + 1) for text in told(record, position, seat)]
        assert shown == [event["text"] for event in final.log(seat)]


def test_per_seat_replay_shows_no_card_the_seat_never_saw():
    record = deep_dreams_with_a_hidden_keep()
    seen = set()  # every card B was ever shown: in its views, move by move, and in its log
    for position in range(len(record.moves) + 1):
        state = dreamtable.replay(Record(record.game, record.version, record.players, record.seed, record.options,
                                         record.moves[:position]))
        seen |= set(CARD.findall(json.dumps(state.view(1)) + json.dumps(state.log(1))))
    hidden = {card for _, text in record.moves for card in CARD.findall(text)} - seen
    assert hidden, "the game must hold a card B never saw, or this test proves nothing"
    text = replay_text(record, 1)
    assert f"Move {len(record.moves)} of {len(record.moves)}" in text
    assert not hidden & set(CARD.findall(text)), f"B's replay shows {hidden & set(CARD.findall(text))}"
    for seat, move in record.moves:  # no notation of a move is printed as such
        if seat == 0 and move.startswith("keep "):
            assert move not in text


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([DREAMTABLE, *args], input="q\n", capture_output=True, text=True, timeout=60,
                          env={"NO_COLOR": "1", "COLUMNS": "200", "PATH": "/usr/bin:/bin"})


@pytest.mark.slow
def test_unfinished_game_is_not_replayed_per_seat_without_reveal_hands(tmp_path):
    record = deep_dreams_with_a_hidden_keep()
    path = tmp_path / "unfinished.json"
    Record(record.game, record.version, record.players, record.seed, record.options, record.moves[:10]).save(path)
    refused = run("replay", str(path), "--seat", "B")
    assert refused.returncode == 2
    assert "unfinished game" in refused.stdout and "--reveal-hands" in refused.stdout
    assert "Traceback" not in refused.stdout + refused.stderr and "Move 0" not in refused.stdout
    as_spectator = run("replay", str(path))
    assert as_spectator.returncode == 0 and "Move 0 of 10" in as_spectator.stdout
    revealed = run("replay", str(path), "--seat", "B", "--reveal-hands")
    assert revealed.returncode == 0 and "Move 0 of 10" in revealed.stdout


def test_a_finished_game_may_be_replayed_per_seat(tmp_path):
    path = tmp_path / "finished.json"
    deep_dreams_with_a_hidden_keep().save(path)
    done = run("replay", str(path), "--seat", "B")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Move 0 of" in done.stdout


def test_a_unicode_digit_at_the_replay_prompt_is_not_a_move_number():
    record = deep_dreams_with_a_hidden_keep()
    answers = iter(["²", "q"])
    out = io.StringIO()
    step_through(record, Console(file=out, width=200), lambda prompt: next(answers), None)
    assert "Not an answer here: '²'" in out.getvalue() and "Move 1 of" not in out.getvalue()


@pytest.mark.slow
def test_play_refuses_a_save_path_it_cannot_write_before_the_game_starts(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "game.json.tmp").mkdir()
    for save, phrase in [
        (tmp_path / "missing" / "game.json", "does not exist"),
        (tmp_path / "notes.txt" / "game.json", "is a file, not a folder"),
        (tmp_path / "game.json", "is a folder"),
    ]:
        done = run("play", "sogni-e-incubi", "--seats", "random,random", "--seed", "1", "--save", str(save))
        assert done.returncode == 2, done.stdout + done.stderr
        assert re.search(phrase, " ".join(done.stdout.split())), done.stdout
        assert "Traceback" not in done.stdout + done.stderr and "Game over" not in done.stdout
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.mark.slow
def test_replay_of_a_malformed_save_file_prints_a_message_not_a_traceback(tmp_path):
    for name, content in [("nested.json", b"[" * 100_000), ("latin1.json", '{"game": "café"}'.encode("latin-1")),
                          ("bool.json", b'{"game": "deep-dreams", "version": 1, "players": 2, "seed": 1, "moves": [[true, "draw"]]}')]:
        path = tmp_path / name
        path.write_bytes(content)
        done = run("replay", str(path))
        assert done.returncode == 2, (name, done.stdout, done.stderr)
        assert "Error:" in done.stdout and "Traceback" not in done.stdout + done.stderr
