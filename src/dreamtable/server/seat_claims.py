"""Seats that belong to an account: taken while logged in, or claimed with their tokens.

A seat belongs to an account when its entry in the table's ``seats`` names the account
(``account``: its id) and ``account_seats`` keeps its token, sealed. A seat already held by
another account is never taken over; a token that holds no seat claims nothing (and says nothing
about why). When an account is deleted its seats stay in their games, named :data:`DELETED`.
"""

from __future__ import annotations

import logging
from typing import Any

from pydantic import Field

from ..core.errors import DreamtableError
from . import accounts
from .access import TABLE_ID, seat_of
from .account_models import AccountRow
from .account_names import DELETED
from .hub import Hub
from .models import TableRow
from .schemas import Strict

log = logging.getLogger("dreamtable.server")

MAX_CLAIMS = 100
"""Seat tokens one request may claim."""


class SeatToken(Strict):
    """A seat's token at a table, as the page keeps it."""

    table: str = Field(max_length=32)
    token: str = Field(max_length=200)


def _marked(seat: int, account: AccountRow, table_id: str, token: str) -> Any:
    def mark(row: TableRow) -> dict[str, Any]:
        if seat_of(row, token) != seat:  # the seat was left (or changed hands) meanwhile
            raise PermissionError(f"the token no longer holds seat {seat} of table {table_id}")
        holder = row.seats[seat].get("account")
        if holder not in (None, account.id):
            raise PermissionError(f"seat {seat} of table {table_id} belongs to another account")
        if holder == account.id:
            return {}
        seats = [dict(entry) for entry in row.seats]
        # one person, one name: the account's, as its leaderboard line and profile say it
        seats[seat].update(account=account.id, name=account.name)
        return {"seats": seats}
    return mark


async def give(hub: Hub, account: AccountRow, table_id: str, seat: int, token: str) -> bool:
    """Make ``seat`` at ``table_id`` (held by ``token``) the account's; False when another account holds it."""
    try:
        await hub.store.edit_table(table_id, _marked(seat, account, table_id, token))
    except (PermissionError, DreamtableError):
        return False
    await accounts.add_seat(hub.store, account.id, table_id, seat, token)
    room = hub.rooms.get(table_id)
    if room is not None:  # its seats now say the account's name: the players in it see it at once
        await room.reload_row()
    return True


async def claim(hub: Hub, account: AccountRow, seats: list[SeatToken]) -> int:
    """Give the account every seat a token of ``seats`` holds (at most :data:`MAX_CLAIMS`); how many."""
    claimed = 0
    for held in seats[:MAX_CLAIMS]:
        if not TABLE_ID.fullmatch(held.table):
            continue
        row = await hub.store.table(held.table)
        seat = None if row is None else seat_of(row, held.token)
        if seat is not None and await give(hub, account, held.table, seat, held.token):
            claimed += 1
    return claimed


async def forget_account(hub: Hub, account_id: int) -> None:
    """The account's seats stay in their games, named :data:`DELETED` and belonging to nobody."""
    for held in await accounts.seat_rows(hub.store, account_id):
        def rename(row: TableRow, seat: int = held.seat) -> dict[str, Any]:
            seats = [dict(entry) for entry in row.seats]
            if seat < len(seats) and seats[seat].get("account") == account_id:
                seats[seat].pop("account")
                seats[seat]["name"] = DELETED
            return {"seats": seats}

        try:
            await hub.store.edit_table(held.table_id, rename)
        except DreamtableError:  # the table expired meanwhile
            continue
        room = hub.rooms.get(held.table_id)
        if room is not None:
            await room.reload_row()
            await hub.notify(held.table_id, "table")


__all__ = ["MAX_CLAIMS", "SeatToken", "claim", "forget_account", "give"]
