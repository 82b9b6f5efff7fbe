"""Which web pages may open a WebSocket: the server's public origin and the allowed ones.

A browser sends the page's ``Origin`` with every WebSocket handshake; a page elsewhere must not
play for the person who opened it. The check compares that origin with the server's configured
public origin (``ServerSettings.public_origin``; by default the address it listens on) and the
``--allow-origin`` ones, never with the ``Host`` header: a DNS-rebinding page at
``http://evil.example`` reaches the server with ``Host: evil.example`` and its own origin, and
the two agree. Clients that are not browsers send no Origin and are let in (they hold tokens, not
cookies; a page cannot act as them).
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from urllib.parse import urlsplit

from .hub import ServerSettings

DEFAULT_PORTS = {"http": 80, "https": 443}
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""Names of this machine's loopback: a page served from one of them is served by this machine."""


def normalised(origin: str) -> str:
    """``origin`` as browsers write it (``scheme://host[:port]``, lower case, no default port);
    ValueError when it is not an origin (a path, a query, a user, another scheme)."""
    parts = urlsplit(origin.strip())
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/") \
            or parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(f"{origin!r} is not an origin: write scheme://host[:port], e.g. https://games.example")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"{origin!r} has no valid port") from None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    shown_port = "" if port is None or port == DEFAULT_PORTS[parts.scheme] else f":{port}"
    return f"{parts.scheme}://{host}{shown_port}"


def listening_origin(host: str, port: int) -> str:
    """The origin of a server listening on ``host``:``port`` over plain HTTP."""
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass
    return normalised(f"http://{host}:{port}")


@lru_cache(maxsize=8)
def allowed(settings: ServerSettings) -> frozenset[str]:
    """Every origin ``settings`` lets open a WebSocket: the public origin (with its loopback
    aliases when it is on loopback: ``localhost`` cannot be rebound) and the allowed ones."""
    found = {normalised(origin) for origin in settings.allowed_origins}
    if settings.public_origin is not None:
        public = normalised(settings.public_origin)
        found.add(public)
        parts = urlsplit(public)
        if parts.hostname in ("localhost", "127.0.0.1", "::1"):
            port = f":{parts.port}" if parts.port else ""
            found |= {f"{parts.scheme}://{name}{port}" for name in LOOPBACK_NAMES}
    return frozenset(found)


def origin_allowed(origin: str | None, settings: ServerSettings) -> bool:
    """Whether a WebSocket handshake with this ``Origin`` header (None: not a browser) may go on."""
    if origin is None:
        return True
    try:
        return normalised(origin) in allowed(settings)
    except ValueError:  # "null" (a sandboxed page, a file) or garbage: no page of ours
        return False


__all__ = ["allowed", "listening_origin", "normalised", "origin_allowed"]
