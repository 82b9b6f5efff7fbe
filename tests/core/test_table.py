"""The table layer on the toy game: seats, bots, the clock, event cursors, saving and the undo policy."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import dreamtable
from dreamtable.core.clock import SimulatedClock
from dreamtable.core.errors import IllegalActionError, NotationError
from dreamtable.core.table import Table, UndoError


class Always:
    """A bot that always makes the same move."""

    def __init__(self, move: str) -> None:
        self.move = move

    def choose(self, state, seat):
        return self.move


class Patient:
    """A real-time bot that waits until its seat has tapped nothing yet, then taps after a delay."""

    real_time = True
    delay = 1.5

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, state, seat):
        self.asked += 1
        return "tap" if state.actors and state.actors[0] == seat else None


def table_of(tap, bots=None, players=2, **options):
    return Table(tap.new(players=players, seed=3, **options), bots or {}, clock=SimulatedClock())


def test_a_human_moves_by_notation_and_the_bot_replies(tap):
    table = table_of(tap, {1: Always("tap")})
    change = table.submit(0, "tap")
    assert change[:4] == (1, "move", 0, "tap") and change == table.last_change
    assert table.news(1) == [{"kind": "tap", "actor": 0, "text": "A tapped.", "message": {"key": "event.tap"}}]
    table.advance()
    assert [text for _, text in table.state.record().moves] == ["tap", "tap"]
    assert table.waiting_for_human()


def test_moves_for_a_seat_the_table_does_not_give_are_refused_and_change_nothing(tap):
    table = table_of(tap, {1: Always("tap")})
    before = json.dumps(table.view(None))
    with pytest.raises(IllegalActionError, match="played by a bot"):
        table.submit(1, "tap")
    with pytest.raises(IllegalActionError, match="not at this table"):
        table.submit(7, "tap")
    with pytest.raises(NotationError, match="write tap or draw"):
        table.submit(0, "jump")
    with pytest.raises(IllegalActionError, match="the table is only at change 0"):
        table.submit(0, "tap", seen_seq=table.seq + 1)
    assert json.dumps(table.view(None)) == before


def test_each_seat_is_told_each_event_once_as_it_may_know_it(tap):
    table = table_of(tap)
    table.submit(0, "draw")
    mine, theirs = table.news(0), table.news(1)
    assert mine[0]["card"] in (0, 1, 2) and theirs[0]["card"] == "a card"
    assert theirs[0]["text"] == "A drew a card."
    assert table.news(0) == [] and table.news(1) == []
    table.submit(1, "tap")
    assert [event["kind"] for event in table.news(0)] == ["tap"]


def test_the_clock_arms_every_deadline_and_applies_its_expiry(tap):
    table = table_of(tap)
    assert table.view(0)["timers"] == [{"name": "clock-0", "seat": 0, "seconds": 5.0}]
    table.clock.advance(2)
    assert table.view(0)["timers"][0]["seconds"] == 3.0
    assert not table.expire_due()
    table.clock.advance(3)
    assert table.expire_due()
    assert table.state.record().moves == [(None, "expire clock-0")]
    assert table.view(1)["timers"][0]["seconds"] == 5.0  # B's clock starts when B's turn does


def test_batch_play_on_a_simulated_clock_with_a_real_time_bot(tap):
    patient = Patient()
    table = Table(tap.new(players=2, seed=1), {0: patient, 1: Always("draw")}, clock=SimulatedClock())
    state = table.play_to_end()
    assert state.is_over
    assert [text for _, text in state.record().moves] == ["tap", "draw"] * 3
    assert table.clock.now() == pytest.approx(3 * 1.5)  # the patient bot spoke after its delay each turn


def test_batch_play_needs_a_bot_in_every_seat(tap):
    with pytest.raises(ValueError, match="seats B have no bot"):
        table_of(tap, {0: Always("tap")}).play_to_end()


def test_the_record_is_saved_after_every_accepted_move(tap, tmp_path):
    path = tmp_path / "game.json"
    table = Table(tap.new(players=2, seed=3), {1: Always("tap")}, clock=SimulatedClock(), save=path)
    table.submit(0, "tap")
    assert json.loads(path.read_text())["moves"] == [[0, "tap"]]
    table.advance()
    assert dreamtable.replay(path).view(0) == table.state.view(0)


def test_undo_takes_back_a_move_and_the_bot_replies_that_showed_nothing(tap):
    table = table_of(tap, {1: Always("tap")})
    before = table.view(0)["board"]
    table.submit(0, "tap")
    table.advance()
    assert table.why_no_undo(0) is None
    table.undo(0)
    assert table.view(0)["board"] == before and table.state.record().moves == []


def test_undo_never_goes_back_past_a_card_drawn(tap):
    table = table_of(tap, {1: Always("tap")})  # B, a bot, is not told as a person would be
    table.submit(0, "draw")
    with pytest.raises(UndoError, match="showed A something they did not know"):
        table.undo(0)
    assert len(table.state.record().moves) == 1


def test_undo_never_goes_back_past_a_bot_that_drew(tap):
    table = table_of(tap, {1: Always("draw")})
    table.submit(0, "tap")
    table.advance()
    assert "showed B something" in table.why_no_undo(0)


def test_undo_never_takes_back_another_humans_move_or_the_clock(tap):
    table = table_of(tap)
    table.submit(0, "tap")
    table.submit(1, "tap")
    assert "B has moved since" in table.why_no_undo(0)
    table.clock.advance(5)
    table.expire_due()
    assert "no move to take back" in table.why_no_undo(1)


def test_undo_with_nothing_to_take_back_says_so(tap):
    assert "no move to take back" in table_of(tap).why_no_undo(0)


def test_kit_undo_policy_on_the_toy_game(tap):
    from dreamtable import testing

    report = testing.UndoReport()
    for seed in range(6):
        testing.check_undo_policy("tap", 2, seed, report=report, options={"turns": 12})
    assert report.undone > 0 and report.refused_reveal > 0


@pytest.mark.slow
def test_a_twenty_thousand_move_game_pickles_and_deep_copies(tap):
    state = tap.new(players=2, seed=1, turns=20_000)
    for _ in range(20_000):
        state.apply(state.actors[0], "tap")
    assert state.is_over
    again = pickle.loads(pickle.dumps(state))
    assert again.record() == state.record() and again.view(1) == state.view(1)
    twin = copy.deepcopy(state)
    assert twin.log(0, 3) == state.log(0, 3) and len(twin.history()) == 20_000


def test_a_table_is_rebuilt_exactly_from_its_stored_changes(tap):
    """Moves, bot replies, an undo and an expiry, each stored as it happens, replay to the same table."""
    table = table_of(tap, {1: Always("tap")})
    changes = []

    def note():
        changes.append(table.last_change)

    table.submit(0, "tap")
    note()
    table.step_bots()
    note()
    table.submit(0, "tap")
    note()
    table.undo(0)
    note()
    table.clock.advance(5)
    table.expire_due()
    note()
    assert [change.kind for change in changes] == ["move", "move", "move", "undo", "expire"]
    assert [change.seq for change in changes] == [1, 2, 3, 4, 5]
    assert changes[-1][1:4] == ("expire", None, "expire clock-2")  # the third turn's clock

    clock = SimulatedClock()
    rebuilt = Table(tap.new(players=2, seed=3), {1: Always("tap")}, clock=clock)
    for _, kind, seat, text, moment in changes:
        clock.advance_to(moment)
        rebuilt.replay_change(kind, seat, text)
    assert rebuilt.seq == table.seq == len(changes)
    assert all(rebuilt.view(seat) == table.view(seat) for seat in (0, 1, None))


def test_a_stored_change_that_does_not_fit_is_refused(tap):
    table = table_of(tap)
    with pytest.raises(IllegalActionError, match="names no pending timer"):
        table.replay_change("expire", None, "expire clock-9")
    with pytest.raises(IllegalActionError, match="cannot replay"):
        table.replay_change("dance", 0, "tap")
    assert table.seq == 0


def test_a_human_seat_handed_to_a_bot_is_played_by_it(tap):
    table = table_of(tap)
    table.submit(0, "tap")
    table.hand_to_bot(1, Always("draw"))
    assert table.last_change[1:4] == ("bot", 1, "bot") and table.humans == (0,)
    assert table.ready_bots() == [1]
    assert table.step_bots()
    with pytest.raises(IllegalActionError, match="not a human's"):
        table.hand_to_bot(1, Always("tap"))


def test_a_bot_asked_elsewhere_hands_its_choice_back(tap):
    """The server asks bots in a worker thread: ready_bots, then play_bot with the choice."""
    patient = Patient()
    table = Table(tap.new(players=2, seed=1), {0: patient}, clock=SimulatedClock())
    assert table.ready_bots() == []  # its speaking time has not come
    table.clock.advance(1.5)
    assert table.ready_bots() == [0] and 0 in table.real_time_bots
    assert not table.play_bot(0, None)  # it chose to wait: not asked again until something changes
    assert table.ready_bots() == []
    with pytest.raises(IllegalActionError, match="not a bot's"):
        table.play_bot(1, "tap")


def test_a_failed_save_does_not_refuse_the_move_it_follows(tap, tmp_path):
    """The move is made; the table says why it could not be saved, and saves again at the next change."""
    folder = tmp_path / "saves"
    folder.mkdir()
    table = Table(tap.new(players=2, seed=3), {}, clock=SimulatedClock(), save=folder / "game.json")
    assert json.loads((folder / "game.json").read_text())["moves"] == []  # saved from the start
    (folder / "game.json").unlink()
    folder.rmdir()  # the folder went away after the start
    table.submit(0, "tap")
    assert table.state.record().moves == [(0, "tap")]
    assert table.save_error.startswith(f"cannot save the game to {folder / 'game.json'}")
    folder.mkdir()
    table.submit(1, "tap")
    assert table.save_error is None
    assert json.loads((folder / "game.json").read_text())["moves"] == [[0, "tap"], [1, "tap"]]


def test_a_form_move_is_the_open_form_of_that_kind_whose_parameters_the_values_name():
    """Dream Cycle's three brake plans share the kind "plan": the values' names choose the one filled;
    a kind with no open form is refused naming the forms that are open, and nothing changes."""
    from dreamtable.agents import RandomAgent

    state = dreamtable.load("dream-cycle").new(players=2, seed=3)
    table = Table(state, clock=SimulatedClock())
    for _ in range(60):
        seat = table.state.actors[0]
        if len([form for form in table.action_forms(seat) if form.kind == "plan"]) > 1:
            break
        table.submit(seat, RandomAgent(1).choose(table.state, seat))
    else:
        raise AssertionError("no brake plans were offered")
    assert table.form_move(seat, "plan", {"steps": 3}) == "plan steps 3"
    seq = table.seq
    with pytest.raises(IllegalActionError, match="no form 'clue' is open to you now; your forms: .*plan"):
        table.form_move(seat, "clue", {"word": "x"})
    assert table.seq == seq
