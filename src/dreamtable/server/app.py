"""The ASGI application: FastAPI with the HTTP API, the WebSocket, error replies and limits.

``create_app(settings)`` builds it; ``dreamtable serve`` runs it with uvicorn. The OpenAPI
description is served at ``/openapi.json`` and browsable at ``/docs``.
"""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable, Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..core.errors import DreamtableError, UnknownGameError
from . import api, hints, metrics, sockets, web
from .quotas import SocketQuotas
from .hub import Hub, ServerSettings
from .store import Store

log = logging.getLogger("dreamtable.server")

MAX_BODY = 64 * 1024
"""Bytes in one request body (a table with every option is a few hundred)."""


class BodyLimit:
    """Refuse request bodies over :data:`MAX_BODY` with 413, whether or not they say their length."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            await _too_large(send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise _BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLarge:
            await _too_large(send)


class _BodyTooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    response = JSONResponse({"error": "too-large", "message": f"a request body is at most {MAX_BODY} bytes"}, 413)
    await response({"type": "http"}, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}


def _reply(status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    metrics.REFUSALS.labels(kind=code).inc()  # every refusal: one count and one line, no traceback
    log.warning("refused %s: %s", code, message)
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The server application; its hub (database, live tables) starts with it and stops with it."""
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Store(settings.db), settings)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="dreamtable", version=__version__, lifespan=lifespan,
                  description="Play the dreamtable games online: tables, seats held by join links, "
                              "live play over WebSockets (see docs/server.md).")
    app.include_router(api.router)
    app.include_router(hints.router)
    app.include_router(sockets.router)
    app.include_router(web.router)
    app.mount("/static", web.static_files(), name="static")
    app.add_middleware(BodyLimit)
    app.add_middleware(SocketQuotas)
    app.add_middleware(web.SecurityHeaders)

    @app.exception_handler(UnknownGameError)
    async def unknown_game(_request: Request, refused: UnknownGameError) -> JSONResponse:
        return _reply(404, "unknown-game", str(refused))

    @app.exception_handler(DreamtableError)
    async def refused(_request: Request, refused: DreamtableError) -> JSONResponse:
        return _reply(400, type(refused).__name__, str(refused))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, refused: StarletteHTTPException) -> JSONResponse:
        code = getattr(refused, "code", None) or "http-" + str(refused.status_code)  # a quota names its limit
        return _reply(refused.status_code, code, str(refused.detail), refused.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, refused: RequestValidationError) -> JSONResponse:
        problems = [f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}" for e in refused.errors()[:5]]
        return _reply(422, "invalid-request", "; ".join(problems))

    @app.exception_handler(Exception)
    async def crashed(_request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=error)
        return _reply(500, "internal", "the server failed to handle this request; it has been logged")

    return app


def serve(settings: ServerSettings, host: str = "127.0.0.1", port: int = 8000,
          on_ready: Callable[[str], Any] | None = None) -> None:
    """Run the server with uvicorn until interrupted."""
    import uvicorn

    if on_ready is not None:
        on_ready(f"http://{host}:{port}")
    uvicorn.run(create_app(settings), host=host, port=port, ws_max_size=sockets.MAX_MESSAGE * 4,
                log_level="warning")


__all__ = ["create_app", "serve", "ServerSettings"]
