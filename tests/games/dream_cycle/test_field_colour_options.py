"""The options the design note names for the fields and the special squares.

* ``field_colours`` (DC-R9): the seven fields' colours, codes of ``G W O R P F S Y BL``. Default the
  note's seven, Green White Orange Red Purple Fuchsia Silver; its alternative is Green White Orange
  Yellow Blue Red Purple, whose Dreamscape shows plain squares only in Green White Orange Red Purple
  (the yellow and blue squares are the Yellow and Blue fields' own).
* ``special_exit`` (DC-R10, [proposed]): leaving a blue or yellow square rolls the die (``die``, the
  default), or follows the Blue or Yellow field (``fields``, which needs both among the fields).

The engine is tested here through moves, state and raw events (the sentences, the terminal and the
browser drawing of Yellow and Blue fields live in files of their own)."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.core.contract import SetupError
from dreamtable.games.dream_cycle import components as c
from dreamtable.games.dream_cycle.components import COLOUR_CODES, DIRECTIONAL_CODES, SQUARE_CODES

from tests.helpers import assert_refused, legal, play

from .table import GAME, at, paint, put, table

ALTERNATIVE = ["G", "W", "O", "Y", "BL", "R", "P"]


def alternative(special_exit: str = "fields", **options):
    """The note's alternative fields; A on (4,1), B out of the way on (8,0)."""
    state = table(field_colours=ALTERNATIVE, special_exit=special_exit, **options)
    put(state, 0, 4, 1, "N")
    put(state, 1, 8, 0, "N")
    return state


def on_field(state, seat: int, colour: str, tiles: str) -> None:
    """Tiles from the stock onto the field of ``colour`` (any colour of the game, Y and BL too)."""
    f = state.slot_of(COLOUR_CODES.index(colour))
    for k in state.fields[seat][f]:
        state.stock[k] += 1
    kinds = tuple(DIRECTIONAL_CODES.index(t) for t in tiles)
    for k in kinds:
        state.stock[k] -= 1
    state.fields[seat][f] = kinds
    state._cache = {}


def moved(events) -> list[dict]:
    return [dict(e.fields) for e in events if e.kind == "ride"]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# -- field_colours (DC-R9) ---------------------------------------------------------------------------

def test_DC_R9_field_colours_default_is_the_notes_seven():
    default = {option.name: option.default for option in GAME.info.options}["field_colours"]
    assert default == ["G", "W", "O", "R", "P", "F", "S"]
    state = table()
    assert state.options["field_colours"] == default and state.options["special_exit"] == "die"
    assert list(state.view(0)["board"]["seats"][0]["fields"]) == default
    assert state.settings.fields == tuple(range(7))  # each default colour in its own slot, as before the option


def test_DC_R9_the_default_fields_keep_the_shipped_tiles():
    shipped = c.load_dreamscape({})
    assert c.load_dreamscape({"field_colours": list("GWORPFS")}) is shipped
    assert c.generate_dreamscape(c.DEFAULTS["dreamscape_seed"], c.DEFAULTS["square_mix"], c.DEFAULTS["min_field_colours"],
                                 c.DEFAULTS["max_specials"]) == shipped


def test_DC_R9_the_alternative_fields_green_white_orange_yellow_blue_red_purple():
    state = alternative()
    assert list(state._view()["seats"][0]["fields"]) == ["G", "W", "O", "R", "P", "Y", "BL"]  # in slot order
    state.hand[0][DIRECTIONAL_CODES.index("N")] += 1
    state.stock[DIRECTIONAL_CODES.index("N")] -= 1
    state._cache = {}
    moves = legal(state, 0)
    assert {"place N Y", "place N BL", "place N G", "place N P"} <= moves
    assert not {"place N F", "place N S"} & moves
    assert_refused(state, 0, "place N F", "no Fuchsia field", "G W O R P Y BL", "field_colours, DC-R9")
    events = play(state, 0, "place N Y")
    assert [(e.kind, e.fields["field"]) for e in events] == [("place", "Y")]
    assert state._view()["seats"][0]["fields"]["Y"] == ["N"]  # the board part (the sentences of Y and BL are not ours)
    events = play(state, 0, "boost Y 2")
    assert [(e.kind, e.fields["field"]) for e in events] == [("boost", "Y")] and "unboost Y" in legal(state, 0)
    play(state, 0, "unboost Y")
    play(state, 0, "unplace N Y")
    assert state.hand[0][DIRECTIONAL_CODES.index("N")] == 1


def test_DC_R9_the_default_game_has_no_yellow_or_blue_field():
    state = table()
    state.hand[0][0] += 1
    state.stock[0] -= 1
    state._cache = {}
    assert "place F Y" not in legal(state, 0)
    assert_refused(state, 0, "place F BL", "no Blue field", "G W O R P F S", "DC-R9")


def test_DC_R9_the_alternatives_dreamscape_shows_only_its_plain_colours():
    state = alternative()
    plain = {COLOUR_CODES.index(code) for code in "GWORP"}
    for phase, tiles in enumerate(state.scape.tiles, 1):
        squares = [s for tile in tiles for s in tile]
        assert {s for s in squares if s < 7} == plain
        for code, kind in zip(c.SPECIAL_CODES, range(7, 12)):  # the square mix is untouched (§3.2)
            assert squares.count(kind) == c.DEFAULTS["square_mix"][str(phase)][code]
        counts = [squares.count(colour) for colour in plain]
        assert max(counts) - min(counts) <= 2  # spread evenly over the five
    assert {code for row in state._view()["rows"] for line in row["squares"] for code in line} <= set("GWORP") | set(c.SPECIAL_CODES)


def test_DC_R9_field_colours_refuses_what_is_not_seven_different_colours():
    for bad in (["G", "W"], ["G"] * 7, ["G", "W", "O", "R", "P", "F", "K"], ["G", "W", "O", "R", "P", "F", 1], ["B"] * 7):
        with pytest.raises(SetupError, match="field_colours needs 7 different colour codes of G W O R P F S Y BL"):
            GAME.new(2, seed=1, field_colours=bad)
    with pytest.raises(SetupError, match="field_colours takes a list"):
        GAME.new(2, seed=1, field_colours="GWORPFS")
    with pytest.raises(SetupError, match="min_field_colours must be 0–5"):  # five plain colours in the alternative
        GAME.new(2, seed=1, field_colours=ALTERNATIVE, special_exit="fields", min_field_colours=6)


def test_DC_R9_field_colour_notation_reads_and_writes_yellow_and_blue():
    state = alternative()
    for text in ("place N Y", "unplace L BL", "boost BL 3", "unboost Y", "place N G"):
        move = GAME.parse_action(state, 0, text)
        assert str(move) == text and GAME.parse_action(state, 0, text.lower()) == move


def test_DC_R9_an_alternative_game_replays_from_its_record():
    record = GAME.new(3, seed=5, field_colours=ALTERNATIVE, special_exit="fields").record()
    assert record.options["field_colours"] == ALTERNATIVE and record.options["special_exit"] == "fields"
    game = GAME.new(3, seed=5, field_colours=ALTERNATIVE, special_exit="fields")
    for seat in list(game.start_order):
        play(game, seat, f"start {seat + 1}")
    play(game, game.turn, "buy N")
    play(game, game.turn, "place N BL")
    replayed = dreamtable.replay(game.record())
    assert replayed.fields == game.fields and replayed.scape == game.scape and replayed.settings == game.settings


# -- special_exit (DC-R10) ---------------------------------------------------------------------------

def test_DC_R10_special_exit_default_rolls_the_die_on_blue_and_yellow_squares():
    state = table(die_faces=["R"])
    assert state.options["special_exit"] == "die"
    paint(state, "G", x4y1="BL")
    put(state, 0, 4, 1, "N")
    put(state, 1, 8, 0, "N")
    on_field(state, 0, "R", "E")
    events = play(state, 0, "end")
    assert [(e.fields["square"], e.fields["colour"]) for e in events if e.kind == "roll"] == [("BL", "R")]
    assert moved(events)[0]["colour"] == "R" and at(state, 0) == (5, 1, "E")


def test_DC_R10_special_exit_fields_leaves_a_blue_square_by_the_blue_field():
    state = alternative()
    paint(state, "G", x4y1="BL")
    on_field(state, 0, "BL", "E")
    on_field(state, 0, "Y", "W")
    events = play(state, 0, "end")
    assert "roll" not in kinds(events)
    assert moved(events)[0]["colour"] == "BL" and at(state, 0) == (5, 1, "E")


def test_DC_R10_special_exit_fields_leaves_every_yellow_square_by_the_yellow_field():
    for square in ("YI", "YD", "YR"):
        state = alternative()
        paint(state, "G", x4y1=square)
        on_field(state, 0, "Y", "W")
        on_field(state, 0, "BL", "E")
        events = play(state, 0, "end")
        assert "roll" not in kinds(events), square
        assert moved(events)[0]["colour"] == "Y" and at(state, 0) == (3, 1, "W"), square


def test_DC_R10_special_exit_fields_with_an_empty_field_ends_the_movement_as_any_colour_does():
    state = alternative()
    paint(state, "G", x4y1="YR")
    on_field(state, 0, "BL", "E")
    events = play(state, 0, "end")
    assert [(e.kind, e.fields.get("colour")) for e in events if e.kind in ("roll", "no-tile")] == [("no-tile", "Y")]
    assert at(state, 0) == (4, 1, "N")


def test_DC_R10_R24_a_boosted_blue_field_rides_two_spaces_off_a_blue_square():
    state = alternative()
    paint(state, "G", x4y1="BL")
    on_field(state, 0, "BL", "E")
    play(state, 0, "boost BL 2")
    events = play(state, 0, "end")
    assert moved(events)[0] == {**moved(events)[0], "colour": "BL", "spaces": 2} and at(state, 0) == (6, 1, "E")


def test_DC_R10_special_exit_fields_needs_the_yellow_and_blue_fields():
    with pytest.raises(SetupError, match="special_exit=fields follows the Yellow and Blue fields"):
        GAME.new(2, seed=1, special_exit="fields")
    with pytest.raises(SetupError, match="special_exit=fields"):
        GAME.new(2, seed=1, special_exit="fields", field_colours=["G", "W", "O", "R", "P", "F", "Y"])
    with pytest.raises(SetupError, match="special_exit"):
        GAME.new(2, seed=1, special_exit="stop")


def test_DC_R10_R11_the_alternative_with_the_die_rolls_only_field_colours():
    with pytest.raises(SetupError, match="die_faces must be one or more field colour codes"):
        GAME.new(2, seed=1, field_colours=ALTERNATIVE)  # the default die has Fuchsia and Silver, not fields here
    state = alternative("die", die_faces=["Y"])
    paint(state, "G", x4y1="BL")
    on_field(state, 0, "Y", "W")
    events = play(state, 0, "end")
    assert [(e.fields["square"], e.fields["colour"]) for e in events if e.kind == "roll"] == [("BL", "Y")]
    assert at(state, 0) == (3, 1, "W")


def test_DC_R10_special_exit_fields_ignores_the_die_faces():
    state = alternative(die_faces=["F"])  # never rolled: the die is not used under special_exit=fields
    paint(state, "G", x4y1="YI")
    on_field(state, 0, "Y", "N")
    events = play(state, 0, "end")
    assert "roll" not in kinds(events) and at(state, 0)[:2] == (4, 2)


def test_DC_R10_the_options_are_listed_with_their_defaults_and_choices():
    options = {option.name: option for option in GAME.info.options}
    assert options["special_exit"].default == "die" and tuple(options["special_exit"].choices) == ("die", "fields")
    assert "DC-R10" in options["special_exit"].doc and "[proposed]" in options["special_exit"].doc
    assert "DC-R9" in options["field_colours"].doc and str(ALTERNATIVE) in options["field_colours"].doc
    assert SQUARE_CODES[:7] == tuple(options["field_colours"].default)


def test_DC_R9_R10_the_rules_page_names_both_options_their_defaults_and_the_alternative():
    import re
    from pathlib import Path

    text = " ".join(re.sub(r"[*`]", "", (Path(__file__).resolve().parents[3] / "docs" / "rules" / "dream-cycle.md")
                           .read_text(encoding="utf-8")).split())
    assert "| DC-R9 |" in text and "| field_colours (G W O R P F S) |" in text
    assert "| special_exit (die) |" in text and "special_exit=die, our own choice [proposed]" in text
    assert "-o 'field_colours=[\"G\",\"W\",\"O\",\"Y\",\"BL\",\"R\",\"P\"]' -o special_exit=fields" in text
    state = GAME.new(2, seed=1, field_colours=ALTERNATIVE, special_exit="fields")  # what the page's command plays
    assert state.settings.exits[c.BLUE] == c.BLUE_FIELD and state.settings.exits[c.REVERIE] == c.YELLOW_FIELD


def test_DC_R9_an_unsatisfiable_tile_limit_is_refused_after_a_bounded_number_of_deals(monkeypatch):
    """min_field_colours=7 lies in the option's range but no deal of the shipped mix meets it: the
    generator gives up after DEAL_ATTEMPTS deals of Phase 1 (a stranger's table costs the server a
    bounded time), saying what to change; a satisfiable limit is dealt as before."""
    deals = []
    real = c.check_phase
    monkeypatch.setattr(c, "check_phase", lambda *args, **kwargs: deals.append(1) or real(*args, **kwargs))
    with pytest.raises(SetupError, match="lower min_field_colours or raise max_specials"):
        GAME.new(2, seed=1, dreamscape_seed=3, min_field_colours=7)
    assert len(deals) == c.DEAL_ATTEMPTS
    deals.clear()
    GAME.new(2, seed=1, dreamscape_seed=3, min_field_colours=5)
    assert 5 <= len(deals) < c.DEAL_ATTEMPTS
