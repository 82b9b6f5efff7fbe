"""What Dream Cycle asks a seat, as a kind and its fields (``State.ask``). Its words are ``prompt.KIND``
of the catalogues (``web/i18n/LANG.json`` in this package), chosen by :mod:`.wording`, for the
terminal and the page alike.

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

from .board import Geometry, is_doldrum
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


__all__ = ["PROMPT_FIELDS", "ask"]
