"""A batch is made lazily, and stopping it (Ctrl-C) takes seconds and keeps
exactly the finished games."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from dreamtable.workbench.results import read_results
from dreamtable.workbench.simulate import Experiment, pending_tasks, simulate

from tests.helpers import interruptible

DREAMTABLE = str(Path(sys.executable).with_name("dreamtable"))
HUGE = Experiment("sogni-e-incubi", ("random", "random"), games=10**7, seed=0)


def test_ten_million_games_cost_nothing_before_the_first():
    tracemalloc.start()
    started = time.perf_counter()
    tasks, rows, left = pending_tasks(HUGE, None)
    first = [next(tasks) for _ in range(5)]
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert left == 10**7 and rows == [] and [task.seed for task in first] == [0, 1, 2, 3, 4]
    assert peak < 200_000, f"{peak} bytes to make the first tasks of 10**7"
    assert elapsed < 1.0


class Stop(KeyboardInterrupt):
    """Ctrl-C, raised from the progress callback once some games have finished."""


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupt_returns_quickly_and_keeps_only_the_finished_games(tmp_path, workers):
    out = tmp_path / "r.jsonl"
    seen = []

    def on_result(done, total):
        seen.append((done, total))
        if done == 5:
            raise Stop

    started = time.perf_counter()
    with pytest.raises(Stop):
        simulate(HUGE, out, workers=workers, on_result=on_result)
    assert time.perf_counter() - started < 30  # the pool of a 10**7-game batch starts and stops at once
    assert seen[0] == (0, 10**7)
    rows = read_results(out)
    assert len(rows) == 5 and len({row["seed"] for row in rows}) == 5
    assert len(out.with_suffix(".csv").read_text().splitlines()) == 6
    assert not out.with_name("r.jsonl.lock").exists()


@pytest.mark.slow
def test_ctrl_c_stops_long_games_in_seconds_and_a_second_run_is_refused(tmp_path):
    # Each game takes far longer than the allowed stop: ISMCTS thinks 2 s per decision.
    args = [DREAMTABLE, "simulate", "sogni-e-incubi", "--games", "20", "--seats", "ismcts:2s,random",
            "--workers", "2", "--out", "r.jsonl"]
    env = {**os.environ, "NO_COLOR": "1"}
    first = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=interruptible)
    try:
        lock = tmp_path / "r.jsonl.lock"
        deadline = time.monotonic() + 60
        while not lock.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert lock.exists(), "the first run never started"
        time.sleep(2)  # the workers are inside their first games
        second = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        assert "being written by another run" in " ".join(second.stdout.split()) and "r.jsonl.lock" in second.stdout
        first.send_signal(signal.SIGINT)  # to the main process only: its workers are not told
        stopped = time.monotonic()
        out, err = first.communicate(timeout=60)
        took = time.monotonic() - stopped
    finally:
        if first.poll() is None:
            first.kill()
    assert took < 5, f"Ctrl-C took {took:.1f} s"
    assert first.returncode == 130, out + err
    assert "Stopped" in out and "Traceback" not in out + err
    lines = (tmp_path / "r.jsonl").read_text().splitlines()
    assert all(json.loads(line)["decisions"] > 0 for line in lines)  # only whole, finished games
    assert not lock.exists()


@pytest.mark.slow
def test_ctrl_c_stops_a_tournament_in_seconds_without_a_traceback(tmp_path):
    args = [DREAMTABLE, "tournament", "sogni-e-incubi", "--bots", "ismcts:2s,random", "--games", "4", "--workers", "2"]
    running = subprocess.Popen(args, cwd=tmp_path, env={**os.environ, "NO_COLOR": "1"}, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=interruptible)
    try:
        time.sleep(6)  # started, and inside its first games (each takes minutes)
        assert running.poll() is None
        running.send_signal(signal.SIGINT)
        stopped = time.monotonic()
        out, err = running.communicate(timeout=60)
        took = time.monotonic() - stopped
    finally:
        if running.poll() is None:
            running.kill()
    assert took < 5 and running.returncode == 130, (took, out, err)
    assert "Stopped" in out and "Traceback" not in out + err
