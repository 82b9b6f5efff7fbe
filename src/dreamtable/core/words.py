"""Words in a reader's language, from the catalogues the pages read: the one template syntax, in Python.

The pages fill templates with static/js/i18n.js and the terminal with this module; both read the same
catalogues (``core/i18n/<lang>/common.json`` and a game's ``web/i18n/<lang>.json``) and fill them the
same way, which tests/data/template_cases.json pins down for both (tests/core/test_words.py runs the
cases here and, through Node, in i18n.js):

* ``{field}`` is the field's value; a number is written the reader's way (``1.5`` / ``1,5``);
* ``{field:seat}`` is a seat's letter (``B``; ``None``: "the game"), ``{field:seats}`` a list of
  them (``A and C``; ``A e C``);
* ``{field:NAME}`` is the catalogue's ``NAME.<value>`` of the same file (``{card:card}`` →
  ``card.S3``), or the value itself when there is none;
* a field the fields lack stays as it is written, braces and all;
* a template may be plural forms, ``{"one": "1 carta", "other": "{count} carte"}``: the form is
  chosen by the count (the plain field "other" fills and "one" does not, else the first plain
  field holding a number) under the language's plural rules (CLDR, through Babel), so
  "1 carte" cannot be written.

An event or a question is put in words from a :data:`Message`, which a game makes in Python
(``Game.message``, ``Game.prompt_message``) and the server sends with the event: a catalogue key and the
fields it works out, each a plain value, another message (``{"key": "card.S3"}``), or a list of
values (``{"list": [...]}``, joined "A, B and C"). Nothing of a reader's language is decided in a game.
"""

from __future__ import annotations

import json
import locale
import os
import re
from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Mapping, Sequence

if TYPE_CHECKING:
    from babel.numbers import NumberPattern

LANGUAGES = ("en", "it")
"""The languages dreamtable speaks (static/js/i18n.js's LANGUAGES; a table's, core/table_language.py)."""
BASE_LANGUAGE = "en"
COMMON_FOLDER = "i18n"
"""The folder of ``dreamtable.core`` holding ``<lang>/common.json``: the words every page and the terminal share."""
COMMON = "common"
COMMON_PREFIX = "common."

NAMES_KEPT = 4096
"""How many nested messages' words a :class:`Words` remembers (cards, places: a few hundred per game)."""

Template = str | dict[str, str]
"""One catalogue value: a template, or its plural forms (category → template)."""
Message = dict[str, Any]
"""``{"key": "event.play.own", "fields": {...}}``: a catalogue key and the fields it works out (optional)."""

_FIELD = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)(?::([a-zA-Z-]+))?\}")


def seat_letter(seat: int) -> str:
    return chr(65 + seat)


def language_of_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The reader's language from the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads
    them): Italian for an ``it…`` locale, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "it" if value.lower().startswith("it") else BASE_LANGUAGE
    found = locale.getlocale()[0] or ""
    return "it" if found.lower().startswith("it") else BASE_LANGUAGE


@lru_cache(maxsize=None)
def common_catalogue(language: str) -> dict[str, Template]:
    """The words every page and the terminal share, in ``language`` (``{}`` when there are none)."""
    path = files("dreamtable.core") / COMMON_FOLDER / language / f"{COMMON}.json"
    if not path.is_file():
        return {}
    found: dict[str, Template] = json.loads(path.read_text(encoding="utf-8"))
    return found


class Words:
    """The words of one reader: a language, and the catalogues looked in (``common`` and a game's).

    ``catalogues`` is ``{language: {file: {key: template}}}``; ``game`` names the file looked in
    first for a key without the ``common.`` prefix."""

    def __init__(self, language: str, game: str | None, catalogues: Mapping[str, Mapping[str, Mapping[str, Template]]]):
        self.language = language
        self.game = game
        self.catalogues = catalogues
        from babel import Locale  # imported when words are first needed: simulations and bots never are

        self._locale = Locale.parse(language)
        self._found: dict[str, Template | None] = {}  # key → template: logs word the same keys all the time
        self._plurals: dict[float, str] = {}  # count → its plural category in this language
        self._names: dict[tuple[Any, ...], str] = {}  # a nested message of plain fields → its words

    @classmethod
    def of(cls, language: str, game: Any = None) -> "Words":
        """The words of ``game`` (a :class:`~dreamtable.core.contract.Game`, or ``None`` for the common
        ones only) in ``language``, English where a key is missing in it."""
        from .game_package import catalogue  # the game's catalogues live in its package

        if language not in LANGUAGES:
            raise ValueError(f"dreamtable speaks {', '.join(LANGUAGES)}, not {language!r:.20}")
        catalogues = {}
        for lang in dict.fromkeys((language, BASE_LANGUAGE)):
            catalogues[lang] = {COMMON: common_catalogue(lang), **({game.id: catalogue(game, lang)} if game else {})}
        return cls(language, game.id if game else None, catalogues)

    def cap(self, text: str) -> str:
        """``text`` with its first letter a capital (a sentence that starts with a filled field)."""
        return text[:1].upper() + text[1:]

    def template(self, key: str) -> Template | None:
        """The template of ``key``: ``common.x`` in common; any other key in the game's file, then in
        common. The reader's language first, then English."""
        try:
            return self._found[key]
        except KeyError:
            found = self._found[key] = self._look_up(key)
            return found

    def _look_up(self, key: str) -> Template | None:
        if key.startswith(COMMON_PREFIX):
            looked, rest = [COMMON], key[len(COMMON_PREFIX):]
        else:
            looked, rest = [name for name in (self.game, COMMON) if name], key
        for lang in (self.language, BASE_LANGUAGE):
            for name in looked:
                found = self.catalogues.get(lang, {}).get(name, {}).get(rest)
                if found is not None:
                    return found
        return None

    def has(self, key: str) -> bool:
        return self.template(key) is not None

    def t(self, key: str, fields: Mapping[str, Any] | None = None) -> str:
        """``key`` in words, its fields filled in (its plural form chosen by the count); the key itself
        when no catalogue has it."""
        template = self.template(key)
        if template is None:
            return key
        return self.fill(template, fields or {}, COMMON_PREFIX if key.startswith(COMMON_PREFIX) else "")

    def plural_form(self, template: Template, fields: Mapping[str, Any]) -> str:
        """Of plural forms, the one the count asks for in the reader's language; a template stays itself."""
        if isinstance(template, str):
            return template
        other = template["other"]
        plain, counts = _counters(other, template.get("one", ""))
        count = next((name for name in counts if _is_number(fields.get(name))), None)
        if count is None:
            count = next((name for name in plain if _is_number(fields.get(name))), None)
        if count is None:
            return other
        value = fields[count]
        category = self._plurals.get(value)
        if category is None:
            category = self._plurals[value] = self._locale.plural_form(value)
        return template.get(category, other)

    def number(self, value: float) -> str:
        """``value`` written the reader's way: at most three decimals, the locale's separators."""
        if isinstance(value, int) and -1000 < value < 1000:  # no separator to place: most counts and scores
            return str(value)
        return str(_decimal().apply(value, self._locale))

    def fill(self, template: Template, fields: Mapping[str, Any], prefix: str = "") -> str:
        said: list[str] = []
        for literal, name, how, whole in _parts(self.plural_form(template, fields)):
            said.append(literal)
            if not name:
                continue
            if name not in fields:
                said.append(whole)
                continue
            value = fields[name]
            if how == "seat":
                said.append(self.t("common.the-game") if value is None else seat_letter(value))
            elif how == "seats":
                said.append(self.list([seat_letter(seat) for seat in value or []]))
            elif how:
                named = self.template(f"{prefix}{how}.{_text(value)}")
                if named is None:
                    said.append(_text(value))
                elif isinstance(named, str) and "{" not in named:  # a name (a colour, a card): most of them
                    said.append(named)
                else:
                    said.append(self.fill(named, {}, prefix))
            elif _is_number(value):
                said.append(self.number(value))
            else:
                said.append("—" if value is None else _text(value))
        return "".join(said)

    def list(self, items: Sequence[str]) -> str:
        """``A, B and C`` in the reader's language; "nobody" for none."""
        if not items:
            return self.t("common.nobody")
        if len(items) == 1:
            return items[0]
        return f"{', '.join(items[:-1])} {self.t('common.and')} {items[-1]}"

    def message(self, message: Message, fields: Mapping[str, Any] | None = None) -> str:
        """A message in words: its key filled with ``fields`` (an event's own, say) and the message's
        fields over them, each nested message or list put in words first."""
        merged = dict(fields or {})
        for name, value in (message.get("fields") or {}).items():
            merged[name] = self.value(value)
        return self.t(message["key"], merged)

    def unworded(self, message: Message, fields: Mapping[str, Any] | None = None) -> Sequence[str]:
        """What would show raw if ``message`` were put in words: keys no catalogue has (its own and
        its nested messages') and fields its templates name that nobody fills. ``[]``: all is worded."""
        problems: list[str] = [] if self.has(message["key"]) else [f"no template {message['key']!r}"]
        own = message.get("fields") or {}
        for value in own.values():
            for nested in _nested(value):
                problems += self.unworded(nested)
        if not problems:
            said = self.message(message, fields)
            problems += [f"{message['key']!r} leaves {{{name}}} unfilled" for name, _ in _FIELD.findall(said)
                         if name not in (fields or {}) and name not in own]
        return problems

    def value(self, value: Any) -> Any:
        """A message's field as the template reads it: a nested message or a list in words, else itself."""
        if isinstance(value, dict):
            if "key" in value:
                return self._named(value)
            if "list" in value:
                return self.list([_text(self.value(item)) for item in value["list"]])
        return value


    def _named(self, message: Message) -> str:
        """A nested message in words (a card's or a place's name), remembered when its fields are plain
        values: the same few names come back in every log."""
        fields = message.get("fields") or {}
        if not all(isinstance(item, (str, int, float)) or item is None for item in fields.values()):
            return self.message(message)
        key = (message["key"], *sorted(fields.items()))
        said = self._names.get(key)
        if said is None:
            if len(self._names) >= NAMES_KEPT:  # words typed by players are names too: keep the cache small
                self._names.clear()
            said = self._names[key] = self.message(message)
        return said


_WORDS: dict[tuple[str, str | None], Words] = {}


def words_of(game: Any, language: str = BASE_LANGUAGE) -> Words:
    """``Words.of(language, game)``, read once per game and language (catalogues do not change while
    dreamtable runs)."""
    key = (language, None if game is None else game.id)
    found = _WORDS.get(key)
    if found is None:
        found = _WORDS[key] = Words.of(language, game)
    return found


@lru_cache(maxsize=1)
def _decimal() -> "NumberPattern":
    """Numbers as Intl.NumberFormat writes them by default: grouped, at most three decimals."""
    from babel.numbers import parse_pattern

    return parse_pattern("#,##0.###")


@lru_cache(maxsize=1024)
def _counters(other: str, one: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Of plural forms, the plain fields "other" fills, and those of them "one" does not: the count is
    the first of the second holding a number, else the first of the first (static/js/i18n.js)."""
    plain = tuple(name for name, how in _FIELD.findall(other) if not how)
    in_one = {name for name, how in _FIELD.findall(one) if not how}
    return plain, tuple(name for name in plain if name not in in_one)


@lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[tuple[str, str, str, str], ...]:
    """A template split once into (literal, field, how, the field as written) parts: logs are read often."""
    parts, start = [], 0
    for match in _FIELD.finditer(template):
        parts.append((template[start:match.start()], match.group(1), match.group(2) or "", match.group(0)))
        start = match.end()
    parts.append((template[start:], "", "", ""))
    return tuple(parts)


def _nested(value: Any) -> list[Message]:
    """The messages inside one field of a message: itself, or the items of a list."""
    if isinstance(value, dict) and "key" in value:
        return [value]
    if isinstance(value, dict) and "list" in value:
        return [found for item in value["list"] for found in _nested(item)]
    return []


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _text(value: Any) -> str:
    """A value as JavaScript's ``String()`` writes it, for the values templates hold."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:  # a key looked up by a null field (Dreamwell's ``also-moving.null``), as String(null)
        return "null"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
