"""Tap's rules (examples/toy-game/src/dreamtable_tap/rules/en.md), one test per rule ID."""

from __future__ import annotations

import dreamtable
from dreamtable.core.visibility import Secret

TAP = dreamtable.load("tap")


def test_TAP_R1_tapping_scores_a_point_and_ends_the_turn() -> None:
    state = TAP.new(players=2, seed=1)
    events = state.apply(0, "tap")
    assert state.view(None)["board"]["points"] == [1, 0] and state.actors == (1,)
    assert [event.kind for event in events] == ["tap"]


def test_TAP_R2_drawing_takes_the_top_card_into_your_pile_and_ends_the_turn() -> None:
    state = TAP.new(players=2, seed=1)
    top = state.deck[-1]
    state.apply(0, "draw")
    assert state.drawn[0] == [top] and state.view(None)["board"]["deck"] == len(state.deck) and state.actors == (1,)


def test_TAP_R3_a_turn_whose_clock_runs_out_passes_with_nothing_gained() -> None:
    state = TAP.new(players=3, seed=2)
    [timer] = state.timers
    assert timer.name == "clock-0" and timer.seconds == 5.0 and timer.seat == 0
    events = state.expire("clock-0")
    assert [(event.kind, event.fields["seat"]) for event in events] == [("time-up", 0)]
    assert state.actors == (1,) and state.points == [0, 0, 0] and state.drawn == [[], [], []]


def test_TAP_R4_the_game_ends_after_the_chosen_number_of_turns() -> None:
    state = TAP.new(players=2, seed=3, turns=3)
    for seat in (0, 1, 0):
        assert not state.is_over
        state.apply(seat, "tap")
    assert state.is_over and state.actors == () and state.timers == ()


def test_TAP_R5_a_drawn_card_is_seen_by_its_owner_alone_until_the_end() -> None:
    state = TAP.new(players=2, seed=4, turns=2)
    state.apply(0, "draw")
    card = state.drawn[0][0]
    assert state.view(0)["board"]["drawn"][0] == [card]
    assert state.view(1)["board"]["drawn"][0] == 1  # the other seat sees a count
    assert state.log(1)[-1]["card"] == "a card" and state.log(0)[-1]["card"] == card
    state.apply(1, "tap")
    assert state.view(1)["board"]["drawn"][0] == [card]  # the end shows every card


def test_TAP_R6_the_highest_total_of_points_and_cards_wins_and_a_tie_is_shared() -> None:
    state = TAP.new(players=3, seed=5, turns=3)
    for seat in (0, 1, 2):
        state.apply(seat, "tap")
    assert state.outcome.winners == (0, 1, 2) and state.outcome.scores == (1.0, 1.0, 1.0)
    state = TAP.new(players=2, seed=5, turns=2)
    state.apply(0, "draw")
    state.apply(1, "tap")
    card = state.drawn[0][0]
    assert state.outcome.scores == (float(card), 1.0)
    assert state.outcome.winners == ((0,) if card > 1 else (0, 1) if card == 1 else (1,))


def test_a_secret_is_what_the_other_seat_is_given() -> None:
    """The view's hidden pile is a Secret in the rules (the visibility model hides it), not a special case."""
    state = TAP.new(players=2, seed=6)
    state.apply(0, "draw")
    assert isinstance(state._view()["drawn"][0], Secret)
