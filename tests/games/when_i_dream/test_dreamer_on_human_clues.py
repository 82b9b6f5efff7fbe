"""The bot Dreamer on people's clues: hand-written clue lists, the attractor Elements, and how a
clue typed by a person (capitals, plurals, names) finds its vector."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from dreamtable.games.when_i_dream import wordbots
from dreamtable.games.when_i_dream.embeddings import shipped

DATA = Path(__file__).parents[2] / "data" / "when_i_dream"


def _rows(name: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = json.loads((DATA / name).read_text(encoding="utf-8"))["clues"]
    return rows


def _accuracy(name: str) -> tuple[float, float]:
    """(share of Elements named after their five clues, mean seconds per guess once the model is loaded)."""
    rows = _rows(name)
    wordbots._embedding("Stradivarius")  # the model's one-off load (about 2 s) is not a guess's time
    right, seconds = 0, 0.0
    for row in rows:
        start = time.perf_counter()
        guess = wordbots.dreamer_guess(list(row["clues"]), patience=1)  # type: ignore[arg-type]
        seconds += time.perf_counter() - start
        right += guess == row["element"]
    return right / len(rows), seconds / len(rows)


@pytest.mark.slow
def test_the_dreamer_names_seven_in_ten_elements_from_five_human_clues():
    """120 Elements with five clues each, written by hand (55% before the hubness correction, 77% with it)."""
    accuracy, seconds = _accuracy("human_clues.json")
    assert accuracy >= 0.70, accuracy
    assert seconds < 3.0, seconds  # five new clues at once, most of them embedded by the model; a night lasts 120 s


@pytest.mark.slow
def test_the_dreamer_also_names_seven_in_ten_on_the_held_out_human_clues():
    """50 other Elements, written after the first measurement (62% before, 82% with the correction)."""
    accuracy, _ = _accuracy("human_clues_holdout.json")
    assert accuracy >= 0.70, accuracy


def test_the_elements_that_won_vague_clue_sets_are_those_nearest_the_whole_vocabulary():
    names, _ = wordbots.elements()
    pull = wordbots.hubness()
    top = {names[int(i)] for i in np.argsort(-pull)[:10]}
    assert {"easel", "broom", "attic", "kite"} <= top
    words = wordbots.vocabulary()[1]
    row = names.index("easel")
    assert pull[row] == pytest.approx(float(np.mean(words @ wordbots.elements()[1][row])), abs=1e-5)


def test_an_attractor_element_no_longer_wins_a_clue_set_meant_for_another():
    clues = ["bow", "chin", "concert"]  # all three in the shipped table: no model involved
    names, vectors = wordbots.elements()
    plain = vectors @ np.mean([wordbots._embedding(clue) for clue in clues], axis=0)
    assert names[int(np.argmax(plain))] == "easel"  # the mean similarity alone falls on the attractor
    assert wordbots.dreamer_guess(clues, patience=1) == "violin"
    scores = wordbots.dreamer_scores(clues)
    assert scores[names.index("violin")] > scores[names.index("easel")]


def test_an_element_a_clue_is_improper_for_is_never_the_answer():
    names, _ = wordbots.elements()
    scores = wordbots.dreamer_scores(["octopuses", "tentacles", "ink"])
    assert wordbots.dreamer_guess(["octopuses", "tentacles", "ink"], patience=1) != "octopus"
    assert scores[names.index("octopus")] == -2.0


def test_a_capitalised_clue_is_the_tables_word_and_needs_no_model(monkeypatch):
    def no_model(words):
        raise AssertionError(f"the model was asked for {words}")

    monkeypatch.setattr(wordbots, "encode", no_model)
    table = shipped("en")
    assert table is not None and table.vector("Ocean") is None
    assert np.array_equal(wordbots._embedding.__wrapped__("Ocean"), table.vector("ocean"))


def test_a_clue_outside_the_table_goes_to_the_model_as_typed(monkeypatch):
    asked: list[list[str]] = []

    def model(words):
        asked.append(list(words))
        return np.ones((len(words), 512), dtype=np.float32)

    monkeypatch.setattr(wordbots, "encode", model)
    wordbots._embedding.__wrapped__("Stradivarius")
    wordbots._embedding.__wrapped__("tentacles")
    assert asked == [["Stradivarius"], ["tentacles"]]  # the capital kept: it tells a name from a word
