"""Turn-based tables (a move a day): their move clock, and rooms that live in the database between
visits and deadlines, on SQLite and PostgreSQL.

A turn-based room leaves memory when nobody watches it and no deadline is within the server's
window, and is rebuilt from its changes when someone comes back or the deadline nears; thousands of
sleeping games cost the server nothing at start and nothing in memory.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any, Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert

from dreamtable.server.app import create_app
from dreamtable.server.hub import Hub, ServerSettings
from dreamtable.server.models import TableRow
from dreamtable.server.store import Store

from .conftest import bearer
from .test_accounts import csrf, hasher, register  # noqa: F401 (hasher: a cheap Argon2id)

TURN_BASED = {"pace": "turn-based", "move_clock": "1d"}
QUICK = {"resident_window": 0.5, "resident_linger": 0.2, "deadline_poll_seconds": 0.1}
"""Residency in tenths of a second, so a test sees rooms leave and come back."""


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def until(condition: Callable[[], Any], seconds: float = 15.0, what: str = "") -> Any:
    """Wait for ``condition`` to hold (returning what it returned); fail saying ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"waited {seconds} s for {what}")


@pytest.fixture
def quick(db_url: str) -> Iterator[TestClient]:
    """A server whose turn-based rooms leave memory a fifth of a second after their last use."""
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, **QUICK))) as test_client:
        yield test_client


def two_humans(client: TestClient, game: str = "dream-cycle", settings: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A started turn-based table of two humans; its id and their tokens."""
    made = client.post("/api/tables", json={"game": game, "players": 2, "seed": 3, "seats": [{"kind": "human"}] * 2,
                                            "settings": settings or TURN_BASED})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    started = client.post(f"/api/tables/{table}/start", headers=bearer(made.json()["host_token"]))
    assert started.status_code == 200, started.text
    return table, [made.json()["links"][letter]["token"] for letter in "AB"]


# -- the setting ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("settings", "says"), [
    ({"pace": "turn-based"}, "needs a move_clock"),
    ({"pace": "turn-based", "move_clock": "1w"}, "write a number and a unit"),
    ({"pace": "turn-based", "move_clock": "day"}, "write a number and a unit"),
    ({"pace": "turn-based", "move_clock": "30m"}, "from 1h to 14d"),
    ({"pace": "turn-based", "move_clock": "15d"}, "from 1h to 14d"),
    ({"pace": "turn-based", "move_clock": "1d", "turn_seconds": 60}, "leave turn_seconds out"),
    ({"move_clock": "1d"}, 'send pace "turn-based"'),
    ({"pace": "slow"}, "live"),
])
def test_a_bad_move_clock_is_refused_saying_what_is_allowed_and_nothing_is_made(
        client: TestClient, settings: dict[str, Any], says: str) -> None:
    before = len(client.get("/api/tables").json())
    answer = client.post("/api/tables", json={"game": "dream-cycle", "players": 2, "settings": settings})
    assert answer.status_code == 422 and says in answer.json()["message"], answer.text
    assert len(client.get("/api/tables").json()) == before


def test_a_move_a_day_is_stored_as_a_day_of_turn_time(client: TestClient) -> None:
    table, _ = two_humans(client, settings={"pace": "turn-based", "move_clock": "1d"})
    settings = client.get(f"/api/tables/{table}").json()["settings"]
    assert settings["pace"] == "turn-based" and settings["move_clock"] == "1d" and settings["turn_seconds"] == 86400


# -- residency ----------------------------------------------------------------------------------------

def test_a_turn_based_table_nobody_watches_leaves_memory_and_is_rebuilt_identically(quick: TestClient) -> None:
    client, hub = quick, hub_of(quick)
    table, tokens = two_humans(client)
    for seat, move in [(0, "start 1"), (1, "start 2")]:
        seq = client.get(f"/api/tables/{table}/view", headers=bearer(tokens[seat])).json()["seq"]
        assert client.post(f"/api/tables/{table}/moves", json={"move": move, "seq": seq},
                           headers=bearer(tokens[seat])).status_code == 200
    seen = {seat: client.get(f"/api/tables/{table}/view", headers=bearer(tokens[seat])).content for seat in (0, 1)}
    spectator = client.get(f"/api/tables/{table}/view").content
    until(lambda: table not in hub.rooms, what="the unwatched turn-based room to leave memory")
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        first = socket.receive_text()
        assert table in hub.rooms
    assert first.encode() == seen[0]  # the rebuilt table tells the reconnecting player exactly what it did
    assert client.get(f"/api/tables/{table}/view", headers=bearer(tokens[1])).content == seen[1]
    assert client.get(f"/api/tables/{table}/view").content == spectator


def test_my_games_lists_a_sleeping_table_s_turn_and_clock_without_waking_it(
        quick: TestClient, hasher: Any) -> None:
    """The lobby asks for "my games" every half minute: were that a visit, a person's turn-based
    games would never sleep while their lobby is open. Who acts and the move clock come from the row."""
    client, hub = quick, hub_of(quick)
    register(client, name="Morpheus")
    made = client.post("/api/tables", json={"game": "dream-cycle", "players": 2, "seed": 3, "settings": TURN_BASED,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=csrf(client)).json()
    table, tokens = made["table"], [made["links"][letter]["token"] for letter in "AB"]
    assert client.post(f"/api/tables/{table}/start", headers=bearer(made["host_token"])).status_code == 200
    seq = client.get(f"/api/tables/{table}/view", headers=bearer(tokens[0])).json()["seq"]
    assert client.post(f"/api/tables/{table}/moves", json={"move": "start 1", "seq": seq},
                       headers=bearer(tokens[0])).status_code == 200  # now B is to act, for a day
    until(lambda: table not in hub.rooms, what="the unwatched turn-based room to leave memory")
    for _ in range(3):
        listed = next(game for game in client.get("/api/account/games").json()["games"] if game["table"] == table)
        assert table not in hub.rooms  # listed, not woken
        time.sleep(0.3)  # asked again, as an open lobby does
    assert listed["turn"] == ["B"] and listed["your_turn"] is False
    assert 86400 - 60 < listed["clock_seconds"] <= 86400


def test_a_watched_turn_based_table_stays_in_memory(quick: TestClient) -> None:
    client, hub = quick, hub_of(quick)
    table, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        socket.receive_text()
        time.sleep(1.0)  # five lingerings
        assert table in hub.rooms
    until(lambda: table not in hub.rooms, what="the room to leave once its last connection closed")


@pytest.mark.slow  # the stand-in bot thinks its turn
def test_a_deadline_of_a_table_out_of_memory_fires_and_the_stand_in_plays(quick: TestClient) -> None:
    """The move clock of a table that left memory runs out: the scheduler rebuilds it in time and
    the seat goes to the stand-in bot, as a live table's turn timer does; then it sleeps again."""
    client, hub = quick, hub_of(quick)
    table, _ = two_humans(client)
    until(lambda: table not in hub.rooms, what="the room to leave memory")
    assert client.portal is not None
    row = client.portal.call(hub.store.table, table)
    assert row is not None and row.next_deadline is not None
    assert row.next_deadline == pytest.approx(row.started_at + 86400)
    soon = time.time() + 1.5  # the clock nearly run out: a second and a half left

    async def shorten() -> None:
        await hub.store.update_table(table, settings={**row.settings, "turn_seconds": soon - row.started_at},
                                     next_deadline=soon)

    client.portal.call(shorten)
    time.sleep(0.5)
    seats = until(lambda: [seat for seat in client.get(f"/api/tables/{table}").json()["seats"] if seat["kind"] == "bot"],
                  what="seat A to be handed to the stand-in when its clock ran out")
    assert [seat["letter"] for seat in seats] == ["A"]
    assert time.time() >= soon
    row = until(lambda: table not in hub.rooms and client.portal.call(hub.store.table, table),  # type: ignore[union-attr]
                what="the room to sleep again until B's clock")
    assert row.next_deadline is not None and row.next_deadline > time.time()  # B's clock, stored when the room left


@pytest.mark.slow  # three server starts
def test_a_server_starts_with_thousands_of_sleeping_turn_based_games_holding_none(db_url: str) -> None:
    """2,000 turn-based games in play, a day from their deadlines: the server starts without
    rebuilding any (rooms resident: 0), about as fast as on an empty database; one asked for is
    rebuilt, and leaves again."""
    def start_seconds() -> tuple[float, int]:
        started = time.perf_counter()
        with TestClient(create_app(ServerSettings(db=db_url, bot_workers=1, **QUICK))) as test_client:
            took = time.perf_counter() - started
            resident = len(hub_of(test_client).rooms)
        return took, resident

    empty, _ = start_seconds()
    ids = asyncio.run(sleeping_games(db_url, 2000))
    full, resident = start_seconds()
    assert resident == 0
    assert full < empty + 2.0, f"start took {full:.2f} s with 2,000 sleeping games, {empty:.2f} s without"
    with TestClient(create_app(ServerSettings(db=db_url, bot_workers=1, **QUICK))) as test_client:
        hub = hub_of(test_client)
        view = test_client.get(f"/api/tables/{ids[0]}/view")
        assert view.status_code == 200 and view.json()["seq"] == 0
        assert list(hub.rooms) == [ids[0]]
        until(lambda: not hub.rooms, what="the room asked for to leave memory again")


async def sleeping_games(db_url: str, count: int, deadline_in: float = 86400.0) -> list[str]:
    """``count`` turn-based Dream Cycle games in play, stored straight into the database (as the
    server stores them), each with its deadline ``deadline_in`` from now; their ids."""
    store = Store(db_url)
    await store.migrate()
    now = time.time()
    settings = {"bot_delay": 0.6, "undo": True, "chat_spectators": False, "turn_seconds": deadline_in,
                "stand_in": "bot", "pace": "turn-based", "move_clock": "1d"}
    rows = [{"id": secrets.token_urlsafe(9), "game": "dream-cycle", "players": 2, "seed": number, "options": {},
             "seats": [{"kind": "human", "name": None, "token_hash": secrets.token_hex(16)}] * 2,
             "settings": settings, "host_hash": secrets.token_hex(16), "status": "playing", "pace": "turn-based",
             "created_at": now, "started_at": now, "next_deadline": now + deadline_in} for number in range(count)]
    async with store.engine.begin() as connection:
        for start in range(0, count, 500):
            await connection.execute(insert(TableRow), rows[start:start + 500])
    await store.close()
    return [row["id"] for row in rows]


# -- the idle sweep -----------------------------------------------------------------------------------

def test_the_idle_sweep_spares_a_turn_based_game_whose_clock_runs(db_url: str) -> None:
    async def run() -> tuple[list[str], list[str], list[str]]:
        running = await sleeping_games(db_url, 1, deadline_in=14 * 86400)
        lapsed = await sleeping_games(db_url, 1, deadline_in=14 * 86400)
        store = Store(db_url)
        week_ago = time.time() - 8 * 86400
        await store.update_table(running[0], started_at=week_ago, created_at=week_ago)
        await store.update_table(lapsed[0], started_at=week_ago, created_at=week_ago, next_deadline=week_ago)
        gone = await store.sweep(time.time() - 3600, time.time() - 7 * 86400)
        await store.close()
        return running, lapsed, gone

    running, lapsed, gone = asyncio.run(run())
    assert running[0] not in gone  # a fortnight's move clock still runs: the game waits for its player
    assert lapsed[0] in gone  # its deadline passed a week ago unhonoured: abandoned like a live game


def test_turn_based_games_have_a_cap_of_their_own_beside_the_live_ones(db_url: str) -> None:
    settings = ServerSettings(db=db_url, bot_delay=0, max_playing_tables=1, max_turn_based_tables=1)
    with TestClient(create_app(settings)) as client:
        assert client.post("/api/play", json={"game": "dream-cycle"}).status_code == 201
        full = client.post("/api/play", json={"game": "dream-cycle"})
        assert full.status_code == 503 and "1 games in play" in full.json()["message"]
        slow = client.post("/api/play", json={"game": "dream-cycle", "settings": TURN_BASED})
        assert slow.status_code == 201, slow.text  # sleeping games do not take a live game's place
        again = client.post("/api/play", json={"game": "dream-cycle", "settings": TURN_BASED})
        assert again.status_code == 503 and "1 turn-based games in play, at most 1" in again.json()["message"]


@pytest.mark.slow  # two server processes on PostgreSQL
def test_two_processes_both_asleep_honour_a_deadline_once(pg_url: str) -> None:
    """Two servers on one PostgreSQL database both let a turn-based table go, then both wake it for
    its deadline: the seat is handed to the stand-in exactly once and the changes follow each other."""
    import json

    from .processes import Api, ServerProcess, changes, select_rows

    servers = [ServerProcess(pg_url, **QUICK).start(), ServerProcess(pg_url, **QUICK).start()]
    try:
        def resident(server: ServerProcess) -> float:
            metrics = Api(server).response("GET", "/metrics").text
            return next(float(line.split()[-1]) for line in metrics.splitlines()
                        if line.startswith("dreamtable_live_tables "))

        made = Api(servers[0]).response("POST", "/api/play", json={
            "game": "dream-cycle", "bot": "random", "seed": 5,
            "settings": {**TURN_BASED, "stand_in": "random"}}).json()
        table = made["table"]
        assert Api(servers[1]).response("GET", f"/api/tables/{table}/view", made["token"]).status_code == 200
        until(lambda: resident(servers[0]) == 0 and resident(servers[1]) == 0, what="both processes to let the table go")
        settings = json.loads(select_rows(pg_url, "SELECT settings::text FROM tables WHERE id = ?", table)[0][0])
        started = select_rows(pg_url, "SELECT started_at FROM tables WHERE id = ?", table)[0][0]
        soon = time.time() + 1.0
        select_rows(pg_url, "UPDATE tables SET settings = ?::json, next_deadline = ? WHERE id = ?",
                    json.dumps({**settings, "turn_seconds": soon - started}), soon, table)
        until(lambda: any(kind == "bot" for _, kind, _, _ in changes(pg_url, table)), 30,
              what="seat A to be handed to the stand-in")
        until(lambda: select_rows(pg_url, "SELECT status FROM tables WHERE id = ?", table)[0][0] == "over", 60,
              what="the stand-in and the bot to finish the game")
        rows = changes(pg_url, table)
        assert [kind for _, kind, seat, _ in rows if kind == "bot"] == ["bot"]
        assert [seq for seq, *_ in rows] == list(range(1, len(rows) + 1))
    finally:
        for server in servers:
            server.kill()
