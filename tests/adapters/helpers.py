"""What the adapter tests share: the encoded games, their player counts, and seeded random states."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import dreamtable
from dreamtable import State

ENCODED = ("deep-dreams", "dream-cycle", "dreamwell", "sogni-e-incubi", "tap")  # tap: the toy game, installed on its own
"""The games with fixed action ids and observation tensors: every turn-based game."""

OPTIONS = {"tap": {"turns": 60}}
"""Rule options the suites play a game with: Tap's six turns end before their mid-game checks."""

NOT_ENCODED = ("when-i-dream",)
"""Real time and free words: see docs/adapters.md."""

SETUPS = [(game_id, players) for game_id in ENCODED
          for players in range(dreamtable.load(game_id).info.min_players, dreamtable.load(game_id).info.max_players + 1)]
"""Every encoded game at every player count it takes."""


def random_states(game_id: str, players: int, seed: int, steps: int, *, any_actor: bool = False,
                  **options: Any) -> Iterator[State[Any]]:
    """The states of one seeded random game (the seat the game waits for acts, or with
    ``any_actor`` any actor, as the fuzz does), for at most ``steps`` decisions, the last included."""
    rng = random.Random(seed)
    state = dreamtable.load(game_id).new(players=players, seed=seed, **{**OPTIONS.get(game_id, {}), **options})
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        seat = rng.choice(state.actors) if any_actor else state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    yield state


def fingerprint(state: State[Any]) -> str:
    """Everything about a state that a refused input must leave alone."""
    views = [state.view(seat) for seat in [*range(state.players), None]]
    return json.dumps([views, state.record().to_dict()], sort_keys=True)
