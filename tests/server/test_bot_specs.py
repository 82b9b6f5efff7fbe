"""One parser for bot specs: the same hostile specs get the same refusal on every path that takes a spec
(make_agent, a table's seat, its stand-in, /api/play, simulate, tournament, the terminal's seats), and the
specs the docs use are read alike everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

import dreamtable
from dreamtable.agents import IsmctsAgent, UnknownAgentError, make_agent, parse_bot_spec
from dreamtable.agents.specs import MAX_ITERATIONS, MAX_SECONDS
from dreamtable.cli.terminal import open_table
from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings
from dreamtable.workbench.simulate import Experiment
from dreamtable.workbench.tournament import tournament

GAME = "deep-dreams"

HOSTILE = [
    "ismcts: 30s", "ismcts:1e3s", "ismcts:+100000000", "ismcts:1_000_000_000", "ismcts: 99999s",
    "nan", "inf", "0", "-1", "ismcts:", "ismcts:١٢", "ismcts:²", "ISMCTS:5", "Random", "ｒａｎｄｏｍ",
    "x" * 10_000, "ismcts:" + "9" * 5000, "ismcts:nans", "ismcts:infs", "ismcts:nan", "ismcts:1e999s",
    "ismcts:0", "ismcts:0s", "ismcts:0.0s", "ismcts:-5s", "ismcts:20001", "ismcts:10.5s", "ismcts:1.5",
    "hard:0.5", "hard:11s", "hard:500", "easy:3", "medium:2s", "bot:5", "random:5", "wordbot", "oracle",
    "", " random", "random ", "random\n", "random\x00", "ismcts:5 s", "ismcts:5S", "ismcts::5", "ismcts:0x10",
    "ismcts:0.0000000001s", "hard:0.009s",
]
"""Specs no path may accept: spaces, signs, exponents, underscores, NaN and infinity, non-ASCII digits and
letters, upper case, budgets out of range (below MIN_SECONDS too) or on bots that take none, control
characters, megabytes."""

LEGIT = ["bot", "random", "greedy", "ismcts", "easy", "medium", "hard", "ismcts:500", "ismcts:4000", "ismcts:2s",
         "hard:0.5s", "hard:0.25s", f"ismcts:{MAX_ITERATIONS}", f"ismcts:{MAX_SECONDS:g}s", "ismcts:0.5s"]
"""Specs the README, docs/bots.md and the tests use."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server on SQLite only: a spec is read before any table is stored, so the database plays no part."""
    with TestClient(create_app(ServerSettings(db=f"sqlite:///{tmp_path}/server.db", bot_delay=0,
                                                  quota_exempt=("testclient",)))) as test_client:
        yield test_client


def refusal(attempt: Callable[[], object]) -> str | None:
    """The UnknownAgentError message ``attempt`` raised, or None if it was accepted."""
    try:
        attempt()
    except UnknownAgentError as refused:
        return str(refused)
    return None


def server_refusal(client: TestClient, path: str, body: dict[str, object]) -> str | None:
    """The server's refusal of ``body`` at ``path``: a 400 UnknownAgentError's message, or None if it was accepted."""
    response = client.post(path, json={"game": GAME, **body})
    if response.status_code == 201:
        return None
    assert response.status_code == 400 and response.json()["error"] == "UnknownAgentError", response.text
    message: str = response.json()["message"]
    return message


def every_path(client: TestClient, spec: str) -> dict[str, str | None]:
    """What each path that takes a spec says of ``spec``."""
    game = dreamtable.load(GAME)
    return {
        "make_agent": refusal(lambda: make_agent(spec, game=game)),
        "seat": server_refusal(client, "/api/tables", {"seats": [{"kind": "bot", "bot": spec}, {}]}),
        "stand_in": server_refusal(client, "/api/tables", {"settings": {"stand_in": spec}}),
        "play": server_refusal(client, "/api/play", {"bot": spec}),
        "simulate": refusal(lambda: Experiment(GAME, ("greedy", spec), 1).check()),
        "tournament": refusal(lambda: tournament(GAME, ["greedy", spec], games=1, workers=1)),
        "terminal": refusal(lambda: open_table(game, ["human", spec], seed=1, options={})),
    }


def test_hostile_bot_specs_get_the_same_refusal_on_every_path(client: TestClient) -> None:
    for spec in HOSTILE:
        said = every_path(client, spec)
        expected = said["make_agent"]
        assert expected is not None, f"{spec[:50]!r} was accepted"
        assert len(expected) < 1000, expected  # a megabyte is not echoed back
        assert said == dict.fromkeys(said, expected), spec[:50]
    assert client.get("/api/tables").json() == []  # nothing was stored


def test_the_specs_the_docs_use_are_read_alike_everywhere(client: TestClient) -> None:
    for spec in LEGIT:
        game = dreamtable.load(GAME)
        assert refusal(lambda: make_agent(spec, game=game)) is None
        assert server_refusal(client, "/api/tables", {"seats": [{"kind": "bot", "bot": spec}, {}],
                                                      "settings": {"stand_in": spec}}) is None
        assert refusal(lambda: Experiment(GAME, ("greedy", spec), 1).check()) is None
        assert refusal(lambda: open_table(game, ["human", spec], seed=1, options={})) is None
    assert parse_bot_spec("ismcts:4000").iterations == 4000 and parse_bot_spec("hard:0.5s").seconds == 0.5
    stored = [table["seats"][0]["bot"] for table in client.get("/api/tables").json()]
    assert sorted(stored) == sorted(LEGIT)  # stored as written: the canonical form of these
    hard = make_agent("hard:0.25s", game=dreamtable.load(GAME))
    assert isinstance(hard, IsmctsAgent) and hard.seconds == 0.25


@pytest.mark.parametrize("spec", ["hard:0.01s", "ismcts:0.0123456789s", "ismcts:9.99999999s", "hard:1.50s",
                                  "ismcts:00500", "ismcts:10.0s", "ismcts:0.5s"])
def test_a_specs_canonical_form_reads_back_as_itself(spec: str) -> None:
    """The server stores a spec's canonical text and reads it again at every rebuild: it must parse
    to the same bot (a budget of 1e-10 s was once stored as 'ismcts:1e-10s', which the parser refuses,
    and the seat silently got another bot)."""
    text = parse_bot_spec(spec).text
    assert parse_bot_spec(text) == parse_bot_spec(spec) and parse_bot_spec(text).text == text
