"""Tap, the toy game installed from its own distribution (examples/toy-game), played in the browser:
its board module, styles and words come from its package, and nothing in dreamtable names it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.kit import check_accessibility, open_seat, table, wait_for_my_turn
from tests.server.processes import Api, ServerProcess

TURNS = 6


def test_a_person_plays_tap_to_the_end_by_clicking_its_buttons(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = table(server, "tap", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=4,
                             options={"turns": TURNS, "clock": 60})  # a busy machine is never out of time
    page = open_seat(new_page(375, 700), table_id, tokens[0])  # a phone-sized screen
    expect(page.locator("#board .tap-deck")).to_contain_text("cards in the deck")
    api = Api(server)
    for turn, move in enumerate(["draw", "tap", "tap"]):  # A's three turns; the bot plays B's at once
        wait_for_my_turn(page)
        if turn == 0:
            check_accessibility(page)
        button = page.locator(f"#board .tap-move[data-move='{move}']")
        expect(button).to_have_attribute("role", "button")
        button.click()
        page.wait_for_function("n => document.querySelectorAll('#log li').length >= n", arg=2 * turn + 1)
    expect(page.locator("#outcome")).to_be_visible()
    record = api.call("GET", f"/api/tables/{table_id}/record", expect=200)
    assert [text for seat, text in record["moves"] if seat == 0] == ["draw", "tap", "tap"]
    expect(page.locator("#log")).to_contain_text("A drew")
    mine = page.locator("#board .tap-seat[data-seat='0']")
    expect(mine).to_contain_text("2 points")
    expect(page.locator("#board .tap-move")).to_have_count(0)  # nothing to press once it is over
