"""Playing a game at a terminal through the table layer: prompts, numbered moves, hot-seat privacy,
undo, saves, and the real clock for games with deadlines.

The terminal names no game and reads no raw state: it shows ``table.view(seat)`` with the game's
``render``, lists ``table.legal_actions(seat)`` and the action forms, and hands what the player
types to ``table.submit``. Bots, deadlines, saving and the undo policy are the table's.

A game with deadlines (``state.timers``) runs against the real clock: the screen shows the game's
prompt and what happens as it happens, and the player may type whenever their seat may act. A
turn-based game waits for each move.
"""

from __future__ import annotations

import select
import sys
import time
from pathlib import Path
from typing import Any, Callable

from rich.console import Console

from ..agents import make_agent
from ..core.contract import Game, State, seat_name
from ..core.errors import DreamtableError, RecordError, SetupError
from ..core.forms import ActionForm
from ..core.record import Record, check_save_path
from ..core.registry import replay
from ..core.table import Bot, Table

HELP = (
    "Type the number of a move or its notation. Other commands: "
    "'undo' (take back your last move and the replies), 'help', 'quit' (your save file keeps the game)."
)
MOVES_SHOWN_IN_REAL_TIME = 12


class Quit(Exception):
    """The player asked to leave the game."""


def open_table(game: Game[Any], seats: list[str], seed: int, options: dict[str, Any], save: Path | None = None,
               console: Console | None = None, bot_delay: float | None = None, seed_given: bool = True) -> Table:
    """A table for ``seats`` (``human`` or a bot spec each): a new match, or the one saved in ``save``.

    Refuses plainly a save file of another game, seat count, seed (when ``seed_given``) or options.
    ``bot_delay`` sets the seconds a real-time bot waits before it acts.
    """
    bots: dict[int, Bot] = {}
    for seat, spec in enumerate(seats):
        if spec != "human":
            bot = make_agent(spec, seed * 1000 + seat, game=game)
            if bot_delay is not None and hasattr(bot, "delay"):
                bot.delay = bot_delay
            bots[seat] = bot
    if save is not None:
        check_save_path(save)  # at the start, not as a traceback at the first save
    if save is not None and save.exists():
        record = Record.load(save)
        if record.game != game.id or record.players != len(seats):
            raise RecordError(f"{save} holds a {record.players}-player {record.game} game; "
                              "choose another --save file or the same game and seats")
        if seed_given and seed != record.seed:
            raise RecordError(f"{save} holds the game of seed {record.seed}, not {seed}; leave out --seed to resume it")
        if options and {**record.options, **game.resolve_options(options)} != record.options:
            raise RecordError(f"{save} was played with options {record.options}; leave out -o to resume it")
        state = replay(record)
        if console is not None:
            console.print(f"Resuming the game after {len(record.moves)} moves (saved in {save}).")
    else:
        state = game.new(players=len(seats), seed=seed, **options)
    if state.timers and sum(spec == "human" for spec in seats) > 1:
        raise SetupError(f"{game.info.name} runs against the clock: at the terminal it takes exactly one human "
                         "and bots in the other seats, since secrets cannot be hidden on a shared screen in real time")
    return Table(state, bots, save=save)


class TerminalGame:
    """One match at the terminal: the table's humans type, its bots and clock run by themselves."""

    def __init__(self, table: Table, console: Console | None = None, read: Callable[[str], str] | None = None) -> None:
        self.table = table
        self.game = table.game
        self.console = console or Console()
        self.read = read or self.console.input
        self.at_keyboard: int | None = None
        self._last_shown: tuple[Any, ...] | None = None  # what the real-time screen last listed
        self._prompt_open: str | None = None  # a real-time prompt printed without its line's end

    @property
    def real_time(self) -> bool:
        """Whether the match has a deadline now (then the real clock runs and input is read as it comes)."""
        return bool(self.table.state.timers)

    def _viewer(self) -> int | None:
        """Whose eyes the screen shows: the only human, the one at the keyboard, or a spectator."""
        humans = self.table.humans
        return humans[0] if len(humans) == 1 else self.at_keyboard

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> State[Any]:
        """Play to the end (or until a human quits); returns the final state."""
        table = self.table
        viewer = self._viewer()
        if viewer is not None:
            self.console.print(f"You are player {seat_name(viewer)}.")
        self._news()  # what happened before this screen opened (resuming shows the board instead)
        try:
            while not table.is_over:
                if self.real_time:
                    self._real_time_step()
                    continue
                table.advance()
                self._news()
                if table.is_over:
                    break
                if table.waiting_for_human():
                    self._human_turn(table.state.actors[0])
                else:
                    self._wait(table.next_wakeup())
        except Quit:
            save = table.save_path
            where = f" It is saved in {save}; play again with the same --save to resume." if save else ""
            self.console.print(f"You left the game.{where}")
            return table.state
        self._news()
        self._show_end()
        return table.state

    def _news(self) -> None:
        if self.table.save_error is not None:
            self.console.print(f"[yellow]The game goes on but is not saved:[/] {self.table.save_error}")
        viewer = self._viewer()
        news = self.table.news(viewer)
        if news and self._prompt_open is not None:
            self.console.print()  # the news goes under the open prompt line, which is then repeated
        for event in news:
            self.console.print(f"  {event['text']}")
        if news and self._prompt_open is not None:
            self.console.print(f"[bold cyan]{self._prompt_open}[/] ", end="")
        for seat in self.table.humans:  # the others' cursors move too: the hot seat shows the board, not a backlog
            if seat != viewer:
                self.table.news(seat)
        if viewer is not None:
            self.table.news(None)

    def _wait(self, moment: float | None) -> None:
        if moment is not None:
            time.sleep(max(0.0, min(0.25, moment - self.table.clock.now())))

    # -- turn-based: one prompt per move ----------------------------------------------------
    def _human_turn(self, seat: int) -> None:
        if len(self.table.humans) > 1 and self.at_keyboard != seat:
            self.console.clear()
            self.console.print(f"[bold]Pass the keyboard to player {seat_name(seat)}.[/] Their hand is hidden until then.")
            self.read(f"Player {seat_name(seat)}, press Enter when you are at the keyboard: ")
            self.at_keyboard = seat
            self.console.clear()
        view = self.table.view(seat)
        self.console.print(self.game.render(view))
        legal = self.table.legal_actions(seat)
        forms = self.table.action_forms(seat)
        self._list_moves(view, legal, forms)
        self.console.print(f"[bold cyan]{view['prompt']}[/]")
        while True:
            answer = self.read(f"Player {seat_name(seat)}, your move: ").strip()
            command = self._command(seat, answer)
            if command == "undone":
                return
            if command == "handled" or not answer:
                continue
            action = self._read_action(seat, answer, legal, forms)
            if action is None:
                continue
            try:
                self.table.submit(seat, action)
            except DreamtableError as error:
                self.console.print(f"[red]Not allowed:[/] {error}")
                continue
            self._news()
            return

    def _list_moves(self, view: dict[str, Any], legal: list[Any], forms: list[ActionForm], limit: int | None = None) -> None:
        for number, action in enumerate(legal[:limit], 1):
            self.console.print(f"  [bold]{number:>2}[/]. {str(action):<7} {self.game.describe(view, action)}")
        if limit is not None and len(legal) > limit:
            self.console.print(f"  … and {len(legal) - limit} more (type 'moves' to see them all)")
        for form in forms:
            if _single_free(form):
                self.console.print(f"  {form.label}: type it (or {form.template})")
            else:
                self.console.print(f"  {form.label}: type {form.template}")

    def _command(self, seat: int, answer: str) -> str | None:
        """Handle quit, help and undo: ``"undone"`` (the position changed), ``"handled"``, or
        ``None`` when the answer is not a command."""
        word = answer.lower()
        if word in ("quit", "q", "exit"):
            raise Quit
        if word in ("help", "?", "h"):
            self.console.print(HELP)
            return "handled"
        if word == "undo":
            reason = self.table.why_no_undo(seat)
            if reason is not None:
                self.console.print(f"[red]Nothing to undo:[/] {reason}.")
                return "handled"
            self.table.undo(seat)
            self.console.print("Your last move and the replies to it were taken back.")
            return "undone"
        return None

    def _read_action(self, seat: int, answer: str, legal: list[Any], forms: list[ActionForm]) -> Any:
        """The action a player's answer names: a move number, a notation, or the value of the one free form."""
        if is_number(answer):
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]There is no move {number}:[/] choose 1–{len(legal)}, or type a move.")
            return None
        try:
            return self.table.read(seat, answer)
        except DreamtableError as error:
            single = [form for form in forms if _single_free(form)]
            if len(single) == 1:  # a bare word fills the only free form (a guess, a clue)
                try:
                    return self.table.read(seat, single[0].fill(**{single[0].params[0].name: answer}))
                except DreamtableError as form_error:
                    self.console.print(f"[red]{form_error}[/]")
                    return None
            self.console.print(f"[red]{error}[/]")
            return None

    # -- real time: the clock runs, input is read as it comes -------------------------------------
    def _real_time_step(self) -> None:
        table = self.table
        table.advance()
        self._news()
        human = self._viewer()
        if table.is_over or human is None:
            return
        if human not in table.state.actors:
            self._wait(table.next_wakeup())
            return
        view = table.view(human)
        legal = table.legal_actions(human)
        forms = table.action_forms(human)
        shown = (view["prompt"], tuple(form.template for form in forms))
        if shown != self._last_shown:  # listed again when the question changes, not at every clue
            self._last_shown = shown
            if self._prompt_open is not None:
                self.console.print()
            # Moves a form describes (sample guesses) are left to the form: type the word itself.
            listed = [action for action in legal if not any(form.matches(str(action)) for form in forms)]
            self._list_moves(view, listed, forms, MOVES_SHOWN_IN_REAL_TIME)
            self._prompt_open = view["prompt"]
            self.console.print(f"[bold cyan]{view['prompt']}[/] ", end="")
        wakeup = table.next_wakeup()
        wait = 0.25 if wakeup is None else max(0.0, min(0.25, wakeup - table.clock.now()))
        ready, _, _ = select.select([sys.stdin], [], [], wait)
        if not ready:
            return
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        answer = line.strip()
        self._last_shown = None
        self._prompt_open = None
        if not answer or self._command(human, answer):  # an undo or help: the screen lists the moves again
            return
        if answer.lower() == "moves":
            self._list_moves(view, legal, forms)
            return
        action = self._read_action(human, answer, legal, forms)
        if action is not None:
            try:
                table.submit(human, action)
            except DreamtableError as error:
                self.console.print(f"[red]Not allowed:[/] {error}")

    def _show_end(self) -> None:
        if self._prompt_open is not None:
            self.console.print()
            self._prompt_open = None
        view = self.table.view(self._viewer())
        self.console.print(self.game.render(view))
        outcome = view["outcome"]
        winners = " and ".join(seat_name(s) for s in outcome["winners"])
        self.console.print(f"[bold]Game over:[/] {winners} won ({outcome['reason']}).")


def is_number(answer: str) -> bool:
    """Whether a typed answer is a whole number ``int`` reads: ASCII digits only, since
    ``"²".isdigit()`` is true but ``int("²")`` raises."""
    return answer.isascii() and answer.isdigit()


def _single_free(form: ActionForm) -> bool:
    """Whether a form takes one free word or text, which a bare answer can fill (a guess, a clue)."""
    return len(form.params) == 1 and form.params[0].kind in ("word", "text")


def told(record: Record, position: int, seat: int | None) -> list[str]:
    """What ``seat`` (``None``: a spectator) was told by move ``position`` of ``record`` (0: the deal).

    The sentences come from ``state.log(seat)``, the visibility model, never from the record's
    notation: a move's notation may hold what others kept hidden (Deep Dreams' ``keep DD38``).
    The log only grows, so the move's events are those after the ones the previous move left.
    """
    def prefix(length: int) -> Record:
        return Record(record.game, record.version, record.players, record.seed, record.options, record.moves[:length])

    after = replay(prefix(position))
    earlier = len(replay(prefix(position - 1)).events()) if position else 0
    return [event["text"] for event in after.log(seat, last=len(after.events()) - earlier)]


def step_through(record: Record, console: Console, read: Callable[[str], str], seat: int | None = None) -> None:
    """Replay a saved game one move at a time as ``seat`` (default: a spectator) saw it: its view and
    what it was told of each move (see :func:`told`), never a move's notation."""
    final = replay(record)  # checks the whole record first: RecordError names a failing move
    moves = record.moves
    position = 0
    while True:
        prefix = Record(record.game, record.version, record.players, record.seed, record.options, moves[:position])
        state = final if position == len(moves) else replay(prefix)
        console.print(final.game.render(state.view(seat)))
        console.print(f"Move {position} of {len(moves)}" + (" (the deal)" if not position else "") + ":")
        for text in told(record, position, seat):
            console.print(f"  {text}")
        answer = read("Enter: next · b: back · number: go to move · q: quit > ").strip().lower()
        if answer in ("q", "quit"):
            return
        if answer == "b":
            position = max(0, position - 1)
        elif is_number(answer):
            position = min(len(moves), int(answer))
        elif position < len(moves):
            position += 1
        else:
            console.print("That was the last move.")
            return
