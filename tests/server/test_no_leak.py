"""No message the server sends to one seat holds a hidden item of another.

Whole games of every game are played through the WebSocket by one connection per seat and a
spectator, each choosing random legal moves from what it is sent. Afterwards the game is replayed
through the engine: every word the engine shows some other seat and never shows this seat (a card
in a hand, a role, the Element for the Dreamer, a face-down tile) is forbidden in every message
this seat's connection received: its views, events, legal moves, forms, errors and chat (field
names aside: they are the same for every seat).
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dreamtable
from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings

from .conftest import bearer

# Players, options, a preferred kind of move and a thinned kind per game: short timers so real-time
# games end in seconds, a round limit so the race ends, and Dreamwell playing a card whenever it can,
# as the kit's fuzz does, and turning a tile seldom (each listed move of the thinned kind is kept with
# THINNED_SHARE): uniform random Dreamwell games last thousands of moves, two in three of them turns of
# tiles, public moves that only made this test long (1,522 moves and about 55 s; 771 thinned).
GAMES: dict[str, tuple[int, dict[str, Any], str, str]] = {
    "sogni-e-incubi": (3, {}, "", ""),
    "deep-dreams": (3, {}, "", ""),
    "dreamwell": (2, {}, "play ", "rotate "),
    "dream-cycle": (3, {"round_limit": 3}, "", ""),
    "when-i-dream": (4, {"night_seconds": 1.5, "clue_start_seconds": 1, "clue_submit_seconds": 1,
                         "final_guess_seconds": 1, "recount_seconds": 1, "review_seconds": 1}, "", ""),
}
THINNED_SHARE = 0.05
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*|[0-9]+[A-Za-z][A-Za-z0-9_]*")


def keys(value: Any) -> set[str]:
    """The field names of a JSON value (the same for every seat: the protocol's and the view's)."""
    found: set[str] = set()
    stack = [value]  # a walk without recursion or a set per node: a long game sends millions of values
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def words(value: Any) -> set[str]:
    """The words (with at least one letter) of a JSON value: card ids, roles, Elements, tiles."""
    return set(WORD.findall(json.dumps(value)))


def engine_words(record: dict[str, Any]) -> dict[int | None, set[str]]:
    """Per seat (None: spectator), every word the engine showed it over the whole game."""
    game = dreamtable.load(record["game"])
    state = game.new(record["players"], record["seed"], **record["options"])
    seats: list[int | None] = [*range(state.players), None]
    shown: dict[int | None, set[str]] = {seat: set() for seat in seats}

    def look() -> None:
        for seat in seats:
            shown[seat] |= words(state.view(seat)) | words(state.log(seat, 20))
            if seat is not None:
                shown[seat] |= words([str(a) for a in state.legal_actions(seat)])
                shown[seat] |= words([form.to_json() for form in state.action_forms(seat)])

    look()
    for seat, move in record["moves"]:
        if seat is None:
            state.expire(move.removeprefix("expire "))
        else:
            state.apply(seat, game.parse_action(state, seat, move))
        look()
    return shown


def play_through_sockets(client: TestClient, game: str, players: int, options: dict[str, Any], prefer: str,
                         thinned: str, seed: int) -> tuple[str, dict[int | None, list[dict[str, Any]]]]:
    created = client.post("/api/tables", json={"game": game, "players": players, "seed": seed, "options": options,
                                               "seats": [{"kind": "human"}] * players}).json()
    table = created["table"]
    client.post(f"/api/tables/{table}/start", headers=bearer(created["host_token"]))
    tokens = [created["links"][chr(65 + seat)]["token"] for seat in range(players)]
    received: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in [*range(players), None]}
    rng = random.Random(seed)
    sockets = {seat: client.websocket_connect(f"/ws/tables/{table}?token={token}") for seat, token in enumerate(tokens)}
    sockets[None] = client.websocket_connect(f"/ws/tables/{table}")
    opened = {seat: socket.__enter__() for seat, socket in sockets.items()}
    latest: dict[int | None, dict[str, Any]] = {}
    asked = 0
    try:
        deadline = time.monotonic() + 90
        while not any(message["view"]["outcome"] for message in latest.values()):
            assert time.monotonic() < deadline, f"{game}: the game did not end within 90 s"
            for seat, socket in opened.items():  # everything each has been sent, up to a fresh view
                asked += 1
                socket.send_json({"type": "view", "id": asked})
                while True:
                    message = socket.receive_json()
                    received[seat].append(message)
                    if message["type"] == "update":
                        latest[seat] = message
                    if message.get("reply_to") == asked:
                        break
            movers = [seat for seat, message in latest.items() if seat is not None and message.get("legal")]
            if movers:
                seat = rng.choice(movers)
                legal = latest[seat]["legal"]
                preferred = [move for move in legal if prefer and move.startswith(prefer)] or [
                    move for move in legal if not (thinned and move.startswith(thinned)) or rng.random() < THINNED_SHARE]
                opened[seat].send_json({"type": "move", "move": rng.choice(preferred or legal),
                                        "seq": latest[seat]["seq"]})
            else:
                time.sleep(0.05)  # only the clock can move the game on
    finally:
        for socket in sockets.values():
            socket.__exit__(None, None, None)
    return table, received


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.slow
def test_no_message_to_a_seat_holds_another_seats_hidden_items(tmp_path, game):
    players, options, prefer, thinned = GAMES[game]
    with TestClient(create_app(ServerSettings(db=f"sqlite:///{tmp_path}/leak.db", bot_delay=0,
                                                    message_rate=1e6, message_burst=1e6))) as client:
        table, received = play_through_sockets(client, game, players, options, prefer, thinned, seed=11)
        record = client.get(f"/api/tables/{table}/record").json()
    shown = engine_words(record)
    assert len(record["moves"]) > players  # a real game was played
    field_names = keys(received)
    for seat, messages in received.items():
        others = set().union(*(found for other, found in shown.items() if other != seat))
        forbidden = others - shown[seat] - field_names  # a field name ("type" of a form) is no secret
        leaked = words(messages) & forbidden
        assert not leaked, f"{game}: seat {seat} was sent {sorted(leaked)[:10]}, which only other seats may see"
