"""Log-in sessions: the cookie that carries one, the CSRF token that must come with every write
made on it, and who a request is logged in as.

The session cookie (``dt_session``) holds a random secret; the database keeps its SHA-256 only.
It is HttpOnly (no script reads it), SameSite=Lax (no other site's form posts it), Secure when the
page was served over TLS, and lasts :data:`LIFETIME`. A write authenticated by the cookie must also
send the header ``X-CSRF-Token`` (double submit, signed): its value is an HMAC of the session's
secret, given by the log-in's answer and in the ``dt_csrf`` cookie, which the page's script reads.
Another site can neither read it nor compute it, and a ``dt_csrf`` cookie planted by a sibling
domain does not match the session. A session ends at log-out, at a password change (every session
of the account), at deletion, or when it expires.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass

from fastapi import HTTPException, Request, Response

from . import accounts
from .account_models import AccountRow
from .store import Store
from .tokens import new_token, token_hash

SESSION_COOKIE = "dt_session"
CSRF_COOKIE = "dt_csrf"
CSRF_HEADER = "X-CSRF-Token"
LIFETIME = 30 * 86400.0
"""Seconds a session lasts from its log-in (then: log in again)."""
MAX_COOKIE = 200
"""Characters of a session cookie at most (a real one has 32): anything longer is forged."""


class AccountRefused(HTTPException):
    """A refusal about accounts or sessions; ``code`` is the reply's ``error``."""

    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(status, message, headers=headers)
        self.code = code


FORGOTTEN = {"Set-Cookie": f"{SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"}
"""The header that makes a browser forget a session cookie the server no longer knows."""


def csrf_of(secret: str) -> str:
    """The CSRF token of the session whose cookie holds ``secret``."""
    return hmac.new(secret.encode("utf-8", "surrogatepass"), b"dreamtable csrf", hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class LoggedIn:
    """A request's valid session: its account and the cookie's secret."""

    account: AccountRow
    secret: str

    @property
    def csrf(self) -> str:
        return csrf_of(self.secret)

    @property
    def session_hash(self) -> str:
        return token_hash(self.secret)


async def logged_in(request: Request, store: Store) -> LoggedIn | None:
    """The session the request's cookie holds; None without a cookie; 401 (saying to log in again,
    and making the browser forget the cookie) for a cookie that is forged, revoked or expired."""
    secret = request.cookies.get(SESSION_COOKIE)
    if not secret:
        return None
    found = None if len(secret) > MAX_COOKIE else await accounts.session_of(store, token_hash(secret))
    if found is None:
        raise AccountRefused(401, "session-unknown", "this browser's session is not valid (logged out, ended by a "
                             "password change, or never issued): log in again", FORGOTTEN)
    session, account = found
    if session.expires_at <= time.time():
        await accounts.drop_session(store, session.token_hash)
        raise AccountRefused(401, "session-expired", f"your session expired ({LIFETIME / 86400:g} days after "
                             "logging in): log in again", FORGOTTEN)
    return LoggedIn(account, secret)


async def required(request: Request, store: Store) -> LoggedIn:
    """The request's valid session; 401 when there is none."""
    found = await logged_in(request, store)
    if found is None:
        raise AccountRefused(401, "not-logged-in", "log in first: this needs your account's session")
    return found


def check_csrf(request: Request, session: LoggedIn) -> None:
    """403 unless the request carries the session's CSRF token in ``X-CSRF-Token``."""
    sent = request.headers.get(CSRF_HEADER, "")
    if not sent or not hmac.compare_digest(sent.encode("utf-8", "surrogateescape"), session.csrf.encode()):
        raise AccountRefused(403, "csrf", f"a change made with your session needs the header {CSRF_HEADER} holding "
                             f"the value of the {CSRF_COOKIE} cookie (or of 'csrf' in the log-in's answer); "
                             "nothing was changed")


async def writer(request: Request, store: Store) -> AccountRow | None:
    """The account a write of the game API acts for: the session's, if it is valid and the CSRF
    token came with it; else None (the write is a guest's: a stale cookie never blocks play)."""
    try:
        found = await logged_in(request, store)
    except HTTPException:
        return None
    if found is None:
        return None
    try:
        check_csrf(request, found)
    except HTTPException:
        return None
    return found.account


def over_tls(request: Request, public_origin: str | None) -> bool:
    """Whether the page is served over TLS (directly, through a trusted proxy, or as the public origin says)."""
    return request.url.scheme in ("https", "wss") or (public_origin or "").startswith("https:")


async def start(store: Store, response: Response, account: AccountRow, secure: bool) -> LoggedIn:
    """A new session of ``account``, its cookies set on ``response``."""
    secret = new_token()
    await accounts.add_session(store, account.id, token_hash(secret), LIFETIME)
    found = LoggedIn(account, secret)
    response.set_cookie(SESSION_COOKIE, secret, max_age=int(LIFETIME), path="/", httponly=True, samesite="lax",
                        secure=secure)
    response.set_cookie(CSRF_COOKIE, found.csrf, max_age=int(LIFETIME), path="/", httponly=False, samesite="lax",
                        secure=secure)
    return found


def forget(response: Response) -> None:
    """Make the browser drop both cookies."""
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    response.delete_cookie(CSRF_COOKIE, path="/", samesite="lax")


__all__ = ["AccountRefused", "CSRF_COOKIE", "CSRF_HEADER", "LIFETIME", "LoggedIn", "SESSION_COOKIE", "check_csrf",
           "forget", "logged_in", "over_tls", "required", "start", "writer"]
