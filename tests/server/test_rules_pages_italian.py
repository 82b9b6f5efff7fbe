"""Every game's rules pages in Italian say what the English ones say, shaped the same way: the player
page (rules/it.md) has the same headings in the same order and the same pictures as rules/en.md; the
developer page (rules/developers.it.md) names exactly the same rule IDs and keeps every notation block
as it is (notation is language-independent text). /rules/GAME?lang=it serves the Italian page, and a
game without one falls back to English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dreamtable.core.game_package import developer_page, rules_page
from dreamtable.core.registry import games, load
from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings
from tests.server.test_rules_pages import DEVELOPER_WORDS, RULE_ID, main_part, read

GAME_IDS = sorted(info.id for info in games())
HEADING = re.compile(r"^(#{1,6}) ", re.MULTILINE)
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
DESIGNED_RULE_ID = re.compile(r"\b[A-Z]{2,3}-R\d+\b")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("rules-it") / "server.db"
    with TestClient(create_app(ServerSettings(db=f"sqlite:///{db}", bot_delay=0))) as test_client:
        yield test_client


def pages(game_id: str, page: str) -> tuple[str, str]:
    """The English and Italian markdown of one of the game's pages ("players" or "developers")."""
    read_page = rules_page if page == "players" else developer_page
    english, italian = read_page(load(game_id)), read_page(load(game_id), "it")
    assert english is not None, f"{game_id}: no English {page} page"
    assert italian is not None, f"{game_id}: no Italian {page} page (rules/{'it' if page == 'players' else 'developers.it'}.md)"
    return english, italian


def heading_levels(markdown: str) -> list[int]:
    """The level of each heading, in order (fenced blocks left out: a ``#`` in code is no heading)."""
    return [len(level) for level in HEADING.findall(FENCE.sub("", markdown))]


def figure_spec(block: str) -> list[str]:
    """A figure block's lines but its caption, which is in the page's language."""
    return [line.strip() for line in block.splitlines() if line.strip() and not line.strip().startswith("caption:")]


def blocks(markdown: str, kind: str) -> list[str]:
    return [body for info, body in FENCE.findall(markdown) if (info == "figure") == (kind == "figure")]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_italian_player_page_has_the_english_headings_in_the_same_order(game_id: str) -> None:
    english, italian = pages(game_id, "players")
    assert heading_levels(italian) == heading_levels(english), f"{game_id}: headings differ in number or order"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_italian_player_page_draws_the_same_figures(game_id: str) -> None:
    english, italian = pages(game_id, "players")
    assert [figure_spec(b) for b in blocks(italian, "figure")] == [figure_spec(b) for b in blocks(english, "figure")]
    assert all("caption:" in b for b in blocks(italian, "figure")), f"{game_id}: a figure lost its caption"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_italian_developer_page_has_the_same_headings_rule_ids_and_notation(game_id: str) -> None:
    english, italian = pages(game_id, "developers")
    assert heading_levels(italian) == heading_levels(english), f"{game_id}: headings differ in number or order"
    missing = set(DESIGNED_RULE_ID.findall(english)) - set(DESIGNED_RULE_ID.findall(italian))
    extra = set(DESIGNED_RULE_ID.findall(italian)) - set(DESIGNED_RULE_ID.findall(english))
    assert not missing and not extra, f"{game_id}: Italian lacks {sorted(missing)}, adds {sorted(extra)}"
    assert blocks(italian, "code") == blocks(english, "code"), f"{game_id}: a notation block differs"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_lang_it_serves_the_italian_pages(client: TestClient, game_id: str) -> None:
    _, italian = pages(game_id, "players")
    first_heading = next(line for line in italian.splitlines() if line.startswith("## "))[3:]
    answer = client.get(f"/rules/{game_id}?lang=it")
    assert answer.status_code == 200 and '<html lang="it">' in answer.text
    assert first_heading in read(answer.text).headings
    assert f'href="/rules/{game_id}/developers?lang=it"' in answer.text
    developers = client.get(f"/rules/{game_id}/developers?lang=it")
    assert developers.status_code == 200 and '<html lang="it">' in developers.text
    assert f'href="/rules/{game_id}?lang=it"' in developers.text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_italian_player_page_holds_no_developer_words(client: TestClient, game_id: str) -> None:
    text = " ".join(read(main_part(client.get(f"/rules/{game_id}?lang=it").text)).text)
    found = [word for word in DEVELOPER_WORDS if word.lower() in text.lower()] + RULE_ID.findall(text)
    assert not found, f"{game_id}: the Italian player page says {found}, which belong on the developer page"


def test_the_browser_s_language_picks_the_page_when_lang_is_not_given(client: TestClient) -> None:
    italian = client.get("/rules/sogni-e-incubi", headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
    english = client.get("/rules/sogni-e-incubi", headers={"Accept-Language": "de-DE,en;q=0.5"})
    assert '<html lang="it">' in italian.text and "Preparazione" in read(italian.text).headings
    assert '<html lang="en">' in english.text and "Setup" in read(english.text).headings


def test_an_unknown_language_is_refused_and_names_the_languages_there_are(client: TestClient) -> None:
    answer = client.get("/rules/sogni-e-incubi?lang=xx")
    assert answer.status_code == 400
    assert "'xx'" in answer.text and "en, it" in answer.text


def test_a_game_without_an_italian_page_is_shown_in_english(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import dreamtable.server.web as web

    english_only = {"players": lambda game, language="en": rules_page(game) if language == "en" else None,
                    "developers": lambda game, language="en": developer_page(game) if language == "en" else None}
    monkeypatch.setattr(web, "PAGES", english_only)
    web._rules_html.cache_clear()
    try:
        answer = client.get("/rules/tap?lang=it")
        assert answer.status_code == 200 and '<html lang="en">' in answer.text
        assert "Setup" in read(answer.text).headings
        assert client.get("/rules/tap/developers?lang=it").status_code == 200
    finally:
        web._rules_html.cache_clear()


def test_the_how_to_play_links_carry_the_reader_s_language() -> None:
    static = Path(__file__).parents[2] / "src/dreamtable/server/static/js"
    for page in ("table.js", "howto.js", "lobby.js"):
        text = (static / page).read_text(encoding="utf-8")
        assert "rulesHref(" in text and "`/rules/${" not in text, f"{page} links the rules page without the language"
