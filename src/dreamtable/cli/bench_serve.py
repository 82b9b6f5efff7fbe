"""``dreamtable bench-serve``: the server's load benchmark (src/dreamtable/server/loadtest.py).

It starts the server itself (``dreamtable serve`` as one or two processes on free loopback ports,
on a temporary SQLite file or on a PostgreSQL URL), plays ``--tables`` live tables over WebSockets
for ``--seconds`` (``--spectators`` adds spectator sockets watching them), prints the figures and
stops the servers. ``--url`` measures servers already
running instead. docs/performance.md ("Server load") has the figures and the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:  # the server stack is imported when the command runs, not when dreamtable starts
    from ..server.loadtest import LoadReport


def bench_serve(
    db: str = typer.Option("sqlite", help="sqlite (a new temporary file), sqlite:///FILE, or postgresql://USER:PASS@HOST/DB"),
    processes: int = typer.Option(1, min=1, max=2, help="server processes; 2 share one PostgreSQL and split the clients"),
    tables: int = typer.Option(50, min=1, max=1000, help="tables live at once (a finished game is replaced)"),
    seconds: float = typer.Option(20.0, min=0.5, max=3600, help="how long to measure, once every table is set up"),
    game: str = typer.Option(..., help="the game the tables play (dreamtable list shows the ids)"),
    players: int | None = typer.Option(None, min=1, max=20, help="seats per table (default: the game's smallest count)"),
    bots: int = typer.Option(0, min=0, max=19, help="seats per table played by server bots (the others by socket clients)"),
    bot: str = typer.Option("random", help="the bots' spec (random, greedy, …)"),
    rate: float = typer.Option(0.0, min=0, help="moves a second offered over all tables (0: as fast as each connection may)"),
    seed: int = typer.Option(1, help="seed of the tables and of the random players"),
    spectators: int = typer.Option(0, min=0, max=5000, help="spectator WebSockets spread over the tables "
                                                            "(held by a second client process)"),
    spectator_polls: float = typer.Option(0.0, min=0, max=9, help="view requests a second each spectator "
                                                                  "also sends (0: it only reads its updates)"),
    durability: str = typer.Option("normal", help="the servers' --durability: normal or full (SQLite's sync at each commit)"),
    url: list[str] = typer.Option([], help="measure servers already running at these loopback addresses instead"),
    json_out: bool = typer.Option(False, "--json", help="print the figures as JSON"),
    output: Path | None = typer.Option(None, help="also write the JSON figures to this file"),
) -> None:
    """Measure the online server: accepted moves a second and move latency with many live tables."""
    from ..server.loadtest import LoadConfig, postgres_pids, run_load, start_servers

    def measure(urls: tuple[str, ...], pids: tuple[int, ...]) -> LoadReport:
        database = postgres_pids() if db.startswith(("postgresql", "postgres:")) else None
        config = LoadConfig(urls=urls, tables=tables, seconds=seconds, game=game, players=players, bots=bots,
                            bot=bot, rate=rate, seed=seed, server_pids=pids, database_pids=database,
                            spectators=spectators, spectator_polls=spectator_polls)
        return run_load(config)

    try:
        if url:
            report = measure(tuple(url), ())
        else:
            if not json_out:
                typer.echo(f"starting {processes} server process{'es' if processes > 1 else ''} on "
                           f"{'a temporary SQLite file' if db == 'sqlite' else db} …", err=True)
            with start_servers(db, processes, durability=durability) as servers:
                report = measure(servers.urls, servers.pids)
    except (ValueError, RuntimeError, TimeoutError, OSError) as failed:
        typer.echo(f"bench-serve: {failed}", err=True)
        raise typer.Exit(2) from None
    if output is not None:
        output.write_text(report.to_json() + "\n")
    typer.echo(report.to_json() if json_out else report.table())
