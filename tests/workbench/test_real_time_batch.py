"""Batch play of a game against the clock ends its nights on the simulated clock.

Before, bots answered in no time, so a When I Dream night ran through the whole deck: a 4-player
game took ~2,200 decisions and scored ~180. Every night must now end by its timer.
"""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.workbench.task import TURN_SECONDS, GameTask, play_task


@pytest.mark.parametrize("bot, most_decisions, top_score", [("wordbot", 1_100, 130), ("random", 400, 100),
                                                             ("greedy", 400, 100)])
@pytest.mark.slow
def test_a_4_player_when_i_dream_batch_game_ends_every_night_on_the_clock(tmp_path, bot, most_decisions,
                                                                                          top_score):
    row = play_task(GameTask("when-i-dream", (bot,) * 4, seed=1, record_dir=str(tmp_path)))
    record = dreamtable.Record.load(tmp_path / "when-i-dream-seed1.json")
    nights_ended = [text for seat, text in record.moves if seat is None and text == "expire night"]
    assert len(nights_ended) == 4, "each of the four Dreamers' nights ends when its two minutes are over"
    assert row["decisions"] < most_decisions and max(row["scores"]) < top_score, row
    if bot != "wordbot":  # a turn-based Dreamer answers once per TURN_SECONDS of its two minutes
        answers = sum(1 for seat, text in record.moves if text.startswith(("guess", "dream-pass")))
        assert answers <= 4 * (120 / TURN_SECONDS + 1)

