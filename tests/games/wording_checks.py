"""Checks a game's wording tests share: every message of seeded random games put in words in each
language, and Italian terminal output searched for English the game's catalogue would have put there.

A game's ``test_wording.py`` asks :func:`unworded_messages` for what did not render in a few seeded
random games, and :func:`english_left` for what its Italian drawing, legend and move descriptions
(:func:`sampled_views`, :func:`terminal_text`) still say in English."""

from __future__ import annotations

import io
import re
from typing import Any, Iterable

from rich.console import Console

from dreamtable.core.contract import Game, State
from dreamtable.core.game_package import catalogue
from dreamtable.core.testing import play_random
from dreamtable.core.words import LANGUAGES, Message, Words

_FIELD = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*(?::[a-zA-Z-]+)?\}")
LITERAL_LEAST = 12
"""The shortest piece of an English template looked for in Italian output: shorter ones ("A and",
a card's code) may rightly appear in either language."""


def unworded_messages(game: Game[Any], players: int, seed: int, **play: Any) -> list[str]:
    """One seeded random game (``testing.play_random``; ``play``: its options, ``prefer``): every prompt
    of every seat's view at each step, and every event of every seat's log at the end, put in words in
    every language; those whose words are wrong (:func:`rendered_wrong`)."""
    wrong: list[str] = []

    def prompts(state: State[Any], step: int) -> None:
        for seat in [None, *range(state.players)]:
            view = state.view(seat)
            if view["ask"]["kind"] != "say":
                wrong.extend(_wrong_words(game, view["prompt_message"], view["ask"], "prompt"))

    final = play_random(game, players, seed, on_step=prompts, **play)
    for seat in [None, *range(final.players)]:
        for event in final.log(seat):
            wrong.extend(_wrong_words(game, event["message"], event, "event"))
    return wrong


def _wrong_words(game: Game[Any], message: Message, fields: dict[str, Any], what: str) -> list[str]:
    found = []
    for language in LANGUAGES:
        text = game.words(language).message(message, fields)
        if rendered_wrong(text, message["key"]):
            found.append(f"{language} {what} {fields}: {text!r}")
    return found


def rendered_wrong(text: str, key: str) -> bool:
    """A message's words are wrong when a field stayed unfilled or no catalogue had its key."""
    return "{" in text or text == key or not text.strip()


def sampled_views(game: Game[Any], players: int, seed: int, every: int, **play: Any) -> list[tuple[dict[str, Any], list[Any]]]:
    """Every ``every``-th position of one seeded random game and its last: the view of the seat to act
    (else A's) and that seat's legal moves."""
    seen: list[tuple[dict[str, Any], list[Any]]] = []

    def look(state: State[Any], step: int) -> None:
        if step % every == 0 or state.is_over:
            seat = state.actors[0] if state.actors else 0
            seen.append((state.view(seat), list(state.legal_actions(seat)) if state.actors else []))

    play_random(game, players, seed, on_step=look, **play)
    return seen


def terminal_text(game: Game[Any], words: Words, view: dict[str, Any], moves: list[Any]) -> str:
    """All the terminal shows of one position in ``words``: the drawing (with the explained end once
    over) and the description of each move."""
    return "\n".join([printed(game.render(view, words)), *(game.describe(view, move, words) for move in moves)])


def english_literals(game: Game[Any], prefixes: tuple[str, ...] = ("terminal.", "form.")) -> set[str]:
    """The English text of the game's terminal templates between their fields, line by line, of
    :data:`LITERAL_LEAST` characters or more, leaving out what the Italian template of the same key
    says too (a notation, a file name)."""
    english, italian = catalogue(game, "en"), catalogue(game, "it")
    found: set[str] = set()
    for key, template in english.items():
        if not key.startswith(prefixes):
            continue
        theirs = italian.get(key, "")
        theirs_text = theirs if isinstance(theirs, str) else " ".join(theirs.values())
        for form in [template] if isinstance(template, str) else template.values():
            for piece in _FIELD.split(form):
                for line in piece.splitlines():
                    line = line.strip()
                    if len(line) >= LITERAL_LEAST and line not in theirs_text:
                        found.add(line)
    return found


def english_left(text: str, literals: Iterable[str]) -> list[str]:
    """The English pieces (:func:`english_literals`) that ``text`` still holds."""
    flat = " ".join(text.split())
    return sorted(literal for literal in literals if " ".join(literal.split()) in flat)


def printed(renderable: Any) -> str:
    """What a terminal 200 characters wide shows of a rich renderable, without colours."""
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()
