"""A table's language: the one a table is played in, chosen when it is made.

Each reader still chooses the language of their own page; the table's language is what the game's
own words follow where a game has words of its own to deal (a deck of words, the judge of guesses).
A game says which of its rule options that is with :attr:`Game.table_language_option`; when the
creator leaves that option out, the table's language fills it (:func:`options_in_language`), so the
same rule serves the server and the terminal without either naming a game.
"""

from __future__ import annotations

from typing import Any, Mapping

from .contract import Game

TABLE_LANGUAGES: Mapping[str, str] = {"en": "English", "it": "Italiano"}
"""The languages a table may be played in, each with its name in itself (as the lobby shows it)."""
DEFAULT_LANGUAGE = "en"
"""A table's language when its creator names none (and of every table made before tables had one)."""


def check_language(language: object) -> str:
    """``language`` when it is one of :data:`TABLE_LANGUAGES`, else ValueError naming those allowed."""
    if not isinstance(language, str) or language not in TABLE_LANGUAGES:
        allowed = ", ".join(f"{code} ({name})" for code, name in TABLE_LANGUAGES.items())
        raise ValueError(f"a table's language is one of {allowed}, not {language!r:.20}")
    return language


def options_in_language(game: Game[Any], options: Mapping[str, Any], language: str) -> dict[str, Any]:
    """``options`` with the game's table-language option set to ``language`` when the creator left it
    out (an option set by the creator wins). A game without such an option, or whose option does not
    offer the language, is dealt as its options say."""
    chosen = dict(options)
    name = game.table_language_option
    if name is None or name in chosen:
        return chosen
    declared = next((option for option in game.info.options if option.name == name), None)
    if declared is not None and (declared.choices is None or language in declared.choices):
        chosen[name] = language
    return chosen
