"""The witnesses of rules no event tells apart (games/when_i_dream/rule_witnesses.py): each says yes on a
step that applies its rule and no on one that does not."""

from __future__ import annotations

from typing import Any

import dreamtable
from dreamtable.core.rule_coverage import RuleStep, rule_step
from dreamtable.games.when_i_dream.rule_witnesses import (
    a_night_opens_with_the_top_card_under, an_improper_clue_becomes_its_authors_penalty, every_clue_giver_is_a_fairy,
    sandmen_score_an_empty_night, the_clue_turn_after_a_penalty, the_tables_spirits_are_dealt,
)
from tests.helpers import play

GAME = dreamtable.load("when-i-dream")


def to_the_day(state: Any, *, right: bool = False) -> tuple[RuleStep, RuleStep]:
    """The night played out (one right guess, or none), the recount, and the review: the first
    clue-giver's ``done`` and the last one's, which scores the day and opens the next round."""
    if right:
        play(state, state.dreamer, f"guess {state.seq} {state.element}")
    state.expire("night")
    play(state, state.dreamer, f"dream-pass {state.seq}")
    play(state, state.dreamer, "recount " + (" ".join(entry["element"] for entry in state.board) or "I remember nothing"))
    steps = [rule_step(state, seat, "done") for seat in state.clue_givers]
    return steps[0], steps[-1]


def test_wid_r1_and_r4_a_new_round_deals_the_spirits_and_sends_the_top_card_under():
    state = GAME.new(players=4, seed=4)
    first, last = to_the_day(state)
    assert the_tables_spirits_are_dealt(last) and a_night_opens_with_the_top_card_under(last)
    assert not the_tables_spirits_are_dealt(first) and not a_night_opens_with_the_top_card_under(first)
    family = GAME.new(players=4, seed=4, family_mode=True)
    assert not the_tables_spirits_are_dealt(to_the_day(family)[1])


def test_wid_r13_r28_a_judged_penalty_goes_to_its_author_and_the_turn_moves_on():
    state = GAME.new(players=4, seed=7, auto_clue_check="penalize")
    judged = rule_step(state, state.clue_seat, f"clue {state.seq} {state.element}s")
    assert an_improper_clue_becomes_its_authors_penalty(judged) and the_clue_turn_after_a_penalty(judged)
    fair = rule_step(state, state.clue_seat, f"clue {state.seq} meow")
    assert not an_improper_clue_becomes_its_authors_penalty(fair) and not the_clue_turn_after_a_penalty(fair)


def test_wid_r13_r28_a_flagged_penalty_goes_to_its_author_and_the_turn_stays():
    state = GAME.new(players=5, seed=8, auto_clue_check="off")
    play(state, 1, f"clue {state.seq} meow")
    clue = state.clues[-1]["id"]
    one = rule_step(state, 2, f"flag c{clue}")
    assert not an_improper_clue_becomes_its_authors_penalty(one) and not the_clue_turn_after_a_penalty(one)
    quorum = rule_step(state, 3, f"flag c{clue}")
    assert an_improper_clue_becomes_its_authors_penalty(quorum) and the_clue_turn_after_a_penalty(quorum)
    assert state.clue_seat == 2


def test_wid_r21_sandmen_gain_two_from_a_night_with_no_yellow_and_no_blue():
    empty = to_the_day(GAME.new(players=4, seed=4))[1]
    assert sandmen_score_an_empty_night(empty)
    yellow = to_the_day(GAME.new(players=4, seed=4), right=True)[1]
    assert not sandmen_score_an_empty_night(yellow)


def test_wid_r27_a_day_of_fairies_only_is_family_mode():
    assert every_clue_giver_is_a_fairy(to_the_day(GAME.new(players=4, seed=4, family_mode=True))[1])
    assert not every_clue_giver_is_a_fairy(to_the_day(GAME.new(players=4, seed=4))[1])
