"""Dream Cycle's events and questions as messages: the catalogue key that words each one and the parts
a template cannot say by itself (core/words.py), worked out once here for the page and the terminal.

A place is named as a player finds it on the board, never by its coordinates (``where.square``,
``where.fringe.<side>``); a side of a trade is its tiles, chi and Inspiration tiles named one by one
(``tile.N``, ``bundle.chi``, ``insp.zip``), or ``bundle.nothing``; a forced payment says what it was
for (``for.<reason>``). Everything is read from the event or the question as the seat sees it: a brake
plan, the tiles kept or an Inspiration tile drawn are worded only for the seat the event shows them to.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.words import Message
from .components import DIRECTIONAL_CODES, INSPIRATION_CODES

ENDINGS = frozenset(("awake", "last-standing", "round-limit", "all-out"))
"""The reasons a game ends that have a sentence of their own (``event.game-over.<reason>``)."""

PLACED = frozenset(("choose", "pause", "conflict", "conflict-fringe", "blocked-way", "blocked-way-zip", "blocked-zip",
                    "blocked-stop", "watch-conflict", "watch-conflict-fringe"))
"""The questions asked at a place (their fields hold it, flattened): their templates name it as ``{where}``."""

SENTENCE_FIELDS: Mapping[str, tuple[str, ...]] = {
    "rows-removed": ("rows",),
    "plan": ("plan",),
    "keep": ("tiles",),
    "offer": ("give", "take"),
    "accept": ("give", "take"),
    "ride": ("spaces", "where"),
    "conflict": ("where",),
    "push": ("where",),
    "brake": ("where",),
    "zip": ("where",),
    "cancel": ("reason",),
    "pay": ("reason",),
    "out": ("reason",),
}
"""The fields :func:`message` works out, per event kind (``DreamCycle.sentence_fields``)."""


def where(spot: Mapping[str, Any]) -> Message:
    """A place in words: a square by its colour, row, line and place from the west; a fringe space by
    the side of the row it borders (a spot, ``CycleState.spot``)."""
    if spot["square"] != "fringe":
        return {"key": "where.square", "fields": {name: spot[name] for name in ("square", "row", "line", "column")}}
    side = spot["side"]
    beside = spot["row"] + {"S": 1, "N": -1}.get(side, 0)  # the row the fringe space borders
    return {"key": f"where.fringe.{side}", "fields": {"beside": beside, "line": spot["line"], "column": spot["column"]}}


def bundle(side: Mapping[str, Any]) -> Message:
    """A side of a trade (``{"tiles", "chi", "inspiration"}``) in words: ``North, North, 2 chi and Zip``."""
    items: list[Message] = [{"key": f"tile.{code}"} for code in side["tiles"]]
    if side["chi"]:
        items.append({"key": "bundle.chi", "fields": {"chi": side["chi"]}})
    items += [{"key": f"insp.{code}"} for code in side["inspiration"]]
    return {"list": items} if items else {"key": "bundle.nothing"}


def offer_side(text: str) -> Message:
    """The same of a side written in the notation (``N N 2c zip``, ``-``), as questions carry it."""
    side: dict[str, Any] = {"tiles": [], "chi": 0, "inspiration": []}
    for item in text.split():
        if item in DIRECTIONAL_CODES:
            side["tiles"].append(item)
        elif item in INSPIRATION_CODES:
            side["inspiration"].append(item)
        elif item.endswith("c") and item[:-1].isdigit():
            side["chi"] = int(item[:-1])
    return bundle(side)


def plan(brake_plan: Mapping[str, Any]) -> Message:
    """A brake plan (``plan_json``) in words."""
    kind = brake_plan["kind"]
    if kind == "on":
        return {"key": "plan.on", "fields": {"squares": {"list": [{"key": f"square.{code}"} for code in brake_plan["squares"]]}}}
    return {"key": f"plan.{kind}", "fields": {name: value for name, value in brake_plan.items() if name != "kind"}}


def kept(tiles: list[str]) -> Message:
    """The Inspiration tiles a player spends last, in words; the note's order when none."""
    return {"list": [{"key": f"insp.{code}"} for code in tiles]} if tiles else {"key": "keep.none"}


def reason(event: Mapping[str, Any]) -> Message:
    """What a forced payment was for: a Psychic Drain, B's toll, …"""
    if event["reason"] == "toll":
        return {"key": "for.toll-anyone"} if event["to"] is None else {"key": "for.toll", "fields": {"to": event["to"]}}
    return {"key": f"for.{event['reason']}"}


def message(event: Mapping[str, Any]) -> Message:
    """The message of an event as a seat sees it (``DreamCycle.message``)."""
    kind = event["kind"]
    key = f"event.{kind}"
    fields: dict[str, Any] = {}
    if kind == "rows-removed":
        fields["rows"] = {"list": list(event["rows"])}
    elif kind == "plan" and event["plan"] is not None:
        key, fields["plan"] = "event.plan.own", plan(event["plan"])
    elif kind == "keep" and event["tiles"] is not None:
        key, fields["tiles"] = "event.keep.own", kept(event["tiles"])
    elif kind == "draw" and event["tile"] is not None:
        key = "event.draw.own"
    elif kind in ("offer", "accept"):
        fields = {"give": bundle(event["give"]), "take": bundle(event["take"])}
    elif kind == "ride":
        key = "event.ride.off" if event["how"] == "doldrum" else "event.ride.plain" if event["colour"] is None else key
        fields = {"spaces": {"key": "spaces", "fields": {"spaces": event["spaces"]}}, "where": where(event["destination"])}
    elif kind in ("push", "zip"):
        key = "event.push.several" if kind == "push" and len(event["pushed"]) > 1 else key
        fields["where"] = where(event["destination"])
    elif kind in ("conflict", "brake"):
        fields["where"] = where(event["at"])
    elif kind in ("cancel", "pay", "out"):
        fields["reason"] = reason(event)
    elif kind == "game-over" and event["reason"] in ENDINGS:
        key = f"event.game-over.{event['reason']}"
    return {"key": key, "fields": fields} if fields else {"key": key}


def prompt_message(ask: Mapping[str, Any]) -> Message:
    """The message of a question (``DreamCycle.prompt_message``)."""
    kind = ask["kind"]
    if kind == "start":
        return {"key": "prompt.start", "fields": {"free": {"list": list(ask["free"])}}}
    if kind == "offer":
        return {"key": "prompt.offer", "fields": _offer(ask)["fields"]}
    if kind == "offers":
        return {"key": "prompt.offers", "fields": {"offers": {"list": [_offer(offer) for offer in ask["offers"]]}}}
    if kind in PLACED:
        return {"key": f"prompt.{kind}", "fields": {"where": where(ask)}}
    return {"key": f"prompt.{kind}"}


def _offer(offer: Mapping[str, Any]) -> Message:
    """One offer made to the seat asked: ``B offers you North for 2 chi``."""
    return {"key": "prompt.offers.each",
            "fields": {"from": offer["from"], "give": offer_side(offer["give"]), "take": offer_side(offer["take"])}}
