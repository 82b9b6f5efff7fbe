"""``dreamtable``: list the games, play at the terminal, replay a saved game, run the benchmarks.

With no command it opens a small menu. A user's mistake (an unknown game or bot, a bad option,
a corrupt save file) is answered with a message and exit code 2, never with a traceback.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from ..agents import BOT_NAMES, bot_names
from ..core.contract import seat_from_name, seat_name
from ..core.errors import DreamtableError
from ..core.record import Record
from ..core.registry import games as list_of_games
from ..core.registry import load
from ..core.registry import replay as replay_record
from .bench_serve import bench_serve
from .fuzz import fuzz
from .serve import serve
from .terminal import TerminalGame, is_number, open_table, step_through

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
    for info in list_of_games():
        options = "\n".join(f"{o.name}={o.default}" for o in info.options)
        table.add_row(info.id, info.name, f"{info.min_players}–{info.max_players}", options)
    console.print(table)


@app.command()
def play(
    game: str = typer.Argument(..., help="game id, see `dreamtable list`"),
    seats: str = typer.Option("human,ismcts", help=f"one per seat: human, bot (the game's usual bot) or a bot ({', '.join(BOT_NAMES)}, ismcts:500, ismcts:2s, or the game's own)"),
    seed: Optional[int] = typer.Option(None, help="the shuffle; a random one is chosen and shown if left out"),
    save: Optional[Path] = typer.Option(None, help="save after every move to FILE; resumes from FILE if it exists"),
    option: list[str] = typer.Option([], "--option", "-o", help="a rule option NAME=VALUE (repeatable)"),
    bot_delay: Optional[float] = typer.Option(None, help="games against the clock: seconds a bot waits before it speaks"),
) -> None:
    """Play a game at the terminal: humans and bots in any mix (games against the clock: one human)."""
    try:
        chosen = load(game)
        specs = [spec.strip().lower() for spec in seats.split(",") if spec.strip()]
        seed_given = seed is not None
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
            if not (save and save.exists()):
                console.print(f"Seed {seed} (use --seed {seed} to deal the same cards again).")
        if bot_delay is not None and not bot_delay >= 0:
            fail(f"--bot-delay is a number of seconds, 0 or more, not {bot_delay}")
        table = open_table(chosen, specs, seed, parse_options(option), save, console, bot_delay, seed_given)
        TerminalGame(table, console=console).run()
    except (DreamtableError, ValueError) as error:
        fail(str(error))
    except (EOFError, KeyboardInterrupt):
        console.print("\nGame interrupted." + (f" It is saved in {save}." if save else ""))
        raise typer.Exit(1)


@app.command()
def replay(
    file: Path = typer.Argument(..., help="a record saved with --save"),
    seat: Optional[str] = typer.Option(None, help="show the game as this seat saw it (A, B, …); default: a spectator"),
    reveal_hands: bool = typer.Option(False, "--reveal-hands", help="allow --seat on an unfinished game, which shows that seat's hidden hand to whoever reads the screen"),
) -> None:
    """Step through a saved game, move by move, as a spectator or as one seat saw it."""
    try:
        record = Record.load(file)
        viewer = None if seat is None else seat_from_name(seat)
        if viewer is not None and not 0 <= viewer < record.players:
            fail(f"seat {seat} is not in this {record.players}-player game")
        # A save file holds the seed and every move, so a seat's replay of a game still being
        # played would show its hand to anyone at the keyboard (issue 13 point 5).
        if viewer is not None and not reveal_hands and not replay_record(record).is_over:
            fail(f"{file} holds an unfinished game: replaying it as seat {seat_name(viewer)} shows that "
                 "seat's hidden hand to whoever reads the screen. Replay it as a spectator (leave out --seat), "
                 "or add --reveal-hands if that is what you want")
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
    games: int = typer.Option(200, help="random games per run (Dreamwell's random games are long: try 5)"),
    through_table: bool = typer.Option(False, "--table", help="instead: the table layer's cost in batch play, as a ratio to the bare engine"),
) -> None:
    """Measure random-play decisions/s, games/s, copies/s and ISMCTS iterations/s (medians)."""
    from ..benchmark import bench as run_bench
    from ..benchmark import table_overhead

    try:
        ids = [game] if game else [info.id for info in list_of_games()]
        if through_table:
            for game_id in ids:
                with console.status(f"measuring {game_id} through the table…"):
                    ratio = table_overhead(game_id, players=players, runs=runs, games=games)
                console.print(f"{game_id}: batch play through the table takes {ratio:.2f}× the bare engine loop's time "
                              f"(median of {runs} runs of {games} random games)")
            return
        table = Table(title=f"dreamtable bench (median of {runs} runs, one core)")
        for column in ("game", "players", "decisions/s", "games/s", "copies/s", "ISMCTS it/s"):
            table.add_column(column, justify="right")
        for game_id in ids:
            with console.status(f"measuring {game_id}…"):
                result = run_bench(game_id, players=players, runs=runs, games=games)
            table.add_row(
                result.game,
                str(result.players),
                f"{result.decisions_per_second:,.0f}",
                f"{result.games_per_second:,.1f}",
                f"{result.copies_per_second:,.0f}",
                "n/a" if math.isnan(result.ismcts_iterations_per_second) else f"{result.ismcts_iterations_per_second:,.0f}",
            )
        console.print(table)
    except DreamtableError as error:
        fail(str(error))


@app.command("bench-simulate")
def bench_simulate(
    game: str = typer.Argument("sogni-e-incubi", help="game id"),
    seats: str = typer.Option("greedy,greedy", help="the bots of the batch"),
    games: int = typer.Option(200, help="games in the batch"),
    runs: int = typer.Option(3, help="runs of each (the median is shown)"),
) -> None:
    """The workbench's scaling: bare loop, 1 and 2 workers, a Dask LocalCluster (games/s)."""
    from ..workbench.scaling import scaling

    with console.status("running the same batch several ways…"):
        rates = scaling(game, tuple(seats.split(",")), games, runs)
    table = Table(title=f"{game}, {games} games of {seats} (median of {runs} runs)")
    table.add_column("how")
    table.add_column("games/s or ratio", justify="right")
    for name, value in rates.items():
        shown = f"{value:.1%}" if name == "framework overhead" else f"{value:.2f}×" if "speed-up" in name else f"{value:,.1f}"
        table.add_row(name, shown)
    console.print(table)


def _progress_bar() -> Any:
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


def _with_progress(description: str, run: Any) -> Any:
    """Run ``run(on_result)`` while a progress bar follows ``on_result(done, total)``."""
    import time

    started = time.perf_counter()
    first_done: list[int] = []
    with _progress_bar() as progress:
        bar = progress.add_task(description, total=None, rate="–")

        def on_result(done: int, total: int) -> None:
            if not first_done:
                first_done.append(done)  # resumed games do not count towards the rate
            elapsed = time.perf_counter() - started
            played = done - first_done[0]
            rate = f"{played / elapsed:.1f}" if played and elapsed > 0 else "–"
            progress.update(bar, completed=done, total=total, rate=rate)

        return run(on_result)


@app.command()
def simulate(
    game: str = typer.Argument(..., help="game id, see `dreamtable list`"),
    games: int = typer.Option(100, help="how many games (seeds SEED … SEED+GAMES−1)"),
    seats: str = typer.Option("random,random", help="one bot per seat: random, greedy, ismcts, ismcts:500, ismcts:2s"),
    seed: int = typer.Option(0, help="the first seed"),
    out: Path = typer.Option(Path("results.jsonl"), help="results (JSONL, with a CSV beside it); resumed if it exists"),
    option: list[str] = typer.Option([], "--option", "-o", help="a rule option NAME=VALUE (repeatable)"),
    compare: Optional[str] = typer.Option(None, help="A/B: also play every seed with NAME=VALUE"),
    workers: Optional[int] = typer.Option(None, help="local processes (default: every core)"),
    cluster: Optional[str] = typer.Option(None, help="a Dask scheduler, tcp://HOST:PORT, instead of local processes"),
    records: Optional[Path] = typer.Option(None, help="also save every game's record into this folder"),
) -> None:
    """Play many seeded games between bots; results to JSONL and CSV as they finish (stop and resume at will)."""
    from ..workbench.simulate import Experiment
    from ..workbench.simulate import simulate as run_simulation

    try:
        specs = tuple(spec.strip().lower() for spec in seats.split(",") if spec.strip())
        compared = None
        if compare is not None:
            (name, value), = parse_options([compare]).items()
            compared = (name, value)
        experiment = Experiment(game, specs, games, seed, parse_options(option), compared)
        experiment.check()
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
        rows = _with_progress(
            f"{game} {','.join(specs)}",
            lambda on_result: run_simulation(
                experiment, out, workers=workers, cluster=cluster,
                record_dir=str(records) if records else None, on_result=on_result,
            ),
        )
        console.print(f"{len(rows)} games in {out} (and {out.with_suffix('.csv')}). "
                      f"Next: dreamtable report {out}")
    except DreamtableError as error:  # ResultsError among them
        fail(str(error))
    except KeyboardInterrupt:
        console.print(f"\nStopped. The finished games are in {out}; run the same command again to resume.")
        raise typer.Exit(130)


@app.command()
def report(
    file: Path = typer.Argument(..., help="a results file written by `dreamtable simulate`"),
    out: Optional[Path] = typer.Option(None, help="folder for report.html and the PNG plots (default: FILE's name + _report)"),
) -> None:
    """A balance report: win rates with 95% intervals, first-player edge, length, margins, endings, plots."""
    from ..workbench.report import write_report

    folder = out or file.with_name(file.stem + "_report")
    try:
        summary, page = write_report(file, folder)
    except DreamtableError as error:  # ResultsError among them
        fail(str(error))
        return
    for name, part in summary["variants"].items():
        table = Table(title=f"{summary['game']} — {'variant ' + name if name != 'all' else 'all games'} ({part['games']} games)")
        for column in ("seat", "bot", "win rate", "95% interval"):
            table.add_column(column)
        for seat in part["seats"]:
            table.add_row(seat["seat"], seat["bot"], f"{seat['win_rate']:.1%}", f"{seat['low']:.1%}–{seat['high']:.1%}")
        console.print(table)
        if part["first_player"]:
            first = part["first_player"]
            console.print(f"First player wins {first['win_rate']:.1%} ({first['low']:.1%}–{first['high']:.1%}; fair: {first['fair_share']:.1%})")
        console.print(f"Length: mean {part['length']['mean']:.1f} decisions; endings: {part['end_reasons']}; shared wins: {part['draws']}")
    if "comparison" in summary:
        for seat in summary["comparison"]["seats"]:
            value, low, high = seat["difference"]
            console.print(f"B − A, win rate of {seat['seat']}: {value:+.1%} ({low:+.1%} to {high:+.1%})")
        value, low, high = summary["comparison"]["length"]
        console.print(f"B − A, length: {value:+.2f} decisions ({low:+.2f} to {high:+.2f})")
    console.print(f"Report: {page}")


@app.command()
def tournament(
    game: str = typer.Argument(..., help="game id"),
    bots: str = typer.Option("random,greedy,ismcts:200", help="the bots, comma-separated"),
    games: int = typer.Option(20, help="games per seat order"),
    players: Optional[int] = typer.Option(None, help="seats per game (default: the game's minimum)"),
    seed: int = typer.Option(0, help="the first seed (every seat order plays the same seeds)"),
    workers: Optional[int] = typer.Option(None, help="local processes (default: every core)"),
    cluster: Optional[str] = typer.Option(None, help="a Dask scheduler, tcp://HOST:PORT"),
    out: Optional[Path] = typer.Option(None, help="write ratings, cross table and games as JSON"),
) -> None:
    """Round robin across seat orders: Plackett–Luce ratings and a cross table."""
    import json

    from ..workbench.tournament import tournament as run_tournament

    try:
        specs = [spec.strip().lower() for spec in bots.split(",") if spec.strip()]
        result = _with_progress(
            f"{game} tournament",
            lambda on_result: run_tournament(game, specs, games, players, seed, workers=workers, cluster=cluster, on_result=on_result),
        )
    except DreamtableError as error:
        fail(str(error))
        return
    except KeyboardInterrupt:  # the games in flight are stopped; a tournament has no partial result
        console.print("\nStopped.")
        raise typer.Exit(130)
    ranking = sorted(result.bots, key=lambda spec: -result.ratings[spec]["ordinal"])
    table = Table(title=f"{game}: {len(result.rows)} games")
    table.add_column("bot")
    table.add_column("rating μ ± σ")
    for spec in ranking:
        table.add_column(f"vs {spec}", justify="right")
    for spec in ranking:
        rating = result.ratings[spec]
        cells = [("–" if value is None else f"{value:.0%}") for value in (result.cross[spec][other] for other in ranking)]
        table.add_row(spec, f"{rating['mu']:.1f} ± {rating['sigma']:.1f}", *cells)
    console.print(table)
    console.print("Cells: how often the row bot finished ahead of the column bot in their games together.")
    if out is not None:
        out.write_text(json.dumps({"ratings": result.ratings, "cross": result.cross, "games": result.rows}, indent=1), encoding="utf-8")


def menu() -> None:
    """Choose a game, the seats and a seed, then play."""
    infos = list_of_games()
    console.print("[bold]dreamtable[/] — choose a game (Ctrl-D to leave):")
    for number, info in enumerate(infos, 1):
        console.print(f"  {number}. {info.name} ({info.id}, {info.min_players}–{info.max_players} players)")
    try:
        while True:
            answer = console.input("Game number: ").strip() or "1"
            if is_number(answer) and 1 <= int(answer) <= len(infos):
                info = infos[int(answer) - 1]
                break
            console.print(f"Choose 1–{len(infos)}.")
        default_seats = ",".join(["human"] + ["bot"] * (info.min_players - 1))
        choices = f"human, bot, or {', '.join(bot_names(load(info.id)))}"
        seats = console.input(f"Seats, one per player: {choices} [{default_seats}]: ").strip()
        play(info.id, seats or default_seats, None, None, [], None)
    except (EOFError, KeyboardInterrupt):
        console.print("\nGoodbye.")


# Commands that live in their own files.
app.command()(fuzz)
app.command()(serve)
app.command("bench-serve")(bench_serve)

if __name__ == "__main__":  # pragma: no cover
    app()
