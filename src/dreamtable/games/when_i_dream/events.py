"""The events of When I Dream: their kinds and their fields (:mod:`.wording` puts them in words).

The rules build events from small values only — seats as ints, card numbers (``seq``, counting
every Element revealed in the game), clue ids, words as typed — and never text: their words
are the catalogues' (``web/i18n``), chosen by :mod:`.wording` when a log is read.
What the Dreamer may not know is wrapped in a ``Secret`` and reads ``null`` for the Dreamer (and a
spectator): the Element in play, the verdict on a guess, and every penalty of the night — a penalty
is told as part of the ``card-gone`` notice the Dreamer gets anyway, so the Dreamer's log says only
that the card changed, never that a penalty was given nor to whom (WID-R11).

====================  ========  ===========================================================
kind                  actor     fields
====================  ========  ===========================================================
``round``             null      ``round`` (1, 2, …), ``dreamer``: a seat (WID-R2)
``reveal``            null      ``seq``; ``element``: the Element, ``null`` for the Dreamer
``typing``            the giver ``seq`` (WID-R8)
``clue``              the giver ``seq``, ``id`` (``c<id>`` in notation), ``word``
``clue-pass``         the giver ``seq``
``clue-rejected``     the giver ``seq``; ``word`` and ``reason`` for the giver only, ``null``
                                for everyone else (WID-R14)
``time-up``           null      ``seat``: the clue-giver whose clock ran out (WID-R8)
``flag``              the flagger ``id``: the clue flagged (WID-R15)
``guess``             Dreamer   ``seq``, ``guess``; ``verdict``: ``right`` or ``wrong``, ``null``
                                for the Dreamer (WID-R9)
``dream-pass``        Dreamer   ``seq`` (WID-R10)
``card-gone``         null      ``seq``: the card that left play; ``penalty``: when an improper clue
                                sent it in front of its author (WID-R13), ``{seat, id, word,
                                reason}`` (``id`` of a clue flagged improper, WID-R15; ``word``
                                and ``reason`` of a clue the judge caught, WID-R28), else
                                ``null``; always ``null`` for the Dreamer (WID-R11)
``night-over``        null      — (WID-R12: the last answer may follow)
``night-end``         null      ``reason``: ``deck-empty``, ``no-last-answer``, ``declined`` or
                                ``last-answer`` (WID-R12, WID-R16)
``recount``           Dreamer   ``dream``: the recount's words (WID-R17; empty when the clock
                                ran out)
``unmask``            null      ``cards``: the night's cards ``{seq, element, side, guess,
                                owner}`` as the night left them: the Dreamer takes off the mask
                                for the review
``vote``              the voter ``vote``: ``side``, ``mention`` or ``penalty``; ``card``: its
                                number in the night (1, 2, …); ``choice`` (WID-R18)
``done``              the voter —
``day``               null      ``round``, ``dreamer``, ``yellow``, ``blue``, ``bonus`` (0 or 2),
                                ``roles`` (per seat, ``null`` for the Dreamer), ``gains`` (per
                                seat) (WID-R19 to R22)
``game-over``         null      ``winners``: seats (WID-R23)
====================  ========  ===========================================================
"""

from __future__ import annotations

from typing import Mapping

ROUND = "round"
REVEAL = "reveal"
TYPING_EVENT = "typing"
CLUE_EVENT = "clue"
CLUE_PASS_EVENT = "clue-pass"
CLUE_REJECTED = "clue-rejected"
TIME_UP = "time-up"
FLAG_EVENT = "flag"
GUESS_EVENT = "guess"
DREAM_PASS_EVENT = "dream-pass"
CARD_GONE = "card-gone"
NIGHT_OVER = "night-over"
NIGHT_END = "night-end"
RECOUNT_EVENT = "recount"
UNMASK = "unmask"
VOTE = "vote"
DONE_EVENT = "done"
DAY = "day"
GAME_OVER = "game-over"

EVENT_KINDS = frozenset((
    ROUND, REVEAL, TYPING_EVENT, CLUE_EVENT, CLUE_PASS_EVENT, CLUE_REJECTED, TIME_UP, FLAG_EVENT, GUESS_EVENT,
    DREAM_PASS_EVENT, CARD_GONE, NIGHT_OVER, NIGHT_END, RECOUNT_EVENT, UNMASK, VOTE, DONE_EVENT, DAY, GAME_OVER,
))
"""Every kind of event the rules emit; each has its fields in :data:`EVENT_FIELDS` and its words in the catalogues."""

EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    ROUND: ("dreamer", "round"),
    REVEAL: ("element", "seq"),
    TYPING_EVENT: ("seq",),
    CLUE_EVENT: ("id", "seq", "word"),
    CLUE_PASS_EVENT: ("seq",),
    CLUE_REJECTED: ("reason", "seq", "word"),
    TIME_UP: ("seat",),
    FLAG_EVENT: ("id",),
    GUESS_EVENT: ("guess", "seq", "verdict"),
    DREAM_PASS_EVENT: ("seq",),
    CARD_GONE: ("penalty", "seq"),
    NIGHT_OVER: (),
    NIGHT_END: ("reason",),
    RECOUNT_EVENT: ("dream",),
    UNMASK: ("cards",),
    VOTE: ("card", "choice", "vote"),
    DONE_EVENT: (),
    DAY: ("blue", "bonus", "dreamer", "gains", "roles", "round", "yellow"),
    GAME_OVER: ("winners",),
}
"""The fields of each event kind beside ``kind`` and ``actor`` (the table above): the view's schema refuses
any other, so a field added by mistake (another seat's hand) cannot pass the kit's checks."""

EVENT_RULES: Mapping[str, tuple[str, ...]] = {
    ROUND: ("WID-R2", "WID-R5"),
    REVEAL: ("WID-R3",),
    TYPING_EVENT: ("WID-R8",),
    CLUE_EVENT: ("WID-R6", "WID-R7"),
    CLUE_PASS_EVENT: ("WID-R6",),
    CLUE_REJECTED: ("WID-R14",),
    TIME_UP: ("WID-R8", "WID-R26"),
    FLAG_EVENT: ("WID-R15",),
    GUESS_EVENT: ("WID-R9",),
    DREAM_PASS_EVENT: ("WID-R10",),
    CARD_GONE: ("WID-R6",),
    NIGHT_OVER: ("WID-R12",),
    NIGHT_END: ("WID-R12",),
    f"{NIGHT_END}:reason=deck-empty": ("WID-R16",),
    RECOUNT_EVENT: ("WID-R17",),
    UNMASK: ("WID-R17",),
    VOTE: ("WID-R18",),
    DONE_EVENT: ("WID-R18",),
    DAY: ("WID-R20", "WID-R22"),
    f"{DAY}:bonus=2": ("WID-R19",),
    GAME_OVER: ("WID-R23",),
}
"""The rule IDs (docs/rules/when-i-dream.md) an event shows applied, by kind and by ``kind:field=value``
(core/rule_coverage.py)."""

NIGHT_END_DECK_EMPTY = "deck-empty"
NIGHT_END_NO_LAST_ANSWER = "no-last-answer"
NIGHT_END_DECLINED = "declined"
NIGHT_END_LAST_ANSWER = "last-answer"
"""Why a night ended (the ``night-end`` event's ``reason``): WID-R16, WID-R12."""

