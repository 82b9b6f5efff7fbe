"""How often one bot finishes first against a field of others, seated in every rotation.

With three or four players the strongest bot must finish first at least 1.5x a
fair share. ``dreamtable tournament`` plays every seat *order*, and with two equal bots in the field
(``greedy,greedy`` or ``greedy,medium`` where medium is greedy) half of its games are repeats; this
seats the bot under test in each of the n rotations of the field instead, so every game is a
different one::

    .venv/bin/python benchmarks/first_place.py dream-cycle ismcts:100 greedy,greedy,easy --seed 31000 --games 12

For each game seed (``--seed`` .. ``--seed + --games - 1``) the bot sits at seat 0, 1, ... n-1 with the
field in its given order around it; the seats' bots are seeded ``10 * game seed + seat``. A first place
shared by k seats counts 1/k. Each line gives the running share, its 95% Wilson interval, the share
over a fair one (1/n), and the bot's CPU seconds a move (``time.process_time``: what one core spent,
so other jobs on the machine lengthen it less than wall time).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import dreamtable
from dreamtable.agents import make_agent
from dreamtable.agents.play import play_out
from dreamtable.core.stats import wilson


class Timed:
    """A bot whose moves are timed in CPU seconds."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    def choose(self, state: Any, seat: int, seconds_left: float | None = None) -> Any:
        start = time.process_time()
        action = self.bot.choose(state, seat)
        self.seconds.append(time.process_time() - start)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("bot", help="the bot under test, e.g. ismcts:100 or hard")
    parser.add_argument("field", help="the other seats' bots, comma-separated, e.g. greedy,greedy,easy")
    parser.add_argument("--seed", type=int, default=0, help="the first game seed")
    parser.add_argument("--games", type=int, default=4, help="game seeds; each is played in every rotation")
    args = parser.parse_args()
    game = dreamtable.load(args.game)
    field = args.field.split(",")
    players = len(field) + 1
    firsts = 0.0
    played = 0
    timed = Timed(None)
    for seed in range(args.seed, args.seed + args.games):
        for seat in range(players):
            specs = field[:seat] + [args.bot] + field[seat:]
            bots: list[Any] = [make_agent(spec, seed=10 * seed + i, game=game) for i, spec in enumerate(specs)]
            timed.bot = bots[seat]
            bots[seat] = timed
            state = game.new(players, seed=seed)
            play_out(state, bots)
            assert state.outcome is not None
            winners = state.outcome.winners
            firsts += 1 / len(winners) if seat in winners else 0.0
            played += 1
            share = firsts / played
            low, high = wilson(firsts, played)
            print(f"seed {seed} seat {seat}: winners {winners}; first {firsts:g} of {played} = {share:.1%} "
                  f"({low:.1%}-{high:.1%}), {share * players:.2f}x a fair share; "
                  f"{sum(timed.seconds) / len(timed.seconds):.3f} s a move, at most {max(timed.seconds):.3f}",
                  flush=True)


if __name__ == "__main__":
    main()
