"""Positions for the bots' tests: a match after some seeded random moves."""

from __future__ import annotations

import random

import dreamtable


def played(game_id: str, seed: int, steps: int, players: int = 2):
    """``game_id`` with ``players`` seats after ``steps`` random moves of the seat on turn (fewer if it ends)."""
    state = dreamtable.load(game_id).new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state
