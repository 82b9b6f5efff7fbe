"""Fingerprints of seeded random games, for checking that engine speed-ups change no behaviour.

A fingerprint is a SHA-256 over what a game shows the outside world: the record (its JSON), the
view of every seat and of a spectator at regular points and at the end, and the event log as each
of them sees it at the end. Speed work (caches, incremental legal lists, precomputed tables) must
leave every fingerprint as it was; ``tests/data/engine_fingerprints.json`` holds the ones the code
gave before such work, and ``test_engine_equivalence.py`` asserts them.

Regenerate (only when a rule or the wording deliberately changes)::

    PYTHONPATH=src .venv/bin/python -m tests.games.engine_fingerprints > tests/data/engine_fingerprints.json
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from dreamtable import load

GAMES = ("sogni-e-incubi", "deep-dreams", "dreamwell", "dream-cycle", "when-i-dream")
SEEDS = range(30)
VIEW_EVERY = 400
"""Decisions between two snapshots of every view (plus one at the end)."""
MAX_DECISIONS = 6_000
"""Random games stop here at the latest (a few Dreamwell and Dream Cycle games run to 30,000)."""


def players_for(game_id: str, seed: int) -> int:
    """Every player count of the game in turn, over the seeds."""
    info = load(game_id).info
    return info.min_players + seed % (info.max_players - info.min_players + 1)


def _dump(value: Any) -> bytes:
    return json.dumps(_unworded(value), sort_keys=True, default=repr, ensure_ascii=False).encode()


def _unworded(value: Any) -> Any:
    """``value`` without the messages a view's events and question carry for the pages' words
    (``message``, ``prompt_message``): what a game shows, not how a page words it, which its own tests
    check (tests/games/test_messages.py). Its English ``text`` stays in the fingerprint."""
    if isinstance(value, dict):
        return {key: _unworded(item) for key, item in value.items() if key not in ("message", "prompt_message")}
    if isinstance(value, list):
        return [_unworded(item) for item in value]
    return value


def fingerprint(game_id: str, seed: int) -> str:
    """The fingerprint of random play (``random.Random(seed)`` among ``legal_actions``) of ``seed``."""
    game = load(game_id)
    state = game.new(players=players_for(game_id, seed), seed=seed)
    chooser = random.Random(seed)
    digest = hashlib.sha256()
    seats: list[int | None] = [None, *range(state.players)]

    def snapshot() -> None:
        for seat in seats:
            digest.update(_dump(state.view(seat)))
            if seat is not None:
                digest.update(_dump([str(action) for action in state.legal_actions(seat)]))

    decisions = 0
    while not state.is_over and decisions < MAX_DECISIONS:
        actors = state.actors
        if not actors:
            events = state.expire(state.timers[0])
        else:
            seat = actors[0]
            legal = state.legal_actions(seat)
            events = state.apply(seat, legal[chooser.randrange(len(legal))])
        digest.update(_dump([event.seen_by(None) for event in events]))
        decisions += 1
        if decisions % VIEW_EVERY == 0:
            snapshot()
    snapshot()
    for seat in seats:
        digest.update(_dump(state.log(seat)))
    digest.update(state.record().to_json().encode())
    return digest.hexdigest()


def all_fingerprints() -> dict[str, list[str]]:
    return {game_id: [fingerprint(game_id, seed) for seed in SEEDS] for game_id in GAMES}


if __name__ == "__main__":
    json.dump(all_fingerprints(), sys.stdout, indent=1)
    sys.stdout.write("\n")
