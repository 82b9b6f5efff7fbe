"""Dreamwell's structured events, their English words, the board under the view envelope, its schema and
the prompt."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest
from jsonschema import Draft202012Validator

import dreamtable
from dreamtable import testing
from dreamtable.core.errors import ComponentDataError as CoreComponentDataError
from dreamtable.core.visibility import Secret
from dreamtable.games.dreamwell import Dreamwell, events
from dreamtable.games.dreamwell.components import CARD_INDEX, FRIEND_CARDS, FRIENDS, ComponentDataError, item_name
from dreamtable.games.dreamwell.wording import card_name
from tests.helpers import play

from .position import board_a, with_fixtures

GAME = dreamtable.load("dreamwell")
ENVELOPE_KEYS = {"seat", "players", "actors", "turn", "timers", "prompt", "events", "outcome", "game"}


def random_games(count: int = 12) -> list[dreamtable.State]:
    """Random games to the end, both modes, 2–4 players; a card is played whenever one can be."""
    return [
        testing.play_random(GAME, 2 + seed % 3, seed, options={"mode": mode}, prefer="play ")
        for mode in ("basic", "advanced") for seed in range(count // 2)
    ]


@pytest.fixture(scope="module")
def games() -> list[dreamtable.State]:
    return random_games()


def last_text(state, seat) -> str:
    return state.log(seat, 1)[0]["text"]


def card_words(card: str) -> str:
    """A card in the English words of the log: the catalogue's ``card.name`` filled by the game's wording."""
    return GAME.words("en").message(card_name(card))


# -- event kinds and their words -----------------------------------------------------------------

def test_every_kind_the_rules_emit_is_declared_and_worded_in_english():
    assert set(Dreamwell.event_fields) == events.EVENT_KINDS
    assert [kind for kind in sorted(events.EVENT_KINDS) if not GAME.words("en").has(f"event.{kind}")] == []
    for kind in events.EVENT_KINDS:
        assert re.fullmatch(r"[a-z][a-z0-9-]*", kind), kind


@pytest.mark.slow
def test_random_games_emit_every_declared_kind_and_no_other(games):
    seen = {event.kind for state in games for event in state.events()}
    assert seen == events.EVENT_KINDS
    for state in games:
        testing.check_event_sentences(state)


@pytest.mark.slow
def test_event_fields_are_typed_values_never_words(games):
    """Seats are ints, everything else numbers, codes (``W12``, ``b3``, ``NE``, ``GAM``) or lists of them:
    no text is built in apply."""
    seat_fields = {"first"}

    def check(kind, key, value):
        if isinstance(value, Secret):
            check(kind, key, value.value)
            assert value.shown_as is None, (kind, key)
        elif isinstance(value, list):
            for item in value:
                check(kind, key, item)
        elif isinstance(value, str):
            assert re.fullmatch(r"[A-Za-z0-9]{1,3}", value), (kind, key, value)
        else:
            assert value is None or (isinstance(value, int) and not isinstance(value, bool)), (kind, key, value)

    for state in games:
        for event in state.events():
            assert event.actor is None or isinstance(event.actor, int)
            for key, value in event.fields.items():
                if key in seat_fields or key == "winners":
                    assert all(isinstance(seat, int) for seat in (value if isinstance(value, list) else [value]))
                check(event.kind, key, value)


def test_sentences_read_as_the_game_always_wrote_them(monkeypatch):
    numbers = with_fixtures(monkeypatch)
    state = board_a(pawns={0: ("a1", "b1")}, hands={0: [numbers["X1"]]})
    assert state.log(None)[0]["text"] == "The dream tiles are laid; A is the First Player."
    play(state, 0, "play X1")
    assert last_text(state, 1) == f"A played {card_words('X1')}: draw action."
    top = FRIEND_CARDS[state.deck[-1]].id
    play(state, 0, "draw")
    assert last_text(state, 0) == f"A drew {card_words(top)}."
    assert last_text(state, 1) == "A drew a card."
    assert state.log(1, 1)[0] == {"kind": "draw", "actor": 0, "card": None, "text": "A drew a card.",
                                  "message": {"key": "event.draw.hidden"}}
    taken = FRIEND_CARDS[state.display[1]].id
    refill = FRIEND_CARDS[state.deck[-1]].id
    play(state, 0, f"take {taken}")
    assert state.log(1, 1)[0] == {"kind": "take", "actor": 0, "card": taken, "slot": 1, "refill": refill,
                                  "text": f"A took {card_words(taken)} from the display.",
                                  "message": {"key": "event.take", "fields": {"name": card_name(taken)}}}
    play(state, 0, "rotate d4 270")
    assert last_text(state, None) == "A rotated d4 by 270°."

    state = board_a(pawns={0: ("b1", None)})
    play(state, 0, "move 1 N")
    assert state.log(None, 1)[0] == {"kind": "move", "actor": 0, "pawn": 1, "direction": "N", "start": "b1", "cell": "b2",
                                     "text": "A's pawn 1 moved N to b2.", "message": {"key": "event.move"}}
    play(state, 0, "stop")
    play(state, 0, "enter 2 a2")
    assert last_text(state, None) == "A brought pawn 2 onto a2."
    play(state, 0, "move 2 W")
    assert last_text(state, None) == "A's pawn 2 left the board from a2."
    play(state, 0, "refresh")
    assert last_text(state, None) == "A replaced the display."
    assert state.log(None, 1)[0]["display"] == [FRIEND_CARDS[card].id for card in state.display]


def test_sentences_of_abilities_flips_discards_and_the_end(monkeypatch):
    numbers = with_fixtures(monkeypatch)
    state = board_a(pawns={0: ("c4", "a3")}, hands={0: [numbers["X2"]]})
    play(state, 0, "play X2")
    assert last_text(state, None) == f"A played {card_words('X2')}: MOVE TO Black Sky."
    play(state, 0, "moveto 1 a1")
    assert state.log(None, 1)[0] == {"kind": "move-to", "actor": 0, "pawn": 1, "cell": "a1", "text": "A moves pawn 1 to a1.",
                                     "message": {"key": "event.move-to"}}
    state = board_a(pawns={0: ("c4", "a3")}, hands={0: [numbers["X2"]]})
    play(state, 0, "play X2")
    play(state, 0, "skip")
    assert last_text(state, None) == "A does not use the ability."

    state = board_a(advanced=True, pawns={0: ("b1", None)})
    play(state, 0, "flip b1")
    assert state.log(None, 1)[0] == {"kind": "flip", "actor": 0, "cell": "b1", "creature": "GAM", "terrain": "GC",
                                     "text": "A flipped b1: now Gamma / Green Cave.", "message": {"key": "event.flip"}}

    state = board_a(pawns={0: ("a1", None)})
    for _ in range(3):
        play(state, 0, "draw")
    card = FRIEND_CARDS[state.hands[0][0]].id
    play(state, 0, f"discard {card}")
    assert last_text(state, 0) == f"A discarded {card_words(card)}."
    assert state.log(1, 1)[0] == {"kind": "discard", "actor": 0, "card": None, "text": "A discarded a card.",
                                  "message": {"key": "event.discard.hidden"}}

    state = board_a(pawns={0: ("b1", "a1")}, hands={0: [numbers["X1"]]})
    state.played[0] = [CARD_INDEX[c] for c in ("W01", "W02", "W03", "W04", "W05", "W06")]
    state._legal = None
    play(state, 0, "play X1")
    assert [event["text"] for event in state.log(None, 2)] == [
        f"A played {card_words('X1')}: draw action.", "A has played 7 cards: this is the last round."]
    play(state, 0, "skip")
    play(state, 0, "rotate d4 90")
    play(state, 0, "rotate d4 90")
    while not state.is_over:
        play(state, 1, "rotate d4 90")
    over = state.log(None, 1)[0]
    assert over["kind"] == "game-over" and over["winners"] == [0] and isinstance(over["points"], int)
    assert over["text"] == f"Game over: A won with {over['points']} points."


def test_a_shared_win_names_every_winner():
    state = board_a(turn=1)
    state.first_player = 0
    state.played = [[CARD_INDEX["W02"], CARD_INDEX["W07"]], [CARD_INDEX["W07"], CARD_INDEX["W02"]]]
    state.end_triggered = True
    state._legal = None
    for _ in range(3):
        play(state, 1, "rotate d4 90")
    assert state.outcome.winners == (0, 1)
    assert last_text(state, 0) == f"Game over: A and B won with {int(state.outcome.scores[0])} points."


@pytest.mark.slow
def test_the_ability_lapses_when_it_has_nothing_to_act_on(games):
    lapsed = [(state, index) for state in games for index, event in enumerate(state.events()) if event.kind == "ability-lapses"]
    assert lapsed
    state, index = lapsed[0]
    log = state.log(None)
    assert log[index - 1]["kind"] == "play" and log[index - 1]["actor"] == log[index]["actor"]
    assert log[index]["text"] == "The ability has nothing to act on and lapses."


# -- the view --------------------------------------------------------------------------------------

def test_the_board_holds_only_the_game_and_fits_its_schema(games):
    state = GAME.new(players=3, seed=4, first_player="B")
    board = state.view(0)["board"]
    assert not set(board) & ENVELOPE_KEYS
    assert board["first_player"] == 1 and state.view(0)["turn"] == 1
    for finished in [state, *games]:
        for seat in [*range(finished.players), None]:
            testing.check_view_shape(finished.view(seat), "dreamwell")


def test_hands_are_hidden_from_the_other_seats_and_the_spectator():
    state = GAME.new(players=3, seed=4)
    for viewer in (0, 1, 2, None):
        hands = state.view(viewer)["board"]["hands"]
        for seat, hand in enumerate(hands):
            assert hand["size"] == 2
            if seat == viewer:
                assert hand["cards"] == sorted(FRIEND_CARDS[card].id for card in state.hands[seat])
            else:
                assert hand["cards"] is None


def test_seats_are_ints_on_the_board():
    state = board_a(players=3, pawns={0: ("b1", None), 2: ("b1", "a1")})
    cells = state.view(None)["board"]["cells"]
    assert cells[1]["pawns"] == [{"seat": 0, "pawn": 1}, {"seat": 2, "pawn": 1}]
    assert cells[0]["pawns"] == [{"seat": 2, "pawn": 2}]
    assert state.view(None)["board"]["pawns"] == [["b1", None], [None, None], ["b1", "a1"]]


@pytest.mark.parametrize("path, wrong", [
    (("pawns", 0, 0), "A1"),
    (("cells", 0, "pawns"), ["A1"]),
    (("cells", 0, "creature"), "Gamma"),
    (("first_player", ), "A"),
    (("hands", 1, "cards"), "W01"),
    (("hands", 0, "size"), -1),
    (("display", ), ["W01"]),
    (("continuing", ), 0),
    (("players", ), 2),
])
def test_the_schema_refuses_a_wrong_shape(path, wrong):
    view = GAME.new(players=2, seed=1).view(0)
    broken = copy.deepcopy(view)
    target = broken["board"]
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = wrong
    testing.check_view_shape(view, "dreamwell")
    with pytest.raises(AssertionError, match="board breaks its schema"):
        testing.check_view_shape(broken, "dreamwell")
    # The kit may compile the schema as draft-07; under its own dialect (2020-12) it refuses too.
    assert not Draft202012Validator(GAME.view_schema).is_valid(broken["board"])


def test_views_are_json_and_the_schema_file_is_valid_json_schema():
    Draft202012Validator.check_schema(GAME.view_schema)
    json.dumps(GAME.new(players=4, seed=2, mode="advanced").view(None))


# -- the prompt --------------------------------------------------------------------------------------

def test_prompt_says_what_the_seat_on_turn_is_asked(monkeypatch):
    numbers = with_fixtures(monkeypatch)
    state = board_a(pawns={0: ("c4", "a3")}, hands={0: [numbers["X2"]]})
    assert state.view(0)["prompt"] == "Take an action: 3 of 3 left."
    assert state.view(1)["prompt"] == state.view(None)["prompt"] == "Waiting for A."
    play(state, 0, "play X2")
    assert state.view(0)["prompt"] == "MOVE TO Black Sky: put a pawn on a tile showing it, or skip."
    play(state, 0, "skip")
    play(state, 0, "move 1 S")  # c4 -> c3, whose N door points back: the pawn may go on
    assert state.view(0)["prompt"] == "Take an action: 1 of 3 left. Pawn 1 may keep moving for free, or stop."

    state = board_a(pawns={0: ("a1", None)})
    state.lasting[0], state.free_available, state._legal = 0, True, None
    assert state.view(0)["prompt"] == "Take an action: 3 of 3 left. You also have a free rotate."
    for _ in range(3):
        play(state, 0, "draw")
    assert state.view(0)["prompt"] == "You have a free rotate. You may end your turn."
    play(state, 0, "end")
    assert state.view(0)["prompt"] == "You hold 5 cards: discard one (down to 4, DW-R18)."
    assert state.view(1)["prompt"] == "Waiting for A."

    state = board_a(pawns={0: ("a1", None)}, must_use_all_actions=False)
    assert state.view(0)["prompt"] == "Take an action: 3 of 3 left. You may end your turn early."


def test_prompts_never_differ_between_worlds_a_seat_cannot_tell_apart():
    for state in midgame_states():
        seat = state.actors[0]
        for other in range(state.players):
            world = state.determinize(other, random.Random(other))
            assert world.view(seat)["prompt"] == state.view(seat)["prompt"]


def midgame_states() -> list[dreamtable.State]:
    states = []
    for seed in range(16):
        rng = random.Random(seed)
        state = GAME.new(players=2 + seed % 3, seed=seed, mode=("basic", "advanced")[seed % 2])
        for _ in range(rng.randrange(5, 400)):
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            plays = [move for move in legal if str(move).startswith("play ")]
            state.apply(seat, rng.choice(plays or legal))
            if state.is_over:
                break
        if not state.is_over:
            states.append(state)
    return states


# -- moves: no free parameters -----------------------------------------------------------------------

def test_no_action_forms_and_apply_accepts_only_listed_moves():
    """Every Dreamwell move is listed by legal_actions: no action forms, and every near miss of a
    listed move (a number changed) is refused."""
    for state in midgame_states():
        for seat in range(state.players):
            assert state.action_forms(seat) == []
        testing.check_action_forms(state)


# -- names and errors ------------------------------------------------------------------------------

def test_component_data_errors_join_the_hierarchy():
    assert issubclass(ComponentDataError, CoreComponentDataError)
    assert issubclass(ComponentDataError, ValueError)


def test_first_player_option_names_a_seat_by_its_letter():
    assert GAME.new(players=4, seed=0, first_player="D").first_player == 3
    with pytest.raises(dreamtable.SetupError, match="seats A–B"):
        GAME.new(players=2, seed=0, first_player="C")


def test_changing_a_views_outcome_does_not_change_the_cached_scores(games):
    state = games[0]
    details = state.view(None)["outcome"]["details"]
    kept = json.dumps(state.view(None)["outcome"], sort_keys=True)
    for part in details:
        part["by_symbol"]["heart"] = -99
        part["wild_as"].clear()
    for card, choice in state.outcome.details[0]["wild_as"].items():
        choice.append("changed")
    assert json.dumps(dreamtable.replay(state.record()).view(None)["outcome"], sort_keys=True) == kept


def test_a_win_with_one_point_is_singular():
    # the log once said "won with 1 points"
    game = dreamtable.load("dreamwell")
    assert game.sentence({"kind": "game-over", "actor": None, "winners": [0, 1], "points": 1}) == "Game over: A and B won with 1 point."
    assert game.sentence({"kind": "game-over", "actor": None, "winners": [2], "points": 12}) == "Game over: C won with 12 points."


def test_a_card_is_named_by_its_friend_and_what_it_needs_never_by_its_code(games):
    """The log names a card as a player reads it off the card (DW-R15: two creatures and a terrain)."""
    assert card_words("W01") == "{} ({}, {}, {})".format(
        FRIENDS[FRIEND_CARDS[0].friend], item_name(FRIEND_CARDS[0].creatures[0]), item_name(FRIEND_CARDS[0].creatures[1]),
        item_name(8 + FRIEND_CARDS[0].terrain))
    for state in games:
        for event in state.log(None) + state.log(0):
            if event["kind"] in ("draw", "take", "play", "discard"):
                assert not re.search(r"\b[WB]\d\d\b", event["text"]), event["text"]
