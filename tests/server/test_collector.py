"""A server collects its garbage less often while it runs (server/collector.py: a full collection of
every table's state had been the move latency's 99th percentile), and gives the process its own
thresholds back when it stops."""

from __future__ import annotations

import gc

from fastapi.testclient import TestClient

from dreamtable.server.app import create_app
from dreamtable.server.collector import SERVER_THRESHOLDS
from dreamtable.server.hub import ServerSettings


def test_the_server_collects_with_its_thresholds_while_it_runs_and_gives_the_process_its_own_back(tmp_path) -> None:
    own = gc.get_threshold()
    assert own != SERVER_THRESHOLDS
    with TestClient(create_app(ServerSettings(db=f"sqlite:///{tmp_path / 'gc.db'}", bot_delay=0))) as client:
        assert client.get("/healthz").status_code == 200
        assert gc.get_threshold() == SERVER_THRESHOLDS
    assert gc.get_threshold() == own
