"""Player accounts on SQLite and PostgreSQL: register, log in and out, sessions and CSRF, the
answers that must not tell names apart, the log-in limits, bad input, deletion, and the seats an
account holds."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from dreamtable.server import passwords, sessions
from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings
from dreamtable.server.login_limits import PER_NAME

from .conftest import bearer, play_to_the_end
from .processes import select_rows

PASSWORD = "correct horse battery"


class CountingHasher(PasswordHasher):
    """A cheap Argon2id hasher (tests run many) that counts its work."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=64, parallelism=1)
        self.hashed = 0
        self.verified = 0

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self.hashed += 1
        return super().hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        self.verified += 1
        return super().verify(hash, password)


@pytest.fixture(autouse=True)
def hasher(monkeypatch: pytest.MonkeyPatch) -> Iterator[CountingHasher]:
    counting = CountingHasher()
    monkeypatch.setattr(passwords, "HASHER", counting)
    passwords.dummy_hash()
    counting.hashed = 0
    yield counting


def register(client: TestClient, name: str = "Morpheus", password: str = PASSWORD, **body: Any) -> Any:
    return client.post("/api/account/register", json={"name": name, "password": password, **body})


def login(client: TestClient, name: str = "Morpheus", password: str = PASSWORD, **body: Any) -> Any:
    return client.post("/api/account/login", json={"name": name, "password": password, **body})


def csrf(client: TestClient) -> dict[str, str]:
    """The header a cookie-authenticated write needs (the page reads it from the dt_csrf cookie)."""
    return {sessions.CSRF_HEADER: client.cookies[sessions.CSRF_COOKIE]}


def cookies_of(client: TestClient) -> dict[str, str]:
    return {name: client.cookies[name] for name in (sessions.SESSION_COOKIE, sessions.CSRF_COOKIE)}


def use(client: TestClient, cookies: dict[str, str] | None) -> None:
    """Act as the browser holding ``cookies`` (None: a browser without any)."""
    client.cookies.clear()
    if cookies:
        for name, value in cookies.items():
            client.cookies.set(name, value)


def account_count(db_url: str) -> int:
    return int(select_rows(db_url, "SELECT count(*) FROM accounts")[0][0])


def test_register_logs_in_with_a_hardened_cookie_and_logout_ends_the_session_on_the_server(client, db_url):
    answer = register(client)
    assert answer.status_code == 200, answer.text
    assert answer.json()["account"] == {"name": "Morpheus"} and answer.json()["created"] is True
    cookie = next(line for line in answer.headers.get_list("set-cookie") if line.startswith("dt_session="))
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie  # plain HTTP here
    assert client.get("/api/account").json()["account"] == {"name": "Morpheus"}
    stolen = cookies_of(client)
    assert client.post("/api/account/logout", headers=csrf(client)).status_code == 200
    assert client.get("/api/account").json() == {"account": None}
    use(client, stolen)  # someone copied the cookie before the logout
    refused = client.get("/api/account")
    assert refused.status_code == 401 and refused.json()["error"] == "session-unknown"
    assert "log in again" in refused.json()["message"]
    use(client, None)
    assert login(client).status_code == 200
    assert client.get("/api/account").json()["account"] == {"name": "Morpheus"}
    # the database keeps only the SHA-256 of a session's secret
    secret = client.cookies[sessions.SESSION_COOKIE]
    kept = [row[0] for row in select_rows(db_url, "SELECT token_hash FROM account_sessions")]
    assert secret not in kept and len(kept) == 1 and len(kept[0]) == 64


def test_the_session_cookie_is_secure_when_the_page_is_served_over_tls(db_url):
    from dreamtable.server.app import create_app
    from dreamtable.server.hub import ServerSettings

    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0)), base_url="https://testserver") as tls:
        answer = register(tls)
        cookies = answer.headers.get_list("set-cookie")
        assert all("Secure" in line for line in cookies) and len(cookies) == 2


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_after_the_same_work(client, hasher):
    register(client)
    use(client, None)
    before = hasher.verified
    wrong = login(client, password="not the password")
    assert hasher.verified == before + 1
    unknown = login(client, name="Nobody-here")
    assert hasher.verified == before + 2  # a dummy hash is checked for a name without an account
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"] == "login-failed"
    assert "set-cookie" not in wrong.headers


def test_registering_a_taken_name_answers_as_a_log_in_so_it_never_says_taken_alone(client, db_url):
    register(client)
    use(client, None)
    taken = register(client, password="someone else's guess")
    assert taken.status_code == 401
    assert taken.json() == login(client, password="someone else's guess").json()
    assert "may be taken" in taken.json()["message"]
    lookalike = register(client, name="M0RPHEUS", password="someone else's guess")
    assert lookalike.json() == taken.json()  # the same key: 0 for o, case ignored
    mine = register(client)  # the owner registering again is simply logged in
    assert mine.status_code == 200 and mine.json()["created"] is False
    assert account_count(db_url) == 1


def test_a_write_made_with_the_session_cookie_without_the_csrf_header_is_refused_and_changes_nothing(client, db_url):
    register(client)
    for path, body in (("/api/account/logout", None), ("/api/account/password",
                                                        {"password": PASSWORD, "new_password": "another long one"}),
                       ("/api/account/delete", {"password": PASSWORD}), ("/api/account/claim", {"seats": []})):
        for headers in ({}, {sessions.CSRF_HEADER: "forged"}):
            refused = client.post(path, json=body, headers=headers)
            assert refused.status_code == 403, (path, refused.text)
            assert refused.json()["error"] == "csrf" and "nothing was changed" in refused.json()["message"]
    assert client.get("/api/account").json()["account"] == {"name": "Morpheus"}  # still logged in
    assert account_count(db_url) == 1
    use(client, {**cookies_of(client)})
    assert login(client, password=PASSWORD).status_code == 200  # the password did not change


def test_a_game_started_with_the_cookie_but_no_csrf_header_is_a_guests(client):
    register(client)
    client.post("/api/play", json={"game": "sogni-e-incubi", "players": 2, "bot": "random", "seed": 1})
    assert client.get("/api/account/games").json()["games"] == []


def test_failed_log_ins_are_limited_per_name_whether_or_not_it_exists(client):
    register(client)
    use(client, None)
    for name in ("Morpheus", "Nobody-here"):
        for _ in range(PER_NAME):
            assert login(client, name=name, password="a wrong guess").status_code == 401
        limited = login(client, name=name, password=PASSWORD)  # even the right password waits now
        assert limited.status_code == 429, limited.text
        assert limited.json()["error"] == "login-rate"
        assert "for this name" in limited.json()["message"] and "retry in" in limited.json()["message"]
        assert int(limited.headers["Retry-After"]) >= 1


def test_failed_log_ins_are_limited_per_address(client):
    from dreamtable.server.login_limits import PER_ADDRESS

    for attempt in range(PER_ADDRESS):
        assert login(client, name=f"guess-{attempt}", password="a wrong guess").status_code == 401
    limited = login(client, name="another-name", password="a wrong guess")
    assert limited.status_code == 429 and "from your address" in limited.json()["message"]


@pytest.mark.parametrize("name, words", [
    ("Mo", "3–24 characters"),
    ("M" * 25, "3–24 characters"),
    ("Mor\u200bpheus", "U+200B"),
    ("Mor\u202epheus", "U+202E"),
    ("p\u0430ypal", "Cyrillic and Latin"),
    ("\uff4d\uff4f\uff52", "plain form 'mor'"),
    ("Mor  pheus", "' '"),
    (" Morpheus", "' '"),
    ("Morpheus!", "U+0021"),
    ("Deleted Player", "reserved"),
])
def test_a_bad_name_is_refused_saying_what_is_allowed_and_no_account_is_made(client, db_url, hasher, name, words):
    answer = register(client, name=name)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == "bad-name" and words in answer.json()["message"], answer.json()
    assert hasher.hashed == 0 and account_count(db_url) == 0
    assert "set-cookie" not in answer.headers


@pytest.mark.parametrize("password, words", [("short", "at least 10 characters"),
                                              ("é" * 513, "at most 1024 bytes")])
def test_a_password_too_short_or_over_a_kilobyte_is_refused_before_hashing(client, db_url, hasher, password, words):
    answer = register(client, password=password)
    assert answer.status_code == 422 and answer.json()["error"] == "bad-password"
    assert words in answer.json()["message"]
    assert hasher.hashed == 0 and hasher.verified == 0 and account_count(db_url) == 0


def test_a_forged_or_expired_cookie_is_refused_with_its_own_message(client, db_url):
    use(client, {sessions.SESSION_COOKIE: "forged-cookie-value"})
    forged = client.get("/api/account")
    assert forged.status_code == 401 and forged.json()["error"] == "session-unknown"
    assert "dt_session=;" in forged.headers["set-cookie"]  # the browser is told to forget it
    use(client, None)
    register(client)
    select_rows(db_url, "UPDATE account_sessions SET expires_at = 1.0")  # thirty days later
    expired = client.get("/api/account")
    assert expired.status_code == 401 and expired.json()["error"] == "session-expired"
    assert "expired" in expired.json()["message"]
    # a stale cookie never blocks play: the game API treats the request as a guest's
    assert client.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random"}).status_code == 201


def test_changing_the_password_ends_every_other_session(client):
    register(client)
    laptop = cookies_of(client)
    use(client, None)
    login(client)
    phone = cookies_of(client)
    changed = client.post("/api/account/password", json={"password": PASSWORD, "new_password": "a brand new one"},
                          headers=csrf(client))
    assert changed.status_code == 200, changed.text
    assert client.cookies[sessions.SESSION_COOKIE] != phone[sessions.SESSION_COOKIE]  # a fresh session here
    assert client.get("/api/account").json()["account"] == {"name": "Morpheus"}
    for old in (laptop, phone):
        use(client, old)
        assert client.get("/api/account").status_code == 401
    use(client, None)
    assert login(client).status_code == 401
    assert login(client, password="a brand new one").status_code == 200


def test_changing_the_password_needs_the_current_one_and_a_good_new_one(client):
    register(client)
    wrong = client.post("/api/account/password", json={"password": "not it at all", "new_password": "a brand new one"},
                        headers=csrf(client))
    assert wrong.status_code == 401 and wrong.json()["error"] == "login-failed"
    short = client.post("/api/account/password", json={"password": PASSWORD, "new_password": "tiny"},
                        headers=csrf(client))
    assert short.status_code == 422 and "new_password" in short.json()["message"]
    assert client.get("/api/account").json()["account"] == {"name": "Morpheus"}
    use(client, None)
    assert login(client).status_code == 200


def test_deleting_the_account_keeps_its_games_under_the_name_deleted_player(client, db_url):
    register(client)
    made = client.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random", "seed": 2}, headers=csrf(client))
    table = made.json()["table"]
    assert made.json()["seats"][0]["name"] == "Morpheus"
    cookie = cookies_of(client)
    refused = client.post("/api/account/delete", json={"password": "not the password"}, headers=csrf(client))
    assert refused.status_code == 401 and account_count(db_url) == 1
    deleted = client.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(client))
    assert deleted.status_code == 200, deleted.text
    assert account_count(db_url) == 0
    assert select_rows(db_url, "SELECT count(*) FROM account_seats")[0][0] == 0
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["name"] == "deleted player"
    assert client.get(f"/api/tables/{table}/view", headers=bearer(made.json()["token"])).status_code == 200
    use(client, cookie)
    assert client.get("/api/account").status_code == 401
    use(client, None)
    assert login(client).status_code == 401


def test_seats_taken_while_logged_in_reach_every_device_the_account_logs_in_on(client):
    register(client)
    played = client.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random", "seed": 3},
                         headers=csrf(client)).json()
    created = client.post("/api/tables", json={"game": "sogni-e-incubi", "players": 2}, headers=csrf(client)).json()
    use(client, None)
    other = client.post("/api/tables", json={"game": "sogni-e-incubi", "players": 2}).json()  # a guest's table
    login(client)  # another device
    joined = client.post(f"/api/tables/{other['table']}/join", json={}, headers=csrf(client)).json()
    games = {game["table"]: game for game in client.get("/api/account/games").json()["games"]}
    assert set(games) == {played["table"], created["table"], other["table"]}
    assert games[played["table"]]["token"] == played["token"] and games[played["table"]]["status"] == "playing"
    assert games[played["table"]]["url"] == f"/tables/{played['table']}?token={played['token']}"
    assert games[played["table"]]["turn"] and isinstance(games[played["table"]]["your_turn"], bool)
    assert games[created["table"]]["token"] == created["links"]["A"]["token"]
    assert games[created["table"]]["status"] == "waiting" and games[created["table"]]["open_seats"] == 1
    assert games[other["table"]]["token"] == joined["token"] and games[other["table"]]["seat"] == 1
    assert client.get(f"/api/tables/{other['table']}").json()["seats"][1]["name"] == "Morpheus"


def test_a_guest_who_registers_keeps_the_seats_this_browser_holds_and_no_one_elses(client):
    guest = client.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random", "seed": 4}).json()
    taken = client.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random", "seed": 5}).json()
    register(client, name="Hypnos")
    assert client.post("/api/account/claim", json={"seats": [{"table": taken["table"], "token": taken["token"]}]},
                       headers=csrf(client)).json() == {"claimed": 1}
    use(client, None)
    seats = [{"table": guest["table"], "token": guest["token"]},
             {"table": taken["table"], "token": taken["token"]},  # Hypnos's already: not taken over
             {"table": guest["table"], "token": "not-a-token"}, {"table": "no such table!", "token": "x"}]
    answer = register(client, seats=seats)
    assert answer.status_code == 200 and answer.json()["claimed"] == 1
    games = client.get("/api/account/games").json()["games"]
    assert [game["table"] for game in games] == [guest["table"]]


def test_my_games_shows_a_finished_game_with_its_replay_link_and_the_page_is_served(client):
    register(client)
    made = client.post("/api/play", json={"game": "deep-dreams", "players": 2, "bot": "random", "seed": 3},
                       headers=csrf(client)).json()
    table, token = made["table"], made["token"]
    play_to_the_end(client, table, token)
    [game] = client.get("/api/account/games").json()["games"]
    assert game["status"] == "over" and game["replay"] == f"/replay/{table}"
    rematch = client.post(f"/api/tables/{table}/rematch", headers=bearer(token)).json()
    tables = [game["table"] for game in client.get("/api/account/games").json()["games"]]
    assert rematch["table"] in tables  # the same tokens hold the same seats at the rematch
    page = client.get("/me")
    assert page.status_code == 200 and "me.js" in page.text


def test_my_games_needs_a_log_in(client):
    refused = client.get("/api/account/games")
    assert refused.status_code == 401 and refused.json()["error"] == "not-logged-in"


def test_a_seat_left_while_its_table_waits_is_no_longer_listed(client):
    register(client)
    created = client.post("/api/tables", json={"game": "sogni-e-incubi", "players": 2}, headers=csrf(client)).json()
    token = created["links"]["A"]["token"]
    assert [game["table"] for game in client.get("/api/account/games").json()["games"]] == [created["table"]]
    assert client.post(f"/api/tables/{created['table']}/leave", headers=bearer(token)).status_code == 200
    assert client.get("/api/account/games").json()["games"] == []
    claimed = client.post("/api/account/claim", json={"seats": [{"table": created["table"], "token": token}]},
                          headers=csrf(client))
    assert claimed.json() == {"claimed": 0}  # the old token holds nothing now


def test_the_account_api_reads_json_only_so_another_sites_form_cannot_log_a_visitor_in(client):
    register(client)
    use(client, None)
    form = client.post("/api/account/login", content=f'{{"name": "Morpheus", "password": "{PASSWORD}"}}',
                       headers={"content-type": "text/plain"})
    assert form.status_code == 422 and "set-cookie" not in form.headers


def test_a_log_in_with_a_control_character_in_the_name_gets_the_usual_refusal(client):
    for name in ("Mor\x00pheus", "Mor\npheus"):
        answer = login(client, name=name)
        assert answer.status_code == 401 and answer.json()["error"] == "login-failed", answer.text


def test_a_table_created_with_seat_a_open_gives_the_creator_no_invited_seat(client):
    register(client)
    created = client.post("/api/tables", json={"game": "sogni-e-incubi", "players": 2,
                                               "seats": [{"kind": "open"}, {"kind": "human"}]}, headers=csrf(client))
    assert created.status_code == 201 and "B" in created.json()["links"]
    assert client.get("/api/account/games").json()["games"] == []  # seat B's link is for someone else


def test_failed_log_ins_are_counted_by_every_process_of_the_server(db_url, hasher):
    """Two processes on one database (as behind a balancer): the failures made through one are
    counted by the other, so a guesser gets no more tries from two processes than from one."""
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0))) as first, \
            TestClient(create_app(ServerSettings(db=db_url, bot_delay=0))) as second:
        register(first)
        use(first, None)
        for attempt in range(PER_NAME):
            process = first if attempt % 2 else second
            assert login(process, password="a wrong guess").status_code == 401
        for process in (first, second):
            limited = login(process)
            assert limited.status_code == 429 and "for this name" in limited.json()["message"], limited.text


def test_a_logged_in_person_is_seated_under_the_account_s_name_whatever_the_guest_name_says(client, hasher):
    """One person, one name: the table shows the name the leaderboard and the profile show."""
    guest = client.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random", "seed": 4, "name": "Ada"}).json()
    register(client, name="Morpheus", seats=[{"table": guest["table"], "token": guest["token"]}])
    played = client.post("/api/play", json={"game": "sogni-e-incubi", "bot": "random", "seed": 5, "name": "Ada"},
                         headers=csrf(client)).json()
    created = client.post("/api/tables", json={"game": "deep-dreams", "players": 2,
                                               "seats": [{"kind": "human", "name": "Ada"}, {"kind": "open"}]},
                          headers=csrf(client)).json()
    for table in (guest["table"], played["table"], created["table"]):  # claimed on registering, played, created
        assert client.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Morpheus", table
