"""Dream Cycle in words, once, in Python (wording.py, render.py): every event and question of random
games reads in English and in Italian from its message, each variant the page's sentence() chose is
chosen here, and the terminal's drawing, legend and moves leave no English in Italian."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any, Iterator

import pytest

from dreamtable.core.game_package import catalogue
from dreamtable.games.dream_cycle.render import legend
from tests.games.wording_checks import printed

from .table import GAME
from .test_prompts import STAGED

KEY_LEFT = re.compile(r"\b(?:event|prompt|where|tile|a-tile|insp|square|field|plan|keep|for|bundle|facing|turn|line|ordinal|"
                      r"terminal|form)\.[\w-]+|^spaces$")
"""A catalogue key shown as it is: a message or a nested one the catalogues lack."""
MOVES = 20_000
"""Enough for a random game to end (they take 2,000 to 16,000 moves, a second in all)."""
FIELD = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*(?::[a-zA-Z-]+)?\}")


def random_states(every: int) -> Iterator[Any]:
    """Seeded random games played to their end, every player count: the same state met every
    ``every`` moves and at its end (read it before going on: it moves on)."""
    for players in range(2, 6):
        rng = random.Random(players)
        state = GAME.new(players, players)
        for step in range(MOVES):
            if state.is_over:
                break
            if step % every == 0:
                yield state
            seat = rng.choice(state.actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.is_over
        yield state


def worded(text: str, key: str) -> bool:
    return "{" not in text and text != key and not KEY_LEFT.search(text)


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_event_and_question_of_random_games_reads_from_its_message(language: str) -> None:
    words = GAME.words(language)
    wrong, kinds = [], set()
    staged = [staged() for staged in STAGED]  # questions random play seldom reaches
    for state in itertools.chain(random_states(every=500), staged):
        for seat in range(state.players):
            whole = state.is_over or state in staged  # a random game's log is read once, at its end
            for event in state.log(seat) if whole else []:
                kinds.add(event["kind"])
                text = words.message(event["message"], event)
                if not worded(text, event["message"]["key"]):
                    wrong.append((event["kind"], text))
            view = state.view(seat)
            if view["ask"]["kind"] != "say":
                kinds.add("ask:" + view["ask"]["kind"])
                text = words.message(view["prompt_message"], view["ask"])
                if not worded(text, view["prompt_message"]["key"]):
                    wrong.append((view["ask"]["kind"], text))
    assert wrong == []
    assert {"ride", "conflict", "push", "offer", "plan", "pay", "ask:start", "ask:offers", "ask:choose"} <= kinds, sorted(kinds)


def en_it(message: dict[str, Any], fields: dict[str, Any]) -> tuple[str, str]:
    return GAME.words("en").message(message, fields), GAME.words("it").message(message, fields)


def event(kind: str, actor: int | None = 0, **fields: Any) -> tuple[str, str]:
    shown = {"kind": kind, "actor": actor, **fields}
    return en_it(GAME.message(shown), shown)


def ask(kind: str, **fields: Any) -> tuple[str, str]:
    shown = {"kind": kind, **fields}
    return en_it(GAME.prompt_message(shown), shown)


SQUARE = {"x": 4, "y": 1, "row": 1, "square": "R", "line": 1, "column": 5, "side": None}
FRINGE_WEST = {"x": -1, "y": 3, "row": 2, "square": "fringe", "line": 0, "column": 0, "side": "W"}
FRINGE_SOUTH = {"x": 2, "y": -1, "row": 0, "square": "fringe", "line": 2, "column": 3, "side": "S"}


def test_DC_R31_a_brake_plan_is_told_to_its_seat_and_only_set_to_the_others() -> None:
    assert event("plan", plan={"kind": "on", "squares": ["BL", "YI"]}) == (
        "A sets a brake plan: brake on landing on blue and Inspiration Bonus.",
        "A stabilisce un piano di frenata: frena arrivando su blu e Bonus Ispirazione.")
    assert event("plan", plan={"kind": "steps", "steps": 1}) == (
        "A sets a brake plan: brake after 1 steps.", "A stabilisce un piano di frenata: frena dopo 1 passo.")
    assert event("plan", plan=None) == ("A sets a brake plan.", "A stabilisce un piano di frenata.")


def test_DC_R49_the_tiles_kept_are_told_to_their_seat_and_none_keeps_the_notes_order() -> None:
    assert event("keep", tiles=["zip", "ward"]) == ("A chooses which Inspiration tiles to keep: Zip and Ward.",
                                                  "A sceglie quali tessere Ispirazione tenere: Scatto e Protezione.")
    assert event("keep", tiles=[])[0] == "A chooses which Inspiration tiles to keep: none (the note's order)."
    assert event("keep", tiles=None)[0] == "A chooses which Inspiration tiles to keep."


def test_DC_R16_an_inspiration_tile_drawn_is_named_to_the_drawer_only() -> None:
    assert event("draw", tile="wind") == ("A draws an Inspiration tile: Second Wind.",
                                          "A pesca una tessera Ispirazione: Secondo Fiato.")
    assert event("draw", tile=None) == ("A draws an Inspiration tile.", "A pesca una tessera Ispirazione.")


def test_DC_R26_a_trade_names_each_side_tile_by_tile_or_nothing() -> None:
    give = {"tiles": ["N", "N"], "chi": 2, "inspiration": ["zip"]}
    nothing = {"tiles": [], "chi": 0, "inspiration": []}
    assert event("offer", to=1, give=give, take=nothing) == (
        "A offers B North, North, 2 chi and Zip for nothing.",
        "A offre a B Nord, Nord, 2 chi e Scatto in cambio di niente.")
    assert event("accept", 1, **{"from": 0, "give": {"tiles": ["E"], "chi": 0, "inspiration": []}, "take": give})[0] == (
        "B accepts: A gives East for North, North, 2 chi and Zip.")


def test_DC_R28_R29_R30_a_ride_steps_off_a_doldrum_turns_on_a_colour_or_plainly_and_counts_its_spaces() -> None:
    ride: dict[str, Any] = {"facing": "E", "spaces": 2, "destination": SQUARE}
    assert event("ride", how="right", colour="G", **ride) == (
        "A's bicycle turns right on Green and rides east 2 spaces to the Red square in row 1 (middle line, 5th from the west).",
        "La bicicletta di A, secondo il campo Verde, gira a destra e pedala verso est per 2 caselle fino a "
        "casella Rossa della fila 1 (linea centrale, 5ª da ovest).")
    assert event("ride", how="straight", colour=None, **{**ride, "spaces": 1})[0] == (
        "A's bicycle goes straight and rides east one space to the Red square in row 1 (middle line, 5th from the west).")
    assert event("ride", how="doldrum", colour=None, **{**ride, "spaces": 1, "destination": FRINGE_SOUTH}) == (
        "A's bicycle steps off the doldrum space one space to the fringe south of row 1 (3rd from the west).",
        "La bicicletta di A lascia la casella di bonaccia e avanza di una casella fino a margine esterno a sud "
        "della fila 1 (3ª da ovest).")


def test_DC_R35_R36_a_conflict_and_a_push_name_the_place_and_the_seats() -> None:
    assert event("conflict", at=FRINGE_WEST, entering=[0], occupants=[1, 2]) == (
        "Conflict at the fringe west of row 2 (south line): A against B and C.",
        "Conflitto in margine esterno a ovest della fila 2 (linea sud): A contro B e C.")
    assert event("push", pushed=[1], facing="N", destination=SQUARE)[0] == (
        "B is pushed north to the Red square in row 1 (middle line, 5th from the west).")
    assert event("push", pushed=[1, 2], facing="N", destination=SQUARE) == (
        "B and C are pushed north to the Red square in row 1 (middle line, 5th from the west).",
        "B e C vengono spinti verso nord fino a casella Rossa della fila 1 (linea centrale, 5ª da ovest).")
    assert event("pass", entering=[0, 1])[0] == "A and B passes onto the same space."


def test_DC_R31_R41_a_brake_and_a_zip_name_their_place() -> None:
    assert event("brake", chi=2, at=SQUARE)[1] == "A paga 2 chi e frena in casella Rossa della fila 1 (linea centrale, 5ª da ovest)."
    assert event("zip", facing="W", destination=FRINGE_WEST)[0] == "A zips west to the fringe west of row 2 (south line)."


def test_DC_R15_R39_R46_a_payment_says_what_it_was_for() -> None:
    assert event("pay", chi=2, reason="toll", to=1) == ("A pays 2 chi for B's toll.", "A paga 2 chi per il pedaggio di B.")
    assert event("pay", chi=2, reason="toll", to=None)[0] == "A pays 2 chi for a toll."
    assert event("cancel", tile="ward", reason="drain", to=None) == (
        "A turns in Ward instead of paying for a Psychic Drain.", "A usa Protezione invece di pagare per un Drenaggio Psichico.")
    assert event("out", chi=2, reason="loop", to=None)[0] == (
        "A is out of the game: could not pay 2 chi for the brake in an endless loop.")


def test_DC_R45_the_end_is_told_by_its_reason() -> None:
    assert event("game-over", None, reason="awake", winners=[1]) == (
        "B rides off the far edge of the Dreamscape and wakes: B wins!",
        "B esce dal bordo più lontano del Paesaggio Onirico e si sveglia: vince B!")
    assert event("game-over", None, reason="all-out", winners=[])[0] == "Nobody is left in the dream."
    assert event("game-over", None, reason="something-new", winners=[0])[0] == "The game is over: A wins."


def test_DC_R7_the_rows_removed_are_listed() -> None:
    assert event("rows-removed", None, rows=[1, 2]) == ("Every token has passed row 1 and 2: removed.",
                                                      "Tutti i segnalini hanno superato la fila 1 e 2: viene rimossa.")


def test_questions_list_the_free_spaces_name_the_place_and_word_each_offer() -> None:
    assert ask("start", free=[1, 5, 9]) == ("Choose your starting space south of row 1 (free: 1, 5 and 9).",
                                           "Scegli il tuo spazio di partenza a sud della fila 1 (liberi: 1, 5 e 9).")
    assert ask("choose", mover=0, colour="BL", **SQUARE)[0] == (
        "A's bicycle leaves Blue at the Red square in row 1 (middle line, 5th from the west): which way?")
    assert ask("watch-conflict-fringe", decider=2, **FRINGE_WEST)[1].startswith(
        "C ha più Potere e decide il conflitto qui: margine esterno a ovest della fila 2 (linea sud).")
    assert ask("offer", **{"from": 1, "give": "N 2c", "take": "-"}) == (
        "B offers you North and 2 chi for nothing: accept or decline.",
        "B ti offre Nord e 2 chi in cambio di niente: accetta o rifiuta (accetta B).")
    offers = [{"from": 1, "give": "zip", "take": "1c"}, {"from": 2, "give": "-", "take": "U"}]
    assert ask("offers", **{"from": [1, 2], "offers": offers}) == (
        "B offers you Zip for 1 chi and C offers you nothing for Lucidity: accept or decline each.",
        "B ti offre Scatto in cambio di 1 chi e C ti offre niente in cambio di Lucidità: accetta o rifiuta ciascuna.")


# -- the terminal ------------------------------------------------------------------------------------
def english_pieces() -> set[str]:
    """The literal text of the English terminal and form templates, between their fields (12 characters or more)."""
    pieces = set()
    for key, template in catalogue(GAME, "en").items():
        if key.startswith(("terminal.", "form.")):
            for form in [template] if isinstance(template, str) else template.values():
                pieces |= {piece.strip() for piece in FIELD.split(form) if len(piece.strip()) >= 12}
    return pieces


def test_the_terminal_in_italian_leaves_no_english_in_the_board_the_legend_or_the_moves() -> None:
    words = GAME.words("it")
    pieces = english_pieces()
    shown = [legend(words)]
    seen_end = False
    for state in random_states(every=2_000):
        for seat in range(state.players):
            view = state.view(seat)
            shown.append(printed(GAME.render(view, words)))
            shown += [GAME.describe(view, action, words) for action in state.legal_actions(seat)]
            seen_end |= state.is_over
    left = sorted({piece for piece in pieces for text in shown if piece in text})
    assert left == [] and seen_end
    assert len(pieces) > 30  # the check reads the templates it means to


def test_every_action_form_has_its_words_in_both_languages() -> None:
    kinds = {form.kind for state in random_states(every=100) for seat in range(state.players) for form in state.action_forms(seat)}
    assert {"plan", "offer", "keep"} <= kinds
    for kind in kinds:
        assert GAME.words("it").has(f"form.{kind}") and GAME.words("it").t(f"form.{kind}") != GAME.words("en").t(f"form.{kind}")
