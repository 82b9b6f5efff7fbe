"""Building Dream Cycle positions for rule tests: a painted board, tokens, fields, chi and tiles,
changed through the state's own fields while keeping every counter conserved."""

from __future__ import annotations

import random
from typing import Iterator

import dreamtable
from dreamtable.core.contract import seat_name
from dreamtable.games.dream_cycle.components import DEFAULTS, DIRECTIONAL_CODES, FIELD_CODES, INSPIRATION_CODES, SQUARE_CODES
from dreamtable.games.dream_cycle.rules import CycleState

GAME = dreamtable.load("dream-cycle")

CHEAP_NORTH = {k: dict(v) for k, v in DEFAULTS["directional_tiles"].items()}
"""The Directional tiles' table with North bought and sold for 1 chi (many more buys and sales)."""
CHEAP_NORTH["N"]["buy"] = CHEAP_NORTH["N"]["sell"] = 1


def table(players: int = 2, **options) -> CycleState:
    """A game whose starting player is A, every token on starting space seat + 1, A buying."""
    state = GAME.new(players, seed=options.pop("seed", 7), first_player="A", **options)
    for seat in list(state.start_order):
        state.apply(seat, GAME.parse_action(state, seat, f"start {seat + 1}"))
    return state


def paint(state: CycleState, colour: str = "G", **squares: str) -> None:
    """Every square of the laid rows becomes ``colour``; ``x3y4="BL"`` paints one square."""
    kinds = list(state.kinds)
    code = SQUARE_CODES.index(colour)
    for p, kind in enumerate(kinds):
        if kind < 12:
            kinds[p] = code
    for name, value in squares.items():
        x, y = name[1:].split("y")
        kinds[state.geo.pos(int(x), int(y))] = SQUARE_CODES.index(value)
    state.kinds = tuple(kinds)
    state._cache = {}


def put(state: CycleState, seat: int, x: int, y: int, facing: str = "N") -> None:
    state.pos[seat] = state.geo.pos(x, y)
    state.facing[seat] = "NESW".index(facing)
    state._cache = {}


def at(state: CycleState, seat: int) -> tuple[int, int, str]:
    x, y = state.geo.xy(state.pos[seat])
    return x, y, "NESW"[state.facing[seat]]


def fields(state: CycleState, seat: int, **by_colour: str) -> None:
    """``fields(state, 0, R="LR", G="N")``: tiles taken from the stock onto the fields."""
    for colour, tiles in by_colour.items():
        f = FIELD_CODES.index(colour)
        for k in state.fields[seat][f]:
            state.stock[k] += 1
        kinds = tuple(DIRECTIONAL_CODES.index(t) for t in tiles)
        for k in kinds:
            state.stock[k] -= 1
        state.fields[seat][f] = kinds
    state._cache = {}


def set_chi(state: CycleState, seat: int, amount: int) -> None:
    state.supply += state.chi[seat] - amount
    state.chi[seat] = amount
    state._cache = {}


def give_inspiration(state: CycleState, seat: int, *codes: str) -> None:
    for code in codes:
        k = INSPIRATION_CODES.index(code)
        state.insp_supply[k] -= 1
        state.insp[seat].append(k)
    state.insp[seat].sort()
    state._cache = {}


def texts(state: CycleState, last: int = 40) -> list[str]:
    return [event["text"] for event in state.log(None, last)]


def question(state: CycleState) -> str | None:
    """The kind of question the movement waits on (``choose``, ``pause``, ``conflict``, …), or ``None``."""
    movement = state.movement
    return None if movement is None or movement.question is None else movement.question.kind


def rides(state: CycleState, seat: int = 0) -> int:
    """How many times the seat's bicycle rode in its last Movement Phase: one arrival each."""
    found = 0
    for text in texts(state, last=None):
        if text == f"{seat_name(seat)}'s Movement Phase begins.":
            found = 0
        elif text.startswith(f"{seat_name(seat)}'s bicycle "):
            found += 1
    return found


def random_states(players: int, options: dict, seed: int, steps: int = 1_500) -> Iterator[CycleState]:
    """The states of a seeded random game, out-of-turn moves included (any actor may move next), one
    after each move (the same state object, changed in place); expired timers when nobody may act."""
    state = GAME.new(players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        actors = state.actors
        if not actors:
            state.expire(state.timers[0])
            continue
        seat = rng.choice(actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state
