"""When I Dream's own section of its study page: nights, roles and the Boogeymen, read from records."""

from __future__ import annotations

import pytest

from dreamtable.games.when_i_dream.study_nights import NIGHTS, role_figures
from dreamtable.workbench.study import Batch, plan_for, run_batches, section_items


def test_nights_give_each_roles_points_and_the_boogeymen(tmp_path):
    batches = [Batch("random-4p", "random", 4, 2, record=True)]
    rows = run_batches("when-i-dream", batches, 3, tmp_path, workers=1)["random-4p"]
    nights = section_items(NIGHTS, "when-i-dream", rows, tmp_path / "random-4p")
    assert len(nights) == 8, "one night per player per game"
    for night in nights:
        assert night["boogeymen"] in (0, 1) and len(night["roles"]) in (1, 2, 3)
        assert night["dreamer"] == night["yellow"] + night["bonus"]
    roles = {figure["role"]: figure for figure in role_figures(nights)}
    assert roles["Dreamer"]["nights"] == 8 and roles["Dreamer"]["top"] is None, "the Dreamer is not a Dream Spirit role"
    spirits = [figure for role, figure in roles.items() if role != "Dreamer"]
    assert sum(figure["top"] * figure["nights"] for figure in spirits) == pytest.approx(8), "one night won per night, ties shared"

    figures = NIGHTS.figures(nights)
    page = "\n".join(NIGHTS.page(figures, "when-i-dream"))
    assert "## 5. Roles and the Dreamer" in page and "when-i-dream/dreamer_boogeymen.png" in page
    lengths = NIGHTS.lengths(nights)
    assert sum(map(len, lengths.series.values())) == 8, "the length plot counts cards per night"


def test_the_study_plan_declares_its_night_section():
    assert plan_for("when-i-dream").section is NIGHTS
    assert all(plan_for(game).section is None for game in ("deep-dreams", "dreamwell", "dream-cycle", "sogni-e-incubi"))


def test_a_boogeyman_question_is_asked_only_when_its_interval_is_wide():
    wide = {"one_more_boogeyman": [{"players": 4, "from": 0, "to": 1, "nights": 8, "difference": (0.5, -4.0, 5.0)}]}
    narrow = {"one_more_boogeyman": [{"players": 4, "from": 0, "to": 1, "nights": 800, "difference": (0.5, -0.5, 1.5)}]}
    asked = NIGHTS.questions(wide, lambda players: 2)
    assert len(asked) == 1 and asked[0]["games"] >= 2 and "Boogeyman more" in asked[0]["question"]
    assert NIGHTS.questions(narrow, lambda players: 2) == []
