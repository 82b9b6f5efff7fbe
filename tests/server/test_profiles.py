"""Players' profiles and the leaderboard's page on SQLite and PostgreSQL: ratings, games and wins per
game, the latest finished games; never a game in play; a deleted account's profile is gone and its
seats read "deleted player"; bad names are refused saying why."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from .conftest import bearer
from .test_accounts import PASSWORD, cookies_of, csrf, hasher, register, use  # noqa: F401 (hasher: cheap Argon2id)
from .test_api import eventually
from .test_ratings import finished


def play_both_to_the_end(client: TestClient, table: str, tokens: list[str]) -> None:
    """Each seat plays its first legal move, through the HTTP API, until the game is over."""
    for _ in range(2000):
        moved = False
        for token in tokens:
            update = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
            if update["view"]["outcome"]:
                return
            if update.get("legal"):
                client.post(f"/api/tables/{table}/moves", json={"move": update["legal"][0], "seq": update["seq"]},
                            headers=bearer(token))
                moved = True
        assert moved or eventually(lambda: True, 0.05)
    raise AssertionError("the game did not end")


def two_accounts_play(client: TestClient) -> tuple[str, dict[str, dict[str, str]]]:
    """Morpheus (seat A) and Hypnos (seat B) play a game of Deep Dreams to the end; the table and each one's cookies."""
    register(client, name="Morpheus")
    made = client.post("/api/tables", json={"game": "deep-dreams", "players": 2, "seed": 11,
                                            "seats": [{"kind": "human"}, {"kind": "open"}]}, headers=csrf(client)).json()
    morpheus = cookies_of(client)
    use(client, None)
    register(client, name="Hypnos")
    joined = client.post(f"/api/tables/{made['table']}/join", json={}, headers=csrf(client)).json()
    hypnos = cookies_of(client)
    assert client.post(f"/api/tables/{made['table']}/start", headers=bearer(made["host_token"])).status_code == 200
    play_both_to_the_end(client, made["table"], [made["links"]["A"]["token"], joined["token"]])
    return made["table"], {"Morpheus": morpheus, "Hypnos": hypnos}


def test_a_profile_shows_the_rating_games_and_wins_per_game_and_the_finished_game_with_its_replay(client):
    register(client)
    made = finished(client, 2)
    use(client, None)  # a profile is public: no log-in needed
    profile = client.get("/api/players/Morpheus").json()
    assert profile["name"] == "Morpheus"
    [line] = profile["games"]
    board = client.get("/api/ratings/deep-dreams").json()["players"]
    assert (line["game"], line["played"], line["rated_games"]) == ("deep-dreams", 1, 1)
    assert line["rating"] == board[0]["rating"] and line["won"] in (0, 1) and line["win_rate"] == line["won"]
    [game] = profile["recent"]
    assert game["table"] == made["table"] and game["replay"] == f"/replay/{made['table']}"
    assert game["rated"] is True and game["left"] is False and game["won"] == (game["place"] == 1)
    assert [seat["kind"] for seat in game["seats"]] == ["account", "bot"] and game["seats"][1]["name"] == "random"
    assert client.get(game["replay"]).status_code == 200
    assert client.get(f"/api/tables/{made['table']}/replay", params={"seat": 0}).status_code == 200
    page = client.get("/players/Morpheus")
    assert page.status_code == 200 and "player.js" in page.text
    assert client.get("/api/players/m0rpheus").json()["name"] == "Morpheus"  # found by the name's key, as at log-in


def test_a_profile_never_lists_a_game_in_play_nor_anything_of_its_hands(client):
    register(client)
    playing = client.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random", "seed": 4},
                          headers=csrf(client)).json()
    profile = client.get("/api/players/Morpheus")
    assert profile.status_code == 200
    assert profile.json()["recent"] == [] and profile.json()["games"] == []
    text = profile.text
    assert playing["table"] not in text and playing["token"] not in text
    assert '"hand"' not in text and '"view"' not in text
    finished(client, 6)  # a finished game next to it shows; the game in play still does not
    recent = client.get("/api/players/Morpheus").json()["recent"]
    assert len(recent) == 1 and recent[0]["table"] != playing["table"]


def test_leaving_a_game_shows_on_the_profile_as_a_loss(client):
    register(client)
    made = client.post("/api/play", json={"game": "deep-dreams", "players": 2, "bot": "random", "seed": 5,
                                          "settings": {"stand_in": "random"}}, headers=csrf(client)).json()
    assert client.post(f"/api/tables/{made['table']}/leave", headers=bearer(made["token"])).status_code == 200
    assert eventually(lambda: client.get(f"/api/tables/{made['table']}").json()["status"] == "over", 60)
    [game] = client.get("/api/players/Morpheus").json()["recent"]
    assert (game["left"], game["won"], game["place"], game["rated"]) == (True, False, 2, True)
    [line] = client.get("/api/players/Morpheus").json()["games"]
    assert (line["played"], line["won"], line["left"], line["win_rate"]) == (1, 0, 1, 0.0)


def test_two_accounts_see_the_game_in_both_profiles_and_a_deleted_one_is_gone(client):
    table, cookies = two_accounts_play(client)
    profiles = {name: client.get(f"/api/players/{name}").json() for name in cookies}
    for name, profile in profiles.items():
        [game] = profile["recent"]
        assert game["table"] == table and [seat["name"] for seat in game["seats"]] == ["Morpheus", "Hypnos"]
        assert profile["games"][0]["rated_games"] == 1
    assert {profile["recent"][0]["place"] for profile in profiles.values()} <= {1, 2}
    assert sum(profile["recent"][0]["won"] for profile in profiles.values()) >= 1
    use(client, cookies["Hypnos"])  # "my games" names both accounts (seat A was created without a name)
    [mine] = client.get("/api/account/games").json()["games"]
    assert [seat["name"] for seat in mine["seats"]] == ["Morpheus", "Hypnos"]
    assert client.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(client)).status_code == 200
    gone = client.get("/api/players/Hypnos")
    assert gone.status_code == 404 and gone.json()["error"] == "no-player"
    assert "deleted" in gone.json()["message"]
    assert client.get("/players/Hypnos").status_code == 404
    [game] = client.get("/api/players/Morpheus").json()["recent"]
    assert game["seats"][1] == {"letter": "B", "kind": "guest", "name": "deleted player"}
    names = [line["name"] for line in client.get("/api/ratings/deep-dreams").json()["players"]]
    assert names == ["Morpheus"]


@pytest.mark.parametrize("name, status, code", [
    ("Nobody Here", 404, "no-player"),
    ("deleted player", 404, "no-player"),
    ("x" * 25, 422, "bad-name"),
    ("ab", 422, "bad-name"),
    ("Morpheus%00", 404, "no-player"),  # a NUL, which PostgreSQL could not even be asked about
])
def test_a_bad_or_unknown_name_gets_a_clear_refusal(client, name: str, status: int, code: str):
    answer = client.get(f"/api/players/{name}")
    assert answer.status_code == status and answer.json()["error"] == code
    message = answer.json()["message"]
    assert ("3–24 characters" in message) if status == 422 else ("no player is named" in message)
    assert client.get(f"/players/{name}").status_code == status  # the page says so too, with its status


def test_the_leaderboard_page_is_served_for_a_game_and_refused_for_an_unknown_one(client):
    page = client.get("/ratings/sogni-e-incubi")
    assert page.status_code == 200 and "ratings.js" in page.text
    assert client.get("/ratings/no-such-game").status_code == 404
    assert "/ratings/" in client.get("/static/js/lobby.js").text  # the lobby's game list links to it


def test_a_finished_game_is_looked_at_once_and_keeps_one_result_per_account_seat(client, db_url):
    from .processes import select_rows

    register(client)
    finished(client, 8)
    client.get("/api/ratings/deep-dreams")
    client.get("/api/players/Morpheus")
    assert select_rows(db_url, "SELECT count(*) FROM results")[0][0] == 1
    assert select_rows(db_url, "SELECT count(*) FROM rated_tables")[0][0] == 1
