"""Players' public pages: a game's leaderboard (``/ratings/GAME``) and a player's profile
(``/players/NAME``), with the profile's API (``GET /api/players/NAME``).

A profile shows what anyone at the site could have seen at the end of a game: the account's rating
per game, its games and wins (from ``results``, kept when the ratings look at a finished table),
and its latest finished games with their places and replays. A game in play is never listed (a
result exists only once a table is over), and nothing of any hand is: a replay is public only
once the game is over. A deleted account has no profile (404); its seats in other players' games
are called "deleted player".
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi import status as http
from fastapi.responses import HTMLResponse
from sqlalchemy import case, func, select

from ..core.registry import games
from ..core.seats import seat_name
from . import accounts
from .account_models import AccountRow
from .account_names import MAX_NAME, MIN_NAME, name_key
from .api import hub_of
from .models import TableRow
from .pages import page
from .rating_models import RatingRow, ResultRow
from .ratings import rate_pending
from .sessions import AccountRefused
from .store import Store

router = APIRouter(prefix="/api/players", tags=["accounts"])
pages = APIRouter(include_in_schema=False)

RECENT = 20
"""Finished games a profile lists by default (at most 100)."""


def _checked(name: str) -> str:
    """``name`` if it could be an account's; 422 saying what a name holds otherwise."""
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise AccountRefused(422, "bad-name", f"a player's name has {MIN_NAME}–{MAX_NAME} characters; this one has "
                                              f"{len(name)}")
    return name


async def _account(store: Store, name: str) -> AccountRow:
    """The account named ``name`` (as its look-alike key), or 404 saying so."""
    found = await accounts.by_key(store, name_key(_checked(name))) if name.isprintable() else None
    if found is None:
        raise AccountRefused(404, "no-player", f"no player is named {name[:MAX_NAME]!r}: the name may be misspelt, "
                                               "or the account was deleted")
    return found


async def account_names(store: Store, ids: set[int]) -> dict[int, str]:
    """The current names of the accounts ``ids`` (a deleted one is missing)."""
    if not ids:
        return {}
    async with store.sessions() as session:
        found = await session.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(ids)))
        return {account_id: name for account_id, name in found}


def _seat(spec: dict[str, Any], seat: int, names: dict[int, str]) -> dict[str, Any]:
    """A seat as a finished game's list shows it: an account by its current name (its profile), a
    bot by its spec, a guest by the name it gave."""
    account = spec.get("account")
    if account is not None and account in names:
        return {"letter": seat_name(seat), "kind": "account", "name": names[account]}
    if spec.get("kind") == "bot":
        return {"letter": seat_name(seat), "kind": "bot", "name": spec.get("bot", "bot")}
    return {"letter": seat_name(seat), "kind": "guest", "name": spec.get("name")}


async def profile(store: Store, account: AccountRow, recent: int) -> dict[str, Any]:
    """The profile's answer: ratings, games and wins per game, and the latest finished games."""
    async with store.sessions() as session:
        ratings = (await session.scalars(select(RatingRow).where(RatingRow.account_id == account.id))).all()
        tallies = (await session.execute(
            select(ResultRow.game, func.count(), func.sum(case((ResultRow.won, 1), else_=0)),
                   func.sum(case((ResultRow.left, 1), else_=0)))
            .where(ResultRow.account_id == account.id).group_by(ResultRow.game))).all()
        latest = (await session.execute(
            select(ResultRow, TableRow).join(TableRow, TableRow.id == ResultRow.table_id)
            .where(ResultRow.account_id == account.id, TableRow.status == "over")
            .order_by(ResultRow.finished_at.desc()).limit(recent))).all()
    named = {info.id: info.name for info in games()}
    per_game: dict[str, dict[str, Any]] = {}
    for game, played, won, left in tallies:
        per_game[game] = {"game": game, "name": named.get(game, game), "played": int(played), "won": int(won or 0),
                          "left": int(left or 0), "win_rate": round(int(won or 0) / int(played), 3),
                          "rating": None, "rated_games": 0}
    for rating in ratings:
        line = per_game.setdefault(rating.game, {"game": rating.game, "name": named.get(rating.game, rating.game),
                                                 "played": 0, "won": 0, "left": 0, "win_rate": None})
        line.update(rating=round(rating.mu - 3 * rating.sigma, 2), mu=round(rating.mu, 3),
                    sigma=round(rating.sigma, 3), rated_games=rating.games)
    ids = {int(spec["account"]) for _, table in latest for spec in table.seats if spec.get("account") is not None}
    names = await account_names(store, ids)
    games_list = [{
        "table": table.id, "game": table.game, "name": named.get(table.game, table.game), "players": result.players,
        "finished_at": result.finished_at, "seat": result.seat, "letter": seat_name(result.seat), "place": result.place,
        "won": result.won, "left": result.left, "rated": result.rated, "replay": f"/replay/{table.id}",
        "seats": [_seat(spec, seat, names) for seat, spec in enumerate(table.seats)],
    } for result, table in latest]
    order = sorted(per_game.values(), key=lambda line: (-(line["played"] or 0), line["name"]))
    return {"name": account.name, "since": account.created_at, "games": order, "recent": games_list}


@router.get("/{name}", summary="A player's profile: rating, games and wins per game, latest finished games")
async def player(name: str, request: Request, recent: int = Query(RECENT, ge=0, le=100)) -> dict[str, Any]:
    hub = hub_of(request)
    account = await _account(hub.store, name)
    await rate_pending(hub)
    return await profile(hub.store, account, recent)


@pages.get("/players/{name}")
async def player_page(name: str, request: Request) -> HTMLResponse:
    """A player's profile (the page asks /api/players/NAME); 404 or 422, with the same page, when there is none."""
    try:
        await _account(hub_of(request).store, name)
    except AccountRefused as refused:
        return page("player.html", refused.status_code)
    return page("player.html")


@pages.get("/ratings/{game_id}")
async def leaderboard_page(game_id: str) -> HTMLResponse:
    """A game's leaderboard (the page asks /api/ratings/GAME?bots=true)."""
    if game_id not in {info.id for info in games()}:
        return page("ratings.html", http.HTTP_404_NOT_FOUND)
    return page("ratings.html")


__all__ = ["account_names", "pages", "profile", "router"]
