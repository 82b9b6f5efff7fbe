"""The rule witnesses (games/dream_cycle/rule_witnesses.py): each says True of a step that applies its
rule and False of a like step that does not, so that ``golden coverage`` counts a rule only where a
golden really applies it."""

from __future__ import annotations

from dreamtable.core.rule_coverage import rule_step
from dreamtable.games.dream_cycle import rule_witnesses as w
from tests.helpers import play

from .table import fields, paint, put, table
from .test_conflicts import chase
from .test_movement import lay_all_rows, loop_board, moving
from .test_trading_and_views import waiting_mover


def test_DC_R13_witness_sees_a_blue_square_that_stays_quiet_the_second_time():
    state = moving(die_faces=["W"])
    paint(state, "P", x4y1="R", x5y1="G", x5y0="O", x4y0="BL")
    fields(state, 0, R="R", G="R", O="R", W="R")
    assert w.special_square_once_per_turn(rule_step(state, 0, "end"))
    once = moving(die_faces=["W"])
    paint(once, "G", x4y2="BL")
    fields(once, 0, G="N")
    assert not w.special_square_once_per_turn(rule_step(once, 0, "end"))


def test_DC_R18_witness_sees_income_cut_to_what_the_supply_holds():
    short = table(chi_supply=16)
    assert w.payout_cut_to_the_supply(rule_step(short, 0, "end"))  # B's 16 chi of income are 6
    assert not w.payout_cut_to_the_supply(rule_step(table(), 0, "end"))


def test_DC_R21_witness_sees_a_buying_phase_move_with_a_tile_sold_out():
    state = table()
    assert not w.sold_out_tile_not_for_sale(rule_step(state, 0, "buy B"))
    for _ in range(6):
        play(state, 0, "buy B")
    assert w.sold_out_tile_not_for_sale(rule_step(state, 0, "plan ask"))


def test_DC_R27_witness_sees_an_offer_made_while_another_player_moves():
    state = waiting_mover()
    assert w.acted_out_of_turn(rule_step(state, 1, "offer C N for 1c"))
    assert not w.acted_out_of_turn(rule_step(state, 0, "go W"))


def test_DC_R33_witness_sees_the_step_cap_and_not_a_loop_that_repeats():
    capped = moving(step_cap=3)
    fields(capped, 0, G="N")
    assert w.loop_called_by_the_step_cap(rule_step(capped, 0, "end"))
    looping = moving()
    loop_board(looping)
    assert not w.loop_called_by_the_step_cap(rule_step(looping, 0, "end"))


def test_DC_R38_witness_sees_a_push_onto_a_third_token():
    chain = chase(3)
    paint(chain, "G", x4y1="R")
    put(chain, 1, 4, 1, "N")
    put(chain, 2, 4, 2, "N")
    assert w.chain_push(rule_step(chain, 0, "end"))
    single = chase(3)
    paint(single, "G", x4y1="R")
    put(single, 1, 4, 1, "N")
    assert not w.chain_push(rule_step(single, 0, "end"))


def test_DC_R40_witness_sees_the_pushed_token_take_its_square_after_the_mover():
    state = chase()
    paint(state, "G", x4y1="YI", x4y2="BL")
    put(state, 1, 4, 1, "N")
    play(state, 0, "plan on YI")
    assert w.pushed_token_takes_effect_after_the_mover(rule_step(state, 0, "end"))
    plain = chase()
    paint(plain, "G", x4y1="R")
    put(plain, 1, 4, 1, "N")
    assert not w.pushed_token_takes_effect_after_the_mover(rule_step(plain, 0, "end"))


def test_DC_R44_witness_sees_a_push_that_lays_a_row_and_a_push_off_row_ten_made_a_pass():
    laying = moving()
    paint(laying, "G", x4y5="R")
    fields(laying, 0, G="N")
    put(laying, 0, 4, 4, "N")
    put(laying, 1, 4, 5, "E")
    assert w.push_at_the_top_row(rule_step(laying, 0, "end"))
    top = moving()
    lay_all_rows(top)
    fields(top, 0, G="N")
    put(top, 0, 4, 28, "N")
    put(top, 1, 4, 29, "E")
    assert w.push_at_the_top_row(rule_step(top, 0, "end"))
    inside = moving()
    paint(inside, "G", x4y3="R")
    fields(inside, 0, G="N")
    put(inside, 0, 4, 1, "N")
    put(inside, 1, 4, 2, "E")
    assert not w.push_at_the_top_row(rule_step(inside, 0, "end"))

