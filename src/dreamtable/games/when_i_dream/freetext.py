"""The free text of a move (a clue, a guess, a recount) made safe to judge, store and show.

Every view and the record copy this text to every seat, and terminals print it, so it is read in
one form (NFKC: full-width ``ｄｏｇ`` is ``dog``) and refused when it holds characters that are not
seen as written: control characters (a terminal's escape codes, new lines), format characters
(zero-width joiners and spaces, right-to-left marks and overrides, which can hide or reorder letters),
unassigned code points, surrogates and private-use characters, and the few letters and marks that
show nothing (Hangul fillers, variation selectors…).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from ...core.errors import IllegalActionError

HIDDEN = {"Cc": "a control character", "Cf": "an invisible format character", "Cn": "an unassigned character",
          "Co": "a private-use character", "Cs": "a surrogate", "Zl": "a line separator",
          "Zp": "a paragraph separator"}
"""Unicode general categories refused in free text, and how the error names them."""
BLANK_LETTERS = frozenset({0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0}
                          | set(range(0xFE00, 0xFE10)) | set(range(0xE0100, 0xE01F0)))
"""Characters of other categories that show nothing: the Hangul fillers (letters, so a clue of one would
be a blank word), the combining grapheme joiner, Khmer's inherent vowels, the blank braille pattern and
the variation selectors (Unicode's default-ignorable code points that are not format characters)."""


MEMO_LENGTH = 64
"""Texts up to this length that pass are remembered (search and random play give the same words again)."""


def clean(text: str, what: str, max_length: int, rule: str = "") -> str:
    """``text`` in NFKC with the outer spaces stripped, or ``IllegalActionError`` saying what is wrong with it.

    ``what`` names the text in the error (``a guess``) and ``rule`` the rule it cites (`` (WID-R7)``);
    ``max_length`` bounds it in characters, checked first so an enormous text costs nothing more.
    """
    if type(text) is str and len(text) <= MEMO_LENGTH:  # exact type: an equal text in the memo is this one
        return _clean_short(text, what, max_length, rule)  # a refusal is not remembered: it raises again
    return _clean(text, what, max_length, rule)


def _clean(text: str, what: str, max_length: int, rule: str) -> str:
    if not isinstance(text, str):
        raise IllegalActionError(f"{what} is text, not {type(text).__name__}")
    if len(text) > max_length * 4:  # NFKC lengthens a text at most a few times; refuse the absurd before it
        raise IllegalActionError(f"{what} is at most {max_length} characters, not {len(text)}{rule}")
    if text.isascii():  # NFKC leaves ASCII as it is, whose only hidden characters are controls (not printable)
        stripped = text.strip()
        if len(stripped) <= max_length and stripped.isprintable():
            return stripped  # else the checks below say what is wrong
    text = unicodedata.normalize("NFKC", text).strip()
    if len(text) > max_length:
        raise IllegalActionError(f"{what} is at most {max_length} characters, not {len(text)}{rule}")
    for ch in text:
        kind = unicodedata.category(ch)
        if kind in HIDDEN or ord(ch) in BLANK_LETTERS:
            name = HIDDEN.get(kind, "a character that shows nothing")
            raise IllegalActionError(f"{what} may not hold {name} (U+{ord(ch):04X} "
                                     f"{unicodedata.name(ch, 'without a name')}): only letters, marks, digits, "
                                     f"punctuation, symbols and spaces are shown as written{rule}")
    return text


_clean_short = lru_cache(maxsize=4096)(_clean)
