"""The notation of Dream Cycle actions and the :class:`CycleMove` value it names.

Seats are letters A–E; fields are the colour codes ``G W O R P F S`` (and ``Y BL``, Yellow and Blue,
in a game whose ``field_colours`` name them, DC-R9); Directional tiles are
``F L R B N E W S U`` (Forward, Left, Right, Back, North, East, West, South, lUcidity); facings are
``N E S W``; Inspiration tiles are ``wind zip rein ward wake power``.

=========================  ==================================================================
``start 5``                choose starting space 1–9 (west to east) south of row 1
``buy N`` / ``sell N``     buy or sell a Directional tile (sold from the hand)
``place N G``              put a tile from the hand on the Green field
``unplace N G``            take it back into the hand
``boost G 3``              put 2 or 3 chi on a field holding one tile; ``unboost G`` takes it back
``aim E``                  aim a token that stands on a doldrum space
``plan row 5``             brake plan: ``plan none``, ``plan ask``, ``plan row K``, ``plan steps N``,
                           ``plan on BL YI …`` (square codes)
``offer B N 2c for L zip`` offer B a trade: what you give ``for`` what you ask (``-`` for nothing)
``accept A`` / ``decline A``  answer A's offer
``cash zip``               turn an Inspiration tile in for chi (Second Wind gives 3)
``keep ward power``        tiles a forced payment spends last (Ward and Wake Gently are then not
                           used to cancel it while chi and other tiles can pay); ``keep none``
``end``                    end the Buying Phase; the Movement Phase runs
``go E``                   answer a choice of direction (two tiles on a field, Lucidity, after a Block)
``ride`` / ``brake``       after an arrival when the plan asks: go on, or pay 2 chi to stop
``wake``                   brake with Wake Gently instead of chi
``push`` / ``pass`` / ``block``  decide a conflict
``zip``                    turn in a Zip and move one space (hopping over a token)
``reinterpret`` … ``done``  turn in a Reinterpretation, rearrange your tiles, then ride on
``stop``                   end the movement after a Block when no other way is left
=========================  ==================================================================
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from ...core.contract import seat_from_name, seat_name
from ...core.errors import NotationError
from .components import BOOSTS, COLOUR_CODES, DIRECTIONAL_CODES, FACINGS, INSPIRATION_CODES, SQUARE_CODES
from .events import bundle_words

# A bundle of trade items: 9 Directional counts, chi, 6 Inspiration counts.
Bundle = tuple[int, ...]
BUNDLE_SIZE = len(DIRECTIONAL_CODES) + 1 + len(INSPIRATION_CODES)
CHI_SLOT = len(DIRECTIONAL_CODES)
EMPTY: Bundle = (0,) * BUNDLE_SIZE

MAX_DIGITS = 9
"""The longest number the notation reads: no count in the game comes near it, and a bound keeps
``int`` from ever meeting thousands of digits."""
_NUMBER = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}")

SIMPLE = ("end", "ride", "brake", "wake", "push", "pass", "block", "zip", "reinterpret", "done", "stop")
PLAN_KINDS = ("none", "ask", "row", "steps", "on")


class CycleMove(NamedTuple):
    """One action: ``kind`` (the notation's first word) and its arguments as small integers/tuples."""

    kind: str
    args: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return _text(self)


def well_formed(move: Any) -> bool:
    """Whether ``move`` is a :class:`CycleMove` made only of ``str``, ``int`` and tuples of them,
    of exactly those types. ``True == 1`` and ``1.0 == 1``, so a move built by hand with a bool or a
    float compares equal to a legal one; its text ('plan row True') would then not replay."""
    return type(move) is CycleMove and type(move.kind) is str and type(move.args) is tuple and _plain(move.args)


def shown(move: CycleMove) -> str:
    """The move's notation for an error message, or its repr when its arguments are ones no
    notation writes (a move built by hand: 'keep' of kind 99)."""
    try:
        return str(move)
    except (IndexError, KeyError, TypeError, ValueError):
        return repr(move)


def _plain(value: Any) -> bool:
    if type(value) is tuple:
        return all(_plain(item) for item in value)
    return type(value) is int or type(value) is str


CASH = tuple(CycleMove("cash", (k,)) for k in range(len(INSPIRATION_CODES)))
"""``cash wind`` … ``cash power``, built once (move lists are the hot path of play and search)."""


def bundle_text(bundle: Bundle) -> str:
    """``N N 2c zip`` for two Norths, 2 chi and a Zip; ``-`` for nothing (as events write a bundle)."""
    return bundle_words(bundle_json(bundle))


@lru_cache(maxsize=1024)
def bundle_json(bundle: Bundle) -> dict[str, Any]:
    """A bundle as events and the board give it: ``{"tiles": ["N", "N"], "chi": 2, "inspiration":
    ["zip"]}``. Shared between calls (events are cheap to build): never change what it returns."""
    tiles = [code for code, count in zip(DIRECTIONAL_CODES, bundle) for _ in range(count)]
    inspiration = [code for code, count in zip(INSPIRATION_CODES, bundle[CHI_SLOT + 1:]) for _ in range(count)]
    return {"tiles": tiles, "chi": bundle[CHI_SLOT], "inspiration": inspiration}


def number(word: str) -> int | None:
    """The whole number ``word`` writes in ASCII digits (at most :data:`MAX_DIGITS`), else ``None``.

    ``str.isdigit`` is not enough: it accepts ``²`` (which ``int`` refuses) and ``٣`` (which ``int``
    reads as 3, so the record would hold another text than the one typed)."""
    return int(word) if _NUMBER.fullmatch(word) else None


def parse_bundle(words: list[str]) -> Bundle:
    counts = [0] * BUNDLE_SIZE
    if words == ["-"]:
        return EMPTY
    if not words:
        raise NotationError("a side of an offer is empty: write '-' for nothing")
    for word in words:
        if word.upper() in DIRECTIONAL_CODES and len(word) == 1:
            counts[DIRECTIONAL_CODES.index(word.upper())] += 1
        elif word.lower() in INSPIRATION_CODES:
            counts[CHI_SLOT + 1 + INSPIRATION_CODES.index(word.lower())] += 1
        elif word.lower().endswith("c") and (chi := number(word[:-1])):
            counts[CHI_SLOT] += chi
        else:
            raise NotationError(
                f"{word!r} is not a trade item: use tile letters {' '.join(DIRECTIONAL_CODES)}, chi as '2c' (1 to {MAX_DIGITS} digits), "
                f"or Inspiration tiles {' '.join(INSPIRATION_CODES)}"
            )
    return tuple(counts)


@lru_cache(maxsize=4096)
def _text(move: CycleMove) -> str:
    kind, args = move
    if kind in SIMPLE:
        return kind
    if kind == "start":
        return f"start {args[0] + 1}"
    if kind in ("buy", "sell"):
        return f"{kind} {DIRECTIONAL_CODES[args[0]]}"
    if kind in ("place", "unplace"):
        return f"{kind} {DIRECTIONAL_CODES[args[0]]} {COLOUR_CODES[args[1]]}"
    if kind == "boost":
        return f"boost {COLOUR_CODES[args[0]]} {args[1]}"
    if kind == "unboost":
        return f"unboost {COLOUR_CODES[args[0]]}"
    if kind in ("aim", "go"):
        return f"{kind} {FACINGS[args[0]]}"
    if kind == "plan":
        if args[0] in ("row", "steps"):
            return f"plan {args[0]} {args[1]}"
        if args[0] == "on":
            return "plan on " + " ".join(SQUARE_CODES[s] for s in args[1])
        return f"plan {args[0]}"
    if kind == "offer":
        return f"offer {seat_name(args[0])} {bundle_text(args[1])} for {bundle_text(args[2])}"
    if kind in ("accept", "decline"):
        return f"{kind} {seat_name(args[0])}"
    if kind == "cash":
        return f"cash {INSPIRATION_CODES[args[0]]}"
    if kind == "keep":
        return "keep " + (" ".join(INSPIRATION_CODES[k] for k in args) or "none")
    raise ValueError(f"unknown Dream Cycle move {move!r}")


def _code(word: str, codes: tuple[str, ...], what: str) -> int:
    upper = word.upper()
    if upper in codes:
        return codes.index(upper)
    raise NotationError(f"{word!r} is not a {what}; use one of {' '.join(codes)}")


def _seat(word: str) -> int:
    try:
        return seat_from_name(word)
    except ValueError as error:
        raise NotationError(str(error)) from None


def parse_move(text: str) -> CycleMove:
    """Read one action; ``NotationError`` says what the notation expects."""
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, not {type(text).__name__}")
    if not text.isascii():
        # Every code and number is ASCII; 'ſ'.upper() == 'S' and '٣' reads as 3, so anything else
        # would be accepted under a text that is not the one the record then holds.
        raise NotationError(f"{text!r}: moves are written in ASCII letters, digits and spaces ('buy N', 'start 5')")
    words = text.split()
    if not words:
        raise NotationError("empty move; try 'buy N', 'place N G', 'end' or 'go E'")
    kind, rest = words[0].lower(), words[1:]
    try:
        if kind in SIMPLE and not rest:
            return CycleMove(kind)
        if kind == "start" and len(rest) == 1 and (space := number(rest[0])) is not None and 1 <= space <= 9:
            return CycleMove("start", (space - 1,))
        if kind == "start":
            raise NotationError(f"'start' takes one starting space, a number 1–9 in the digits 0–9 ('start 5'), not {' '.join(rest)!r}")
        if kind in ("buy", "sell") and len(rest) == 1:
            return CycleMove(kind, (_code(rest[0], DIRECTIONAL_CODES, "Directional tile"),))
        if kind in ("place", "unplace") and len(rest) == 2:
            return CycleMove(kind, (_code(rest[0], DIRECTIONAL_CODES, "Directional tile"), _code(rest[1], COLOUR_CODES, "field colour")))
        if kind == "boost" and len(rest) == 2 and rest[1] in [str(n) for n in BOOSTS]:
            return CycleMove("boost", (_code(rest[0], COLOUR_CODES, "field colour"), int(rest[1])))
        if kind == "unboost" and len(rest) == 1:
            return CycleMove("unboost", (_code(rest[0], COLOUR_CODES, "field colour"),))
        if kind in ("aim", "go") and len(rest) == 1:
            return CycleMove(kind, (_code(rest[0], tuple(FACINGS), "facing"),))
        if kind == "plan" and rest:
            sub = rest[0].lower()
            if sub in ("none", "ask") and len(rest) == 1:
                return CycleMove("plan", (sub,))
            if sub in ("row", "steps") and len(rest) == 2 and (count := number(rest[1])) is not None and count >= 1:
                return CycleMove("plan", (sub, count))
            if sub in ("row", "steps"):
                raise NotationError(f"'plan {sub}' takes one whole number from 1 written in the digits 0–9 "
                                    f"(at most {MAX_DIGITS}), as in 'plan {sub} 3'")
            if sub == "on" and len(rest) >= 2:
                kinds = tuple(sorted({_code(w, SQUARE_CODES, "square code") for w in rest[1:]}))
                return CycleMove("plan", ("on", kinds))
        if kind == "offer" and len(rest) >= 4 and "for" in [w.lower() for w in rest]:
            split = [w.lower() for w in rest].index("for")
            give, take = parse_bundle(rest[1:split]), parse_bundle(rest[split + 1:])
            if give == EMPTY and take == EMPTY:
                raise NotationError("an offer must give or ask for something")
            return CycleMove("offer", (_seat(rest[0]), give, take))
        if kind in ("accept", "decline") and len(rest) == 1:
            return CycleMove(kind, (_seat(rest[0]),))
        if kind == "keep" and rest:
            if [w.lower() for w in rest] == ["none"]:
                return CycleMove("keep", ())
            if all(w.lower() in INSPIRATION_CODES for w in rest):
                return CycleMove("keep", tuple(sorted({INSPIRATION_CODES.index(w.lower()) for w in rest})))
        if kind == "cash" and len(rest) == 1 and rest[0].lower() in INSPIRATION_CODES:
            return CycleMove("cash", (INSPIRATION_CODES.index(rest[0].lower()),))
    except NotationError as error:
        raise NotationError(f"{text!r}: {error}") from None
    raise NotationError(
        f"{text!r} is not a Dream Cycle move; moves look like 'start 5', 'buy N', 'sell N', 'place N G', "
        "'unplace N G', 'boost G 2', 'aim E', 'plan row 5', 'offer B N for 2c', 'accept A', 'cash zip', "
        "'end', 'go E', 'ride', 'brake', 'push', 'pass', 'block', 'zip', 'stop'"
    )
