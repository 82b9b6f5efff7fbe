"""Sogni e Incubi in words: each event's sentence chosen once in Python (wording.py) and read in English
and Italian alike, and the terminal's drawing, legend, endings and moves in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from dreamtable.games.sogni_e_incubi.render import legend

from tests.games.wording_checks import english_left, english_literals, printed, sampled_views, terminal_text, unworded_messages
from tests.helpers import play

from .position import GAME, position

EN, IT = GAME.words("en"), GAME.words("it")


def said(event: dict[str, Any], words: Any) -> str:
    return str(words.message(GAME.message(event), event))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_and_prompt_of_random_games_reads_in_english_and_italian(players: int) -> None:
    for seed in range(2):
        assert unworded_messages(GAME, players, seed) == []


def test_a_draw_names_the_card_only_to_the_drawer_SI_R17() -> None:
    state = GAME.new(players=2, seed=4, first_player="B")
    play(state, 1, "draw")
    drawer, other = state.log(1)[-1], state.log(0)[-1]
    assert drawer["message"] == {"key": "event.draw"} and other["message"] == {"key": "event.draw.hidden"}
    assert said(other, EN) == "B drew a card." and said(other, IT) == "B ha pescato una carta."
    card = drawer["card"]
    assert said(drawer, EN) == f"B drew {EN.t(f'card.{card}')}." and said(drawer, IT) == f"B ha pescato {IT.t(f'card.{card}')}."


@pytest.mark.parametrize(
    "rows, hands, move, options, key, english, italian",
    [
        ({}, {0: "S5"}, "S5", {}, "event.play.own",
         "A played Dream 5 on their slot 5.", "A ha giocato Sogno 5 sulla propria posizione 5."),
        ({0: {5: "S5 I5"}}, {0: "S5"}, "S5", {}, "event.play.own.cover",
         "A played Dream 5 on their slot 5, covering the nightmare.",
         "A ha giocato Sogno 5 sulla propria posizione 5, coprendo l'incubo."),
        ({0: {2: "I2"}}, {0: "CS"}, "CS2", {}, "event.play.own.cover",
         "A played Convert to Dream on their slot 2, covering the nightmare.",
         "A ha giocato Converti in Sogno sulla propria posizione 2, coprendo l'incubo."),
        ({0: {4: "R"}}, {0: "S4"}, "S4", {}, "event.play.own.rem",
         "A played Dream 4 on their slot 4 and took the Rem.",
         "A ha giocato Sogno 4 sulla propria posizione 4 e ha preso il Rem."),
        ({1: {4: "I4 R"}}, {0: "S4"}, "S4>B", {}, "event.play.other.rem",
         "A played Dream 4 on B's slot 4 and took the Rem.",
         "A ha giocato Sogno 4 sulla posizione 4 di B e ha preso il Rem."),
        ({1: {2: "S2"}}, {0: "I2"}, "I2>B", {}, "event.play.other.took",
         "A played Nightmare 2 on B's slot 2 and took B's Dream 2.",
         "A ha giocato Incubo 2 sulla posizione 2 di B e gli ha preso il Sogno 2."),
        ({1: {2: "R"}}, {0: "I2"}, "I2>B", {}, "event.play",
         "A played Nightmare 2 on B's slot 2.", "A ha giocato Incubo 2 sulla posizione 2 di B."),
        ({1: {1: "S1"}}, {0: "CI"}, "CI>B1", {"ci_returns_to": "attacker"}, "event.play.other.returned",
         "A played Convert to Nightmare on B's slot 1; Dream 1 went back to A's hand.",
         "A ha giocato Converti in Incubo sulla posizione 1 di B; il Sogno 1 è tornato in mano a A."),
    ],
)
def test_a_play_says_what_it_took_returned_or_covered_SI_R7_to_SI_R11(rows, hands, move, options, key, english, italian):
    state = position(rows=rows, hands={**hands, 1: "S6 S6"}, **options)
    play(state, 0, move)
    event = next(event for event in state.log(1) if event["kind"] == "play")
    assert event["message"] == {"key": key}
    assert (said(event, EN), said(event, IT)) == (english, italian)
    assert event["text"] == english, "the English sentence of the log says the same"


def test_a_pass_says_whether_the_seat_had_no_cards_or_no_legal_move_SI_R4() -> None:
    stuck = {"kind": "pass", "actor": 1, "reason": "no-legal-move"}
    empty = {"kind": "pass", "actor": 1, "reason": "no-cards"}
    assert (said(stuck, EN), said(stuck, IT)) == ("B has no legal move and passes.", "B non ha mosse valide e passa.")
    assert (said(empty, EN), said(empty, IT)) == ("B has no cards and passes.", "B non ha carte e passa.")


def test_the_end_says_how_one_winner_or_several_won_SI_R12_SI_R14_SI_R15() -> None:
    alone = {"kind": "game-over", "actor": None, "reason": "complete-row", "winners": [0]}
    shared = {"kind": "game-over", "actor": None, "reason": "stuck", "winners": [0, 2]}
    counted = {"kind": "game-over", "actor": None, "reason": "hands-empty", "winners": [1]}
    assert said(alone, EN) == "A completed the row with an empty hand."
    assert said(alone, IT) == "A ha completato la fila con la mano vuota."
    assert said(shared, EN) == "Shared win: A and C (won on the count: a full round passed with no legal move)."
    assert said(shared, IT) == "Vittoria condivisa: A e C (al conteggio: è passato un giro intero senza mosse valide)."
    assert said(counted, EN) == "B won on the count: every hand is empty and the deck is gone."
    unknown = {"kind": "game-over", "actor": None, "reason": "complete-row", "winners": [0, 1]}
    assert GAME.message(unknown) == {"key": "event.game-over"}, "no shared sentence for a row: the plain one"


LITERALS = english_literals(GAME)


def test_the_italian_terminal_leaves_no_english_in_the_drawing_the_moves_and_the_end() -> None:
    assert len(LITERALS) > 15, "the check looks for the English terminal words"
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        for view, moves in sampled_views(GAME, players, seed, every=15):
            shown = terminal_text(GAME, IT, view, moves)
            assert english_left(shown, LITERALS) == [], shown
    assert english_left(legend(IT), LITERALS) == []


def test_the_italian_terminal_words_hands_the_deck_and_a_count_ending() -> None:
    state = position(rows={0: {2: "S2", 3: "S3", 4: "S4"}, 1: {1: "S1", 2: "S2", 4: "S4", 5: "S5", 3: "I3"}},
                     hands={0: "S5"}, deck="")
    play(state, 0, "S5")
    text = " ".join(printed(GAME.render(state.view(0), IT)).split())
    assert "Mazzo: 0 carte · limite della mano 10" in text and "A (tu)" in text
    assert ("Partita finita, vittoria di A (il mazzo e tutte le mani sono vuoti, quindi si contano le file). "
            "Posizioni con un sogno: A 4, B 4; A e B sono pari, quindi decide la sequenza più lunga di posizioni "
            "con un sogno: A 4, B 2.") in text


def test_a_move_is_described_in_the_readers_language_with_what_it_takes() -> None:
    state = position(rows={1: {2: "S2"}, 0: {3: "I3"}}, hands={0: "I2 S3", 1: "S6"})
    view = state.view(0)
    moves = {str(move): move for move in state.legal_actions(0)}
    assert GAME.describe(view, moves["I2>B"], EN) == "Nightmare 2 on B's slot 2, taking their Dream 2"
    assert GAME.describe(view, moves["I2>B"], IT) == "Incubo 2 sulla posizione 2 di B, prendendogli il Sogno 2"
    assert GAME.describe(view, moves["S3"], EN) == "Dream 3 on your slot 3, covering the nightmare"
    assert GAME.describe(view, moves["S3"], IT) == "Sogno 3 sulla tua posizione 3, coprendo l'incubo"
    deck = view["board"]["deck"]
    assert GAME.describe(view, moves["draw"], IT) == f"Pesca una carta (ne restano {deck})"
