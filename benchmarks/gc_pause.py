"""Iterations a timed ISMCTS search runs with the garbage collector paused (as shipped) or collecting.

    python benchmarks/gc_pause.py [--players 4] [--seconds 1.0]

Mid-game positions from random play (seeds 500-505, 60 x (k + 1) moves in), each searched twice
per mode with the two modes alternated, in one process, so that the machine's load hits both alike.
Prints the iterations of each search, the medians and the per-position ratios (docs/bots.md, "Time kept").
"""

from __future__ import annotations

import argparse
import statistics
import time
import types

import dreamtable
import dreamtable.agents.ismcts as ismcts
from dreamtable.agents import IsmctsAgent, RandomAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--game", default="dream-cycle")
    args = parser.parse_args()
    real_gc = ismcts.gc
    collecting = types.SimpleNamespace(isenabled=real_gc.isenabled, disable=lambda: None, enable=lambda: None)
    game = dreamtable.load(args.game)
    states = []
    for seed in range(6):
        state, bot, moves = game.new(args.players, 500 + seed), RandomAgent(seed), 0
        while not state.is_over and moves < 60 * (seed + 1):
            actors = state.actors
            if not actors:
                state.expire(state.timers[0])
                continue
            state.apply(actors[0], bot.choose(state, actors[0]))
            moves += 1
        if not state.is_over and len(state.legal_actions(state.actors[0])) > 1:
            states.append(state)
    iterations: dict[str, list[int]] = {"paused": [], "collecting": []}
    longest: dict[str, float] = {"paused": 0.0, "collecting": 0.0}
    for repeat in range(2):
        for number, state in enumerate(states):
            for mode in ("collecting", "paused") if (number + repeat) % 2 else ("paused", "collecting"):
                ismcts.gc = real_gc if mode == "paused" else collecting  # type: ignore[assignment]
                search = IsmctsAgent(seed=number, iterations=None, seconds=args.seconds)
                start = time.perf_counter()
                search.choose(state, state.actors[0])
                longest[mode] = max(longest[mode], time.perf_counter() - start)
                iterations[mode].append(search.last_iterations)
    ismcts.gc = real_gc  # type: ignore[assignment]
    for mode, found in iterations.items():
        print(f"{mode}: median {statistics.median(found)}, mean {statistics.mean(found):.0f}, "
              f"longest answer {longest[mode]:.3f} s: {found}")
    print(f"ratio of medians {statistics.median(iterations['paused']) / statistics.median(iterations['collecting']):.2f}")
    print("per position", [round(p / c, 2) for p, c in zip(iterations["paused"], iterations["collecting"])])


if __name__ == "__main__":
    main()
