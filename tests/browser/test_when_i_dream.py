"""When I Dream in Chromium: a night played as the Dreamer, masked, with word bots giving
the clues — guesses typed in the guess box drawn on the board until the night ends, the last answer,
the recount — and proof that the Dreamer's page never received an Element of the night: every
WebSocket frame the page got before the mask came off is searched for the night's Elements,
worked out in this process from the table's seed (and checked against the cards the page shows
once the mask is off). Then the board of a clue-giver: the Element, the clue box, flagging; and the
page's words for every event and question against the server's."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from playwright.sync_api import Page, expect

import dreamtable
from dreamtable.games.when_i_dream import judge
from dreamtable.games.when_i_dream.rules import DreamState
from tests.browser.conftest import screenshot
from tests.browser.kit import check_accessibility, open_seat, table
from tests.server.processes import Api, ServerProcess

GAME = "when-i-dream"
SEED = 12
OPTIONS = {"night_seconds": 20, "final_guess_seconds": 20, "recount_seconds": 30, "review_seconds": 30}
WORD_BOTS = [{"kind": "bot", "bot": "wordbot"}] * 3
GUESSES = ["sunshine", "music", "story", "silence", "thunder", "winter", "journey", "shadow", "laughter", "summer",
           "mystery", "whisper", "yesterday", "freedom", "memory", "courage", "wonder", "harmony", "comfort", "secret"]


def new_game(players: int = 4, **options: Any) -> DreamState:
    """The table's game as the server deals it: same seed, same options."""
    state = dreamtable.load(GAME).new(players, SEED, **{**OPTIONS, **options})
    assert isinstance(state, DreamState)
    return state


def element(state: DreamState, seq: int) -> str:
    """The Element of card ``seq`` of the first night: the deck's order is fixed by the seed and the
    night takes its cards from the top, one per number, whatever the players do."""
    return state.element_of(state.deck[seq - 1])


def board_phase(message: dict[str, Any]) -> str | None:
    return ((message.get("view") or {}).get("board") or {}).get("phase")


def public_words(message: dict[str, Any]) -> set[str]:
    """Words a frame may carry that happen to be Elements: the clues, the Dreamer's own guesses and
    the sample guesses of the legal moves (drawn from the public word list, not from the deck)."""
    words = {move.split(" ", 2)[2].lower() for move in message.get("legal") or [] if move.startswith("guess ")}
    view = message.get("view") or {}
    events = [*(message.get("events") or []), *(view.get("events") or [])]
    words |= {str(e.get("word") or e.get("guess")).lower() for e in events if e.get("kind") in ("clue", "guess")}
    words |= {clue["word"].lower() for clue in (view.get("board") or {}).get("clues") or [] if clue}
    return words


WORDED = {"text", "prompt", "doc", "label"}
"""Keys whose value is English written by the server: an event's sentence and the prompt are written
from the fields beside them (which are searched), a form's doc and label are fixed. Their own words
may be Elements by chance ("the sleep mask")."""


def values(data: Any) -> list[str]:
    """Every string a message holds, but for the server's wording (``WORDED``)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for key, value in data.items() if key not in WORDED for text in values(value)]
    if isinstance(data, list):
        return [text for value in data for text in values(value)]
    return []


def named(word: str, texts: list[str]) -> bool:
    """Whether ``word`` is a word of one of ``texts``."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.IGNORECASE)
    return any(pattern.search(text) for text in texts)


def guess_label(page: Page) -> str:
    return page.locator("#board form.wid-guess label").inner_text()


def night_card(server: ServerProcess, table_id: str, token: str) -> tuple[str, int]:
    """The phase and the card in play, as the server has them."""
    board = Api(server).view(table_id, token)["view"]["board"]
    return board["phase"], board["seq"]


def card_taken(server: ServerProcess, table_id: str, token: str, card: tuple[str, int], timeout: float = 30.0) -> None:
    """Wait until the server has moved on from ``card`` (the Dreamer's guess or pass was taken)."""
    deadline = time.monotonic() + timeout
    while night_card(server, table_id, token) == card:
        assert time.monotonic() < deadline, f"the server still has card {card[1]} in play {timeout:.0f} s after the guess"
        time.sleep(0.1)


def night_seconds_left(page: Page) -> int:
    """The seconds the board's night clock shows (0 once the night is over)."""
    clock = page.locator('#board svg[data-clock="night"]')
    found = re.search(r"(\d+) s", (clock.get_attribute("aria-label") or "") if clock.count() else "")
    return int(found.group(1)) if found else 0


def test_a_night_played_as_the_dreamer_never_shows_the_dreamer_an_element(new_page: Any, server: ServerProcess) -> None:
    state = new_game()
    deck_words = {word for card in state.cards for word in card.elements}
    assert not set(GUESSES) & deck_words, "the test's guesses must not be Elements"
    table_id, tokens = table(server, GAME, [{"kind": "human"}, *WORD_BOTS], seed=SEED, options=OPTIONS)
    page = new_page()
    frames: list[str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode())))
    open_seat(page, table_id, tokens[0])
    board = page.locator("#board")

    # The Dreamer's board: the sleep mask, no Element card, the night clock, the guess box, and
    # nothing a Dreamer may not do (no clue box, flag, vote).
    expect(board.locator("svg.wid-mask")).to_be_visible()
    expect(board.locator(".wid-element")).to_have_count(0)
    expect(board.locator(".wid-phase")).to_have_text("Night")
    expect(board.locator("form.wid-guess")).to_be_visible()
    for forbidden in ("#wid-clue-input", ".wid-flag", ".wid-vote", ".wid-done"):
        expect(board.locator(forbidden)).to_have_count(0)
    expect(board.locator(".wid-my-role")).to_have_count(0)
    first_left = night_seconds_left(page)
    board.locator(".wid-clues .wid-clue").first.wait_for(timeout=10_000)  # a bot's clue
    expect(board.locator(".wid-giver.wid-turn")).to_have_count(1)  # whose clue turn it is
    page.wait_for_function(  # the night clock counts down between two updates
        """first => Number(/(\\d+) s/.exec(document.querySelector('#board svg[data-clock="night"]')
                   ?.getAttribute("aria-label"))?.[1]) < first""", arg=first_left, timeout=5_000)

    # Guesses typed in the board's guess box (one card passed) until the night is nearly over.
    made: list[str] = []
    while night_seconds_left(page) > 4 and len(made) < len(GUESSES):
        label = guess_label(page)
        card = night_card(server, table_id, tokens[0])
        if len(made) == 1:
            board.get_by_role("button", name="Pass this card").click()
            made.append("")
        else:
            board.locator("#wid-guess-input").fill(GUESSES[len(made)])
            board.get_by_role("button", name="Guess", exact=True).click()
            made.append(GUESSES[len(made)])
        # The server takes the guess, then the board asks about the next card (or the night is
        # over). The server is asked first, so that a slow machine is not mistaken for a lost guess.
        card_taken(server, table_id, tokens[0], card)
        page.wait_for_function("label => document.querySelector('#board form.wid-guess label')?.textContent !== label",
                               arg=label, timeout=30_000)
        try:  # the next card's first clue, as a Dreamer would wait for it
            board.locator(".wid-clues .wid-clue").first.wait_for(timeout=3_000)
        except Exception:
            pass
        if len(made) == 3:  # the night under way: clues, cards gone face down, the clock
            expect(board.locator(".wid-facedown .wid-back")).to_have_count(3)
            screenshot(page, "when-i-dream")
    assert len(made) >= 3, f"only {len(made)} guesses in the night"

    # The last-answer window: the board asks for one last answer (the accessibility check runs
    # here, while nobody but the Dreamer may act and the board stays still).
    expect(board.locator("form.wid-guess.wid-last")).to_be_visible(timeout=15_000)
    expect(board.locator("form.wid-guess label")).to_contain_text("One last answer")
    check_accessibility(page)
    board.locator("#wid-guess-input").fill("courage")
    board.get_by_role("button", name="Answer", exact=True).click()

    # The recount, typed on the board; then the mask comes off and the night's cards show.
    recount = board.locator("#wid-recount-input")
    expect(recount).to_be_visible(timeout=10_000)
    recount.fill("a dream of music and thunder")
    board.get_by_role("button", name="Tell the dream").click()
    expect(board.locator(".wid-phase")).to_have_text("Review", timeout=10_000)
    expect(board.locator("svg.wid-mask")).to_have_count(0)
    numbers = [int(n.removeprefix("#")) for n in board.locator(".wid-card .wid-card-number").all_inner_texts()]
    words = board.locator(".wid-card .wid-card-word").all_inner_texts()
    shown = dict(zip(numbers, words))
    cards = len(shown)
    assert sorted(shown) == list(range(1, cards + 1)) and cards >= len(made) + 1
    assert shown == {seq: element(state, seq) for seq in shown}, "the Elements worked out here are the table's"

    # Every frame before the mask came off: no Element of the night in it, but for a word the frame
    # carries as a clue, a guess or a sample guess; and the card in play's Element not at all.
    # (The frames' English sentences are left out: each is written from fields that are searched.)
    unmasked = next(i for i, frame in enumerate(frames) if board_phase(json.loads(frame)) == "review")
    night = frames[:unmasked]
    assert len(night) > cards
    elements = {seq: element(state, seq) for seq in range(1, cards + 1)}
    for frame in night:
        message = json.loads(frame)
        texts, allowed = values(message), public_words(message)
        for seq, word in elements.items():
            assert not named(word, texts) or word in allowed, f"the Dreamer's page received Element {seq} ({word}): {frame}"
        in_play = ((message.get("view") or {}).get("board") or {}).get("seq")
        if in_play:
            assert not named(element(state, in_play), texts), f"the Dreamer's page received the Element in play: {frame}"
            assert message["view"]["board"]["element"] is None


def test_a_clue_giver_sees_the_element_and_gives_a_clue_in_the_clue_box(page: Page, server: ServerProcess) -> None:
    options = {"clue_start_seconds": 15, "clue_submit_seconds": 20}
    state = new_game(**options)
    table_id, tokens = table(server, GAME, [WORD_BOTS[0], {"kind": "human"}, *WORD_BOTS[1:]], seed=SEED,
                             options={**OPTIONS, **options})
    open_seat(page, table_id, tokens[1])
    board = page.locator("#board")
    expect(board.locator(".wid-element-word")).to_have_text(element(state, 1))
    role = state.roles[1]
    expect(board.locator(".wid-my-role")).to_contain_text(f"You are a {role}")
    expect(board.locator("svg.wid-mask")).to_have_count(0)
    expect(board.locator("form.wid-guess")).to_have_count(0)  # only the Dreamer guesses
    expect(board.locator(".wid-giver.wid-turn")).to_have_attribute("aria-label", re.compile(r"^Seat B, B's clue turn"))
    check_accessibility(page)  # the board holds still: the night waits for this clue

    clue = next(word for word in ("dream", "thing", "object", "stuff") if judge.improper_reason(word, element(state, 1)) is None)
    box = board.locator("#wid-clue-input")
    box.fill(clue)  # the first key tells the table the clue-giver is typing
    board.get_by_role("button", name="Say it").click()
    mine = board.locator(".wid-clue", has_text=clue)
    expect(mine.first).to_be_visible()
    expect(mine.locator(".wid-flag")).to_have_count(0)  # one's own clue cannot be flagged

    # Another clue-giver's clue on the card in play can be flagged from the board (the masked
    # Dreamer may change the card meanwhile, and the flag is then refused as stale: try again).
    deadline = time.monotonic() + 25
    flagged = False
    while not flagged and time.monotonic() < deadline:
        flag = board.locator(".wid-flag").first
        if not flag.count():
            page.wait_for_timeout(200)
            continue
        clue_id = flag.locator("xpath=..").get_attribute("data-clue")
        flag.click()
        try:
            expect(page.locator("#log")).to_contain_text(f"B flags c{clue_id}.", timeout=3_000)
            flagged = True
        except AssertionError:
            pass
    assert flagged, "no clue of another clue-giver could be flagged"


def test_the_page_words_every_event_and_question_as_the_server_does(page: Page) -> None:
    """The page's words for the events and questions (envelope.js, filling the messages the game makes in
    Python with i18n.js) are the terminal's (core/words.py), in English and in Italian, on random games
    (penalties, flags, rejected clues, reviews) seen by every seat and a spectator."""
    game = dreamtable.load(GAME)
    rng = random.Random(3)
    events: list[dict[str, Any]] = []
    asks: list[dict[str, Any]] = []
    for seed in range(4):
        state = game.new(4 + seed % 3, seed, auto_clue_check=("reject", "penalize")[seed % 2], flag_quorum=3)
        for _ in range(300):
            if state.is_over:
                break
            asks += [state.view(seat) for seat in [None, *range(state.players)]]
            moves = [(seat, move) for seat in state.actors for move in state.legal_actions(seat)]
            flags = [(seat, move) for seat, move in moves if move.kind == "flag"]
            if flags and rng.random() < 0.4:
                state.apply(*rng.choice(flags))
            elif moves and rng.random() < 0.93:
                state.apply(*rng.choice(moves))
            else:
                state.expire(rng.choice(state.timers))
        events += [event for seat in [None, *range(state.players)] for event in state.log(seat)]
    assert {event["kind"] for event in events} == set(game.event_fields)
    page.goto("/")
    for language in ("en", "it"):
        words = game.words(language)
        said = [words.message(event["message"], event) for event in events]
        asked = [words.message(view["prompt_message"], view["ask"]) for view in asks]
        views = [{key: view[key] for key in ("ask", "prompt", "prompt_message")} for view in asks]
        wrong = page.evaluate("""async (data) => {
            const [language, events, views, said, asked] = JSON.parse(data);
            const { Words } = await import("/static/js/i18n.js");
            const { sentence, promptText } = await import("/static/js/envelope.js");
            const game = await import("/games/when-i-dream/board.js");
            const words = await Words.load(language, "when-i-dream");
            const wrong = [];
            events.forEach((event, i) => {
                const text = sentence(event, words);
                if (text !== said[i]) wrong.push([text, said[i]]);
            });
            views.forEach((view, i) => {
                const text = promptText(view, words);
                if (text !== asked[i]) wrong.push([text, asked[i]]);
            });
            return wrong;
        }""", json.dumps([language, events, views, said, asked]))  # one string: much faster to hand over than 15,000 objects
        assert not wrong, (language, wrong[:5])


def test_WID_R18_the_review_offers_its_votes_as_worded_buttons(page: Page) -> None:
    """A clue-giver's review, drawn by the page's module from a view made here: each card's votes are
    buttons that say what they choose (Yellow, Blue, Yes, No, Keep it, Cancel it) under a question."""
    rng = random.Random(2)
    state = dreamtable.load(GAME).new(4, 1, **OPTIONS)
    while state.phase != "review" or not any(move.kind == "vote-side" for seat in state.actors
                                              for move in state.legal_actions(seat)):
        assert not state.is_over, "the random game ended before a review with a vote on a side"
        moves = [(seat, move) for seat in state.actors for move in state.legal_actions(seat) if move.kind != "flag"]
        if moves and rng.random() < 0.9:
            state.apply(*rng.choice(moves))
        else:
            state.expire(state.timers[0])
    seat = next(s for s in state.actors if any(move.kind == "vote-side" for move in state.legal_actions(s)))
    page.goto("/")  # no table: nothing redraws the module's drawing
    page.evaluate("""async ([view, legal]) => {
        const { Words } = await import("/static/js/i18n.js");
        const game = await import("/games/when-i-dream/board.js");
        const words = await Words.load("en", "when-i-dream");
        const ctx = { view, board: view.board, seat: view.seat, words, seats: [], legal, forms: [], busy: false,
                      interactive: true, ui: {}, play: () => {}, fill: () => {}, redraw: () => {} };
        const board = document.createElement("div");
        board.id = "review";
        document.body.append(board);
        board.replaceChildren(game.render(ctx));
    }""", [state.view(seat), [str(move) for move in state.legal_actions(seat)]])
    side = page.locator("#review .wid-vote-group").filter(has_text="Which side?").first
    expect(side.locator("button")).to_have_text(["Yellow", "Blue"])
    texts = page.locator("#review .wid-vote").all_inner_texts()
    assert texts and set(texts) <= {"Yellow", "Blue", "Yes", "No", "Keep it", "Cancel it"}, texts
    assert state.prompt(seat).startswith("Review the night's cards: vote on a card's side")
