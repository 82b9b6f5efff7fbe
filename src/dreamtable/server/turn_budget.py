"""How long a bot on the server may think: its budget is its whole turn's, not each decision's.

A turn can be many decisions (a Buying Phase of ten to twenty buys, placements and boosts, then the
answers of a Movement Phase), and other seats may move while the bot holds it (tiles repositioned out
of turn). So the bot's time is counted from the moment the game began waiting for its seat
(:attr:`~dreamtable.core.table.Table.turn_started`), not from the last change: the table's bot delay
once, then its budget for all the turn's decisions together. Each decision is offered what is left of
that (as the ``seconds_left`` a time-keeping bot takes, which ISMCTS uses a share of); a search that
keeps its tree reads the rest of its turn in the first decisions and plays its later ones from that
tree, and a decision left no time at all plays the best move one ply deep. A bot's turn therefore ends
within its budget plus the delay, plus what storing and sending each decision costs, however often
the other seats move.

The budget is the bot's own time budget (``hard:1s``, ``ismcts:2s``: its ``seconds``), else, for a
search on iterations (``ismcts:500``), the server's ``max_search_seconds``; a quick bot (milliseconds a
decision) has none. In a game whose turn is one decision nothing changes.
"""

from __future__ import annotations

from ..core.table import Bot, Table
from .thinking import searches


def turn_budget(bot: Bot, max_search_seconds: float) -> float | None:
    """The seconds ``bot`` may think in one turn (``None``: a quick bot, which is not timed)."""
    seconds = getattr(bot, "seconds", None)
    if isinstance(seconds, (int, float)) and seconds > 0:
        return min(float(seconds), max_search_seconds)
    return max_search_seconds if searches(bot) else None


def decision_seconds(table: Table, bot: Bot, delay: float, max_search_seconds: float) -> float | None:
    """The seconds the decision ``bot`` is asked for now may take: what is left of its turn (the delay
    and its budget from :attr:`Table.turn_started`), and never past the table's next deadline."""
    clock = table.time_left()
    budget = turn_budget(bot, max_search_seconds)
    if budget is None:
        return clock
    left = max(0.0, table.turn_started + delay + budget - table.clock.now())
    return left if clock is None else min(left, clock)


__all__ = ["decision_seconds", "turn_budget"]


def person_turn_deadline(table: Table, turn_seconds: float | None) -> float | None:
    """When a person's time for the turn the game waits on runs out (the table's ``turn_seconds``),
    counted like a bot's from :attr:`Table.turn_started`: other seats' moves out of turn meanwhile do
    not give the person their time again. ``None``: no limit, or the game waits for no person."""
    if not turn_seconds or not table.waiting_for_human():
        return None
    return table.turn_started + float(turn_seconds)
