"""Dreamwell in words: each event's sentence chosen once in Python (wording.py) — a hidden card, a card
named by its friend and needs, a play's ability — read in English and Italian alike, and the terminal's
drawing, legend, endings and moves in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

import dreamtable
from dreamtable.games.dreamwell.components import FRIEND_CARDS
from dreamtable.games.dreamwell.render import card_text, legend

from tests.games.wording_checks import english_left, english_literals, printed, sampled_views, terminal_text, unworded_messages

GAME = dreamtable.load("dreamwell")
EN, IT = GAME.words("en"), GAME.words("it")


def said(event: dict[str, Any], words: Any) -> str:
    return str(words.message(GAME.message(event), event))


def card_with(ability: str, target: Any = None) -> str:
    """The id of a card whose ability is ``ability`` (aimed at ``target`` when given)."""
    return next(card.id for card in FRIEND_CARDS if card.ability[0] == ability and (target is None or card.ability[1] == target))


@pytest.mark.parametrize("players, seed, mode", [(2, 0, "basic"), (3, 5, "advanced"), (4, 4, "basic")])
def test_every_event_and_prompt_of_random_games_reads_in_english_and_italian(players: int, seed: int, mode: str) -> None:
    # seeds of short games: every seat's view of every step is read, twice
    assert unworded_messages(GAME, players, seed, options={"mode": mode}, prefer="play ") == []


@pytest.mark.parametrize("kind, english, italian", [
    ("draw", "A drew a card.", "A ha pescato una carta."),
    ("discard", "A discarded a card.", "A ha scartato una carta."),
])
def test_a_card_hidden_from_the_seat_is_a_card_DW_R7_DW_R18(kind: str, english: str, italian: str) -> None:
    event = {"kind": kind, "actor": 0, "card": None}
    assert GAME.message(event) == {"key": f"event.{kind}.hidden"}
    assert (said(event, EN), said(event, IT)) == (english, italian)


def test_a_card_is_named_by_its_friend_and_what_it_needs_in_the_readers_words() -> None:
    card = next(card.id for card in FRIEND_CARDS if card.friend == 5 and card.creatures == (1, 3) and card.terrain == 1)
    drawn = {"kind": "draw", "actor": 0, "card": card}
    taken = {"kind": "take", "actor": 1, "card": card, "slot": 0, "refill": None}
    discarded = {"kind": "discard", "actor": 2, "card": card}
    assert said(drawn, EN) == "A drew Orbit (Cosmo, Umibozu, Blue Water)."
    assert said(drawn, IT) == "A ha pescato Orbit (Cosmo, Umibozu, Acqua Blu)."
    assert said(taken, EN) == "B took Orbit (Cosmo, Umibozu, Blue Water) from the display."
    assert said(taken, IT) == "B ha preso Orbit (Cosmo, Umibozu, Acqua Blu) dalla vetrina."
    assert said(discarded, IT) == "C ha scartato Orbit (Cosmo, Umibozu, Acqua Blu)."
    assert "ability" not in GAME.message(taken)["fields"], "only a play says its ability"


@pytest.mark.parametrize("ability, target, english, italian", [
    ("move_to", 10, "MOVE TO Black Sky", "SPOSTATI SU Cielo Nero"),
    ("located", 0, "LOCATED Gamma", "TROVATO Gamma"),
    ("each_turn_free", 0, "each turn a free rotate", "a ogni turno una rotazione gratuita"),
    ("draw_action", None, "draw action", "azione pesca"),
])
def test_a_play_says_the_cards_ability_DW_R16(ability: str, target: Any, english: str, italian: str) -> None:
    card = card_with(ability, target)
    event = {"kind": "play", "actor": 0, "card": card}
    assert said(event, EN).endswith(f": {english}.") and said(event, IT).endswith(f": {italian}.")
    assert said(event, EN) == f"A played {EN.message(GAME.message(event)['fields']['name'])}: {english}."


def test_the_prompt_leaves_out_what_the_seat_may_not_do() -> None:
    ask = {"kind": "actions", "left": 2, "of": 3, "pawn": None, "free": None, "early": False}
    message = GAME.prompt_message(ask)
    assert EN.message(message, ask) == "Take an action: 2 of 3 left."
    assert IT.message(message, ask) == "Fai un'azione: te ne restano 2 su 3."
    going = {**ask, "pawn": 1, "free": "flip"}
    assert EN.message(message, going) == ("Take an action: 2 of 3 left. Pawn 1 may keep moving for free, or stop. "
                                          "You also have a free flip.")


LITERALS = english_literals(GAME)


def test_the_italian_terminal_leaves_no_english_in_the_drawing_the_moves_and_the_end() -> None:
    assert len(LITERALS) > 20, "the check looks for the English terminal words"
    for players, seed, mode in ((2, 0, "advanced"), (3, 5, "basic"), (4, 4, "advanced")):
        for view, moves in sampled_views(GAME, players, seed, every=150, options={"mode": mode}, prefer="play "):
            shown = terminal_text(GAME, IT, view, moves)
            assert english_left(shown, LITERALS) == [], shown
    assert english_left(legend(IT), LITERALS) == []
    every_card = "\n".join(card_text(card.id, IT) for card in FRIEND_CARDS)
    assert english_left(every_card, LITERALS) == []


def test_a_card_line_in_italian_uses_the_glossarys_names() -> None:
    card = card_with("located")
    line = card_text(card, IT)
    assert line.startswith(f"{card} ") and ": richiede " in line and "; trovato " in line
    english = card_text(card, EN)
    assert ": needs " in english and "; located " in english
    assert card_text(card_with("each_turn_free", 1), IT).endswith("a ogni turno un capovolgimento gratuito")


def test_the_italian_terminal_says_whose_turn_and_how_many_actions_are_left() -> None:
    state = GAME.new(players=2, seed=3, first_player="A")
    text = " ".join(printed(GAME.render(state.view(0), IT)).split())
    assert "A (tu): 0 punti, giocate niente, in mano" in text and "◀ restano 3 azioni" in text
    assert "Fuori dal tabellone: A1 A2 B1 B2 · mazzo" in text and "modalità base" in text
    moves = {str(move): move for move in state.legal_actions(0)}
    assert GAME.describe(state.view(0), moves["draw"], IT).startswith("pesca la prima carta del mazzo (ne restano ")
    assert GAME.describe(state.view(0), moves["rotate a1 90"], IT) == "ruota la tessera a1 di 90° in senso orario"
