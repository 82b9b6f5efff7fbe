"""``apply`` accepts exactly what ``legal_actions`` lists plus the moves with free parameters that
``action_forms`` describes (offers, brake plans, keeps), within their bounds; anything else is an
``IllegalActionError`` naming the rule, and changes nothing."""

from __future__ import annotations

import random

import pytest

from dreamtable import IllegalActionError
from dreamtable.core.contract import seat_name
from dreamtable.core.forms import FormError
from dreamtable.games.dream_cycle.notation import EMPTY, CycleMove
from tests.helpers import all_views, assert_refused, legal, play

from .table import GAME, fields, give_inspiration, paint, put, table


def test_DC_R31_a_row_plan_names_a_row_of_the_ten():
    state = table()
    assert_refused(state, 0, "plan row 99", "plan row 99", "has 10 rows", "row 1–10", "DC-R31")
    assert_refused(state, 0, "plan row 11", "row 1–10", "DC-R31")
    play(state, 0, "plan row 10")
    assert state.plan[0] == ("row", 10)


def test_DC_R31_R33_a_step_plan_brakes_within_the_step_cap():
    state = table(step_cap=40)
    assert_refused(state, 0, "plan steps 41", "1–40 arrivals", "DC-R33")
    play(state, 0, "plan steps 40")
    assert state.plan[0] == ("steps", 40)


def test_DC_R31_setting_the_brake_plan_already_set_is_refused():
    state = table()
    assert "plan none" not in legal(state, 0)
    assert_refused(state, 0, "plan none", "already", "no brake", "DC-R31")
    play(state, 0, "plan on BL YD")
    assert_refused(state, 0, "plan on YD BL", "already", "DC-R31")


def test_DC_R25_aiming_at_the_facing_the_token_already_has_is_refused():
    state = table()  # A on the first starting space, a fringe space, facing north
    assert "aim N" not in legal(state, 0)
    assert_refused(state, 0, "aim N", "already faces north", "aim it E", "DC-R25")
    play(state, 0, "aim E")
    assert_refused(state, 0, "aim E", "already faces east", "aim it N", "DC-R25")


def test_DC_R49_keep_names_any_inspiration_kinds_but_not_the_choice_already_made():
    state = table()
    play(state, 0, "keep ward power")  # not listed (A holds none yet), but a standing choice may be typed
    assert state.keep[0] == (3, 5)
    assert_refused(state, 0, "keep power ward", "already keep", "Ward, Power", "DC-R49")
    play(state, 0, "keep none")
    assert_refused(state, 0, "keep none", "already keep", "DC-R49")


def test_DC_R24_a_boost_is_two_or_three_chi_even_when_built_by_hand():
    state = table()
    fields(state, 0, G="N")
    before = all_views(state)
    for move in (CycleMove("boost", (0, 5)), CycleMove("boost", (0, 1))):
        with pytest.raises(IllegalActionError, match="not a move A may make now; the legal moves are: .*boost G 2"):
            state.apply(0, move)
    assert all_views(state) == before
    state.apply(0, CycleMove("boost", (0, 3)))
    assert state.boost[0][0] == 3


def test_DC_R3_R26_moves_no_notation_writes_are_refused_and_change_nothing():
    state = GAME.new(2, seed=3, first_player="A")
    before = all_views(state)
    seat = state.actors[0]
    for move in (CycleMove("start", (99,)), CycleMove("start", ("5",))):
        with pytest.raises(IllegalActionError, match="not a move B may make now; the legal moves are: start 1, start 2"):
            state.apply(seat, move)
    for move in (CycleMove("cash", (17,)), CycleMove("fly", ())):
        with pytest.raises(IllegalActionError, match="must first choose a starting space.*DC-R3"):
            state.apply(seat, move)
    assert all_views(state) == before
    state = table()
    paint(state, "G")
    put(state, 0, 2, 1)
    put(state, 1, 3, 1)
    before = all_views(state)
    negative = (-1,) + EMPTY[1:]
    for move in (CycleMove("offer", (1, negative, EMPTY)), CycleMove("offer", (1, EMPTY, EMPTY)),
                 CycleMove("offer", (1, (0, 0), EMPTY)), CycleMove("offer", (1,))):
        with pytest.raises(IllegalActionError, match="an offer names a player.*DC-R26"):
            state.apply(0, move)
    assert all_views(state) == before


def test_DC_R26_R31_R49_action_forms_describe_plans_keeps_and_offers_to_each_partner():
    state = table(3)
    paint(state, "G")
    for seat in range(3):
        put(state, seat, 2 + seat, 1)
    fields(state, 2, G="N")  # C has a tile to reposition, so it may act out of turn
    forms = state.action_forms(0)
    assert [f.template for f in forms] == ["plan row {row}", "plan steps {steps}", "plan on {squares}", "keep {tiles}",
                                           "offer B {give} for {take}", "offer C {give} for {take}"]
    row = forms[0]
    with pytest.raises(FormError, match="1–10"):
        row.fill(row=99)
    play(state, 0, row.fill(row=7))
    assert state.plan[0] == ("row", 7)
    play(state, 0, forms[2].fill(squares=["BL", "YD"]))
    play(state, 0, forms[4].fill(give="-", take="2c"))
    assert state.offers == {(0, 1): (EMPTY, EMPTY[:9] + (2,) + EMPTY[10:])}
    # Out of turn: offers only, and nothing for a seat that must first answer an offer (DC-R27).
    assert [f.template for f in state.action_forms(2)] == ["offer A {give} for {take}", "offer B {give} for {take}"]
    assert state.action_forms(1) == []


def test_DC_R23_R27_no_forms_for_the_mover_or_a_conflict_decider():
    state = table()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="LR")
    put(state, 0, 4, 1, "N")
    put(state, 1, 8, 0)
    play(state, 0, "end")
    assert state.movement is not None and state.movement.question is not None
    assert state.action_forms(0) == []


def candidate_moves(state, seat):
    """Every move of a small universe: all of each kind's values, a few typed plans, keeps and offers."""
    texts = ["end", "ride", "brake", "wake", "push", "pass", "block", "zip", "reinterpret", "done", "stop"]
    texts += [f"start {i}" for i in range(1, 10)]
    for code in "FLRBNEWSU":
        texts += [f"buy {code}", f"sell {code}"] + [f"{verb} {code} {f}" for verb in ("place", "unplace") for f in "GWORPFS"]
    texts += [f"boost {f} {n}" for f in "GWORPFS" for n in (2, 3)] + [f"unboost {f}" for f in "GWORPFS"]
    texts += [f"{verb} {d}" for verb in ("aim", "go") for d in "NESW"]
    texts += ["plan none", "plan ask", "plan row 1", "plan row 4", "plan row 10", "plan row 11", "plan steps 3",
              "plan steps 999", "plan on BL YD"]
    texts += [f"cash {k}" for k in ("wind", "zip", "rein", "ward", "wake", "power")]
    texts += ["keep none", "keep ward", "keep ward power"]
    for other in (seat_name(seat) for seat in range(state.players)):
        texts += [f"accept {other}", f"decline {other}", f"offer {other} N for 1c", f"offer {other} 1c for N",
                  f"offer {other} - for 3c"]
    return [GAME.parse_action(state, seat, text) for text in texts]


@pytest.mark.slow
def test_apply_accepts_exactly_the_listed_moves_and_what_the_forms_describe():
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        state = GAME.new(2 + seed % 3, seed=seed, round_limit=12)
        for step in range(300):
            if state.is_over:
                break
            if step % 15 == 0:
                for seat in state.actors:
                    listed = set(state.legal_actions(seat))
                    forms = state.action_forms(seat)
                    for move in candidate_moves(state, seat):
                        twin = state.copy()
                        try:
                            twin.apply(seat, move)
                            accepted = True
                        except IllegalActionError:
                            accepted = False
                        described = any(form.matches(str(move)) for form in forms)
                        assert accepted <= (move in listed or described), f"{move} accepted though not offered"
                        assert (move in listed) <= accepted, f"{move} listed but refused"
                        checked += 1
            actors = state.actors
            if not actors:
                state.expire(state.timers[0])
                continue
            seat = rng.choice(actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 3_000


def test_DC_R33_the_step_cap_plan_form_follows_the_option():
    state = table(step_cap=7)
    steps = next(f for f in state.action_forms(0) if f.template == "plan steps {steps}")
    assert steps.params[0].high == 7
    give_inspiration(state, 0, "ward")
    play(state, 0, "keep ward")
    assert state.keep[0] == (3,)
