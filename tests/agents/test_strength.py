"""Bot strength over seeded two-player games with the seats alternated.

Sogni e Incubi: ISMCTS(500) beats random in at least 80% of 50 games.
Deep Dreams: ISMCTS(500) beats greedy in at least 60% of 50 games, greedy beats random in at
least 80% of 200. Dreamwell: ISMCTS(300) and greedy each beat random in at least 80% of 40 games
(a game that has not ended after ``MAX_STEPS`` counts as lost: a bot that stalls fails).
Dream Cycle: greedy beats random in at least 80% of 30 games. The games run in parallel on the local cores; each is reproducible from its seed.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

import dreamtable
from dreamtable.agents import make_agent

MAX_STEPS = 5_000


def play_one(args: tuple[str, str, str, int]) -> float:
    """One game of ``hero`` against ``rival``; the hero sits first on even seeds. Hero's share of the win."""
    game_id, hero, rival, seed = args
    hero_seat = seed % 2
    specs = [hero, rival] if hero_seat == 0 else [rival, hero]
    bots = [make_agent(spec, seed * 10 + seat) for seat, spec in enumerate(specs)]
    state = dreamtable.load(game_id).new(players=2, seed=seed)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, bots[seat].choose(state, seat))
    if not state.is_over:
        return 0.0
    winners = state.outcome.winners
    return 1.0 / len(winners) if hero_seat in winners else 0.0


def win_rate(game_id: str, hero: str, rival: str, games: int) -> float:
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return sum(pool.map(play_one, [(game_id, hero, rival, seed) for seed in range(games)])) / games


@pytest.mark.parametrize(
    "game_id, hero, rival, games, at_least",
    [
        ("sogni-e-incubi", "ismcts:500", "random", 50, 0.80),
        ("sogni-e-incubi", "greedy", "random", 200, 0.55),
        ("deep-dreams", "ismcts:500", "greedy", 50, 0.60),
        ("deep-dreams", "greedy", "random", 200, 0.80),
        ("dreamwell", "ismcts:300", "random", 40, 0.80),
        ("dreamwell", "greedy", "random", 40, 0.80),
        ("dream-cycle", "greedy", "random", 30, 0.80),
    ],
)
def test_bot_strength(game_id, hero, rival, games, at_least):
    rate = win_rate(game_id, hero, rival, games)
    print(f"{game_id}: {hero} vs {rival}: {rate:.1%} of {games} games")
    assert rate >= at_least
