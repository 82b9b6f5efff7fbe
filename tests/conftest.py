"""Fixtures shared by every test directory."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest


@pytest.fixture(scope="session")
def game_pool() -> Iterator[ProcessPoolExecutor]:
    """One process pool per test session (per xdist worker), for tests that play many seeded games.

    Started on first use and shared by every such test, instead of one pool per test. Its processes
    are spawned, not forked, so they never inherit a lock or thread of an earlier test (a clock, a
    Dask cluster); spawning costs a second or two once per session instead of a fork per test.
    """
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool
