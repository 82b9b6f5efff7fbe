"""Fixtures of the server tests: a server on SQLite and on a real PostgreSQL, and clients.

PostgreSQL comes from ``DREAMTABLE_TEST_PG`` (a URL of a role that may create databases; `make
test` installs and starts Debian's postgresql through .ci/postgres.sh and sets it). Each test gets a
fresh database. Without the variable the PostgreSQL cases fail, saying how to get one: they never skip.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient

from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings
from tests.server.processes import fresh_postgres_database


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test; dropped afterwards."""
    with fresh_postgres_database() as url:
        yield url


# The PostgreSQL runs are slow: `make test-fast` (-m "not slow") needs no database server, and the
# SQLite run of the same test stays in it.
@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """Each server test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/server.db"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A client of a server (bots move at once) on a fresh database."""
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0))) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    """The header that acts for a seat."""
    return {"Authorization": f"Bearer {token}"}


def play_to_the_end(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """Play the seat's first legal move whenever it may, over its WebSocket, until the game is over;
    the last update (an error from the server fails the test)."""
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        message = socket.receive_json()
        for _ in range(500):
            assert message["type"] != "error", message
            if message["type"] == "update" and message["view"]["outcome"]:
                return dict(message)
            if message["type"] == "update" and message.get("legal"):
                socket.send_json({"type": "move", "move": message["legal"][0], "seq": message["seq"]})
            message = socket.receive_json()
    raise AssertionError("the game did not end in 500 messages")
