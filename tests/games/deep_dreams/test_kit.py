"""Deep Dreams beyond the generic kit: what determinize keeps (the Predictions peek, stolen cards)."""

from __future__ import annotations

import random

import pytest

from dreamtable import testing
from dreamtable.games.deep_dreams.cards import CARD_INDEX

from .position import play, position


@pytest.mark.slow
def test_fuzz_with_two_bonus_cards():
    assert testing.fuzz("deep-dreams", [2, 5], 20, options={"draw_bonus_cards": 2}).games == 40


def test_determinize_keeps_the_cards_the_peeker_put_back_on_top():
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck_top="DD50 DD51 DD52")
    play(state, 0, "play DD03 right")
    play(state, 0, "keep DD51")
    for k in range(10):
        world = state.determinize(0, random.Random(k))
        assert world.deck[-2:] == [CARD_INDEX["DD52"], CARD_INDEX["DD50"]]
    assert len({tuple(state.determinize(1, random.Random(k)).deck[-2:]) for k in range(10)}) > 1


def test_determinize_hides_a_peek_from_the_others_only():
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck_top="DD50 DD51 DD52")
    play(state, 0, "play DD03 right")
    assert all(state.determinize(0, random.Random(k)).peek == state.peek for k in range(5))
    assert len({state.determinize(1, random.Random(k)).peek for k in range(10)}) > 1
    assert testing.check_no_leak(state, 1)


def test_determinize_keeps_a_stolen_card_where_the_victim_knows_it_is():
    state = position(players=3, rows={0: "DD01"}, hands={0: "DD16 DD40", 1: "DD19", 2: "DD21"})
    play(state, 0, "play DD16 right")
    play(state, 0, "skip")
    play(state, 0, "steal B")
    for k in range(10):
        assert state.determinize(1, random.Random(k)).hands[0] >> CARD_INDEX["DD19"] & 1
