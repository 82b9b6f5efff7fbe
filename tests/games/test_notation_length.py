"""Notation length is checked once, in ``Game.parse_action``, before any game reads the text: a
100 kB line is refused with ``NotationError`` at once in every game (Dream Cycle used to read a
100,013-character offer through before refusing it)."""

from __future__ import annotations

import statistics
import time

import pytest

import dreamtable
from dreamtable import NotationError

GAMES = sorted(info.id for info in dreamtable.games())


def long_offer(length: int) -> str:
    """An offer of nothing but North tiles: each word reads, so only its length is wrong."""
    text = ("offer B " + "N " * length)[:length - len(" for -")] + " for -"
    assert len(text) == length
    return text


@pytest.mark.parametrize("game_id", GAMES)
def test_a_100_kb_move_is_refused_in_under_a_millisecond(game_id):
    game = dreamtable.load(game_id)
    state = game.new(players=game.info.min_players, seed=0)
    text = long_offer(100_000)
    timings = []
    for _ in range(20):
        started = time.perf_counter()
        with pytest.raises(NotationError, match=rf"100,000 characters: a move of .* is at most {game.notation_max_length:,}"):
            game.parse_action(state, 0, text)
        timings.append(time.perf_counter() - started)
    assert statistics.median(timings) < 0.001, f"{game_id}: median {statistics.median(timings) * 1e3:.2f} ms"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_longest_move_listed_is_far_below_the_limit(game_id):
    game = dreamtable.load(game_id)
    state = game.new(players=game.info.min_players, seed=0)
    for seat in state.actors:
        for action in state.legal_actions(seat):
            assert len(str(action)) < game.notation_max_length // 10


def test_a_dream_cycle_offer_at_the_limit_is_still_read():
    game = dreamtable.load("dream-cycle")
    state = game.new(players=2, seed=0)
    for seat in list(state.start_order):  # both tokens placed: the Buying Phase, where offers are made
        state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(NotationError) as refused:
        game.parse_action(state, state.turn, long_offer(game.notation_max_length + 1))
    assert "at most" in str(refused.value)
    game.parse_action(state, state.turn, "offer B N N for 2c")  # an ordinary offer still reads
