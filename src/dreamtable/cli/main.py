"""``dreamtable``: list the games, play at the terminal, replay a saved game, run the benchmarks.

With no command it opens a small menu. A user's mistake (an unknown game or bot, a bad option,
a corrupt save file) is answered with a message and exit code 2, never with a traceback.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any, Optional

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..agents import BOT_NAMES, bot_names
from ..core.contract import seat_from_name, seat_name
from ..core.errors import DreamtableError, SetupError
from ..core.record import Record
from ..core.registry import games as list_of_games
from ..core.registry import load
from ..core.registry import replay as replay_record
from ..core.table_language import TABLE_LANGUAGES, check_language, options_in_language
from ..core.words import language_of_environment, words_of
from .bench_serve import bench_serve
from .fit_leaves import fit_leaves
from .fuzz import fuzz
from .output import console, fail, with_progress
from .serve import ServeCommand, serve
from .study import study
from .terminal import TerminalGame, is_number, open_table, step_through

app = typer.Typer(
    help="dreamtable: play, simulate and study five dream-themed tabletop games.",
    add_completion=False,
    invoke_without_command=True,
    pretty_exceptions_enable=False,
)


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


def shown_default(value: Any, room: int = 24) -> str:
    """An option's default as it is typed after ``-o NAME=``: JSON for lists and tables, shortened to
    ``(a table)`` / ``(a list)`` when it would not fit in ``room`` characters."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        text = json.dumps(value, separators=(",", ":"))
        return text if len(text) <= room else "(a table)" if isinstance(value, dict) else "(a list)"
    return str(value)


@app.command("list")
def list_games(
    game: Optional[str] = typer.Argument(None, help="one game id: its options one per line, with what each does"),
) -> None:
    """List the games with their player counts and options (NAME=default, set with -o NAME=VALUE)."""
    from rich.padding import Padding

    try:
        infos = [load(game).info] if game else list_of_games()
    except DreamtableError as error:
        fail(str(error))
        return
    for info in infos:
        console.print(Text.assemble((info.id, "bold"), f" — {info.name}, {info.min_players}–{info.max_players} players"))
        if game:
            names = [f"{option.name}={shown_default(option.default, 40)}" for option in info.options]
            # Fixed widths: rich crops a grid's last column rather than wrap it when the widths are left to it.
            left = min(46, 2 + max(map(len, names), default=0))
            grid = Table.grid(padding=(0, 2))
            grid.add_column(style="bold", overflow="fold", width=left)
            grid.add_column(width=max(20, console.width - left - 2))
            for name, option in zip(names, info.options):
                shown_range = "" if option.range_text is None else f" [range {option.range_text}]"
                grid.add_row(Text("  " + name), Text(option.doc + shown_range))
            console.print(grid)
            continue
        options = " · ".join(f"{option.name}={shown_default(option.default)}" for option in info.options)
        console.print(Padding(Text("options: " + options, overflow="fold"), (0, 0, 0, 2)))
    if not game:
        console.print("Each game's rules and options: docs/rules/GAME.md; `dreamtable list GAME` explains its options.")


@app.command()
def play(
    game: str = typer.Argument(..., help="game id, see `dreamtable list`"),
    seats: str = typer.Option("human,ismcts", help=f"one per seat: human, bot (the game's usual bot) or a bot ({', '.join(BOT_NAMES)}, ismcts:500, ismcts:2s, or the game's own)"),
    seed: Optional[int] = typer.Option(None, help="the shuffle; a random one is chosen and shown if left out"),
    save: Optional[Path] = typer.Option(None, help="save after every move to FILE; resumes from FILE if it exists"),
    option: list[str] = typer.Option([], "--option", "-o", help="a rule option NAME=VALUE (repeatable)"),
    bot_delay: Optional[float] = typer.Option(None, help="games against the clock: seconds a bot waits before it speaks"),
    table_language: Optional[str] = typer.Option(None, help=f"the table's language ({', '.join(TABLE_LANGUAGES)}; "
                                                 "default: --lang): a game's words follow it unless -o sets them"),
    lang: Optional[str] = typer.Option(None, help=f"the language you read ({', '.join(TABLE_LANGUAGES)}; default: your locale's)"),
) -> None:
    """Play a game at the terminal: humans and bots in any mix (games against the clock: one human)."""
    try:
        reader = lang or language_of_environment()
        chosen = load(game)
        words = chosen.words(reader)
        specs = [spec.strip() for spec in seats.split(",") if spec.strip()]
        seed_given = seed is not None
        resuming = bool(save and save.exists())
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        if bot_delay is not None and not bot_delay >= 0:
            fail(f"--bot-delay is a number of seconds, 0 or more, not {bot_delay}")
        options = parse_options(option)
        if table_language is not None or not resuming:  # a saved game resumes as it was dealt
            options = options_in_language(chosen, options, check_language(table_language or reader))
        table = open_table(chosen, specs, seed, options, save, console, bot_delay, seed_given, words)
        if not seed_given and not resuming:  # said once the game is sure to start, never above an error
            console.print(escape(words.t("common.terminal.seed", {"seed": str(seed)})))
        TerminalGame(table, console=console, words=words).run()
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
    lang: Optional[str] = typer.Option(None, help=f"the language you read ({', '.join(TABLE_LANGUAGES)}; default: your locale's)"),
) -> None:
    """Step through a saved game, move by move, as a spectator or as one seat saw it."""
    try:
        record = Record.load(file)
        viewer = None if seat is None else seat_from_name(seat)
        if viewer is not None and not 0 <= viewer < record.players:
            fail(f"seat {seat} is not in this {record.players}-player game")
        # A save file holds the seed and every move, so a seat's replay of a game still being
        # played would show its hand to anyone at the keyboard.
        if viewer is not None and not reveal_hands and not replay_record(record).is_over:
            fail(f"{file} holds an unfinished game: replaying it as seat {seat_name(viewer)} shows that "
                 "seat's hidden hand to whoever reads the screen. Replay it as a spectator (leave out --seat), "
                 "or add --reveal-hands if that is what you want")
        reader = lang or language_of_environment()
        step_through(record, console, console.input, viewer, load(record.game).words(reader))
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
    game: str = typer.Argument(..., help="game id (dreamtable list shows them)"),
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
        shown = (f"{value:.1%}" if name == "framework overhead" else f"{value:.2f}×" if "speed-up" in name
                 else f"{value:.2f}" if name.startswith(("cores", "load")) else f"{value:,.1f}")
        table.add_row(name, shown)
    console.print(table)


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
        specs = tuple(spec.strip() for spec in seats.split(",") if spec.strip())
        compared = None
        if compare is not None:
            (name, value), = parse_options([compare]).items()
            compared = (name, value)
        experiment = Experiment(game, specs, games, seed, parse_options(option), compared)
        experiment.check()
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
        rows = with_progress(
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
    from ..workbench.report import endings_text, variant_label, write_report

    folder = out or file.with_name(file.stem + "_report")
    try:
        summary, page = write_report(file, folder)
    except DreamtableError as error:  # ResultsError among them
        fail(str(error))
        return
    for name, part in summary["variants"].items():
        console.print(Text(f"{summary['game']} — {variant_label(summary, name)} ({part['games']} games)", style="bold"))
        table = Table()
        for column in ("seat", "bot", "win rate", "95% interval"):
            table.add_column(column)
        for seat in part["seats"]:
            table.add_row(seat["seat"], seat["bot"], f"{seat['win_rate']:.1%}", f"{seat['low']:.1%}–{seat['high']:.1%}")
        console.print(table)
        if part["first_player"]:
            first = part["first_player"]
            console.print(f"First player wins {first['win_rate']:.1%} ({first['low']:.1%}–{first['high']:.1%}; fair: {first['fair_share']:.1%})")
        console.print(Text(f"Length: mean {part['length']['mean']:.1f} decisions; how the games ended: {endings_text(part)}; "
                           f"shared wins: {part['draws']}"))
    if "comparison" in summary:
        comparison = summary["comparison"]
        changes = "; ".join(f"{c['option']}={c['b']} (A: {c['a']})" for c in comparison.get("changed", [])) or "no option"
        console.print(Text(f"Variant B changes {changes}, on the same seeds. Differences, variant B minus variant A (95% interval):"))
        for seat in comparison["seats"]:
            value, low, high = seat["difference"]
            console.print(Text(f"  win rate of seat {seat['seat']} ({seat.get('bot', '?')}): {100 * value:+.1f} percentage "
                               f"points ({100 * low:+.1f} to {100 * high:+.1f})"))
        value, low, high = comparison["length"]
        console.print(Text(f"  length: {value:+.2f} decisions ({low:+.2f} to {high:+.2f})"))
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
        specs = [spec.strip() for spec in bots.split(",") if spec.strip()]
        result = with_progress(
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
    """Choose a game, the seats, a seed, a save file and options, play, and come back here.
    A mistake in an answer is said and the question asked again; Ctrl-D or q leaves."""

    from ..agents import make_agent
    from ..core.record import check_save_path

    infos = list_of_games()
    reader = language_of_environment()
    words = words_of(None, reader)

    def said(key: str, **fields: Any) -> str:
        return escape(words.t(f"common.terminal.menu.{key}", fields))

    def ask(question: str) -> str:
        answer = console.input(question).strip()
        if answer.lower() in ("q", "quit"):
            raise EOFError
        return answer

    try:
        while True:
            console.print(f"[bold]{said('title')}[/]")
            for number, info in enumerate(infos, 1):
                name = load(info.id).words(reader).t("name")
                console.print("  " + said("game", number=number, name=name, id=info.id, min=info.min_players, max=info.max_players))
            while True:
                answer = ask(said("game-number")) or "1"
                if is_number(answer) and 1 <= int(answer) <= len(infos):
                    info = infos[int(answer) - 1]
                    break
                console.print(said("choose", count=len(infos)))
            game = load(info.id)
            default_seats = ",".join(["human"] + ["bot"] * (info.min_players - 1))
            while True:  # seats, checked before anything else is asked
                seats = ask(said("seats", min=info.min_players, max=info.max_players, bots=", ".join(bot_names(game)),
                                 default=default_seats)) or default_seats
                specs = [spec.strip() for spec in seats.split(",") if spec.strip()]
                try:
                    if not info.min_players <= len(specs) <= info.max_players:
                        raise SetupError(f"{info.name} takes {info.min_players}–{info.max_players} players, not {len(specs)}")
                    for spec in specs:
                        if spec != "human":
                            make_agent(spec, 0, game=game)
                    break
                except (DreamtableError, ValueError) as error:
                    console.print(f"[red]{escape(str(error))}[/] {said('try-again')}")
            while True:
                answer = ask(said("seed"))
                if not answer or is_number(answer):
                    break
                console.print(f"[red]{said('seed-wrong')}[/] {said('try-again')}")
            seed_given = bool(answer)
            seed = int(answer) if seed_given else random.SystemRandom().randrange(1_000_000)
            while True:
                answer = ask(said("options", id=info.id))
                try:
                    options: dict[str, Any] = {}
                    for pair in answer.split():
                        name, sep, value = pair.partition("=")
                        if not sep or not name:
                            raise SetupError(f"an option is NAME=VALUE, e.g. first_player=A; got {pair!r}")
                        options[name] = value
                    game.resolve_options(options)
                    break
                except (DreamtableError, ValueError) as error:
                    console.print(f"[red]{escape(str(error))}[/] {said('try-again')}")
            while True:
                answer = ask(said("save"))
                save = Path(answer).expanduser() if answer else None
                resuming = save is not None and save.exists()
                try:
                    if save is not None:
                        check_save_path(save)
                    if not resuming:  # a new game's words follow the reader's language unless -o set them
                        options = options_in_language(game, options, reader)
                    table = open_table(game, specs, seed, options, save, console, None, seed_given, game.words(reader))
                    break
                except (DreamtableError, ValueError) as error:
                    console.print(f"[red]{escape(str(error))}[/] {said('try-again')}")
            if not seed_given and not resuming:
                console.print(said("seed-said", seed=str(seed)))
            try:
                TerminalGame(table, console=console, words=game.words(reader)).run()
            except KeyboardInterrupt:
                console.print("\n" + (said("interrupted.saved", save=str(save)) if save else said("interrupted")))
            console.print(f"\n[bold]{said('back')}[/]")
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + said("goodbye"))


# Commands that live in their own files (serve and bench-serve import the server stack only when they run).
app.command()(fuzz)
app.command(cls=ServeCommand)(serve)
app.command("bench-serve")(bench_serve)
app.command()(study)  # cli/study.py: docs/balance
app.command("fit-leaves")(fit_leaves)  # workbench/leaf_fit.py

if __name__ == "__main__":  # pragma: no cover
    app()
