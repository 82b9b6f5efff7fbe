"""No slow game: what When I Dream keeps to play fast never changes what it says.

The actors and each seat's legal list are kept until the state changes, a vote mends its voter's
kept list in place, copies share the clues, board entries, ballots and flags (replaced, never
changed), a recount is read once for all the cards of its night, and well-formed moves and clean
texts are remembered. Each test here fails if one of those shortcuts gives another answer than the
work it saves.
"""

from __future__ import annotations

import random

import pytest

import dreamtable
from dreamtable import testing
from dreamtable.games.when_i_dream import judge
from dreamtable.games.when_i_dream.freetext import clean
from dreamtable.games.when_i_dream.notation import DreamMove, malformed
from dreamtable.games.when_i_dream.rules import REVIEW, DreamState
from dreamtable.games.when_i_dream.words import load_deck
from dreamtable.core.errors import IllegalActionError

GAME = dreamtable.load("when-i-dream")


def _random_steps(state: DreamState, rng: random.Random, steps: int):
    """Any actor acts (clue-givers, flags and votes too), now and then a deadline passes; yields after each step."""
    for _ in range(steps):
        if state.is_over:
            return
        actors = state.actors
        if not actors or rng.random() < 0.03:  # the night's own deadline rarely, so nights hold many cards
            timers = state.timers
            state.expire(rng.choice(timers[1:]) if len(timers) > 1 and rng.random() < 0.97 else timers[0])
        else:
            seat = rng.choice(actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (5, 2), (6, 3)])
def test_kept_actors_and_legal_lists_are_what_the_rules_say_after_every_step(players, seed):
    state = GAME.new(players=players, seed=seed, clue_timing="typed")
    rng = random.Random(seed)
    reviews = 0
    for _ in _random_steps(state, rng, 3_000):
        assert state.actors == state._actors()
        for seat in range(players):
            fresh = state._legal(seat) if seat in state.actors else []
            assert state.legal_actions(seat) == fresh, (seat, state.phase)
        reviews += state.phase == REVIEW
    assert reviews > 50  # the votes, whose lists are mended in place, were exercised


def test_a_returned_legal_list_is_the_callers_own():
    state = GAME.new(players=4, seed=5)
    rng = random.Random(5)
    for _ in _random_steps(state, rng, 5_000):
        if state.phase == REVIEW:
            break
    seat = state.actors[0]
    listed = state.legal_actions(seat)
    listed.clear()
    assert state.legal_actions(seat) == state._legal(seat) != []
    vote = state.legal_actions(seat)[0]
    twin = state.copy()
    state.apply(seat, vote)  # mends the original's kept list, not the copy's
    assert vote not in state.legal_actions(seat) and vote in twin.legal_actions(seat)


@pytest.mark.slow
def test_copies_sharing_entries_ballots_and_flags_never_see_each_others_moves():
    """Play a copy from every 25th step to the end of the game (recount, review, scoring, next nights):
    the original's views and logs stay as they were, and so do its worlds (determinize)."""
    state = GAME.new(players=5, seed=9)
    rng = random.Random(9)
    checked = set()
    for step, _ in enumerate(_random_steps(state, rng, 4_000)):
        if step % 25 == 0:
            testing.check_copy_independence(state, seed=step)
            checked.add(state.phase)
            if state.phase in ("night", "recount"):
                before = testing.all_views(state)
                state.determinize(state.dreamer, random.Random(step))  # re-deals the board the Dreamer has not seen
                assert testing.all_views(state) == before
    assert {"night", REVIEW} <= checked


def test_a_recount_read_once_names_the_same_cards_as_each_word_read_alone():
    deck = load_deck("en")
    rng = random.Random(3)
    names = [element for card in deck for element in card.elements]
    for _ in range(300):
        words = rng.sample(names, 5) + [rng.choice(names) + rng.choice(["s", "es", "ing", ""]), "the", "…"]
        keys = judge.word_keys(words)
        card = rng.choice(deck)
        element = rng.choice(card.elements)
        aliases = card.aliases.get(element, ())
        assert judge.any_matches(keys, element, aliases) == any(judge.guess_matches(w, element, aliases) for w in words)
    card = next(c for c in deck if c.aliases)
    element, aliases = next(iter(card.aliases.items()))
    assert judge.any_matches(judge.word_keys([aliases[0].upper()]), element, aliases)


def test_remembered_checks_never_pass_a_move_or_text_of_another_type():
    assert malformed(DreamMove("flag", 1)) is None
    assert malformed(DreamMove("flag", True)) is not None  # True == 1, but it is no card number
    assert malformed(DreamMove("vote-side", 2, "yellow")) is None
    assert malformed(DreamMove("vote-side", 2, "green")) is not None

    class Word(str):
        pass

    assert clean("dog", "a guess", 40) == "dog"
    assert clean(Word("dog"), "a guess", 40) == "dog" and type(clean(Word("dog"), "a guess", 40)) is str
    with pytest.raises(IllegalActionError):
        clean("do\x1bg", "a guess", 40)
    with pytest.raises(IllegalActionError):  # a refusal is not remembered as a pass
        clean("do\x1bg", "a guess", 40)


def test_remembered_verdicts_are_the_judges():
    from dreamtable.games.when_i_dream.rules import _guess_matches

    deck = load_deck("en")
    rng = random.Random(4)
    names = [element for card in deck for element in card.elements]
    for _ in range(500):
        card = rng.choice(deck)
        element = rng.choice(card.elements)
        aliases = card.aliases.get(element, ())
        guess = rng.choice([element, element.upper() + "s", rng.choice(names), " ".join(rng.sample(names, 30))])
        assert _guess_matches(guess, element, aliases) == judge.guess_matches(guess, element, aliases)


def test_a_move_remembered_by_identity_never_passes_an_equal_move_of_other_types():
    plain = DreamMove("flag", 1)
    assert malformed(plain) is None and malformed(plain) is None  # the second answer is the remembered one
    assert malformed(DreamMove("flag", True)) is not None  # equal to the remembered move, but no card number
    assert malformed(DreamMove("vote-side", 2, ["yellow"])) is not None  # unhashable: refused, not a TypeError
    state = GAME.new(players=4, seed=1)
    with pytest.raises(IllegalActionError):
        state.apply(state.dreamer, DreamMove("guess", 1, {"dog": 1}))  # type: ignore[arg-type]
