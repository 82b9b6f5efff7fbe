"""What ``dreamtable study dreamwell`` plays: its batches, its A/B tests of the options marked
[proposed], and what its page must say about them (core/study_plan.py, docs/workbench.md)."""

from __future__ import annotations

from ...core.study_plan import GREEDY, Plan, Variant, ismcts_bot

PLAN = Plan(
    "dreamwell",
    batches={"greedy": {2: 50, 3: 30, 4: 20}, "ismcts:200": {2: 10, 3: 4, 4: 4}},
    ab=("greedy", 2),
    variants=(
        Variant("mode", "advanced", "the rulebook's advanced game (black faces and cards, flips, ten cards)"),
        Variant("must_use_all_actions", False, "DW-R6 [proposed]: a turn may end before its three actions"),
        Variant("max_steps_per_move", 8, "DW-R13 [proposed]: half the cap on free steps in one move"),
    ),
    skipped={"first_player": "who starts is the seat order itself, measured in section 1"},
    bots={"greedy": GREEDY, "ismcts:200": ismcts_bot(200) + "; 200 rather than 50 because with fewer iterations than "
          "moves to choose from (often 100 or more) it plays like a random bot: at `ismcts:20` a 2-player game "
          "ran to 2,600 moves and 31 s"},
)
