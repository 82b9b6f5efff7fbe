"""Time is an input: deadlines are published in state.timers, and expiries are recorded like moves."""

import pytest

import dreamtable
from dreamtable import IllegalActionError


def test_expiry_is_applied_recorded_and_replayed(tap):
    state = tap.new(players=2, seed=1)
    assert state.timers == (dreamtable.Timer("clock-0", 5.0, 0),)
    state.apply(0, "tap")
    state.expire(state.timers[0])
    state.expire("clock-2")
    record = state.record()
    assert record.moves == [(0, "tap"), (None, "expire clock-1"), (None, "expire clock-2")]
    again = dreamtable.replay(record.to_dict())
    assert again.view(None) == state.view(None)
    assert [e["text"] for e in again.log(None)] == ["A tapped.", "B's time ran out.", "A's time ran out."]


def test_unknown_timer_is_refused_and_changes_nothing(tap):
    state = tap.new(players=2, seed=1)
    with pytest.raises(IllegalActionError, match="pending: clock-0"):
        state.expire("night")
    assert state.record().moves == []


def test_fuzz_expires_timers_at_random(tap):
    from dreamtable import testing

    report = testing.fuzz("tap", [2, 3], 20)
    assert report.games == 40
