"""A search that scores its leaves with a model of who wins, fitted to results.

The model (core/leaf_model.py), the game hook (``Game.leaf_model`` / ``leaf_values``), Deep
Dreams' features and weights (games/deep_dreams/leaf_values.py) and the fitting procedure
(workbench/leaf_fit.py, ``dreamtable fit-leaves``).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from typer.testing import CliRunner

import dreamtable
from dreamtable.agents.base import values_for_all
from dreamtable.agents.ismcts import IsmctsAgent
from dreamtable.core.leaf_model import LinearLeafModel, lead_values
from dreamtable.cli.main import app
from dreamtable.core.errors import SetupError
from dreamtable.games.deep_dreams import leaf_values as dd_leaves
from dreamtable.workbench.leaf_fit import fit_leaf_model, fit_weights, games_with_models, self_play_rows
from .positions import played

DEEP_DREAMS = dreamtable.load("deep-dreams")


def midgame(seed: int, players: int = 2, moves: int = 12):
    """A Deep Dreams match after ``moves`` random moves."""
    return played("deep-dreams", seed, moves, players)


def test_values_are_a_logistic_of_the_lead_over_the_best_rival():
    assert lead_values([3.0, 3.0]) == [0.5, 0.5]
    two = lead_values([1.0, -0.5])
    assert two[0] == pytest.approx(1 / (1 + math.exp(-1.5))) and sum(two) == pytest.approx(1.0)
    three = lead_values([2.0, 1.0, -4.0])
    assert three == pytest.approx([1 / (1 + math.exp(-1.0)), 1 / (1 + math.exp(1.0)), 1 / (1 + math.exp(6.0))])
    assert lead_values([1e6, -1e6]) == pytest.approx([1.0, 0.0])  # no OverflowError however far apart


def test_a_model_needs_one_weight_per_feature():
    with pytest.raises(ValueError, match="3 features but 2 weights"):
        LinearLeafModel(("a", "b", "c"), (1.0, 2.0), lambda state: [])


def test_deep_dreams_features_are_named_and_one_row_per_seat():
    assert len(dd_leaves.NAMES) == len(dd_leaves.WEIGHTS) == len(set(dd_leaves.NAMES))
    for players in (2, 3, 4, 5):
        state = midgame(players, players)
        table = dd_leaves.features(state)
        assert len(table) == players and all(len(row) == len(dd_leaves.NAMES) for row in table)
        values = DEEP_DREAMS.leaf_values(state)
        model = DEEP_DREAMS.leaf_model(players)
        assert values == (DEEP_DREAMS.evaluate_all(state) if model is None else model.values(state))
        assert all(0.0 < value < 1.0 for value in values)


def test_each_table_size_has_the_model_measured_for_it():
    """The two-player weights play three-player games too; four and five players keep the hand-set
    evaluation (the two-player weights made the four-player search weaker, docs/bots.md)."""
    assert DEEP_DREAMS.leaf_model(2) is DEEP_DREAMS.leaf_model(3) is dd_leaves.MODEL
    for players in (4, 5):
        assert DEEP_DREAMS.leaf_model(players) is None
        state = midgame(6, players)
        assert DEEP_DREAMS.leaf_values(state) == DEEP_DREAMS.evaluate_all(state)


def test_a_finished_game_scores_its_result():
    state = midgame(4, moves=400)
    assert state.is_over
    winners = state.outcome.winners
    assert DEEP_DREAMS.leaf_values(state) == [1.0 / len(winners) if seat in winners else 0.0 for seat in range(2)]


def test_points_count_more_as_the_end_nears():
    """What the fit found, and what the hand-set evaluation lacked: a point of Dream Groups late is
    worth more than one early (the ``_late`` weight is positive and larger than the early one)."""
    weights = dict(zip(dd_leaves.NAMES, dd_leaves.WEIGHTS))
    assert weights["group_points_late"] > max(0.0, weights["group_points"])
    assert weights["path_points_late"] > max(0.0, weights["path_points"])


def test_the_search_scores_its_leaves_with_the_leaf_model(monkeypatch):
    state = midgame(7)
    assert values_for_all(state) == DEEP_DREAMS.leaf_values(state) != DEEP_DREAMS.evaluate_all(state)
    calls = []
    real = type(DEEP_DREAMS).leaf_values

    def counting(game, world):
        calls.append(world)
        return real(game, world)

    monkeypatch.setattr(type(DEEP_DREAMS), "leaf_values", counting)
    seat = state.actors[0]
    IsmctsAgent(seed=1, iterations=30).choose(state, seat)
    assert len(calls) >= 29  # one a leaf (the first iteration may end the game)
    assert dreamtable.load("sogni-e-incubi").leaf_model(2) is None


def test_a_game_without_a_model_scores_leaves_with_its_evaluation():
    game = dreamtable.load("sogni-e-incubi")
    state = game.new(2, seed=3)
    assert game.leaf_model(2) is None and game.leaf_values(state) == game.evaluate_all(state)


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.slow
def test_the_fit_recovers_the_weights_that_made_the_results(seats):
    """Winners drawn from a softmax of known weights: the fit finds those weights again."""
    rng = np.random.default_rng(5)
    tables = rng.normal(size=(4000, seats, 3))
    truth = np.array([1.5, -0.7, 0.0])
    z = tables @ truth
    chance = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    winners = (rng.random((4000, 1)) > np.cumsum(chance, axis=1)).sum(axis=1)
    results = np.eye(seats)[winners]
    weights, log_loss = fit_weights(tables, results)
    assert weights == pytest.approx(truth, abs=0.12)
    assert log_loss < math.log(seats)


@pytest.mark.slow
def test_with_two_seats_the_fit_is_the_logistic_regression_on_the_difference():
    """The conditional logit of two seats, with a shared win as ½ each, minimises the same loss as a
    logistic regression of the first seat's result on the features' difference, both ways round."""
    rng = np.random.default_rng(8)
    tables = rng.normal(size=(500, 2, 3))
    results = rng.choice([0.0, 0.5, 1.0], size=500)
    weights, log_loss = fit_weights(tables, np.stack([results, 1 - results], axis=1))
    rows = tables[:, 0] - tables[:, 1]
    rows, mirrored = np.vstack([rows, -rows]), np.concatenate([results, 1 - results])
    z = rows @ weights
    assert log_loss == pytest.approx(float(np.mean(np.logaddexp(0.0, z) - mirrored * z)), rel=1e-9)
    chance = 1 / (1 + np.exp(-z))
    assert rows.T @ (chance - mirrored) / len(rows) == pytest.approx(np.zeros(3), abs=1e-4)  # the logistic's optimum too


def test_self_play_is_seeded_and_records_every_decision():
    tables, results = self_play_rows("deep-dreams", 11)
    assert (tables, results) == self_play_rows("deep-dreams", 11)
    assert sum(results) == 1.0 and set(results) <= {0.0, 0.5, 1.0}
    assert tables and all(len(table) == 2 and all(len(row) == len(dd_leaves.NAMES) for row in table) for table in tables)
    tables, results = self_play_rows("deep-dreams", 11, players=4)
    assert len(results) == 4 and sum(results) == pytest.approx(1.0) and all(len(table) == 4 for table in tables)


@pytest.mark.slow
def test_a_small_fit_predicts_better_than_a_coin():
    fit = fit_leaf_model("deep-dreams", 40, 300, workers=1)
    assert fit.names == dd_leaves.NAMES and fit.games == 40 and fit.positions > 40 * 20
    assert fit.log_loss < math.log(2) - 0.02


def test_a_game_without_a_model_or_no_games_is_refused():
    assert games_with_models() == ["deep-dreams"]
    with pytest.raises(SetupError, match="dream-cycle has no leaf model to fit; games with one: deep-dreams"):
        fit_leaf_model("dream-cycle", 10, 0)
    with pytest.raises(SetupError, match="Deep Dreams takes 2–5 players, not 6"):
        fit_leaf_model("deep-dreams", 10, 0, players=6)
    with pytest.raises(SetupError, match="at least 1 game"):
        fit_leaf_model("deep-dreams", 0, 0)
    with pytest.raises(SetupError, match="greedy_share is a share of the seats, from 0 to 1, not 1.5"):
        fit_leaf_model("deep-dreams", 10, 0, greedy_share=1.5)


def test_fit_leaves_at_the_command_line():
    runner = CliRunner()
    done = runner.invoke(app, ["fit-leaves", "deep-dreams", "--games", "3", "--seed", "5", "--workers", "1"])
    assert done.exit_code == 0, done.output
    assert "WEIGHTS = (" in done.output and "group_points_late" in done.output
    four = runner.invoke(app, ["fit-leaves", "deep-dreams", "--games", "2", "--seed", "5", "--workers", "1", "--players", "4"])
    assert four.exit_code == 0 and "deep-dreams, 4 players" in four.output, four.output
    refused = runner.invoke(app, ["fit-leaves", "dream-cycle"])
    assert refused.exit_code == 2 and "dream-cycle has no leaf model" in refused.output

