"""The CPU time of one view (a seat's and a spectator's), the events' words included.

    python benchmarks/view_cost.py [--moves 400] [--runs 7]

A server builds every seat's view on every change, and a view carries the last eight events, each
worded in English (``text``) and as a message (``message``): this measures what that costs. One
seeded game of each game (three players) is played ``--moves`` random moves in; its views are then
built 200 times per run. CPU time of this process (``time.process_time``), so that other work on the
machine counts less; prints the median of ``--runs`` runs per game, in microseconds (docs/performance.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import dreamtable

GAMES = ("sogni-e-incubi", "deep-dreams", "dreamwell", "dream-cycle", "when-i-dream")
BUILDS = 200


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for game_id in GAMES:
        game = dreamtable.load(game_id)
        state = game.new(players=max(3, game.info.min_players), seed=2)
        chooser = random.Random(2)
        for _ in range(args.moves):
            if state.is_over:
                break
            actors = state.actors
            if actors:
                state.apply(actors[0], chooser.choice(state.legal_actions(actors[0])))
            else:
                state.expire(state.timers[0])
        seat = state.actors[0] if state.actors else 0
        state.view(seat)  # the catalogues read once, before the clock runs
        runs = []
        for _ in range(args.runs):
            start = time.process_time()
            for _ in range(BUILDS):
                state.view(seat)
                state.view(None)
            runs.append((time.process_time() - start) / (2 * BUILDS) * 1e6)
        print(f"{game_id:15} {statistics.median(runs):7.1f} µs a view (median of {args.runs}; "
              f"range {min(runs):.1f}–{max(runs):.1f})")


if __name__ == "__main__":
    main()
