"""Witnesses of the rules no event of Sogni e Incubi tells apart (``golden coverage`` reads them).

A ``play`` event names the slot a card went on, not what the rest of the row showed, so a play
on a row that a nightmare shows elsewhere (SI-R18: the nightmare blocks nothing but completion)
looks like any other play; the step's state before the move tells it apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping

from .cards import is_nightmare
from .events import PLAY

if TYPE_CHECKING:  # the coverage report imports the games; a game needs only the type
    from ...core.rule_coverage import RuleStep


def plays_beside_a_nightmare(step: "RuleStep") -> bool:
    """SI-R18: a card was played on a row whose other places showed a nightmare on top just before."""
    for event in step.events:
        if event["kind"] != PLAY:
            continue
        row = step.before.rows[event["row"]]
        if any(is_nightmare(stack[-1]) for index, stack in enumerate(row) if index != event["slot"] - 1):
            return True
    return False


RULE_WITNESSES: Mapping[str, Callable[["RuleStep"], bool]] = {
    "SI-R18": plays_beside_a_nightmare,
}
"""Rule ID → its witness, for ``SogniEIncubi.rule_witnesses``."""
