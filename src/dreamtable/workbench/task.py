"""One simulated game, as a picklable task that a local process or a Dask worker can run."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import make_agent
from ..core.clock import SimulatedClock
from ..core.registry import load
from ..core.rng import bot_seed
from ..core.table import Table


@dataclass(frozen=True)
class GameTask:
    """Everything that decides one game: the game, its seats (bot specs), options and seed."""

    game: str
    seats: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    variant: str | None = None
    record_dir: str | None = None

    def key(self) -> tuple[str | None, int]:
        """What identifies the game in a results file: its variant and seed."""
        return (self.variant, self.seed)


TURN_SECONDS = 3.0
"""Simulated seconds a turn-based bot (random, greedy, ISMCTS) takes per decision in a game with
deadlines: about a player's pace (When I Dream gives a clue-giver 5 s to start). Answering in no
time, a random Dreamer once went through the whole deck before the night's two minutes began to run."""


class Paced:
    """A turn-based bot that takes :data:`TURN_SECONDS` of the table's clock to decide.

    It is a real-time bot to the table (asked after its delay since the last change), but still
    answers only when the game waits for its seat (``actors[0]``), as a turn-based bot does.
    """

    real_time = True

    def __init__(self, bot: Any, delay: float = TURN_SECONDS) -> None:
        self.bot = bot
        self.delay = delay

    def choose(self, state: Any, seat: int) -> Any:
        """The bot's move when the game waits for ``seat``; otherwise ``None`` (wait)."""
        return self.bot.choose(state, seat) if state.actors[:1] == (seat,) else None


def play_task(task: GameTask) -> dict[str, Any]:
    """Play the game to the end; the result row (seed, seats, scores, winners, length, metrics…).

    Bots are seeded from the game seed and their seat, so the row depends only on the task.
    """
    game = load(task.game)
    state = game.new(players=len(task.seats), seed=task.seed, **task.options)
    bots: dict[int, Any] = {seat: make_agent(spec, bot_seed(task.seed, seat), game=game) for seat, spec in enumerate(task.seats)}
    if state.timers:  # a game against the clock: every decision takes time, as at the table
        bots = {seat: bot if getattr(bot, "real_time", False) else Paced(bot) for seat, bot in bots.items()}
    Table(state, bots, clock=SimulatedClock(), undo=False).play_to_end()  # deadlines pass on a simulated clock
    decisions = sum(1 for seat, _ in state.history() if seat is not None)
    outcome = state.outcome
    assert outcome is not None
    if task.record_dir is not None:
        name = f"{task.game}-{task.variant + '-' if task.variant else ''}seed{task.seed}.json"
        state.record().save(Path(task.record_dir) / name)
    return {
        "game": task.game,
        "variant": task.variant,
        "seed": task.seed,
        "seats": list(task.seats),
        "options": dict(state.options),
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "decisions": decisions,
        "rounds": math.ceil(decisions / len(task.seats)),
        "reason": outcome.reason,
        "metrics": json.loads(json.dumps(game.metrics(state))),
    }
