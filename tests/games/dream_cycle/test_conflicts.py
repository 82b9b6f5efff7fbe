"""Conflicts (DC-R35 – DC-R40, DC-R48) and the Inspiration tiles used in movement (§3.3)."""

from __future__ import annotations

from dreamtable.games.dream_cycle.movement import Blocked, Way
from tests.helpers import legal, play

from .table import at, fields, give_inspiration, paint, put, question, set_chi, table, texts


def chase(players=2, **options):
    """A on (4,0) facing north with North on Green; Red squares have no tile and stop it."""
    state = table(players, **options)
    paint(state, "G")
    fields(state, 0, G="N")
    put(state, 0, 4, 0, "N")
    for seat in range(1, players):
        put(state, seat, 8, seat, "N")
    return state


def test_DC_R36_the_occupant_with_more_power_blocks_and_the_mover_ends_facing_it():
    state = chase()
    put(state, 1, 4, 1, "W")
    give_inspiration(state, 1, "power")
    play(state, 0, "end")
    assert question(state) == "conflict" and state.actors[0] == 1
    assert legal(state, 1) == {"push", "pass", "block"}
    assert state.view(1)["prompt"] == "B holds the most Power and decides the conflict at the Green square in row 1 (middle line, 5th from the west)."
    assert state.view(0)["board"]["pending"] == {"kind": "conflict", "seat": 1}
    play(state, 1, "block")
    assert at(state, 0) == (4, 0, "N") and at(state, 1) == (4, 1, "W") and state.turn == 1


def test_DC_R36_a_tie_pushes_without_changing_the_pushed_facing():
    state = chase()
    paint(state, "G", x4y1="R")
    put(state, 1, 4, 1, "W")
    play(state, 0, "end")
    assert at(state, 0) == (4, 1, "N") and at(state, 1) == (4, 2, "W")


def test_DC_R36_a_tie_passes_when_the_push_would_go_beyond_the_fringe():
    state = chase()
    fields(state, 0, G="W")
    put(state, 0, 0, 0, "N")
    put(state, 1, -1, 0, "S")
    play(state, 0, "end")
    assert at(state, 0)[:2] == (-1, 0) and at(state, 1) == (-1, 0, "S")
    assert "A passes onto the same space." in texts(state)


def test_DC_R36_push_is_not_offered_beyond_the_fringe():
    state = chase()
    fields(state, 0, G="W")
    put(state, 0, 0, 0, "N")
    put(state, 1, -1, 0, "S")
    give_inspiration(state, 1, "power")
    play(state, 0, "end")
    assert legal(state, 1) == {"pass", "block"}


def test_DC_R35_every_token_on_the_target_is_pushed_together():
    state = chase(3)
    paint(state, "G", x4y1="R")
    put(state, 1, 4, 1, "E")
    put(state, 2, 4, 1, "W")
    play(state, 0, "end")
    assert at(state, 1) == (4, 2, "E") and at(state, 2) == (4, 2, "W") and at(state, 0)[:2] == (4, 1)


def test_DC_R38_a_chain_push_is_decided_without_block():
    state = chase(3)
    paint(state, "G", x4y1="R")
    put(state, 1, 4, 1, "N")
    put(state, 2, 4, 2, "N")
    give_inspiration(state, 2, "power")
    play(state, 0, "end")
    assert state.actors[0] == 2 and legal(state, 2) == {"push", "pass"}
    play(state, 2, "push")
    assert at(state, 1)[:2] == (4, 2) and at(state, 2)[:2] == (4, 3)


def test_DC_R38_a_tied_chain_push_goes_on():
    state = chase(3)
    paint(state, "G", x4y1="R")
    put(state, 1, 4, 1, "N")
    put(state, 2, 4, 2, "N")
    play(state, 0, "end")
    assert at(state, 1)[:2] == (4, 2) and at(state, 2)[:2] == (4, 3)


def test_DC_R48_after_a_block_the_other_tile_applies_from_the_arrival_facing():
    state = chase()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="RL", G="")
    put(state, 0, 4, 1, "N")
    put(state, 1, 5, 1, "S")
    give_inspiration(state, 1, "power")
    play(state, 0, "end")
    play(state, 0, "go E")
    play(state, 1, "block")
    assert state.movement.question == Blocked((Way(3, 1),)) and legal(state, 0) == {"go W"}
    assert state.view(0)["prompt"] == "A is blocked at the Red square in row 1 (middle line, 5th from the west): which other way?"  # no Zip to offer
    play(state, 0, "go W")
    assert at(state, 0) == (3, 1, "W")


def test_DC_R48_with_no_other_tile_the_blocked_token_ends_facing_the_blocker():
    state = chase()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="R", G="")
    put(state, 0, 4, 1, "N")
    put(state, 1, 5, 1, "S")
    give_inspiration(state, 1, "power")
    play(state, 0, "end")
    play(state, 1, "block")
    assert at(state, 0) == (4, 1, "E") and state.turn == 1


def test_DC_R40_the_movers_square_takes_effect_before_the_pushed_token():
    state = chase()
    paint(state, "G", x4y1="YI", x4y2="BL")
    put(state, 1, 4, 1, "N")
    play(state, 0, "plan on YI")
    play(state, 0, "end")
    lines = texts(state)
    drew = lines.index("A draws an Inspiration tile.")
    gained = lines.index("B gains 1 chi on a blue square.")
    assert drew < gained and at(state, 1)[:2] == (4, 2)


def test_DC_R39_a_weaker_occupant_pays_the_mover_a_toll():
    state = chase()
    paint(state, "G", x4y1="R")
    put(state, 1, 4, 1, "N")
    give_inspiration(state, 0, "power", "power")
    give_inspiration(state, 1, "power")
    state.chi[1], state.supply = 3, state.supply - 3
    play(state, 0, "end")
    assert state.chi == [11, 2] and state.actors[0] == 0
    play(state, 0, "pass")
    assert at(state, 0)[:2] == (4, 1) == at(state, 1)[:2]


def test_DC_R39_an_occupant_who_cannot_pay_the_toll_is_out():
    state = chase()
    put(state, 1, 4, 1, "N")
    give_inspiration(state, 0, "power")
    play(state, 0, "end")
    assert not state.alive[1] and state.outcome.winners == (0,)


def test_zip_hops_over_an_occupied_space_without_a_conflict():
    state = chase()
    paint(state, "G", x4y4="R")
    put(state, 1, 4, 2, "N")
    give_inspiration(state, 0, "zip")
    play(state, 0, "plan ask")
    play(state, 0, "end")
    assert at(state, 0)[:2] == (4, 1) and "zip" in legal(state, 0)
    play(state, 0, "zip")
    assert at(state, 0)[:2] == (4, 3) and at(state, 1)[:2] == (4, 2)
    assert not any("Conflict" in t for t in texts(state))
    play(state, 0, "ride")
    play(state, 0, "ride")
    assert at(state, 0)[:2] == (4, 4) and state.turn == 1


def test_DC_R37_a_zip_after_a_block_goes_over_the_blocker():
    state = chase()
    put(state, 1, 4, 1, "N")
    give_inspiration(state, 1, "power")
    give_inspiration(state, 0, "zip")
    paint(state, "G", x4y2="R")
    play(state, 0, "end")
    play(state, 1, "block")
    assert legal(state, 0) == {"zip", "stop", "cash zip"}
    play(state, 0, "zip")
    assert at(state, 0)[:2] == (4, 2) and at(state, 1)[:2] == (4, 1)


def test_reinterpretation_rearranges_the_fields_in_the_middle_of_a_movement():
    state = chase()
    give_inspiration(state, 0, "rein")
    state.hand[0][6] += 1  # a West tile in hand
    state.stock[6] -= 1
    play(state, 0, "plan ask")
    play(state, 0, "end")
    play(state, 0, "reinterpret")
    play(state, 0, "unplace N G")
    play(state, 0, "place W G")
    play(state, 0, "done")
    assert question(state) == "pause" and at(state, 0)[:2] == (4, 1)
    play(state, 0, "ride")
    assert at(state, 0) == (3, 1, "W")


def test_DC_R42_inspiration_tiles_are_turned_in_for_chi_at_any_time_second_wind_for_three():
    state = chase()
    give_inspiration(state, 1, "wind", "zip")
    play(state, 1, "cash wind")
    play(state, 1, "cash zip")
    assert state.chi[1] == 4 and state.insp[1] == []


def test_zip_is_not_offered_when_it_would_land_beyond_the_fringe():
    state = chase()
    fields(state, 0, G="W")
    put(state, 0, 1, 1, "W")
    put(state, 1, -1, 1, "N")
    give_inspiration(state, 0, "zip")
    play(state, 0, "plan ask")
    play(state, 0, "end")
    assert at(state, 0)[:2] == (0, 1) and "zip" not in legal(state, 0)


def test_DC_R49_a_kept_ward_is_not_spent_on_a_toll_the_chi_can_pay():
    state = chase()
    paint(state, "G", x4y1="R")
    put(state, 1, 4, 1, "N")
    give_inspiration(state, 0, "power")
    give_inspiration(state, 1, "ward")
    state.chi[1], state.supply = 3, state.supply - 3
    state.keep[1] = (3,)  # B chose 'keep ward' in an earlier Buying Phase
    play(state, 0, "end")
    assert state.chi[1] == 2 and state.insp[1] == [3]


def test_DC_R49_a_kept_ward_is_still_used_rather_than_going_out():
    state = chase()
    put(state, 1, 4, 1, "N")
    give_inspiration(state, 0, "power")
    give_inspiration(state, 1, "ward")
    state.keep[1] = (3,)
    play(state, 0, "end")
    assert state.alive[1] and state.insp[1] == []


def test_DC_R49_kept_tiles_are_turned_in_last():
    state = chase(die_faces=["R"])
    paint(state, "G", x4y2="YD")
    set_chi(state, 0, 0)
    give_inspiration(state, 0, "zip", "power")
    play(state, 0, "keep zip")
    assert state.view(0)["board"]["seats"][0]["keep"] == ["zip"] and state.view(1)["board"]["seats"][0]["keep"] is None
    play(state, 0, "end")
    assert state.alive[0] and state.insp[0] == []  # 2 chi needed: both went, the Zip last
    lines = texts(state)
    assert lines.index("A turns in Power for 1 chi.") < lines.index("A turns in Zip for 1 chi.")


def test_DC_R41_a_zip_hops_one_token_only_and_meets_the_next_in_a_conflict():
    state = chase(3)
    paint(state, "G", x4y4="R")
    put(state, 1, 4, 2, "N")
    put(state, 2, 4, 3, "N")
    give_inspiration(state, 0, "zip")
    play(state, 0, "plan ask")
    play(state, 0, "end")
    assert at(state, 0)[:2] == (4, 1) and "zip" in legal(state, 0)
    play(state, 0, "zip")  # over B on (4,2) onto C on (4,3), not over both to (4,4)
    assert "A zips north to the Green square in row 2 (south line, 2nd from the west)." in texts(state)
    assert "Conflict at the Green square in row 2 (south line, 2nd from the west): A against C." in texts(state)
