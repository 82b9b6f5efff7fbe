"""Fitting a game's leaf model (:mod:`dreamtable.agents.leaf_model`) to the results of self-play.

The procedure, reproducible from its seed:

1. Play ``games`` two-player games, seeds ``seed`` … ``seed + games − 1``. In each, every seat is
   the greedy bot (``greedy_share`` of the time, 0.7 by default) or the easy bot at temperature
   0.3, drawn from the game's seed, so the positions are those of sound play with some variety.
   Where greedy always beats easy, such games would only teach which seat is easy: there let every
   seat be greedy (``greedy_share`` 1); the determinisations vary the play.
2. At every decision record the first seat's features minus the second's (the game's
   ``leaf_model().features``) and, once the game is over, its result for the first seat (1 a win,
   ½ a shared win, 0 a loss). Each row also enters mirrored (the seats swapped, the result
   1 − r), so the fit cannot favour either seat.
3. Fit a logistic regression without intercept: the weights that minimise the log loss of the
   result (``scipy.optimize.minimize``, BFGS, from zero weights).

The weights are printed rounded to four places, to be committed beside the game's features.
"""

from __future__ import annotations

import multiprocessing
import random
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ..agents.greedy import GreedyAgent
from ..agents.levels import SoftmaxAgent
from ..core.errors import SetupError
from ..core.registry import load

GREEDY_SHARE = 0.7
"""How often a seat of the self-play is the greedy bot by default (else the easy bot at :data:`EASY_TEMPERATURE`)."""
EASY_TEMPERATURE = 0.3


@dataclass(frozen=True)
class LeafFit:
    """What a fit found: the weights (in the model's feature order), its log loss and its data."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    log_loss: float
    positions: int
    games: int


def _model_of(game_id: str) -> Any:
    model = load(game_id).leaf_model()
    if model is None:
        raise SetupError(f"{game_id} has no leaf model to fit; games with one: {', '.join(games_with_models())}")
    return model


def games_with_models() -> list[str]:
    """The ids of the games whose search scores its leaves with a fitted model."""
    from ..core.registry import games

    return [info.id for info in games() if load(info.id).leaf_model() is not None]


def self_play_rows(game_id: str, seed: int, greedy_share: float = GREEDY_SHARE) -> tuple[list[list[float]], float]:
    """One game of step 1: the feature differences at each decision, and the first seat's result."""
    features = _model_of(game_id).features
    chooser = random.Random(seed)
    bots = [GreedyAgent(seed=seed * 2 + seat) if chooser.random() < greedy_share
            else SoftmaxAgent(seed=seed * 2 + seat, temperature=EASY_TEMPERATURE) for seat in range(2)]
    state = load(game_id).new(2, seed=seed)
    rows = []
    while not state.is_over:
        actors = state.actors
        if not actors:
            state.expire(state.timers[0])
            continue
        first, second = features(state)
        rows.append([a - b for a, b in zip(first, second)])
        seat = actors[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert state.outcome is not None
    winners = state.outcome.winners
    result = 0.5 if len(winners) == 2 else 1.0 if 0 in winners else 0.0
    return rows, result


def fit_weights(rows: np.ndarray, results: np.ndarray) -> tuple[np.ndarray, float]:
    """Step 3 on rows already mirrored: the weights and the log loss they reach."""
    from scipy.optimize import minimize

    def loss(weights: np.ndarray) -> float:
        z = rows @ weights
        return float(np.mean(np.logaddexp(0.0, z) - results * z))

    def gradient(weights: np.ndarray) -> np.ndarray:
        chance = 1.0 / (1.0 + np.exp(-(rows @ weights)))
        return np.asarray(rows.T @ (chance - results) / len(results))

    found = minimize(loss, np.zeros(rows.shape[1]), jac=gradient, method="BFGS")
    return found.x, float(found.fun)


def fit_leaf_model(game_id: str, games: int, seed: int, workers: int = 1, greedy_share: float = GREEDY_SHARE,
                   progress: Callable[[int], None] | None = None) -> LeafFit:
    """The whole procedure (module docstring) for ``game_id``; ``progress(n)`` after each game."""
    model = _model_of(game_id)
    if games < 1:
        raise SetupError(f"a fit needs at least 1 game, not {games}")
    if not 0.0 <= greedy_share <= 1.0:
        raise SetupError(f"greedy_share is a share of the seats, from 0 to 1, not {greedy_share}")
    seeds = range(seed, seed + games)
    played: list[tuple[list[list[float]], float]] = []
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for game in pool.imap(_play, [(game_id, s, greedy_share) for s in seeds], chunksize=4):
                played.append(game)
                if progress is not None:
                    progress(len(played))
    else:
        for s in seeds:
            played.append(self_play_rows(game_id, s, greedy_share))
            if progress is not None:
                progress(len(played))
    rows = np.array([row for game_rows, _ in played for row in game_rows], dtype=float)
    results = np.array([result for game_rows, result in played for _ in game_rows], dtype=float)
    weights, log_loss = fit_weights(np.vstack([rows, -rows]), np.concatenate([results, 1.0 - results]))
    return LeafFit(model.names, tuple(round(float(w), 4) for w in weights), log_loss, len(rows), games)


def _play(job: tuple[str, int, float]) -> tuple[list[list[float]], float]:
    return self_play_rows(*job)
