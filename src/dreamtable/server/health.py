"""What a load balancer and a monitor ask: ``/healthz``, ``/readyz`` and ``/metrics``.

``/healthz`` says the process answers (it touches no database: a slow database must not get a
live process restarted). ``/readyz`` says it can serve: the database answers within
:data:`READY_SECONDS`, its schema is at the newest migration, and the server is not shutting down;
otherwise 503 naming what is wrong. ``/metrics`` is the Prometheus text of :mod:`.metrics`.
"""

from __future__ import annotations

import asyncio
from functools import lru_cache

from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy.engine import Connection

from . import metrics
from .hub import Hub
from .store import MIGRATIONS

router = APIRouter(include_in_schema=False)

READY_SECONDS = 2.0
"""How long ``/readyz`` waits for the database before it calls it unreachable."""


@lru_cache(maxsize=1)
def head_revisions() -> frozenset[str]:
    """The newest migration(s) this code ships (read once: the scripts do not change while it runs)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return frozenset(ScriptDirectory.from_config(config).get_heads())


def _applied(connection: Connection) -> frozenset[str]:
    return frozenset(MigrationContext.configure(connection).get_current_heads())


async def problems(hub: Hub) -> list[str]:
    """What keeps this process from serving (empty: ready)."""
    found = []
    if hub.closing:
        found.append("the server is shutting down")
    try:
        async with asyncio.timeout(READY_SECONDS):
            async with hub.store.engine.connect() as connection:
                applied = await connection.run_sync(_applied)
    except Exception as error:  # any failure to reach or read the database is the answer itself
        reason = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
        found.append(f"database: does not answer ({reason})")
        return found
    if applied != head_revisions():
        found.append(f"database: migrations at {', '.join(sorted(applied)) or 'none'}, "
                     f"this code needs {', '.join(sorted(head_revisions()))}")
    return found


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is alive and its event loop answers."""
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """The database answers and is migrated, and the server takes moves: 200; else 503 saying why."""
    hub: Hub = request.app.state.hub
    found = await problems(hub)
    if found:
        return JSONResponse({"status": "not ready", "problems": found}, status_code=503,
                            headers={"Retry-After": "5"})
    return JSONResponse({"status": "ready"})


@router.get("/metrics")
async def prometheus_metrics() -> Response:
    """Every metric of :mod:`.metrics`, in Prometheus's text format."""
    return Response(generate_latest(metrics.REGISTRY), media_type=CONTENT_TYPE_LATEST)
