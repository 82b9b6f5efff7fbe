"""Settings that trade the server's CPU against something else: the PostgreSQL pool and WebSocket compression."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import uvicorn

from dreamtable.server import app as server_app
from dreamtable.server.hub import ServerSettings
from dreamtable.server.store import Store

PG_URL = "postgresql://nobody:nothing@127.0.0.1:1/unused"  # never connected to: the pool is only built


def test_the_postgresql_pool_keeps_the_connections_it_is_told_and_opens_no_others_by_default() -> None:
    told = Store(PG_URL, pool_size=7, max_overflow=2)
    usual = Store(PG_URL)
    try:
        assert (told.engine.pool.size(), told.engine.pool._max_overflow) == (7, 2)  # type: ignore[attr-defined]
        assert usual.engine.pool._max_overflow == 0  # type: ignore[attr-defined]
        assert usual.engine.pool.size() == ServerSettings().db_pool_size  # type: ignore[attr-defined]
    finally:
        asyncio.run(told.close())
        asyncio.run(usual.close())


@pytest.mark.parametrize(("size", "overflow"), [(0, 0), (5, -1)])
def test_a_pool_with_no_connection_or_a_negative_overflow_is_refused_saying_what_is_allowed(size: int, overflow: int) -> None:
    with pytest.raises(ValueError, match="at least 1 connection and no negative overflow"):
        Store(PG_URL, pool_size=size, max_overflow=overflow)


@pytest.mark.parametrize("compression", [False, True])
def test_websocket_compression_is_what_the_setting_says(monkeypatch: pytest.MonkeyPatch, compression: bool) -> None:
    configs: list[uvicorn.Config] = []

    class Stop(Exception):
        pass

    def caught(config: uvicorn.Config, _app: Any) -> None:
        configs.append(config)
        raise Stop

    monkeypatch.setattr(server_app, "DrainingServer", caught)
    monkeypatch.setattr(server_app, "listen", lambda _host, _port: None)
    monkeypatch.setattr(server_app, "create_app", lambda _settings: None)  # the app is not what is asked
    with pytest.raises(Stop):
        server_app.serve(ServerSettings(ws_compression=compression), port=0, log_format="text")
    assert [config.ws_per_message_deflate for config in configs] == [compression]
    assert ServerSettings().ws_compression is False
