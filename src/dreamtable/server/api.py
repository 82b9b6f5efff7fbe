"""The HTTP API: games, tables and seats, moves and chat (the WebSocket is in :mod:`.sockets`).

A table's seats are held by secret tokens (join links); a request acts for a seat by sending its
token as ``Authorization: Bearer TOKEN``. The creator of a table gets a host token (start it) and
the tokens of the human seats it invited; an open seat's token is given to whoever joins it.
"""

from __future__ import annotations

import re
import secrets
import time
from typing import Any, Callable

from fastapi import APIRouter, Depends, Header, HTTPException, Query, Request
from fastapi import status as http

from ..agents import bot_names, make_agent
from ..core.errors import SetupError
from ..core.registry import games, load
from ..core.seats import seat_name
from .hub import Hub
from .models import TableRow
from .rooms import Room, describe_seat
from .schemas import Chat, CreateTable, FormMove, Join, Move, PlayBots, SeatSpec
from .tokens import new_token, same_token, token_hash

router = APIRouter(prefix="/api")

MAX_ISMCTS_ITERATIONS = 20_000
MAX_ISMCTS_SECONDS = 10.0


def hub_of(request: Request) -> Hub:
    """The process's hub (set up by the app's lifespan)."""
    hub: Hub = request.app.state.hub
    return hub


def bearer(authorization: str | None = Header(None, max_length=200)) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``, if any."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise HTTPException(http.HTTP_401_UNAUTHORIZED, "write the header as 'Authorization: Bearer TOKEN'")
    return token.strip()


def seat_of(row: TableRow, token: str | None) -> int | None:
    """The seat ``token`` holds at ``row`` (every seat is compared, each in constant time), or None."""
    found = None
    for seat, spec in enumerate(row.seats):
        if same_token(token, spec.get("token_hash")):
            found = seat
    return found


async def live_room(table_id: str, hub: Hub) -> Room:
    """The room of ``table_id``, or 404."""
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,32}", table_id):
        raise HTTPException(http.HTTP_404_NOT_FOUND, f"no table {table_id[:40]!r}")
    room = await hub.room(table_id)
    if room is None:
        raise HTTPException(http.HTTP_404_NOT_FOUND, f"no table {table_id!r}")
    return room


def my_seat(room: Room, token: str | None) -> int:
    """The seat the caller's token holds at the room's table, or 401/403."""
    if token is None:
        raise HTTPException(http.HTTP_401_UNAUTHORIZED, "send your seat's token: 'Authorization: Bearer TOKEN'")
    seat = seat_of(room.row, token)
    if seat is None:
        raise HTTPException(http.HTTP_403_FORBIDDEN, "this token holds no seat at this table")
    return seat


def check_bot(spec: str, game_id: str) -> str:
    """A bot spec the server will run: known to the game, and with a bounded search budget."""
    budget = re.fullmatch(r"ismcts:(\d+(?:\.\d+)?)(s?)", spec.strip().lower())
    if budget:
        amount, seconds = float(budget.group(1)), budget.group(2) == "s"
        if amount > (MAX_ISMCTS_SECONDS if seconds else MAX_ISMCTS_ITERATIONS):
            raise HTTPException(http.HTTP_400_BAD_REQUEST,
                                f"bot {spec!r} thinks too long for a server: at most ismcts:{MAX_ISMCTS_ITERATIONS} "
                                f"or ismcts:{MAX_ISMCTS_SECONDS:g}s")
    make_agent(spec, game=load(game_id))  # UnknownAgentError says what is accepted
    return spec.strip().lower()


def table_summary(row: TableRow, room: Room | None = None) -> dict[str, Any]:
    """A table as anyone may see it (no tokens)."""
    bots = sorted(room.table.bots) if room is not None and room.table is not None else []
    return {
        "table": row.id, "game": row.game, "players": row.players, "options": row.options,
        "status": row.status, "seats": [describe_seat(spec, seat, bots) for seat, spec in enumerate(row.seats)],
        "settings": row.settings, "rematch": row.rematch, "rematch_of": row.rematch_of,
        "created_at": row.created_at,
    }


def links(row: TableRow, tokens: dict[int, str]) -> dict[str, Any]:
    """Join links of the seats whose tokens were just made."""
    return {seat_name(seat): {"seat": seat, "token": token, "url": f"/tables/{row.id}?token={token}"}
            for seat, token in tokens.items()}


async def make_table(hub: Hub, body: CreateTable, *, start: bool) -> tuple[TableRow, str, dict[int, str]]:
    """Check and store a new table; its host token and the tokens of its invited human seats."""
    game = load(body.game)  # UnknownGameError: 404 with the list
    players = body.players or (len(body.seats) if body.seats else game.info.min_players)
    seats = body.seats or [SeatSpec(kind="human"), *[SeatSpec() for _ in range(players - 1)]]
    if len(seats) != players:
        raise SetupError(f"{len(seats)} seats were given for {players} players; give one per player")
    seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
    game.new(players, seed, **body.options)  # SetupError: bad player count or options, said plainly
    waiting = len(await hub.store.tables(status="waiting", limit=hub.settings.max_open_tables))
    if waiting >= hub.settings.max_open_tables:
        raise HTTPException(http.HTTP_503_SERVICE_UNAVAILABLE, "too many tables wait for players; try again later")
    tokens: dict[int, str] = {}
    stored: list[dict[str, Any]] = []
    for seat, spec in enumerate(seats):
        entry: dict[str, Any] = {"kind": spec.kind, "name": spec.name}
        if spec.kind == "bot":
            entry["bot"] = check_bot(spec.bot or "bot", game.id)
        elif spec.kind == "human":
            tokens[seat] = new_token()
            entry["token_hash"] = token_hash(tokens[seat])
        stored.append(entry)
    settings = body.settings.model_dump()
    if settings["bot_delay"] is None:
        settings["bot_delay"] = hub.settings.bot_delay
    check_bot(settings["stand_in"], game.id)
    host = new_token()
    now = time.time()
    if start and any(spec["kind"] == "open" for spec in stored):
        raise SetupError("a table started at once cannot have open seats")
    row = TableRow(id=secrets.token_urlsafe(9), game=game.id, players=players, seed=seed, options=body.options,
                   seats=stored, settings=settings, host_hash=token_hash(host),
                   status="playing" if start else "waiting", created_at=now, started_at=now if start else None)
    await hub.store.add_table(row)
    return row, host, tokens


@router.get("/games", summary="The games this server runs, with their player counts and options")
async def list_games() -> list[dict[str, Any]]:
    found = []
    for info in games():
        found.append({
            "id": info.id, "name": info.name, "min_players": info.min_players, "max_players": info.max_players,
            "version": info.version, "bots": ["bot", *bot_names(load(info.id)), "ismcts:500"],
            "hints": not load(info.id).bots,  # a game played by its own bots has no search to ask
            "options": [{"name": o.name, "default": o.default, "doc": o.doc,
                         "choices": list(o.choices) if o.choices is not None else None,
                         "minimum": o.minimum, "maximum": o.maximum} for o in info.options],
        })
    return found


@router.get("/tables", summary="Tables, newest first (status=waiting lists those with open seats)")
async def list_tables(request: Request, status: str | None = Query(None, pattern="^(waiting|playing|over)$")
                      ) -> list[dict[str, Any]]:
    return [table_summary(row) for row in await hub_of(request).store.tables(status=status)]


@router.post("/tables", status_code=201, summary="Create a table; you get its host token and the join links")
async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    row, host, tokens = await make_table(hub, body, start=False)
    return {**table_summary(row), "host_token": host, "links": links(row, tokens)}


@router.post("/play", status_code=201, summary="Play against bots: a full table with you in seat A, started")
async def play_bots(body: PlayBots, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    game = load(body.game)
    players = body.players or game.info.min_players
    seats = [SeatSpec(kind="human", name=body.name), *[SeatSpec(kind="bot", bot=body.bot) for _ in range(players - 1)]]
    create = CreateTable(game=body.game, players=players, options=body.options, seats=seats, seed=body.seed,
                         settings=body.settings)
    row, host, tokens = await make_table(hub, create, start=True)
    await hub.room(row.id)
    return {**table_summary(row), "host_token": host, "seat": 0, "token": tokens[0], "links": links(row, tokens)}


@router.get("/tables/{table_id}", summary="A table as anyone sees it")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    return table_summary(room.row, room)


async def edit_waiting_table(hub: Hub, room: Room, edit: Callable[[TableRow], dict[str, Any]]) -> None:
    """Change a table that waits for players (seats, the start) and tell everyone, in every process."""
    def checked(row: TableRow) -> dict[str, Any]:
        if row.status != "waiting":
            raise HTTPException(http.HTTP_409_CONFLICT, f"the game at this table has started ({row.status}); you may watch it")
        return edit(row)

    await hub.store.edit_table(room.id, checked)
    await room.reload_row()
    await hub.notify(room.id, "table")


def with_seat(row: TableRow, seat: int, spec: dict[str, Any]) -> dict[str, Any]:
    """The row's seats with ``seat`` replaced by ``spec``."""
    seats = [dict(entry) for entry in row.seats]
    seats[seat] = spec
    return {"seats": seats}


@router.post("/tables/{table_id}/join", summary="Take an open seat; you get its token")
async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    room = await live_room(table_id, hub)
    token = new_token()
    taken: list[int] = []

    def take(row: TableRow) -> dict[str, Any]:
        open_seats = [seat for seat, spec in enumerate(row.seats) if spec["kind"] == "open"]
        if not open_seats:
            raise HTTPException(http.HTTP_409_CONFLICT, "the table is full")
        seat = open_seats[0] if body.seat is None else body.seat
        if seat not in open_seats:
            raise HTTPException(http.HTTP_409_CONFLICT,
                                f"seat {seat} is not open; open seats: {', '.join(map(str, open_seats))}")
        taken.append(seat)
        return with_seat(row, seat, {"kind": "human", "name": body.name, "token_hash": token_hash(token)})

    await edit_waiting_table(hub, room, take)
    seat = taken[0]
    return {"table": table_id, "seat": seat, "letter": seat_name(seat), "token": token,
            "url": f"/tables/{table_id}?token={token}"}


@router.post("/tables/{table_id}/start", summary="Start the game (host token; every seat must be taken)")
async def start(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    hub = hub_of(request)
    room = await live_room(table_id, hub)
    if not same_token(token, room.row.host_hash):
        raise HTTPException(http.HTTP_403_FORBIDDEN, "only the host token starts a table")

    def begin(row: TableRow) -> dict[str, Any]:
        empty = [seat_name(seat) for seat, spec in enumerate(row.seats) if spec["kind"] == "open"]
        if empty:
            raise HTTPException(http.HTTP_409_CONFLICT, f"seats {', '.join(empty)} are still open")
        return {"status": "playing", "started_at": time.time()}

    await edit_waiting_table(hub, room, begin)
    return table_summary(room.row, room)


@router.post("/tables/{table_id}/leave", summary="Leave your seat: it opens again, or a bot takes it over in play")
async def leave(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    hub = hub_of(request)
    room = await live_room(table_id, hub)
    seat = my_seat(room, token)
    if room.table is None:
        await edit_waiting_table(hub, room, lambda row: with_seat(row, seat, {"kind": "open", "name": None}))
    elif not room.table.is_over and seat in room.table.humans:
        await room.hand_over(seat)
    return table_summary(room.row, room)


@router.post("/tables/{table_id}/rematch", status_code=201, summary="A new game with the same seats, started")
async def rematch(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    hub = hub_of(request)
    room = await live_room(table_id, hub)
    my_seat(room, token)
    old = room.row
    if old.status != "over":
        raise HTTPException(http.HTTP_409_CONFLICT, "a rematch starts once the game is over")
    if old.rematch is not None:  # someone asked first: everyone goes to the same new table
        existing = await hub.store.table(old.rematch)
        assert existing is not None
        return table_summary(existing)
    now = time.time()
    row = TableRow(id=secrets.token_urlsafe(9), game=old.game, players=old.players, seed=secrets.randbelow(2**31),
                   options=old.options, seats=old.seats, settings=old.settings, host_hash=old.host_hash,
                   status="playing", created_at=now, started_at=now, rematch_of=old.id)
    await hub.store.add_table(row)  # the same tokens hold the same seats at the new table
    await hub.store.update_table(old.id, rematch=row.id)
    await room.reload_row()
    await hub.notify(table_id, "table")
    await hub.room(row.id)
    return table_summary(row)


@router.get("/tables/{table_id}/view", summary="Your seat's current view (no token: the spectator's)")
async def view(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    seat = None if token is None else my_seat(room, token)
    return await room.current(seat)


@router.post("/tables/{table_id}/moves", summary="Make a move in the game's notation")
async def move(table_id: str, body: Move, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    seat = my_seat(room, token)
    await room.move(seat, body.move, body.seq)
    return await room.current(seat)


@router.post("/tables/{table_id}/forms", summary="Make a move by filling one of your action forms")
async def fill_form(table_id: str, body: FormMove, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    seat = my_seat(room, token)
    await room.fill(seat, body.form, body.values, body.seq)
    return await room.current(seat)


@router.post("/tables/{table_id}/undo", summary="Take back your last move where the undo policy allows it")
async def undo(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    seat = my_seat(room, token)
    await room.undo(seat)
    return await room.current(seat)


@router.get("/tables/{table_id}/chat", summary="The table's chat (players; spectators if the table allows)")
async def read_chat(table_id: str, request: Request, token: str | None = Depends(bearer)) -> list[dict[str, Any]]:
    hub = hub_of(request)
    room = await live_room(table_id, hub)
    if token is None and not room.row.settings.get("chat_spectators", False):
        raise HTTPException(http.HTTP_403_FORBIDDEN, "this table's chat is for its players")
    if token is not None:
        my_seat(room, token)
    return [{"seat": row.seat, "text": row.text, "at": row.at} for row in await hub.store.chat(table_id)]


@router.post("/tables/{table_id}/chat", status_code=201, summary="Write to the table's chat")
async def write_chat(table_id: str, body: Chat, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    seat = my_seat(room, token)
    return await room.chat(seat, body.text)


@router.get("/tables/{table_id}/record", summary="The record of a finished game (seed and every move)")
async def record(table_id: str, request: Request) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    if room.table is None or not room.table.is_over:
        raise HTTPException(http.HTTP_409_CONFLICT, "the record is published once the game is over: it shows every hand")
    return room.table.state.record().to_dict()
