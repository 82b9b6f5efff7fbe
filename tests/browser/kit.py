"""What the browser tests share: tables made through the API, the accessibility check, waits.

Game tests (``test_<game>.py``) make a table with :func:`table`, open it with :func:`open_seat`
(the join link, as a person would), play by clicking, and call :func:`check_accessibility`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.server.processes import Api, ServerProcess

AXE = os.environ.get("DREAMTABLE_TEST_AXE", ".cache/npm/node_modules/axe-core/axe.min.js")
LETTERS = "ABCDEFGHIJ"
SAME_INTENT_MS = 300
"""The page takes the same move again within this long of sending it as the same click (static/js/
table.js, one move per intent): a test that means two moves waits this long between them."""
PASSWORD = "a long enough password"
"""The password of every account the browser tests make."""


def account(page: Page, name: str, button: str = "Register") -> None:
    """On the lobby, register (or, with ``button="Log in"``, log in to) the account ``name``."""
    page.goto("/")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.get_by_role("button", name=button, exact=True).click()
    expect(page.locator("#account")).to_contain_text(f"Logged in as {name}")


def lobby_table(host: Page, guest: Page, game: str, pace: str = "live") -> str:
    """``host`` makes a table of ``game`` in the lobby (seat A theirs, seat B open; ``pace`` as the
    lobby offers it), ``guest`` takes seat B by the table's address, the host starts; its id."""
    host.goto("/")
    host.select_option("#create-game", game)
    host.select_option("#seat-1", "open")
    host.select_option("#create-pace", pace)
    host.locator("#create button[type=submit]").click()
    host.wait_for_url(re.compile(r"/tables/[\w-]+$"))
    table_id = host.url.rsplit("/", 1)[1]
    guest.goto(f"/tables/{table_id}")
    guest.get_by_role("button", name="Take a seat").click()
    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest):
        page.wait_for_selector("#board > *")
    return table_id


def play_first_listed_moves(pages: list[Page], most: int = 400, until: Any = None) -> int:
    """Whoever is offered moves clicks the first of the list, until both pages show the outcome (or
    ``until()`` is true); the number of moves made."""
    moves = 0
    last: dict[int, str] = {}  # each page's last move: the same move again is paced past the double-click window
    while moves < most:
        if until is not None and until():
            return moves
        if until is None and all(page.locator("#outcome table").count() for page in pages):
            return moves
        for index, page in enumerate(pages):
            button = page.locator("#legal button:not([disabled])").first
            if button.count():
                if not page.locator("#move-list").evaluate("node => node.open"):
                    page.locator("#move-list > summary").click()  # the list of moves opens as a person opens it
                count = page.locator("#log li").count()
                text = button.inner_text()
                if last.get(index) == text:  # two draws in a row: a second intent, not a double click
                    page.wait_for_timeout(SAME_INTENT_MS)
                last[index] = text
                button.click()
                page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=count)
                moves += 1
                if until is not None and until():
                    return moves
        pages[0].wait_for_timeout(30)
    raise AssertionError(f"the game did not end in {most} moves")


def table(server: ServerProcess, game: str, seats: list[dict[str, Any]], seed: int = 7,
          options: dict[str, Any] | None = None, settings: dict[str, Any] | None = None
          ) -> tuple[str, list[str | None]]:
    """A started table: its id and each seat's token (None for a bot). Bots move at once."""
    return Api(server).table(game, len(seats), seats, seed=seed, options=options,
                             settings={"bot_delay": 0, **(settings or {})})


def open_seat(page: Page, table_id: str, token: str | None) -> Page:
    """Open the table page through the seat's join link (None: as a spectator) and wait for the board."""
    page.goto(f"/tables/{table_id}" + (f"?token={token}" if token else ""))
    page.wait_for_selector("#board > *")
    return page


def wait_for_my_turn(page: Page, timeout: float = 20_000) -> None:
    """Until the page offers moves (the list of legal moves is filled)."""
    page.wait_for_selector("#legal button", state="attached", timeout=timeout)


def check_accessibility(page: Page) -> list[dict[str, Any]]:
    """Run axe-core on the page; fail on any serious or critical violation. The minor ones are returned."""
    path = Path(AXE)
    if not path.is_file():
        pytest.fail(f"axe-core is missing at {AXE}: run .ci/browser.sh (it installs it from the npm registry)")
    page.add_script_tag(content=path.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    violations: list[dict[str, Any]] = result["violations"]
    bad = [v for v in violations if v.get("impact") in ("serious", "critical")]
    assert not bad, "accessibility violations:\n" + "\n".join(
        f"{v['impact']}: {v['id']}: {v['help']} — {[n['target'] for n in v['nodes']][:5]}" for v in bad)
    return violations


def double_click(page: Page, control: Locator, gap: int | None) -> None:
    """A person's double click on ``control``: two clicks ``gap`` ms apart on its spot, timed in the
    page itself (a loaded test machine stretches a gap timed from the test), each landing on whatever
    is drawn there by then, the second marked as a double click's second (``detail`` 2) as a browser
    marks it within its double-click interval. ``None``: Playwright's own double click."""
    if gap is None:
        control.dblclick()
        return
    box = control.bounding_box()
    assert box is not None
    page.evaluate("""([x, y, gap]) => new Promise((done) => {
        const press = (detail) => {
          const target = document.elementFromPoint(x, y);
          if (target) target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window,
                                                                    clientX: x, clientY: y, detail}));
        };
        press(1);
        setTimeout(() => { press(2); done(); }, gap);
    })""", [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, gap])
