"""A newcomer's first visit, in Chromium: the small things that should not let them down — a name
asked once and shown to the others, a waiting room that reads right, an undo said to those who
watched, a lost connection forgotten once it is back, counts in good English, and no rule offered
where it cannot apply."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.kit import check_accessibility, open_seat, table
from tests.server.processes import Api, ServerProcess

# Keeps every WebSocket the page opens, so a test can close one as a network would.
KEEP_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})()"""


def test_a_name_typed_while_the_lobby_still_loads_is_kept_and_its_button_waits_for_the_page(
        new_page: Any) -> None:
    page = new_page()
    held: list[Any] = []
    page.route("**/static/js/lobby.js", lambda route: held.append(route))  # a slow network: the lobby's script arrives late
    page.goto("/", wait_until="commit")
    page.fill("#my-name", "Ada")
    keep = page.get_by_role("button", name="Keep this name")
    expect(keep).to_be_disabled()  # pressed now, a bare form would reload the page and lose the name
    held[0].continue_()
    expect(keep).to_be_enabled()
    expect(page.locator("#my-name")).to_have_value("Ada")
    keep.click()
    expect(page.locator("#status")).to_have_text("At your tables you will be Ada.")


def test_a_name_asked_once_is_kept_and_shown_to_the_other_seat_in_a_waiting_room_that_reads_right(
        new_page: Any) -> None:
    host = new_page()
    host.goto("/")
    host.fill("#my-name", "Ada")
    host.get_by_role("button", name="Keep this name").click()
    expect(host.locator("#status")).to_have_text("At your tables you will be Ada.")
    host.select_option("#create-game", "deep-dreams")
    host.select_option("#seat-1", "open")
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/tables/"))
    waiting = host.locator("#waiting")
    expect(waiting).to_contain_text("Seat A: Ada")
    expect(waiting).to_contain_text("Anyone can take an open seat")
    expect(waiting).to_contain_text("You can start once every seat is taken.")
    expect(host.locator("#undo")).to_be_hidden()  # nothing to take back before the game starts
    expect(host.locator("#prompt")).to_have_text("The game starts once every seat is taken and the host starts it.")
    assert host.locator("main").inner_text().count("Waiting for players") == 1
    assert "null" not in (waiting.text_content() or "")

    guest = new_page()
    guest.goto(host.url)
    expect(guest.locator("#join-name")).to_have_value("")  # never here before: asked, empty
    check_accessibility(guest)
    guest.fill("#join-name", "Bea")
    guest.get_by_role("button", name="Take a seat").click()
    expect(waiting).to_contain_text("Seat B: Bea", timeout=10_000)
    expect(waiting).to_contain_text("Anyone can watch this table at:")
    expect(waiting).not_to_contain_text("open seat")  # none is left
    assert "null" not in (waiting.text_content() or "")
    host.get_by_role("button", name="Start the game").click()
    host.wait_for_selector("#board > *")
    guest.wait_for_selector("#board > *")
    expect(host.locator("#players")).to_contain_text("Bea")
    expect(guest.locator("#players")).to_contain_text("Ada")
    guest.goto("/")  # asked once: the lobby remembers the name given when taking the seat
    expect(guest.locator("#my-name")).to_have_value("Bea")


def test_a_name_the_server_refuses_is_said_plainly_and_no_table_is_made(browser: Browser, server: ServerProcess) -> None:
    # Its own context: Chromium logs the refusal's 422 as a console error, which new_page counts as a fault.
    context = browser.new_context(base_url=server.url)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("/")
        page.fill("#my-name", "Ada\u200b")  # a zero-width space: the others would see a name that is not there
        page.get_by_role("button", name=re.compile("Play against bots: Deep Dreams")).click()
        expect(page.locator("#status")).to_contain_text("invisible formatting character U+200B")
        expect(page).to_have_url(re.compile(r"^http://[^/]+/$"))  # still the lobby: no table was made
    finally:
        context.close()
    assert not errors


def test_an_undo_is_a_line_in_the_log_of_whoever_watched_the_move(new_page: Any, server: ServerProcess) -> None:
    """Dreamwell against a bot, A first: turning a tile is one of A's three actions and may be taken
    back. A spectator saw the line appear: after the undo its log says why it went."""
    table_id, tokens = table(server, "dreamwell", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3,
                             options={"first_player": "A"})
    player, spectator = new_page(), new_page()
    open_seat(player, table_id, tokens[0])
    open_seat(spectator, table_id, None)
    legal = Api(server).view(table_id, tokens[0])["legal"]
    turn = next(index for index, move in enumerate(legal) if move.startswith("rotate "))
    player.locator("#move-list summary").click()
    player.locator("#legal button").nth(turn).click()
    expect(spectator.locator("#log li", has_text="A rotated")).to_have_count(1)
    player.get_by_role("button", name="Undo my last move").click()
    expect(spectator.locator("#log li", has_text="A rotated")).to_have_count(0)
    expect(spectator.locator("#log li").last).to_have_text("A took back their last move.")
    expect(player.locator("#log li").last).to_have_text("You took back your last move.")


def test_the_lost_connection_notice_goes_once_the_page_has_reconnected(page: Page, server: ServerProcess) -> None:
    table_id, tokens = table(server, "dreamwell", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3,
                             options={"first_player": "A"})
    page.add_init_script(KEEP_SOCKETS)
    open_seat(page, table_id, tokens[0])
    said = page.evaluate("""() => {
      window.__sockets.at(-1).close();
      document.getElementById("undo").click();  // a click while the connection is down
      return document.getElementById("notice").textContent;
    }""")
    assert "connection was lost" in said
    expect(page.locator("#connection")).to_be_hidden(timeout=15_000)  # reconnected
    expect(page.locator("#notice")).to_have_text("")


def test_counts_take_the_plural_form_of_the_readers_language(page: Page) -> None:
    page.goto("/")
    said = page.evaluate("""async () => {
      const { Words } = await import("/static/js/i18n.js");
      const w = await Words.load("en", "when-i-dream");
      return [1, 2, 0].map((count) => w.t("ui.cards-hidden", { count }));
    }""")
    assert said == ["1 card has changed tonight (hidden under your mask).",
                    "2 cards have changed tonight (hidden under your mask).",
                    "0 cards have changed tonight (hidden under your mask)."]


def test_the_hand_limit_is_not_offered_beside_an_empty_deck(page: Page, server: ServerProcess) -> None:
    """Two random bots play Sogni e Incubi past its last draw (the game goes on with an empty deck)."""
    table_id, _ = table(server, "sogni-e-incubi", [{"kind": "bot", "bot": "random"}] * 2, seed=4)
    api = Api(server)
    deadline = time.monotonic() + 60
    while api.view(table_id, None)["view"]["board"]["deck"] > 0:
        assert time.monotonic() < deadline, "the bots did not empty the deck in a minute"
        time.sleep(0.2)
    open_seat(page, table_id, None)
    expect(page.locator(".si-deck-count")).to_have_text("0 cards left")
    expect(page.locator(".si-limit")).to_have_count(0)
    expect(page.locator("#board")).not_to_contain_text("You may draw with fewer than")


def guess_first_card(api: Api, table_id: str, token: str | None) -> None:
    """The Dreamer answers the first card at once (WID-R9 allows it before any clue), through the API:
    the board is drawn anew at each clue, and a click could land on the box being replaced."""
    for _ in range(20):
        seen = api.view(table_id, token)
        answer = api.response("POST", f"/api/tables/{table_id}/forms", token,
                              json={"form": "guess", "values": {"guess": "dog"}, "seq": seen["seq"]})
        if answer.status_code == 200:
            return
        time.sleep(0.1)  # a clue came first: look again
    raise AssertionError(f"the guess was refused: {answer.text}")


def test_when_i_dream_says_the_clue_clock_before_the_turn_and_counts_one_card_in_the_singular(
        new_page: Any, server: ServerProcess) -> None:
    bots = [{"kind": "bot", "bot": "wordbot"}] * 2
    table_id, tokens = table(server, "when-i-dream", [{"kind": "bot", "bot": "wordbot"}, *bots, {"kind": "human"}],
                             seed=12, options={"night_seconds": 60})
    giver = open_seat(new_page(), table_id, tokens[3])  # D gives the third clue of the night
    expect(giver.locator(".wid-clue-ahead")).to_have_text(
        "On your clue turn: start typing within 15 s, then send your word within 30 s of the turn's start.")

    table_id, tokens = table(server, "when-i-dream", [{"kind": "human"}, *bots, {"kind": "bot", "bot": "wordbot"}],
                             seed=12, options={"night_seconds": 15, "final_guess_seconds": 0.5, "recount_seconds": 60})
    guess_first_card(Api(server), table_id, tokens[0])  # at once: the night's clock runs from the start
    dreamer = open_seat(new_page(), table_id, tokens[0])
    expect(dreamer.locator(".wid-cards-box")).to_contain_text("1 card has changed tonight")
    expect(dreamer.locator(".wid-clue-ahead")).to_have_count(0)  # the Dreamer gives no clue

    # The recount: "Tell the dream" waits for a word.
    recount = dreamer.locator("#wid-recount-input")
    expect(recount).to_be_visible(timeout=30_000)
    tell = dreamer.get_by_role("button", name="Tell the dream")
    expect(tell).to_be_disabled()
    recount.fill("   ")
    expect(tell).to_be_disabled()
    recount.fill("a dog")
    expect(tell).to_be_enabled()
    tell.click()
    expect(dreamer.locator(".wid-recount-text")).to_contain_text("a dog")
