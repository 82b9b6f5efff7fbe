"""What a study of a game plays (``dreamtable study GAME``): its batches, its A/B tests and what its
page must say. A game declares its own plan in its package (``Game.study_plan_module``, a module
with ``PLAN``); the workbench (workbench/study.py) plays it, and makes a default for a game without one.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

if TYPE_CHECKING:
    from .contract import State


def option_text(value: Any) -> str:
    """An option value as it is typed after ``--variant NAME=``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


@dataclass(frozen=True)
class Variant:
    """One A/B test: ``option`` set to ``value``, against the defaults, on the baseline's seeds.

    ``label`` names it in tables and file names (``final_count=cards``; a short name for a table
    value); ``why`` says where the alternative comes from; ``bot`` plays it with another bot of
    the plan than the plan's A/B bot (its batch at the A/B player count is the baseline).
    """

    option: str
    value: Any
    why: str = ""
    label: str = ""
    bot: str | None = None
    rescores: str = ""
    """Set when the variant changes what a score counts (the margins then measure something else): why."""

    @property
    def name(self) -> str:
        return self.label or f"{self.option}={option_text(self.value)}"


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A Markdown table's lines, each cell escaped (``|`` and HTML) so a value cannot break it."""
    def cell(text: str) -> str:
        return html.escape(text, quote=False).replace("|", "\\|")

    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(cell(str(c)) for c in row) + " |" for row in rows]
    return lines


class Drawing(Protocol):
    """What the workbench lends a game's :class:`RecordSection` to draw with, so that a game never
    imports the workbench: matplotlib's pyplot (headless), and the workbench's way of saving a plot
    (small PNGs) and of drawing a distribution, so every plot of a study page looks alike."""

    @property
    def pyplot(self) -> Any: ...

    def save(self, figure: Any, path: Path) -> None: ...

    def distribution(self, axes: Any, series: dict[str, list[float]]) -> None: ...


@dataclass(frozen=True)
class Lengths:
    """A game's own measure of length for the right half of the length plot (instead of rounds)."""

    xlabel: str
    ylabel: str
    title: str
    series: dict[str, list[float]]


class RecordSection(Protocol):
    """A game's own section of its study page, read from the replayed records of the plan's
    ``record_bots`` batches (When I Dream's nights: roles, the Dreamer and the Boogeymen).

    The workbench calls :meth:`items` on every recorded game, then the rest on all the items
    together; every figure it returns must be JSON-ready (it goes into ``summary.json``)."""

    def items(self, state: State[Any], seed: int) -> list[dict[str, Any]]:
        """The units the section counts in one finished game (When I Dream: one per night)."""
        ...

    def figures(self, items: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The section's figures."""
        ...

    def lengths(self, items: Sequence[dict[str, Any]]) -> Lengths | None:
        """The game's own length measure, or ``None`` for rounds."""
        ...

    def plots(self, items: Sequence[dict[str, Any]], folder: Path, drawing: Drawing) -> list[str]:
        """Draw the section's plots into ``folder``; their file names."""
        ...

    def page(self, figures: dict[str, Any], game_id: str) -> list[str]:
        """The section's Markdown lines (its own heading first); plots are at ``{game_id}/<file>``."""
        ...

    def questions(self, figures: dict[str, Any], batch_games: Callable[[int], int]) -> list[dict[str, Any]]:
        """Questions the section's figures leave open, as ``{question, now, games, scale}``;
        ``batch_games(players)`` is the games of the recorded batch at that player count."""
        ...


@dataclass(frozen=True)
class Plan:
    """What a study of one game plays, and what its page must say about it.

    ``batches`` maps each bot to the games it plays at each player count (at ``--games`` equal
    to :attr:`main_games`; another ``--games`` scales every batch alike). ``ab`` is the bot and
    player count whose batch is the A/B baseline; ``variants`` are the A/B tests, and ``skipped``
    the options marked [proposed] (or in the design note) that are not tested, with the reason.
    """

    game: str
    batches: dict[str, dict[int, int]]
    ab: tuple[str, int]
    variants: tuple[Variant, ...] = ()
    skipped: dict[str, str] = field(default_factory=dict)
    bots: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    score_unit: str = "points"
    margin_metric: str | None = None
    length_metric: str | None = None
    length_bot: str | None = None
    first_option: str | None = None
    record_bots: tuple[str, ...] = ()
    section: RecordSection | None = None
    """The game's own section of the page, from the records of the ``record_bots`` batches."""

    @property
    def main_games(self) -> int:
        """The size of the A/B baseline batch: what ``--games`` sets."""
        return self.batches[self.ab[0]][self.ab[1]]


GREEDY = "one ply ahead on 4 determinisations, scored by the game's evaluation"
RANDOM = "uniform over the legal moves: it shows what the rules do on their own, not what players choose"


def ismcts_bot(iterations: int) -> str:
    return (f"ISMCTS with {iterations} iterations a move — a deliberately small budget so the study fits on one "
            "machine; it is a weak player (`ismcts:1000` plays far better)")
