"""The hint endpoint and the levels at the server's seats, on SQLite and
on PostgreSQL: the seat on its turn gets the hard bot's move and its chance to win; any other asker
is refused plainly, and nothing changes."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from dreamtable.server import hints

from .conftest import bearer


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    monkeypatch.setattr(hints, "HINT_SECONDS", 0.1)
    hints._cache.clear()


def started(client: TestClient, game: str = "sogni-e-incubi", **body) -> tuple[str, list[str]]:
    created = client.post("/api/tables", json={"game": game, "players": 2, "seed": 7,
                                               "seats": [{"kind": "human"}] * 2, **body}).json()
    table = created["table"]
    assert client.post(f"/api/tables/{table}/start", headers=bearer(created["host_token"])).status_code == 200
    return table, [created["links"][letter]["token"] for letter in "AB"]


def view(client: TestClient, table: str, token: str) -> dict:
    return client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()


@pytest.mark.slow
def test_the_seat_on_its_turn_gets_a_move_it_may_play_and_a_chance_to_win(client):
    table, tokens = started(client)
    before = view(client, table, tokens[0])
    turn = before["view"]["turn"]
    answer = client.get(f"/api/tables/{table}/hint", headers=bearer(tokens[turn]))
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["seat"] == turn and found["seq"] == before["seq"] and found["table"] == table
    assert found["move"] in before["legal"] and 0 <= found["win_chance"] <= 1
    assert found["alternatives"][0]["move"] == found["move"] and found["words"]
    assert view(client, table, tokens[0]) == before  # a hint changes nothing
    again = client.get(f"/api/tables/{table}/hint", headers=bearer(tokens[turn])).json()
    assert again == found  # the same position: the same answer
    moved = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[turn]),
                        json={"move": found["move"], "seq": found["seq"]})
    assert moved.status_code == 200, moved.text


def test_hints_are_refused_to_others_and_off_turn_saying_what_is_allowed(client):
    table, tokens = started(client)
    before = view(client, table, tokens[0])
    waiting = before["view"]["turn"]
    off_turn = client.get(f"/api/tables/{table}/hint", headers=bearer(tokens[1 - waiting]))
    assert off_turn.status_code == 409
    assert "not your turn" in off_turn.json()["message"] and "waits for, now " + "AB"[waiting] in off_turn.json()["message"]
    nobody = client.get(f"/api/tables/{table}/hint")
    assert nobody.status_code == 401 and "your own seat" in nobody.json()["message"]
    stranger = client.get(f"/api/tables/{table}/hint", headers=bearer("not-a-seat-token"))
    assert stranger.status_code == 403 and "your own seat" in stranger.json()["message"]
    assert client.get("/api/tables/nosuchtable/hint", headers=bearer(tokens[0])).status_code == 403  # as a wrong token: access.py
    assert view(client, table, tokens[0]) == before


@pytest.mark.slow
def test_no_hint_before_the_game_starts_nor_after_it_ends(client):
    created = client.post("/api/tables", json={"game": "deep-dreams", "players": 2, "seed": 3}).json()
    waiting = client.get(f"/api/tables/{created['table']}/hint", headers=bearer(created["links"]["A"]["token"]))
    assert waiting.status_code == 409 and "not started" in waiting.json()["message"]
    table, tokens = started(client, "deep-dreams")
    for _ in range(400):
        current = view(client, table, tokens[0])
        if current["view"]["outcome"]:
            break
        turn = current["view"]["turn"]
        mine = view(client, table, tokens[turn])
        client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[turn]),
                    json={"move": mine["legal"][0], "seq": mine["seq"]})
    assert current["view"]["outcome"]
    over = client.get(f"/api/tables/{table}/hint", headers=bearer(tokens[0]))
    assert over.status_code == 409 and "over" in over.json()["message"]


def test_levels_sit_at_the_servers_tables_and_bad_ones_are_refused_naming_the_levels(client):
    listed = {game["id"]: game["bots"] for game in client.get("/api/games").json()}
    assert all({"easy", "medium", "hard"} <= set(bots) for bots in listed.values())
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "hard:0.1s"}]
    created = client.post("/api/tables", json={"game": "deep-dreams", "players": 3, "seed": 2, "seats": seats})
    assert created.status_code == 201, created.text
    assert [seat.get("bot") for seat in created.json()["seats"]] == [None, "easy", "hard:0.1s"]
    for bad in ("expert", "hard:0s", "hard:-1s", "medium:2s"):
        refused = client.post("/api/tables", json={"game": "deep-dreams", "players": 2,
                                                   "seats": [{"kind": "human"}, {"kind": "bot", "bot": bad}]})
        assert refused.status_code == 400 and "easy" in refused.json()["message"], refused.text


def test_a_bot_that_keeps_time_is_told_the_seconds_left_on_the_tables_clock(client, monkeypatch):
    """The server's bots are asked through the table's hook, so a hard bot in a
    game against the clock (Dream Cycle's sand timer) never thinks past the deadline."""
    from dreamtable.server.thinking import Thinking

    told: list[tuple[bool, float | None]] = []

    async def spy(pool, table, bot, state, seat, seconds_left):  # the bot pool the driver hands every bot to
        told.append((bool(state.timers), seconds_left))
        return await choose(pool, table, bot, state, seat, seconds_left)

    choose = Thinking.choose
    monkeypatch.setattr(Thinking, "choose", spy)
    created = client.post("/api/tables", json={
        "game": "dream-cycle", "players": 2, "seed": 3, "options": {"buying_timer_seconds": 30},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "hard:0.05s"}]}).json()
    table = created["table"]
    assert client.post(f"/api/tables/{table}/start", headers=bearer(created["host_token"])).status_code == 200
    token = created["links"]["A"]["token"]
    for _ in range(200):  # A plays its first legal move whenever it may; the bot answers
        if any(timed for timed, _ in told):
            break
        update = view(client, table, token)
        if update["legal"]:
            client.post(f"/api/tables/{table}/moves", headers=bearer(token),
                        json={"move": update["legal"][0], "seq": update["seq"]})
        else:
            time.sleep(0.02)
    timed = [seconds for was_timed, seconds in told if was_timed]
    assert timed and all(seconds is not None and 0 <= seconds <= 30 for seconds in timed), told
    # Untimed or not, a hard bot is told what is left of its turn's budget (server/turn_budget.py):
    # its 0.05 s and the table's delay, never more.
    assert all(seconds is not None and seconds <= 0.05 + 0.6 for _, seconds in told), told


def test_a_hint_thinks_in_the_servers_bot_pool_not_in_the_event_loops_threads(client, monkeypatch):
    """A hint is a search: it goes to the bot pool (worker processes, under its deadline), like a
    bot's, so a stranger asking for hints never holds the server's event loop."""
    from dreamtable.agents.hint import HintSearch
    from dreamtable.server.thinking import Thinking, searches

    asked: list[object] = []

    async def spy(pool, table, bot, state, seat, seconds_left):
        asked.append(bot)
        return await choose(pool, table, bot, state, seat, seconds_left)

    choose = Thinking.choose
    monkeypatch.setattr(Thinking, "choose", spy)
    table, tokens = started(client)
    turn = view(client, table, tokens[0])["view"]["turn"]
    answer = client.get(f"/api/tables/{table}/hint", headers=bearer(tokens[turn]))
    assert answer.status_code == 200, answer.text
    hints_asked = [bot for bot in asked if isinstance(bot, HintSearch)]
    assert len(hints_asked) == 1 and searches(hints_asked[0])
