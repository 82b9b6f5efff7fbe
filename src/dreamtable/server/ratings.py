"""Ratings of finished games whose every seat was an account or a bot, per game (openskill), and
every account's result in each finished game it played (profiles read them).

A finished table counts when every seat was an account's (taken while logged in, or claimed) or a
bot's, and no account held two seats (nobody rates themselves). Places are those of the
workbench's tournaments (winners first, tied, then by score) among the players who stayed; a seat
handed to a stand-in bot during play (its player left, or ran out of time) loses: it is placed
after every seat whose player stayed, whatever its stand-in did, the first to leave last. Ratings
are openskill's Plackett–Luce, as in the workbench. A bot spec is one player per
game (its several seats at one table each use its rating, and its new rating is their mean).

Tables are rated lazily, oldest first, when a leaderboard is asked for: each is looked at once in
any process (``rated_tables``' key: a second process's insert fails and it skips the table), in
the same transaction that updates the ratings, whose rows are locked on PostgreSQL.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from typing import Any, Sequence

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..workbench.tournament import ranks_of
from .account_models import AccountRow
from .accounts import in_transaction
from .hub import Hub
from .models import ChangeRow, TableRow
from .rating_models import RatedTableRow, RatingRow, ResultRow
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


def places_of(winners: Sequence[int], scores: Sequence[float], leavers: Sequence[int]) -> list[int]:
    """Every seat's place (1 is best): the tournaments' places among the seats whose player stayed,
    then the seats handed to a stand-in bot, in ``leavers``' order of leaving, the first one last."""
    ranks = ranks_of({"winners": list(winners), "scores": list(scores)})
    stayed = [seat for seat in range(len(scores)) if seat not in leavers]
    places = [0] * len(scores)
    for seat in stayed:
        places[seat] = 1 + sum(ranks[other] < ranks[seat] for other in stayed)
    gone = list(dict.fromkeys(leavers))
    for order, seat in enumerate(gone):
        places[seat] = len(stayed) + len(gone) - order
    return places


async def _leavers(store: Store, table_id: str) -> tuple[list[int], float]:
    """The seats handed to a stand-in bot, in the order they were, and when the table last changed."""
    query = select(ChangeRow.kind, ChangeRow.seat, ChangeRow.at).where(ChangeRow.table_id == table_id).order_by(ChangeRow.seq)
    async with store.sessions() as session:
        changes = (await session.execute(query)).all()
    leavers = [seat for kind, seat, _ in changes if kind in ("bot", "seat") and seat is not None]
    return leavers, max((at for _, _, at in changes), default=0.0)


def _record(session: Session, row: TableRow, players: list[str] | None, places: list[int], winners: Sequence[int],
            leavers: list[int], finished_at: float) -> None:
    """Look at a finished table once: its accounts' results, and the ratings when it counts."""
    if players is None:
        _mark(session, row.id, False)
    else:
        _rate(session, row.id, row.game, players, [float(place) for place in places])
    for seat, spec in enumerate(row.seats):
        if spec.get("account") is not None:
            session.add(ResultRow(table_id=row.id, seat=seat, account_id=int(spec["account"]), game=row.game,
                                  players=row.players, place=places[seat], won=seat in winners and seat not in leavers,
                                  left=seat in leavers, rated=players is not None, finished_at=finished_at))


async def rate_pending(hub: Hub, batch: int = BATCH) -> int:
    """Rate the finished tables not looked at yet (at most ``batch``, oldest first) and keep their
    accounts' results; how many counted for the ratings."""
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
        if any(spec.get("account") is not None for spec in row.seats):
            room = await hub.room(row.id)
            outcome = None if room is None or room.table is None else room.table.state.outcome
        try:
            if outcome is None:  # no account played it (or it cannot be rebuilt): nothing to keep
                await in_transaction(store, partial(_mark, table_id=row.id, rated=False))
                continue
            leavers, finished_at = await _leavers(store, row.id)
            places = places_of(outcome.winners, outcome.scores, leavers)
            await in_transaction(store, partial(_record, row=row, players=players, places=places,
                                                winners=outcome.winners, leavers=leavers, finished_at=finished_at))
            counted += players is not None
        except IntegrityError:
            continue  # another process looked at it first
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
    """A deleted account leaves the leaderboards, and its results go (its games stay, its seats renamed)."""
    from sqlalchemy import delete

    def drop(session: Session) -> None:
        session.execute(delete(RatingRow).where(RatingRow.account_id == account_id))
        session.execute(delete(ResultRow).where(ResultRow.account_id == account_id))

    await in_transaction(store, drop)


def standing_json(place: int, standing: Standing) -> dict[str, Any]:
    return {"place": place, "name": standing.name, "kind": standing.kind, "rating": round(standing.rating, 2),
            "mu": round(standing.mu, 3), "sigma": round(standing.sigma, 3), "games": standing.games}


__all__ = ["Standing", "forget", "leaderboard", "places_of", "players_of", "rate_pending", "standing_json"]
