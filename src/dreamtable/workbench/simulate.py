"""Seeded batch simulation on all local cores or on a Dask cluster, stoppable and resumable.

Game ``i`` of a batch is played with seed ``seed + i``; its bots are seeded from that seed and
their seat, so a game's result depends only on its seed and the experiment — whichever process,
machine or order it runs in.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from ..agents import make_agent
from ..core.contract import SetupError
from ..core.registry import load
from .results import ResultsError, ResultsWriter, read_results, write_csv
from .task import GameTask, play_task


@dataclass(frozen=True)
class Experiment:
    """A batch of games: which game, which bots in which seats, how many, from which seed, options.

    With ``compare`` (an option name and value), every seed is played twice: variant ``A`` with
    ``options`` and variant ``B`` with the option changed.
    """

    game: str
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    compare: tuple[str, Any] | None = None

    def check(self) -> None:
        """Refuse an unknown game, bot or option, or a seat count the game does not allow."""
        game = load(self.game)  # UnknownGameError lists the games
        info = game.info
        if not info.min_players <= len(self.seats) <= info.max_players:
            raise SetupError(
                f"{info.name} takes {info.min_players}–{info.max_players} seats; "
                f"--seats gave {len(self.seats)} ({','.join(self.seats)})"
            )
        for spec in self.seats:
            make_agent(spec, game=game)  # UnknownAgentError lists the bots
        for options in self.variants().values():
            game.resolve_options(options)  # SetupError lists the options and what they take
        if self.games < 1:
            raise SetupError(f"--games must be at least 1, not {self.games}")

    def variants(self) -> dict[str | None, dict[str, Any]]:
        """The option sets to play: one, or ``A`` and ``B`` when comparing."""
        if self.compare is None:
            return {None: dict(self.options)}
        name, value = self.compare
        return {"A": dict(self.options), "B": {**self.options, name: value}}

    def tasks(self, record_dir: str | None = None) -> list[GameTask]:
        """Every game of the batch, variants interleaved seed by seed."""
        variants = self.variants()
        return [
            GameTask(self.game, self.seats, self.seed + index, options, variant, record_dir)
            for index in range(self.games)
            for variant, options in variants.items()
        ]


def _same_experiment(row: dict[str, Any], task: GameTask, resolved: dict[str, Any]) -> bool:
    return (
        row["game"] == task.game
        and tuple(row["seats"]) == task.seats
        and row.get("variant") == task.variant
        and row["options"] == resolved
    )


def pending_tasks(experiment: Experiment, out: Path | None, record_dir: str | None = None) -> tuple[list[GameTask], list[dict[str, Any]]]:
    """The tasks still to play, and the rows already in ``out`` (which must be this experiment's)."""
    tasks = experiment.tasks(record_dir)
    if out is None or not out.exists():
        return tasks, []
    rows = read_results(out, drop_cut_last_line=True)
    game = load(experiment.game)
    resolved = {variant: game.resolve_options(options) for variant, options in experiment.variants().items()}
    by_variant = {task.variant: task for task in tasks}
    for number, row in enumerate(rows, 1):
        task = by_variant.get(row.get("variant"))
        if task is None or not _same_experiment(row, task, resolved[task.variant]):
            raise ResultsError(
                f"{out} holds results of another experiment (row {number}: {row['game']}, seats "
                f"{','.join(row['seats'])}, options {row['options']}, variant {row.get('variant')}); "
                "it is left as it is — choose another --out to start a new one"
            )
    done = {(row.get("variant"), row["seed"]) for row in rows}
    write_csv(out, rows)  # the CSV is derived from the JSONL; keep it whole after a crash
    return [task for task in tasks if task.key() not in done], rows


def run_tasks(tasks: list[GameTask], workers: int | None = None, cluster: str | None = None) -> Iterator[dict[str, Any]]:
    """Play the tasks and yield each result as soon as it is finished (in any order).

    ``workers`` local processes (default: every core; 1 plays in this process), or the Dask
    scheduler at ``cluster`` (``tcp://HOST:PORT``).
    """
    if not tasks:
        return
    if cluster is not None:
        from distributed import Client
        from distributed import as_completed as dask_completed

        # distributed ships py.typed but leaves Client.__init__ and as_completed.__init__ unannotated.
        with Client(cluster) as client:  # type: ignore[no-untyped-call]
            futures = client.map(play_task, tasks, pure=False)
            for future in dask_completed(futures):  # type: ignore[no-untyped-call]
                yield future.result()
        return
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        for task in tasks:
            yield play_task(task)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_task, task) for task in tasks]
        for future in as_completed(futures):
            yield future.result()


def simulate(
    experiment: Experiment,
    out: Path | None = None,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    record_dir: str | None = None,
    on_result: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Run (or finish) an experiment; every row of it, sorted by variant and seed.

    Results are appended to ``out`` (JSONL, with a CSV beside it) as each game finishes;
    ``on_result(done, total)`` is called after each, for progress bars.
    """
    experiment.check()
    pending, rows = pending_tasks(experiment, out, record_dir)
    total = len(pending) + len(rows)
    if on_result is not None:
        on_result(len(rows), total)
    writer = ResultsWriter(out) if out is not None else None
    try:
        for row in run_tasks(pending, workers, cluster):
            rows.append(row)
            if writer is not None:
                writer.add(row)
            if on_result is not None:
                on_result(len(rows), total)
    finally:
        if writer is not None:
            writer.close()
    return sorted(rows, key=lambda row: (row.get("variant") or "", row["seed"]))
