"""Sogni e Incubi asks the seat on turn with a kind and plain fields (``State.ask``), worded by
``prompt.KIND`` of its catalogues in English and Italian, for the terminal and the page alike."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import dreamtable
from dreamtable.core.contract import COMMON_PROMPT_FIELDS
from dreamtable.core.game_package import template_fields
from dreamtable.games.sogni_e_incubi.cards import LONG_NAMES, SHORT_NAMES
from dreamtable.games.sogni_e_incubi.prompts import PROMPT_FIELDS

from .position import GAME, position

I18N = Path(dreamtable.__file__).parent / "games" / "sogni_e_incubi" / "web" / "i18n"


def catalogue(lang: str) -> dict[str, str]:
    found: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return found


def test_the_game_declares_its_prompts():
    assert GAME.prompt_fields is PROMPT_FIELDS
    assert set(PROMPT_FIELDS) == {"draw-or-play", "draw-only", "play-deck-empty", "play-hand-full"}


@pytest.mark.parametrize(("hands", "deck", "asked", "words"), [
    ("S1", None, {"kind": "draw-or-play"}, "Draw a card or play one from your hand."),
    ("I1", None, {"kind": "draw-only"}, "Draw a card: no card in your hand can be played now."),
    ("S1", "", {"kind": "play-deck-empty"}, "Play a card from your hand: the deck is empty, so you cannot draw."),
    ("S1 I1 I1 I1 I1 I2 I2 I2 I2 I3", None, {"kind": "play-hand-full", "cards": 10, "limit": 10},
     "Play a card from your hand: you hold 10 cards, so you cannot draw (hand limit 10)."),
])
def test_each_question_is_a_kind_with_plain_fields_and_the_same_words(hands, deck, asked, words):
    state = position(hands={0: hands}, deck=deck)
    view = state.view(0)
    assert view["ask"] == asked
    assert view["prompt"] == words
    assert json.loads(json.dumps(view["ask"])) == asked  # plain JSON values


def test_the_hand_limit_option_is_a_field():
    state = position(hands={0: "S1 I1 I1 I1"}, hand_limit=4)
    assert state.ask(0) == {"kind": "play-hand-full", "cards": 4, "limit": 4}


def test_the_others_are_told_whom_the_game_waits_for():
    state = position(hands={0: "I1", 1: "S2"})
    assert state.ask(1) == state.ask(None) == {"kind": "waiting-for", "seat": 0}


def test_random_games_ask_only_declared_kinds_that_hide_nothing():
    """What a seat is asked follows from what it may know: the same in every world it cannot tell apart."""
    rng = random.Random(4)
    seen = set()
    for seed in range(6):
        state = GAME.new(players=2 + seed % 3, seed=seed)
        while not state.is_over:
            for seat in range(state.players):
                asked = state.ask(seat)
                seen.add(asked["kind"])
                assert asked["kind"] in PROMPT_FIELDS or asked["kind"] in COMMON_PROMPT_FIELDS
                assert asked["kind"] != "say"
                world = state.determinize(seat, random.Random(rng.random()))
                assert world.ask(seat) == asked
            actor = state.actors[0]
            state.apply(actor, rng.choice(state.legal_actions(actor)))
        assert state.ask(0) == {"kind": "over"}
    assert {"draw-or-play", "waiting-for"} <= seen


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_catalogues_word_every_prompt_with_exactly_its_declared_fields(lang):
    words = catalogue(lang)
    for kind, fields in PROMPT_FIELDS.items():
        assert template_fields(words[f"prompt.{kind}"]) == set(fields), kind


def test_the_english_catalogue_has_the_card_names_of_the_game():
    english = catalogue("en")
    assert [english[f"card.{name}"] for name in SHORT_NAMES] == list(LONG_NAMES)


def test_the_italian_catalogue_is_complete_with_the_rulebooks_card_names():
    english, italian = catalogue("en"), catalogue("it")
    assert set(italian) == set(english)
    assert [italian[f"card.S{n}"] for n in range(1, 7)] == [f"Sogno {n}" for n in range(1, 7)]
    assert [italian[f"card.I{n}"] for n in range(1, 7)] == [f"Incubo {n}" for n in range(1, 7)]
    assert (italian["card.CS"], italian["card.CI"], italian["card.R"]) == ("Converti in Sogno", "Converti in Incubo", "Rem")
    for key, text in italian.items():
        assert template_fields(text) <= template_fields(english[key]), key
