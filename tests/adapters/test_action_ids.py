"""Stable action ids — every legal action has a fixed id below the declared
bound, and the id reads back as the same action; bad ids and foreign values are refused."""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest

import dreamtable
from dreamtable import IllegalActionError
from dreamtable.adapters import adapted_games
from dreamtable.core.contract import EncodingError, EncodingUnavailable

from .helpers import ENCODED, NOT_ENCODED, SETUPS, fingerprint, random_states

STEPS = {"sogni-e-incubi": 400, "deep-dreams": 400, "dreamwell": 300, "dream-cycle": 300, "tap": 100}
SEEDS = {"sogni-e-incubi": 2, "deep-dreams": 8, "dreamwell": 2, "dream-cycle": 2, "tap": 5}  # Deep Dreams and Tap games are short


def test_every_turn_based_game_declares_ids_and_when_i_dream_says_it_has_none() -> None:
    assert adapted_games() == list(ENCODED)
    for game_id in ENCODED:
        assert dreamtable.load(game_id).num_distinct_actions() > 0
    for game_id in NOT_ENCODED:
        game = dreamtable.load(game_id)
        state = game.new(players=4, seed=1)
        for call in (game.num_distinct_actions, game.observation_shape, lambda: game.observation(state, 0),
                     lambda: game.action_id(state.legal_actions(state.actors[0])[0])):
            with pytest.raises(EncodingUnavailable, match="When I Dream has no fixed action ids.*docs/adapters.md"):
                call()


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_ids_round_trip_over_every_legal_action_of_fuzzed_games(game_id: str, players: int) -> None:
    game = dreamtable.load(game_id)
    bound = game.num_distinct_actions()
    options: list[dict[str, Any]] = [{}, {"mode": "advanced"}] if game_id == "dreamwell" else [{}]
    checked = 0
    for seed, extra in enumerate(options * SEEDS[game_id]):
        for state in random_states(game_id, players, seed, STEPS[game_id], any_actor=True, **extra):
            for seat in state.actors:
                legal = state.legal_actions(seat)
                ids = [game.action_id(action) for action in legal]
                assert all(type(i) is int and 0 <= i < bound for i in ids), (legal, ids)
                assert len(set(ids)) == len(ids), f"two legal actions share an id: {legal}"
                assert game.legal_action_ids(state, seat) == sorted(ids)
                for action, action_id in zip(legal, ids):
                    assert game.action_from_id(state, action_id, seat) == action
                    assert game.encoding.action_of_id(action_id) == action
                checked += len(legal)
    assert checked > 500


def test_ids_are_the_documented_table() -> None:
    """A few ids pinned to the tables of the games' encoding.py: a policy's outputs keep their meaning."""
    pinned = {
        "sogni-e-incubi": {"draw": 0, "S1": 1, "S3>B": 7 + 4 * 2 + 1, "I6>D": 31 + 4 * 5 + 3, "CI>B4": 55 + 6 + 3,
                           "CS1": 79, "R6": 90},
        "deep-dreams": {"draw": 0, "play DD01 right": 1, "play DD54 left": 108, "keep DD12": 120, "extra turn": 163,
                        "skip": 164, "steal B": 166, "eliminate E": 174, "moon DD01 on 1": 175, "moon DD54 on 53": 3036},
        "dreamwell": {"draw": 0, "end": 4, "take W01": 5, "play B15": 178, "discard W01": 179, "rotate a1 90": 266,
                      "flip d4": 329, "move 2 NW": 345, "enter 1 a1": 346, "moveto 2 d4": 409},
        "dream-cycle": {"end": 0, "stop": 10, "start 1": 11, "buy F": 20, "place U S": 100, "boost S 3": 177,
                        "go W": 192, "plan row 10": 204, "plan steps 3": 205, "offer B N for 1c": 206 + 9 + 4,
                        "offer E 1c for U": 251 + 36 + 8, "accept A": 296, "cash power": 311, "keep none": 318},
    }
    for game_id, table in pinned.items():
        game = dreamtable.load(game_id)
        state = game.new(players=game.info.max_players, seed=0)
        for text, action_id in table.items():
            assert game.action_id(game.parse_action(state, 0, text)) == action_id, (game_id, text)
            assert str(game.encoding.action_of_id(action_id)) == text


@pytest.mark.parametrize("game_id", ENCODED)
def test_the_docstring_states_the_id_count_and_the_shape(game_id: str) -> None:
    game = dreamtable.load(game_id)
    doc = sys.modules[game.encoding_module or ""].__doc__ or ""
    count = re.search(r"Discrete, ([\d,]+) ids", doc)
    shape = re.search(r"Observation shape +\(([\d,]+),\)", doc)
    assert count and int(count.group(1).replace(",", "")) == game.num_distinct_actions()
    assert shape and (int(shape.group(1).replace(",", "")),) == game.observation_shape()
    for name, piece in game.observation_layout():
        assert f"``{name}``" in doc, f"{game_id}'s encoding docstring does not describe the part {name}"
        assert f"({', '.join(map(str, piece))}{',' if len(piece) == 1 else ''})" in doc, (name, piece)


@pytest.mark.parametrize("game_id", ENCODED)
def test_bad_input_an_id_out_of_range_or_not_legal_is_refused_naming_the_bound_or_the_choices(game_id: str) -> None:
    game = dreamtable.load(game_id)
    state = game.new(players=2, seed=3)
    seat = state.actors[0]
    before = fingerprint(state)
    bound = game.num_distinct_actions()
    for bad in (-1, bound, bound + 7, 1.0, True, "0", None):
        with pytest.raises(IllegalActionError, match=f"an int from 0 to {bound - 1}"):
            game.action_from_id(state, bad, seat)  # type: ignore[arg-type]
    legal = set(game.legal_action_ids(state, seat))
    unlisted = next((i for i in range(bound) if i not in legal), None)
    if unlisted is not None:  # (Tap's two moves are always both legal)
        with pytest.raises(IllegalActionError, match=rf"action id {unlisted} .*may take: \d+ \("):
            game.action_from_id(state, unlisted, seat)
    other = (seat + 1) % 2
    if not game.legal_action_ids(state, other):
        with pytest.raises(IllegalActionError, match="may take: nothing"):
            game.action_from_id(state, min(legal), other)
    assert fingerprint(state) == before


@pytest.mark.parametrize("game_id", ENCODED)
def test_bad_input_a_value_that_is_no_listed_move_has_no_id(game_id: str) -> None:
    game = dreamtable.load(game_id)
    other = dreamtable.load("sogni-e-incubi" if game_id != "sogni-e-incubi" else "deep-dreams")
    foreign = other.encoding.action_of_id(1)
    for value in ("draw", 3, None, ("draw",), foreign, [1, 2]):
        if value in getattr(game.encoding, "moves", ()):
            continue  # Tap's moves are the words themselves
        with pytest.raises(EncodingError, match="has no action id"):
            game.action_id(value)


def test_bad_input_a_typed_dream_cycle_offer_has_no_id_but_the_listed_ones_do() -> None:
    game = dreamtable.load("dream-cycle")
    state = game.new(players=3, seed=1)
    with pytest.raises(EncodingError, match="has no action id"):
        game.action_id(game.parse_action(state, 0, "offer B N N 2c for zip"))
    with pytest.raises(EncodingError, match="has no action id"):
        game.action_id(game.parse_action(state, 0, "plan steps 7"))
    assert game.action_id(game.parse_action(state, 0, "plan steps 3")) == 205


def test_bad_input_ids_of_a_finished_game_name_nobody() -> None:
    game = dreamtable.load("deep-dreams")
    *_, state = random_states("deep-dreams", 2, 5, 1000)
    assert state.is_over
    with pytest.raises(IllegalActionError, match="nobody may act now .the game is over"):
        game.action_from_id(state, 0)
    assert game.legal_action_ids(state, 0) == []
