"""Failed log-ins are limited per account name and per address, like the table quotas (quotas.py).

Each name (by its look-alike key, whether an account has it or not, so the limit tells nothing
about which names exist) and each address has a token bucket of failures: :data:`PER_NAME` and
:data:`PER_ADDRESS` at once, refilled over :data:`WINDOW`. A log-in is refused with 429, the limit
and ``Retry-After`` before its password is hashed once a bucket is empty; only failures take from
it. Registrations take from a bucket per address (:data:`REGISTRATIONS`), so names cannot be
probed or hoarded quickly. The buckets live in each process (with N processes behind a balancer a
guesser gets N times the tries); addresses in ``quota_exempt`` are spared, as by every quota.
"""

from __future__ import annotations

import time

from .quotas import Bucket, QuotaRefused

PER_NAME = 5
PER_ADDRESS = 20
WINDOW = 900.0
"""Seconds over which the failures of a name or an address are forgiven."""
REGISTRATIONS = 10
REGISTRATION_WINDOW = 3600.0


class LoginLimits:
    """This process's buckets of failed log-ins and of registrations."""

    def __init__(self, exempt: tuple[str, ...] = ()) -> None:
        self.exempt = exempt
        self.buckets: dict[tuple[str, str], Bucket] = {}

    def _bucket(self, kind: str, key: str, burst: int, window: float) -> Bucket:
        bucket = self.buckets.get((kind, key))
        if bucket is None:
            if len(self.buckets) > 100_000:
                self.forget_full()
            bucket = self.buckets[(kind, key)] = Bucket(burst / window, float(burst))
        bucket.refill(time.monotonic())
        return bucket

    def check(self, name_key: str, address: str) -> None:
        """Refuse (429) a log-in for ``name_key`` from ``address`` once either has failed too often."""
        if address in self.exempt:
            return
        for kind, key, burst, words in (("name", name_key, PER_NAME, "for this name"),
                                        ("address", address, PER_ADDRESS, "from your address")):
            bucket = self._bucket(kind, key, burst, WINDOW)
            if bucket.tokens < 1:
                raise QuotaRefused(429, "login-rate", f"too many failed log-ins {words}: at most {burst} in "
                                   f"{WINDOW / 60:g} minutes", (1 - bucket.tokens) / bucket.rate)

    def failed(self, name_key: str, address: str) -> None:
        """Count a failed log-in."""
        if address in self.exempt:
            return
        self._bucket("name", name_key, PER_NAME, WINDOW).take()
        self._bucket("address", address, PER_ADDRESS, WINDOW).take()

    def register(self, address: str) -> None:
        """Count a registration from ``address``; 429 beyond :data:`REGISTRATIONS` an hour."""
        if address in self.exempt:
            return
        wait = self._bucket("register", address, REGISTRATIONS, REGISTRATION_WINDOW).take()
        if wait > 0:
            raise QuotaRefused(429, "register-rate", f"too many registrations from your address: at most "
                               f"{REGISTRATIONS} an hour", wait)

    def forget_full(self) -> None:
        """Drop the buckets that are full again (they hold nothing a new one would not)."""
        now = time.monotonic()
        for key, bucket in list(self.buckets.items()):
            bucket.refill(now)
            if bucket.tokens >= bucket.burst:
                del self.buckets[key]


__all__ = ["LoginLimits", "PER_ADDRESS", "PER_NAME", "REGISTRATIONS", "WINDOW"]
