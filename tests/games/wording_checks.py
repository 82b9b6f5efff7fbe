"""Checks a game's wording tests share: every message of seeded random games put in words in each
language, and Italian terminal output searched for English the game's catalogue would have put there.

A game's ``test_wording.py`` plays a few seeded games with :func:`random_states`, then asks
:func:`unworded_messages` for what did not render and :func:`english_left` for what its Italian
drawing, legend and move descriptions still say in English."""

from __future__ import annotations

import io
import random
import re
from typing import Any, Iterable, Iterator

from rich.console import Console

from dreamtable.core.contract import Game, State
from dreamtable.core.game_package import catalogue
from dreamtable.core.words import LANGUAGES

_FIELD = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*(?::[a-zA-Z-]+)?\}")
LITERAL_LEAST = 12
"""The shortest piece of an English template looked for in Italian output: shorter ones ("A and",
a card's code) may rightly appear in either language."""


def random_states(game: Game[Any], players: int, seed: int, steps: int = 10_000, **options: Any) -> Iterator[State[Any]]:
    """The positions of one seeded random game, from the deal to its end (or ``steps`` moves); a
    deadline expires when nobody may move."""
    rng = random.Random(seed)
    state = game.new(players, seed, **options)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        actors = state.actors
        moves = state.legal_actions(actors[0]) if actors else []
        if moves:
            state.apply(actors[0], rng.choice(moves))
        elif state.timers:
            state.expire(state.timers[0])
        else:
            return


def rendered_wrong(text: str, key: str) -> bool:
    """A message's words are wrong when a field stayed unfilled or no catalogue had its key."""
    return "{" in text or text == key or not text.strip()


def unworded_messages(game: Game[Any], states: Iterable[State[Any]]) -> list[str]:
    """Every event of every seat's log of the last state, and every prompt of every seat's view of each
    state, put in words in every language: those whose words are wrong (:func:`rendered_wrong`)."""
    wrong: list[str] = []
    last = None
    for state in states:
        last = state
        for seat in [None, *range(state.players)]:
            view = state.view(seat)
            if view["ask"]["kind"] == "say":
                continue
            for language in LANGUAGES:
                text = game.words(language).message(view["prompt_message"], view["ask"])
                if rendered_wrong(text, view["prompt_message"]["key"]):
                    wrong.append(f"{language} prompt {view['ask']}: {text!r}")
    assert last is not None
    for seat in [None, *range(last.players)]:
        for event in last.log(seat):
            for language in LANGUAGES:
                text = game.words(language).message(event["message"], event)
                if rendered_wrong(text, event["message"]["key"]):
                    wrong.append(f"{language} event {event}: {text!r}")
    return wrong


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
