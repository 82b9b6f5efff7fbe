"""The leaderboard of a game: accounts (and bots) rated on the finished games that count (ratings.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request

from ..core.registry import load
from .api import hub_of
from .ratings import leaderboard, rate_pending, standing_json

router = APIRouter(prefix="/api/ratings", tags=["accounts"])


@router.get("/{game_id}", summary="A game's leaderboard: accounts rated on games of accounts and bots only")
async def game_leaderboard(game_id: str, request: Request, limit: int = Query(50, ge=1, le=500),
                           bots: bool = Query(False, description="list the bots' ratings too")) -> dict[str, Any]:
    game = load(game_id)  # UnknownGameError: 404 naming the games
    hub = hub_of(request)
    await rate_pending(hub)
    standings = await leaderboard(hub.store, game.id, limit, bots)
    return {"game": game.id, "model": "openskill Plackett-Luce; rating = mu - 3 sigma",
            "players": [standing_json(place, standing) for place, standing in enumerate(standings, start=1)]}


__all__ = ["router"]
