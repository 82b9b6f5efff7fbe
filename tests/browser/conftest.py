"""A real server and a real Chromium for the browser tests.

The server is ``dreamtable serve`` on a free loopback port with its own SQLite file; Chromium is
Debian's (``/usr/bin/chromium``, or ``DREAMTABLE_CHROMIUM``) driven by Playwright for Python.
``make test`` installs both through ``.ci/browser.sh``, which also fetches axe-core from the npm
registry and names it in ``DREAMTABLE_TEST_AXE``. Without them these tests fail and say so: they
never skip.

Every browser test runs in the xdist group "browser" (one worker, one server, one Chromium) and is
marked slow, so `make test-fast` needs no Chromium. A page that logs a JavaScript error or fails to
load a file fails its test.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, sync_playwright

from tests.server.processes import ServerProcess, fresh_postgres_database

CHROMIUM = os.environ.get("DREAMTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(os.environ.get("DREAMTABLE_SCREENSHOTS", "build/screenshots"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.xdist_group("browser"))
            item.add_marker(pytest.mark.slow)  # a server and Chromium: never in `make test-fast`


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("web")
    # One server for every page of every test, all from loopback: per-client quotas would count
    # the whole package as one client (tests/server/test_quotas.py tests them).
    with ServerProcess(f"sqlite:///{folder / 'web.db'}", bot_delay=0.05, quota_exempt=("127.0.0.1",)) as running:
        yield running


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: run .ci/browser.sh (Debian's chromium) or set DREAMTABLE_CHROMIUM")
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    yield launched
    launched.close()


class Problems:
    """JavaScript errors and failed loads seen by a page (each fails the test)."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.seen.append(f"console: {message.text}")

    def page_error(self, error: Any) -> None:
        self.seen.append(f"page error: {error}")


@contextmanager
def pages_of(browser: Browser, url: str) -> Iterator[Callable[..., Page]]:
    """``make()`` opens a page of the server at ``url`` in a fresh browser context (its own storage:
    another person); every context is closed at the end, and a page that logged an error fails."""
    contexts = []
    problems = Problems()

    def make(width: int = 1280, height: int = 900) -> Page:
        # bypass_csp: the accessibility check injects axe-core; the policy itself is tested over HTTP
        context = browser.new_context(base_url=url, viewport={"width": width, "height": height}, bypass_csp=True)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("console", problems.console)
        page.on("pageerror", problems.page_error)
        return page

    try:
        yield make
    finally:
        for context in contexts:
            context.close()
    # a refused move's message or a closed socket while reconnecting is expected in some tests;
    # the WebSocket's own close is logged by Chromium as an error only when it fails to connect
    unexpected = [p for p in problems.seen if "WebSocket" not in p]
    assert not unexpected, "the page logged errors:\n" + "\n".join(unexpected)


@pytest.fixture
def new_page(browser: Browser, server: ServerProcess) -> Iterator[Callable[..., Page]]:
    """``new_page()`` opens a page of the package's server in a fresh browser context."""
    with pages_of(browser, server.url) as make:
        yield make


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A database of the players' flows: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('people') / 'people.db'}"
        return
    with fresh_postgres_database() as url:
        yield url


@pytest.fixture
def people(browser: Browser, database: str) -> Iterator[Callable[..., Page]]:
    """``people()`` opens a page of a server of its own, on SQLite and then on PostgreSQL (the flows
    of players: accounts, ratings, turn-based games), in a fresh browser context: another person."""
    with ServerProcess(database, bot_delay=0.05, quota_exempt=("127.0.0.1",)) as running:
        with pages_of(browser, running.url) as make:
            yield make


@pytest.fixture
def page(new_page: Any) -> Page:
    made: Page = new_page()
    return made


def screenshot(page: Page, name: str) -> Path:
    """Save a screenshot of the page as ``build/screenshots/NAME.png`` (or DREAMTABLE_SCREENSHOTS)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
