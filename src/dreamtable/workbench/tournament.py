"""Round-robin tournaments between bots: every seat order, seeded games, ratings and a cross table.

Ratings come from openskill's Plackett–Luce model (a maintained, open alternative to TrueSkill
that handles any number of players); they are updated game by game in a fixed order, so the same
tournament always gives the same ratings. The cross table gives, for each pair of bots, how often
the row bot finished ahead of the column bot in the games they played together.
"""

from __future__ import annotations

import itertools
from contextlib import closing
from dataclasses import dataclass
from typing import Any, Callable

from ..agents import make_agent
from ..core.contract import SetupError
from ..core.registry import load
from .runner import run_tasks
from .task import GameTask


@dataclass
class TournamentResult:
    """Ratings (mu, sigma, ordinal = mu − 3σ), the cross table and every game's row."""

    bots: list[str]
    ratings: dict[str, dict[str, float]]
    cross: dict[str, dict[str, float | None]]
    rows: list[dict[str, Any]]


def ranks_of(row: dict[str, Any]) -> list[int]:
    """Finishing places of every seat: winners first (tied), then by score."""
    keys = [(seat in row["winners"], score) for seat, score in enumerate(row["scores"])]
    return [1 + sum(other > mine for other in keys) for mine in keys]


def tournament(
    game_id: str,
    bots: list[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    on_result: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games for every seat order of every group of distinct bots."""
    game = load(game_id)
    info = game.info
    players = players or info.min_players
    if not info.min_players <= players <= info.max_players:
        raise SetupError(f"{info.name} takes {info.min_players}–{info.max_players} players, not {players}")
    if len(set(bots)) != len(bots) or len(bots) < players:
        raise SetupError(f"a {players}-player tournament needs at least {players} different bots; got {', '.join(bots)}")
    for spec in bots:
        make_agent(spec, game=game)
    orders = list(itertools.permutations(bots, players))
    tasks = [GameTask(game_id, order, seed + index) for order in orders for index in range(games)]
    rows: list[dict[str, Any]] = []
    with closing(run_tasks(tasks, workers, cluster)) as results:  # an interrupt stops the games in flight now
        for row in results:
            rows.append(row)
            if on_result is not None:
                on_result(len(rows), len(tasks))
    position = {(tuple(task.seats), task.seed): index for index, task in enumerate(tasks)}
    rows.sort(key=lambda row: position[(tuple(row["seats"]), row["seed"])])
    return TournamentResult(bots, rate(bots, rows), cross_table(bots, rows), rows)


def rate(bots: list[str], rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Plackett–Luce ratings after every game, in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {spec: model.rating(name=spec) for spec in bots}
    for row in rows:
        teams = [[ratings[spec]] for spec in row["seats"]]
        ranks: list[float] = list(ranks_of(row))  # openskill takes list[float]; the places stay ints
        updated = model.rate(teams, ranks=ranks)
        for spec, (rating,) in zip(row["seats"], updated):
            ratings[spec] = rating
    return {spec: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for spec, r in ratings.items()}


def cross_table(bots: list[str], rows: list[dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    """For each pair, the share of their common games the row bot finished ahead (ties count half)."""
    ahead: dict[tuple[str, str], float] = {}
    met: dict[tuple[str, str], int] = {}
    for row in rows:
        places = ranks_of(row)
        for (i, a), (j, b) in itertools.permutations(enumerate(row["seats"]), 2):
            met[(a, b)] = met.get((a, b), 0) + 1
            ahead[(a, b)] = ahead.get((a, b), 0.0) + (1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0)
    return {a: {b: (ahead[(a, b)] / met[(a, b)] if (a, b) in met else None) for b in bots} for a in bots}
