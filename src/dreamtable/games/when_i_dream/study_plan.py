"""What ``dreamtable study when-i-dream`` plays: its batches, its A/B tests of the options marked
[proposed], and what its page must say about them (core/study_plan.py, docs/workbench.md)."""

from __future__ import annotations

from ...core.study_plan import Plan, RANDOM, Variant
from .study_nights import NIGHTS

PLAN = Plan(
    "when-i-dream",
    batches={"wordbot": {4: 8, 6: 4, 8: 2, 10: 2}, "random": {p: 100 for p in range(4, 11)}},
    ab=("random", 4),
    variants=(
        Variant("family_mode", True, "WID-R27: the variant without secret roles",
                rescores="every clue-giver scores as a Fairy"),
        Variant("night_seconds", 90, "WID-R27: the 90-second night community clones use"),
        Variant("restart_order_on_new_card", True, "WID-R6 [proposed]"),
        Variant("clue_max_len", 8, "WID-R7 [proposed]: clues of at most 8 letters"),
        Variant("clue_timing", "strict", "WID-R8 [proposed]: one clock to submit (clue_start_seconds)"),
        Variant("clue_start_seconds", 5, "WID-R8 [proposed]: the rulebook's 5 s to start a clue"),
        Variant("clue_submit_seconds", 5, "WID-R8 [proposed]: 5 s to submit a typed clue"),
        Variant("final_guess_seconds", 5, "WID-R12 [proposed]: a 5 s last-answer window"),
        Variant("recount_seconds", 30, "WID-R17 [proposed]: 30 s for the recount"),
        Variant("review_seconds", 30, "WID-R18 [proposed]: 30 s for the review"),
        Variant("auto_clue_check", "penalize", "WID-R14 [proposed]: an improper clue costs its author a penalty"),
        Variant("auto_clue_check", "off", "WID-R14 [proposed]: no automatic judge"),
        Variant("min_substring_len", 4, "§4.3 [proposed]"),
        Variant("flag_quorum", 1, "WID-R15 [proposed]: one flag makes a clue improper"),
        Variant("dreamer_sees_own_guesses", True, "WID-R11 [proposed]"),
        Variant("dreamer_sees_past_clues", True, "WID-R11 [proposed]"),
        Variant("bonus_requires_yellow", False, "WID-R19 [proposed]: the recount bonus even with nothing on Yellow"),
    ),
    skipped={"first_dreamer": "who dreams first is the seat order itself, measured in section 1",
             "language": "one word list (en) ships, so there is nothing to compare it with"},
    bots={"wordbot": "the game's word bot: clues and guesses from word embeddings, on every seat (Dreamer and "
                     "clue-givers); it plays on the simulated clock, each night lasting its two minutes",
          "random": RANDOM + "; in When I Dream it guesses and clues from small word samples, so a night is mostly "
                    "wrong guesses: use it for the clock's mechanics, not for the words"},
    notes=("Greedy and ISMCTS are not used: When I Dream has no evaluation, so greedy scores every move alike and "
           "plays as a random bot, and one 4-player game of `ismcts:10` (random play-outs against the clock) took "
           "787 s on this machine. The seat-order figures come from random bots at every player count and from "
           "word bots at 4, 6, 8 and 10 players (Boogeymen from 0 to 4 a night); a word-bot game takes 25–50 s "
           "(4 players) to 200–270 s (10 players).",
           "The A/B tests use random bots at 4 players: they ignore what they are shown and choose words at random, "
           "so options about what a seat sees or about judging words can show no effect with them.",
           "The clock sets a When I Dream game's length: every bot acts every few simulated seconds, so a change in "
           "decisions here is a change in the time a phase gives (a 90-second night, a 30-second review), not in "
           "how players play."),
    length_bot="wordbot",
    first_option="first_dreamer",
    record_bots=("wordbot",),
    section=NIGHTS,
)
