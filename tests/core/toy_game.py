"""A tiny real-time game for testing the core's timers: tap before your 5-second clock runs out.

Each turn the active seat may ``tap`` (a point) before its deadline; if the deadline passes
instead, the turn moves on with no point. Six turns in all.
"""

from __future__ import annotations

from typing import Any

from dreamtable.core.contract import Game, GameInfo, Outcome, State, Timer
from dreamtable.core.errors import IllegalActionError, NotationError
from dreamtable.core.visibility import Event

TURNS = 6


class TapState(State):
    __slots__ = ("turn", "done", "points")

    def copy(self) -> "TapState":
        twin = TapState.__new__(TapState)
        self._copy_base_into(twin)
        twin.turn, twin.done, twin.points = self.turn, self.done, self.points[:]
        return twin

    def determinize(self, seat: int, rng: Any) -> "TapState":
        return self.copy()

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> list[str]:
        return ["tap"] if seat in self.actors else []

    def _next(self) -> None:
        self.done += 1
        self.turn = (self.turn + 1) % self.players

    def _apply(self, seat: int, action: Any) -> list[Event]:
        if action != "tap":
            raise IllegalActionError("the only move is tap")
        self.points[seat] += 1
        self._next()
        return [Event(seat, "tap")]

    @property
    def timers(self) -> tuple[Timer, ...]:
        return () if self.is_over else (Timer("clock", 5.0, self.turn),)

    def _expire(self, timer: Timer) -> list[Event]:
        self._next()
        return [Event(None, "time ran out")]

    @property
    def is_over(self) -> bool:
        return self.done >= TURNS

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        best = max(self.points)
        return Outcome(tuple(map(float, self.points)), tuple(s for s, p in enumerate(self.points) if p == best), "turns")

    def _view(self) -> dict[str, Any]:
        return {"points": self.points[:], "done": self.done}


class TapGame(Game):
    info = GameInfo("tap", "Tap", 2, 3)

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> TapState:
        state = TapState.__new__(TapState)
        state._init_base(self, players, seed, options)
        state.turn, state.done, state.points = 0, 0, [0] * players
        return state

    def parse_action(self, state: State, seat: int, text: str) -> str:
        if text != "tap":
            raise NotationError("write tap")
        return text


GAME = TapGame()
