"""A game that lasts days, in Chromium, on SQLite and on PostgreSQL: two people with accounts play a
turn-based game of Dream – Sogni e Incubi made in the lobby with a move a day; one of them leaves
(their browser closed), and comes back later from a third browser by logging in. Their "my games"
and lobby say it is their turn and how long their move clock has left; the table opens on their
seat, and the move they make reaches the one who stayed."""

from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot
from tests.browser.kit import account, check_accessibility, lobby_table, play_first_listed_moves

GAME = "sogni-e-incubi"


def my_turn(page: Page) -> bool:
    return bool(page.locator("#legal button:not([disabled])").count())


def test_a_player_leaves_a_turn_based_game_and_comes_back_from_another_browser_after_logging_in(
        people: Any) -> None:
    tag = secrets.token_hex(2)
    stayer_name, leaver_name = f"Hypnos {tag}", f"Morpheus {tag}"
    stayer, leaver = people(), people()
    account(stayer, stayer_name)
    account(leaver, leaver_name)

    table_id = lobby_table(stayer, leaver, GAME, pace="1d")

    # a few moves each, then the leaver goes when the turn has just passed to them
    play_first_listed_moves([stayer, leaver], until=lambda: my_turn(leaver) and stayer.locator("#log li").count() > 4)
    expect(leaver.locator("#legal button:not([disabled])").first).to_be_visible()
    leaver.context.close()

    back = people(390, 844)  # another device: nothing of the first browser's storage
    account(back, leaver_name, "Log in")
    expect(back.locator("#my-tables li.my-turn")).to_have_count(1)
    expect(back.locator("#turn-count")).to_have_text("1 table waits for you")
    back.get_by_role("link", name="My games").click()
    back.wait_for_url(re.compile(r"/me$"))
    playing = back.locator("#games-playing li")
    expect(playing).to_have_count(1)
    # a move a day: the clock shows hours left (23 or 24, as the seconds run), never a moment
    expect(playing).to_contain_text(re.compile(r"Your turn · 2[34] hours left on the move clock"))
    check_accessibility(back)
    screenshot(back, "my-games-turn-based")

    back.get_by_role("link", name="Open the table").click()
    back.wait_for_url(re.compile(rf"/tables/{table_id}$"))
    back.wait_for_selector("#board > *")
    expect(back.locator("#players")).to_contain_text("you")
    seen = stayer.locator("#log li").count()
    moves = play_first_listed_moves([back], until=lambda: stayer.locator("#log li").count() > seen)
    assert moves >= 1  # and the one who stayed saw it arrive in their log

    # the one who stayed sees whose turn it is on their own "my games", with the same clock
    stayer.goto("/me")
    expect(stayer.locator("#games-playing li")).to_contain_text(re.compile(r"· 2[34] hours left on the move clock"))
