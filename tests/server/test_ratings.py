"""Ratings of finished games whose every seat is an account or a bot, and a game's leaderboard."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from dreamtable.server.models import TableRow
from dreamtable.server.ratings import players_of

from .conftest import play_to_the_end
from .test_accounts import PASSWORD, csrf, hasher, register, use  # noqa: F401 (hasher: the cheap Argon2id fixture)


def finished(client: TestClient, seed: int, logged_in: bool = True) -> dict[str, Any]:
    made = client.post("/api/play", json={"game": "deep-dreams", "players": 2, "bot": "random", "seed": seed},
                       headers=csrf(client) if logged_in else {}).json()
    play_to_the_end(client, made["table"], made["token"])
    return made


def test_a_finished_game_of_an_account_against_a_bot_is_rated_once_and_a_guests_is_not(client):
    use(client, None)
    finished(client, 1, logged_in=False)  # a guest's game: never rated
    register(client)
    finished(client, 2)
    board = client.get("/api/ratings/deep-dreams").json()
    [line] = board["players"]
    assert (line["place"], line["name"], line["kind"], line["games"]) == (1, "Morpheus", "account", 1)
    assert line["mu"] != 25.0 and line["rating"] == round(line["mu"] - 3 * line["sigma"], 2)
    assert client.get("/api/ratings/deep-dreams").json()["players"][0]["games"] == 1  # looked at once
    with_bots = client.get("/api/ratings/deep-dreams", params={"bots": True}).json()["players"]
    assert {(line["name"], line["kind"]) for line in with_bots} == {("Morpheus", "account"), ("random", "bot")}
    assert client.get("/api/ratings/dreamwell").json()["players"] == []  # per game


def test_a_deleted_account_leaves_the_leaderboard(client):
    register(client)
    finished(client, 3)
    assert client.get("/api/ratings/deep-dreams").json()["players"]
    assert client.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(client)).status_code == 200
    assert client.get("/api/ratings/deep-dreams").json()["players"] == []


def test_an_unknown_game_has_no_leaderboard(client):
    answer = client.get("/api/ratings/no-such-game")
    assert answer.status_code == 404 and answer.json()["error"] == "unknown-game"


def seats(*specs: dict[str, Any]) -> TableRow:
    return TableRow(id="t", game="deep-dreams", players=len(specs), seats=list(specs))


def test_only_tables_of_accounts_and_bots_count_and_nobody_rates_themselves():
    me, other, bot = {"kind": "human", "account": 1}, {"kind": "human", "account": 2}, {"kind": "bot", "bot": "greedy"}
    assert players_of(seats(me, bot)) == ["account:1", "bot:greedy"]
    assert players_of(seats(me, other)) == ["account:1", "account:2"]
    assert players_of(seats(me, {"kind": "human"})) is None  # a guest at the table
    assert players_of(seats(me, me)) is None  # one account in two seats
    assert players_of(seats(bot, bot)) is None  # no account: nothing to rate


def test_a_game_whose_account_left_it_to_a_stand_in_bot_is_not_rated(client):
    from .test_api import eventually
    from .conftest import bearer

    register(client)
    made = client.post("/api/play", json={"game": "deep-dreams", "players": 2, "bot": "random", "seed": 5,
                                          "settings": {"stand_in": "random"}}, headers=csrf(client)).json()
    assert client.post(f"/api/tables/{made['table']}/leave", headers=bearer(made["token"])).status_code == 200
    assert eventually(lambda: client.get(f"/api/tables/{made['table']}").json()["status"] == "over", 60)
    assert client.get("/api/ratings/deep-dreams", params={"bots": True}).json()["players"] == []
