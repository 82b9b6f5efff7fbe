"""DC-R9, DC-R10: a game with the note's alternative fields, ``G W O Y BL R P``,
is shown as well as played: its views fit the schema, its events and questions have sentences, the
terminal draws it and words its moves. Seeded random games run the kit's checks under both
``special_exit`` values (``die`` needs die faces of the game's colours, DC-R11)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from dreamtable import testing
from dreamtable.games.dream_cycle.components import COLOUR_CODES
from dreamtable.games.dream_cycle.events import FIELD_NAME

from .table import GAME, table

ALTERNATIVE = ["G", "W", "O", "Y", "BL", "R", "P"]
OPTION_SETS = {
    "fields": {"field_colours": ALTERNATIVE, "special_exit": "fields"},
    "die": {"field_colours": ALTERNATIVE, "special_exit": "die", "die_faces": ALTERNATIVE},
}


def text_of(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=300, color_system=None).print(renderable)
    return out.getvalue()


def shown(state) -> None:
    """Every seat's and the spectator's view drawn at the terminal, and every legal move in words."""
    for seat in [*range(state.players), None]:
        view = state.view(seat)
        text_of(GAME.render(view))
        if seat is not None:
            for action in state.legal_actions(seat):
                assert GAME.describe(view, action)


@pytest.mark.parametrize("special_exit", OPTION_SETS)
@pytest.mark.slow
def test_DC_R9_R10_alternative_colours_random_games_pass_the_kits_checks_and_are_drawn(special_exit):
    # Two 3-player games per setting, 15 rounds: views against the schema, sentences and prompts
    # (check_view_shape, check_event_sentences in the fuzz), then the terminal at random steps.
    options = {"round_limit": 15, **OPTION_SETS[special_exit]}
    report = testing.fuzz("dream-cycle", [3], 2, check_every=13, view_every=11, options=options)
    assert report.games == 2
    rng = random.Random(5)
    state = GAME.new(players=4, seed=5, **options)
    steps = 0
    while not state.is_over and steps < 1500:
        if steps % 37 == 0:
            shown(state)
        seat = rng.choice(state.actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    shown(state)
    testing.check_event_sentences(state)


def test_DC_R9_every_field_colour_has_a_name_for_the_sentences_and_prompts():
    assert FIELD_NAME == dict(zip(COLOUR_CODES, ("Green", "White", "Orange", "Red", "Purple", "Fuchsia", "Silver", "Yellow", "Blue")))


def test_DC_R9_placing_and_boosting_on_yellow_and_blue_reads_in_words_and_on_the_board():
    state = table(field_colours=ALTERNATIVE, special_exit="fields")
    state.chi[0] = 20
    for move in ("buy N", "place N Y", "buy E", "place E BL", "boost BL 2"):
        state.apply(0, GAME.parse_action(state, 0, move))
    told = [GAME.sentence({"kind": e["kind"], "actor": e.get("actor"), **e}) for e in state.log(0)[-5:]]
    assert "A places North on Yellow." in told and "A places East on Blue." in told
    assert "A boosts Blue with 2 chi." in told
    view = state.view(0)
    fields = view["board"]["seats"][0]["fields"]
    assert list(fields) == ["G", "W", "O", "R", "P", "Y", "BL"]  # slot order: Yellow and Blue in F's and S's slots
    assert fields["Y"] == ["N"] and fields["BL"] == ["E"] and view["board"]["seats"][0]["boosts"] == {"BL": 2}
    testing.check_view_shape(view, "dream-cycle")
    board = text_of(GAME.render(view))
    assert " Y  N " in board and " BL  E+2" in board
    assert " F " not in board.split("A  chi")[1].splitlines()[1]
    words = {str(a): GAME.describe(view, a) for a in state.legal_actions(0)}
    assert words["unplace N Y"] == "take North off the Yellow field"
    assert words["unboost BL"] == "take the boost off Blue"
    assert any(w.startswith("boost Yellow with") for w in words.values())


def test_DC_R10_the_choose_prompt_names_a_yellow_or_blue_field():
    assert GAME.prompt_text({"kind": "choose", "mover": 0, "colour": "BL", "x": 4, "y": 1, "row": 1, "square": "BL",
                             "line": 1, "column": 5, "side": None}) == (
        "A's bicycle leaves Blue at the blue square in row 1 (middle line, 5th from the west): which way?")
    assert GAME.sentence({"kind": "no-tile", "actor": 1, "colour": "Y", "facing": "N"}) == (
        "B has no tile on Yellow: the movement ends, facing north.")
    assert GAME.sentence({"kind": "roll", "actor": 0, "square": "YR", "colour": "BL"}) == "A rolls the die on Reverie: Blue."


def test_DC_R9_the_schema_takes_seven_fields_of_the_nine_colours_and_no_other_count():
    state = table(field_colours=ALTERNATIVE, special_exit="fields")
    view = state.view(0)
    testing.check_view_shape(view, "dream-cycle")
    for broken in ({**view["board"]["seats"][0]["fields"], "F": []}, {k: v for k, v in view["board"]["seats"][0]["fields"].items() if k != "Y"}):
        view["board"]["seats"][0]["fields"] = broken
        with pytest.raises(AssertionError, match="schema"):
            testing.check_view_shape(view, "dream-cycle")


@pytest.mark.parametrize("spec", ["greedy", "ismcts:40"])
@pytest.mark.slow
def test_DC_R11_bots_play_a_game_whose_die_names_yellow_and_blue(spec):
    """The evaluation read the die's faces as default colours and raised ValueError on 'Y'."""
    from dreamtable.agents import make_agent

    state = GAME.new(players=2, seed=4, field_colours=ALTERNATIVE, special_exit="die", die_faces=["Y", "BL", "G"])
    bots = [make_agent(spec, seat, game=GAME) for seat in range(2)]
    for _ in range(150):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert any(seat is not None for seat, _ in state.history())
