"""The account API: register, log in and out, change the password, delete; the account's seats.

Every answer that could tell whether a name has an account is the same either way:

* a log-in with an unknown name or a wrong password gets one refusal (401 ``login-failed``, one
  sentence), after the same work (an unknown name is checked against a dummy Argon2id hash);
* a registration of a taken name is answered as a log-in: with that name's password it logs in
  (``created: false``); with another it gets the log-in's very refusal, which says the name may be
  taken. A new name is registered (``created: true``) — so registering does show that a name was
  free, at the price of taking it: registrations are limited per address (login_limits.py).

Bad input (a name that is invisible, mixed-script, reserved or the wrong length; a password too
short or over 1 KB, refused before hashing) gets 422 with a sentence saying what is allowed, and
changes nothing. Writes made with the session cookie need the CSRF header (sessions.py).
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import Field

from ..core.seats import seat_name
from . import accounts, ratings, sessions
from .account_names import BadName, check_name, name_key
from .account_models import AccountRow
from .api import hub_of
from .hub import Hub
from .login_limits import LoginLimits
from .models import TableRow
from .pages import page
from .profile_api import account_names
from .passwords import MAX_PASSWORD_BYTES, BadPassword, check_password, hash_password, verify_password
from .quotas import client_of
from .schemas import Strict
from .seat_claims import MAX_CLAIMS, SeatToken, claim, forget_account
from .sessions import AccountRefused

router = APIRouter(prefix="/api/account", tags=["accounts"])
pages = APIRouter(include_in_schema=False)

LOGIN_FAILED = ("no account has this name and password: check both. If you were registering, the name may be "
                "taken: choose another")
"""The one answer to a wrong password and to a name without an account."""


class Credentials(Strict):
    """A name and password, and the seat tokens this browser holds (claimed for the account)."""

    name: str = Field(max_length=200)
    password: str = Field(max_length=MAX_PASSWORD_BYTES * 4, description=f"at most {MAX_PASSWORD_BYTES} bytes")
    seats: list[SeatToken] = Field(default_factory=list, max_length=MAX_CLAIMS)


class NewPassword(Strict):
    """The current password and the new one."""

    password: str = Field(max_length=MAX_PASSWORD_BYTES * 4)
    new_password: str = Field(max_length=MAX_PASSWORD_BYTES * 4)


class Confirm(Strict):
    """The password, to confirm deleting the account."""

    password: str = Field(max_length=MAX_PASSWORD_BYTES * 4)


class Claim(Strict):
    """Seat tokens to claim for the account."""

    seats: list[SeatToken] = Field(max_length=MAX_CLAIMS)


def limits_of(request: Request) -> LoginLimits:
    """The log-in limits (made with the app's first account request; their counts are in the database)."""
    limits: LoginLimits | None = getattr(request.app.state, "login_limits", None)
    if limits is None:
        hub = hub_of(request)
        limits = request.app.state.login_limits = LoginLimits(hub.store, hub.settings.quota_exempt)
    return limits


def _bad_input(error: ValueError, code: str) -> AccountRefused:
    return AccountRefused(422, code, str(error))


def _checked_password(password: str, field: str = "password") -> str:
    try:
        return check_password(password)
    except BadPassword as error:
        raise _bad_input(BadPassword(f"{field}: {error}"), "bad-password") from None


async def _logged_in_answer(hub: Hub, request: Request, response: Response, account: AccountRow,
                            seats: list[SeatToken], **extra: Any) -> dict[str, Any]:
    found = await sessions.start(hub.store, response, account, sessions.over_tls(request, hub.settings.public_origin))
    claimed = await claim(hub, account, seats)
    return {"account": {"name": account.name}, "csrf": found.csrf, "claimed": claimed, **extra}


async def _verified(request: Request, account: AccountRow | None, key: str, password: str) -> AccountRow:
    """``account`` if ``password`` is its password; the log-in refusal otherwise (failure counted)."""
    limits = limits_of(request)
    address = client_of(request).address
    if len(password.encode("utf-8", "surrogatepass")) > MAX_PASSWORD_BYTES:
        raise _bad_input(BadPassword(f"a password has at most {MAX_PASSWORD_BYTES} bytes (UTF-8)"), "bad-password")
    if not await verify_password(None if account is None else account.password_hash, password) or account is None:
        await limits.failed(key, address)
        raise AccountRefused(401, "login-failed", LOGIN_FAILED)
    return account


@router.get("", summary="Who this browser is logged in as (account null: a guest), and the CSRF token")
async def whoami(request: Request) -> dict[str, Any]:
    found = await sessions.logged_in(request, hub_of(request).store)
    if found is None:
        return {"account": None}
    return {"account": {"name": found.account.name}, "csrf": found.csrf}


@router.post("/register", status_code=200, summary="Register a name and password (a taken name: as a log-in)")
async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    hub = hub_of(request)
    try:
        name = check_name(body.name)
    except BadName as error:
        raise _bad_input(error, "bad-name") from None
    password = _checked_password(body.password)
    key = name_key(name)
    limits = limits_of(request)
    address = client_of(request).address
    await limits.check(key, address)
    await limits.register(address)
    existing = await accounts.by_key(hub.store, key)
    if existing is not None:
        account = await _verified(request, existing, key, password)
        return await _logged_in_answer(hub, request, response, account, body.seats, created=False)
    try:
        account = await accounts.create(hub.store, name, key, await hash_password(password))
    except accounts.NameTaken:  # registered by another request meanwhile
        raise AccountRefused(401, "login-failed", LOGIN_FAILED) from None
    return await _logged_in_answer(hub, request, response, account, body.seats, created=True)


@router.post("/login", summary="Log in: the session cookie, the CSRF token, and this browser's seats claimed")
async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    hub = hub_of(request)
    key = name_key(body.name)
    await limits_of(request).check(key, client_of(request).address)
    # no account's name holds a control character (PostgreSQL could not even be asked about a NUL)
    found = await accounts.by_key(hub.store, key) if body.name.isprintable() else None
    account = await _verified(request, found, key, body.password)
    return await _logged_in_answer(hub, request, response, account, body.seats)


@router.post("/logout", summary="Log out: this session ends on the server, whoever holds its cookie")
async def logout(request: Request, response: Response) -> dict[str, Any]:
    store = hub_of(request).store
    try:
        found = await sessions.logged_in(request, store)
    except AccountRefused:
        found = None  # already ended: logging out again is no error
    if found is not None:
        sessions.check_csrf(request, found)
        await accounts.drop_session(store, found.session_hash)
    sessions.forget(response)
    return {"account": None}


@router.post("/password", summary="Change the password: every session of the account ends but this one's new one")
async def change_password(body: NewPassword, request: Request, response: Response) -> dict[str, Any]:
    hub = hub_of(request)
    found = await sessions.required(request, hub.store)
    sessions.check_csrf(request, found)
    new = _checked_password(body.new_password, "new_password")
    key = found.account.name_key
    await limits_of(request).check(key, client_of(request).address)
    account = await _verified(request, found.account, key, body.password)
    await accounts.set_password(hub.store, account.id, await hash_password(new))
    again = await sessions.start(hub.store, response, account, sessions.over_tls(request, hub.settings.public_origin))
    return {"account": {"name": account.name}, "csrf": again.csrf}


@router.post("/delete", summary="Delete the account: its games stay, its seats named 'deleted player'")
async def delete_account(body: Confirm, request: Request, response: Response) -> dict[str, Any]:
    hub = hub_of(request)
    found = await sessions.required(request, hub.store)
    sessions.check_csrf(request, found)
    key = found.account.name_key
    await limits_of(request).check(key, client_of(request).address)
    account = await _verified(request, found.account, key, body.password)
    await forget_account(hub, account.id)
    await ratings.forget(hub.store, account.id)
    await accounts.remove(hub.store, account.id)
    sessions.forget(response)
    return {"account": None, "deleted": account.name}


@router.post("/claim", summary="Make the seats these tokens hold the account's")
async def claim_seats(body: Claim, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    found = await sessions.required(request, hub.store)
    sessions.check_csrf(request, found)
    return {"claimed": await claim(hub, found.account, body.seats)}


async def _turn(hub: Hub, row: TableRow) -> tuple[list[int], float | None]:
    """Who acts at a table in play, and its next deadline, without keeping its room in memory: a
    listing is not a visit. A turn-based table's row holds both (written with every change), so a
    sleeping table stays asleep; a live table in play is in memory anyway."""
    room = hub.rooms.get(row.id)
    if room is None and row.pace == "turn-based" and row.actors is not None:
        return list(row.actors), row.next_deadline
    if room is None:  # a live table after a restart, or a turn-based one with no change stored yet
        room = await hub.room(row.id)
    if room is None or room.table is None:
        return [], None
    return list(room.table.state.actors), room.next_deadline() if room.turn_based else None


async def _game(hub: Hub, row: TableRow, seat: int, token: str, names: dict[int, str]) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "table": row.id, "game": row.game, "players": row.players, "status": row.status, "seat": seat,
        "letter": seat_name(seat), "token": token, "url": f"/tables/{row.id}?token={token}",
        "created_at": row.created_at,
        # an account's seat by the account's name (a table created in the lobby gave its seat A none)
        "seats": [{"letter": seat_name(number), "name": names.get(spec.get("account", -1), spec.get("name")),
                   "kind": spec["kind"]} for number, spec in enumerate(row.seats)],
    }
    if row.status == "over":
        entry["replay"] = f"/replay/{row.id}"
    elif row.status == "playing":
        actors, deadline = await _turn(hub, row)
        entry["turn"] = [seat_name(actor) for actor in actors]
        entry["your_turn"] = seat in actors
        if row.pace == "turn-based" and deadline is not None:  # the move clock: what is left, not a moment
            entry["clock_seconds"] = round(max(0.0, deadline - time.time()))
    else:
        entry["open_seats"] = sum(spec["kind"] == "open" for spec in row.seats)
    return entry


@router.get("/games", summary="The account's games (waiting, playing, over) with each seat's link")
async def my_games(request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    found = await sessions.required(request, hub.store)
    held = await accounts.seats_of(hub.store, found.account.id)
    # a seat left while its table waited (and perhaps taken by someone else since) is no longer the account's
    kept = [(row, seat, token) for row, seat, token in held
            if seat < len(row.seats) and row.seats[seat].get("account") == found.account.id]
    names = await account_names(hub.store, {int(spec["account"]) for row, _, _ in kept for spec in row.seats
                                            if spec.get("account") is not None})
    games = [await _game(hub, row, seat, token, names) for row, seat, token in kept]
    return {"account": {"name": found.account.name}, "games": games}


@pages.get("/me")
async def me_page() -> HTMLResponse:
    """The account's games, with their links (the page asks /api/account/games)."""
    return page("me.html")


__all__ = ["pages", "router"]
