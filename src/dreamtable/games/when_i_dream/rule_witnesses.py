"""Witnesses of the When I Dream rules whose application no event tells apart (core/rule_coverage.py).

Each reads one replayed step (:class:`~dreamtable.core.rule_coverage.RuleStep`: the state before and
after a move or an expiry, who moved, the move, its events) and says whether the step applied its
rule. A penalty rides inside ``card-gone``'s ``penalty`` object and the scores inside ``day``'s
lists, which ``EVENT_RULES``' ``kind:field=value`` keys do not read; the card sent under at dusk
makes no event at all.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .rules import FAIRY, SANDMAN, DreamState, spirit_set


def _events(step: Any, kind: str) -> list[dict[str, Any]]:
    return [event for event in step.events if event["kind"] == kind]


def the_tables_spirits_are_dealt(step: Any) -> bool:
    """WID-R1: a new round dealt the spirit cards of the table's size, one to each clue-giver and one
    aside (a round after the first: the first is dealt at the setup, which no step shows; not in
    family mode, where every clue-giver is a Fairy)."""
    after = step.after
    if not isinstance(after, DreamState) or not _events(step, "round") or after.options["family_mode"]:
        return False
    dealt = [role for role in after.roles if role is not None]
    return len(dealt) == after.players - 1 and sorted([*dealt, after.aside]) == sorted(spirit_set(after.players))


def a_night_opens_with_the_top_card_under(step: Any) -> bool:
    """WID-R4: a new round's night began by sending the card on top of the deck under it (the round
    after the first: the game's first night opens at the setup, which no step shows)."""
    before, after = step.before, step.after
    if not isinstance(before, DreamState) or not _events(step, "round") or not before.deck:
        return False
    return bool(after.deck[-1][0] == before.deck[0][0] and after.deck[0][0] != before.deck[0][0])


def an_improper_clue_becomes_its_authors_penalty(step: Any) -> bool:
    """WID-R13: a card left play as a penalty (the judge's or the flaggers' verdict) and lies in front
    of the clue's author, one more penalty card than before."""
    before, after = step.before, step.after
    if not isinstance(before, DreamState):
        return False
    for gone in _events(step, "card-gone"):
        penalty = gone["penalty"]
        if penalty is not None:
            seat = penalty["seat"]
            return bool(len(after.penalties[seat]) == len(before.penalties[seat]) + 1)
    return False


def the_clue_turn_after_a_penalty(step: Any) -> bool:
    """WID-R28: after an improper clue's card left, the clue turn is where the rule puts it: a clue the
    judge penalised passed the turn on like any clue; a clue the flaggers made improper moves it no
    more (its author passed it on when speaking). Only without ``restart_order_on_new_card``."""
    before, after = step.before, step.after
    if not isinstance(before, DreamState) or before.options["restart_order_on_new_card"]:
        return False
    for gone in _events(step, "card-gone"):
        penalty = gone["penalty"]
        if penalty is not None:
            moved = 0 if penalty["id"] is not None else 1  # a flagged clue names its id; a judged one its word
            return bool(after.pointer == (before.pointer + moved) % len(before.clue_givers))
    return False


def sandmen_score_an_empty_night(step: Any) -> bool:
    """WID-R21: a day with no Yellow and no Blue card, in which each Sandman gains 2."""
    for day in _events(step, "day"):
        sandmen = [seat for seat, role in enumerate(day["roles"]) if role == SANDMAN]
        if day["yellow"] == 0 and day["blue"] == 0 and sandmen:
            return all(day["gains"][seat] == 2 for seat in sandmen)
    return False


def every_clue_giver_is_a_fairy(step: Any) -> bool:
    """WID-R27: a day whose revealed roles are all Fairies (family mode: the table's mix always holds
    a Boogeyman otherwise)."""
    for day in _events(step, "day"):
        roles = [role for role in day["roles"] if role is not None]
        if roles and all(role == FAIRY for role in roles):
            return True
    return False


RULE_WITNESSES: Mapping[str, Callable[[Any], bool]] = {
    "WID-R1": the_tables_spirits_are_dealt,
    "WID-R4": a_night_opens_with_the_top_card_under,
    "WID-R13": an_improper_clue_becomes_its_authors_penalty,
    "WID-R21": sandmen_score_an_empty_night,
    "WID-R27": every_clue_giver_is_a_fairy,
    "WID-R28": the_clue_turn_after_a_penalty,
}
"""The rules of docs/rules/when-i-dream.md that a witness recognises (``WhenIDream.rule_witnesses``)."""

RULES_WITHOUT_BEHAVIOUR: Mapping[str, str] = {
    "WID-R11": "test_wid_r11_the_dreamer_sees_only_the_clues_on_this_card",
    "WID-R24": "test_wid_r24_points_have_no_ceiling",
    "WID-R25": "test_wid_r25_english_by_default_and_italian_word_lists",
}
"""Rules no move applies (what the Dreamer sees, no cap on points, the word lists), each with the test that checks it (``WhenIDream.rules_without_behaviour``)."""
