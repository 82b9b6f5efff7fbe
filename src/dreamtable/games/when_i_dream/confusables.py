"""Look-alike letters: a clue must not pass the judge by spelling *dog* as ``dоg``.

:func:`skeleton` maps the Cyrillic, Greek, Armenian and Latin letters that Unicode's confusables list
(UTS #39, ``confusables.txt``) gives as look-alikes of a plain Latin letter to that letter, so the
judge compares words as they look. :func:`scripts` names the alphabets of a word's letters, so a clue
mixing them (``dоg``: Latin d and g, Cyrillic о) can be refused outright. NFKC (done by the judge
before this) already turns full-width and mathematical letters (``ｄｏｇ``, ``𝐝𝐨𝐠``) into plain ones.

Only letters that look like a Latin letter in common fonts are listed; a small hand-kept subset of
the Unicode list, since no confusables package is a dependency of the project.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_LOOK_ALIKES = {
    # Cyrillic capitals and small letters
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I", "Ү": "Y",
    "Ԍ": "G", "Һ": "H",
    "а": "a", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j", "ӏ": "l", "о": "o", "р": "p",
    "ԛ": "q", "ѕ": "s", "у": "y", "х": "x", "ԝ": "w", "ү": "y", "ь": "b", "г": "r", "п": "n", "ѵ": "v",
    # Greek capitals and small letters
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    "α": "a", "ι": "i", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "γ": "y", "ϲ": "c", "ϳ": "j", "η": "n", "ω": "w",
    # Armenian small letters
    "օ": "o", "ս": "u", "հ": "h", "ո": "n", "ց": "g", "զ": "q", "ք": "p",
    # Latin letters outside ASCII that look like ASCII ones (NFKC keeps them)
    "ɑ": "a", "ɡ": "g", "ı": "i", "ȷ": "j", "ɩ": "i", "ʏ": "y", "ɪ": "i", "ʜ": "h", "ɴ": "n", "ᴏ": "o",
}
_TABLE = str.maketrans(_LOOK_ALIKES)


def skeleton(text: str) -> str:
    """``text`` with every listed look-alike replaced by the Latin letter it imitates (``dоg`` → ``dog``)."""
    return text.translate(_TABLE)


@lru_cache(maxsize=4096)
def script(letter: str) -> str:
    """The alphabet of a letter as the first word of its Unicode name: ``LATIN``, ``CYRILLIC``, ``GREEK``…

    CJK ideographs, kana and the like name their script the same way (``CJK``, ``HIRAGANA``); a
    character without a name reads ``UNKNOWN``.
    """
    return unicodedata.name(letter, "UNKNOWN").split(" ", 1)[0]


def scripts(word: str) -> set[str]:
    """The alphabets of the letters of ``word`` (marks, digits and punctuation have none)."""
    return {script(ch) for ch in word if ch.isalpha()}


def mixes_latin(word: str) -> bool:
    """Whether ``word`` mixes Latin letters with letters of another alphabet (``dоg``), the usual disguise
    of a look-alike spelling. Words of one non-Latin script, or of several (Japanese kanji and kana), pass."""
    found = scripts(word)
    return "LATIN" in found and len(found) > 1
