"""The server's log: one JSON object a line (``--log-format text`` for a terminal), naming the
request and the table each line concerns.

:class:`RequestContext` gives every HTTP request and WebSocket connection an id (the client's
``X-Request-ID`` when it sends a sane one) and notes the table its path names, in context
variables that every line written while handling it carries: ours, and uvicorn's access and error
lines, which :func:`configure` sends through the same formatter. A refusal is one ``info`` line
(:func:`.refusals.refused`, which also counts it); only an unexpected error has a traceback, as a field of
its one line. Join tokens travel in URLs (``?token=``), so every line has them blanked.
"""

from __future__ import annotations

import json
import logging
import logging.config
import re
import secrets
import sys
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Any, Literal

from starlette.types import ASGIApp, Message, Receive, Scope, Send


LogFormat = Literal["json", "text"]

REQUEST_ID: ContextVar[str | None] = ContextVar("dreamtable_request_id", default=None)
"""The id of the HTTP request or WebSocket connection being handled."""
TABLE_ID: ContextVar[str | None] = ContextVar("dreamtable_table_id", default=None)
"""The table the request's path names, if any."""

log = logging.getLogger("dreamtable.server")

_TABLE_PATH = re.compile(r"/(?:api|ws)/tables/([A-Za-z0-9_-]{1,32})(?:/|$)")
_SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_TOKEN = re.compile(r"(token=)[^&\s\"']+")


def hide_tokens(text: str) -> str:
    """``text`` with every ``token=…`` value blanked (seat tokens are secrets; logs are kept)."""
    return _TOKEN.sub(r"\1…", text)


def _context() -> dict[str, str]:
    found = {"request": REQUEST_ID.get(), "table": TABLE_ID.get()}
    return {key: value for key, value in found.items() if value}


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message, request and table ids, and the
    traceback of an unexpected error as a field (never spread over lines)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": hide_tokens(record.getMessage()),
            **_context(),
        }
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(record.args) == 5:
            client, method, path, _version, status = record.args
            line.update(client=client, method=method, path=hide_tokens(str(path)), status=status)
        refusal = getattr(record, "refusal", None)
        if refusal is not None:
            line["refusal"] = refusal
        if record.exc_info:
            line["traceback"] = hide_tokens(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


class TextLines(logging.Formatter):
    """One readable line (for a terminal), with the same ids; a traceback follows on its own lines."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-7s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        ids = " ".join(f"{key}={value}" for key, value in _context().items())
        return hide_tokens(super().format(record) + (f" [{ids}]" if ids else ""))


def configure(log_format: LogFormat = "json", level: str = "INFO") -> dict[str, Any]:
    """Send the server's and uvicorn's loggers to stderr in ``log_format``; the dictConfig applied
    (uvicorn is then started with ``log_config=None`` so it keeps this one)."""
    formatter = JsonLines if log_format == "json" else TextLines
    config: dict[str, Any] = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"lines": {"()": f"{formatter.__module__}.{formatter.__qualname__}"}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "lines", "stream": sys.stderr}},
        "loggers": {  # uvicorn.error and uvicorn.access pass their lines up to "uvicorn"
            "uvicorn": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn.error": {"level": level, "propagate": True},
            "uvicorn.access": {"level": level, "propagate": True},
            "dreamtable": {"handlers": ["stderr"], "level": level, "propagate": False},
        },
    }
    logging.config.dictConfig(config)
    return config


class RequestContext:
    """Give each request and connection an id (echoed as ``X-Request-ID``) and its table id for
    the log; an error nothing else handled is logged once, with its traceback, and answered with
    a 500 (HTTP) or closed with 1011 (WebSocket) instead of reaching the server uncaught."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _SANE_REQUEST_ID.fullmatch(given) else secrets.token_hex(6)
        REQUEST_ID.set(request_id)  # set in this request's own task: uvicorn's lines for it read it too
        table = _TABLE_PATH.match(scope.get("path", ""))
        TABLE_ID.set(table.group(1) if table else None)
        started = False

        async def send_with_id(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"x-request-id", request_id.encode("latin-1"))]}
            elif message["type"] in ("websocket.accept", "websocket.close"):
                started = True
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unexpected error handling %s %s", scope.get("method", "WebSocket"), scope.get("path"))
            await _answer_crash(scope, send_with_id, started)


async def _answer_crash(scope: Scope, send: Send, started: bool) -> None:
    try:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1011, "reason": "the server failed; it has been logged"})
        elif not started:
            body = json.dumps({"error": "internal",
                               "message": "the server failed to handle this request; it has been logged"}).encode()
            await send({"type": "http.response.start", "status": 500,
                        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
    except Exception:  # the client is gone: nothing left to tell it
        pass


__all__ = ["JsonLines", "LogFormat", "REQUEST_ID", "RequestContext", "TABLE_ID", "TextLines", "configure",
           "hide_tokens"]
