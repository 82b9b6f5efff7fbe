"""A tournament's games, one at a time, with the seconds of every ISMCTS move.

It plays exactly the games ``dreamtable tournament GAME --bots ... --games N --seed S`` plays (the
same tasks through ``workbench.task.play_task``: game seeds ``S`` to ``S + N - 1`` in every seat
order, bots seeded from the game seed and their seat), so its rows are the tournament's. It plays
every seat order of a seed before the next seed and appends each game's row to a JSON-lines file
as it ends, so a run stopped early holds whole seeds in every order, and a run started again skips
the games its file holds. Each row adds ``times``: per move of an ISMCTS seat, the wall seconds, this
process's CPU seconds (``time.process_time``: what one core spent, whatever else the machine runs)
and the iterations searched. ``--count`` prints the share, the 95% Wilson interval and the seconds::

    python benchmarks/timed_tournament.py out.jsonl dream-cycle --bots ismcts:100,greedy --games 50 --seed 21000
    python benchmarks/timed_tournament.py out.jsonl --count ismcts:100
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time
from typing import Any

from dreamtable.agents.ismcts import IsmctsAgent
from dreamtable.core.stats import wilson
from dreamtable.workbench.task import GameTask, play_task
from dreamtable.workbench.tournament import ranks_of

TIMES: list[tuple[float, float, int]] = []
_choose = IsmctsAgent.choose


def _timed(self: IsmctsAgent, state: Any, seat: int, seconds_left: float | None = None) -> Any:
    cpu, wall = time.process_time(), time.perf_counter()
    move = _choose(self, state, seat, seconds_left)
    TIMES.append((time.perf_counter() - wall, time.process_time() - cpu, self.last_iterations))
    return move


def play(out: str, game: str, bots: list[str], games: int, seed: int, players: int) -> None:
    """Append the row of every game of the tournament not yet in ``out``."""
    IsmctsAgent.choose = _timed  # type: ignore[method-assign]
    done: set[tuple[tuple[str, ...], int]] = set()
    if os.path.exists(out):
        with open(out) as rows:
            done = {(tuple(row["seats"]), row["seed"]) for row in map(json.loads, rows)}
    with open(out, "a") as rows:
        for index in range(games):
            for order in itertools.permutations(bots, players):
                if (order, seed + index) in done:
                    continue
                TIMES.clear()
                row = play_task(GameTask(game, order, seed + index))
                row["times"] = list(TIMES)
                rows.write(json.dumps(row) + "\n")
                rows.flush()


def count(paths: list[str], bot: str) -> str:
    """``bot``'s share ahead of its rival (two players) or of first places (a shared one counts a
    fraction), with the 95% Wilson interval, and the seconds of its moves."""
    rows = [json.loads(line) for path in paths for line in open(path)]
    rows = [row for row in rows if bot in row["seats"]]
    share = 0.0
    for row in rows:
        places = ranks_of(row)
        mine = places[row["seats"].index(bot)]
        share += 1.0 / places.count(1) if mine == 1 else 0.0
    low, high = wilson(share, len(rows))
    players = len(rows[0]["seats"]) if rows else 2
    lines = [f"{bot}: first in {share:g} of {len(rows)} games = {share / max(1, len(rows)):.1%} "
             f"(95% {low:.1%}–{high:.1%}; {players * share / max(1, len(rows)):.2f}× a fair share)"]
    times = [entry for row in rows for entry in row.get("times", [])]
    if times:
        wall = [entry[0] for entry in times]
        cpu = [entry[1] for entry in times]
        lines.append(f"  {len(times)} search moves: CPU s mean {sum(cpu) / len(cpu):.3f}, max {max(cpu):.3f}; "
                     f"wall s mean {sum(wall) / len(wall):.3f}, max {max(wall):.3f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="+", help="the JSON-lines file (with --count: one or more)")
    parser.add_argument("--bots", help="bot specs, comma-separated, as the tournament takes them")
    parser.add_argument("--games", type=int, default=10, help="games per seat order")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--count", metavar="BOT", help="count BOT's results in the files instead of playing")
    args = parser.parse_args()
    if args.count:
        print(count(args.out, args.count))
        return
    if len(args.out) != 2 or not args.bots:
        parser.error("play with: OUT GAME --bots A,B [--games N --seed S --players P]")
    play(args.out[0], args.out[1], args.bots.split(","), args.games, args.seed, args.players)


if __name__ == "__main__":
    main()
