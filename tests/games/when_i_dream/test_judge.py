"""The word judge of When I Dream (design note §4.3, checklist items 9 and 16), each check on its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dreamtable.games.when_i_dream import judge

CLUES = json.loads((Path(__file__).parent / "clues.json").read_text(encoding="utf-8"))["clues"]


def test_normalise_folds_case_accents_articles_and_non_letters():
    assert judge.normalise("  The Crème-Brûlée! ") == "cremebrulee"
    assert judge.normalise("an Owl") == "owl"
    assert judge.normalise("ÁRBOL") == "arbol"


def test_guess_matches_after_case_accents_plural_and_inflection():
    assert judge.guess_matches("Roosters", "rooster")
    assert judge.guess_matches("the dog", "dog")
    assert judge.guess_matches("DRUMS", "drum")
    assert not judge.guess_matches("drummer", "drum")
    assert not judge.guess_matches("", "drum")


def test_guess_matches_an_alias_but_an_alias_never_makes_a_clue_legal():
    assert judge.guess_matches("burger", "hamburger", ("burger",))
    assert not judge.guess_matches("burger", "hamburger")
    assert judge.improper_reason("burger", "hamburger") == "contained"


def test_checklist_9_each_kind_of_improper_clue():
    assert judge.improper_reason("drummer", "drum") == "contains"
    assert judge.improper_reason("burger", "hamburger") == "contained"
    assert judge.improper_reason("roosters", "rooster") == "same_stem"
    assert judge.improper_reason("knight", "night") in ("contains", "sound_alike")
    assert judge.sound_alike("knight", "night")
    assert judge.improper_reason("chien", "dog") == "translation"
    assert judge.improper_reason("Dog", "dog") == "same_word"


@pytest.mark.parametrize("clue, element", [("pair", "pear"), ("flour", "flower"), ("plain", "plane"), ("beech", "beach")])
def test_sound_alike_by_homophone_list_or_phonetic_code(clue, element):
    assert judge.sound_alike(clue, element)


@pytest.mark.parametrize("clue, element", [("kit", "cat"), ("parrot", "pirate"), ("bark", "dog"), ("wool", "sheep")])
def test_sound_alike_keeps_different_words_apart(clue, element):
    assert not judge.sound_alike(clue, element)


def test_substring_checks_need_three_letters():
    assert not judge.contained("ox", "fox")
    assert judge.contained("pop", "popcorn")
    assert not judge.contains("fox", "ox", min_length=3)


def test_translation_check_can_be_turned_off():
    assert judge.improper_reason("chien", "dog", translation_check=False) is None


def test_fair_clues_pass():
    for clue, element in [("bark", "dog"), ("moat", "castle"), ("lava", "volcano"), ("fangs", "vampire")]:
        assert judge.improper_reason(clue, element) is None


def test_labelled_list_precision_and_recall():
    """The list has at least 100 improper and 100 fair clues; the figures are in the rules docs."""
    improper = [row for row in CLUES if row["improper"]]
    fair = [row for row in CLUES if not row["improper"]]
    assert len(improper) >= 100 and len(fair) >= 100
    caught = sum(judge.improper_reason(row["clue"], row["element"]) is not None for row in improper)
    false_alarms = sum(judge.improper_reason(row["clue"], row["element"]) is not None for row in fair)
    precision = caught / (caught + false_alarms)
    recall = caught / len(improper)
    print(f"judge: precision {precision:.3f}, recall {recall:.3f} on {len(improper)} improper / {len(fair)} fair")
    assert precision >= 0.95 and recall >= 0.95


def test_a_long_text_is_normalised_without_being_remembered():
    """A recount may be thousands of characters; the judge's memory keeps only words (free text's bound, kept in memory too)."""
    judge._normalise_word.cache_clear()
    long_text = "the dog " * 500
    assert judge.normalise(long_text) == "dog" + "thedog" * 499
    assert judge._normalise_word.cache_info().currsize == 0
    assert judge.normalise("Dog") == "dog" and judge._normalise_word.cache_info().currsize == 1
