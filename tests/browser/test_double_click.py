"""One move per intent, in every turn-based game: a person's double click on any kind of control
(a place on the board, a card, a button of the move list) makes one move at most — never two.

The server answers a move in ~40 ms, so the second click of a double click used to land on the next
board's control at the same spot and make a second move (two draws in Dreamwell, two buys in Dream
Cycle). Every kind of control the page offers the seat on turn is double-clicked — two clicks 40,
120 or 250 ms apart at one spot, or the browser's own double click — and the table's change count,
read from the server, may rise by one at most."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page

import dreamtable
from tests.browser.kit import double_click, open_seat, table
from tests.server.processes import Api, ServerProcess

def _turn_based(info: Any) -> bool:
    return not dreamtable.load(info.id).new(players=info.min_players, seed=1).timers


GAMES = [info.id for info in dreamtable.games() if _turn_based(info)]
GAPS = (40, 120, 250, None)  # None: the browser's own double click
ANSWER_MS = 600
"""Time for a second move to reach the server had one been sent (it answers in ~40 ms)."""


def kind_of(control: Locator) -> str:
    """A control's kind: the move list's buttons are one kind; a board control's kind is its key
    without the numbers and names that tell one card or place from another."""
    if control.evaluate("node => node.closest('#legal') !== null"):
        return "move list"
    key = control.get_attribute("data-key") or control.get_attribute("aria-label") or "?"
    return re.sub(r"[\d:,()\-]+.*$", "", key).strip() or key


def on_turn(pages: list[Page]) -> int | None:
    """The seat whose page offers moves now (None: nobody, yet)."""
    for seat, page in enumerate(pages):
        if page.locator("#legal button").count():
            return seat
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_double_click_on_any_control_makes_one_move_at_most(page: Page, server: ServerProcess, game: str) -> None:
    info = dreamtable.load(game).info
    seats = [{"kind": "human"}] * info.min_players
    table_id, tokens = table(server, game, seats, seed=5)
    api = Api(server)
    pages = [open_seat(page if seat == 0 else page.context.new_page(), table_id, token)
             for seat, token in enumerate(tokens)]
    tried: dict[str, int] = {}  # each kind of control and the moves its double click made
    attempt = 0
    for _round in range(14):
        page.wait_for_timeout(200)
        seat = on_turn(pages)
        if seat is None:
            continue
        mine = pages[seat]
        controls = mine.locator("#board [role=button], #legal button")
        fresh: list[tuple[str, int]] = []
        for index in range(controls.count()):
            control = controls.nth(index)
            if control.is_visible() and control.is_enabled():
                kind = kind_of(control)
                if kind not in tried and kind not in dict(fresh):
                    fresh.append((kind, index))
        if not fresh:  # every kind here was tried: move on with the first move of the list (folded away or not)
            mine.locator("#legal button").first.dispatch_event("click")
            continue
        kind, index = fresh[0]
        before = api.view(table_id, tokens[seat])["seq"]
        double_click(mine, controls.nth(index), GAPS[attempt % len(GAPS)])
        mine.wait_for_timeout(ANSWER_MS)
        moves = api.view(table_id, tokens[seat])["seq"] - before
        assert moves <= 1, f"{game}: a double click on a {kind!r} ({GAPS[attempt % len(GAPS)]} ms) made {moves} moves"
        tried[kind] = moves
        attempt += 1
        if api.view(table_id, tokens[seat]).get("view", {}).get("outcome"):
            break
    made: dict[str, Any] = {kind: moves for kind, moves in tried.items() if moves}
    assert made, f"{game}: no double click made a move, so none was tested: {tried}"
