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
A connection that floods is told to slow down, and closed if it goes on. A connection that sends
what is not a JSON text message is closed with a standard code (:data:`BINARY_CLOSE`; uvicorn
closes a text frame that is not UTF-8 with 1007 and one larger than its limit with 1009). Every
refusal is counted and logged as one line (:mod:`.refusals`).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Callable

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.websockets import WebSocketState

from ..core.errors import DreamtableError
from .access import NO_SEAT, TABLE_ID, seated
from .hub import Hub
from .origins import origin_allowed
from .refusals import refused
from . import wire
from .rooms import ChatRefused, Listener, Room
from .schemas import MAX_CHAT, MAX_MOVE, MAX_NAME, MAX_SEQ, SEQ_DOC, Chat, FormMove, Move

router = APIRouter()

MAX_MESSAGE = 4096
"""Bytes in one client message (a move or a chat line is far shorter)."""
MAX_DEPTH = 32
"""Nesting of arrays and objects in one client message (a real message nests 2 deep)."""
STRIKES = 50
"""Messages refused for flooding before the connection is closed ..."""
STRIKES_FORGIVEN = 1.0
"""... each forgiven after a second: a burst long past does not count against a connection."""
BINARY_CLOSE = 1003
"""The close code for a binary frame (RFC 6455: "unsupported data"); the protocol is JSON text."""
KINDS = "move, form, undo, chat, view or ping"
CLOSE_WAIT = 5.0
"""Seconds a dropped slow reader's close frame may wait behind the data it has not read."""


class Throttle:
    """A token bucket per connection: ``rate`` messages a second on average, ``burst`` at once;
    a message beyond them is refused and is a strike, and strikes fade at :data:`STRIKES_FORGIVEN`
    a second, so only a connection that keeps flooding reaches :data:`STRIKES`."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst = rate, burst
        self.clock = clock
        self.tokens = burst
        self.at = clock()
        self.strikes = 0.0

    def allow(self) -> bool:
        """Whether one more message may be handled now."""
        now = self.clock()
        elapsed = now - self.at
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.strikes = max(0.0, self.strikes - elapsed * STRIKES_FORGIVEN)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False

    @property
    def exhausted(self) -> bool:
        """Whether the connection has flooded long enough to be closed."""
        return self.strikes >= STRIKES


def error(code: str, message: str) -> dict[str, Any]:
    """An error message for the client (the refusal is counted and logged)."""
    refused(code, message, "websocket")
    return {"type": "error", "error": code, "message": message}


async def close(websocket: WebSocket, code: int, reason: str) -> None:
    """Close with ``code`` and ``reason`` (counted and logged as a refusal when code says one). Before
    the handshake is answered the socket is accepted first: a close before that is an HTTP 403
    without a body, and the page would never see the code."""
    refused(f"close-{code}", reason, "websocket")
    if websocket.client_state == WebSocketState.CONNECTING:
        await websocket.accept()
    await websocket.close(code=code, reason=reason)


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    if not origin_allowed(websocket.headers.get("origin"), hub.settings):
        await close(websocket, 4403, "this page's origin may not connect: open the table from this server's own address")
        return
    token = websocket.query_params.get("token")
    seat: int | None = None
    if token is None:  # a spectator
        room = await hub.room(table_id) if TABLE_ID.fullmatch(table_id) else None
        if room is None:
            await close(websocket, 4404, f"no table {table_id[:40]!r}")
            return
    else:  # refused alike whether the table is missing or the token holds no seat (access.py)
        try:
            room, seat = await seated(hub, table_id, token)
        except HTTPException:
            await close(websocket, 4401, NO_SEAT)
            return
    await websocket.accept()
    hub.opened(websocket)
    while True:
        async with room.lock:
            if not room.evicted:
                listener = room.attach(seat)
                break
        rebuilt = await hub.room(room.id)  # a turn-based room left memory meanwhile: attach to its rebuilt self
        if rebuilt is None:
            hub.closed(websocket)
            await websocket.close(4404, f"no table {table_id[:40]!r}")
            return
        room = rebuilt
    sender = asyncio.create_task(_send(websocket, listener, asyncio.current_task()))
    listener.on_drop = sender.cancel  # a dropped connection's sender stops at once, even mid-send
    try:
        await _receive(websocket, room, listener, Throttle(hub.settings.message_rate, hub.settings.message_burst))
    except WebSocketDisconnect:
        pass
    finally:
        room.detach(listener)
        sender.cancel()
        hub.closed(websocket)


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
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        raw = frame.get("text")
        if raw is None:  # a binary frame: this protocol speaks JSON text only
            reason = "binary frames are not supported: send JSON text"
            await websocket.send_text(json.dumps({"type": "error", "error": "binary-frame", "message": reason}))
            await close(websocket, BINARY_CLOSE, reason)  # one refusal, logged once
            return
        if not throttle.allow():
            if throttle.exhausted:
                await close(websocket, 4429, f"too many messages: at most {throttle.rate:g} a second")
                return
            await websocket.send_text(json.dumps(error("slow-down", f"too many messages: at most {throttle.rate:g} a second")))
            continue
        # shielded: a connection closed meanwhile must not cancel a move halfway through its commit
        reply = await asyncio.shield(_handle(raw, room, listener))
        if reply is not None:
            await websocket.send_text(wire.dumps(reply))


def _depth(raw: str) -> int:
    """How deep arrays and objects nest in ``raw`` (brackets inside strings count too: an upper bound)."""
    deepest = depth = 0
    for char in raw:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _explained(refused: ValidationError) -> str:
    """The first problem of a message, naming its field and what is allowed."""
    problem = refused.errors()[0]
    where = ".".join(str(part) for part in problem["loc"]) or "message"
    if where == "seq":
        return f"seq: {problem['msg']}: {SEQ_DOC}, a whole number from 0 to {MAX_SEQ}"
    limits = f" (a move is at most {MAX_MOVE} characters, a form's name {MAX_NAME}, a chat line {MAX_CHAT})"
    return f"{where}: {problem['msg']}{limits}"


async def _handle(raw: str, room: Room, listener: Listener) -> dict[str, Any] | None:
    """Carry out one client message; the reply to send (None: the update reaches it through the room)."""
    if len(raw) > MAX_MESSAGE:
        return error("too-large", f"a message is at most {MAX_MESSAGE} bytes")
    if _depth(raw) > MAX_DEPTH:
        return error("bad-json", f"a message nests arrays and objects at most {MAX_DEPTH} deep")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        return error("bad-json", "send one JSON object, e.g. {\"type\": \"move\", \"move\": \"draw\", \"seq\": 3}")
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return error("bad-message", f"a message is a JSON object with a \"type\": {KINDS}")
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
        if kind == "move":
            assert seat is not None
            move = Move.model_validate(message)
            await room.move(seat, move.move, move.seq)
            return None
        if kind == "form":
            assert seat is not None
            filled = FormMove.model_validate(message)
            await room.fill(seat, filled.form, filled.values, filled.seq)
            return None
        if kind == "undo":
            assert seat is not None
            if message:
                return error("bad-message", "undo takes no fields")
            await room.undo(seat)
            return None
        if kind == "chat":
            assert seat is not None
            await room.chat(seat, Chat.model_validate(message).text)
            return None
    except ValidationError as refused:
        return error("bad-message", _explained(refused))
    except ChatRefused as refused:
        return error("chat-refused", str(refused))
    except DreamtableError as refused:
        return error(type(refused).__name__, str(refused))
    return error("bad-message", f"unknown message type {kind[:40]!r}: use {KINDS}")
