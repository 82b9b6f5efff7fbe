"""The same batch on a Dask cluster (a LocalCluster on 127.0.0.1) gives the same results as locally."""

from __future__ import annotations

import json

import pytest
from distributed import LocalCluster

from dreamtable.workbench.simulate import Experiment, simulate
from dreamtable.workbench.tournament import tournament

pytestmark = pytest.mark.slow  # a local Dask cluster starts for each test


@pytest.fixture(scope="module")
def scheduler():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def rows_text(rows):
    return [json.dumps(row, sort_keys=True) for row in rows]


def test_cluster_batch_matches_the_local_one(tmp_path, scheduler):
    assert scheduler.startswith("tcp://127.0.0.1:")
    experiment = Experiment("deep-dreams", ("greedy", "random", "random"), games=10, seed=40)
    on_cluster = simulate(experiment, tmp_path / "cluster.jsonl", cluster=scheduler)
    local = simulate(experiment, tmp_path / "local.jsonl", workers=1)
    assert rows_text(on_cluster) == rows_text(local)
    assert len((tmp_path / "cluster.jsonl").read_text().splitlines()) == 10


def test_cluster_resume_and_tournament(tmp_path, scheduler):
    out = tmp_path / "r.jsonl"
    simulate(Experiment("sogni-e-incubi", ("greedy", "random"), games=4, seed=1), out, cluster=scheduler)
    rows = simulate(Experiment("sogni-e-incubi", ("greedy", "random"), games=8, seed=1), out, cluster=scheduler)
    assert [row["seed"] for row in rows] == list(range(1, 9))
    on_cluster = tournament("sogni-e-incubi", ["random", "greedy"], games=3, seed=5, cluster=scheduler)
    local = tournament("sogni-e-incubi", ["random", "greedy"], games=3, seed=5, workers=1)
    assert on_cluster.ratings == local.ratings and on_cluster.cross == local.cross
