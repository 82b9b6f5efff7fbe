"""Hostile and careless input to Dream Cycle: notation, crafted move objects and options.
Everything is refused with the project's own errors, saying what is allowed, and changes nothing."""

from __future__ import annotations

import json

import pytest

import dreamtable
from dreamtable.core.errors import IllegalActionError, NotationError, RecordError, SetupError
from dreamtable.core.forms import FormError
from dreamtable.games.dream_cycle.components import DEFAULTS
from dreamtable.games.dream_cycle.notation import MAX_DIGITS, CycleMove, parse_move
from dreamtable.games.dream_cycle.rules import offer_form
from tests.helpers import all_views, play

from .table import GAME, fields, give_inspiration, paint, put, question, table


@pytest.mark.parametrize("text", [
    "start ²", "start ٣", "start ５", "plan row ٣", "plan steps ²", "offer B ²c for N", "offer B N for ٣c",
    "buy ſ", "cash ＺＩＰ", "end\u2003", "plan row " + "9" * 500, "offer B N for " + "9" * 500 + "c",
    "plan steps " + "1" * (MAX_DIGITS + 1), "start " + "0" * 10 + "1",
])
def test_unicode_digits_and_huge_numbers_are_notation_errors(text):
    state = table()
    with pytest.raises(NotationError) as error:
        GAME.parse_action(state, 0, text)
    assert "digits" in str(error.value) or "ASCII" in str(error.value)


def test_the_ascii_numbers_still_read():
    assert str(parse_move("start 5")) == "start 5"
    assert str(parse_move("plan steps " + "9" * MAX_DIGITS)) == "plan steps " + "9" * MAX_DIGITS
    assert str(parse_move("offer B N for 12c")) == "offer B N for 12c"


@pytest.mark.parametrize("text", [None, 5, b"end", ["end"]])
def test_a_move_that_is_not_text_is_a_notation_error(text):
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
    ({"buying_timer_seconds": 10 ** 400}, "is out of range: it takes from 0 to 3600"),
    ({"chi_supply": -1}, "chi_supply=-1 is out of range: it takes from 0 to 1000"),
    ({"step_cap": 0}, "step_cap=0 is out of range: it takes from 1 to"),
    ({"min_field_colours": 8}, "min_field_colours=8 is out of range: it takes from 0 to 7"),
    ({"max_specials": -1}, "max_specials=-1 is out of range: it takes from 0 to 9"),
]


@pytest.mark.parametrize(("options", "says"), BAD_OPTIONS)
def test_malformed_table_options_are_setup_errors_from_new(options, says):
    with pytest.raises(SetupError) as error:
        GAME.new(2, seed=1, **options)
    assert says in str(error.value)


@pytest.mark.parametrize(("options", "says"), BAD_OPTIONS[:6])
def test_malformed_table_options_are_record_errors_from_replay(options, says):
    data = GAME.new(2, seed=1).record().to_dict()
    data["options"].update(json.loads(json.dumps(options)))
    with pytest.raises(RecordError) as error:
        dreamtable.replay(data)
    assert says in str(error.value)


def test_a_well_formed_mix_still_regenerates_the_tiles():
    state = GAME.new(2, seed=1, square_mix=MIX)
    assert state.scape != GAME.new(2, seed=1).scape


def test_editing_a_records_or_a_matchs_options_changes_no_later_match():
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


def test_the_option_defaults_are_not_the_modules_tables():
    defaults = {option.name: option.default for option in GAME.info.options}
    for name in ("directional_tiles", "inspiration_tiles", "square_mix"):
        assert defaults[name] == DEFAULTS[name] and defaults[name] is not DEFAULTS[name]
    state = GAME.new(2, seed=1)
    for name in ("directional_tiles", "inspiration_tiles", "square_mix", "die_faces", "staircase_offsets"):
        assert state.options[name] is not defaults[name]


def _positions():
    """A Buying Phase some turns in, and a movement waiting on a choice of ways while others may trade."""
    buying = table(3)
    play(buying, 0, "buy N")
    play(buying, 0, "place N G")
    play(buying, 0, "end")
    asking = table(3)
    paint(asking, "G", x4y1="R")
    fields(asking, 0, G="N", R="LR")
    fields(asking, 1, W="N")
    put(asking, 0, 4, 0, "N")
    put(asking, 1, 2, 1, "N")
    put(asking, 2, 3, 1, "N")
    give_inspiration(asking, 0, "zip", "rein")
    give_inspiration(asking, 1, "ward")
    play(asking, 0, "end")
    assert question(asking) == "choose" and 1 in asking.actors
    return [buying, asking]


BUNDLE = (0,) * 16
CRAFTED = [
    CycleMove("boost", (0, -3)), CycleMove("boost", (0, True)), CycleMove("boost", (0, 2.0)), CycleMove("boost", (0, 10 ** 30)),
    CycleMove("keep", (99,)), CycleMove("keep", (True,)), CycleMove("keep", (1, 1)), CycleMove("keep", ("zip",)),
    CycleMove("start", (-1,)), CycleMove("start", (True,)), CycleMove("start", (0,)),
    CycleMove("buy", (10 ** 30,)), CycleMove("buy", ("0",)), CycleMove("buy", (True,)), CycleMove("buy", (0.0,)), CycleMove("buy", (-1,)),
    CycleMove("sell", (False,)), CycleMove("place", (0,)), CycleMove("place", (4, 0, 0)), CycleMove("place", (True, False)),
    CycleMove("unplace", (4, 10 ** 9)), CycleMove("end", (1,)), CycleMove("end", None), CycleMove(None), CycleMove(["end"]),
    CycleMove("go", (True,)), CycleMove("go", (1.0,)), CycleMove("go", (-1,)), CycleMove("go", (4,)), CycleMove("go", ([0],)),
    CycleMove("cash", (True,)), CycleMove("cash", (1.0,)), CycleMove("cash", (99,)),
    CycleMove("plan", ("row", True)), CycleMove("plan", ("steps", 2.0)), CycleMove("plan", ("steps", 10 ** 12)),
    CycleMove("plan", ("on", ())), CycleMove("plan", ("on", (99,))), CycleMove("plan", ("row",)), CycleMove("plan", ()),
    CycleMove("offer", (True, (1,) + BUNDLE[1:], BUNDLE[:9] + (1,) + BUNDLE[10:])),
    CycleMove("offer", (1, BUNDLE, BUNDLE[:9] + (10 ** 30,) + BUNDLE[10:])),
    CycleMove("offer", (1, BUNDLE, BUNDLE[:9] + (-1,) + BUNDLE[10:])), CycleMove("offer", (1, BUNDLE[:5], BUNDLE)),
    CycleMove("offer", (7, BUNDLE, (1,) + BUNDLE[1:])), CycleMove("accept", (True,)), CycleMove("accept", (9,)),
    CycleMove("decline", ("A",)), CycleMove("zip", (0,)), CycleMove("ride"), CycleMove("push"), CycleMove("stop"),
    CycleMove("plan", -1), CycleMove("end", 5), CycleMove("keep", "zip"), CycleMove("plan", "row 3"),
    "end", None, ("end", ()), 5,
]


@pytest.mark.parametrize("position", [0, 1], ids=["buying", "movement question"])
def test_apply_refuses_crafted_move_objects_and_changes_nothing(position):
    state = _positions()[position]
    before = (all_views(state), state.record().to_dict())
    for seat in range(state.players):
        for move in CRAFTED:
            with pytest.raises(IllegalActionError):
                state.apply(seat, move)
            assert (all_views(state), state.record().to_dict()) == before, (seat, move)
    dreamtable.replay(state.record())
    for seat in state.actors:  # the legal moves still play
        state.copy().apply(seat, state.legal_actions(seat)[0])


def test_a_bool_equal_to_a_listed_move_is_not_that_move():
    state = table()
    listed = state.legal_actions(0)
    row = next(move for move in listed if move.kind == "plan" and move.args[0] == "row")
    assert CycleMove("plan", ("row", True if row.args[1] == 1 else float(row.args[1]))) == row  # why the check is by type
    with pytest.raises(IllegalActionError, match="not a Dream Cycle move"):
        state.apply(0, CycleMove("plan", ("row", True if row.args[1] == 1 else float(row.args[1]))))


@pytest.mark.parametrize("give", ["ſ", "N Ｎ", "1234567890c", "0c", "٣c"])
def test_the_offer_form_refuses_what_the_notation_cannot_read(give):
    form = offer_form(1)
    with pytest.raises(FormError):
        form.fill(give=give, take="1c")


def test_the_offer_form_writes_the_largest_chi_the_notation_reads():
    text = offer_form(1).fill(give="N s", take="9" * MAX_DIGITS + "c")
    assert str(parse_move(text)) == "offer B N S for " + "9" * MAX_DIGITS + "c"
