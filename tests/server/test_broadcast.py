"""Broadcast that scales with sockets: a change is built and serialised once per audience (a seat,
or the spectators), not once per connection; polling a view is a cache look-up that never crosses
seats; a connection that stops reading is dropped without the room or other connections waiting."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import Counter
from contextlib import ExitStack
from typing import Any, Iterator

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from dreamtable.core.table import Table
from dreamtable.server.app import create_app
from dreamtable.server import wire
from dreamtable.server.hub import Hub, ServerSettings

from .conftest import bearer
from .test_api import eventually, started_table, view_of


class Counts:
    """Views built (per seat) and update messages serialised while counting."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.views: Counter[int | None] = Counter()
        self.updates = 0
        view, dumps = Table.view, wire.dumps

        def counting_view(table: Table, seat: int | None) -> dict[str, Any]:
            self.views[seat] += 1
            return view(table, seat)

        def counting_dumps(value: Any, *args: Any, **kwargs: Any) -> str:
            if isinstance(value, dict) and value.get("type") == "update":
                self.updates += 1
            return dumps(value, *args, **kwargs)

        monkeypatch.setattr(Table, "view", counting_view)
        monkeypatch.setattr(wire, "dumps", counting_dumps)

    def reset(self) -> None:
        self.views.clear()
        self.updates = 0


def test_a_change_is_built_and_serialised_once_per_audience_not_per_socket(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat A on two sockets, seat B on one, five spectators: one move builds three views (A, B,
    the spectators) and serialises three updates; sockets of one audience receive the same text."""
    table, tokens = started_table(client)
    counts = Counts(monkeypatch)
    with ExitStack() as stack:
        url = f"/ws/tables/{table}"
        seat_a = [stack.enter_context(client.websocket_connect(f"{url}?token={tokens[0]}")) for _ in range(2)]
        seat_b = stack.enter_context(client.websocket_connect(f"{url}?token={tokens[1]}"))
        spectators = [stack.enter_context(client.websocket_connect(url)) for _ in range(5)]
        sockets = [*seat_a, seat_b, *spectators]
        hellos = [socket.receive_json() for socket in sockets]
        mover, hello = next((sockets[n], hellos[n]) for n in (0, 2) if hellos[n].get("legal"))
        counts.reset()
        mover.send_json({"type": "move", "move": hello["legal"][0], "seq": hello["seq"]})
        updates = [socket.receive_json() for socket in sockets]
    assert all(update["seq"] == hello["seq"] + 1 for update in updates)
    assert updates[0] == updates[1] and all(update == updates[3] for update in updates[3:])
    assert updates[0]["view"] != updates[2]["view"] != updates[3]["view"]  # three audiences
    assert counts.views == {0: 1, 1: 1, None: 1}, counts.views
    assert counts.updates == 3


def test_polling_a_view_is_built_once_per_seat_and_change_and_never_crosses_seats(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """GET /view and a socket's view request, interleaved across seats: each seat (and the
    spectators) gets exactly what the engine shows it, and polling again builds nothing new."""
    table, tokens = started_table(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[table]
    assert room.table is not None
    audiences: list[tuple[int | None, str | None]] = [(0, tokens[0]), (1, tokens[1]), (None, None)]
    counts = Counts(monkeypatch)
    for _change in range(2):
        expected = {seat: json.loads(json.dumps(room.table.view(seat))) for seat, _token in audiences}
        assert expected[0] != expected[1] != expected[None]  # a leak across seats would show
        counts.reset()
        for _round in range(4):
            for seat, token in [*audiences, *reversed(audiences)]:
                assert view_of(client, table, token)["view"] == expected[seat], seat
        with ExitStack() as stack:
            for seat, token in audiences:
                query = f"?token={token}" if token else ""
                socket = stack.enter_context(client.websocket_connect(f"/ws/tables/{table}{query}"))
                assert socket.receive_json()["view"] == expected[seat]
                socket.send_json({"type": "view", "id": 7})
                again = socket.receive_json()
                assert again["view"] == expected[seat] and again["reply_to"] == 7
        # 8 polls and 2 sockets per audience (a seat's view may have been built by its move's reply)
        assert set(counts.views) <= {0, 1, None} and max(counts.views.values()) == 1, counts.views
        mover = next(token for _seat, token in audiences[:2] if view_of(client, table, token).get("legal"))
        assert mover is not None
        legal = view_of(client, table, mover)
        assert client.post(f"/api/tables/{table}/moves", json={"move": legal["legal"][0], "seq": legal["seq"]},
                           headers=bearer(mover)).status_code == 200


# -- a slow reader, against a real server on a real socket ---------------------------------------------
class LiveServer:
    """The app served by uvicorn on a loopback port, in a thread of this process (so the test can
    give it settings and look at its rooms). Its connections get a small kernel send buffer (they
    inherit the listening socket's), so a reader that stops reading fills it in kilobytes, not
    megabytes."""

    def __init__(self, settings: ServerSettings) -> None:
        self.app = create_app(settings)
        self.listening = socket.socket()
        self.listening.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
        self.listening.bind(("127.0.0.1", 0))
        self.port = self.listening.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.listening]}, daemon=True)

    @property
    def hub(self) -> Hub:
        hub: Hub = self.app.state.hub
        return hub

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.listening.close()


@pytest.fixture
def live(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(ServerSettings(db=db_url, bot_delay=0, outbox_limit=8)) as server:
        yield server


def test_a_reader_that_stops_reading_is_dropped_and_the_room_goes_on(live: LiveServer) -> None:
    """Two bots play Dreamwell flat out; one spectator stops reading (a tiny receive window, no
    reads). Once its outbox is full it is dropped: its waiting updates are forgotten while it still
    reads nothing, the other spectator keeps getting every move, and when it reads again it finds a
    clean close (4408) and may reconnect to the current view."""
    base = f"http://127.0.0.1:{live.port}"
    created = httpx.post(f"{base}/api/tables", json={
        "game": "dreamwell", "players": 2, "seed": 3,
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
    table = created["table"]
    url = f"ws://127.0.0.1:{live.port}/ws/tables/{table}"
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting: a small window
    raw.connect(("127.0.0.1", live.port))
    with ExitStack() as stack:
        slow = stack.enter_context(connect(url, sock=raw, max_queue=1, compression=None))  # full-size frames
        room = live.hub.rooms[table]
        assert eventually(lambda: len(room.listeners) == 1)
        slow_listener, = list(room.listeners)
        watcher = stack.enter_context(connect(url))
        watcher.recv(5)
        assert httpx.post(f"{base}/api/tables/{table}/start",
                          headers=bearer(created["host_token"])).status_code == 200
        deadline = time.monotonic() + 60
        seqs: list[int] = []
        while not slow_listener.dropped:  # the room keeps sending; the watcher keeps up
            assert time.monotonic() < deadline, f"the slow reader was never dropped ({len(seqs)} updates)"
            seqs.append(json.loads(watcher.recv(5))["seq"])
        assert slow_listener not in room.listeners
        assert eventually(lambda: slow_listener.outbox.empty())  # forgotten, not kept for a reader that never reads
        dropped_at = seqs[-1]
        more = [json.loads(watcher.recv(5))["seq"] for _ in range(20)]  # the room went on, the watcher too
        assert more == list(range(dropped_at + 1, dropped_at + 21))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(100_000):
                slow.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408, closed.value
    with connect(url) as again:  # it reconnects to the current view
        assert json.loads(again.recv(5))["seq"] > dropped_at
