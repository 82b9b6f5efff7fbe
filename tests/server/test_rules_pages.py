"""Each installed game has two rules pages: /rules/GAME explains the game to someone who has not read
its rulebook (what you try to do, setup, a turn, scoring), in words a player uses; /rules/GAME/developers
holds the notation, every rule ID with its resolution, the view and the tests."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dreamtable.core.registry import games
from dreamtable.core.rule_coverage import rule_ids
from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings

GAME_IDS = sorted(info.id for info in games())
DESIGN_NOTES = Path("/work/shared/design/games")
RULE_ID = re.compile(r"\b[A-Z]{2,4}-R\d+\b")
PLAYER_HEADINGS = ("Setup", "A turn", "Scoring")
"""Headings every player page has (its own words may add more: what you try to do, the end, an example)."""
DEVELOPER_WORDS = ("state.view", "JSON Schema", "schema.json", "test_", "notation", "EVENT_RULES", "tests/")
"""Words of the developer page that have no place in a player's: a player never needs them."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("rules") / "server.db"
    with TestClient(create_app(ServerSettings(db=f"sqlite:///{db}", bot_delay=0))) as test_client:
        yield test_client


class _Text(HTMLParser):
    """The headings (level 2 and 3) and the visible text of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[str] = []
        self.text: list[str] = []
        self._heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("h2", "h3"):
            self._heading = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "h3") and self._heading is not None:
            self.headings.append("".join(self._heading).strip())
            self._heading = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._heading is not None:
            self._heading.append(data)


def read(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    return parser


def main_part(html: str) -> str:
    """The page's own content (the header's link to the other page is the shell's)."""
    return html[html.index("<main"):html.index("</main>")]


def design_note_ids(game_id: str) -> set[str]:
    note = DESIGN_NOTES / f"{game_id.replace('-', '_')}.md"
    return set(RULE_ID.findall(note.read_text(encoding="utf-8"))) if note.is_file() else set()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_both_rules_pages_are_served_and_link_to_each_other(client: TestClient, game_id: str) -> None:
    players = client.get(f"/rules/{game_id}")
    developers = client.get(f"/rules/{game_id}/developers")
    assert players.status_code == 200 and developers.status_code == 200, game_id
    assert f'href="/rules/{game_id}/developers"' in players.text
    assert f'href="/rules/{game_id}"' in developers.text
    assert "<script" not in main_part(players.text) and "<script" not in main_part(developers.text)
    assert client.get("/rules/no-such-game/developers").status_code == 404


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_player_page_has_setup_a_turn_and_scoring(client: TestClient, game_id: str) -> None:
    headings = read(client.get(f"/rules/{game_id}").text).headings
    missing = [wanted for wanted in PLAYER_HEADINGS if wanted not in headings]
    assert not missing, f"{game_id}: the player page lacks the headings {missing}; it has {headings}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_player_page_holds_no_developer_words(client: TestClient, game_id: str) -> None:
    text = " ".join(read(main_part(client.get(f"/rules/{game_id}").text)).text)
    found = [word for word in DEVELOPER_WORDS if word.lower() in text.lower()] + RULE_ID.findall(text)
    assert not found, f"{game_id}: the player page says {found}, which belong on /rules/{game_id}/developers"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_player_page_has_a_picture_drawn_by_the_game_s_board_module(client: TestClient, game_id: str) -> None:
    page = client.get(f"/rules/{game_id}").text
    assert re.search(r'<figure class="drawing" data-draw="[a-z-]+"', page), game_id
    assert '<script type="module" src="/static/js/rules.js">' in page


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_developer_page_names_every_resolution_of_the_design_note(client: TestClient, game_id: str) -> None:
    page = client.get(f"/rules/{game_id}/developers").text
    shown = set(RULE_ID.findall(page))
    assert rule_ids(game_id), f"{game_id}: its developer page has no rule table"
    assert set(rule_ids(game_id)) <= shown
    missing = sorted(design_note_ids(game_id) - shown, key=lambda rule: int(rule.rsplit("R", 1)[1]))
    assert not missing, f"{game_id}: the developer page lacks the design note's {missing}"


def test_a_figure_block_becomes_a_figure_with_its_values_escaped(client: TestClient) -> None:
    from dreamtable.server.web import _markdown

    html = _markdown().render('```figure\ndraw: cards\ncards: S3 "><b>\ncaption: Two <i>cards</i>\n```\n\n```\nplain code\n```\n')
    assert '<figure class="drawing" data-draw="cards" data-cards="S3 &quot;&gt;&lt;b&gt;">' in html
    assert "<figcaption>Two &lt;i&gt;cards&lt;/i&gt;</figcaption>" in html
    assert "<pre><code>plain code" in html
