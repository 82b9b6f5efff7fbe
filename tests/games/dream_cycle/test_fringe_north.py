"""The fringe beside the top row (DC-R6, DC-R8, DC-R25, DC-R30, DC-R36).

At setup rows 1 and 2 are down: row 2 covers x = 3…11, y = 3…5, and row 3 (offset 2) will cover
x = 6…14. The fringe space (12,5) lies beside the top row's north line; the space north of it,
(12,6), touches the board only at a corner, so it is beyond the fringe now even though row 3 would
cover it once laid. Only a square of the top row leads north into a row not laid yet."""

from __future__ import annotations

from dreamtable.games.dream_cycle.board import BEYOND, FRINGE, NEEDS_ROW

from tests.helpers import assert_refused, legal, play

from .table import at, give_inspiration, paint, put, table, texts

BESIDE_TOP = (12, 5)  # a fringe space east of the top row's north line


def beside_the_top_row(facing: str = "W"):
    state = table()
    paint(state, "G")
    put(state, 0, *BESIDE_TOP, facing)
    put(state, 1, 8, 0, "N")
    return state


def test_DC_R8_the_space_north_of_a_fringe_space_beside_the_top_row_is_beyond_the_fringe():
    state = beside_the_top_row()
    geo = state.geo
    assert state.kinds[geo.pos(*BESIDE_TOP)] == FRINGE and state.kinds[geo.pos(12, 6)] == BEYOND
    assert state.peek(geo.pos(*BESIDE_TOP), 0) == -1
    assert state.peek(geo.pos(11, 5), 0) == NEEDS_ROW  # from a square of the top row the next row is laid (DC-R6)


def test_DC_R25_a_fringe_token_beside_the_top_row_may_not_aim_north_at_a_row_not_laid():
    state = beside_the_top_row()
    assert "aim N" not in legal(state, 0)
    assert_refused(state, 0, "aim N", "points away from the Dreamscape", "DC-R25")
    assert state.rows_laid == 2


def test_DC_R25_facing_north_beside_the_top_row_blocks_the_end_until_aimed_and_lays_no_row():
    state = beside_the_top_row("N")  # no tiles: after its first step the movement ends (DC-R34, stop 1)
    assert "end" not in legal(state, 0)
    assert_refused(state, 0, "end", "aim it first", "aim S, aim W", "DC-R25")
    play(state, 0, "aim W")
    play(state, 0, "end")
    assert state.rows_laid == 2 and at(state, 0) == (11, 5, "W")  # the first step went west onto row 2


def test_DC_R36_a_token_on_the_fringe_beside_the_top_row_is_not_pushed_north_into_a_row_not_laid():
    state = beside_the_top_row("E")  # B stands there; A steps north onto it from the fringe below
    put(state, 1, *BESIDE_TOP, "E")
    put(state, 0, 12, 4, "N")
    play(state, 0, "end")  # equal Power: a tie pushes, unless the push goes beyond the fringe; then it passes
    assert state.rows_laid == 2 and at(state, 1) == (12, 5, "E") and at(state, 0) == (12, 5, "N")
    assert "A passes onto the same space." in texts(state)


def test_DC_R36_push_is_not_offered_north_of_the_fringe_beside_the_top_row():
    state = beside_the_top_row("E")
    put(state, 1, *BESIDE_TOP, "E")
    put(state, 0, 12, 4, "N")
    give_inspiration(state, 1, "power")  # B holds the most Power and decides
    play(state, 0, "end")
    assert legal(state, 1) == {"pass", "block"}


def test_zip_from_below_the_fringe_beside_the_top_row_cannot_hop_north_into_a_row_not_laid():
    state = beside_the_top_row("E")
    put(state, 1, *BESIDE_TOP, "E")
    put(state, 0, 12, 4, "N")
    give_inspiration(state, 1, "power")
    give_inspiration(state, 0, "zip")
    play(state, 0, "end")
    play(state, 1, "block")  # A is blocked, facing north; a Zip would hop over B to (12,6): beyond the fringe
    # No Zip can land and no other tile applies, so the movement ends there (DC-R37) and no row is laid.
    assert state.movement is None and state.turn == 1 and state.rows_laid == 2 and at(state, 0) == (12, 4, "N")
    assert not any("zips" in text for text in texts(state))
