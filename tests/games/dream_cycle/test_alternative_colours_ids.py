"""DC-R9: action ids by field slot. A move naming a field takes the id of the
field's slot in its game (``state.settings.slot``): the default game's 319 ids are unchanged, and in
the note's alternative ``G W O Y BL R P`` Yellow and Blue take the ids of the slots of Fuchsia and
Silver, which that game lacks."""

from __future__ import annotations

import random
import warnings

import numpy
import pytest

import dreamtable
from dreamtable.core.contract import EncodingError
from dreamtable.adapters import adapted
from dreamtable.games.dream_cycle.encoding import ENCODING, MOVES, NUM_ACTIONS, by_slot
from dreamtable.games.dream_cycle.notation import CycleMove

GAME = dreamtable.load("dream-cycle")
ALTERNATIVE = ["G", "W", "O", "Y", "BL", "R", "P"]


def states(seed: int, steps: int = 400, **options):
    rng = random.Random(seed)
    state = GAME.new(players=3, seed=seed, **options)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        seat = rng.choice(state.actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_DC_R9_the_default_games_ids_are_unchanged_with_or_without_the_state():
    assert NUM_ACTIONS == 319
    assert [str(m) for m in MOVES[38:45]] == ["place F G", "place F W", "place F O", "place F R", "place F P", "place F F", "place F S"]
    assert ENCODING.action_id(GAME.parse_action(GAME.new(2, 1), 0, "start 5")) == 15
    seen = 0
    for state in states(1, 300):
        for seat in state.actors:
            for action in state.legal_actions(seat):
                found = ENCODING.action_id(action)
                assert ENCODING.action_id(action, state) == found == GAME.action_id(action)
                assert found is not None and ENCODING.action_of_id(found, state) == action
                seen += 1
    assert seen > 1000


@pytest.mark.parametrize("special_exit", ["fields", "die"])
def test_DC_R9_alternative_colours_every_legal_move_has_an_id_by_slot_and_reads_back(special_exit):
    ids_of_fields = set()
    for state in states(2, 400, field_colours=ALTERNATIVE, special_exit=special_exit, die_faces=ALTERNATIVE):
        for seat in state.actors:
            legal = state.legal_actions(seat)
            ids = [ENCODING.action_id(action, state) for action in legal]
            assert all(type(i) is int and 0 <= i < NUM_ACTIONS for i in ids), [a for a, i in zip(legal, ids) if i is None]
            assert len(set(ids)) == len(ids), f"two legal moves share an id: {legal}"
            for action, action_id in zip(legal, ids):
                assert ENCODING.action_of_id(action_id, state) == action
                if action.kind in ("place", "unplace", "boost", "unboost"):
                    ids_of_fields.add(str(action))
    assert any(" Y" in move for move in ids_of_fields) and any(" BL" in move for move in ids_of_fields)


def test_DC_R9_yellow_and_blue_take_the_slots_of_fuchsia_and_silver():
    state = GAME.new(players=2, seed=3, field_colours=ALTERNATIVE, special_exit="fields")
    place_n_y = GAME.parse_action(state, 0, "place N Y")
    assert ENCODING.action_id(place_n_y, state) == 38 + 7 * 4 + 5 == 71
    assert ENCODING.action_id(GAME.parse_action(state, 0, "boost BL 3"), state) == 164 + 2 * 6 + 1
    assert ENCODING.action_id(GAME.parse_action(state, 0, "unboost Y"), state) == 178 + 5
    assert str(ENCODING.action_of_id(71, state)) == "place N Y" and str(ENCODING.action_of_id(71)) == "place N F"
    # a colour this game has no field of has no id here; without the state Yellow and Blue have none
    assert ENCODING.action_id(CycleMove("place", (4, 5)), state) is None
    assert ENCODING.action_id(place_n_y) is None
    assert by_slot(CycleMove("end"), state.settings.slot) == CycleMove("end")


def test_DC_R9_the_core_passes_the_state_so_the_masks_and_ids_of_yellow_and_blue_read_back():
    seen = set()
    for state in states(4, 300, field_colours=ALTERNATIVE, special_exit="fields"):
        seat = state.actors[0]
        ids = GAME.legal_action_ids(state, seat)
        assert ids == sorted(GAME.action_id(action, state) for action in state.legal_actions(seat))
        for action_id in ids:
            action = GAME.action_from_id(state, action_id, seat)
            assert GAME.action_id(action, state) == action_id
            seen.add(str(action).split(" ")[-1])
    assert {"Y", "BL"} <= seen
    with pytest.raises(EncodingError, match="without the state"):
        GAME.action_id(GAME.parse_action(state, 0, "place N Y"))


@pytest.mark.parametrize("special_exit", ["fields", "die"])
@pytest.mark.slow
def test_DC_R9_the_adapters_take_yellow_and_blue_fields_and_pass_pettingzoos_api_test(special_exit):
    from pettingzoo.test import api_test

    from dreamtable.adapters import pettingzoo

    options = {"field_colours": ALTERNATIVE, "special_exit": special_exit, "die_faces": ALTERNATIVE}
    adapted("dream-cycle", 2, options)  # refused while the core asked ids without the state
    env = pettingzoo.env("dream-cycle", players=2, seed=5, order="turn", **options)  # the seat on turn acts
    with warnings.catch_warnings():  # the two PettingZoo gives every environment with an action mask
        warnings.filterwarnings("ignore", message="Observation (is not a NumPy array|space for each agent)")
        api_test(env, num_cycles=300)
    env.reset(seed=5)
    rng = random.Random(5)
    placed = set()
    for agent in env.agent_iter(max_iter=400):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = numpy.flatnonzero(observation["action_mask"])
        places = [i for i in legal if 38 <= i <= 100]  # place a tile on a field whenever one may
        choice = int(rng.choice(places or legal))
        move = GAME.action_from_id(env.unwrapped.match, choice, int(agent.removeprefix("player_")))
        if move.kind == "place":
            placed.add(str(move).split(" ")[-1])
        env.step(choice)
    assert placed & {"Y", "BL"}, placed
