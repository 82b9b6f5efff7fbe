"""Seeded batch simulation on all local cores or on a Dask cluster, stoppable and resumable.

Game ``i`` of a batch is played with seed ``seed + i``; its bots are seeded from that seed and
their seat, so a game's result depends only on its seed and the experiment — whichever process,
machine or order it runs in.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from ..agents import make_agent
from ..core.contract import SetupError
from ..core.registry import load
from .lock import output_lock
from .results import ResultsError, ResultsWriter, check_csv, read_results, write_csv
from .runner import run_tasks
from .task import GameTask


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

    def tasks(self, record_dir: str | None = None) -> Iterator[GameTask]:
        """Every game of the batch, variants interleaved seed by seed, made one at a time as asked
        (``--games 10000000`` builds no list)."""
        variants = self.variants()
        for index in range(self.games):
            for variant, options in variants.items():
                yield GameTask(self.game, self.seats, self.seed + index, options, variant, record_dir)

    def size(self) -> int:
        """How many games the batch plays (every variant counted)."""
        return self.games * len(self.variants())


def _same_experiment(row: dict[str, Any], experiment: Experiment, variant: str | None, resolved: dict[str, Any]) -> bool:
    return (
        row["game"] == experiment.game
        and tuple(row["seats"]) == experiment.seats
        and row.get("variant") == variant
        and row["options"] == resolved
    )


def pending_tasks(experiment: Experiment, out: Path | None, record_dir: str | None = None) -> tuple[Iterator[GameTask], list[dict[str, Any]], int]:
    """The tasks still to play (made lazily), the rows already in ``out`` (which must be this
    experiment's) and how many tasks are still to play."""
    if out is None or not out.exists():
        return experiment.tasks(record_dir), [], experiment.size()
    rows = read_results(out, drop_cut_last_line=True)
    game = load(experiment.game)
    resolved = {variant: game.resolve_options(options) for variant, options in experiment.variants().items()}
    for number, row in enumerate(rows, 1):
        variant = row.get("variant")
        if variant not in resolved or not _same_experiment(row, experiment, variant, resolved[variant]):
            raise ResultsError(
                f"{out} holds results of another experiment (row {number}: {row['game']}, seats "
                f"{','.join(row['seats'])}, options {row['options']}, variant {row.get('variant')}); "
                "it is left as it is — choose another --out to start a new one"
            )
    done = {(row.get("variant"), row["seed"]) for row in rows}
    write_csv(out, rows)  # the CSV is derived from the JSONL; keep it whole after a crash
    ours = sum(1 for _, seed in done if experiment.seed <= seed < experiment.seed + experiment.games)
    left = (task for task in experiment.tasks(record_dir) if task.key() not in done)
    return left, rows, experiment.size() - ours


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
    if out is None:
        return _play(experiment, None, workers, cluster, record_dir, on_result)
    check_csv(out)
    with output_lock(out):  # one writer per results file: a second run is refused, naming the lock
        return _play(experiment, out, workers, cluster, record_dir, on_result)


def _play(experiment: Experiment, out: Path | None, workers: int | None, cluster: str | None,
          record_dir: str | None, on_result: Callable[[int, int], None] | None) -> list[dict[str, Any]]:
    pending, rows, left = pending_tasks(experiment, out, record_dir)
    total = left + len(rows)
    if on_result is not None:
        on_result(len(rows), total)
    writer = ResultsWriter(out) if out is not None else None
    try:
        # closing: an interrupt or error while a row is handled stops the games in flight now
        with closing(run_tasks(pending, workers, cluster)) as results:
            for row in results:
                rows.append(row)
                if writer is not None:
                    writer.add(row)
                if on_result is not None:
                    on_result(len(rows), total)
    finally:
        if writer is not None:
            writer.close()
    return sorted(rows, key=lambda row: (row.get("variant") or "", row["seed"]))
