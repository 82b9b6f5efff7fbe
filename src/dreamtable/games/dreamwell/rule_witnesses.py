"""Witnesses of the Dreamwell rules whose application no event tells apart (core/rule_coverage.py).

Each reads one replayed step (:class:`~dreamtable.core.rule_coverage.RuleStep`: the state before and
after a move, who moved, the move, its events) and says whether the step applied its rule. A move
event looks the same whether or not the step limit cut it short, and the turn passing is no event,
so ``golden coverage`` asks these instead.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .components import DIRECTIONS
from .notation import CELL_NAMES
from .rules import WellState

_ARRIVALS = ("enter", "move", "move-to")
"""The event kinds that put a pawn on a tile (DW-R11, DW-R10, DW-R17)."""


def spends_the_third_action(step: Any) -> bool:
    """DW-R6: the seat on turn spends the last of its three actions (none is left after the move,
    or the turn has passed): the turn is three actions long, free ones come on top. An ``end`` with an
    action left (``must_use_all_actions=false``) spends none."""
    before, after = step.before, step.after
    if not isinstance(before, WellState) or before.discarding or before.actions_left != 1 or step.move == "end":
        return False
    return bool(after.turn != before.turn or after.actions_left == 0)


def a_move_stops_at_the_step_limit(step: Any) -> bool:
    """DW-R13: a pawn's step reached a tile with a door pointing back, yet it may not carry on,
    because its move action has taken ``max_steps_per_move`` steps."""
    after = step.after
    if not isinstance(after, WellState):
        return False
    moves = [event for event in step.events if event["kind"] == "move"]
    if not moves or after.continuing >= 0 or after.steps < after.options["max_steps_per_move"]:
        return False
    last = moves[-1]
    back = (DIRECTIONS.index(last["direction"]) + 4) % 8
    return bool(after.doors(CELL_NAMES.index(last["cell"])) >> back & 1)


def pawns_share_a_tile(step: Any) -> bool:
    """DW-R14: a pawn arrives on a tile where another pawn (of any seat) already stands."""
    after = step.after
    if not isinstance(after, WellState) or step.seat is None:
        return False
    for event in step.events:
        if event["kind"] in _ARRIVALS:
            cell = CELL_NAMES.index(event["cell"])
            here = sum(pawn == cell for pawns in after.pawns for pawn in pawns)
            if here >= 2:
                return True
    return False


def a_tie_on_points_is_settled(step: Any) -> bool:
    """DW-R21: the game ends with two or more seats on the most points, so the tie-break decides
    (the most different friends, else a shared win)."""
    if not any(event["kind"] == "game-over" for event in step.events):
        return False
    outcome = step.after.outcome
    best = max(outcome.scores)
    return bool(sum(score == best for score in outcome.scores) >= 2)


RULE_WITNESSES: Mapping[str, Callable[[Any], bool]] = {
    "DW-R6": spends_the_third_action,
    "DW-R13": a_move_stops_at_the_step_limit,
    "DW-R14": pawns_share_a_tile,
    "DW-R21": a_tie_on_points_is_settled,
}
"""The rules of docs/rules/dreamwell.md that a witness recognises (``Dreamwell.rule_witnesses``)."""

RULES_WITHOUT_BEHAVIOUR: Mapping[str, str] = {
    "DW-R4": "test_pairing_tables_hold_on_every_tile",
    "DW-R23": "test_DW_R23_eight_friend_types_with_our_names_for_three",
    "DW-R24": "test_hands_are_hidden_from_the_other_seats_and_the_spectator",
    "DW-R25": "test_DW_R25_no_nightmare_variant_is_offered",
}
"""Rules no move applies (component data, names, what is hidden, a variant not built), each with
the test that checks it (``Dreamwell.rules_without_behaviour``)."""
