"""``dreamtable fuzz GAME --games N``: seeded random games of one game on every core, checked by the
test kit, with every failure reported with the command that plays it again.

The work is :mod:`dreamtable.workbench.fuzzing`; this is the command line around it. Exit codes:
0 when every game passed, 1 when any failed, 2 for a user's mistake, 130 when stopped by Ctrl-C
with no failure found.
"""

from __future__ import annotations

import json
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape

from ..core.errors import DreamtableError, SetupError
from ..core.registry import load
from ..workbench.fuzzing import FuzzSettings, FuzzSummary, run_fuzz


def _fixed_options(game_id: str, pairs: list[str]) -> dict[str, Any]:
    """``["round_limit=15"]`` → ``{"round_limit": 15}``, converted and checked by the game."""
    given: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise SetupError(f"an option is NAME=VALUE, e.g. round_limit=15; got {pair!r}")
        given[name.strip()] = value.strip()
    resolved = load(game_id).resolve_options(given)  # SetupError names a bad option and what it takes
    return {name: resolved[name] for name in given}


def _progress(console: Console) -> Any:
    """A progress bar on stderr: games, failures, steps/s and time left (off when not a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[failures]} failed · {task.fields[rate]} steps/s"),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
    )


_PHASES = {"setup": "setting up the game failed", "step": "the step raised", "check": "a check failed",
           "replay": "the replay check failed", "worker": "the worker process died"}


def _print_summary(console: Console, summary: FuzzSummary) -> None:
    """The figures and every kept failure with its reproduction command, in words."""
    rate = summary.steps / summary.seconds if summary.seconds > 0 else 0.0
    console.print(
        f"[bold]{summary.game}[/]: {summary.games:,} games, {summary.steps:,} steps in {summary.seconds:,.1f} s "
        f"({summary.games / max(summary.seconds, 1e-9):,.1f} games/s, {rate:,.0f} steps/s, {summary.workers} workers)"
    )
    counts = ", ".join(f"{players}p: {count:,}" for players, count in sorted(summary.player_counts.items()))
    endings = ", ".join(f"{reason}: {count:,}" for reason, count in sorted(summary.end_reasons.items()))
    console.print(f"players: {counts or '–'} · endings: {endings or '–'}")
    if summary.longest_seed is not None:
        console.print(f"longest game: {summary.longest_steps:,} steps (seed {summary.longest_seed})")
    if summary.interrupted:
        console.print(f"[yellow]Stopped by Ctrl-C[/] after {summary.games:,} of {summary.games_asked:,} games; "
                      "the figures are those of the finished games.")
    if summary.stopped_at_failures:
        console.print(f"[yellow]Stopped at failure {summary.failures:,}[/] (--max-failures) after {summary.games:,} "
                      f"of {summary.games_asked:,} games.")
    if not summary.failures:
        console.print("[green]failures: 0[/]")
        return
    console.print(f"[red]failures: {summary.failures:,}[/] of {summary.games:,} games")
    for kind, count in sorted(summary.failure_kinds.items(), key=lambda item: -item[1]):
        console.print(f"  {count:,} × {escape(kind)}")
    for failure in summary.failed:
        options = json.dumps(failure.options, sort_keys=True)
        console.print(f"\n[red]seed {failure.seed}[/] · {failure.players} players · options {escape(options)}")
        what = f"the move {failure.move} raised" if failure.move else _PHASES.get(failure.phase, failure.phase)
        console.print(f"  after {failure.step:,} steps · {escape(what)}: {escape(failure.error)}")
        console.print(f"  at {escape(failure.where)}")
        console.print(f"  reproduce: {escape(failure.command)}", soft_wrap=True)
    if summary.failures > len(summary.failed):
        console.print(f"\n… and {summary.failures - len(summary.failed):,} more failures (only the first "
                      f"{len(summary.failed)} are kept in full)")


def fuzz(
    game: str = typer.Argument(..., help="game id, see `dreamtable list`"),
    games: int = typer.Option(100, help="how many games (seeds SEED … SEED+GAMES−1)"),
    workers: Optional[int] = typer.Option(None, help="local processes (default: every core; 1 plays in this process)"),
    seed: int = typer.Option(0, help="the first seed; each game draws its players, options and moves from its seed"),
    max_steps: int = typer.Option(100_000, help="a game with no end after this many steps is a failure"),
    players: Optional[int] = typer.Option(None, help="fix the player count (default: random per game)"),
    option: list[str] = typer.Option([], "--option", "-o", help="fix a rule option NAME=VALUE (repeatable); the others are random"),
    prefer: Optional[str] = typer.Option(None, help="play-biased policy: take a move whose notation starts with this whenever one is legal (Dreamwell: 'play ')"),
    turn_bias: float = typer.Option(0.0, help="play-biased policy: chance the seat the game waits for acts rather than any actor (Dream Cycle: 0.8)"),
    timer_chance: float = typer.Option(0.05, help="chance a pending deadline expires instead of a move"),
    check_rate: float = typer.Option(0.05, help="share of steps given the kit's step checks (legal actions, notation, invariants), "
                                     "the hidden-information check (each seat's view unchanged in its determinize worlds) and "
                                     "the aliasing check (moves on a copy leave the original unchanged)"),
    view_rate: float = typer.Option(0.005, help="share of steps whose views are checked against the schemas"),
    as_json: bool = typer.Option(False, "--json", help="print the figures and failures as JSON on stdout"),
    max_failures: Optional[int] = typer.Option(None, help="stop at this many failed games (default: play them all)"),
) -> None:
    """Fuzz a game: seeded random games (random players, options, actors and deadlines), checked
    step by step and replayed at the end; every failure is reported with a command that replays it."""
    out = Console()
    err = Console(stderr=True)
    try:
        settings = FuzzSettings(game, players, _fixed_options(game, option), max_steps, prefer, turn_bias,
                                timer_chance, check_rate, view_rate)
        settings.check()
        if games < 1:
            raise SetupError(f"--games must be at least 1, not {games}")
        with _progress(err) as progress:
            bar = progress.add_task(f"fuzz {game}", total=games, failures=0, rate="–")

            def on_progress(summary: FuzzSummary) -> None:
                rate = f"{summary.steps / summary.seconds:,.0f}" if summary.seconds > 0 else "–"
                progress.update(bar, completed=summary.games, failures=summary.failures, rate=rate)

            summary = run_fuzz(settings, games, seed, workers=workers, on_progress=on_progress, max_failures=max_failures)
    except DreamtableError as error:  # UnknownGameError and SetupError among them
        err.print(f"[red]Error:[/] {escape(str(error))}")
        raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps(summary.to_json(), indent=1))
    else:
        _print_summary(out, summary)
    if summary.failures:
        raise typer.Exit(1)
    if summary.interrupted:
        raise typer.Exit(130)
