"""Bot specs: the one strict parser every path that takes a bot's name goes through.

The terminal's ``--seats``, ``simulate``, ``tournament``, the server's seats, ``settings.stand_in``
and ``/api/play``'s ``bot`` all read a spec with :func:`parse_bot_spec`, so a spec is accepted or
refused the same way, with the same :class:`~dreamtable.core.errors.UnknownAgentError` message,
wherever it is written. The grammar (ASCII only, lower case, nothing around or between)::

    NAME                      random, greedy, ismcts, easy, medium, hard, bot, a game's own (wordbot)
    NAME:DIGITS               iterations: ismcts:500
    NAME:DIGITS[.DIGITS]s     seconds: ismcts:2s, hard:0.5s

Only ``ismcts`` takes iterations and only ``ismcts`` and ``hard`` take seconds. The budgets' range is
stated here once (:data:`MAX_ITERATIONS`, :data:`MAX_SECONDS`): ``float()`` and ``int()`` are never
handed raw text, since they accept spaces, signs, exponents, underscores, ``nan``, ``inf`` and
non-ASCII digits (``ismcts: 99999s``, ``ismcts:1e3s``, ``ismcts:1_000_000_000``, ``ismcts:١٢``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import UnknownAgentError

if TYPE_CHECKING:
    from ..core.contract import Game

LEVELS = ("easy", "medium", "hard")
"""The difficulty levels, weakest first (built in :mod:`.levels`)."""
BOT_NAMES = (*LEVELS, "random", "greedy", "ismcts")
"""The bots every game takes: the difficulty levels, then the generic bots."""
USUAL_BOT = "bot"
"""The game's usual bot: its own first bot if it has one, else ``ismcts``."""

MAX_ITERATIONS = 20_000
"""The most iterations a spec may ask of a search (``ismcts:20000``)."""
MAX_SECONDS = 10.0
"""The most seconds a move a spec may ask of a search (``ismcts:10s``, ``hard:10s``)."""
MIN_SECONDS = 0.01
"""The fewest (``hard:0.01s``): less leaves no time for one iteration, and from here up the canonical
text (``BotSpec.text``) has no exponent, so it reads back as the same spec."""
MAX_SPEC_CHARS = 40
"""The longest spec read at all (the longest real one, ``ismcts:20000``, has 12 characters)."""

ITERATION_BUDGETS = frozenset({"ismcts"})
"""The bots that take a budget in iterations."""
SECOND_BUDGETS = frozenset({"ismcts", "hard"})
"""The bots that take a budget in seconds."""

_GRAMMAR = re.compile(r"(?P<name>[a-z][a-z0-9_-]*)(?::(?P<number>[0-9]+(?:\.[0-9]+)?)(?P<seconds>s?))?", re.ASCII)


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: the bot's ``name`` and at most one budget, in ``iterations`` or ``seconds``."""

    name: str
    iterations: int | None = None
    seconds: float | None = None

    @property
    def text(self) -> str:
        """The spec written back in its canonical form (what the server stores)."""
        if self.iterations is not None:
            return f"{self.name}:{self.iterations}"
        if self.seconds is not None:  # the shortest text that reads back as the same float (no exponent
            seconds = repr(self.seconds)  # from MIN_SECONDS up), without a trailing ".0"
            return f"{self.name}:{seconds.removesuffix('.0')}s"
        return self.name


def bot_names(game: Game[Any] | None = None) -> tuple[str, ...]:
    """The bots that can sit at a table of ``game`` (the levels, the generic bots, then the game's own)."""
    return BOT_NAMES + (tuple(game.bots) if game is not None else ())


def spec_help(game: Game[Any] | None = None) -> str:
    """What a spec may be, in words: the end of every refusal."""
    return (f"bots are: {', '.join([USUAL_BOT, *bot_names(game)])}; budgets: ismcts:N (N iterations, 1 to "
            f"{MAX_ITERATIONS}) or ismcts:Ns / hard:Ns (N seconds, {MIN_SECONDS:g} to {MAX_SECONDS:g}; "
            f"digits and one decimal point only, e.g. hard:0.5s), lower case, no spaces")


def shown(spec: str) -> str:
    """``spec`` quoted for a message, cut to :data:`MAX_SPEC_CHARS` (a refusal never echoes a megabyte)."""
    return repr(spec if len(spec) <= MAX_SPEC_CHARS else spec[:MAX_SPEC_CHARS] + "…")


def parse_bot_spec(spec: str, game: Game[Any] | None = None) -> BotSpec:
    """The bot ``spec`` names, checked against the grammar, the budget ranges and ``game``'s bots;
    ``UnknownAgentError`` saying what is allowed otherwise (the same words on every path)."""
    found = _GRAMMAR.fullmatch(spec) if len(spec) <= MAX_SPEC_CHARS else None
    if found is None:
        raise UnknownAgentError(f"bad bot spec {shown(spec)}: {spec_help(game)}")
    name, number, in_seconds = found["name"], found["number"], found["seconds"] == "s"
    if name not in (USUAL_BOT, *bot_names(game)):
        raise UnknownAgentError(f"unknown bot {shown(spec)}; {spec_help(game)}")
    if number is None:
        return BotSpec(name)
    if in_seconds:
        if name not in SECOND_BUDGETS:
            raise UnknownAgentError(f"bot {name!r} takes no budget in seconds ({shown(spec)}); {spec_help(game)}")
        seconds = float(number)  # digits and a point only: finite
        if seconds > MAX_SECONDS:
            raise UnknownAgentError(f"bot {shown(spec)} thinks too long: {spec_help(game)}")
        if seconds < MIN_SECONDS:
            raise UnknownAgentError(f"bot {shown(spec)} has no time to think: {spec_help(game)}")
        return BotSpec(name, seconds=seconds)
    if "." in number:
        raise UnknownAgentError(f"a budget in iterations is a whole number ({shown(spec)}); {spec_help(game)}")
    if name not in ITERATION_BUDGETS:
        raise UnknownAgentError(f"bot {name!r} takes no budget of {number} iterations ({shown(spec)}); {spec_help(game)}")
    iterations = int(number)  # at most MAX_SPEC_CHARS digits
    if iterations > MAX_ITERATIONS:
        raise UnknownAgentError(f"bot {shown(spec)} thinks too long: {spec_help(game)}")
    if iterations < 1:
        raise UnknownAgentError(f"bot {shown(spec)} must search at least 1 iteration: {spec_help(game)}")
    return BotSpec(name, iterations=iterations)


__all__ = ["BOT_NAMES", "BotSpec", "ITERATION_BUDGETS", "LEVELS", "MAX_ITERATIONS", "MAX_SECONDS", "MAX_SPEC_CHARS", "MIN_SECONDS",
           "SECOND_BUDGETS", "USUAL_BOT", "bot_names", "parse_bot_spec", "shown", "spec_help"]
