"""The HTTP API: games, tables and seats, moves and chat (the WebSocket is in :mod:`.sockets`).

A table's seats are held by secret tokens (join links); a request acts for a seat by sending its
token as ``Authorization: Bearer TOKEN``. The creator of a table gets a host token (start it) and
the tokens of the human seats it invited; an open seat's token is given to whoever joins it.
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Callable

from fastapi import APIRouter, Depends, Header, HTTPException, Query, Request, Response
from fastapi import status as http

from ..agents import bot_names, parse_bot_spec
from ..core.errors import IllegalActionError, SetupError
from ..core.registry import games, load
from ..core.seats import seat_name
from ..core.table_language import options_in_language
from ..core.tutorial import tutorial_of
from . import accounts, seat_claims, sessions
from .access import NOT_HOST, TABLE_ID, host_of, seat_of, seated
from .hub import Hub
from .move_clock import clock_seconds
from .models import TableRow
from .quotas import Client, client_of
from .rooms import Room, describe_seat, table_language
from .schemas import Chat, CreateTable, FormMove, Join, Learn, Move, PlayBots, SeatSpec, TableSettings
from .store import TableTaken
from .tokens import new_token, same_token, token_hash

router = APIRouter(prefix="/api")


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


async def live_room(table_id: str, hub: Hub) -> Room:
    """The room of ``table_id``, or 404."""
    if not TABLE_ID.fullmatch(table_id):
        raise HTTPException(http.HTTP_404_NOT_FOUND, f"no table {table_id[:40]!r}")
    room = await hub.room(table_id)
    if room is None:
        raise HTTPException(http.HTTP_404_NOT_FOUND, f"no table {table_id!r}")
    return room


def left_seat(row: TableRow, token: str) -> int | None:
    """The seat ``token`` held before it left it (while the table waits for players), or None."""
    found = None
    for seat, spec in enumerate(row.seats):
        if spec["kind"] == "open" and same_token(token, spec.get("left")):
            found = seat
    return found


def seat_or_left(row: TableRow, token: str | None) -> int | None:
    """The seat ``token`` holds at ``row``, or the one it left while the table waits (a leave repeated)."""
    seat = seat_of(row, token)
    return seat if seat is not None or token is None else left_seat(row, token)


def check_bot(spec: str, game_id: str) -> str:
    """A bot spec the server will run, in its canonical form: the one parser's (agents/specs.py) grammar,
    budget range and message, as at the terminal (``UnknownAgentError``: 400 saying what is allowed)."""
    return parse_bot_spec(spec, load(game_id)).text


def table_summary(row: TableRow, room: Room | None = None) -> dict[str, Any]:
    """A table as anyone may see it (no tokens)."""
    bots = sorted(room.table.bots) if room is not None and room.table is not None else []
    return {
        "table": row.id, "game": row.game, "players": row.players, "options": row.options,
        "status": row.status, "seats": [describe_seat(spec, seat, bots) for seat, spec in enumerate(row.seats)],
        "settings": row.settings, "rematch": row.rematch, "rematch_of": row.rematch_of,
        "created_at": row.created_at, "language": table_language(row),
    }


def links(row: TableRow, tokens: dict[int, str]) -> dict[str, Any]:
    """Join links of the seats whose tokens were just made."""
    return {seat_name(seat): {"seat": seat, "token": token, "url": f"/tables/{row.id}?token={token}"}
            for seat, token in tokens.items()}


async def make_table(hub: Hub, body: CreateTable, client: Client, *, start: bool, tutorial: bool = False
                     ) -> tuple[TableRow, str, dict[int, str]]:
    """Check and store a new table (within ``client``'s quotas and the server's caps); its host
    token and the tokens of its invited human seats. ``tutorial``: the table is the game's guided
    first game (its settings say so, and the page shows the tutorial's steps)."""
    game = load(body.game)  # UnknownGameError: 404 with the list
    players = body.players or (len(body.seats) if body.seats else game.info.min_players)
    seats = body.seats or [SeatSpec(kind="human"), *[SeatSpec() for _ in range(players - 1)]]
    if len(seats) != players:
        raise SetupError(f"{len(seats)} seats were given for {players} players; give one per player")
    seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
    options = options_in_language(game, body.options, body.settings.language)  # an Italian table deals Italian words
    game.new(players, seed, **options)  # SetupError: bad player count or options, said plainly
    tokens: dict[int, str] = {}
    stored: list[dict[str, Any]] = []
    for seat, spec in enumerate(seats):
        entry: dict[str, Any] = {"kind": spec.kind, "name": spec.name}
        if spec.kind == "bot":
            entry["bot"] = check_bot("bot" if spec.bot is None else spec.bot, game.id)
        elif spec.kind == "human":
            tokens[seat] = new_token()
            entry["token_hash"] = token_hash(tokens[seat])
        stored.append(entry)
    settings = body.settings.model_dump()
    if settings["bot_delay"] is None:
        settings["bot_delay"] = hub.settings.bot_delay
    settings["stand_in"] = check_bot(settings["stand_in"], game.id)
    if settings["pace"] == "turn-based":  # timed like a live turn, only longer (server/move_clock.py)
        settings["turn_seconds"] = clock_seconds(settings["move_clock"])
    if tutorial:
        settings["tutorial"] = True
    host = new_token()
    now = time.time()
    if start and any(spec["kind"] == "open" for spec in stored):
        raise SetupError("a table started at once cannot have open seats")
    status = "playing" if start else "waiting"
    creator = await hub.quotas.admit_table(client, status, settings["pace"])  # QuotaRefused: 429 or 503, saying when to retry
    row = TableRow(id=secrets.token_urlsafe(9), game=game.id, players=players, seed=seed, options=options,
                   seats=stored, settings=settings, host_hash=token_hash(host), status=status,
                   pace=settings["pace"], created_at=now, started_at=now if start else None, creator=creator)
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
            "tutorial": tutorial_of(load(info.id)) is not None,  # a guided first game: POST /api/learn
            "table_language_option": load(info.id).table_language_option,  # the option the table's language sets
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
    row, host, tokens = await make_table(hub, body, client_of(request), start=False)
    account = await sessions.writer(request, hub.store)
    if account is not None and 0 in tokens:  # seat A, a human's, is the creator's own (the lobby's "me")
        await seat_claims.give(hub, account, row.id, 0, tokens[0])
    return {**table_summary(row), "host_token": host, "links": links(row, tokens)}


@router.post("/play", status_code=201, summary="Play against bots: a full table with you in seat A, started")
async def play_bots(body: PlayBots, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    game = load(body.game)
    players = body.players or game.info.min_players
    account = await sessions.writer(request, hub.store)
    name = body.name if account is None else account.name  # one person, one name: the account's
    seats = [SeatSpec(kind="human", name=name), *[SeatSpec(kind="bot", bot=body.bot) for _ in range(players - 1)]]
    create = CreateTable(game=body.game, players=players, options=body.options, seats=seats, seed=body.seed,
                         settings=body.settings)
    row, host, tokens = await make_table(hub, create, client_of(request), start=True)
    if account is not None:
        await seat_claims.give(hub, account, row.id, 0, tokens[0])
    await hub.room(row.id)
    return {**table_summary(row), "host_token": host, "seat": 0, "token": tokens[0], "links": links(row, tokens)}


@router.post("/learn", status_code=201, summary="Learn to play: the game's guided first game against its bots, started")
async def learn(body: Learn, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    game = load(body.game)  # UnknownGameError: 404 with the list
    tutorial = tutorial_of(game)
    if tutorial is None:
        having = [info.id for info in games() if tutorial_of(load(info.id)) is not None]
        raise HTTPException(http.HTTP_404_NOT_FOUND, f"{game.id} has no guided first game; the games with one: "
                                                     f"{', '.join(having) or 'none'}")
    seats = [SeatSpec(kind="human", name=body.name) if seat == tutorial.you else SeatSpec(kind="bot", bot=spec)
             for seat, spec in enumerate(tutorial.seats)]
    create = CreateTable(game=game.id, players=len(seats), options=dict(tutorial.options), seats=seats,
                         seed=tutorial.seed, settings=TableSettings(language=body.language))
    row, host, tokens = await make_table(hub, create, client_of(request), start=True, tutorial=True)
    await hub.room(row.id)
    return {**table_summary(row), "host_token": host, "seat": tutorial.you, "token": tokens[tutorial.you],
            "links": links(row, tokens)}


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
    account = await sessions.writer(request, hub.store)
    name = body.name if account is None else account.name  # one person, one name: the account's

    def take(row: TableRow) -> dict[str, Any]:
        open_seats = [seat for seat, spec in enumerate(row.seats) if spec["kind"] == "open"]
        if not open_seats:
            raise HTTPException(http.HTTP_409_CONFLICT, "the table is full: no seat is open")
        seat = open_seats[0] if body.seat is None else body.seat
        if seat not in open_seats:
            raise HTTPException(http.HTTP_409_CONFLICT,
                                f"seat {seat} is not open; open seats: {', '.join(map(str, open_seats))}")
        taken.append(seat)
        return with_seat(row, seat, {"kind": "human", "name": name, "token_hash": token_hash(token),
                                     **({"account": account.id} if account is not None else {})})

    await edit_waiting_table(hub, room, take)
    seat = taken[0]
    if account is not None:
        await accounts.add_seat(hub.store, account.id, table_id, seat, token)
    return {"table": table_id, "seat": seat, "letter": seat_name(seat), "token": token,
            "url": f"/tables/{table_id}?token={token}"}


@router.post("/tables/{table_id}/start", summary="Start the game (host token; every seat must be taken)")
async def start(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    hub = hub_of(request)
    room, _ = await seated(hub, table_id, token, host_of, NOT_HOST)

    # Started already (a start that raced this one, in any process): the same answer, nothing changes.
    stored = await hub.store.table(table_id)
    if stored is not None and stored.status == "waiting":
        await hub.quotas.admit_start(client_of(request, token), stored.creator, stored.pace)

    def begin(row: TableRow) -> dict[str, Any]:
        if row.status != "waiting":
            return {}
        empty = [seat_name(seat) for seat, spec in enumerate(row.seats) if spec["kind"] == "open"]
        if empty:
            raise HTTPException(http.HTTP_409_CONFLICT, f"seats {', '.join(empty)} are still open")
        return {"status": "playing", "started_at": time.time()}

    await hub.store.edit_table(room.id, begin)  # the row is read and locked in the transaction that starts it
    await room.reload_row()
    await hub.notify(room.id, "table")
    return table_summary(room.row, room)


@router.post("/tables/{table_id}/leave", summary="Leave your seat: it opens again, or a bot takes it over in play")
async def leave(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    hub = hub_of(request)
    room, seat = await seated(hub, table_id, token, seat_or_left)
    if room.table is None and seat_of(room.row, token) is None:
        return table_summary(room.row, room)  # left already: the same answer
    if room.table is None:
        def open_again(row: TableRow) -> dict[str, Any]:
            if row.status != "waiting":
                raise HTTPException(http.HTTP_409_CONFLICT, "the game has started meanwhile; leave again to hand "
                                                            "your seat to a bot")
            if seat_of(row, token) != seat:  # a leave that raced this one opened it first
                return {}
            return with_seat(row, seat, {"kind": "open", "name": None, "left": token_hash(token or "")})

        await hub.store.edit_table(room.id, open_again)
        await room.reload_row()
        await hub.notify(room.id, "table")
        return table_summary(room.row, room)
    for _ in range(3):  # another process may have moved (or handed this seat over) first
        table = room.table
        if table is None or table.is_over or seat not in table.humans:
            break
        try:
            await room.hand_over(seat)
        except IllegalActionError:  # stale: the room has been rebuilt from the database; look again
            continue
    return table_summary(room.row, room)


@router.post("/tables/{table_id}/rematch", status_code=201, summary="A new game with the same seats, started")
async def rematch(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    hub = hub_of(request)
    room, _ = await seated(hub, table_id, token)
    old = await hub.store.table(table_id)  # as stored: another process may have ended the game or rematched
    if old is None or old.status != "over":
        raise HTTPException(http.HTTP_409_CONFLICT, "a rematch starts once the game is over")
    # Someone asked first (in any process): everyone goes to the same new table. The rematch is
    # unique per finished table in the database, so of requests racing here one makes it.
    existing = await hub.store.rematch_of(old.id)
    if existing is not None:
        return table_summary(existing)
    creator = await hub.quotas.admit_table(client_of(request, token), "playing", old.pace)
    now = time.time()
    # a new deal: a rematch of a guided first game is a game of its own, without the guide
    settings = {name: value for name, value in old.settings.items() if name != "tutorial"}
    row = TableRow(id=secrets.token_urlsafe(9), game=old.game, players=old.players, seed=secrets.randbelow(2**31),
                   options=old.options, seats=old.seats, settings=settings, host_hash=old.host_hash,
                   status="playing", pace=old.pace, created_at=now, started_at=now, rematch_of=old.id, creator=creator)
    try:
        await hub.store.add_table(row)  # the same tokens hold the same seats at the new table
    except TableTaken:
        existing = await hub.store.rematch_of(old.id)
        assert existing is not None, "a rematch made first is never deleted at once"
        return table_summary(existing)
    await accounts.copy_seats(hub.store, old.id, row.id)
    await hub.store.update_table(old.id, rematch=row.id)
    await room.reload_row()
    await hub.notify(table_id, "table")
    await hub.room(row.id)
    return table_summary(row)


@router.get("/tables/{table_id}/view", summary="Your seat's current view (no token: the spectator's)",
            response_model=None)
async def view(table_id: str, request: Request, token: str | None = Depends(bearer)) -> Response:
    if token is None:
        room, seat = await live_room(table_id, hub_of(request)), None
    else:
        room, seat = await seated(hub_of(request), table_id, token)
    # the JSON text the room keeps per (seq, seat) until the table changes: polling costs no view
    return Response(await room.current_text(seat), media_type="application/json")


@router.post("/tables/{table_id}/moves", summary="Make a move in the game's notation")
async def move(table_id: str, body: Move, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room, seat = await seated(hub_of(request), table_id, token)
    await room.move(seat, body.move, body.seq)
    return await room.current(seat)


@router.post("/tables/{table_id}/forms", summary="Make a move by filling one of your action forms")
async def fill_form(table_id: str, body: FormMove, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room, seat = await seated(hub_of(request), table_id, token)
    await room.fill(seat, body.form, body.values, body.seq)
    return await room.current(seat)


@router.post("/tables/{table_id}/undo", summary="Take back your last move where the undo policy allows it")
async def undo(table_id: str, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room, seat = await seated(hub_of(request), table_id, token)
    await room.undo(seat)
    return await room.current(seat)


@router.get("/tables/{table_id}/chat", summary="The table's chat (players; spectators if the table allows)")
async def read_chat(table_id: str, request: Request, token: str | None = Depends(bearer)) -> list[dict[str, Any]]:
    hub = hub_of(request)
    if token is not None:
        await seated(hub, table_id, token)
    elif not (await live_room(table_id, hub)).row.settings.get("chat_spectators", False):
        raise HTTPException(http.HTTP_403_FORBIDDEN, "this table's chat is for its players")
    return [{"seat": row.seat, "text": row.text, "at": row.at} for row in await hub.store.chat(table_id)]


@router.post("/tables/{table_id}/chat", status_code=201, summary="Write to the table's chat")
async def write_chat(table_id: str, body: Chat, request: Request, token: str | None = Depends(bearer)) -> dict[str, Any]:
    room, seat = await seated(hub_of(request), table_id, token)
    return await room.chat(seat, body.text)


@router.get("/tables/{table_id}/record", summary="The record of a finished game (seed and every move)")
async def record(table_id: str, request: Request) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    if room.table is None or not room.table.is_over:
        raise HTTPException(http.HTTP_409_CONFLICT, "the record is published once the game is over: it shows every hand")
    return room.table.state.record().to_dict()
