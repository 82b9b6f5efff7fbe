"""``dreamtable``: list the games, play at the terminal, replay a saved game, run the benchmarks.

With no command it opens a small menu. A user's mistake (an unknown game or bot, a bad option,
a corrupt save file) is answered with a message and exit code 2, never with a traceback.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from ..agents import BOT_NAMES, UnknownAgentError
from ..core.contract import SetupError, seat_from_name
from ..core.errors import DreamtableError
from ..core.record import Record
from ..core.registry import games, load
from .terminal import TerminalGame, step_through

app = typer.Typer(
    help="dreamtable: play, simulate and study five dream-themed tabletop games.",
    add_completion=False,
    invoke_without_command=True,
    pretty_exceptions_enable=False,
)
console = Console()


def fail(message: str) -> None:
    """Print a user's mistake plainly and stop with exit code 2."""
    console.print(f"[red]Error:[/] {message}")
    raise typer.Exit(2)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``["hand_limit=8"]`` → ``{"hand_limit": "8"}`` (each game converts and checks the values)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            fail(f"an option is NAME=VALUE, e.g. hand_limit=8; got {pair!r}")
        options[name.strip()] = value.strip()
    return options


@app.callback()
def main(context: typer.Context) -> None:
    """With no command: a menu to choose a game and seats, then play."""
    if context.invoked_subcommand is None:
        menu()


@app.command("list")
def list_games() -> None:
    """List the games with their player counts and options."""
    table = Table(title="dreamtable games")
    table.add_column("id")
    table.add_column("name")
    table.add_column("players")
    table.add_column("options (default; see docs/rules)")
    for info in games():
        options = "\n".join(f"{o.name}={o.default}" for o in info.options)
        table.add_row(info.id, info.name, f"{info.min_players}–{info.max_players}", options)
    console.print(table)


@app.command()
def play(
    game: str = typer.Argument(..., help="game id, see `dreamtable list`"),
    seats: str = typer.Option("human,ismcts", help=f"one per seat: human or a bot ({', '.join(BOT_NAMES)}, ismcts:500, ismcts:2s)"),
    seed: Optional[int] = typer.Option(None, help="the shuffle; a random one is chosen and shown if left out"),
    save: Optional[Path] = typer.Option(None, help="save after every move to FILE; resumes from FILE if it exists"),
    option: list[str] = typer.Option([], "--option", "-o", help="a rule option NAME=VALUE (repeatable)"),
) -> None:
    """Play a game at the terminal: humans and bots in any mix."""
    try:
        chosen = load(game)
        specs = [spec.strip().lower() for spec in seats.split(",") if spec.strip()]
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
            console.print(f"Seed {seed} (use --seed {seed} to deal the same cards again).")
        TerminalGame(chosen, specs, seed, parse_options(option), save=save, console=console).run()
    except (DreamtableError, UnknownAgentError, SetupError) as error:
        fail(str(error))
    except (EOFError, KeyboardInterrupt):
        console.print("\nGame interrupted." + (f" It is saved in {save}." if save else ""))
        raise typer.Exit(1)


@app.command()
def replay(
    file: Path = typer.Argument(..., help="a record saved with --save"),
    seat: Optional[str] = typer.Option(None, help="show the game as this seat saw it (A, B, …); default: a spectator"),
) -> None:
    """Step through a saved game, move by move."""
    try:
        record = Record.load(file)
        viewer = None if seat is None else seat_from_name(seat)
        if viewer is not None and not 0 <= viewer < record.players:
            fail(f"seat {seat} is not in this {record.players}-player game")
        step_through(record, console, console.input, viewer)
    except (DreamtableError, ValueError) as error:
        fail(str(error))
    except (EOFError, KeyboardInterrupt):
        raise typer.Exit(1)


@app.command()
def bench(
    game: Optional[str] = typer.Argument(None, help="one game id; default: every game"),
    runs: int = typer.Option(5, help="runs per figure (the median is shown)"),
    players: Optional[int] = typer.Option(None, help="player count (default: the game's minimum)"),
) -> None:
    """Measure random-play decisions/s, games/s, copies/s and ISMCTS iterations/s (medians)."""
    from ..benchmark import bench as run_bench

    try:
        ids = [game] if game else [info.id for info in games()]
        table = Table(title=f"dreamtable bench (median of {runs} runs, one core)")
        for column in ("game", "players", "decisions/s", "games/s", "copies/s", "ISMCTS it/s"):
            table.add_column(column, justify="right")
        for game_id in ids:
            with console.status(f"measuring {game_id}…"):
                result = run_bench(game_id, players=players, runs=runs)
            table.add_row(
                result.game,
                str(result.players),
                f"{result.decisions_per_second:,.0f}",
                f"{result.games_per_second:,.1f}",
                f"{result.copies_per_second:,.0f}",
                f"{result.ismcts_iterations_per_second:,.0f}",
            )
        console.print(table)
    except DreamtableError as error:
        fail(str(error))


def menu() -> None:
    """Choose a game, the seats and a seed, then play."""
    infos = games()
    console.print("[bold]dreamtable[/] — choose a game (Ctrl-D to leave):")
    for number, info in enumerate(infos, 1):
        console.print(f"  {number}. {info.name} ({info.id}, {info.min_players}–{info.max_players} players)")
    try:
        while True:
            answer = console.input("Game number: ").strip() or "1"
            if answer.isdigit() and 1 <= int(answer) <= len(infos):
                info = infos[int(answer) - 1]
                break
            console.print(f"Choose 1–{len(infos)}.")
        default_seats = ",".join(["human"] + ["ismcts"] * (info.min_players - 1))
        seats = console.input(f"Seats, one per player: human or {', '.join(BOT_NAMES)} [{default_seats}]: ").strip()
        play(info.id, seats or default_seats, None, None, [])
    except (EOFError, KeyboardInterrupt):
        console.print("\nGoodbye.")


if __name__ == "__main__":  # pragma: no cover
    app()
