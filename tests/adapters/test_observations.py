"""Observation tensors — a fixed-shape float32 vector per seat, within the
declared bounds, built only from what the seat may know (two states it cannot tell apart give
the same tensor), and carrying what it does know."""

from __future__ import annotations

import random

import numpy
import pytest

import dreamtable
from dreamtable.core.contract import EncodingError
from dreamtable.core.testing_hidden import seat_facts

from .helpers import ENCODED, SETUPS, fingerprint, random_states

STEPS = 150


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_one_fixed_shape_within_bounds_for_every_seat(game_id: str, players: int) -> None:
    game = dreamtable.load(game_id)
    shape, high = game.observation_shape(), game.encoding.high
    names = [name for name, _ in game.observation_layout()]
    assert len(set(names)) == len(names)
    assert shape == (sum(int(numpy.prod(piece)) for _, piece in game.observation_layout()),)
    seen: set[bytes] = set()
    steps = 0
    for steps, state in enumerate(random_states(game_id, players, 1, STEPS)):
        for seat in range(players):
            tensor = game.observation(state, seat)
            assert tensor.dtype == numpy.float32 and tensor.shape == shape
            assert tensor.min() >= 0 and tensor.max() <= high
            seen.add(tensor.tobytes())
    assert len(seen) > steps // 2, "the tensor hardly changes as the game goes on"


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
@pytest.mark.slow
def test_no_leak_two_states_a_seat_cannot_tell_apart_give_it_the_same_tensor(game_id: str, players: int) -> None:
    """Worlds dealt by ``determinize(seat)`` differ only in what ``seat`` cannot see: its tensor
    stays, while another seat's tensor (its own hand, say) does change in some world."""
    game = dreamtable.load(game_id)
    rng = random.Random(7)
    hidden_moved = 0
    seeds = range(2, 8) if game_id == "deep-dreams" else range(2, 4)  # Deep Dreams games are short
    states = [state.copy() for seed in seeds for state in random_states(game_id, players, seed, STEPS)]
    for index, state in enumerate(states):
        if index % 2:
            continue
        for seat in range(players):
            mine = game.observation(state, seat)
            theirs = [game.observation(state, other) for other in range(players)]
            for _ in range(2):
                world = state.determinize(seat, rng)
                assert numpy.array_equal(game.observation(world, seat), mine), (
                    f"{game_id}: seat {seat}'s tensor changed in a world it cannot tell from the real one (step {index})")
                hidden_moved += any(not numpy.array_equal(game.observation(world, other), theirs[other])
                                    for other in range(players) if other != seat)
    assert hidden_moved, f"{game_id}: no world ever changed another seat's tensor: the tensor shows no hidden item"


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
@pytest.mark.slow
def test_no_leak_as_twin_worlds_play_on_the_seat_sees_one_tensor_while_it_is_told_the_same(
        game_id: str, players: int) -> None:
    """The real state and a world dealt for ``seat`` play on with the same moves (in notation):
    whenever everything the contract tells the seat is the same in both (view, log, moves, prompt),
    so is its tensor — a question only the mover may know the kind of, say (Dream Cycle's pause
    after a hidden brake plan), must not show in the others' tensors."""
    game = dreamtable.load(game_id)
    rng = random.Random(11)
    compared = 0
    states = [state.copy() for state in random_states(game_id, players, 5, 160)]
    for state in states[::16]:
        for seat in range(players):
            truth, world = state.copy(), state.determinize(seat, rng)
            for _ in range(8):
                if seat_facts(truth, seat) != seat_facts(world, seat):
                    break
                assert numpy.array_equal(game.observation(truth, seat), game.observation(world, seat)), (
                    f"{game_id}: seat {seat} is told the same in two worlds but sees two tensors (move {len(truth.history())})")
                compared += 1
                if truth.is_over or not truth.actors or truth.actors != world.actors:
                    break
                actor = truth.actors[0]
                shared = sorted(set(map(str, truth.legal_actions(actor))) & set(map(str, world.legal_actions(actor))))
                if not shared:
                    break
                text = rng.choice(shared)
                truth.apply(actor, game.parse_action(truth, actor, text))
                world.apply(actor, game.parse_action(world, actor, text))
    assert compared > 20


def test_DC_R43_the_movers_own_question_and_face_down_tiles_stay_out_of_the_others_tensors() -> None:
    """Two Dream Cycle positions the others cannot tell apart: A paused by its private ``plan ask``
    or choosing its way, and A holding a Zip or a Second Wind face down. Only A's
    tensor differs."""
    from tests.games.dream_cycle.table import give_inspiration
    from tests.games.dream_cycle.test_hidden_questions import reaching_a_choice
    from tests.helpers import play

    game = dreamtable.load("dream-cycle")
    asking, riding = reaching_a_choice("ask"), reaching_a_choice("row 6")
    give_inspiration(asking, 0, "zip")
    give_inspiration(riding, 0, "wind")
    for state in (asking, riding):
        play(state, 0, "end")
    assert asking.movement and riding.movement and asking.movement.question and riding.movement.question
    assert (asking.movement.question.kind, riding.movement.question.kind) == ("pause", "choose")
    for seat in (1, 2):
        assert numpy.array_equal(game.observation(asking, seat), game.observation(riding, seat))
    assert not numpy.array_equal(game.observation(asking, 0), game.observation(riding, 0))


@pytest.mark.parametrize("game_id", ENCODED)
def test_the_tensor_holds_the_seats_own_hidden_items(game_id: str) -> None:
    """Two seats of the same state see different tensors (each its own hand), and the parts are
    where the layout says: the ``seat`` part is the observer's one-hot."""
    game = dreamtable.load(game_id)
    state = game.new(players=2, seed=11)
    first, second = game.observation(state, 0), game.observation(state, 1)
    assert not numpy.array_equal(first, second)
    start = 0
    for name, piece in game.observation_layout():
        size = int(numpy.prod(piece))
        if name == "seat":
            assert list(first[start:start + size][:2]) == [1, 0] and list(second[start:start + size][:2]) == [0, 1]
        start += size


@pytest.mark.parametrize("game_id", ENCODED)
def test_bad_input_an_observation_for_a_seat_that_does_not_exist_names_the_bound(game_id: str) -> None:
    game = dreamtable.load(game_id)
    state = game.new(players=2, seed=1)
    before = fingerprint(state)
    for seat in (-1, 2, 9, None, True, 1.0, "A"):
        with pytest.raises(EncodingError, match="an int from 0 to 1"):
            game.observation(state, seat)  # type: ignore[arg-type]
    other = dreamtable.load("dreamwell" if game_id != "dreamwell" else "deep-dreams")
    with pytest.raises(EncodingError, match="state, not a"):
        other.observation(state, 0)
    assert fingerprint(state) == before
