"""Judging words in When I Dream (design note §4.3): each check is its own function.

* :func:`normalise` and :func:`stem` put words in a comparable form (look-alike letters read as the
  Latin letters they imitate: :mod:`.confusables`);
* :func:`guess_matches` says whether the Dreamer's guess names the Element;
* :func:`improper_reason` says why a clue is improper (``same_stem``, ``contains``, ``contained``,
  ``sound_alike`` or ``translation``), or ``None`` when it is allowed.

Stems come from the Snowball stemmer, sounds from Metaphone codes (jellyfish) with close
spelling, plus a shipped list of homophones, and translations from a shipped bilingual
table (French, Spanish, Italian, German). Precision and recall on the labelled clue list
(``tests/games/when_i_dream/clues.json``) are reported in docs/rules/when-i-dream.md.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable

import jellyfish
import snowballstemmer  # type: ignore[import-untyped]  # the package ships no type information

from .confusables import skeleton

MIN_SUBSTRING = 3  # the shorter word of a substring check needs this many letters (option min_substring_len)
SOUND_SPELLING = 0.8  # Jaro–Winkler similarity two words with one Metaphone code also need
ARTICLES = ("a", "an", "the")
_STEMMER = snowballstemmer.stemmer("english")


def _data(name: str) -> Any:
    """A JSON file of ``words/``, decoded (its shape is given where it is read)."""
    return json.loads(resources.files(__package__).joinpath("words", name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def translations() -> dict[str, set[str]]:
    """Element → every known translation (all languages together), normalised."""
    table: dict[str, dict[str, list[str]]] = _data("translations.json")  # element → language → words
    return {element: {normalise(word) for words in by_language.values() for word in words}
            for element, by_language in table.items()}


@lru_cache(maxsize=1)
def homophones() -> dict[str, set[str]]:
    """Word → the words a pronunciation dictionary gives the same sound (both directions)."""
    groups: list[list[str]] = _data("homophones.json")["groups"]
    sounds: dict[str, set[str]] = {}
    for group in groups:
        for word in group:
            sounds.setdefault(normalise(word), set()).update(normalise(other) for other in group if other != word)
    return sounds


CACHED_LENGTH = 64
"""Words up to this length are normalised once and remembered; a longer text (a recount, up to a few
thousand characters) is normalised each time, so a player's long texts never fill the memory."""


def normalise(word: str) -> str:
    """NFKC, look-alikes read as the Latin letters they imitate, case-folded, accents stripped, letters
    only; a leading English article dropped. So ``ｄｏｇ`` and ``dоg`` (a Cyrillic о) are ``dog``."""
    return _normalise_word(word) if len(word) <= CACHED_LENGTH else _normalise(word)


def _normalise(word: str) -> str:
    text = skeleton(unicodedata.normalize("NFKC", word)).casefold().strip()
    for article in ARTICLES:
        if text.startswith(article + " "):
            text = text[len(article) + 1:]
            break
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():  # no combining marks; the letters are A-Z and a-z (a long recount is mostly ASCII)
        return _NOT_ASCII_LETTERS.sub("", decomposed)
    return "".join(ch for ch in decomposed if ch.isalpha() and not unicodedata.combining(ch))


_NOT_ASCII_LETTERS = re.compile(r"[^A-Za-z]+")


_normalise_word = lru_cache(maxsize=65_536)(_normalise)


@lru_cache(maxsize=65_536)
def stem(word: str) -> str:
    """The Snowball (English) stem of the normalised word."""
    return str(_STEMMER.stemWord(normalise(word)))


def guess_matches(guess: str, element: str, aliases: tuple[str, ...] = ()) -> bool:
    """Whether a guess names the Element: equal after normalisation or stemming, or naming an alias."""
    said = normalise(guess)
    if not said:
        return False
    return any(said == normalise(name) or stem(guess) == stem(name) for name in (element, *aliases))


def word_keys(words: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The normalised forms and the stems of the words that name something, for :func:`any_matches`."""
    named = [word for word in words if normalise(word)]
    return frozenset(normalise(word) for word in named), frozenset(stem(word) for word in named)


@lru_cache(maxsize=16_384)
def name_keys(element: str, aliases: tuple[str, ...] = ()) -> tuple[frozenset[str], frozenset[str]]:
    """The normalised forms and the stems of the Element and its aliases (worked out once per card face):
    a guess names the Element when its form or its stem is among them (:func:`guess_matches`)."""
    names = (element, *aliases)
    return frozenset(normalise(name) for name in names), frozenset(stem(name) for name in names)


def any_matches(keys: tuple[frozenset[str], frozenset[str]], element: str, aliases: tuple[str, ...] = ()) -> bool:
    """Whether one of the words of ``keys`` (:func:`word_keys`) names the Element, as :func:`guess_matches`
    says: for a long recount and many cards, each word and each name is read once."""
    forms, stems = keys
    names, name_stems = name_keys(element, aliases)
    return not names.isdisjoint(forms) or not name_stems.isdisjoint(stems)


def same_stem(clue: str, element: str) -> bool:
    """``roosters`` for rooster."""
    return stem(clue) == stem(element)


def contains(clue: str, element: str, min_length: int = MIN_SUBSTRING) -> bool:
    """``drummer`` for drum: the Element is inside the clue."""
    inner = normalise(element)
    return len(inner) >= min_length and inner in normalise(clue) and inner != normalise(clue)


def contained(clue: str, element: str, min_length: int = MIN_SUBSTRING) -> bool:
    """``burger`` for hamburger: the clue is inside the Element."""
    inner = normalise(clue)
    return len(inner) >= min_length and inner in normalise(element) and inner != normalise(element)


def sound_alike(clue: str, element: str) -> bool:
    """``knight`` for night: the same phonetic code, or homophones in the shipped dictionary."""
    said, meant = normalise(clue), normalise(element)
    if not said:
        return False
    if said in homophones().get(meant, ()):
        return True
    # Metaphone alone is loose on short words (kit/cat, pirate/parrot share a code); also asking
    # for close spelling keeps the pairs people hear as the same word (plain/plane, beech/beach).
    return (jellyfish.metaphone(said) == jellyfish.metaphone(meant)
            and jellyfish.jaro_winkler_similarity(said, meant) >= SOUND_SPELLING)


def translation(clue: str, element: str) -> bool:
    """``chien`` for dog: a known translation of the Element into another language."""
    return normalise(clue) in translations().get(normalise(element), ())


CHECKS: tuple[tuple[str, Callable[[str, str, int], bool]], ...] = (  # (clue, Element, min_length) → improper?
    ("same_stem", lambda clue, element, _: same_stem(clue, element)),
    ("contains", contains),
    ("contained", contained),
    ("sound_alike", lambda clue, element, _: sound_alike(clue, element)),
    ("translation", lambda clue, element, _: translation(clue, element)),
)


def improper_reason(clue: str, element: str, translation_check: bool = True,
                    min_length: int = MIN_SUBSTRING) -> str | None:
    """The first check a clue fails against the Element (``"same_word"`` if it is the Element), or ``None``."""
    if normalise(clue) == normalise(element):
        return "same_word"
    for name, check in CHECKS:
        if name == "translation" and not translation_check:
            continue
        if check(clue, element, min_length):
            return name
    return None
