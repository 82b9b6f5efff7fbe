"""Per-client quotas and the server's global caps: nobody can fill the server alone.

A client is the request's address, and also the seat token it sends, if any (a limit holds for
each). What a client holds is counted where it lives:

* tables it created that wait for players, and its games in play: in the database (each table's
  row records its creator as a keyed hash of the address, never the address itself), so the counts
  hold in every process and after a restart;
* tables it creates a minute and WebSocket connections it opens a minute: a token bucket per client
  in each process; the sockets it has open now: a count per process.

A refusal is a 429 naming the limit and when to retry (``Retry-After``); a full server (the global
caps) answers 503 with ``Retry-After``, and frees itself as tables end or expire (the hub's sweeper).
A socket refused is accepted and closed at once with code 4429 and the same words as its reason.
The per-client limits are far below the global ones, so one client's flood never blocks another.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from fastapi import HTTPException, Request
from starlette.types import ASGIApp, Receive, Scope, Send

from . import refusals
from .tokens import token_hash

if TYPE_CHECKING:
    from .hub import Hub, ServerSettings
    from .store import Store


SOCKET_REFUSED = 4429
"""The close code of a WebSocket refused by a quota (the same as a connection closed for flooding)."""
MAX_RETRY = 300.0
"""The longest ``Retry-After`` said (a client should look again within five minutes)."""
PLAYING_RETRY = 60.0
"""Seconds to wait, as ``Retry-After``, when games in play are at their cap (one ends when it is played)."""


class QuotaRefused(HTTPException):
    """A request refused by a quota: 429 (this client's limit) or 503 (the server is full), with
    ``Retry-After``; ``code`` is the reply's ``error``."""

    def __init__(self, status: int, code: str, message: str, retry_after: float) -> None:
        seconds = max(1, math.ceil(retry_after))
        super().__init__(status, f"{message}; retry in {seconds} s", headers={"Retry-After": str(seconds)})
        self.code = code
        self.retry_after = seconds


@dataclass
class Bucket:
    """A token bucket: ``rate`` a second on average, ``burst`` at once."""

    rate: float
    burst: float
    tokens: float = -1.0
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> float:
        """Take one token: 0 if there was one, else the seconds until there is (nothing taken)."""
        self.refill(time.monotonic())
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate if self.rate > 0 else math.inf


@dataclass(frozen=True)
class Client:
    """Who sends a request: its address, and the seat token it sends (if any)."""

    address: str
    token: str | None = None

    def keys(self) -> list[str]:
        """The keys a per-process limit is held under: the address, and the token's hash."""
        return [f"address {self.address}", *([f"token {token_hash(self.token)}"] if self.token else [])]


def client_of(request: Request, token: str | None = None) -> Client:
    """The client of an HTTP request (behind a reverse proxy, the proxy must pass the client's address on)."""
    return Client(request.client.host if request.client is not None else "", token)


class Quotas:
    """The quotas of one server process (its buckets and open sockets; the rest is in the database)."""

    def __init__(self, settings: "ServerSettings", store: "Store") -> None:
        self.settings = settings
        self.store = store
        self.buckets: dict[tuple[str, str], Bucket] = {}
        self.sockets: dict[str, int] = {}
        """Open WebSocket connections per client key."""

    def creator(self, client: Client) -> str:
        """The hash recorded as a table's creator: keyed by the database's secret, so the address
        cannot be recovered from it by trying every address."""
        return hmac.new(self.store.client_key.encode(), client.address.encode(), hashlib.sha256).hexdigest()[:32]

    def exempt(self, client: Client) -> bool:
        """Whether per-client limits spare this client (``quota_exempt``: a benchmark on loopback)."""
        return client.address in self.settings.quota_exempt

    def _refuse(self, status: int, code: str, message: str, retry_after: float) -> QuotaRefused:
        """A refusal to raise (the app's error reply logs and counts it)."""
        return QuotaRefused(status, code, message, retry_after)

    def _refuse_socket(self, code: str, message: str, retry_after: float) -> str:
        """A socket's refusal, logged and counted here (it is no HTTP reply); the close reason."""
        reason = str(QuotaRefused(429, code, message, retry_after).detail)
        refusals.refused(code, reason, "websocket")
        return reason

    def _bucket(self, name: str, key: str, per_minute: float) -> Bucket:
        bucket = self.buckets.get((name, key))
        if bucket is None:
            bucket = self.buckets[(name, key)] = Bucket(per_minute / 60.0, max(1.0, per_minute))
        return bucket

    # -- tables -----------------------------------------------------------------------------------
    async def admit_table(self, client: Client, status: str, pace: str = "live") -> str:
        """Check that ``client`` may create a table of ``status`` (waiting or playing) now; the
        creator hash to record in it. Raises :class:`QuotaRefused`."""
        settings = self.settings
        creator = self.creator(client)
        if not self.exempt(client):
            per_minute = settings.tables_per_minute
            for key in client.keys():
                wait = self._bucket("tables", key, per_minute).take()
                if wait > 0:
                    raise self._refuse(429, "quota-table-rate",
                                       f"too many tables created: at most {per_minute:g} a minute per client", wait)
            await self._check_held(creator, status)
        await self._check_full(status, pace)
        return creator

    async def admit_start(self, client: Client, creator: str | None, pace: str = "live") -> None:
        """Check that a waiting table created by ``creator`` may start: its creator's games in play
        and the server's are under their caps."""
        if creator is not None and not self.exempt(client):
            await self._check_held(creator, "playing")
        await self._check_full("playing", pace)

    async def _check_held(self, creator: str, status: str) -> None:
        settings = self.settings
        held, oldest = await self.store.count_tables(status, creator)
        if status == "waiting" and held >= settings.waiting_tables_per_client:
            expires = (oldest or time.time()) + settings.waiting_expiry_seconds - time.time()
            raise self._refuse(429, "quota-waiting-tables",
                               f"you have {held} tables waiting for players: at most "
                               f"{settings.waiting_tables_per_client} per client (start one, or wait until "
                               f"one expires, {settings.waiting_expiry_seconds:g} s after it was made)",
                               self._until_swept(expires))
        if status == "playing" and held >= settings.games_per_client:
            raise self._refuse(429, "quota-games",
                               f"you have {held} games in play: at most {settings.games_per_client} per client "
                               f"(finish or leave one first)", PLAYING_RETRY)

    def _until_swept(self, expires_in: float) -> float:
        """Seconds until a table that expires in ``expires_in`` is swept away (said at most 5 minutes ahead)."""
        return min(max(expires_in, 0.0) + self.settings.sweep_seconds, MAX_RETRY)

    async def _check_full(self, status: str, pace: str = "live") -> None:
        settings = self.settings
        if status == "waiting":
            count, oldest = await self.store.count_tables("waiting")
            if count >= settings.max_open_tables:
                expires = (oldest or time.time()) + settings.waiting_expiry_seconds - time.time()
                raise self._refuse(503, "server-full",
                                   f"the server is full: {count} tables wait for players, at most "
                                   f"{settings.max_open_tables}", self._until_swept(expires))
        elif pace == "turn-based":  # they sleep in the database: a cap of their own, far higher
            count, _ = await self.store.count_tables("playing", pace="turn-based")
            if count >= settings.max_turn_based_tables:
                raise self._refuse(503, "server-full",
                                   f"the server is full: {count} turn-based games in play, at most "
                                   f"{settings.max_turn_based_tables}", PLAYING_RETRY)
        else:
            count, _ = await self.store.count_tables("playing", pace="live")
            if count >= settings.max_playing_tables:
                raise self._refuse(503, "server-full",
                                   f"the server is full: {count} games in play, at most {settings.max_playing_tables}",
                                   PLAYING_RETRY)

    # -- sockets ----------------------------------------------------------------------------------
    def admit_socket(self, client: Client) -> str | None:
        """Count a new WebSocket connection of ``client``; None, or why it is refused (the close
        reason: at most 123 bytes)."""
        if self.exempt(client):
            return None
        settings = self.settings
        keys = client.keys()
        for key in keys:
            if self.sockets.get(key, 0) >= settings.sockets_per_client:
                return self._refuse_socket("quota-sockets",
                                           f"at most {settings.sockets_per_client} open connections per client", 5)
        for key in keys:
            wait = self._bucket("connects", key, settings.connects_per_minute).take()
            if wait > 0:
                return self._refuse_socket("quota-reconnects",
                                           f"at most {settings.connects_per_minute:g} connections a minute", wait)
        for key in keys:
            self.sockets[key] = self.sockets.get(key, 0) + 1
        return None

    def release_socket(self, client: Client) -> None:
        """A connection admitted by :meth:`admit_socket` closed."""
        if self.exempt(client):
            return
        for key in client.keys():
            left = self.sockets.get(key, 0) - 1
            if left > 0:
                self.sockets[key] = left
            else:
                self.sockets.pop(key, None)

    def forget_idle(self) -> None:
        """Drop the buckets that are full again (they hold nothing a new bucket would not)."""
        now = time.monotonic()
        for key, bucket in list(self.buckets.items()):
            bucket.refill(now)
            if bucket.tokens >= bucket.burst:
                del self.buckets[key]


class SocketQuotas:
    """ASGI middleware: a WebSocket connection is admitted by :meth:`Quotas.admit_socket` before the
    protocol sees it (refused: accepted and closed with 4429 and the limit as reason), and counted
    until it ends, however it ends."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        hub: Hub = scope["app"].state.hub
        address = scope["client"][0] if scope.get("client") else ""
        tokens = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
        client = Client(address, tokens[0][:200] if tokens else None)
        reason = hub.quotas.admit_socket(client)
        if reason is not None:
            connect: Any = await receive()
            if connect.get("type") == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": SOCKET_REFUSED,
                            "reason": reason.encode()[:123].decode(errors="ignore")})
            return
        try:
            await self.app(scope, receive, send)
        finally:
            hub.quotas.release_socket(client)
