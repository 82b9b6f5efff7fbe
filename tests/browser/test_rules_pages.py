"""The rules pages on a phone (390 px wide), in English and in Italian: nothing wider than the screen,
and every picture of the player page drawn by the game's own board module (its figure() export)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

import dreamtable
from tests.browser.conftest import screenshot
from tests.browser.kit import check_accessibility

GAMES = sorted(info.id for info in dreamtable.games())
PHONE = (390, 844)

WIDEST = """() => {
  const screen = document.documentElement.clientWidth;
  const wider = [...document.querySelectorAll("main *")]
    .filter((node) => node.getBoundingClientRect().right > screen + 1 && !node.parentElement.closest("table, pre, .drawing"))
    .map((node) => node.tagName + (node.className && node.className.baseVal === undefined ? "." + node.className : ""));
  return { screen, scroll: document.documentElement.scrollWidth, wider: wider.slice(0, 5) };
}"""
"""The page's width against the screen's, and the first elements that stick out (a table, a block
of code or a figure may scroll inside its own box; anything else must fit)."""


def phone_page(new_page: Any, path: str) -> Page:
    page: Page = new_page(*PHONE)
    page.goto(path)
    page.wait_for_load_state("networkidle")
    return page


def assert_no_sideways_scroll(page: Page) -> None:
    measured = page.evaluate(WIDEST)
    assert measured["scroll"] <= measured["screen"], f"{page.url}: {measured['scroll']} px wide on a {measured['screen']} px screen; sticking out: {measured['wider']}"
    assert not measured["wider"], f"{page.url}: these stick out of the screen: {measured['wider']}"


def assert_every_figure_drawn_within_the_screen(page: Page, game: str) -> None:
    figures = page.locator("figure.drawing")
    assert figures.count() >= 1, game
    page.wait_for_function("() => [...document.querySelectorAll('figure.drawing')].every((f) => f.dataset.drawn)")
    for index in range(figures.count()):
        figure = figures.nth(index)
        assert figure.get_attribute("data-drawn") == "yes", f"{game}: figure {figure.get_attribute('data-draw')} was not drawn"
        box = figure.locator(".drawn > *").first.bounding_box()
        assert box and box["width"] > 20 and box["height"] > 10, f"{game}: figure {index} is drawn empty: {box}"
        assert box["x"] + box["width"] <= PHONE[0] + 1, f"{game}: figure {index} is wider than the screen: {box}"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_player_page_fits_a_phone_and_draws_every_figure(new_page: Any, game: str) -> None:
    page = phone_page(new_page, f"/rules/{game}")
    assert_every_figure_drawn_within_the_screen(page, game)
    assert_no_sideways_scroll(page)
    check_accessibility(page)
    screenshot(page, f"rules-{game}-390")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_italian_player_page_fits_a_phone_and_draws_every_figure(new_page: Any, game: str) -> None:
    page = phone_page(new_page, f"/rules/{game}?lang=it")
    assert page.locator("html").get_attribute("lang") == "it", game
    assert_every_figure_drawn_within_the_screen(page, game)
    assert_no_sideways_scroll(page)
    check_accessibility(page)
    screenshot(page, f"rules-{game}-it-390")


@pytest.mark.slow
def test_a_reader_who_chose_italian_is_taken_to_the_italian_page(new_page: Any) -> None:
    page = phone_page(new_page, "/rules/sogni-e-incubi")
    assert page.locator("html").get_attribute("lang") == "en"
    page.evaluate("() => localStorage.setItem('dreamtable.lang', 'it')")
    page.goto("/rules/sogni-e-incubi")
    page.wait_for_url("**/rules/sogni-e-incubi?lang=it")
    page.wait_for_load_state("networkidle")
    assert page.locator("html").get_attribute("lang") == "it"
    assert page.locator("h2", has_text="Preparazione").count() == 1
    assert page.locator("a.other-page").get_attribute("href") == "/rules/sogni-e-incubi/developers?lang=it"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_developer_page_fits_a_phone_its_tables_scrolling_in_their_own_box(new_page: Any, game: str) -> None:
    page = phone_page(new_page, f"/rules/{game}/developers")
    assert page.locator("main table").count() >= 1  # the rule table at least
    assert_no_sideways_scroll(page)
    screenshot(page, f"rules-{game}-developers-390")
