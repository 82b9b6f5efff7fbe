"""Kit checks of undo at a table, played at random through the contract: time and people.

* :func:`check_undo_keeps_time` — on a simulated clock that moves while the human thinks, no undo
  ever gives a deadline more time than it had: after an undo every pending deadline falls due at
  the moment it was due just before the move taken back (never later), and none is armed afresh;
* :func:`check_undo_keeps_what_people_saw` — two seats held by people (one leaves part-way and a
  bot plays it on), both asking to undo often: no granted undo takes back an event any other seat's
  log showed while a person held it.

Each raises ``AssertionError`` naming the game, seed and step. A refused undo must change nothing.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from .clock import SimulatedClock
from .registry import load
from .rng import bot_seed
from .seats import seat_name
from .table import Table, UndoError

EPSILON = 1e-9
"""Slack for comparing moments on the clock (sums of floats)."""


def _bots(players: int, seed: int, people: set[int]) -> dict[int, Any]:
    from ..agents import RandomAgent  # agents sit above core: imported only when bots are needed

    return {seat: RandomAgent(bot_seed(seed, seat)) for seat in range(players) if seat not in people}


def _fingerprint(table: Table) -> str:
    """What a refused undo must leave as it was: the change count, every view and the deadlines."""
    views = [table.view(seat) for seat in [*range(table.state.players), None]]
    return json.dumps([table.seq, views, table.deadlines()], sort_keys=True)


def _refused(table: Table, seat: int, reason: str, where: str) -> None:
    """``undo`` must refuse as ``why_no_undo`` said, with ``UndoError``, and change nothing."""
    before = _fingerprint(table)
    try:
        table.undo(seat)
    except UndoError:
        pass
    else:
        raise AssertionError(f"{where}: undo went ahead though the table said {reason!r}")
    if _fingerprint(table) != before:
        raise AssertionError(f"{where}: a refused undo ({reason!r}) changed the table")


def _next_person(table: Table, clock: SimulatedClock, rng: random.Random, where: str) -> int | None:
    """Run the clock and the bots until a person may act, and return that person's seat (``None``
    once the game is over). A person among the actors gets a turn even when a bot may act too (a
    clue-giver beside a bot Dreamer), at random, so every role is played by a person now and then."""
    for _ in range(100_000):
        if table.is_over:
            return None
        if table.expire_due():
            continue
        actors = table.state.actors
        people = [seat for seat in actors if seat in table.humans]
        ready = table.ready_bots()
        if people and (actors[0] in table.humans or not ready or rng.random() < 0.5):
            return rng.choice(people)
        if ready and table.step_bots():
            continue
        now = clock.now()
        wakeup = table.next_wakeup()
        if wakeup is None or wakeup <= now:  # every bot due was asked and chose to wait
            later = [moment for moment in table.deadlines().values() if moment > now]
            if not later:
                raise AssertionError(f"{where}: the table is stuck: no person or bot may act and no deadline is pending")
            wakeup = min(later)
        clock.advance_to(wakeup)
    raise AssertionError(f"{where}: no person was asked to act in 100,000 steps")


@dataclass
class UndoTimeReport:
    """What :func:`check_undo_keeps_time` saw."""

    undone: int = 0
    moments_with_deadlines: int = 0
    """Moments a person acted while a deadline was pending (0: the game, with these options, has no clock)."""
    deadlines_compared: int = 0
    """Deadlines pending after a granted undo, each compared with the moment it had before the move."""
    refused_ran_out: int = 0
    """Undos refused because a deadline the move had stopped ran out since."""


def check_undo_keeps_time(game_id: str, players: int, seed: int, *, max_steps: int = 200,
                          options: dict[str, Any] | None = None, report: UndoTimeReport | None = None) -> UndoTimeReport:
    """Random play at a table, one seat (``seed`` modulo the players, so that seeds take turns at
    every role) a person who often asks to undo, the others random bots; the
    simulated clock moves by a random share (0–110%) of the nearest deadline's time after each human
    action, so deadlines run and sometimes pass. After each granted undo, every pending deadline
    must be due exactly when it was due just before the move taken back (never later), and the
    time left on a deadline pending across the undo must not grow."""
    report = report or UndoTimeReport()
    rng = random.Random(seed * 7907 + players)
    clock = SimulatedClock()
    person = seed % players
    table = Table(load(game_id).new(players=players, seed=seed, **(options or {})), _bots(players, seed, {person}),
                  clock=clock)
    due_before_move: list[dict[str, float]] = []  # the deadlines just before each of the person's moves
    for step in range(max_steps):
        where = f"{game_id} players={players} seed={seed} step={step}"
        if _next_person(table, clock, rng, where) is None:
            break
        if due_before_move and rng.random() < 0.35:
            reason = table.why_no_undo(person)
            if reason is None:
                due_now, was_due = table.deadlines(), due_before_move.pop()
                table.undo(person)
                for name, moment in table.deadlines().items():
                    if name not in was_due:
                        raise AssertionError(f"{where}: undo armed the deadline {name!r} afresh "
                                             f"({moment - clock.now():.3f} s left); it was not pending before the move")
                    if moment > was_due[name] + EPSILON or moment > due_now.get(name, moment) + EPSILON:
                        raise AssertionError(f"{where}: undo gave the deadline {name!r} more time: due at {moment:.3f}, "
                                             f"it was due at {was_due[name]:.3f} before the move taken back")
                    report.deadlines_compared += 1
                report.undone += 1
            else:
                report.refused_ran_out += "has run out" in reason
                _refused(table, person, reason, where)
        else:
            due_before_move.append(table.deadlines())
            table.submit(person, rng.choice(table.legal_actions(person)))
        pending = table.deadlines()
        report.moments_with_deadlines += bool(pending)
        if pending:  # the person thinks a while; now and then past the nearest deadline
            clock.advance(rng.random() * 1.1 * max(0.0, min(pending.values()) - clock.now()))
    return report


@dataclass
class UndoPeopleReport:
    """What :func:`check_undo_keeps_what_people_saw` saw."""

    undone: int = 0
    refused_told: int = 0
    """Undos refused because another person was told of a move."""
    handed_over: int = 0
    """Seats whose person left part-way (a bot played on)."""


TAIL = 8
"""How many of the last events of a seat's log are compared besides its length (an undo takes
events back only from the end, so a log that keeps its length and its tail kept all of it)."""


def _log(table: Table, seat: int) -> tuple[int, str]:
    """A seat's log as it stands: its length and its last events as the seat may know them."""
    return table.event_count, json.dumps(table.state.log(seat, TAIL), sort_keys=True)


def _still_shows(table: Table, seat: int, seen: tuple[int, str]) -> bool:
    """Whether the seat's log still begins with everything it showed when ``seen`` was taken."""
    count, tail = seen
    now = table.event_count
    if now < count:
        return False
    shown = table.state.log(seat, now - count + TAIL)[:min(TAIL, count)]
    return json.dumps(shown, sort_keys=True) == tail


def check_undo_keeps_what_people_saw(game_id: str, players: int, seed: int, *, max_steps: int = 150,
                                     options: dict[str, Any] | None = None,
                                     report: UndoPeopleReport | None = None) -> UndoPeopleReport:
    """Random play at a table where two neighbouring seats (from ``seed`` modulo the players, so
    that seeds take turns at every role) are people who often ask to undo, whoever's turn it is, the
    others random bots; at a random step the second person leaves and a bot plays that seat on.
    Every undo granted is re-checked against what each other seat's log showed while a person held
    it (the leaver's log as it stood when they left, the others' as they stand): the log after the
    undo must still begin with all of it."""
    report = report or UndoPeopleReport()
    rng = random.Random(seed * 7919 + players)
    stays, leaves = seed % players, (seed + 1) % players
    clock = SimulatedClock()
    table = Table(load(game_id).new(players=players, seed=seed, **(options or {})), _bots(players, seed, {stays, leaves}),
                  clock=clock)
    shown: dict[int, tuple[int, str]] = {}  # a seat whose person left -> its log as that person last saw it
    moved: set[int] = set()
    leaves_at = rng.randrange(max_steps // 8, max_steps // 2)
    for step in range(max_steps):
        where = f"{game_id} players={players} seed={seed} step={step}"
        if step >= leaves_at and leaves in table.humans:
            shown[leaves] = _log(table, leaves)
            table.hand_to_bot(leaves, _bots(players, seed + 1, set())[leaves])
            report.handed_over += 1
        mover = _next_person(table, clock, rng, where)
        if mover is None:
            break
        asking = sorted(moved.intersection(table.humans))  # anyone may ask, not only the seat to move
        if asking and rng.random() < 0.35:
            seat = rng.choice(asking)
            reason = table.why_no_undo(seat)
            if reason is None:
                seen = {**{other: _log(table, other) for other in table.humans if other != seat}, **shown}
                table.undo(seat)
                for other, log in sorted(seen.items()):
                    if other != seat and not _still_shows(table, other, log):
                        raise AssertionError(
                            f"{where}: {seat_name(seat)}'s undo took back what {seat_name(other)}'s log showed a person: "
                            f"{log[0]} events seen, {table.event_count} left")
                report.undone += 1
            else:
                report.refused_told += "was told" in reason or "were told" in reason
                _refused(table, seat, reason, where)
            continue
        table.submit(mover, rng.choice(table.legal_actions(mover)))
        moved.add(mover)
    return report


__all__ = ["UndoPeopleReport", "UndoTimeReport", "check_undo_keeps_time", "check_undo_keeps_what_people_saw"]
