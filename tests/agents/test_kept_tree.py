"""ISMCTS keeps the subtree under its chosen action for its next decision (``keep_tree``, the game's
``search_keeps_tree``) when that decision follows at once: the same seat, after that action alone, no
chance drawn (Dream Cycle's Buying Phase is one seat's many actions in a row)."""

from __future__ import annotations

import dreamtable
from dreamtable.agents import IsmctsAgent

from .test_pruning import buying_phase

CYCLE = dreamtable.load("dream-cycle")


def searched(agent: IsmctsAgent) -> int:
    """Visits of the root's moves in the agent's last search."""
    return sum(visits for _action, visits, _value in agent.last_stats)


def own_second_decision(seed: int = 3):
    """A Buying Phase position, and the same seat on turn again after one of its own moves."""
    state = buying_phase(seed)
    seat = state.actors[0]
    agent = IsmctsAgent(5, iterations=60, keep_tree=True)
    move = agent.choose(state, seat)
    kept = agent._kept[-1].visits if agent._kept is not None else 0
    state.apply(seat, move)
    assert state.actors[0] == seat and len(state.legal_actions(seat)) > 1
    return agent, state, seat, kept


def test_the_next_decision_of_the_same_seat_starts_from_the_kept_subtree():
    agent, state, seat, kept = own_second_decision()
    assert kept > 1
    agent.choose(state, seat)
    assert agent.last_iterations == 60
    # The chosen child's visits carry over (less one: its own visit went to the root, which has none).
    assert searched(agent) >= 60 + kept - 1


def test_no_tree_is_kept_across_another_position():
    agent, state, seat, _kept = own_second_decision()
    other = buying_phase(4)
    agent.choose(other, other.actors[0])
    assert searched(agent) <= 60
    # Nor when the state's chance moved since: the same moves, another rng.
    agent, state, seat, _kept = own_second_decision()
    state.rng.next_u64()
    agent.choose(state, seat)
    assert searched(agent) <= 60


def test_keeping_the_tree_is_reproducible():
    runs = []
    for _ in range(2):
        agent, state, seat, _kept = own_second_decision()
        runs.append((agent.choose(state, seat), agent.last_stats))
    assert runs[0] == runs[1]


def test_without_keep_tree_every_search_starts_afresh():
    state = buying_phase(3)
    seat = state.actors[0]
    agent = IsmctsAgent(5, iterations=60, keep_tree=False)
    state.apply(seat, agent.choose(state, seat))
    agent.choose(state, seat)
    assert searched(agent) <= 60


def test_dream_cycle_keeps_its_tree_and_the_other_games_do_not():
    assert CYCLE.search_keeps_tree
    for game_id in ("sogni-e-incubi", "deep-dreams", "dreamwell"):
        assert not dreamtable.load(game_id).search_keeps_tree, game_id
