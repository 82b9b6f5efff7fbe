"""When I Dream in Italian, in Chromium: an Italian reader dreams at an Italian table (its language
``it``, so the Italian deck is dealt) while word bots give the clues — in Italian, words of the
game's Italian vocabulary. The Dreamer types answers in the board's guess box (a right one with its
article, which the judge reads as the Element), passes a card, gives one last answer and recounts;
the prompts, the log and the board say it all in Italian (no English catalogue text), and the
unmasked cards are the Italian Elements worked out here from the table's seed. And the lobby: the
reader's language is the new table's first (and its word option follows it), and each open table
says its language."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

import dreamtable
from dreamtable.games.when_i_dream import judge
from dreamtable.games.when_i_dream.embeddings import vocabulary_words
from dreamtable.games.when_i_dream.rules import DreamState
from tests.browser.conftest import screenshot
from tests.browser.kit import check_accessibility, open_seat, table
from tests.browser.test_italian import SHOWN, english_fragments
from tests.browser.test_when_i_dream import card_taken, night_card, night_seconds_left
from tests.server.processes import Api, ServerProcess

GAME = "when-i-dream"
SEED = 21
OPTIONS = {"night_seconds": 40, "final_guess_seconds": 20, "recount_seconds": 40, "review_seconds": 30}
"""The night long enough for a few cards on a busy machine; no ``language``: the table's decides."""
WORD_BOTS = [{"kind": "bot", "bot": "wordbot"}] * 3
WRONG = ["silenzio", "coraggio", "libertà", "memoria", "pazienza", "nostalgia"]
"""Italian answers for the card guessed wrong (none is an Element of the deck, checked below)."""
ITALIAN_WORDS = set(vocabulary_words("it"))
ENGLISH_WORDS = set(vocabulary_words("en"))


def italian_game() -> DreamState:
    """The table's game as the server deals it: same seed and options, the Italian deck."""
    state = dreamtable.load(GAME).new(4, SEED, **OPTIONS, language="it")
    assert isinstance(state, DreamState)
    return state


def element(state: DreamState, seq: int) -> str:
    """The Element of card ``seq`` of the first night (the night takes the deck's cards from the top)."""
    return state.element_of(state.deck[seq - 1])


def aliases(state: DreamState, seq: int) -> tuple[str, ...]:
    card = state.cards[state.deck[seq - 1][0]]  # a deck entry is (card index, face)
    return card.aliases.get(element(state, seq), ())


def with_article(word: str) -> str:
    """The word as an Italian speaker may answer it, with its article (``l'anello``, ``la radio``)."""
    if word[0] in "aeiou":
        return f"l'{word}"
    return f"{'la' if word.endswith('a') else 'il'} {word}"


def clue_words(frames: list[str]) -> dict[int, str]:
    """Every clue the Dreamer's page was told of, by its id (all are the bots': nobody else gives clues)."""
    found: dict[int, str] = {}
    for frame in frames:
        message = json.loads(frame)
        view = message.get("view") or {}
        for event in [*(message.get("events") or []), *(view.get("events") or [])]:
            if event.get("kind") == "clue":
                found[event["id"]] = event["word"]
        for clue in (view.get("board") or {}).get("clues") or []:
            if clue:
                found[clue["id"]] = clue["word"]
    return found


def english_left(page: Page) -> list[str]:
    shown = page.evaluate(SHOWN)
    return sorted(part for part in english_fragments(GAME) if part in shown)


def test_an_italian_dreamer_plays_a_night_in_italian_with_italian_bots(new_page: Any, server: ServerProcess) -> None:
    state = italian_game()
    deck_words = {word for card in state.cards for word in card.elements}
    assert not set(WRONG) & deck_words, "the wrong answers must not be Elements"
    table_id, tokens = table(server, GAME, [{"kind": "human"}, *WORD_BOTS], seed=SEED, options=OPTIONS,
                             settings={"language": "it"})
    token = tokens[0]
    assert token is not None
    made = Api(server).call("GET", f"/api/tables/{table_id}")
    assert made["language"] == "it" and made["options"]["language"] == "it", made

    page = new_page()
    page.context.add_init_script("localStorage.setItem('dreamtable.lang', 'it')")  # the reader's page in Italian
    frames: list[str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode())))
    open_seat(page, table_id, token)
    assert page.evaluate("document.documentElement.lang") == "it"
    board = page.locator("#board")

    # The masked Dreamer's board, in Italian.
    expect(board.locator("svg.wid-mask")).to_be_visible()
    expect(board.locator(".wid-element")).to_have_count(0)
    expect(board.locator(".wid-phase")).to_have_text("Notte")
    expect(page.locator("#log-h")).to_contain_text("Cosa è successo")
    board.locator(".wid-clues .wid-clue").first.wait_for(timeout=15_000)  # a bot's clue
    expect(page.locator("#prompt")).to_contain_text("Elemento 1: scrivi la tua risposta, o passa.")

    # Answers typed in the guess box: right (with its article), a pass, wrong, then right again,
    # each after the card's first clue, until the night is nearly over.
    right: list[str] = []
    made_answers: list[str] = []
    while night_seconds_left(page) > 6 and len(made_answers) < 6:
        card = night_card(server, table_id, token)
        assert card[0] == "night", card
        seq = card[1]
        assert board.locator("form.wid-guess label").inner_text() == f"Qual è l'Elemento {seq}?"
        try:  # the card's first clue, as a Dreamer would wait for it
            board.locator(".wid-clues .wid-clue").first.wait_for(timeout=5_000)
        except Exception:
            pass
        if len(made_answers) == 3:  # the night under way: a clue, three cards face down, the clock
            expect(board.locator(".wid-facedown .wid-back")).to_have_count(3)
            screenshot(page, "when-i-dream-it")
            assert english_left(page) == [], "English catalogue text on the Italian Dreamer's night"
        if len(made_answers) == 1:
            board.get_by_role("button", name="Passa questa carta").click()
            made_answers.append("")
        else:
            answer = WRONG[len(made_answers)] if len(made_answers) == 2 else with_article(element(state, seq))
            if answer not in WRONG:
                assert judge.guess_matches(answer, element(state, seq), aliases(state, seq), language="it"), answer
                right.append(element(state, seq))
            else:
                assert not judge.guess_matches(answer, element(state, seq), aliases(state, seq), language="it")
            board.locator("#wid-guess-input").fill(answer)
            board.get_by_role("button", name="Rispondi", exact=True).click()
            made_answers.append(answer)
        card_taken(server, table_id, token, card)
    assert len(made_answers) >= 4 and right, f"only {made_answers} in the night"

    # The last answer, right, then the recount, typed in Italian.
    expect(board.locator("form.wid-guess.wid-last")).to_be_visible(timeout=(night_seconds_left(page) + 20) * 1000)
    phase, last = night_card(server, table_id, token)
    expect(board.locator("form.wid-guess label")).to_have_text(f"Un'ultima risposta per l'Elemento {last}")
    expect(page.locator("#prompt")).to_contain_text("Tempo scaduto: un'ultima risposta, o passa.")
    board.locator("#wid-guess-input").fill(element(state, last))
    board.get_by_role("button", name="Rispondi", exact=True).click()
    right.append(element(state, last))
    recount = board.locator("#wid-recount-input")
    expect(recount).to_be_visible(timeout=15_000)
    expect(page.locator("#prompt")).to_contain_text("Racconta il tuo sogno")
    recount.fill("ho sognato " + " e ".join(right))
    board.get_by_role("button", name="Racconta il sogno").click()

    # The mask comes off: the night's cards are the Italian Elements dealt from the seed, the ones
    # answered right on the yellow pile, and the log says so in Italian.
    expect(board.locator(".wid-phase")).to_have_text("Revisione", timeout=15_000)
    expect(board.locator("svg.wid-mask")).to_have_count(0)
    numbers = [int(n.removeprefix("#")) for n in board.locator(".wid-card .wid-card-number").all_inner_texts()]
    shown = dict(zip(numbers, board.locator(".wid-card .wid-card-word").all_inner_texts()))
    assert shown and shown == {seq: element(state, seq) for seq in shown}, "the unmasked cards are the Italian deal"
    yellow = set(board.locator(".wid-card.wid-yellow .wid-card-word").all_inner_texts())
    assert set(right) <= yellow, (right, yellow)
    log = page.locator("#log")
    expect(log).to_contain_text("Il Sognatore si toglie la maschera.")
    expect(log).to_contain_text("Indovinati: ")
    expect(log).to_contain_text("Il Sognatore racconta: «ho sognato")
    for answer in filter(None, made_answers):
        expect(log).to_contain_text(f"Il Sognatore risponde {answer}")
    assert english_left(page) == [], "English catalogue text on the Italian review"

    # The bots' clues: Italian words, each of the game's Italian clue vocabulary, some of them no English word.
    clues = clue_words(frames)
    assert len(clues) >= 3, clues
    assert set(clues.values()) <= ITALIAN_WORDS, sorted(set(clues.values()) - ITALIAN_WORDS)
    assert set(clues.values()) - ENGLISH_WORDS, f"every clue is an English word as well: {sorted(clues.values())}"


def test_an_italian_reader_s_new_table_is_italian_and_the_open_tables_say_their_language(
        new_page: Any, server: ServerProcess) -> None:
    english = Api(server).call("POST", "/api/tables", json={"game": GAME, "players": 4}, expect=201)["table"]
    page = new_page()
    page.context.add_init_script("localStorage.setItem('dreamtable.lang', 'it')")
    page.goto("/")
    language = page.get_by_label("Lingua del tavolo")
    expect(language).to_have_value("it")  # the reader's page language first
    expect(page.locator(f'#open a[href="/tables/{english}"]')).to_be_visible()
    listed = page.locator("#open li", has=page.locator(f'a[href="/tables/{english}"]'))
    expect(listed.locator(".table-language")).to_have_text("English")
    check_accessibility(page)

    page.select_option("#create-game", GAME)
    words = page.locator("#option-language")  # the rule option that follows the table's language
    expect(words).to_have_value("it")
    language.select_option("en")
    expect(words).to_have_value("en")
    language.select_option("it")
    expect(words).to_have_value("it")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url(re.compile(r"/tables/[\w-]+"))
    italian = page.url.rsplit("/", 1)[-1].split("?")[0]
    made = Api(server).call("GET", f"/api/tables/{italian}")
    assert made["language"] == "it" and made["options"]["language"] == "it", made
    page.goto("/")
    listed = page.locator("#open li", has=page.locator(f'a[href="/tables/{italian}"]'))
    expect(listed.locator(".table-language")).to_have_text("Italiano")
    expect(listed.locator(".table-language")).to_have_attribute("lang", "it")

    # The creator's own word language wins over the table's: an Italian table dealing English words.
    page.select_option("#create-game", GAME)
    page.locator("#create details summary").click()  # the rule options, folded away
    page.locator("#option-language").select_option("en")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/tables/(?!{italian})[\w-]+"))
    mixed = Api(server).call("GET", f"/api/tables/{page.url.rsplit('/', 1)[-1].split('?')[0]}")
    assert mixed["language"] == "it" and mixed["options"]["language"] == "en", mixed


def test_a_reader_at_a_table_of_another_language_is_told_so_beside_the_game_s_name(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = table(server, GAME, [{"kind": "human"}, *WORD_BOTS], seed=SEED, options=OPTIONS,
                             settings={"language": "it"})
    english = open_seat(new_page(), table_id, tokens[0])
    expect(english.locator("#table-language")).to_have_text("a table in Italiano")
    italian = new_page()
    italian.context.add_init_script("localStorage.setItem('dreamtable.lang', 'it')")
    open_seat(italian, table_id, None)
    expect(italian.locator("#game-name")).not_to_be_empty()
    expect(italian.locator("#table-language")).to_be_hidden()  # the page's language is the table's: nothing to say
