"""Places on the Dreamscape in a player's words: a square by its colour, row, line and place from
the west; a fringe space by the side of the row it borders — never by coordinates (DC-R4, DC-R8)."""

from __future__ import annotations

import random
import re

from dreamtable.games.dream_cycle.events import spot_words

from .table import GAME, put, table

COORDINATES = re.compile(r"\(-?\d+, ?-?\d+\)")


def test_DC_R3_a_starting_space_is_the_fringe_south_of_row_1_counted_from_the_west() -> None:
    state = table(3)
    for seat in range(3):
        spot = state.spot(state.pos[seat])
        assert spot_words(spot) == f"the fringe south of row 1 ({('1st', '2nd', '3rd')[seat]} from the west)"


def test_DC_R4_a_square_is_named_by_its_row_line_and_place_from_the_west_on_the_staircase() -> None:
    state = table()
    offset = state.geo.offsets[1]  # row 2 stands further east than row 1 (the staircase)
    put(state, 0, 3 * offset + 8, 5)  # the north-east corner of row 2
    spot = state.spot(state.pos[0])
    assert (spot["row"], spot["line"], spot["column"], spot["side"]) == (2, 2, 9, None)
    assert spot_words(spot).endswith("square in row 2 (north line, 9th from the west)")
    put(state, 0, 3 * offset - 1, 4)  # just west of row 2's middle line
    assert spot_words(state.spot(state.pos[0])) == "the fringe west of row 2 (middle line)"
    put(state, 0, 3 * offset + 8 + 1, 3)  # just east of row 2's south line
    assert spot_words(state.spot(state.pos[0])) == "the fringe east of row 2 (south line)"
    put(state, 0, 3 * offset + 3, 6)  # north of row 2, the last row laid
    assert spot_words(state.spot(state.pos[0])) == "the fringe north of row 2 (4th from the west)"


def test_no_event_or_question_of_random_games_names_a_place_by_its_coordinates() -> None:
    rng = random.Random(11)
    places = 0
    for seed in range(4):
        state = GAME.new(2 + seed % 3, seed)
        for _ in range(300):
            if state.is_over:
                break
            for seat in [None, *range(state.players)]:
                prompt = state.prompt(seat)
                assert not COORDINATES.search(prompt), prompt
            seat = state.actors[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in state.log(None):
            assert not COORDINATES.search(event["text"]), event["text"]
            places += " row " in event["text"] and event["kind"] in ("ride", "push", "zip", "brake", "conflict")
    assert places, "no ride, push, zip, brake or conflict was named in the random games"
