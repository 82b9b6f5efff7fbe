"""Sogni e Incubi's structured events, their English words, the board and its schema, the prompt."""

from __future__ import annotations

import copy
import json
import random

import pytest

from dreamtable import IllegalActionError, testing
from dreamtable.games.sogni_e_incubi.cards import SHORT_NAMES
from dreamtable.games.sogni_e_incubi.events import EVENT_KINDS
from dreamtable.games.sogni_e_incubi.notation import Move

from tests.helpers import play

from .position import GAME, position, sentence

ENVELOPE_KEYS = {"game", "players", "turn", "actors", "seat", "events", "outcome", "prompt", "timers"}


def random_games(count, players=(2, 3, 4), **options):
    """Finished random games, seeded."""
    for seed in range(count):
        rng = random.Random(seed)
        state = GAME.new(players=players[seed % len(players)], seed=seed, **options)
        while not state.is_over:
            seat = state.actors[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


# -- events ---------------------------------------------------------------------------------

def test_every_event_kind_the_rules_emit_is_declared_and_worded_in_english():
    assert set(GAME.event_fields) == EVENT_KINDS
    assert [kind for kind in sorted(EVENT_KINDS) if not GAME.words("en").has(f"event.{kind}")] == []


def test_events_are_kinds_with_int_seats_card_names_and_no_text():
    seen = set()
    for state in random_games(120):
        for event in state.events():
            seen.add(event.kind)
            assert event.kind in EVENT_KINDS
            for seat in [*range(state.players), None]:
                shown = event.seen_by(seat)
                assert "text" not in shown
                json.dumps(shown)
                assert shown["actor"] is None or shown["actor"] in range(state.players)
                for name in ("first", "row", "to_hand"):
                    if shown.get(name) is not None:
                        assert type(shown[name]) is int and 0 <= shown[name] < state.players
                for name in ("card", "over"):
                    assert shown.get(name) is None or shown[name] in SHORT_NAMES
                if event.kind == "play":
                    assert type(shown["slot"]) is int and 1 <= shown["slot"] <= 6
                if event.kind == "game-over":
                    assert shown["winners"] == list(state.outcome.winners)
                    assert shown["reason"] == state.outcome.reason
    assert seen == EVENT_KINDS, "random games should reach every kind of event"


def test_a_drawn_card_is_a_field_for_the_drawer_and_null_for_the_others():
    state = GAME.new(players=3, seed=4, first_player="B")
    play(state, 1, "draw")
    event = state.events()[-1]
    assert event.kind == "draw" and event.actor == 1
    assert event.seen_by(1)["card"] in SHORT_NAMES
    assert event.seen_by(0)["card"] is None and event.seen_by(None)["card"] is None
    assert sentence(state, event, 0) == "B drew a card."
    assert sentence(state, event, 1).startswith("B drew ") and sentence(state, event, 1) != "B drew a card."


def test_the_deal_names_the_first_player():
    state = GAME.new(players=2, seed=1, first_player="B")
    first = state.log(None)[0]
    assert first == {"kind": "deal", "actor": None, "first": 1, "text": "The cards are dealt; B begins.",
                     "message": {"key": "event.deal"}}


@pytest.mark.parametrize(
    "rows, hands, move, options, fields, words",
    [
        ({}, {0: "S5"}, "S5", {}, {"card": "S5", "row": 0, "slot": 5, "over": None, "to_hand": None},
         "A played Dream 5 on their slot 5."),
        ({0: {5: "S5 I5"}}, {0: "S5"}, "S5", {}, {"card": "S5", "row": 0, "slot": 5, "over": "I5", "to_hand": None},
         "A played Dream 5 on their slot 5, covering the nightmare."),
        ({0: {2: "CI"}}, {0: "R"}, "R2", {}, {"card": "R", "row": 0, "slot": 2, "over": "CI", "to_hand": None},
         "A played Rem on their slot 2, covering the nightmare."),
        ({0: {2: "I2"}}, {0: "CS"}, "CS2", {}, {"card": "CS", "row": 0, "slot": 2, "over": "I2", "to_hand": None},
         "A played Convert to Dream on their slot 2, covering the nightmare."),
        ({1: {4: "I4 R"}}, {0: "S4"}, "S4>B", {}, {"card": "S4", "row": 1, "slot": 4, "over": "R", "to_hand": 0},
         "A played Dream 4 on B's slot 4 and took the Rem."),
        ({1: {2: "S2"}}, {0: "I2"}, "I2>B", {}, {"card": "I2", "row": 1, "slot": 2, "over": "S2", "to_hand": 0},
         "A played Nightmare 2 on B's slot 2 and took B's Dream 2."),
        ({1: {2: "R"}}, {0: "I2"}, "I2>B", {}, {"card": "I2", "row": 1, "slot": 2, "over": "R", "to_hand": None},
         "A played Nightmare 2 on B's slot 2."),
        ({1: {1: "S1"}}, {0: "CI"}, "CI>B1", {}, {"card": "CI", "row": 1, "slot": 1, "over": "S1", "to_hand": 1},
         "A played Convert to Nightmare on B's slot 1; Dream 1 went back to B's hand."),
        ({1: {1: "S1"}}, {0: "CI"}, "CI>B1", {"ci_returns_to": "attacker"},
         {"card": "CI", "row": 1, "slot": 1, "over": "S1", "to_hand": 0},
         "A played Convert to Nightmare on B's slot 1; Dream 1 went back to A's hand."),
    ],
)
def test_play_events_carry_what_moved_and_read_as_before(rows, hands, move, options, fields, words):
    state = position(rows=rows, hands={**hands, 1: "S6 S6"}, **options)
    events = play(state, 0, move)
    assert events[0].kind == "play" and events[0].actor == 0
    assert dict(events[0].fields) == fields
    assert sentence(state, events[0]) == words


def test_pass_and_game_over_events():
    state = position(rows={0: {1: "S1", 2: "S2"}, 1: {1: "S1", 2: "S2"}}, hands={0: "S3 I6", 1: "I5"}, deck="")
    events = play(state, 0, "S3")
    shown = [(event.kind, event.actor, dict(event.fields)) for event in events]
    assert shown[1:] == [
        ("pass", 1, {"reason": "no-legal-move"}),
        ("pass", 0, {"reason": "no-legal-move"}),
        ("game-over", None, {"reason": "stuck", "winners": [0]}),
    ]
    assert sentence(state, events[-1]) == "A won on the count: a full round passed with no legal move."
    state = position(rows={0: {1: "S1", 2: "I2"}}, hands={0: "", 1: "S3 CI S4"}, turn=1, deck="")
    events = play(state, 1, "S3")
    assert [(event.kind, event.actor, dict(event.fields)) for event in events[1:]] == [("pass", 0, {"reason": "no-cards"})]
    assert sentence(state, events[1]) == "A has no cards and passes."
    state = position(rows={0: {1: "S1"}, 1: {1: "S1", 2: "I2"}}, hands={0: "S2", 1: "S2"}, deck="")
    play(state, 0, "S2")
    events = play(state, 1, "S2")
    assert sentence(state, events[-1]) == (
        "Shared win: A and B (won on the count: every hand is empty and the deck is gone).")


# -- the board ------------------------------------------------------------------------------

def test_the_board_holds_only_the_table_and_seats_are_ints():
    state = GAME.new(players=3, seed=2, first_player="C")
    view = state.view(0)
    assert set(view["board"]) == {"first_player", "deck", "hand_limit", "hands", "rows"}
    assert not ENVELOPE_KEYS & set(view["board"])
    assert view["board"]["first_player"] == 2 and view["turn"] == 2 and view["players"] == 3


def test_every_view_fits_the_schema():
    for state in random_games(30):
        for seat in [*range(state.players), None]:
            testing.check_view_shape(state.view(seat), GAME.id)
    state = position(players=4, rows={1: {2: "S2 I2 R"}}, hands={0: "S1 CI", 2: "I1"}, deck="S6 S6")
    for seat in [0, 1, 2, 3, None]:
        testing.check_view_shape(state.view(seat), GAME.id)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda board: board.update(first_player="A"),
        lambda board: board["rows"][0][0].append("S7"),
        lambda board: board["rows"][1].pop(),
        lambda board: board["hands"][1].update(cards="4 cards"),
        lambda board: board["hands"][0].pop("known"),
        lambda board: board.update(turn=0),
        lambda board: board.update(deck=-1),
    ],
)
def test_the_schema_catches_a_wrong_board(spoil):
    view = copy.deepcopy(GAME.new(players=2, seed=3).view(0))
    spoil(view["board"])
    with pytest.raises(AssertionError, match="board breaks its schema"):
        testing.check_view_shape(view, GAME.id)


# -- the prompt -----------------------------------------------------------------------------

def test_the_prompt_says_what_the_seat_on_turn_may_do():
    assert position(hands={0: "S1"}).view(0)["prompt"] == "Draw a card or play one from your hand."
    assert position(hands={0: "I1"}).view(0)["prompt"] == "Draw a card: no card in your hand can be played now."
    assert position(hands={0: "S1"}, deck="").view(0)["prompt"] == (
        "Play a card from your hand: the deck is empty, so you cannot draw.")
    full = position(hands={0: "S1 I1 I1 I1 I1 I2 I2 I2 I2 I3"})
    assert full.view(0)["prompt"] == "Play a card from your hand: you hold 10 cards, so you cannot draw (hand limit 10)."


def test_the_prompt_of_the_others_reveals_nothing():
    state = position(hands={0: "I1", 1: "S2"})
    assert state.view(1)["prompt"] == "Waiting for A."
    assert state.view(None)["prompt"] == "Waiting for A."
    for draw in range(8):
        world = state.determinize(1, random.Random(draw))
        assert world.view(1) == state.view(1)
        assert world.view(0)["prompt"] in ("Draw a card: no card in your hand can be played now.",
                                           "Draw a card or play one from your hand.")
    done = next(random_games(1))
    assert done.view(0)["prompt"] == "The game is over."


# -- no free parameters ----------------------------------------------------------------------

def test_every_move_is_listed_so_there_are_no_action_forms():
    for state in random_games(10):
        assert all(state.action_forms(seat) == [] for seat in range(state.players))
    state = GAME.new(players=3, seed=6)
    rng = random.Random(6)
    for _ in range(40):
        testing.check_action_forms(state)
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_apply_refuses_a_draw_that_names_a_row_or_slot():
    state = position(hands={0: "S1"})
    with pytest.raises(IllegalActionError, match="drawing names no row or slot"):
        state.apply(0, Move(-1, 1, 3))
