"""Nothing is lost when the server is killed, on SQLite and on PostgreSQL.

The real server runs as a process; several tables are played over WebSockets (humans at Deep
Dreams and Sogni e Incubi, a human against bots, Dream Cycle with its sand timer); the server is
killed with SIGKILL right after a move was acknowledged, while bots are playing, and between
moves, and started again on the same database each time. Every seat's view and the spectator's
must be as they were (only the seconds left on a timer run on), every acknowledged move must be
stored, and a timer armed before a kill expires after it, exactly once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from .processes import Api, ServerProcess, Socket, changes, replayed, without_seconds

SHOWN = ("type", "table", "seq", "view", "legal", "forms", "bots", "rematch")
"""What a seat is shown, besides the events it is sent (a reconnection gets the recent ones)."""


@dataclass
class Seated:
    """A table of the test, with a connection per seat and one for a spectator."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    tokens: list[str | None]
    sockets: dict[int | None, Socket] = field(default_factory=dict)
    acked: list[tuple[int, int, str]] = field(default_factory=list)
    """(seq, seat, move) of every move whose update came back to its mover."""

    def connect(self, server: ServerProcess) -> dict[int | None, dict[str, Any]]:
        """A connection per human seat and a spectator; the first message each gets."""
        for socket in self.sockets.values():
            socket.close()
        seats: list[int | None] = [seat for seat, token in enumerate(self.tokens) if token] + [None]
        self.sockets = {seat: Socket(server, self.id, None if seat is None else self.tokens[seat]) for seat in seats}
        return {seat: socket.receive() for seat, socket in self.sockets.items()}

    def seen(self) -> dict[int | None, dict[str, Any]]:
        """What each connection was shown last."""
        return {seat: shown(socket.latest) for seat, socket in self.sockets.items()}

    def play(self, moves: int) -> None:
        """Humans move (the seat each view names first), each move acknowledged to every connection."""
        humans = [[seat] for seat in self.sockets if seat is not None]
        for step in range(moves):
            spectator = self.sockets[None].now_or_later(lambda m: m["view"]["actors"][:1] in humans)
            seat = spectator["view"]["actors"][0]
            mover = self.sockets[seat]
            seq = spectator["seq"]
            legal = mover.update_at(seq)["legal"]
            move = legal[(step * 7 + self.seed) % len(legal)]
            mover.send({"type": "move", "move": move, "seq": seq})
            mover.update_at(seq + 1)
            self.acked.append((seq + 1, seat, move))
            for socket in self.sockets.values():
                socket.update_at(seq + 1)


def shown(message: dict[str, Any] | None) -> dict[str, Any]:
    assert message is not None and message["type"] == "update", message
    return without_seconds({key: message[key] for key in SHOWN if key in message})


def snapshots(api: Api, table: Seated) -> dict[int | None, dict[str, Any]]:
    """Every seat's full first message (view, last events, legal moves, forms) and the spectator's."""
    return {seat: without_seconds(api.view(table.id, token)) for seat, token in [*enumerate(table.tokens), (None, None)]
            if seat is None or token}


def deadline(table: Seated) -> float:
    """When the table's one running timer expires, as its spectator was told (wall time)."""
    spectator = table.sockets[None]
    [timer] = timers(table)
    seconds: float = timer["seconds"]
    return spectator.latest_at + seconds


def timers(table: Seated) -> list[dict[str, Any]]:
    latest = table.sockets[None].latest
    assert latest is not None
    found: list[dict[str, Any]] = latest["view"]["timers"]
    return found


def stored_moves(db: str, table: Seated) -> set[tuple[int, int, str]]:
    return {(seq, seat, text) for seq, kind, seat, text in changes(db, table.id) if kind == "move" and seat is not None}


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.slow
def test_a_server_killed_at_any_moment_restarts_with_every_table_as_it_was(db_url: str) -> None:
    server = ServerProcess(db_url)
    with server:
        api = Api(server)
        human = [{"kind": "human"}]
        tables: dict[str, Seated] = {}
        for name, game, players, seed, options in [
            ("deep", "deep-dreams", 3, 11, {}),
            ("sogni", "sogni-e-incubi", 2, 12, {}),
            ("cycle", "dream-cycle", 2, 13, {"buying_timer_seconds": 8}),
        ]:
            table_id, tokens = api.table(game, players, human * players, seed=seed, options=options)
            tables[name] = Seated(table_id, game, players, seed, options, tokens)
        created = api.call("POST", "/api/play", expect=201, json={
            "game": "deep-dreams", "players": 3, "bot": "random", "seed": 14, "settings": {"bot_delay": 0.05}})
        tables["bots"] = Seated(created["table"], "deep-dreams", 3, 14, {}, [created["token"], None, None])
        for table in tables.values():
            table.connect(server)

        # Kill 1: right after a move was acknowledged (a sand timer running at Dream Cycle).
        tables["deep"].play(6)
        tables["sogni"].play(5)
        tables["cycle"].play(2)
        assert [timer["name"] for timer in timers(tables["cycle"])] == ["buying-1"]
        before = {name: table.seen() for name, table in tables.items() if name != "bots"}
        due = deadline(tables["cycle"])
        server.kill()
        for table in tables.values():
            assert table.acked == [] or stored_moves(db_url, table) >= set(table.acked)
        server.start()
        for name, seen in before.items():
            first = tables[name].connect(server)
            assert {seat: shown(message) for seat, message in first.items()} == seen, name
        tables["bots"].connect(server)
        running = timers(tables["cycle"])
        assert [timer["name"] for timer in running] == ["buying-1"]
        assert abs(deadline(tables["cycle"]) - due) < 0.5  # the same moment, not re-armed at the restart

        # Kill 2: while the bots answer a human's move.
        bots = tables["bots"]
        bots.play(1)
        bots.sockets[None].update_at(bots.acked[-1][0] + 1)  # B has answered; C is yet to
        told = {seat: [message for message in socket.received if message["type"] == "update"]
                for seat, socket in bots.sockets.items()}
        server.kill()
        at_kill = changes(db_url, bots.id)
        assert at_kill[-1][0] >= max(message["seq"] for sent in told.values() for message in sent)
        assert at_kill[-1][0] > bots.acked[-1][0], "the kill came after the bots had answered"
        server.start()
        for table in tables.values():
            table.connect(server)
        human_turn = bots.sockets[0].now_or_later(lambda m: m["view"]["actors"][:1] == [0])
        # The timer armed before both kills expired once, after the restarts.
        cycle = tables["cycle"].sockets[None].now_or_later(
            lambda m: "buying-1" not in [timer["name"] for timer in m["view"]["timers"]], seconds=20)
        expiries = [row for row in changes(db_url, tables["cycle"].id) if row[1] == "expire"]
        assert [row[3] for row in expiries] == ["expire buying-1"], expiries
        assert cycle["seq"] >= expiries[0][0]
        after = changes(db_url, bots.id)
        assert after[:len(at_kill)] == at_kill  # nothing told or stored before the kill was changed
        for seat, sent in told.items():  # every view sent before the kill is what the stored moves make
            for message in sent:
                rebuilt = replayed(bots.game, bots.players, bots.seed, bots.options, list(after[:message["seq"]]))
                assert as_json(rebuilt.view(seat)) == message["view"], (seat, message["seq"])
        rebuilt = replayed(bots.game, bots.players, bots.seed, bots.options, list(after))
        assert human_turn["seq"] == rebuilt.seq and human_turn["view"] == as_json(rebuilt.view(0))
        assert stored_moves(db_url, bots) >= set(bots.acked)

        # Kill 3: between moves, when nothing is due; then the tables play on.
        tables["deep"].play(2)
        tables["cycle"].play(1)
        before = {name: snapshots(api, table) for name, table in tables.items()}
        server.kill()
        server.start()
        assert {name: snapshots(api, table) for name, table in tables.items()} == before
        for table in tables.values():
            table.connect(server)
        tables["sogni"].play(2)
        tables["bots"].play(1)
        for table in tables.values():
            assert stored_moves(db_url, table) >= set(table.acked), table.game
            rows = changes(db_url, table.id)
            assert [row[0] for row in rows] == list(range(1, len(rows) + 1))
            replayed(table.game, table.players, table.seed, table.options, rows)  # every stored change replays
            expired = [row[3] for row in rows if row[1] == "expire"]
            assert len(expired) == len(set(expired)), expired  # no deadline expired twice
            for socket in table.sockets.values():
                socket.close()
        assert "Traceback" not in server.output(), server.output()
