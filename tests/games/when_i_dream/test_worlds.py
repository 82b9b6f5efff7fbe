"""``determinize(seat)`` re-deals everything ``seat`` has not seen, and nothing else.

The Dreamer never sees the card in play nor the night's board (WID-R11): only the clues and their
own guesses. Clue-givers see those but not the others' spirits; nobody sees the face-down spirit
card, the fresh cards, or how a card was turned under the deck (WID-R3, R5).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import dreamtable
from dreamtable.games.when_i_dream import judge
from dreamtable.games.when_i_dream.rules import BLUE, FAIRY, YELLOW
from tests.helpers import play

GAME = dreamtable.load("when-i-dream")
WORLDS = 200


def new(players=5, seed=3, **options):
    return GAME.new(players=players, seed=seed, **options)


def night_with_cards(state):
    """Six cards leave play, each after a clue: a right guess, a wrong guess naming a card still unseen
    (one deep in the deck), a pass; twice."""
    for k in range(6):
        giver = state.clue_seat
        play(state, giver, f"clue {state.seq} {['moon', 'river', 'happy', 'tiny', 'green', 'loud'][k]}")
        if k % 3 == 0:
            play(state, state.dreamer, f"guess {state.seq} {state.element}")
        elif k % 3 == 1:
            play(state, state.dreamer, f"guess {state.seq} {state.element_of(state.deck[50])}")
        else:
            play(state, state.dreamer, f"dream-pass {state.seq}")
    return state


def worlds(state, seat, count=WORLDS):
    rng = random.Random(7)
    return [state.determinize(seat, rng) for _ in range(count)]


def cards_of(state):
    """Every card index in play or on the board, as a sorted list (each exactly once)."""
    return sorted([index for index, _, _ in state.deck]
                  + [entry["card"][0] for entry in state.board if entry["side"] != "cancelled"])


def test_the_dreamers_worlds_redeal_the_card_in_play_and_the_nights_board():
    state = night_with_cards(new(auto_clue_check="off"))
    dreamer = state.dreamer
    view, log = json.dumps(state.view(dreamer)), json.dumps(state.log(dreamer))
    found = worlds(state, dreamer)
    for world in found:  # the Dreamer's own view and log are what they were
        assert json.dumps(world.view(dreamer)) == view and json.dumps(world.log(dreamer)) == log
        assert cards_of(world) == cards_of(state)
    # 110 cards in four orientations: the true Element in play should turn up about once in 400 worlds.
    assert sum(world.element == state.element for world in found) <= 0.02 * WORLDS
    for i, entry in enumerate(state.board):
        kept = sum(world.board[i]["element"] == entry["element"] for world in found)
        if entry["guess"] is None:  # a pass: any unseen card
            assert kept <= 0.05 * WORLDS, f"card {i + 1} of the night kept its Element in {kept} worlds"
        else:  # right in half the worlds, whether it was right (the Element is the guess) or not
            yellow = sum(world.board[i]["side"] == YELLOW for world in found)
            assert 0.35 * WORLDS <= yellow <= 0.65 * WORLDS, f"card {i + 1} ({entry['side']}) is Yellow in {yellow}"
            assert sum(world.board[i]["element"] == entry["guess"] for world in found) == yellow
    yellows = Counter(sum(e["side"] == YELLOW for e in world.board) for world in found)
    assert max(yellows.values()) < WORLDS / 2 and len(yellows) == 5, f"Yellow counts {yellows}"


def test_a_guess_that_names_no_unseen_card_is_wrong_in_every_world():
    state = new(auto_clue_check="off")
    play(state, state.dreamer, f"guess {state.seq} xylophone")
    assert all(world.board[0]["side"] == BLUE for world in worlds(state, state.dreamer, 50))


def test_a_world_works_out_sides_and_penalties_from_the_cards_dealt():
    state = night_with_cards(new(auto_clue_check="penalize"))
    giver = state.clue_seat
    play(state, giver, f"clue {state.seq} {state.element}s")  # penalized: a card on the author's pile
    for world in worlds(state, state.dreamer, 50):
        for entry in world.board:
            assert entry["element"] == world.element_of(entry["card"])
            if entry["guess"] not in (None, ):
                right = judge.guess_matches(entry["guess"], entry["element"],
                                            world.cards[entry["card"][0]].aliases.get(entry["element"], ()))
                assert entry["side"] == (YELLOW if right else BLUE)
            elif entry["side"] != "penalty":
                assert entry["side"] == BLUE  # a pass is Blue whatever the card
        piles = Counter(e for pile in world.penalties for e in pile)
        assert piles == Counter(e["element"] for e in world.board if e["side"] == "penalty")


def test_worlds_respect_the_public_clues_when_the_judge_is_on():
    state = new(auto_clue_check="reject")
    giver = state.clue_seat
    play(state, giver, f"clue {state.seq} tiny")
    for world in worlds(state, state.dreamer, 100):
        assert judge.improper_reason("tiny", world.element) is None


def test_a_clue_giver_keeps_what_it_saw_and_the_fresh_cards_are_redealt():
    state = night_with_cards(new())
    seat = state.clue_seat
    found = worlds(state, seat, 50)
    for world in found:
        assert world.element == state.element and world.board == state.board
        assert world.role_of(seat) == state.role_of(seat)
    below = [world.deck[1] for world in found]
    assert sum(card == state.deck[1] for card in below) <= 5  # the next card is nobody's to know


def test_roles_are_redealt_for_each_seat_as_it_should_be():
    state = new(players=7, seed=4)
    spirits = Counter(role for role in state.roles if role) + Counter([state.aside])
    for seat in range(state.players):
        found = worlds(state, seat, 100)
        for world in found:
            assert Counter(role for role in world.roles if role) + Counter([world.aside]) == spirits
            if seat != state.dreamer:
                assert world.roles[seat] == state.roles[seat]
        for other in state.clue_givers:
            if other != seat:
                assert len({world.roles[other] for world in found}) > 1, f"seat {seat} always knows {other}'s spirit"
        assert len({world.aside for world in found}) > 1


def test_family_mode_worlds_keep_everyone_a_fairy():
    state = new(family_mode=True)
    for world in worlds(state, state.dreamer, 30):
        assert all(role in (None, FAIRY) for role in world.roles)


def finish_round(state):
    state.expire("night")
    play(state, state.dreamer, f"dream-pass {state.seq}")
    play(state, state.dreamer, "recount I remember nothing")
    for seat in state.clue_givers:
        play(state, seat, "done")


def test_cards_of_a_night_went_under_seen_by_its_unmasked_dreamer_too():
    state = night_with_cards(new(auto_clue_check="off"))
    first = state.dreamer
    last_night = {entry["card"][0] for entry in state.board}
    finish_round(state)
    assert state.dreamer != first
    tail = [pos for pos, (index, _, _) in enumerate(state.deck) if index in last_night]
    assert len(tail) == 6
    mine, theirs = worlds(state, first, 100), worlds(state, state.dreamer, 100)
    for pos in tail:  # the first Dreamer saw them in the review, unmasked, as the others did: all know where they are
        assert all(world.deck[pos][0] == state.deck[pos][0] for world in mine)
        assert all(world.deck[pos][0] == state.deck[pos][0] for world in theirs)
        # how a card was turned under the deck is nobody's to know, but it shows another Element than before
        shown = state.down[state.deck[pos][0]][:2]
        turns = Counter(world.deck[pos][1:] for world in theirs)
        assert shown not in turns and len(turns) == 3


def test_after_a_last_answer_the_new_top_card_is_nobodys_to_know():
    state = new(auto_clue_check="off")
    state.expire("night")
    top = state.deck[1]
    play(state, state.dreamer, f"guess {state.seq} xylophone")  # the last answer: no new card is revealed
    assert state.phase == "recount" and state.deck[0] == top
    for seat in range(state.players):
        assert sum(world.deck[0] == top for world in worlds(state, seat, 100)) <= 10
