"""The Buying Phase (DC-R17 – DC-R25, DC-R47): chi, prices, fields, boosts, aiming, the sand timer."""

from __future__ import annotations

from dreamtable.core.clock import SimulatedClock
from dreamtable.core.table import Table
from tests.helpers import assert_refused, legal, play

from .table import at, fields, paint, put, set_chi, table


def test_DC_R19_sixteen_chi_on_the_first_turn_then_one():
    state = table()
    assert state.chi == [16, 0]
    play(state, 0, "end")
    assert state.chi[1] == 16
    play(state, 1, "end")
    assert state.chi[0] == 10 + 1  # capped at 10 when its first Buying Phase ended, then 1


def test_DC_R20_more_than_ten_chi_at_the_end_of_buying_goes_to_the_supply():
    state = table()
    set_chi(state, 0, 13)
    supply = state.supply
    play(state, 0, "end")
    assert state.chi[0] == 10 and state.supply == supply + 3 - 16  # then B took its 16


def test_DC_R17_north_costs_three_and_sells_for_two():
    state = table()
    play(state, 0, "buy N")
    assert state.chi[0] == 13 and state.hand[0][4] == 1
    play(state, 0, "sell N")
    assert state.chi[0] == 15 and state.hand[0][4] == 0


def test_DC_R17_prices_are_an_option():
    from dreamtable.games.dream_cycle.components import DEFAULTS

    prices = {k: dict(v) for k, v in DEFAULTS["directional_tiles"].items()}
    prices["N"]["buy"] = 5
    state = table(directional_tiles=prices)
    play(state, 0, "buy N")
    assert state.chi[0] == 11


def test_DC_R21_an_empty_stock_cannot_be_bought_until_one_is_sold_back():
    state = table()
    for _ in range(7):
        play(state, 0, "buy B")
    assert "buy B" not in legal(state, 0)
    assert_refused(state, 0, "buy B", "no Back tile is left", "DC-R21")
    play(state, 0, "sell B")
    play(state, 0, "buy B")


def test_bad_input_buying_without_the_chi_is_refused():
    state = table()
    set_chi(state, 0, 2)
    assert_refused(state, 0, "buy N", "costs 3 chi and you have 2", "DC-R17")


def test_DC_R22_a_third_tile_on_a_field_is_refused():
    state = table()
    for _ in range(3):
        play(state, 0, "buy F")
    play(state, 0, "place F G")
    play(state, 0, "place F G")
    assert "place F G" not in legal(state, 0)
    assert_refused(state, 0, "place F G", "already holds two tiles", "DC-R22")
    play(state, 0, "place F W")
    assert state.hand[0][0] == 0  # unplaced tiles stay in the hand until placed


def test_DC_R23_tiles_may_be_repositioned_during_another_players_turn():
    state = table()
    set_chi(state, 1, 3)
    state.hand[1][4] = 1
    state.stock[4] -= 1
    state._cache = {}
    assert 1 in state.actors
    play(state, 1, "place N G")
    assert state.fields[1][0] == (4,)
    assert_refused(state, 1, "buy N", "only in your own Buying Phase", "DC-R23")


def test_DC_R24_boost_needs_a_field_with_exactly_one_tile():
    state = table()
    play(state, 0, "buy N")
    assert_refused(state, 0, "boost G 2", "exactly one tile", "DC-R24")
    play(state, 0, "place N G")
    play(state, 0, "boost G 3")
    assert state.boost[0][0] == 3 and state.chi[0] == 10
    assert_refused(state, 1, "boost G 2", "A's Buying Phase", "wait for your own")


def test_DC_R24_a_boost_jumps_over_an_occupied_square_without_a_conflict():
    state = table()
    paint(state, "G", x4y0="R")
    fields(state, 0, R="N")
    put(state, 0, 4, 0, "N")
    put(state, 1, 4, 1, "W")
    play(state, 0, "boost R 3")
    play(state, 0, "end")
    assert at(state, 0) == (4, 3, "N") and at(state, 1) == (4, 1, "W")
    assert not any("Conflict" in e["text"] for e in state.log(None))


def test_DC_R24_R30_a_boost_toward_the_west_edge_stops_in_the_fringe():
    state = table()
    paint(state, "G", x1y1="R")
    fields(state, 0, R="W")
    put(state, 0, 1, 1, "N")
    play(state, 0, "boost R 3")
    play(state, 0, "end")
    assert at(state, 0) == (-1, 1, "W")


def test_DC_R24_boost_chi_is_gone_at_the_end_of_the_turn():
    state = table()
    paint(state, "G", x4y0="R")
    fields(state, 0, R="N")
    put(state, 0, 4, 0, "N")
    play(state, 0, "boost R 2")
    supply = state.supply
    play(state, 0, "end")
    assert state.boost[0] == [0] * 7
    assert state.supply == supply + 4 + 2 - 16  # cap (14 → 10), boost returned, B's income


def test_DC_R24_an_invalid_boost_goes_back_to_the_hand_before_the_cap():
    state = table()
    fields(state, 0, R="N")
    set_chi(state, 0, 12)
    play(state, 0, "boost R 3")
    state.hand[0][0] += 1
    state.stock[0] -= 1
    state._cache = {}
    play(state, 0, "place F R")
    assert state.chi[0] == 9
    supply = state.supply
    play(state, 0, "end")
    assert state.chi[0] == 10 and state.supply == supply + 2 - 16


def test_DC_R25_a_token_on_a_doldrum_space_is_aimed_never_away_from_the_dreamscape():
    state = table()
    assert "aim S" not in legal(state, 0) and "aim W" not in legal(state, 0)
    assert_refused(state, 0, "aim S", "points away from the Dreamscape", "DC-R25")
    play(state, 0, "aim E")
    play(state, 0, "end")
    assert at(state, 0) == (1, -1, "E")  # the first step follows the aim, onto another fringe space


def test_DC_R25_only_a_token_on_a_doldrum_space_may_be_aimed():
    state = table()
    paint(state, "G", x4y2="BK")
    put(state, 0, 4, 1, "N")
    assert_refused(state, 0, "aim E", "only a token on a doldrum space", "DC-R25")
    put(state, 0, 4, 2, "N")
    play(state, 0, "aim E")
    play(state, 0, "end")
    assert at(state, 0) == (5, 2, "E")


def test_DC_R25_an_illegal_facing_blocks_the_end_of_the_buying_phase():
    state = table()
    state.facing[0] = 2  # pushed there facing south, off the board
    state._cache = {}
    assert "end" not in legal(state, 0)
    assert_refused(state, 0, "end", "aim it first", "DC-R25")


def test_DC_R47_the_sand_timer_stops_buying_and_applies_the_cap():
    state = table(buying_timer_seconds=60)
    assert [t.name for t in state.timers] == ["buying-1"] and state.timers[0].seconds == 60
    state.expire("buying-1")
    assert state.chi[0] == 10 and state.timers == ()
    assert_refused(state, 0, "buy F", "sand timer has run out", "DC-R47")
    assert legal(state, 0) >= {"end", "aim E"}
    play(state, 0, "end")
    assert [t.name for t in state.timers] == ["buying-2"]  # B's sand timer, a new deadline


def test_DC_R47_every_buying_phase_gets_the_full_time_at_a_table():
    """The timer was named 'buying' in every turn: a table arms a timer when it first sees its name,
    so B, whose phase began in the move that ended A's, got what A had left."""
    state = table(buying_timer_seconds=60)
    clock = SimulatedClock()
    match = Table(state, clock=clock)
    assert match.deadlines() == {"buying-1": 60.0}
    clock.advance(50)
    match.submit(0, "end")
    assert state.phase == "buying" and state.turn == 1
    assert match.deadlines() == {"buying-2": 110.0}
    assert match.view(1)["timers"] == [{"name": "buying-2", "seat": 1, "seconds": 60.0}]
