"""The kit checks of crafted input and shared state, run on every game of test_kit.GAMES:
(d) crafted moves, seats, timers and notation are refused cleanly; (e) mutating what a game hands
out (views, logs, record dicts, options) changes nothing else.

Sizes are lean for ``make test``; DREAMTABLE_FUZZ_SCALE multiplies the states.
"""

from __future__ import annotations

import pytest

import dreamtable

from dreamtable.core.testing_attacks import (
    check_crafted_moves,
    check_crafted_notation,
    check_foreign_moves,
    check_mutation_isolation,
)

from .test_kit import GAMES
from .test_kit_hidden import STATES, played_states


def foreign_moves(game_id: str) -> list:
    """Legal moves of every other game (another game's move objects, sent to this one)."""
    found = []
    for other in GAMES:
        if other != game_id:
            for state in played_states(other, count=2, salt=7):
                for seat in state.actors:
                    found += state.legal_actions(seat)[:10]
    return found


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.slow
def test_kit_d_crafted_moves_seats_and_timers_are_refused_and_change_nothing(game_id):
    refused = 0
    for index, state in enumerate(played_states(game_id, count=STATES, salt=4)):
        if not state.is_over:
            refused += check_crafted_moves(state, seed=index)
    assert refused > 100


@pytest.mark.parametrize("game_id", GAMES)
def test_kit_d_another_games_moves_are_refused(game_id):
    foreign = foreign_moves(game_id)
    refused = 0
    for index, state in enumerate(played_states(game_id, count=2, salt=5)):
        if not state.is_over:
            refused += check_foreign_moves(state, foreign, seed=index)
    assert refused > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_kit_d_garbage_notation_is_a_notation_error(game_id):
    for index, state in enumerate(played_states(game_id, count=2, salt=6)):
        assert check_crafted_notation(state, seed=index) > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_kit_e_mutating_views_records_and_options_changes_nothing_else(game_id):
    for state in played_states(game_id, count=STATES, salt=8):
        assert check_mutation_isolation(state) > 0


# -- the checks themselves can fail: each is shown a game with the fault it looks for ----------

SOGNI = "sogni-e-incubi"


def test_kit_d_fails_when_apply_trusts_the_fields_of_a_move(monkeypatch):
    from dreamtable.games.sogni_e_incubi.rules import SogniState

    monkeypatch.setattr(SogniState, "why_illegal", lambda self, seat, move: None)
    state = played_states(SOGNI, count=1, salt=4)[0]
    with pytest.raises(AssertionError, match="was accepted|raised"):
        check_crafted_moves(state)


def test_kit_d_fails_when_a_refused_move_leaves_a_trace(monkeypatch):
    from dreamtable.games.sogni_e_incubi.rules import SogniState

    real = SogniState._apply

    def half_done(self, seat, move):
        self.deck.append(self.deck.pop(0))  # the deck is cut before the rules are checked: no view shows it
        return real(self, seat, move)

    monkeypatch.setattr(SogniState, "_apply", half_done)
    state = played_states(SOGNI, count=1, salt=4)[0]
    with pytest.raises(AssertionError, match="goes on otherwise than an untouched copy|no longer replays|showing something else"):
        check_crafted_moves(state)


def test_kit_d_fails_when_notation_raises_value_error(monkeypatch):
    game = dreamtable.load(SOGNI)
    real = type(game).parse_action

    def reads_digits(self, state, seat, text):
        if any(character.isdigit() for character in text):
            int("".join(character for character in text if character.isdigit()))  # '²' passes isdigit(), not int()
        return real(self, state, seat, text)

    monkeypatch.setattr(type(game), "parse_action", reads_digits)
    with pytest.raises(AssertionError, match="raised ValueError"):
        check_crafted_notation(played_states(SOGNI, count=1, salt=6)[0])


def test_kit_e_fails_when_a_view_hands_out_the_states_own_list(monkeypatch):
    from dreamtable.core.contract import State
    from dreamtable.games.sogni_e_incubi.rules import SogniState

    shared: dict[int, list] = {}

    def aliased(self, seat):
        view = State.view(self, seat)
        view["board"]["rows"] = shared.setdefault(id(self), view["board"]["rows"])
        return view

    monkeypatch.setattr(SogniState, "view", aliased)
    with pytest.raises(AssertionError, match="changed the state"):
        check_mutation_isolation(played_states(SOGNI, count=1, salt=8)[0])


def test_kit_e_fails_when_new_games_share_a_default_list(monkeypatch):
    from dreamtable.games.sogni_e_incubi.rules import SogniState

    default = ["shared"]
    real = SogniState.setup.__func__

    def setup(cls, game, players, seed, options):
        state = real(cls, game, players, seed, {**options, "first_player": options["first_player"]})
        state._options["extra"] = default  # every game holds the same list
        return state

    def view(self, seat):
        shown = type(self).__mro__[1].view(self, seat)
        shown["board"]["extra"] = len(self._options["extra"])
        return shown

    monkeypatch.setattr(SogniState, "setup", classmethod(setup))
    monkeypatch.setattr(SogniState, "view", view)
    state = dreamtable.load(SOGNI).new(players=2, seed=1)
    with pytest.raises(AssertionError, match="mutating .*options changed"):
        check_mutation_isolation(state)
