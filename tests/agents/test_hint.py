"""The hint: the hard bot's move and its chance to win, from what the asking seat
may know only; refused plainly, changing nothing, when it cannot be given."""

from __future__ import annotations

import json
import random

import pytest

import dreamtable
from dreamtable.agents import IsmctsAgent
from dreamtable.agents.hint import Hint, HintError, hint
from tests.games.sogni_e_incubi.position import position
from .positions import played

TURN_BASED = ("sogni-e-incubi", "deep-dreams", "dreamwell", "dream-cycle")


def everything(state) -> str:
    """Every seat's view and the record: what a hint must leave alone."""
    return json.dumps([state.view(seat) for seat in [None, *range(state.players)]], sort_keys=True) + \
        json.dumps(state.record().to_dict(), sort_keys=True)


def twin_of(state, seat: int, seed: int = 0):
    """A state ``seat`` cannot tell apart from ``state`` whose hidden items differ (as the no-leak kit
    makes them: a world of ``determinize(seat)`` in which another seat's view differs), or None."""
    rng = random.Random(seed)
    truth = [json.dumps(state.view(other), sort_keys=True) for other in range(state.players)]
    for _ in range(8):
        world = state.determinize(seat, rng)
        if [json.dumps(world.view(other), sort_keys=True) for other in range(state.players)] != truth:
            return world
    return None


@pytest.mark.parametrize("game_id", TURN_BASED)
@pytest.mark.slow
def test_a_hint_is_the_hard_bots_move_with_a_chance_to_win_and_changes_nothing(game_id):
    state = played(game_id, seed=5, steps=15)
    seat = state.actors[0]
    before = everything(state)
    found = hint(state, seat, seed=3, iterations=300)
    assert isinstance(found, Hint) and found.seat == seat
    assert found.action in state.legal_actions(seat) and found.move == str(found.action)
    assert dreamtable.load(game_id).parse_action(state, seat, found.move) == found.action
    assert 0.0 <= found.win_chance <= 1.0 and found.alternatives[0][0] == found.move
    assert found.iterations == 300 and found.words
    assert found.action == IsmctsAgent(3, iterations=300).choose(state, seat)  # the hard bot's search, its move
    assert everything(state) == before
    assert json.loads(json.dumps(found.to_json()))["move"] == found.move
    assert found.move in found.sentence()


@pytest.mark.parametrize("game_id", TURN_BASED)
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.slow
def test_two_states_the_seat_cannot_tell_apart_give_the_same_hint(game_id, players):
    twins = 0
    for seed in range(3):
        state = played(game_id, seed=seed, steps=10 + 7 * seed, players=players)
        if state.is_over:
            continue
        seat = state.actors[0]
        twin = twin_of(state, seat, seed)
        if twin is None:
            continue
        twins += 1
        assert twin.view(seat) == state.view(seat)
        mine, theirs = hint(state, seat, seed=seed, iterations=150), hint(twin, seat, seed=seed, iterations=150)
        assert mine.to_json() == {**theirs.to_json(), "seconds": mine.to_json()["seconds"]}
    assert twins, f"{game_id}: no hidden information found to test the hint against"


def test_a_winning_move_is_hinted_with_a_certain_win():
    state = position(rows={0: {1: "S1", 2: "S2", 3: "S3", 4: "S4", 5: "S5"}}, hands={0: "S6", 1: "S1 S2"})
    found = hint(state, 0, seed=1, iterations=200)
    assert found.move == "S6" and found.win_chance == 1.0


def test_a_single_move_is_hinted_with_its_value():
    state = played("deep-dreams", seed=2, steps=0)
    seat = state.actors[0]
    legal = state.legal_actions(seat)
    found = hint(state, seat, seed=1, iterations=50)
    assert found.action in legal and 0 <= found.win_chance <= 1


def test_hints_are_refused_off_turn_after_the_game_and_for_a_stranger_changing_nothing():
    state = played("sogni-e-incubi", seed=4, steps=6)
    waiting = state.actors[0]
    other = 1 - waiting
    before = everything(state)
    with pytest.raises(HintError, match="not your turn.*waits for, now [AB]"):
        hint(state, other, iterations=10)
    for stranger in (2, -1):
        with pytest.raises(HintError, match="seats are 0–1"):
            hint(state, stranger, iterations=10)
    for budget in ({"seconds": 0.0}, {"seconds": -1.0}, {"seconds": 60.0}, {"seconds": None}):
        with pytest.raises(HintError, match="more than 0 and at most"):
            hint(state, waiting, **budget)
    with pytest.raises(HintError, match="at least 1"):
        hint(state, waiting, iterations=0)
    assert everything(state) == before
    over = played("deep-dreams", seed=1, steps=10_000)
    assert over.is_over
    with pytest.raises(HintError, match="over"):
        hint(over, 0, iterations=10)


def test_a_game_played_by_its_own_bots_against_the_clock_has_no_hints():
    state = dreamtable.load("when-i-dream").new(players=4, seed=1)
    with pytest.raises(HintError, match="no hints"):
        hint(state, state.actors[0] if state.actors else 0, iterations=10)
