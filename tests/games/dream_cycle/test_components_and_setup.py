"""Dream Cycle components (§3 of the design note) and setup (DC-R1 – DC-R9)."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.core.contract import SetupError
from dreamtable.core.errors import ComponentDataError
from dreamtable.games.dream_cycle import components as c
from dreamtable.games.dream_cycle.board import BEYOND, FRINGE
from tests.helpers import assert_refused, legal, play

from .table import GAME, table


def test_components_fifty_dreamscape_tiles_ten_per_phase_with_the_square_mix():
    scape = c.load_dreamscape({})
    assert [len(tiles) for tiles in scape.tiles] == [10] * 5
    for phase, tiles in enumerate(scape.tiles, 1):
        squares = [s for tile in tiles for s in tile]
        assert len(squares) == 90
        for code, kind in zip(c.SPECIAL_CODES, range(7, 12)):
            assert squares.count(kind) == c.DEFAULTS["square_mix"][str(phase)][code]
        for tile in tiles:
            assert len({s for s in tile if s < 7}) >= 4 and sum(s >= 7 for s in tile) <= 3


def test_components_directional_tiles_58_inspiration_44_chi_65_and_a_seven_face_die():
    types = c.directional_table(c.DEFAULTS["directional_tiles"])
    assert sum(t.total for t in types) == 58
    assert sum(c.inspiration_table(c.DEFAULTS["inspiration_tiles"])) == 44
    state = table()
    assert state.supply + sum(state.chi) == 65
    assert state.options["die_faces"] == list("GWORPFS")


def test_components_a_corrupt_tile_is_refused_naming_it():
    scape = c.load_dreamscape({})
    tiles = [list(phase) for phase in scape.tiles]
    tiles[3][2] = (c.BLACK, c.BLACK) + tiles[3][2][2:]
    with pytest.raises(c.DreamscapeDataError, match="P4-03"):
        c.check_dreamscape(tiles, c.DEFAULTS["square_mix"], 4, 3)
    with pytest.raises(ComponentDataError, match="malformed"):
        c.dreamscape_from_json([{"id": "P1-01", "phase": 1, "squares": [["G", "Q", "O"]]}])


def test_components_other_generation_options_regenerate_valid_tiles():
    other = c.load_dreamscape({"dreamscape_seed": 99})
    assert other != c.load_dreamscape({})
    c.check_dreamscape(other.tiles, c.DEFAULTS["square_mix"], 4, 3)
    with pytest.raises(SetupError, match="directional_tiles"):
        GAME.new(2, directional_tiles={"N": {"count": 1, "buy": 1, "sell": 1}})


def test_DC_R1_the_phases_are_called_buying_and_movement():
    state = table()
    assert state.phase == "buying"
    play(state, 0, "end")
    assert state.phase == "buying" and state.turn == 1  # A's movement ran and ended


def test_DC_R2_turns_go_clockwise_from_the_starting_player():
    state = table(3)
    order = []
    for _ in range(4):
        order.append(state.turn)
        play(state, state.turn, "end")
    assert order == [0, 1, 2, 0]


def test_DC_R3_starting_spaces_chosen_counter_clockwise_the_starting_player_last():
    state = GAME.new(5, seed=1, first_player="D")
    assert state.start_order == [2, 1, 0, 4, 3]
    chosen = []
    while state.phase == "start":
        seat = state.actors[0]
        chosen.append(seat)
        play(state, seat, f"start {len(chosen)}")
    assert chosen == [2, 1, 0, 4, 3] and state.turn == 3
    two = GAME.new(2, seed=1, first_player="A")
    assert two.start_order == [1, 0]


def test_DC_R3_no_two_tokens_start_alike_and_they_face_north():
    state = GAME.new(2, seed=1, first_player="A")
    play(state, 1, "start 4")
    assert "start 4" not in legal(state, 0)
    assert_refused(state, 0, "start 4", "taken", "DC-R3")
    play(state, 0, "start 5")
    assert [state.geo.xy(p) for p in state.pos] == [(4, -1), (3, -1)]
    assert state.facing == [0, 0]


def test_DC_R4_R5_rows_one_and_two_hold_phase_one_and_two_at_offsets_zero_and_one_tile():
    state = table()
    view = state.view(None)["board"]
    assert [(r["row"], r["phase"], r["x"], r["y"]) for r in view["rows"]] == [(1, 1, 0, 0), (2, 2, 3, 3)]
    assert all(t.startswith("P1") for t in view["rows"][0]["tiles"])
    assert all(t.startswith("P2") for t in view["rows"][1]["tiles"])
    assert view["rows_laid"] == 2 and view["rows_left"] == 8


def test_DC_R4_the_staircase_offsets_are_an_option():
    state = table(staircase_offsets=[0, 1, 2, 3, 4, 3, 2, 1, 0, -1])
    assert state.geo.offsets[-1] == -1
    with pytest.raises(SetupError, match="ten"):
        GAME.new(2, staircase_offsets=[0, 1])


def test_DC_R6_rows_draw_unused_tiles_of_their_phase():
    state = table()
    used = {i for p, i, r in state.row_tiles[0]}
    assert len(used) == 3 and len(state.unused[0]) == 7


def test_DC_R8_fringe_spaces_border_a_square_and_doldrums_include_black():
    state = table()
    geo = state.geo
    assert state.kinds[geo.pos(0, -1)] == FRINGE  # a starting space
    assert state.kinds[geo.pos(-1, -1)] == BEYOND  # touches the board only at a corner
    assert state.kinds[geo.pos(12, 4)] == FRINGE and state.kinds[geo.pos(13, 4)] == BEYOND


def test_DC_R9_the_seven_fields():
    assert c.FIELD_NAMES == ("Green", "White", "Orange", "Red", "Purple", "Fuchsia", "Silver")
    assert set(table().view(0)["board"]["seats"][0]["fields"]) == set("GWORPFS")


def test_setup_refuses_bad_options_with_the_reason():
    with pytest.raises(SetupError, match="die_faces"):
        GAME.new(2, die_faces=["Q"])
    with pytest.raises(SetupError, match="2–5"):
        GAME.new(6)
    with pytest.raises(SetupError, match="first_player=E"):
        GAME.new(3, first_player="E")
    assert "dream-cycle" in [info.id for info in dreamtable.games()]
