"""What Dreamwell asks the seat on turn, as a kind and its fields (``State.ask``); its words are
``prompt.KIND`` of the catalogues, for the terminal and the page alike.

The fields are plain values: numbers, a pawn (1 or 2), an item code (``BS``, ``GAM``), a free
action's name (``rotate``/``flip``), a flag. The catalogues (``web/i18n/LANG.json`` in this
package) look up the optional parts of a sentence by the
field's value: ``{pawn:still-moving}`` → ``still-moving.1`` / ``still-moving.null`` (empty).

==================  ==========================================  ===================================
kind                fields                                      English
==================  ==========================================  ===================================
``actions``         ``left``, ``of``; ``pawn`` (1, 2 or null),  Take an action: 2 of 3 left.
                    ``free`` (rotate, flip or null), ``early``   [Pawn 1 may keep moving…]
                                                                [You also have a free rotate.]
                                                                [You may end your turn early.]
``extras``          ``pawn``, ``free`` (at least one set)       [Pawn 1 may keep moving for free,
                                                                or stop.] [You have a free
                                                                rotate.] You may end your turn.
``end-turn``        —                                           End your turn.
``discard``         ``cards`` (hand size), ``limit``            You hold 5 cards: discard one…
``move-to``         ``item``                                    MOVE TO Black Sky: put a pawn on…
``flip-any``        ``item``                                    FLIP ANY Gamma: flip a tile…
``free-draw``       —                                           Perform a free draw (or take…
``free-move``       —                                           Perform a free move, or skip.
``free-rotate``     —                                           Perform a free rotate, or skip.
==================  ==========================================  ===================================
"""

from __future__ import annotations

from typing import Mapping


PENDING_KINDS = {"move_to": "move-to", "flip_any": "flip-any", "draw_action": "free-draw",
                 "move_action": "free-move", "rotate_action": "free-rotate"}
"""The prompt kind of each immediate ability waiting for its use (DW-R17)."""


PROMPT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "actions": ("early", "free", "left", "of", "pawn"),
    "free-move": (),
    "discard": ("cards", "limit"),
    "extras": ("free", "pawn"),
    "free-draw": (),
    "move-to": ("item",),
    "free-rotate": (),
    "flip-any": ("item",),
    "end-turn": (),
}
"""The fields of each kind of question beside ``kind`` (the table above): the view's schema refuses any
other, so a field added by mistake cannot pass the kit's checks."""
