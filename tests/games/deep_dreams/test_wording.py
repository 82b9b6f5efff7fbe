"""Deep Dreams in the reader's words: every event and question is worded from the message the game
makes in Python (wording.py), cards by their colours and hidden cards unnamed, and the terminal's
drawing, legend and moves come from the catalogues, in English as before and wholly in Italian."""

from __future__ import annotations

import json
import random
import re

import pytest

from dreamtable.core.game_package import web_folder
from dreamtable.games.deep_dreams.render import legend
from tests.games.wording_checks import printed

from .position import GAME
from .test_view import predictions_position

EN, IT = GAME.words("en"), GAME.words("it")
FIELD = re.compile(r"\{[^{}]*\}")
CODE = re.compile(r"\bDD\d\d\b")


def seeded_games(seeds: range = range(8)):
    """Random games of every size, yielding each state before a move and the final one."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new(players=2 + seed % 4, seed=seed)
        while not state.is_over:
            yield state
            seat = state.actors[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


def test_every_event_and_question_of_seeded_games_is_worded_in_both_languages_as_the_game_says_it():
    met = set()
    for state in seeded_games():
        for viewer in (None, *range(state.players)):
            ask = state.ask(viewer)
            if ask["kind"] != "say":
                message = state.view(viewer)["prompt_message"]
                for words in (EN, IT):
                    said = words.message(message, ask)
                    assert "{" not in said and said != message["key"], (ask, said)
                assert EN.message(message, ask) == state.prompt(viewer)
        if not state.is_over:
            continue
        for viewer in (None, *range(state.players)):
            for event in state.log(viewer):
                met.add(event["message"]["key"])
                for words in (EN, IT):
                    said = words.message(event["message"], event)
                    assert "{" not in said and said != event["message"]["key"] and not CODE.search(said), (event, said)
                assert EN.message(event["message"], event) == event["text"], "the catalogue's English is the game's"
    assert {"event.draw", "event.draw.hidden", "event.play", "event.start-row", "event.game-over"} <= met


def test_a_card_hidden_from_the_reader_is_never_named_in_its_message():
    for state in seeded_games(range(6)):
        if not state.is_over:
            continue
        for viewer in (None, *range(state.players)):
            for event in state.log(viewer):
                card = event.get("card", "")
                hidden = card is None or (event["kind"] == "peek" and event["cards"] is None)
                if hidden:
                    assert event["message"] == {"key": f"event.{event['kind']}.hidden"}, event


CARDS = {"DD21": ("the pink/green/green card", "la carta rosa/verde/verde"),
         "DD01": ("the pink/pink/green card", "la carta rosa/rosa/verde"),
         "DD50": ("the blue/blue/green card", "la carta blu/blu/verde")}
VARIANTS = [  # each case the page's old sentence() told apart, as a seat sees the event
    ({"kind": "draw", "actor": 0, "card": "DD21"}, "A drew the pink/green/green card.", "A ha pescato la carta rosa/verde/verde."),
    ({"kind": "draw", "actor": 0, "card": None}, "A drew a card.", "A ha pescato una carta."),
    ({"kind": "bonus-draw", "actor": 1, "card": "DD01"}, "B connected two levels and drew the pink/pink/green card.",
     "B ha collegato due livelli e pesca la carta rosa/rosa/verde."),
    ({"kind": "bonus-draw", "actor": 1, "card": None}, "B connected two levels and drew a card.",
     "B ha collegato due livelli e pesca una carta."),
    ({"kind": "steal", "actor": 0, "victim": 2, "card": "DD50"}, "A stole the blue/blue/green card from C.",
     "A ha rubato la carta blu/blu/verde a C."),
    ({"kind": "steal", "actor": 0, "victim": 2, "card": None}, "A stole a card from C.", "A ha rubato una carta a C."),
    ({"kind": "start-row", "actor": 1, "card": "DD21"}, "B started their row with the pink/green/green card.",
     "B ha iniziato la sua fila con la carta rosa/verde/verde."),
    ({"kind": "play", "actor": 0, "card": "DD21", "end": "left", "levels": 1},
     "A played the pink/green/green card at the left end, connecting 1 level.",
     "A ha giocato la carta rosa/verde/verde all'estremità sinistra, collegando 1 livello."),
    ({"kind": "play", "actor": 0, "card": "DD01", "end": "right", "levels": 2},
     "A played the pink/pink/green card at the right end, connecting 2 levels.",
     "A ha giocato la carta rosa/rosa/verde all'estremità destra, collegando 2 livelli."),
    ({"kind": "moon", "actor": 0, "card": "DD50", "position": 2}, "A laid the blue/blue/green card by Dream Moon on position 2.",
     "A posa la carta blu/blu/verde con la Luna dei Sogni sulla posizione 2."),
    ({"kind": "peek", "actor": 0, "count": 3, "cards": ["DD21", "DD01", "DD50"]},
     "A uses Predictions and looks at the pink/green/green card, the pink/pink/green card and the blue/blue/green card.",
     "A usa Previsioni e guarda la carta rosa/verde/verde, la carta rosa/rosa/verde e la carta blu/blu/verde."),
    ({"kind": "peek", "actor": 0, "count": 3, "cards": None}, "A uses Predictions and looks at the top 3 cards.",
     "A usa Previsioni e guarda le prime 3 carte del mazzo."),
    ({"kind": "peek", "actor": 0, "count": 1, "cards": None}, "A uses Predictions and looks at the top card.",
     "A usa Previsioni e guarda la prima carta del mazzo."),
    ({"kind": "keep", "actor": 0, "card": "DD21", "rest": ["DD01", "DD50"], "returned": 2},
     "A kept the pink/green/green card and put the pink/pink/green card and the blue/blue/green card back on top.",
     "A tiene la carta rosa/verde/verde e rimette la carta rosa/rosa/verde e la carta blu/blu/verde in cima al mazzo."),
    ({"kind": "keep", "actor": 0, "card": "DD21", "rest": [], "returned": 0},
     "A kept the pink/green/green card and put nothing back on top.",
     "A tiene la carta rosa/verde/verde e rimette niente in cima al mazzo."),
    ({"kind": "keep", "actor": 0, "card": None, "rest": None, "returned": 2}, "A kept one card and put 2 back on top.",
     "A tiene una carta e ne rimette 2 in cima al mazzo."),
    ({"kind": "eliminate", "actor": 2, "target": 0, "end": "right", "cards": ["DD01", "DD21"]},
     "C eliminated A's rightmost card (the pink/pink/green card and the pink/green/green card).",
     "C ha eliminato la carta più a destra di A (la carta rosa/rosa/verde e la carta rosa/verde/verde)."),
    ({"kind": "decline", "actor": 1, "effect": "deep_sleep"}, "B declined Deep Sleep.", "B rinuncia a Sonno Profondo."),
]


@pytest.mark.parametrize(("event", "english", "italian"), VARIANTS, ids=lambda value: json.dumps(value)[:60])
def test_each_variant_names_the_cards_a_seat_sees_by_their_colours(event, english, italian):
    message = GAME.message(event)
    assert EN.message(message, event) == english == GAME.sentence(event)
    assert IT.message(message, event) == italian


def english_fragments() -> list[str]:
    """The literal text of the English templates (between their fields, line by line) that is long
    enough to be words of a sentence: none may be left in the Italian terminal."""
    catalogue = json.loads((web_folder(GAME) / "i18n" / "en.json").read_text(encoding="utf-8"))
    found = set()
    for key, template in catalogue.items():
        if not key.startswith(("terminal.", "event.", "form.")):
            continue
        for text in [template] if isinstance(template, str) else template.values():
            for line in text.splitlines():
                found |= {part.strip() for part in FIELD.split(line) if len(part.strip()) >= 12}
    return sorted(found)


def test_the_italian_terminal_leaves_no_english_in_the_board_the_legend_or_the_moves():
    fragments = english_fragments()
    assert "· the game ends after the round in which a row reaches" in fragments  # the check reads the templates
    said = [legend(IT)]
    for index, state in enumerate(seeded_games(range(4))):
        if index % 5 and not state.is_over and not state.view(state.actors[0])["board"]["resolving"]:
            continue
        for viewer in (None, *range(state.players)):
            view = state.view(viewer)
            said.append(printed(GAME.render(view, IT)))
            if viewer is not None and viewer in state.actors:
                said += [GAME.describe(view, move, IT) for move in state.legal_actions(viewer)]
    state = predictions_position()
    said += [printed(GAME.render(state.view(seat), IT)) for seat in (0, 1)]
    said += [GAME.describe(state.view(0), move, IT) for move in state.legal_actions(0)]
    text = "\n".join(said)
    assert "Punti: " in text and "Effetto in corso: " in text and "tieni la carta " in text
    assert [fragment for fragment in fragments if fragment in text] == []


def test_the_predictions_cards_are_named_in_italian_to_the_one_who_looks_and_to_nobody_else():
    state = predictions_position()
    looking, others = printed(GAME.render(state.view(0), IT)), printed(GAME.render(state.view(1), IT))
    assert ("Effetto in corso: Previsioni; vedi la carta blu/blu/verde, la carta blu/giallo/blu e la carta "
            "rosa/giallo/rosa") in looking
    assert "Effetto in corso: Previsioni\n" in others and "blu/giallo/blu" not in others
    keep = next(move for move in state.legal_actions(0) if str(move) == "keep DD51")
    assert GAME.describe(state.view(0), keep, IT) == "tieni la carta blu/giallo/blu; le altre tornano in cima al mazzo"


def test_the_moves_of_the_terminal_are_said_in_italian_with_their_counts():
    state = predictions_position()
    view = state.view(0)
    moves = {str(move): move for move in state.legal_actions(0)}
    assert GAME.describe(view, moves["skip"], IT) == "rinuncia all'effetto"
    view["board"]["deck"] = 1
    draw = GAME.parse_action(state, 0, "draw")
    assert GAME.describe(view, draw, IT) == "pesca una carta (ne resta 1)"
    assert GAME.describe(view, draw, EN) == "draw a card (1 left)"
    steal = GAME.parse_action(state, 0, "steal B")
    view["board"]["hands"][1]["size"] = 1
    assert GAME.describe(view, steal, IT) == "prendi a caso una carta dalla mano di B (1 carta)"
    assert GAME.describe(view, steal, EN) == "take a random card from B (1 card)"
