"""What ``dreamtable study dream-cycle`` plays: its batches, its A/B tests of the options marked
[proposed], and what its page must say about them (core/study_plan.py, docs/workbench.md)."""

from __future__ import annotations

from ...core.study_plan import GREEDY, Plan, RANDOM, Variant, ismcts_bot

PLAN = Plan(
    "dream-cycle",
    batches={"greedy": {2: 12, 3: 8, 4: 6, 5: 4}, "random": {2: 100}, "ismcts:100": {2: 2}},
    ab=("random", 2),
    variants=(
        Variant("directional_tiles", {"F": {"count": 8, "buy": 2, "sell": 1}, "L": {"count": 8, "buy": 2, "sell": 1},
                                      "R": {"count": 8, "buy": 2, "sell": 1}, "B": {"count": 5, "buy": 1, "sell": 0},
                                      "N": {"count": 8, "buy": 3, "sell": 2}, "E": {"count": 8, "buy": 2, "sell": 1},
                                      "W": {"count": 8, "buy": 2, "sell": 1}, "S": {"count": 5, "buy": 1, "sell": 0},
                                      "U": {"count": 0, "buy": 6, "sell": 3}},
                "DC-R17 §3.1 [proposed]: the note's documented alternative, no Lucidity (8 of each direction, 5 Back and South)",
                label="directional_tiles=no-lucidity", bot="greedy"),
        Variant("square_mix", {"1": {"BK": 0, "BL": 2, "YI": 3, "YD": 0, "YR": 5}, "2": {"BK": 0, "BL": 3, "YI": 2, "YD": 1, "YR": 4},
                               "3": {"BK": 0, "BL": 6, "YI": 1, "YD": 1, "YR": 1}, "4": {"BK": 0, "BL": 5, "YI": 0, "YD": 2, "YR": 1},
                               "5": {"BK": 0, "BL": 2, "YI": 7, "YD": 3, "YR": 3}},
                "§3.2 [proposed]: the default mix without black (doldrum) squares; the tiles are regenerated",
                label="square_mix=no-doldrums", bot="greedy"),
        Variant("directional_tiles", {"F": {"count": 8, "buy": 2, "sell": 1}, "L": {"count": 8, "buy": 2, "sell": 1},
                                      "R": {"count": 8, "buy": 2, "sell": 1}, "B": {"count": 5, "buy": 1, "sell": 0},
                                      "N": {"count": 8, "buy": 3, "sell": 2}, "E": {"count": 8, "buy": 2, "sell": 1},
                                      "W": {"count": 8, "buy": 2, "sell": 1}, "S": {"count": 5, "buy": 1, "sell": 0},
                                      "U": {"count": 0, "buy": 6, "sell": 3}},
                "DC-R17 §3.1 [proposed]: as above, with random bots", label="directional_tiles=no-lucidity"),
        Variant("square_mix", {"1": {"BK": 0, "BL": 2, "YI": 3, "YD": 0, "YR": 5}, "2": {"BK": 0, "BL": 3, "YI": 2, "YD": 1, "YR": 4},
                               "3": {"BK": 0, "BL": 6, "YI": 1, "YD": 1, "YR": 1}, "4": {"BK": 0, "BL": 5, "YI": 0, "YD": 2, "YR": 1},
                               "5": {"BK": 0, "BL": 2, "YI": 7, "YD": 3, "YR": 3}},
                "§3.2 [proposed]: as above, with random bots", label="square_mix=no-doldrums"),
        Variant("buying_timer_seconds", 60, "DC-R47: the rulebook's sand-timer variant (one minute a Buying Phase)"),
        Variant("start_facing", "E", "DC-R3 [proposed facing]: every token starts facing east"),
        Variant("staircase_offsets", [0, 1, 2, 3, 4, 3, 2, 1, 0, -1], "DC-R4 [proposed]: the note's documented alternative staircase"),
        Variant("die_faces", ["G", "W", "O", "R", "P", "F"], "DC-R11 [proposed]: the note's six-face die (no Silver)"),
        Variant("special_once_per_turn", False, "DC-R13 [proposed]: blue and yellow squares act on every visit"),
        Variant("blue_chi", 2, "DC-R14 [proposed amount]: blue squares give 2 chi"),
        Variant("drain_chi", 3, "DC-R15 [proposed amount]: a Psychic Drain costs 3 chi"),
        Variant("inspiration_draw", 2, "DC-R16 [proposed count]: an Inspiration Bonus draws 2 tiles"),
        Variant("inspiration_tiles", {"power": 6, "zip": 10, "wind": 6, "rein": 6, "wake": 5, "ward": 5},
                "DC-R41 §3.3 [proposed]: half the Power tiles (6 instead of 12)", label="inspiration_tiles=half-power"),
        Variant("trade_during_movement", False, "DC-R27 [proposed]: no trading while a mover waits"),
        Variant("step_cap", 100, "DC-R33 [proposed]: an endless loop is declared after 100 arrivals, not 500"),
        Variant("conflict_toll", 0, "DC-R39 [proposed amount]: no toll in conflicts"),
        Variant("power_public", False, "DC-R43 [proposed]: Power counts are hidden"),
        Variant("min_field_colours", 3, "§3.2 [proposed]: tiles may show only 3 field colours; the tiles are regenerated"),
        Variant("max_specials", 2, "§3.2 [proposed]: at most 2 special squares a tile; the tiles are regenerated"),
    ),
    skipped={"first_player": "who starts is the seat order itself, measured in section 1",
             "chi_supply": "the rulebook's 65 counters (DC-R18), not a proposal",
             "dreamscape_seed": "which 50 tiles are generated, not a rule",
             "round_limit": "ours, a bound that ends bot games that never finish; not a rule of the table",
             "special_exit, field_colours": "named in the design note (DC-R9, DC-R10) but not options of the engine: "
                                            "the die exit and the seven field colours are fixed"},
    bots={"greedy": GREEDY, "random": RANDOM, "ismcts:100": ismcts_bot(100)},
    notes=("A greedy game of Dream Cycle takes 5–25 s on this machine and an ISMCTS game over a minute, so most A/B "
           "tests use random bots at 2 players (mechanical effects: length, eliminations, endings); the two tables "
           "asked about most (Directional prices, square mix) are also played by greedy bots, at a small size.",),
    score_unit="rows (the winner's row reached minus the best other's)",
    margin_metric="row_reached",
    length_metric="rounds",
    length_bot="greedy",
)
