"""The word catalogues of the pages and the terminal: every common prompt has English words, a game asks
only the prompt kinds it declares (its catalogue words them), and Italian is complete where it is promised."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

import dreamtable
from dreamtable.core.contract import COMMON_PROMPT_FIELDS
from dreamtable.core.game_package import PLURAL_CATEGORIES, Template, template_fields
from dreamtable.core.game_package import catalogue as game_catalogue

I18N = Path(dreamtable.__file__).parent / "core" / "i18n"
GAMES = sorted(info.id for info in dreamtable.games())


def catalogue(lang: str, name: str) -> dict[str, Template]:
    """The common words (``core/i18n``, served at ``/static/i18n``) or a game's (its package's ``web/i18n``) in ``lang``."""
    if name != "common":
        return game_catalogue(dreamtable.load(name), lang)
    path = I18N / lang / f"{name}.json"
    found: dict[str, Template] = json.loads(path.read_text(encoding="utf-8"))
    return found


def test_every_common_prompt_has_english_words_with_exactly_its_fields() -> None:
    common = catalogue("en", "common")
    missing = [kind for kind in COMMON_PROMPT_FIELDS if f"prompt.{kind}" not in common]
    assert not missing, f"common.json lacks prompt.{missing}"
    differ = {kind: sorted(template_fields(common[f"prompt.{kind}"])) for kind, fields in COMMON_PROMPT_FIELDS.items()
              if template_fields(common[f"prompt.{kind}"]) != set(fields)}
    assert differ == {}, "common prompt → the fields its English words fill, not the ones it carries"


# Each game's own catalogue (every event kind and prompt worded, a translation holding only English
# keys and fields) is checked by core/game_package.py when the server starts: tests/core/test_game_package.py.


def random_positions(game_id: str, rng_seed: int, steps: int) -> Iterator[Any]:
    """The positions of three seeded random games (the fewest players, then one more), at most
    ``steps`` each; a deadline expires when nobody may move."""
    game = dreamtable.load(game_id)
    info = next(i for i in dreamtable.games() if i.id == game_id)
    rng = random.Random(rng_seed)
    for seed in range(3):
        state = game.new(info.min_players + seed % 2, seed)
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            actors = state.actors
            moves = state.legal_actions(actors[0]) if actors else []
            if moves:
                state.apply(actors[0], rng.choice(moves))
            elif state.timers:
                state.expire(state.timers[0])
            else:
                break


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_asks_only_questions_its_catalogue_can_word(game_id: str) -> None:
    """Random games: every prompt a seat sees is a declared kind (never words only, 'say')."""
    game = dreamtable.load(game_id)
    seen: set[str] = set()
    for state in random_positions(game_id, rng_seed=1, steps=300):
        for seat in [None, *range(state.players)]:
            seen.add(state.ask(seat)["kind"])
    assert "say" not in seen, f"{game_id} still words a prompt itself (State._prompt): give it a kind (State._ask)"
    unknown = seen - set(game.prompt_fields) - set(COMMON_PROMPT_FIELDS)
    assert not unknown, f"{game_id} asks kinds it does not declare in Game.prompt_fields: {unknown}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_form_worded_by_the_english_catalogue_reads_as_the_server_words_it(game_id: str) -> None:
    """The page words a form by the catalogue's form.KIND (its fields the words of the form's notation,
    static/js/forms.js) and param.NAME where the game has them: in English they say what the server
    says, so a form reads the same whichever words the page takes."""
    english = catalogue("en", game_id)
    seen = 0
    for state in random_positions(game_id, rng_seed=2, steps=200):
        for seat in range(state.players):
            for form in state.action_forms(seat):
                words = {f"word{n}": word for n, word in enumerate(form.template.split(" "), 1)}
                label = english.get(f"form.{form.kind}")
                if isinstance(label, str):
                    seen += 1
                    assert label.format(**words) == form.label, form.kind
                for param in form.params:
                    doc = english.get(f"param.{param.name}")
                    assert doc is None or doc == param.doc, (form.kind, param.name)
    assert seen or not any(key.startswith("form.") for key in english), f"{game_id}: no form its catalogue words was met"


# Every catalogue the pages read: the common words, each installed game's, and the example game's
# (examples/toy-game, not installed in the test environment) by its path.
TAP = Path(__file__).parents[2] / "examples" / "toy-game" / "src" / "dreamtable_tap" / "web" / "i18n"
CATALOGUES = ["common", *GAMES, "tap"]


def words_of(lang: str, name: str) -> dict[str, Template]:
    if name == "tap":
        found: dict[str, Template] = json.loads((TAP / f"{lang}.json").read_text(encoding="utf-8"))
        return found
    return catalogue(lang, name)


@pytest.mark.parametrize("name", CATALOGUES)
def test_italian_has_exactly_the_keys_of_english(name: str) -> None:
    english, italian = words_of("en", name), words_of("it", name)
    assert sorted(set(english) - set(italian)) == [], f"it catalogue of {name} lacks these English keys"
    assert sorted(set(italian) - set(english)) == [], f"it catalogue of {name} has keys English lacks"


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_italian_template_fills_the_same_fields_as_its_english_one(name: str) -> None:
    english, italian = words_of("en", name), words_of("it", name)
    differ = {key: (sorted(template_fields(english[key])), sorted(template_fields(text)))
              for key, text in italian.items() if key in english and template_fields(text) != template_fields(english[key])}
    assert differ == {}, f"{name}: key → (English fields, Italian fields)"


# An English template counts something when a plain field is followed (at most one word between) by
# a counted noun: "{deck} cards left", "{count} Inspiration tiles". Its Italian must be plural forms,
# so that the page writes "1 carta" and never "1 carte" whatever count the code passes.
COUNTED = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*\} (?:[\w']+ )?(?:cards|points|turns|levels|spaces|steps|tiles|positions"
                     r"|penalties|friends|seats|players|rounds|seconds|actions)\b")


def counts_something(template: Template) -> bool:
    texts = [template] if isinstance(template, str) else list(template.values())
    return any(COUNTED.search(text) for text in texts)


def test_the_count_pattern_finds_counted_nouns_and_not_plain_fields() -> None:
    assert counts_something("{deck} cards left") and counts_something("{count} Inspiration tiles")
    assert not counts_something("{actor:seat} drew {card}.") and not counts_something("{count} in hand")


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_italian_template_that_takes_a_count_has_its_one_and_other_forms(name: str) -> None:
    english, italian = words_of("en", name), words_of("it", name)
    counted = [key for key, text in english.items() if counts_something(text)]
    lacking = [key for key in counted if not (isinstance(italian.get(key), dict) and {"one", "other"} <= set(italian[key]))]
    assert lacking == [], f"{name}: these Italian templates take a count but have no one/other forms"


PLAIN = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)\}")


@pytest.mark.parametrize("name", CATALOGUES)
def test_plural_forms_are_the_ones_intl_knows_and_the_one_form_leaves_out_the_count(name: str) -> None:
    """The page takes the count to be the plain field "other" fills and "one" does not (i18n.js):
    a "one" form that differs from "other" must leave out exactly one of its plain fields."""
    for lang in ("en", "it"):
        for key, value in words_of(lang, name).items():
            if isinstance(value, dict):
                assert set(value) <= PLURAL_CATEGORIES and "other" in value, (lang, name, key)
                assert template_fields(value["other"]) == template_fields(value), (lang, name, key)
                if "one" in value and value["one"] != value["other"]:
                    left_out = set(PLAIN.findall(value["other"])) - set(PLAIN.findall(value["one"]))
                    assert len(left_out) == 1, (lang, name, key, sorted(left_out))


@pytest.mark.parametrize("name", CATALOGUES)
def test_a_count_has_one_way_to_its_words_the_template_s_own_plural_forms(name: str) -> None:
    """A singular kept as a sibling key (``KEY.one`` beside ``KEY``) would be a second way, picked by
    hand in a page and forgotten in a language: plural forms live inside the template. (``-one`` in a
    key is a kind of its own, such as Deep Dreams' prompt ``dream-moon-one``.)"""
    for lang in ("en", "it"):
        words = words_of(lang, name)
        siblings = sorted(key for key in words for category in PLURAL_CATEGORIES
                          if key.endswith(f".{category}") and key[:-len(category) - 1] in words)
        assert siblings == [], f"{lang} catalogue of {name}: make these plural forms of their templates: {siblings}"
