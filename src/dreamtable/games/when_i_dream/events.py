"""The events of When I Dream: their kinds, their fields, and the sentences that put them in words.

The rules build events from small values only — seats as ints, card numbers (``seq``, counting
every Element revealed in the game), clue ids, words as typed — and never text: the sentences
below (declared on the game as ``WhenIDream.sentences``) are written only when a log is read.
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

from typing import Any, Mapping

from ...core.contract import seat_name
from ...core.sentences import Sentence

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
"""Every kind of event the rules emit; ``WhenIDream.sentences`` has one sentence for each."""

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

_NIGHT_ENDS_BECAUSE = {
    NIGHT_END_DECK_EMPTY: "no card is left to reveal",
    NIGHT_END_NO_LAST_ANSWER: "the Dreamer gave no last answer",
    NIGHT_END_DECLINED: "the Dreamer declined the last answer",
    NIGHT_END_LAST_ANSWER: "the last answer is in",
}


def reveal_sentence(event: Mapping[str, Any]) -> str:
    """``Element 3 is in play: rooster.``; the Dreamer reads ``(hidden)`` instead of the Element."""
    element = event["element"]
    return f"Element {event['seq']} is in play: {'(hidden)' if element is None else element}."


def clue_rejected_sentence(event: Mapping[str, Any]) -> str:
    """The author reads why the clue was not published; everyone else that the author is thinking."""
    word = event["word"]
    if word is None:
        return f"{seat_name(event['actor'])} is thinking…"
    return f"Your clue {word!r} was not published: {str(event['reason']).replace('_', ' ')}."


def card_gone_sentence(event: Mapping[str, Any]) -> str:
    """``Element 3 has gone: a new card is in play.``; the clue-givers also read whose penalty it became.

    The Dreamer (and a spectator) read ``penalty`` as ``null``: to them a penalised card is only a
    card that changed (WID-R11, WID-R13)."""
    gone = f"Element {event['seq']} has gone: a new card is in play."
    penalty = event.get("penalty")
    if penalty is None:
        return gone
    if penalty["id"] is not None:  # WID-R15
        return (f"c{penalty['id']} is improper by the players' flags: Element {event['seq']} goes in front of "
                f"{seat_name(penalty['seat'])} as a penalty. A new card is in play.")
    why = f" ({penalty['word']}: {str(penalty['reason']).replace('_', ' ')})"
    return (f"{seat_name(penalty['seat'])}'s clue was improper{why}: Element {event['seq']} goes in front of them "
            "as a penalty. A new card is in play.")


def unmask_sentence(event: Mapping[str, Any]) -> str:
    """``The Dreamer takes off the mask. Right: dog. Wrong: cat (said hat), moon (passed). Penalties: sun (B). …``"""
    cards = event["cards"]
    right = [card["element"] for card in cards if card["side"] == "yellow"]
    wrong = [f"{card['element']} ({'said ' + card['guess'] if card['guess'] else 'passed'})"
             for card in cards if card["side"] == "blue"]
    penalties = [f"{card['element']} ({seat_name(card['owner'])})" for card in cards if card["side"] == "penalty"]
    parts = [f"Right: {', '.join(right) or 'none'}."]
    if wrong:
        parts.append(f"Wrong: {', '.join(wrong)}.")
    if penalties:
        parts.append(f"Penalties: {', '.join(penalties)}.")
    return f"The Dreamer takes off the mask. {' '.join(parts)} The clue-givers review the night."


def guess_sentence(event: Mapping[str, Any]) -> str:
    """``The Dreamer guesses dog: right.``; the Dreamer reads no verdict."""
    verdict = event["verdict"]
    return f"The Dreamer guesses {event['guess']}{'' if verdict is None else ': ' + verdict}."


def night_end_sentence(event: Mapping[str, Any]) -> str:
    """``The night ends: the last answer is in. The Dreamer recounts the dream.``"""
    return f"The night ends: {_NIGHT_ENDS_BECAUSE[event['reason']]}. The Dreamer recounts the dream."


_VOTE_WORDS = {
    ("side", "yellow"): "votes that card {card} belongs on Yellow",
    ("side", "blue"): "votes that card {card} belongs on Blue",
    ("mention", "yes"): "votes that the dream named card {card}",
    ("mention", "no"): "votes that the dream did not name card {card}",
    ("penalty", "keep"): "votes to keep the penalty on card {card}",
    ("penalty", "cancel"): "votes to cancel the penalty on card {card}",
}
"""What a review ballot says, by what it is about and its choice (a player's words, not the notation)."""


def vote_sentence(event: Mapping[str, Any]) -> str:
    """``C votes that card 2 belongs on Yellow.``"""
    words = _VOTE_WORDS[(event["vote"], event["choice"])].format(card=event["card"])
    return f"{seat_name(event['actor'])} {words}."


def day_sentence(event: Mapping[str, Any]) -> str:
    """``Day 1: 3 Yellow, 2 Blue, the Dreamer named every Yellow Element (+2). Roles: B Fairy, …. Points: A +5, ….``"""
    roles, gains, dreamer = event["roles"], event["gains"], event["dreamer"]
    players = len(gains)
    givers = [(dreamer + 1 + k) % players for k in range(players - 1)]  # from the Dreamer's left
    bonus = ", the Dreamer named every Yellow Element (+2)" if event["bonus"] else ""
    named = ", ".join(f"{seat_name(seat)} {roles[seat]}" for seat in givers)
    points = ", ".join(f"{seat_name(seat)} +{gain}" for seat, gain in enumerate(gains))
    return f"Day {event['round']}: {event['yellow']} Yellow, {event['blue']} Blue{bonus}. Roles: {named}. Points: {points}."


SENTENCES: Mapping[str, Sentence] = {
    ROUND: "Round {round}: {dreamer:seat} is the Dreamer and puts on the sleep mask.",
    REVEAL: reveal_sentence,
    TYPING_EVENT: "{actor:seat} is typing…",
    CLUE_EVENT: "{actor:seat} says: {word} (c{id}).",
    CLUE_PASS_EVENT: "{actor:seat} passes.",
    CLUE_REJECTED: clue_rejected_sentence,
    TIME_UP: "{seat:seat}'s time ran out: the turn passes.",
    FLAG_EVENT: "{actor:seat} flags c{id}.",
    GUESS_EVENT: guess_sentence,
    DREAM_PASS_EVENT: "The Dreamer passes this card.",
    CARD_GONE: card_gone_sentence,
    NIGHT_OVER: "The night is over: the Dreamer may give one last answer.",
    NIGHT_END: night_end_sentence,
    RECOUNT_EVENT: "The Dreamer recounts: “{dream}”.",
    UNMASK: unmask_sentence,
    VOTE: vote_sentence,
    DONE_EVENT: "{actor:seat} has finished reviewing.",
    DAY: day_sentence,
    GAME_OVER: "Everyone has been the Dreamer: the game is over.",
}
"""One sentence per event kind (``WhenIDream.sentences``)."""
