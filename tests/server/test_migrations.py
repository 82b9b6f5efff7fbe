"""The schema's migrations run on SQLite and PostgreSQL, over a database an older server left."""

from __future__ import annotations

import asyncio
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Connection

from dreamtable.server.store import MIGRATIONS, Store

from .processes import select_rows


def upgrade_to(connection: Connection, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def table(id_: str, **values: Any) -> dict[str, Any]:
    return {"id": id_, "game": "sogni-e-incubi", "players": 2, "seed": 1, "options": "{}", "seats": "[]",
            "settings": "{}", "host_hash": "h", "status": "over", "created_at": 1.0, "started_at": 1.0,
            "rematch_of": None, "rematch": None, **values}


def test_rematches_made_twice_by_an_older_server_keep_one_and_the_creator_hash_gets_its_key(db_url: str) -> None:
    async def run() -> None:
        store = Store(db_url)
        async with store.engine.begin() as connection:
            await connection.run_sync(upgrade_to, "0001")
            rows = [table("old", rematch="b"), table("a", rematch_of="old", status="playing"),
                    table("b", rematch_of="old", status="playing"), table("c", rematch_of="old", status="playing"),
                    table("old2"), table("x", rematch_of="old2"), table("y", rematch_of="old2")]
            columns = ", ".join(rows[0])
            await connection.execute(text(f"INSERT INTO tables ({columns}) VALUES "
                                          f"({', '.join(':' + name for name in rows[0])})"), rows)
        await store.migrate()  # 0002 over the old rows; then the key of creators' hashes is there
        assert len(store.client_key) == 64
        await store.close()

    asyncio.run(run())
    rematches = select_rows(db_url, "SELECT id, rematch_of FROM tables WHERE rematch_of IS NOT NULL ORDER BY id")
    assert rematches == [("b", "old"), ("x", "old2")]  # the one the old table names, else the first
    assert select_rows(db_url, "SELECT count(*) FROM tables") == [(7,)]  # every game kept


def test_accounts_come_to_a_database_an_older_server_left_and_its_finished_seats_can_be_claimed(
        db_url: str, monkeypatch: Any) -> None:
    from argon2 import PasswordHasher
    from fastapi.testclient import TestClient

    from dreamtable.server import passwords
    from dreamtable.server.app import create_app
    from dreamtable.server.hub import ServerSettings
    from dreamtable.server.tokens import token_hash

    async def leave_0002() -> None:
        store = Store(db_url)
        async with store.engine.begin() as connection:
            await connection.run_sync(upgrade_to, "0002")
            seats = f'[{{"kind": "human", "name": "Iris", "token_hash": "{token_hash("old-token")}"}}]'
            row = table("old", players=1, seats=seats)
            await connection.execute(text(f"INSERT INTO tables ({', '.join(row)}) VALUES "
                                          f"({', '.join(':' + name for name in row)})"), [row])
        await store.close()

    asyncio.run(leave_0002())
    monkeypatch.setattr(passwords, "HASHER", PasswordHasher(time_cost=1, memory_cost=64, parallelism=1))
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0))) as client:
        answer = client.post("/api/account/register", json={"name": "Iris", "password": "a long password",
                                                             "seats": [{"table": "old", "token": "old-token"}]})
        assert answer.status_code == 200 and answer.json()["claimed"] == 1, answer.text
        [game] = client.get("/api/account/games").json()["games"]
        assert (game["table"], game["status"], game["token"], game["replay"]) == ("old", "over", "old-token", "/replay/old")
    assert select_rows(db_url, "SELECT count(*) FROM server_secrets WHERE name = 'seat-key'") == [(1,)]
    assert select_rows(db_url, "SELECT count(*) FROM tables") == [(1,)]
