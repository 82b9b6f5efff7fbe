"""A bot's time on the server is its turn's (server/turn_budget.py): counted from when the game began
waiting for its seat, shared by the turn's decisions, and not put back by other seats' moves meanwhile."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.agents import make_agent
from dreamtable.core.clock import SimulatedClock
from dreamtable.core.table import Table
from dreamtable.server.turn_budget import decision_seconds, person_turn_deadline, turn_budget

CAP = 10.0


def test_a_bots_budget_a_turn_is_its_time_budget_else_the_search_cap_and_a_quick_bot_has_none() -> None:
    game = dreamtable.load("dream-cycle")
    assert turn_budget(make_agent("hard:0.5s", game=game), CAP) == 0.5
    assert turn_budget(make_agent("ismcts:300", game=game), CAP) == CAP  # iterations: the server's cap
    assert turn_budget(make_agent("greedy", game=game), CAP) is None


def buying_table(clock: SimulatedClock, bot: str = "hard:1s") -> Table:
    """Dream Cycle, two seats, past the start: seat B (the bot) in its Buying Phase, seat A a person who
    holds a tile and so may reposition it out of turn."""
    state = dreamtable.load("dream-cycle").new(2, 5)
    while state.phase == "start":  # type: ignore[attr-defined]
        state.apply(state.actors[0], state.legal_actions(state.actors[0])[0])
    if state.actors[0] != 1:
        buy = next(action for action in state.legal_actions(0) if str(action).startswith("buy "))
        state.apply(0, buy)
        state.apply(0, next(action for action in state.legal_actions(0) if str(action) == "end"))
        while state.actors[0] == 0:  # the person's Movement Phase: its answers
            state.apply(0, state.legal_actions(0)[0])
    return Table(state, {1: make_agent(bot, game=state.game)}, clock=clock)


def test_DC_R27_a_persons_move_out_of_turn_does_not_restart_the_bots_turn_nor_its_budget() -> None:
    clock = SimulatedClock()
    table = buying_table(clock)
    assert table.state.actors[0] == 1
    started = table.turn_started
    bot = table.bots[1]
    clock.advance_to(started + 0.8)
    assert decision_seconds(table, bot, 0.5, CAP) == pytest.approx(0.7)  # 0.5 s delay + 1 s budget, 0.8 s gone
    moves = [str(action) for action in table.legal_actions(0) if str(action).startswith(("place ", "unplace "))]
    assert moves, "the person has a tile to reposition"
    table.submit(0, moves[0])  # out of turn (DC-R23, DC-R27)
    assert table.turn_started == started and decision_seconds(table, bot, 0.5, CAP) == pytest.approx(0.7)
    clock.advance_to(started + 2.0)
    assert decision_seconds(table, bot, 0.5, CAP) == 0.0  # spent: the bot now answers at once


def test_the_turn_starts_again_when_the_game_waits_for_another_seat() -> None:
    clock = SimulatedClock()
    table = buying_table(clock, "greedy")
    started = table.turn_started
    clock.advance_to(started + 5.0)
    while table.state.actors and table.state.actors[0] == 1:
        table.step_bots()
    assert table.turn_started == started + 5.0


def test_DC_R27_a_persons_turn_clock_is_not_given_back_by_another_seats_move_out_of_turn() -> None:
    """A person's ``turn_seconds`` counts from the start of their turn, as a bot's budget does: the
    other seat repositioning tiles meanwhile does not start the person's time again."""
    clock = SimulatedClock()
    table = Table(buying_table(clock).state, {}, clock=clock)  # seat B a person now, in its Buying Phase
    assert table.state.actors[0] == 1 and table.waiting_for_human()
    started = table.turn_started
    assert person_turn_deadline(table, 30.0) == started + 30.0
    clock.advance_to(started + 10.0)
    moves = [str(action) for action in table.legal_actions(0) if str(action).startswith(("place ", "unplace "))]
    table.submit(0, moves[0])  # seat A, out of turn (DC-R23, DC-R27)
    assert table.changed_at == started + 10.0, "the move is a change of the table ..."
    assert person_turn_deadline(table, 30.0) == started + 30.0, "... but not of B's turn"
    assert person_turn_deadline(table, None) is None
