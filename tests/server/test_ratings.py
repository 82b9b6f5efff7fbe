"""Ratings of finished games whose every seat is an account or a bot, and a game's leaderboard."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from dreamtable.server.models import TableRow
from dreamtable.server.ratings import places_of, players_of

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


def test_a_game_whose_account_left_it_to_a_stand_in_bot_counts_as_a_loss_for_the_one_who_left(client):
    from .test_api import eventually
    from .conftest import bearer

    register(client)
    made = client.post("/api/play", json={"game": "deep-dreams", "players": 2, "bot": "random", "seed": 5,
                                          "settings": {"stand_in": "random"}}, headers=csrf(client)).json()
    assert client.post(f"/api/tables/{made['table']}/leave", headers=bearer(made["token"])).status_code == 200
    assert eventually(lambda: client.get(f"/api/tables/{made['table']}").json()["status"] == "over", 60)
    board = client.get("/api/ratings/deep-dreams", params={"bots": True}).json()["players"]
    assert [(line["name"], line["games"]) for line in board] == [("random", 1), ("Morpheus", 1)]
    assert board[1]["mu"] < 25.0 < board[0]["mu"]  # whatever the stand-in did, the one who left lost


def test_places_put_the_players_who_left_last_the_first_to_leave_last_of_all():
    # B won and A was second; A left: B first, A last
    assert places_of(winners=[1], scores=[5, 9], leavers=[0]) == [2, 1]
    # the stand-in of B won the game B left: B still loses
    assert places_of(winners=[1], scores=[5, 9], leavers=[1]) == [1, 2]
    # four seats, C then A left: B and D keep their order, A (later) third, C (first) fourth
    assert places_of(winners=[2], scores=[1, 3, 9, 2], leavers=[2, 0]) == [3, 1, 4, 2]
    # ties among those who stayed stand
    assert places_of(winners=[0, 1], scores=[4, 4, 1], leavers=[]) == [1, 1, 3]
