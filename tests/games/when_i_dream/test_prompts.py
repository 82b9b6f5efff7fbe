"""What When I Dream asks each seat, as a kind and its fields (``State.ask``): the words stay those
the game always wrote, and a question holds nothing the seat may not know."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import dreamtable
from dreamtable.core.contract import seat_name
from dreamtable.games.when_i_dream.rules import DreamState

GAME = dreamtable.load("when-i-dream")
CATALOGUE = Path(dreamtable.__file__).parent / "games" / "when_i_dream" / "web" / "i18n" / "en.json"


def old_words(state: DreamState, seat: int) -> str | None:
    """The prompt as the rules wrote it in words before it had a kind (``DreamState._prompt``)."""
    phase = state.phase
    if phase == "night":
        if seat == state.dreamer:
            return f"Element {state.seq}: type your guess, or pass."
        known = f"The Element is {state.element}, you are a {state.role_of(seat)}."
        giver = state.clue_seat
        if seat == giver:
            return f"{known} Your clue (one word), or pass."
        flaggable = [f"c{clue_id}" for clue_id in state._flaggable(seat)]
        either = flaggable[0] if len(flaggable) == 1 else f"{', '.join(flaggable[:-1])} or {flaggable[-1]}"
        may = f" (you may flag {either})" if flaggable else ""
        return f"{known} Waiting for {seat_name(giver or 0)}{may}."
    if phase == "final guess":
        return "Time is up: one last answer, or pass."
    if phase == "recount":
        return "Recount your dream (name the Elements you guessed)."
    if phase == "review":
        return ("Review the night's cards: vote on a card's side, on whether the dream named it, or on a penalty, "
                "then finish your review.")
    return None


def random_states(games: int = 6, steps: int = 160) -> Any:
    """States of random games (random legal moves, flags favoured so that several clues get flagged)."""
    rng = random.Random(5)
    for seed in range(games):
        state = GAME.new(4 + seed % 3, seed, flag_quorum=3)
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            moves = [(seat, move) for seat in state.actors for move in state.legal_actions(seat)]
            flags = [(seat, move) for seat, move in moves if move.kind == "flag"]
            if flags and rng.random() < 0.5:
                state.apply(*rng.choice(flags))
            elif moves and rng.random() < 0.9:
                seat, move = rng.choice(moves)
                state.apply(seat, move)
            else:
                state.expire(state.timers[0])


def test_the_words_of_every_question_are_those_the_game_always_wrote() -> None:
    kinds: set[str] = set()
    for state in random_states():
        assert isinstance(state, DreamState)
        for seat in state.actors:
            ask = state.ask(seat)
            kinds.add(ask["kind"])
            expected = old_words(state, seat)
            assert state.prompt(seat) == (expected or "Your move."), (ask, expected)
    assert kinds == set(GAME.prompt_fields), f"random games asked {sorted(kinds)}"


def test_a_question_names_the_element_and_the_spirit_only_to_a_clue_giver() -> None:
    for state in random_states(games=3):
        assert isinstance(state, DreamState)
        for seat in [None, *range(state.players)]:
            ask = state.ask(seat)
            if "element" in ask or "role" in ask:
                assert seat is not None and seat != state.dreamer
                assert ask["element"] == state.element and ask["role"] == state.roles[seat]
            json.dumps(ask)  # plain values only
            assert ask["kind"] != "say"


def test_every_kind_has_an_english_sentence_in_the_browser_catalogue() -> None:
    words = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    assert {f"prompt.{kind}" for kind in GAME.prompt_fields} <= set(words)
    assert {f"event.{kind}" for kind in GAME.event_fields} <= set(words)


NOTATION = ("vote-side", "vote-mention", "vote-penalty", "|", " N ")
"""Pieces of the review's notation a player should never have to read in a question or a ballot."""


def test_WID_R18_the_review_asks_and_tells_its_ballots_in_words_not_notation() -> None:
    seen = 0
    for state in random_states():
        assert isinstance(state, DreamState)
        if state.phase != "review":
            continue
        for seat in state.actors:
            prompt = state.prompt(seat)
            assert not any(piece in prompt for piece in NOTATION), prompt
            assert "side" in prompt and "named" in prompt and "penalty" in prompt, prompt
        for event in state.log(None):
            if event["kind"] == "vote":
                seen += 1
                assert not any(piece in event["text"] for piece in NOTATION), event["text"]
                assert f"card {event['card']}" in event["text"], event["text"]
    assert seen, "no ballot was cast in the random games"
