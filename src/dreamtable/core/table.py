"""The table layer: one object that runs a match of any game for every front end.

The terminal, the real-time terminal, batch play and the server all run a match through a
:class:`Table`. It holds the state and knows which seat is a human and which a bot; it arms every
deadline in ``state.timers`` on its clock and applies the expiry when one passes; it keeps a
cursor per seat of the events that seat has been told; it reads moves given as notation for a
seat and checks them; it lets bots act when it is their moment; it saves the record after every
accepted move; and it keeps the undo policy: a seat may take back its own moves (and the bots'
replies) but never past a move that showed anyone something they did not know (see
:mod:`.reveals`) or that another person was told of, nor past another human's move or the clock;
and an undo gives no deadline more time than it had.

Bots are any objects with ``choose(state, seat)``; the table reads two optional attributes:
``real_time`` (asked at every moment its seat is among the actors, and may answer ``None`` to
wait; other bots act only when the game waits for their seat, ``actors[0]``) and ``delay``
(seconds after the last change before a real-time bot is asked, e.g. a clue-giver's speaking time).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, NamedTuple, Protocol

from .clock import Clock, RealClock, SimulatedClock
from .contract import State
from .errors import IllegalActionError, RecordError
from .forms import ActionForm
from .record import expired_timer, expiry_text
from .reveals import Reveal, reveal_of, told_of
from .seats import seat_list, seat_name
from .visibility import Event


class Bot(Protocol):
    """A bot as the table sees it (see :mod:`dreamtable.agents`)."""

    def choose(self, state: State[Any], seat: int) -> Any:
        """The action the bot takes for ``seat`` now (a real-time bot may return ``None`` to wait)."""
        ...


def ask_bot(bot: Bot, state: State[Any], seat: int, seconds_left: float | None) -> Any:
    """``bot``'s choice for ``seat``, telling a bot that keeps time (``takes_time_left``) the seconds
    left before the table's next deadline, so it never thinks past the clock."""
    if seconds_left is not None and getattr(bot, "takes_time_left", False):
        return bot.choose(state, seat, seconds_left=seconds_left)  # type: ignore[call-arg]
    return bot.choose(state, seat)


class UndoError(IllegalActionError):
    """An undo the policy refuses; the message says why (what it would have crossed)."""


@dataclass
class _Step:
    """One accepted move or expiry, with what an undo must put back: the state just before it, the
    moment each deadline then pending had been armed, and the seats that were people then."""

    seat: int | None  # None: the clock
    action: Any
    before: State[Any] | None  # kept only while an undo could reach it
    armed: dict[str, float]  # timer name -> when it was armed, just before the step (undo restores it)
    people: tuple[int, ...]  # the human seats when the step was made: each was told of it as a person
    events: int = 0  # how many events the step added to the log
    shown: Reveal | None = None  # what the move showed, worked out the first time an undo asks


class Change(NamedTuple):
    """One accepted change, as the table reports it and a server stores and tells it."""

    seq: int
    """The table's change count after it (what a client's next move names as seen)."""
    kind: str
    """``move``, ``expire``, ``undo`` or ``bot`` (a seat handed to a bot)."""
    seat: int | None
    """Who made it (``None``: the clock)."""
    text: str
    """The move's notation, ``expire NAME``, ``undo`` or ``bot``."""
    at: float
    """When, on the table's clock."""


MAX_UNDO_STEPS = 64
"""How many recent steps the table keeps for undo (a longer take-back is refused plainly)."""


class Table:
    """One match: its state, its seats (humans and bots), its clock, cursors, undo and saving."""

    def __init__(
        self,
        state: State[Any],
        bots: Mapping[int, Bot] | None = None,
        *,
        clock: Clock | None = None,
        save: Path | None = None,
        undo: bool = True,
    ) -> None:
        self.state = state
        self.game = state.game
        self.bots: dict[int, Bot] = dict(sorted((bots or {}).items()))
        wrong = [seat for seat in self.bots if not 0 <= seat < state.players]
        if wrong:
            raise ValueError(f"bots given for seats {wrong}, but the game has seats 0–{state.players - 1}")
        self.humans = tuple(seat for seat in range(state.players) if seat not in self.bots)
        self._delays = {seat: float(getattr(bot, "delay", 0.0)) for seat, bot in sorted(self.bots.items())
                        if getattr(bot, "real_time", False)}  # real-time bots, by seat
        self.clock: Clock = clock or RealClock()
        self.save_path = save
        self.save_error: str | None = None
        """Why the last save failed (the disk is full, the folder went away), or None."""
        self.undo_enabled = undo and bool(self.humans)
        self.seq = 0
        """Counts every change (move, expiry, undo): a client's move names the ``seq`` it saw."""
        self._armed: dict[str, float] = {}  # timer name -> when the table first saw it pending
        self._changed_at = self.clock.now()
        self._cursors = {seat: 0 for seat in [*range(state.players), None]}
        self._event_total = len(state.events())
        self._steps: list[_Step] = []
        self._waiting: dict[int, int] = {}  # real-time bot seat -> seq at which it chose to wait
        self._last: tuple[str, int | None, Any] | None = None  # kind, seat, action or timer name
        # The seat the game waits for (actors[0]; None: nobody) and since when: a bot's turn is timed from
        # there, whatever other seats do meanwhile (see turn_started).
        self._holder: int | None = None
        self._held_since = self._changed_at
        self._hold()
        self._arm()
        self._save()  # the file exists from the start: a game left before its first move resumes too

    # -- what a seat may know -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """The seat's view (the one envelope), with each timer's seconds left on this table's clock."""
        shown = self.state.view(seat)
        deadlines = self.deadlines()
        now = self.clock.now()
        for timer in shown["timers"]:
            timer["seconds"] = round(max(0.0, deadlines[timer["name"]] - now), 3)
        shown["seq"] = self.seq
        return shown

    def events_since(self, seat: int | None, cursor: int) -> tuple[list[dict[str, Any]], bool]:
        """The events after the first ``cursor`` of the match, as ``seat`` may know them, and whether an
        undo took back some of those ``cursor`` (then every event there is, and the reader starts over).
        A reader's cursor is :attr:`event_count` once told."""
        total = self._event_total
        reset = total < cursor
        new = total if reset else total - cursor
        return (self.state.log(seat, new) if new > 0 else []), reset

    def news(self, seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` has not been told yet (as it may know them); moves the seat's cursor on.
        (An undo moves cursors back with the log, so a seat is never told an event twice.)"""
        events, _ = self.events_since(seat, self._cursors[seat])
        self._cursors[seat] = self._event_total
        return events

    def legal_actions(self, seat: int) -> list[Any]:
        """The moves the game lists for ``seat`` now."""
        return self.state.legal_actions(seat)

    def action_forms(self, seat: int) -> list[ActionForm]:
        """The moves with free parameters ``seat`` may make now."""
        return self.state.action_forms(seat)

    def form_move(self, seat: int, kind: str, values: Mapping[str, Any]) -> str:
        """The notation of ``seat``'s open form ``kind`` filled with ``values`` (then :meth:`submit` it).

        ``IllegalActionError`` names the open forms when none of ``kind`` is; ``FormError`` says what
        is wrong with a value. Several forms may share a kind (Dream Cycle's three brake plans): the
        one whose parameters ``values`` names is filled.
        """
        open_forms = self.action_forms(seat)
        forms = [form for form in open_forms if form.kind == kind]
        if not forms:
            offered = ", ".join(dict.fromkeys(form.kind for form in open_forms)) or "none"
            raise IllegalActionError(f"no form {kind[:40]!r} is open to you now; your forms: {offered}")
        named = [form for form in forms if {param.name for param in form.params} == set(values)]
        return (named or forms)[0].fill(**values)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.state.is_over

    # -- moves ------------------------------------------------------------------------------------
    def read(self, seat: int, move: str) -> Any:
        """The action ``move`` (notation) names for ``seat``; ``NotationError`` with a hint otherwise."""
        return self.game.parse_action(self.state, seat, move)

    def submit(self, seat: int, move: Any, seen_seq: int | None = None) -> Change:
        """A human seat's move (notation text or an action value), checked and applied.

        ``seen_seq``, when given, is the ``seq`` the mover last saw: a move made on an older table
        is refused as stale. Refused moves raise ``IllegalActionError`` / ``NotationError`` saying
        why, and change nothing. Returns the accepted change (its events are told through :meth:`news`
        and :meth:`events_since`).
        """
        if not isinstance(seat, int) or not 0 <= seat < self.state.players:
            raise IllegalActionError(f"seat {seat!r} is not at this table (seats 0–{self.state.players - 1})")
        if seat in self.bots:
            raise IllegalActionError(f"seat {seat_name(seat)} is played by a bot; a person cannot move for it")
        if seen_seq is not None and seen_seq > self.seq:
            raise IllegalActionError(f"you saw change {seen_seq}, but the table is only at change {self.seq}: "
                                     "send the seq of the view you chose your move on")
        if seen_seq is not None and seen_seq != self.seq:
            raise IllegalActionError(
                f"the table has changed since you looked (you saw change {seen_seq}, it is at {self.seq}); "
                "look again and choose again")
        action = self.read(seat, move) if isinstance(move, str) else move
        self._apply(seat, action)
        return self.last_change

    def _apply(self, seat: int, action: Any) -> list[Event]:
        before = self.state.copy() if self.undo_enabled else None
        armed = dict(self._armed)  # armed for the state before the move: _changed arms after every change
        events = self.state.apply(seat, action)  # raises, changing nothing, when the move is refused
        self._record_step(_Step(seat, action, before, armed, self.humans, len(events)))
        return events

    def _record_step(self, step: _Step) -> None:
        self._last = ("move", step.seat, step.action) if step.seat is not None else ("expire", None, step.action)
        if self.undo_enabled:
            self._steps.append(step)
            if len(self._steps) > MAX_UNDO_STEPS:
                del self._steps[0]
        self._event_total += step.events
        self._changed()

    def _changed(self) -> None:
        self.seq += 1
        self._changed_at = self.clock.now()
        self._waiting.clear()
        self._hold()
        self._arm()
        self._save()

    def _hold(self) -> None:
        """Note when the game began waiting for the seat it waits for now: a change that leaves that
        seat first (another seat's move out of turn, an expiry that asks the same seat again) keeps the moment."""
        actors = self.state.actors
        holder = actors[0] if actors else None
        if holder != self._holder:
            self._holder, self._held_since = holder, self._changed_at

    def _save(self) -> None:
        """Write the record to the save file, if there is one."""
        if self.save_path is not None:
            try:
                self.state.record().save(self.save_path)
                self.save_error = None
            except RecordError as error:  # the move stands; saving failing is news, not a refusal
                self.save_error = str(error)

    # -- time -------------------------------------------------------------------------------------
    def _arm(self) -> None:
        timers = self.state.timers
        if not timers and not self._armed:  # most games have no clock: keep batch play cheap
            return
        now = self.clock.now()
        self._armed = {timer.name: self._armed.get(timer.name, now) for timer in timers}

    def deadlines(self) -> dict[str, float]:
        """When each pending timer expires, on this table's clock."""
        self._arm()
        return {timer.name: self._armed[timer.name] + timer.seconds for timer in self.state.timers}

    def time_left(self) -> float | None:
        """Seconds to the next pending deadline, for a bot that keeps time; ``None`` with none pending,
        and on a simulated clock, which does not move while a bot thinks."""
        if not self.state.timers or isinstance(self.clock, SimulatedClock):
            return None
        return max(0.0, min(self.deadlines().values()) - self.clock.now())

    def expire_due(self) -> bool:
        """Apply the earliest deadline that has passed, if any; True when one did."""
        if not self.state.timers:
            return False
        now = self.clock.now()
        due = sorted((moment, name) for name, moment in self.deadlines().items() if moment <= now)
        if not due:
            return False
        name = due[0][1]
        events = self.state.expire(name)
        del self._armed[name]  # a deadline that comes back under the same name is a new one
        self._steps.clear()  # time cannot be taken back
        self._record_step(_Step(None, name, None, {}, self.humans, len(events)))
        return True

    # -- bots -------------------------------------------------------------------------------------
    def _bot_may_act(self, seat: int, now: float, actors: tuple[int, ...]) -> bool:
        if seat not in self._delays:
            return actors[0] == seat
        if seat not in actors or self._waiting.get(seat) == self.seq:
            return False
        return now >= self._changed_at + self._delays[seat]

    def ready_bots(self) -> list[int]:
        """The bot seats whose moment it is now: the seat the game waits for, if a turn-based bot
        holds it, and every real-time bot among the actors whose speaking time has come."""
        actors = self.state.actors
        if not actors:
            return []
        if not self._delays:  # turn-based bots only: the seat the game waits for, if it is a bot's
            return [actors[0]] if actors[0] in self.bots else []
        now = self.clock.now()
        return [seat for seat in self.bots if self._bot_may_act(seat, now, actors)]

    def play_bot(self, seat: int, action: Any) -> bool:
        """Carry out a bot's choice for ``seat`` (``None``: a real-time bot waits); True when it moved.

        The server asks bots in a worker thread and hands the choice back here.
        """
        if seat not in self.bots:
            raise IllegalActionError(f"seat {seat_name(seat)} is not a bot's")
        if action is None:
            self._waiting[seat] = self.seq
            return False
        self._apply(seat, action)
        return True

    def step_bots(self) -> bool:
        """Let the bots whose moment it is act; True when one did.

        Every bot ready at this moment is asked in turn (each sees the moves of those before it),
        so a busy seat cannot starve another: a clue-giver that speaks does not silence the Dreamer.
        """
        acted = False
        for seat in self.ready_bots():
            if self.state.is_over or seat not in self.state.actors:
                continue
            acted = self.play_bot(seat, ask_bot(self.bots[seat], self.state, seat, self.time_left())) or acted
        return acted

    def replay_change(self, kind: str, seat: int | None, text: str) -> None:
        """Apply a stored change again (rebuilding a table), as :attr:`last_change` gave it: a move
        by any seat, human or bot, an expiry, or an undo. (A seat handed to a bot is
        :meth:`hand_to_bot`, which needs the bot.)"""
        if kind == "expire":
            name = expired_timer(text)
            if name not in self.deadlines():
                raise IllegalActionError(f"the stored expiry {text!r} names no pending timer")
            self._armed[name] = float("-inf")  # due now, whatever the clock says
            self.expire_due()
        elif kind == "undo" and seat is not None:
            # A stored undo was granted when it was made; a stricter policy since (an upgraded
            # server rebuilding a game in progress) must not leave the table unbuildable.
            found = self._undo_start(seat)
            if isinstance(found, str):
                mine = [index for index, step in enumerate(self._steps) if step.seat == seat and step.before is not None]
                if not mine:
                    raise IllegalActionError(f"the stored undo by seat {seat_name(seat)} has no move to take back")
                found = mine[-1]
            self._take_back(seat, found)
        elif kind == "move" and seat is not None:
            self._apply(seat, self.read(seat, text))
        else:
            raise IllegalActionError(f"cannot replay a stored change {kind!r} by seat {seat!r}")

    def hand_to_bot(self, seat: int, bot: Bot) -> Change:
        """A human seat is played by ``bot`` from now on (its player left or ran out of time)."""
        if seat not in self.humans:
            raise IllegalActionError(f"seat {seat_name(seat)} is not a human's")
        self.bots = dict(sorted({**self.bots, seat: bot}.items()))
        self.humans = tuple(s for s in self.humans if s != seat)
        if getattr(bot, "real_time", False):
            self._delays[seat] = float(getattr(bot, "delay", 0.0))
        self.undo_enabled = self.undo_enabled and bool(self.humans)
        self._last = ("bot", seat, None)
        self._holder = None  # the bot's turn starts now, not when the game began waiting for the person
        self._changed()
        return self.last_change

    @property
    def last_change(self) -> Change:
        """The latest change, as a server stores it (``seq`` 0, kind ``start``, before any)."""
        if self._last is None:
            return Change(0, "start", None, "start", self._changed_at)
        kind, seat, what = self._last
        text = {"move": str(what), "expire": expiry_text(str(what))}.get(kind, kind)
        return Change(self.seq, kind, seat, text, self._changed_at)

    @property
    def real_time_bots(self) -> tuple[int, ...]:
        """The seats of bots that act in real time (they keep their own speaking time)."""
        return tuple(self._delays)

    @property
    def changed_at(self) -> float:
        """When the latest change happened, on this table's clock."""
        return self._changed_at

    @property
    def turn_started(self) -> float:
        """When the game began waiting for the seat it waits for now (``actors[0]``), on this table's
        clock: the start of that seat's turn as a bot's time is counted. Moves of other seats meanwhile
        (a player repositioning tiles out of turn) do not move it; the turn passing to another seat does."""
        return self._held_since

    @property
    def event_count(self) -> int:
        """How many events the match has had (a client's cursor into the log)."""
        return self._event_total

    def waiting_for_human(self) -> bool:
        """Whether the game waits for a human seat (its first actor is one)."""
        actors = self.state.actors
        return bool(actors) and actors[0] in self.humans

    def next_wakeup(self) -> float | None:
        """The next moment something may happen without a human: a deadline or a bot's speaking time."""
        moments = list(self.deadlines().values())
        actors = self.state.actors
        for seat, delay in self._delays.items():
            if seat in actors and self._waiting.get(seat) != self.seq:
                moments.append(self._changed_at + delay)
        return min(moments) if moments else None

    def advance(self, *, until_seq: int | None = None) -> bool:
        """Run the clock and the bots until a human must act or the game ends (or the table reaches
        change ``until_seq``); True when anything happened.

        On a :class:`SimulatedClock` the time jumps to each next deadline; on a real clock this
        returns as soon as nothing is due now (the caller waits until :meth:`next_wakeup`).
        """
        acted = False
        while not self.state.is_over and (until_seq is None or self.seq < until_seq):
            if self.expire_due() or self.step_bots():
                acted = True
                continue
            if self.waiting_for_human():
                break
            wakeup = self.next_wakeup()
            if wakeup is None or not isinstance(self.clock, SimulatedClock):
                break
            if wakeup <= self.clock.now():  # everything due has been asked and chose to wait
                deadlines = [moment for moment in self.deadlines().values() if moment > self.clock.now()]
                if not deadlines:
                    break
                wakeup = min(deadlines)
            self.clock.advance_to(wakeup)
        return acted

    def play(self, max_moves: int | None = None, on_step: Callable[["Table"], None] | None = None) -> State[Any]:
        """Batch play: every seat a bot, the clock simulated, until the game ends or the table has made
        ``max_moves`` more changes (moves and expiries; several bots acting at one moment may take it a
        little past); returns the state. ``on_step`` is called after each run of changes."""
        if self.humans:
            raise ValueError(f"seats {seat_list(list(self.humans))} have no bot: batch play needs a bot in every seat")
        until = None if max_moves is None else self.seq + max_moves
        while not self.state.is_over and (until is None or self.seq < until):
            if not self.advance(until_seq=until):
                raise RuntimeError(f"{self.game.id}: the match is stuck after {self.seq} changes: "
                                   "no bot acts and no deadline is pending")
            if on_step is not None:
                on_step(self)
        return self.state

    def play_to_end(self, on_step: Callable[["Table"], None] | None = None, *, max_moves: int | None = None) -> State[Any]:
        """Batch play to the end of the game (see :meth:`play`); ``RuntimeError`` when ``max_moves``
        changes have not ended it, so bots that stall never play for ever unnoticed."""
        self.play(max_moves, on_step)
        if not self.state.is_over:
            raise RuntimeError(f"{self.game.id}: the game has not ended after {max_moves} moves (seed {self.state.seed}); "
                               "its bots may be stalling")
        return self.state

    # -- undo -------------------------------------------------------------------------------------
    def why_no_undo(self, seat: int) -> str | None:
        """``None`` when ``seat`` may take back its last move now, otherwise why not."""
        found = self._undo_start(seat)
        return found if isinstance(found, str) else None

    def _undo_start(self, seat: int) -> int | str:
        if not self.undo_enabled:
            return "this table has no undo (only bots play)"
        if seat in self.bots:
            return f"seat {seat_name(seat)} is a bot"
        if self.is_over:  # its outcome is told and stored; taking a move back would reopen it
            return "the game is over; its result stands"
        mine = [index for index, step in enumerate(self._steps) if step.seat == seat]
        if not mine:
            return "you have no move to take back since the last thing anyone was shown or the clock ran"
        start = mine[-1]
        for step in self._steps[start:]:
            if step.before is None or step.seat is None:
                return "time has moved on since your last move"
            if step.seat != seat and step.seat in step.people:  # a person then, even if a bot plays it now
                return f"{seat_name(step.seat)} has moved since; their move cannot be taken back by you"
        ran_out = self._ran_out(self._steps[start])
        if ran_out is not None:
            return f"the deadline {ran_out} has run out since your move, and undo gives no time back"
        # Check the moves from the last one backwards and stop at the first that another person was
        # told of (cheap: their events), then at the first that showed anything (worlds replayed).
        for index in range(len(self._steps) - 1, start - 1, -1):
            step = self._steps[index]
            after = self._steps[index + 1].before if index + 1 < len(self._steps) else self.state
            assert after is not None
            told = told_of(after, step.events, [person for person in step.people if person != seat])
            if told:
                return (f"{seat_list(sorted(told))} {'was' if len(told) == 1 else 'were'} told of "
                        f"{seat_name(step.seat or 0)}'s move ({self._move_in_words(step, after, seat)}); "
                        "undo never takes back what another person has seen")
        for index in range(len(self._steps) - 1, start - 1, -1):
            step = self._steps[index]
            after = self._steps[index + 1].before if index + 1 < len(self._steps) else self.state
            assert step.before is not None and after is not None and step.seat is not None
            if step.shown is None:
                step.shown = reveal_of(step.before, step.seat, step.action, after, seed=len(step.before.history()),
                                       first_only=True)
            shown = step.shown
            who = seat_name(step.seat)
            if shown.learned:
                return (f"{who}'s move ({self._move_in_words(step, after, seat)}) showed "
                        f"{seat_list(sorted(shown.learned))} something they did not know (a card, a tile or a role); "
                        "undo stops there")
            if step.seat != seat and seat in shown.exposed_to:
                return (f"{who}'s move ({self._move_in_words(step, after, seat)}) showed you something of theirs; "
                        "undo stops there")
        return start

    def _move_in_words(self, step: _Step, after: State[Any], seat: int) -> str:
        """What ``seat`` was told of ``step``, in the game's words (its first event's sentence as the
        seat sees it): a refusal names a move as the player read it, never by its notation. A move
        that told nothing is described from its mover's view as it stood before it."""
        if step.events:
            first = after.log(seat, last=step.events)[0]
            return str(first["text"]).rstrip(".")
        assert step.before is not None and step.seat is not None
        return self.game.describe(step.before.view(step.seat), step.action)

    def _ran_out(self, step: _Step) -> str | None:
        """The name of a deadline pending before ``step`` that has passed since, if any: undoing the
        step would bring it back already due (it keeps the moment it was armed, never a new one)."""
        assert step.before is not None
        now = self.clock.now()
        for timer in step.before.timers:
            if step.armed.get(timer.name, now) + timer.seconds <= now:
                return timer.name
        return None

    def undo(self, seat: int) -> Change:
        """Take back ``seat``'s last move and every bot move after it; ``UndoError`` says why not."""
        found = self._undo_start(seat)
        if isinstance(found, str):
            raise UndoError(f"cannot undo: {found}")
        self._take_back(seat, found)
        return self.last_change

    def _take_back(self, seat: int, found: int) -> None:
        """Put the table back as it stood before step ``found``: state, deadlines, cursors."""
        step = self._steps[found]
        before = step.before
        assert before is not None
        del self._steps[found:]
        self.state = before
        self._armed = dict(step.armed)  # each deadline keeps the moment it was armed: no time is won back
        self._event_total = len(before.events())
        self._cursors = {who: min(cursor, self._event_total) for who, cursor in self._cursors.items()}
        self._last = ("undo", seat, None)
        self._changed()


__all__ = ["Bot", "Change", "Table", "UndoError"]
