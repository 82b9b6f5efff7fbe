"""Dream Cycle in Chromium: a turn played by clicking on the drawn board — a starting
space, tiles bought from the market and placed on fields, a brake plan, the end of the Buying
Phase — and the movement that follows seen step by step; with reduced motion the tokens stand where
they end at once; the sentences the page words are the server's own; the accessibility check."""

from __future__ import annotations

import random
import re
import time
from typing import Any, Callable

from playwright.sync_api import Page, expect

import dreamtable
from tests.browser.conftest import screenshot
from tests.browser.kit import SAME_INTENT_MS, check_accessibility, open_seat, table
from tests.games.dream_cycle.test_prompts import STAGED
from tests.server.processes import Api, ServerProcess

GAME = "dream-cycle"
TRACE_GHOSTS = """() => {
    window.ghostTrace = [];
    const note = (node) => {
        const step = [node.dataset.seat, node.dataset.x, node.dataset.y];
        const last = window.ghostTrace[window.ghostTrace.length - 1];
        if (!last || last.join() !== step.join()) window.ghostTrace.push(step);
    };
    new MutationObserver((changes) => {
        for (const change of changes) {
            const nodes = change.type === "attributes" ? [change.target] : [...change.addedNodes];
            for (const node of nodes) {
                if (!(node instanceof Element)) continue;
                if (node.matches(".dc-ghost")) note(node);
                node.querySelectorAll(".dc-ghost").forEach(note);
            }
        }
    }).observe(document.getElementById("board"), {subtree: true, childList: true, attributes: true, attributeFilter: ["data-x", "data-y"]});
}"""


"""The page takes the same move asked again within this time as the same click (static/js/table.js)."""


def settled(page: Page) -> None:
    """Until the move sent is answered (the page takes no click while one is on its way)."""
    expect(page.locator("#prompt")).not_to_have_text("Sending…")


def legal(server: ServerProcess, table_id: str, token: str) -> set[str]:
    return set(Api(server).view(table_id, token)["legal"])


def asked(server: ServerProcess, table_id: str, token: str, timeout: float = 60.0) -> set[str]:
    """The moves seat A may make next, once it is A's turn (the bot may still be moving)."""
    return asked_until(server, table_id, token, bool, timeout)


def asked_until(server: ServerProcess, table_id: str, token: str, wanted: Callable[[set[str]], bool],
                timeout: float = 60.0) -> set[str]:
    """A's moves once they are ``wanted``: out of turn A may reposition its tiles while the bot buys,
    so that A has moves at all does not yet mean the game asks A."""
    deadline = time.monotonic() + timeout
    while not wanted(moves := legal(server, table_id, token)):
        assert time.monotonic() < deadline, f"A was not asked what the test waits for in {timeout:.0f} s (A may: {sorted(moves)})"
        time.sleep(0.1)
    return moves


def on_turn(moves: set[str]) -> bool:
    """Whether A is asked something of its own turn: end its Buying Phase, ride on, or go a way."""
    return bool(moves & {"end", "ride"}) or any(move.startswith("go ") for move in moves)


def drawn_token(page: Page, seat: int) -> dict[str, Any]:
    token = page.locator(f'svg.dc-scape .dc-token:not(.dc-ghost)[data-seat="{seat}"]')
    return {"x": int(token.get_attribute("data-x") or ""), "y": int(token.get_attribute("data-y") or ""),
            "facing": token.get_attribute("data-facing")}


def start_and_buy(page: Page, server: ServerProcess, table_id: str, token: str) -> None:
    """Seat A chooses a starting space on the board, buys three North tiles and places them."""
    starts = page.locator(".dc-start.target")
    expect(starts).to_have_count(len([m for m in legal(server, table_id, token) if m.startswith("start")]))
    # space 5 by its name, not by its place among the free ones: the greedy bot (B) chooses before A
    # (DC-R3: the start order runs against the play order) and may have taken a space left of it
    page.get_by_role("button", name="Start on space 5", exact=True).click()
    expect(page.locator(".dc-ware.pickable").first).to_be_visible()
    # only what the seat may buy is offered: Lucidity (6 chi) is, until the chi runs short
    offered = legal(server, table_id, token)
    for ware in page.locator(".dc-ware").all():
        tile = ware.get_attribute("data-tile")
        assert (ware.get_attribute("role") == "button") == (f"buy {tile}" in offered), tile
    expect(page.locator(".dc-own .dc-field.target")).to_have_count(0)  # no tile picked: no field offered
    for _ in range(3):
        page.locator('.dc-ware[data-tile="N"]').click()
        settled(page)
        page.wait_for_timeout(SAME_INTENT_MS)  # three clicks, not a double click (one move per intent)
    expect(page.locator(".dc-own .dc-hand")).to_contain_text("×3")
    for field in ("G", "W", "R"):
        page.locator(".dc-own .dc-held").first.click()
        expect(page.locator(".dc-own .dc-field.target")).to_have_count(7)  # two tiles a field at most: all take one
        page.locator(f'.dc-own .dc-field[data-field="{field}"]').click()
        settled(page)
        expect(page.locator(f'.dc-own .dc-field[data-field="{field}"] .dc-tile')).to_have_count(1)
    expect(page.locator(".dc-own .dc-hand")).to_contain_text("No tiles in hand")
    # a placed tile comes back by a click, and goes again
    page.get_by_role("button", name="Take North off Red").click()
    settled(page)
    page.locator(".dc-own .dc-held").first.click()
    page.locator('.dc-own .dc-field[data-field="R"]').click()
    settled(page)


def test_a_turn_played_by_clicking_and_the_movement_seen_step_by_step(page: Page, server: ServerProcess) -> None:
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], seed=7,
                             options={"first_player": "A"})
    token = tokens[0]
    assert token is not None
    open_seat(page, table_id, token)
    start_and_buy(page, server, table_id, token)
    # a brake plan by the board's own form (one of the three plan forms, told apart by its parameter) ...
    page.locator(".dc-plan-more summary").click()
    page.get_by_role("spinbutton", name="Brake after this many arrivals").fill("4")
    page.get_by_role("button", name="Brake after this many arrivals: Set").click()
    settled(page)
    expect(page.locator(".dc-plan-now")).to_have_text("brake after 4 steps")
    # ... and a listed one: the movement will ask after every arrival
    page.get_by_role("button", name="Brake plan: ask after every step").click()
    settled(page)
    expect(page.locator(".dc-plan-now")).to_have_text("ask after every step")
    check_accessibility(page)
    screenshot(page, "dream-cycle-buying")

    page.evaluate(TRACE_GHOSTS)
    page.get_by_role("button", name="End the Buying Phase and ride").click()
    # the movement is shown step by step: A's token rides as a ghost over the board already drawn anew,
    # from its starting space (4,-1) to the square north of it
    page.wait_for_selector('svg.dc-scape[data-animating="true"] .dc-ghost[data-seat="0"]', timeout=10_000)
    page.wait_for_selector('svg.dc-scape[data-animating="false"]', timeout=20_000)
    trace = [tuple(step) for step in page.evaluate("window.ghostTrace")]
    assert trace[0] == ("0", "4", "-1") and ("0", "4", "0") in trace, trace
    expect(page.locator("#log")).to_contain_text(re.compile(r"A's bicycle steps off the doldrum space one space to the \w+ square in row 1 \(south line, 5th from the west\)"))
    # the question is marked on the board where it is asked, and answered under it
    expect(page.locator("svg.dc-scape .dc-ask")).to_have_count(1)
    question = page.locator(".dc-question button")
    expect(question).to_have_text(["Ride on", "Brake (2 chi)"])
    expect(page.locator('.dc-trail[data-seat="0"]')).to_have_count(1)
    screenshot(page, "dream-cycle")
    # ride on (or go a way the board offers) until the movement ends and the bot has moved; what A is
    # asked is read from the server, so a page still drawing the last step is waited for, not misread
    for _ in range(40):
        moves = asked_until(server, table_id, token, on_turn)
        if "end" in moves:
            break
        if "ride" in moves:
            page.locator(".dc-question button[data-move=ride]").click()
        else:
            assert any(move.startswith("go ") for move in moves), f"a question this test does not answer: {moves}"
            page.locator(".dc-way").first.click()
        settled(page)
    # it is A's turn again: once shown, every token stands where the view has it
    expect(page.locator(".dc-end")).to_be_visible(timeout=30_000)
    page.wait_for_selector('svg.dc-scape[data-animating="false"]', timeout=20_000)
    assert page.locator("#log li").filter(has_text="A's bicycle").count() >= 2
    view = Api(server).view(table_id, token)["view"]
    for seat, info in enumerate(view["board"]["seats"]):
        expected = info["token"]
        assert drawn_token(page, seat) == {"x": expected["x"], "y": expected["y"], "facing": expected["facing"]}
    check_accessibility(page)


def test_with_reduced_motion_the_tokens_stand_where_they_end_and_the_way_is_drawn(page: Page, server: ServerProcess) -> None:
    page.emulate_media(reduced_motion="reduce")
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], seed=7,
                             options={"first_player": "A"})
    assert tokens[0] is not None
    open_seat(page, table_id, tokens[0])
    start_and_buy(page, server, table_id, tokens[0])
    page.get_by_role("button", name="End the Buying Phase and ride").click()
    expect(page.locator("#log")).to_contain_text("A's bicycle steps off the doldrum space")
    expect(page.locator(".dc-ghost")).to_have_count(0)
    expect(page.locator('.dc-trail[data-seat="0"]')).to_have_count(1)


def terminal_words(game: Any, events: list[dict[str, Any]], asks: dict[str, dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The events and questions as the terminal words them in English: from the messages the page words them from."""
    words = game.words("en")
    return ([words.message(event["message"], event) for event in events],
            [words.message(shown["prompt_message"], shown["ask"]) for shown in asks.values()])


def test_the_page_words_every_event_and_prompt_as_the_server_does(page: Page, server: ServerProcess) -> None:
    """Events and questions of random games (as each seat sees them), worded by the page's module and
    catalogue, read as the terminal words them from the same messages (core/words.py)."""
    game = dreamtable.load(GAME)
    rng = random.Random(5)
    events: list[dict[str, Any]] = []
    asks: dict[str, dict[str, Any]] = {}
    for seed in range(3):
        state = game.new(2 + seed, seed)
        for _ in range(500):
            if state.is_over:
                break
            for seat in range(state.players):
                view = state.view(seat)
                asks.setdefault(view["prompt"], {"ask": view["ask"], "prompt": view["prompt"], "prompt_message": view["prompt_message"]})
            seat = rng.choice(state.actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        events += state.log(0)
    for staged in STAGED:  # questions random play seldom reaches
        state = staged()
        for seat in range(state.players):
            view = state.view(seat)
            asks.setdefault(view["prompt"], {"ask": view["ask"], "prompt": view["prompt"], "prompt_message": view["prompt_message"]})
    kinds = {event["kind"] for event in events}
    assert {"ride", "buy", "place", "plan", "turn", "movement"} <= kinds
    assert {"start", "buying", "watch-buying", "choose", "pause", "conflict-fringe", "watch-conflict-fringe", "offers",
            "watch-deciding"} <= {shown["ask"]["kind"] for shown in asks.values()}
    page.goto("/")
    worded = page.evaluate("""async ([events, views]) => {
        const { Words } = await import("/static/js/i18n.js");
        const { promptText, sentence } = await import("/static/js/envelope.js");
        const game = await import("/games/dream-cycle/board.js");
        const words = await Words.load("en", "dream-cycle");
        return [events.map((event) => sentence(event, words)), views.map((view) => promptText(view, words))];
    }""", [events, list(asks.values())])
    wrong = [(said, text) for said, text in zip(terminal_words(game, events, asks)[0], worded[0]) if said != text]
    wrong += [(said, text) for said, text in zip(terminal_words(game, events, asks)[1], worded[1]) if said != text]
    assert not wrong, wrong[:5]


def test_the_board_fits_a_phone(new_page: Any, server: ServerProcess) -> None:
    phone = new_page(375, 740)
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], seed=7,
                             options={"first_player": "A"})
    open_seat(phone, table_id, tokens[0])
    phone.locator(".dc-start.target").first.wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    check_accessibility(phone)


ALTERNATIVE = ["G", "W", "O", "Y", "BL", "R", "P"]


def test_DC_R9_alternative_colours_a_tile_placed_on_the_yellow_field_by_clicking(page: Page, server: ServerProcess) -> None:
    """The note's alternative fields (G W O Y BL R P, special_exit=fields): the page draws the seven
    fields the view has, in slot order, and a North tile goes on Yellow by two clicks."""
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], seed=7,
                             options={"first_player": "A", "field_colours": ALTERNATIVE, "special_exit": "fields"})
    token = tokens[0]
    assert token is not None
    open_seat(page, table_id, token)
    page.get_by_role("button", name="Start on space 5", exact=True).click()
    settled(page)
    fields = page.locator(".dc-own .dc-field")
    expect(fields).to_have_count(7)
    assert [f.get_attribute("data-field") for f in fields.all()] == ["G", "W", "O", "R", "P", "Y", "BL"]
    expect(page.locator('.dc-own .dc-field[data-field="Y"] .dc-field-name')).to_have_text("Yellow")
    expect(page.locator('.dc-own .dc-field[data-field="BL"] .dc-field-name')).to_have_text("Blue")
    # The bot starts after A: until then no ware is A's to buy, and a click on one does nothing.
    ware = page.locator('.dc-ware.pickable[data-tile="N"]')
    expect(ware).to_be_visible()
    ware.click()
    settled(page)
    page.locator(".dc-own .dc-held").first.click()
    expect(page.locator(".dc-own .dc-field.target")).to_have_count(7)
    page.get_by_role("button", name="Place North on Yellow").click()
    settled(page)
    expect(page.locator('.dc-own .dc-field[data-field="Y"] .dc-tile')).to_have_count(1)
    expect(page.locator("#log")).to_contain_text("A places North on Yellow.")
    view = Api(server).view(table_id, token)["view"]
    assert view["board"]["seats"][0]["fields"]["Y"] == ["N"]
    # the key lists the plain squares this Dreamscape has: no Fuchsia or Silver ones
    expect(page.locator(".dc-key li")).to_have_count(5 + 5 + 1)
    check_accessibility(page)
    screenshot(page, "dream-cycle-alternative-colours")


def test_DC_R9_the_page_words_yellow_and_blue_events_and_prompts_as_the_server_does(page: Page, server: ServerProcess) -> None:
    game = dreamtable.load(GAME)
    rng = random.Random(3)
    events: list[dict[str, Any]] = []
    asks: dict[str, dict[str, Any]] = {}
    for seed, special_exit in enumerate(("fields", "die")):
        state = game.new(3, seed, field_colours=ALTERNATIVE, special_exit=special_exit, die_faces=ALTERNATIVE)
        for _ in range(600):
            if state.is_over:
                break
            for seat in range(state.players):
                view = state.view(seat)
                asks.setdefault(view["prompt"], {"ask": view["ask"], "prompt": view["prompt"], "prompt_message": view["prompt_message"]})
            seat = rng.choice(state.actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        events += state.log(0)
    named = [event for event in events if "Yellow" in event["text"] or "Blue" in event["text"]]
    assert named, "no event of these games names the Yellow or Blue field"
    page.goto("/")
    worded = page.evaluate("""async ([events, views]) => {
        const { Words } = await import("/static/js/i18n.js");
        const { promptText, sentence } = await import("/static/js/envelope.js");
        const game = await import("/games/dream-cycle/board.js");
        const words = await Words.load("en", "dream-cycle");
        return [events.map((event) => sentence(event, words)), views.map((view) => promptText(view, words))];
    }""", [events, list(asks.values())])
    wrong = [(said, text) for said, text in zip(terminal_words(game, events, asks)[0], worded[0]) if said != text]
    wrong += [(said, text) for said, text in zip(terminal_words(game, events, asks)[1], worded[1]) if said != text]
    assert not wrong, wrong[:5]


def test_DC_R20_R29_R49_the_buying_phase_warns_of_chi_lost_offers_only_real_choices_and_asks_the_way_by_large_buttons(
        page: Page, server: ServerProcess) -> None:
    """A's first Buying Phase: 16 chi in hand, so ending now would give 6 back (DC-R20) and the page
    says so before the move; A holds no Inspiration tile, so no form asks which to spend last (DC-R49).
    A Lucidity on Red (the square A steps onto) makes the movement ask which way (DC-R29): answered
    by a large button that names the way, and the question names the place in words."""
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], seed=7,
                             options={"first_player": "A"})
    token = tokens[0]
    assert token is not None
    open_seat(page, table_id, token)
    page.get_by_role("button", name="Start on space 5", exact=True).click()
    expect(page.locator(".dc-cap-warning")).to_have_text(re.compile(r"You hold 16 chi: only 10 may be kept .* gives 6 chi back"))
    expect(page.locator(".dc-end")).to_have_text("End the Buying Phase and ride (give back 6 chi)")
    expect(page.locator(".dc-keep-form")).to_have_count(0)
    expect(page.locator("#forms")).not_to_contain_text("wind")  # nor the shell's form of Inspiration codes
    check_accessibility(page)
    api = Api(server)
    for move in ("buy U", "place U R"):
        seq = api.view(table_id, token)["seq"]
        api.call("POST", f"/api/tables/{table_id}/moves", token=token, expect=200, json={"move": move, "seq": seq})
    expect(page.locator(".dc-cap-warning")).to_have_count(0)  # 10 chi left: nothing to give back
    expect(page.locator(".dc-end")).to_have_text("End the Buying Phase and ride")
    page.locator(".dc-end").click()
    ways = page.locator(".dc-question .dc-way-button")
    expect(ways.first).to_be_visible(timeout=20_000)
    expect(page.locator("#prompt")).to_have_text(
        "A's bicycle leaves Red at the Red square in row 1 (south line, 5th from the west): which way?")
    offered = sorted(move for move in legal(server, table_id, token) if move.startswith("go "))
    assert sorted(ways.evaluate_all("(nodes) => nodes.map((n) => n.dataset.move)")) == offered
    north = page.locator(".dc-question").get_by_role("button", name="Go north")
    expect(north).to_have_text("↑ Go north")
    # measured once the ride is shown: its last step draws the board anew, and a button measured as it
    # is replaced has no box
    page.wait_for_selector('svg.dc-scape[data-animating="false"]', timeout=20_000)
    box = north.bounding_box()
    assert box is not None and box["height"] >= 40, box  # a finger's size, not the board's small arrows
    north.click()
    expect(page.locator("#log")).to_contain_text(re.compile(r"A's bicycle \w+( \w+)? on Red and rides north"))


RENDER = """async ([update, legal]) => {
    const { Words } = await import("/static/js/i18n.js");
    const game = await import("/games/dream-cycle/board.js");
    const words = await Words.load("en", "dream-cycle");
    const view = update.view;
    const ctx = { view, board: view.board, seat: view.seat, words, seats: [], legal, forms: update.forms,
                  busy: false, interactive: true, ui: {}, play: () => {}, fill: () => {}, redraw: () => {} };
    document.getElementById("board").replaceChildren(game.render(ctx));
}"""
"""Draw a view made in this process with the page's own module (a position the server would take long to reach)."""


def draw_position(page: Page, state: Any, seat: int) -> None:
    update = {"view": state.view(seat), "forms": [form.to_json() for form in state.action_forms(seat)]}
    page.evaluate(RENDER, [update, [str(move) for move in state.legal_actions(seat)]])


def test_DC_R6_with_ten_rows_laid_the_squares_stay_large_enough_to_read_their_letters(page: Page, server: ServerProcess) -> None:
    from tests.games.dream_cycle.table import table as position
    state = position(2)
    while state.rows_laid < 10:  # nobody has moved: no row is passed, all ten stay on the board
        state.lay_row([])
    state._cache = {}
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "human"}], seed=7)  # no bot redraws the page
    open_seat(page, table_id, tokens[0])
    draw_position(page, state, 0)
    expect(page.locator("svg.dc-scape .dc-row-label")).to_have_count(10)
    sizes = page.locator("svg.dc-scape .dc-square").evaluate_all(
        "(nodes) => nodes.map((n) => [n.querySelector('rect').getBoundingClientRect().width, n.querySelector('text').getBoundingClientRect().height])")
    assert len(sizes) == 270
    assert min(width for width, _ in sizes) >= 35.5 and min(height for _, height in sizes) >= 11, min(sizes)
    # the board scrolls in its box, which shows the tokens (the rows in play), not the far rows
    token = page.locator('svg.dc-scape .dc-token[data-seat="0"]').bounding_box()
    wrap = page.locator(".dc-scape-wrap").bounding_box()
    assert token is not None and wrap is not None
    assert wrap["y"] <= token["y"] and token["y"] + token["height"] <= wrap["y"] + wrap["height"], (token, wrap)


def test_DC_R49_the_tiles_to_spend_last_are_asked_only_of_a_seat_holding_some_and_by_name(page: Page, server: ServerProcess) -> None:
    from tests.games.dream_cycle.table import give_inspiration
    from tests.games.dream_cycle.table import table as position
    state = position(2)
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "human"}], seed=7)  # no bot redraws the page
    open_seat(page, table_id, tokens[0])
    draw_position(page, state, 0)
    expect(page.locator(".dc-keep-form")).to_have_count(0)
    give_inspiration(state, 0, "zip", "ward")
    draw_position(page, state, 0)
    form = page.locator(".dc-own .dc-keep-form")
    expect(form.locator("legend")).to_have_text("When a payment is forced, spend these last")
    expect(form.locator("label")).to_have_text(["Zip", "Ward"])  # the kinds held, by name, never wind zip rein …


TO_A_TRADE = ((1, "start 6"), (0, "start 5"), (0, "buy N"), (0, "end"), (1, "buy L"), (1, "end"))
"""Two people at one table (seed 7, A first): each buys a tile, rides off its starting space onto row 1
and stops there (no tile on its colour). In A's second Buying Phase both stand on row 1's squares:
trade partners (DC-R26), A holding a North and 11 chi, B a Left and 10 chi."""


def test_DC_R26_a_trade_is_put_together_in_words_and_reaches_the_partner(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "human"}], seed=7, options={"first_player": "A"})
    api = Api(server)
    for seat, move in TO_A_TRADE:
        seq = api.view(table_id, tokens[seat])["seq"]
        api.call("POST", f"/api/tables/{table_id}/moves", token=tokens[seat], expect=200, json={"move": move, "seq": seq})
    a = open_seat(new_page(), table_id, tokens[0])
    b = open_seat(new_page(), table_id, tokens[1])
    panel = a.get_by_role("region", name="Trade with B")
    give = panel.get_by_role("group", name="You give")
    ask = panel.get_by_role("group", name="You ask for")
    # each side offers what its holder has, by name and at most as many: A's North and chi, B's Left and chi
    expect(give.get_by_role("spinbutton")).to_have_count(2)
    expect(give.get_by_label("North", exact=True)).to_have_attribute("max", "1")
    expect(give.get_by_label("Chi", exact=True)).to_have_attribute("max", "11")
    expect(ask.get_by_role("spinbutton")).to_have_count(2)
    expect(ask.get_by_label("Left", exact=True)).to_have_attribute("max", "1")
    expect(ask.get_by_label("Chi", exact=True)).to_have_attribute("max", "10")
    summary = panel.get_by_role("status")
    send = panel.get_by_role("button", name="Send the offer")
    expect(summary).to_have_text("Choose what you give, what you ask for, or both.")
    expect(send).to_be_disabled()  # an empty offer is no offer (DC-R26)
    give.get_by_role("button", name="One more North").click()
    expect(give.get_by_role("button", name="One more North")).to_be_disabled()  # A holds one
    expect(summary).to_have_text("Offer B: North for nothing")
    expect(send).to_be_enabled()
    give.get_by_label("Chi", exact=True).fill("2")
    ask.get_by_role("button", name="One more Left").click()
    expect(summary).to_have_text("Offer B: North and 2 chi for Left")
    # B moves meanwhile (its Left onto a field, DC-R27): A's page is drawn anew, the offer being put
    # together and the box in use stay, and B's placed Left may still be asked for (DC-R26)
    give.get_by_label("Chi", exact=True).focus()
    seq = api.view(table_id, tokens[1])["seq"]
    api.call("POST", f"/api/tables/{table_id}/moves", token=tokens[1], expect=200, json={"move": "place L G", "seq": seq})
    expect(a.locator('.dc-seat[data-seat="1"] .dc-field[data-field="G"] .dc-tile')).to_have_count(1)
    expect(summary).to_have_text("Offer B: North and 2 chi for Left")
    expect(give.get_by_label("Chi", exact=True)).to_be_focused()
    expect(ask.get_by_label("Left", exact=True)).to_have_value("1")
    # words only: neither the notation nor the shell's typed form of it
    text = panel.inner_text()
    assert "2c" not in text and "for nothing" not in text.replace("North for nothing", "") and "zip" not in text, text
    expect(a.locator("#forms form")).to_have_count(0)
    check_accessibility(a)
    screenshot(a, "dream-cycle-trade")
    a.set_viewport_size({"width": 390, "height": 844})
    assert a.evaluate("document.documentElement.scrollWidth") <= 390
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    screenshot(a, "dream-cycle-trade-phone")
    a.set_viewport_size({"width": 1280, "height": 900})

    send.click()
    expect(a.locator("#log")).to_contain_text("A offers B North and 2 chi for Left.")
    expect(b.locator("#prompt")).to_have_text("A offers you North and 2 chi for Left: accept or decline.")
    expect(b.locator(".dc-offers")).to_contain_text("A offers B North and 2 chi for Left")
    b.get_by_role("button", name="Accept A's offer").click()
    expect(a.locator("#log")).to_contain_text("B accepts: A gives North and 2 chi for Left.")
    seats = api.view(table_id, tokens[0])["view"]["board"]["seats"]
    assert (seats[0]["hand"], seats[0]["chi"], seats[1]["hand"], seats[1]["chi"]) == ({"L": 1}, 9, {"N": 1}, 12)
    # A's panel starts afresh, sized to what A now holds: the Left, no North
    expect(give.get_by_label("Left", exact=True)).to_have_attribute("max", "1")
    expect(give.get_by_label("North", exact=True)).to_have_count(0)
    expect(a.get_by_role("region", name="Trade with B").get_by_role("status")).to_have_text(
        "Choose what you give, what you ask for, or both.")
