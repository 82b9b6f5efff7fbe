"""What a study of a game plays (``dreamtable study GAME``): its batches, its A/B tests and what its
page must say. A game declares its own plan in its package (``Game.study_plan_module``, a module
with ``PLAN``); the workbench (workbench/study.py) plays it, and makes a default for a game without one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


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

    @property
    def main_games(self) -> int:
        """The size of the A/B baseline batch: what ``--games`` sets."""
        return self.batches[self.ab[0]][self.ab[1]]


GREEDY = "one ply ahead on 4 determinisations, scored by the game's evaluation"
RANDOM = "uniform over the legal moves: it shows what the rules do on their own, not what players choose"


def ismcts_bot(iterations: int) -> str:
    return (f"ISMCTS with {iterations} iterations a move — a deliberately small budget so the study fits on one "
            "machine; it is a weak player (`ismcts:1000` plays far better)")
