"""Dreamwell beyond the generic kit: the advanced mode, and what determinize keeps."""

from __future__ import annotations

import random

import dreamtable

from dreamtable import testing

from .position import board_a
from tests.helpers import play


def test_fuzz_uniform_random_play_in_both_modes():
    """The generic kit prefers card plays to keep Dreamwell games short; these games do not."""
    for mode in ("basic", "advanced"):
        report = testing.fuzz("dreamwell", [2], 1, first_seed=50, check_every=13, options={"mode": mode})
        assert report.games == 1 and report.decisions > 1_000


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
