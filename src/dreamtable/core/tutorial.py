"""A game's guided first game, as its package declares it in ``web/tutorial.json``.

A tutorial is a fixed deal (``seed``, ``options``) with one person and bots (``seats``: ``"you"``
once, a bot spec for every other seat), and ``steps`` that teach one kind of move each::

    {"says": "tutorial.draw",                    the step's words: a key of the game's catalogue
     "points": [".si-deck[role=button]"],        CSS selectors on the page, the first one present wins
     "move": "^draw$",                           the moves (notation, a regular expression) that do it;
                                                 or a list, the deal's own move first, then the general
     "until": {"kind": "draw"}}                  the event of the person's own move that ends the step:
                                                 its kind, and a regular expression per field if needed

and ``finish``, the words shown once every step is done (the person then plays the game out). The
file sits under ``web/`` so the page reads it at ``/games/<game>/tutorial.json``, as it reads the
board module; the server reads it here to deal the table. Nothing in this module names a game.
:func:`follow` plays a tutorial through with the core table, as its pointers would: the tests use it
to show that each step is reachable on the tutorial's own deal.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from .contract import Game
from .errors import SetupError
from .game_package import web_folder

TUTORIAL_FILE = "tutorial.json"
YOU = "you"
"""The person's seat in ``seats``; every other entry is a bot spec."""
HOW_TO_PLAY = "howto."
"""The catalogue keys of a game's one-screen summary: ``howto.1``, ``howto.2`` ... in order."""


@dataclass(frozen=True)
class Step:
    """One thing the tutorial teaches: its words, where it points, which moves do it, when it is done."""

    says: str
    points: tuple[str, ...]
    move: tuple[str, ...]
    """Patterns of the moves that do the step, the preferred first (the one the deal was chosen for)."""
    until: Mapping[str, str]

    def pick(self, legal: list[str]) -> str | None:
        """The move a person following the guide makes among ``legal``: the first that the first
        pattern with any match matches; ``None`` when no pattern matches any."""
        for pattern in self.move:
            found = next((text for text in legal if re.search(pattern, text)), None)
            if found is not None:
                return found
        return None

    def done_by(self, event: Mapping[str, Any]) -> bool:
        """Whether ``event`` (as a view shows it) is this step done: its kind, and each field's pattern."""
        if event.get("kind") != self.until["kind"]:
            return False
        return all(re.search(pattern, str(event.get(name))) is not None
                   for name, pattern in self.until.items() if name != "kind")


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game (see the module's docstring)."""

    seed: int
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    steps: tuple[Step, ...]
    finish: str
    you: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "you", self.seats.index(YOU))

    @property
    def bots(self) -> dict[int, str]:
        """The bot spec of every seat but the person's."""
        return {seat: spec for seat, spec in enumerate(self.seats) if seat != self.you}


def _where(game: Game[Any]) -> str:
    return f"{game.id}: web/{TUTORIAL_FILE}"


def _read(game: Game[Any], found: Any) -> Tutorial:
    """The tutorial in ``found`` (the parsed file), or SetupError saying what is wrong and what is allowed."""
    where = _where(game)
    if not isinstance(found, dict):
        raise SetupError(f"{where} must be one JSON object with seed, options, seats, steps and finish")
    unknown = sorted(set(found) - {"seed", "options", "seats", "steps", "finish"})
    if unknown:
        raise SetupError(f"{where} has keys {', '.join(unknown)}; it may hold seed, options, seats, steps and finish")
    seed, options, seats, steps, finish = (found.get(key) for key in ("seed", "options", "seats", "steps", "finish"))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
        raise SetupError(f"{where}: seed must be a whole number from 0 to 2**31 - 1, not {seed!r}")
    if not isinstance(options, dict):
        raise SetupError(f"{where}: options must be an object of the game's options, not {options!r}")
    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats) or seats.count(YOU) != 1:
        raise SetupError(f"{where}: seats must list {YOU!r} once and a bot spec for every other seat, not {seats!r}")
    if not isinstance(finish, str):
        raise SetupError(f"{where}: finish must be a catalogue key, not {finish!r}")
    if not isinstance(steps, list) or not steps:
        raise SetupError(f"{where}: steps must be a list of at least one step")
    return Tutorial(seed, dict(options), tuple(seats), tuple(_step(game, index, step) for index, step in enumerate(steps)), finish)


def _step(game: Game[Any], index: int, found: Any) -> Step:
    where = f"{_where(game)} step {index + 1}"
    if not isinstance(found, dict) or set(found) != {"says", "points", "move", "until"}:
        raise SetupError(f"{where} must be an object with exactly says, points, move and until")
    says, points, move, until = found["says"], found["points"], found["move"], found["until"]
    moves = [move] if isinstance(move, str) else move
    if not isinstance(moves, list) or not moves or not all(isinstance(pattern, str) for pattern in moves):
        raise SetupError(f"{where}: move must be a pattern of the moves' notation, or a list of them, not {move!r}")
    if not isinstance(says, str):
        raise SetupError(f"{where}: says must be a catalogue key, not {says!r}")
    if not isinstance(points, list) or not points or not all(isinstance(point, str) and point for point in points):
        raise SetupError(f"{where}: points must list one or more CSS selectors, not {points!r}")
    if not isinstance(until, dict) or not isinstance(until.get("kind"), str) or not all(
            isinstance(pattern, str) for pattern in until.values()):
        raise SetupError(f"{where}: until must be an object with an event kind and, per field, a pattern, not {until!r}")
    if until["kind"] not in game.event_fields:
        raise SetupError(f"{where}: until names the event kind {until['kind']!r}; the game's are "
                         f"{', '.join(sorted(game.event_fields))}")
    fields = set(game.event_fields.get(until["kind"], ()))
    strange = sorted(set(until) - {"kind"} - fields)
    if strange:
        raise SetupError(f"{where}: a {until['kind']} event has no field {', '.join(strange)}; it has "
                         f"{', '.join(sorted(fields)) or 'none'}")
    for pattern in [*moves, *(value for name, value in until.items() if name != "kind")]:
        try:
            re.compile(pattern)
        except (re.error, TypeError) as error:
            raise SetupError(f"{where}: {pattern!r} is not a regular expression: {error}") from None
    return Step(says, tuple(points), tuple(moves), dict(until))


def tutorial_of(game: Game[Any]) -> Tutorial | None:
    """The game's tutorial, or ``None`` when its package declares none; SetupError when it is malformed."""
    path = web_folder(game) / TUTORIAL_FILE
    if not path.is_file():
        return None
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        raise SetupError(f"{_where(game)} is not valid JSON: {error}") from None
    return _read(game, found)


def tutorial_problems(game: Game[Any], tutorial: Tutorial, english: Mapping[str, object]) -> list[str]:
    """What the tutorial asks of the game that the game lacks: a deal it refuses, words its English
    catalogue lacks (every step's, the finish, and the how-to-play summary ``howto.1``)."""
    problems = []
    try:
        game.new(len(tutorial.seats), tutorial.seed, **tutorial.options)
    except SetupError as error:
        problems.append(f"{TUTORIAL_FILE} deals a game the game refuses: {error}")
    keys = [*(step.says for step in tutorial.steps), tutorial.finish, f"{HOW_TO_PLAY}1"]
    missing = [key for key in keys if key not in english]
    if missing:
        problems.append(f"{TUTORIAL_FILE} uses keys the English catalogue lacks: {', '.join(missing)}")
    return problems


@dataclass
class Followed:
    """What following a tutorial did: each step in the order it was done, and the person's moves."""

    done: list[int] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)


def follow(game: Game[Any], tutorial: Tutorial, *, max_moves: int = 200) -> Followed:
    """Play the tutorial as a person who always makes the first legal move of the first step not yet
    done, against its bots on its deal, until every step is done. ``RuntimeError`` when a step's
    move is not legal when the person must act, or the game ends or runs ``max_moves`` first."""
    from ..agents import build_agent, parse_bot_spec  # lazily: core imports no bots at import time
    from .clock import SimulatedClock
    from .rng import bot_seed
    from .table import Table

    state = game.new(len(tutorial.seats), tutorial.seed, **tutorial.options)
    bots = {seat: build_agent(parse_bot_spec(spec, game), seed=bot_seed(tutorial.seed, seat), game=game)
            for seat, spec in tutorial.bots.items()}
    clock = SimulatedClock()
    table = Table(state, bots, clock=clock)
    you, followed = tutorial.you, Followed()
    waits = 0
    while len(followed.done) < len(tutorial.steps):
        table.advance()
        if table.is_over or len(followed.moves) >= max_moves or waits > max_moves:
            raise RuntimeError(f"{game.id}: the game ended or ran {max_moves} moves with steps "
                               f"{[i + 1 for i in range(len(tutorial.steps)) if i not in followed.done]} not done")
        step = next(i for i in range(len(tutorial.steps)) if i not in followed.done)
        legal = [str(action) for action in table.legal_actions(you)]
        move = tutorial.steps[step].pick(legal)
        wakeup = table.next_wakeup()
        if move is None and wakeup is not None and table.state.timers:
            # a game on the clock: the step's move comes when a deadline passes (a night ends), so
            # the person waits for it, as the page tells them to
            clock.advance_to(max(wakeup, clock.now()) + 0.001)
            table.expire_due() or table.step_bots()
            waits += 1
            continue
        if move is None:
            raise RuntimeError(f"{game.id}: step {step + 1}'s move {' or '.join(tutorial.steps[step].move)!r} is not legal "
                               f"when the person must act; legal: {', '.join(legal)}")
        cursor = table.event_count
        table.submit(you, move)
        followed.moves.append(move)
        events, _ = table.events_since(you, cursor)
        for event in events:
            if event.get("actor") != you:
                continue
            for index, candidate in enumerate(tutorial.steps):
                if index not in followed.done and candidate.done_by(event):
                    followed.done.append(index)
                    break
    return followed
