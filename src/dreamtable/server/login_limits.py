"""Failed log-ins are limited per account name and per address, in every process at once.

Each name (by its look-alike key, whether an account has it or not, so the limit tells nothing
about which names exist) and each address may fail :data:`PER_NAME` and :data:`PER_ADDRESS` times
in :data:`WINDOW` seconds; past either, a log-in is refused with 429, the limit and ``Retry-After``
(when the oldest failure in the window is forgiven) before its password is hashed. Only failures
count. Registrations count per address (:data:`REGISTRATIONS` in :data:`REGISTRATION_WINDOW`), so
names cannot be probed or hoarded quickly. The attempts are rows of the database (migration 0008),
so N processes behind a balancer give a guesser no more tries than one; a name or an address is
stored only as a hash keyed by the database's secret. Addresses in ``quota_exempt`` are spared,
as by every quota.
"""

from __future__ import annotations

import hashlib
import hmac
import time

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from .account_models import LoginAttemptRow
from .accounts import in_transaction
from .quotas import QuotaRefused
from .store import Store

PER_NAME = 5
PER_ADDRESS = 20
WINDOW = 900.0
"""Seconds over which the failures of a name or an address are forgiven."""
REGISTRATIONS = 10
REGISTRATION_WINDOW = 3600.0


class LoginLimits:
    """The server's counts of failed log-ins and of registrations, kept in its database."""

    def __init__(self, store: Store, exempt: tuple[str, ...] = ()) -> None:
        self.store = store
        self.exempt = exempt

    def _key(self, kind: str, value: str) -> str:
        return hmac.new(self.store.client_key.encode(), f"{kind} {value}".encode(), hashlib.sha256).hexdigest()[:32]

    async def _wait(self, kind: str, value: str, limit: int, window: float) -> float:
        """Seconds until ``value`` may try again (0: it has fewer than ``limit`` attempts in the window)."""
        since = time.time() - window
        query = (select(func.count(), func.min(LoginAttemptRow.at))
                 .where(LoginAttemptRow.kind == kind, LoginAttemptRow.key == self._key(kind, value),
                        LoginAttemptRow.at > since))
        async with self.store.sessions() as session:
            count, oldest = (await session.execute(query)).one()
        return 0.0 if count < limit else max(1.0, oldest - since)

    async def _count(self, *attempts: tuple[str, str]) -> None:
        now = time.time()
        rows = [LoginAttemptRow(kind=kind, key=self._key(kind, value), at=now) for kind, value in attempts]

        def add(session: Session) -> None:
            session.add_all(rows)
            # attempts older than every window count no more: forgotten as new ones come
            session.execute(delete(LoginAttemptRow).where(LoginAttemptRow.at < now - max(WINDOW, REGISTRATION_WINDOW)))

        await in_transaction(self.store, add)

    async def check(self, name_key: str, address: str) -> None:
        """Refuse (429) a log-in for ``name_key`` from ``address`` once either has failed too often."""
        if address in self.exempt:
            return
        for kind, value, limit, words in (("name", name_key, PER_NAME, "for this name"),
                                          ("address", address, PER_ADDRESS, "from your address")):
            wait = await self._wait(kind, value, limit, WINDOW)
            if wait:
                raise QuotaRefused(429, "login-rate", f"too many failed log-ins {words}: at most {limit} in "
                                   f"{WINDOW / 60:g} minutes", wait)

    async def failed(self, name_key: str, address: str) -> None:
        """Count a failed log-in, for its name and for its address."""
        if address not in self.exempt:
            await self._count(("name", name_key), ("address", address))

    async def register(self, address: str) -> None:
        """Count a registration from ``address``; 429 beyond :data:`REGISTRATIONS` an hour."""
        if address in self.exempt:
            return
        wait = await self._wait("register", address, REGISTRATIONS, REGISTRATION_WINDOW)
        if wait:
            raise QuotaRefused(429, "register-rate", f"too many registrations from your address: at most "
                               f"{REGISTRATIONS} an hour", wait)
        await self._count(("register", address))


__all__ = ["LoginLimits", "PER_ADDRESS", "PER_NAME", "REGISTRATIONS", "WINDOW"]
