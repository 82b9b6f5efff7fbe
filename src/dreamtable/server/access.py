"""Which seat a token holds at a table, answered alike whether the table exists or not.

Table ids are not secrets: ``GET /api/tables`` lists tables and ``GET /api/tables/ID`` shows any
of them to anyone, so a stranger learns nothing new from a 404 there. What a request carrying a
token must not teach a stranger is anything beyond "this token holds no seat here": so a token sent
to a table that does not exist gets the very answer a wrong token at a real table gets (403, the
same message), and costs the same work — one read of the table's row by its key, which finds a row
or finds none in the same time — before the answer. A token that does hold a seat at a table in
memory is answered without a read (only its holder can take that path). A wrong token never makes
the server load a table it was not serving.
"""

from __future__ import annotations

import re
from typing import Callable

from fastapi import HTTPException
from fastapi import status as http

from .hub import Hub
from .models import TableRow
from .rooms import Room
from .tokens import same_token

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id may look like (ids are made by ``secrets.token_urlsafe``)."""
NO_SEAT = "this token holds no seat at this table"
NOT_HOST = "only the host token of this table starts it"

Holder = Callable[[TableRow, str], "int | None"]
"""Which seat a token holds at a table's row (None: none)."""


def seat_of(row: TableRow, token: str | None) -> int | None:
    """The seat ``token`` holds at ``row`` (every seat is compared, each in constant time), or None."""
    found = None
    for seat, spec in enumerate(row.seats):
        if same_token(token, spec.get("token_hash")):
            found = seat
    return found


def host_of(row: TableRow, token: str | None) -> int | None:
    """0 when ``token`` is the table's host token, else None."""
    return 0 if same_token(token, row.host_hash) else None


async def seated(hub: Hub, table_id: str, token: str | None, holds: Holder = seat_of,
                 refusal: str = NO_SEAT) -> tuple[Room, int]:
    """The room of ``table_id`` and the seat ``token`` holds there (as ``holds`` says); 401 without a
    token, and one same 403 (``refusal``) whether the table is missing or the token holds nothing."""
    if token is None:
        raise HTTPException(http.HTTP_401_UNAUTHORIZED, "send your seat's token: 'Authorization: Bearer TOKEN'")
    refused = HTTPException(http.HTTP_403_FORBIDDEN, refusal)
    if not TABLE_ID.fullmatch(table_id):  # no table can have this id, as the id itself shows
        raise refused
    room = hub.rooms.get(table_id)
    if room is not None:
        seat = holds(room.row, token)
        if seat is not None:
            return room, seat
    row = await hub.store.table(table_id)  # the one read every refusal costs, a table found or not
    if room is not None or row is None or holds(row, token) is None:
        raise refused
    room = await hub.room(table_id)
    seat = None if room is None else holds(room.row, token)
    if room is None or seat is None:  # the table went or changed in between
        raise refused
    return room, seat


__all__ = ["NO_SEAT", "NOT_HOST", "TABLE_ID", "host_of", "seat_of", "seated"]
