"""The evaluation's weights: the hand-set ones are the evaluation greedy has always used, and every
weight takes part in the value (the search's tuned SEARCH weights rely on that)."""

from __future__ import annotations

import dataclasses
import math

import pytest

import dreamtable
from dreamtable.agents import GreedyAgent, RandomAgent
from dreamtable.games.dreamwell import evaluation
from dreamtable.games.dreamwell.evaluation import HAND_SET, Weights

from ...helpers import benchmark_script

GAME = dreamtable.load("dreamwell")


def _positions(games: int = 6) -> list:
    """Every third position of random games, 2-4 players, basic and advanced (where flipped tiles can
    hide a creature from the whole board: the only way a card gets ``far``)."""
    found = []
    bot = RandomAgent(5)
    for seed in range(games):
        state = GAME.new(players=2 + seed % 3, seed=seed, mode=("basic", "advanced")[seed % 2])
        for move in range(150):  # random play is slow to finish a game: its first 150 moves are enough
            if state.is_over:
                break
            if move % 3 == 0:
                found.append(state.copy())
            seat = state.actors[0]
            state.apply(seat, bot.choose(state, seat))
    return found + _located_positions()


def _located_positions(games: int = 4) -> list:
    """Positions where a seat holds LOCATED for its next card: greedy plays such cards within a few
    dozen moves, random play almost never does."""
    found = []
    for seed in range(games):
        bot, state = GreedyAgent(seed), GAME.new(players=2, seed=seed)
        while not state.is_over and not any(state.located):
            seat = state.actors[0]
            state.apply(seat, bot.choose(state, seat))
        found.append(state)
    return found


POSITIONS = _positions()


def test_the_hand_set_weights_are_the_default_evaluation() -> None:
    assert HAND_SET == Weights()
    assert (HAND_SET.ready, HAND_SET.tempo, HAND_SET.hidden_card) == (evaluation.READY, evaluation.TEMPO, evaluation.HIDDEN_CARD)
    for state in POSITIONS[::7]:
        assert evaluation.evaluate_all(state, HAND_SET) == evaluation.evaluate_all(state)
        assert [evaluation.evaluate(state, seat, HAND_SET) for seat in range(state.players)] == evaluation.evaluate_all(state)


@pytest.mark.parametrize("name, value", [("ready", 0.5), ("near", 1.2), ("decay", 2.0), ("far", 0.3), ("tempo", 0.4),
                                         ("hidden_card", 1.5), ("ranks", (1.0, 0.2, 0.1, 0.0)), ("located", 0.0)])
def test_each_weight_changes_some_values(name: str, value: object) -> None:
    changed = dataclasses.replace(HAND_SET, **{name: value})
    assert any(evaluation.evaluate_all(state, changed) != evaluation.evaluate_all(state) for state in POSITIONS), name


def test_ranks_count_the_best_promises_in_order() -> None:
    """With ranks (1, 0, 0, 0) only the best card's promise counts: never more than all four."""
    best_only = Weights(ranks=(1.0, 0.0, 0.0, 0.0))
    for state in POSITIONS[::5]:
        board = evaluation._board_now(state)
        seat = state.actors[0] if state.actors else 0
        assert evaluation.estimate(state, seat, board, None, best_only) <= evaluation.estimate(state, seat, board) + 1e-12


def test_ranks_must_weigh_the_four_cards_counted() -> None:
    with pytest.raises(ValueError, match="best 4 promises, not 3"):
        Weights(ranks=(1.0, 1.0, 1.0))


def test_the_search_judges_its_leaves_with_the_tuned_weights_and_greedy_does_not() -> None:
    assert evaluation.SEARCH != HAND_SET
    differs = 0
    for state in POSITIONS[::11]:
        assert GAME.leaf_values(state) == evaluation.evaluate_all(state, evaluation.SEARCH)
        assert [GAME.evaluate(state, seat) for seat in range(state.players)] == evaluation.evaluate_all(state, HAND_SET)
        differs += GAME.leaf_values(state) != evaluation.evaluate_all(state)
    assert differs


@pytest.mark.slow
def test_the_tuning_starts_from_the_hand_set_weights_and_scores_an_even_match_a_half() -> None:
    tuning = benchmark_script("tune_dreamwell")
    assert tuning.weights_of([0.0] * len(tuning.NAMES)) == HAND_SET
    assert tuning.weights_of([0.0] * 9 + [math.log(0.5)]).located == pytest.approx(0.5)
    assert tuning.share_won(HAND_SET, [50_000]) == 0.5  # the same bot in both seat orders of one deal


def test_a_finer_tuning_round_starts_at_the_tuned_weights() -> None:
    """``--start SEARCH``: the CMA-ES point of a set of weights maps back to those weights."""
    tuning = benchmark_script("tune_dreamwell")
    assert tuning.point_of(HAND_SET) == [0.0] * len(tuning.NAMES)
    assert tuning._vector(tuning.weights_of(tuning.point_of(evaluation.SEARCH))) == pytest.approx(tuning._vector(evaluation.SEARCH))
