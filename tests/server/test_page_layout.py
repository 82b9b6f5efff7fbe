"""Every page has the site's head (its styles and icon) and the site's header exactly once, from the one
layout they share (server/templates/layout.html), with its own title and scripts; none has an inline
script or style, which the Content-Security-Policy would refuse (server/web.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from dreamtable.core.registry import games
from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings

DREAMWELL = next(info.name for info in games() if info.id == "dreamwell")

SITE_PAGES = {
    "/": ("dreamtable", ["/static/js/lobby.js", "/static/js/account.js"]),
    "/tables/abc": ("dreamtable", ["/static/js/table.js"]),
    "/replay/abc": ("dreamtable replay", ["/static/js/replay.js"]),
    "/me": ("My games · dreamtable", ["/static/js/me.js"]),
    "/players/nobody": ("Player · dreamtable", ["/static/js/player.js"]),
    "/ratings/dreamwell": ("Leaderboard · dreamtable", ["/static/js/ratings.js"]),
    "/rules/dreamwell": (f"{DREAMWELL} — rules — dreamtable", ["/static/js/rules.js"]),
    "/rules/dreamwell/developers?lang=it": (f"{DREAMWELL} — per sviluppatori — regole — dreamtable",
                                            ["/static/js/rules.js"]),
}
"""Each page of the site: its own title and its own scripts."""

RULES_PAGES = {path for path in SITE_PAGES if path.startswith("/rules/")}
"""A rules page links to the page for the other audience where the others have the language picker."""


class _Page(HTMLParser):
    """Every element of a page, as (where, tag, attributes): where is "head", "header" (the site's
    header) or "body"; the title's text; the text of any script."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, str, dict[str, str]]] = []
        self.title = ""
        self.script_text = ""
        self._open: list[str] = []
        self._where = "before"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag in ("head", "body") or (tag == "header" and values.get("class") == "site"):
            self._where = tag
        self.elements.append((self._where, tag, values))
        if tag not in ("meta", "link", "input"):
            self._open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1] == tag:
            self._open.pop()
        if tag in ("head", "header"):
            self._where = "between" if tag == "head" else "body"

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1] == "title":
            self.title += data
        elif self._open and self._open[-1] == "script":
            self.script_text += data.strip()

    def count(self, where: str, tag: str, **attributes: str) -> int:
        """How many elements ``tag`` in ``where`` have these attributes (``class_`` for class)."""
        wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attributes.items()}
        return sum(1 for place, name, values in self.elements
                   if place == where and name == tag and all(values.get(k) == v for k, v in wanted.items()))


def _page(client: TestClient, path: str) -> _Page:
    answer = client.get(path)
    assert answer.headers["content-type"].startswith("text/html"), path
    page = _Page()
    page.feed(answer.text)
    return page


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("pages") / "server.db"
    with TestClient(create_app(ServerSettings(db=f"sqlite:///{db}", bot_delay=0))) as test_client:
        yield test_client


def _has_the_shared_head_once(page: _Page, path: str) -> None:
    assert page.count("head", "meta", charset="utf-8") == 1, path
    assert page.count("head", "meta", name="viewport", content="width=device-width, initial-scale=1") == 1, path
    assert page.count("head", "link", rel="icon", href="/static/favicon.svg") == 1, path
    assert page.count("head", "title") == 1, path
    assert sum(1 for _, tag, _ in page.elements if tag in ("head", "body", "title")) == 3, path


@pytest.mark.parametrize("path", list(SITE_PAGES))
def test_every_page_has_the_site_s_head_and_header_once_with_its_own_title_and_scripts(client: TestClient,
                                                                                         path: str) -> None:
    title, scripts = SITE_PAGES[path]
    page = _page(client, path)
    _has_the_shared_head_once(page, path)
    assert page.count("head", "link", rel="stylesheet", href="/static/css/site.css") == 1, path
    assert page.title == title
    assert [values["src"] for _, tag, values in page.elements if tag == "script"] == scripts
    assert page.count("head", "script", type="module") == len(scripts), "the page's scripts are modules in its head"
    assert page.count("header", "header", class_="site") == 1, path
    assert sum(1 for _, tag, values in page.elements if tag == "header") == 1, path
    assert page.count("header", "a", class_="brand", href="/") == 1, path
    if path in RULES_PAGES:
        assert page.count("header", "a", class_="other-page") == 1 and page.count("header", "select") == 0, path
    else:
        assert page.count("header", "select", id="lang") == 1, path
        assert [values["value"] for place, tag, values in page.elements
                if place == "header" and tag == "option"] == ["en", "it"], path
    assert page.count("body", "main") == 1, path


@pytest.mark.parametrize("path", [*SITE_PAGES, "/docs"])
def test_no_page_has_an_inline_script_or_style_or_an_id_twice(client: TestClient, path: str) -> None:
    page = _page(client, path)
    assert page.script_text == "", f"{path}: the content policy allows no inline script"
    assert not [tag for _, tag, values in page.elements if tag == "style" or "style" in values], path
    assert all(values.get("src") for _, tag, values in page.elements if tag == "script"), path
    ids = Counter(values["id"] for _, _, values in page.elements if "id" in values)
    assert [name for name, times in ids.items() if times > 1] == [], path


def test_a_rules_page_is_in_the_language_it_is_shown_in_and_the_others_in_english(client: TestClient) -> None:
    for path in SITE_PAGES:
        answer = client.get(path).text
        assert answer.startswith("<!doctype html>\n<html lang=\"")
        expected = "it" if "lang=it" in path else "en"
        assert f'<html lang="{expected}">' in answer, path


def test_the_api_reference_has_the_shared_head_with_swagger_s_styles_and_no_site_header(client: TestClient) -> None:
    page = _page(client, "/docs")
    _has_the_shared_head_once(page, "/docs")
    assert page.title == "dreamtable — the HTTP API"
    assert page.count("head", "link", rel="stylesheet", href="/docs/assets/swagger-ui.css") == 1
    assert page.count("head", "link", rel="stylesheet", href="/static/css/site.css") == 0
    assert not [tag for _, tag, _ in page.elements if tag == "header"]
    assert page.count("body", "div", id="swagger-ui") == 1
