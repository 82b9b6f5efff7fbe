"""The word bots in Italian (option ``language=it``): the Italian clue vocabulary and its shipped
embeddings, clues the Italian judge accepts, and a Dreamer about as good as in English."""

from __future__ import annotations

from importlib import resources

import numpy as np
import pytest

from dreamtable.games.when_i_dream import embeddings, judge, wordbots
from dreamtable.games.when_i_dream.vocabulary import NAMES_IT, NOT_FOR_FAMILIES_IT, shipped_words
from dreamtable.games.when_i_dream.words import load_deck

TABLE = embeddings.shipped("it")
ELEMENTS = [card.elements[k % 4] for k, card in enumerate(load_deck("it"))][:40]


def test_the_italian_table_ships_as_float16_and_stays_small():
    folder = resources.files("dreamtable.games.when_i_dream").joinpath("words")
    with folder.joinpath("embeddings-it.npy").open("rb") as stream:
        raw = np.load(stream)
    assert TABLE is not None
    assert raw.dtype == np.float16 and raw.shape == (len(TABLE.words), embeddings.DIMENSIONS)
    assert len(folder.joinpath("embeddings-it.npy").read_bytes()) < 6_500_000


def test_the_italian_table_holds_todays_vocabulary_then_the_decks_other_elements():
    """Fails after a change to the Italian deck or vocabulary: regenerate with
    ``python -m dreamtable.games.when_i_dream.embeddings --language it``."""
    assert TABLE is not None
    vocabulary = embeddings.vocabulary_words("it")
    assert TABLE.words[:TABLE.vocabulary] == vocabulary
    elements = embeddings.element_words("it")
    assert set(TABLE.words[TABLE.vocabulary:]) == set(elements) - set(vocabulary)


def test_the_italian_vocabulary_is_family_friendly_and_one_form_a_word():
    words = shipped_words("it")
    assert len(words) > 3000
    assert not set(words) & (NOT_FOR_FAMILIES_IT | NAMES_IT)
    keys = [judge.inflection_key(word) for word in words]
    assert len(keys) == len(set(keys))
    assert {"gatto", "cane", "albero", "mare"} <= set(words) and "gatti" not in words


@pytest.mark.parametrize("role", ["Fairy", "Boogeyman", "Sandman"])
def test_an_italian_bots_clue_is_never_improper_by_the_italian_judge(role):
    for element in ELEMENTS:
        clue = wordbots.clue_for(role, element, used=set(), language="it")
        assert clue is not None and judge.improper_reason(clue, element, language="it") is None, (element, clue)
        assert clue in TABLE.index  # an Italian word of the shipped table


def test_an_italian_fairy_points_at_the_element_and_a_boogeyman_away_from_it():
    hits = {"Fairy": 0, "Boogeyman": 0}
    for element in ELEMENTS[:30]:
        for role in hits:
            clue = wordbots.clue_for(role, element, used=set(), language="it")
            hits[role] += wordbots.dreamer_guess([clue], patience=1, language="it") == element
    assert hits["Fairy"] >= 2 * hits["Boogeyman"] and hits["Fairy"] >= 10


@pytest.mark.slow
def test_the_italian_vectors_agree_with_the_model():
    assert TABLE is not None
    words = ["gatto", "luna", "verde", "musica", "caffè"]
    for word, vector in zip(words, embeddings.encode(words)):
        stored = TABLE.vector(word)
        assert stored is not None, word
        assert float(stored @ vector) > 0.9999, word


@pytest.mark.slow
def test_the_italian_dreamer_on_fairy_clues_is_within_ten_points_of_the_english_one():
    """Measured over 30 nights each (see the report): Fairies only, Italian 70.1%, English 74.9%."""
    rates = {}
    for language in ("it", "en"):
        yellow = blue = 0
        for seed in range(12):
            y, b = wordbots.bot_night(seed, "Fairy", language=language)
            yellow, blue = yellow + y, blue + b
        rates[language] = yellow / (yellow + blue)
    assert rates["it"] >= rates["en"] - 0.10 and rates["it"] >= 0.6, rates


@pytest.mark.slow
def test_an_italian_game_of_word_bots_plays_to_the_end():
    state = wordbots.bot_game(seed=5, players=4, language="it")
    assert state.is_over and sum(state.points) > 0
    italian = {element for card in load_deck("it") for element in card.elements}
    assert all(entry["element"] in italian for entry in state.board)
