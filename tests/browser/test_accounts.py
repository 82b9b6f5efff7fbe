"""Accounts in Chromium: a guest who registers keeps the game they play, which another browser
logged in to the account reaches from /me; log-out; the pages pass the accessibility check."""

from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.kit import account, check_accessibility

def test_a_guest_who_registers_keeps_their_game_and_reaches_it_from_another_browser(new_page: Any) -> None:
    name = f"Dreamer {secrets.token_hex(3)}"
    laptop = new_page()
    laptop.goto("/")
    laptop.get_by_role("button", name=re.compile("Play against bots: Dream – Sogni e Incubi")).click()
    laptop.wait_for_url(re.compile(r"/tables/([\w-]+)$"))
    table_id = laptop.url.rsplit("/", 1)[1]
    laptop.wait_for_selector("#board > *")
    laptop.goto("/")
    expect(laptop.locator("#account-name")).to_be_visible()
    check_accessibility(laptop)
    account(laptop, name)
    check_accessibility(laptop)
    screenshot(laptop, "lobby-logged-in")

    phone = new_page(390, 844)
    phone.goto("/")
    account(phone, name, "Log in")
    phone.get_by_role("link", name="My games").click()
    phone.wait_for_url(re.compile(r"/me$"))
    expect(phone.locator("#games-playing li")).to_have_count(1)
    expect(phone.locator("#games-playing")).to_contain_text("Dream – Sogni e Incubi")
    check_accessibility(phone)
    screenshot(phone, "my-games")
    phone.get_by_role("link", name="Open the table").click()
    phone.wait_for_url(re.compile(rf"/tables/{table_id}$"))  # the seat's token came with the link, and left the bar
    phone.wait_for_selector("#board > *")
    expect(phone.locator("#players")).to_contain_text("you")

    assert laptop.evaluate(f"localStorage.getItem('dreamtable.seat.{table_id}')")
    laptop.get_by_role("button", name="Log out").click()
    expect(laptop.locator("#account-name")).to_be_visible()
    # a shared computer keeps none of the account's seat links once it logs out
    assert laptop.evaluate(f"localStorage.getItem('dreamtable.seat.{table_id}')") is None
