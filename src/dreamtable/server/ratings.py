"""Ratings of finished games whose every seat was an account or a bot, per game (openskill).

A finished table counts when every seat was an account's (taken while logged in, or claimed) or a
bot's, no seat was handed to a stand-in bot during play, and no account held two seats (nobody
rates themselves). Places are those of the workbench's tournaments (winners first, tied, then by
score); ratings are openskill's Plackett–Luce, as in the workbench. A bot spec is one player per
game (its several seats at one table each use its rating, and its new rating is their mean).

Tables are rated lazily, oldest first, when a leaderboard is asked for: each is looked at once in
any process (``rated_tables``' key: a second process's insert fails and it skips the table), in
the same transaction that updates the ratings, whose rows are locked on PostgreSQL.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..workbench.tournament import ranks_of
from .account_models import AccountRow
from .accounts import in_transaction
from .hub import Hub
from .models import ChangeRow, TableRow
from .rating_models import RatedTableRow, RatingRow
from .store import Store

BATCH = 100
"""Finished tables rated per leaderboard request at most (the next request takes the rest)."""


def players_of(row: TableRow) -> list[str] | None:
    """The rated player of every seat (``account:ID``, ``bot:SPEC``), or None when the table is not rated."""
    players: list[str] = []
    for spec in row.seats:
        if spec.get("account") is not None:
            players.append(f"account:{spec['account']}")
        elif spec.get("kind") == "bot":
            players.append(f"bot:{spec.get('bot', 'bot')}")
        else:
            return None
    accounts = [player for player in players if player.startswith("account:")]
    if not accounts or len(set(accounts)) != len(accounts):
        return None
    return players


def _mark(session: Session, table_id: str, rated: bool) -> None:
    session.add(RatedTableRow(table_id=table_id, rated=rated, at=time.time()))
    session.flush()  # IntegrityError: another process looked at this table first


def _rate(session: Session, table_id: str, game: str, players: list[str], ranks: list[float]) -> None:
    from openskill.models import PlackettLuce

    _mark(session, table_id, True)
    model = PlackettLuce()
    now = time.time()
    rows: dict[str, RatingRow] = {}
    for player in dict.fromkeys(players):
        found = session.get(RatingRow, (game, player), with_for_update=True)
        if found is None:
            account = int(player.split(":", 1)[1]) if player.startswith("account:") else None
            found = RatingRow(game=game, player=player, account_id=account, mu=model.mu, sigma=model.sigma,
                              games=0, updated_at=now)
            session.add(found)
        rows[player] = found
    teams = [[model.rating(mu=rows[player].mu, sigma=rows[player].sigma, name=player)] for player in players]
    updated = model.rate(teams, ranks=ranks)
    new: dict[str, list[tuple[float, float]]] = {}
    for player, (rating,) in zip(players, updated):
        new.setdefault(player, []).append((rating.mu, rating.sigma))
    for player, values in new.items():
        row = rows[player]
        row.mu = sum(mu for mu, _ in values) / len(values)
        row.sigma = sum(sigma for _, sigma in values) / len(values)
        row.games += 1
        row.updated_at = now


async def _handed_over(store: Store, table_id: str) -> bool:
    query = select(func.count()).where(ChangeRow.table_id == table_id, ChangeRow.kind.in_(("bot", "seat")))
    async with store.sessions() as session:
        return bool((await session.execute(query)).scalar())


async def rate_pending(hub: Hub, batch: int = BATCH) -> int:
    """Rate the finished tables not looked at yet (at most ``batch``, oldest first); how many counted."""
    store = hub.store
    looked = select(RatedTableRow.table_id).where(RatedTableRow.table_id == TableRow.id).exists()
    query = (select(TableRow).where(TableRow.status == "over", ~looked)
             .order_by(TableRow.created_at).limit(batch))
    async with store.sessions() as session:
        pending = (await session.scalars(query)).all()
    counted = 0
    for row in pending:
        players = players_of(row)
        outcome = None
        if players is not None and not await _handed_over(store, row.id):
            room = await hub.room(row.id)
            outcome = None if room is None or room.table is None else room.table.state.outcome
        try:
            if players is None or outcome is None:
                await in_transaction(store, partial(_mark, table_id=row.id, rated=False))
                continue
            ranks: list[float] = list(ranks_of({"winners": outcome.winners, "scores": outcome.scores}))
            await in_transaction(store, partial(_rate, table_id=row.id, game=row.game, players=players, ranks=ranks))
            counted += 1
        except IntegrityError:
            continue  # another process rated it
    return counted


@dataclass(frozen=True)
class Standing:
    """A line of a leaderboard."""

    player: str
    name: str
    kind: str
    mu: float
    sigma: float
    games: int

    @property
    def rating(self) -> float:
        """The conservative estimate shown and sorted on (mu − 3σ, openskill's ordinal)."""
        return self.mu - 3 * self.sigma


async def leaderboard(store: Store, game: str, limit: int, bots: bool) -> list[Standing]:
    """The best rated players of ``game``, best first (bots too, if ``bots``)."""
    query = (select(RatingRow, AccountRow.name).outerjoin(AccountRow, AccountRow.id == RatingRow.account_id)
             .where(RatingRow.game == game).order_by((RatingRow.mu - 3 * RatingRow.sigma).desc()).limit(limit))
    if not bots:
        query = query.where(RatingRow.account_id.is_not(None))
    async with store.sessions() as session:
        found = (await session.execute(query)).all()
    return [Standing(row.player, name or row.player.split(":", 1)[1], "account" if row.account_id is not None else "bot",
                     row.mu, row.sigma, row.games) for row, name in found]


async def forget(store: Store, account_id: int) -> None:
    """A deleted account leaves the leaderboards."""
    from sqlalchemy import delete

    await in_transaction(store, lambda session: session.execute(delete(RatingRow).where(RatingRow.account_id == account_id)))


def standing_json(place: int, standing: Standing) -> dict[str, Any]:
    return {"place": place, "name": standing.name, "kind": standing.kind, "rating": round(standing.rating, 2),
            "mu": round(standing.mu, 3), "sigma": round(standing.sigma, 3), "games": standing.games}


__all__ = ["Standing", "forget", "leaderboard", "players_of", "rate_pending", "standing_json"]
