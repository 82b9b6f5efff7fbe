"""``dreamtable serve``: the online server (docs/server.md).

The server stack (fastapi, sqlalchemy, alembic: over a second to import) is imported when the
command runs, not when ``dreamtable`` starts, so every other command starts without it.
"""

from __future__ import annotations

import typer

# The server's default database (server/store.py's DEFAULT_DB) as typed on the command line;
# spelled out here so that showing the option does not import the server (a test keeps them equal).
DEFAULT_DB = "sqlite:///dreamtable.db"


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on (loopback by default)"),
    port: int = typer.Option(8000, min=1, max=65535, help="port to listen on"),
    db: str = typer.Option(DEFAULT_DB,
                           help="database URL: sqlite:///FILE (default) or postgresql://USER:PASS@HOST/DB"),
    bot_delay: float = typer.Option(0.6, min=0, max=10, help="seconds bots wait before moving, so people can follow"),
    allow_origin: list[str] = typer.Option([], help="a web page origin (https://host) allowed to open WebSockets"),
    public_origin: str | None = typer.Option(
        None, help="the origin people open the pages at (https://games.example behind a proxy); "
                   "default: the address listened on, http://HOST:PORT"),
) -> None:
    """Run the online server: tables, seats by join link, live play over WebSockets."""
    from ..server.app import serve as run_server
    from ..server.hub import ServerSettings
    from ..server.origins import normalised

    try:
        origins = [normalised(origin) for origin in [*allow_origin, *([public_origin] if public_origin else [])]]
    except ValueError as refused:
        raise typer.BadParameter(str(refused)) from None
    settings = ServerSettings(db=db, bot_delay=bot_delay, allowed_origins=tuple(origins[:len(allow_origin)]),
                              public_origin=origins[-1] if public_origin else None)
    run_server(settings, host, port,
               on_ready=lambda url: typer.echo(f"dreamtable server on {url} (API at {url}/docs; Ctrl-C stops it)"))
