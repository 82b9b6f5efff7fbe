"""Pieces every game's terminal drawing shares: the recent events, the explained ending, the key, in the
reader's language (``words``: core/words.py; the keys ``terminal.*`` of the common catalogue)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rich.text import Text

from ..core.words import Words, seat_letter

RECENT_SHOWN = 6
GAME_OVER_KIND = "game-over"
"""The event kind every game ends with; the explained ending line replaces its sentence."""


def recent_events(view: dict[str, Any], words: Words) -> Text:
    """The last few events of a view, one bullet each, dimmed.

    Once the game is over its ``game-over`` sentence is left out: the ending line under the board
    (:func:`ending`) says who won and why, so the end is told once."""
    text = Text()
    events = view["events"]
    if view.get("outcome"):
        events = [event for event in events if event.get("kind") != GAME_OVER_KIND]
    for event in events[-RECENT_SHOWN:]:
        text.append("• " + event_words(event, words) + "\n", style="dim")
    return text


def event_words(event: dict[str, Any], words: Words) -> str:
    """One event of a view or a log in the reader's words (its message; the English text without one)."""
    message = event.get("message")
    return words.message(message, event) if message and words.has(message["key"]) else str(event["text"])


def seats(group: Sequence[int], words: Words) -> str:
    """``[0, 2]`` → ``A and C``; ``[0, 1, 2]`` → ``A, B e C`` in Italian."""
    return words.list([seat_letter(seat) for seat in group])


@dataclass(frozen=True)
class Criterion:
    """One step of a game's ranking: what it compares, each seat's value, and which way is better.

    ``shown`` words a seat's value when it needs more than the number (``7 (9 − 2 penalties)``)."""

    what: str
    values: Sequence[float]
    higher_wins: bool = True
    shown: Sequence[str] | None = None

    def of(self, seat: int) -> str:
        return self.shown[seat] if self.shown is not None else f"{self.values[seat]:g}"


def ranking_reason(players: int, winners: Sequence[int], criteria: Sequence[Criterion], words: Words) -> str:
    """Why ``winners`` won, criterion by criterion: the first comparison for every seat, then each
    tie-break for the seats still level, and a shared win when they are level on every count.

    ``Dream slots: A 5, B 5; A and B are level, so the longest run decides: A 3, B 4.``"""
    contenders = list(range(players))
    clauses: list[str] = []
    for index, criterion in enumerate(criteria):
        listing = ", ".join(f"{seat_letter(seat)} {criterion.of(seat)}" for seat in contenders)
        if index == 0:
            clauses.append(words.t("common.terminal.ranking.first", {"what": words.cap(criterion.what), "listing": listing}))
        else:
            clauses.append(words.t("common.terminal.ranking.level", {"seats": seats(contenders, words),
                                                                     "what": criterion.what, "listing": listing}))
        pick = max if criterion.higher_wins else min
        best = pick(criterion.values[seat] for seat in contenders)
        contenders = [seat for seat in contenders if criterion.values[seat] == best]
        if len(contenders) == 1:
            break
    if len(contenders) > 1:
        key = "common.terminal.ranking.shared" if len(criteria) == 1 else "common.terminal.ranking.shared-all"
        clauses.append(words.t(key, {"seats": seats(contenders, words)}))
    return "; ".join(clauses) + "."


def ending(view: dict[str, Any], how: str, why: str, words: Words) -> Text:
    """The one line that ends a game's drawing: ``Game over: A won (how). why``.

    ``how`` is the ending in words (the outcome's reason explained), ``why`` what decided the
    winner, read from ``outcome.details``; both come from the game's ``render.py``."""
    winners = view["outcome"]["winners"]
    key = "common.terminal.game-over" if winners else "common.terminal.game-over.nobody"
    return Text(words.t(key, {"winners": winners, "how": how, "why": why}).rstrip(), style="bold")


def key_line(text: str, words: Words) -> Text:
    """The one-line key under a board: what the marks mean; ``legend`` says more."""
    return Text(words.t("common.terminal.key", {"text": text}), style="dim")
