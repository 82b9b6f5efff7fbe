"""Passwords: checked for length before any work, hashed with Argon2id, never kept or logged.

Argon2id (``argon2-cffi``'s defaults, RFC 9106's second recommendation: 64 MiB, 3 passes) costs
about a tenth to half a second of one core, so hashes run in a thread, at most
:data:`HASHES_AT_ONCE` at a time per process: a flood of log-ins queues here instead of taking
every core and 64 MiB each. A name that has no account is checked against :func:`dummy_hash`, a
hash of nothing anyone knows, so a log-in costs the same whether the name exists or not.
"""

from __future__ import annotations

import asyncio
import secrets
import weakref

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

MIN_PASSWORD = 10
"""Characters in a password at least."""
MAX_PASSWORD_BYTES = 1024
"""UTF-8 bytes in a password at most: a longer one is refused before it is hashed."""
HASHES_AT_ONCE = 2

HASHER = PasswordHasher()
"""The hasher (Argon2id); tests swap in a cheap one."""
_dummy: dict[tuple[int, int, int], str] = {
    # made once from a random secret that was thrown away: the default hasher's dummy costs nothing to
    # make, so no server start and no first log-in pays for it (a log-in never succeeds against it anyway)
    (3, 65536, 4): "$argon2id$v=19$m=65536,t=3,p=4$h80lnsGLrAHQbjq8fJ7qlA$YSkAzYXkal+KIWHIl1cB3Mxzt/LwKId3pncvLw7D4gg",
}
_running: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore]" = weakref.WeakKeyDictionary()


class BadPassword(ValueError):
    """A password refused for its form (too short, too long), with what is allowed."""


def check_password(password: str) -> str:
    """``password`` if its length is allowed; :class:`BadPassword` otherwise (nothing hashed)."""
    size = len(password.encode("utf-8", "surrogatepass"))
    if size > MAX_PASSWORD_BYTES:
        raise BadPassword(f"a password has at most {MAX_PASSWORD_BYTES} bytes (UTF-8), this one {size}")
    if len(password) < MIN_PASSWORD:
        raise BadPassword(f"a password has at least {MIN_PASSWORD} characters, this one {len(password)}")
    return password


def dummy_hash() -> str:
    """A hash, with the current hasher's parameters, of a secret nobody knows."""
    key = (HASHER.time_cost, HASHER.memory_cost, HASHER.parallelism)
    if key not in _dummy:
        _dummy[key] = HASHER.hash(secrets.token_urlsafe(32))
    return _dummy[key]


def _semaphore() -> asyncio.Semaphore:
    """This event loop's gate (a semaphore belongs to one loop; tests run several)."""
    loop = asyncio.get_running_loop()
    if loop not in _running:
        _running[loop] = asyncio.Semaphore(HASHES_AT_ONCE)
    return _running[loop]


async def hash_password(password: str) -> str:
    """The Argon2id hash of a checked password."""
    async with _semaphore():
        return await asyncio.to_thread(HASHER.hash, password)


def _verify(stored: str | None, password: str) -> bool:
    try:
        return HASHER.verify(stored or dummy_hash(), password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


async def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from; with ``stored`` None (no such
    account) the same work is done against :func:`dummy_hash` and the answer is False."""
    if len(password.encode("utf-8", "surrogatepass")) > MAX_PASSWORD_BYTES:
        return False  # never hashed; no account has such a password
    async with _semaphore():
        return await asyncio.to_thread(_verify, stored, password)


__all__ = ["BadPassword", "MAX_PASSWORD_BYTES", "MIN_PASSWORD", "check_password", "hash_password",
           "verify_password"]
