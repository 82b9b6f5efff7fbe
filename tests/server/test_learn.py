"""Learn to play on the server: POST /api/learn deals the game's guided first game (its package's seed,
options and bots, you in the guide's seat), started and marked as a guide; a game without one, or a
bad body, is refused saying what is allowed; a rematch of a guided game is a game of its own."""

from __future__ import annotations


import pytest

import dreamtable
from dreamtable.core.tutorial import tutorial_of

from .conftest import bearer

GAME = "sogni-e-incubi"


def test_the_games_list_says_which_games_have_a_guided_first_game(client) -> None:
    listed = {game["id"]: game["tutorial"] for game in client.get("/api/games").json()}
    assert listed == {info.id: tutorial_of(dreamtable.load(info.id)) is not None for info in dreamtable.games()}
    assert listed[GAME] is True


def test_learning_deals_the_guides_seed_and_bots_with_you_in_its_seat(client) -> None:
    guide = tutorial_of(dreamtable.load(GAME))
    assert guide is not None
    made = client.post("/api/learn", json={"game": GAME, "name": "Ada"})
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["status"] == "playing" and body["settings"]["tutorial"] is True
    assert body["seat"] == guide.you and body["players"] == len(guide.seats)
    assert [seat["kind"] for seat in body["seats"]] == ["human" if spec == "you" else "bot" for spec in guide.seats]
    view = client.get(f"/api/tables/{body['table']}/view", headers=bearer(body["token"])).json()
    dealt = dreamtable.load(GAME).new(len(guide.seats), guide.seed, **guide.options).view(guide.you)
    assert view["view"]["board"]["hands"][guide.you] == dealt["board"]["hands"][guide.you], "the guide's own deal"
    # the person's first move as the guide asks it is legal on the dealt table
    assert guide.steps[0].pick(view["legal"]) is not None


def test_a_game_without_a_guide_or_an_unknown_game_is_refused_naming_those_with_one(client) -> None:
    without = [info.id for info in dreamtable.games() if tutorial_of(dreamtable.load(info.id)) is None]
    if without:
        refused = client.post("/api/learn", json={"game": without[0]})
        assert refused.status_code == 404
        assert f"{without[0]} has no guided first game; the games with one: " in refused.json()["message"]
        assert GAME in refused.json()["message"]
    assert client.post("/api/learn", json={"game": "chess"}).status_code == 404
    assert client.post("/api/learn", json={"game": GAME, "seed": 3}).status_code == 422  # the deal is the guide's


@pytest.mark.slow  # a whole game is played
def test_a_rematch_of_a_guided_game_is_dealt_anew_without_the_guide(client) -> None:
    body = client.post("/api/learn", json={"game": GAME}).json()
    table, token = body["table"], body["token"]
    for _ in range(400):  # the person plays the last legal move each turn (a play before a draw), quickly
        update = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
        if update["view"]["outcome"]:
            break
        if update["legal"]:
            client.post(f"/api/tables/{table}/moves", headers=bearer(token),
                        json={"move": update["legal"][-1], "seq": update["seq"]})
    assert client.get(f"/api/tables/{table}").json()["status"] == "over"
    again = client.post(f"/api/tables/{table}/rematch", headers=bearer(token))
    assert again.status_code == 201, again.text
    assert "tutorial" not in again.json()["settings"]
