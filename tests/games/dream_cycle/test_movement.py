"""The Movement Phase (DC-R10 – DC-R16, DC-R28 – DC-R34): turning, choices, boosts, the seven stops,
braking and brake plans, loops, the north edge, row removal and square effects."""

from __future__ import annotations

from tests.helpers import assert_refused, legal, play

from .table import at, fields, give_inspiration, paint, put, question, rides, set_chi, table, texts


def moving(colour="G", players=2, **options):
    """A on (4,1) of an all-``colour`` board, B out of the way at (8,0)."""
    state = table(players, **options)
    paint(state, colour)
    put(state, 0, 4, 1, "N")
    put(state, 1, 8, 0, "N")
    if players > 2:
        put(state, 2, 7, 0, "N")
    return state


def test_DC_R29_left_turns_an_east_facing_token_north_and_it_moves_one_space():
    state = moving()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="L")
    put(state, 0, 4, 1, "E")
    play(state, 0, "end")
    assert at(state, 0) == (4, 2, "N")
    assert "A's bicycle turns left on Red and rides north one space to the Green square in row 1 (north line, 5th from the west)." in texts(state)


def test_DC_R29_back_reverses_and_south_points_south():
    for tile, expected in (("B", (3, 1, "W")), ("S", (4, 0, "S")), ("F", (5, 1, "E")), ("N", (4, 2, "N"))):
        state = moving()
        paint(state, "G", x4y1="R")
        fields(state, 0, R=tile)
        put(state, 0, 4, 1, "E")
        play(state, 0, "end")
        assert at(state, 0) == expected, tile


def test_DC_R29_two_tiles_on_a_field_ask_the_mover_to_choose_one():
    state = moving()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="LR")
    put(state, 0, 4, 1, "E")
    play(state, 0, "end")
    assert question(state) == "choose" and state.actors[0] == 0
    assert {"go N", "go S"} <= legal(state, 0)
    assert state.view(0)["prompt"] == "A's bicycle leaves Red at the Red square in row 1 (middle line, 5th from the west): which way?"
    assert state.view(0)["board"]["pending"] == {"kind": "choose", "seat": 0}
    assert state.view(1)["board"]["pending"] == {"kind": "deciding", "seat": 0}  # DC-R43: see test_hidden_questions
    play(state, 0, "go S")
    assert at(state, 0) == (4, 0, "S")


def test_DC_R29_two_tiles_giving_the_same_facing_ask_nothing():
    state = moving()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="LN")
    put(state, 0, 4, 1, "E")
    play(state, 0, "end")
    assert at(state, 0) == (4, 2, "N") and state.turn == 1


def test_DC_R29_lucidity_lets_the_mover_pick_any_direction():
    state = moving()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="U")
    play(state, 0, "end")
    assert {"go N", "go E", "go S", "go W"} <= legal(state, 0)
    play(state, 0, "go W")
    assert at(state, 0) == (3, 1, "W")


def test_stop_1_no_tile_for_the_colour_ends_the_movement_keeping_the_facing():
    state = moving()
    put(state, 0, 4, 1, "E")
    play(state, 0, "end")
    assert at(state, 0) == (4, 1, "E") and state.turn == 1
    assert "A has no tile on Green: the movement ends, facing east." in texts(state)


def test_DC_R28_stop_2_landing_on_a_black_square_ends_the_movement():
    state = moving()
    paint(state, "G", x4y3="BK")
    fields(state, 0, G="N")
    play(state, 0, "end")
    assert at(state, 0) == (4, 3, "N") and "A stops on a doldrum space." in texts(state)


def test_DC_R28_a_first_doldrum_step_onto_another_doldrum_ends_the_movement():
    state = table()
    fields(state, 0, G="N", W="N", O="N", R="N", P="N", F="N", S="N")
    play(state, 0, "aim E")
    play(state, 0, "end")
    assert at(state, 0) == (1, -1, "E")


def test_DC_R31_braking_on_a_blue_square_pays_two_and_still_gives_its_chi():
    state = moving()
    paint(state, "G", x4y2="BL")
    fields(state, 0, G="N")
    play(state, 0, "plan ask")
    play(state, 0, "end")
    assert question(state) == "pause" and state.chi[0] == 11  # 10 after the cap, +1 on blue
    assert legal(state, 0) >= {"ride", "brake"}
    play(state, 0, "brake")
    assert at(state, 0) == (4, 2, "N") and state.chi[0] == 9 and state.turn == 1


def test_DC_R31_a_plan_brakes_on_the_first_arrival_in_the_planned_row():
    state = moving()
    fields(state, 0, G="N")
    play(state, 0, "plan row 2")
    play(state, 0, "end")
    assert at(state, 0) == (4, 3, "N") and state.chi[0] == 8
    assert "A pays 2 chi and brakes at the Green square in row 2 (south line, 2nd from the west)." in texts(state)


def test_DC_R31_plans_on_steps_and_on_square_kinds():
    state = moving()
    fields(state, 0, G="N")
    play(state, 0, "plan steps 2")
    play(state, 0, "end")
    assert at(state, 0)[:2] == (4, 3)
    state = moving()
    paint(state, "G", x4y4="YR")
    fields(state, 0, G="N")
    play(state, 0, "plan on YR")
    play(state, 0, "end")
    assert at(state, 0)[:2] == (4, 4)


def test_DC_R31_a_plan_without_the_chi_does_not_brake():
    state = moving()
    paint(state, "G", x4y3="R")
    fields(state, 0, G="N")
    set_chi(state, 0, 1)
    play(state, 0, "plan row 1")
    play(state, 0, "end")
    assert at(state, 0) == (4, 3, "N") and state.chi[0] == 1


def loop_board(state, first="R"):
    paint(state, "P", x4y1=first, x5y1="G", x5y0="O", x4y0="W")
    fields(state, 0, R="R", G="R", O="R", W="R")


def test_DC_R32_an_endless_loop_forces_the_brake_on_the_fifth_arrival():
    state = moving()
    loop_board(state)
    play(state, 0, "end")
    assert at(state, 0) == (5, 1, "E") and state.chi[0] == 8
    assert "A is caught in an endless loop and must brake." in texts(state)
    assert rides(state) == 5


def test_DC_R32_R46_a_loop_without_two_chi_puts_the_player_out_and_returns_everything():
    state = moving()
    loop_board(state)
    set_chi(state, 0, 0)
    stock = list(state.stock)
    play(state, 0, "end")
    assert not state.alive[0] and state.fields[0] == [()] * 7
    assert state.stock[2] == stock[2] + 4  # the four Rights went back
    assert state.is_over and state.outcome.winners == (1,) and state.outcome.reason == "last-standing"


def test_DC_R32_wake_gently_pays_the_loop_brake():
    state = moving()
    loop_board(state)
    give_inspiration(state, 0, "wake")
    play(state, 0, "end")
    assert state.chi[0] == 10 and state.insp[0] == []
    assert any("turns in Wake Gently instead of paying" in t for t in texts(state))


def test_DC_R32_a_die_roll_that_no_face_could_change_does_not_reset_the_loop_check():
    state = moving()
    loop_board(state, first="YR")
    fields(state, 0, G="R", W="R", O="R", R="R", P="R", F="R", S="R")
    play(state, 0, "end")
    assert rides(state) == 5 and any("rolls the die" in t for t in texts(state))


def test_DC_R33_a_movement_reaching_the_step_cap_is_treated_as_a_loop():
    state = moving(step_cap=3)
    fields(state, 0, G="N")
    play(state, 0, "end")
    assert at(state, 0) == (4, 4, "N") and state.chi[0] == 8 and rides(state) == 3


def test_DC_R10_R11_leaving_a_special_square_rolls_the_die_for_the_colour():
    state = moving(die_faces=["R"])
    paint(state, "G", x4y1="YR")
    fields(state, 0, R="E")
    play(state, 0, "end")
    assert at(state, 0) == (5, 1, "E")
    assert "A rolls the die on Reverie: Red." in texts(state)


def test_DC_R12_R14_a_blue_square_gives_chi_and_blue_chi_is_an_option():
    for amount in (1, 2):
        state = moving(blue_chi=amount, die_faces=["R"])
        paint(state, "G", x4y2="BL")
        fields(state, 0, G="N")
        play(state, 0, "end")
        assert at(state, 0) == (4, 2, "N") and state.chi[0] == 10 + amount


def test_DC_R13_a_blue_square_pays_once_a_turn_and_a_loop_through_it_is_still_found():
    state = moving(die_faces=["W"])
    paint(state, "P", x4y1="R", x5y1="G", x5y0="O", x4y0="BL")
    fields(state, 0, R="R", G="R", O="R", W="R")
    play(state, 0, "end")
    assert state.chi[0] == 10 + 1 - 2 and rides(state) == 7


def test_DC_R16_an_inspiration_bonus_draws_tiles_seen_only_by_their_owner():
    state = moving(die_faces=["R"], inspiration_draw=2)
    paint(state, "G", x4y2="YI")
    fields(state, 0, G="N")
    play(state, 0, "end")
    assert len(state.insp[0]) == 2 and sum(state.insp_supply) == 42
    mine = [e["text"] for e in state.log(0) if "draws" in e["text"]]
    theirs = [e["text"] for e in state.log(1) if "draws" in e["text"]]
    assert all(":" in t for t in mine) and theirs == ["A draws an Inspiration tile."] * 2


def test_DC_R15_a_psychic_drain_is_paid_with_inspiration_tiles_when_chi_is_short():
    state = moving(die_faces=["R"])
    paint(state, "G", x4y2="YD")
    fields(state, 0, G="N")
    set_chi(state, 0, 1)
    give_inspiration(state, 0, "zip")
    play(state, 0, "end")
    assert state.alive[0] and state.chi[0] == 0 and state.insp[0] == []


def test_DC_R15_R49_second_wind_is_turned_in_first_and_pays_three():
    state = moving(die_faces=["R"])
    paint(state, "G", x4y2="YD")
    fields(state, 0, G="N")
    set_chi(state, 0, 0)
    give_inspiration(state, 0, "zip", "wind")
    play(state, 0, "end")
    assert state.chi[0] == 1 and [t for t in state.insp[0]] == [1]  # the Zip is kept


def test_DC_R15_an_unpaid_drain_puts_the_player_out_and_a_ward_cancels_it():
    state = moving(die_faces=["R"])
    paint(state, "G", x4y2="YD")
    fields(state, 0, G="N")
    set_chi(state, 0, 0)
    play(state, 0, "end")
    assert not state.alive[0] and state.outcome.winners == (1,)
    state = moving(die_faces=["R"])
    paint(state, "G", x4y2="YD")
    fields(state, 0, G="N")
    give_inspiration(state, 0, "ward")
    play(state, 0, "end")
    assert state.chi[0] == 10 and state.insp[0] == []


def test_DC_R6_leaving_the_top_row_lays_the_next_even_into_the_fringe():
    state = moving()
    fields(state, 0, G="N")
    put(state, 0, 4, 5, "N")
    play(state, 0, "end")
    assert state.rows_laid == 3 and at(state, 0) == (4, 6, "N")
    assert state.view(None)["board"]["seats"][0]["token"]["square"] == "fringe"


def lay_all_rows(state):
    events = []
    while state.rows_laid < 10:
        state.lay_row(events)
    paint(state, "G")


def test_DC_R45_stepping_north_off_row_ten_wins():
    state = moving()
    lay_all_rows(state)
    fields(state, 0, G="N")
    put(state, 0, 4, 28, "N")
    play(state, 0, "end")
    assert state.outcome.winners == (0,) and state.outcome.reason == "awake"


def test_DC_R44_a_push_north_off_row_ten_becomes_a_pass():
    state = moving()
    lay_all_rows(state)
    fields(state, 0, G="N")
    put(state, 0, 4, 28, "N")
    put(state, 1, 4, 29, "E")
    play(state, 0, "end")
    assert at(state, 1) == (4, 29, "E") and state.outcome.winners == (0,)
    assert "A passes onto the same space." in texts(state)


def test_DC_R7_a_row_leaves_after_the_turn_in_which_the_last_token_passes_it():
    state = moving()
    paint(state, "G", x5y3="R")
    fields(state, 0, G="N")
    put(state, 0, 5, 2, "N")
    put(state, 1, 4, 4, "N")
    play(state, 0, "end")
    assert state.rows_removed == 1 and [r["row"] for r in state.view(None)["board"]["rows"]] == [2]
    assert "Every token has passed row 1: removed." in texts(state)


def test_DC_R34_seven_stops_each_end_the_turn():
    # (1) no tile, (2) doldrum, (3) brake, (4) loop, (5) block, (6) drain, (7) win: each is a test
    # above or in test_conflicts; here, that after any stop the next player's turn begins.
    state = moving()
    play(state, 0, "end")
    assert state.turn == 1 and state.phase == "buying"


def test_bad_input_repositioning_during_your_own_movement_is_refused():
    state = moving()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="LR", G="N")
    play(state, 0, "end")
    assert_refused(state, 0, "unplace N G", "own Movement Phase", "DC-R23")
    assert_refused(state, 0, "go S", "not an answer now", "go W, go E")


def test_DC_R44_before_row_ten_a_push_north_lays_the_next_row():
    state = moving()
    paint(state, "G", x4y5="R")
    fields(state, 0, G="N")
    put(state, 0, 4, 4, "N")
    put(state, 1, 4, 5, "E")
    play(state, 0, "end")
    # (laying a row redraws the board from the real tiles, so A's ride after the push is not painted)
    assert state.rows_laid == 3 and at(state, 1) == (4, 6, "E")
    assert "B is pushed north to the fringe north of row 2 (2nd from the west)." in texts(state)


def test_DC_R30_a_boost_across_the_north_edge_lays_the_row_and_carries_on():
    state = moving()
    paint(state, "G", x7y4="R")
    fields(state, 0, R="N")
    put(state, 0, 7, 4, "N")
    play(state, 0, "boost R 3")
    play(state, 0, "end")
    assert state.rows_laid == 3 and state.geo.y(state.pos[0]) >= 7
