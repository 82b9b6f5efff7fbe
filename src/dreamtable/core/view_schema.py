"""The envelope schema of one game: the shared envelope with its events and its ``ask`` closed per kind.

``view_envelope.schema.json`` is the one envelope every game shares. An event or a question carries
fields of its own kind, so the file leaves both open; here each is closed by what the game declares
(``Game.event_fields``, ``Game.prompt_fields`` and the common questions): a kind it does not
declare, a declared field missing, or any key beyond the declared ones (another seat's hand added
to an event by mistake) is refused, where an open object would let such a leak through the kit.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .contract import COMMON_PROMPT_FIELDS, Game

ENVELOPE_FILE = Path(__file__).with_name("view_envelope.schema.json")

EVENT_KEYS = ("kind", "actor", "text")
"""What every event carries beside its own fields (``State.log``)."""
ASK_KEYS = ("kind",)


@lru_cache(maxsize=1)
def shared_envelope() -> dict[str, Any]:
    """The envelope every game shares, as the file gives it (events and ask still open)."""
    schema: dict[str, Any] = json.loads(ENVELOPE_FILE.read_text(encoding="utf-8"))
    return schema


def _closed(open_schema: dict[str, Any], always: tuple[str, ...], kind: str, own: tuple[str, ...]) -> dict[str, Any]:
    """``open_schema`` (an object with a ``kind``) for one kind: exactly ``always`` and ``own``, all required."""
    closed = copy.deepcopy(open_schema)
    closed["properties"] = {**{key: {} for key in own}, **closed["properties"], "kind": {"const": kind}}
    closed["required"] = [*always, *own]
    closed["additionalProperties"] = False
    return closed


def _questions(game: Game[Any]) -> Mapping[str, tuple[str, ...]]:
    """Every question the game may ask and its fields: the common ones and its own."""
    return {**COMMON_PROMPT_FIELDS, **game.prompt_fields}


def kind_schemas(game: Game[Any]) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """The envelope with the kinds of events and questions limited to ``game``'s, and one closed schema per
    event kind and per question kind: what :func:`envelope_schema` says, in parts a validator checks
    fast (one small schema per item, chosen by its kind, where the one document tries every kind)."""
    asks = _questions(game)
    envelope = copy.deepcopy(shared_envelope())
    events, ask = envelope["properties"]["events"]["items"], envelope["properties"]["ask"]
    event_kinds = {kind: _closed(events, EVENT_KEYS, kind, own) for kind, own in game.event_fields.items()}
    ask_kinds = {kind: _closed(ask, ASK_KEYS, kind, own) for kind, own in asks.items()}
    events["properties"]["kind"] = {**events["properties"]["kind"], "enum": sorted(event_kinds)}
    ask["properties"]["kind"] = {**ask["properties"]["kind"], "enum": sorted(ask_kinds)}
    return envelope, event_kinds, ask_kinds


def envelope_schema(game: Game[Any]) -> dict[str, Any]:
    """The envelope of ``game``'s views as one JSON Schema document: ``events[i]`` and ``ask`` closed per
    kind by its declarations (draft-07 ``if``/``then``), for a client or a tool outside dreamtable.
    ``ValueError`` when its declarations and its sentences or prompts name different kinds."""
    envelope, event_kinds, ask_kinds = kind_schemas(game)
    for item, kinds in ((envelope["properties"]["events"]["items"], event_kinds), (envelope["properties"]["ask"], ask_kinds)):
        item["allOf"] = [{"if": {"properties": {"kind": {"const": kind}}}, "then": closed} for kind, closed in sorted(kinds.items())]
    return envelope
