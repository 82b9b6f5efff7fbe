"""Nobody can fill the server alone: per-client quotas, expiry, a full server that recovers.

Real server processes (tests/server/processes.py) with lowered limits, on SQLite and PostgreSQL.
Clients are told apart by their address: each test client binds its own loopback address
(127.0.0.2, 127.0.0.3, ...), as different machines would be.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import asyncpg
import pytest
from websockets.exceptions import ConnectionClosed

from .processes import Api, ServerProcess, Socket

SOGNI = {"game": "sogni-e-incubi", "players": 2}


def count_rows(db: str, table: str) -> dict[str, int]:
    """How many rows of ``tables``, ``changes`` and ``chat`` belong to a table, read from the database."""
    queries = {"tables": "SELECT count(*) FROM tables WHERE id = {}",
               "changes": "SELECT count(*) FROM changes WHERE table_id = {}",
               "chat": "SELECT count(*) FROM chat WHERE table_id = {}"}
    if db.startswith("sqlite:"):
        import sqlite3

        with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
            return {name: connection.execute(query.format("?"), (table,)).fetchone()[0]
                    for name, query in queries.items()}

    async def read() -> dict[str, int]:
        connection = await asyncpg.connect(db)
        try:
            return {name: int(await connection.fetchval(query.format("$1"), table)) for name, query in queries.items()}
        finally:
            await connection.close()

    return asyncio.run(read())


def refused(api: Api, path: str, status: int, code: str, words: str, **kwargs: Any) -> float:
    """Assert that ``path`` is refused with ``status`` and ``code``, its message naming the limit;
    the Retry-After it says."""
    response = api.response("POST", path, **kwargs)
    assert response.status_code == status, (path, response.status_code, response.text)
    body = response.json()
    assert body["error"] == code and words in body["message"] and "retry in" in body["message"], body
    retry = float(response.headers["Retry-After"])
    assert retry >= 1
    return retry


@pytest.mark.slow
def test_a_client_flooding_table_creation_is_refused_by_its_own_limits_while_another_plays(db_url: str) -> None:
    with ServerProcess(db_url, tables_per_minute=8, waiting_tables_per_client=4, games_per_client=2) as server:
        flooder, other = Api(server, "127.0.0.2"), Api(server, "127.0.0.3")
        for _ in range(4):
            flooder.call("POST", "/api/tables", json=SOGNI, expect=201)
        refused(flooder, "/api/tables", 429, "quota-waiting-tables", "at most 4 per client", json=SOGNI)
        for _ in range(2):
            flooder.call("POST", "/api/play", json=SOGNI, expect=201)
        refused(flooder, "/api/play", 429, "quota-games", "at most 2 per client", json=SOGNI)
        retry = refused(flooder, "/api/play", 429, "quota-table-rate", "at most 8 a minute", json=SOGNI)
        assert retry <= 8  # one table's worth of the minute
        for _ in range(20):  # the flood goes on: every request refused, nothing stored
            assert flooder.response("POST", "/api/tables", json=SOGNI).status_code == 429
        assert len(flooder.call("GET", "/api/tables?status=waiting", expect=200)) == 4

        # Another client is not blocked: it creates a table, and plays against a bot.
        other.call("POST", "/api/tables", json=SOGNI, expect=201)
        game = other.call("POST", "/api/play", json={**SOGNI, "bot": "random", "seed": 3}, expect=201)
        table, token = game["table"], game["token"]
        view = other.view(table, token)
        while not view.get("legal"):
            time.sleep(0.05)
            view = other.view(table, token)
        moved = other.call("POST", f"/api/tables/{table}/moves", token=token,
                           json={"move": view["legal"][0], "seq": view["seq"]}, expect=200)
        assert moved["seq"] > view["seq"]
        quota_refusals = [line for line in server.refusals() if line.startswith("refused quota-")]
        assert not server.crashes() and len(quota_refusals) == 23, server.output()


@pytest.mark.slow
def test_sockets_per_client_and_connections_a_minute_are_limited_with_a_close_code(db_url: str) -> None:
    with ServerProcess(db_url, sockets_per_client=3, connects_per_minute=5) as server:
        table = Api(server).call("POST", "/api/play", json=SOGNI, expect=201)["table"]
        held = [Socket(server, table, address="127.0.0.2") for _ in range(3)]
        for socket in held:
            assert socket.receive()["type"] == "update"
        extra = Socket(server, table, address="127.0.0.2")
        with pytest.raises(ConnectionClosed) as closed:
            extra.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        assert "at most 3 open connections per client" in closed.value.rcvd.reason
        for socket in held:
            socket.close()
        time.sleep(0.3)
        # 3 connections were made; two more fit in the minute, the next is refused however many closed.
        again = [Socket(server, table, address="127.0.0.2") for _ in range(2)]
        for socket in again:
            assert socket.receive()["type"] == "update"
            socket.close()
        time.sleep(0.3)
        late = Socket(server, table, address="127.0.0.2")
        with pytest.raises(ConnectionClosed) as closed:
            late.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        assert "at most 5 connections a minute" in closed.value.rcvd.reason
        # Another client connects as usual.
        other = Socket(server, table, address="127.0.0.3")
        assert other.receive()["type"] == "update"
        other.close()
        quota_refusals = [line for line in server.refusals() if line.startswith("refused quota-")]
        assert not server.crashes() and len(quota_refusals) == 2, server.output()


@pytest.mark.slow
def test_a_full_server_says_when_to_retry_and_recovers_as_waiting_tables_expire(db_url: str) -> None:
    with ServerProcess(db_url, max_open_tables=3, waiting_expiry_seconds=4.0, sweep_seconds=0.2) as server:
        clients = [Api(server, f"127.0.0.{n}") for n in range(2, 6)]
        made = [client.call("POST", "/api/tables", json=SOGNI, expect=201)["table"] for client in clients[:3]]
        full_at = time.monotonic()
        retry = refused(clients[3], "/api/tables", 503, "server-full", "at most 3", json=SOGNI)
        assert retry <= 5  # the oldest expires within 4 s, swept within 0.2 s more
        while clients[3].response("GET", f"/api/tables/{made[-1]}").status_code != 404:
            assert time.monotonic() < full_at + 15, "the waiting tables never expired"
            time.sleep(0.2)
        for table in made:
            assert clients[3].response("GET", f"/api/tables/{table}").status_code == 404
            assert count_rows(db_url, table) == {"tables": 0, "changes": 0, "chat": 0}
        clients[3].call("POST", "/api/tables", json=SOGNI, expect=201)
        assert not server.crashes(), server.output()


@pytest.mark.slow
def test_expired_tables_and_abandoned_games_are_cleaned_at_a_restart_and_new_tables_are_accepted(db_url: str) -> None:
    first = ServerProcess(db_url, max_open_tables=2)
    with first:
        api = Api(first)
        waiting = [Api(first, f"127.0.0.{n}").call("POST", "/api/tables", json=SOGNI, expect=201)["table"]
                   for n in (2, 3)]
        refused(api, "/api/tables", 503, "server-full", "at most 2", json=SOGNI)
        game = api.call("POST", "/api/play", json={**SOGNI, "bot": "random", "seed": 5}, expect=201)
        table, token = game["table"], game["token"]
        api.call("POST", f"/api/tables/{table}/chat", token=token, json={"text": "hello"}, expect=201)
        view = api.view(table, token)
        while not view.get("legal"):
            time.sleep(0.05)
            view = api.view(table, token)
        api.call("POST", f"/api/tables/{table}/moves", token=token, json={"move": view["legal"][0], "seq": view["seq"]},
                 expect=200)
        assert count_rows(db_url, table)["changes"] >= 1
    time.sleep(1.2)  # the waiting tables and the game (no change since) are older than the second server allows
    second = ServerProcess(db_url, max_open_tables=2, waiting_expiry_seconds=1.0, idle_expiry_seconds=1.0)
    with second:
        api = Api(second)
        for gone in [*waiting, table]:
            assert count_rows(db_url, gone) == {"tables": 0, "changes": 0, "chat": 0}
            assert api.response("GET", f"/api/tables/{gone}").status_code == 404
        api.call("POST", "/api/tables", json=SOGNI, expect=201)
        assert not second.crashes(), second.output()


@pytest.mark.slow  # two server processes on PostgreSQL
def test_two_processes_sweep_one_database_safely_and_both_forget_what_expired(pg_url: str) -> None:
    settings = {"waiting_expiry_seconds": 6.0, "sweep_seconds": 0.1}
    with ServerProcess(pg_url, **settings) as one, ServerProcess(pg_url, **settings) as two:
        apis = [Api(one, "127.0.0.2"), Api(two, "127.0.0.3")]
        began = time.monotonic()
        made = [api.call("POST", "/api/tables", json=SOGNI, expect=201)["table"] for api in apis for _ in range(2)]
        for table in made:  # each table is live in both processes' memory
            for api in apis:
                api.call("GET", f"/api/tables/{table}", expect=200)
        assert time.monotonic() - began < 6.0, "the tables expired before the test could look at them"
        deadline = time.monotonic() + 15
        for table in made:
            for api in apis:  # the process that did not delete it was told to forget it
                while api.response("GET", f"/api/tables/{table}").status_code != 404:
                    assert time.monotonic() < deadline, f"table {table} is still served"
                    time.sleep(0.1)
            assert count_rows(pg_url, table) == {"tables": 0, "changes": 0, "chat": 0}
        for api in apis:
            api.call("POST", "/api/tables", json=SOGNI, expect=201)
        for server in (one, two):
            assert not server.crashes(), server.output()
