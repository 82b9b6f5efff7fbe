"""The browser's word catalogues: every event kind and every prompt of every
game has an English sentence, and the Italian catalogues hold no key the English ones lack."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import dreamtable
from dreamtable.core.contract import COMMON_PROMPTS

I18N = Path(dreamtable.__file__).parent / "server" / "static" / "i18n"
GAMES = sorted(info.id for info in dreamtable.games())
PLACEHOLDER = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)(?::([a-zA-Z-]+))?\}")


def catalogue(lang: str, name: str) -> dict[str, str]:
    path = I18N / lang / f"{name}.json"
    if not path.exists():
        return {}
    found: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return found


def test_every_common_prompt_has_an_english_sentence() -> None:
    common = catalogue("en", "common")
    missing = [kind for kind in COMMON_PROMPTS if kind != "say" and f"prompt.{kind}" not in common]
    assert not missing, f"common.json lacks prompt.{missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_kind_and_prompt_of_the_game_has_an_english_sentence(game_id: str) -> None:
    game = dreamtable.load(game_id)
    english = catalogue("en", game_id)
    assert "name" in english, f"{game_id}.json has no name"
    missing = [f"event.{kind}" for kind in game.sentences if f"event.{kind}" not in english]
    missing += [f"prompt.{kind}" for kind in game.prompts if f"prompt.{kind}" not in english]
    assert not missing, f"static/i18n/en/{game_id}.json lacks {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_asks_only_questions_its_catalogue_can_word(game_id: str) -> None:
    """Random games: every prompt a seat sees is a declared kind (never words only, 'say')."""
    game = dreamtable.load(game_id)
    info = next(i for i in dreamtable.games() if i.id == game_id)
    rng = random.Random(1)
    seen: set[str] = set()
    for seed in range(3):
        state = game.new(info.min_players + seed % 2, seed)
        for _ in range(300):
            if state.is_over:
                break
            for seat in [None, *range(state.players)]:
                seen.add(state.ask(seat)["kind"])
            actors = state.actors
            moves = state.legal_actions(actors[0]) if actors else []
            if moves:
                state.apply(actors[0], rng.choice(moves))
            elif state.timers:
                state.expire(state.timers[0])
            else:
                break
    assert "say" not in seen, f"{game_id} still words a prompt itself (State._prompt): give it a kind (State._ask)"
    unknown = seen - set(game.prompts) - set(COMMON_PROMPTS)
    assert not unknown, f"{game_id} asks kinds it does not declare in Game.prompts: {unknown}"


@pytest.mark.parametrize("name", ["common", *GAMES])
def test_the_italian_catalogue_has_no_key_the_english_one_lacks(name: str) -> None:
    english, italian = catalogue("en", name), catalogue("it", name)
    extra = sorted(set(italian) - set(english))
    assert not extra, f"it/{name}.json has keys en/{name}.json lacks: {extra}"
    for key, text in italian.items():  # a translation fills the same fields
        assert {m.group(1) for m in PLACEHOLDER.finditer(text)} <= {m.group(1) for m in PLACEHOLDER.finditer(english[key])}, key


def test_italian_is_complete_for_the_common_words_and_sogni_e_incubi() -> None:
    for name in ("common", "sogni-e-incubi"):
        missing = sorted(set(catalogue("en", name)) - set(catalogue("it", name)))
        assert not missing, f"it/{name}.json lacks {missing}"
