"""Rematch, start, join and leave give one result however many times they race (threads against
one real server process, and against two processes on one PostgreSQL): the database decides (a
unique rematch per finished table, a locked row), not a check in one process's memory."""

from __future__ import annotations

import threading
import time
from contextlib import ExitStack
from typing import Any

import httpx
import pytest

from .processes import Api, ServerProcess, select_rows

RACERS = 10
QUICK = {"game": "sogni-e-incubi", "players": 2, "bot": "random", "seed": 4, "settings": {"stand_in": "random"}}
"""A game against a random bot; a seat that leaves is played by a random bot too, so it ends in moments."""


def race(apis: list[Api], method: str, path: str, token: str | None = None, **kwargs: Any) -> list[httpx.Response]:
    """``RACERS`` threads send the same request at the same moment, spread over the processes."""
    start = threading.Barrier(RACERS)
    answers: list[httpx.Response | None] = [None] * RACERS

    def send(index: int) -> None:
        start.wait()
        answers[index] = apis[index % len(apis)].response(method, path, token, **kwargs)

    threads = [threading.Thread(target=send, args=(index,)) for index in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def servers(stack: ExitStack, db: str, processes: int) -> list[Api]:
    return [Api(stack.enter_context(ServerProcess(db))) for _ in range(processes)]


def finished_game(api: Api, db: str) -> tuple[str, str]:
    """A game whose human left (a random bot took the seat) and that is over: its id and the seat's token."""
    game = api.call("POST", "/api/play", json=QUICK, expect=201)
    table, token = game["table"], game["token"]
    api.call("POST", f"/api/tables/{table}/leave", token=token, expect=200)
    deadline = time.monotonic() + 60
    while select_rows(db, "SELECT status FROM tables WHERE id = ?", table) != [("over",)]:
        assert time.monotonic() < deadline, "the game of bots did not end"
        time.sleep(0.1)
    return table, token


def check_rematch_races(apis: list[Api], db: str) -> None:
    table, token = finished_game(apis[0], db)
    answers = race(apis, "POST", f"/api/tables/{table}/rematch", token)
    assert [answer.status_code for answer in answers] == [201] * RACERS, [answer.text for answer in answers]
    new = {answer.json()["table"] for answer in answers}
    assert len(new) == 1, new
    assert select_rows(db, "SELECT id FROM tables WHERE rematch_of = ?", table) == [(new.pop(),)]
    # asked again later, anywhere: the same table
    for api in apis:
        assert api.call("POST", f"/api/tables/{table}/rematch", token=token, expect=201)["table"] == answers[0].json()["table"]


def check_seat_races(apis: list[Api], db: str) -> None:
    api = apis[0]
    # start: every racer gets the started table
    created = api.call("POST", "/api/tables", expect=201,
                       json={"game": "sogni-e-incubi", "players": 2, "seats": [{"kind": "human"}] * 2})
    table = created["table"]
    answers = race(apis, "POST", f"/api/tables/{table}/start", created["host_token"])
    assert [answer.status_code for answer in answers] == [200] * RACERS, [answer.text for answer in answers]
    assert {answer.json()["status"] for answer in answers} == {"playing"}
    assert select_rows(db, "SELECT status FROM tables WHERE id = ?", table) == [("playing",)]

    # join of the same seat: one wins, the others are told which seats are open
    created = api.call("POST", "/api/tables", expect=201, json={"game": "sogni-e-incubi", "players": 3})
    table = created["table"]
    answers = race(apis, "POST", f"/api/tables/{table}/join", json={"seat": 1, "name": "racer"})
    won = [answer for answer in answers if answer.status_code == 200]
    lost = [answer for answer in answers if answer.status_code != 200]
    assert len(won) == 1 and {answer.status_code for answer in lost} == {409}, [a.text for a in answers]
    assert all("seat 1 is not open; open seats: 2" in answer.json()["message"] for answer in lost)
    seat_token = won[0].json()["token"]

    # leave before the start, twice at once: the seat opens once, both answers 200
    answers = race(apis, "POST", f"/api/tables/{table}/leave", seat_token)
    assert [answer.status_code for answer in answers] == [200] * RACERS, [answer.text for answer in answers]
    for api_ in apis:
        kinds = [seat["kind"] for seat in api_.call("GET", f"/api/tables/{table}", expect=200)["seats"]]
        assert kinds == ["human", "open", "open"]

    # leave during play: the seat is handed to the stand-in once, every answer 200
    game = api.call("POST", "/api/play", expect=201, json={**QUICK, "bot": "greedy"})
    table, token = game["table"], game["token"]
    for other in apis[1:]:
        other.call("GET", f"/api/tables/{table}", expect=200)  # the table is live in every process
    answers = race(apis, "POST", f"/api/tables/{table}/leave", token)
    assert [answer.status_code for answer in answers] == [200] * RACERS, [answer.text for answer in answers]
    assert select_rows(db, "SELECT seat FROM changes WHERE table_id = ? AND kind = 'bot'", table) == [(0,)]


@pytest.mark.slow
def test_racing_rematches_of_one_table_make_one_new_table(db_url: str) -> None:
    with ExitStack() as stack:
        apis = servers(stack, db_url, 1)
        check_rematch_races(apis, db_url)
        assert not apis[0].server.crashes()


@pytest.mark.slow  # two server processes on PostgreSQL
def test_racing_rematches_over_two_processes_make_one_new_table(pg_url: str) -> None:
    with ExitStack() as stack:
        apis = servers(stack, pg_url, 2)
        check_rematch_races(apis, pg_url)
        for api in apis:
            assert not api.server.crashes(), api.server.output()


@pytest.mark.slow
def test_racing_start_join_and_leave_give_one_result(db_url: str) -> None:
    with ExitStack() as stack:
        apis = servers(stack, db_url, 1)
        check_seat_races(apis, db_url)
        assert not apis[0].server.crashes()


@pytest.mark.slow  # two server processes on PostgreSQL
def test_racing_start_join_and_leave_over_two_processes_give_one_result(pg_url: str) -> None:
    with ExitStack() as stack:
        apis = servers(stack, pg_url, 2)
        check_seat_races(apis, pg_url)
        for api in apis:
            assert not api.server.crashes(), api.server.output()
