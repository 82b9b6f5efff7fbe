"""The defects PettingZoo's and OpenSpiel's suites found, checked the way the
suites meet them. All three were already fixed when the adapters came (When I Dream's duplicate
recount in commit 2361617, long states that would not pickle in 5c64d82, Dream Cycle's ``apply``
in 58fcef4); these tests keep them fixed."""

from __future__ import annotations

import copy
import pickle
import random

import pyspiel
import pytest

import dreamtable
from dreamtable import IllegalActionError
from dreamtable.adapters import openspiel as dos
from dreamtable.games.dream_cycle.rules import FREE_KINDS

from .helpers import fingerprint, random_states


def test_when_i_dream_lists_each_move_once_through_the_recount() -> None:
    """A mask built from ``legal_actions`` needs each move once; the recount of no guesses was
    listed twice (the guesses retold, and the empty recount, are the same move then)."""
    game = dreamtable.load("when-i-dream")
    phases = set()
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new(players=4, seed=seed, night_seconds=20)
        while not state.is_over and len(phases) < 4:
            for seat in state.actors:
                legal = state.legal_actions(seat)
                assert len(legal) == len(set(legal)) == len({str(move) for move in legal}), legal
            phases.add(state.phase)
            if state.timers and (not state.actors or rng.random() < 0.2):
                state.expire(rng.choice(state.timers))
            else:
                seat = rng.choice(state.actors)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert "recount" in phases, phases


@pytest.mark.slow
def test_a_long_game_survives_openspiel_cloning_and_serialisation() -> None:
    """OpenSpiel clones a state by deep-copying it and serialises it by pickling: a Dreamwell
    match of 5,000 decisions (linked history 5,000 deep) goes through both."""
    game = dos.load("dreamwell", players=2, max_moves=50_000)
    state = game.new_initial_state()
    state.apply_action(1)
    rng = random.Random(2)
    for _ in range(5_000):
        state.apply_action(rng.choice(state.legal_actions()))
    ours = state.match.state
    assert len(ours.history()) == 5_000
    for twin in (state.clone(), pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]):
        assert fingerprint(twin.match.state) == fingerprint(ours)
    for twin_state in (pickle.loads(pickle.dumps(ours)), copy.deepcopy(ours)):
        assert twin_state.record() == ours.record()


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.slow
def test_dream_cycle_apply_refuses_every_id_it_does_not_list(players: int) -> None:
    """Every move with an id that ``legal_actions`` does not list now is refused by ``apply`` and
    changes nothing — except offers, plans and keeps, which an action form may describe."""
    game = dreamtable.load("dream-cycle")
    table = [game.encoding.action_of_id(action_id) for action_id in range(game.num_distinct_actions())]
    refused = 0
    for index, state in enumerate(random_states("dream-cycle", players, 4, 240, any_actor=True)):
        if index % 12 or state.is_over:
            continue
        for seat in range(players):
            legal = set(state.legal_actions(seat))
            before = fingerprint(state)
            for move in table:
                if move in legal or move.kind in FREE_KINDS:
                    continue
                with pytest.raises(IllegalActionError):
                    state.copy().apply(seat, move)
                refused += 1
            assert fingerprint(state) == before
    assert refused > 1000
