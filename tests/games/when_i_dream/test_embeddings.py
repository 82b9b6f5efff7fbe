"""The word bots' shipped embedding table: today's words, the model's vectors, and no wait for the first clue."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources

import numpy as np
import pytest

from dreamtable.games.when_i_dream import embeddings, wordbots

TABLE = embeddings.shipped("en")


def test_the_table_ships_with_the_package_as_float16_and_stays_small():
    folder = resources.files("dreamtable.games.when_i_dream").joinpath("words")
    with folder.joinpath("embeddings-en.npy").open("rb") as stream:
        raw = np.load(stream)
    assert raw.dtype == np.float16 and raw.shape == (len(TABLE.words), embeddings.DIMENSIONS)
    assert folder.joinpath("embeddings-en.npy").read_bytes().__len__() < 6_500_000


def test_the_shipped_words_are_todays_vocabulary_then_the_decks_other_elements():
    """Fails after a change to the deck, the vocabulary rules or wordfreq: regenerate with
    ``python -m dreamtable.games.when_i_dream.embeddings``."""
    vocabulary = embeddings.vocabulary_words("en")
    assert TABLE.words[:TABLE.vocabulary] == vocabulary
    assert not set(vocabulary) & embeddings.NOT_FOR_FAMILIES
    elements = embeddings.element_words("en")
    assert set(TABLE.words[TABLE.vocabulary:]) == set(elements) - set(vocabulary)
    assert all(TABLE.vector(element) is not None for element in elements)


@pytest.mark.parametrize("words", [["dog", "moon", "green", "music"], ["rooster", "hamburger", "unicorn", "vampire"]])
@pytest.mark.slow
def test_the_shipped_vectors_agree_with_the_model(words):
    fresh = embeddings.encode(words)
    for word, vector in zip(words, fresh):
        stored = TABLE.vector(word)
        assert stored is not None, word
        assert float(stored @ vector) > 0.9999 and np.abs(stored - vector).max() < 1e-3, word


@pytest.mark.slow
def test_a_word_outside_the_table_is_embedded_by_the_model():
    word = "xylophonists"
    assert TABLE.vector(word) is None
    assert float(wordbots._embedding(word) @ embeddings.encode([word])[0]) > 0.9999


def test_the_first_clue_and_answer_of_a_night_need_no_model():
    """Before the table shipped, the first clue waited 12–33 s while the vocabulary was embedded."""
    script = """
import time
import dreamtable
from dreamtable.games.when_i_dream import embeddings
game = dreamtable.load("when-i-dream")
state = game.new(players=5, seed=1)
bot = game.bots["wordbot"](0)
start = time.perf_counter()
clue = bot.choose(state, state.clue_seat)
state.apply(state.clue_seat, clue)
bot.choose(state, state.dreamer)
print(clue.kind, embeddings.model.cache_info().currsize, round(time.perf_counter() - start, 3))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    kind, model_loaded, seconds = result.stdout.split()
    assert kind == "clue" and model_loaded == "0", result.stdout
    assert float(seconds) < 5.0  # about 0.1 s; generous for a busy test machine
