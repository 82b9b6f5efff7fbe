"""Live play over a WebSocket: ``/ws/tables/{id}?token=TOKEN`` (no token: a spectator).

The server sends ``update`` messages (the seat's view, the events it has not been sent, its legal
moves and action forms, the table's ``seq``), ``chat`` lines and ``error`` messages. The client
sends JSON objects::

    {"type": "move", "move": "play DD12 3", "seq": 17}
    {"type": "form", "form": "clue", "values": {"word": "moon"}, "seq": 17}   # a filled action form
    {"type": "undo"}
    {"type": "chat", "text": "well played"}
    {"type": "view", "id": 5}   # send me the current view again (it carries "reply_to": 5)
    {"type": "ping"}

A refused message gets ``{"type": "error", "error": CODE, "message": WHY}`` and changes nothing.
A connection that floods is told to slow down, and closed if it goes on.
"""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import suppress
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from ..core.errors import DreamtableError
from .api import seat_of
from .hub import Hub
from .rooms import ChatRefused, Listener, Room
from .schemas import MAX_CHAT, MAX_MOVE, Chat, FormMove, Move

router = APIRouter()

MAX_MESSAGE = 4096
"""Bytes in one client message (a move or a chat line is far shorter)."""
STRIKES = 50
"""Messages refused for flooding before the connection is closed."""
CLOSE_WAIT = 5.0
"""Seconds a dropped slow reader's close frame may wait behind the data it has not read."""


class Throttle:
    """A token bucket per connection: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()
        self.strikes = 0

    def allow(self) -> bool:
        """Whether one more message may be handled now."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False


def origin_allowed(websocket: WebSocket, hub: Hub) -> bool:
    """A browser page may connect only from this server's own address or an allowed origin
    (clients that are not browsers send no Origin)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    own = {f"http://{host}", f"https://{host}"}
    return origin in own or origin in hub.settings.allowed_origins


def error(code: str, message: str) -> dict[str, Any]:
    """An error message for the client."""
    return {"type": "error", "error": code, "message": message}


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    if not origin_allowed(websocket, hub):
        await websocket.close(code=4403, reason="this page's origin may not connect")
        return
    room = await hub.room(table_id) if len(table_id) <= 32 else None
    if room is None:
        await websocket.close(code=4404, reason=f"no table {table_id[:40]!r}")
        return
    token = websocket.query_params.get("token")
    seat = None if token is None else seat_of(room.row, token)
    if token is not None and seat is None:
        await websocket.close(code=4401, reason="this token holds no seat at this table")
        return
    await websocket.accept()
    async with room.lock:
        listener = room.attach(seat)
    sender = asyncio.create_task(_send(websocket, listener, asyncio.current_task()))
    listener.on_drop = sender.cancel  # a dropped connection's sender stops at once, even mid-send
    try:
        await _receive(websocket, room, listener, Throttle(hub.settings.message_rate, hub.settings.message_burst))
    except WebSocketDisconnect:
        pass
    finally:
        room.detach(listener)
        sender.cancel()


async def _send(websocket: WebSocket, listener: Listener, handler: asyncio.Task[Any] | None) -> None:
    """Send the room's messages (JSON texts serialised once per audience) in order until the
    connection closes. When the room drops the connection as too slow a reader, what waits is
    forgotten and the connection is closed with 4408 (the page reconnects to the current view);
    if even the close frame cannot be written within CLOSE_WAIT, the handler ends anyway."""
    try:
        while True:
            await websocket.send_text(await listener.outbox.get())
    except (WebSocketDisconnect, RuntimeError):
        return
    except asyncio.CancelledError:
        if not listener.dropped:
            raise
    try:
        await asyncio.wait_for(
            websocket.close(code=4408, reason="too slow to read the table's updates; reconnect"), CLOSE_WAIT)
    except (WebSocketDisconnect, RuntimeError):
        pass
    except asyncio.TimeoutError:
        if handler is not None:
            handler.cancel()


async def _receive(websocket: WebSocket, room: Room, listener: Listener, throttle: Throttle) -> None:
    try:
        await _receive_until_closed(websocket, room, listener, throttle)
    except asyncio.CancelledError:
        if not listener.dropped:
            raise  # a dropped reader's handler is ended by its sender: nothing more to do


async def _receive_until_closed(websocket: WebSocket, room: Room, listener: Listener, throttle: Throttle) -> None:
    while True:
        raw = await websocket.receive_text()
        if not throttle.allow():
            if throttle.strikes >= STRIKES:
                await websocket.close(code=4429, reason="too many messages")
                return
            await websocket.send_text(json.dumps(error("slow-down", f"too many messages: at most {throttle.rate:g} a second")))
            continue
        # shielded: a connection closed meanwhile must not cancel a move halfway through its commit
        reply = await asyncio.shield(_handle(raw, room, listener))
        if reply is not None:
            await websocket.send_text(json.dumps(reply))


async def _handle(raw: str, room: Room, listener: Listener) -> dict[str, Any] | None:
    """Carry out one client message; the reply to send (None: the update reaches it through the room)."""
    if len(raw) > MAX_MESSAGE:
        return error("too-large", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        return error("bad-json", "send one JSON object, e.g. {\"type\": \"move\", \"move\": \"draw\", \"seq\": 3}")
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return error("bad-message", "a message is a JSON object with a \"type\": move, form, undo, chat, view or ping")
    kind = message.pop("type")
    seat = listener.seat
    try:
        if kind == "ping":
            return {"type": "pong"}
        if kind == "view":
            asked = message.get("id")
            async with room.lock:
                room.resend(listener, asked if isinstance(asked, (int, str)) and len(str(asked)) <= 40 else None)
            return None
        if seat is None and kind in ("move", "form", "undo", "chat"):
            return error("spectator", "spectators watch; join a seat to play or talk")
        assert seat is not None
        if kind == "move":
            move = Move.model_validate(message)
            await room.move(seat, move.move, move.seq)
            return None
        if kind == "form":
            filled = FormMove.model_validate(message)
            await room.fill(seat, filled.form, filled.values, filled.seq)
            return None
        if kind == "undo":
            if message:
                return error("bad-message", "undo takes no fields")
            await room.undo(seat)
            return None
        if kind == "chat":
            await room.chat(seat, Chat.model_validate(message).text)
            return None
    except ValidationError as refused:
        problem = refused.errors()[0]
        where = ".".join(str(part) for part in problem["loc"]) or "message"
        limits = f" (a move is at most {MAX_MOVE} characters, a chat line {MAX_CHAT})"
        return error("bad-message", f"{where}: {problem['msg']}{limits}")
    except ChatRefused as refused:
        return error("chat-refused", str(refused))
    except DreamtableError as refused:
        return error(type(refused).__name__, str(refused))
    return error("bad-message", f"unknown message type {kind[:40]!r}: use move, form, undo, chat, view or ping")
