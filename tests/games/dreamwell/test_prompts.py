"""Dreamwell's prompts as kinds and fields (``State.ask``, ``Dreamwell.prompt_fields``): the fields are
plain values a page and a terminal word alike, and the English words they read from the catalogue
(web/i18n/en.json in the game package) are the ones the game always used, in every state of random games."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import dreamtable
from dreamtable.games.dreamwell import Dreamwell
from dreamtable.games.dreamwell.components import ITEM_CODES, ITEM_NAME_OF
from dreamtable.games.dreamwell.rules import ACTIONS_PER_TURN, HAND_LIMIT, WellState
from tests.helpers import play

from .position import board_a, with_fixtures

GAME = dreamtable.load("dreamwell")
CATALOGUE_FILE = Path(dreamtable.__file__).parent / "games" / "dreamwell" / "web" / "i18n" / "en.json"


@pytest.fixture(scope="module")
def catalogue() -> dict[str, str]:
    found: dict[str, str] = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    return found


def old_prompt(state: WellState, seat: int) -> str:
    """The words ``WellState._prompt`` wrote before prompts had kinds (the reference)."""
    if state.discarding:
        return f"You hold {len(state.hands[seat])} cards: discard one (down to {HAND_LIMIT}, DW-R18)."
    if state.pending is not None:
        kind, item = state.pending
        name = ITEM_NAME_OF[ITEM_CODES[item]] if item >= 0 else ""
        if kind == "move_to":
            return f"MOVE TO {name}: put a pawn on a tile showing it, or skip."
        if kind == "flip_any":
            return f"FLIP ANY {name}: flip a tile showing it, or skip."
        action = {"draw_action": "draw (or take from the display)", "move_action": "move", "rotate_action": "rotate"}[kind]
        return f"Perform a free {action}, or skip."
    free = ("rotate", "flip")[state.lasting[seat]] if state.free_available else None
    moving = f"Pawn {state.continuing + 1} may keep moving for free, or stop." if state.continuing >= 0 else ""
    if state.actions_left == 0:
        asked = [moving] if moving else []
        if free is not None:
            asked.append(f"You have a free {free}.")
        asked.append("You may end your turn." if asked else "End your turn.")
        return " ".join(asked)
    asked = [f"Take an action: {state.actions_left} of {ACTIONS_PER_TURN} left."]
    if moving:
        asked.append(moving)
    if free is not None:
        asked.append(f"You also have a free {free}.")
    if not state.options["must_use_all_actions"]:
        asked.append("You may end your turn early.")
    return " ".join(asked)


def states() -> list[WellState]:
    """Random games in both modes, with and without must_use_all_actions, stopped at every step."""
    seen: list[WellState] = []
    for seed in range(8):
        rng = random.Random(seed)
        options = {"mode": ("basic", "advanced")[seed % 2], "must_use_all_actions": seed % 4 < 2}
        state = GAME.new(players=2 + seed % 3, seed=seed, **options)
        for _ in range(700):
            seen.append(state.copy())
            if state.is_over:
                break
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            plays = [move for move in legal if str(move).startswith("play ")]
            state.apply(seat, rng.choice(plays or legal))
    return seen


@pytest.fixture(scope="module")
def many_states() -> list[WellState]:
    return states()


@pytest.mark.slow
def test_every_state_asks_in_the_words_it_always_used(many_states):
    kinds = set()
    for state in many_states:
        for seat in [None, *range(state.players)]:
            ask = state.ask(seat)
            kinds.add(ask["kind"])
            expected = old_prompt(state, seat) if seat is not None and seat in state.actors and not state.is_over else None
            if expected is not None:
                assert state.prompt(seat) == expected, ask
                assert ask["kind"] in Dreamwell.prompt_fields
    assert {"actions", "extras", "discard", "move-to", "free-draw"} <= kinds
    assert "say" not in kinds


def test_ask_fields_are_plain_values(many_states):
    for state in many_states:
        ask = state.ask(state.actors[0]) if state.actors else state.ask(None)
        json.dumps(ask)
        for key, value in ask.items():
            assert value is None or isinstance(value, (int, str)), (key, value)
            if isinstance(value, str) and key != "kind":
                assert re.fullmatch(r"[a-z]+|[A-Z]{2,3}", value), (key, value)


def test_the_prompts_of_the_rulebook_examples(monkeypatch):
    numbers = with_fixtures(monkeypatch)
    state = board_a(pawns={0: ("c4", "a3")}, hands={0: [numbers["X2"]]})
    assert state.ask(0) == {"kind": "actions", "left": 3, "of": 3, "pawn": None, "free": None, "early": False}
    assert state.ask(1) == {"kind": "waiting-for", "seat": 0}
    play(state, 0, "play X2")
    assert state.ask(0) == {"kind": "move-to", "item": "BS"}
    assert state.prompt(0) == "MOVE TO Black Sky: put a pawn on a tile showing it, or skip."
    play(state, 0, "skip")
    play(state, 0, "move 1 S")
    assert state.ask(0)["pawn"] == 1
    state = board_a(pawns={0: ("a1", None)})
    state.lasting[0], state.free_available, state._legal = 0, True, None
    for _ in range(3):
        play(state, 0, "draw")
    assert state.ask(0) == {"kind": "extras", "pawn": None, "free": "rotate"}
    play(state, 0, "end")
    assert state.ask(0) == {"kind": "discard", "cards": 5, "limit": 4}


def test_every_kind_has_english_words_in_the_catalogue(catalogue):
    assert [kind for kind in Dreamwell.prompt_fields if f"prompt.{kind}" not in catalogue] == []
    assert [kind for kind in Dreamwell.event_fields if f"event.{kind}" not in catalogue] == []


def test_every_optional_part_of_a_prompt_has_each_of_its_values(catalogue):
    for name, values in {"also-moving": ("1", "2", "null"), "also-free": ("rotate", "flip", "null"),
                         "also-early": ("true", "false"), "then-moving": ("1", "2", "null"),
                         "then-free": ("rotate", "flip", "null")}.items():
        for value in values:
            assert f"{name}.{value}" in catalogue
    for code in ITEM_CODES:
        assert f"item.{code}" in catalogue
