"""DC-R43 (Inspiration tiles are face down): whether the movement stops to ask
the mover something must not depend on what the mover holds face down. Two matches that differ
only in the mover's hidden tile (a Zip or not) look the same to every other seat at every step:
views, prompts, actors and turn, legal actions, action forms and logs."""

from __future__ import annotations

import json

import pytest

from dreamtable import testing
from tests.helpers import legal, play

from .table import fields, give_inspiration, paint, put, question, set_chi, table, texts


def blocked(tile: str, **options):
    """A rides north from (4,0) into B on (4,1) and B (holding the most Power) blocks; A's field has no
    other way. A holds one face-down ``tile``; C stands apart with a tile to reposition."""
    state = table(3, **options)
    paint(state, "G", x4y2="R")
    fields(state, 0, G="N")
    fields(state, 2, W="N")
    put(state, 0, 4, 0, "N")
    put(state, 1, 4, 1, "N")
    put(state, 2, 7, 2, "N")
    give_inspiration(state, 1, "power", "power")  # more Power than A whatever A holds: B decides
    give_inspiration(state, 0, tile)
    return state


def seen_by_others(state) -> list[str]:
    """Everything seats B and C and a spectator receive from the state now."""
    seen = []
    for seat in (1, 2, None):
        seen.append(json.dumps(state.view(seat), sort_keys=True))
        seen.append(json.dumps(state.log(seat), sort_keys=True))
        if seat is not None:
            seen.append(repr([str(move) for move in state.legal_actions(seat)]))
            seen.append(repr(state.action_forms(seat)))
    seen.append(repr(state.actors))
    return seen


@pytest.mark.parametrize(("tile", "options"), [("wind", {}), ("rein", {}), ("power", {"power_public": False})])
def test_DC_R43_the_others_cannot_tell_whether_the_blocked_mover_holds_a_zip(tile, options):
    with_zip, without = blocked("zip", **options), blocked(tile, **options)
    assert seen_by_others(with_zip) == seen_by_others(without)
    for state in (with_zip, without):
        play(state, 0, "end")
        play(state, 1, "block")
    assert question(with_zip) == question(without) == "blocked"  # both wait for A: the question itself is asked alike
    assert with_zip.turn == without.turn == 0 and with_zip.actors == without.actors
    assert seen_by_others(with_zip) == seen_by_others(without)
    assert "zip" in {str(m) for m in with_zip.legal_actions(0)} and "zip" not in {str(m) for m in without.legal_actions(0)}
    for seat in (1, 2):
        assert testing.check_no_leak(with_zip, seat) and testing.check_no_leak(without, seat)
    # A's answer shows what it chose, as playing a tile does; until then nothing differed.
    play(without, 0, "stop")
    assert without.turn == 1


def test_DC_R43_a_mover_without_inspiration_tiles_is_not_asked_since_everyone_sees_the_count():
    state = table(3)
    paint(state, "G", x4y2="R")
    fields(state, 0, G="N")
    put(state, 0, 4, 0, "N")
    put(state, 1, 4, 1, "N")
    give_inspiration(state, 1, "power")
    assert state.view(2)["board"]["seats"][0]["inspiration"] == 0
    play(state, 0, "end")
    play(state, 1, "block")
    assert question(state) is None and state.turn == 1


def offered_a_zip_then_cashed_one(second: str):
    """A offers B a Zip for 1 chi, then turns a Zip in; A's other tile is ``second`` (face down)."""
    state = table(2)
    paint(state, "G")
    put(state, 0, 2, 1)
    put(state, 1, 3, 1)
    give_inspiration(state, 0, "zip", second)
    give_inspiration(state, 1, "wind")
    set_chi(state, 1, 5)
    play(state, 0, "offer B zip for 1c")
    play(state, 0, "cash zip")
    return state


def test_DC_R26_an_offer_giving_a_tile_lapses_when_the_giver_gives_one_up():
    """B's 'accept A' was listed only if A still held a Zip: B learned whether A's other tile was one."""
    with_zip, without = offered_a_zip_then_cashed_one("zip"), offered_a_zip_then_cashed_one("wind")
    for state in (with_zip, without):
        assert state.offers == {} and "accept A" not in legal(state, 1)
        assert texts(state, 1) == ["A's offer to B lapses: it gave a Zip, and A has given one up."]
    seen = [json.dumps(state.view(1), sort_keys=True) + repr(legal(state, 1)) + repr(state.actors) for state in (with_zip, without)]
    assert seen[0] == seen[1]
    assert testing.check_no_leak(with_zip, 1) and testing.check_no_leak(without, 1)


def reaching_a_choice(plan: str):
    """A rides north from (4,0) on Green to (4,1), a Red square whose field (LR) offers two ways.
    A's brake plan (private, DC-R31) is ``plan``: with ``plan ask`` the game first pauses there."""
    state = table(3)
    paint(state, "G", x4y1="R")
    fields(state, 0, G="N", R="LR")
    put(state, 0, 4, 0, "N")
    put(state, 1, 7, 2, "N")
    put(state, 2, 1, 2, "N")
    play(state, 0, f"plan {plan}")
    return state


def test_DC_R43_a_pause_before_a_choice_of_ways_does_not_show_the_others_the_brake_plan():
    """The pause of a ``plan ask`` is followed, with no event between, by the choice of ways on the same
    square: the others saw ``deciding`` where a mover without the plan showed ``choose``, and so
    learned its private brake plan (found by the kit, seed 1009, 3 players, move 469)."""
    asking, riding = reaching_a_choice("ask"), reaching_a_choice("row 6")  # row 6: no brake on row 1
    assert seen_by_others(asking) == seen_by_others(riding)
    for state in (asking, riding):
        play(state, 0, "end")
    assert question(asking) == "pause" and question(riding) == "choose"
    assert asking.view(0)["board"]["pending"] == {"kind": "pause", "seat": 0}
    assert riding.view(0)["board"]["pending"] == {"kind": "choose", "seat": 0}
    assert seen_by_others(asking) == seen_by_others(riding)
    for seat in (1, 2, None):
        assert asking.view(seat)["board"]["pending"] == {"kind": "deciding", "seat": 0}
    for seat in (1, 2):
        assert "which way" not in asking.view(seat)["prompt"] and "brake" not in asking.view(seat)["prompt"]
        assert testing.check_no_leak(asking, seat) and testing.check_no_leak(riding, seat)
    play(asking, 0, "ride")  # no event: the choice of ways follows on the same square
    assert question(asking) == "choose"
    assert seen_by_others(asking) == seen_by_others(riding)
    # From here on the plan shows itself as a brake does: asking pauses at the next arrival, riding rides on.
