"""Every byte a client can send gets a typed refusal, a clean close code or is kept, never a
traceback: tried against a real server process on SQLite and on PostgreSQL (docs/server.md,
"Limits and bad input"). After each refusal nothing is stored, and the server log holds one
``refused`` line per refusal and no traceback.
"""

from __future__ import annotations

import json
import re
import socket
from typing import Any, Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.sync.connection import Connection as ClientConnection

from dreamtable.server.sockets import STRIKES, Throttle
from tests.server.processes import Api, ServerProcess, changes

TWO_HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


@pytest.fixture
def server(db_url: str) -> Iterator[ServerProcess]:
    with ServerProcess(db_url) as running:
        yield running


def log_of(server: ServerProcess) -> str:
    return server.output(last=None)


def refusal_lines(server: ServerProcess) -> list[str]:
    return server.refusals()


def assert_clean_log(server: ServerProcess, refusals: int) -> None:
    """No traceback, and exactly ``refusals`` refusal lines."""
    assert not server.crashes(), log_of(server)[-3000:]
    assert len(refusal_lines(server)) == refusals, "\n".join(refusal_lines(server))


def post(server: ServerProcess, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{server.url}{path}", headers=headers, timeout=10, **kwargs)


def raw_json(server: ServerProcess, path: str, body: str, token: str | None = None) -> httpx.Response:
    """A JSON body written by hand (a lone surrogate as its \\u escape, which httpx cannot encode)."""
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    return httpx.post(f"{server.url}{path}", headers=headers, content=body.encode(), timeout=10)


def socket_of(server: ServerProcess, table: str, token: str | None = None, **kwargs: Any) -> ClientConnection:
    query = f"?token={token}" if token else ""
    return connect(f"{server.ws_url}/ws/tables/{table}{query}", open_timeout=10, close_timeout=2, **kwargs)


def reply(connection: ClientConnection) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(connection.recv(timeout=10))
    return found


def first_update(connection: ClientConnection) -> dict[str, Any]:
    message = reply(connection)
    assert message["type"] == "update", message
    return message


def closed_with(connection: ClientConnection) -> tuple[int | None, str]:
    """The close code and reason the server sent (after any messages still on the way)."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            connection.recv(timeout=10)
    assert closed.value.rcvd is not None, "the server closed the connection without a close frame"
    return closed.value.rcvd.code, closed.value.rcvd.reason


CONTROL = ["\x00", "\n", "\x85"]
"""NUL, newline and a C1 control: none may reach the database (schemas.py refuses every Cc)."""


@pytest.mark.slow
def test_control_characters_in_every_stored_string_are_refused_alike_on_both_databases(server, db_url):
    api = Api(server)
    table, tokens = api.table("dreamwell", 2, TWO_HUMANS)
    turn = api.view(table, tokens[0])
    mover = 0 if turn["legal"] else 1
    seq = turn["seq"]
    refusals = 0
    for char in CONTROL:
        bad = f"a{char}b"
        for path, token, body, field in [
            (f"/api/tables/{table}/chat", tokens[0], {"text": bad}, "text"),
            (f"/api/tables/{table}/moves", tokens[mover], {"move": f"draw{char}", "seq": seq}, "move"),
            (f"/api/tables/{table}/forms", tokens[mover], {"form": "play", "values": {"card": bad}, "seq": seq},
             "values.card"),
            ("/api/tables", None, {"game": "dreamwell", "seats": [{"kind": "human", "name": bad}, {"kind": "open"}]},
             "seats.0.name"),
            # bot specs are refused by the one spec parser instead (tests/server/test_bot_specs.py)
            ("/api/tables", None, {"game": "dreamwell", "options": {"mode": bad}}, "options"),
            ("/api/play", None, {"game": "dreamwell", "name": bad}, "name"),
        ]:
            answer = post(server, path, token, json=body)
            refusals += 1
            assert answer.status_code == 422, (path, repr(char), answer.text)
            assert answer.json()["message"].startswith(field) and f"U+{ord(char):04X}" in answer.json()["message"]
    surrogate = raw_json(server, f"/api/tables/{table}/chat", '{"text": "a\\ud800b"}', tokens[0])
    refusals += 1
    assert surrogate.status_code == 422 and surrogate.json()["message"].startswith("text")

    waiting = api.call("POST", "/api/tables", expect=201, json={"game": "dreamwell"})
    joined = post(server, f"/api/tables/{waiting['table']}/join", json={"name": "x\x00"})
    refusals += 1
    assert joined.status_code == 422 and joined.json()["message"].startswith("name")

    with socket_of(server, table, tokens[mover]) as player:
        first_update(player)
        for message, field in [({"type": "chat", "text": "h\x00i"}, "text"),
                               ({"type": "chat", "text": "line\nbreak"}, "text"),
                               ({"type": "move", "move": "draw\x00", "seq": seq}, "move"),
                               ({"type": "form", "form": "play", "values": {"card": "\x00"}, "seq": seq}, "values.card")]:
            player.send(json.dumps(message))
            refused = reply(player)
            refusals += 1
            assert refused["error"] == "bad-message" and refused["message"].startswith(field), refused
        player.send('{"type": "chat", "text": "lone \\udc80 surrogate"}')
        refused = reply(player)
        refusals += 1
        assert refused["error"] == "bad-message" and refused["message"].startswith("text"), refused
        player.send(json.dumps({"type": "ping"}))
        assert reply(player) == {"type": "pong"}  # the connection is kept
    assert api.call("GET", f"/api/tables/{table}/chat", token=tokens[0], expect=200) == []
    assert changes(db_url, table) == []
    assert api.call("GET", f"/api/tables/{waiting['table']}", expect=200)["seats"][1]["kind"] == "open"
    assert_clean_log(server, refusals)


@pytest.mark.slow
def test_frames_that_are_not_json_text_are_closed_with_a_standard_code(server):
    api = Api(server)
    table, tokens = api.table("dreamwell", 2, TWO_HUMANS)
    with socket_of(server, table, tokens[0]) as player:
        first_update(player)
        player.send(b"\x00\x01binary")
        refused = reply(player)
        assert refused["type"] == "error" and refused["error"] == "binary-frame", refused
        assert closed_with(player) == (1003, "binary frames are not supported: send JSON text")
    with socket_of(server, table, tokens[0]) as player:
        first_update(player)
        with player.protocol_mutex:  # a text frame whose bytes are not UTF-8 (the client library would not)
            player.protocol.send_text(b"{\"type\": \"ping\xff\"}")
            player.send_data()
        assert closed_with(player)[0] == 1007
    with socket_of(server, table, tokens[0]) as player:
        first_update(player)
        player.send("x" * 100_000)  # over the server's frame limit: refused before it is read
        assert closed_with(player)[0] == 1009
    with socket_of(server, table, tokens[0]) as player:  # the table is still served
        assert first_update(player)["seq"] == 0
    assert not server.crashes(), log_of(server)[-3000:]
    assert [line.split(" ")[1] for line in refusal_lines(server)][:2] == ["close-1003", "bad-utf8"]


@pytest.mark.slow
def test_malformed_messages_get_typed_refusals_and_the_connection_is_kept(server, db_url):
    api = Api(server)
    table, tokens = api.table("dreamwell", 2, TWO_HUMANS)
    turn = api.view(table, tokens[0])
    mover = 0 if turn["legal"] else 1
    legal = api.view(table, tokens[mover])["legal"][0]
    cases = [
        ("[1, 2]", "bad-message", "JSON object"),
        ('"move"', "bad-message", "JSON object"),
        ("17", "bad-message", "JSON object"),
        ("{", "bad-json", "JSON object"),
        ("[" * 3000 + "]" * 3000, "too-large", "4096"),
        ("[" * 1500, "bad-json", "32 deep"),
        ('{"type": "move", "move": "draw", "seq": {"a": ' * 40 + "1" + "}" * 40 + "}", "bad-json", "32 deep"),
        (json.dumps({"type": "fly"}), "bad-message", "unknown message type 'fly'"),
        (json.dumps({"type": 5}), "bad-message", "\"type\""),
        (json.dumps({"type": "move", "move": legal}), "bad-message", "seq: Field required"),
        (json.dumps({"type": "form", "form": "play", "values": {}}), "bad-message", "seq: Field required"),
        (json.dumps({"type": "move", "move": legal, "seq": "0"}), "bad-message", "seq"),
        (json.dumps({"type": "move", "move": legal, "seq": 10**300}), "bad-message", "seq"),
        ('{"type": "move", "move": "draw", "seq": 1e999}', "bad-message", "seq"),
        ('{"type": "move", "move": "draw", "seq": ' + "9" * 4000 + "}", "bad-message", "seq"),
        (json.dumps({"type": "move", "move": legal, "seq": -1}), "bad-message", "seq"),
    ]
    with socket_of(server, table, tokens[mover]) as player:
        first_update(player)
        for raw, code, said in cases:
            player.send(raw)
            refused = reply(player)
            assert refused["type"] == "error" and refused["error"] == code and said in refused["message"], (raw[:60], refused)
        player.send(json.dumps({"type": "ping"}))
        assert reply(player) == {"type": "pong"}
    with socket_of(server, table) as spectator:  # a spectator's unknown message is refused, not a crash
        first_update(spectator)
        spectator.send(json.dumps({"type": "fly"}))
        assert reply(spectator)["error"] == "bad-message"
        spectator.send(json.dumps({"type": "ping"}))
        assert reply(spectator) == {"type": "pong"}
    assert changes(db_url, table) == []
    assert_clean_log(server, len(cases) + 1)


@pytest.mark.slow
def test_a_move_without_seq_is_refused_over_http_naming_the_field(server, db_url):
    api = Api(server)
    table, tokens = api.table("dreamwell", 2, TWO_HUMANS)
    turn = api.view(table, tokens[0])
    mover = 0 if turn["legal"] else 1
    legal = api.view(table, tokens[mover])["legal"][0]
    for path, body in [("moves", {"move": legal}), ("forms", {"form": "play", "values": {}}),
                       ("moves", {"move": legal, "seq": None}), ("moves", {"move": legal, "seq": 2**40})]:
        answer = post(server, f"/api/tables/{table}/{path}", tokens[mover], json=body)
        assert answer.status_code == 422 and answer.json()["message"].startswith("seq"), answer.text
    assert changes(db_url, table) == []
    accepted = post(server, f"/api/tables/{table}/moves", tokens[mover], json={"move": legal, "seq": turn["seq"]})
    assert accepted.status_code == 200 and accepted.json()["seq"] == 1
    assert_clean_log(server, 4)


def chunked_post(server: ServerProcess, path: str, size: int) -> tuple[int, dict[str, Any]]:
    """POST ``size`` bytes with no declared length (Transfer-Encoding: chunked); the status and body."""
    def chunks() -> Iterator[bytes]:
        sent = 0
        while sent < size:
            piece = min(65_536, size - sent)
            sent += piece
            yield b" " * piece
    answer = httpx.post(f"{server.url}{path}", content=chunks(), headers={"Content-Type": "application/json"},
                        timeout=20)
    return answer.status_code, answer.json()


@pytest.mark.slow
def test_oversized_bodies_are_413_whether_or_not_their_length_is_declared(server):
    api = Api(server)
    assert chunked_post(server, "/api/tables", 10_000_000) == \
        (413, {"error": "too-large", "message": "a request body is at most 65536 bytes"})
    declared = httpx.post(f"{server.url}/api/tables", content=b" " * 70_000, headers={"Content-Type": "application/json"})
    assert declared.status_code == 413 and declared.json() == \
        {"error": "too-large", "message": "a request body is at most 65536 bytes"}
    # a chunked body under the limit still reaches the API
    body = json.dumps({"game": "dreamwell"}).encode()
    answer = httpx.post(f"{server.url}/api/tables", content=iter([body[:5], body[5:]]),
                        headers={"Content-Type": "application/json"}, timeout=10)
    assert answer.status_code == 201, answer.text
    assert api.call("GET", "/api/tables", expect=200)[0]["table"] == answer.json()["table"]
    assert_clean_log(server, 2)


def origin_close(server: ServerProcess, table: str, origin: str, host: str | None = None) -> int | None:
    """The close code a page at ``origin`` gets (None: it was let in and sent the view). The handshake
    is written by hand, so that it can carry any ``Host``, as a DNS-rebinding page's does."""
    request = (f"GET /ws/tables/{table} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{server.port}'}\r\n"
               f"Origin: {origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(request.encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += raw.recv(65536)
        head, _, frame = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        while len(frame) < 4:
            frame += raw.recv(65536)
        if frame[0] & 0x0F == 0x8:  # a close frame: its code is the first two bytes of its payload
            return int.from_bytes(frame[2:4], "big")
        assert frame[0] & 0x0F == 0x1, frame[:8]  # the first update, as text
        return None


@pytest.mark.slow
def test_websocket_origins_are_checked_against_the_public_origin_never_the_host_header(db_url):
    with ServerProcess(db_url) as server:
        table, _ = Api(server).table("dreamwell", 2, TWO_HUMANS)
        assert origin_close(server, table, "http://evil.example", host="evil.example") == 4403  # a rebinding page
        assert origin_close(server, table, "null") == 4403
        assert origin_close(server, table, server.url) is None  # the default: the address listened on
        assert origin_close(server, table, f"http://localhost:{server.port}") is None
        assert origin_close(server, table, f"https://127.0.0.1:{server.port}") == 4403
        assert "Traceback" not in log_of(server)
        assert [line.split(" ")[1] for line in refusal_lines(server)] == ["close-4403"] * 3
    with ServerProcess(db_url, options=("--public-origin", "https://Games.Example/",
                                        "--allow-origin", "https://friend.example:8443")) as server:
        table, _ = Api(server).table("dreamwell", 2, TWO_HUMANS)
        assert origin_close(server, table, "https://games.example") is None
        assert origin_close(server, table, "https://friend.example:8443") is None
        assert origin_close(server, table, "https://games.example", host="games.example") is None
        assert origin_close(server, table, server.url) == 4403
        assert origin_close(server, table, "http://games.example") == 4403


@pytest.mark.slow
def test_a_token_at_a_missing_table_and_a_wrong_token_answer_alike(server):
    api = Api(server)
    table, tokens = api.table("dreamwell", 2, TWO_HUMANS)
    other, _ = api.table("dreamwell", 2, TWO_HUMANS)
    missing = "NoSuchTable0"
    wrong = tokens[0] + "x"
    for method, path, body in [("POST", "moves", {"move": "draw", "seq": 0}), ("POST", "forms", {"form": "x", "seq": 0}),
                               ("POST", "undo", None), ("POST", "chat", {"text": "hi"}), ("GET", "chat", None),
                               ("GET", "view", None), ("POST", "leave", None), ("POST", "rematch", None),
                               ("POST", "start", None), ("GET", "hint", None)]:
        answers = []
        for where, token in [(table, wrong), (missing, wrong), (other, tokens[0]), (missing, tokens[0])]:
            answer = httpx.request(method, f"{server.url}/api/tables/{where}/{path}", json=body, timeout=10,
                                   headers={"Authorization": f"Bearer {token}"})
            answers.append((answer.status_code, re.sub(missing, table, answer.text)))
        assert len(set(answers)) == 1 and answers[0][0] == 403, (path, answers)
    codes = []
    for where, token in [(table, wrong), (missing, wrong)]:
        with socket_of(server, where, token) as player:
            codes.append(closed_with(player))
    assert codes[0] == codes[1] == (4401, "this token holds no seat at this table")
    assert "Traceback" not in log_of(server)


def test_flood_strikes_fade_so_only_a_connection_that_keeps_flooding_is_closed():
    now = [0.0]
    throttle = Throttle(rate=10, burst=30, clock=lambda: now[0])
    assert all(throttle.allow() for _ in range(30))
    assert not any(throttle.allow() for _ in range(STRIKES - 1))  # a burst: refused, not yet closed
    assert not throttle.exhausted
    now[0] += 60.0  # a minute of calm forgives it
    assert all(throttle.allow() for _ in range(30))
    assert not any(throttle.allow() for _ in range(STRIKES - 1))
    assert not throttle.exhausted
    for _ in range(20):  # a flood that goes on: 100 messages a second for 2 s
        now[0] += 0.01
        throttle.allow()
    assert throttle.exhausted
