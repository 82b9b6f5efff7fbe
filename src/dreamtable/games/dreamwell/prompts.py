"""What Dreamwell asks the seat on turn, as a kind and its fields (``State.ask``), and the English
words of each kind (``Dreamwell.prompts``).

The fields are plain values: numbers, a pawn (1 or 2), an item code (``BS``, ``GAM``), a free
action's name (``rotate``/``flip``), a flag. A browser words the same kind from its catalogue
(``web/i18n/LANG.json`` in this package), where the optional parts of a sentence are looked up by the
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

from typing import Any, Mapping

from ...core.sentences import Sentence
from .components import ITEM_NAME_OF

PENDING_KINDS = {"move_to": "move-to", "flip_any": "flip-any", "draw_action": "free-draw",
                 "move_action": "free-move", "rotate_action": "free-rotate"}
"""The prompt kind of each immediate ability waiting for its use (DW-R17)."""


def _moving(pawn: int | None) -> list[str]:
    return [f"Pawn {pawn} may keep moving for free, or stop."] if pawn is not None else []


def actions_prompt(ask: Mapping[str, Any]) -> str:
    """``Take an action: 2 of 3 left.`` and what else the seat may do."""
    asked = [f"Take an action: {ask['left']} of {ask['of']} left.", *_moving(ask["pawn"])]
    if ask["free"] is not None:
        asked.append(f"You also have a free {ask['free']}.")
    if ask["early"]:
        asked.append("You may end your turn early.")
    return " ".join(asked)


def extras_prompt(ask: Mapping[str, Any]) -> str:
    """The three actions are used; a pawn may go on, or the each-turn free action is left."""
    asked = _moving(ask["pawn"])
    if ask["free"] is not None:
        asked.append(f"You have a free {ask['free']}.")
    return " ".join([*asked, "You may end your turn."])


def _item(ask: Mapping[str, Any]) -> str:
    return ITEM_NAME_OF[ask["item"]]


PROMPTS: dict[str, Sentence] = {
    "actions": actions_prompt,
    "extras": extras_prompt,
    "end-turn": "End your turn.",
    "discard": "You hold {cards} cards: discard one (down to {limit}, DW-R18).",
    "move-to": lambda ask: f"MOVE TO {_item(ask)}: put a pawn on a tile showing it, or skip.",
    "flip-any": lambda ask: f"FLIP ANY {_item(ask)}: flip a tile showing it, or skip.",
    "free-draw": "Perform a free draw (or take from the display), or skip.",
    "free-move": "Perform a free move, or skip.",
    "free-rotate": "Perform a free rotate, or skip.",
}

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
"""One sentence per prompt kind, in the words the game has always used."""
