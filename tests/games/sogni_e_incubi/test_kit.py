"""The testing kit applied to Sogni e Incubi: fuzz, determinism, no leak, copies, notation, goldens."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import dreamtable
from dreamtable import testing

GAME_ID = "sogni-e-incubi"
PLAYTHROUGHS = Path(__file__).parents[2] / "playthroughs" / GAME_ID


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fuzz_random_play_2001_games(players):
    """667 seeded games per player count (2,001 in all), every step checked."""
    report = testing.fuzz(GAME_ID, [players], 667)
    assert report.games == 667
    assert report.decisions > 667 * 20
    # Both kinds of end are reached; a fuzz that never reached an ending would test little.
    assert set(report.end_reasons) >= {"complete-row", "stuck"}


def test_fuzz_with_every_non_default_option():
    options = {
        "own_rem_swap": False,
        "ci_returns_to": "attacker",
        "converti_sogno_locks": False,
        "wild_counts_for_win": False,
        "final_count": "cards",
        "hand_limit": 7,
    }
    report = testing.fuzz(GAME_ID, [2, 3, 4], 30, options=options)
    assert report.games == 90


def midgame_states(count=12):
    game = dreamtable.load(GAME_ID)
    states = []
    for seed in range(count):
        players = 2 + seed % 3
        rng = random.Random(seed)
        state = game.new(players=players, seed=seed)
        for _ in range(rng.randrange(5, 60)):
            if state.is_over:
                break
            seat = state.actors[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state)
    return states


def test_determinism_replay_gives_identical_views():
    for state in midgame_states():
        testing.check_determinism(state)


def test_no_leak_determinize_keeps_each_seats_view_and_changes_the_rest():
    changed = 0
    for state in midgame_states():
        for seat in range(state.players):
            changed += testing.check_no_leak(state, seat)
    assert changed > 0, "determinize never re-sampled anything hidden"


def test_determinize_keeps_publicly_known_cards_in_their_hand():
    from .position import position

    state = position(rows={1: {2: "S2"}}, hands={0: "I2 S1 S5 S6", 1: "S3 S4"})
    state.apply(0, state.game.parse_action(state, 0, "I2>B"))
    for draw in range(20):
        world = state.determinize(1, random.Random(draw))
        assert world.hands[0][1] >= 1, "A's Dream 2 was seen entering A's hand"
        assert world.hand_sizes == state.hand_sizes


def test_determinize_reseeds_the_deck_order():
    state = dreamtable.load(GAME_ID).new(players=2, seed=1)
    orders = {tuple(state.determinize(0, random.Random(k)).deck) for k in range(5)}
    assert len(orders) > 1


def test_copy_independence():
    for state in midgame_states():
        testing.check_copy_independence(state)


def test_notation_round_trip_and_bad_input():
    for state in midgame_states():
        testing.check_notation_round_trip(state)
        if not state.is_over:
            testing.check_rejects_bad_input(state)


def test_contract_surface():
    assert GAME_ID in [info.id for info in dreamtable.games()]
    info = dreamtable.load(GAME_ID).info
    assert (info.min_players, info.max_players) == (2, 4)
    state = dreamtable.load(GAME_ID).new(players=2, seed=0)
    assert state.timers == ()
    with pytest.raises(dreamtable.IllegalActionError, match="no timer"):
        state.expire("night")
    with pytest.raises(dreamtable.UnknownGameError, match="sogni-e-incubi"):
        dreamtable.load("chess")


@pytest.mark.parametrize("path", sorted(PLAYTHROUGHS.glob("*.json")), ids=lambda p: p.stem)
def test_golden_playthrough(path):
    testing.check_playthrough(path)


def test_golden_playthroughs_exist():
    assert len(list(PLAYTHROUGHS.glob("*.json"))) >= 3


def test_golden_playthrough_detects_a_changed_view(tmp_path):
    import json

    source = sorted(PLAYTHROUGHS.glob("*.json"))[0]
    data = json.loads(source.read_text())
    data["views"]["0"]["deck"] += 1
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    with pytest.raises(AssertionError, match="differs from the golden file"):
        testing.check_playthrough(broken)
