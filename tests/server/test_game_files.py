"""A game's browser module, styles and words are served from its own package, at /games/<game>/."""

from __future__ import annotations

import json

import dreamtable
from fastapi.testclient import TestClient

from dreamtable.core.game_package import catalogue, web_folder


def test_each_game_s_board_styles_and_words_come_from_its_package(client: TestClient) -> None:
    for info in dreamtable.games():
        game = dreamtable.load(info.id)
        module = client.get(f"/games/{info.id}/board.js")
        assert module.status_code == 200 and "javascript" in module.headers["content-type"], info.id
        assert module.text == (web_folder(game) / "board.js").read_text(encoding="utf-8")
        assert client.get(f"/games/{info.id}/board.css").status_code == 200, info.id
        words = client.get(f"/games/{info.id}/i18n/en.json")
        assert words.status_code == 200 and json.loads(words.text) == catalogue(game), info.id


def test_the_italian_words_of_sogni_e_incubi_are_served_and_a_missing_language_is_404(client: TestClient) -> None:
    assert client.get("/games/sogni-e-incubi/i18n/it.json").json()["name"]
    assert client.get("/games/dream-cycle/i18n/xx.json").status_code == 404


def test_nothing_outside_a_game_s_web_folder_is_served(client: TestClient) -> None:
    for path in ("/games/dream-cycle/../rules.py", "/games/dream-cycle/%2e%2e/rules.py",
                 "/games/dream-cycle/..%2f__init__.py", "/games/no-such-game/board.js", "/static/games/dream-cycle.js"):
        assert client.get(path).status_code == 404, path


def test_the_card_data_a_board_draws_comes_from_the_game_and_other_games_have_none(client: TestClient) -> None:
    for game_id in ("deep-dreams", "dreamwell"):
        answer = client.get(f"/games/{game_id}/data.json")
        assert answer.status_code == 200 and answer.json() == dreamtable.load(game_id).page_data(), game_id
    assert client.get("/games/sogni-e-incubi/data.json").status_code == 404
    assert client.get("/games/no-such-game/data.json").status_code == 404
