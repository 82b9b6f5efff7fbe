"""Two server processes on one PostgreSQL database serve the same tables.

Clients of one table are split across two real server processes: a move accepted by one reaches
the other's clients at once (LISTEN/NOTIFY); two connections for the same seat on different
processes racing with different moves at the same point get exactly one accepted and one error;
a table of bots with timers, driven by both processes at once, plays to the end with every change
stored once, its seq 1..n without gaps, the record replaying, and both processes showing the same.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

import dreamtable
from dreamtable.core.registry import replay

from .processes import Api, ServerProcess, Socket, changes, replayed, without_seconds

pytestmark = pytest.mark.slow  # two server processes on PostgreSQL

SHORT = {"night_seconds": 2, "clue_start_seconds": 0.5, "clue_submit_seconds": 0.5, "final_guess_seconds": 0.5,
         "recount_seconds": 0.5, "review_seconds": 0.5}
"""When I Dream's timers, short, so a table of bots ends in seconds."""


def both(pg_url: str, **settings: Any) -> tuple[ServerProcess, ServerProcess]:
    return ServerProcess(pg_url, **settings), ServerProcess(pg_url, **settings)


def race(first: Socket, second: Socket, moves: tuple[str, str], seq: int) -> list[dict[str, Any] | None]:
    """Send two moves at the same point at the same moment; each socket's error (None: no error)."""
    start = threading.Barrier(2)

    def send(socket: Socket, move: str) -> None:
        start.wait()
        socket.send({"type": "move", "move": move, "seq": seq})

    threads = [threading.Thread(target=send, args=pair) for pair in [(first, moves[0]), (second, moves[1])]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    errors: list[dict[str, Any] | None] = [None, None]
    for index, socket in enumerate([first, second]):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (socket.latest is None or socket.latest["seq"] <= seq):
            message = socket.receive(10)
            if message["type"] == "error":
                errors[index] = message
    time.sleep(0.3)  # a second error would come now
    for index, socket in enumerate([first, second]):
        for message in socket.drain():
            if message["type"] == "error":
                assert errors[index] is None, "one connection got two errors"
                errors[index] = message
    return errors


def test_clients_split_across_two_processes_see_each_move_at_once_and_races_have_one_winner(pg_url: str) -> None:
    one, two = both(pg_url)
    with one, two:
        api = {1: Api(one), 2: Api(two)}
        table, tokens = api[1].table("sogni-e-incubi", 2, [{"kind": "human"}] * 2, seed=21)
        process = {0: one, 1: two}  # seat A plays on process 1, seat B on process 2
        seats = {seat: Socket(process[seat], table, tokens[seat]) for seat in (0, 1)}
        spectators = {1: Socket(one, table), 2: Socket(two, table)}
        everyone = [*seats.values(), *spectators.values()]
        for socket in everyone:
            socket.receive()

        # A move accepted on one process reaches the other's connections at once.
        slowest = 0.0
        for step in range(8):
            latest = spectators[1].latest
            assert latest is not None
            seat, seq = latest["view"]["actors"][0], latest["seq"]
            legal = seats[seat].update_at(seq)["legal"]
            sent = time.monotonic()
            seats[seat].send({"type": "move", "move": legal[step % len(legal)], "seq": seq})
            other = [seats[1 - seat], spectators[2 if seat == 0 else 1]]  # on the other process
            for socket in other:
                socket.update_at(seq + 1, seconds=5)
                slowest = max(slowest, time.monotonic() - sent)
            for socket in everyone:
                socket.update_at(seq + 1)
        assert slowest < 1.0, f"a move took {slowest:.2f} s to reach the other process"

        # Two connections for the seat to move, one on each process, send different moves at once.
        races = 0
        for _ in range(40):
            latest = spectators[1].latest
            assert latest is not None and latest["view"]["outcome"] is None
            seat, seq = latest["view"]["actors"][0], latest["seq"]
            here = seats[seat]
            there = Socket(two if process[seat] is one else one, table, tokens[seat])
            legal = there.receive()["legal"]
            if len(legal) < 2:  # nothing to race with: play the one move
                here.send({"type": "move", "move": legal[0], "seq": seq})
            else:
                moves = (legal[0], legal[-1])
                errors = race(here, there, moves, seq)
                assert sum(error is not None for error in errors) == 1, errors  # exactly one refused
                [(loser, refused)] = [(index, error) for index, error in enumerate(errors) if error is not None]
                assert "changed since you looked" in refused["message"], refused
                rows = changes(pg_url, table)
                assert rows[-1] == (seq + 1, "move", seat, moves[1 - loser])  # the winner's move, stored once
                races += 1
            for socket in [*everyone, there]:
                assert socket.update_at(seq + 1)["seq"] == seq + 1
            there.close()
            if races == 5:
                break
        assert races == 5
        rows = changes(pg_url, table)
        assert [row[0] for row in rows] == list(range(1, len(rows) + 1))

        # Every view is the same on both processes, over HTTP and on every connection.
        for seat, token in [(0, tokens[0]), (1, tokens[1]), (None, None)]:
            first, second = api[1].view(table, token), api[2].view(table, token)
            assert first == second, seat
        assert spectators[1].latest is not None and spectators[2].latest is not None
        assert spectators[1].latest["view"] == spectators[2].latest["view"]
        assert seats[0].latest is not None and seats[0].latest["view"] == api[2].view(table, tokens[0])["view"]
        for socket in everyone:
            socket.close()
        for server in (one, two):
            assert "Traceback" not in server.output(), server.output()


def test_a_table_of_bots_driven_by_two_processes_plays_to_the_end_with_no_change_twice(pg_url: str) -> None:
    # The test reads one watcher to the end, then the other: the other's updates wait meanwhile, more
    # than the default outbox holds before a reader is dropped as too slow (4408).
    one, two = both(pg_url, outbox_limit=10_000)
    with one, two:
        players = 4
        table, _ = Api(one).table("when-i-dream", players, [{"kind": "bot", "bot": "random"}] * players, seed=22,
                                  options=SHORT)
        watchers = [Socket(one, table), Socket(two, table)]  # both processes load the table and drive it
        ended = [socket.until(lambda m: m.get("type") == "update" and m["view"]["outcome"] is not None, 60)
                 for socket in watchers]
        time.sleep(0.3)  # any change accepted late would show now
        rows = changes(pg_url, table)
        assert [row[0] for row in rows] == list(range(1, len(rows) + 1))
        assert ended[0]["seq"] == ended[1]["seq"] == len(rows)
        assert without_seconds(ended[0])["view"] == without_seconds(ended[1])["view"]
        rebuilt = replayed("when-i-dream", players, 22, SHORT, list(rows))
        assert rebuilt.is_over and json.loads(json.dumps(rebuilt.view(None))) == ended[0]["view"]
        expiries = [row[3] for row in rows if row[1] == "expire"]
        # Each day's review ends once, by its clock or earlier by the bots' own moves (which of the two
        # depends on how fast the bots are): an expiry accepted twice would be one more than the days.
        assert expiries.count("expire review") <= players, expiries
        records = [Api(server).call("GET", f"/api/tables/{table}/record", expect=200) for server in (one, two)]
        assert records[0] == records[1]
        assert records[0]["moves"] == [[seat, text] for _, _, seat, text in rows]
        assert replay(records[0]).is_over and dreamtable.load("when-i-dream").id == records[0]["game"]
        for socket in watchers:
            socket.close()
        for server in (one, two):
            assert "Traceback" not in server.output(), server.output()


def test_a_session_made_on_one_process_works_on_the_other_and_a_logout_on_either_ends_it(pg_url: str) -> None:
    import httpx

    first, second = both(pg_url)
    with first, second:
        body = {"name": "Phantasos", "password": "a long enough password"}
        made = httpx.post(f"{first.url}/api/account/register", json=body, timeout=10)
        assert made.status_code == 200, made.text
        cookies = {"dt_session": made.cookies["dt_session"], "dt_csrf": made.cookies["dt_csrf"]}
        there = httpx.Client(base_url=second.url, cookies=cookies, timeout=10)
        assert there.get("/api/account").json()["account"] == {"name": "Phantasos"}
        played = there.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random"},
                            headers={"X-CSRF-Token": cookies["dt_csrf"]}).json()
        here = httpx.Client(base_url=first.url, cookies=cookies, timeout=10)
        [game] = here.get("/api/account/games").json()["games"]
        assert game["table"] == played["table"] and game["token"] == played["token"]
        assert there.post("/api/account/logout", headers={"X-CSRF-Token": cookies["dt_csrf"]}).status_code == 200
        refused = httpx.get(f"{first.url}/api/account", cookies=cookies, timeout=10)
        assert refused.status_code == 401 and refused.json()["error"] == "session-unknown"
