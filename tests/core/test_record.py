"""Records: JSON round trip, corrupt and foreign records refused with a reason, replays exact."""

from __future__ import annotations

import json
import re

import pytest

import dreamtable
from dreamtable import Record, RecordError


def finished_state(seed=3):
    state = dreamtable.load("sogni-e-incubi").new(players=3, seed=seed)
    from dreamtable.agents import RandomAgent

    bot = RandomAgent(seed)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, bot.choose(state, seat))
    return state


def test_record_round_trips_through_json_and_a_file(tmp_path):
    state = finished_state()
    record = state.record()
    assert Record.from_json(record.to_json()) == record
    path = tmp_path / "game.json"
    record.save(path)
    again = dreamtable.replay(path)
    assert again.view(None) == state.view(None)
    assert again.outcome == state.outcome


def test_record_shape_matches_the_architecture_note():
    data = json.loads(finished_state().record().to_json())
    assert set(data) == {"game", "version", "players", "seed", "options", "moves"}
    assert all(isinstance(seat, int) and isinstance(text, str) for seat, text in data["moves"])


@pytest.mark.parametrize(
    "mutate, phrase",
    [
        (lambda d: d.pop("seed"), "no 'seed'"),
        (lambda d: d.update(players="two"), "'players' must be a int"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(players=7), "setup is not valid"),
        (lambda d: d["moves"].insert(0, [0, "S9"]), "move 1"),
        (lambda d: d["moves"].__setitem__(1, [0, "draw"]), "move 2"),
        (lambda d: d["moves"].append("draw"), "is 'draw'"),
        (lambda d: d["options"].update(colour="red"), "no option colour"),
    ],
)
def test_corrupt_or_foreign_records_raise_record_error(mutate, phrase):
    data = finished_state().record().to_dict()
    mutate(data)
    with pytest.raises(RecordError) as error:
        dreamtable.replay(data)
    assert phrase in str(error.value)


def test_unreadable_record_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        dreamtable.replay(path)
    with pytest.raises(RecordError, match="cannot read"):
        dreamtable.replay(tmp_path / "missing.json")


def test_save_is_atomic_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "save.json"
    finished_state().record().save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


@pytest.mark.parametrize(
    "text, phrase",
    [
        ("[" * 100_000, "nested too deeply"),  # once a RecursionError
        ('{"a": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        ('{"game": "sogni-e-incubi", "version": 1, "players": 2, "seed": 1' + "0" * 5000 + "}", "cannot read here"),
        ('{"game": "sogni-e-incubi", "version": 1, "players": 2, "seed": true}', "'seed' must be a int"),
        ('{"game": "sogni-e-incubi", "version": 1, "players": 2.0, "seed": 1}', "'players' must be a int"),
        ('{"game": "sogni-e-incubi", "version": 1, "players": 2}', "no 'seed' field"),
        ('{"game": 5, "version": 1, "players": 2, "seed": 1}', "'game' must be a str"),
        ('{"game": "sogni-e-incubi", "version": 1, "players": 2, "seed": 1, "moves": [[true, "draw"]]}', "move 1 is [True"),
        ('{"game": "sogni-e-incubi", "version": 1, "players": 2, "seed": 1, "moves": {"0": "draw"}}', "'moves' must be a list"),
        ('{"game": "sogni-e-incubi", "version": 1, "players": 2, "seed": 1, "options": []}', "'options' must be an object"),
        ('"a string"', "a JSON object, not str"),
    ],
)
def test_malformed_save_files_raise_record_error(tmp_path, text, phrase):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=re.escape(phrase)):
        dreamtable.replay(path)


def test_a_save_file_that_is_not_utf8_or_a_folder_raises_record_error(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"game": "sogni-e-incubi", "note": "café"}'.encode("latin-1"))
    with pytest.raises(RecordError, match="not UTF-8"):
        dreamtable.replay(path)
    with pytest.raises(RecordError, match="cannot read"):
        dreamtable.replay(tmp_path)


def test_save_paths_that_cannot_be_written_are_refused_saying_why(tmp_path):
    from dreamtable.core.record import check_save_path

    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "game.json.tmp").mkdir()
    for path, phrase in [
        (tmp_path / "missing" / "game.json", "folder .* does not exist"),
        (tmp_path / "notes.txt" / "game.json", "notes.txt is a file, not a folder"),
        (tmp_path / "folder.json", "it is a folder"),
        (tmp_path / "game.json", r"game.json.tmp, where each save is written first, is a folder"),
    ]:
        with pytest.raises(RecordError, match=phrase):
            check_save_path(path)
        with pytest.raises(RecordError, match="cannot save"):  # and the save itself says so too
            finished_state().record().save(path)
    check_save_path(tmp_path / "fine.json")
    assert (tmp_path / "notes.txt").read_text() == "mine"
