"""ISMCTS's heuristic pruning (``prune``, the game's ``search_prune``): a node searches only its best
actions by one-ply value, best first (Dream Cycle's search against greedy)."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.agents import IsmctsAgent
from dreamtable.agents.base import value_for
from dreamtable.agents.ismcts import Node
from .positions import played

CYCLE = dreamtable.load("dream-cycle")


def buying_phase(seed: int = 3):
    """A two-player Dream Cycle match at the first Buying Phase: more than ten legal actions."""
    state = CYCLE.new(players=2, seed=seed)
    while state.phase != "buying":
        seat = state.actors[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def one_ply_best(world, seat, count):
    """The ``count`` best actions of ``seat`` in ``world`` by the value after each, best first."""
    legal = world.legal_actions(seat)
    values = []
    for action in legal:
        after = world.copy()
        after.apply(seat, action)
        values.append(value_for(after, seat))
    order = sorted(range(len(legal)), key=values.__getitem__, reverse=True)
    return [legal[index] for index in order[:count]]


def test_a_pruned_node_keeps_the_best_actions_by_one_ply_value_best_first():
    state = buying_phase()
    seat = state.actors[0]
    assert len(state.legal_actions(seat)) > 10
    agent = IsmctsAgent(1, iterations=10, prune=4)
    node: Node = Node(None)
    world = state.copy()
    expected = one_ply_best(world, seat, 4)
    assert agent._candidates(node, world, world, seat, world.legal_actions(seat), 4) == expected
    # Ranked once: a later world reuses the ranking, keeping only what is legal there.
    assert agent._candidates(node, state, state.copy(), seat, expected[1:] + [state.legal_actions(seat)[-1]], 4) == expected[1:]
    # None of them legal in a world: the search falls back to that world's actions.
    others = [action for action in state.legal_actions(seat) if action not in expected]
    assert agent._candidates(node, state, state.copy(), seat, others, 4) == others


def test_a_pruned_search_tries_only_those_actions_at_the_root():
    state = buying_phase()
    seat = state.actors[0]
    agent = IsmctsAgent(2, iterations=60, prune=3)
    choice = agent.choose(state, seat)
    searched = [action for action, _visits, _value in agent.last_stats]
    assert len(searched) == 3 and choice in searched
    unpruned = IsmctsAgent(2, iterations=60, prune=0)  # 0: the game's default off, every action gets a try
    unpruned.choose(state, seat)
    assert len(unpruned.last_stats) > 5


def test_dream_cycle_searches_five_actions_a_node_by_default():
    state = buying_phase(5)
    agent = IsmctsAgent(4, iterations=40)
    agent.choose(state, state.actors[0])
    assert CYCLE.search_prune == 5
    assert len(agent.last_stats) == 5


def test_other_games_search_every_action_by_default():
    for game_id in ("sogni-e-incubi", "deep-dreams", "dreamwell"):
        assert dreamtable.load(game_id).search_prune is None, game_id


@pytest.mark.parametrize("prune", [-1, -2])
def test_pruning_keeps_at_least_one_action(prune):
    with pytest.raises(ValueError, match="at least 1 action"):
        IsmctsAgent(1, prune=prune)
    with pytest.raises(ValueError, match="at least 1 action"):
        IsmctsAgent(1, opponent_prune=prune)


def _tree(node):
    """Every node below ``node``, itself first."""
    yield node
    for table in node.children.values():
        for child in table.values():
            yield from _tree(child)


def _searched_tree(state, seat, **options):
    """The root of one search of ``seat`` from ``state``."""
    roots = []

    class Watched(IsmctsAgent):
        def _iterate(self, root, world, has_evaluation):
            roots.append(root)
            super()._iterate(root, world, has_evaluation)

    Watched(3, iterations=300, **options).choose(state, seat)
    return roots[0]


def test_opponent_pruning_ranks_only_the_other_seats_moves():
    """``opponent_prune``: the other seat's nodes search its best two moves by one-ply value; the
    searching seat's own nodes are not pruned (``prune=0``)."""
    state = played("sogni-e-incubi", 4, 6, 2)
    seat = state.actors[0]
    assert len(state.legal_actions(seat)) > 2
    root = _searched_tree(state, seat, prune=0, opponent_prune=2)
    assert len(root.children[seat]) > 2
    ranked = [node.ranked for node in _tree(root) if node.ranked]
    assert ranked and all(set(by_mover) == {1 - seat} and len(by_mover[1 - seat]) <= 2 for by_mover in ranked)
    plain = _searched_tree(state, seat, prune=0, opponent_prune=0)
    assert not any(node.ranked for node in _tree(plain))


def test_opponent_pruning_follows_prune_unless_the_game_says_otherwise():
    state = buying_phase(5)
    seat = state.actors[0]
    assert CYCLE.search_opponent_prune is None  # as search_prune: every seat's nodes keep five
    agent = IsmctsAgent(4, iterations=40)
    agent.choose(state, seat)
    assert agent._prune == agent._opponent_prune == 5
    assert dreamtable.load("deep-dreams").search_opponent_prune == 2
