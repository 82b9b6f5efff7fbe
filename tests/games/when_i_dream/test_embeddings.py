"""The word bots' shipped embedding table: today's words, the model's vectors, and no wait for the first clue."""

from __future__ import annotations

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


@pytest.mark.parametrize("words", [["dog", "moon", "the", "music"], ["rooster", "hamburger", "unicorn", "vampire"]])
def test_the_shipped_vectors_agree_with_the_model(words):
    fresh = embeddings.encode(words)
    for word, vector in zip(words, fresh):
        stored = TABLE.vector(word)
        assert stored is not None, word
        assert float(stored @ vector) > 0.9999 and np.abs(stored - vector).max() < 1e-3, word


def test_a_word_outside_the_table_is_embedded_by_the_model():
    word = "xylophonists"
    assert TABLE.vector(word) is None
    assert float(wordbots._embedding(word) @ embeddings.encode([word])[0]) > 0.9999

