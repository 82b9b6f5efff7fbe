"""Deep Dreams in Chromium: a person plays a whole game against a bot by clicking the
drawn board — a card in the hand, then the end of the row; the deck; an opponent's hand or end
card, a Predictions card, the Deep Sleep and skip buttons — and sees the end with its reason and
scores. Only legal moves are offered; the page passes the accessibility check; a phone-wide
screen needs no sideways scrolling; the module's copy of the deck is the game's. A card is named by
its colours top to bottom ("the pink/green/green card"), never by its code, in either language."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

import dreamtable
from tests.browser.conftest import screenshot
from tests.browser.kit import check_accessibility, open_seat, table
from tests.server.processes import Api, ServerProcess

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "bot": "greedy"}
SEED = 28  # with the greedy bot: 16 moves of the person's, Dream Moon, Deep Sleep and Steal among them
CODE = re.compile(r"DD\d\d")
"""A card's code: the moves' notation, never words on the page."""


def legal(server: ServerProcess, table_id: str, token: str) -> list[str]:
    """The seat's legal moves as the server lists them (to compare with what the board offers)."""
    moves: list[str] = Api(server).view(table_id, token).get("legal") or []
    return moves


def log_length(page: Page) -> int:
    count: int = page.locator("#log li").count()
    return count


def click_and_wait(page: Page, target: Any) -> None:
    """Click a thing on the board and wait until the move's events arrive."""
    before = log_length(page)
    target.click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")


def assert_no_card_code_is_shown(page: Page) -> None:
    """The log, the prompt and the list of moves name cards in words (text_content: a list hidden
    between turns is still read)."""
    for part in ("#log", "#prompt", "#legal"):
        text = page.locator(part).text_content() or ""
        assert not CODE.search(text), f"{part} shows a card code: {CODE.findall(text)[:3]} in {text[-300:]!r}"


def card_names(page: Page) -> dict[str, str]:
    """Every card code → its name in English, worked out here from the deck the page draws."""
    deck = dreamtable.load("deep-dreams").page_data()["deck"]
    colours = {"g": "green", "b": "blue", "y": "yellow", "p": "pink"}
    return {code: f"the {'/'.join(colours[c] for c in card[0])} card" for code, card in deck.items()}


def wait_for_turn_or_end(page: Page) -> bool:
    """Until the page offers this seat moves (True) or shows the outcome (False)."""
    page.wait_for_selector("#legal button, #outcome:not([hidden])", state="attached", timeout=20_000)
    return page.locator("#outcome").is_hidden()


def play_one_move(page: Page, done: list[str]) -> None:
    """Make one move by clicking the board, as a person would; note its kind in ``done``."""
    board = page.locator("#board")
    effect = board.locator(".dd-effect")
    if effect.count() and effect.locator("button").count():
        if effect.locator(".dd-peek .pickable").count():
            done.append("keep")
            click_and_wait(page, effect.locator(".dd-peek .pickable").first)
        elif effect.locator("button.primary").count():
            done.append("extra turn")
            click_and_wait(page, effect.locator("button.primary"))
        elif board.locator(".dd-others .target").count():
            done.append("steal or eliminate")
            click_and_wait(page, board.locator(".dd-others .target").first)
        elif board.locator(".dd-hand .pickable").count():
            done.append("moon")
            if not board.locator(".dd-hand .picked").count():
                board.locator(".dd-hand .pickable").first.click()
            click_and_wait(page, board.locator(".dd-mine .dd-pos.target").first)
        else:
            done.append("skip")
            click_and_wait(page, effect.locator("button.dd-skip"))
        return
    cards = board.locator(".dd-hand .pickable")
    if cards.count():
        done.append("play")
        if not board.locator(".dd-hand .picked").count():  # a card already chosen stays chosen
            cards.last.click()
        click_and_wait(page, board.locator(".dd-mine .dd-slot").last)
    else:
        done.append("draw")
        click_and_wait(page, board.locator(".dd-deck.pickable"))


def test_a_person_plays_deep_dreams_to_the_end_against_a_bot_by_clicking(page: Page, server: ServerProcess) -> None:
    table_id, tokens = table(server, "deep-dreams", [HUMAN, GREEDY], seed=SEED, options={"first_player": "A"})
    open_seat(page, table_id, tokens[0])
    done: list[str] = []
    names = card_names(page)
    while wait_for_turn_or_end(page):
        assert_no_card_code_is_shown(page)
        for node in page.locator("#board .dd-hand [data-card]").all():  # a card's label starts with its name
            label = node.locator("svg.dd-card").get_attribute("aria-label") or ""
            assert label.startswith(names[node.get_attribute("data-card") or ""] + ":"), label
        play_one_move(page, done)
        assert len(done) < 120, "the game should have ended by now"
    assert_no_card_code_is_shown(page)
    assert not CODE.search(page.locator("#board").text_content() or "")  # the card faces print no code
    outcome = page.locator("#outcome")
    expect(outcome).to_contain_text("The game is over")
    expect(outcome).to_contain_text(re.compile(r"a row reached its full length|a full round of passes"))
    expect(outcome.locator("tbody tr")).to_have_count(2)
    expect(outcome).to_contain_text("Sleep Path")  # each seat's score by part (the module's detail)
    expect(page.locator("#prompt")).to_have_text("The game is over.")
    assert {"play", "draw", "moon", "extra turn", "steal or eliminate"} <= set(done), f"moves made: {done}"
    expect(page.locator("#log")).to_contain_text("Game over")
    assert page.locator("#board [role=button]").count() == 0  # nothing is offered after the end
    check_accessibility(page)
    screenshot(page, "deep-dreams-end")


def test_only_legal_moves_are_offered_and_the_table_is_accessible(page: Page, server: ServerProcess) -> None:
    table_id, tokens = table(server, "deep-dreams", [HUMAN, GREEDY], seed=SEED, options={"first_player": "A"})
    token = tokens[0]
    assert token
    open_seat(page, table_id, token)
    board = page.locator("#board")
    expect(page.locator("#legal")).to_contain_text("Start your row with")  # the plain list says moves in words
    expect(page.locator("#legal")).to_contain_text("Draw a card")
    done: list[str] = []
    for _ in range(6):  # a few turns in, so the row has cards and the choice of an end matters
        assert wait_for_turn_or_end(page)
        if board.locator(".dd-effect").count() == 0:
            moves = legal(server, table_id, token)
            playable = sorted({move.split()[1] for move in moves if move.startswith("play ")})
            offered = sorted(board.locator(".dd-hand .pickable").evaluate_all("nodes => nodes.map(n => n.dataset.card)"))
            assert offered == playable
            assert board.locator(".dd-hand .dd-inhand:not([role=button])").count() == (
                board.locator(".dd-hand .dd-inhand").count() - len(playable))
            assert board.locator(".dd-others [role=button]").count() == 0  # no steal nor eliminate now
            assert board.locator(".dd-slot").count() == 0  # an end is offered only once a card is chosen
            if "draw" in moves:
                expect(board.locator(".dd-deck")).to_have_attribute("role", "button")
            if playable:
                card = playable[-1]
                board.locator(f".dd-hand [data-card={card}]").focus()
                page.keyboard.press("Enter")  # the board is played by keyboard as well
                ends = sorted(board.locator(".dd-slot").evaluate_all("nodes => nodes.map(n => n.dataset.end)"))
                assert ends == sorted(move.split()[2] for move in moves if move.startswith(f"play {card} "))
                expect(board.locator(f".dd-hand [data-card={card}]")).to_have_attribute("aria-pressed", "true")
                expect(board.locator(".dd-slot").first).to_be_focused()  # the keyboard goes on to the ends
        play_one_move(page, done)
    assert wait_for_turn_or_end(page)
    check_accessibility(page)
    cards = board.locator(".dd-hand .pickable")
    if cards.count():
        cards.first.click()  # a card chosen: the slots at the row's ends are drawn and checked too
        check_accessibility(page)
    screenshot(page, "deep-dreams")


def test_the_board_fits_a_phone_and_a_spectator_is_offered_nothing(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = table(server, "deep-dreams", [HUMAN, GREEDY], seed=SEED, options={"first_player": "A"})
    phone = new_page(375, 740)
    open_seat(phone, table_id, tokens[0])
    done: list[str] = []
    for _ in range(8):
        assert wait_for_turn_or_end(phone)
        play_one_move(phone, done)
    wait_for_turn_or_end(phone)
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 375, f"the page is {width}px wide on a 375px screen"
    screenshot(phone, "deep-dreams-phone")
    watcher = new_page()
    open_seat(watcher, table_id, None)
    expect(watcher.locator("#board .dd-seat")).to_have_count(2)
    assert watcher.locator("#board [role=button]").count() == 0
    assert watcher.locator("#board .dd-hand").count() == 0  # a spectator has no hand to show


def test_the_module_draws_the_deck_the_server_sends_and_keeps_no_copy() -> None:
    """The page data (games/deep_dreams/web_data.py) is data/deck.json's, worked out here another way."""
    source = (Path(dreamtable.__file__).parent / "games" / "deep_dreams" / "web" / "board.js").read_text(encoding="utf-8")
    assert '"DD01"' not in source and "data.json" in source  # the module fetches the deck
    copied = dreamtable.load("deep-dreams").page_data()["deck"]
    deck = json.loads((Path(dreamtable.__file__).parent / "games" / "deep_dreams" / "data" / "deck.json").read_text())
    levels = {"top": 0, "middle": 1, "bottom": 2}
    ends = {"none": "n", "white": "w", "black": "b"}
    expected = {}
    for card in deck["cards"]:
        icon = card["icon"]
        expected[card["id"]] = [
            "".join(card["levels"][level][0] for level in levels),
            [[levels[line["left"]], levels[line["right"]], ends[line["leftEnd"]], ends[line["rightEnd"]], int(line["bruno"])]
             for line in card["lines"]],
            None if icon is None else [icon["type"], icon["edge"][0], levels[icon["level"]]],
            int(card["x2"]), int(card["playerChoice"])]
    assert copied == expected


def test_the_catalogue_words_every_event_and_question_as_the_game_does(page: Page, server: ServerProcess) -> None:
    """Events and questions of random games (every kind, hidden and shown cards, 2–5 players),
    worded in the page by the module and the English catalogue, read as the game's own words."""
    game = dreamtable.load("deep-dreams")
    events: list[dict[str, Any]] = []
    asks: list[dict[str, Any]] = []
    wanted = set(game.event_fields) - {"no-draw", "pass"}  # too rare in random games to wait for
    for seed in range(400):
        rng = random.Random(seed)
        state = game.new(players=2 + seed % 4, seed=seed)
        while not state.is_over:
            seat = state.actors[0]
            if seed < 12:
                asks += [{"ask": state.ask(viewer), "prompt": state.prompt(viewer),
                          "prompt_message": game.prompt_message(state.ask(viewer))} for viewer in (None, seat)]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in (None, 0, 1):
            events += [event for event in state.log(viewer) if seed < 12 or event["kind"] in wanted]
        wanted -= {event["kind"] for event in events}
        if seed >= 12 and not wanted:
            break
    assert not wanted, f"no random game showed {wanted}"
    # one card, one point: the singular, too rare in random games to wait for
    for singular in ({"kind": "reshuffle", "actor": None, "cards": 1},
                     {"kind": "game-over", "actor": None, "reason": "stuck", "winners": [1], "points": 1.0}):
        events.append({**singular, "text": game.sentence(singular), "message": game.message(singular)})
    unique_asks = list({json.dumps(a, sort_keys=True): a for a in asks}.values())
    unique_events = list({json.dumps(e, sort_keys=True): e for e in events}.values())
    table_id, tokens = table(server, "deep-dreams", [HUMAN, GREEDY], seed=SEED)
    open_seat(page, table_id, tokens[0])
    worded = page.evaluate("""async ([events, asks]) => {
        const { Words } = await import("/static/js/i18n.js");
        const { sentence, promptText } = await import("/static/js/envelope.js");
        const module = await import("/games/deep-dreams/board.js");
        const words = await Words.load("en", "deep-dreams");
        return [events.map((event) => sentence(event, words)),
                asks.map(({ ask, prompt, prompt_message }) => promptText({ ask, prompt, prompt_message }, words))];
    }""", [unique_events, unique_asks])
    assert worded[0] == [event["text"] for event in unique_events]
    assert worded[1] == [ask["prompt"] for ask in unique_asks]


ITALIAN = {"g": "verde", "b": "blu", "y": "giallo", "p": "rosa"}  # the catalogue's colour.* words


def test_a_card_is_named_by_its_colours_in_every_sentence_and_move_in_either_language(page: Page, server: ServerProcess) -> None:
    """Events and moves of seeded random games, worded by the module in English and Italian: a shown
    card is its colours top to bottom ("la carta rosa/verde/verde", an invariant label after the
    feminine noun), a hidden one "a card", and no code is ever written."""
    game = dreamtable.load("deep-dreams")
    events: list[dict[str, Any]] = []
    moves: set[str] = set()
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new(players=2 + seed % 4, seed=seed)
        while not state.is_over:
            seat = state.actors[0]
            legal_moves = state.legal_actions(seat)
            moves.update(str(move) for move in legal_moves)
            state.apply(seat, rng.choice(legal_moves))
        for viewer in (None, 0, 1):
            events += state.log(viewer)
    unique_events = list({json.dumps(e, sort_keys=True): e for e in events}.values())
    table_id, tokens = table(server, "deep-dreams", [HUMAN, GREEDY], seed=SEED)
    open_seat(page, table_id, tokens[0])
    worded = page.evaluate("""async ([events, moves]) => {
        const { Words } = await import("/static/js/i18n.js");
        const { sentence } = await import("/static/js/envelope.js");
        const module = await import("/games/deep-dreams/board.js");
        const found = {};
        for (const lang of ["en", "it"]) {
          const words = await Words.load(lang, "deep-dreams");
          found[lang] = { events: events.map((event) => sentence(event, words)),
                          moves: moves.map((move) => module.describe(move, words, null)),
                          named: module.cardName("DD21", words) };
        }
        return found;
    }""", [unique_events, sorted(moves)])
    assert worded["en"]["named"] == "the pink/green/green card"
    assert worded["it"]["named"] == "la carta rosa/verde/verde"
    deck = game.page_data()["deck"]
    for lang in ("en", "it"):
        said = worded[lang]["events"] + worded[lang]["moves"]
        assert [text for text in said if CODE.search(text)] == [], lang
    italian = [text for event, text in zip(unique_events, worded["it"]["events"]) if event.get("card")]
    assert italian and all("la carta " in text for text in italian)
    for event, text in zip(unique_events, worded["it"]["events"]):
        if isinstance(event.get("card"), str):
            assert f"la carta {'/'.join(ITALIAN[c] for c in deck[event['card']][0])}" in text, text
    assert any(text.startswith("Gioca la carta ") for text in worded["it"]["moves"])


def test_DD_R18_R19_R22_each_row_says_its_path_groups_and_black_pairs_in_words(page: Page, server: ServerProcess) -> None:
    """The line under each row names what it scores in words a player uses, never letters and counts."""
    table_id, tokens = table(server, "deep-dreams", [HUMAN, GREEDY], seed=SEED)
    open_seat(page, table_id, tokens[0])
    said = page.evaluate("""async () => {
        const { Words } = await import("/static/js/i18n.js");
        const { scoreLine } = await import("/games/deep-dreams/board.js");
        const words = await Words.load("en", "deep-dreams");
        const line = (parts) => scoreLine(parts, words);
        return [
          line({ sleep_path: 2, path_points: 3, groups: { green: 3, blue: 0, yellow: 0, pink: 2 },
                 group_points: { green: 3, blue: 0, yellow: 0, pink: 2 }, black_pairs: 1 }),
          line({ sleep_path: 0, path_points: 0, groups: { green: 0, blue: 0, yellow: 0, pink: 0 },
                 group_points: { green: 0, blue: 0, yellow: 0, pink: 0 }, black_pairs: 0 }),
        ];
    }""")
    assert said == ["Longest Sleep Path: 2 cards, 3 points · Largest groups: 3 green, 2 pink, 5 points · "
                    "Black arrow pairs: 1, 1 point",
                    "Longest Sleep Path: none, 0 points · Largest groups: none, 0 points · Black arrow pairs: 0, 0 points"]
    ended = page.evaluate("""async () => {
        const { Words } = await import("/static/js/i18n.js");
        const { detail } = await import("/games/deep-dreams/board.js");
        const words = await Words.load("en", "deep-dreams");
        return detail({ total: 9, sleep_path: 4, path_points: 5, black_pairs: 1,
                        groups: { green: 3, blue: 0, yellow: 0, pink: 0 }, group_points: { green: 3, blue: 0, yellow: 0, pink: 0 } }, words);
    }""")
    assert ended == "longest Sleep Path 4 (5 points); largest groups: 3 green (3 points); black arrow pairs: 1"
    shown = page.locator("#board .dd-parts").first.inner_text()
    assert shown.startswith("Longest Sleep Path:") and "pts" not in shown and not re.search(r"\b[GBYP]\d", shown), shown
