"""The Dream deck as data (checklist item 16)."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from dreamtable.games.when_i_dream.judge import normalise, stem
from dreamtable.games.when_i_dream.words import DeckError, load_deck, parse_deck


def raw_deck():
    return json.loads(resources.files("dreamtable.games.when_i_dream").joinpath("words", "en.json").read_text())


def test_the_deck_has_110_cards_and_440_distinct_elements():
    deck = load_deck("en")
    elements = [element for card in deck for element in card.elements]
    assert len(deck) == 110 and len(elements) == 440 and len(set(elements)) == 440


def test_no_two_elements_on_a_card_share_a_stem_or_contain_each_other():
    for card in load_deck():
        words = card.elements
        assert len({stem(word) for word in words}) == 4, card.id
        for first in words:
            for second in words:
                assert first == second or normalise(first) not in normalise(second), card.id


def test_a_card_with_two_words_sharing_a_stem_fails_naming_the_card():
    data = raw_deck()
    data["cards"][4]["faceB"][1] = data["cards"][4]["faceA"][0] + "s"
    with pytest.raises(DeckError, match=data["cards"][4]["id"] + ".*share a stem"):
        parse_deck(data)


@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda d: d["cards"].pop(), "110 cards"),
        (lambda d: d["cards"][0].update(faceA=["owl"]), "exactly two"),
        (lambda d: d["cards"][0].update(faceA=["Owl Hat", "x"]), "lower-case word"),
        (lambda d: d["cards"][1].update(faceA=d["cards"][0]["faceA"]), "already on WID001"),
        (lambda d: d["cards"][0].update(aliases={"zebra": ["z"]}), "not on this card"),
        (lambda d: d["cards"][0].pop("faceB"), "needs faceA and faceB"),
    ],
)
def test_malformed_word_lists_say_what_is_wrong(breakage, message):
    data = copy.deepcopy(raw_deck())
    breakage(data)
    with pytest.raises(DeckError, match=message):
        parse_deck(data)


def test_an_unknown_language_is_refused():
    with pytest.raises(DeckError, match="no word list for language 'xx'"):
        load_deck("xx")


def test_every_element_has_translations_in_four_languages():
    table = json.loads(resources.files("dreamtable.games.when_i_dream").joinpath("words", "translations.json").read_text())
    assert set(table) == {element for card in load_deck() for element in card.elements}
    assert all(set(entry) == {"fr", "es", "it", "de"} for entry in table.values())
