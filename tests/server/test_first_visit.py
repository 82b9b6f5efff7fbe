"""What a newcomer meets at the server: a guest name shown to the other seats (checked plainly), and
an undo said to everyone who watched the move go."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import bearer


def waiting_table(client: TestClient, name: str | None = None) -> dict[str, Any]:
    me: dict[str, Any] = {"kind": "human"} if name is None else {"kind": "human", "name": name}
    made = client.post("/api/tables", json={"game": "deep-dreams", "players": 2, "seats": [me, {"kind": "open"}]})
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def test_names_given_when_creating_and_joining_are_shown_to_every_seat(client: TestClient) -> None:
    created = waiting_table(client, "Ada")
    table = created["table"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Zoë 李"})
    assert joined.status_code == 200, joined.text
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [seat["name"] for seat in seats] == ["Ada", "Zoë 李"]
    played = client.post("/api/play", json={"game": "deep-dreams", "name": "Bea"}).json()
    assert played["seats"][0]["name"] == "Bea"


@pytest.mark.parametrize("name, said", [
    ("Ada\u200b", "invisible formatting character U+200B"),   # a zero-width space
    ("Ad\u202ea", "invisible formatting character U+202E"),   # turns the text around
    ("\u3164", "shows as blank U+3164"),                      # a Hangul filler: looks empty
    ("A\u00a0B", "space other than the plain one U+00A0"),
    ("   ", "at least one visible character"),
    (" Ada", "may not start or end with a space"),
    ("Ada\n", "control character U+000A"),
    ("x" * 41, "at most 40 characters"),
])
def test_a_name_with_invisible_or_control_characters_or_too_long_is_refused_and_the_seat_stays_open(
        client: TestClient, name: str, said: str) -> None:
    created = waiting_table(client)
    table = created["table"]
    refused = client.post(f"/api/tables/{table}/join", json={"name": name})
    assert refused.status_code == 422 and refused.json()["message"].startswith("name:"), refused.text
    assert said in refused.json()["message"]
    assert [seat["kind"] for seat in client.get(f"/api/tables/{table}").json()["seats"]] == ["human", "open"]
    made = client.post("/api/tables", json={"game": "deep-dreams", "players": 2,
                                            "seats": [{"kind": "human", "name": name}, {"kind": "open"}]})
    assert made.status_code == 422 and said in made.json()["message"], made.text


def test_an_undo_is_said_to_the_spectators_as_who_took_back_a_move_and_nothing_of_the_move(client: TestClient) -> None:
    """Dreamwell against a bot, A first: turning a tile is one of A's three actions, and A may take it
    back. A spectator watched it happen: its next view says that A took back their last move."""
    made = client.post("/api/play", json={"game": "dreamwell", "seed": 3, "bot": "random",
                                          "options": {"first_player": "A"}, "settings": {"bot_delay": 0}}).json()
    table, token = made["table"], made["token"]
    mine = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    rotate = next(move for move in mine["legal"] if move.startswith("rotate "))
    moved = client.post(f"/api/tables/{table}/moves", json={"move": rotate, "seq": mine["seq"]}, headers=bearer(token))
    assert moved.status_code == 200, moved.text
    assert "undone" not in client.get(f"/api/tables/{table}/view").json()
    undone = client.post(f"/api/tables/{table}/undo", headers=bearer(token))
    assert undone.status_code == 200, undone.text
    watched = client.get(f"/api/tables/{table}/view").json()
    assert watched["undone"] == {"seat": 0, "letter": "A", "text": "A took back their last move"}
    assert rotate.split(" ", 1)[1] not in str(watched["undone"])
    again = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    nxt = next(move for move in again["legal"] if move.startswith("rotate "))
    client.post(f"/api/tables/{table}/moves", json={"move": nxt, "seq": again["seq"]}, headers=bearer(token))
    assert "undone" not in client.get(f"/api/tables/{table}/view").json()  # said once, with the undo
