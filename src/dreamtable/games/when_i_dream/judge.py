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

Every function takes the game ``language`` (option ``language``, WID-R25; ``en`` by default), which
picks the articles :func:`normalise` drops, the Snowball stemmer, the sound key and the direction of
the translation table. In Italian (``it``):

* a leading article is dropped, elided ones too (``il gatto``, ``l'albero``, ``un'ape`` → ``albero``);
  an accent written as an apostrophe reads as the accent (``perche'``, ``perché``, ``perche`` alike);
* plural and gender forms share the Italian Snowball stem (``gatti``, ``gatta`` for gatto), so they
  are the same word, as ``cats`` is for cat. Snowball leaves short words whole (``ala``/``ali``,
  ``oca``/``oche``) and reads some plurals as verbs (``chiavi`` → ``chi``), so a word also has an
  *inflection key*, its letters less the final vowel (and the ``h`` a plural adds after c or g):
  two words with the same Snowball stem or the same inflection key are forms of one word
  (:func:`stem_keys`);
* a diminutive or augmentative made with a suffix on the Element's stem (``gattino``, ``casetta``,
  ``gattone``) is improper as a clue (``altered_form``), as English ``piglet`` and ``duckling`` are
  (``contains``); an irregular one (``cagnolino`` for cane) is another word, as ``kitten`` is for
  cat, and passes. As a guess, an altered form is wrong, as ``piglet`` is for pig;
* the sound key follows Italian spelling (a silent ``h``; ``c``/``ch``/``k``/``q`` before the back
  vowels alike), so ``hanno`` sounds like anno; Italian spelling is otherwise phonemic, so words
  that sound alike are written alike and the other checks see them;
* the translation check reads the bilingual table backwards: an Italian Element's English word, and
  the French, Spanish and German ones beside it, are translations.
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
ARTICLES = {"en": ("a", "an", "the"), "it": ("il", "lo", "la", "i", "gli", "le", "un", "uno", "una")}
"""The articles a word may start with, per language (dropped by :func:`normalise`)."""
ELIDED = {"en": (), "it": ("l", "un", "dell", "all", "dall", "nell", "sull", "quest", "quell")}
"""Articles and article-prepositions written joined by an apostrophe (``l'albero``), per language."""
STEMMERS = {"en": "english", "it": "italian"}
"""The Snowball stemmer of each language."""
LANGUAGES = tuple(STEMMERS)
ALTERED_SUFFIXES = {"it": ("ino", "ina", "ini", "ine", "etto", "etta", "etti", "ette", "ello", "ella", "elli", "elle",
                           "one", "ona", "oni", "uccio", "uccia", "ucci", "ucce", "otto", "otta", "otti", "otte",
                           "accio", "accia", "acci", "acce", "icino", "icina", "olino", "olina", "olini", "oline")}
"""Suffixes that make a diminutive, augmentative or pejorative of a noun (``gatt-ino``, ``cas-etta``)."""
_APOSTROPHES = ("'", "\u2019")


def _data(name: str) -> Any:
    """A JSON file of ``words/``, decoded (its shape is given where it is read)."""
    return json.loads(resources.files(__package__).joinpath("words", name).read_text(encoding="utf-8"))


@lru_cache(maxsize=len(LANGUAGES))
def translations(language: str = "en") -> dict[str, set[str]]:
    """Element → every known translation (all languages together), normalised.

    The table is keyed by the English word; for another language it is read backwards: that language's
    word → the English one and every other language's words beside it."""
    table: dict[str, dict[str, list[str]]] = _data("translations.json")  # element → language → words
    if language == "en":
        return {element: {normalise(word) for words in by_language.values() for word in words}
                for element, by_language in table.items()}
    found: dict[str, set[str]] = {}
    for english, by_language in table.items():
        others = {normalise(english)} | {normalise(word) for lang, words in by_language.items() if lang != language
                                         for word in words}
        for word in by_language.get(language, ()):
            found.setdefault(normalise(word, language), set()).update(others)
    return found


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


def normalise(word: str, language: str = "en") -> str:
    """NFKC, look-alikes read as the Latin letters they imitate, case-folded, accents stripped, letters
    only; a leading article of the language dropped. So ``ｄｏｇ`` and ``dоg`` (a Cyrillic о) are ``dog``,
    and in Italian ``l'albero`` is ``albero``."""
    return _normalise_word(word, language) if len(word) <= CACHED_LENGTH else _normalise(word, language)


def _normalise(word: str, language: str = "en") -> str:
    text = skeleton(unicodedata.normalize("NFKC", word)).casefold().strip()
    for article in ARTICLES.get(language, ()):
        if text.startswith(article + " "):
            text = text[len(article) + 1:]
            break
    else:
        for article in ELIDED.get(language, ()):
            for mark in _APOSTROPHES:
                if text.startswith(article + mark) and len(text) > len(article) + 1:
                    text = text[len(article) + 1:].lstrip()
                    break
            else:
                continue
            break
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():  # no combining marks; the letters are A-Z and a-z (a long recount is mostly ASCII)
        return _NOT_ASCII_LETTERS.sub("", decomposed)
    return "".join(ch for ch in decomposed if ch.isalpha() and not unicodedata.combining(ch))


_NOT_ASCII_LETTERS = re.compile(r"[^A-Za-z]+")


_normalise_word = lru_cache(maxsize=65_536)(_normalise)


@lru_cache(maxsize=len(LANGUAGES))
def _stemmer(language: str) -> Any:
    if language not in STEMMERS:
        raise ValueError(f"no stemmer for language {language!r}; there are: {', '.join(LANGUAGES)}")
    return snowballstemmer.stemmer(STEMMERS[language])


@lru_cache(maxsize=65_536)
def stem(word: str, language: str = "en") -> str:
    """The Snowball stem, in the language, of the normalised word."""
    return str(_stemmer(language).stemWord(normalise(word, language)))


_IT_ENDING = re.compile(r"(?<=[cg])h?[aeio]$|[aeio]$")


def inflection_key(word: str) -> str:
    """An Italian word less its final vowel, and the ``h`` a plural adds after c or g (``oche`` → ``oc``,
    ``chiavi`` → ``chiav``). A word under three letters, or not ending in a vowel (``bar``, ``film``: they do
    not inflect), is its own key, so ``bar`` is not a form of bara. Marked ``~`` so it never equals a stem."""
    if len(word) < 3 or word[-1] not in "aeio":
        return "~" + word + "="
    return "~" + _IT_ENDING.sub("", word)


@lru_cache(maxsize=65_536)
def stem_keys(word: str, language: str = "en") -> frozenset[str]:
    """The keys two forms of one word share: the Snowball stem, and in Italian the inflection key too."""
    if language != "it":
        return frozenset((stem(word, language),))
    return frozenset((stem(word, language), inflection_key(normalise(word, language))))


def guess_matches(guess: str, element: str, aliases: tuple[str, ...] = (), language: str = "en") -> bool:
    """Whether a guess names the Element: equal after normalisation or stemming, or naming an alias."""
    said = normalise(guess, language)
    if not said:
        return False
    keys = stem_keys(guess, language)
    return any(said == normalise(name, language) or not keys.isdisjoint(stem_keys(name, language))
               for name in (element, *aliases))


def word_keys(words: Iterable[str], language: str = "en") -> tuple[frozenset[str], frozenset[str]]:
    """The normalised forms and the stem keys of the words that name something, for :func:`any_matches`.

    Each different word is read once (a recount retells the same guesses many times)."""
    forms: set[str] = set()
    stems: set[str] = set()
    for word in dict.fromkeys(words):
        form = normalise(word, language)
        if form:
            forms.add(form)
            stems.update(stem_keys(word, language))
    return frozenset(forms), frozenset(stems)


@lru_cache(maxsize=16_384)
def name_keys(element: str, aliases: tuple[str, ...] = (), language: str = "en") -> tuple[frozenset[str], frozenset[str]]:
    """The normalised forms and the stem keys of the Element and its aliases (worked out once per card face):
    a guess names the Element when its form or one of its stem keys is among them (:func:`guess_matches`)."""
    names = (element, *aliases)
    return (frozenset(normalise(name, language) for name in names),
            frozenset(key for name in names for key in stem_keys(name, language)))


def any_matches(keys: tuple[frozenset[str], frozenset[str]], element: str, aliases: tuple[str, ...] = (),
                language: str = "en") -> bool:
    """Whether one of the words of ``keys`` (:func:`word_keys`) names the Element, as :func:`guess_matches`
    says: for a long recount and many cards, each word and each name is read once."""
    forms, stems = keys
    names, name_stems = name_keys(element, aliases, language)
    return not names.isdisjoint(forms) or not name_stems.isdisjoint(stems)


def same_stem(clue: str, element: str, language: str = "en") -> bool:
    """``roosters`` for rooster; ``gatti`` and ``gatta`` for gatto."""
    return not stem_keys(clue, language).isdisjoint(stem_keys(element, language))


def altered_form(clue: str, element: str, language: str = "en") -> bool:
    """``gattino`` for gatto, ``casetta`` for casa: the Element's stem with a diminutive or augmentative
    suffix (Italian; English makes these by adding to the whole word, which :func:`contains` sees)."""
    said = normalise(clue, language)
    bases = {key.lstrip("~") for key in stem_keys(element, language)}
    return any(said.endswith(suffix) and said[:-len(suffix)] in bases and len(said) > len(suffix) + 1
               for suffix in ALTERED_SUFFIXES.get(language, ()))


def contains(clue: str, element: str, min_length: int = MIN_SUBSTRING, language: str = "en") -> bool:
    """``drummer`` for drum: the Element is inside the clue."""
    inner = normalise(element, language)
    return len(inner) >= min_length and inner in normalise(clue, language) and inner != normalise(clue, language)


def contained(clue: str, element: str, min_length: int = MIN_SUBSTRING, language: str = "en") -> bool:
    """``burger`` for hamburger: the clue is inside the Element."""
    inner = normalise(clue, language)
    return len(inner) >= min_length and inner in normalise(element, language) and inner != normalise(element, language)


_IT_HARD = re.compile(r"c(?=[aouhlnrt]|$)|ch|k|q")
_IT_LETTERS = str.maketrans("jywxG", "iivsg")


def italian_sound(word: str) -> str:
    """A sound key for Italian spelling: ``h`` is silent (it only hardens c and g), ``c``/``ch``/``k``/``q``
    of a hard c are one sound, ``j``/``y`` read ``i``, ``w`` reads ``v``, ``x`` reads ``s``."""
    text = word.replace("gh", "G")
    text = _IT_HARD.sub("K", text).replace("h", "")
    return text.translate(_IT_LETTERS)


def sound_alike(clue: str, element: str, language: str = "en") -> bool:
    """``knight`` for night: the same phonetic code, or homophones in the shipped dictionary."""
    said, meant = normalise(clue, language), normalise(element, language)
    if not said:
        return False
    if language == "it":
        return said != meant and italian_sound(said) == italian_sound(meant)
    if said in homophones().get(meant, ()):
        return True
    # Metaphone alone is loose on short words (kit/cat, pirate/parrot share a code); also asking
    # for close spelling keeps the pairs people hear as the same word (plain/plane, beech/beach).
    return (jellyfish.metaphone(said) == jellyfish.metaphone(meant)
            and jellyfish.jaro_winkler_similarity(said, meant) >= SOUND_SPELLING)


def translation(clue: str, element: str, language: str = "en") -> bool:
    """``chien`` for dog (``cat`` for gatto): a known translation of the Element into another language."""
    return normalise(clue) in translations(language).get(normalise(element, language), ())


CHECKS: tuple[tuple[str, Callable[[str, str, int, str], bool]], ...] = (  # (clue, Element, min_length, language) → improper?
    ("same_stem", lambda clue, element, _, language: same_stem(clue, element, language)),
    ("altered_form", lambda clue, element, _, language: altered_form(clue, element, language)),
    ("contains", contains),
    ("contained", contained),
    ("sound_alike", lambda clue, element, _, language: sound_alike(clue, element, language)),
    ("translation", lambda clue, element, _, language: translation(clue, element, language)),
)


def improper_reason(clue: str, element: str, translation_check: bool = True,
                    min_length: int = MIN_SUBSTRING, language: str = "en") -> str | None:
    """The first check a clue fails against the Element (``"same_word"`` if it is the Element), or ``None``."""
    if normalise(clue, language) == normalise(element, language):
        return "same_word"
    for name, check in CHECKS:
        if name == "translation" and not translation_check:
            continue
        if check(clue, element, min_length, language):
            return name
    return None
