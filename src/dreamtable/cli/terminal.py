"""Playing and replaying games at a terminal: prompts, numbered moves, hot-seat privacy, undo, saves.

Everything goes through the contract: a human sees ``state.view(seat)`` only, bots choose through
``dreamtable.agents``, and the record is written after every move so a closed terminal loses
nothing (``--save FILE`` resumes from FILE when it already holds the game).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from rich.console import Console

from ..agents import Agent, make_agent
from ..core.contract import Game, State, seat_name
from ..core.errors import DreamtableError, RecordError
from ..core.record import Record
from ..core.registry import replay
from ..core.visibility import Secret

HELP = (
    "Type the number of a move or its notation. Other commands: "
    "'undo' (take back your last move and the replies), 'help', 'quit' (your save file keeps the game)."
)


class Quit(Exception):
    """The player asked to leave the game."""


def _reveals_to(events: list[Any], seat: int) -> bool:
    """Whether these events showed ``seat`` something hidden (then undo could not be fair)."""
    return any(
        isinstance(value, Secret) and seat in value.seen_by for event in events for value in event.fields.values()
    )


class TerminalGame:
    """One game at the terminal between humans and bots, seat by seat."""

    def __init__(
        self,
        game: Game,
        seats: list[str],
        seed: int,
        options: dict[str, Any],
        save: Path | None = None,
        console: Console | None = None,
        read: Callable[[str], str] | None = None,
    ) -> None:
        self.game = game
        self.console = console or Console()
        self.read = read or self.console.input
        self.save = save
        self.humans = [seat for seat, spec in enumerate(seats) if spec == "human"]
        self.agents: dict[int, Agent] = {
            seat: make_agent(spec, seed * 1000 + seat) for seat, spec in enumerate(seats) if spec != "human"
        }
        self.state = self._resume_or_new(len(seats), seed, options)
        self.undo_points: list[State] = []
        self.at_keyboard: int | None = None

    def _resume_or_new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        if self.save is not None and self.save.exists():
            record = Record.load(self.save)
            if record.game != self.game.id or record.players != players:
                raise RecordError(
                    f"{self.save} holds a {record.players}-player {record.game} game; "
                    f"choose another --save file or the same game and seats"
                )
            state = replay(record)
            self.console.print(f"Resuming the game after {len(record.moves)} moves (saved in {self.save}).")
            return state
        return self.game.new(players=players, seed=seed, **options)

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> State:
        """Play to the end (or until a human quits); returns the final state."""
        try:
            while not self.state.is_over:
                seat = self._next_seat()
                if seat in self.agents:
                    action = self.agents[seat].choose(self.state, seat)
                    self._apply(seat, action)
                else:
                    self._human_turn(seat)
        except Quit:
            where = f" It is saved in {self.save}; play again with the same --save to resume." if self.save else ""
            self.console.print(f"You left the game.{where}")
            return self.state
        self._show_end()
        return self.state

    def _next_seat(self) -> int:
        # The game waits for its first actor; the others may only act out of turn (Dream Cycle's
        # trading and repositioning), which the terminal leaves to a player's own turn.
        return self.state.actors[0]

    def _viewer(self) -> int | None:
        """Whose eyes the screen shows: the only human, the one at the keyboard, or a spectator."""
        if len(self.humans) == 1:
            return self.humans[0]
        return self.at_keyboard

    def _apply(self, seat: int, action: Any) -> None:
        events = self.state.apply(seat, action)
        viewer = self._viewer()
        for event in events:
            self.console.print(f"  {event.seen_by(viewer)['text']}")
        if viewer is not None and _reveals_to(events, viewer):
            self.undo_points.clear()  # something hidden was seen: taking it back would not be fair
        if self.save is not None:
            self.state.record().save(self.save)

    def _human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and self.at_keyboard != seat:
            self.console.clear()
            self.console.print(f"[bold]Pass the keyboard to player {seat_name(seat)}.[/] Their hand is hidden until then.")
            self.read(f"Player {seat_name(seat)}, press Enter when you are at the keyboard: ")
            self.at_keyboard = seat
            self.console.clear()
        view = self.state.view(seat)
        self.console.print(self.game.render(view))
        legal = self.state.legal_actions(seat)
        for number, action in enumerate(legal, 1):
            self.console.print(f"  [bold]{number:>2}[/]. {str(action):<7} {self.game.describe(view, action)}")
        while True:
            answer = self.read(f"Player {seat_name(seat)}, your move: ").strip()
            if answer.lower() in ("quit", "q", "exit"):
                raise Quit
            if answer.lower() in ("help", "?", "h"):
                self.console.print(HELP)
                continue
            if answer.lower() == "undo":
                if self._undo(seat):
                    return
                continue
            action = self._read_action(seat, answer, legal)
            if action is None:
                continue
            if len(self.humans) == 1:
                self.undo_points.append(self.state.copy())  # _apply forgets it if the move reveals
            try:
                self._apply(seat, action)
            except DreamtableError as error:
                if len(self.humans) == 1:
                    self.undo_points.pop()
                self.console.print(f"[red]Not allowed:[/] {error}")
                continue
            return

    def _read_action(self, seat: int, answer: str, legal: list[Any]) -> Any:
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]There is no move {number}:[/] choose 1–{len(legal)}, or type a move.")
            return None
        try:
            return self.game.parse_action(self.state, seat, answer)
        except DreamtableError as error:
            self.console.print(f"[red]{error}[/]")
            return None

    def _undo(self, seat: int) -> bool:
        if len(self.humans) != 1:
            self.console.print("[red]Undo is for games with one human:[/] the others have seen the move.")
            return False
        if not self.undo_points:
            self.console.print("[red]Nothing to undo:[/] no move of yours since a card was revealed to you.")
            return False
        self.state = self.undo_points.pop()
        if self.save is not None:
            self.state.record().save(self.save)
        self.console.print("Your last move and the replies to it were taken back.")
        return True

    def _show_end(self) -> None:
        self.console.print(self.game.render(self.state.view(self._viewer())))
        outcome = self.state.outcome
        assert outcome is not None
        winners = " and ".join(seat_name(s) for s in outcome.winners)
        self.console.print(f"[bold]Game over:[/] {winners} won ({outcome.reason}).")


def step_through(record: Record, console: Console, read: Callable[[str], str], seat: int | None = None) -> None:
    """Replay a saved game one move at a time as ``seat`` (default: a spectator) saw it."""
    final = replay(record)  # checks the whole record first: RecordError names a failing move
    moves = record.moves
    position = 0
    while True:
        prefix = Record(record.game, record.version, record.players, record.seed, record.options, moves[:position])
        state = final if position == len(moves) else replay(prefix)
        console.print(final.game.render(state.view(seat)))
        console.print(f"Move {position} of {len(moves)}" + (f": {moves[position - 1][1]}" if position else " (the deal)"))
        answer = read("Enter: next · b: back · number: go to move · q: quit > ").strip().lower()
        if answer in ("q", "quit"):
            return
        if answer == "b":
            position = max(0, position - 1)
        elif answer.isdigit():
            position = min(len(moves), int(answer))
        elif position < len(moves):
            position += 1
        else:
            console.print("That was the last move.")
            return
