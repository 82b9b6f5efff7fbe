"""Hostile and careless input to Dream Cycle (issue 13): notation, crafted move objects and options.
Everything is refused with the project's own errors, saying what is allowed, and changes nothing."""

from __future__ import annotations

import json

import pytest

import dreamtable
from dreamtable.core.errors import NotationError, RecordError, SetupError
from dreamtable.games.dream_cycle.components import DEFAULTS
from dreamtable.games.dream_cycle.notation import MAX_DIGITS, parse_move
from tests.helpers import all_views

from .table import GAME, table


@pytest.mark.parametrize("text", [
    "start ²", "start ٣", "start ５", "plan row ٣", "plan steps ²", "offer B ²c for N", "offer B N for ٣c",
    "buy ſ", "cash ＺＩＰ", "end\u2003", "plan row " + "9" * 5000, "offer B N for " + "9" * 5000 + "c",
    "plan steps " + "1" * (MAX_DIGITS + 1), "start " + "0" * 10 + "1",
])
def test_issue13_point9_unicode_digits_and_huge_numbers_are_notation_errors(text):
    state = table()
    with pytest.raises(NotationError) as error:
        GAME.parse_action(state, 0, text)
    assert "digits" in str(error.value) or "ASCII" in str(error.value)


def test_issue13_point9_the_ascii_numbers_still_read():
    assert str(parse_move("start 5")) == "start 5"
    assert str(parse_move("plan steps " + "9" * MAX_DIGITS)) == "plan steps " + "9" * MAX_DIGITS
    assert str(parse_move("offer B N for 12c")) == "offer B N for 12c"


@pytest.mark.parametrize("text", [None, 5, b"end", ["end"]])
def test_issue13_point9_a_move_that_is_not_text_is_a_notation_error(text):
    with pytest.raises(NotationError, match="written as text"):
        GAME.parse_action(table(), 0, text)


MIX = {str(p): {"BK": 1, "BL": 2, "YI": 2, "YD": 1, "YR": 2} for p in range(1, 6)}
BAD_OPTIONS = [
    ({"square_mix": {}}, "square_mix needs the Phases 1, 2, 3, 4, 5"),
    ({"square_mix": {**MIX, "1": {}}}, "square_mix[1] needs a whole number"),
    ({"square_mix": {**MIX, "2": {"BK": 1, "BL": 2, "YI": 2, "YD": 1}}}, "square_mix[2]"),
    ({"square_mix": {**MIX, "3": {"BK": -1, "BL": 2, "YI": 2, "YD": 1, "YR": 2}}}, "≥ 0"),
    ({"square_mix": {**MIX, "3": {"BK": "1", "BL": 2, "YI": 2, "YD": 1, "YR": 2}}}, "square_mix[3]"),
    ({"square_mix": {**MIX, "4": [1, 2, 3]}}, "square_mix[4]"),
    ({"square_mix": {**MIX, "6": MIX["1"]}}, "square_mix needs the Phases"),
    ({"inspiration_tiles": {"wind": 6, "zip": 10, "rein": 6, "ward": 5, "wake": 5, "power": True}}, "inspiration_tiles"),
    ({"inspiration_tiles": {"wind": 6, "zip": 10 ** 9, "rein": 6, "ward": 5, "wake": 5, "power": 1}}, "0–999"),
    ({"directional_tiles": {code: {"count": "7", "buy": 2, "sell": 1} for code in "FLRBNEWSU"}}, "directional_tiles[F]"),
    ({"directional_tiles": {code: {"count": 7, "buy": 2.0, "sell": 1} for code in "FLRBNEWSU"}}, "whole numbers"),
    ({"directional_tiles": {code: [7, 2, 1] for code in "FLRBNEWSU"}}, "count, buy and sell"),
    ({"staircase_offsets": [0, 1, 2, 3, 4, 4, 3, 2, 1, True]}, "ten whole numbers"),
    ({"die_faces": [["G"]]}, "field colour codes"),
    ({"die_faces": []}, "field colour codes"),
    ({"buying_timer_seconds": 10 ** 400}, "buying_timer_seconds must be a whole number from 0 to 999,999,999"),
    ({"chi_supply": -1}, "chi_supply must be a whole number from 0"),
    ({"step_cap": 0}, "step_cap must be a whole number from 1"),
    ({"min_field_colours": 8}, "min_field_colours must be 0–7"),
    ({"max_specials": -1}, "max_specials must be 0–9"),
]


@pytest.mark.parametrize(("options", "says"), BAD_OPTIONS)
def test_issue13_point11_malformed_table_options_are_setup_errors_from_new(options, says):
    with pytest.raises(SetupError) as error:
        GAME.new(2, seed=1, **options)
    assert says in str(error.value)


@pytest.mark.parametrize(("options", "says"), BAD_OPTIONS[:6])
def test_issue13_point11_malformed_table_options_are_record_errors_from_replay(options, says):
    data = GAME.new(2, seed=1).record().to_dict()
    data["options"].update(json.loads(json.dumps(options)))
    with pytest.raises(RecordError) as error:
        dreamtable.replay(data)
    assert says in str(error.value)


def test_issue13_point11_a_well_formed_mix_still_regenerates_the_tiles():
    state = GAME.new(2, seed=1, square_mix=MIX)
    assert state.scape != GAME.new(2, seed=1).scape


def test_issue13_point7_editing_a_records_or_a_matchs_options_changes_no_later_match():
    before = all_views(GAME.new(3, seed=4))
    state = GAME.new(3, seed=4)
    record = state.record().to_dict()["options"]
    record["die_faces"].append("G")
    record["staircase_offsets"].append(9)
    record["square_mix"]["1"]["BL"] = 40
    options = state.options
    options["die_faces"].append("S")
    options["staircase_offsets"].append(9)
    options["directional_tiles"]["N"]["count"] = 0
    options["inspiration_tiles"]["zip"] = 0
    options["square_mix"]["1"]["BL"] = 40
    assert all_views(GAME.new(3, seed=4)) == before
    assert dreamtable.replay(GAME.new(3, seed=4).record()).options == GAME.new(3, seed=4).options


def test_issue13_point7_the_option_defaults_are_not_the_modules_tables():
    defaults = {option.name: option.default for option in GAME.info.options}
    for name in ("directional_tiles", "inspiration_tiles", "square_mix"):
        assert defaults[name] == DEFAULTS[name] and defaults[name] is not DEFAULTS[name]
    state = GAME.new(2, seed=1)
    for name in ("directional_tiles", "inspiration_tiles", "square_mix", "die_faces", "staircase_offsets"):
        assert state.options[name] is not defaults[name]
