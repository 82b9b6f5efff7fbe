"""Fitting a game's leaf model (:mod:`dreamtable.core.leaf_model`) to the results of self-play.

The procedure, reproducible from its seed:

1. Play ``games`` games of ``players`` seats (two by default), seeds ``seed`` … ``seed + games − 1``.
   In each, every seat is the greedy bot (``greedy_share`` of the time, 0.7 by default) or the easy
   bot at temperature 0.3, drawn from the game's seed, so the positions are those of sound play
   with some variety. Where greedy always beats easy, such games would only teach which seat is
   easy: there let every seat be greedy (``greedy_share`` 1); the determinisations vary the play.
2. At every decision record every seat's features (the game's leaf model's ``features``)
   and, once the game is over, each seat's result (1 a win, 1/k each for k who share it, 0 a loss).
3. Fit a conditional logit: each seat's chance to win is the softmax of the seats' weighted
   features, and the weights (no intercept) minimise the log loss of the results
   (``scipy.optimize.minimize``, BFGS, from zero weights). With two seats this is the logistic
   regression of the result on the difference of the two seats' features, which cannot favour
   either seat.

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
from ..core.clock import SimulatedClock
from ..core.registry import load
from ..core.rng import bot_seed
from ..core.table import Table

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


def _model_of(game_id: str, players: int) -> Any:
    """The model whose features a fit for ``players`` seats reads: the game's for that table, else its
    two-player one's (the features are the same at every table; a fit finds the weights for one size)."""
    game = load(game_id)
    model = game.leaf_model(players) or game.leaf_model(2)
    if model is None:
        raise SetupError(f"{game_id} has no leaf model to fit; games with one: {', '.join(games_with_models())}")
    info = game.info
    if not info.min_players <= players <= info.max_players:
        raise SetupError(f"{info.name} takes {info.min_players}–{info.max_players} players, not {players}")
    return model


def games_with_models() -> list[str]:
    """The ids of the games whose search scores its leaves with a fitted model."""
    from ..core.registry import games

    return [info.id for info in games() if load(info.id).leaf_model(2) is not None]


def self_play_rows(game_id: str, seed: int, greedy_share: float = GREEDY_SHARE, players: int = 2) -> tuple[list[list[list[float]]], list[float]]:
    """One game of step 1: every seat's features at each decision, and each seat's result."""
    features = _model_of(game_id, players).features
    chooser = random.Random(seed)
    tables: list[list[list[float]]] = []
    bots = {seat: _Noting(GreedyAgent(seed=bot_seed(seed, seat)) if chooser.random() < greedy_share
                          else SoftmaxAgent(seed=bot_seed(seed, seat), temperature=EASY_TEMPERATURE), features, tables)
            for seat in range(players)}
    state = Table(load(game_id).new(players, seed=seed), bots, clock=SimulatedClock(), undo=False).play_to_end()
    assert state.outcome is not None
    winners = state.outcome.winners
    return tables, [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]


@dataclass(frozen=True)
class _Noting:
    """A bot that notes every seat's features at each of its decisions, then lets ``bot`` choose."""

    bot: Any
    features: Callable[[Any], list[list[float]]]
    notes: list[list[list[float]]]

    def choose(self, state: Any, seat: int) -> Any:
        self.notes.append(self.features(state))
        return self.bot.choose(state, seat)


def fit_weights(tables: np.ndarray, results: np.ndarray) -> tuple[np.ndarray, float]:
    """Step 3: the weights and the log loss they reach, from every seat's features at each position
    (``tables[position, seat, feature]``) and each seat's result (``results[position, seat]``, summing to 1)."""
    from scipy.optimize import minimize
    from scipy.special import logsumexp, softmax

    def loss(weights: np.ndarray) -> float:
        z = tables @ weights
        return float(np.mean(logsumexp(z, axis=1) - np.sum(results * z, axis=1)))

    def gradient(weights: np.ndarray) -> np.ndarray:
        chance = softmax(tables @ weights, axis=1)
        return np.asarray(np.einsum("ps,psf->f", chance - results, tables) / len(tables))

    found = minimize(loss, np.zeros(tables.shape[2]), jac=gradient, method="BFGS")
    return found.x, float(found.fun)


def fit_leaf_model(game_id: str, games: int, seed: int, workers: int = 1, greedy_share: float = GREEDY_SHARE,
                   progress: Callable[[int], None] | None = None, players: int = 2) -> LeafFit:
    """The whole procedure (module docstring) for ``game_id``; ``progress(n)`` after each game."""
    model = _model_of(game_id, players)
    if games < 1:
        raise SetupError(f"a fit needs at least 1 game, not {games}")
    if not 0.0 <= greedy_share <= 1.0:
        raise SetupError(f"greedy_share is a share of the seats, from 0 to 1, not {greedy_share}")
    seeds = range(seed, seed + games)
    played: list[tuple[list[list[list[float]]], list[float]]] = []
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for game in pool.imap(_play, [(game_id, s, greedy_share, players) for s in seeds], chunksize=4):
                played.append(game)
                if progress is not None:
                    progress(len(played))
    else:
        for s in seeds:
            played.append(self_play_rows(game_id, s, greedy_share, players))
            if progress is not None:
                progress(len(played))
    tables = np.array([table for game_tables, _ in played for table in game_tables], dtype=float)
    results = np.array([result for game_tables, result in played for _ in game_tables], dtype=float)
    weights, log_loss = fit_weights(tables, results)
    return LeafFit(model.names, tuple(round(float(w), 4) for w in weights), log_loss, len(tables), games)


def _play(job: tuple[str, int, float, int]) -> tuple[list[list[list[float]]], list[float]]:
    return self_play_rows(*job)
