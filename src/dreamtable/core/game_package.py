"""What a game's package holds beside its engine: its rules page, browser module, styles and words.

A game is one package. Next to its engine it ships two pages in our own words: ``rules/en.md``, the
game explained to a player who has not read the rulebook (the server renders it at ``/rules/<game>``),
and ``rules/developers.en.md``, the notation, every rule ID with its resolution, the view and the tests
(``/rules/<game>/developers``; docs/rules/<game>.md links to it). ``rules/LANG.md`` and
``rules/developers.LANG.md`` are the same in another language. Under ``web/``::

    web/board.js        the drawing of its table (docs/browser.md says what the module exports)
    web/board.css       its styles
    web/i18n/en.json    its words in English: "name", "event.KIND" for every event kind and
                        "prompt.KIND" for every prompt kind it declares (more keys as it likes)
    web/i18n/LANG.json  the same keys in another language (any subset: a missing one falls back)
    web/tutorial.json   optional: a guided first game (core/tutorial.py), whose words and the
                        one-screen summary ``howto.1`` ... the English catalogue then holds

A template is a string, or its plural forms by the language's rules (``{"one": "1 carta", "other":
"{count} carte"}``, the categories of ``Intl.PluralRules``; "other" is required); the page picks the
form by the count: the field "other" fills and "one" does not (static/js/i18n.js).

The server serves ``web/`` at ``/games/<game>/`` straight from the installed package, so a game from
another distribution brings its own page. :func:`check_web_package` refuses a package that lacks one
of these, its English rules page or an English key, or whose translation holds a key or a template
field the English lacks, naming the game, the file and what is missing: a broken game stops the
server at start, not a player at the table.
"""

from __future__ import annotations

import importlib
import json
import re
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, Mapping

from .contract import Game
from .errors import SetupError
from .words import BASE_LANGUAGE, Template

WEB_FOLDER = "web"
BROWSER_MODULE = "board.js"
STYLES = "board.css"
CATALOGUES = "i18n"
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
"""The forms a plural template may hold: Unicode CLDR's plural categories, as Intl.PluralRules names them."""

REQUIRED = (BROWSER_MODULE, STYLES, f"{CATALOGUES}/{BASE_LANGUAGE}.json")
RULES_FOLDER = "rules"
DEVELOPER_PAGE = "developers"

_FIELD = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)(?::[a-zA-Z-]+)?\}")
"""A template's field, ``{name}`` or ``{name:how}`` (the syntax of core/words.py and static/js/i18n.js)."""


def package_name(game: Game[Any]) -> str:
    """The import name of the package ``game`` lives in (its class's module's package)."""
    module = importlib.import_module(type(game).__module__)
    return module.__package__ or module.__name__


def web_folder(game: Game[Any]) -> Traversable:
    """The game's ``web/`` folder inside its installed package."""
    return files(package_name(game)) / WEB_FOLDER


def rules_page(game: Game[Any], language: str = BASE_LANGUAGE) -> str | None:
    """The game's rules page (markdown) in ``language``, or ``None`` when it has none in that language."""
    path = files(package_name(game)) / RULES_FOLDER / f"{language}.md"
    return path.read_text(encoding="utf-8") if path.is_file() else None


def developer_page(game: Game[Any], language: str = BASE_LANGUAGE) -> str | None:
    """The game's page for developers (markdown: notation, rule IDs and resolutions, view, tests) in
    ``language``, or ``None`` when it has none in that language."""
    path = files(package_name(game)) / RULES_FOLDER / f"{DEVELOPER_PAGE}.{language}.md"
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _inside(folder: Traversable, path: str) -> Traversable:
    for part in path.split("/"):
        folder = folder / part
    return folder


def catalogue(game: Game[Any], language: str = BASE_LANGUAGE) -> dict[str, Template]:
    """The game's words in ``language`` (``{}`` when it has none in that language)."""
    path = web_folder(game) / CATALOGUES / f"{language}.json"
    if not path.is_file():
        return {}
    return _read_catalogue(game, path)


def is_template(value: object) -> bool:
    """Whether ``value`` may be a catalogue's value: a string, or plural forms (a string for
    "other" and any of the other plural categories)."""
    if isinstance(value, str):
        return True
    return (isinstance(value, dict) and "other" in value and set(value) <= PLURAL_CATEGORIES
            and all(isinstance(text, str) for text in value.values()))


def _read_catalogue(game: Game[Any], path: Traversable) -> dict[str, Template]:
    where = f"{game.id}: {package_name(game)}/{WEB_FOLDER}/{CATALOGUES}/{path.name}"
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        raise SetupError(f"{where} is not valid JSON: {error}") from None
    if not isinstance(found, dict):
        raise SetupError(f"{where} must be one JSON object of key → template text")
    wrong = [key for key, value in found.items() if not is_template(value)]
    if wrong:
        raise SetupError(f"{where}: {', '.join(wrong)} must each be a template text or plural forms "
                         f"{{\"one\": …, \"other\": …}} (allowed forms: {', '.join(sorted(PLURAL_CATEGORIES))}; "
                         "\"other\" is required)")
    return found


def template_fields(template: Template) -> set[str]:
    """The fields a template fills (``{actor:seat} drew {card}`` → actor, card); of plural forms, those
    any form fills."""
    texts = [template] if isinstance(template, str) else list(template.values())
    return {name for text in texts for name in _FIELD.findall(text)}


def catalogue_problems(game: Game[Any], words: Mapping[str, Template],
                       english: Mapping[str, Template] | None = None) -> list[str]:
    """What is wrong with one catalogue of ``game``: the English one (``english`` None) must word its
    name, every event kind and every prompt kind; another language may hold only English keys, and
    each of its templates only fields the English template of the key fills."""
    if english is None:
        wanted = ["name", *(f"event.{kind}" for kind in game.event_fields), *(f"prompt.{kind}" for kind in game.prompt_fields)]
        missing = [key for key in wanted if key not in words]
        return [f"lacks the keys {', '.join(missing)}"] if missing else []
    problems = []
    extra = sorted(set(words) - set(english))
    if extra:
        problems.append(f"has keys the English catalogue lacks: {', '.join(extra)}")
    for key, text in words.items():
        unknown = sorted(template_fields(text) - template_fields(english.get(key, "")))
        if key in english and unknown:
            problems.append(f"{key!r} fills {', '.join(unknown)}, which its English template does not")
    return problems


def check_web_package(game: Game[Any]) -> None:
    """Refuse (``SetupError``) a game whose package lacks its browser module, styles, English
    catalogue, English rules page or English page for developers, or whose catalogues break :func:`catalogue_problems`."""
    folder = web_folder(game)
    where = f"{game.id} ({package_name(game)}/{WEB_FOLDER}/)"
    absent = [name for name in REQUIRED if not _inside(folder, name).is_file()]
    if absent:
        raise SetupError(f"{where} lacks {', '.join(absent)}: a game ships its board module, its styles and "
                         "its English words there (docs/adding-a-game.md)")
    if rules_page(game) is None:
        raise SetupError(f"{game.id} ({package_name(game)}/) lacks {RULES_FOLDER}/{BASE_LANGUAGE}.md: a game ships "
                         "its rules page in English (docs/adding-a-game.md)")
    if developer_page(game) is None:
        raise SetupError(f"{game.id} ({package_name(game)}/) lacks {RULES_FOLDER}/{DEVELOPER_PAGE}.{BASE_LANGUAGE}.md: "
                         "a game ships its page for developers in English (docs/adding-a-game.md)")
    english = _read_catalogue(game, folder / CATALOGUES / f"{BASE_LANGUAGE}.json")
    problems = [f"{CATALOGUES}/{BASE_LANGUAGE}.json {problem}" for problem in catalogue_problems(game, english)]
    for path in sorted((folder / CATALOGUES).iterdir(), key=lambda item: item.name):
        if path.name.endswith(".json") and path.name != f"{BASE_LANGUAGE}.json":
            problems += [f"{CATALOGUES}/{path.name} {problem}" for problem in catalogue_problems(game, _read_catalogue(game, path), english)]
    from .tutorial import tutorial_of, tutorial_problems  # it reads the web folder through this module

    tutorial = tutorial_of(game)  # SetupError: a malformed tutorial.json, said with its step
    if tutorial is not None:
        problems += tutorial_problems(game, tutorial, english)
    if problems:
        raise SetupError(f"{where}: " + "; ".join(problems))
