"""Every dreamtable game against OpenSpiel's pure-Python reference games, side by side in one run.

No slow game: each game must reach at least 2x the reference's random-play
decisions/s and 3x its clones/s, and ISMCTS at least 10,000 iterations/s (at the target's reference
speed, below) on every turn-based game with 2 players. The machine this runs on is shared and noisy,
so the figures are only compared *within one run*: each run measures every reference game and every
dreamtable game one after the other, takes the geometric mean of the five reference games, and
divides each dreamtable figure by it. The table gives the medians over the runs of the rates and of those per-run ratios::

    .venv/bin/python benchmarks/versus_openspiel.py                 # 5 runs, a few minutes
    .venv/bin/python benchmarks/versus_openspiel.py --runs 3 --seconds 0.5 --json

Times are this process's CPU time (``time.process_time``), so other processes on the machine
lengthen them less than wall time would (they still slow it through shared caches and cores).

What is counted, the same way on both sides:

* *decisions/s*: random play from the start of a game to its end, game setup included (OpenSpiel's
  ``new_initial_state``, dreamtable's ``game.new``). A decision is one player's move: OpenSpiel's
  ``legal_actions`` + ``apply_action`` (a simultaneous move of n players counts n decisions; chance
  outcomes are sampled and applied inside the timed loop but not counted); dreamtable's
  ``legal_actions`` + ``apply`` of the seat the game waits for (as ``dreamtable bench`` does).
  Whole games are played, seeds 0, 1, 2, ... of the run, until ``--seconds`` have passed.
* *clones/s*: ``state.clone()`` / ``state.copy()`` on up to 20 mid-game states kept during that
  random play (every 97th decision).
* *ISMCTS it/s* (dreamtable only, 2 players, games with an evaluation): ``IsmctsAgent(iterations=
  1000, prune=0, opponent_prune=0).choose`` from up to 4 of those mid-game states, as ``dreamtable
  bench`` measures it (unpruned: the engine's speed, not Dream Cycle's pruned search nor Deep Dreams'
  model of its opponents, which rank each new node's actions by one-ply value).
* *ISMCTS it/s at the target's reference*: the 10,000 it/s target was set on a machine that ran the
  references at about 52,000 decisions/s (``TARGET_REFERENCE``); this machine's speed changes from day
  to day (27,000-74,000 in December 2026), so each run's it/s is scaled by ``TARGET_REFERENCE`` over
  that run's reference mean, and the target is judged on that, like the other two ratios.

Each dreamtable figure is measured in a process of its own (the script run again with ``--worker``),
started afresh for every game of every run. Measured one after the other in one process, the games
slowed each other: a game's memos and tables (Dream Cycle's ~20,000 remembered tuples, When I Dream's
~16,000 vote moves and phrasings) stay alive for the process, and every full garbage collection of
the games measured after it walks them. Dreamwell fell from 194,000 to 173,000 decisions/s once
the others had run before it, and back to 199,000 after ``gc.freeze()``; When I Dream's ratio fell
from 2.5 in the first run to 1.5 in the fifth. A researcher trains one game per process, so that is
what is measured; the references (pyspiel objects, few Python ones) run in this process.

The references are OpenSpiel's pure-Python games (``open_spiel/python/games``): kuhn_poker,
liars_poker, tic_tac_toe, iterated_prisoners_dilemma and block_dominoes, default parameters.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Callable

REFERENCES = (
    "python_kuhn_poker",
    "python_liars_poker",
    "python_tic_tac_toe",
    "python_iterated_prisoners_dilemma",
    "python_block_dominoes",
)
# game id -> player count measured (the fewest each game allows)
GAMES = (
    ("sogni-e-incubi", 2),
    ("deep-dreams", 2),
    ("dreamwell", 2),
    ("dream-cycle", 2),
    ("when-i-dream", 4),
)
DECISIONS_TARGET = 2.0
CLONES_TARGET = 3.0
ISMCTS_TARGET = 10_000.0
TARGET_REFERENCE = 52_000.0  # the references' decisions/s on the machine the ISMCTS target was set on
KEEP_EVERY = 97
KEEP_AT_MOST = 20


def _geometric_mean(values: list[float]) -> float:
    return math.exp(sum(math.log(value) for value in values) / len(values))


def _clones_per_second(states: list[Any], seconds: float, clone: Callable[[Any], Any]) -> float:
    """Clone every kept state in turn, in rounds, until ``seconds`` have passed."""
    count = 0
    start = time.process_time()
    while True:
        for state in states:
            for _ in range(20):
                clone(state)
        count += 20 * len(states)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return count / elapsed


def reference_rates(name: str, seconds: float, seed: int) -> tuple[float, float]:
    """(decisions/s, clones/s) of one OpenSpiel Python game in random play."""
    import pyspiel

    game = pyspiel.load_game(name)
    players = game.num_players()
    rng = random.Random(seed)
    decisions = steps = 0
    kept: list[Any] = []
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            if state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(player)) for player in range(players)])
                decisions += players
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            steps += 1
            if steps % KEEP_EVERY == 1 and len(kept) < KEEP_AT_MOST and not state.is_terminal():
                kept.append(state.clone())
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    return decisions / elapsed, _clones_per_second(kept, seconds / 2, lambda state: state.clone())


def dreamtable_rates(game_id: str, players: int, seconds: float, seed: int, ismcts: bool) -> tuple[float, float, float]:
    """(decisions/s, copies/s, ISMCTS it/s or NaN) of one dreamtable game."""
    from dreamtable import load
    from dreamtable.agents import IsmctsAgent, RandomAgent
    from dreamtable.agents.play import play_out

    game = load(game_id)
    bot = RandomAgent(seed)
    decisions = 0
    kept: list[Any] = []

    def keep_some(state: Any) -> None:
        nonlocal decisions
        decisions += 1
        if decisions % KEEP_EVERY == 1 and len(kept) < KEEP_AT_MOST and not state.is_over:
            kept.append(state.copy())

    index = 0
    start = time.process_time()
    while True:
        play_out(game.new(players=players, seed=seed + index), [bot] * players, keep_some)
        index += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    decisions_rate = decisions / elapsed
    copies_rate = _clones_per_second(kept, seconds / 2, lambda state: state.copy())
    iterations_rate = math.nan
    if ismcts and kept and game.evaluate(kept[0], 0) is not None:
        total = 0
        start = time.process_time()
        for number, state in enumerate(s for s in kept[:4] if not s.is_over and s.actors):
            search = IsmctsAgent(seed=number, iterations=1_000, prune=0, opponent_prune=0)
            search.choose(state, state.actors[0])
            total += search.last_iterations
        iterations_rate = total / (time.process_time() - start)
    return decisions_rate, copies_rate, iterations_rate


def isolated_rates(game_id: str, players: int, seconds: float, seed: int, ismcts: bool) -> tuple[float, float, float]:
    """``dreamtable_rates`` in a fresh Python process (see the module docstring for why)."""
    request = json.dumps([game_id, players, seconds, seed, ismcts])
    done = subprocess.run([sys.executable, __file__, "--worker", request], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"measuring {game_id} failed:\n{done.stderr}")
    decisions, copies, iterations = json.loads(done.stdout)
    return decisions, copies, iterations


def measure(runs: int, seconds: float, games: tuple[tuple[str, int], ...] = GAMES, progress: bool = True) -> dict[str, Any]:
    """Every figure of every run, then the medians (see the module docstring)."""
    import open_spiel.python.games  # noqa: F401  (registers the Python games with pyspiel)

    per_run: list[dict[str, Any]] = []
    for run in range(runs):
        seed = run * 10_000
        references = {name: reference_rates(name, seconds, seed) for name in REFERENCES}
        base_decisions = _geometric_mean([rates[0] for rates in references.values()])
        base_clones = _geometric_mean([rates[1] for rates in references.values()])
        ours = {}
        for game_id, players in games:
            decisions, copies, iterations = isolated_rates(game_id, players, seconds, seed, ismcts=players == 2)
            ours[game_id] = {
                "players": players,
                "decisions": decisions,
                "copies": copies,
                "ismcts": iterations,
                "decisions_ratio": decisions / base_decisions,
                "copies_ratio": copies / base_clones,
                "ismcts_scaled": iterations * TARGET_REFERENCE / base_decisions,
            }
        per_run.append({"references": references, "reference_decisions": base_decisions,
                        "reference_clones": base_clones, "games": ours})
        if progress:
            print(f"run {run + 1}/{runs}: reference {base_decisions:,.0f} decisions/s, {base_clones:,.0f} clones/s; "
                  + ", ".join(f"{game_id} {row['decisions_ratio']:.2f}x/{row['copies_ratio']:.2f}x"
                              for game_id, row in ours.items()), file=sys.stderr, flush=True)

    def median(values: list[float]) -> float:
        present = [value for value in values if not math.isnan(value)]
        return statistics.median(present) if present else math.nan

    summary: dict[str, Any] = {
        "runs": runs,
        "seconds": seconds,
        "references": {name: {"decisions": median([run["references"][name][0] for run in per_run]),
                              "clones": median([run["references"][name][1] for run in per_run])}
                       for name in REFERENCES},
        "reference_decisions": median([run["reference_decisions"] for run in per_run]),
        "reference_clones": median([run["reference_clones"] for run in per_run]),
        "games": {},
    }
    for game_id, players in games:
        rows = [run["games"][game_id] for run in per_run]
        figures = {key: median([row[key] for row in rows])
                   for key in ("decisions", "copies", "ismcts", "decisions_ratio", "copies_ratio", "ismcts_scaled")}
        figures["players"] = players
        figures["met"] = (figures["decisions_ratio"] >= DECISIONS_TARGET and figures["copies_ratio"] >= CLONES_TARGET
                          and (math.isnan(figures["ismcts_scaled"]) or figures["ismcts_scaled"] >= ISMCTS_TARGET))
        summary["games"][game_id] = figures
    return summary


def table(summary: dict[str, Any]) -> str:
    """The summary as Markdown, as docs/performance.md shows it."""
    lines = [f"Medians of {summary['runs']} runs ({summary['seconds']:g} s of random play per figure):", "",
             "| reference (OpenSpiel, Python) | decisions/s | clones/s |", "|---|--:|--:|"]
    for name, figures in summary["references"].items():
        lines.append(f"| {name.removeprefix('python_')} | {figures['decisions']:,.0f} | {figures['clones']:,.0f} |")
    lines.append(f"| geometric mean | {summary['reference_decisions']:,.0f} | {summary['reference_clones']:,.0f} |")
    lines += ["", "| game | players | decisions/s | × reference (≥ 2) | copies/s | × reference (≥ 3) "
              f"| ISMCTS it/s | at a {TARGET_REFERENCE:,.0f} reference (≥ 10,000) | met |",
              "|---|--:|--:|--:|--:|--:|--:|--:|:-:|"]
    for game_id, row in summary["games"].items():
        ismcts, scaled = ("n/a", "n/a") if math.isnan(row["ismcts"]) else (f"{row['ismcts']:,.0f}", f"{row['ismcts_scaled']:,.0f}")
        lines.append(f"| {game_id} | {row['players']} | {row['decisions']:,.0f} | {row['decisions_ratio']:.2f} "
                     f"| {row['copies']:,.0f} | {row['copies_ratio']:.2f} | {ismcts} | {scaled} | {'yes' if row['met'] else 'no'} |")
    return "\n".join(lines)


def _without_nan(value: Any) -> Any:
    """JSON has no NaN: a figure that does not apply is null."""
    if isinstance(value, dict):
        return {key: _without_nan(item) for key, item in value.items()}
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def main(argv: list[str] | None = None) -> int:
    if argv is None and sys.argv[1:2] == ["--worker"]:  # one game's figures, for isolated_rates
        game_id, players, seconds, seed, ismcts = json.loads(sys.argv[2])
        print(json.dumps(dreamtable_rates(game_id, players, seconds, seed, ismcts)))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="runs; the table gives medians (default 5)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="seconds of random play per game and figure in each run (default 1)")
    parser.add_argument("--game", action="append", default=[],
                        help="measure only this dreamtable game (repeatable; the references are always measured)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON instead of a table")
    options = parser.parse_args(argv)
    known = dict(GAMES)
    unknown = [game_id for game_id in options.game if game_id not in known]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; the games: {', '.join(known)}")
    if options.runs < 1 or options.seconds <= 0:
        parser.error("--runs must be at least 1 and --seconds above 0")
    chosen = tuple((game_id, known[game_id]) for game_id in options.game) or GAMES
    summary = measure(options.runs, options.seconds, chosen)
    if options.json:
        print(json.dumps(_without_nan(summary), indent=1))
    else:
        print(table(summary))
    return 0 if all(row["met"] for row in summary["games"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
