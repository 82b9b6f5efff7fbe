"""When I Dream at the terminal, against the real clock: one human, word bots in the other seats.

The engine never reads a clock; this loop does. It remembers when each of ``state.timers`` was
first listed, and when a deadline passes it calls ``state.expire``. Bot clue-givers speak after
``clue_delay`` seconds; a bot Dreamer answers as soon as the clues point somewhere. The human types
at any moment: the Dreamer a guess (or ``pass``), a clue-giver a clue on their turn (or ``pass``,
or ``flag c5``), and in the day the recount and review votes.
"""

from __future__ import annotations

import select
import sys
import time
from typing import Any, Callable

from rich.console import Console

from ..core.contract import seat_name
from ..core.errors import DreamtableError
from ..games.when_i_dream import wordbots



class RealTimeGame:
    """One game of When I Dream with the human in ``human`` and bots elsewhere."""

    def __init__(self, state: Any, human: int, console: Console, clue_delay: float = 1.5,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.state = state
        self.human = human
        self.console = console
        self.clue_delay = clue_delay
        self.clock = clock
        self.armed: dict[str, float] = {}  # timer name -> when it was first listed
        self.shown = 0  # events already printed
        self.bot_guesses: list[str] = []

    # -- time -------------------------------------------------------------------------------------
    def _deadlines(self) -> dict[str, float]:
        now = self.clock()
        current = {timer.name: timer for timer in self.state.timers}
        self.armed = {name: self.armed.get(name, now) for name in current}
        return {name: self.armed[name] + timer.seconds for name, timer in current.items()}

    def _expire_due(self) -> bool:
        for name, deadline in sorted(self._deadlines().items(), key=lambda item: item[1]):
            if deadline <= self.clock():
                self.state.expire(name)
                return True
        return False

    # -- output -----------------------------------------------------------------------------------
    def _print_news(self) -> None:
        log = self.state.log(self.human)
        for event in log[self.shown:]:
            self.console.print(event["text"])
        self.shown = len(log)

    def _prompt(self) -> str:
        state, me = self.state, self.human
        if state.phase == "night" and me == state.dreamer:
            return f"Element {state.seq}: type your guess, or pass"
        if state.phase == "night":
            element = f"the Element is [bold]{state.element}[/], you are a {state.roles[me]}"
            if state.clue_seat == me:
                return f"{element}. Your clue (one word), or pass"
            return f"{element}. Waiting for {seat_name(state.clue_seat)} (you may flag c<N>)"
        if state.phase == "final guess":
            return "Time is up: one last answer, or pass"
        if state.phase == "recount":
            return "Recount your dream (name the Elements you guessed)"
        return "Review: vote-side N yellow|blue, vote-mention N yes|no, vote-penalty N keep|cancel, or done"

    # -- moves ------------------------------------------------------------------------------------
    def _human_move(self, text: str) -> str:
        state, words = self.state, text.strip()
        first = words.split(" ", 1)[0].lower() if words else ""
        if state.phase in ("night", "final guess"):
            if state.dreamer == self.human:
                return f"dream-pass {state.seq}" if first == "pass" else f"guess {state.seq} {words}"
            if first == "flag":
                return words
            return f"clue-pass {state.seq}" if first == "pass" else f"clue {state.seq} {words}"
        if state.phase == "recount":
            return f"recount {words}"
        return words

    def _apply(self, seat: int, text: str) -> None:
        try:
            self.state.apply(seat, self.state.game.parse_action(self.state, seat, text))
        except DreamtableError as error:
            self.console.print(f"[red]{error}[/]")

    def _bot_answer(self, last: bool = False) -> None:
        move = wordbots.answer_move(self.state, last)
        if move is not None:
            if move.startswith("guess "):
                self.bot_guesses.append(move.split(" ", 2)[2])
            self._apply(self.state.dreamer, move)

    def _bot_turn(self) -> bool:
        """Let the bots act if it is their moment; True when one did."""
        state = self.state
        if state.phase == "night":
            seat = state.clue_seat
            spoke_at = self.armed.get(f"clue-submit-{state.turn_no}", self.clock()) + self.clue_delay
            if seat == self.human or self.clock() < spoke_at:
                return False
            self._apply(seat, wordbots.clue_move(state))
            if state.dreamer != self.human and state.phase == "night":
                self._bot_answer()
            return True
        if state.dreamer != self.human and state.phase == "final guess":
            self._bot_answer(last=True)
            return True
        if state.dreamer != self.human and state.phase == "recount":
            self._apply(state.dreamer, "recount " + " ".join(self.bot_guesses))
            self.bot_guesses = []
            return True
        if state.phase == "review":
            bots = [seat for seat in state.actors if seat != self.human]
            for seat in bots:
                self._apply(seat, "done")
            return bool(bots)
        return False

    def run(self) -> None:
        """Play to the end, printing what the human may know."""
        state = self.state
        self.console.print(f"You are player {seat_name(self.human)}. Each player is the Dreamer once.")
        last_prompt = None
        while not state.is_over:
            self._print_news()
            if self._expire_due() or self._bot_turn():
                continue
            if self.human not in state.actors:
                time.sleep(0.05)
                continue
            prompt = self._prompt()
            if prompt != last_prompt:
                self.console.print(f"[bold cyan]{prompt}:[/] ", end="")
                last_prompt = prompt
            deadlines = self._deadlines().values()
            wait = max(0.0, min([*deadlines, self.clock() + 0.25]) - self.clock())
            ready, _, _ = select.select([sys.stdin], [], [], wait)
            if ready:
                line = sys.stdin.readline()
                if not line:
                    raise EOFError
                last_prompt = None
                if line.strip():
                    self._apply(self.human, self._human_move(line))
        self._print_news()
        outcome = state.outcome
        for seat, detail in enumerate(outcome.details):
            self.console.print(f"{seat_name(seat)}: {detail['points']} points − {detail['penalties']} penalties = {detail['total']}")
        self.console.print("Game over: " + ", ".join(seat_name(s) for s in outcome.winners) + " won.")
