"""The events of Deep Dreams: one kind per thing that can happen, and the sentence of each.

The rules (:mod:`.rules`) build an event as its kind, the acting seat and a few typed fields —
seats as ints, cards as their codes (``"DD17"``), icon effects as their codes (``"dream_moon"``),
numbers as numbers — with hidden cards wrapped in a ``Secret`` whose ``shown_as`` is ``None``
(or a count). No words are written there: :data:`SENTENCES` turns the fields a seat may know
into the words of the log only when a log is read. A card's code is notation (``play DD17 right``),
not a word: a sentence names the card by its colours top to bottom (:func:`card_name`). The page
and the terminal word an event in the reader's language from its message (:mod:`.wording`), whose
catalogue templates read the cards' names as the fields :data:`SENTENCE_FIELDS` (``name``, ``names``).

=====================  ======  ===================================================================
kind                   actor   fields
=====================  ======  ===================================================================
``deal``               —       ``first`` (seat): five cards each are dealt
``reshuffle``          —       ``cards`` (the new deck's size)
``draw``               seat    ``card`` (code; ``null`` for the others)
``bonus-draw``         seat    ``card`` (code; ``null`` for the others) — DD-R7
``no-draw``            seat    —
``start-row``          seat    ``card``
``play``               seat    ``card``, ``end`` (``left``/``right``), ``levels`` (connected)
``peek``               seat    ``count``, ``cards`` (codes, top first; ``null`` for the others)
``lapse``              seat    ``effect``
``decline``            seat    ``effect``
``keep``               seat    ``card`` (``null`` for the others), ``rest`` (codes put back, top
                               first; ``null`` for the others), ``returned`` (how many)
``moon``               seat    ``card``, ``position`` (1 = leftmost)
``deep-sleep``         seat    —
``extra-turn``         seat    —
``steal``              seat    ``victim`` (seat), ``card`` (code for thief and victim, else ``null``)
``eliminate``          seat    ``target`` (seat), ``end`` (``left``/``right``), ``cards`` (the stack)
``pass``               seat    —
``game-over``          —       ``reason`` (``row-length``/``stuck``), ``winners`` (seats), ``points``
=====================  ======  ===================================================================
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.seats import seat_list, seat_name
from ...core.sentences import Sentence, plural
from .cards import CARD_INDEX, COLOURS, DECK, ICON_NAMES, ICONS

DEAL = "deal"
RESHUFFLE = "reshuffle"
DRAW = "draw"
BONUS_DRAW = "bonus-draw"
NO_DRAW = "no-draw"
START_ROW = "start-row"
PLAY = "play"
PEEK = "peek"
LAPSE = "lapse"
DECLINE = "decline"
KEEP = "keep"
MOON = "moon"
DEEP_SLEEP = "deep-sleep"
EXTRA_TURN = "extra-turn"
STEAL = "steal"
ELIMINATE = "eliminate"
PASS = "pass"
GAME_OVER = "game-over"

EVENT_KINDS = frozenset({
    DEAL, RESHUFFLE, DRAW, BONUS_DRAW, NO_DRAW, START_ROW, PLAY, PEEK, LAPSE, DECLINE, KEEP, MOON,
    DEEP_SLEEP, EXTRA_TURN, STEAL, ELIMINATE, PASS, GAME_OVER,
})
"""Every kind the rules can emit; the tests check that each has a sentence."""

EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    DEAL: ("first",),
    RESHUFFLE: ("cards",),
    DRAW: ("card",),
    BONUS_DRAW: ("card",),
    NO_DRAW: (),
    START_ROW: ("card",),
    PLAY: ("card", "end", "levels"),
    PEEK: ("cards", "count"),
    LAPSE: ("effect",),
    DECLINE: ("effect",),
    KEEP: ("card", "rest", "returned"),
    MOON: ("card", "position"),
    DEEP_SLEEP: (),
    EXTRA_TURN: (),
    STEAL: ("card", "victim"),
    ELIMINATE: ("cards", "end", "target"),
    PASS: (),
    GAME_OVER: ("points", "reason", "winners"),
}
"""The fields of each event kind beside ``kind`` and ``actor`` (the table above): the view's schema refuses
any other, so a field added by mistake (another seat's hand) cannot pass the kit's checks."""

EVENT_RULES: Mapping[str, tuple[str, ...]] = {
    DEAL: ("DD-R1", "DD-R3"),
    RESHUFFLE: ("DD-R17",),
    DRAW: ("DD-R4",),
    BONUS_DRAW: ("DD-R6", "DD-R7"),
    NO_DRAW: ("DD-R17",),
    START_ROW: ("DD-R4", "DD-R5"),
    PLAY: ("DD-R4", "DD-R5", "DD-R6"),
    PEEK: ("DD-R8", "DD-R11"),
    LAPSE: ("DD-R8", "DD-R15"),
    DECLINE: ("DD-R8", "DD-R9"),
    KEEP: ("DD-R11",),
    MOON: ("DD-R8", "DD-R10"),
    DEEP_SLEEP: ("DD-R8", "DD-R12"),
    EXTRA_TURN: ("DD-R12", "DD-R26"),
    STEAL: ("DD-R8", "DD-R13", "DD-R15"),
    ELIMINATE: ("DD-R8", "DD-R14", "DD-R15"),
    PASS: ("DD-R17",),
    GAME_OVER: ("DD-R18", "DD-R19", "DD-R20", "DD-R21", "DD-R22", "DD-R23"),
    f"{GAME_OVER}:reason=row-length": ("DD-R16",),
    f"{GAME_OVER}:reason=stuck": ("DD-R17",),
}
"""The rule IDs (docs/rules/deep-dreams.md) an event shows applied, by kind and by ``kind:field=value``
(core/rule_coverage.py): every game over scores the rows (DD-R18 to R23)."""

SENTENCE_FIELDS: Mapping[str, tuple[str, ...]] = {
    DRAW: ("name",), BONUS_DRAW: ("name",), START_ROW: ("name",), PLAY: ("name",), MOON: ("name",),
    STEAL: ("name",), KEEP: ("name", "names"), PEEK: ("names",), ELIMINATE: ("names",),
}
"""The fields the messages (:mod:`.wording`) work out for the catalogue's templates: ``name``, the
event's ``card`` as a player says it; ``names``, its list of cards (``cards``, or the ``rest`` a keep
put back) said so."""

LEFT, RIGHT = "left", "right"
"""The ends of a row, as events and the view name them."""

EFFECT_NAMES = dict(zip(ICONS, ICON_NAMES))
"""An icon effect's code → its name on the card (``dream_moon`` → ``Dream Moon``)."""

ENDING_WHY = {
    "row-length": "a row reached its full length and the round is over",
    "stuck": "a full round of passes",
}


def card_name(card: str) -> str:
    """A card as a player says it: its colours top to bottom, ``the pink/green/green card``.

    No two cards of the deck show the same three colours (the tests check it), so the colours name
    one card; its code (``DD21``) is notation, never words a player reads.
    """
    colours = DECK[CARD_INDEX[card]].colours
    return f"the {'/'.join(COLOURS[colour] for colour in colours)} card"


def card_names(cards: Sequence[str]) -> str:
    """Several cards by name: ``the X card``, ``the X card and the Y card``, ``the X card, the Y card and …``."""
    names = [card_name(card) for card in cards]
    if len(names) < 2:
        return "".join(names) or "nothing"
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _card(card: str | None) -> str:
    """A card as a seat knows it: its name, or ``a card`` when it is hidden from the seat."""
    return "a card" if card is None else card_name(card)


def _effect(event: Mapping[str, Any]) -> str:
    return EFFECT_NAMES[event["effect"]]


def _play(event: Mapping[str, Any]) -> str:
    levels = event["levels"]
    return (f"{seat_name(event['actor'])} played {card_name(event['card'])} at the {event['end']} end, "
            f"connecting {levels} level{'s' if levels > 1 else ''}.")


def _peek(event: Mapping[str, Any]) -> str:
    cards = event["cards"]
    count = event["count"]
    seen = card_names(cards) if cards is not None else ("the top card" if count == 1 else f"the top {count} cards")
    return f"{seat_name(event['actor'])} uses Predictions and looks at {seen}."


def _keep(event: Mapping[str, Any]) -> str:
    who = seat_name(event["actor"])
    if event["card"] is None:
        return f"{who} kept one card and put {event['returned']} back on top."
    return f"{who} kept {card_name(event['card'])} and put {card_names(event['rest'])} back on top."


def _eliminate(event: Mapping[str, Any]) -> str:
    side = "leftmost" if event["end"] == LEFT else "rightmost"
    return (f"{seat_name(event['actor'])} eliminated {seat_name(event['target'])}'s {side} card "
            f"({card_names(event['cards'])}).")


def _game_over(event: Mapping[str, Any]) -> str:
    return (f"Game over ({ENDING_WHY[event['reason']]}): {seat_list(event['winners'])} won with "
            f"{plural(event['points'], 'point')}.")


SENTENCES: dict[str, Sentence] = {
    DEAL: "Five cards each are dealt; {first:seat} is the First Player.",
    RESHUFFLE: lambda e: f"The discard pile is shuffled into a new deck of {plural(e['cards'], 'card')}.",
    DRAW: lambda e: f"{seat_name(e['actor'])} drew {_card(e['card'])}.",
    BONUS_DRAW: lambda e: f"{seat_name(e['actor'])} connected two levels and drew {_card(e['card'])}.",
    NO_DRAW: "{actor:seat} could not draw: no cards are left.",
    START_ROW: lambda e: f"{seat_name(e['actor'])} started their row with {card_name(e['card'])}.",
    PLAY: _play,
    PEEK: _peek,
    LAPSE: lambda e: f"{_effect(e)} fires for {seat_name(e['actor'])} but has no target, so it lapses.",
    DECLINE: lambda e: f"{seat_name(e['actor'])} declined {_effect(e)}.",
    KEEP: _keep,
    MOON: lambda e: f"{seat_name(e['actor'])} laid {card_name(e['card'])} by Dream Moon on position {e['position']}.",
    DEEP_SLEEP: "{actor:seat} sleeps deeply and will take an extra turn.",
    EXTRA_TURN: "{actor:seat} takes an extra turn.",
    STEAL: lambda e: f"{seat_name(e['actor'])} stole {_card(e['card'])} from {seat_name(e['victim'])}.",
    ELIMINATE: _eliminate,
    PASS: "{actor:seat} can neither play nor draw, and passes.",
    GAME_OVER: _game_over,
}
"""The sentence of every event kind, written when a log is read (see :mod:`dreamtable.core.sentences`)."""
