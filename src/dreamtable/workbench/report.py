"""Balance reports from a results file: tables in the terminal, PNG plots and one HTML page.

What a designer asks first — is the game fair (win rate per seat and per bot, the first player's
edge), how long it lasts, how close it is (score margins), how it ends, how often it is shared —
then the game's own figures (``game.metrics``), and, for an A/B batch, what the variant changed.
"""

from __future__ import annotations

import base64
import html
import io
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from ..core.contract import seat_name
from .results import ResultsError, read_results
from ..core.stats import mean_difference, mean_interval, quantile, rate_difference, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure  # imported for real only when plots are drawn


def win_share(row: dict[str, Any], seat: int) -> float:
    """The seat's share of the win: 1, 1/k for a k-way shared win, or 0."""
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def margin(row: dict[str, Any]) -> float:
    """The best score minus the second best."""
    scores = sorted(row["scores"], reverse=True)
    return scores[0] - scores[1] if len(scores) > 1 else 0.0


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The balance figures of one set of games."""
    n = len(rows)
    players = len(rows[0]["seats"])
    seats = []
    for seat in range(players):
        wins = sum(win_share(row, seat) for row in rows)
        low, high = wilson(wins, n)
        seats.append({"seat": seat_name(seat), "bot": rows[0]["seats"][seat], "win_rate": wins / n, "low": low, "high": high})
    bots: dict[str, list[float]] = {}
    for row in rows:
        for seat, spec in enumerate(row["seats"]):
            bots.setdefault(spec, []).append(win_share(row, seat))
    by_bot = []
    for spec, shares in bots.items():
        low, high = wilson(sum(shares), len(shares))
        by_bot.append({"bot": spec, "seat_games": len(shares), "win_rate": sum(shares) / len(shares), "low": low, "high": high})
    lengths = [float(row["decisions"]) for row in rows]
    margins = [margin(row) for row in rows]
    first = None
    if all("first_player" in row.get("metrics", {}) for row in rows):
        wins = sum(win_share(row, row["metrics"]["first_player"]) for row in rows)
        low, high = wilson(wins, n)
        first = {"win_rate": wins / n, "low": low, "high": high, "fair_share": 1 / players}
    return {
        "games": n,
        "players": players,
        "seats": seats,
        "bots": by_bot,
        "first_player": first,
        "length": {
            "mean": mean_interval(lengths)[0],
            "median": quantile(lengths, 0.5),
            "p10": quantile(lengths, 0.1),
            "p90": quantile(lengths, 0.9),
            "rounds_mean": mean_interval([float(row.get("rounds", 0)) for row in rows])[0],
        },
        "margin": {"mean": mean_interval(margins)[0], "median": quantile(margins, 0.5)},
        "end_reasons": dict(Counter(row["reason"] for row in rows)),
        "draws": sum(1 for row in rows if len(row["winners"]) > 1),
        "metrics": summarize_metrics(rows),
        "_lengths": lengths,
        "_margins": margins,
    }


def summarize_metrics(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The game's own figures: a rate for yes/no ones, means (overall and per seat) for numbers."""
    summary: dict[str, Any] = {}
    keys = sorted({key for row in rows for key in row.get("metrics", {})} - {"first_player"})
    for key in keys:
        values = [row["metrics"][key] for row in rows if key in row.get("metrics", {})]
        if all(isinstance(v, bool) for v in values):
            low, high = wilson(sum(values), len(values))
            summary[key] = {"kind": "rate", "value": sum(values) / len(values), "low": low, "high": high}
        elif all(isinstance(v, list) for v in values):
            flat = [float(x) for v in values for x in v]
            per_seat = [mean_interval([float(v[s]) for v in values if len(v) > s])[0] for s in range(max(map(len, values)))]
            summary[key] = {"kind": "per_seat", "value": mean_interval(flat)[0], "max": max(flat), "per_seat": per_seat}
        elif all(isinstance(v, (int, float)) for v in values):
            summary[key] = {"kind": "mean", "value": mean_interval([float(v) for v in values])[0]}
    return summary


def compare(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What variant B changed against A on the same seeds, with 95% intervals."""
    players = len(a[0]["seats"])
    seats = []
    for seat in range(players):
        diff = rate_difference(sum(win_share(r, seat) for r in a), len(a), sum(win_share(r, seat) for r in b), len(b))
        seats.append({"seat": seat_name(seat), "bot": a[0]["seats"][seat], "difference": diff})
    reasons = sorted({row["reason"] for row in [*a, *b]})
    return {
        "seats": seats,
        "length": mean_difference([float(r["decisions"]) for r in a], [float(r["decisions"]) for r in b]),
        "margin": mean_difference([margin(r) for r in a], [margin(r) for r in b]),
        "end_reasons": {
            reason: rate_difference(sum(r["reason"] == reason for r in a), len(a), sum(r["reason"] == reason for r in b), len(b))
            for reason in reasons
        },
        "options_a": a[0]["options"],
        "options_b": b[0]["options"],
        "changed": changed_options(a[0]["options"], b[0]["options"]),
    }


def changed_options(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The options variant B sets differently from A: ``[{"option", "a", "b"}]``."""
    return [{"option": name, "a": a.get(name), "b": b.get(name)} for name in sorted({*a, *b}) if a.get(name) != b.get(name)]


def variant_label(report: dict[str, Any], name: str) -> str:
    """How a variant is named to a reader: ``all games``; for an A/B batch ``variant A (baseline:
    hand_limit=10)`` and ``variant B (hand_limit=8)``, saying what B changed, so the variant's
    letter is never taken for a seat's."""
    if name == "all":
        return "all games"
    changed = report.get("comparison", {}).get("changed", [])
    side = "a" if name == "A" else "b"
    settings = ", ".join(f"{c['option']}={c[side]}" for c in changed)
    if name == "A":
        return f"variant A (baseline{': ' + settings if settings else ''})"
    return f"variant {name}{' (' + settings + ')' if settings else ''}"


def endings_text(summary: dict[str, Any]) -> str:
    """How the games ended, in words: ``stuck 3 (75%), complete-row 1 (25%)``."""
    games = summary["games"]
    ordered = sorted(summary["end_reasons"].items(), key=lambda item: (-item[1], item[0]))
    return ", ".join(f"{reason} {count} ({count / games:.0%})" for reason, count in ordered)


def whole_bins(values: Sequence[float], most: int = 40) -> Any:
    """Histogram bin edges for values that are whole numbers: one bin per whole number, centred on it
    (``k − ½ … k + ½``), or whole-number wide groups when there are more than ``most`` of them;
    20 equal bins for values that are not whole."""
    if not values or any(float(v) != int(v) for v in values):
        return 20
    low, high = int(min(values)), int(max(values))
    step = max(1, -(-(high - low + 1) // most))
    return [low - 0.5 + step * k for k in range((high - low) // step + 2)]


def build_report(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The whole report: a summary per variant and, for an A/B batch, the comparison."""
    if not rows:
        raise ResultsError("the results file holds no games yet")
    games = {row["game"] for row in rows}
    if len(games) > 1:
        raise ResultsError(f"the results mix several games ({', '.join(sorted(games))}); report on one at a time")
    variants: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        variants.setdefault(row.get("variant") or "all", []).append(row)
    report: dict[str, Any] = {"game": rows[0]["game"], "variants": {name: summarize(v) for name, v in variants.items()}}
    if set(variants) == {"A", "B"}:
        report["comparison"] = compare(variants["A"], variants["B"])
    return report


def load_report(path: Path) -> dict[str, Any]:
    """Read a results file and build its report."""
    return build_report(read_results(path))


# -- plots and the HTML page -------------------------------------------------------------

def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return buffer.getvalue()


def plots(report: dict[str, Any]) -> dict[str, bytes]:
    """PNG plots: win rate per seat with intervals, game length and score margin distributions."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    images: dict[str, bytes] = {}
    variants = report["variants"]
    figure, axes = pyplot.subplots(figsize=(6, 3.5))
    width = 0.8 / len(variants)
    for index, (name, summary) in enumerate(variants.items()):
        xs = [seat + index * width for seat in range(summary["players"])]
        rates = [s["win_rate"] for s in summary["seats"]]
        errors = [[r - s["low"] for r, s in zip(rates, summary["seats"])], [s["high"] - r for r, s in zip(rates, summary["seats"])]]
        axes.bar(xs, rates, width, yerr=errors, capsize=4, label=variant_label(report, name))
    axes.axhline(1 / next(iter(variants.values()))["players"], color="grey", linestyle="--", linewidth=1, label="fair share")
    axes.set_xticks([seat + width * (len(variants) - 1) / 2 for seat in range(next(iter(variants.values()))["players"])])
    axes.set_xticklabels([f"seat {s['seat']}\n{s['bot']}" for s in next(iter(variants.values()))["seats"]])
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title(f"{report['game']}: win rate per seat")
    axes.legend()
    images["win_rate.png"] = _png(figure)
    pyplot.close(figure)
    for key, title, xlabel in (("_lengths", "game length", "decisions"), ("_margins", "score margin", "best score − second best")):
        figure, axes = pyplot.subplots(figsize=(6, 3.5))
        values = [v for summary in variants.values() for v in summary[key]]
        bins = whole_bins(values) if key == "_margins" else 20
        for name, summary in variants.items():
            axes.hist(summary[key], bins=bins, alpha=0.6, label=variant_label(report, name))
        axes.set_title(f"{report['game']}: {title}")
        axes.set_xlabel(xlabel)
        axes.set_ylabel("games")
        axes.legend()
        images[f"{key.strip('_')}.png"] = _png(figure)
        pyplot.close(figure)
    return images


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def html_page(report: dict[str, Any], images: dict[str, bytes]) -> str:
    """One self-contained page: every table, and the plots embedded as data URLs."""
    parts = [f"<h1>Balance report: {html.escape(report['game'])}</h1>"]
    for name, s in report["variants"].items():
        label = variant_label(report, name)
        parts.append(f"<h2>{html.escape(label[0].upper() + label[1:])} — {s['games']} games</h2>")
        parts.append(_table(["seat", "bot", "win rate", "95% interval"],
                            [[x["seat"], x["bot"], _pct(x["win_rate"]), f"{_pct(x['low'])}–{_pct(x['high'])}"] for x in s["seats"]]))
        parts.append(_table(["bot", "seat-games", "win rate", "95% interval"],
                            [[x["bot"], x["seat_games"], _pct(x["win_rate"]), f"{_pct(x['low'])}–{_pct(x['high'])}"] for x in s["bots"]]))
        if s["first_player"]:
            f = s["first_player"]
            parts.append(f"<p>First player wins {_pct(f['win_rate'])} (95%: {_pct(f['low'])}–{_pct(f['high'])}); a fair share is {_pct(f['fair_share'])}.</p>")
        length = s["length"]
        parts.append(f"<p>Length: mean {length['mean']:.1f} decisions (median {length['median']:.0f}, 10–90%: "
                     f"{length['p10']:.0f}–{length['p90']:.0f}), about {length['rounds_mean']:.1f} per seat. "
                     f"Score margin: mean {s['margin']['mean']:.2f}. Shared wins: {s['draws']}.</p>")
        parts.append(_table(["how the games ended", "games", "share"],
                            [[k, v, _pct(v / s["games"])] for k, v in sorted(s["end_reasons"].items(), key=lambda kv: -kv[1])]))
        parts.append(_table(["game figure", "value", "detail"], [[k, _metric_value(m), _metric_detail(m)] for k, m in s["metrics"].items()]))
    if "comparison" in report:
        c = report["comparison"]
        parts.append("<h2>What variant B changes</h2>")
        changes = "; ".join(f"{x['option']}: {x['a']} in A, {x['b']} in B" for x in c.get("changed", [])) or "no option (the same rules)"
        parts.append(f"<p>Variant B changes {html.escape(changes)}. Every other option is the same, and both played "
                     "the same seeds. The figures below are B's minus A's.</p>")
        rows = [[f"win rate of seat {x['seat']} ({x.get('bot', '')})".replace(" ()", ""), *_diff(x["difference"], percent=True)]
                for x in c["seats"]]
        rows.append(["length (decisions)", *_diff(c["length"])])
        rows.append(["score margin", *_diff(c["margin"])])
        rows += [[f"ends by {k}", *_diff(v, percent=True)] for k, v in c["end_reasons"].items()]
        parts.append(_table(["figure", "variant B − variant A", "95% interval"], rows))
    for name, data in images.items():
        encoded = base64.b64encode(data).decode("ascii")
        parts.append(f'<p><img alt="{html.escape(name)}" src="data:image/png;base64,{encoded}"></p>')
    style = "body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em}"
    return f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(report['game'])} balance</title><style>{style}</style></head><body>{''.join(parts)}</body></html>\n"


def _metric_value(metric: dict[str, Any]) -> str:
    return _pct(metric["value"]) if metric["kind"] == "rate" else f"{metric['value']:.2f}"


def _metric_detail(metric: dict[str, Any]) -> str:
    if metric["kind"] == "rate":
        return f"95%: {_pct(metric['low'])}–{_pct(metric['high'])}"
    if metric["kind"] == "per_seat":
        return "per seat: " + ", ".join(f"{seat_name(s)} {v:.2f}" for s, v in enumerate(metric["per_seat"])) + f"; max {metric['max']:g}"
    return ""


def _diff(triple: tuple[float, float, float], percent: bool = False) -> list[str]:
    value, low, high = triple
    if percent:
        return [f"{100 * value:+.1f} pts", f"{100 * low:+.1f} to {100 * high:+.1f}"]
    return [f"{value:+.2f}", f"{low:+.2f} to {high:+.2f}"]


def write_report(results: Path, out_dir: Path) -> tuple[dict[str, Any], Path]:
    """Build the report of ``results``; write the PNGs and ``report.html`` into ``out_dir``."""
    report = load_report(results)
    images = plots(report)
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, data in images.items():
        (out_dir / name).write_bytes(data)
    page = out_dir / "report.html"
    page.write_text(html_page(report, images), encoding="utf-8")
    return report, page
