"""Seat tokens: the unguessable secrets of join links, stored only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24
"""192 random bits per token: a join link cannot be guessed."""


def new_token() -> str:
    """A fresh secret for a join link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps of a token (a leaked database gives no working links)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_token(token: str | None, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one ``stored_hash`` was made from, in constant time."""
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)
