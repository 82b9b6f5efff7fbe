"""Dreamwell beyond the generic kit: the advanced mode, and what determinize keeps."""

from __future__ import annotations

import random

from dreamtable import testing

from .position import board_a
from tests.helpers import play


def test_fuzz_advanced_mode():
    report = testing.fuzz("dreamwell", [2], 1, first_seed=50, check_every=13, options={"mode": "advanced"})
    assert report.games == 1 and report.decisions > 100


def test_determinize_keeps_a_card_taken_from_the_display():
    state = board_a()
    taken = state.display[0]
    from dreamtable.games.dreamwell.components import FRIEND_CARDS

    play(state, 0, f"take {FRIEND_CARDS[taken].id}")
    for k in range(10):
        assert taken in state.determinize(1, random.Random(k)).hands[0]
    assert testing.check_no_leak(state, 1)
