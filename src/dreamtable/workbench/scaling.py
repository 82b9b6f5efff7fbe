"""How the workbench scales: the same batch as a bare loop, with 1 and 2 local workers, and on a
Dask LocalCluster — games per second, the 2-worker speed-up and the framework's overhead.

``dreamtable bench-simulate`` runs it; the figures go into docs/performance.md. Two workers can only
be twice as fast when the machine gives them two cores: the report says how many cores the 2-worker
runs actually had (their CPU time, this process's and its workers', over their wall time) and the
load average before and after, so a speed-up measured on a busy machine is not read as the
workbench's.
"""

from __future__ import annotations

import os
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from .simulate import Experiment, simulate
from .task import play_task


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes (the workers, once joined)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _timed(run: Callable[[], object], cores: list[float] | None = None) -> float:
    """Wall seconds of ``run``; with ``cores``, also the cores it had on average (CPU over wall)."""
    cpu, start = _cpu_seconds(), time.perf_counter()
    run()
    wall = time.perf_counter() - start
    if cores is not None:
        cores.append((_cpu_seconds() - cpu) / wall)
    return wall


def scaling(game: str, seats: tuple[str, ...] = ("greedy", "greedy"), games: int = 200,
            runs: int = 3, cluster: bool = True) -> dict[str, float]:
    """Games per second of each way to run the batch (medians of ``runs``), speed-up and overhead."""
    experiment = Experiment(game, seats, games, seed=0)
    tasks = list(experiment.tasks())
    timings: dict[str, list[float]] = {"bare loop": [], "1 worker": [], "2 workers": []}
    cores: list[float] = []
    load_before = os.getloadavg()[0]
    if cluster:
        timings["LocalCluster (2 workers)"] = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            timings["bare loop"].append(_timed(lambda: [play_task(task) for task in tasks]))
            timings["1 worker"].append(_timed(lambda: simulate(experiment, Path(folder) / f"one{run}.jsonl", workers=1)))
            timings["2 workers"].append(_timed(lambda: simulate(experiment, Path(folder) / f"two{run}.jsonl", workers=2), cores))
        if cluster:
            from distributed import LocalCluster

            # distributed ships py.typed but leaves LocalCluster.__init__ unannotated.
            with LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None) as local:
                address = local.scheduler_address
                for run in range(runs):
                    timings["LocalCluster (2 workers)"].append(
                        _timed(lambda: simulate(experiment, Path(folder) / f"dask{run}.jsonl", cluster=address)))
    rates = {name: games / statistics.median(values) for name, values in timings.items()}
    rates["2-worker speed-up"] = rates["2 workers"] / rates["1 worker"]
    rates["framework overhead"] = rates["bare loop"] / rates["1 worker"] - 1
    rates["cores the 2 workers had"] = statistics.median(cores)
    rates["load average before"] = load_before
    rates["load average after"] = os.getloadavg()[0]
    return rates
