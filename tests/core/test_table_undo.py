"""The undo policy on the toy game: an undo gives no deadline time back, and never takes back a
move another person was told of (a seat handed to a bot keeps the history it saw as a person)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dreamtable.core.clock import SimulatedClock
from dreamtable.core.contract import Game, State
from dreamtable.core.table import Table, UndoError


class Always:
    """A bot that always makes the same move."""

    def __init__(self, move: str) -> None:
        self.move = move

    def choose(self, state: State[Any], seat: int) -> str:
        return self.move


def table_of(tap: Game[Any], bots: dict[int, Always] | None = None) -> tuple[Table, SimulatedClock]:
    clock = SimulatedClock()
    return Table(tap.new(players=2, seed=3), bots or {}, clock=clock), clock


def seconds_left(table: Table, seat: int = 0) -> dict[str, float]:
    return {timer["name"]: timer["seconds"] for timer in table.view(seat)["timers"]}


def unchanged(table: Table) -> str:
    return json.dumps([table.seq, table.view(0), table.view(1), table.state.record().moves], sort_keys=True)


def test_undo_gives_a_running_deadline_back_the_time_it_had_not_a_fresh_clock(tap: Game[Any]) -> None:
    table, clock = table_of(tap, {1: Always("tap")})  # the bot is never asked: the test does not advance
    clock.advance(3)
    assert seconds_left(table) == {"clock-0": 2.0}
    table.submit(0, "tap")  # A's clock stops, B's starts
    clock.advance(1)
    table.undo(0)
    assert seconds_left(table) == {"clock-0": 1.0}  # armed at 0, due at 5: one second left, not five


def test_moves_and_undos_in_a_loop_never_stretch_a_deadline(tap: Game[Any]) -> None:
    table, clock = table_of(tap, {1: Always("tap")})
    for _ in range(4):
        clock.advance(1)
        table.submit(0, "tap")
        table.undo(0)
    assert seconds_left(table) == {"clock-0": 1.0}
    clock.advance(0.5)
    table.submit(0, "tap")
    clock.advance(1)  # clock-0 would have run out in the meantime
    before = unchanged(table)
    with pytest.raises(UndoError, match="deadline clock-0 has run out since your move"):
        table.undo(0)
    assert unchanged(table) == before


def test_undo_never_takes_back_a_move_another_person_was_told_of(tap: Game[Any]) -> None:
    table, clock = table_of(tap)  # A and B are both people
    table.submit(0, "tap")  # shows nobody anything hidden, but B's log says "A tapped."
    assert table.news(1)[-1]["text"] == "A tapped."
    before = unchanged(table)
    with pytest.raises(UndoError, match=r"B was told of A's move \(A tapped\); undo never takes back what another person has seen"):
        table.undo(0)
    assert unchanged(table) == before


def test_a_seat_handed_to_a_bot_keeps_what_it_saw_as_a_person(tap: Game[Any]) -> None:
    table, clock = table_of(tap)
    table.submit(0, "tap")
    table.hand_to_bot(1, Always("tap"))  # B leaves: a bot plays B from now on
    assert "B was told of A's move (A tapped)" in (table.why_no_undo(0) or "")
    table.advance()  # the bot taps for B
    table.submit(0, "tap")
    table.advance()
    table.undo(0)  # B was no person when these were made: A takes back its move and the bot's reply
    assert table.state.record().moves == [(0, "tap"), (1, "tap")]


def test_a_move_by_a_seat_while_a_person_held_it_stays_after_the_seat_goes_to_a_bot(tap: Game[Any]) -> None:
    table, clock = table_of(tap)
    table.submit(0, "tap")
    table.submit(1, "tap")
    table.hand_to_bot(1, Always("tap"))
    before = unchanged(table)
    with pytest.raises(UndoError, match="B has moved since"):
        table.undo(0)
    assert unchanged(table) == before


def test_a_stored_undo_is_replayed_even_where_the_policy_now_refuses_it(tap: Game[Any]) -> None:
    """A server rebuilding a game stored under an older, laxer policy: the undo was granted then."""
    table, _ = table_of(tap)
    table.submit(0, "tap")
    assert table.why_no_undo(0) is not None  # B was told
    table.replay_change("undo", 0, "undo")
    assert table.state.record().moves == [] and table.last_change[1:4] == ("undo", 0, "undo")


def test_undo_is_refused_once_the_game_is_over_and_its_result_stands() -> None:
    """A finished game's outcome has been told and stored: no move of it may be taken back (the
    server reopened a finished game this way, and its record was lost)."""
    import random

    import dreamtable
    from dreamtable.agents import make_agent

    game = dreamtable.load("sogni-e-incubi")
    table = Table(game.new(players=2, seed=3), {1: make_agent("random", 1, game=game)}, clock=SimulatedClock())
    choose = random.Random(0)
    table.advance()
    while not table.is_over:
        table.submit(0, str(choose.choice(table.legal_actions(0))))
        table.advance()
    before = unchanged(table)
    with pytest.raises(UndoError, match="the game is over; its result stands"):
        table.undo(0)
    assert unchanged(table) == before and table.is_over


def test_a_move_on_a_view_from_the_future_is_refused_saying_so() -> None:
    """A seq the table has not reached is no stale view: the refusal says the table is not there yet."""
    import dreamtable
    from dreamtable.core.errors import IllegalActionError

    game = dreamtable.load("sogni-e-incubi")
    table = Table(game.new(players=2, seed=3), {}, clock=SimulatedClock())
    seat = table.state.actors[0]
    move = str(table.legal_actions(seat)[0])
    with pytest.raises(IllegalActionError, match="you saw change 5, but the table is only at change 0"):
        table.submit(seat, move, seen_seq=5)
    assert table.seq == 0
