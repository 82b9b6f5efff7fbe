"""Hints for learners over HTTP: ``GET /api/tables/{id}/hint`` with a seat's token.

The answer is the move the hard bot would play for the asking seat and its estimated chance to
win (:func:`dreamtable.agents.hint.hint`), worked out from what that seat may know only, in a
worker process of the server's bot pool (server/thinking.py: a search like a bot's, under its
deadline) on a copy of the position, so the table and the event loop go on meanwhile. It names the
``seq`` of the position it is for; asking again at the same ``seq`` gives the same answer from a cache.

Refused, changing nothing: no token (401) or a token that holds no seat here (403); a table not
started, a finished game, a seat the game is not waiting for, or a game without hints (409); a
hint for the same seat still being worked out, or too many at once in this process (429).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi import status as http

from ..agents.hint import Hint, HintError, HintSearch, check_hint
from ..agents.levels import HARD_SECONDS
from .access import seated
from .api import bearer, hub_of
from .turn_budget import person_turn_deadline

router = APIRouter(prefix="/api")

HINT_SECONDS = HARD_SECONDS
"""How long the search of one hint thinks (the hard level's budget a move)."""
HINTS_AT_ONCE = 2
"""Hints worked out at the same time in one process (each keeps a core busy for HINT_SECONDS)."""
CACHED_HINTS = 512
"""Hints kept for a repeated question about the same position."""

_cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
_working: set[tuple[str, int]] = set()


async def _mine(request: Request, table_id: str, token: str | None) -> tuple[Any, int]:
    """The table's room and the caller's seat, or 401/403 saying that a hint is for one's own seat."""
    try:
        return await seated(hub_of(request), table_id, token)
    except HTTPException as refused:
        raise HTTPException(refused.status_code,
                            f"{refused.detail}: a hint is given only for your own seat, asked with its token") from None


@router.get("/tables/{table_id}/hint",
            summary="A hint for your seat on its turn: the hard bot's move and its estimated chance to win")
async def get_hint(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room, seat = await _mine(request, table_id, token)
    async with room.lock:
        table = room.table
        if table is None:
            raise HTTPException(http.HTTP_409_CONFLICT, "the game at this table has not started yet: "
                                                        "a hint is for your turn in a game under way")
        try:
            check_hint(table.state, seat)
        except HintError as refused:
            raise HTTPException(http.HTTP_409_CONFLICT, str(refused)) from None
        seq = table.seq
        key = (room.id, seq, seat)
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
        now = room.clock.now()
        moments = list(table.deadlines().values())
        limit = person_turn_deadline(table, room.row.settings.get("turn_seconds"))
        if limit is not None:
            moments.append(limit)
        seconds_left = min(moments) - now if moments else None
        position = table.state.copy()
    if (room.id, seat) in _working:
        raise HTTPException(http.HTTP_429_TOO_MANY_REQUESTS, "a hint for your seat is being worked out; ask again in a second")
    if len(_working) >= HINTS_AT_ONCE:
        raise HTTPException(http.HTTP_429_TOO_MANY_REQUESTS,
                            f"this server works out at most {HINTS_AT_ONCE} hints at once; ask again in a second")
    _working.add((room.id, seat))
    try:
        found, _ = await hub_of(request).thinking.choose(f"{room.id} hint", HintSearch(room.row.seed * 31 + seq, HINT_SECONDS),
                                                         position, seat, seconds_left)
    finally:
        _working.discard((room.id, seat))
    if not isinstance(found, Hint):  # the search's worker failed and the pool played its fallback instead
        raise HTTPException(http.HTTP_503_SERVICE_UNAVAILABLE, "the hint could not be worked out now; ask again")
    answer = {"table": room.id, "seq": seq, **found.to_json()}
    _cache[key] = answer
    while len(_cache) > CACHED_HINTS:
        _cache.popitem(last=False)
    return answer
