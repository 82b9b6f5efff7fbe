"""Account names: what a name may hold, and the key two names must not share.

A name is shown to other players next to their seats, so it must read as what it is: no invisible
characters (zero-width spaces, joiners, direction marks), no letters of two scripts mixed (a Latin
"paypal" with a Cyrillic "а"), and the NFKC form (fullwidth "ｂｏｂ" or the ligature "ﬁ" are refused,
naming the form to write). Two names that look alike share a *key*: the name case-folded, its
separators dropped and a small table of look-alikes (digits, Cyrillic and Greek letters shaped
like Latin ones, "rn" for "m") mapped to one letter; the key is unique in the database.

The rule is small on purpose (``unicodedata`` only, no game's confusables table): a name is one
script's letters, digits, spaces and ``- _ . '``.
"""

from __future__ import annotations

import unicodedata

MIN_NAME = 3
MAX_NAME = 24
"""Characters in an account's name (it is shown beside seats, like a guest's name of up to 40)."""
SEPARATORS = " -_.'"
"""Punctuation a name may hold besides letters, marks and digits (never twice in a row)."""
DELETED = "deleted player"
"""What a deleted account's seats are called (no account may take the name)."""
RESERVED = ("deleted player", "guest", "bot", "admin", "dreamtable")

# Scripts whose letters are mixed in ordinary writing: Japanese uses all three.
_FRIENDS = {"CJK": "JAPANESE", "HIRAGANA": "JAPANESE", "KATAKANA": "JAPANESE"}

# Letters of other scripts that look like a Latin letter (lower case, after case-folding), and
# Latin sequences that look like one letter: a skeleton much smaller than Unicode's confusables.
_LOOK_ALIKE = str.maketrans({
    "0": "o", "1": "l", "i": "l", "|": "l", "5": "s", "$": "s",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "l", "ј": "j",
    "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "к": "k", "м": "m", "т": "t", "в": "b",
    "н": "h", "ӏ": "l", "ο": "o", "α": "a", "ν": "v", "ι": "l", "κ": "k", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ε": "e", "β": "b", "γ": "y", "η": "n", "μ": "u",
})
_LOOK_ALIKE_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))


class BadName(ValueError):
    """A name refused, with a sentence saying what is wrong and what is allowed."""


def script_of(char: str) -> str | None:
    """The script of a letter, from its Unicode name's first word (LATIN, CYRILLIC, ...), or None."""
    if not unicodedata.category(char).startswith("L"):
        return None
    word = unicodedata.name(char, "UNKNOWN").split(" ")[0]
    return _FRIENDS.get(word, word)


def _describe(char: str) -> str:
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed')})"


def check_name(name: str) -> str:
    """``name`` as it is kept (composed: NFC) if it may be an account's name; :class:`BadName` saying why not."""
    allowed = (f"{MIN_NAME}–{MAX_NAME} letters of one script, digits, spaces and {' '.join(SEPARATORS.strip())}, "
               "starting and ending with a letter or digit")
    name = unicodedata.normalize("NFC", name)  # an accent typed apart from its letter is the same name
    normal = unicodedata.normalize("NFKC", name)
    if normal != name:
        raise BadName(f"write the name in its plain form {normal!r} (NFKC): it holds look-alike or compatibility "
                      "characters")
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise BadName(f"a name has {MIN_NAME}–{MAX_NAME} characters, this one {len(name)}")
    scripts: set[str] = set()
    previous = ""
    for position, char in enumerate(name):
        category = unicodedata.category(char)
        if category in ("Cf", "Cc", "Cs", "Co", "Cn") or (category.startswith("Z") and char != " "):
            raise BadName(f"invisible or control character {_describe(char)} at position {position}: "
                          f"a name holds {allowed}")
        if category.startswith("M"):
            if not previous or not unicodedata.category(previous).startswith(("L", "M")):
                raise BadName(f"mark {_describe(char)} at position {position} must follow a letter")
        elif char in SEPARATORS:
            if position in (0, len(name) - 1) or previous in SEPARATORS:
                raise BadName(f"{char!r} at position {position}: a name holds {allowed}")
        elif category.startswith("L"):
            script = script_of(char)
            if script is not None:
                scripts.add(script)
        elif category != "Nd":
            raise BadName(f"{_describe(char)} at position {position} is not allowed: a name holds {allowed}")
        previous = char
    if len(scripts) > 1:
        raise BadName(f"the name mixes letters of {' and '.join(sorted(s.title() for s in scripts))}, which can "
                      "look alike: write it in one script")
    if name_key(name) in {name_key(word) for word in RESERVED}:
        raise BadName(f"{name!r} is reserved: choose another name")
    return name


def name_key(name: str) -> str:
    """The key of a name: names that look alike (case, separators, look-alike letters) share it."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    bare = "".join(char for char in folded if char not in SEPARATORS)
    skeleton = unicodedata.normalize("NFD", bare).translate(_LOOK_ALIKE)
    for pair, one in _LOOK_ALIKE_PAIRS:
        skeleton = skeleton.replace(pair, one)
    return skeleton


__all__ = ["BadName", "DELETED", "MAX_NAME", "MIN_NAME", "check_name", "name_key"]
