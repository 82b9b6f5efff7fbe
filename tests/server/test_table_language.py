"""A table's language (``settings.language``, en or it): chosen when the table is made, refused with a
422 naming the languages otherwise, shown in the listings and the table's own answers, and followed
by a game's words where the creator set no rule option for them (an Italian When I Dream table deals
the Italian deck), on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import dreamtable
from dreamtable.core.table_language import options_in_language
from dreamtable.games.when_i_dream.words import load_deck

from .conftest import bearer

WID = "when-i-dream"
QUICK_NIGHT = {"night_seconds": 60, "clue_start_seconds": 60, "clue_submit_seconds": 60}
"""When I Dream's clocks long enough that nothing expires while a test reads the table."""
ITALIAN = {word for card in load_deck("it") for word in card.elements}
ENGLISH = {word for card in load_deck("en") for word in card.elements}


def waiting_table(client: TestClient, settings: dict[str, Any] | None = None, game: str = "dream-cycle") -> dict[str, Any]:
    made = client.post("/api/tables", json={"game": game, "players": 2, "settings": settings or {}})
    assert made.status_code == 201, made.text
    return dict(made.json())


def element_seen_by_a_clue_giver(client: TestClient, settings: dict[str, Any], options: dict[str, Any]) -> str:
    """The Element a clue-giver (seat B, a person) sees on the first card of a When I Dream table made
    with ``settings`` and ``options``: seat A, the first Dreamer, and the others are word bots."""
    bot = {"kind": "bot", "bot": "wordbot"}
    made = client.post("/api/tables", json={
        "game": WID, "players": 4, "seed": 5, "seats": [bot, {"kind": "human"}, bot, bot],
        "options": {**QUICK_NIGHT, **options}, "settings": settings})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    started = client.post(f"/api/tables/{table}/start", headers=bearer(made.json()["host_token"]))
    assert started.status_code == 200, started.text
    view = client.get(f"/api/tables/{table}/view", headers=bearer(made.json()["links"]["B"]["token"])).json()
    element = view["view"]["board"]["element"]
    assert isinstance(element, str), view["view"]["board"]
    return element


def test_a_table_is_english_unless_its_creator_chooses_italian(client: TestClient) -> None:
    english = waiting_table(client)
    italian = waiting_table(client, {"language": "it"})
    assert (english["language"], italian["language"]) == ("en", "it")
    assert italian["settings"]["language"] == "it"
    assert client.get(f"/api/tables/{italian['table']}").json()["language"] == "it"
    assert client.get(f"/api/tables/{english['table']}").json()["language"] == "en"


def test_the_open_tables_say_each_table_s_language(client: TestClient) -> None:
    english = waiting_table(client, {"language": "en"})["table"]
    italian = waiting_table(client, {"language": "it"})["table"]
    listed = {table["table"]: table["language"] for table in client.get("/api/tables?status=waiting").json()}
    assert listed == {english: "en", italian: "it"}


@pytest.mark.parametrize("language", ["fr", "IT", "", "italiano", 5, None])
def test_a_language_other_than_en_or_it_is_refused_naming_the_allowed_ones_and_nothing_is_made(
        client: TestClient, language: Any) -> None:
    for path, body in (("/api/tables", {"game": "dream-cycle", "players": 2}), ("/api/play", {"game": "dream-cycle"})):
        refused = client.post(path, json={**body, "settings": {"language": language}})
        assert refused.status_code == 422, refused.text
        message = refused.json()["message"]
        assert "settings.language" in message and "en (English)" in message and "it (Italiano)" in message, message
    assert client.get("/api/tables").json() == []


def test_a_played_table_against_bots_keeps_its_language_and_tells_it_with_every_update(client: TestClient) -> None:
    made = client.post("/api/play", json={"game": "dream-cycle", "settings": {"language": "it"}})
    assert made.status_code == 201, made.text
    assert made.json()["language"] == "it"
    update = client.get(f"/api/tables/{made.json()['table']}/view", headers=bearer(made.json()["token"])).json()
    assert update["type"] == "update" and update["language"] == "it"
    with client.websocket_connect(f"/ws/tables/{made.json()['table']}?token={made.json()['token']}") as socket:
        assert socket.receive_json()["language"] == "it"


def test_WID_R25_an_italian_table_deals_the_italian_words(client: TestClient) -> None:
    assert element_seen_by_a_clue_giver(client, {"language": "it"}, {}) in ITALIAN - ENGLISH
    assert element_seen_by_a_clue_giver(client, {}, {}) in ENGLISH - ITALIAN


def test_WID_R25_the_creator_s_word_language_wins_over_the_table_s(client: TestClient) -> None:
    assert element_seen_by_a_clue_giver(client, {"language": "it"}, {"language": "en"}) in ENGLISH - ITALIAN
    assert element_seen_by_a_clue_giver(client, {"language": "en"}, {"language": "it"}) in ITALIAN - ENGLISH


def test_WID_R25_an_italian_table_stores_the_word_language_it_deals(client: TestClient) -> None:
    made = client.post("/api/play", json={"game": WID, "players": 4, "bot": "wordbot", "options": QUICK_NIGHT,
                                          "settings": {"language": "it"}})
    assert made.status_code == 201, made.text
    assert made.json()["options"]["language"] == "it"


def test_a_game_without_words_of_its_own_is_dealt_as_its_options_say_at_an_italian_table(client: TestClient) -> None:
    made = waiting_table(client, {"language": "it"}, game="dream-cycle")
    assert made["options"] == {}
    assert options_in_language(dreamtable.load("dream-cycle"), {"first_player": "A"}, "it") == {"first_player": "A"}


def test_only_a_language_the_option_offers_is_filled_in() -> None:
    game = dreamtable.load(WID)
    assert game.table_language_option == "language"
    assert options_in_language(game, {}, "it") == {"language": "it"}
    assert options_in_language(game, {"language": "en"}, "it") == {"language": "en"}
    assert options_in_language(game, {}, "xx") == {}, "a language the option does not offer leaves it to its default"


def test_the_games_say_which_option_follows_the_table_s_language(client: TestClient) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()}
    assert games[WID]["table_language_option"] == "language"
    assert games["dream-cycle"]["table_language_option"] is None


def test_WID_R25_an_italian_reader_s_guided_first_game_deals_the_italian_words(client: TestClient) -> None:
    made = client.post("/api/learn", json={"game": WID, "language": "it"})
    assert made.status_code == 201, made.text
    assert made.json()["language"] == "it" and made.json()["options"]["language"] == "it"
    assert made.json()["settings"]["tutorial"] is True
    refused = client.post("/api/learn", json={"game": WID, "language": "fr"})
    assert refused.status_code == 422 and "it (Italiano)" in refused.json()["message"], refused.text
