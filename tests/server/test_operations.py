"""What an operator sees and does: health and readiness, Prometheus metrics, JSON log lines,
settings from the environment, and a gentle stop on SIGTERM (docs/deployment.md)."""

from __future__ import annotations

import dataclasses
import json
import logging
import time
import types
import typing
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed

import dreamtable.server.app as server_app
from dreamtable.cli.main import app as cli
from dreamtable.cli.serve import setting_options
from dreamtable.server.health import head_revisions
from dreamtable.server.hub import Hub, ServerSettings
from dreamtable.server.logs import JsonLines

from .conftest import bearer
from .processes import Api, ServerProcess, Socket, changes


def started_table(client: TestClient) -> tuple[str, list[str]]:
    """A started two-human table of Sogni e Incubi: its id and the seats' tokens."""
    created = client.post("/api/tables", json={"game": "sogni-e-incubi", "players": 2, "seed": 7,
                                               "seats": [{"kind": "human"}] * 2}).json()
    assert client.post(f"/api/tables/{created['table']}/start", headers=bearer(created["host_token"])).status_code == 200
    return created["table"], [created["links"][letter]["token"] for letter in "AB"]


def mover(client: TestClient, table: str, tokens: list[str]) -> tuple[str, dict[str, Any]]:
    """The token of the seat to move and its view."""
    for token in tokens:
        view = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
        if view.get("legal"):
            return token, view
    raise AssertionError("nobody may move")


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def metric(client: TestClient, name: str, **labels: str) -> float:
    """One sample of the server's /metrics (0 when it has not been counted yet)."""
    for family in text_string_to_metric_families(client.get("/metrics").text):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(key) == value for key, value in labels.items()):
                return float(sample.value)
    return 0.0


# -- health and readiness ---------------------------------------------------------------------------

def test_healthz_answers_without_the_database_and_readyz_names_it_when_it_does_not_answer(client: TestClient, db_url: str) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json() == {"status": "ready"}
    store = hub_of(client).store
    working = store.engine
    unreachable = ("sqlite+aiosqlite:////no/such/directory/x.db" if db_url.startswith("sqlite")
                   else "postgresql+asyncpg://dreamtable:dreamtable@127.0.0.1:1/nothing")
    store.engine = create_async_engine(unreachable)
    try:
        assert client.get("/healthz").status_code == 200  # alive: a slow database must not get it restarted
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.headers["retry-after"]
        assert answer.json()["status"] == "not ready"
        assert any(problem.startswith("database: does not answer") for problem in answer.json()["problems"])
    finally:
        assert client.portal is not None
        client.portal.call(store.engine.dispose)
        store.engine = working
    assert client.get("/readyz").status_code == 200


def test_readyz_names_a_database_whose_migrations_are_behind(client: TestClient) -> None:
    async def step_back() -> None:
        async with hub_of(client).store.engine.begin() as connection:
            await connection.execute(text("UPDATE alembic_version SET version_num = '0000_older'"))

    assert client.portal is not None
    client.portal.call(step_back)
    answer = client.get("/readyz")
    assert answer.status_code == 503
    head = ", ".join(sorted(head_revisions()))
    assert answer.json()["problems"] == [f"database: migrations at 0000_older, this code needs {head}"]


# -- metrics ----------------------------------------------------------------------------------------

def test_metrics_count_moves_latency_tables_sockets_and_refusals(client: TestClient) -> None:
    table, tokens = started_table(client)
    before = {"moves": metric(client, "dreamtable_moves_accepted_total", kind="move"),
              "latency": metric(client, "dreamtable_move_seconds_count"),
              "missing": metric(client, "dreamtable_refusals_total", kind="http-404"),
              "bad-json": metric(client, "dreamtable_refusals_total", kind="bad-json")}
    token, view = mover(client, table, tokens)
    moved = client.post(f"/api/tables/{table}/moves", json={"move": view["legal"][0], "seq": view["seq"]},
                        headers=bearer(token))
    assert moved.status_code == 200, moved.text
    assert client.get("/api/tables/nosuchtable").status_code == 404
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        socket.receive_json()
        assert metric(client, "dreamtable_sockets") == 1
        socket.send_text("{")
        assert socket.receive_json()["error"] == "bad-json"
    assert metric(client, "dreamtable_moves_accepted_total", kind="move") == before["moves"] + 1
    assert metric(client, "dreamtable_move_seconds_count") == before["latency"] + 1
    assert metric(client, "dreamtable_refusals_total", kind="http-404") == before["missing"] + 1
    assert metric(client, "dreamtable_refusals_total", kind="bad-json") == before["bad-json"] + 1
    assert metric(client, "dreamtable_sockets") == 0
    assert metric(client, "dreamtable_live_tables") == len(hub_of(client).rooms) >= 1
    assert client.get("/metrics").headers["content-type"].startswith("text/plain")


# -- log lines --------------------------------------------------------------------------------------

def test_an_unexpected_error_is_one_log_line_with_its_traceback_and_a_refusal_has_none(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    async def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("the disk is on fire")

    caplog.set_level(logging.INFO, logger="dreamtable")
    assert client.get("/api/tables/nosuchtable").status_code == 404
    hub_of(client).store.tables = broken  # type: ignore[method-assign,assignment]
    answer = client.get("/api/tables", headers={"X-Request-ID": "probe-7"})
    assert answer.status_code == 500 and answer.json()["error"] == "internal"
    assert answer.headers["x-request-id"] == "probe-7"
    failures = [record for record in caplog.records if record.exc_info]
    assert len(failures) == 1
    line = JsonLines().format(failures[0])
    assert "\n" not in line
    logged = json.loads(line)
    assert logged["level"] == "error" and "RuntimeError: the disk is on fire" in logged["traceback"]
    refusals = [record for record in caplog.records if getattr(record, "refusal", None) == "http-404"]
    assert len(refusals) == 1 and not refusals[0].exc_info


@pytest.mark.slow
def test_a_real_server_logs_one_json_object_a_line_with_request_and_table_ids(tmp_path: Path) -> None:
    with ServerProcess(f"sqlite:///{tmp_path}/logs.db") as server:
        api = Api(server)
        table, tokens = api.table("sogni-e-incubi", 2, [{"kind": "human"}] * 2)
        assert httpx.get(f"{server.url}/api/tables/nosuchtable", headers={"X-Request-ID": "probe-1"}).status_code == 404
        socket = Socket(server, table, tokens[0])
        socket.receive()
        socket.send({"type": "fly"})
        assert socket.receive()["error"] == "bad-message"
        socket.close()
        assert server.terminate() == 0
        printed = server.output(last=None)
    lines = [json.loads(line) for line in printed.splitlines() if line.strip()]  # every line is one JSON object
    assert all({"time", "level", "message"} <= set(line) for line in lines)
    assert not any("traceback" in line for line in lines)
    missing = [line for line in lines if line.get("refusal") == "http-404"]
    assert len(missing) == 1 and missing[0]["request"] == "probe-1" and missing[0]["table"] == "nosuchtable"
    access = [line for line in lines if line["logger"] == "uvicorn.access" and line.get("request") == "probe-1"]
    assert len(access) == 1 and access[0]["status"] == 404
    unknown = [line for line in lines if line.get("refusal") == "bad-message"]
    assert len(unknown) == 1 and unknown[0]["table"] == table and unknown[0]["request"]
    assert tokens[0] is not None and tokens[0] not in printed  # join tokens are secrets: blanked in every line


# -- settings -------------------------------------------------------------------------------------

def some_other_value(kind: Any, default: Any) -> tuple[Any, str]:
    """A value unlike ``default`` for a setting of type ``kind``, and how the environment spells it."""
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        kind = next(arg for arg in typing.get_args(kind) if arg is not type(None))
    if kind is bool:
        return (not default), str(not default).lower()
    if kind is int:
        return default + 3, str(default + 3)
    if kind is float:
        return default + 0.25, str(default + 0.25)
    if kind is str:
        if default is None:  # the public origin: an origin
            other = "https://games.example"
        else:
            other = "sqlite:///elsewhere.db" if str(default).startswith("sqlite") else f"{default}-other"
        return other, other
    if typing.get_origin(kind) is tuple:
        return ("https://a.example", "https://b.example"), "https://a.example https://b.example"
    if typing.get_origin(kind) is typing.Literal:  # a choice: another of its values
        other = next(value for value in typing.get_args(kind) if value != default)
        return other, str(other)
    raise AssertionError(f"no test value for {kind}")


@pytest.fixture
def started_with(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[ServerSettings]]:
    """The settings `dreamtable serve` would start a server with (the server itself is not run)."""
    seen: list[ServerSettings] = []
    monkeypatch.setattr(server_app, "serve", lambda settings, *_args, **_kwargs: seen.append(settings))
    yield seen


def expected_settings() -> tuple[ServerSettings, dict[str, str], list[str]]:
    """Settings with every field changed, as environment variables and as options."""
    hints = typing.get_type_hints(ServerSettings)
    values, environment, options = {}, {}, []
    for field in dataclasses.fields(ServerSettings):
        value, spelled = some_other_value(hints[field.name], getattr(ServerSettings(), field.name))
        values[field.name] = value
        environment[f"DREAMTABLE_{field.name.upper()}"] = spelled
        flag = "--" + field.name.replace("_", "-")
        if isinstance(value, bool):
            options.append(flag if value else flag.replace("--", "--no-", 1))
        elif isinstance(value, tuple):
            options += [part for item in value for part in (flag, item)]
        else:
            options += [flag, spelled]
    return ServerSettings(**values), environment, options


def test_every_server_setting_is_an_environment_variable(started_with: list[ServerSettings]) -> None:
    wanted, environment, _options = expected_settings()
    ran = CliRunner().invoke(cli, ["serve"], env=environment)
    assert ran.exit_code == 0, ran.output
    assert started_with == [wanted]


def test_every_server_setting_is_a_serve_option(started_with: list[ServerSettings]) -> None:
    wanted, _environment, options = expected_settings()
    ran = CliRunner().invoke(cli, ["serve", *options])
    assert ran.exit_code == 0, ran.output
    assert started_with == [wanted]


def test_a_setting_added_later_gets_its_option_and_variable_without_new_code() -> None:
    @dataclasses.dataclass(frozen=True)
    class Later(ServerSettings):
        spare_workers: int = 2
        """Workers kept warm."""

    options = {option.name: option for option in setting_options(Later)}
    assert options.keys() == {field.name for field in dataclasses.fields(Later)}
    added = options["spare_workers"]
    assert added.envvar == "DREAMTABLE_SPARE_WORKERS" and "--spare-workers" in added.opts
    assert added.default == 2 and added.help == "Workers kept warm."


def test_the_deployment_guide_lists_every_setting_as_a_variable() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "deployment.md").read_text()
    missing = [field.name for field in dataclasses.fields(ServerSettings)
               if f"| `DREAMTABLE_{field.name.upper()}` |" not in guide]
    assert not missing, f"docs/deployment.md's table of settings lacks {missing}"


def test_a_bad_setting_in_the_environment_is_refused_naming_it(started_with: list[ServerSettings]) -> None:
    ran = CliRunner().invoke(cli, ["serve"], env={"DREAMTABLE_MESSAGE_RATE": "fast"})
    assert ran.exit_code == 2 and started_with == []
    said = " ".join(ran.output.replace("│", " ").split())
    assert "DREAMTABLE_MESSAGE_RATE" in said and "valid number" in said


# -- stopping ---------------------------------------------------------------------------------------

def test_a_draining_server_refuses_moves_finishes_and_closes_sockets_with_1012(client: TestClient) -> None:
    table, tokens = started_table(client)
    token, view = mover(client, table, tokens)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        socket.receive_json()
        assert client.portal is not None
        client.portal.call(hub_of(client).drain)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_json()
    assert closed.value.code == 1012 and closed.value.reason == "server restarting"
    refused = client.post(f"/api/tables/{table}/moves", json={"move": view["legal"][0], "seq": view["seq"]},
                          headers=bearer(token))
    assert refused.status_code == 503 and refused.json()["error"] == "server-restarting"
    assert refused.headers["retry-after"] == "5"
    assert client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()["seq"] == view["seq"]
    assert "the server is shutting down" in client.get("/readyz").json()["problems"]


def closed_with(socket: Socket, seconds: float = 10.0) -> tuple[int, str]:
    """The close code and reason the server ends a socket with."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.connection.recv(timeout=max(0.01, deadline - time.monotonic()))
        except ConnectionClosed as ended:
            assert ended.rcvd is not None, "closed without a close frame"
            return ended.rcvd.code, ended.rcvd.reason
    raise AssertionError(f"the socket was not closed within {seconds} s")


@pytest.mark.slow
def test_sigterm_closes_every_socket_with_1012_exits_0_and_loses_no_accepted_move(db_url: str) -> None:
    with ServerProcess(db_url) as server:
        api = Api(server)
        table, tokens = api.table("sogni-e-incubi", 2, [{"kind": "human"}] * 2)
        views = [api.view(table, token) for token in tokens]
        token, view = next((tokens[seat], found) for seat, found in enumerate(views) if found.get("legal"))
        api.call("POST", f"/api/tables/{table}/moves", token=token, expect=200,
                 json={"move": view["legal"][0], "seq": view["seq"]})
        accepted = changes(db_url, table)
        sockets = [Socket(server, table, tokens[0]), Socket(server, table, tokens[1]), Socket(server, table)]
        for socket in sockets:
            socket.receive()
        stopping = time.monotonic()
        assert server.terminate(seconds=8) == 0
        assert time.monotonic() - stopping < 5
        assert [closed_with(socket) for socket in sockets] == [(1012, "server restarting")] * 3
        server.start(same_port=True)
        assert changes(db_url, table) == accepted
        assert api.view(table, token)["seq"] == view["seq"] + 1
