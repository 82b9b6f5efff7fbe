"""Learn to play, in Chromium: from the lobby's "Learn to play" button, a script that clicks only what
the guide points at (and its own skip button, when it offers nothing to click) reaches the end of
every game's guided first game, doing each step's kind of move once and in order; a step done out
of order is explained ("that works too") and the guide goes on from there; the how-to-play summary
opens from the table ("Rules at a glance").

The games with a guide are found, not listed: each declares its own in web/tutorial.json.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

import dreamtable
from dreamtable.core.game_package import catalogue
from dreamtable.core.tutorial import Tutorial, tutorial_of

from tests.browser.conftest import screenshot
from tests.browser.kit import check_accessibility
from tests.server.processes import ServerProcess

GUIDED = sorted(info.id for info in dreamtable.games() if tutorial_of(dreamtable.load(info.id)) is not None)
CLICKS = 60
"""Clicks a guide may take (a move is one to three clicks; a bot moves in between)."""
WAIT_MS = 90_000
"""How long the script waits for the guide's next target: a game on the clock (a night) moves on by itself."""
WORD = "moon"
"""What the script types where the guide points at a text box."""


def guide_of(game_id: str) -> Tutorial:
    found = tutorial_of(dreamtable.load(game_id))
    assert found is not None
    return found


def learn(page: Page, game_id: str) -> None:
    """Open the lobby and press the game's "Learn to play" button, as a person would."""
    page.goto("/")
    name = next(game["name"] for game in page.request.get("/api/games").json() if game["id"] == game_id)
    page.get_by_role("button", name=f"Learn to play: {name}").click()
    page.wait_for_url("**/tables/*")
    expect(page.locator("#tutorial")).to_be_visible()


def next_thing_to_click(page: Page) -> str:
    """Wait until the guide points at something, offers its skip button with nothing to click, or is done."""
    page.wait_for_function("""() => {
        const guide = document.getElementById('tutorial');
        if (guide.dataset.step === 'done') return true;
        if (document.querySelector('.tutorial-target')) return true;
        return guide.dataset.status === 'later' && !document.querySelector('#legal button[disabled]')
            && document.querySelectorAll('#legal button').length > 0;
    }""", timeout=WAIT_MS)
    if page.locator("#tutorial").get_attribute("data-step") == "done":
        return "done"
    if page.locator("#legal .tutorial-target").count():
        return "list"  # the board shows none of the step's targets: the step's move in the list of moves
    return "target" if page.locator(".tutorial-target").count() else "skip"


def press(target: Any) -> None:
    """Click the guide's target, or fill it and send it when it is a text box."""
    if target.evaluate("node => node.matches('input, textarea')"):
        target.fill(WORD)
        target.press("Enter")
    else:
        target.click()


def follow_pointers(page: Page, game_id: str, *, shoot: bool = False) -> list[str]:
    """Click what the guide points at until it is done; each click's kind ('target', 'list' or 'skip')."""
    clicks: list[str] = []
    while (what := next_thing_to_click(page)) != "done":
        assert len(clicks) < CLICKS, f"{game_id}: the guide is not done after {CLICKS} clicks: {clicks}"
        if shoot and not clicks:
            check_accessibility(page)
            screenshot(page, f"tutorial-{game_id}")
        if what in ("target", "list"):
            press(page.locator(".tutorial-target"))
        else:
            page.locator("#tutorial .tutorial-skip").click()
        clicks.append(what)
    return clicks


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GUIDED)
def test_following_only_the_guides_pointers_reaches_its_end_with_each_kind_of_move_done_once(
        new_page: Any, server: ServerProcess, game_id: str) -> None:
    guide = guide_of(game_id)
    page = new_page()
    learn(page, game_id)

    # Each move the guide asked for ends its step and no other: the steps end one by one, in order.
    page.evaluate("""() => {
        window.seenDone = [];
        new MutationObserver(() => {
            const done = document.getElementById('tutorial').dataset.done;
            if (window.seenDone[window.seenDone.length - 1] !== done) window.seenDone.push(done);
        }).observe(document.getElementById('tutorial'), { attributes: true, attributeFilter: ['data-done'] });
    }""")
    clicks = follow_pointers(page, game_id, shoot=True)
    done = page.evaluate("window.seenDone")
    steps = len(guide.steps)
    assert set(clicks) == {"target"}, f"{game_id}: on its own deal every step's move is on the board when asked for: {clicks}"
    assert done[-steps:] == [",".join(str(n) for n in range(1, k + 1)) for k in range(1, steps + 1)], done
    expect(page.locator("#tutorial .tutorial-note")).to_have_count(0)  # nothing was out of order
    expect(page.locator("#tutorial .tutorial-says")).to_have_text(catalogue(dreamtable.load(game_id))[guide.finish])
    expect(page.locator("#tutorial")).to_contain_text("every kind of move tried")
    screenshot(page, f"tutorial-{game_id}-done")
    # the person plays on as they like: the board still offers moves, the guide points at nothing
    expect(page.locator(".tutorial-target")).to_have_count(0)


def present(page: Page, selectors: tuple[str, ...]) -> Any:
    """The first element one of ``selectors`` finds on the page (as the guide picks its target), or None."""
    return next((page.locator(selector).first for selector in selectors if page.locator(selector).count()), None)


def done_steps(page: Page) -> set[int]:
    return {int(n) for n in (page.locator("#tutorial").get_attribute("data-done") or "").split(",") if n}


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GUIDED)
def test_a_step_done_out_of_order_is_explained_and_the_guide_goes_on(new_page: Any, server: ServerProcess,
                                                                     game_id: str) -> None:
    guide = guide_of(game_id)
    page = new_page()
    learn(page, game_id)
    # Follow the guide until a later step's move is on the board (the last such step), then make that
    # move instead of the one the guide points at.
    for _ in range(CLICKS):
        assert next_thing_to_click(page) == "target"
        current = int(page.locator("#tutorial").get_attribute("data-step") or 0)
        later = next((number for number in range(len(guide.steps), current, -1)
                      if present(page, guide.steps[number - 1].points) is not None), None)
        if later is not None:
            break
        press(page.locator(".tutorial-target"))
    else:
        pytest.fail(f"{game_id}: no later step's move was ever on the board")
    before = done_steps(page)
    for _ in range(6):  # a move of one to three clicks, each on what the later step would point at
        if later in done_steps(page):
            break
        chosen = present(page, guide.steps[later - 1].points)
        assert chosen is not None, f"step {later}'s move has no next thing to click"
        press(chosen)
        page.wait_for_timeout(300)
    assert done_steps(page) == before | {later}, "the move done out of order counts for its own step, and no other"
    expect(page.locator("#tutorial .tutorial-note")).to_have_text("That works too. Now:")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", str(current))  # the step asked for still is
    screenshot(page, f"tutorial-{game_id}-out-of-order")
    page.reload()  # the guide goes on where it was: its progress is kept in the browser per table
    page.wait_for_selector("#board > *")
    expect(page.locator("#tutorial")).to_have_attribute("data-done", ",".join(map(str, sorted(before | {later}))))
    expect(page.locator("#tutorial")).to_have_attribute("data-step", str(current))
    follow_pointers(page, game_id)  # never a dead end: the guide reaches its end from there
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "done")
    assert done_steps(page) == set(range(1, len(guide.steps) + 1))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GUIDED)
def test_the_rules_at_a_glance_open_from_the_table_on_one_screen(new_page: Any, server: ServerProcess, game_id: str) -> None:
    page = new_page(375, 700)  # a phone: one screen is the small one
    learn(page, game_id)
    page.locator("#howto").click()
    dialog = page.locator("#howto-dialog")
    expect(dialog).to_be_visible()
    assert dialog.locator("li").count() >= 3
    box = dialog.bounding_box()
    assert box is not None and box["height"] <= 700, "the summary fits on one phone screen"
    check_accessibility(page)
    screenshot(page, f"howto-{game_id}")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
