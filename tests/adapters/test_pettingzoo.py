"""``dreamtable.adapters.pettingzoo`` passes PettingZoo's own api_test,
seed_test and max_cycles_test for every turn-based game and player count, and refuses bad
input with a clear error that changes nothing."""

from __future__ import annotations

import functools
import types
import warnings
from collections.abc import Iterator

import numpy
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_seed_test, seed_test

import dreamtable
from dreamtable import IllegalActionError, SetupError, UnknownGameError
from dreamtable.adapters import AdapterError
from dreamtable.adapters import pettingzoo as pz

from .helpers import SETUPS, fingerprint

# PettingZoo's api_test warns about every environment whose observation is a dict holding an action
# mask, unless it is one of PettingZoo's own (it lists them by name); any other warning fails.
EXPECTED_WARNINGS = ("Observation is not a NumPy array",
                     "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete")


@pytest.fixture(autouse=True)
def warnings_fail() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in EXPECTED_WARNINGS:
            warnings.filterwarnings("ignore", message=message)
        yield


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_pettingzoo_api_test_passes_in_turn_order_and_in_cycle_order(game_id: str, players: int) -> None:
    api_test(pz.env(game_id, players=players, seed=1, order="turn"), num_cycles=60)
    api_test(pz.env(game_id, players=players, seed=2, order="cycle"), num_cycles=20)


def test_pettingzoo_api_test_plays_a_whole_game_to_its_end() -> None:
    env = pz.env("deep-dreams", players=3, seed=4)
    api_test(env, num_cycles=200)  # Deep Dreams ends within a few dozen decisions
    env.reset(seed=4)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else env.action_space(agent).sample(observation["action_mask"]))
    assert not env.agents


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_pettingzoo_seed_test_passes(game_id: str, players: int) -> None:
    seed_test(functools.partial(pz.env, game_id, players=players), num_cycles=40)


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_pettingzoo_max_cycles_test_passes_with_the_defaults(game_id: str, players: int) -> None:
    """max_cycles_test draws ids without the mask and counts each agent's steps: the defaults (cycle
    order, illegal ids skipped) are what it needs, so it runs with nothing but the game chosen."""
    module = types.SimpleNamespace(
        env=functools.partial(pz.env, game_id, players=players, seed=3),
        parallel_env=functools.partial(pz.parallel_env, game_id, players=players, seed=3),
    )
    max_cycles_test(module)


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_pettingzoo_parallel_seed_test_passes_with_the_defaults(game_id: str, players: int) -> None:
    parallel_seed_test(functools.partial(pz.parallel_env, game_id, players=players), num_cycles=60)


def test_the_parallel_form_runs_in_cycle_order_only() -> None:
    with pytest.raises(AdapterError, match="order='cycle' only"):
        pz.parallel_env("deep-dreams", order="turn")


def _play(env: pz.DreamtableEnv, seed: int) -> dict[str, float]:
    """Random masked play to the end; each agent's total reward."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else env.action_space(agent).sample(observation["action_mask"]))
    return totals


def test_the_agents_are_the_seats_and_the_match_is_the_seeded_one() -> None:
    env = pz.env("sogni-e-incubi", players=3, order="turn")
    env.reset(seed=9)
    game = dreamtable.load("sogni-e-incubi")
    state = game.new(players=3, seed=9)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.agent_selection == f"player_{state.actors[0]}"
    for seat, agent in enumerate(env.possible_agents):
        observation = env.observe(agent)
        assert numpy.array_equal(observation["observation"], game.observation(state, seat))
        legal = game.legal_action_ids(state, seat) if seat == state.actors[0] else []
        assert list(numpy.flatnonzero(observation["action_mask"])) == legal
    assert env.action_space("player_0").n == game.num_distinct_actions() + 1  # the last id waits


def test_rewards_are_plus_one_for_a_winner_and_minus_one_for_the_others() -> None:
    env = pz.env("deep-dreams", players=3, seed=1)
    totals = _play(env, 21)
    outcome = env.match.outcome if env.match else None
    assert outcome is not None
    winners = set(outcome.winners)
    expected = [0.0] * 3 if len(winners) == 3 else [1.0 if seat in winners else -1.0 for seat in range(3)]
    assert list(totals.values()) == expected


def test_a_match_cut_at_max_cycles_is_truncated_with_no_reward() -> None:
    env = pz.env("dreamwell", players=2, seed=1, max_cycles=7)
    totals = _play(env, 3)
    assert env.decisions == 7 and env.match is not None and not env.match.is_over
    assert totals == {"player_0": 0.0, "player_1": 0.0}


def test_the_parallel_form_runs_a_whole_game() -> None:
    env = pz.parallel_env("sogni-e-incubi", players=2, seed=5)
    observations, _ = env.reset(seed=5)
    steps = 0
    while env.agents:
        actions = {agent: env.action_space(agent).sample(observations[agent]["action_mask"]) for agent in env.agents}
        observations, rewards, terminations, truncations, _ = env.step(actions)
        steps += 1
    assert steps > 20 and sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_reset_without_a_seed_continues_a_reproducible_sequence() -> None:
    first, second = pz.env("deep-dreams", players=2, seed=8), pz.env("deep-dreams", players=2, seed=8)
    seeds = []
    for env in (first, second):
        env.reset()
        a = env.match.seed if env.match else None
        env.reset()
        seeds.append((a, env.match.seed if env.match else None))
    assert seeds[0] == seeds[1] and seeds[0][0] != seeds[0][1]


def test_render_writes_the_table_as_text() -> None:
    env = pz.env("sogni-e-incubi", players=2, seed=1, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text.strip()


def test_when_i_dream_is_excluded_with_a_clear_error() -> None:
    with pytest.raises(AdapterError, match="When I Dream has no fixed action ids.*the adapters take: deep-dreams, dream-cycle, dreamwell, sogni-e-incubi"):
        pz.env("when-i-dream", players=4)


def test_bad_input_games_players_options_and_settings_name_the_choices() -> None:
    with pytest.raises(UnknownGameError, match="known games"):
        pz.env("chess")
    with pytest.raises(SetupError, match="2–4 players, not 5"):
        pz.env("sogni-e-incubi", players=5)
    with pytest.raises(SetupError, match="no option colour; its options are"):
        pz.env("sogni-e-incubi", colour="red")
    with pytest.raises(SetupError, match="hand_limit"):
        pz.env("sogni-e-incubi", hand_limit="many")
    with pytest.raises(AdapterError, match="sand timer"):
        pz.env("dream-cycle", buying_timer_seconds=30)
    with pytest.raises(AdapterError, match="order is one of turn, cycle"):
        pz.env("dreamwell", order="random")
    with pytest.raises(AdapterError, match="illegal is one of raise, skip"):
        pz.env("dreamwell", illegal="ignore")
    with pytest.raises(AdapterError, match="max_cycles is a whole number"):
        pz.env("dreamwell", max_cycles=0)
    with pytest.raises(AdapterError, match="call reset"):
        pz.env("dreamwell").observe("player_0")


@pytest.mark.parametrize("order", pz.ORDERS)
def test_bad_input_an_illegal_or_out_of_range_id_raises_and_changes_nothing(order: str) -> None:
    env = pz.env("sogni-e-incubi", players=2, seed=2, order=order, illegal="raise")
    env.reset(seed=2)
    assert env.match is not None
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = fingerprint(env.match), agent, env.decisions
    illegal = int(numpy.flatnonzero(mask == 0)[0])
    expected = "may take: " if mask[:-1].any() else "may only wait"
    for action, message in ((illegal, expected), (env.wait + 1, "an id from 0 to"), (-1, "an id from 0 to"),
                            ("draw", "an id from 0 to"), (True, "an id from 0 to"), (None, "an id from 0 to")):
        with pytest.raises(IllegalActionError, match=message):
            env.step(action)
        assert (fingerprint(env.match), env.agent_selection, env.decisions) == before
    env.step(numpy.int64(numpy.flatnonzero(mask)[0]))  # numpy integers are ids too
    assert env.decisions == 1 or order == "cycle"


def test_illegal_skip_passes_the_step_with_its_reward_and_says_so() -> None:
    env = pz.env("sogni-e-incubi", players=2, seed=2, order="turn", illegal="skip", illegal_reward=-0.5)
    env.reset(seed=2)
    assert env.match is not None
    agent = env.agent_selection
    illegal = int(numpy.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    before = fingerprint(env.match)
    env.step(illegal)
    assert fingerprint(env.match) == before and env.decisions == 1
    assert env.infos[agent]["illegal"] == illegal and env.rewards[agent] == -0.5
    assert env.agent_selection == agent  # still its turn
