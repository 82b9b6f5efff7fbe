"""`simulate --out` never empties or appends to a file that is not its own, and
two runs never write one results file at once."""

from __future__ import annotations

import pytest

from dreamtable.workbench.lock import lock_path_for, output_lock
from dreamtable.workbench.results import ResultsError, read_results
from dreamtable.workbench.simulate import Experiment, simulate

SMALL = Experiment("sogni-e-incubi", ("random", "random"), games=3, seed=1)


@pytest.mark.parametrize("text", ["my notes", "my notes\nmore notes\n", "{", "42\n", '{"a": 1}\n'])
def test_a_file_that_is_not_a_results_file_is_refused_and_left_intact(tmp_path, text):
    notes = tmp_path / "notes.txt"
    notes.write_text(text)
    with pytest.raises(ResultsError, match="notes.txt .*(not a dreamtable result|is left as it is)"):
        simulate(SMALL, notes, workers=1)
    assert notes.read_text() == text
    assert not (tmp_path / "notes.csv").exists() and not lock_path_for(notes).exists()


def test_a_binary_file_is_refused_and_left_intact(tmp_path):
    blob = tmp_path / "blob.jsonl"
    blob.write_bytes(b"\xff\xfe\x00binary")
    with pytest.raises(ResultsError, match="not UTF-8"):
        simulate(SMALL, blob, workers=1)
    assert blob.read_bytes() == b"\xff\xfe\x00binary"


def test_an_unrelated_csv_beside_the_output_is_neither_appended_to_nor_overwritten(tmp_path):
    table = tmp_path / "X.csv"
    table.write_text("name,amount\nrent,900\n")
    with pytest.raises(ResultsError, match=r"X.csv is not the results CSV of .*X.jsonl"):
        simulate(SMALL, tmp_path / "X.jsonl", workers=1)
    assert table.read_text() == "name,amount\nrent,900\n" and not (tmp_path / "X.jsonl").exists()
    simulate(SMALL, tmp_path / "Y.jsonl", workers=1)  # and on resume, when the JSONL is ours
    (tmp_path / "Y.csv").write_text("name,amount\n")
    with pytest.raises(ResultsError, match="Y.csv is not the results CSV"):
        simulate(SMALL, tmp_path / "Y.jsonl", workers=1)
    assert (tmp_path / "Y.csv").read_text() == "name,amount\n"


def test_out_may_not_name_the_csv_itself(tmp_path):
    with pytest.raises(ResultsError, match="names the JSONL results file"):
        simulate(SMALL, tmp_path / "r.csv", workers=1)
    assert not (tmp_path / "r.csv").exists()


def test_a_second_run_on_the_same_output_is_refused_naming_the_lock(tmp_path):
    out = tmp_path / "r.jsonl"
    simulate(SMALL, out, workers=1)
    before = out.read_bytes()
    with output_lock(out):  # another run holds it (flock: another open file, same as another process)
        with pytest.raises(ResultsError, match=r"being written by another run \(process \d+ holds .*r.jsonl.lock\)"):
            simulate(Experiment(SMALL.game, SMALL.seats, games=6, seed=1), out, workers=1)
    assert out.read_bytes() == before
    assert not lock_path_for(out).exists(), "the lock is released (and removed) when its run ends"
    rows = simulate(Experiment(SMALL.game, SMALL.seats, games=6, seed=1), out, workers=1)
    assert len(rows) == 6 and len(read_results(out)) == 6


def test_a_lock_file_left_by_a_killed_run_does_not_block(tmp_path):
    out = tmp_path / "r.jsonl"
    lock_path_for(out).write_text("99999\n")  # a run killed with -9: the file stays, its flock went with it
    assert len(simulate(SMALL, out, workers=1)) == 3
