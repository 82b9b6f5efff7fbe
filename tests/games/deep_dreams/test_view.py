"""Deep Dreams views: the envelope with the board under ``board``, its JSON Schema, the prompts,
and no action forms (every move is listed by ``legal_actions``)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from dreamtable import testing

from .position import GAME, play, position

ALL_VIEWERS = [0, 1, 2, None]


def check_all(state):
    for seat in [*range(state.players), None]:
        testing.check_view_shape(state.view(seat), "deep-dreams")


def predictions_position():
    state = position(players=3, rows={0: "DD09", 1: "DD19+DD20"}, hands={0: "DD03 DD40", 1: "DD21"},
                     deck_top="DD50 DD51 DD52")
    play(state, 0, "play DD03 right")
    return state


def test_the_board_holds_only_the_table():
    view = GAME.new(players=3, seed=4).view(0)
    assert set(view) == {"seat", "players", "actors", "turn", "timers", "prompt", "ask", "prompt_message", "events", "outcome", "board"}
    assert set(view["board"]) == {"first_player", "threshold", "deck", "discard", "hands", "rows", "resolving", "peek",
                                  "extra_turns", "scores", "score_parts"}
    assert view["turn"] == view["board"]["first_player"] == view["actors"][0]


def test_views_fit_the_schema_at_the_start_mid_effect_and_at_the_end():
    check_all(GAME.new(players=5, seed=2))
    state = predictions_position()
    check_all(state)
    assert state.view(0)["board"]["peek"] == ["DD50", "DD51", "DD52"] and state.view(1)["board"]["peek"] == 3
    assert state.view(0)["board"]["resolving"] == "predictions"
    finished = testing.play_random(GAME, 4, 9)
    check_all(finished)
    assert finished.view(None)["turn"] is None and finished.view(None)["outcome"]["reason"] in ("row-length", "stuck")


@pytest.mark.parametrize("break_it", [
    lambda b: b.update(turn=0),  # the envelope holds the turn now
    lambda b: b.update(first_player="A"),  # seats are ints
    lambda b: b["hands"][0].update(cards="DD01"),
    lambda b: b.update(peek=["DD50", "DD51", "DD52", "DD53"]),
    lambda b: b.update(resolving="Dream Moon"),  # effects are codes
    lambda b: b["rows"][1].append([]),  # a position holds at least one card
    lambda b: b["rows"][1].append(["DD55"]),
    lambda b: b.pop("deck"),
    lambda b: b["score_parts"][0].update(extra=1),
])
def test_the_schema_refuses_a_wrong_board(break_it):
    view = predictions_position().view(0)
    testing.check_view_shape(view, "deep-dreams")
    broken = copy.deepcopy(view)
    break_it(broken["board"])
    with pytest.raises(AssertionError, match="board breaks its schema"):
        testing.check_view_shape(broken, "deep-dreams")


def test_prompts_for_a_turn():
    assert GAME.new(players=2, seed=1).view(None)["prompt"].startswith("Waiting for ")
    state = position(hands={0: "DD02", 1: "DD03"})
    assert state.view(0)["prompt"] == "Start your row with any card from your hand, or draw."
    assert state.view(1)["prompt"] == "Waiting for A."
    state = position(rows={0: "DD03"}, hands={0: "DD18", 1: "DD19"})
    assert state.view(0)["prompt"] == "Play a card that connects to your row, or draw."
    state = position(rows={0: "DD02"}, hands={0: "DD15", 1: "DD19"})
    assert state.view(0)["prompt"] == "Draw a card (none of yours connects to your row now)."
    state = position(rows={0: "DD03"}, hands={0: "DD18", 1: "DD19"}, deck="", discard="")
    assert state.view(0)["prompt"] == "Play a card that connects to your row (nothing is left to draw)."
    assert testing.play_random(GAME, 2, 3).view(0)["prompt"] == "The game is over."


def test_prompts_for_each_icon_effect():
    state = position(rows={0: "DD36 DD01"}, hands={0: "DD03 DD05", 1: "DD19"})
    play(state, 0, "play DD03 right")
    assert state.view(0)["prompt"] == "Dream Moon: lay a card from your hand on one of your positions 1–2 (never the rightmost), or skip."
    state = predictions_position()
    assert state.view(0)["prompt"] == "Predictions: keep one of the 3 cards you see (the rest go back on top), or skip."
    assert state.view(1)["prompt"] == "Waiting for A."
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck="DD50")
    play(state, 0, "play DD03 right")
    assert state.view(0)["prompt"] == "Predictions: keep the one card you see, or skip (it stays on top)."
    state = position(rows={0: "DD03"}, hands={0: "DD46 DD40", 1: "DD19"})
    play(state, 0, "play DD46 right")
    assert state.view(0)["prompt"] == "Deep Sleep: take an extra turn after this one, or skip."
    state = position(players=4, rows={0: "DD01"}, hands={0: "DD16 DD40", 1: "DD19", 3: "DD21"})
    play(state, 0, "play DD16 right")
    play(state, 0, "skip")
    assert state.view(0)["prompt"] == "Steal: take a random card from another player's hand (B or D), or skip."
    state = position(players=3, rows={0: "DD11", 1: "DD19", 2: "DD20"}, hands={0: "DD32", 1: "DD22"})
    play(state, 0, "play DD32 right")
    assert state.view(0)["prompt"] == "Eliminate left: discard the leftmost card of another player's row (B or C), or skip."


def test_prompts_never_reveal_what_the_others_cannot_know():
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new(players=3, seed=seed)
        for _ in range(40):
            if state.is_over:
                break
            seat = state.actors[0]
            for viewer in range(3):
                mine = state.view(viewer)["prompt"]
                assert all(state.determinize(viewer, random.Random(k)).view(viewer)["prompt"] == mine for k in range(3))
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_no_action_forms_and_nothing_outside_the_legal_list_is_accepted():
    states = [predictions_position(), GAME.new(players=5, seed=3)]
    state = position(rows={0: "DD36 DD01"}, hands={0: "DD03 DD05", 1: "DD19"})
    play(state, 0, "play DD03 right")  # Dream Moon: moon DD05 on 1–2
    states.append(state)
    rng = random.Random(5)
    state = GAME.new(players=4, seed=5)
    for _ in range(80):
        if state.is_over:
            break
        states.append(state.copy())
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for state in states:
        assert all(state.action_forms(seat) == [] for seat in range(state.players))
        testing.check_action_forms(state)


def test_the_board_carries_no_seat_letters():
    state = predictions_position()
    for seat in ALL_VIEWERS:
        board = json.dumps(state.view(seat)["board"])
        assert '"A"' not in board and '"B"' not in board


def test_the_terminal_says_the_predictions_cards_and_the_card_kept_by_their_colours():
    from rich.console import Console

    state = predictions_position()
    view = state.view(0)
    console = Console(width=200, record=True, color_system=None)
    console.print(GAME.render(view))
    shown = console.export_text()
    seen = [line for line in shown.splitlines() if "you see" in line]
    assert seen == ["Resolving Predictions: you see the blue/blue/green card, the blue/yellow/blue card and the "
                    "pink/yellow/pink card"], seen
    keep = next(move for move in state.legal_actions(0) if str(move) == "keep DD51")
    assert GAME.describe(view, keep) == "keep the blue/yellow/blue card; the others go back on top"
