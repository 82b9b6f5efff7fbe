"""Deep Dreams events: structured kinds with typed fields, and the English words of each kind.

The rules build events from ints and card codes only; the words come from the English catalogue
(through :mod:`dreamtable.games.deep_dreams.wording`) when a log is read, and read as the game's
log always has.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import dreamtable
from dreamtable import testing
from dreamtable.games.deep_dreams import events as ev
from dreamtable.games.deep_dreams.cards import ICONS
from dreamtable.games.deep_dreams.events import EVENT_KINDS
from dreamtable.games.deep_dreams.wording import cards_message

from .position import GAME, card_name, play, position

CARD = re.compile(r"^DD(0[1-9]|[1-4][0-9]|5[0-4])$")
WORDS = {"left", "right", "row-length", "stuck", *ICONS}
"""The only strings a field may hold besides card codes: ends, ending reasons, effect codes."""


def texts(state, seat):
    return [event["text"] for event in state.log(seat)]


def kinds(events):
    return [event.kind for event in events]


def card_names(cards):
    """Several cards in the English words of the log, joined."""
    return GAME.words("en").value(cards_message(cards))


def test_every_kind_the_rules_emit_is_declared_and_worded_in_english():
    assert set(GAME.event_fields) == EVENT_KINDS
    assert [kind for kind in sorted(EVENT_KINDS) if not GAME.words("en").has(f"event.{kind}")] == []


def _plain_values(value):
    """Every leaf of a revealed field (lists and dicts opened)."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _plain_values(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _plain_values(item)
    else:
        yield value


@pytest.mark.parametrize("players", [2, 3, 5])
def test_fuzzed_events_are_declared_kinds_with_typed_fields(players):
    seen = set()
    for seed in range(25):
        state = testing.play_random(GAME, players, seed, options={"draw_bonus_cards": 1 + seed % 2})
        for event in state.events():
            assert event.kind in EVENT_KINDS
            seen.add(event.kind)
            assert event.actor is None or (type(event.actor) is int and 0 <= event.actor < players)
            for seat in [*range(players), None]:
                shown = event.seen_by(seat)
                json.dumps(shown)
                for key, value in shown.items():
                    if key in ("first", "victim", "target"):
                        assert type(value) is int and 0 <= value < players
                    for leaf in _plain_values(value):
                        if isinstance(leaf, str) and key != "kind":
                            assert CARD.match(leaf) or leaf in WORDS, (event, key, leaf)
        testing.check_event_sentences(state)
    assert seen >= {ev.DEAL, ev.DRAW, ev.BONUS_DRAW, ev.START_ROW, ev.PLAY, ev.GAME_OVER, ev.DECLINE}


def test_deal_and_first_player():
    state = GAME.new(players=3, seed=1, first_player="C")
    [deal] = state.events()
    assert (deal.kind, deal.actor, dict(deal.fields)) == ("deal", None, {"first": 2})
    assert texts(state, None) == ["Five cards each are dealt; C is the First Player."]


def test_draw_shows_the_card_to_its_owner_only():
    state = position(hands={0: "DD40", 1: "DD41"}, deck_top="DD50")
    [draw] = play(state, 0, "draw")
    assert draw.kind == "draw" and draw.actor == 0
    assert draw.seen_by(0)["card"] == "DD50" and draw.seen_by(1)["card"] is None and draw.seen_by(None)["card"] is None
    assert texts(state, 0)[-1] == "A drew the blue/blue/green card."
    assert texts(state, 1)[-1] == texts(state, None)[-1] == "A drew a card."


def test_start_row_play_and_bonus_draw():
    state = position(hands={0: "DD36 DD40", 1: "DD41"})
    assert kinds(play(state, 0, "play DD36 right")) == ["start-row"]
    assert texts(state, None)[-1] == "A started their row with the pink/green/blue card."
    state = position(rows={0: "DD36"}, hands={0: "DD16", 1: "DD40"}, deck_top="DD50")
    events = play(state, 0, "play DD16 right")
    assert [(e.kind, e.actor) for e in events] == [("play", 0), ("bonus-draw", 0)]
    assert dict(events[0].fields) == {"card": "DD16", "end": "right", "levels": 2}
    assert texts(state, 0)[-2:] == ["A played the yellow/pink/pink card at the right end, connecting 2 levels.",
                                    "A connected two levels and drew the blue/blue/green card."]
    assert texts(state, 1)[-1] == "A connected two levels and drew a card."


def test_play_at_the_left_end_connecting_one_level():
    state = position(rows={0: "DD03"}, hands={0: "DD18 DD40", 1: "DD19"})
    [event] = play(state, 0, "play DD18 left")
    assert dict(event.fields) == {"card": "DD18", "end": "left", "levels": 1}
    assert texts(state, None)[-1] == "A played the pink/yellow/blue card at the left end, connecting 1 level."


def test_predictions_peek_and_keep():
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck_top="DD50 DD51 DD52")
    events = play(state, 0, "play DD03 right")
    peek = events[-1]
    assert peek.kind == "peek" and peek.seen_by(0) == {"kind": "peek", "actor": 0, "count": 3, "cards": ["DD50", "DD51", "DD52"]}
    assert peek.seen_by(1)["cards"] is None
    assert texts(state, 0)[-1] == ("A uses Predictions and looks at the blue/blue/green card, the blue/yellow/blue card "
                                   "and the pink/yellow/pink card.")
    assert texts(state, 1)[-1] == "A uses Predictions and looks at the top 3 cards."
    [keep] = play(state, 0, "keep DD51")
    assert keep.seen_by(0) == {"kind": "keep", "actor": 0, "card": "DD51", "returned": 2, "rest": ["DD50", "DD52"]}
    assert keep.seen_by(1) == {"kind": "keep", "actor": 0, "card": None, "returned": 2, "rest": None}
    assert texts(state, 0)[-1] == ("A kept the blue/yellow/blue card and put the blue/blue/green card and the "
                                   "pink/yellow/pink card back on top.")
    assert texts(state, None)[-1] == "A kept one card and put 2 back on top."


def test_predictions_of_a_single_card_reads_in_the_singular():
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck="DD50")
    play(state, 0, "play DD03 right")
    assert texts(state, 1)[-1] == "A uses Predictions and looks at the top card."
    play(state, 0, "keep DD50")
    assert texts(state, 0)[-1] == "A kept the blue/blue/green card and put nothing back on top."


def test_decline_moon_and_lapse():
    state = position(rows={0: "DD01"}, hands={0: "DD16 DD40", 1: "DD19"})
    play(state, 0, "play DD16 right")
    [decline] = play(state, 0, "skip")
    assert (decline.kind, dict(decline.fields)) == ("decline", {"effect": "dream_moon"})
    assert texts(state, None)[-1] == "A declined Dream Moon."
    state = position(rows={0: "DD36 DD01"}, hands={0: "DD03 DD05", 1: "DD19"})
    play(state, 0, "play DD03 right")
    [moon] = play(state, 0, "moon DD05 on 2")[:1]
    assert (moon.kind, dict(moon.fields)) == ("moon", {"card": "DD05", "position": 2})
    assert texts(state, None)[-1] == "A laid the yellow/blue/green card by Dream Moon on position 2."


def test_deep_sleep_and_the_extra_turn():
    state = position(rows={0: "DD03"}, hands={0: "DD46 DD40", 1: "DD19"})
    play(state, 0, "play DD46 right")
    events = play(state, 0, "extra turn")
    assert kinds(events) == ["deep-sleep", "extra-turn"] and {e.actor for e in events} == {0}
    assert texts(state, None)[-2:] == ["A sleeps deeply and will take an extra turn.", "A takes an extra turn."]


def test_steal_names_the_card_to_thief_and_victim_only():
    state = position(players=3, rows={0: "DD01"}, hands={0: "DD16 DD40", 1: "DD19", 2: "DD21"})
    play(state, 0, "play DD16 right")
    play(state, 0, "skip")
    [steal] = play(state, 0, "steal B")
    assert steal.kind == "steal" and steal.seen_by(0)["victim"] == 1
    assert steal.seen_by(0)["card"] == steal.seen_by(1)["card"] == "DD19"
    assert steal.seen_by(2)["card"] is None and steal.seen_by(None)["card"] is None
    assert texts(state, 1)[-1] == "A stole the green/blue/pink card from B."
    assert texts(state, 2)[-1] == "A stole a card from B."


def test_eliminate_names_the_target_seat_and_the_whole_stack():
    state = position(rows={0: "DD11", 1: "DD19+DD20 DD21"}, hands={0: "DD32", 1: "DD22"})
    play(state, 0, "play DD32 right")
    [eliminate] = play(state, 0, "eliminate B")[:1]
    assert (eliminate.kind, dict(eliminate.fields)) == ("eliminate", {"target": 1, "end": "left", "cards": ["DD19", "DD20"]})
    assert ("A eliminated B's leftmost card (the green/blue/pink card and the blue/blue/yellow card)."
            in texts(state, None))


def test_reshuffle_no_draw_pass_and_game_over():
    state = position(hands={0: "DD40", 1: "DD41"}, deck="", discard="DD01 DD02 DD03")
    events = play(state, 0, "draw")
    assert kinds(events) == ["reshuffle", "draw"] and dict(events[0].fields) == {"cards": 3}
    assert texts(state, None)[-2] == "The discard pile is shuffled into a new deck of 3 cards."
    state = position(rows={0: "DD02", 1: "DD05"}, hands={0: "DD15", 1: ""}, deck="", discard="")
    events = []
    state.turn = 1
    state._end_turn(events)
    assert kinds(events) == ["pass", "pass", "game-over"]
    assert dict(events[-1].fields) == {"reason": "stuck", "winners": [1], "points": 5.0} and state.outcome.scores[1] == 5.0
    assert [GAME.sentence(event.seen_by(None)) for event in events] == [
        "A can neither play nor draw, and passes.", "B can neither play nor draw, and passes.",
        "Game over (a full round of passes): B won with 5 points.",
    ]


def test_no_draw_when_nothing_is_left_and_a_shared_win():
    state = position(rows={0: "DD36"}, hands={0: "DD16", 1: "DD40"}, deck="", discard="")
    events = play(state, 0, "play DD16 right")
    assert kinds(events) == ["play", "no-draw"]
    assert texts(state, None)[-1] == "A could not draw: no cards are left."
    state = position(rows={0: "DD02", 1: "DD02"}, deck="", discard="")
    state.rows[1] = [(14,)]  # DD15: the same score and no black pair, so the win is shared
    finish = []
    state._finish("row-length", finish)
    assert dict(finish[0].fields)["winners"] == [0, 1]
    assert GAME.sentence(finish[0].seen_by(None)).startswith(
        "Game over (a row reached its full length and the round is over): A and B won with ")


def test_one_card_and_one_point_are_singular():
    # the log once said "a new deck of 1 cards" and "won with 1 points"
    state = position(hands={0: "DD40", 1: "DD41"}, deck="", discard="DD01")
    play(state, 0, "draw")
    assert "The discard pile is shuffled into a new deck of 1 card." in texts(state, None)
    assert GAME.sentence({"kind": "game-over", "actor": None, "reason": "stuck", "winners": [1], "points": 1.0}) == \
        "Game over (a full round of passes): B won with 1 point."


# -- a card in words: its colours top to bottom, never its code -----------------------------------

DECK_FILE = Path(dreamtable.__file__).parent / "games" / "deep_dreams" / "data" / "deck.json"
CATALOGUES = DECK_FILE.parent.parent / "web" / "i18n"
CODE = re.compile(r"DD\d\d")
CODE_FIELDS = ("card", "cards", "rest")
"""The event fields that hold card codes (``reshuffle``'s ``cards`` is a count)."""


def _codes(event):
    """The card codes an event as a seat sees it carries (none for a hidden card)."""
    found = []
    for key in CODE_FIELDS:
        if event["kind"] == ev.RESHUFFLE:
            continue
        value = event.get(key)
        found += [value] if isinstance(value, str) else [code for code in value or [] if isinstance(code, str)]
    return found


def test_no_two_cards_show_the_same_colours_top_to_bottom_so_the_colours_name_one_card():
    cards = json.loads(DECK_FILE.read_text(encoding="utf-8"))["cards"]
    triples = Counter((card["levels"]["top"], card["levels"]["middle"], card["levels"]["bottom"]) for card in cards)
    assert len(cards) == 54
    assert [triple for triple, count in triples.items() if count > 1] == []
    assert len({card_name(card["id"]) for card in cards}) == 54


def test_a_card_is_named_by_its_colours_top_to_bottom_in_every_sentence():
    assert card_name("DD01") == "the pink/pink/green card"  # data/deck.json: top pink, middle pink, bottom green
    assert card_names(["DD01", "DD21"]) == "the pink/pink/green card and the pink/green/green card"
    assert card_names(["DD01", "DD21", "DD50"]) == \
        "the pink/pink/green card, the pink/green/green card and the blue/blue/green card"
    assert card_names([]) == "nothing"
    named = set()
    for seed in range(40):
        state = testing.play_random(GAME, 2 + seed % 4, seed)
        for seat in [*range(state.players), None]:
            for event in state.log(seat):
                codes = _codes(event)
                for code in codes:
                    assert card_name(code) in event["text"], (event, code)
                named |= {event["kind"]} if codes else set()
        if named >= set(ev.SENTENCE_FIELDS):
            break
    assert named == set(ev.SENTENCE_FIELDS)  # every kind that carries a card was met and named it


def test_no_sentence_of_a_seeded_random_game_shows_a_card_code():
    for seed in range(6):
        state = testing.play_random(GAME, 2 + seed % 4, seed)
        for seat in [*range(state.players), None]:
            shown = [event["text"] for event in state.log(seat) if CODE.search(event["text"])]
            assert shown == [], (seed, seat, shown[:3])


@pytest.mark.parametrize("language", ["en", "it"])
def test_no_template_of_the_page_fills_a_card_code_in_either_language(language):
    """The page's words name cards by the fields ``name`` and ``names`` its module works out; a
    template filling an event's ``card``, ``cards`` or ``rest`` would print a code to a player."""
    words = json.loads((CATALOGUES / f"{language}.json").read_text(encoding="utf-8"))
    wrong = []
    for key, template in words.items():
        texts = [template] if isinstance(template, str) else list(template.values())
        fields = {name for text in texts for name in re.findall(r"\{(\w+)", text)}
        codes = set(CODE_FIELDS) - ({"cards"} if key.startswith(f"event.{ev.RESHUFFLE}") else set())
        # the terminal's legend alone writes a code: it tells how the number drawn on a card is typed in a move
        if fields & codes or (key != "terminal.legend" and any(CODE.search(text) for text in texts)):
            wrong.append(key)
    assert wrong == []
    assert words["card.name"].count("{") == 3 and "{top:colour}" in words["card.name"]
