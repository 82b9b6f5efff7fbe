"""What ``dreamtable study deep-dreams`` plays: its batches, its A/B tests of the options marked
[proposed], and what its page must say about them (core/study_plan.py, docs/workbench.md)."""

from __future__ import annotations

from ...core.study_plan import GREEDY, Plan, Variant, ismcts_bot

PLAN = Plan(
    "deep-dreams",
    batches={"greedy": {2: 1000, 3: 1000, 4: 600, 5: 600}, "ismcts:50": {2: 120, 3: 100, 4: 80, 5: 80}},
    ab=("greedy", 2),
    variants=(
        Variant("draw_bonus_cards", 0, "DD-R7 [proposed count]: no bonus draw"),
        Variant("draw_bonus_cards", 2, "DD-R7 [proposed count]: a bigger bonus"),
    ),
    skipped={"first_player": "who starts is the seat order itself, measured in section 1",
             "deck": "DD-R25 [proposed]: the engine has one deck (dreamtable-54), so there is nothing to compare it with"},
    bots={"greedy": GREEDY, "ismcts:50": ismcts_bot(50)},
)
