"""Dreamwell beyond the generic kit: the advanced mode, and what determinize keeps."""

from __future__ import annotations

import random

import pytest

import dreamtable

from dreamtable import testing

from .position import board_a
from tests.helpers import play


@pytest.mark.slow
def test_fuzz_uniform_random_play_in_both_modes():
    """The generic kit prefers card plays to keep Dreamwell games short; these games do not (the
    advanced one lasts about 66,000 decisions). Step checks every 13th decision, views against the
    schema every 211th, and every event's sentence once at the end: ``testing.fuzz`` writes the
    whole log at each view check, which is quadratic in games this long."""
    game = dreamtable.load("dreamwell")
    for mode in ("basic", "advanced"):

        def on_step(state, step):
            where = f"dreamwell {mode} seed=50 step={step}"
            if step % 13 == 0 or state.is_over:
                testing.step_checks(game, state, where)
            if step % 211 == 0 or state.is_over:
                for seat in [*range(state.players), None]:
                    testing.check_view_shape(state.view(seat), "dreamwell", where)

        state = testing.play_random(game, 2, 50, on_step=on_step, options={"mode": mode})
        testing.check_event_sentences(state)
        assert state.is_over and len(state.history()) > 1_000


def test_fuzz_prefer_plays_a_card_whenever_one_is_playable():
    playable_at = []

    def on_step(state, step):
        if not state.is_over:
            (seat,) = state.actors
            if any(str(action).startswith("play ") for action in state.legal_actions(seat)):
                playable_at.append(step)

    state = testing.play_random(dreamtable.load("dreamwell"), 2, 3, prefer="play ", on_step=on_step)
    moves = [str(move) for _, move in state.history()]
    assert len(playable_at) >= 7
    assert all(moves[step].startswith("play ") for step in playable_at)


def test_determinize_keeps_a_card_taken_from_the_display():
    state = board_a()
    taken = state.display[0]
    from dreamtable.games.dreamwell.components import FRIEND_CARDS

    play(state, 0, f"take {FRIEND_CARDS[taken].id}")
    for k in range(10):
        assert taken in state.determinize(1, random.Random(k)).hands[0]
    assert testing.check_no_leak(state, 1)
