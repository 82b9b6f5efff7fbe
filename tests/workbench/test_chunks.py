"""Games go to workers in chunks sized to take about a tenth of a second, so the hand-off of each
game does not cost as much as the game (short random games made two workers slower than one)."""

from __future__ import annotations

import pytest

from dreamtable.workbench import runner
from dreamtable.workbench.runner import CHUNK_SECONDS, MAX_CHUNK, ChunkSizer, run_tasks
from dreamtable.workbench.simulate import Experiment


def test_the_first_chunk_holds_one_game_and_later_ones_fill_the_target_time():
    sizer = ChunkSizer()
    assert sizer.size() == 1, "nothing is known yet: one game, so slow games spread over every worker"
    sizer.finished(10, 0.01)  # 1 ms a game
    assert sizer.size() == round(CHUNK_SECONDS / 0.001)
    slow = ChunkSizer()
    slow.finished(2, 3.0)  # 1.5 s a game: one at a time
    assert slow.size() == 1
    instant = ChunkSizer()
    instant.finished(5, 0.0)
    assert instant.size() == MAX_CHUNK


@pytest.mark.slow
def test_two_workers_play_every_game_once_in_chunks_and_give_the_rows_one_worker_gives(monkeypatch):
    sizes: list[int] = []
    original = ChunkSizer.size

    def recorded(self: ChunkSizer) -> int:
        size = original(self)
        sizes.append(size)
        return size

    monkeypatch.setattr(runner.ChunkSizer, "size", recorded)
    tasks = list(Experiment("sogni-e-incubi", ("random", "random"), 120, seed=4).tasks())
    two = sorted(run_tasks(tasks, workers=2), key=lambda row: row["seed"])
    one = sorted(run_tasks(tasks, workers=1), key=lambda row: row["seed"])
    assert [row["seed"] for row in two] == list(range(4, 124)), "every game once"
    assert two == one, "a chunk's games are the same games"
    assert max(sizes) > 1, f"short games were handed over one at a time: {sizes}"
