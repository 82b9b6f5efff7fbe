"""Refusals: what the server will not do for a client, each counted and logged as one line.

Bad input is the client's fault, not the server's: it gets a typed answer (an HTTP status or an
``error`` message or a close code, with a code and a sentence), the refusal is counted in
``dreamtable_refusals{kind=CODE}`` and written to the log as one line, never with a traceback. The
line quotes what the client sent only through :func:`one_line`, so a refused text holding a
newline cannot forge a second log line.
"""

from __future__ import annotations

import logging

from .metrics import REFUSALS

log = logging.getLogger("dreamtable.server")

LOG_CHARS = 300
"""Characters of a refusal's sentence kept in its log line."""


def one_line(text: str) -> str:
    """``text`` with every character that is not printable written as an escape (``\\n``, ``\\x00``)."""
    if text.isprintable():
        return text[:LOG_CHARS]
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text[:LOG_CHARS])


def refused(kind: str, message: str, where: str = "") -> None:
    """Count and log one refusal of kind ``kind`` (the error code the client was sent)."""
    REFUSALS.labels(kind=kind).inc()
    log.info("refused %s%s: %s", kind, f" ({one_line(where)})" if where else "", one_line(message),
             extra={"refusal": kind})


class _OneLineUtf8Refusal(logging.Filter):
    """uvicorn logs a WebSocket text frame that is not UTF-8 with a traceback (and closes the
    connection with 1007, which is right); this turns that record into one refusal line."""

    WANTED = "Invalid UTF-8 sequence received from client."

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != self.WANTED:
            return True
        refused("bad-utf8", "a WebSocket text frame must be UTF-8; closed with 1007", "websocket")
        return False


UTF8_REFUSAL = _OneLineUtf8Refusal()


def quiet_uvicorn_tracebacks() -> None:
    """Install the filters above on uvicorn's error log (idempotent; called once the server's
    logging is configured, i.e. when the application starts)."""
    logger = logging.getLogger("uvicorn.error")
    if UTF8_REFUSAL not in logger.filters:
        logger.addFilter(UTF8_REFUSAL)


__all__ = ["one_line", "quiet_uvicorn_tracebacks", "refused"]
