"""The testing kit (``dreamtable.testing``): see :mod:`dreamtable.core.testing`.

``python -m dreamtable.testing regenerate tests/playthroughs`` rewrites the golden playthroughs.
"""

import sys

from .core.testing import (
    FuzzReport,
    UndoReport,
    check_action_forms,
    check_envelope_is_closed,
    check_event_sentences,
    check_form_types,
    check_undo_policy,
    check_view_shape,
    all_logs,
    all_views,
    check_copy_independence,
    check_determinism,
    check_no_leak,
    check_notation_round_trip,
    check_ownership,
    check_playthrough,
    check_rejects_bad_input,
    fuzz,
    main,
    play_random,
    playthrough_of,
    regenerate,
    step_checks,
    write_playthrough,
)
from .core.testing_attacks import (
    check_crafted_moves,
    check_crafted_notation,
    check_foreign_moves,
    check_mutation_isolation,
)
from .core.testing_hidden import check_distinguishability, check_resamples_hidden, check_seat_logs
from .core.testing_undo import UndoPeopleReport, UndoTimeReport, check_undo_keeps_time, check_undo_keeps_what_people_saw

__all__ = [
    "FuzzReport",
    "UndoReport",
    "check_action_forms",
    "check_envelope_is_closed",
    "check_event_sentences",
    "check_form_types",
    "check_undo_policy",
    "check_view_shape",
    "all_logs",
    "all_views",
    "check_copy_independence",
    "check_crafted_moves",
    "check_crafted_notation",
    "check_distinguishability",
    "check_foreign_moves",
    "check_mutation_isolation",
    "check_resamples_hidden",
    "check_seat_logs",
    "check_determinism",
    "check_no_leak",
    "check_notation_round_trip",
    "check_ownership",
    "check_playthrough",
    "check_rejects_bad_input",
    "fuzz",
    "play_random",
    "playthrough_of",
    "regenerate",
    "step_checks",
    "write_playthrough",
    # undo and the clock, undo and what people saw (core/testing_undo.py)
    "UndoPeopleReport",
    "UndoTimeReport",
    "check_undo_keeps_time",
    "check_undo_keeps_what_people_saw",
]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
