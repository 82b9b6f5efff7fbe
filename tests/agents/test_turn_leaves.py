"""ISMCTS that finishes each leaf's turn greedily before scoring it (``finish_turns``, the game's
``search_finishes_turns``; issue 19, point 1: Dreamwell's search against greedy)."""

from __future__ import annotations

import random

import pytest

import dreamtable
from dreamtable.agents import IsmctsAgent, make_agent
from dreamtable.agents import ismcts as ismcts_module
from dreamtable.agents.base import finish_turn
from dreamtable.agents.levels import HARD_SECONDS

from .positions import played

WELL = dreamtable.load("dreamwell")


def leaves_seen(monkeypatch, agent: IsmctsAgent, state, seat) -> list[tuple[bool, int, int]]:
    """Every leaf the search scores, as (over, the seat on turn, its actions left)."""
    seen: list[tuple[bool, int, int]] = []
    scored = ismcts_module.values_for_all

    def recording(world):
        seen.append((world.is_over, world.turn, world.actions_left))
        return scored(world)

    monkeypatch.setattr(ismcts_module, "values_for_all", recording)
    agent.choose(state, seat)
    return seen


def test_dreamwell_searches_finish_their_leaves_turns_and_other_games_do_not():
    assert WELL.search_finishes_turns and WELL.search_prune == 8
    for game_id in ("sogni-e-incubi", "deep-dreams", "dream-cycle"):
        assert not dreamtable.load(game_id).search_finishes_turns


def test_every_leaf_is_scored_at_a_turn_boundary(monkeypatch):
    state = played("dreamwell", 3, 25)
    seat = state.actors[0]
    leaves = leaves_seen(monkeypatch, IsmctsAgent(1, iterations=60), state, seat)
    assert len(leaves) == 60
    assert all(over or actions_left == 3 for over, _, actions_left in leaves)  # a fresh turn, three actions to take
    assert any(turn != seat for over, turn, _ in leaves if not over)  # the searching seat's turn was finished


def test_without_finishing_leaves_fall_inside_turns(monkeypatch):
    state = played("dreamwell", 3, 25)
    seat = state.actors[0]
    leaves = leaves_seen(monkeypatch, IsmctsAgent(1, iterations=60, finish_turns=False), state, seat)
    assert any(not over and actions_left < 3 for over, _, actions_left in leaves)


def test_finishing_a_turn_plays_greedy_moves_only_for_that_seat():
    state = played("dreamwell", 5, 40)
    seat = state.actors[0]
    world = state.determinize(seat, random.Random(0))
    before = len(list(world.history()))
    finish_turn(world, seat)
    moves = list(world.history())[before:]
    assert moves and all(mover == seat for mover, _ in moves)
    assert world.is_over or (world.turn != seat and world.actions_left == 3)


@pytest.mark.parametrize("seed", [1, 2])
def test_it_chooses_legal_moves_the_same_for_the_same_seed_and_leaves_the_state_alone(seed):
    state = played("dreamwell", seed, 30)
    for _ in range(6):
        if state.is_over:
            break
        seat = state.actors[0]
        snapshot = (state.view(seat), list(state.history()))
        first, second = IsmctsAgent(seed, iterations=40), IsmctsAgent(seed, iterations=40)
        move = first.choose(state, seat)
        assert move == second.choose(state, seat) and first.last_stats == second.last_stats
        assert (state.view(seat), list(state.history())) == snapshot  # it searched on copies only
        assert move in state.legal_actions(seat)
        state.apply(seat, move)


def test_the_hard_level_of_dreamwell_is_this_search_on_its_seconds():
    hard = make_agent("hard", 3, game=WELL)
    assert isinstance(hard, IsmctsAgent) and hard.seconds == HARD_SECONDS and hard.iterations is None
    assert hard.finish_turns is None and hard.prune is None  # both follow the game


def test_it_beats_random_in_both_seat_orders():
    for hero in (0, 1):
        state = WELL.new(players=2, seed=11)
        bots = {hero: IsmctsAgent(11, iterations=30), 1 - hero: make_agent("random", 11)}
        for _ in range(3000):
            if state.is_over:
                break
            seat = state.actors[0]
            state.apply(seat, bots[seat].choose(state, seat))
        assert state.is_over and state.outcome.winners == (hero,)
