"""The word judge of When I Dream in Italian (option ``language=it``, WID-R25; design note §4.3).

Each case is a clue or a guess, the Element, and the verdict. The Italian rules mirror how the
English judge treats the same situation: a plural or another gender is the same word (``cats`` for
cat: ``same_stem``, and right as a guess); a diminutive made on the Element (``gattino``) is improper,
as ``piglet`` and ``duckling`` are (``contains``), while an irregular one (``cagnolino`` for cane) is
another word, as ``kitten`` is for cat; as guesses both are wrong, as ``piglet`` is for pig.
"""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.core.errors import IllegalActionError
from dreamtable.games.when_i_dream import judge
from dreamtable.games.when_i_dream.freetext import clean
from dreamtable.games.when_i_dream.words import load_deck
from tests.helpers import all_views, play

GAME = dreamtable.load("when-i-dream")

CLUES = [  # (clue, Element, the judge's reason or None for a fair clue)
    # plural and gender forms: the same word
    ("gatti", "gatto", "same_stem"),
    ("gatta", "gatto", "same_stem"),
    ("lupa", "lupo", "same_stem"),
    ("mele", "mela", "same_stem"),
    ("uova", "uovo", "same_stem"),
    ("chiavi", "chiave", "same_stem"),  # Snowball reads chiavi as a verb; the inflection key does not
    ("ali", "ala", "same_stem"),  # too short for Snowball
    ("oche", "oca", "same_stem"),
    ("maghi", "mago", "same_stem"),
    ("telefoni", "telefono", "same_stem"),
    ("portafogli", "portafoglio", "same_stem"),
    # diminutives and augmentatives on the Element's stem: improper, as piglet is for pig
    ("gattino", "gatto", "altered_form"),
    ("gattone", "gatto", "altered_form"),
    ("casetta", "casa", "altered_form"),
    ("libretto", "libro", "altered_form"),
    ("tavolino", "tavolo", "altered_form"),
    ("orsetto", "orso", "altered_form"),
    ("chiavetta", "chiave", "altered_form"),
    ("alberello", "albero", "altered_form"),
    # irregular or different words: fair, as kitten is for cat
    ("cagnolino", "cane", None),
    ("micio", "gatto", None),
    ("orsacchiotto", "orso", None),
    ("bosco", "albero", None),
    ("fioraio", "fiore", None),
    # the Element written otherwise: accents, their apostrophe, articles and elision, look-alikes
    ("caffe", "caffè", "same_word"),
    ("caffe'", "caffè", "same_word"),
    ("caffé", "caffè", "same_word"),
    ("l'albero", "albero", "same_word"),
    ("l\u2019albero", "albero", "same_word"),
    ("un'ape", "ape", "same_word"),
    ("il gatto", "gatto", "same_word"),
    ("gаtto", "gatto", "same_word"),  # a Cyrillic а
    ("ｇａｔｔｏ", "gatto", "same_word"),
    # substrings, as in English
    ("foglio", "portafoglio", "contained"),
    ("pane", "panettone", "contained"),
    ("hanno", "anno", "contains"),
    # sound: Italian spelling (silent h, c/k/q), not English Metaphone
    ("quore", "cuore", "sound_alike"),
    ("kane", "cane", "sound_alike"),
    ("ora", "hora", "contained"),
    # translations: the table read from the Italian side
    ("cat", "gatto", "translation"),
    ("chat", "gatto", "translation"),
    ("dog", "cane", "translation"),
    ("perro", "cane", "translation"),
    ("hund", "cane", "translation"),
    # fair clues
    ("miagola", "gatto", None),
    ("abbaia", "cane", None),
    ("foresta", "albero", None),
]

GUESSES = [  # (guess, Element, right?)
    ("gatto", "gatto", True),
    ("Gatti", "gatto", True),
    ("gatta", "gatto", True),
    ("il gatto", "gatto", True),
    ("l'albero", "albero", True),
    ("gli alberi", "albero", True),
    ("L\u2019ALBERO", "albero", True),
    ("caffe'", "caffè", True),
    ("caffe", "caffè", True),
    ("perche'", "perché", True),
    ("perche", "perché", True),
    ("chiavi", "chiave", True),
    ("oche", "oca", True),
    ("gattino", "gatto", False),  # as piglet for pig
    ("micio", "gatto", False),
    ("cat", "gatto", False),  # a translation names another language's word, not this game's
    ("pesce", "pesca", True),  # why pesca is not on the Italian deck (see benchmarks/build_italian_deck.py)
]


@pytest.mark.parametrize(("clue", "element", "reason"), CLUES)
def test_WID_R14_italian_clue_verdicts(clue, element, reason):
    assert judge.improper_reason(clue, element, language="it") == reason


@pytest.mark.parametrize(("guess", "element", "right"), GUESSES)
def test_WID_R9_italian_guess_verdicts(guess, element, right):
    assert judge.guess_matches(guess, element, language="it") is right


def test_the_english_judge_treats_the_equivalents_the_same_way():
    assert judge.improper_reason("cats", "cat") == "same_stem" and judge.guess_matches("cats", "cat")
    assert judge.improper_reason("piglet", "pig") == "contains" and not judge.guess_matches("piglet", "pig")
    assert judge.improper_reason("kitten", "cat") is None and not judge.guess_matches("kitten", "cat")


def test_italian_articles_and_elision_are_italian_only():
    assert judge.normalise("l'albero", "it") == "albero"
    assert judge.normalise("dell'orso", "it") == "orso"
    assert judge.normalise("la luna", "it") == "luna"
    assert judge.normalise("the moon", "it") == "themoon"
    assert judge.normalise("l'albero") == "lalbero"  # English reads the apostrophe as nothing
    assert judge.normalise("the moon") == "moon"


def test_a_short_word_is_its_own_inflection_key():
    assert judge.improper_reason("rea", "re", language="it") is None
    assert judge.guess_matches("re", "re", language="it")
    assert judge.inflection_key("bar") != judge.inflection_key("bara")  # bar does not inflect


def test_free_text_limits_count_an_accented_letter_once():
    assert clean("perche\u0301", "a guess", 6) == "perché"
    with pytest.raises(IllegalActionError, match="at most 5 characters"):
        clean("perché", "a guess", 5)


# -- through the engine ------------------------------------------------------------------------------
def italian(**options):
    return GAME.new(players=4, seed=3, language="it", **options)


def test_WID_R25_language_it_deals_the_italian_deck():
    state = italian()
    italian_words = {element for card in load_deck("it") for element in card.elements}
    assert state.element in italian_words
    assert state.view(1)["board"]["language"] == "it"
    assert GAME.new(players=4, seed=3).view(1)["board"]["language"] == "en"


def test_WID_R25_an_unknown_language_is_refused_with_the_choices():
    with pytest.raises(Exception, match="it"):
        GAME.new(players=4, seed=3, language="fr")


def test_the_questions_say_the_words_are_italian():
    state = italian()
    assert state.view(0)["prompt"] == f"Element {state.seq}: type your guess (in Italian), or pass."
    assert "Your clue (one word (in Italian)), or pass." in state.view(1)["prompt"]


def test_WID_R14_an_italian_plural_clue_is_rejected_privately():
    state = italian()
    element = state.element
    plural = element[:-1] + ("i" if element[-1] in "oe" else "e")
    play(state, 1, f"clue {state.seq} {plural}")
    assert state.clues == []


def test_WID_R7_an_accent_written_as_an_apostrophe_is_a_clue_in_italian():
    state = italian(auto_clue_check="off")
    play(state, 1, f"clue {state.seq} perche'")
    assert state.clues[-1]["word"] == "perche'"
    english = GAME.new(players=4, seed=3, auto_clue_check="off")
    with pytest.raises(IllegalActionError, match="WID-R7"):
        english.apply(1, GAME.parse_action(english, 1, f"clue {english.seq} perche'"))


def test_WID_R9_an_italian_guess_by_another_form_is_right_and_the_record_replays():
    state = italian()
    element = state.element
    play(state, 0, f"guess {state.seq} l'{element.upper()}")
    assert state.board[-1]["side"] == "yellow"
    replayed = dreamtable.replay(state.record())
    assert all_views(replayed) == all_views(state)
