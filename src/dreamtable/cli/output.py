"""What every command prints with: the console, a user's mistake, and a progress bar for long runs."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console

console = Console()


def fail(message: str) -> None:
    """Print a user's mistake plainly and stop with exit code 2."""
    console.print(f"[red]Error:[/] {message}")
    raise typer.Exit(2)


def progress_bar() -> Any:
    """A progress bar with games done, games per second and time left."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    )


def with_progress(description: str, run: Any) -> Any:
    """Run ``run(on_result)`` while a progress bar follows ``on_result(done, total)``."""
    import time

    started = time.perf_counter()
    first_done: list[int] = []
    with progress_bar() as progress:
        bar = progress.add_task(description, total=None, rate="–")

        def on_result(done: int, total: int) -> None:
            if not first_done:
                first_done.append(done)  # resumed games do not count towards the rate
            elapsed = time.perf_counter() - started
            played = done - first_done[0]
            rate = f"{played / elapsed:.1f}" if played and elapsed > 0 else "–"
            progress.update(bar, completed=done, total=total, rate=rate)

        return run(on_result)
