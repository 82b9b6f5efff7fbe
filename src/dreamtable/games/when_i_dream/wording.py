"""Which words put a When I Dream event or question: the catalogue key and the fields it works out.

Read from the event as the seat sees it (never the state), so what is hidden from the Dreamer stays
hidden: a ``null`` Element, verdict, rejected word or penalty picks the variant that says less.
The page and the terminal fill the message from the catalogues (``web/i18n/<lang>.json``).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.words import Message
from .events import CARD_GONE, CLUE_REJECTED, DAY, GUESS_EVENT, REVEAL, UNMASK, VOTE
from .prompts import CLUE_ASK, GUESS_ASK


def message(event: Mapping[str, Any]) -> Message:
    """``event.<kind>`` or its variant for what the seat may know, with the names and lists it needs."""
    kind = event["kind"]
    if kind == REVEAL and event["element"] is None:
        return {"key": "event.reveal.hidden"}
    if kind == CLUE_REJECTED and event["word"] is None:
        return {"key": "event.clue-rejected.hidden"}
    if kind == GUESS_EVENT and event["verdict"] is None:
        return {"key": "event.guess.hidden"}
    if kind == CARD_GONE and event["penalty"] is not None:
        return _penalty(event["penalty"])
    if kind == UNMASK:
        return _unmask(event["cards"])
    if kind == VOTE:
        return {"key": f"event.vote.{event['vote']}.{event['choice']}"}
    if kind == DAY:
        return _day(event)
    return {"key": f"event.{kind}"}


def _penalty(penalty: Mapping[str, Any]) -> Message:
    """A card that went in front of a clue-giver: flagged by the players (WID-R15) or caught by the judge (WID-R28)."""
    fields = {name: penalty[name] for name in ("id", "seat", "reason", "word")}
    return {"key": "event.card-gone.flagged" if penalty["id"] is not None else "event.card-gone.judged", "fields": fields}


def _unmask(cards: list[Mapping[str, Any]]) -> Message:
    """The night's cards by side: the Elements right (or "none"), then the wrong ones and the penalties if any,
    each a whole sentence of its own in the catalogue."""
    right = [card["element"] for card in cards if card["side"] == "yellow"]
    wrong: list[Message] = [
        {"key": "unmask.said" if card["guess"] else "unmask.passed", "fields": {"element": card["element"], "guess": card["guess"]}}
        for card in cards if card["side"] == "blue"]
    penalties: list[Message] = [{"key": "unmask.owner", "fields": {"element": card["element"], "owner": card["owner"]}}
                                for card in cards if card["side"] == "penalty"]
    fields: dict[str, Any] = {"right": {"list": right} if right else {"key": "unmask.none"}}
    key = "event.unmask"
    if wrong:
        key, fields["wrong"] = f"{key}.wrong", {"list": wrong}
    if penalties:
        key, fields["penalties"] = f"{key}.penalties", {"list": penalties}
    return {"key": key, "fields": fields}


def _day(event: Mapping[str, Any]) -> Message:
    """The day's summary: the bonus if earned, the clue-givers' roles from the Dreamer's left, every seat's gain."""
    roles, gains, dreamer = event["roles"], event["gains"], event["dreamer"]
    players = len(gains)
    givers = [(dreamer + 1 + k) % players for k in range(players - 1)]
    return {"key": "event.day", "fields": {
        "bonus": {"key": "day.bonus"} if event["bonus"] else "",
        "roles": {"list": [{"key": "day.role", "fields": {"seat": seat, "role": roles[seat]}} for seat in givers]},
        "points": {"list": [{"key": "day.gain", "fields": {"seat": seat, "gain": gain}} for seat, gain in enumerate(gains)]},
    }}


def prompt_message(ask: Mapping[str, Any]) -> Message:
    """``prompt.<kind>``; the guess and the clue of a game dealt in Italian are ``prompt.<kind>.in-it``
    (WID-R25): an English reader is told the words are Italian ("Element 3: type your guess (in Italian),
    or pass."), an Italian reader needs no telling."""
    kind, language = ask["kind"], ask.get("language", "en")
    if kind in (GUESS_ASK, CLUE_ASK) and language != "en":
        return {"key": f"prompt.{kind}.in-{language}"}
    return {"key": f"prompt.{kind}"}
