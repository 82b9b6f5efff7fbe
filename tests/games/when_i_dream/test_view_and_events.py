"""When I Dream's structured events and their sentences, the board and its schema, the prompts, the
order of the actors, and the action forms of the free words (the guess, the clue, the recount)."""

from __future__ import annotations

import copy
import json

import pytest

import dreamtable
from dreamtable import testing
from dreamtable.core.errors import ComponentDataError, IllegalActionError, NotationError
from dreamtable.core.forms import FormError
from dreamtable.games.when_i_dream.events import EVENT_KINDS
from dreamtable.games.when_i_dream.words import DeckError, parse_deck
from tests.helpers import assert_refused, play

GAME = dreamtable.load("when-i-dream")
OPTION_SETS = [{}, {"auto_clue_check": "penalize", "clue_timing": "strict", "flag_quorum": 1},
               {"dreamer_sees_own_guesses": True, "dreamer_sees_past_clues": True}]
SEAT_FIELDS = ("dreamer", "seat", "author")


def new(players=4, seed=0, **options):
    return GAME.new(players=players, seed=seed, **options)


def random_games(count, players=(4, 5, 6)):
    """Finished random games (the clock expires at random moments), seeded, over the option sets."""
    for seed in range(count):
        yield testing.play_random(GAME, players[seed % len(players)], seed=seed, options=OPTION_SETS[seed % len(OPTION_SETS)])


def last(state, seat, kind):
    """The last event of ``kind`` as ``seat`` knows it, with its sentence."""
    return next(event for event in reversed(state.log(seat)) if event["kind"] == kind)


# -- events ----------------------------------------------------------------------------------------

def test_every_event_kind_the_rules_emit_is_declared_and_has_english_words():
    assert set(GAME.event_fields) == EVENT_KINDS
    assert all(GAME.words("en").has(f"event.{kind}") for kind in EVENT_KINDS)


def test_events_are_kinds_with_int_seats_and_typed_fields_and_random_games_reach_every_kind():
    seen = set()
    for state in random_games(9):
        for event in state.events():
            assert event.kind in EVENT_KINDS
            seen.add(event.kind)
            for seat in [*range(state.players), None]:
                shown = event.seen_by(seat)
                assert "text" not in shown
                json.dumps(shown)
                assert shown["actor"] is None or type(shown["actor"]) is int and 0 <= shown["actor"] < state.players
                for name in SEAT_FIELDS:
                    if name in shown:
                        assert type(shown[name]) is int and 0 <= shown[name] < state.players, (event, name)
                for name in ("seq", "id", "card", "round"):
                    assert name not in shown or type(shown[name]) is int and shown[name] >= 1
                if event.kind == "game-over":
                    assert shown["winners"] == list(state.outcome.winners)
                if event.kind == "day":
                    assert len(shown["roles"]) == len(shown["gains"]) == state.players
                    assert shown["roles"][shown["dreamer"]] is None and shown["bonus"] in (0, 2)
    assert seen == EVENT_KINDS, f"random games should reach every kind of event; missing {EVENT_KINDS - seen}"


def test_the_night_opens_with_the_round_and_the_element_hidden_from_the_dreamer():
    state = new(5, seed=2, first_dreamer=1)
    element = state.element
    for seat in (1, None):
        assert [event["text"] for event in state.log(seat)] == [
            "Round 1: B is the Dreamer and puts on the sleep mask.", "Element 1 is in play: (hidden)."]
    opening = state.log(2)
    assert opening[0] == {"kind": "round", "actor": None, "round": 1, "dreamer": 1,
                          "text": "Round 1: B is the Dreamer and puts on the sleep mask.", "message": {"key": "event.round"}}
    assert opening[1] == {"kind": "reveal", "actor": None, "seq": 1, "element": element,
                          "text": f"Element 1 is in play: {element}.", "message": {"key": "event.reveal"}}
    assert state.log(1)[1]["element"] is None


def test_a_clue_reads_says_word_and_its_id_and_a_guess_keeps_its_verdict_from_the_dreamer():
    state = new(4, seed=5, auto_clue_check="off")
    play(state, 1, f"clue {state.seq} fluffy")
    clue = last(state, 0, "clue")
    assert clue == {"kind": "clue", "actor": 1, "seq": 1, "id": state.clues[0]["id"], "word": "fluffy",
                    "text": f"B says: fluffy (c{state.clues[0]['id']}).", "message": {"key": "event.clue"}}
    element = state.element
    play(state, 0, f"guess {state.seq} {element}")
    assert last(state, 0, "guess")["text"] == f"The Dreamer guesses {element}."
    assert last(state, 0, "guess")["verdict"] is None and last(state, None, "guess")["verdict"] is None
    assert last(state, 2, "guess")["text"] == f"The Dreamer guesses {element}: right."
    assert last(state, 2, "card-gone")["text"] == "Element 1 has gone: a new card is in play."


def test_a_rejected_clue_is_told_to_its_author_only():
    state = new(4, seed=7)
    element = state.element
    play(state, 1, f"clue {state.seq} {element}s")
    mine = last(state, 1, "clue-rejected")
    assert mine["word"] == f"{element}s" and mine["reason"] == "same_stem"
    assert mine["text"] == f"Your clue '{element}s' was not published: same stem."
    for seat in (0, 2, None):
        theirs = last(state, seat, "clue-rejected")
        assert theirs["word"] is None and theirs["reason"] is None and theirs["text"] == "B is thinking…"


def test_a_penalised_clue_is_named_to_the_clue_givers_and_not_to_the_dreamer():
    state = new(4, seed=7, auto_clue_check="penalize")
    element = state.element
    play(state, 1, f"clue {state.seq} {element}s")
    assert last(state, 2, "card-gone")["text"] == (
        f"B's clue was improper ({element}s: same stem): Element 1 goes in front of them as a penalty. "
        "A new card is in play.")
    assert last(state, 0, "card-gone")["text"] == "Element 1 has gone: a new card is in play."  # WID-R11
    assert element not in json.dumps(state.log(0))


def test_flags_time_ups_night_ends_recount_votes_and_the_day_read_in_english():
    state = new(5, seed=8, auto_clue_check="off")
    play(state, 1, f"clue {state.seq} meow")
    clue = state.clues[-1]["id"]
    play(state, 2, f"flag c{clue}")
    play(state, 3, f"flag c{clue}")
    assert last(state, None, "flag")["text"] == f"D flags c{clue}."
    assert last(state, 2, "card-gone") == {
        "kind": "card-gone", "actor": None, "seq": 1, "penalty": {"seat": 1, "id": clue, "word": None, "reason": None},
        "text": f"c{clue} is improper by the players' flags: Element 1 goes in front of B as a penalty. "
                "A new card is in play.",
        "message": {"key": "event.card-gone.flagged", "fields": {"seat": 1, "id": clue, "word": None, "reason": None}}}
    state.expire(next(timer for timer in state.timers if timer.name.startswith("clue-")))
    assert last(state, None, "time-up")["text"] == "C's time ran out: the turn passes."
    state.expire("night")
    assert last(state, None, "night-over")["text"] == "The night is over: the Dreamer may give one last answer."
    play(state, 0, "pass")
    assert last(state, None, "night-end") == {"kind": "night-end", "actor": None, "reason": "declined",
                                              "text": "The night ends: the Dreamer declined the last answer. "
                                                      "The Dreamer recounts the dream.",
                                              "message": {"key": "event.night-end"}}
    play(state, 0, "recount a cat")
    assert last(state, None, "recount")["text"] == "The Dreamer recounts: “a cat”."
    assert last(state, None, "unmask")["text"] == ("The Dreamer takes off the mask. Right: none. "
                                                   f"Penalties: {state.board[0]['element']} (B). The clue-givers review the night.")
    play(state, 2, "vote-penalty 1 cancel")
    assert last(state, None, "vote") == {"kind": "vote", "actor": 2, "vote": "penalty", "card": 1, "choice": "cancel",
                                         "text": "C votes to cancel the penalty on card 1.",
                                         "message": {"key": "event.vote.penalty.cancel"}}
    roles = state.roles[:]
    for seat in state.clue_givers:
        play(state, seat, "done")
    assert last(state, None, "done")["text"] == "E has finished reviewing."
    day = last(state, None, "day")
    gains = day["gains"]
    assert day["roles"] == roles and day["yellow"] == 0 and day["blue"] == 0 and gains[0] == 0
    assert day["text"] == (f"Day 1: 0 Yellow, 0 Blue. Roles: B {roles[1]}, C {roles[2]}, D {roles[3]} and E {roles[4]}. "
                           f"Points: A +0, B +{gains[1]}, C +{gains[2]}, D +{gains[3]} and E +{gains[4]}.")
    assert last(state, None, "round")["text"] == "Round 2: B is the Dreamer and puts on the sleep mask."


def test_the_last_event_names_the_winners():
    state = next(random_games(1))
    event = state.log(None)[-1]
    assert event["kind"] == "game-over" and event["winners"] == list(state.outcome.winners)
    assert event["text"] == "Everyone has been the Dreamer: the game is over."


# -- the board and its schema ----------------------------------------------------------------------

@pytest.mark.slow
def test_every_view_of_random_games_fits_the_envelope_and_the_schema():
    for state in random_games(6, players=(4, 7, 10)):
        again = dreamtable.replay(state.record())
        for seat in [*range(state.players), None]:
            testing.check_view_shape(state.view(seat), GAME.id)
        assert again.view(0) == state.view(0)

    def check(state, step):
        if step % 5 == 0:
            for seat in [*range(state.players), None]:
                testing.check_view_shape(state.view(seat), GAME.id, where=f"step {step}")

    for index, options in enumerate(OPTION_SETS):
        testing.play_random(GAME, 4 + 3 * index, seed=40 + index, on_step=check, options=options)


def test_the_board_holds_the_game_only_with_seats_as_ints():
    board = new(4, seed=3).view(1)["board"]
    assert not {"game", "players", "turn", "actors", "prompt", "events", "outcome", "board"} & set(board)
    assert board["dreamer"] == 0 and board["clue_turn"] == 1 and board["cards"] == []
    assert board["roles"][1] in ("Fairy", "Boogeyman", "Sandman") and board["roles"][2] is None


def wrong_boards(board):
    """Boards of the wrong shape, each named."""
    def changed(how):
        wrong = copy.deepcopy(board)
        how(wrong)
        return wrong

    yield "seat as a letter", changed(lambda b: b.update(dreamer="A"))
    yield "the old key board", changed(lambda b: b.update(board=b.pop("cards")))
    yield "a missing key", changed(lambda b: b.pop("seq"))
    yield "an unknown phase", changed(lambda b: b.update(phase="dawn"))
    yield "an unknown role", changed(lambda b: b["roles"].__setitem__(1, "Wizard"))
    yield "votes as the old mapping", changed(lambda b: b.update(votes={"vote-side 1": 2}))
    yield "an extra clue field", changed(lambda b: b["clues"].append({"id": 2, "seq": 1, "seat": 1, "word": "x", "y": 1}))
    yield "a card without its side", changed(lambda b: b["cards"].append({"seq": 1, "element": "dog", "guess": None,
                                                                          "owner": None, "mentioned": False}))
    yield "eleven seats of points", changed(lambda b: b.update(points=[0] * 11))


def test_the_schema_catches_a_wrong_board():
    state = new(4, seed=3)
    view = state.view(2)
    testing.check_view_shape(view, GAME.id)
    for name, board in wrong_boards(view["board"]):
        with pytest.raises(AssertionError, match="board breaks its schema"):
            testing.check_view_shape({**view, "board": board}, GAME.id, where=name)


def test_hidden_parts_read_null_for_the_dreamer_and_a_spectator():
    state = new(4, seed=5, auto_clue_check="off")
    play(state, 1, f"clue {state.seq} fluffy")
    play(state, 0, f"guess {state.seq} xylophone")
    for seat in (0, None):
        board = state.view(seat)["board"]
        assert board["element"] is None and board["cards"] == [None] and board["clues"] == [None]
        assert board["penalties"] == [None] * 4 and board["roles"][1:] == [None] * 3
    board = state.view(2)["board"]
    assert board["element"] == state.element and board["cards"][0]["side"] == "blue"
    assert board["clues"][0]["word"] == "fluffy" and board["penalties"] == [0] * 4


# -- prompts ----------------------------------------------------------------------------------------

def test_the_prompts_of_the_night_name_the_element_and_role_only_to_that_clue_giver():
    state = new(5, seed=8, auto_clue_check="off")
    element, role = state.element, state.roles[1]
    assert state.view(0)["prompt"] == "Element 1: type your guess, or pass."
    assert state.view(1)["prompt"] == f"The Element is {element}, you are a {role}. Your clue (one word), or pass."
    assert state.view(2)["prompt"] == "Waiting for A."  # nothing to flag yet: not an actor
    play(state, 1, f"clue {state.seq} meow")
    clue = state.clues[-1]["id"]
    assert state.view(3)["prompt"] == (f"The Element is {element}, you are a {state.roles[3]}. "
                                       f"Waiting for C (you may flag c{clue}).")
    assert state.view(None)["prompt"] == "Waiting for A."
    assert element not in json.dumps(state.view(0)) and element not in json.dumps(state.view(None))


def test_the_prompts_of_the_last_answer_the_recount_and_the_review():
    state = new(4, seed=6)
    state.expire("night")
    assert state.view(0)["prompt"] == "Time is up: one last answer, or pass."
    assert state.view(1)["prompt"] == "Waiting for A."
    play(state, 0, f"dream-pass {state.seq}")
    assert state.view(0)["prompt"] == "Recount your dream (name the Elements you guessed)."
    play(state, 0, "recount I remember nothing")
    assert state.view(1)["prompt"] == (
        "Review the night's cards: vote on a card's side, on whether the dream named it, or on a penalty, then "
        "finish your review.")
    assert state.view(0)["prompt"] == "Waiting for B."


def test_the_dreamers_prompt_never_holds_an_element():
    def check(state, step):
        if not state.is_over and state.phase in ("night", "final guess") and state.element:
            for seat in (state.dreamer, None):
                assert state.element not in state.view(seat)["prompt"]

    for players in (4, 6):
        testing.play_random(GAME, players, seed=players, on_step=check)


# -- who may act --------------------------------------------------------------------------------------

def test_in_the_night_the_dreamer_is_the_first_actor_then_the_clue_giver_on_turn_then_the_flaggers():
    state = new(5, seed=8, auto_clue_check="off", first_dreamer=2)
    assert state.actors == (2, 3) and state.view(None)["turn"] == 2
    play(state, 3, f"clue {state.seq} meow")
    assert state.actors == (2, 4, 0, 1)
    state.expire("night")
    assert state.actors == (2,)


# -- action forms and the bare words of the terminal ----------------------------------------------------

def test_one_form_at_a_time_the_guess_the_clue_and_the_recount():
    state = new(4, seed=5)
    (guess,) = state.action_forms(0)
    (clue,) = state.action_forms(1)
    assert state.action_forms(2) == [] and state.action_forms(3) == []
    assert guess.fill(guess="dog") == "guess 1 dog" and clue.fill(word="bark") == "clue 1 bark"
    assert GAME.parse_action(state, 0, guess.fill(guess="a dog")).text == "a dog"
    with pytest.raises(FormError):
        clue.fill(word="two words")
    with pytest.raises(FormError):
        clue.fill(word="r2d2")
    with pytest.raises(FormError):
        guess.fill(guess="123")
    state.expire("night")
    assert [form.kind for form in state.action_forms(0)] == ["guess"] and state.action_forms(1) == []
    play(state, 0, f"dream-pass {state.seq}")
    (recount,) = state.action_forms(0)
    assert recount.fill(text="a dog  in a dream") == "recount a dog in a dream"
    play(state, 0, recount.fill(text="a dog in a dream"))
    assert state.recount == "a dog in a dream"
    assert all(state.action_forms(seat) == [] for seat in range(4))


@pytest.mark.slow
def test_forms_fit_random_games_and_each_seat_has_at_most_one():
    def check(state, step):
        for seat in state.actors:
            forms = state.action_forms(seat)
            assert len(forms) <= 1
        if step % 7 == 0:
            testing.check_action_forms(state)

    for index, options in enumerate(OPTION_SETS):
        testing.play_random(GAME, 4 + index, seed=60 + index, on_step=check, options=options)


def test_a_guess_or_recount_beyond_the_forms_bounds_is_refused():
    state = new(4, seed=5)
    assert_refused(state, 0, f"guess {state.seq} {'x' * 41}", "at most 40 characters")
    play(state, 0, f"guess {state.seq} {'x' * 40}")
    longer = new(4, seed=5, clue_max_len=50)
    (form,) = longer.action_forms(0)
    assert form.params[0].max_length == 50  # a guess may always repeat a clue
    play(longer, 0, f"guess {longer.seq} {'x' * 50}")
    state.expire("night")
    play(state, 0, f"dream-pass {state.seq}")
    limit = state.recount_max_len
    assert state.action_forms(0)[0].params[0].max_length == limit == 110 * 41
    assert_refused(state, 0, "recount " + "y" * (limit + 1), f"at most {limit} characters")


def test_a_bare_pass_is_the_seats_pass_on_the_card_in_play():
    state = new(4, seed=5)
    assert str(GAME.parse_action(state, 0, "pass")) == "dream-pass 1"
    assert str(GAME.parse_action(state, 1, " Pass ")) == "clue-pass 1"
    with pytest.raises(NotationError, match="pass is for the Dreamer"):
        GAME.parse_action(state, 2, "pass")
    state.expire("night")
    assert str(GAME.parse_action(state, 0, "pass")) == "dream-pass 1"
    with pytest.raises(NotationError):
        GAME.parse_action(state, 1, "pass")


def test_apply_takes_only_listed_moves_and_what_the_forms_describe_on_a_night_with_clues_and_flags():
    state = new(6, seed=8, auto_clue_check="off")
    play(state, 1, f"clue {state.seq} meow")
    testing.check_action_forms(state)
    clue = state.clues[-1]["id"]
    assert_refused(state, 2, f"flag c{clue + 1}", "WID-R15")
    assert_refused(state, 0, f"guess {state.seq + 1} dog", "stale")
    with pytest.raises(IllegalActionError):
        state.apply(3, GAME.parse_action(state, 3, f"clue {state.seq} purr"))


# -- component data ------------------------------------------------------------------------------------

def test_a_malformed_word_list_is_a_component_data_error():
    with pytest.raises(ComponentDataError, match="faceA and faceB") as error:
        parse_deck({"cards": [{"id": "WID001"}]})
    assert isinstance(error.value, DeckError)


# -- the terminal's board and moves in words ---------------------------------------------------------------

def test_render_and_describe_read_only_the_view():
    state = new(4, seed=5, auto_clue_check="off")
    element = state.element
    play(state, 1, f"clue {state.seq} fluffy")
    dreamer, giver = GAME.render(state.view(0)), GAME.render(state.view(2))
    assert element not in dreamer and "hidden from the Dreamer" in dreamer and "c1 B: fluffy" in dreamer
    assert f"Element 1 in play: {element}" in giver and f"You are a {state.roles[2]}." in giver
    words = {str(action): GAME.describe(state.view(0), action) for action in state.legal_actions(0)}
    assert words["guess 1 fluffy"] == "answer “fluffy”" and words["dream-pass 1"] == "pass this card (it goes to Blue)"
    flag = next(action for action in state.legal_actions(2) if action.kind == "flag")
    assert GAME.describe(state.view(2), flag) == "flag B's clue “fluffy” as improper"
    final = next(random_games(1))
    assert "Points (− penalties): A " in GAME.render(final.view(None)) and "Roles: " in GAME.render(final.view(None))


def test_the_table_chat_is_closed_from_dusk_until_the_dream_is_told():
    state = new(seed=3, night_seconds=30)
    seen = {state.phase: state.chat_open}
    while not state.is_over:
        name = state.timers[0].name if state.timers else None
        if state.actors:
            seat = state.actors[0]
            state.apply(seat, state.legal_actions(seat)[0])
        else:
            state.expire(name)
        seen.setdefault(state.phase, state.chat_open)
        assert state.chat_open == (state.phase in ("review", "over")), state.phase
    assert seen["night"] is False and seen.get("review") is True
