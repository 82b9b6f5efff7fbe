"""``dreamtable.adapters.openspiel`` registers every turn-based game as a
pyspiel Python game of the documented type; it passes OpenSpiel's random_sim_test with
serialize=True, and OpenSpiel's ISMCTS bot plays it."""

from __future__ import annotations

import random

import numpy
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import dreamtable
from dreamtable import SetupError
from dreamtable.adapters import AdapterError
from dreamtable.adapters import openspiel as dos

from .helpers import ENCODED, OPTIONS, SETUPS

SHORT = 40  # max_moves of the simulation tests: random play of Dreamwell takes ~15,000 decisions to end


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
@pytest.mark.slow
def test_openspiel_random_sim_test_with_serialize_passes(game_id: str, players: int) -> None:
    game = dos.load(game_id, players=players, max_moves=SHORT, seed=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
def test_openspiel_random_sim_test_plays_whole_games_to_their_end() -> None:
    for game_id in ("sogni-e-incubi", "deep-dreams"):
        pyspiel.random_sim_test(dos.load(game_id, players=3), num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["dreamwell", "dream-cycle"])
def test_openspiel_random_sim_test_plays_a_whole_long_game_uncapped(game_id: str) -> None:
    """A random Dreamwell game is ~8,000 decisions: every string OpenSpiel asks for at every step
    must cost the same late as early, or the simulation never ends (it once did not in 900 s)."""
    state = pyspiel.random_sim_test(dos.load(game_id, players=2, seed=1), num_sims=1, serialize=True, verbose=False)
    assert state is None  # the test raises on any failure; it returns nothing


def _played(game_id: str, moves: int) -> "dos.DreamtableState":
    game = dos.load(game_id, players=2, seed=2)
    state = game.new_initial_state()
    state.apply_action(0)
    rng = random.Random(5)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_an_information_state_string_keeps_its_size_and_counts_what_the_seat_was_told() -> None:
    early, late = _played("dreamwell", 10), _played("dreamwell", 600)
    for seat in (0, 1):
        told = len(late.dealt().log(seat))
        text = late.information_state_string(seat)
        assert f'"events": {told}' in text
        assert len(text) < 2 * len(early.information_state_string(seat)), "the history is a digest, not a transcript"


def test_the_digest_extended_move_by_move_equals_one_made_at_once_and_differs_per_history() -> None:
    game = dos.load("dreamwell", players=2, seed=2)
    stepped = _played("dreamwell", 150)
    for seat in (0, 1):
        stepped.information_state_string(seat)  # the digest made so far, then extended below
    rng = random.Random(9)
    for _ in range(50):
        stepped.apply_action(rng.choice(stepped.legal_actions()))
    _again_game, fresh = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, stepped))
    for seat in (0, 1):
        assert stepped.information_state_string(seat) == fresh.information_state_string(seat)
    other = _played("dreamwell", 200)
    assert other.information_state_string(0) != stepped.information_state_string(0)


@pytest.mark.parametrize("game_id", ENCODED)
def test_the_openspiel_game_type_and_facts_match_the_game(game_id: str) -> None:
    game = dos.load(game_id, players=2, max_moves=123)
    kind = game.get_type()
    ours = dreamtable.load(game_id)
    assert kind.short_name == "dreamtable_" + game_id.replace("-", "_")
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_num_players, kind.max_num_players) == (ours.info.min_players, ours.info.max_players)
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.max_game_length() == 123 and game.max_chance_outcomes() == dos.DEALS
    assert game.observation_tensor_shape() == list(ours.observation_shape())
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert kind.provides_information_state_string and kind.provides_observation_tensor
    assert kind.provides_observation_string and not kind.provides_information_state_tensor
    again = pyspiel.load_game(kind.short_name, {"players": 2, "max_moves": 123})
    assert str(again) == str(game)


def test_the_chance_node_deals_the_match_of_its_seed() -> None:
    game = dos.load("sogni-e-incubi", players=2, seed=3, deals=10)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(k, 0.1) for k in range(10)]
    state.apply_action(4)
    ours = dreamtable.load("sogni-e-incubi").new(players=2, seed=3 * 10 + 4)
    assert state.current_player() == ours.actors[0]
    assert numpy.array_equal(state.observation_tensor(0), ours.game.observation(ours, 0))
    assert state.legal_actions() == ours.game.legal_action_ids(ours, ours.actors[0])


def test_observation_pieces_and_strings_are_the_seats_own() -> None:
    game = dos.load("deep-dreams", players=3)
    state = game.new_initial_state()
    state.apply_action(0)
    from open_spiel.python.observation import make_observation

    observation = make_observation(game)
    observation.set_from(state, 1)
    ours = state.match.state
    assert numpy.array_equal(observation.tensor, ours.game.observation(ours, 1))
    assert set(observation.dict) == {name for name, _ in ours.game.observation_layout()}
    assert observation.dict["hand"].sum() == 5
    assert state.observation_string(0) != state.observation_string(1)
    assert state.information_state_string(0) != state.information_state_string(1)


@pytest.mark.parametrize("game_id", ENCODED)
def test_resampling_keeps_what_the_seat_knows(game_id: str) -> None:
    game = dos.load(game_id, players=3, **OPTIONS.get(game_id, {}))
    state = game.new_initial_state()
    state.apply_action(17)
    rng = random.Random(1)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0) if hasattr(pyspiel, "UniformProbabilitySampler") else rng.random
    seat = state.current_player()
    world = state.resample_from_infostate(seat, rng.random)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.observation_tensor(seat) == state.observation_tensor(seat)
    assert world.legal_actions() == state.legal_actions()
    assert sampler is not None


@pytest.mark.parametrize("game_id", ENCODED)
def test_openspiels_ismcts_plays_every_encoded_game(game_id: str) -> None:
    """OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``, resampling through
    ``resample_from_infostate``) plays seat A against random play. The C++ ``pyspiel.ISMCTSBot``
    cannot: pyspiel gives a Python game no way to resample (docs/adapters.md)."""
    game = dos.load(game_id, players=2, max_moves=16)
    evaluator = mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=numpy.random.RandomState(2))
    rng = random.Random(3)
    state = game.new_initial_state()
    state.apply_action(5)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert searched >= 1


def test_serialisation_reads_back_the_same_state_and_game_object() -> None:
    game = dos.load("dream-cycle", players=3, max_moves=500)
    state = game.new_initial_state()
    state.apply_action(2)
    rng = random.Random(4)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    assert again.match.state.game is dreamtable.load("dream-cycle")
    assert again.information_state_string(1) == state.information_state_string(1)


def test_bad_input_games_parameters_and_players_name_the_choices() -> None:
    with pytest.raises(AdapterError, match="When I Dream has no fixed action ids.*the adapters take: deep-dreams"):
        dos.load("when-i-dream")
    with pytest.raises(AdapterError, match="no parameter colour; its parameters: .*hand_limit"):
        dos.load("sogni-e-incubi", colour="red")
    with pytest.raises(AdapterError, match="numbers, flags or words"):
        dos.load("dream-cycle", staircase_offsets=[0] * 10)
    with pytest.raises((SetupError, pyspiel.SpielError), match="2–4 players, not 5"):
        dos.load("sogni-e-incubi", players=5)
    with pytest.raises((AdapterError, pyspiel.SpielError), match="max_moves is a whole number"):
        dos.load("deep-dreams", max_moves=0)
    with pytest.raises((AdapterError, pyspiel.SpielError), match="sand timer"):
        dos.load("dream-cycle", buying_timer_seconds=20)
