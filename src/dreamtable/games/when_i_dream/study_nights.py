"""When I Dream's own section of its study page: the nights of the word-bot games — each role's
points and how often it wins the night, and what the Boogeymen do to the Dreamer.

It is the plan's :class:`~dreamtable.core.study_plan.RecordSection`: the workbench replays each
recorded game, hands this module the finished state, and prints what it returns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ...core.stats import mean_difference, mean_interval, wilson
from ...core.study_plan import Drawing, Lengths, markdown_table

if TYPE_CHECKING:
    from ...core.contract import State

ROLES = ("Dreamer", "Fairy", "Boogeyman", "Sandman")

BOOGEYMAN_PRECISION = 2.0
"""A change in the Dreamer's points a night worth knowing: 2 points."""

PLOT = "dreamer_boogeymen.png"


def nights_of(state: State[Any], seed: int) -> list[dict[str, Any]]:
    """The nights of one finished game: each ``day`` event says who dreamed, each seat's role and
    points, and the cards on Yellow and Blue."""
    nights = []
    for event in state.log(None):
        if event["kind"] != "day":
            continue
        roles, gains, dreamer = event["roles"], event["gains"], event["dreamer"]
        nights.append({"players": len(roles), "seed": seed, "dreamer": gains[dreamer],
                       "yellow": event["yellow"], "blue": event["blue"], "bonus": event["bonus"],
                       "boogeymen": sum(role == "Boogeyman" for role in roles),
                       "roles": {role: gains[seat] for seat, role in enumerate(roles) if role}})
    return nights


def role_figures(nights: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per role: the nights it was in play, its points a night, and — for the Dream Spirit roles
    dealt to the clue-givers — how often it scored the most of the roles in play that night (a tie
    shared), with 95% intervals. The Dreamer scores the Yellow cards plus the recount bonus, so it
    is never behind the Fairies: it is not counted among the roles that win a night."""
    table = []
    for role in ROLES:
        shares: list[float] = []
        points: list[float] = []
        for night in nights:
            if role == "Dreamer":
                points.append(float(night["dreamer"]))
                continue
            scored = night["roles"]
            if role not in scored:
                continue
            best = max(scored.values())
            top = [r for r, value in scored.items() if value == best]
            shares.append(1 / len(top) if role in top else 0.0)
            points.append(float(scored[role]))
        if not points:
            continue
        entry: dict[str, Any] = {"role": role, "nights": len(points), "points": mean_interval(points), "top": None}
        if shares:
            low, high = wilson(sum(shares), len(shares))
            entry.update(top=sum(shares) / len(shares), low=low, high=high)
        table.append(entry)
    return table


def _dreamer_points(nights: Sequence[dict[str, Any]], players: int, boogeymen: int) -> list[float]:
    return [float(n["dreamer"]) for n in nights if n["players"] == players and n["boogeymen"] == boogeymen]


def _boogeyman_counts(nights: Sequence[dict[str, Any]], players: int) -> list[int]:
    return sorted({n["boogeymen"] for n in nights if n["players"] == players})


@dataclass(frozen=True)
class Nights:
    """The section: roles and the Dreamer, night by night."""

    def items(self, state: State[Any], seed: int) -> list[dict[str, Any]]:
        return nights_of(state, seed)

    def figures(self, items: Sequence[dict[str, Any]]) -> dict[str, Any]:
        boogeymen, extra = [], []
        for players in sorted({n["players"] for n in items}):
            counts = _boogeyman_counts(items, players)
            for count in counts:
                points = _dreamer_points(items, players, count)
                boogeymen.append({"players": players, "boogeymen": count, "nights": len(points),
                                  "dreamer": mean_interval(points)})
            if len(counts) == 2:
                fewer, more = (_dreamer_points(items, players, count) for count in counts)
                if len(fewer) > 1 and len(more) > 1:
                    extra.append({"players": players, "from": counts[0], "to": counts[1],
                                  "nights": len(fewer) + len(more), "difference": mean_difference(fewer, more)})
        return {"nights": len(items), "roles": role_figures(items), "boogeymen": boogeymen,
                "one_more_boogeyman": extra}

    def lengths(self, items: Sequence[dict[str, Any]]) -> Lengths:
        series = {}
        for players in sorted({night["players"] for night in items}):
            ours = [float(night["yellow"] + night["blue"]) for night in items if night["players"] == players]
            series[f"{players} players ({len(ours)} nights)"] = ours
        return Lengths("cards a night (on Yellow or Blue at the day)", "share of nights (%)",
                       "cards a night (each game has one night per player)", series)

    def plots(self, items: Sequence[dict[str, Any]], folder: Path, drawing: Drawing) -> list[str]:
        """The Dreamer's points a night against the Boogeymen among the clue-givers."""
        figure, axes = drawing.pyplot.subplots(figsize=(7, 4.6), layout="constrained")
        counts = sorted({night["players"] for night in items})
        width = 0.6 / max(1, len(counts))
        for index, players in enumerate(counts):
            xs: list[float] = []
            ys: list[float] = []
            errors: list[list[float]] = [[], []]
            sizes: list[int] = []
            for boogeymen in _boogeyman_counts(items, players):
                points = _dreamer_points(items, players, boogeymen)
                mean, low, high = mean_interval(points)
                xs.append(boogeymen + (index - (len(counts) - 1) / 2) * width)
                ys.append(mean)
                errors[0].append(mean - low)
                errors[1].append(high - mean)
                sizes.append(len(points))
            axes.errorbar(xs, ys, yerr=errors, fmt="o", capsize=4, label=f"{players} players")
            for x, y, size in zip(xs, ys, sizes):
                axes.annotate(f"{size} nights", (x, y), textcoords="offset points", xytext=(5, -3), fontsize="x-small")
        axes.set_xlabel("Boogeymen among the clue-givers that night")
        axes.set_ylabel("Dreamer's points that night (mean, 95% interval)")
        axes.set_xticks(sorted({n["boogeymen"] for n in items}))
        axes.set_title("When I Dream (word bots): the Dreamer's score and the Boogeymen")
        figure.legend(fontsize="small", loc="outside lower center", ncols=len(counts), title="nights of games with")
        drawing.save(figure, folder / PLOT)
        return [PLOT]

    def page(self, figures: dict[str, Any], game_id: str) -> list[str]:
        lines = ["## 5. Roles and the Dreamer (word bots)", "",
                 f"From {figures['nights']} nights of the word-bot games (every seat a word bot). A role *wins the night* "
                 "when its players score the most points that night of the Dream Spirit roles in play (a tie shared). "
                 "The Dreamer scores the Yellow cards plus the recount bonus, never less than a Fairy, so it is not "
                 "counted among them; its points are given beside theirs.", ""]
        rows = [[r["role"], str(r["nights"]),
                 "–" if r["top"] is None else f"{100 * r['top']:.1f}% ({100 * r['low']:.1f}–{100 * r['high']:.1f}%)",
                 f"{r['points'][0]:.2f} ({r['points'][1]:.2f} to {r['points'][2]:.2f})"] for r in figures["roles"]]
        lines += markdown_table(["role", "nights in play", "wins the night (95%)", "points a night, mean (95%)"], rows)
        lines += ["", "The Dreamer's points a night by the number of Boogeymen among the clue-givers (one role card "
                      "is set aside each night, so the count varies within a player count):", ""]
        rows = [[str(b["players"]), str(b["boogeymen"]), str(b["nights"]),
                 f"{b['dreamer'][0]:.2f}" + (f" ({b['dreamer'][1]:.2f} to {b['dreamer'][2]:.2f})" if b["nights"] > 1 else "")]
                for b in figures["boogeymen"]]
        lines += markdown_table(["players", "Boogeymen", "nights", "Dreamer's points, mean (95%)"], rows)
        changes = figures["one_more_boogeyman"]
        if changes:
            lines += ["", "What one Boogeyman more does to the Dreamer at the same table size (more minus fewer, 95% "
                          "interval). The nights of one game share their seats and deck, so these intervals are if "
                          "anything too narrow.", ""]
        for change in changes:
            d, low, high = change["difference"]
            verdict = "fewer points" if high < 0 else "more points" if low > 0 else "no measurable effect"
            to = change["to"]
            lines.append(f"* {change['players']} players, {to} Boogeym{'an' if to == 1 else 'en'} rather than "
                         f"{change['from']}: {d:+.1f} points a night ({low:+.1f} to {high:+.1f}; {change['nights']} "
                         f"nights) — {verdict}.")
        lines += ["", f"![The Dreamer's points against the number of Boogeymen]({game_id}/{PLOT})", ""]
        return lines

    def questions(self, figures: dict[str, Any], batch_games: Callable[[int], int]) -> list[dict[str, Any]]:
        questions = []
        for change in figures["one_more_boogeyman"]:
            d, low, high = change["difference"]
            half = (high - low) / 2
            if low <= 0 <= high and half > BOOGEYMAN_PRECISION:
                nights = math.ceil(change["nights"] * (half / BOOGEYMAN_PRECISION) ** 2)
                games = math.ceil(nights / change["players"])
                questions.append({"question": f"Does a Boogeyman more ({change['to']} instead of {change['from']}) "
                                              f"change the Dreamer's points a night by 2 at {change['players']} players?",
                                  "now": f"±{half:.1f} points from {change['nights']} nights", "games": games,
                                  "scale": games / batch_games(change["players"])})
        return questions


NIGHTS = Nights()
