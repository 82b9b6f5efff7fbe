"""What When I Dream asks a seat, as a kind and its fields (``State.ask``); its words are ``prompt.KIND``
of the catalogues, for the terminal and the page alike.

The fields are plain values: a card's number (``seq``), a seat (``giver``), the Element and the
spirit (``role``: ``Fairy``, ``Boogeyman``, ``Sandman``) — these two only in a clue-giver's own
question, which only that seat reads —, clue numbers. The catalogues (``web/i18n/LANG.json`` in
this package) read the spirit as ``{role:a-role}`` →
``a-role.Fairy`` ("a Fairy").

====================  ==========================================  ================================
kind                  fields                                      English
====================  ==========================================  ================================
``guess``             ``seq``, ``language``                       Element 3: type your guess, or
                                                                  pass.
``clue``              ``element``, ``role``, ``language``         The Element is rooster, you are a
                                                                  Fairy. Your clue (one word), or
                                                                  pass.
``may-flag``          ``element``, ``role``, ``giver``, ``clue``  The Element is rooster, you are a
                                                                  Sandman. Waiting for C (you may
                                                                  flag c7).
``may-flag-several``  the same, and ``clues``: the other clues    … Waiting for C (you may flag c5,
                      as codes (``c3, c5``)                       c6 or c7).
``last-answer``       —                                           Time is up: one last answer, or
                                                                  pass.
``recount``           —                                           Recount your dream (name the
                                                                  Elements you guessed).
``review``            —                                           Review the night's cards: vote on
                                                                  a card's side, on whether the
                                                                  dream named it, or on a penalty,
                                                                  then finish your review.
====================  ==========================================  ================================

``language`` is the game's (option ``language``, WID-R25): ``en`` or ``it``. In a game that is not in
English the guess and the clue questions say which language the words are in: "Element 3: type your
guess (in Italian), or pass."
"""

from __future__ import annotations

from typing import Any, Mapping


GUESS_ASK = "guess"
CLUE_ASK = "clue"
MAY_FLAG = "may-flag"
MAY_FLAG_SEVERAL = "may-flag-several"
LAST_ANSWER = "last-answer"
RECOUNT_ASK = "recount"
REVIEW_ASK = "review"

def flag_ask(element: str, role: str, giver: int, clue_ids: list[int]) -> dict[str, Any]:
    """The question of a clue-giver who waits for ``giver`` and may flag the clues ``clue_ids`` (not empty)."""
    *others, last = clue_ids
    if not others:
        return {"kind": MAY_FLAG, "element": element, "role": role, "giver": giver, "clue": last}
    return {"kind": MAY_FLAG_SEVERAL, "element": element, "role": role, "giver": giver,
            "clues": ", ".join(f"c{clue_id}" for clue_id in others), "clue": last}


PROMPT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "guess": ("language", "seq"),
    "clue": ("element", "language", "role"),
    "may-flag": ("clue", "element", "giver", "role"),
    "last-answer": (),
    "recount": (),
    "review": (),
    "may-flag-several": ("clue", "clues", "element", "giver", "role"),
}
"""The fields of each kind of question beside ``kind`` (the table above): the view's schema refuses any
other, so a field added by mistake cannot pass the kit's checks."""
