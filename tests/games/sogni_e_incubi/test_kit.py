"""Sogni e Incubi beyond the generic kit (tests/games/test_kit.py): options fuzz, what determinize keeps."""

from __future__ import annotations

import random

import pytest

from dreamtable import testing

from .position import position


@pytest.mark.slow
def test_fuzz_with_every_non_default_option():
    options = {
        "own_rem_swap": False,
        "ci_returns_to": "attacker",
        "converti_sogno_locks": False,
        "wild_counts_for_win": False,
        "final_count": "cards",
        "hand_limit": 7,
    }
    report = testing.fuzz("sogni-e-incubi", [2, 3, 4], 30, options=options)
    assert report.games == 90


def test_determinize_keeps_publicly_known_cards_in_their_hand():
    state = position(rows={1: {2: "S2"}}, hands={0: "I2 S1 S5 S6", 1: "S3 S4"})
    state.apply(0, state.game.parse_action(state, 0, "I2>B"))
    for draw in range(20):
        world = state.determinize(1, random.Random(draw))
        assert world.hands[0][1] >= 1, "A's Dream 2 was seen entering A's hand"
        assert world.hand_sizes == state.hand_sizes
