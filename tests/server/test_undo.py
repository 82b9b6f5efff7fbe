"""Undo over the server's HTTP API: a move another person saw stays made after they leave."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .conftest import bearer


def test_a_player_who_leaves_does_not_open_the_moves_they_saw_to_undo(client: TestClient) -> None:
    """Dream Cycle, seed 0: A starts on space 1, B on space 2. A may not take its start back while B
    is there, nor once B leaves and the stand-in plays B: B saw A's start and made its own as a person."""
    created = client.post("/api/tables", json={"game": "dream-cycle", "players": 2, "seed": 0,
                                               "seats": [{"kind": "human"}] * 2,
                                               "settings": {"stand_in": "random"}}).json()
    table = created["table"]
    tokens = [created["links"][letter]["token"] for letter in "AB"]
    assert client.post(f"/api/tables/{table}/start", headers=bearer(created["host_token"])).status_code == 200

    def move(seat: int, text: str) -> None:
        seq = client.get(f"/api/tables/{table}/view", headers=bearer(tokens[seat])).json()["seq"]
        response = client.post(f"/api/tables/{table}/moves", json={"move": text, "seq": seq},
                               headers=bearer(tokens[seat]))
        assert response.status_code == 200, response.text

    def undo_by_a() -> Any:
        return client.post(f"/api/tables/{table}/undo", headers=bearer(tokens[0]))

    move(0, "start 1")
    move(1, "start 2")
    refused = undo_by_a()
    assert refused.status_code == 400 and "B has moved since" in refused.json()["message"], refused.text
    assert client.post(f"/api/tables/{table}/leave", headers=bearer(tokens[1])).json()["seats"][1]["kind"] == "bot"
    refused = undo_by_a()
    assert refused.status_code == 400 and "B has moved since" in refused.json()["message"], refused.text
    assert "Traceback" not in refused.text
    seats = client.get(f"/api/tables/{table}/view", headers=bearer(tokens[0])).json()["view"]["board"]["seats"]
    assert seats[0]["token"] is not None and seats[1]["token"] is not None  # both starts stand
