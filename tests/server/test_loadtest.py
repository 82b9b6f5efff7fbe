"""The server's load benchmark: a tiny run of `dreamtable bench-serve` that
starts real server processes on loopback, plays a few tables over WebSockets and reports sane
figures; on PostgreSQL with two processes, each table's seats split across them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from dreamtable.cli.bench_serve import bench_serve
from dreamtable.server.loadtest import LoadConfig, LoadTest, start_servers

pytestmark = pytest.mark.slow  # real server processes under load for seconds, and PostgreSQL

app = typer.Typer()
app.command()(bench_serve)


def bench(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "figures.json"
    result = CliRunner().invoke(app, [*args, "--output", str(out)])
    assert result.exit_code == 0, result.output
    assert "accepted moves/s" in result.output  # the readable table
    return json.loads(out.read_text())


def check_sane(report: dict, *, processes: int, rate: float | None = None) -> None:
    assert report["processes"] == processes
    assert report["refused"] == {} and report["disconnects"] == 0, report
    assert report["accepted_moves"] > 20, report
    assert 0 < report["player_moves"] <= report["accepted_moves"] + 4  # every player's move counted once
    assert report["moves_per_second"] == pytest.approx(report["accepted_moves"] / report["seconds"], rel=0.01)
    latency = report["latency_ms"]
    assert 0 < latency["p50"] <= latency["p90"] <= latency["p99"] <= latency["max"] < 5000, latency
    assert len(report["server_cpu"]) == processes and all(share > 0 for share in report["server_cpu"])
    assert report["server_cpu_ms_per_move"] > 0
    if rate is not None:  # the players were paced to the rate asked for, not flat out
        assert report["moves_per_second"] <= rate * 1.15, report
    live = report["live_tables"]
    assert 0 <= live["min"] <= live["median"] <= report["tables"] and 0 < live["mean"] <= report["tables"], live


def test_games_finished_counts_each_game_once_and_the_tables_in_play_are_sampled(tmp_path):
    """Flat out, short games end many times in the window: each ended game was started (in the window,
    or is one of the first tables), however many of its players saw the end."""
    report = bench(tmp_path, "--tables", "4", "--seconds", "5", "--game", "tap")  # a game of a few seconds
    check_sane(report, processes=1)
    assert report["games_finished"] >= 3, report
    assert report["games_finished"] <= report["tables_started"] + report["tables"], report
    assert report["database_cpu"] is None, "SQLite runs in the server's process: its CPU is in the server's share"


def test_a_small_run_on_sqlite_reports_sane_figures_at_the_rate_asked(tmp_path):
    report = bench(tmp_path, "--tables", "4", "--seconds", "3", "--rate", "40", "--game", "deep-dreams")
    check_sane(report, processes=1, rate=40)
    assert report["game"] == "deep-dreams" and report["tables"] == 4
    assert report["moves_per_second"] >= 15, report  # 40 offered; a busy machine still keeps up with some


def test_bots_on_the_server_side_play_too(tmp_path):
    """Two of three seats are server bots: more moves are accepted than the socket player sent."""
    report = bench(tmp_path, "--tables", "3", "--seconds", "3", "--players", "3", "--bots", "2",
                   "--rate", "60", "--game", "deep-dreams")
    check_sane(report, processes=1)
    assert report["accepted_moves"] > report["player_moves"] * 1.5, report


def test_spectator_sockets_watch_every_table_and_are_counted(tmp_path):
    """Six spectators over three tables (a second client process), polling their view once a second:
    each move reaches its table's two spectators, none is dropped, and their client is measured."""
    report = bench(tmp_path, "--tables", "3", "--seconds", "3", "--rate", "30", "--game", "deep-dreams",
                   "--spectators", "6", "--spectator-polls", "1")
    check_sane(report, processes=1)
    assert report["spectators"] == 6 and report["spectator_drops"] == 0, report
    assert report["spectator_updates"] >= report["accepted_moves"] * 1.5, report  # two a table, minus the edges
    assert report["spectator_cpu"] > 0


def test_two_processes_on_one_postgresql_split_each_table(tmp_path, pg_url):
    """Each table's two players sit on different processes: moves are only accepted at all if each
    process hears of the other's (LISTEN/NOTIFY)."""
    report = bench(tmp_path, "--db", pg_url, "--processes", "2", "--tables", "3", "--seconds", "3",
                   "--rate", "30", "--game", "deep-dreams")
    check_sane(report, processes=2)
    assert report["database_cpu"] > 0, "PostgreSQL's own processes are measured"


def test_servers_are_stopped_and_only_loopback_is_measured(tmp_path):
    with start_servers(f"sqlite:///{tmp_path}/x.db") as servers:
        (pid,) = servers.pids
        assert servers.urls[0].startswith("http://127.0.0.1:")
        assert Path(f"/proc/{pid}").exists()
    assert not Path(f"/proc/{pid}").exists()  # stopped and reaped
    with pytest.raises(ValueError, match="loopback"):
        LoadTest(LoadConfig(urls=("http://192.0.2.1:8000",), game="sogni-e-incubi"))
    with pytest.raises(ValueError, match="PostgreSQL"):
        with start_servers("sqlite", processes=2):
            pass
