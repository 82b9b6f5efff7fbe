"""Playing a game at a terminal through the table layer: prompts, numbered moves, hot-seat privacy,
undo, saves, and the real clock for games with deadlines.

The terminal names no game and reads no raw state: it shows ``table.view(seat)`` with the game's
``render``, lists ``table.legal_actions(seat)`` and the action forms, and hands what the player
types to ``table.submit``. Bots, deadlines, saving and the undo policy are the table's.

It speaks the reader's language (``--lang``, else the locale's): its own words, the game's board,
moves, prompts and events come from the catalogues the pages read (core/words.py), and the
commands are understood in English and in the reader's language.

A game with deadlines (``state.timers``) runs against the real clock: the screen shows the game's
prompt and what happens as it happens, and the player may type whenever their seat may act. A
turn-based game waits for each move.
"""

from __future__ import annotations

import importlib
import time
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..agents import make_agent
from ..agents.hint import HintError, hint
from ..core.contract import Game, State, seat_name
from ..core.errors import DreamtableError, RecordError, SetupError
from ..core.forms import ActionForm
from ..core.record import Record, check_save_path
from ..core.registry import replay
from ..core.rng import bot_seed
from ..core.table import Bot, Table
from ..core.words import Words
from ..games.terminal_text import GAME_OVER_KIND, ending, event_words
from .keys import KeyLine

COMMANDS = ("moves", "board", "legend", "undo", "hint", "help", "quit")
"""The terminal's commands: each is understood in English and as the reader's catalogue words it
(``terminal.command.<name>``); ``q``/``exit``, ``?``/``h`` and ``key`` are short forms kept from English."""
SHORT_FORMS = {"q": "quit", "exit": "quit", "?": "help", "h": "help", "key": "legend"}
HINT_SECONDS = 1.0
"""How long the ``hint`` command lets the hard bot think."""
GROUP_OVER = 16
"""A longer list of moves is grouped by kind under the board."""
TYPING_WORD = "typing"
"""The first word of a move that tells a game its player started typing (sent at the first key)."""
SHOWN_ONE_BY_ONE = 4
"""In a grouped list, a kind with at most this many moves is still listed move by move, numbered."""


class Quit(Exception):
    """The player asked to leave the game."""


def open_table(game: Game[Any], seats: list[str], seed: int, options: dict[str, Any], save: Path | None = None,
               console: Console | None = None, bot_delay: float | None = None, seed_given: bool = True,
               words: Words | None = None) -> Table:
    """A table for ``seats`` (``human`` or a bot spec each): a new match, or the one saved in ``save``.

    Refuses plainly a save file of another game, seat count, seed (when ``seed_given``) or options.
    ``bot_delay`` sets the seconds a real-time bot waits before it acts.
    """
    bots: dict[int, Bot] = {}
    for seat, spec in enumerate(seats):
        if spec != "human":
            bot = make_agent(spec, bot_seed(seed, seat), game=game)
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
            said = (words or game.words()).t("common.terminal.resuming", {"moves": len(record.moves), "save": str(save)})
            console.print(escape(said))
    else:
        state = game.new(players=len(seats), seed=seed, **options)
    if state.timers and sum(spec == "human" for spec in seats) > 1:
        raise SetupError(f"{game.info.name} runs against the clock: at the terminal it takes exactly one human "
                         "and bots in the other seats, since secrets cannot be hidden on a shared screen in real time")
    return Table(state, bots, save=save)


class TerminalGame:
    """One match at the terminal: the table's humans type, its bots and clock run by themselves."""

    def __init__(self, table: Table, console: Console | None = None, read: Callable[[str], str] | None = None,
                 words: Words | None = None) -> None:
        self.table = table
        self.game = table.game
        self.words = words or self.game.words()
        self.console = console or Console()
        self.read = read or self.console.input
        self.at_keyboard: int | None = None
        self._last_shown: tuple[Any, ...] | None = None  # what the real-time screen last listed
        self._last_phase: Any = ()  # the board's phase when the real-time screen last drew it
        self._keys: KeyLine | None = None  # the line being typed against the clock

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
            self.console.print(self._t("you-are", seat=viewer))
        self._news()  # what happened before this screen opened (resuming shows the board instead)
        private = len(table.humans) > 1 and self.console.is_terminal
        if private:  # hot seat: a screen with no scrollback, so nobody scrolls back to a hand
            self.console.set_alt_screen(True)
        try:
            while not table.is_over:
                if self.real_time:
                    self._real_time_step()
                    continue
                self._cooked()
                table.advance()
                self._news()
                if table.is_over:
                    break
                if table.waiting_for_human():
                    self._human_turn(table.state.actors[0])
                else:
                    self._wait(table.next_wakeup())
        except Quit:
            left = True
        else:
            left = False
        finally:
            self._cooked()
            if private:  # back to the normal screen; from here on the screen is everyone's
                self._wipe()
                self.console.set_alt_screen(False)
                self.at_keyboard = None
        if left:
            save = table.save_path
            self.console.print(self._t("left.saved", save=str(save)) if save else self._t("left"))
            return table.state
        self._news()
        self._show_end()
        return table.state

    def _t(self, key: str, **fields: Any) -> str:
        """The terminal's words ``common.terminal.<key>``, escaped for rich's markup."""
        return escape(self.words.t(f"common.terminal.{key}", fields))

    def _render(self, view: dict[str, Any]) -> Any:
        return self.game.render(view, self.words)

    def _prompt(self, view: dict[str, Any]) -> str:
        """The view's question in the reader's words (a game that words it itself: as written)."""
        ask, message = view["ask"], view["prompt_message"]
        if ask["kind"] == "say" or not self.words.has(message["key"]):
            return str(view["prompt"])
        return self.words.message(message, ask)

    def _wipe(self) -> None:
        """Clear the screen and the terminal's scrollback (xterm's ``ESC [ 3 J``, which most terminals
        honour), so that the next player cannot scroll back to the previous one's hand."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _cooked(self) -> None:
        """The terminal back in its own line mode (after play against the clock)."""
        if self._keys is not None:
            self._keys.hide()
            self._keys.cooked()

    def _news(self) -> None:
        if self.table.save_error is not None:
            self.console.print(f"[yellow]{self._t('not-saved')}[/] {escape(str(self.table.save_error))}")
        viewer = self._viewer()
        news = self.table.news(viewer)
        if self.table.is_over and type(self.game).render is not Game.render:
            # The game's drawing ends with the explained ending (who won and why): said once, there.
            news = [event for event in news if event.get("kind") != GAME_OVER_KIND]
        keys = self._keys if self._keys is not None and self._keys.shown else None
        if news and keys is not None:
            keys.hide()  # the news goes where the line being typed stood, which is then put back under it
        for event in news:
            self.console.print(Text("  " + event_words(event, self.words)))
        if news and keys is not None:
            keys.show()
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
            self._wipe()
            self.console.print(f"[bold]{self._t('pass-keyboard', seat=seat)}[/] {self._t('hand-hidden')}")
            self.read(self.words.t("common.terminal.at-keyboard", {"seat": seat}))
            self.at_keyboard = seat
            self._wipe()
        view = self.table.view(seat)
        self.console.print(self._render(view))
        legal = self.table.legal_actions(seat)
        forms = self.table.action_forms(seat)
        self._list_moves(view, legal, forms)
        self.console.print(f"[bold cyan]{escape(self._prompt(view))}[/]")
        while True:
            answer = self.read(self.words.t("common.terminal.your-move", {"seat": seat})).strip()
            command = self._command(seat, answer)
            if command == "undone":
                return
            if command == "handled" or not answer:
                continue
            if self._asks_to_see(view, legal, forms, answer):
                continue
            action = self._read_action(seat, answer, legal, forms)
            if action is None:
                continue
            try:
                self.table.submit(seat, action)
            except DreamtableError as error:
                self.console.print(f"[red]{self._t('not-allowed')}[/] {escape(str(error))}")
                continue
            self._news()
            return

    def _asks_to_see(self, view: dict[str, Any], legal: list[Any], forms: list[ActionForm], answer: str) -> bool:
        """``moves`` (every move, numbered), ``moves KIND`` (one kind of move) and ``board`` (the board and
        the grouped moves again): True when the answer was one of them."""
        words = answer.lower().split()
        if len(words) == 1 and self._command_of(words[0]) == "board":
            self.console.print(self._render(view))
            self._list_moves(view, legal, forms)
            self.console.print(f"[bold cyan]{escape(self._prompt(view))}[/]")
            return True
        if not words or self._command_of(words[0]) != "moves" or len(words) > 2:
            return False
        if len(words) == 1:
            self._list_moves(view, legal, forms, full=True)
            return True
        kind = words[1]
        numbered = [(number, action) for number, action in enumerate(legal, 1) if str(action).split()[0].lower() == kind]
        if not numbered:
            kinds = " ".join(dict.fromkeys(str(action).split()[0] for action in legal))
            self.console.print(f"[red]{self._t('no-kind', kind=kind, kinds=kinds)}[/]")
        for number, action in numbered:
            self._print_move(view, number, action, _pad([action for _, action in numbered]))
        return True

    def _print_move(self, view: dict[str, Any], number: int, action: Any, pad: int = 7) -> None:
        notation, words = str(action), self.game.describe(view, action, self.words)
        shown = escape(notation) if words == notation else f"{escape(notation):<{pad}} {escape(words)}"
        self.console.print(f"  [bold]{number:>2}[/]. {shown}")

    def _list_moves(self, view: dict[str, Any], legal: list[Any], forms: list[ActionForm], limit: int | None = None,
                    full: bool = False) -> None:
        """The moves under the board: numbered one per line when few (or ``full``); when there are more
        than :data:`GROUP_OVER`, a kind of move with many members is one line of its targets, so
        that the board stays on the screen; ``moves`` lists them all."""
        if not full and limit is None and len(legal) > GROUP_OVER:
            self._group_moves(view, legal)
            typed = [form for form in forms if not _single_free(form)]
            if len(typed) > 1:  # on one line too; 'moves' says what each is
                self.console.print(f"  [dim]{self._t('also')}[/] " + " · ".join(escape(form.template) for form in typed)
                                   + f" [dim]{self._t('also-explained')}[/]")
                forms = [form for form in forms if _single_free(form)]
        else:
            pad = _pad(legal[:limit])
            for number, action in enumerate(legal[:limit], 1):
                self._print_move(view, number, action, pad)
            if limit is not None and len(legal) > limit:
                self.console.print("  " + self._t("more", count=len(legal) - limit))
        for form in forms:
            label = self.words.t(f"form.{form.kind}") if self.words.has(f"form.{form.kind}") else form.label
            self.console.print("  " + self._t("form-free" if _single_free(form) else "form", label=label, template=form.template))

    def _group_moves(self, view: dict[str, Any], legal: list[Any]) -> None:
        """One line per kind of move (the notation's first word) with more than :data:`SHOWN_ONE_BY_ONE`
        members — its targets (the second word) and what follows them, with one example in words — and
        the other moves numbered as usual (their numbers are those of the full list)."""
        kinds: dict[str, list[tuple[int, Any]]] = {}
        for number, action in enumerate(legal, 1):
            kinds.setdefault(str(action).split()[0], []).append((number, action))
        self.console.print(f"  [dim]{self._t('grouped', count=len(legal), example=str(legal[-1]))}[/]")
        width = max(len(kind) for kind in kinds)
        pad = _pad([action for members in kinds.values() if len(members) <= SHOWN_ONE_BY_ONE for _, action in members])
        for kind, members in kinds.items():
            if len(members) <= SHOWN_ONE_BY_ONE:
                for number, action in members:
                    self._print_move(view, number, action, pad)
                continue
            example = members[0][1]
            said = self.game.describe(view, example, self.words)
            shown = self._t("example", example=str(example)) if said == str(example) else \
                self._t("example-said", example=str(example), said=said)
            targets = group_targets([str(a) for _, a in members], self.words)
            self.console.print(f"  [bold]{escape(kind):<{width}}[/] {escape(targets)}  [dim]{shown}[/]")

    def _command(self, seat: int, answer: str) -> str | None:
        """Handle quit, help and undo: ``"undone"`` (the position changed), ``"handled"``, or
        ``None`` when the answer is not a command."""
        word = self._command_of(answer.lower())
        if word == "quit":
            raise Quit
        if word == "help":
            self.console.print(self._t("help"))
            return "handled"
        if word == "legend":
            explained = game_legend(self.game, self.words)
            self.console.print(Text(explained) if isinstance(explained, str) else explained if explained is not None else
                               self._t("no-legend", game=self.game.info.name, id=self.game.info.id))
            return "handled"
        if word == "hint":
            self.console.print(f"[dim]{self._t('hint-thinking', seconds=HINT_SECONDS)}[/]")
            try:  # from what this seat may know only; the table's clock is never used up
                found = hint(self.table.state, seat, seed=self.table.seq, seconds=HINT_SECONDS,
                             seconds_left=self.table.time_left())
            except HintError as error:
                self.console.print(f"[red]{self._t('no-hint')}[/] {escape(str(error))}.")
                return "handled"
            self.console.print(escape(found.sentence()))
            return "handled"
        if word == "undo":
            reason = self.table.why_no_undo(seat)
            if reason is not None and not any(mover == seat for mover, _ in self.table.state.history()):
                reason = self.words.t("common.terminal.no-move-yet")
            if reason is not None:
                self.console.print(f"[red]{self._t('nothing-to-undo')}[/] {escape(reason)}.")
                return "handled"
            self.table.undo(seat)
            self.console.print(self._t("undone"))
            return "undone"
        return None

    def _command_of(self, word: str) -> str | None:
        """The command a typed word names, in English or in the reader's language; ``None``: no command."""
        if word in COMMANDS:
            return word
        if word in SHORT_FORMS:
            return SHORT_FORMS[word]
        return next((name for name in COMMANDS if self.words.t(f"common.terminal.command.{name}") == word), None)

    def _read_action(self, seat: int, answer: str, legal: list[Any], forms: list[ActionForm]) -> Any:
        """The action a player's answer names: a move number, a notation, or the value of the one free form."""
        if is_number(answer):
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]{self._t('no-such-move', number=number, count=len(legal))}[/]")
            return None
        try:
            return self.table.read(seat, answer)
        except DreamtableError as error:
            single = [form for form in forms if _single_free(form)]
            if len(single) == 1:  # a bare word fills the only free form (a guess, a clue)
                try:
                    form = single[0]
                    return self.table.read(seat, self.table.form_move(seat, form.kind, {form.params[0].name: answer}))
                except DreamtableError as form_error:
                    self.console.print(f"[red]{form_error}[/]")
                    return None
            self.console.print(f"[red]{error}[/]")
            return None

    # -- real time: the clock runs, input is read as it comes -------------------------------------
    def _key_line(self) -> KeyLine:
        if self._keys is None:
            self._keys = KeyLine(ansi=self.console.is_terminal and not self.console.is_dumb_terminal)
        self._keys.raw()
        return self._keys

    def _real_time_step(self) -> None:
        """One moment against the clock: the bots and deadlines move, news is printed above the line
        being typed, and the keys typed so far are taken. The first key of a line tells the game the
        player started typing; the board is drawn again when its phase changes."""
        table = self.table
        keys = self._key_line()
        table.advance()
        self._news()
        human = self._viewer()
        if table.is_over or human is None:
            return
        view = table.view(human)
        phase = view["board"].get("phase") if isinstance(view.get("board"), dict) else None
        if phase != self._last_phase:  # a new phase of play (the night, the review, …): the board again
            self._last_phase = phase
            self._last_shown = None
            keys.hide()
            self.console.print(self._render(view))
        if human not in table.state.actors:  # nothing to type now: no prompt, the clock runs on
            keys.hide()
            self._last_shown = None
            self._wait(table.next_wakeup())
            return
        legal = table.legal_actions(human)
        forms = table.action_forms(human)
        shown = (self._prompt(view), tuple(form.template for form in forms))
        if shown != self._last_shown:  # listed again when the question changes, not at every clue
            self._last_shown = shown
            keys.hide()
            # Moves a form describes (sample guesses) are left to the form: type the word itself; the
            # move that says typing has started is sent by the first key.
            listed = [action for action in legal if not any(form.matches(str(action)) for form in forms)
                      and str(action).split()[0] != TYPING_WORD]
            self._list_moves(view, listed, forms)
        if not keys.shown:
            keys.show(self._prompt(view))
        if keys.buffer:  # typed ahead, before the turn came: the clock stops now
            self._started_typing(human, legal)
        wakeup = table.next_wakeup()
        wait = 0.25 if wakeup is None else max(0.0, min(0.25, wakeup - table.clock.now()))
        got = keys.poll(wait)
        if got.started:
            self._started_typing(human, legal)
        if got.line is None:
            return
        answer = got.line.strip()
        if not answer:
            return
        command = self._command(human, answer)
        if command is not None:
            self._last_shown = None  # an undo or help: the screen lists the moves again
            return
        if self._asks_to_see(view, legal, forms, answer):
            return
        action = self._read_action(human, answer, legal, forms)
        if action is not None:
            try:
                table.submit(human, action)
            except DreamtableError as error:
                self.console.print(f"[red]{self._t('not-allowed')}[/] {escape(str(error))}")

    def _started_typing(self, seat: int, legal: list[Any]) -> None:
        """Tell the game that ``seat`` started typing, when it has a move for that: a legal move
        written ``typing …`` (When I Dream's clue-giver stops the 5-second start clock with it, as a
        spoken clue does at the table). The game's notation says it; the terminal names no game."""
        for action in legal:
            if str(action).split()[0] == TYPING_WORD:
                try:
                    self.table.submit(seat, action)
                except DreamtableError:
                    pass  # the turn moved on meanwhile: nothing to stop
                return

    def _show_end(self) -> None:
        # Hot seat: the end is shown as everyone may see it, not as the last player at the keyboard saw it.
        view = self.table.view(None if len(self.table.humans) > 1 else self._viewer())
        self.console.print(self._render(view))
        if type(self.game).render is Game.render:  # a game with no drawing of its own: say who won here
            self.console.print(ending(view, view["outcome"]["reason"], "", self.words))


def _pad(actions: list[Any]) -> int:
    """The width the notations of a list of moves are padded to, so their words line up."""
    return min(16, max((len(str(action)) for action in actions), default=7))


def game_legend(game: Game[Any], words: Words | None = None) -> Any:
    """The game's legend — every mark of its drawing explained, in the language of ``words`` (default
    English) — or ``None``.

    By convention a game's ``render`` module (``<the game's package>.render``, where ``Game.render``
    finds its drawing) may define ``legend(words)``; the terminal names no game, so it looks there."""
    try:
        module = importlib.import_module(f"{type(game).__module__}.render")
    except ImportError:
        return None
    legend = getattr(module, "legend", None)
    return legend(words or game.words()) if callable(legend) else None


def group_targets(notations: list[str], words: Words) -> str:
    """The moves of one kind in a few words: their targets (second word) and what may follow them.

    ``rotate a1 90, rotate a1 180, rotate b1 90, rotate b1 180`` → ``a1 b1, then 90 180``;
    ``enter 1 a1, enter 1 b1, enter 2 a1`` → ``1: a1 b1 · 2: a1``; ``buy N, buy E`` → ``N E``."""
    targets: dict[str, list[str]] = {}
    for notation in notations:
        parts = notation.split(maxsplit=2)
        target = parts[1] if len(parts) > 1 else ""
        targets.setdefault(target, []).append(parts[2] if len(parts) > 2 else "")
    rests = list(targets.values())
    if all(rest == [""] for rest in rests):
        return " ".join(targets)
    if all(rest == rests[0] for rest in rests) and "" not in rests[0]:
        return words.t("common.terminal.then", {"targets": " ".join(targets), "rest": " ".join(rests[0])})
    alone = words.t("common.terminal.alone")
    return " · ".join(f"{target}: {' '.join(rest) if rest != [''] else alone}" if target else " ".join(rest)
                      for target, rest in targets.items())


def is_number(answer: str) -> bool:
    """Whether a typed answer is a whole number ``int`` reads: ASCII digits only, since
    ``"²".isdigit()`` is true but ``int("²")`` raises."""
    return answer.isascii() and answer.isdigit()


def _single_free(form: ActionForm) -> bool:
    """Whether a form takes one free word or text, which a bare answer can fill (a guess, a clue)."""
    return len(form.params) == 1 and form.params[0].kind in ("word", "text")


def told(record: Record, position: int, seat: int | None, words: Words | None = None) -> list[str]:
    """What ``seat`` (``None``: a spectator) was told by move ``position`` of ``record`` (0: the deal).

    The sentences come from ``state.log(seat)``, the visibility model, never from the record's
    notation: a move's notation may hold what others kept hidden (Deep Dreams' ``keep DD38``).
    The log only grows, so the move's events are those after the ones the previous move left.
    """
    def prefix(length: int) -> Record:
        return Record(record.game, record.version, record.players, record.seed, record.options, record.moves[:length])

    after = replay(prefix(position))
    earlier = len(replay(prefix(position - 1)).events()) if position else 0
    words = words or after.game.words()
    return [event_words(event, words) for event in after.log(seat, last=len(after.events()) - earlier)]


def step_through(record: Record, console: Console, read: Callable[[str], str], seat: int | None = None,
                 words: Words | None = None) -> None:
    """Replay a saved game one move at a time as ``seat`` (default: a spectator) saw it: its view and
    what it was told of each move (see :func:`told`), never a move's notation."""
    final = replay(record)  # checks the whole record first: RecordError names a failing move
    words = words or final.game.words()

    def say(key: str, **fields: Any) -> str:
        return words.t(f"common.terminal.replay.{key}", fields)

    moves = record.moves
    position = 0
    while True:
        prefix = Record(record.game, record.version, record.players, record.seed, record.options, moves[:position])
        state = final if position == len(moves) else replay(prefix)
        console.print(final.game.render(state.view(seat), words))
        console.print(escape(say("move", position=position, total=len(moves)) if position else say("deal", total=len(moves))))
        for text in told(record, position, seat, words):
            console.print(Text(f"  {text}"))
        last = position == len(moves)
        while True:
            answer = read(say("ask-last" if last else "ask")).strip().lower()
            if answer in ("", "b", "q", "quit") or is_number(answer):
                break
            console.print(f"[red]{escape(say('not-an-answer', answer=repr(answer[:40]), total=len(moves)))}[/]")
        if answer in ("q", "quit") or (not answer and last):
            console.print(escape(say("end")))
            return
        if answer == "b":
            position = max(0, position - 1)
        elif is_number(answer):
            position = min(len(moves), int(answer))
        else:
            position += 1
