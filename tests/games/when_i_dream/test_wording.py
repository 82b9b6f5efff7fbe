"""When I Dream in the reader's words: every event and question a seat sees is worded from the catalogues
(wording.py picks the key and works out the fields, from the event as the seat sees it), and the terminal's
board, legend, moves and ending read in Italian with no English left, in English as before."""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any, Iterator

import pytest
from rich.console import Console

import dreamtable
from dreamtable.core.game_package import catalogue
from dreamtable.core.words import Words
from dreamtable.games.when_i_dream.notation import parse
from dreamtable.games.when_i_dream.render import explain_end, legend

GAME = dreamtable.load("when-i-dream")
EN, IT = GAME.words("en"), GAME.words("it")


def positions(players: int, seed: int, **options: Any) -> Iterator[Any]:
    """A seeded random game to its end: a random legal move of a random actor, now and then a deadline
    expiring (the night, a clue turn, the review), so that every phase comes round quickly."""
    rng = random.Random(seed)
    state = GAME.new(players, seed, **options)
    while not state.is_over:
        yield state
        actors = state.actors
        actor = rng.choice(actors) if actors else None
        moves = state.legal_actions(actor) if actor is not None else []
        if state.timers and (not moves or rng.random() < 0.1):
            state.expire(rng.choice(state.timers))
        elif actor is not None and moves:
            state.apply(actor, rng.choice(moves))
        else:
            break
    yield state


def said(words: Words, event: dict[str, Any]) -> str:
    return words.message(GAME.message(event), event)


GAMES: list[tuple[int, int, dict[str, Any]]] = [(4, 1, {}), (5, 2, {"auto_clue_check": "penalize", "dreamer_sees_own_guesses": True}),
         (6, 3, {"language": "it"}), (10, 4, {"flag_quorum": 1})]


def test_every_event_and_question_of_random_games_is_worded_in_english_and_in_italian() -> None:
    keys = set()
    for players, seed, options in GAMES:
        state = None
        for index, state in enumerate(positions(players, seed, **options)):
            if index % 5:
                continue
            for seat in [None, *range(players)]:
                ask, message = state.view(seat)["ask"], state.view(seat)["prompt_message"]
                if ask["kind"] != "say":
                    keys.add(message["key"])
                    for words in (EN, IT):
                        text = words.message(message, ask)
                        assert "{" not in text and text != message["key"], (words.language, ask, text)
        assert state is not None and state.is_over
        for seat in [None, *range(players)]:
            for event in state.log(seat):
                keys.add(event["message"]["key"])
                for words in (EN, IT):
                    text = words.message(event["message"], event)
                    assert "{" not in text and text != event["message"]["key"], (words.language, event, text)
    wanted = {"event.reveal.hidden", "event.guess.hidden", "event.unmask.wrong", "event.card-gone.judged",
              "event.card-gone.flagged", "event.day", "prompt.guess.in-it", "prompt.clue.in-it"}
    assert wanted <= keys, f"the random games should meet these variants: {wanted - keys}"


def test_the_dreamers_log_words_no_element_verdict_or_penalty() -> None:
    """WID-R11: the Dreamer's messages come from the Dreamer's events, so they name nothing hidden."""
    state = GAME.new(4, 7, auto_clue_check="penalize")
    element = state.element
    state.apply(1, parse(f"clue {state.seq} {element}s"))
    mine = json.dumps([event["message"] for event in state.log(0)])
    assert element not in mine and "penalty" not in mine and "judged" not in mine
    gone = next(event for event in state.log(0) if event["kind"] == "card-gone")
    assert said(EN, gone) == "Element 1 has gone: a new card is in play."


# The variants the page's sentence() chose, one by one (an event as a seat sees it).

def event(kind: str, actor: int | None = None, **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "actor": actor, **fields}


@pytest.mark.parametrize("shown, english, italian", [
    (event("reveal", seq=3, element=None), "Element 3 is in play: (hidden).", "L'Elemento 3 è in gioco: (nascosto)."),
    (event("reveal", seq=3, element="dog"), "Element 3 is in play: dog.", "L'Elemento 3 è in gioco: dog."),
    (event("clue-rejected", 1, seq=1, word=None, reason=None), "B is thinking…", "B ci sta pensando…"),
    (event("clue-rejected", 1, seq=1, word="dogs", reason="same_stem"),
     "Your clue 'dogs' was not published: same stem.", "Il tuo indizio 'dogs' non è stato pubblicato: ha la stessa radice."),
    (event("guess", 0, seq=2, guess="cat", verdict=None), "The Dreamer guesses cat.", "Il Sognatore risponde cat."),
    (event("guess", 0, seq=2, guess="cat", verdict="wrong"), "The Dreamer guesses cat: wrong.",
     "Il Sognatore risponde cat: sbagliato."),
    (event("card-gone", seq=4, penalty=None), "Element 4 has gone: a new card is in play.",
     "L'Elemento 4 se n'è andato: una nuova carta è in gioco."),
    (event("card-gone", seq=4, penalty={"seat": 2, "id": 7, "word": None, "reason": None}),
     "c7 is improper by the players' flags: Element 4 goes in front of C as a penalty. A new card is in play.",
     "c7 è irregolare per le segnalazioni dei giocatori: l'Elemento 4 va davanti a C come penalità. Una nuova carta è in gioco."),
    (event("card-gone", seq=4, penalty={"seat": 2, "id": None, "word": "dogs", "reason": "same_stem"}),
     "C's clue was improper (dogs: same stem): Element 4 goes in front of them as a penalty. A new card is in play.",
     "L'indizio di C era irregolare (dogs: ha la stessa radice): l'Elemento 4 gli va davanti come penalità. "
     "Una nuova carta è in gioco."),
    (event("vote", 2, vote="side", card=1, choice="yellow"), "C votes that card 1 belongs on Yellow.",
     "C vota che la carta 1 va sulla pila gialla."),
    (event("vote", 2, vote="mention", card=2, choice="no"), "C votes that the dream did not name card 2.",
     "C vota che il sogno non ha nominato la carta 2."),
    (event("vote", 3, vote="penalty", card=3, choice="keep"), "D votes to keep the penalty on card 3.",
     "D vota di mantenere la penalità sulla carta 3."),
])
def test_each_variant_of_an_event_reads_as_the_seat_may_know_it(shown: dict[str, Any], english: str, italian: str) -> None:
    assert (said(EN, shown), said(IT, shown)) == (english, italian)


def card(side: str, element: str, guess: str | None = None, owner: int | None = None) -> dict[str, Any]:
    return {"seq": 1, "element": element, "side": side, "guess": guess, "owner": owner}


@pytest.mark.parametrize("cards, english, italian", [
    ([card("yellow", "dog", "dog")], "Right: dog.", "Indovinati: dog."),
    ([card("blue", "cat", "hat"), card("blue", "moon")], "Right: none. Wrong: cat (said hat) and moon (passed).",
     "Indovinati: nessuno. Sbagliati: cat (detto hat) e moon (passato)."),
    ([card("yellow", "dog", "dog"), card("yellow", "sun", "sun"), card("penalty", "owl", owner=1)],
     "Right: dog and sun. Penalties: owl (B).", "Indovinati: dog e sun. Penalità: owl (B)."),
    ([card("penalty", "owl", owner=3), card("blue", "cat", "hat")], "Right: none. Wrong: cat (said hat). Penalties: owl (D).",
     "Indovinati: nessuno. Sbagliati: cat (detto hat). Penalità: owl (D)."),
])
def test_the_unmasked_night_says_the_right_cards_then_the_wrong_ones_and_the_penalties_if_any(
        cards: list[dict[str, Any]], english: str, italian: str) -> None:
    shown = event("unmask", cards=cards)
    assert said(EN, shown) == f"The Dreamer takes off the mask. {english} The clue-givers review the night."
    assert said(IT, shown) == f"Il Sognatore si toglie la maschera. {italian} Chi ha dato gli indizi ripercorre la notte."


def test_the_day_names_the_bonus_the_roles_from_the_dreamers_left_and_every_gain() -> None:
    day = event("day", round=2, dreamer=2, yellow=3, blue=1, bonus=2, roles=["Fairy", "Sandman", None, "Boogeyman"],
                gains=[3, 2, 5, 1])
    assert said(EN, day) == ("Day 2: 3 Yellow, 1 Blue, the Dreamer named every Yellow Element (+2). "
                             "Roles: D Boogeyman, A Fairy and B Sandman. Points: A +3, B +2, C +5 and D +1.")
    assert said(IT, {**day, "bonus": 0}) == ("Giorno 2: Gialle 3, Blu 1. Ruoli: D Uomo Nero, A Fata e B Omino del Sonno. "
                                             "Punti: A +3, B +2, C +5 e D +1.")


def test_WID_R25_the_guess_and_clue_questions_of_an_italian_game_tell_an_english_reader_the_words_are_italian() -> None:
    ask = {"kind": "guess", "seq": 3, "language": "it"}
    assert EN.message(GAME.prompt_message(ask), ask) == "Element 3: type your guess (in Italian), or pass."
    assert IT.message(GAME.prompt_message(ask), ask) == "Elemento 3: scrivi la tua risposta, o passa."  # no news to them
    english_game = {**ask, "language": "en"}
    assert EN.message(GAME.prompt_message(english_game), english_game) == "Element 3: type your guess, or pass."


# The terminal in Italian: no English template text left.

FIELD = re.compile(r"\{[^}]*\}")


def english_leftovers() -> list[str]:
    """The English words of the terminal's own templates, the form labels and the moves: each piece
    between fields (and lines) of at least 12 letters."""
    english = catalogue(GAME, "en")
    pieces = set()
    for key, template in english.items():
        if key.startswith(("terminal.", "form.", "move.", "ui.deck")):
            for text in [template] if isinstance(template, str) else template.values():
                for piece in FIELD.split(text):
                    for line in piece.splitlines():
                        if len(line.strip()) >= 12:
                            pieces.add(line.strip())
    return sorted(pieces)


def drawn(thing: Any) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(thing)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def test_the_leftover_check_knows_the_english_it_looks_for() -> None:
    leftovers = english_leftovers()
    for english in ("(hidden from the Dreamer)", "Points (− penalties):", "Your recount", "pass this card (it goes to Blue)",
                    "what the lines say"):
        assert any(english in piece for piece in leftovers), english


def test_the_terminal_in_italian_draws_the_board_the_legend_the_moves_and_the_ending_with_no_english_left() -> None:
    leftovers = english_leftovers()
    texts, kinds = [drawn(legend(IT))], set()
    for players, seed, options in GAMES[:3]:
        state = None
        for index, state in enumerate(positions(players, seed, **options)):
            if index % 3:
                continue
            for seat in [None, *range(players)]:
                view = state.view(seat)
                texts.append(drawn(GAME.render(view, IT)))
                if seat is not None:
                    for action in state.legal_actions(seat)[:60]:
                        kinds.add(action.kind)
                        texts.append(GAME.describe(view, action, IT))
                    texts += [IT.t(f"form.{form.kind}") for form in state.action_forms(seat)]
        assert state is not None and state.outcome is not None
        texts.append(drawn(GAME.render(state.view(0), IT)))
    view = GAME.new(4, 1).view(1)
    view["board"]["clues"] = [{"id": 5, "seq": 1, "seat": 2, "word": "bark"}]
    view["board"]["cards"] = [card("penalty", "owl", owner=3)]
    for move in ("flag c5", "flag c9", "vote-penalty 1 keep", "vote-penalty 2 cancel", "recount", "vote-mention 1 yes",
                 "vote-mention 2 no", "vote-side 1 blue"):  # moves a random game seldom meets
        texts.append(GAME.describe(view, parse(move), IT))
    assert {"vote-side", "guess", "clue", "clue-pass", "dream-pass", "recount", "done"} <= kinds
    found = [(piece, text) for text in texts for piece in leftovers if piece in text]
    assert found == []


def test_the_italian_board_reads_in_italian() -> None:
    state = GAME.new(4, 1, first_dreamer=1)
    text = drawn(GAME.render(state.view(0), IT))
    assert f"Round 1 di 4 · notte · B è il Sognatore · {state.view(0)['board']['deck']} carte nel mazzo" in text
    assert f"Elemento 1 in gioco: {state.element}" in text and "Punti (− penalità): A 0 −0" in text
    assert IT.t("form.guess") == "La tua risposta"


def test_english_moves_the_random_games_rarely_meet_read_as_before() -> None:
    view = GAME.new(4, 1).view(1)
    view["board"]["clues"] = [{"id": 5, "seq": 1, "seat": 2, "word": "bark"}]
    view["board"]["cards"] = [card("penalty", "owl", owner=3)]
    assert GAME.describe(view, parse("flag c5"), EN) == "flag C's clue “bark” as improper"
    assert GAME.describe(view, parse("vote-penalty 1 cancel"), EN) == "vote to cancel the penalty of owl"
    assert GAME.describe(view, parse("vote-penalty 2 keep"), EN) == "vote to keep the penalty of card 2"
    assert GAME.describe(view, parse("vote-penalty 2 keep"), IT) == "vota di mantenere la penalità di carta 2"


def test_the_italian_ending_names_its_reason_and_criteria_in_italian() -> None:
    view = {"players": 4, "outcome": {"winners": [1], "reason": "all-dreamed", "details": [
        {"total": 3, "points": 4, "penalties": 1}, {"total": 5, "points": 5, "penalties": 0},
        {"total": 2, "points": 2, "penalties": 0}, {"total": 5, "points": 6, "penalties": 1}]}}
    assert explain_end(view, EN).plain == (
        "Game over: B won (everyone has been the Dreamer). Points less penalties: A 3 (4 − 1), B 5, C 2, D 5 (6 − 1); "
        "B and D are level, so the fewest penalties decides: B 0, D 1.")
    italian = explain_end(view, IT).plain
    assert "tutti sono stati il Sognatore" in italian and "Punti meno penalità: A 3 (4 − 1)" in italian
    assert "il minor numero di penalità" in italian
