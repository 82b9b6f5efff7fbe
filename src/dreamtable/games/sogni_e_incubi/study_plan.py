"""What ``dreamtable study sogni-e-incubi`` plays: its batches, its A/B tests of the options marked
[proposed], and what its page must say about them (core/study_plan.py, docs/workbench.md)."""

from __future__ import annotations

from ...core.study_plan import GREEDY, Plan, Variant, ismcts_bot

PLAN = Plan(
    "sogni-e-incubi",
    batches={"greedy": {2: 1000, 3: 1000, 4: 1000}, "ismcts:50": {2: 150, 3: 150, 4: 150}},
    ab=("greedy", 2),
    variants=(
        Variant("converti_sogno_locks", False, "SI-R10 [proposed]: the rulebook only says the card is never removed"),
        Variant("final_count", "cards", "SI-R14 [proposed]: the design note's alternative counting unit",
                rescores="its scores count dream cards, not slots"),
        Variant("own_rem_swap", False, "SI-R7d [inferred]: the stricter reading (only opponents' Rems)"),
        Variant("ci_returns_to", "attacker", "SI-R9 [inferred]: the design note's alternative receiver"),
        Variant("wild_counts_for_win", False, "SI-R12 [inferred]: Rems and Convert to Dream do not complete a row"),
    ),
    skipped={"first_player": "who starts is the seat order itself, measured in section 1",
             "hand_limit": "the rulebook's number (SI-R3), not a proposal"},
    bots={"greedy": GREEDY, "ismcts:50": ismcts_bot(50)},
    score_unit="dream slots",
)
