"""Dream Cycle's questions as a kind and its fields (``State.ask``): each kind the game asks has its
words in the catalogues and is worded with no field left unfilled, the English words are those the
rules call for, and the others are never told a kind or a field that names what the mover holds (DC-R43)."""

from __future__ import annotations

import json
import random
from typing import Any

from dreamtable.core.contract import COMMON_PROMPT_FIELDS
from dreamtable.core.game_package import catalogue
from dreamtable.core.words import LANGUAGES
from dreamtable.games.dream_cycle.prompts import PRIVATE

from .table import GAME, fields, give_inspiration, paint, put, question, set_chi, table


def check_ask(state: Any, seat: int | None) -> dict[str, Any]:
    """The question asked of ``seat``: plain JSON, and in words in every language with nothing left raw."""
    ask = state.ask(seat)
    assert ask["kind"] != "say"
    assert json.loads(json.dumps(ask)) == ask, "fields are plain JSON values"
    for language in LANGUAGES:
        assert GAME.words(language).unworded(GAME.prompt_message(ask), ask) == [], (language, ask)
    return ask


def test_every_kind_is_worded_in_the_catalogue_and_no_other_kind_is_asked():
    assert {f"prompt.{kind}" for kind in GAME.prompt_fields} <= set(catalogue(GAME, "en"))
    rng = random.Random(3)
    seen: set[str] = set()
    for seed in range(6):
        state = GAME.new(2 + seed % 3, seed)
        for _ in range(400):
            if state.is_over:
                break
            for seat in [None, *range(state.players)]:
                seen.add(check_ask(state, seat)["kind"])
            actors = state.actors
            mover = rng.choice(actors)
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert seen <= set(GAME.prompt_fields) | set(COMMON_PROMPT_FIELDS)
    assert {"start", "buying", "watch-buying", "waiting-for"} <= seen


def test_the_start_lists_the_free_spaces():
    state = GAME.new(3, seed=4, first_player="A")
    assert state.ask(2) == {"kind": "start", "free": [1, 2, 3, 4, 5, 6, 7, 8, 9]}
    assert state.prompt(2) == "Choose your starting space south of row 1 (free: 1, 2, 3, 4, 5, 6, 7, 8 and 9)."
    assert state.ask(0) == {"kind": "waiting-for", "seat": 2}


def choosing() -> Any:
    """A leaves Red with Left and Right on the field: which way? (B and C may act meanwhile.)"""
    state = table(3)
    paint(state, "G", x4y1="R")
    fields(state, 0, R="LR")
    put(state, 0, 4, 1, "E")
    put(state, 1, 2, 0, "N")
    put(state, 2, 3, 0, "N")
    give_inspiration(state, 1, "zip")
    state.apply(0, GAME.parse_action(state, 0, "end"))
    return state


def pausing() -> Any:
    """A's plan asks after every arrival: A has arrived on row 1 (B may act meanwhile)."""
    state = table(2)
    paint(state, "G")
    fields(state, 0, G="N")
    put(state, 0, 4, 0, "N")
    put(state, 1, 7, 1, "N")
    give_inspiration(state, 1, "ward")
    state.apply(0, GAME.parse_action(state, 0, "plan ask"))
    state.apply(0, GAME.parse_action(state, 0, "end"))
    return state


def conflict_on_the_fringe() -> Any:
    """A rides west onto B on the fringe; B holds the most Power and decides (C may act meanwhile)."""
    state = table(3)
    paint(state, "G")
    fields(state, 0, G="W")
    put(state, 0, 0, 1, "N")
    put(state, 1, -1, 1, "N")
    put(state, 2, 7, 2, "N")
    fields(state, 2, W="N")
    give_inspiration(state, 1, "power")
    state.apply(0, GAME.parse_action(state, 0, "end"))
    return state


def offered_twice() -> Any:
    """A and C both offer B a trade during A's Buying Phase."""
    state = table(3)
    paint(state, "G")
    for seat in range(3):
        put(state, seat, 2 + seat, 1, "N")
    state.hand[0][4], state.stock[4] = 1, state.stock[4] - 1
    set_chi(state, 1, 5)
    set_chi(state, 2, 5)
    state.apply(0, GAME.parse_action(state, 0, "offer B N for 2c"))
    state.apply(2, GAME.parse_action(state, 2, "offer B 1c for -"))
    return state


STAGED = (choosing, pausing, conflict_on_the_fringe, offered_twice)
"""Positions whose questions random play seldom reaches (the browser test words them too)."""


def test_a_choice_of_ways_names_the_colour_and_the_place_to_the_mover_only():
    state = choosing()
    assert check_ask(state, 0) == {"kind": "choose", "mover": 0, "colour": "R", "x": 4, "y": 1, "row": 1, "square": "R",
                                   "line": 1, "column": 5, "side": None}
    assert check_ask(state, 1) == {"kind": "watch-deciding", "mover": 0}
    assert state.prompt(1) == ("A is deciding how to go on. Meanwhile you may reposition your tiles, trade or turn in "
                               "Inspiration tiles.")


def test_a_pause_reads_as_deciding_to_the_others():
    state = pausing()
    assert check_ask(state, 0)["kind"] == "pause"
    assert check_ask(state, 1) == {"kind": "watch-deciding", "mover": 0}
    assert PRIVATE == {"choose", "pause", "blocked-way", "blocked-way-zip", "blocked-zip", "blocked-stop"}


def test_a_conflict_on_the_fringe_has_a_kind_of_its_own_and_the_others_see_it_as_it_is():
    state = conflict_on_the_fringe()
    assert question(state) == "conflict"
    at = {"x": -1, "y": 1, "row": 1, "square": "fringe", "line": 1, "column": None, "side": "W"}
    assert check_ask(state, 1) == {"kind": "conflict-fringe", "decider": 1, **at}
    assert state.prompt(1) == "B holds the most Power and decides the conflict at the fringe west of row 1 (middle line)."
    assert check_ask(state, 2) == {"kind": "watch-conflict-fringe", "decider": 1, **at}


def test_offers_to_answer_carry_their_sides_in_the_notation():
    state = table(3)
    paint(state, "G")
    for seat in range(3):
        put(state, seat, 2 + seat, 1, "N")
    state.hand[0][4], state.stock[4] = 1, state.stock[4] - 1
    set_chi(state, 1, 5)
    state.apply(0, GAME.parse_action(state, 0, "offer B N for 2c"))
    assert check_ask(state, 1) == {"kind": "offer", "from": 0, "give": "N", "take": "2c"}
    assert state.prompt(1) == "A offers you North for 2 chi: accept or decline."
    state = offered_twice()
    ask = check_ask(state, 1)
    assert ask["kind"] == "offers" and ask["from"] == [0, 2]
    assert state.prompt(1) == "A offers you North for 2 chi and C offers you 1 chi for nothing: accept or decline each."
