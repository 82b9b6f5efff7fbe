"""What Dream Cycle asks a seat, as a kind and its fields (``State.ask``), and the English words of
each kind (``DreamCycle.prompts``). A browser words the same ``ask`` from its own catalogue
(``web/i18n/LANG.json`` in this package, keys ``prompt.KIND``).

Fields are plain values: seats as ints, field colours and square codes as codes, a place on the
Dreamscape flattened as ``x``, ``y``, ``row``, ``square`` (a square code, or ``fringe``), ``line``,
``column`` and ``side`` (see ``CycleState.spot``), an
offer's sides in the notation (``N N 2c zip``). The mover's own questions name what it may do with
what it holds; everyone else is told only what all may know (DC-R43): a choice of ways, a pause and
a Block's question read to them as ``watch-deciding``.

==========================  ===========================================================
kind                        fields
==========================  ===========================================================
``start``                   ``free``: the free starting spaces (1–9)
``buying``                  — (your Buying Phase)
``aim``                     — (your token faces away from the Dreamscape)
``sand-out``                — (the sand timer ran out: aim, plan, keep, cash, end)
``choose``                  ``mover``, ``colour`` (the field read), a place: which way?
``pause``                   ``mover``, a place: ride on, or brake?
``conflict``                ``decider``, a place (``conflict-fringe``: ``x``, ``y`` only)
``blocked-way``             ``mover``, a place: which other way?
``blocked-way-zip``         ``mover``, a place: another way, or a Zip?
``blocked-zip``             ``mover``, a place: a Zip, or stop?
``blocked-stop``            ``mover``, a place: no other way and no Zip: stop
``reinterpret``             ``mover``: rearrange the tiles, then ``done``
``offer``                   ``from``, ``give``, ``take``: one offer to answer
``offers``                  ``from`` (seats), ``offers`` (``from``, ``give``, ``take`` each)
``watch-buying``            ``turn``: another's Buying Phase; you may act meanwhile
``watch-deciding``          ``mover``: another's question you may not see; you may act
``watch-conflict``          as ``conflict`` (and ``watch-conflict-fringe``); you may act
``watch-reinterpret``       ``mover``; you may act meanwhile
==========================  ===========================================================
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from ...core.contract import seat_name
from ...core.sentences import Sentence
from .board import Geometry, is_doldrum
from .events import FIELD_NAME, offer_side_in_words, spot_words
from .movement import Board, Movement
from .notation import Bundle, bundle_text


class Asking(Board, Protocol):
    """What the questions read of the state (``rules.CycleState``; this module does not import it)."""

    phase: str
    turn: int
    geo: Geometry
    movement: Movement | None
    buying_closed: bool
    offers: dict[tuple[int, int], tuple[Bundle, Bundle]]

    def facing_is_legal(self, seat: int, facing: int) -> bool: ...

MEANWHILE = " Meanwhile you may reposition your tiles, trade or turn in Inspiration tiles."
PRIVATE = frozenset({"choose", "pause", "blocked-way", "blocked-way-zip", "blocked-zip", "blocked-stop"})
"""The kinds of question only the mover is told (the others read ``watch-deciding``, DC-R43)."""


def ask(state: Asking, seat: int) -> dict[str, Any]:
    """What the game asks ``seat`` (an actor) now."""
    if state.phase == "start":
        return {"kind": "start", "free": [i + 1 for i, p in enumerate(state.geo.start_spaces()) if p not in state.pos]}
    movement = state.movement
    if movement is not None and movement.question is not None:
        question = movement.ask(state)
        if seat == movement.waiting_on:
            return question
        if question["kind"] in PRIVATE:
            watching: dict[str, Any] = {"kind": "watch-deciding", "mover": movement.mover}
        else:
            watching = {**question, "kind": "watch-" + question["kind"]}
    elif seat == state.turn:
        if is_doldrum(state.kinds[state.pos[seat]]) and not state.facing_is_legal(seat, state.facing[seat]):
            return {"kind": "aim"}
        return {"kind": "sand-out" if state.buying_closed else "buying"}
    else:
        watching = {"kind": "watch-buying", "turn": state.turn}
    givers = [giver for giver, taker in state.offers if taker == seat]
    if len(givers) == 1:
        give, take = state.offers[(givers[0], seat)]
        return {"kind": "offer", "from": givers[0], "give": bundle_text(give), "take": bundle_text(take)}
    if givers:
        return {"kind": "offers", "from": givers, "offers": [
            {"from": g, "give": bundle_text(state.offers[(g, seat)][0]), "take": bundle_text(state.offers[(g, seat)][1])}
            for g in givers]}
    return watching


def _seat(fields: Mapping[str, Any], name: str) -> str:
    return seat_name(fields[name])


def _choose(f: Mapping[str, Any]) -> str:
    return f"{_seat(f, 'mover')}'s bicycle leaves {FIELD_NAME[f['colour']]} at {spot_words(f)}: which way?"


def _pause(f: Mapping[str, Any]) -> str:
    return f"{_seat(f, 'mover')}'s bicycle has arrived at {spot_words(f)}: ride on, or brake here?"


def _conflict(f: Mapping[str, Any]) -> str:
    return f"{_seat(f, 'decider')} holds the most Power and decides the conflict at {spot_words(f)}."


def _blocked(tail: str) -> Sentence:
    return lambda f: f"{_seat(f, 'mover')} is blocked at {spot_words(f)}: {tail}"


def _reinterpret(f: Mapping[str, Any]) -> str:
    return f"{_seat(f, 'mover')} rearranges the Directional tiles before riding on."


def _offer_words(offer: Mapping[str, Any]) -> str:
    give, take = offer_side_in_words(offer["give"]), offer_side_in_words(offer["take"])
    return f"{seat_name(offer['from'])} offers you {give} for {take}"


def _offers(f: Mapping[str, Any]) -> str:
    offers = f["offers"] if "offers" in f else [f]
    return f"{'; '.join(_offer_words(o) for o in offers)}: accept or decline{' each' if len(offers) > 1 else ''}."


def _meanwhile(sentence: Any) -> Sentence:
    return lambda f: sentence(f) + MEANWHILE


def _start(f: Mapping[str, Any]) -> str:
    return f"Choose your starting space south of row 1 (free: {', '.join(str(space) for space in f['free'])})."


PROMPTS: Mapping[str, Sentence] = {
    "start": _start,
    "buying": "Your Buying Phase: buy, sell, place and boost tiles, set a brake plan, trade, then end the phase to ride.",
    "aim": "Your bicycle faces away from the Dreamscape: aim it, then end the phase to ride.",
    "sand-out": ("The sand timer has run out: you may still aim, set a brake plan, choose the Inspiration tiles to "
                 "spend last or turn some in, then end the phase to ride."),
    "choose": _choose,
    "pause": _pause,
    "conflict": _conflict,
    "conflict-fringe": _conflict,
    "blocked-way": _blocked("which other way?"),
    "blocked-way-zip": _blocked("another way, or a Zip?"),
    "blocked-zip": _blocked("a Zip, or stop here?"),
    "blocked-stop": _blocked("no other way, and no Zip to go on with: stop here."),
    "reinterpret": _reinterpret,
    "offer": _offers,
    "offers": _offers,
    "watch-buying": _meanwhile(lambda f: f"It is {_seat(f, 'turn')}'s Buying Phase."),
    "watch-deciding": _meanwhile(lambda f: f"{_seat(f, 'mover')} is deciding how to go on."),
    "watch-conflict": _meanwhile(_conflict),
    "watch-conflict-fringe": _meanwhile(_conflict),
    "watch-reinterpret": _meanwhile(_reinterpret),
}

PROMPT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "start": ("free",),
    "buying": (),
    "watch-buying": ("turn",),
    "pause": ("mover", "row", "square", "x", "y", "line", "column", "side"),
    "watch-deciding": ("mover",),
    "offer": ("from", "give", "take"),
    "choose": ("colour", "mover", "row", "square", "x", "y", "line", "column", "side"),
    "aim": (),
    "sand-out": (),
    "offers": ("from", "offers"),
    "blocked-stop": ("mover", "x", "y", "row", "square", "line", "column", "side"),
    "blocked-way": ("mover", "x", "y", "row", "square", "line", "column", "side"),
    "blocked-way-zip": ("mover", "x", "y", "row", "square", "line", "column", "side"),
    "blocked-zip": ("mover", "x", "y", "row", "square", "line", "column", "side"),
    "conflict": ("decider", "x", "y", "row", "square", "line", "column", "side"),
    "conflict-fringe": ("decider", "x", "y", "row", "square", "line", "column", "side"),
    "reinterpret": ("mover",),
    "watch-conflict": ("decider", "x", "y", "row", "square", "line", "column", "side"),
    "watch-conflict-fringe": ("decider", "x", "y", "row", "square", "line", "column", "side"),
    "watch-reinterpret": ("mover",),
}
"""The fields of each kind of question beside ``kind`` (the table above): the view's schema refuses any
other, so a field added by mistake cannot pass the kit's checks."""
"""The English words of each kind (``DreamCycle.prompts``), exactly as the game always said them."""


__all__ = ["PROMPTS", "ask"]
