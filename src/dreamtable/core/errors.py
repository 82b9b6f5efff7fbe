"""The errors dreamtable raises on purpose: the four of the engine contract, and the others.

Each subclasses ``ValueError`` (or ``LookupError`` for an unknown game) so callers that
already catch the built-ins keep working, like python-chess's ``IllegalMoveError``.
Every message names the rule that was broken and, where it helps, what is allowed.
"""

from __future__ import annotations


class DreamtableError(Exception):
    """Base class of every error dreamtable raises on purpose."""


class IllegalActionError(DreamtableError, ValueError):
    """An action that the rules do not allow now; the state is left exactly as it was."""


class NotationError(DreamtableError, ValueError):
    """Text that is not an action in the game's notation, or names no legal action."""


class UnknownGameError(DreamtableError, LookupError):
    """A game id that dreamtable does not know; the message lists the known ids."""


class RecordError(DreamtableError, ValueError):
    """A record (save file) that is corrupt, from another game, or holds a move that fails."""


class SetupError(DreamtableError, ValueError):
    """``game.new`` was given a player count or an option the game does not accept."""


class OptionError(SetupError):
    """A rule option out of its range or of the wrong type: a ``SetupError`` that names the option and
    what it takes (``Option.minimum``–``Option.maximum``)."""


class ComponentDataError(DreamtableError, ValueError):
    """A game's shipped component data (a deck, tiles, a word list) is missing or corrupt."""


class UnknownAgentError(DreamtableError, ValueError):
    """A bot spec that names no bot; the message lists the ones there are."""
