"""A bot that keeps time is told by the table how long it has before the next
deadline (Dream Cycle's sand timer here), on a clock that runs while it thinks; a simulated clock,
a game with no deadline pending and a bot that does not keep time are asked as before."""

from __future__ import annotations

import dreamtable
from dreamtable.core.clock import SimulatedClock
from dreamtable.core.table import Table

SAND_TIMER = 30


class HandClock:
    """A clock that runs on its own at the table (not a simulated one), moved here by hand."""

    def __init__(self) -> None:
        self.moment = 1000.0

    def now(self) -> float:
        return self.moment


class Timekeeper:
    """A bot that keeps time: it notes what it was told and plays the first legal move."""

    takes_time_left = True

    def __init__(self, clock: HandClock | None = None) -> None:
        self.told: list[tuple[bool, float | None]] = []
        self.clock = clock

    def choose(self, state, seat, seconds_left=None):
        self.told.append((bool(state.timers), seconds_left))
        if self.clock is not None:
            self.clock.moment += 2.5  # thinking takes time on a running clock
        return state.legal_actions(seat)[0]


class Plain:
    """A bot that does not keep time: ``choose`` takes no ``seconds_left``."""

    def __init__(self) -> None:
        self.timed = 0

    def choose(self, state, seat):
        self.timed += bool(state.timers)
        return state.legal_actions(seat)[0]


def dream_cycle(bots, clock) -> Table:
    state = dreamtable.load("dream-cycle").new(players=2, seed=1, buying_timer_seconds=SAND_TIMER)
    return Table(state, bots, clock=clock, undo=False)


def test_a_bot_that_keeps_time_is_told_the_seconds_to_the_tables_next_deadline():
    clock = HandClock()
    keepers = {0: Timekeeper(clock), 1: Timekeeper(clock)}
    table = dream_cycle(keepers, clock)
    for _ in range(40):
        table.expire_due()  # as a front end does before it asks the bots
        deadlines, now, left = table.deadlines(), clock.now(), table.time_left()
        seat = table.state.actors[0]
        assert table.step_bots()
        timed, told = keepers[seat].told[-1]
        if deadlines:
            assert timed and told == left == min(deadlines.values()) - now > 0
        else:
            assert not timed and told is None and left is None
    told = [seconds for bot in keepers.values() for _, seconds in bot.told]
    assert any(seconds is not None and seconds < SAND_TIMER for seconds in told)  # the clock ran down while they thought
    assert any(seconds is None for seconds in told)  # and with no timer pending, nothing was passed


def test_a_simulated_clock_and_a_bot_that_does_not_keep_time_are_asked_as_before():
    keepers = {0: Timekeeper(), 1: Timekeeper()}
    table = dream_cycle(keepers, SimulatedClock())
    for _ in range(20):
        table.step_bots()
    assert {seconds for bot in keepers.values() for _, seconds in bot.told} == {None}
    assert any(timed for bot in keepers.values() for timed, _ in bot.told)  # even while the sand ran

    plain = {0: Plain(), 1: Plain()}
    table = dream_cycle(plain, HandClock())
    for _ in range(20):
        assert table.step_bots()
    assert plain[0].timed + plain[1].timed > 0  # asked without seconds_left while the sand ran
