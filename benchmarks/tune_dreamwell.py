"""Tune Dreamwell's evaluation weights with CMA-ES: a greedy bot judging by them against the hand-set greedy.

Dreamwell's search did not beat greedy 70% with the hand-set evaluation, whose
promise counts four cards as if two pawns could serve them all at once. This tunes the ten numbers of
:class:`dreamtable.games.dreamwell.evaluation.Weights` (each as the hand-set value times ``exp(x)``)
so that ``GreedyAgent`` judging by them beats ``GreedyAgent`` judging by ``HAND_SET``; the search then
scores its leaves with the result (``SEARCH``). Each candidate of a generation plays the same
``--seeds`` games in both seat orders (bots seeded ``1000 × game seed + seat``); each generation takes
the next seeds, so the weights cannot fit one set of deals. A game that passes ``MAX_DECISIONS`` (the
hand-set greedy can stall, turning tiles in a won position, against a weak candidate) counts as a
draw. Needs the ``tune`` extra (``cma``)::

    .venv/bin/python benchmarks/tune_dreamwell.py                       # 15 generations, ~30 min on 2 cores
    .venv/bin/python benchmarks/tune_dreamwell.py --confirm 300 --from 90000 --weights SEARCH
    .venv/bin/python benchmarks/tune_dreamwell.py --start SEARCH --sigma 0.2 --seeds 80 --generations 10 --from 60000

``--start`` begins the search at named weights instead of the hand-set ones. The finer round from
``SEARCH`` above was stopped after three generations on 2026-12-04: the population's mean share stayed at
0.594–0.602, where ``SEARCH`` itself stood, so around ``SEARCH`` the fitness is flat (docs/bots.md).

``--confirm N`` instead plays N fresh seeds (both seat orders) of the named weights against the
hand-set greedy and prints the share won with its 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import astuple, fields
from typing import Any, Sequence

from dreamtable import load
from dreamtable.agents import GreedyAgent
from dreamtable.agents.play import play_out
from dreamtable.games.dreamwell import evaluation
from dreamtable.games.dreamwell.evaluation import HAND_SET, Weights
from dreamtable.core.stats import wilson

MAX_DECISIONS = 1500
NAMES = ("ready", "near", "decay", "far", "tempo", "hidden_card", "second", "third", "fourth", "located")


def _vector(weights: Weights) -> tuple[float, ...]:
    ready, near, decay, far, tempo, hidden_card, ranks, located = astuple(weights)[:8]
    return (ready, near, decay, far, tempo, hidden_card, *ranks[1:], located)


HAND_SET_VECTOR = _vector(HAND_SET)
"""The hand-set numbers in CMA-ES's order: each point's coordinate is the log of a number's ratio to its own."""


def point_of(weights: Weights) -> list[float]:
    """The CMA-ES point of ``weights``: the inverse of :func:`weights_of`."""
    return [math.log(value / base) for value, base in zip(_vector(weights), HAND_SET_VECTOR)]


def weights_of(x: Sequence[float]) -> Weights:
    """The weights at CMA-ES's point ``x``: each hand-set number times ``exp(x_i)`` (the best rank stays 1)."""
    v = [base * math.exp(step) for base, step in zip(HAND_SET_VECTOR, x)]
    return Weights(ready=v[0], near=v[1], decay=v[2], far=v[3], tempo=v[4], hidden_card=v[5],
                   ranks=(1.0, v[6], v[7], v[8]), located=v[9])


def _judge(weights: Weights) -> Any:
    def judge(state: Any, seat: int) -> float:
        return evaluation.evaluate(state, seat, weights)
    return judge


def _play(seed: int, bots: list[GreedyAgent]) -> tuple[int, ...]:
    state = load("dreamwell").new(players=2, seed=seed)
    play_out(state, bots, max_decisions=MAX_DECISIONS)
    if state.outcome is None:
        return (0, 1)  # stalled: a draw
    return tuple(state.outcome.winners)


def share_won(weights: Weights, seeds: Sequence[int]) -> float:
    """The share of games (a shared win counts half) that greedy on ``weights`` wins against hand-set greedy."""
    won = 0.0
    for seed in seeds:
        for tuned in (0, 1):
            bots = [GreedyAgent(1000 * seed + seat) for seat in range(2)]
            bots[tuned] = GreedyAgent(1000 * seed + tuned, judge=_judge(weights))
            winners = _play(seed, bots)
            if tuned in winners:
                won += 1.0 / len(winners)
    return won / (2 * len(seeds))


def _share_of_point(job: tuple[list[float], list[int]]) -> float:
    x, seeds = job
    return share_won(weights_of(x), seeds)


def tune(generations: int, seeds: int, popsize: int, workers: int, seed: int, first_seed: int,
         start: Weights = HAND_SET, sigma: float = 0.5) -> Weights:
    """Run CMA-ES from ``start`` and return the weights at its final mean, printing a JSON record a generation."""
    import cma

    strategy = cma.CMAEvolutionStrategy(point_of(start), sigma, {"popsize": popsize, "seed": seed, "verbose": -9})
    with ProcessPoolExecutor(workers) as pool:
        for generation in range(generations):
            points = strategy.ask()
            games = list(range(first_seed + generation * seeds, first_seed + (generation + 1) * seeds))
            shares = list(pool.map(_share_of_point, [(list(x), games) for x in points]))
            strategy.tell(points, [-share for share in shares])
            mean = weights_of(strategy.mean)
            print(json.dumps({"generation": generation, "mean_share": sum(shares) / len(shares), "best_share": max(shares),
                              "mean_weights": _as_dict(mean)}), flush=True)
    return weights_of(strategy.mean)


def _as_dict(weights: Weights) -> dict[str, Any]:
    return {f.name: getattr(weights, f.name) for f in fields(weights) if f.init}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--generations", type=int, default=15)
    parser.add_argument("--seeds", type=int, default=60, help="game seeds a generation (each played in both seat orders)")
    parser.add_argument("--popsize", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7, help="CMA-ES's own seed")
    parser.add_argument("--from", dest="first_seed", type=int, default=50_000, help="the first game seed")
    parser.add_argument("--start", default="HAND_SET", help="the Weights name in dreamwell.evaluation to start from")
    parser.add_argument("--sigma", type=float, default=0.5, help="CMA-ES's first step size (on the log scale)")
    parser.add_argument("--confirm", type=int, metavar="N", help="play N fresh seeds of --weights instead of tuning")
    parser.add_argument("--weights", default="SEARCH", help="with --confirm: a Weights name in dreamwell.evaluation")
    args = parser.parse_args(argv)
    if args.confirm:
        weights = getattr(evaluation, args.weights)
        chunks = [list(range(start, min(start + 10, args.first_seed + args.confirm)))
                  for start in range(args.first_seed, args.first_seed + args.confirm, 10)]
        with ProcessPoolExecutor(args.workers) as pool:
            shares = list(pool.map(share_won, [weights] * len(chunks), chunks))
        won = sum(share * 2 * len(chunk) for share, chunk in zip(shares, chunks))
        low, high = wilson(won, 2 * args.confirm)
        print(f"{args.weights} greedy beats hand-set greedy: {won / (2 * args.confirm):.1%} of {2 * args.confirm} "
              f"(95% interval {low:.1%}–{high:.1%})")
        return 0
    final = tune(args.generations, args.seeds, args.popsize, args.workers, args.seed, args.first_seed,
                 getattr(evaluation, args.start), args.sigma)
    print("SEARCH =", final)
    return 0


if __name__ == "__main__":
    sys.exit(main())
