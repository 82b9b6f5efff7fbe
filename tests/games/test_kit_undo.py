"""The undo kit checks (dreamtable.core.testing_undo) on every game: an undo never gives a deadline
more time, and never takes back what another person's log showed, even after that person left."""

from __future__ import annotations

from typing import Any

import pytest

from dreamtable.core.testing_undo import (
    UndoPeopleReport,
    UndoTimeReport,
    check_undo_keeps_time,
    check_undo_keeps_what_people_saw,
)

from .test_kit import GAMES

# The games with a clock, with options that set one (Dream Cycle's sand timer is an option). Every
# other game must show no deadline in random play: a game that gains a clock must be listed here.
CLOCKS = {"when-i-dream": {}, "dream-cycle": {"round_limit": 15, "buying_timer_seconds": 30}, "tap": {"turns": 30}}

# Steps per game and seed: When I Dream's undo policy replays worlds of a long log (~0.4 s an ask),
# Dreamwell's of a big board.
STEPS = {"when-i-dream": 30, "dreamwell": 60}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.slow
def test_undo_never_gives_a_running_deadline_more_time(game_id: str) -> None:
    facts: dict[str, Any] = GAMES[game_id]
    report = UndoTimeReport()
    options = CLOCKS.get(game_id, facts.get("option_sets", [{}])[0])
    for seed in range(3 if game_id in CLOCKS else 1):  # a game without a clock: one game shows it has none
        check_undo_keeps_time(game_id, facts["players"][0], seed, max_steps=STEPS.get(game_id, 100),
                              options=options, report=report)
    if game_id in CLOCKS:
        assert report.undone > 0 and report.deadlines_compared > 0, report
    else:
        assert report.moments_with_deadlines == 0, f"{game_id} has a clock: list it in CLOCKS ({report})"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.slow
def test_undo_never_takes_back_what_another_persons_log_showed(game_id: str) -> None:
    facts: dict[str, Any] = GAMES[game_id]
    report = UndoPeopleReport()
    options = facts.get("option_sets", [{}])[0]
    for seed in range(3):
        check_undo_keeps_what_people_saw(game_id, facts["players"][0], seed,
                                         max_steps=STEPS.get(game_id, 100), options=options, report=report)
    assert report.refused_told > 0 and report.handed_over > 0, report
