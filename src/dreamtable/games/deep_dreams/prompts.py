"""What Deep Dreams asks the seat on turn (``State.ask``): kinds and their fields.

``DreamState._ask`` gives a kind and plain fields (seats as ints); its words are ``prompt.KIND`` of
the catalogues (``web/i18n/LANG.json`` in this package), for the terminal and the page alike. Where
the words change with a number (one position or several, one target or four), the number is part of
the kind, so a catalogue needs plain templates only.

======================  ==============================  ===========================================
kind                    fields                          when
======================  ==============================  ===========================================
``start``               —                               an empty row and a card to start it with
``draw``                —                               an empty row and an empty hand
``play-or-draw``        —                               a card connects, and the deck can be drawn
``play``                —                               a card connects; nothing is left to draw
``draw-no-fit``         —                               no card of the hand connects now
``dream-moon-one``      —                               Dream Moon with one position to cover
``dream-moon``          ``last``                        Dream Moon: positions 1 to ``last``
``predictions-one``     ``count`` (1)                   Predictions shows one card
``predictions``         ``count``                       Predictions shows ``count`` cards
``deep-sleep``          —                               Deep Sleep
``steal-N``             ``targets``, ``t1`` … ``tN``    Steal, N (1–4) seats to choose from
``eliminate-N``         ``end``, ``targets``, ``t1``…   Eliminate left/right (``end``), N targets
======================  ==============================  ===========================================

``targets`` lists the seats that may be chosen; ``t1`` … ``tN`` are the same seats one by one,
for templates (``({t1:seat} or {t2:seat})``). Every other seat is told whom the game waits for
(the common ``waiting-for``).
"""

from __future__ import annotations

from typing import Any, Mapping


MAX_TARGETS = 4  # five players at most: four others

ASK_START = "start"
ASK_DRAW = "draw"
ASK_PLAY_OR_DRAW = "play-or-draw"
ASK_PLAY = "play"
ASK_DRAW_NO_FIT = "draw-no-fit"
ASK_MOON_ONE = "dream-moon-one"
ASK_MOON = "dream-moon"
ASK_PREDICTIONS_ONE = "predictions-one"
ASK_PREDICTIONS = "predictions"
ASK_DEEP_SLEEP = "deep-sleep"
ASK_STEAL = "steal"
ASK_ELIMINATE = "eliminate"


def targets_ask(kind: str, targets: list[int], **fields: Any) -> dict[str, Any]:
    """A question that names the seats it may target: ``steal-2`` with ``t1``, ``t2``."""
    ask: dict[str, Any] = {"kind": f"{kind}-{len(targets)}", **fields, "targets": targets}
    for index, seat in enumerate(targets, 1):
        ask[f"t{index}"] = seat
    return ask


PROMPT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "start": (),
    "play-or-draw": (),
    "draw-no-fit": (),
    "dream-moon": ("last",),
    "steal-1": ("t1", "targets"),
    "predictions": ("count",),
    "eliminate-1": ("end", "t1", "targets"),
    "deep-sleep": (),
    "eliminate-2": ("end", "t1", "t2", "targets"),
    "steal-2": ("t1", "t2", "targets"),
    "dream-moon-one": (),
    "eliminate-3": ("end", "t1", "t2", "t3", "targets"),
    "steal-3": ("t1", "t2", "t3", "targets"),
    "predictions-one": ("count",),
    "play": (),
    "steal-4": ("t1", "t2", "t3", "t4", "targets"),
    "eliminate-4": ("end", "t1", "t2", "t3", "t4", "targets"),
    "draw": (),
}
"""The fields of each kind of question beside ``kind`` (the table above): the view's schema refuses any
other, so a field added by mistake cannot pass the kit's checks."""
