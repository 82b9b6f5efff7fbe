"""Bots cannot starve each other (server/thinking.py): searches run in worker processes behind a per-table
fair queue, quick bots in a lane of their own, every search under a hard deadline, and a worker that dies
or overruns is replaced while its table plays on."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dreamtable
from dreamtable.agents import IsmctsAgent, make_agent
from dreamtable.agents.specs import MAX_SECONDS
from dreamtable.core.contract import State
from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings
from dreamtable.server.metrics import REGISTRY
from dreamtable.server.thinking import FairQueue, Job, Thinking

from .conftest import bearer

GAME = "deep-dreams"


def test_the_fair_queue_runs_one_job_per_table_and_serves_the_other_table_between_a_floods_jobs() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue()
        state = dreamtable.load(GAME).new(2, 1)
        for _ in range(5):
            queue.put(Job("flood", make_agent("greedy"), state, 0, None))
        queue.put(Job("other", make_agent("greedy"), state, 0, None))
        first, second = queue.take(), queue.take()
        assert first is not None and second is not None and queue.take() is None  # one in flight per table
        served = [first.table, second.table]
        queue.done("flood")
        queue.done("other")
        while len(queue):
            job = await queue.get()
            served.append(job.table)
            queue.done(job.table)
        return served

    assert asyncio.run(scenario()) == ["flood", "other", "flood", "flood", "flood", "flood"]


def test_a_table_queued_behind_a_flooding_table_is_served_next() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue()
        state = dreamtable.load(GAME).new(2, 1)
        for _ in range(5):
            queue.put(Job("flood", make_agent("greedy"), state, 0, None))
        served = [(await queue.get()).table]
        queue.put(Job("other", make_agent("greedy"), state, 0, None))  # arrives while flood's first job runs
        queue.done("flood")
        for _ in range(2):
            job = await queue.get()
            served.append(job.table)
            queue.done(job.table)
        return served

    assert asyncio.run(scenario()) == ["flood", "other", "flood"]


class DyingSearch(IsmctsAgent):
    """A search whose worker process dies under it."""

    def choose(self, state: State[Any], seat: int, seconds_left: float | None = None) -> Any:
        os._exit(3)


class StuckSearch(IsmctsAgent):
    """A search that ignores its deadline."""

    def choose(self, state: State[Any], seat: int, seconds_left: float | None = None) -> Any:
        time.sleep(60)


@pytest.mark.slow
def test_a_worker_that_dies_or_overruns_is_replaced_and_the_move_is_still_played() -> None:
    async def scenario() -> None:
        game = dreamtable.load(GAME)
        state = game.new(2, 1)
        seat = state.actors[0]
        legal = [str(action) for action in state.legal_actions(seat)]
        thinking = Thinking(workers=1, max_search_seconds=0.3)
        try:
            for broken in (DyingSearch(1), StuckSearch(1)):
                started = time.monotonic()
                action, bot = await thinking.choose("t", broken, state.copy(), seat, None)
                assert str(action) in legal and bot is broken  # the greedy fallback moved; the bot is kept
                assert time.monotonic() - started < 0.3 + 2.0 + 5.0  # deadline + grace (+ a worker's start)
            searching = make_agent("ismcts:20000", 1, game=game)  # far more than 0.3 s of iterations
            action, bot = await thinking.choose("t", searching, state.copy(), seat, None)
            assert isinstance(bot, IsmctsAgent) and bot is not searching  # it came back from a new worker
            assert str(action) in legal and 0 < bot.last_iterations < 20_000 and bot.last_seconds <= 0.3
        finally:
            await thinking.close()

    asyncio.run(scenario())


def started_bot_table(client: TestClient, bot: str, bot_delay: float) -> str:
    created = client.post("/api/tables", json={"game": GAME, "players": 2, "seed": 3, "settings": {"bot_delay": bot_delay},
                                                 "seats": [{"kind": "bot", "bot": bot}] * 2})
    assert created.status_code == 201, created.text
    table: str = created.json()["table"]
    assert client.post(f"/api/tables/{table}/start", headers=bearer(created.json()["host_token"])).status_code == 200
    return table


@pytest.mark.slow
def test_a_quick_bot_moves_in_time_while_eight_tables_run_the_longest_searches(tmp_path: Path) -> None:
    bot_delay, window = 0.2, 6.0
    settings = ServerSettings(db=f"sqlite:///{tmp_path}/server.db", bot_delay=bot_delay, bot_workers=1,
                              max_search_seconds=MAX_SECONDS)
    with TestClient(create_app(settings)) as client:
        for _ in range(8):
            started_bot_table(client, f"ismcts:{MAX_SECONDS:g}s", bot_delay)
        quick = started_bot_table(client, "greedy", bot_delay)
        moved_at: list[float] = []
        seq, queued = -1, 0.0
        end = time.monotonic() + window
        while time.monotonic() < end:
            view = client.get(f"/api/tables/{quick}/view").json()
            if view["seq"] != seq:
                seq = view["seq"]
                moved_at.append(time.monotonic())
            if view["view"].get("over") or view.get("over"):
                break
            queued = max(queued, REGISTRY.get_sample_value("dreamtable_bot_queue_depth") or 0.0)
            time.sleep(0.05)
        gaps = [later - earlier for earlier, later in zip(moved_at, moved_at[1:])]
        assert len(moved_at) >= 5, moved_at
        assert max(gaps) <= bot_delay + 1.0, [round(gap, 2) for gap in gaps]
        assert queued >= 6  # the eight searches were waiting for the one worker meanwhile
