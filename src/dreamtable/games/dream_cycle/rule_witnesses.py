"""Witnesses for the Dream Cycle rules whose application no event tells apart (``DreamCycle.rule_witnesses``).

Each function reads one replayed step (a :class:`~dreamtable.core.rule_coverage.RuleStep`: the state
before and after, the seat, the move's notation and its events with nothing hidden) and says whether
the step applied its rule. ``golden coverage`` asks them of every golden's steps. Where a rule shows
only in what did *not* happen (a square that stays quiet, a loop the step cap called), the witness
plays the same move again on a copy of the state without the rule and compares the events: the rule
applied when they differ. Each witness is tested on a step that applies its rule and on one that does
not (tests/games/dream_cycle/test_rule_witnesses.py).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...core.rule_coverage import RuleStep, plain_event
from .components import DIRECTIONAL_CODES, FACINGS
from .rules import INCOME, INCOME_FIRST, SECOND_WIND_CHI, TURN_IN_CHI

MOVING = ("ride", "zip", "push")
"""The events that put a token on a square, where a blue or yellow square could act on it."""
EFFECTS = ("blue", "draw", "pay", "cancel", "out")
"""The events a landing effect causes (a drain's payment, cancel or elimination among them)."""


def _replayed_without(step: RuleStep, change: Callable[[Any], None]) -> list[dict[str, Any]]:
    """The events of the step's move played on a copy of the state before it, changed by ``change``
    (the rules' settings with one rule taken away)."""
    twin = step.before.copy()
    change(twin)
    assert step.seat is not None
    return [plain_event(event) for event in twin.play_recorded(step.seat, step.move)]


def _with_settings(**changes: Any) -> Callable[[Any], None]:
    """A change to a state's movement settings (``movement.Settings``), its own and those of a movement under way."""
    def change(state: Any) -> None:
        state.settings = state.settings._replace(**changes)
        if state.movement is not None:
            state.movement.settings = state.settings
    return change


def _kinds(step: RuleStep) -> set[str]:
    return {event["kind"] for event in step.events}


def special_square_once_per_turn(step: RuleStep) -> bool:
    """DC-R13: a token arrives a second time in one turn on a blue or yellow square, which stays quiet:
    without the rule the same move would have acted on it again (different events)."""
    if step.seat is None or not step.before._options["special_once_per_turn"] or not _kinds(step) & set(MOVING):
        return False
    return _replayed_without(step, _with_settings(once_per_turn=False)) != list(step.events)


def payout_cut_to_the_supply(step: RuleStep) -> bool:
    """DC-R18: income, a blue square, a sale or a turn-in paid less than its amount, because the supply
    held less chi."""
    before = step.before
    for event in step.events:
        kind = event["kind"]
        due: int
        if kind == "turn":
            due = INCOME_FIRST if before.turns_taken[event["actor"]] == 0 else INCOME
        elif kind == "blue":
            due = before._options["blue_chi"]
        elif kind == "sell":
            due = before.types[DIRECTIONAL_CODES.index(event["tile"])].sell
        elif kind == "cash":
            due = SECOND_WIND_CHI if event["tile"] == "wind" else TURN_IN_CHI
        else:
            continue
        if event["chi"] < due:
            return True
    return False


def sold_out_tile_not_for_sale(step: RuleStep) -> bool:
    """DC-R21: a move of the Buying Phase made while a Directional type the player could pay for is sold
    out, so ``buy`` of it was not among the moves."""
    before, seat = step.before, step.seat
    if seat is None or before.phase != "buying" or seat != before.turn or before.buying_closed:
        return False
    legal = {str(move) for move in before.legal_actions(seat)}
    return any(not stock and before.chi[seat] >= kind.buy and f"buy {code}" not in legal
               for stock, kind, code in zip(before.stock, before.types, DIRECTIONAL_CODES))


def acted_out_of_turn(step: RuleStep) -> bool:
    """DC-R27: a seat that is not on turn and not asked a movement's question offers, answers an offer,
    repositions a tile or turns one in."""
    before, seat = step.before, step.seat
    if seat is None or before.phase not in ("buying", "movement") or seat == before.turn:
        return False
    if before.movement is not None and before.movement.waiting_on == seat:
        return False
    return step.move.split()[0] in ("offer", "accept", "decline", "place", "unplace", "cash")


def loop_called_by_the_step_cap(step: RuleStep) -> bool:
    """DC-R33: a movement reaches the step cap and brakes as in a loop, where with one more step allowed
    it would have ridden on (the move played again with the cap one higher causes other events). Not
    with no cap at all: a path the die keeps changing never repeats, and only the cap ends it."""
    if step.seat is None or "loop" not in _kinds(step):
        return False
    return _replayed_without(step, _with_settings(step_cap=step.before.settings.step_cap + 1)) != list(step.events)


def chain_push(step: RuleStep) -> bool:
    """DC-R38: a conflict whose entering tokens are pushed ones, not the mover: a push landed on a token."""
    return any(event["kind"] == "conflict" and event["actor"] not in event["entering"] for event in step.events)


def pushed_token_takes_effect_after_the_mover(step: RuleStep) -> bool:
    """DC-R40: after a push, a landing effect acts on a pushed token, and the mover's own effect (if
    any) came before it."""
    pushed: set[int] = set()
    for event in step.events:
        if event["kind"] == "push":
            pushed.update(event["pushed"])
        elif event["kind"] in EFFECTS and event["actor"] in pushed and event.get("reason", "drain") == "drain":
            return True
    return False


def push_at_the_top_row(step: RuleStep) -> bool:
    """DC-R44: a push north lays the next row (the row is laid just before the push), or a conflict on a
    square of row 10 with the mover facing north, where a push, which would carry the tokens off the far
    edge, is no answer (no win by being pushed)."""
    events = step.events
    for index, event in enumerate(events):
        if event["kind"] == "push" and index and events[index - 1]["kind"] == "row-laid":
            return True
        if (event["kind"] == "conflict" and event["at"]["row"] == 10 and event["at"]["square"] != "fringe"
                and step.after.rows_laid == 10 and _facing_of(step, event["actor"], index) == "N"):
            return True
    return False


def _facing_of(step: RuleStep, seat: int, until: int) -> str:
    """The facing of ``seat``'s token at event ``until`` of the step: its last ride or zip before it,
    or its facing before the step."""
    facing = FACINGS[step.before.facing[seat]]
    for event in step.events[:until]:
        if event["kind"] in ("ride", "zip") and event["actor"] == seat:
            facing = event["facing"]
    return str(facing)


WITNESSES: Mapping[str, Callable[[RuleStep], bool]] = {
    "DC-R13": special_square_once_per_turn,
    "DC-R18": payout_cut_to_the_supply,
    "DC-R21": sold_out_tile_not_for_sale,
    "DC-R27": acted_out_of_turn,
    "DC-R33": loop_called_by_the_step_cap,
    "DC-R38": chain_push,
    "DC-R40": pushed_token_takes_effect_after_the_mover,
    "DC-R44": push_at_the_top_row,
}
"""The rule IDs no event tells apart, each with its witness (``DreamCycle.rule_witnesses``)."""
