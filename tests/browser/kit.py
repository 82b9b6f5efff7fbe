"""What the browser tests share: tables made through the API, the accessibility check, waits.

Game tests (``test_<game>.py``) make a table with :func:`table`, open it with :func:`open_seat`
(the join link, as a person would), play by clicking, and call :func:`check_accessibility`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page

from tests.server.processes import Api, ServerProcess

AXE = os.environ.get("DREAMTABLE_TEST_AXE", ".cache/npm/node_modules/axe-core/axe.min.js")
LETTERS = "ABCDEFGHIJ"
SAME_INTENT_MS = 300
"""The page takes the same move again within this long of sending it as the same click (static/js/
table.js, one move per intent): a test that means two moves waits this long between them."""


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
