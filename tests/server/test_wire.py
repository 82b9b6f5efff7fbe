"""The JSON text the server sends (server/wire.py): the same values the standard library would write."""

from __future__ import annotations

import json

from dreamtable.server import wire


def test_a_message_reads_back_as_the_standard_library_would_write_it() -> None:
    message = {"type": "update", "seq": 3, "view": {"board": [[1, None], ["è", 0.5]], "ok": True},
               "events": [{"kind": "play", "actor": 0, "text": "A plays «lune»"}], "bots": [1]}
    assert json.loads(wire.dumps(message)) == json.loads(json.dumps(message))


def test_numbered_keys_and_integers_beyond_64_bits_are_written_as_the_standard_library_writes_them() -> None:
    message = {1: "seat one", "seed": 2**70, "pair": (1, 2)}
    assert json.loads(wire.dumps(message)) == {"1": "seat one", "seed": 2**70, "pair": [1, 2]}


def test_a_value_json_cannot_write_is_refused_as_the_standard_library_refuses_it() -> None:
    try:
        wire.dumps({"cards": {1, 2}})
    except TypeError:
        return
    raise AssertionError("a set was written as JSON")
