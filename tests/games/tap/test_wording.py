"""Tap in words: a draw is told without its card to the other seats in every language (TAP-R5), and the
terminal's drawing, legend and ending read in the reader's language."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable_tap.render import legend

from tests.games.wording_checks import english_left, english_literals, printed, sampled_views, terminal_text, unworded_messages

TAP = dreamtable.load("tap")
EN, IT = TAP.words("en"), TAP.words("it")


@pytest.mark.parametrize("players", [2, 3])
def test_every_event_and_prompt_of_random_games_reads_in_english_and_italian(players: int) -> None:
    for seed in range(3):
        assert unworded_messages(TAP, players, seed, options={"turns": 12}) == []


def test_a_draw_shows_its_card_to_the_drawer_alone_in_either_language_TAP_R5() -> None:
    state = TAP.new(players=2, seed=1)
    state.apply(0, "draw")
    mine, theirs = state.log(0)[-1], state.log(1)[-1]
    assert mine["message"] == {"key": "event.draw"} and theirs["message"] == {"key": "event.draw.hidden"}
    assert EN.message(mine["message"], mine) == f"A drew {mine['card']}."
    assert EN.message(theirs["message"], theirs) == "A drew a card."
    assert IT.message(theirs["message"], theirs) == "A ha pescato una carta coperta."


def test_the_italian_terminal_leaves_no_english_in_the_drawing_and_the_ending() -> None:
    literals = english_literals(TAP)
    assert len(literals) >= 5, "the check looks for the English terminal words"
    for players, seed in ((2, 0), (3, 1)):
        for view, moves in sampled_views(TAP, players, seed, every=2, options={"turns": 6}):
            shown = terminal_text(TAP, IT, view, moves)
            assert english_left(shown, literals) == [], shown
    assert english_left(legend(IT), literals) == []


def test_the_terminal_counts_points_and_cards_and_tells_the_end_in_italian() -> None:
    state = TAP.new(players=2, seed=2, turns=4)
    for seat, move in ((0, "draw"), (1, "tap"), (0, "tap"), (1, "tap")):
        state.apply(seat, move)
    english = printed(TAP.render(state.view(0), EN))
    italian = printed(TAP.render(state.view(0), IT))
    assert "B  2 pts  []" in english and "turns played 4" in english and "(after 4 turns)" in english
    assert "B  2 pt  []" in italian and "turni giocati 4" in italian and "(dopo 4 turni)" in italian
    assert "Totali di punti e carte: A " in italian
