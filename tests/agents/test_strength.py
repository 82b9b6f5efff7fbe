"""Bot strength on Sogni e Incubi, over seeded games with the seats alternated.

ISMCTS with 500 iterations must beat random in at least 80% of 50 two-player games (issue 2).
The games run in parallel on the local cores; every game is reproducible from its seed.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import dreamtable
from dreamtable.agents import make_agent

GAME_ID = "sogni-e-incubi"


def play_one(args: tuple[str, str, int]) -> float:
    """One game of ``hero`` against ``rival``; the hero sits first on even seeds. Hero's share of the win."""
    hero, rival, seed = args
    hero_seat = seed % 2
    specs = [hero, rival] if hero_seat == 0 else [rival, hero]
    bots = [make_agent(spec, seed * 10 + seat) for seat, spec in enumerate(specs)]
    state = dreamtable.load(GAME_ID).new(players=2, seed=seed)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, bots[seat].choose(state, seat))
    winners = state.outcome.winners
    return 1.0 / len(winners) if hero_seat in winners else 0.0


def win_rate(hero: str, rival: str, games: int) -> float:
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return sum(pool.map(play_one, [(hero, rival, seed) for seed in range(games)])) / games


def test_ismcts_500_beats_random_in_at_least_80_percent_of_50_games():
    rate = win_rate("ismcts:500", "random", 50)
    print(f"ISMCTS(500) vs random: {rate:.0%} of 50 games")
    assert rate >= 0.80


def test_greedy_beats_random_more_often_than_not():
    rate = win_rate("greedy", "random", 200)
    print(f"greedy vs random: {rate:.0%} of 200 games")
    assert rate > 0.55
