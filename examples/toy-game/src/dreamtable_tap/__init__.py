"""Tap: a tiny real-time game, dreamtable's sixth, packaged on its own as any outside game would be.

Each turn the active seat may ``tap`` (a point) or ``draw`` a hidden card worth 0–2 points that
only it sees, before its deadline (option ``clock``, 5 seconds by default); if the deadline passes
instead, the turn moves on with no point. Six turns in all (option ``turns``, 1–100,000: long games
test the platform). The rules
page for players is ``rules/en.md``, the one for developers (notation, rule IDs)
``rules/developers.en.md``, the browser module ``web/board.js``; docs/adding-a-game.md in
dreamtable walks through this package.
"""

from __future__ import annotations

from typing import Any, Mapping

from dreamtable.core.contract import Game, GameInfo, Option, Outcome, State, Timer
from dreamtable.core.errors import IllegalActionError, NotationError
from dreamtable.core.rng import reseeded, shuffle_with
from dreamtable.core.visibility import Event, owner_only
from dreamtable.core.words import Message, Words

from .wording import message

MOVES = ("tap", "draw")


class TapState(State[str]):
    __slots__ = ("turn", "done", "points", "deck", "drawn")

    turn: int
    done: int
    points: list[int]
    deck: list[int]
    drawn: list[list[int]]

    def copy(self) -> "TapState":
        twin = TapState.__new__(TapState)
        self._copy_base_into(twin)
        twin.turn, twin.done, twin.points = self.turn, self.done, self.points[:]
        twin.deck, twin.drawn = self.deck[:], [cards[:] for cards in self.drawn]
        return twin

    def determinize(self, seat: int, rng: Any) -> "TapState":
        twin = self.copy()
        if self.is_over:  # every card is shown at the end (TAP-R5): only the deck's order is unknown
            twin.deck = sorted(self.deck)
            shuffle_with(twin.deck, rng)
            twin.rng = reseeded(rng)
            return twin
        pool = sorted(self.deck + [card for other, cards in enumerate(self.drawn) if other != seat for card in cards])
        shuffle_with(pool, rng)
        for other in range(self.players):
            if other != seat:
                twin.drawn[other] = [pool.pop() for _ in self.drawn[other]]
        twin.deck = pool
        twin.rng = reseeded(rng)
        return twin

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> list[str]:
        return list(MOVES) if seat in self.actors else []

    def _next(self) -> None:
        self.done += 1
        self.turn = (self.turn + 1) % self.players

    def _apply(self, seat: int, action: str) -> list[Event]:
        if action not in MOVES:
            raise IllegalActionError(f"the moves are tap and draw, not {action!r}")
        if action == "draw":
            card = self.deck.pop()
            self.drawn[seat].append(card)
            self._next()
            return [Event("draw", seat, {"card": owner_only(seat, card, "a card")}), *self._ending()]
        self.points[seat] += 1
        self._next()
        return [Event("tap", seat), *self._ending()]

    @property
    def timers(self) -> tuple[Timer, ...]:
        return () if self.is_over else (Timer(f"clock-{self.done}", float(self._options["clock"]), self.turn),)

    def _expire(self, timer: Timer) -> list[Event]:
        seat = self.turn
        self._next()
        return [Event("time-up", None, {"seat": seat}), *self._ending()]

    def _ending(self) -> list[Event]:
        """The game-over event once the last turn is played (TAP-R4, TAP-R6): the winners and each total."""
        outcome = self.outcome
        if outcome is None:
            return []
        return [Event("game-over", None, {"winners": list(outcome.winners), "totals": [int(score) for score in outcome.scores]})]

    @property
    def is_over(self) -> bool:
        return self.done >= self._options["turns"]

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        totals = [points + sum(cards) for points, cards in zip(self.points, self.drawn)]
        best = max(totals)
        return Outcome(tuple(map(float, totals)), tuple(s for s, p in enumerate(totals) if p == best), "turns")

    def _ask(self, seat: int) -> dict[str, Any]:
        return {"kind": "tap-or-draw"}

    def _view(self) -> dict[str, Any]:
        return {
            "points": self.points[:],
            "done": self.done,
            "deck": len(self.deck),
            # TAP-R5: a drawn card is its owner's secret until the end, when the totals show them all.
            "drawn": [cards[:] if self.is_over else owner_only(seat, cards[:], len(cards)) for seat, cards in enumerate(self.drawn)],
        }


class TapGame(Game[str]):
    info = GameInfo("tap", "Tap", 2, 3, (
        Option("turns", 6, "how many turns the game lasts (TAP-R4)", minimum=1, maximum=100_000),
        Option("clock", 5, "seconds a turn lasts before it passes (TAP-R3)", minimum=1, maximum=3600)))
    # Each event's and question's words: web/i18n/<lang>.json ("event.tap", "prompt.tap-or-draw", …).
    prompt_fields: dict[str, tuple[str, ...]] = {"tap-or-draw": ()}
    event_fields = {"tap": (), "draw": ("card",), "time-up": ("seat",), "game-over": ("winners", "totals")}  # what each event carries: nothing else passes
    encoding_module = f"{__name__}.encoding"  # action ids and observation tensors for the research adapters
    event_rules = {"tap": ("TAP-R1",), "draw": ("TAP-R2",), "time-up": ("TAP-R3",), "game-over": ("TAP-R4", "TAP-R6")}  # the rule each event shows applied
    rules_without_behaviour = {  # what no move applies, and the test that checks it
        "TAP-R5": "test_TAP_R5_a_drawn_card_is_seen_by_its_owner_alone_until_the_end",
    }

    def message(self, event: Mapping[str, Any]) -> Message:
        """The catalogue sentence of an event as the seat sees it (see .wording)."""
        return message(event)

    def render(self, view: dict[str, Any], words: Words | None = None) -> Any:
        """The board as text for the terminal (see .render)."""
        from .render import render

        return render(view, words or self.words())

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> TapState:
        state = TapState.__new__(TapState)
        state._init_base(self, players, seed, options)
        state.turn, state.done, state.points = 0, 0, [0] * players
        state.deck = [0, 1, 2] * (options["turns"] // 3 + 1)
        state.rng.shuffle(state.deck)
        state.drawn = [[] for _ in range(players)]
        return state

    def _parse_action(self, state: State[str], seat: int, text: str) -> str:
        if text not in MOVES:
            raise NotationError("write tap or draw")
        return text


GAME = TapGame()
