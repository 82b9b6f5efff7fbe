"""Seat tokens kept for an account, sealed with the database's seat key.

A seat's token is otherwise kept only as its hash; an account must be able to hand its seats'
links to any device it logs in on, so the token itself is kept, sealed: XORed with a keystream of
HMAC-SHA256 under the key ``seat-key`` (``server_secrets``, made by migration 0003) and a random
nonce per seal. Whoever reads the database *and* its secrets can unseal them (the key lives in the
same database, like the key of creators' hashes); a copy of ``account_seats`` alone opens nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

NONCE_BYTES = 16


def _stream(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = b""
    counter = 0
    while len(blocks) < length:
        blocks += hmac.new(key, b"seat-token" + nonce + counter.to_bytes(4, "big"), hashlib.sha256).digest()
        counter += 1
    return blocks[:length]


def seal(key: bytes, token: str) -> str:
    """``token`` sealed under ``key`` (URL-safe base64 of the nonce and the XORed bytes)."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    plain = token.encode("utf-8")
    hidden = bytes(a ^ b for a, b in zip(plain, _stream(key, nonce, len(plain))))
    return base64.urlsafe_b64encode(nonce + hidden).decode("ascii")


def unseal(key: bytes, sealed: str) -> str:
    """The token :func:`seal` sealed; ValueError when ``sealed`` is not a seal."""
    raw = base64.urlsafe_b64decode(sealed.encode("ascii"))
    if len(raw) <= NONCE_BYTES:
        raise ValueError("not a sealed token")
    nonce, hidden = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
    return bytes(a ^ b for a, b in zip(hidden, _stream(key, nonce, len(hidden)))).decode("utf-8")


__all__ = ["seal", "unseal"]
