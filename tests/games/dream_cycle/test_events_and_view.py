"""Dream Cycle on the core's envelope: structured events and their sentences, the board and its
JSON Schema, the prompts, and what the others may not learn from a question (DC-R43)."""

from __future__ import annotations

import ast
import copy
import inspect
import random
import re

import pytest
from jsonschema import Draft202012Validator

from dreamtable import testing
from dreamtable.core.contract import seat_name
from dreamtable.core.testing import _draft7_only
from dreamtable.core.visibility import Event
from dreamtable.games.dream_cycle import events as ev
from dreamtable.games.dream_cycle import movement, rules
from tests.helpers import legal, play

from .table import GAME, fields, give_inspiration, paint, put, question, set_chi, table, texts

SEAT_FIELDS = {"first", "chooser", "to", "from", "seat"}
SEATS_FIELDS = {"winners", "entering", "occupants", "pushed"}
CODE = re.compile(r"^[A-Za-z0-9-]+$")


def random_states(games=8, every=37, **options):
    """States along seeded random games (2–5 players, the round limit kept short)."""
    options = {"round_limit": 6, **options}
    for seed in range(games):
        players = 2 + seed % 4
        rng = random.Random(seed)
        state = GAME.new(players, seed=seed, **options)
        step = 0
        while not state.is_over:
            if step % every == 0:
                yield state
            seat = rng.choice(state.actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
        yield state


# -- events ------------------------------------------------------------------------------------------
def test_every_event_kind_the_rules_emit_is_declared_and_has_english_words():
    assert set(GAME.event_fields) == ev.EVENT_KINDS
    assert all(GAME.words("en").has(f"event.{kind}") for kind in ev.EVENT_KINDS)
    assert all(re.fullmatch(r"[a-z][a-z-]*", kind) for kind in ev.EVENT_KINDS)


def _kind_names(node: ast.expr) -> list[str]:
    """The ``ev.NAME`` constants an ``Event(...)`` call's kind argument may be."""
    if isinstance(node, ast.IfExp):
        return _kind_names(node.body) + _kind_names(node.orelse)
    assert isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "ev", ast.unparse(node)
    return [node.attr]


def test_every_event_the_rules_build_names_a_declared_kind():
    """Every ``Event(...)`` in the rules takes its kind from the constants of events.py, so the set
    compared with the declarations above is the set the rules can emit."""
    found = set()
    for module in (rules, movement):
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Event":
                for name in _kind_names(node.args[0]):
                    found.add(getattr(ev, name))
    assert found <= ev.EVENT_KINDS and len(found) > 30
    assert "happened(" not in inspect.getsource(rules) + inspect.getsource(movement)


def _typed(value, where):
    if isinstance(value, str):
        assert CODE.match(value), f"{where}: {value!r} is words, not a code"
    elif isinstance(value, dict):
        for key, item in value.items():
            _typed(item, f"{where}.{key}")
    elif isinstance(value, list):
        for item in value:
            _typed(item, where)
    else:
        assert value is None or isinstance(value, (int, bool)), f"{where}: {value!r}"


@pytest.mark.slow
def test_events_carry_int_seats_and_codes_and_random_games_emit_only_declared_kinds():
    seen = set()
    for state in random_states(games=12, every=10_000):
        for seat in [*range(state.players), None]:
            for event in state.log(seat):
                kind = event["kind"]
                seen.add(kind)
                assert kind in ev.EVENT_KINDS
                assert event["actor"] is None or isinstance(event["actor"], int)
                for key, value in event.items():
                    if key in SEAT_FIELDS and value is not None:
                        assert isinstance(value, int) and 0 <= value < state.players, (kind, key, value)
                    elif key in SEATS_FIELDS:
                        assert all(isinstance(s, int) and 0 <= s < state.players for s in value), (kind, key, value)
                    elif key not in ("kind", "text", "message"):  # the words: a sentence, a catalogue key
                        _typed(value, f"{kind}.{key}")
    assert len(seen) >= 25, sorted(ev.EVENT_KINDS - seen)


def test_events_are_cheap_values_built_without_words():
    state = table()
    events = play(state, 0, "buy N")
    assert [(e.kind, e.actor, dict(e.fields)) for e in events] == [("buy", 0, {"tile": "N", "chi": 3})]


def sentence(kind, actor=None, **fields):
    return GAME.sentence({"kind": kind, "actor": actor, **fields})


def test_the_english_sentences_name_places_and_seats_and_end_a_list_with_and():
    spot = {"x": 4, "y": 0, "row": 1, "square": "F", "line": 0, "column": 5, "side": None}
    assert sentence("ride", 0, how="doldrum", colour=None, facing="N", spaces=1, destination=spot) == (
        "A's bicycle steps off the doldrum space one space to the Fuchsia square in row 1 (south line, 5th from the west).")
    assert sentence("ride", 1, how="left", colour="R", facing="W", spaces=3, destination={"x": -1, "y": 5, "row": 2, "square": "fringe", "line": 2, "column": None, "side": "W"}) == (
        "B's bicycle turns left on Red and rides west 3 spaces to the fringe west of row 2 (north line).")
    assert sentence("push", 0, pushed=[1, 2], facing="N", destination=spot) == "B and C are pushed north to the Fuchsia square in row 1 (south line, 5th from the west)."
    assert sentence("push", 0, pushed=[1], facing="E", destination=spot) == "B is pushed east to the Fuchsia square in row 1 (south line, 5th from the west)."
    assert sentence("conflict", 0, at=spot, entering=[0], occupants=[1, 2]) == "Conflict at the Fuchsia square in row 1 (south line, 5th from the west): A against B and C."
    assert sentence("no-tile", 0, colour="F", facing="N") == "A has no tile on Fuchsia: the movement ends, facing north."
    assert sentence("pay", 1, chi=1, reason="toll", to=0) == "B pays 1 chi for A's toll."
    assert sentence("cancel", 1, tile="ward", reason="drain", to=None) == "B turns in Ward instead of paying for a Psychic Drain."
    assert sentence("out", 2, chi=2, reason="loop", to=None) == (
        "C is out of the game: could not pay 2 chi for the brake in an endless loop.")
    assert sentence("offer", 0, to=1, give={"tiles": ["N", "N"], "chi": 2, "inspiration": ["zip"]},
                    take={"tiles": [], "chi": 0, "inspiration": []}) == "A offers B North, North, 2 chi and Zip for nothing."
    assert sentence("decline", 1, **{"from": 0}) == "B declines A's offer."
    assert sentence("setup", None, first=0, chooser=1) == "Rows 1 and 2 are laid; A starts, and B chooses a starting space first."
    assert sentence("row-laid", None, row=3, phase=3, tiles=["P3-01", "P3-07", "P3-10"]) == "Row 3 (Phase 3) is laid."
    assert sentence("rows-removed", None, rows=[1, 2]) == "Every token has passed row 1 and 2: removed."
    assert sentence("game-over", None, reason="round-limit", winners=[0, 2]) == "The round limit is reached: A and C (furthest north) wins."
    assert sentence("game-over", None, reason="awake", winners=[1]) == "B rides off the far edge of the Dreamscape and wakes: B wins!"
    assert sentence("time-up", None, seat=3) == "The sand timer runs out: D's buying stops."
    assert sentence("cap", 0, chi=6, cap=10) == "A returns 6 chi above the cap of 10."


def test_DC_R43_a_drawn_tile_a_brake_plan_and_keeps_read_null_for_the_others():
    state = table(3)
    give_inspiration(state, 0, "zip")
    play(state, 0, "plan row 4")
    play(state, 0, "keep zip")
    events = []
    state.square_effect(0, rules.INSPIRE, events)  # the event alone: not logged, so the log ends with the keep
    assert [e.kind for e in events] == ["draw"]
    drawn = events[0].seen_by(0)["tile"]
    assert drawn in ev.INSPIRATION_NAME and events[0].seen_by(1)["tile"] is None and events[0].seen_by(None)["tile"] is None
    mine, theirs, spectator = (state.log(seat, 2) for seat in (0, 1, None))
    assert [e["text"] for e in mine] == ["A sets a brake plan: brake on reaching row 4.",
                                         "A chooses which Inspiration tiles to keep: Zip."]
    assert [e["text"] for e in theirs] == [e["text"] for e in spectator] == [
        "A sets a brake plan.", "A chooses which Inspiration tiles to keep."]
    assert mine[0]["plan"] == {"kind": "row", "row": 4} and theirs[0]["plan"] is None and theirs[1]["tiles"] is None


def test_an_event_of_a_kind_nobody_declared_is_found_unworded():
    shown = Event("no-such-kind", 0).seen_by(0)
    assert GAME.words("en").unworded(GAME.message(shown), shown) == ["no template 'event.no-such-kind'"]


# -- the board and its schema ----------------------------------------------------------------------------
@pytest.mark.slow
def test_every_view_of_random_games_fits_the_envelope_and_the_schema():
    for options in ({}, {"power_public": False, "buying_timer_seconds": 30, "trade_during_movement": False}):
        for state in random_states(games=4, every=211, **options):
            for seat in [*range(state.players), None]:
                testing.check_view_shape(state.view(seat), "dream-cycle", where=f"seat {seat}")


def test_the_board_holds_the_game_only_with_seats_as_ints():
    state = table(3)
    set_chi(state, 1, 5)
    paint(state, "G")
    for seat in range(3):
        put(state, seat, 2 + seat, 1, "N")
    state.hand[0][4], state.stock[4] = 1, state.stock[4] - 1
    play(state, 0, "offer B N for 2c")
    view = state.view(2)
    board = view["board"]
    assert not {"game", "players", "turn", "prompt", "events"} & set(board)
    assert board["on_turn"] == 0 and board["first_player"] == 0 and view["turn"] == 1  # B must answer first
    assert len(board["seats"]) == 3 and "seat" not in board["seats"][0]
    assert board["offers"] == [{"from": 0, "to": 1, "give": {"tiles": ["N"], "chi": 0, "inspiration": []},
                                "take": {"tiles": [], "chi": 2, "inspiration": []}}]
    assert board["seats"][1]["token"] == {"x": 3, "y": 1, "row": 1, "square": "G", "line": 1, "column": 4, "side": None, "facing": "N"}


def test_the_schema_catches_a_wrong_board():
    view = table(3).view(1)
    testing.check_view_shape(view, "dream-cycle")
    wrong = []
    for change in (
        lambda b: b.__setitem__("on_turn", "A"),                                   # a letter for a seat
        lambda b: b.__setitem__("players", b["seats"]),                            # a key the board does not have
        lambda b: b["seats"][0].__setitem__("inspiration", ["zip"]),               # … fine for the owner only, but…
        lambda b: b["seats"][0]["fields"].__setitem__("G", ["N", "N", "N"]),       # three tiles on a field
        lambda b: b["seats"][0]["hand"].__setitem__("Q", 1),                       # no such tile
        lambda b: b["seats"][0]["token"].__setitem__("facing", "north"),           # a word for a code
        lambda b: b.__setitem__("pending", {"kind": "blocked", "seat": 0, "question": "A is blocked"}),
        lambda b: b["seats"][2].__setitem__("plan", "brake on reaching row 4"),   # words for a plan
        lambda b: b["stock"].pop("U"),
    ):
        board = copy.deepcopy(view["board"])
        change(board)
        try:
            testing.check_view_shape({**view, "board": board}, "dream-cycle")
        except AssertionError:
            continue
        wrong.append(board)
    # The third change is a shape the schema allows (an owner's list); every other one is caught.
    assert len(wrong) == 1 and wrong[0]["seats"][0]["inspiration"] == ["zip"]


@pytest.mark.parametrize("wrong", [[3, 2, 1], [3], [], [3, -1], [-1, 2], [3.5, 2], ["3", 2], [3, None], {"buy": 3, "sell": 2}, None])
def test_the_schema_refuses_a_wrong_price_pair_and_the_kit_checks_it_with_fastjsonschema(wrong):
    view = table(3).view(1)
    assert view["board"]["prices"]["N"] == [3, 2]
    board = copy.deepcopy(view["board"])
    board["prices"]["N"] = wrong
    with pytest.raises(AssertionError, match="board breaks its schema"):
        testing.check_view_shape({**view, "board": board}, "dream-cycle")
    # The kit compiles the schema as draft-07 (fastjsonschema, several times faster than jsonschema,
    # which a schema beyond draft 7 would fall back to); under its own dialect (2020-12) it refuses too.
    assert _draft7_only(GAME.view_schema)
    assert not Draft202012Validator(GAME.view_schema).is_valid(board)


# -- prompts ------------------------------------------------------------------------------------------
def test_the_prompts_say_what_each_seat_may_do_now():
    state = GAME.new(3, seed=4, first_player="A")
    assert state.view(2)["prompt"].startswith("Choose your starting space south of row 1 (free: 1, 2, 3,")
    assert state.view(0)["prompt"] == "Waiting for C."
    for seat in list(state.start_order):
        play(state, seat, f"start {seat + 1}")
    assert state.view(0)["prompt"] == (
        "Your Buying Phase: buy, sell, place and boost tiles, set a brake plan, trade, then end the phase to ride.")
    assert state.view(None)["prompt"] == "Waiting for A."


def test_a_seat_offered_a_trade_is_prompted_to_answer_it():
    state = table(3)
    paint(state, "G")
    for seat in range(3):
        put(state, seat, 2 + seat, 1, "N")
    state.hand[0][4], state.stock[4] = 1, state.stock[4] - 1
    set_chi(state, 1, 5)
    play(state, 0, "offer B N for 2c")
    assert state.view(1)["prompt"] == "A offers you North for 2 chi: accept or decline."
    if 2 in state.actors:
        assert state.view(2)["prompt"] == (
            "It is A's Buying Phase. Meanwhile you may reposition your tiles, trade or turn in Inspiration tiles.")


def blocked_with_a_zip(players=3, zip_held=True, held=("zip",)):
    """A rides north from (4,0) into B on (4,1); B (more Power) blocks. A's field has no other way,
    so the game asks A whenever A holds Inspiration tiles (``held`` when not ``zip_held``)."""
    state = table(players)
    paint(state, "G", x4y2="R")
    fields(state, 0, G="N")
    put(state, 0, 4, 0, "N")
    put(state, 1, 4, 1, "N")
    for seat in range(2, players):
        put(state, seat, 7, seat, "N")
        fields(state, seat, W="N")  # something to reposition, so the others may act while A waits
    give_inspiration(state, 1, "power")
    give_inspiration(state, 0, *(("zip",) if zip_held else held))
    play(state, 0, "end")
    play(state, 1, "block")
    return state


def test_DC_R43_only_the_mover_learns_from_a_prompt_or_the_board_that_a_block_leaves_it_a_zip():
    state = blocked_with_a_zip()
    assert question(state) == "blocked" and legal(state, 0) == {"zip", "stop", "cash zip"}
    assert state.view(0)["prompt"] == "A is blocked at the Green square in row 1 (south line, 5th from the west): a Zip, or stop here?"
    assert state.view(0)["board"]["pending"] == {"kind": "blocked", "seat": 0}
    for seat in (1, 2, None):
        view = state.view(seat)
        assert "Zip" not in view["prompt"] and "zip" not in view["prompt"]
        assert view["board"]["pending"] == {"kind": "deciding", "seat": 0}
        assert "Zip" not in " ".join(event["text"] for event in view["events"])
    assert state.view(2)["prompt"] == (
        "A is deciding how to go on. Meanwhile you may reposition your tiles, trade or turn in Inspiration tiles.")
    assert state.view(None)["prompt"] == "Waiting for A."
    for seat in (1, 2):  # worlds in which A holds other tiles than a Zip look the same to B and C
        assert testing.check_no_leak(state, seat)
    without = blocked_with_a_zip(zip_held=False, held=("wind",))  # asked too, or the pause would show the Zip
    assert question(without) == "blocked" and legal(without, 0) == {"stop", "cash wind"}
    assert without.view(0)["prompt"] == "A is blocked at the Green square in row 1 (south line, 5th from the west): no other way, and no Zip to go on with: stop here."
    nothing = blocked_with_a_zip(zip_held=False, held=())  # no tile at all (a count everyone sees): nothing to ask
    assert question(nothing) is None and nothing.turn == 1


def test_DC_R43_a_pause_of_a_plan_that_asks_is_a_neutral_pause_to_the_others():
    state = table(2)
    paint(state, "G")
    fields(state, 0, G="N")
    put(state, 0, 4, 0, "N")
    put(state, 1, 7, 1, "N")
    give_inspiration(state, 1, "ward")  # B may turn it in while A waits, so B is an actor
    play(state, 0, "plan ask")
    play(state, 0, "end")
    assert question(state) == "pause"
    assert state.view(0)["prompt"] == "A's bicycle has arrived at the Green square in row 1 (middle line, 5th from the west): ride on, or brake here?"
    assert state.view(1)["board"]["pending"] == {"kind": "deciding", "seat": 0}
    assert state.view(1)["prompt"].startswith("A is deciding how to go on.")
    assert "brake" not in state.view(1)["prompt"]


def test_a_choice_of_ways_is_a_neutral_pause_to_the_others_since_a_plan_that_asks_pauses_before_it():
    state = table(3)
    paint(state, "G", x4y1="R")
    fields(state, 0, R="LR")
    put(state, 0, 4, 1, "E")
    put(state, 1, 2, 0, "N")
    put(state, 2, 3, 0, "N")
    give_inspiration(state, 1, "zip")
    play(state, 0, "end")
    assert state.view(0)["board"]["pending"] == {"kind": "choose", "seat": 0}
    assert state.view(0)["prompt"] == "A's bicycle leaves Red at the Red square in row 1 (middle line, 5th from the west): which way?"
    assert state.view(1)["board"]["pending"] == {"kind": "deciding", "seat": 0}
    assert state.view(1)["prompt"].startswith("A is deciding how to go on.")


# -- the rest -------------------------------------------------------------------------------------------
def test_the_sand_timer_option_is_in_seconds():
    state = table(buying_timer_seconds=45)
    assert [(t.name, t.seconds, t.seat) for t in state.timers] == [("buying-1", 45.0, 0)]
    assert state.view(0)["timers"] == [{"name": "buying-1", "seat": 0, "seconds": 45.0}]
    assert "buying_timer_s" not in state.options and GAME.info.version == 3


def test_an_eliminated_seat_shows_the_payment_it_could_not_make():
    state = table(3)
    events = []
    state.eliminate(1, ev.Debt("toll", 1, 0), events)
    assert state.view(None)["board"]["seats"][1]["out"] == {"reason": "toll", "chi": 1, "to": 0}
    assert state.view(None)["board"]["seats"][1]["token"] is None
    assert [e.kind for e in events] == ["out"]
    assert GAME.sentence(events[0].seen_by(None)) == "B is out of the game: could not pay 1 chi for A's toll."


@pytest.mark.slow
def test_render_and_describe_read_only_the_view():
    for state in random_states(games=4, every=97):
        for seat in [*range(state.players), None]:
            view = state.view(seat)
            GAME.render(view)
            if seat is not None and seat in state.actors:
                for action in state.legal_actions(seat)[:20]:
                    assert GAME.describe(view, action)


def test_seat_letters_appear_only_in_text():
    for state in random_states(games=3, every=53):
        board = state.view(None)["board"]
        for key in ("on_turn", "first_player"):
            assert isinstance(board[key], int)
        pending = board["pending"]
        assert pending is None or isinstance(pending["seat"], int)
        assert all(isinstance(o["from"], int) and isinstance(o["to"], int) for o in board["offers"])
    assert seat_name(2) == "C"
    assert texts(table())[-1] == "A's turn (round 1): takes 16 chi."
