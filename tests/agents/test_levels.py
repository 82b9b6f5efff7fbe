"""Difficulty levels: easy, medium and hard wherever a bot spec is taken; bad
specs refused with the levels named."""

from __future__ import annotations

import math
import random

import pytest

import dreamtable
from dreamtable.agents import (
    BOT_NAMES,
    GreedyAgent,
    IsmctsAgent,
    SoftmaxAgent,
    UnknownAgentError,
    bot_names,
    make_agent,
)
from dreamtable.agents.levels import (
    EASY_TEMPERATURE,
    HARD_SECONDS,
    LEVELS,
    MAX_HARD_SECONDS,
)
from tests.games.sogni_e_incubi.position import position

SOGNI = dreamtable.load("sogni-e-incubi")
TURN_BASED = ("sogni-e-incubi", "deep-dreams", "dreamwell", "dream-cycle")


def midgame(game_id: str = "sogni-e-incubi", seed: int = 1, steps: int = 20):
    state = dreamtable.load(game_id).new(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_levels_are_named_wherever_bots_are_listed():
    assert LEVELS == ("easy", "medium", "hard")
    assert BOT_NAMES[:3] == LEVELS
    for info in dreamtable.games():
        assert set(LEVELS) <= set(bot_names(dreamtable.load(info.id)))


def test_each_level_is_its_agent():
    easy, medium, hard = (make_agent(level, 3, game=dreamtable.load("deep-dreams")) for level in LEVELS)
    assert isinstance(easy, SoftmaxAgent) and easy.temperature == EASY_TEMPERATURE
    assert isinstance(medium, GreedyAgent) and medium.name == "medium"
    assert isinstance(hard, IsmctsAgent) and hard.name == "hard"
    assert hard.iterations is None and hard.seconds == HARD_SECONDS
    assert make_agent("hard:0.25s").seconds == 0.25
    assert make_agent(f"hard:{MAX_HARD_SECONDS:g}s").seconds == MAX_HARD_SECONDS


@pytest.mark.parametrize("spec", ["expert", "easiest", "hard:0s", "hard:-1s", "hard:0.5", "hard:nans", "hard:infs",
                                  f"hard:{MAX_HARD_SECONDS + 1:g}s", "hard:lots", "easy:3", "medium:2s", "easy:0.5s"])
def test_bad_levels_and_budgets_are_refused_naming_the_levels(spec):
    with pytest.raises(UnknownAgentError) as refused:
        make_agent(spec, game=SOGNI)
    message = str(refused.value)
    assert "easy" in message and "hard" in message, message


def test_budgets_of_zero_or_below_are_refused_by_the_bots_themselves():
    for bad in ({"iterations": 0}, {"iterations": None, "seconds": 0.0}, {"iterations": None, "seconds": -1.0},
                {"iterations": None, "seconds": math.nan}):
        with pytest.raises(ValueError, match="budget"):
            IsmctsAgent(1, **bad)
    with pytest.raises(ValueError, match="temperature"):
        SoftmaxAgent(1, temperature=0)
    for spec, words in (("ismcts:0", "at least 1"), ("ismcts:0s", "no time to think"), ("ismcts:-2s", "bad bot spec")):
        with pytest.raises(UnknownAgentError, match=words):
            make_agent(spec)


def test_easy_takes_its_games_calibrated_temperature():
    assert dreamtable.load("dream-cycle").easy_temperature < EASY_TEMPERATURE  # calibrated: at 1.0 it played like random
    for game_id in TURN_BASED:
        game = dreamtable.load(game_id)
        easy = make_agent("easy", 1, game=game)
        assert easy.temperature == (game.easy_temperature or EASY_TEMPERATURE)
    assert make_agent("easy").temperature == EASY_TEMPERATURE  # no game named: the usual one


def test_medium_is_a_small_search_where_greedy_leaves_no_room_below_it():
    """Sogni e Incubi: greedy beats random in only about 65% of games, so medium is ISMCTS(100)
    (it beats greedy about 72%) and easy sits near greedy (docs/bots.md, "Sogni e Incubi's levels")."""
    assert {info.id: dreamtable.load(info.id).medium_iterations for info in dreamtable.games()
            if dreamtable.load(info.id).medium_iterations} == {"sogni-e-incubi": 100}
    medium = make_agent("medium", 3, game=SOGNI)
    assert isinstance(medium, IsmctsAgent) and medium.name == "medium"
    assert medium.iterations == 100 and medium.seconds is None
    assert isinstance(make_agent("medium", 3, game=dreamtable.load("dreamwell")), GreedyAgent)
    assert isinstance(make_agent("medium", 3), GreedyAgent)  # no game named: greedy
    assert SOGNI.easy_temperature < dreamtable.load("dream-cycle").easy_temperature < EASY_TEMPERATURE


def test_a_game_with_its_own_bots_has_one_strength_at_every_level():
    wid = dreamtable.load("when-i-dream")
    for level in LEVELS:
        assert make_agent(level, 1, game=wid).name == "wordbot"


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_easy_is_legal_seeded_and_blind_to_what_its_seat_cannot_see(game_id):
    state = midgame(game_id, seed=4, steps=12)
    seat = state.actors[0]
    before = state.view(None)
    choices = [SoftmaxAgent(seed).choose(state, seat) for seed in range(6)]
    assert all(choice in state.legal_actions(seat) for choice in choices)
    assert state.view(None) == before
    assert [SoftmaxAgent(seed).choose(state, seat) for seed in range(6)] == choices
    twin = state.determinize(seat, random.Random(9))
    assert twin.view(seat) == state.view(seat)
    assert [SoftmaxAgent(seed).choose(twin, seat) for seed in range(6)] == choices


def test_easy_draws_the_best_move_most_often_and_the_worst_e_to_the_minus_one_over_t_as_often():
    # S6 fills A's row (the best value); every move keeps some weight.
    state = position(rows={0: {1: "S1", 2: "S2", 3: "S3", 4: "S4", 5: "S5"}}, hands={0: "S6 I2", 1: "S1 S2"})
    weights = dict((str(action), weight) for action, weight in SoftmaxAgent(1).weights(state, 0))
    assert math.isclose(sum(weights.values()), 1.0)
    assert max(weights, key=weights.__getitem__) == "S6"
    assert min(weights.values()) == pytest.approx(weights["S6"] * math.exp(-1 / EASY_TEMPERATURE))
    picks = [str(SoftmaxAgent(seed).choose(state, 0)) for seed in range(300)]
    assert picks.count("S6") / 300 == pytest.approx(weights["S6"], abs=0.08)
    assert len(set(picks)) > 1  # a high temperature: not always the best


def test_easy_picks_uniformly_among_moves_worth_the_same():
    from dreamtable_tap import GAME as TAP  # no evaluation: every unfinished position is worth 0.5

    state = TAP.new(players=2, seed=3)
    assert SoftmaxAgent(2).weights(state, 0) == [("tap", 0.5), ("draw", 0.5)]


@pytest.mark.parametrize("spec", ["easy", "medium", "hard:0.02s"])
def test_levels_sit_in_tournaments_and_simulations(spec):
    from dreamtable.workbench.tournament import tournament

    result = tournament("deep-dreams", [spec, "random"], games=1, seed=3, workers=1)
    assert {seat for row in result.rows for seat in row["seats"]} == {spec, "random"}


def test_levels_sit_at_the_terminal_through_the_same_specs():
    from typer.testing import CliRunner

    from dreamtable.cli.main import app

    result = CliRunner().invoke(app, ["simulate", "deep-dreams", "--games", "2", "--seats", "easy,medium",
                                      "--workers", "1", "--seed", "4"])
    assert result.exit_code == 0, result.output
    refused = CliRunner().invoke(app, ["simulate", "deep-dreams", "--games", "1", "--seats", "easy,expert"])
    assert refused.exit_code != 0
    assert "easy, medium, hard" in " ".join(refused.output.split()), refused.output
