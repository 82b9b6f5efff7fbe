"""The ASGI application: FastAPI with the HTTP API, the WebSocket, error replies and limits.

``create_app(settings)`` builds it; ``dreamtable serve`` runs it with uvicorn (:func:`serve`). The
OpenAPI description is served at ``/openapi.json`` and browsable at ``/docs``; ``/healthz``,
``/readyz`` and ``/metrics`` are for operators (:mod:`.health`). Every refusal is one log line and
one count (:func:`.refusals.refused`); an unexpected error is one log line with its traceback
(:class:`.logs.RequestContext`).
"""

from __future__ import annotations

import signal
import socket
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any, AsyncIterator, Callable, Mapping

import uvicorn
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..core.errors import DreamtableError, UnknownGameError
from ..core.registry import games
from . import account_api, api, health, hints, profile_api, rating_api, sockets, web
from .collector import fewer_collections
from .hub import Hub, ServerRestarting, ServerSettings
from .quotas import SocketQuotas
from .logs import LogFormat, RequestContext, configure
from .origins import listening_origin
from .refusals import quiet_uvicorn_tracebacks, refused
from .store import Store

MAX_BODY = 64 * 1024
"""Bytes in one request body (a table with every option is a few hundred)."""


class BodyLimit:
    """Refuse request bodies over :data:`MAX_BODY` with 413, whether or not they say their length.

    A declared length over the limit is refused before a byte is read. A body of undeclared
    length (chunked) is read here, at most :data:`MAX_BODY` bytes of it, before the application
    sees any: past the limit the client gets the 413 at once and the application is never called
    (an error raised while FastAPI parsed the body became its 400 "error parsing the body")."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None:
            if not declared.isdigit() or int(declared) > MAX_BODY:
                await _too_large(send)
                return
            await self.app(scope, receive, send)  # the server never passes more than it declared
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > MAX_BODY:
                await _too_large(send)
                return
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        given = False

        async def replayed() -> Message:
            nonlocal given
            if given:
                return await receive()  # after the body: only the client's disconnect can come
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replayed, send)


async def _too_large(send: Send) -> None:
    message = f"a request body is at most {MAX_BODY} bytes"
    refused("too-large", message, "http")
    response = JSONResponse({"error": "too-large", "message": message}, 413, headers={"Connection": "close"})
    await response({"type": "http"}, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}


def _reply(status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    if status < 500 or status == 503:  # the client's fault, or a full server: counted and logged as one line
        refused(code, message, f"http {status}")
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The server application; its hub (database, live tables) starts with it and stops with it."""
    settings = settings or ServerSettings()
    quiet_uvicorn_tracebacks()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Store(settings.db, settings.durability, settings.db_pool_size, settings.db_max_overflow), settings)
        await hub.start()
        app.state.hub = hub
        with fewer_collections():
            try:
                yield
            finally:
                await hub.stop()

    app = FastAPI(title="dreamtable", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play the dreamtable games online: tables, seats held by join links, "
                              "live play over WebSockets (see docs/server.md).")
    app.include_router(health.router)
    app.include_router(api.router)
    app.include_router(account_api.router)
    app.include_router(account_api.pages)
    app.include_router(rating_api.router)
    app.include_router(profile_api.router)
    app.include_router(profile_api.pages)
    app.include_router(hints.router)
    app.include_router(sockets.router)
    app.include_router(web.router)
    app.mount("/static/i18n", web.common_catalogues(), name="common words")  # before /static, which it is under
    app.mount("/static", web.static_files(), name="static")
    app.mount("/docs/assets", web.api_docs_assets(), name="api docs assets")
    for info in games():
        app.mount(f"/games/{info.id}", web.game_files(info.id), name=f"game {info.id}")
    app.add_middleware(BodyLimit)
    app.add_middleware(SocketQuotas)
    app.add_middleware(web.SecurityHeaders)
    app.add_middleware(RequestContext)  # outermost of ours: its ids are in every line, and it catches crashes

    @app.exception_handler(UnknownGameError)
    async def unknown_game(_request: Request, refused: UnknownGameError) -> JSONResponse:
        return _reply(404, "unknown-game", str(refused))

    @app.exception_handler(ServerRestarting)
    async def restarting(_request: Request, refused: ServerRestarting) -> JSONResponse:
        return _reply(503, "server-restarting", str(refused), headers={"Retry-After": "5"})

    @app.exception_handler(DreamtableError)
    async def rules_refused(_request: Request, refused: DreamtableError) -> JSONResponse:
        return _reply(400, type(refused).__name__, str(refused))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, refused: StarletteHTTPException) -> JSONResponse:
        code = getattr(refused, "code", None) or "http-" + str(refused.status_code)  # a quota names its limit
        return _reply(refused.status_code, code, str(refused.detail), refused.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, refused: RequestValidationError) -> JSONResponse:
        problems = [f"body: not valid JSON (at character {e['loc'][-1]}): send one JSON object"
                    if e["type"] == "json_invalid" else f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}"
                    for e in refused.errors()[:5]]
        return _reply(422, "invalid-request", "; ".join(problems))

    return app


def serve(settings: ServerSettings, host: str = "127.0.0.1", port: int = 8000, log_format: LogFormat = "json",
          on_ready: Callable[[str], Any] | None = None) -> None:
    """Run the server with uvicorn until SIGTERM or Ctrl-C; a SIGTERM stop is gentle
    (:meth:`.Hub.drain`) and exits 0."""
    configure(log_format)
    if settings.public_origin is None:
        settings = replace(settings, public_origin=listening_origin(host, port))
    app = create_app(settings)
    # No per-message deflate by default: updates are a few kB, and compressing each one anew for every
    # socket was a twentieth of the server's time with 200 spectators (docs/performance.md, "Spectator sockets").
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=sockets.MAX_MESSAGE * 4, log_config=None,
                            ws_per_message_deflate=settings.ws_compression,
                            proxy_headers=bool(settings.forwarded_allow_ips),
                            forwarded_allow_ips=settings.forwarded_allow_ips or None,
                            timeout_graceful_shutdown=max(1, round(settings.shutdown_seconds)))
    listening = listen(host, port)  # before the address is printed: a busy port is said plainly, first
    if on_ready is not None:
        on_ready(f"http://{host}:{port}")
    # uvicorn raises the signal it stopped on again once it has shut down, for the process's own
    # handler: a SIGTERM stop is planned (systemd, a deploy), so ours lets the process exit 0.
    signal.signal(signal.SIGTERM, lambda _signal, _frame: None)
    try:
        DrainingServer(config, app).run(sockets=[listening])
    except KeyboardInterrupt:  # Ctrl-C, raised again the same way
        pass


class PortBusy(DreamtableError, OSError):
    """The server cannot listen on the address it was given (another server holds the port)."""


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port``; ``PortBusy`` saying what to do when it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family, backlog=2048)
    except OSError as refused:
        raise PortBusy(f"cannot listen on {host}:{port}: {refused.strerror or refused}. Is another server "
                       "running there? Stop it, or choose another port with --port (or DREAMTABLE_PORT).") from None


class DrainingServer(uvicorn.Server):
    """uvicorn's server, which on shutdown first lets the hub drain (refuse moves, finish writes,
    close sockets with 1012 and a reason) while it takes no new connection."""

    def __init__(self, config: uvicorn.Config, app: FastAPI) -> None:
        super().__init__(config)
        self.app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for listening in self.servers:  # uvicorn closes them too, but only after the drain
            listening.close()
        hub: Hub | None = getattr(self.app.state, "hub", None)
        if hub is not None:
            await hub.drain()
        await super().shutdown(sockets)


__all__ = ["create_app", "serve", "ServerSettings"]
