"""Undo at a Dream Cycle table: it never refills the sand timer (DC-R47), and a move another person
saw stays made, even once that person has left and a bot plays their seat."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.agents import RandomAgent
from dreamtable.core.clock import SimulatedClock
from dreamtable.core.table import Table, UndoError

GAME = dreamtable.load("dream-cycle")


def sand_timer(table: Table) -> dict[str, float]:
    return {timer["name"]: timer["seconds"] for timer in table.view(0)["timers"]}


def test_DC_R47_end_and_undo_every_25_seconds_never_refills_the_sand_timer() -> None:
    state = GAME.new(players=2, seed=0, buying_timer_seconds=30)
    clock = SimulatedClock()
    table = Table(state, {1: RandomAgent(1)}, clock=clock)
    table.submit(0, "start 1")
    table.advance()  # B chooses its start and plays its Buying Phase; A's begins
    assert sand_timer(table) == {"buying-2": 30.0}
    clock.advance(25)
    table.submit(0, "end")
    table.undo(0)
    assert sand_timer(table) == {"buying-2": 5.0}
    clock.advance(25)
    table.advance()
    assert any(event["kind"] == "time-up" and event["seat"] == 0 for event in table.state.log(0))


def test_a_start_another_person_saw_cannot_be_taken_back_even_after_they_leave() -> None:
    table = Table(GAME.new(players=2, seed=0), {}, clock=SimulatedClock())
    table.submit(0, "start 1")
    table.submit(1, "start 2")
    assert "B has moved since" in (table.why_no_undo(0) or "")
    table.hand_to_bot(1, RandomAgent(1))  # B leaves; a bot plays B from now on
    record = table.state.record().moves
    with pytest.raises(UndoError, match="B has moved since"):
        table.undo(0)
    assert table.state.record().moves == record
