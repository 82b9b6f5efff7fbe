"""Players in Chromium, on SQLite and on PostgreSQL: two people register in two browsers, one
creates a table in the lobby, the other takes its open seat, and they play a rated game of Dream – Sogni e Incubi to the end through
the page (each move from the table's list of moves). On the way the lobby says whose turn it is;
at the end both see the game on the game's leaderboard (their ratings moved from 0.0), on their
profiles (with its replay) and in their "my games". The pages pass the accessibility check and fit
a 390 px phone."""

from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import screenshot
from tests.browser.kit import account, check_accessibility, lobby_table, play_first_listed_moves
from tests.server.processes import ServerProcess

GAME = "sogni-e-incubi"
GAME_NAME = "Dream – Sogni e Incubi"


def fits_the_screen(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def against_bot(page: Page, bot: str, seed: int) -> None:
    """The page's account starts a game against ``bot`` (with the page's session, as the lobby does)
    and plays it to the end on the table page (the bots' yardsticks need rated games)."""
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "dt_csrf")
    made = page.request.post("/api/play", data={"game": GAME, "players": 2, "bot": bot, "seed": seed,
                                                "settings": {"bot_delay": 0}}, headers={"x-csrf-token": csrf}).json()
    page.goto(made["links"]["A"]["url"])
    page.wait_for_selector("#board > *")
    play_first_listed_moves([page])


def test_two_registered_people_play_a_rated_game_and_see_it_on_the_leaderboard_profiles_and_my_games(
        people: Any) -> None:
    tag = secrets.token_hex(2)
    names = [f"Lucid {tag}", f"Oneiros {tag}"]
    host, guest = people(), people(390, 844)
    account(host, names[0])
    account(guest, names[1])

    host.goto(f"/ratings/{GAME}")  # before: neither is rated
    expect(host.locator("h1")).to_have_text(f"Leaderboard: {GAME_NAME}")
    for name in names:
        expect(host.locator("#board-table")).not_to_contain_text(name)

    # the host makes a table in the lobby: seat A theirs, seat B open
    host.goto("/")
    expect(host.get_by_role("link", name=f"Leaderboard: {GAME_NAME}")).to_have_attribute("href", f"/ratings/{GAME}")
    table_id = lobby_table(host, guest, GAME)

    # the lobby of the one whose turn it is says so; the other's does not
    first = host if host.locator("#legal button").count() else guest
    if not first.locator("#legal button").count():
        guest.wait_for_selector("#legal button", state="attached")
        first = guest
    waiting = first.context.new_page()
    waiting.goto("/")
    expect(waiting.locator("#turn-count")).to_have_text("1 table waits for you")
    expect(waiting.locator("#my-tables li.my-turn")).to_have_count(1)
    expect(waiting.locator("#my-tables li.my-turn")).to_contain_text("Your turn")
    expect(waiting).to_have_title(re.compile(r"^\(1\) "))
    check_accessibility(waiting)
    screenshot(waiting, "lobby-your-turn")
    other = (guest if first is host else host).context.new_page()
    other.goto("/")
    expect(other.locator("#my-tables li")).to_have_count(1)
    expect(other.locator("#my-tables li.my-turn")).to_have_count(0)
    expect(other.locator("#turn-count")).to_be_empty()
    waiting.close()
    other.close()

    moves = play_first_listed_moves([host, guest])
    assert moves > 5
    for page in (host, guest):
        expect(page.locator("#outcome")).to_be_visible()

    # the bots of two levels become yardsticks: each of them plays a rated game against one of the two
    against_bot(host, "easy", 3)
    against_bot(guest, "medium", 4)

    # the leaderboard: both rated on their games, their ratings no longer the starting 0.0; the bots
    # between them, named by their level and marked, without a rank
    for page in (host, guest):
        page.goto(f"/ratings/{GAME}")
        for name in names:
            row = page.locator("#board-table tr.player-line", has_text=name)
            expect(row).to_have_count(1)
            expect(row.locator("td").nth(2)).to_have_text("2")
            rating = row.locator("td").nth(1).inner_text()
            assert re.fullmatch(r"-?\d+\.\d", rating) and rating != "0.0", rating
        bots = page.locator("#board-table tr.bot-line")
        expect(bots).to_have_count(2)
        assert sorted(bots.locator("th").all_inner_texts()) == ["the easy bot", "the medium bot"]
        expect(bots.locator("td:first-child")).to_have_text(["bot", "bot"])
        ranks = page.locator("#board-table tr.player-line td:first-child").all_inner_texts()
        assert ranks == ["1", "2"], ranks  # the bots take no rank
    assert fits_the_screen(guest)
    check_accessibility(guest)
    screenshot(guest, "leaderboard-phone")
    screenshot(host, "leaderboard")

    # each profile: the game played once, the finished game with its place and replay
    for page, name in ((host, names[0]), (guest, names[1])):
        page.get_by_role("link", name=name).click()
        page.wait_for_url(re.compile(r"/players/"))
        expect(page.locator("h1")).to_have_text(name)
        expect(page.locator("#per-game tbody tr")).to_have_count(1)
        expect(page.locator("#per-game tbody tr td").nth(1)).to_have_text("2")
        expect(page.locator("#recent li")).to_have_count(2)
        item = page.locator("#recent li", has_text=names[1] if name == names[0] else names[0])
        expect(item).to_contain_text(GAME_NAME)
        expect(item).to_contain_text(names[1] if name == names[0] else names[0])
        expect(item.locator(".badge")).to_have_text(re.compile(r"^(Won|Place 2 of 2)$"))
        expect(item.get_by_role("link", name="Replay")).to_have_attribute("href", f"/replay/{table_id}")
    outcomes = {page.locator("#recent li", has_text=other).locator(".badge").inner_text()
                for page, other in ((host, names[1]), (guest, names[0]))}
    assert outcomes == {"Won", "Place 2 of 2"} or outcomes == {"Won"}, outcomes  # one won (or both, tied)
    assert fits_the_screen(guest)
    check_accessibility(guest)
    screenshot(guest, "profile-phone")
    screenshot(host, "profile")
    guest.locator("#recent li", has_text=names[0]).get_by_role("link", name="Replay").click()
    guest.wait_for_url(re.compile(rf"/replay/{table_id}$"))
    guest.wait_for_selector("#board > *")

    # my games: the game under Finished, for both
    for page in (host, guest):
        page.goto("/me")
        expect(page.locator("#games-over li")).to_have_count(2)
        expect(page.locator("#games-over")).to_contain_text(GAME_NAME)
    assert fits_the_screen(guest)
    screenshot(guest, "me-phone")
    screenshot(host, "me")


def test_an_unknown_player_and_an_unknown_game_are_said_plainly(browser: Browser, server: ServerProcess) -> None:
    # its own context: the 404 answers are what this test expects, and Chromium logs each one as an error
    context = browser.new_context(base_url=server.url, viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    answer = page.goto("/players/Nobody%20at%20all")
    assert answer is not None and answer.status == 404
    expect(page.locator("h1")).to_have_text("No such player")
    expect(page.locator("#status")).to_contain_text("no player is named 'Nobody at all'")
    answer = page.goto("/ratings/no-such-game")
    assert answer is not None and answer.status == 404
    expect(page.locator("#status")).to_contain_text("no-such-game")
    check_accessibility(page)
    assert not errors, errors  # the scripts ran without an error: they said what was missing
    context.close()
