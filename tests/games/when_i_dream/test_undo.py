"""Undo at a When I Dream table: taking back `typing` gives the start clock (WID-R8) only the time
it had left, never a fresh five seconds."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.agents import RandomAgent
from dreamtable.core.clock import SimulatedClock
from dreamtable.core.table import Table, UndoError


def clocks(table: Table) -> dict[str, float]:
    return {timer["name"]: timer["seconds"] for timer in table.view(1)["timers"]}


def test_WID_R8_undoing_typing_leaves_the_start_clock_the_half_second_it_had() -> None:
    state = dreamtable.load("when-i-dream").new(players=4, seed=1, clue_start_seconds=5, clue_submit_seconds=10)
    bots = {seat: RandomAgent(seat) for seat in (0, 2, 3)}  # never asked: the test does not advance
    clock = SimulatedClock()
    table = Table(state, bots, clock=clock)
    clock.advance(4.5)
    assert clocks(table)["clue-start-1"] == 0.5
    table.submit(1, "typing 1")
    table.undo(1)
    assert clocks(table) == {"night": 115.5, "clue-start-1": 0.5, "clue-submit-1": 5.5}
    table.submit(1, "typing 1")
    clock.advance(1)  # the start clock would have run out meanwhile
    with pytest.raises(UndoError, match="clue-start-1 has run out since your move"):
        table.undo(1)
