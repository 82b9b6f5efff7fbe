"""The server's HTTP API and WebSocket, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import dreamtable
from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings

from .conftest import bearer, play_to_the_end


def new_table(client: TestClient, game: str = "sogni-e-incubi", players: int = 2, **body) -> dict:
    response = client.post("/api/tables", json={"game": game, "players": players, "seed": 7, **body})
    assert response.status_code == 201, response.text
    return response.json()


def started_table(client: TestClient, game: str = "sogni-e-incubi", players: int = 2, **body) -> tuple[str, list[str]]:
    """A started table of humans: its id and each seat's token."""
    created = new_table(client, game, players, seats=[{"kind": "human"}] * players, **body)
    table = created["table"]
    assert client.post(f"/api/tables/{table}/start", headers=bearer(created["host_token"])).status_code == 200
    return table, [created["links"][letter]["token"] for letter in "ABCDEFGHIJ"[:players]]


def eventually(condition, seconds: float = 10.0) -> bool:
    """Whether ``condition()`` comes true within ``seconds`` (bots play in the server's own time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def view_of(client: TestClient, table: str, token: str | None) -> dict:
    response = client.get(f"/api/tables/{table}/view", headers=bearer(token) if token else {})
    assert response.status_code == 200, response.text
    return response.json()


def test_the_server_lists_its_games_with_options(client):
    games = {game["id"]: game for game in client.get("/api/games").json()}
    assert set(games) == {info.id for info in dreamtable.games()}  # the five, and any game installed beside them
    assert {"deep-dreams", "dream-cycle", "dreamwell", "sogni-e-incubi", "when-i-dream"} <= set(games)
    assert any(option["name"] == "draw_bonus_cards" for option in games["deep-dreams"]["options"])
    seed = next(option for option in games["dream-cycle"]["options"] if option["name"] == "dreamscape_seed")
    assert (seed["minimum"], seed["maximum"]) == (0, 2 ** 31 - 1)  # every number's range, as the rules page gives it
    assert client.get("/openapi.json").json()["paths"]["/api/tables"]


def test_play_against_bots_over_a_websocket_to_the_end(client):
    created = client.post("/api/play", json={"game": "deep-dreams", "players": 2, "bot": "random", "seed": 3}).json()
    table, token = created["table"], created["token"]
    assert play_to_the_end(client, table, token)["view"]["outcome"]["reason"]
    assert client.get(f"/api/tables/{table}").json()["status"] == "over"
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["game"] == "deep-dreams" and record["moves"]


def test_open_seats_are_joined_started_by_the_host_and_each_token_sees_only_its_seat(client):
    created = new_table(client)
    table = created["table"]
    assert [seat["kind"] for seat in created["seats"]] == ["human", "open"]
    assert client.get("/api/tables", params={"status": "waiting"}).json()[0]["table"] == table
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bea"}).json()
    assert joined["seat"] == 1
    full = client.post(f"/api/tables/{table}/join", json={})
    assert full.status_code == 409 and "full" in full.json()["message"]
    refused = client.post(f"/api/tables/{table}/start", headers=bearer(joined["token"]))
    assert refused.status_code == 403
    assert client.post(f"/api/tables/{table}/start", headers=bearer(created["host_token"])).status_code == 200
    mine, theirs = view_of(client, table, created["links"]["A"]["token"]), view_of(client, table, joined["token"])
    assert mine["view"]["seat"] == 0 and theirs["view"]["seat"] == 1
    assert mine["view"]["board"]["hands"][0]["cards"] and theirs["view"]["board"]["hands"][0]["cards"] is None
    spectator = view_of(client, table, None)
    assert spectator["view"]["seat"] is None and "legal" not in spectator


def test_a_seat_left_before_the_start_opens_again(client):
    created = new_table(client)
    table = created["table"]
    joined = client.post(f"/api/tables/{table}/join", json={}).json()
    assert client.post(f"/api/tables/{table}/leave", headers=bearer(joined["token"])).status_code == 200
    assert client.get(f"/api/tables/{table}").json()["seats"][1]["kind"] == "open"
    assert view_of(client, table, None)["type"] == "waiting"
    assert client.get(f"/api/tables/{table}/view", headers=bearer(joined["token"])).status_code == 403


def test_a_seat_left_during_play_is_handed_to_a_bot(client):
    table, tokens = started_table(client, settings={"stand_in": "random"})
    assert client.post(f"/api/tables/{table}/leave", headers=bearer(tokens[1])).json()["seats"][1]["kind"] == "bot"
    start = view_of(client, table, tokens[0])
    if start["view"]["turn"] == 0:
        client.post(f"/api/tables/{table}/moves", json={"move": start["legal"][0], "seq": start["seq"]},
                    headers=bearer(tokens[0]))
    assert eventually(lambda: view_of(client, table, tokens[0])["view"]["turn"] == 0)  # the stand-in played B


@pytest.mark.parametrize("body, status, words", [
    ({"game": "chess"}, 404, "unknown game 'chess'"),
    ({"game": "dreamwell", "players": 9}, 400, "takes 2–4 players"),
    ({"game": "deep-dreams", "options": {"draw_bonus_cards": "many"}}, 400, "draw_bonus_cards"),
    ({"game": "deep-dreams", "options": {"colour": 1}}, 400, "has no option colour"),
    ({"game": "deep-dreams", "seats": [{"kind": "bot", "bot": "oracle"}, {}]}, 400, "unknown bot 'oracle'"),
    ({"game": "deep-dreams", "seats": [{"kind": "bot", "bot": "ismcts:99999999"}, {}]}, 400, "thinks too long"),
    ({"game": "deep-dreams", "surprise": 1}, 422, "surprise"),
    ({"game": "deep-dreams", "players": "two"}, 422, "players"),
])
def test_bad_tables_are_refused_saying_why(client, body, status, words):
    response = client.post("/api/tables", json=body)
    assert response.status_code == status and words in response.json()["message"], response.text
    assert client.get("/api/tables").json() == []


def test_malformed_and_oversized_bodies_are_refused(client):
    bad_json = client.post("/api/tables", content=b"{", headers={"content-type": "application/json"})
    assert bad_json.status_code == 422 and bad_json.json()["error"] == "invalid-request"
    huge = client.post("/api/tables", content=b" " * 100_000, headers={"content-type": "application/json"})
    assert huge.status_code == 413 and "at most" in huge.json()["message"]


def test_refused_moves_say_why_and_change_nothing(client):
    table, tokens = started_table(client)
    before = [view_of(client, table, token) for token in [*tokens, None]]
    mover = tokens[before[0]["view"]["turn"]]
    other = tokens[1 - before[0]["view"]["turn"]]
    cases = [
        (mover, {"move": "fly away", "seq": before[0]["seq"]}, 400, "NotationError"),
        (mover, {"move": before[0]["legal"][0] if before[0].get("legal") else "draw", "seq": 99}, 400, "the table is only at change"),
        (other, {"move": "draw", "seq": before[0]["seq"]}, 400, "turn"),
        ("forged-token", {"move": "draw", "seq": before[0]["seq"]}, 403, "holds no seat"),
        (mover, {"move": "x" * 1_000_000, "seq": before[0]["seq"]}, 413, "at most"),
        (mover, {"move": "x" * 300, "seq": before[0]["seq"]}, 422, "at most 200"),
        (mover, {"move": "draw"}, 422, "seq: Field required"),
        (mover, {"move": "draw", "seq": -1}, 422, "seq"),
    ]
    for token, body, status, words in cases:
        response = client.post(f"/api/tables/{table}/moves", json=body, headers=bearer(token))
        assert response.status_code == status and words in response.text, (body, response.text)
        assert "Traceback" not in response.text
    assert client.post(f"/api/tables/{table}/moves", json={"move": "draw", "seq": 0}).status_code == 401
    assert [view_of(client, table, token) for token in [*tokens, None]] == before


def test_websocket_errors_change_nothing_and_spectators_cannot_move(client):
    table, tokens = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        first = socket.receive_json()
        for raw, code in [("{", "bad-json"), ("[1]", "bad-message"), (json.dumps({"type": "fly"}), "bad-message"),
                          (json.dumps({"type": "move", "move": 5}), "bad-message"),
                          (json.dumps({"type": "move", "move": "nonsense", "seq": first["seq"]}), "NotationError"),
                          ("[" * 5000, "too-large")]:
            socket.send_text(raw)
            reply = socket.receive_json()
            assert reply["type"] == "error" and reply["error"] == code, (raw[:30], reply)
        socket.send_json({"type": "view"})
        assert socket.receive_json() == first
    with client.websocket_connect(f"/ws/tables/{table}") as spectator:
        assert spectator.receive_json()["view"]["seat"] is None
        spectator.send_json({"type": "move", "move": "draw"})
        assert spectator.receive_json()["error"] == "spectator"
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"/ws/tables/{table}?token=wrong") as socket:
            socket.receive_json()
    assert closed.value.code == 4401
    with pytest.raises(WebSocketDisconnect) as foreign:
        with client.websocket_connect(f"/ws/tables/{table}", headers={"origin": "http://evil.example"}) as socket:
            socket.receive_json()
    assert foreign.value.code == 4403


def test_a_flooding_connection_is_told_to_slow_down(client):
    table, tokens = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        socket.receive_json()
        for _ in range(60):
            socket.send_json({"type": "ping"})
        replies = [socket.receive_json() for _ in range(60)]
    assert {"type": "pong"} in replies
    assert any(reply.get("error") == "slow-down" for reply in replies)


def test_chat_reaches_the_players_and_spectators_only_when_allowed(client):
    table, tokens = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as listener:
        listener.receive_json()
        said = client.post(f"/api/tables/{table}/chat", json={"text": "good luck"}, headers=bearer(tokens[0]))
        assert said.status_code == 201
        assert listener.receive_json() == {"type": "chat", "seat": 0, "text": "good luck", "at": said.json()["at"]}
    assert client.post(f"/api/tables/{table}/chat", json={"text": "x" * 301}, headers=bearer(tokens[0])).status_code == 422
    for line in range(4):
        assert client.post(f"/api/tables/{table}/chat", json={"text": f"{line}"}, headers=bearer(tokens[0])).status_code == 201
    fast = client.post(f"/api/tables/{table}/chat", json={"text": "again"}, headers=bearer(tokens[0]))
    assert fast.status_code == 400 and "too fast" in fast.json()["message"]
    assert client.get(f"/api/tables/{table}/chat").status_code == 403
    lines = client.get(f"/api/tables/{table}/chat", headers=bearer(tokens[1])).json()
    assert [line["text"] for line in lines] == ["good luck", "0", "1", "2", "3"]


def test_a_rematch_seats_everyone_again_at_a_new_table(client):
    created = client.post("/api/play", json={"game": "sogni-e-incubi", "players": 2, "bot": "random", "seed": 1}).json()
    table, token = created["table"], created["token"]
    assert client.post(f"/api/tables/{table}/rematch", headers=bearer(token)).status_code == 409
    for _ in range(400):
        message = view_of(client, table, token)
        if message["view"]["outcome"]:
            break
        if message.get("legal"):
            client.post(f"/api/tables/{table}/moves", json={"move": message["legal"][-1], "seq": message["seq"]},
                        headers=bearer(token))
    assert view_of(client, table, token)["view"]["outcome"]
    again = client.post(f"/api/tables/{table}/rematch", headers=bearer(token))
    assert again.status_code == 201 and again.json()["rematch_of"] == table
    new = again.json()["table"]
    assert client.post(f"/api/tables/{table}/rematch", headers=bearer(token)).json()["table"] == new
    assert view_of(client, new, token)["view"]["seat"] == 0
    assert view_of(client, table, token)["rematch"] == new


def test_a_restarted_server_rebuilds_every_table_from_the_database(db_url):
    settings = ServerSettings(db=db_url, bot_delay=0)
    with TestClient(create_app(settings)) as first:
        table, tokens = started_table(first, game="deep-dreams", players=3)
        for _ in range(12):
            message = view_of(first, table, tokens[0])
            turn = message["view"]["turn"]
            mover = view_of(first, table, tokens[turn])
            first.post(f"/api/tables/{table}/moves", json={"move": mover["legal"][-1], "seq": mover["seq"]},
                       headers=bearer(tokens[turn]))
        before = [view_of(first, table, token) for token in [*tokens, None]]
    with TestClient(create_app(settings)) as second:
        assert [view_of(second, table, token) for token in [*tokens, None]] == before


def test_the_game_closes_the_chat_when_talk_would_leak(client):
    """When I Dream: nobody may write during the night (the Dreamer would read it)."""
    table, tokens = started_table(client, game="when-i-dream", players=4)
    refused = client.post(f"/api/tables/{table}/chat", json={"text": "it's a castle"}, headers=bearer(tokens[1]))
    assert refused.status_code == 400 and "chat is closed" in refused.json()["message"]
    assert client.get(f"/api/tables/{table}/chat", headers=bearer(tokens[0])).json() == []


def test_a_human_out_of_turn_time_is_played_by_the_stand_in(client):
    table, tokens = started_table(client, settings={"turn_seconds": 0.3, "stand_in": "random"})
    first = view_of(client, table, None)["view"]["turn"]
    assert eventually(lambda: client.get(f"/api/tables/{table}").json()["seats"][first]["kind"] == "bot")
    assert eventually(lambda: view_of(client, table, None)["seq"] >= 2)  # handed over, then it moved


def test_a_move_can_be_made_by_filling_an_action_form(client):
    """When I Dream: the first clue-giver fills the clue form; a form not open to a seat is refused."""
    table, tokens = started_table(client, game="when-i-dream", players=4)
    forms = {form["kind"]: form for form in view_of(client, table, tokens[1])["forms"]}
    assert forms["clue"]["params"][0]["max_length"] == 32
    before = view_of(client, table, tokens[2])
    closed = client.post(f"/api/tables/{table}/forms", json={"form": "clue", "values": {"word": "moon"}, "seq": before["seq"]},
                         headers=bearer(tokens[2]))
    assert closed.status_code == 400 and "no form 'clue' is open to you" in closed.json()["message"]
    missing = client.post(f"/api/tables/{table}/forms", json={"form": "clue", "values": {}, "seq": before["seq"]},
                          headers=bearer(tokens[1]))
    assert missing.status_code == 400 and "missing: word" in missing.json()["message"]
    after = view_of(client, table, tokens[2])
    assert (after["seq"], after["view"]["board"]) == (before["seq"], before["view"]["board"])  # the clock alone ran
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as socket:
        first = socket.receive_json()
        socket.send_json({"type": "form", "form": "clue", "values": {"word": "lantern"}, "seq": first["seq"]})
        update = socket.receive_json()
    assert update["seq"] == first["seq"] + 1
    assert any(event["kind"] == "clue" for event in update["events"])


@pytest.mark.slow
def test_a_finished_table_nobody_watches_leaves_memory_and_comes_back_from_the_database(client):
    created = client.post("/api/play", json={"game": "sogni-e-incubi", "players": 2, "bot": "random", "seed": 4}).json()
    table, token = created["table"], created["token"]
    hub = client.app.state.hub
    for _ in range(400):
        message = view_of(client, table, token)
        if message["view"]["outcome"]:
            break
        if message.get("legal"):
            client.post(f"/api/tables/{table}/moves", json={"move": message["legal"][0], "seq": message["seq"]},
                        headers=bearer(token))
    assert message["view"]["outcome"]
    assert eventually(lambda: table not in hub.rooms, seconds=15)
    assert view_of(client, table, token) == message  # rebuilt from the database
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        assert socket.receive_json()["view"] == message["view"] and table in hub.rooms
    assert table not in hub.rooms  # the last watcher left


def test_a_body_that_is_not_json_is_refused_saying_so_not_with_a_character_offset_for_a_field(client):
    """A truncated body's refusal names the body and where the JSON broke, not "22: …" (an offset
    that reads like a field's name)."""
    table, tokens = started_table(client)
    answer = client.post(f"/api/tables/{table}/moves", content=b'{"move":"draw","seq":0',
                         headers={"Content-Type": "application/json", "Authorization": f"Bearer {tokens[0]}"})
    assert answer.status_code == 422, answer.text
    assert answer.json()["message"] == "body: not valid JSON (at character 22): send one JSON object"
