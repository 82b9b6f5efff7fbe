"""The JSON text of what the server sends: every update, view and chat line goes through :func:`dumps`.

An update is serialised once per audience on every change, so its encoding is on every move's path;
orjson writes one in a fraction of the standard library's time. What orjson refuses and the
standard library takes (an integer beyond 64 bits) is written by the standard library instead, so
a message never fails for the faster encoder's sake. Incoming messages are still read with ``json``:
its errors and limits are the ones the protocol documents (sockets.py).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # like json.dumps, a key that is a number is written as text


def dumps(message: Any) -> str:
    """``message`` as compact JSON text."""
    try:
        return orjson.dumps(message, option=_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError: e.g. an integer wider than 64 bits
        return json.dumps(message, separators=(",", ":"))
