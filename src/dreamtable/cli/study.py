"""``dreamtable study GAME``: play a game's balance study and publish it under docs/balance/."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .output import console, fail, with_progress


def study(
    game: str = typer.Argument(..., help="game id, see `dreamtable list`"),
    games: Optional[int] = typer.Option(None, help="games in the A/B baseline batch (default: the game's plan); every other batch scales alike"),
    seed: int = typer.Option(1, help="the first seed of every batch"),
    workers: Optional[int] = typer.Option(None, help="local processes (default: every core)"),
    cluster: Optional[str] = typer.Option(None, help="a Dask scheduler, tcp://HOST:PORT, instead of local processes"),
    out: Path = typer.Option(Path("docs/balance"), help="where GAME.md, its plots and reports, and README.md go"),
    data: Path = typer.Option(Path(".cache/study"), help="the results files (JSONL and CSV per batch); a study resumes from them"),
    variant: list[str] = typer.Option([], "--variant", help="also A/B test NAME=VALUE against the default (repeatable)"),
) -> None:
    """A balance study: seat order, length, margins, endings and every proposed option A/B tested, as a page with plots."""
    from ..core.errors import DreamtableError
    from ..workbench.study import prepare
    from ..workbench.study import study as run_study

    try:
        prepare(game, games, seed, variant)  # bad input is refused before the progress bar shows
        page = with_progress(
            f"{game} study",
            lambda on_result: run_study(game, games=games, seed=seed, workers=workers, cluster=cluster, out=out,
                                        data=data, variants=variant, on_result=on_result),
        )
    except DreamtableError as error:  # an unknown game or option, a variant equal to the default, a results file
        fail(str(error))
        return
    except KeyboardInterrupt:
        console.print(f"\nStopped. The finished games are in {data / game}; run the same command again to resume.")
        raise typer.Exit(130)
    console.print(f"Wrote {page}, its plots and reports in {out / game}, and {out / 'README.md'}.")
