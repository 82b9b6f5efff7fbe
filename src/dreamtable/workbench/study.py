"""Balance studies: what seeded bot games say about one game, published as a page with plots.

``dreamtable study GAME`` plays the batches of the game's :class:`Plan` — every player count with
each bot of the plan, and every rule option and variant of the plan A/B tested against the
defaults — and writes ``docs/balance/GAME.md`` with PNG plots and one report page per batch (the
report of :mod:`.report`), then rewrites ``docs/balance/README.md`` from every study found there.

Everything rests on the workbench: each batch is an :class:`~.simulate.Experiment` with its own
results file (JSONL and CSV) under the data folder, resumed like ``simulate`` (:func:`~.simulate.
pending_tasks`, locked with :func:`~.lock.output_lock`); the figures are :mod:`.report`'s and
:mod:`.stats`' (Wilson intervals for rates, normal ones for means and differences). The batches
share one stream of games (:func:`~.runner.run_tasks`), so every core stays busy to the last game.

Game ``i`` of every batch uses seed ``SEED + i``; an A/B variant plays the seeds of its baseline
batch (the defaults, same bots), whose games it is compared with, so the baseline is played once.
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
import time
from contextlib import ExitStack, closing, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from ..core.errors import DreamtableError
from ..core.registry import load
from ..core.study_plan import GREEDY, Lengths, Plan, RecordSection, Variant, ismcts_bot, markdown_table, option_text
from .lock import output_lock
from .report import build_report, compare, html_page, margin, plots, summarize, whole_bins, win_share
from .results import ResultsWriter, check_csv
from .runner import run_tasks
from .simulate import Experiment, pending_tasks
from ..core.stats import Z95, mean_difference, mean_interval, quantile, rate_difference, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


class StudyError(DreamtableError, ValueError):
    """A study that cannot be made: a variant equal to the default, a game without a plan…"""


# -- what a study plays ----------------------------------------------------------------------

@dataclass(frozen=True)
class Batch:
    """One results file: ``games`` seeded games of ``bot`` in every seat, with ``options``."""

    key: str
    bot: str
    players: int
    games: int
    options: dict[str, Any] = field(default_factory=dict)
    variant: Variant | None = None
    record: bool = False

    def experiment(self, game: str, seed: int) -> Experiment:
        return Experiment(game, (self.bot,) * self.players, self.games, seed, dict(self.options))


def _same_seats(plan: str) -> str:
    return f"every seat plays the same bot, so any difference between seats is the seat order's ({plan})"


def default_plan(game_id: str) -> Plan:
    """A plan for a game that declares none (``Game.study_plan_module``): greedy at every player
    count, a little ISMCTS, and no A/B tests beyond the ones asked for (``--variant``)."""
    info = load(game_id).info
    counts = range(info.min_players, info.max_players + 1)
    proposed = {o.name: "no alternative value chosen yet: give one with --variant NAME=VALUE"
                for o in info.options if "[proposed" in o.doc}
    return Plan(game_id, batches={"greedy": {p: 200 for p in counts}, "ismcts:50": {info.min_players: 20}},
                ab=("greedy", info.min_players), skipped=proposed, bots={"greedy": GREEDY, "ismcts:50": ismcts_bot(50)})


def plan_for(game_id: str) -> Plan:
    """The study plan of a game (``UnknownGameError`` for an unknown one)."""
    load(game_id)
    return load(game_id).study_plan() or default_plan(game_id)


def proposed_options(game_id: str) -> list[str]:
    """The options a game marks [proposed] in its option list (``dreamtable list GAME``)."""
    return [option.name for option in load(game_id).info.options if "[proposed" in option.doc]


def parse_variant(game_id: str, text: str, players: int, seed: int = 0) -> Variant:
    """``NAME=VALUE`` as a variant of ``game_id``; ``SetupError`` for an unknown option or a bad
    value, ``StudyError`` for a value equal to the default."""
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not sep or not name:
        raise StudyError(f"a variant is NAME=VALUE, e.g. final_count=cards; got {text!r}")
    return check_variant(game_id, Variant(name, value, "asked for with --variant"), players, seed)


def check_variant(game_id: str, variant: Variant, players: int, seed: int = 0) -> Variant:
    """The variant with its value converted; refused when unknown, bad, or equal to the default."""
    game = load(game_id)
    resolved = game.resolve_options({variant.option: variant.value})  # SetupError names the options
    default = next(o.default for o in game.info.options if o.name == variant.option)
    value = resolved[variant.option]
    if value == default:
        raise StudyError(f"the variant {variant.option}={option_text(variant.value)} is {game.id}'s default: "
                         "an A/B test compares a change with the default, so give another value")
    game.new(players=players, seed=seed, **{variant.option: value})  # the checks only a new match makes
    return replace(variant, value=value)


def batches_of(plan: Plan, games: int | None = None, variants: Sequence[Variant] = ()) -> list[Batch]:
    """Every batch of the study; ``games`` sets the baseline's size and scales the others alike."""
    factor = 1.0 if games is None else games / plan.main_games
    if factor <= 0:
        raise StudyError(f"--games must be at least 1, not {games}")
    out: list[Batch] = []
    size: dict[tuple[str, int], int] = {}
    for bot, counts in plan.batches.items():
        for players, n in sorted(counts.items()):
            size[(bot, players)] = max(1, round(n * factor))
            out.append(Batch(f"{_slug(bot)}-{players}p", bot, players, size[(bot, players)],
                             record=bot in plan.record_bots))
    seen: set[str] = set()
    for variant in [*plan.variants, *variants]:
        bot = variant.bot or plan.ab[0]
        players = plan.ab[1]
        if (bot, players) not in size:
            raise StudyError(f"variant {variant.name} is played by {bot}, which has no baseline batch at {players} players")
        key = f"{_slug(variant.name)}-{_slug(bot)}-{players}p"
        if key in seen:
            continue
        seen.add(key)
        out.append(Batch(key, bot, players, size[(bot, players)], {variant.option: variant.value}, variant))
    return out


# -- playing the batches ------------------------------------------------------------------

def run_batches(game_id: str, batches: Sequence[Batch], seed: int, data: Path, *, workers: int | None = None,
                cluster: str | None = None, on_result: Callable[[int, int], None] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Play (or finish) every batch into ``data/KEY.jsonl``; each batch's rows, sorted by seed.

    Like ``simulate``: finished games are kept and skipped, a file of another experiment is
    refused, one run at a time holds each file's lock, and Ctrl-C stops the games in flight at once.
    """
    game = load(game_id)
    experiments = {batch.key: batch.experiment(game_id, seed) for batch in batches}
    for experiment in experiments.values():
        experiment.check()
    data.mkdir(parents=True, exist_ok=True)
    route: dict[tuple[tuple[str, ...], str], str] = {}
    rows: dict[str, list[dict[str, Any]]] = {}
    streams: list[Iterator[Any]] = []
    total = 0
    with ExitStack() as stack:
        writers: dict[str, ResultsWriter] = {}
        for batch in batches:
            out = data / f"{batch.key}.jsonl"
            check_csv(out)
            stack.enter_context(output_lock(out))
            record_dir = None
            if batch.record:
                (data / batch.key).mkdir(exist_ok=True)
                record_dir = str(data / batch.key)
            tasks, done, left = pending_tasks(experiments[batch.key], out, record_dir)
            rows[batch.key] = done
            total += len(done) + left
            streams.append(tasks)
            writer = ResultsWriter(out)
            stack.callback(writer.close)
            writers[batch.key] = writer
            resolved = game.resolve_options(experiments[batch.key].options)
            route[((batch.bot,) * batch.players, json.dumps(resolved, sort_keys=True))] = batch.key
        finished = sum(len(r) for r in rows.values())
        if on_result is not None:
            on_result(finished, total)
        # The batches with the most players first: their games are the longest, and a long game started
        # last would keep one worker busy while the others wait.
        order = sorted(range(len(batches)), key=lambda index: -batches[index].players)
        with closing(run_tasks(itertools.chain(*(streams[index] for index in order)), workers, cluster)) as results:
            for row in results:
                key = route[(tuple(row["seats"]), json.dumps(row["options"], sort_keys=True))]
                rows[key].append(row)
                writers[key].add(row)
                finished += 1
                if on_result is not None:
                    on_result(finished, total)
    return {key: sorted(batch_rows, key=lambda row: row["seed"]) for key, batch_rows in rows.items()}


# -- the figures ------------------------------------------------------------------------

def first_seat(row: dict[str, Any], plan: Plan) -> int:
    """The seat that moved first: the game's ``first_player`` figure, else the plan's option, else A."""
    metrics = row.get("metrics", {})
    if "first_player" in metrics:
        return int(metrics["first_player"])
    if plan.first_option is not None:
        return int(row["options"].get(plan.first_option, 0))
    return 0


def positions(rows: Sequence[dict[str, Any]], plan: Plan) -> list[dict[str, Any]]:
    """Win rate by place in the turn order (1 = the first player), each with its Wilson interval,
    against a fair share; shared wins count as a share."""
    players = len(rows[0]["seats"])
    fair = 1 / players
    out = []
    for place in range(players):
        wins = sum(win_share(row, (first_seat(row, plan) + place) % players) for row in rows)
        low, high = wilson(wins, len(rows))
        verdict = "above a fair share" if low > fair else "below a fair share" if high < fair else "fair within the interval"
        out.append({"place": place + 1, "rate": wins / len(rows), "low": low, "high": high, "fair": fair, "verdict": verdict})
    return out


def margins(rows: Sequence[dict[str, Any]], plan: Plan) -> list[float]:
    """Each game's margin: best score minus second best, or of the plan's per-seat figure."""
    if plan.margin_metric is None:
        return [margin(row) for row in rows]
    out = []
    for row in rows:
        values = sorted((float(v) for v in row["metrics"][plan.margin_metric]), reverse=True)
        out.append(values[0] - values[1] if len(values) > 1 else 0.0)
    return out


def lengths(rows: Sequence[dict[str, Any]], plan: Plan) -> list[float]:
    """Each game's length in rounds: the game's own count if it keeps one, else decisions per seat."""
    if plan.length_metric is not None:
        return [float(row["metrics"][plan.length_metric]) for row in rows]
    return [float(row["rounds"]) for row in rows]


def batch_figures(rows: Sequence[dict[str, Any]], plan: Plan) -> dict[str, Any]:
    """The figures of one batch: seat order, length, margins, endings."""
    summary = summarize(rows)
    n = len(rows)
    decisions = summary["_lengths"]
    rounds = lengths(rows, plan)
    spread = margins(rows, plan)
    return {
        "games": n,
        "seeds": [rows[0]["seed"], rows[-1]["seed"]],
        "positions": positions(rows, plan),
        "decisions": {"mean": mean_interval(decisions), "median": quantile(decisions, 0.5),
                      "p10": quantile(decisions, 0.1), "p90": quantile(decisions, 0.9)},
        "rounds": {"mean": mean_interval(rounds), "median": quantile(rounds, 0.5)},
        "margin": {"mean": mean_interval(spread), "median": quantile(spread, 0.5)},
        "shared": summary["draws"] / n,
        "endings": {reason: [count / n, *wilson(count, n)] for reason, count in
                    sorted(summary["end_reasons"].items(), key=lambda item: (-item[1], item[0]))},
    }


def ab_figures(base: Sequence[dict[str, Any]], rows: Sequence[dict[str, Any]], plan: Plan) -> dict[str, Any]:
    """What a variant changes against its baseline on the same seeds: B − A with 95% intervals."""
    seeds = {row["seed"] for row in rows}
    base = [row for row in base if row["seed"] in seeds]
    comparison = compare(base, rows)
    first_a = sum(win_share(row, first_seat(row, plan)) for row in base)
    first_b = sum(win_share(row, first_seat(row, plan)) for row in rows)
    mean_a = mean_interval([float(row["decisions"]) for row in base])[0]
    by_seed = {row["seed"]: row for row in base}
    same = all(_outcome(row) == _outcome(by_seed[row["seed"]]) for row in rows)
    return {
        "games": len(rows),
        "same_games": same,
        "length": comparison["length"],
        "length_a": mean_a,
        "rounds": mean_difference(lengths(base, plan), lengths(rows, plan)),
        "margin": mean_difference(margins(base, plan), margins(rows, plan)),
        "first": rate_difference(first_a, len(base), first_b, len(rows)),
        "endings": comparison["end_reasons"],
    }


def _share(value: float) -> str:
    """A share in whole percent, or to a tenth below 2% (``0.3%``, not ``0%``)."""
    return f"{value:.1%}" if value < 0.02 else f"{value:.0%}"


def _outcome(row: dict[str, Any]) -> tuple[Any, ...]:
    return (row["decisions"], row["scores"], row["winners"], row["reason"])


def reading(effect: dict[str, Any], unit: str, rescores: str = "") -> str:
    """One line on what a variant did: the effects whose interval excludes zero, or how small any
    effect must be (``no measurable effect at 400 games a side (length within ±3%, …)``)."""
    if effect.get("same_games"):
        return (f"none: all {effect['games']} games ended exactly as with the default (same length, scores and "
                "ending, seed by seed) — with these bots what it changes never comes into play")
    found = []
    d, low, high = effect["length"]
    base = effect["length_a"] or 1.0
    half = (high - low) / 2
    if low > 0 or high < 0:
        found.append(f"{'lengthens' if d > 0 else 'shortens'} games by {_share(abs(d) / base)} ± {_share(half / base)}")
    fd, flow, fhigh = effect["first"]
    fhalf = (fhigh - flow) / 2
    if flow > 0 or fhigh < 0:
        found.append(f"the first player's win rate {100 * fd:+.0f} ± {100 * fhalf:.0f} points")
    md, mlow, mhigh = effect["margin"]
    if (mlow > 0 or mhigh < 0) and not rescores:
        found.append(f"margins {md:+.2f} ± {(mhigh - mlow) / 2:.2f} {unit.split(' (')[0]}")
    for reason, (ed, elow, ehigh) in effect["endings"].items():
        if (elow > 0 or ehigh < 0) and len(found) < 3:
            found.append(f"{'more' if ed > 0 else 'fewer'} games end by {reason} ({100 * ed:+.0f} ± {100 * (ehigh - elow) / 2:.0f} points)")
    after = f" (margins not compared: {rescores})" if rescores else ""
    if found:
        return "; ".join(found) + after
    return (f"no measurable effect at {effect['games']} games a side (length within ±{_share(half / base)}, "
            f"the first player's win rate within ±{100 * fhalf:.0f} points){after}")


# -- plots --------------------------------------------------------------------------------

def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    return pyplot


def _save(figure: Figure, path: Path) -> None:
    import io

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    _pyplot().close(figure)
    path.write_bytes(small_png(buffer.getvalue()))


def small_png(data: bytes) -> bytes:
    """The same plot in a 256-colour palette: a third of the size, no visible change for flat plots,
    which keeps the pages and reports kept in the repository small."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        quantised = image.convert("RGB").quantize(colors=256)
        buffer = io.BytesIO()
        quantised.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


class _StudyDrawing:
    """The workbench's plotting lent to a game's own section (core.study_plan.Drawing)."""

    @property
    def pyplot(self) -> Any:
        return _pyplot()

    def save(self, figure: Any, path: Path) -> None:
        _save(figure, path)

    def distribution(self, axes: Any, series: dict[str, list[float]]) -> None:
        _distribution(axes, series)


STUDY_DRAWING = _StudyDrawing()


def section_items(section: RecordSection, game_id: str, rows: Sequence[dict[str, Any]], record_dir: Path) -> list[dict[str, Any]]:
    """What a game's own section counts in the recorded games of a batch (replayed from their records)."""
    from ..core.record import Record
    from ..core.registry import replay

    items = []
    for row in rows:
        path = record_dir / f"{game_id}-seed{row['seed']}.json"
        if path.exists():
            items += section.items(replay(Record.load(path)), row["seed"])
    return items


def plot_seat_order(name: str, figures: dict[str, Any], path: Path) -> None:
    """The first player's win rate per player count and bot, with 95% intervals, and the fair share."""
    pyplot = _pyplot()
    figure, axes = pyplot.subplots(figsize=(7, 4.2), layout="constrained")
    bots = sorted({f["bot"] for f in figures.values()})
    counts = sorted({f["players"] for f in figures.values()})
    width = 0.7 / max(1, len(bots))
    for index, bot in enumerate(bots):
        xs: list[float] = []
        ys: list[float] = []
        errors: list[list[float]] = [[], []]
        for f in figures.values():
            if f["bot"] != bot or f.get("variant"):
                continue
            first = f["positions"][0]
            xs.append(f["players"] + (index - (len(bots) - 1) / 2) * width)
            ys.append(100 * first["rate"])
            errors[0].append(100 * (first["rate"] - first["low"]))
            errors[1].append(100 * (first["high"] - first["rate"]))
        axes.errorbar(xs, ys, yerr=errors, fmt="o", capsize=4, label=f"{bot} in every seat")
    for count in counts:
        axes.hlines(100 / count, count - 0.45, count + 0.45, colors="grey", linestyles="--",
                    label="fair share (1 / players)" if count == counts[0] else None)
    axes.set_xticks(counts)
    axes.set_xticklabels([f"{c} players" for c in counts])
    axes.set_xlim(counts[0] - 0.6, counts[-1] + 0.6)
    axes.set_ylabel("first player's win rate (%), 95% interval")
    axes.set_title(f"{name}: does the first player win more often?")
    figure.legend(fontsize="small", loc="outside lower center", ncols=3)
    _save(figure, path)


def plot_lengths(name: str, rows_by_count: dict[int, list[dict[str, Any]]], bot: str, plan: Plan, path: Path,
                 own: Lengths | None = None) -> None:
    """Game length per player count: decisions on the left; rounds (or the game's own measure) on the right."""
    pyplot = _pyplot()
    figure, (left, right) = pyplot.subplots(1, 2, figsize=(11, 4))
    decisions = {f"{players} players ({len(rows)} games)": [float(row["decisions"]) for row in rows]
                 for players, rows in sorted(rows_by_count.items())}
    _distribution(left, decisions)
    left.set_xlabel("game length (decisions by all seats, in moves)")
    left.set_ylabel("share of games (%)")
    left.set_title(f"{name}: game length ({bot} in every seat)")
    left.legend(fontsize="small")
    if own is not None:
        _distribution(right, own.series)
        right.set_xlabel(own.xlabel)
        right.set_ylabel(own.ylabel)
        right.set_title(own.title)
    else:
        _distribution(right, {f"{players} players ({len(rows)} games)": lengths(rows, plan)
                              for players, rows in sorted(rows_by_count.items())})
        right.set_xlabel("rounds (the game's count)" if plan.length_metric else "rounds (decisions per seat)")
        right.set_ylabel("share of games (%)")
        right.set_title("game length in rounds")
    right.legend(fontsize="small")
    _save(figure, path)


def plot_margins(name: str, rows_by_count: dict[int, list[dict[str, Any]]], bot: str, plan: Plan, path: Path) -> None:
    """How close games are: the margin's distribution per player count."""
    pyplot = _pyplot()
    figure, axes = pyplot.subplots(figsize=(7, 4))
    _distribution(axes, {f"{players} players ({len(rows)} games)": margins(rows, plan)
                         for players, rows in sorted(rows_by_count.items())})
    if plan.margin_metric is None:
        axes.set_xlabel(f"margin: best score − second best ({plan.score_unit})")
    else:
        axes.set_xlabel(f"margin, in {plan.score_unit}")
    axes.set_ylabel("share of games (%)")
    axes.set_title(f"{name}: how close games are ({bot} in every seat)")
    axes.legend(fontsize="small")
    _save(figure, path)


def _distribution(axes: Axes, series: dict[str, list[float]]) -> None:
    """Each series' distribution as a share of its values (so batches of any size compare): side-by-side
    bars for whole numbers with few distinct values, outlined histograms on common bins otherwise."""
    everything = [v for values in series.values() for v in values]
    if not everything:
        return
    whole = all(float(v) == int(v) for v in everything)
    distinct = sorted(set(everything))
    if whole and int(max(distinct) - min(distinct)) <= 16:
        xs = list(range(int(min(distinct)), int(max(distinct)) + 1))
        width = 0.8 / len(series)
        for index, (label, values) in enumerate(series.items()):
            shares = [100 * sum(1 for v in values if v == x) / len(values) for x in xs]
            axes.bar([x + (index - (len(series) - 1) / 2) * width for x in xs], shares, width, label=label)
        axes.set_xticks(xs)
        return
    bins = whole_bins(everything) if whole else 20
    for label, values in series.items():
        weights = [100 / len(values)] * len(values)
        axes.hist(values, bins=bins, weights=weights, histtype="step", linewidth=1.6, label=label)


def plot_ab(name: str, effects: dict[str, dict[str, Any]], path: Path) -> None:
    """Each variant's effect on length (% of the baseline's) and on the first player's win rate, with 95% intervals."""
    pyplot = _pyplot()
    labels = list(effects)
    height = 2.6 + 0.32 * len(labels)
    figure, (left, right) = pyplot.subplots(1, 2, figsize=(11, height), sharey=True, layout="constrained")
    ys = list(range(len(labels)))[::-1]
    for y, label in zip(ys, labels):
        effect = effects[label]
        d, low, high = effect["length"]
        base = effect["length_a"] or 1.0
        same = effect.get("same_games")
        colour = "grey" if same else "tab:red" if low > 0 or high < 0 else "tab:blue"
        left.errorbar([100 * d / base], [y], xerr=[[100 * (d - low) / base], [100 * (high - d) / base]], fmt="o",
                      capsize=3, color=colour)
        fd, flow, fhigh = effect["first"]
        colour = "grey" if same else "tab:red" if flow > 0 or fhigh < 0 else "tab:blue"
        right.errorbar([100 * fd], [y], xerr=[[100 * (fd - flow)], [100 * (fhigh - fd)]], fmt="o", capsize=3, color=colour)
    for axes in (left, right):
        axes.axvline(0, color="grey", linewidth=1)
        axes.set_ylim(-0.7, len(labels) - 0.3)
    left.set_yticks(ys)
    left.set_yticklabels([label if label.endswith(f"({effects[label]['bot']})") else f"{label} ({effects[label]['bot']})"
                          for label in labels], fontsize="small")
    left.set_xlabel("change in mean game length\n(% of the default's mean, 95% interval)")
    right.set_xlabel("change in the first player's win rate\n(percentage points, 95% interval)")
    figure.suptitle(f"{name}: each variant against the defaults (red: the interval excludes 0)")
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", linestyle="", color="tab:red", label="interval excludes 0: an effect"),
               Line2D([], [], marker="o", linestyle="", color="tab:blue", label="interval includes 0: no measurable effect")]
    if any(effect.get("same_games") for effect in effects.values()):
        handles.append(Line2D([], [], marker="o", linestyle="", color="grey", label="the same games as the default"))
    figure.legend(handles=handles, fontsize="small", loc="outside lower center", ncols=len(handles))
    _save(figure, path)


# -- the study ----------------------------------------------------------------------------

def study(game_id: str, *, games: int | None = None, seed: int = 1, workers: int | None = None,
          cluster: str | None = None, out: Path = Path("docs/balance"), data: Path = Path(".cache/study"),
          variants: Sequence[str] = (), command: str | None = None,
          on_result: Callable[[int, int], None] | None = None) -> Path:
    """Play the game's study (or finish it) and write ``out/GAME.md``, its plots and reports, and
    ``out/README.md``; the page's path. ``command`` is how the page says it was made."""
    plan, batches = prepare(game_id, games, seed, variants)
    game = load(game_id)
    started = time.perf_counter()
    played: list[int] = []

    def counted(done: int, total: int) -> None:
        if not played:
            played.append(done)
        if on_result is not None:
            on_result(done, total)

    rows = run_batches(game_id, batches, seed, data / game_id, workers=workers, cluster=cluster, on_result=counted)
    elapsed = time.perf_counter() - started
    new_games = sum(map(len, rows.values())) - (played[0] if played else 0)
    folder = out / game_id
    (folder / "reports").mkdir(parents=True, exist_ok=True)
    import os

    used = workers or os.cpu_count() or 1
    findings = _findings(game_id, plan, batches, rows, seed, data / game_id, folder, used)
    # The time of the whole study: a resumed or extended study adds this run's time to the earlier runs'.
    previous = _load_summary(folder)
    resumed = bool(played and played[0])  # some games were already played by an earlier run
    earlier = float(previous.get("wall_seconds") or 0.0)
    if not new_games:
        wall = earlier or elapsed
    else:
        wall = earlier + elapsed if resumed else elapsed
    findings["wall_seconds"] = wall
    findings["workers"] = previous.get("workers", used) if not new_games else used
    findings["cost_per_game"] = wall * findings["workers"] / max(1, findings["games"])
    findings["command"] = command or _command(game_id, games, seed, variants)
    (folder / "summary.json").write_text(json.dumps(findings, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    page = out / f"{game_id}.md"
    page.write_text(game_page(game.info.name, plan, findings), encoding="utf-8")
    write_readme(out)
    return page


def prepare(game_id: str, games: int | None = None, seed: int = 1, variants: Sequence[str] = ()) -> tuple[Plan, list[Batch]]:
    """The plan and batches of a study, every input checked before any game is played: an unknown
    game, bot or option, a bad value or one equal to the default, a size below 1."""
    plan = plan_for(game_id)
    if games is not None and games < 1:
        raise StudyError(f"--games must be at least 1, not {games}")
    asked = [parse_variant(game_id, text, plan.ab[1], seed) for text in variants]
    batches = batches_of(plan, games, asked)
    for batch in batches:
        batch.experiment(game_id, seed).check()
    return plan, batches


def _command(game_id: str, games: int | None, seed: int, variants: Sequence[str]) -> str:
    parts = ["dreamtable study", game_id]
    if games is not None:
        parts.append(f"--games {games}")
    parts.append(f"--seed {seed}")
    parts += [f"--variant {v}" for v in variants]
    return " ".join(parts)


def _load_summary(folder: Path) -> dict[str, Any]:
    try:
        loaded = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
        return loaded if isinstance(loaded, dict) else {}
    except (OSError, ValueError):
        return {}


def _findings(game_id: str, plan: Plan, batches: Sequence[Batch], rows: dict[str, list[dict[str, Any]]], seed: int,
              data: Path, folder: Path, workers: int = 1) -> dict[str, Any]:
    """Every figure of the study, the plots and the report pages; JSON-ready."""
    name = load(game_id).info.name
    by_key = {batch.key: batch for batch in batches}
    reports: list[tuple[Sequence[dict[str, Any]], Sequence[dict[str, Any]] | None, Path]] = []
    seat_figures: dict[str, dict[str, Any]] = {}
    for batch in batches:
        if batch.variant is None:
            figures = batch_figures(rows[batch.key], plan)
            figures.update(bot=batch.bot, players=batch.players, key=batch.key)
            seat_figures[batch.key] = figures
            reports.append((rows[batch.key], None, folder / "reports" / f"{batch.key}.html"))
    effects: dict[str, dict[str, Any]] = {}
    for batch in batches:
        if batch.variant is None:
            continue
        base_key = f"{_slug(batch.bot)}-{batch.players}p"
        effect = ab_figures(rows[base_key], rows[batch.key], plan)
        label = batch.variant.name if batch.variant.name not in effects else f"{batch.variant.name} ({batch.bot})"
        doc = next((o.doc for o in load(game_id).info.options if o.name == batch.variant.option), "")
        effect.update(bot=batch.bot, players=batch.players, key=batch.key, baseline=base_key, why=batch.variant.why,
                      doc=doc, reading=reading(effect, plan.score_unit, batch.variant.rescores))
        effects[label] = effect
        reports.append((rows[base_key], rows[batch.key], folder / "reports" / f"{batch.key}.html"))
    with _drawing(reports, workers):
        figures = _study_plots(game_id, name, plan, by_key, seat_figures, effects, rows, seed, data, folder)
    figures["open_questions"] = open_questions(plan, figures)
    return figures


@contextmanager
def _drawing(reports: Sequence[tuple[Sequence[dict[str, Any]], Sequence[dict[str, Any]] | None, Path]],
             workers: int) -> Iterator[None]:
    """Draw the report pages while the block runs: on ``workers`` processes (plotting is most of a
    small study's time), or here, one after the other, with one worker."""
    if workers <= 1 or len(reports) < 2:
        yield
        for job in reports:
            _report(*job)
        return
    with multiprocessing.Pool(min(workers, len(reports))) as pool:
        pending = pool.starmap_async(_report, reports)
        yield
        pending.get()


def _study_plots(game_id: str, name: str, plan: Plan, by_key: dict[str, Batch], seat_figures: dict[str, dict[str, Any]],
                 effects: dict[str, dict[str, Any]], rows: dict[str, list[dict[str, Any]]], seed: int, data: Path,
                 folder: Path) -> dict[str, Any]:
    """The study's own plots (across batches) and the figures that need them."""
    batches = list(by_key.values())
    length_bot = plan.length_bot or plan.ab[0]
    by_count = {by_key[k].players: rows[k] for k in seat_figures if by_key[k].bot == length_bot}
    items: list[dict[str, Any]] = []
    if plan.section is not None:
        for key, batch in by_key.items():
            if batch.record and batch.variant is None:
                items += section_items(plan.section, game_id, rows[key], data / key)
    own_lengths = plan.section.lengths(items) if plan.section is not None and items else None
    plot_seat_order(name, seat_figures, folder / "seat_order.png")
    plot_lengths(name, by_count, length_bot, plan, folder / "length.png", own_lengths)
    plot_margins(name, by_count, length_bot, plan, folder / "margin.png")
    plots_made = ["seat_order.png", "length.png", "margin.png"]
    if effects:
        plot_ab(name, effects, folder / "ab.png")
        plots_made.append("ab.png")
    section: dict[str, Any] | None = None
    if plan.section is not None and items:
        section = plan.section.figures(items)
        plots_made += plan.section.plots(items, folder, STUDY_DRAWING)
    figures: dict[str, Any] = {
        "game": game_id,
        "name": name,
        "version": load(game_id).info.version,
        "seed": seed,
        "batches": {b.key: {"bot": b.bot, "players": b.players, "games": len(rows[b.key]),
                            "options": {k: option_text(v) for k, v in b.options.items()}} for b in batches},
        "games": sum(len(r) for r in rows.values()),
        "seat_order": seat_figures,
        "seat_keys": list(seat_figures),
        "ab": effects,
        "section": section,
        "plots": plots_made,
        "main_games": len(rows[f"{_slug(plan.ab[0])}-{plan.ab[1]}p"]),
    }
    return figures


def _report(base: Sequence[dict[str, Any]], variant: Sequence[dict[str, Any]] | None, path: Path) -> None:
    """The workbench report of a batch, as one HTML page: its tables (the study's page plots these
    batches across player counts); for an A/B pair, B against its baseline, with the report's plots."""
    if variant is None:
        path.write_text(html_page(build_report(base), {}), encoding="utf-8")
        return
    seeds = {row["seed"] for row in variant}
    rows = [{**row, "variant": "A"} for row in base if row["seed"] in seeds] + [{**row, "variant": "B"} for row in variant]
    report = build_report(rows)
    images = {name: small_png(data) for name, data in plots(report).items()}
    path.write_text(html_page(report, images), encoding="utf-8")


# -- what the data could not answer -------------------------------------------------------

FIRST_PLAYER_PRECISION = 0.03
"""A first-player edge worth knowing: the interval's half-width a question asks for (3 points)."""
LENGTH_PRECISION = 0.05
"""A change in length worth knowing: 5% of the default's mean length."""


def open_questions(plan: Plan, figures: dict[str, Any]) -> list[dict[str, Any]]:
    """The questions this size leaves open, each with the games it would need (a batch size, for
    ``--games``): a first-player edge of 3 points, an A/B change of 5% in length."""
    questions = []
    for f in figures["seat_order"].values():
        first = f["positions"][0]
        half = (first["high"] - first["low"]) / 2
        if first["verdict"] == "fair within the interval" and half > FIRST_PLAYER_PRECISION:
            fair = first["fair"]
            need = math.ceil(Z95 ** 2 * fair * (1 - fair) / FIRST_PLAYER_PRECISION ** 2)
            questions.append({"question": f"Does the first player win 3 points more (or less) than a fair share at "
                                          f"{f['players']} players ({f['bot']})?",
                              "now": f"±{100 * half:.0f} points from {f['games']} games", "games": need,
                              "scale": need / f["games"]})
    if plan.section is not None and figures["section"]:
        def batch_games(players: int) -> int:
            return int(next(f["games"] for f in figures["seat_order"].values()
                            if f["players"] == players and f["bot"] in plan.record_bots))

        questions += plan.section.questions(figures["section"], batch_games)
    unreached = [label for label, effect in figures["ab"].items() if effect.get("same_games")]
    for label, effect in figures["ab"].items():
        if effect.get("same_games"):
            continue
        d, low, high = effect["length"]
        half = (high - low) / 2
        base = effect["length_a"] or 1.0
        if not (low > 0 or high < 0) and half > LENGTH_PRECISION * base:
            need = math.ceil(effect["games"] * (half / (LENGTH_PRECISION * base)) ** 2)
            questions.append({"question": f"Does {label} change the length of games by 5%?",
                              "now": f"±{half / base:.0%} from {effect['games']} games a side", "games": need,
                              "scale": need / effect["games"]})
    if unreached:
        bots = sorted({figures["ab"][label]["bot"] for label in unreached})
        questions.insert(0, {"question": f"What do {', '.join(unreached)} change when someone plays them? With "
                                      f"{' and '.join(bots)} bots they never came into play, so more games of the same "
                                      "bots cannot tell: they need a bot that uses them (a stronger one, or a variant "
                                      "of this plan played by greedy).",
                          "now": "the same games as the default", "games": None, "scale": None})
    return questions


# -- the pages ----------------------------------------------------------------------------

def _slug(text: str) -> str:
    """A file name for a bot or variant: ``ismcts50``, ``die_faces=G.W.O.R.P.F``."""
    text = "".join(c for c in text if c not in ":[]{}\"' ").replace(",", ".")
    return "".join(c if c.isalnum() or c in "=_-." else "-" for c in text).strip("-.")


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def _signed(triple: Sequence[float], scale: float = 1.0, unit: str = "") -> str:
    value, low, high = (scale * x for x in triple)
    return f"{value:+.1f}{unit} ({low:+.1f} to {high:+.1f})"


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "an unknown time"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s" if minutes else f"{rest} s"


def game_page(name: str, plan: Plan, f: dict[str, Any]) -> str:
    """The balance page of one game, in Markdown, from its figures."""
    game_id = f["game"]
    seat = f["seat_order"]
    lines = [f"# Balance study: {name}", "",
             f"Generated by `{f['command']}` (game version {f['version']}); do not edit by hand — run the command "
             f"again. Ctrl-C stops it and the same command resumes it.", ""]
    sizes = ", ".join(f"{b['bot']} × {b['players']}: {b['games']}" for k, b in f["batches"].items()
                      if not b["options"])
    lines += [f"* **Dataset:** {f['games']:,} games in {len(f['batches'])} batches (bot × players: games — {sizes}; "
              f"each A/B variant plays as many games as its baseline).",
              f"* **Seeds:** game *i* (from 0) of every batch is played with seed {f['seed']} + *i*: a batch of *n* "
              f"games plays seeds {f['seed']}…{f['seed']} + *n* − 1, and each A/B variant the seeds of its baseline. "
              f"Results: `.cache/study/{game_id}/*.jsonl` and `.csv` (not kept in git; the command makes them again).",
              f"* **Time:** {_duration(f.get('wall_seconds'))} on {f.get('workers')} worker processes of a busy 2-core "
              f"machine (about {f['cost_per_game'] or 0:.1f} core-seconds a game on average).",
              "* **Bots** (the same bot in every seat):"]
    lines += [f"  * `{bot}` — {text}" for bot, text in plan.bots.items()]
    lines += ["* **Intervals** are 95%: Wilson's for rates, the normal approximation for means and differences. "
              "Many figures are tested at once, so about one in twenty intervals that exclude a value does so by chance.",
              ""]
    lines += [note for text in plan.notes for note in (f"> {text}", "")]
    lines += ["## 1. Seat order: does the first player win more often?", "",
              "Win rate by place in the turn order (1st = the first player), a shared win counted as a share. "
              "*Excludes a fair share?* says whether the first player's interval leaves out 1 / players.", ""]
    rows = []
    for figures in seat.values():
        places = figures["positions"]
        first = places[0]
        others = ", ".join(f"{_pct(p['rate'])}" for p in places[1:])
        rows.append([str(figures["players"]), f"`{figures['bot']}`", str(figures["games"]),
                     f"{_pct(first['rate'])} ({_interval(first['low'], first['high'])})", _pct(first["fair"]),
                     "yes: " + first["verdict"].replace(" a fair share", "") if first["verdict"] != "fair within the interval" else "no",
                     others, f"[report](./{game_id}/reports/{figures['key']}.html)"])
    lines += markdown_table(["players", "bots", "games", "first player wins (95%)", "fair share", "excludes a fair share?",
                        "2nd, 3rd… places", "report"], rows)
    off = [p for figures in seat.values() for p in figures["positions"][1:] if p["verdict"] != "fair within the interval"]
    lines += ["", f"Later places whose interval excludes a fair share: {len(off)} of "
                  f"{sum(len(x['positions']) - 1 for x in seat.values())} (each batch's report gives every seat).", "",
              f"![The first player's win rate per player count, with 95% intervals]({game_id}/seat_order.png)", ""]
    length_bot = plan.length_bot or plan.ab[0]
    lines += ["## 2. Game length and score margin", "",
              f"Per player count, for `{length_bot}` in every seat: length in decisions (every move by every seat), "
              f"in rounds ({'the game’s own count' if plan.length_metric else 'decisions per seat'}), and the margin "
              f"between the best and the second-best score, in {plan.score_unit}.", ""]
    rows = []
    for figures in seat.values():
        if figures["bot"] != length_bot:
            continue
        d, r, m = figures["decisions"], figures["rounds"], figures["margin"]
        rows.append([str(figures["players"]), str(figures["games"]),
                     f"{d['mean'][0]:.1f} ± {(d['mean'][2] - d['mean'][1]) / 2:.1f}",
                     f"{d['median']:.0f} ({d['p10']:.0f}–{d['p90']:.0f})", f"{r['mean'][0]:.1f}",
                     f"{m['mean'][0]:.2f} ± {(m['mean'][2] - m['mean'][1]) / 2:.2f}", f"{m['median']:g}", _pct(figures["shared"])])
    lines += markdown_table(["players", "games", "decisions, mean ± 95%", "median (10–90%)", "rounds, mean",
                        "margin, mean ± 95%", "margin, median", "shared wins"], rows)
    lines += ["", f"![Game length per player count]({game_id}/length.png)", "",
              f"![Score margin per player count]({game_id}/margin.png)", ""]
    lines += ["## 3. How games end", "", "Each end reason's share of the games (95% interval), per batch.", ""]
    reasons = sorted({r for figures in seat.values() for r in figures["endings"]})
    rows = []
    for figures in seat.values():
        cells = []
        for reason in reasons:
            share = figures["endings"].get(reason)
            cells.append(f"{_pct(share[0])} ({_interval(share[1], share[2])})" if share else "–")
        rows.append([str(figures["players"]), f"`{figures['bot']}`", str(figures["games"]), *cells])
    lines += markdown_table(["players", "bots", "games", *reasons], rows)
    lines += ["", "## 4. Rule options and variants, each against the defaults", ""]
    if f["ab"]:
        ab_bot, ab_players = plan.ab
        lines += [f"Each variant changes one option and plays the seeds of its baseline — the defaults, with the same bots "
                  f"at {ab_players} players (`{ab_bot}` unless the row names another) — and is compared with it: "
                  "variant minus default, 95% interval. The reading names every effect whose interval excludes zero.", ""]
        rows = []
        for label, effect in f["ab"].items():
            rows.append([f"`{label}`", effect["why"] or effect["doc"], f"`{effect['bot']}` × {effect['players']}",
                         str(effect["games"]), _signed(effect["length"], 100 / (effect["length_a"] or 1.0), "%"),
                         _signed(effect["first"], 100, " pts"), effect["reading"],
                         f"[report](./{game_id}/reports/{effect['key']}.html)"])
        lines += markdown_table(["variant", "where it comes from", "bots", "games a side", "length", "first player's win rate",
                            "reading", "report"], rows)
        lines += ["", f"![Each variant's effect on length and on the first player]({game_id}/ab.png)", ""]
    else:
        lines += ["No variant was tested.", ""]
    if plan.skipped:
        lines += ["Options not A/B tested, and why:", ""]
        lines += [f"* `{option}` — {why}" for option, why in plan.skipped.items()]
        lines.append("")
    if plan.section is not None and f.get("section"):
        lines += plan.section.page(f["section"], plan.game)
    lines += ["## What this size cannot tell", ""]
    questions = f["open_questions"]
    if questions:
        lines += markdown_table(["question", "now", "games it needs (a batch)"],
                           [[q["question"], q["now"], f"{q['games']:,}" if q["games"] else "another bot"] for q in questions])
        lines += ["", dask_advice(f), ""]
    else:
        lines += ["Every first-player interval is within ±3 points or excludes a fair share, and every A/B length "
                  "interval is within ±5% or excludes zero.", ""]
    return "\n".join(lines)


def dask_advice(f: dict[str, Any]) -> str:
    """The command that would answer the open questions, and what it would cost."""
    questions = f["open_questions"]
    if not questions:
        return ""
    scales = [q["scale"] for q in questions if q["scale"] is not None]
    if not scales:
        return ""
    scale = max(scales)
    main = f.get("main_games") or 1
    games = math.ceil(main * scale)
    core_hours = (f.get("cost_per_game") or 0) * f["games"] * scale / 3600
    return (f"Every batch scales with `--games` (now {main} in the A/B baseline), so answering all of them takes about "
            f"{scale:,.0f} times this study: `dreamtable study {f['game']} --games {games} --cluster "
            f"tcp://SCHEDULER:8786` (Dask, see docs/workbench.md), roughly {core_hours:,.0f} core-hours at this "
            "study's pace.")


def write_readme(out: Path) -> Path:
    """``out/README.md``: the headline figures of every study in ``out`` and the open questions."""
    studies = []
    for summary in sorted(out.glob("*/summary.json")):
        loaded = _load_summary(summary.parent)
        if loaded.get("game"):
            studies.append(loaded)
    lines = ["# Balance studies", "",
             "What seeded bot games say about each game and about the rules dreamtable proposed. Each page is made by "
             "one command, written at its top (`dreamtable study GAME`, with `--games N` to scale every batch and "
             "`--cluster tcp://HOST:PORT` to play on Dask); this summary is rewritten by each of them. Ctrl-C stops a "
             "study and the same command resumes it from its results files (`.cache/study/GAME/`). The sizes are small "
             "— each study was sized to take about ten minutes on a shared 2-core machine — so most intervals are "
             "wide: the last section says what they cannot tell yet and what would.", ""]
    rows = []
    for f in studies:
        order = f.get("seat_keys") or list(f["seat_order"])  # JSON sorts the keys; the plan's order is kept here
        seat = [f["seat_order"][key] for key in order]
        first = seat[0]
        length = [s for s in seat if s["bot"] == first["bot"]]
        lengths_text = ", ".join(f"{s['players']}p {s['decisions']['mean'][0]:.0f}" for s in length)
        top_effect = _top_effect(f)
        firsts = " · ".join(_first_text(s) for s in length)
        rows.append([f"[{f['name']}]({f['game']}.md)", f"{f['games']:,}", f"`{first['bot']}`: {firsts}",
                     lengths_text, _top_ending(seat), top_effect])
    lines += markdown_table(["game", "games", "first player's win rate (95%) by players; ✱ = excludes a fair share",
                        "mean decisions by players", "most common ending", "largest measured A/B effect on length"], rows)
    lines += ["", "## Questions the data could not answer at this size", ""]
    for f in studies:
        questions = f.get("open_questions", [])
        if not questions:
            continue
        lines += [f"### {f['name']}", ""]
        lines += [f"* {q['question']} Now {q['now']}" + (f"; needs about {q['games']:,} games." if q["games"] else ".")
                  for q in questions[:8]]
        if len(questions) > 8:
            lines.append(f"* … and {len(questions) - 8} more on [its page]({f['game']}.md).")
        lines += ["", dask_advice(f), ""]
    path = out / "README.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _first_text(figures: dict[str, Any]) -> str:
    place = figures["positions"][0]
    mark = " ✱" if place["verdict"] != "fair within the interval" else ""
    return f"{figures['players']}p {_pct(place['rate'])} ({_interval(place['low'], place['high'])}, fair {_pct(place['fair'])}){mark}"


def _top_ending(seat: Sequence[dict[str, Any]]) -> str:
    first = seat[0]
    reason, share = max(first["endings"].items(), key=lambda item: (item[1][0], item[0]))
    return f"{reason} ({_pct(share[0])}, `{first['bot']}` × {first['players']})"


def _top_effect(f: dict[str, Any]) -> str:
    best = None
    for label, effect in f["ab"].items():
        d, low, high = effect["length"]
        base = effect["length_a"] or 1.0
        if (low > 0 or high < 0) and (best is None or abs(d / base) > best[0]):
            best = (abs(d / base), f"`{label}`: {'+' if d > 0 else '−'}{abs(d) / base:.0%} length")
    return best[1] if best else "none measurable"
