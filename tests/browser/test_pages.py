"""The pages every game shares, in Chromium: the lobby, a table's shell, rules, replay."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
from playwright.sync_api import Page, expect

import dreamtable
from tests.browser.conftest import screenshot
from tests.browser.kit import check_accessibility, open_seat, table, wait_for_my_turn
from tests.server.processes import Api, ServerProcess

GAMES = sorted(info.id for info in dreamtable.games())


def test_lobby_lists_every_game_and_passes_the_accessibility_check(page: Page) -> None:
    page.goto("/")
    for info in dreamtable.games():
        expect(page.locator("#games")).to_contain_text(info.name)
    check_accessibility(page)
    screenshot(page, "lobby")


def test_play_against_bots_in_one_click_opens_a_started_table(page: Page) -> None:
    page.goto("/")
    page.get_by_role("button", name=re.compile("Play against bots: Dream – Sogni e Incubi")).click()
    page.wait_for_url(re.compile(r"/tables/[\w-]+$"))  # the token left the address bar
    page.wait_for_selector("#board > *")
    expect(page.locator("#players .player")).to_have_count(2)
    expect(page.locator("#players")).to_contain_text("you")


def test_a_table_created_with_an_open_seat_is_joined_from_another_browser(new_page: Any, server: ServerProcess) -> None:
    host = new_page()
    host.goto("/")
    host.select_option("#create-game", "deep-dreams")
    host.select_option("#seat-1", "open")
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/tables/"))
    expect(host.locator("#waiting")).to_contain_text("Waiting for players")
    guest = new_page()
    guest.goto(host.url)
    guest.get_by_role("button", name="Take a seat").click()
    host.get_by_role("button", name="Start the game").click(timeout=10_000)
    host.wait_for_selector("#board > *")
    guest.wait_for_selector("#board > *")
    expect(host.locator("#waiting")).to_be_hidden()


def test_a_reload_in_the_middle_of_a_game_restores_it(page: Page, server: ServerProcess) -> None:
    table_id, tokens = table(server, "sogni-e-incubi", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
    open_seat(page, table_id, tokens[0])
    api = Api(server)
    start = api.view(table_id, tokens[0])["seq"]
    page.locator("#move-list summary").click()
    page.locator("#legal button").first.click()
    # Until the bot has answered and the page shows it (the position then waits for A): the board
    # read before the bot's move would differ from the reloaded one for that reason alone.
    for _ in range(200):
        now = api.view(table_id, tokens[0])
        if now["seq"] > start + 1 and now["legal"]:
            break
        time.sleep(0.05)
    expect(page.locator("#board")).to_contain_text(re.compile(rf"\b{now['view']['board']['deck']} cards left"))
    before = page.locator("#board").text_content() or ""
    page.reload()
    page.wait_for_selector("#board > *")
    expect(page.locator("#board")).to_have_text(before)
    expect(page.locator("#players")).to_contain_text("you")  # still seat A: the token was kept


def test_rules_pages_render_our_words_for_every_game(page: Page) -> None:
    for game in GAMES:
        page.goto(f"/rules/{game}")
        expect(page.locator("main h1")).to_be_visible()
        expect(page.locator("main h2", has_text="A turn")).to_be_visible()  # how to play, for a player
        page.get_by_role("link", name="For developers").click()
        expect(page.locator("main")).to_contain_text("notation", ignore_case=True)
    check_accessibility(page)


def test_the_api_reference_draws_every_operation_from_this_server_alone(page: Page) -> None:
    """/docs (linked from the README) was blank: FastAPI's page loads Swagger UI from a CDN and starts
    it with an inline script, both refused by the content policy. It is served from the package now."""
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None)
    outside: list[str] = []
    page.on("request", lambda request: outside.append(request.url) if "127.0.0.1" not in request.url else None)
    page.goto("/docs")
    expect(page.locator(".opblock").first).to_be_visible()
    assert page.locator(".opblock").count() >= 10  # the tables, seats, moves, forms, undo, chat…
    expect(page.locator("#swagger-ui")).to_contain_text("/api/tables/{table_id}/moves")
    assert not refused and not outside, (refused, outside)


def test_pages_carry_a_content_security_policy_that_allows_this_server_only(server: ServerProcess) -> None:
    for path in ("/", "/tables/x", "/replay/x", "/rules/dreamwell", "/static/js/table.js"):
        answer = httpx.get(server.url + path)
        assert answer.status_code == 200, path
        policy = answer.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy, path
    assert httpx.get(server.url + "/rules/no-such-game").status_code == 404


def test_replay_steps_through_a_finished_game_as_any_seat(page: Page, server: ServerProcess) -> None:
    table_id, _ = table(server, "sogni-e-incubi", [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=5)
    for _ in range(100):
        if httpx.get(f"{server.url}/api/tables/{table_id}").json()["status"] == "over":
            break
        page.wait_for_timeout(200)
    page.goto(f"/replay/{table_id}")
    page.wait_for_selector("#board > *")
    expect(page.locator("#step-out")).to_contain_text("0 /")
    page.get_by_role("button", name="Forward").click()
    expect(page.locator("#step-out")).to_contain_text("1 /")
    expect(page.locator("#log li")).not_to_have_count(0)
    page.select_option("#as", "1")
    page.get_by_role("button", name="Last").click()
    expect(page.locator("#outcome")).to_be_visible()
    check_accessibility(page)
    screenshot(page, "replay")


# -- bad input: a stale tab, a double click, a closed socket ------------------------------------

def two_humans(server: ServerProcess, seed: int = 4) -> tuple[str, list[str | None]]:
    return table(server, "sogni-e-incubi", [{"kind": "human"}, {"kind": "human"}], seed=seed)


def moves_by(page: Page, letter: str) -> int:
    texts = page.locator("#log li").all_text_contents()
    return sum(1 for text in texts if text.startswith(f"{letter} "))


def test_a_double_click_sends_one_move(page: Page, server: ServerProcess) -> None:
    table_id, tokens = two_humans(server)
    open_seat(page, table_id, tokens[0])
    page.locator("#move-list summary").click()
    page.locator("#legal button").first.dblclick()
    expect(page.locator("#prompt")).to_have_text("Waiting for B.")
    page.wait_for_timeout(500)  # a second move would have been refused by now ("not A's turn")
    expect(page.locator("#notice")).to_have_text("")
    assert moves_by(page, "A") == 1


def test_a_stale_tab_is_told_and_shows_the_current_state(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = two_humans(server)
    first = new_page()
    open_seat(first, table_id, tokens[0])
    second = first.context.new_page()  # a second tab of the same person (same seat)
    held: list[str | bytes] = []
    routes: list[Any] = []
    hold = [False]

    def relay(ws: Any) -> None:
        routes.append(ws)
        to_server = ws.connect_to_server()
        to_server.on_message(lambda message: held.append(message) if hold[0] else ws.send(message))
        ws.on_message(lambda message: to_server.send(message))

    second.route_web_socket(re.compile(r"/ws/"), relay)
    open_seat(second, table_id, None)  # the token is in the context's storage: same seat A
    expect(second.locator("#players")).to_contain_text("you")
    hold[0] = True  # the second tab stops hearing from the server: its view goes stale
    first.locator("#move-list summary").click()
    first.locator("#legal button").first.click()
    expect(first.locator("#prompt")).to_have_text("Waiting for B.")
    second.locator("#move-list summary").click()
    second.locator("#legal button").first.click()  # a move chosen on the old view
    second.wait_for_timeout(500)  # the server has refused it by now; the refusal is held too
    hold[0] = False
    for message in held:  # what the tab missed arrives late, the refusal last
        routes[-1].send(message)
    expect(second.locator("#notice")).not_to_have_text("")
    expect(second.locator("#prompt")).to_have_text("Waiting for B.")
    log = second.locator("#log li").all_text_contents()
    assert moves_by(second, "A") == 1 and moves_by(first, "A") == 1, (log, first.locator("#log li").all_text_contents())


def test_a_closed_connection_is_said_and_the_page_comes_back_when_the_server_does(
        page: Page, tmp_path: Any) -> None:
    with ServerProcess(f"sqlite:///{tmp_path / 'restart.db'}", bot_delay=0.0) as own:
        table_id, tokens = two_humans(own)
        page.goto(f"{own.url}/tables/{table_id}?token={tokens[0]}")
        page.wait_for_selector("#board > *")
        page.wait_for_load_state("networkidle")  # no file half sent when the server dies (a console error)
        own.kill()
        expect(page.locator("#connection")).to_contain_text("connection was lost")
        own.start(same_port=True)
        expect(page.locator("#connection")).to_be_hidden(timeout=20_000)
        page.locator("#move-list summary").click()
        page.locator("#legal button").first.click()
        expect(page.locator("#prompt")).to_have_text("Waiting for B.")


def test_a_server_restart_is_said_as_such_until_the_page_is_back(page: Page, tmp_path: Any) -> None:
    """SIGTERM closes the page's socket with 1012: the page says the server is restarting (not that the
    connection was lost), keeps saying so while its reconnects fail, and is back when the server is."""
    with ServerProcess(f"sqlite:///{tmp_path / 'restart.db'}", bot_delay=0.0) as own:
        table_id, tokens = two_humans(own)
        page.goto(f"{own.url}/tables/{table_id}?token={tokens[0]}")
        page.wait_for_selector("#board > *")
        page.wait_for_load_state("networkidle")
        assert own.terminate() == 0
        expect(page.locator("#connection")).to_contain_text("server is restarting")
        page.wait_for_timeout(2500)  # reconnects fail meanwhile: still the restart, not a lost connection
        expect(page.locator("#connection")).to_contain_text("server is restarting")
        own.start(same_port=True)
        expect(page.locator("#connection")).to_be_hidden(timeout=20_000)


def test_the_lobby_fits_a_phone_screen(new_page: Any) -> None:
    phone = new_page(375, 740)
    phone.goto("/")
    phone.wait_for_selector("#games li")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375


# -- good manners -------------------------------------------------------------

def test_undo_takes_back_a_move_that_showed_nothing(page: Page, server: ServerProcess) -> None:
    """Dreamwell against a bot, A first: turning a tile is one of A's three actions and shows nothing
    new, and no other person was told of it, so A may take it back; the log is as before. (At a
    table of two people a move is told to the other at once, and stays made.)"""
    table_id, tokens = table(server, "dreamwell", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3,
                             options={"first_player": "A"})
    open_seat(page, table_id, tokens[0])
    legal = Api(server).view(table_id, tokens[0])["legal"]
    turn = next(index for index, move in enumerate(legal) if move.startswith("rotate "))
    page.locator("#move-list summary").click()
    page.locator("#legal button").nth(turn).click()
    expect(page.locator("#log li", has_text="A rotated")).to_have_count(1)
    page.get_by_role("button", name="Undo my last move").click()
    expect(page.locator("#log li", has_text="A rotated")).to_have_count(0)
    expect(page.locator("#notice")).to_have_text("")


def test_chat_reaches_the_other_player_and_the_title_says_whose_turn(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = two_humans(server)
    alice, bob = new_page(), new_page()
    open_seat(alice, table_id, tokens[0])
    open_seat(bob, table_id, tokens[1])
    expect(alice).to_have_title(re.compile("Your turn"))
    expect(bob).not_to_have_title(re.compile("Your turn"))
    alice.fill("#chat-text", "good luck")
    alice.press("#chat-text", "Enter")
    expect(bob.locator("#chat")).to_contain_text("A: good luck")
    alice.get_by_role("button", name="Sound on").click()  # muted, and remembered
    alice.reload()
    expect(alice.get_by_role("button", name="Sound off")).to_be_visible()


def test_the_lobby_is_usable_with_the_keyboard_alone(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector("#games li")
    for _ in range(40):
        page.keyboard.press("Tab")
        if "Play against bots" in (page.evaluate("document.activeElement.getAttribute('aria-label')") or ""):
            break
    else:
        raise AssertionError("Tab never reached a 'Play against bots' button")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/tables/"))
    page.wait_for_selector("#board > *")


def test_hint_shows_the_hard_bots_move_and_the_chance_on_ones_own_turn(page: Page, new_page: Any,
                                                                      server: ServerProcess) -> None:
    """In the browser, the Hint button, on the seat's turn only, asks the server
    (what the seat may know only) and says the move and the chance to win; nothing is played."""
    table_id, tokens = table(server, "deep-dreams", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5)
    open_seat(page, table_id, tokens[0])
    wait_for_my_turn(page)
    before = Api(server).view(table_id, tokens[0])
    page.locator("#hint").click()
    expect(page.locator("#notice")).to_have_text(re.compile(r"Hint: .+\. The hard bot gives you about \d+% to win after it\."),
                                                 timeout=15_000)
    assert Api(server).view(table_id, tokens[0])["seq"] == before["seq"]  # a hint is no move
    check_accessibility(page)
    spectator = open_seat(new_page(), table_id, None)  # another browser: no seat's token stored
    expect(spectator.locator("#hint")).to_be_hidden()
    assert {game["id"]: game["hints"] for game in httpx.get(f"{server.url}/api/games").json()} == {
        game_id: game_id != "when-i-dream" for game_id in GAMES}
