"""A bot's turn takes its budget plus the table's bot delay, whatever the other seats do meanwhile.

Dream Cycle lets a player reposition their own tiles during another player's Buying Phase (DC-R23,
DC-R27): each such move is a change of the table. A bot's thinking and its delay are counted from the
moment the game began waiting for it, not from the last change, so a person moving every half second
neither restarts the bot's thinking nor holds back its moves; and its time budget is the whole turn's,
split over the turn's decisions (server/turn_budget.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dreamtable.server.app import create_app
from dreamtable.server.hub import ServerSettings

from .conftest import bearer

GAME = "dream-cycle"
BUDGET = 1.0
"""The bot's budget (hard:1s): its whole turn's thinking."""
DELAY = 0.6
"""The table's bot delay (the server's default)."""
MARGIN = 2.0
"""What a turn may take beyond budget and delay: each decision after the budget is spent still reads one
ply (Dream Cycle's evaluation of a Buying Phase's twenty to thirty moves: 30 ms in the median, up to
0.7 s on a machine busy with other work), and each of the turn's changes is stored and sent, and the bot
goes to its worker process and back. Measured: 1.2–3.4 s a turn, idle or not."""
PERSON_EVERY = 0.5
"""How often the person repositions a tile while the bot holds its turn."""
POLL = 0.05


@dataclass
class Watch:
    """What the person saw: each bot turn's length, and the person's moves accepted during them."""

    turns: list[float] = field(default_factory=list)
    changes: list[int] = field(default_factory=list)
    """How many changes (the bot's moves and the person's) each of those turns had."""
    moves_during: int = 0
    refused: list[str] = field(default_factory=list)


def own_turn_move(legal: list[str], board: dict[str, Any], seat: int) -> str:
    """The person's move in their own turn, chosen to be quick: buy two tiles and place one, so that
    there is always a tile to reposition in the bot's turns; then end; answer any question at once."""
    mine = board["seats"][seat]
    held = sum(mine["hand"].values())
    placed = sum(len(tiles) for tiles in mine["fields"].values())
    if held + placed < 2:
        buys = [move for move in legal if move.startswith("buy ")]
        if buys:
            return buys[0]
    if placed == 0:
        places = [move for move in legal if move.startswith("place ")]
        if places:
            return places[0]
    return "end" if "end" in legal else legal[0]


def repositioning(legal: list[str]) -> str | None:
    """A move of the person's own tiles between hand and fields, if one is open now (DC-R23)."""
    moves = [move for move in legal if move.startswith(("place ", "unplace "))]
    return moves[0] if moves else None


def play(client: TestClient, person_moves: bool, seconds: float, bot: str = f"hard:{BUDGET:g}s") -> Watch:
    """Seat A a person, seat B the bot; play for ``seconds`` and time every bot turn (from the first
    moment the person saw the game wait for the bot in its Buying or Movement Phase to the first moment
    it waited for anyone else)."""
    created = client.post("/api/tables", json={
        "game": GAME, "players": 2, "seed": 5, "settings": {"bot_delay": DELAY, "undo": False},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}]})
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    tokens = {link["seat"]: link["token"] for link in created.json()["links"].values()}
    assert client.post(f"/api/tables/{table}/start", headers=bearer(created.json()["host_token"])).status_code == 200
    person = bearer(tokens[0])
    watch = Watch()
    began: float | None = None
    began_seq = 0
    next_move = 0.0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        message = client.get(f"/api/tables/{table}/view", headers=person).json()
        view = message["view"]
        if view["outcome"] is not None:
            break
        now = time.monotonic()
        bots_turn = view["turn"] == 1 and view["board"]["phase"] != "start"
        if bots_turn and began is None:
            began, began_seq, next_move = now, message["seq"], now + PERSON_EVERY
        elif not bots_turn and began is not None:
            watch.turns.append(now - began)
            watch.changes.append(message["seq"] - began_seq)
            began = None
        legal = message.get("legal", [])
        if view["turn"] == 0 and legal:
            move = own_turn_move(legal, view["board"], 0)
        elif bots_turn and person_moves and now >= next_move:
            next_move += PERSON_EVERY
            move = repositioning(legal)
        else:
            move = None
        if move is not None:
            made = client.post(f"/api/tables/{table}/moves", headers=person, json={"move": move, "seq": message["seq"]})
            if made.status_code != 200:
                watch.refused.append(f"{move}: {made.text[:200]}")
            elif bots_turn:
                watch.moves_during += 1
            continue
        time.sleep(POLL)
    return watch


def settings(tmp_path: Path) -> ServerSettings:
    return ServerSettings(db=f"sqlite:///{tmp_path}/server.db", bot_delay=DELAY, bot_workers=1)


def check_turns(watch: Watch, seconds: float) -> None:
    assert len(watch.turns) >= 4, f"only {len(watch.turns)} bot turns ended in {seconds:g} s: {watch}"
    longest = max(watch.turns)
    assert longest <= BUDGET + DELAY + MARGIN, (
        f"a bot turn took {longest:.2f} s, more than its budget {BUDGET:g} s + delay {DELAY:g} s + {MARGIN:g} s: {watch}")


@pytest.mark.slow
def test_a_bots_turn_ends_within_its_budget_and_delay_while_a_person_repositions_tiles_every_half_second(
        tmp_path: Path) -> None:
    seconds = 30.0
    with TestClient(create_app(settings(tmp_path))) as client:
        watch = play(client, person_moves=True, seconds=seconds)
    check_turns(watch, seconds)
    # The person really moved meanwhile, out of turn (DC-R23, DC-R27): about two moves a bot turn.
    assert watch.moves_during >= len(watch.turns), watch


@pytest.mark.slow
def test_a_bots_turn_ends_within_its_budget_and_delay_when_nobody_else_moves(tmp_path: Path) -> None:
    seconds = 20.0
    with TestClient(create_app(settings(tmp_path))) as client:
        watch = play(client, person_moves=False, seconds=seconds)
    check_turns(watch, seconds)
    assert watch.moves_during == 0
