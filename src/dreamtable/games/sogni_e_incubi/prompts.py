"""What Sogni e Incubi asks the seat on turn (``State.ask``): kinds and their fields.

``SogniState._ask`` gives a kind and plain fields; its words are ``prompt.KIND`` of the catalogues
(``web/i18n/LANG.json`` in this package), for the terminal and the page alike.

=====================  =====================  ==========================================
kind                   fields                 when
=====================  =====================  ==========================================
``draw-or-play``       —                      the seat may draw and has a card to play
``draw-only``          —                      no card of the hand can be played now
``play-deck-empty``    —                      the deck is gone (SI-R3)
``play-hand-full``     ``cards``, ``limit``   the hand is at the limit (SI-R3)
=====================  =====================  ==========================================

Every other seat is told whom the game waits for (the common ``waiting-for``).
"""

from __future__ import annotations

from typing import Mapping

ASK_DRAW_OR_PLAY = "draw-or-play"
ASK_DRAW_ONLY = "draw-only"
ASK_PLAY_DECK_EMPTY = "play-deck-empty"
ASK_PLAY_HAND_FULL = "play-hand-full"

PROMPT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "draw-or-play": (),
    "draw-only": (),
    "play-deck-empty": (),
    "play-hand-full": ("cards", "limit"),
}
"""The fields of each kind of question beside ``kind`` (the table above): the view's schema refuses any
other, so a field added by mistake cannot pass the kit's checks."""
