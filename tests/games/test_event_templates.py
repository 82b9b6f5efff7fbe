"""The page's words for an event (``event.KIND`` and its variants ``event.KIND.VARIANT`` in a game's
catalogues) use only the fields the event has (``Game.event_fields`` and ``actor``) or that the game
declares its sentences work out (``Game.sentence_fields``), in every language: a template naming a
field nobody provides would show a blank or a raw brace to a player."""

from __future__ import annotations

import json
import re

import pytest

import dreamtable
from dreamtable.core.game_package import web_folder

FIELD = re.compile(r"\{([A-Za-z_][\w-]*)")
GAMES = [info.id for info in dreamtable.games()]


def catalogues(game_id: str) -> dict[str, dict[str, str | dict[str, str]]]:
    folder = web_folder(dreamtable.load(game_id)) / "i18n"
    return {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_template_names_only_fields_its_event_has(game_id: str) -> None:
    game = dreamtable.load(game_id)
    wrong = []
    used: set[tuple[str, str]] = set()
    for language, words in catalogues(game_id).items():
        for key, template in words.items():
            if not key.startswith("event."):
                continue
            kind = key.split(".")[1]
            if kind not in game.event_fields:
                wrong.append(f"{language} {key}: no event kind {kind!r}")
                continue
            derived = game.sentence_fields.get(kind, ())
            forms = [template] if isinstance(template, str) else list(template.values())  # plural forms
            named = {name for text in forms for name in FIELD.findall(text)}
            used |= {(kind, name) for name in named}
            unknown = named - {"actor", *game.event_fields[kind], *derived}
            if unknown:
                wrong.append(f"{language} {key}: {sorted(unknown)} not among {['actor', *game.event_fields[kind], *derived]}")
    stale = [f"{kind}: {name}" for kind, names in game.sentence_fields.items() for name in names if (kind, name) not in used]
    assert wrong == [] and stale == [], (wrong, f"declared sentence fields no template uses: {stale}")


def test_the_check_sees_a_field_the_event_lacks() -> None:
    assert FIELD.findall("{actor:seat} drew {card} from {pile:name}.") == ["actor", "card", "pile"]
