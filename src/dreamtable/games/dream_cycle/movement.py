"""The Movement Phase (DC-R28 – DC-R40, DC-R48) as a state machine of its own.

The movement runs by itself and stops only at a real choice. :class:`Movement` holds where it is:
``step`` (a :class:`Step`) is what it does next, and ``question`` is the question it waits on —
one small typed value per kind of question:

==========================  ==============  ==========================================
question                    asked of        answers
==========================  ==============  ==========================================
:class:`Choose` (ways)      the mover       ``go N`` / ``go E`` … — two tiles or Lucidity
:data:`PAUSE`               the mover       ``ride``, ``brake``, ``wake`` — the brake plan asks
:class:`Conflict`           its decider     ``push``, ``pass``, ``block`` (DC-R36)
:class:`Blocked` (ways)     the mover       ``go …``, or ``stop`` when no other way is left
:class:`Reinterpret`        the mover       ``place …``, ``unplace …``, ``done``
==========================  ==============  ==========================================

At any question but a conflict and a reinterpretation the mover may also ``zip``, ``reinterpret``
or ``cash`` an Inspiration tile.

The movement reads and changes the rest of the game only through :class:`Board`, the few things
it needs from the rules outside the Movement Phase (tokens, the Dreamscape, the mover's tiles and
chi, payments, laying a row, the end of the turn and of the game). ``rules.CycleState`` provides
them; this module imports nothing from :mod:`.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Literal, Mapping, NamedTuple, Protocol, Union

from ...core.errors import IllegalActionError
from ...core.rng import Rng
from ...core.visibility import Event
from . import events as ev
from .board import NEEDS_ROW, WIN, is_doldrum
from .components import (
    BLUE,
    BLUE_FIELD,
    BOOSTS,
    COLOUR_CODES,
    DRAIN,
    FACINGS,
    FIELDS,
    INSPIRATION_CODES,
    INSPIRE,
    POWER,
    REIN,
    REVERIE,
    SQUARE_CODES,
    TURNED,
    WAKE,
    WARD,
    YELLOW_FIELD,
    ZIP,
    field_colour_table,
    field_slots,
)
from .events import STEP_OFF, TURNS, Reason
from .notation import CASH, CycleMove, shown

BRAKE_CHI = 2
"""What a brake costs, by choice or forced by a loop (DC-R31, DC-R32)."""
LANDING_EFFECTS = (BLUE, INSPIRE, DRAIN)
"""The squares that act on a token arriving on them (DC-R12)."""
YELLOW_SQUARES = (INSPIRE, DRAIN, REVERIE)
"""The yellow squares: Inspiration Bonus, Psychic Drain, Reverie (§3.2)."""
ZIP_HOPS = 2
"""A Zip moves one space, or two when it hops over an occupied one (§3.3)."""

BrakePlan = tuple[Any, ...]
"""A standing brake plan (DC-R31), as the arguments of its ``plan`` move: ``("none",)``,
``("ask",)``, ``("row", k)``, ``("steps", n)`` or ``("on", square kinds)``."""
ConflictChoice = Literal["push", "pass", "block"]


class Step(Enum):
    """What the movement does next when no question is open."""

    DEPART = "depart"
    """Read the square's colour (the die on a blue or yellow square), turn by the field and ride."""
    PLAN = "plan"
    """After an arrival: brake if the brake plan says so, or pause if it asks (DC-R31)."""
    LOOP = "loop"
    """After an arrival: an endless loop or the step cap forces the brake (DC-R32, DC-R33)."""
    END = "end"
    """The movement is over: the turn ends."""


class Way(NamedTuple):
    """A way a field offers: the facing to turn to and how many spaces to ride (DC-R29, DC-R24)."""

    facing: int
    spaces: int


WAYS = tuple(tuple(Way(facing, spaces) for spaces in range(max(BOOSTS) + 1)) for facing in range(4))
"""Every way, built once: ``WAYS[facing][spaces]`` (a movement reads its fields at every step)."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Two tiles on the field, or Lucidity, give different ways: the mover picks one (DC-R29)."""

    kind: ClassVar[str] = "choose"
    ways: tuple[Way, ...]


@dataclass(frozen=True, slots=True)
class Pause:
    """The brake plan asks after this arrival: ride on, or brake (DC-R31)."""

    kind: ClassVar[str] = "pause"


PAUSE = Pause()


@dataclass(frozen=True, slots=True)
class Clash:
    """Where a conflict is and who is in it (DC-R35, DC-R38)."""

    entering: tuple[int, ...]
    """The tokens riding in: the mover, or the tokens of a push (a chain push)."""
    occupants: tuple[int, ...]
    """The tokens already on ``target``."""
    target: int
    chain: int
    """0 for the mover's own conflict, 1 and more for chain pushes (no Block, no toll)."""
    pushed: tuple[int, ...]
    """Tokens pushed so far, whose landing effects follow the mover's (DC-R40)."""


@dataclass(frozen=True, slots=True)
class Conflict:
    """The party holding the most Power decides the conflict (DC-R36)."""

    kind: ClassVar[str] = "conflict"
    decider: int
    allowed: tuple[ConflictChoice, ...]
    clash: Clash


@dataclass(frozen=True, slots=True)
class Blocked:
    """After a Block: another tile of the field, a Zip, or the end (DC-R37, DC-R48)."""

    kind: ClassVar[str] = "blocked"
    ways: tuple[Way, ...]


@dataclass(frozen=True, slots=True)
class Reinterpret:
    """The mover turned in a Reinterpretation and rearranges the tiles, then the question
    ``then`` is asked again with the new fields (§3.3)."""

    kind: ClassVar[str] = "reinterpret"
    then: Union[Choose, Pause, Blocked]


Question = Union[Choose, Pause, Conflict, Blocked, Reinterpret]
"""What the movement waits on."""

ABOUT = {"choose": "which way to turn", "pause": "whether to ride on or brake", "conflict": "the conflict",
         "blocked": "where to go after the Block", "reinterpret": "your reinterpretation"}

GO = tuple(CycleMove("go", (facing,)) for facing in range(4))
RIDE, BRAKE, WAKE_MOVE, ZIP_MOVE, REINTERPRET, DONE, STOP = (
    CycleMove(kind) for kind in ("ride", "brake", "wake", "zip", "reinterpret", "done", "stop"))
DECIDE: dict[ConflictChoice, CycleMove] = {"push": CycleMove("push"), "pass": CycleMove("pass"), "block": CycleMove("block")}


class Settings(NamedTuple):
    """The options a movement follows, read once per match."""

    die: tuple[int, ...]
    """The die's faces as field colours (DC-R11)."""
    step_cap: int
    """Arrivals that count as an endless loop (DC-R33)."""
    toll: int
    """Chi a weaker party pays the mover in a conflict (DC-R39)."""
    once_per_turn: bool
    """A blue or yellow square acts on a token at most once a turn (DC-R13)."""
    fields: tuple[int, ...]
    """The colour of each of the seven field slots (DC-R9; see ``components.field_slots``)."""
    slot: tuple[int, ...]
    """Per colour (``components.COLOUR_CODES``), its field slot, or −1 when it is no field of this game."""
    exits: tuple[int, ...]
    """Per square kind, the colour leaving it reads, or −1 for the die: the plain squares their own
    colour; blue and yellow squares the die, or their field under ``special_exit = "fields"`` (DC-R10)."""

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> "Settings":
        colours = field_colour_table(options.get("field_colours", list(COLOUR_CODES[:FIELDS])))
        slot = field_slots(colours)
        by_fields = options.get("special_exit", "die") == "fields"
        exits = tuple(kind if kind < FIELDS else
                      BLUE_FIELD if by_fields and kind == BLUE else
                      YELLOW_FIELD if by_fields and kind in YELLOW_SQUARES else -1 for kind in range(len(SQUARE_CODES)))
        return cls(tuple(COLOUR_CODES.index(face) for face in options["die_faces"]), options["step_cap"],
                   options["conflict_toll"], options["special_once_per_turn"],
                   tuple(sorted(colours, key=lambda c: slot[c])), slot, exits)


class Board(Protocol):
    """What a movement needs from the rest of the rules (``rules.CycleState`` provides it)."""

    players: int
    rng: Rng
    pos: list[int]
    """Each token's position (see :mod:`.board`); −1 once out."""
    facing: list[int]
    """Each token's facing, 0–3 clockwise from north."""
    alive: list[bool]
    kinds: tuple[int, ...]
    """Every position's square kind, ``FRINGE`` or ``BEYOND``."""
    fields: list[list[tuple[int, ...]]]
    """Per seat and field slot (``Settings.slot``), the Directional tiles on it."""
    boost: list[list[int]]
    """Per seat and field slot, the boost chi on it."""
    chi: list[int]
    insp: list[list[int]]
    """Per seat, its Inspiration tiles."""
    plan: list[BrakePlan]

    @property
    def is_over(self) -> bool: ...

    def peek(self, pos: int, facing: int) -> int:
        """Where one step leads: a position, −1 beyond the fringe, ``NEEDS_ROW`` or ``WIN``."""
        ...

    def row_of(self, pos: int) -> int: ...

    def where(self, pos: int) -> str:
        """A position in words (for the prompts)."""
        ...

    def spot(self, pos: int) -> dict[str, Any]:
        """A position as events give it: ``x``, ``y``, ``row``, ``square`` (see :mod:`.events`)."""
        ...

    def lay_row(self, events: list[Event]) -> None:
        """Lay the next row of the Dreamscape (DC-R6)."""
        ...

    def square_effect(self, seat: int, kind: int, events: list[Event]) -> None:
        """What a blue or yellow square does to the token of ``seat`` (DC-R14 – DC-R16)."""
        ...

    def spend(self, seat: int, amount: int) -> None:
        """Chi from the seat's hand to the supply."""
        ...

    def force_pay(self, seat: int, amount: int, cancel: int, to: int | None, why: Reason, events: list[Event]) -> bool:
        """A payment the rules impose (DC-R49); the seat is out when it cannot pay."""
        ...

    def return_tile(self, seat: int, k: int, events: list[Event]) -> None:
        """An Inspiration tile goes back to the supply (DC-R42); the seat's offers giving one lapse."""
        ...

    def cash(self, seat: int, k: int, events: list[Event]) -> None:
        """Turn in an Inspiration tile for chi (DC-R42)."""
        ...

    def placements(self, seat: int) -> list[CycleMove]:
        """The tile placements the seat may make."""
        ...

    def place(self, seat: int, kind: str, k: int, f: int, events: list[Event]) -> None:
        """Put a tile on a field or take it back (``kind`` is ``place`` or ``unplace``)."""
        ...

    def finish(self, winners: list[int], reason: str, events: list[Event]) -> None:
        """The game ends."""
        ...

    def end_turn(self, events: list[Event]) -> None:
        """The turn ends and the next player's begins."""
        ...


class Movement:
    """One Movement Phase of the player on turn (the mover), from its first step to its end."""

    __slots__ = ("mover", "settings", "step", "question", "seen", "arrivals", "colour", "arrive_facing", "triggered")

    mover: int
    settings: Settings
    step: Step
    question: Question | None
    seen: set[tuple[int, int]]
    """The (position, facing) of each arrival since the path last could have changed (DC-R32)."""
    arrivals: int
    colour: int
    """The colour the mover last departed by (−1 when none applies, as after a Zip)."""
    arrive_facing: int
    """The facing the mover had when it arrived on its square (DC-R48)."""
    triggered: set[tuple[int, int]]
    """(seat, position) of the blue and yellow squares that already acted this turn (DC-R13)."""

    def __init__(self, mover: int, settings: Settings) -> None:
        self.mover = mover
        self.settings = settings
        self.step = Step.DEPART
        self.question = None
        self.seen = set()
        self.arrivals = 0
        self.colour = -1
        self.arrive_facing = 0
        self.triggered = set()

    def copy(self) -> "Movement":
        twin = Movement.__new__(Movement)
        twin.mover = self.mover
        twin.settings = self.settings
        twin.step = self.step
        twin.question = self.question  # immutable
        twin.seen = set(self.seen)
        twin.arrivals = self.arrivals
        twin.colour = self.colour
        twin.arrive_facing = self.arrive_facing
        twin.triggered = set(self.triggered)
        return twin

    # -- what it waits on ------------------------------------------------------------------------
    @property
    def waiting_on(self) -> int | None:
        """The seat whose answer the movement waits for: a conflict's decider, else the mover."""
        question = self.question
        if question is None:
            return None
        return question.decider if isinstance(question, Conflict) else self.mover

    @property
    def reinterpreting(self) -> bool:
        """Whether the mover is rearranging tiles after a Reinterpretation (§3.3)."""
        return isinstance(self.question, Reinterpret)

    def path_changed(self) -> None:
        """Something that could change the path happened: the loop record starts again (DC-R32)."""
        self.seen.clear()

    # -- starting and running ------------------------------------------------------------------
    def begin(self, board: Board, events: list[Event]) -> None:
        """DC-R28: a token on a doldrum space first steps forward; then the fields lead it."""
        seat = self.mover
        events.append(Event(ev.MOVEMENT_BEGINS, seat))
        if is_doldrum(board.kinds[board.pos[seat]]):
            self.arrive_facing = board.facing[seat]
            self._go(board, board.facing[seat], 1, events, step_off=True)
        else:
            self.step = Step.DEPART
        self.run(board, events)

    def run(self, board: Board, events: list[Event]) -> None:
        """Take steps until a question is open, the movement ends or the game does."""
        while self.question is None and not board.is_over:
            step = self.step
            if step is Step.DEPART:
                self._depart(board, events)
            elif step is Step.PLAN:
                self._plan_check(board, events)
            elif step is Step.LOOP:
                self._loop_check(board, events)
            else:
                board.end_turn(events)
                return

    def ways(self, board: Board, colour: int, facing: int) -> tuple[Way, ...]:
        """The distinct ways the mover's field of ``colour`` offers from ``facing`` (DC-R29, DC-R24)."""
        seat = self.mover
        slot = self.settings.slot[colour]
        if slot < 0:
            return ()  # a die face that is no field of this game (DC-R9, DC-R11): nothing to follow
        field = board.fields[seat][slot]
        boost = board.boost[seat][slot]
        spaces = boost if len(field) == 1 and boost else 1
        found: list[Way] = []
        for kind in field:
            for new in TURNED[kind][facing]:
                way = WAYS[new][spaces]
                if way not in found:
                    found.append(way)
        return tuple(found)

    def _depart(self, board: Board, events: list[Event]) -> None:
        """Read the square's colour and turn: a plain square's own colour; on a blue or yellow square
        the die's, or the Blue or Yellow field's under ``special_exit = "fields"`` (DC-R10)."""
        seat = self.mover
        square = board.kinds[board.pos[seat]]
        facing = board.facing[seat]
        self.arrive_facing = facing
        colour = self.settings.exits[square]
        if colour < 0:
            die = self.settings.die
            colour = die[board.rng.randrange(len(die))]
            if len({self.ways(board, face, facing) for face in die}) > 1:
                self.seen.clear()  # DC-R32: only a roll that could change the path resets the loop check
            events.append(Event(ev.ROLLED, seat, {"square": SQUARE_CODES[square], "colour": COLOUR_CODES[colour]}))
        self.colour = colour
        ways = self.ways(board, colour, facing)
        if not ways:
            events.append(Event(ev.NO_TILE, seat, {"colour": COLOUR_CODES[colour], "facing": FACINGS[facing]}))
            self.step = Step.END
        elif len(ways) > 1:
            self.question = Choose(ways)
        else:
            self._go(board, ways[0].facing, ways[0].spaces, events)

    # -- one move ---------------------------------------------------------------------------------
    def _go(self, board: Board, facing: int, spaces: int, events: list[Event], step_off: bool = False) -> None:
        """Turn to ``facing`` and ride ``spaces`` forward; boosted moves skip what they pass (DC-R30)."""
        seat = self.mover
        old = board.facing[seat]
        board.facing[seat] = facing
        pos = board.pos[seat]
        for _ in range(spaces):
            nxt = _step(board, pos, facing, events)
            if nxt == WIN:
                board.pos[seat] = pos
                board.finish([seat], "awake", events)
                return
            if nxt < 0:
                break  # beyond the fringe: stop in the last fringe space passed (DC-R30)
            pos = nxt
        events.append(Event(ev.RODE, seat, {
            "how": STEP_OFF if step_off else TURNS[(facing - old) % 4], "colour": None if self.colour < 0 else COLOUR_CODES[self.colour],
            "facing": FACINGS[facing], "spaces": spaces, "destination": board.spot(pos)}))
        if pos == board.pos[seat]:
            self.step = Step.END
            return
        self._arrive(board, pos, events)

    def _arrive(self, board: Board, target: int, events: list[Event]) -> None:
        seat = self.mover
        occupants = _occupants(board, target, seat)
        if occupants:
            self._conflict(board, [seat], occupants, target, 0, [], events)
        else:
            board.pos[seat] = target
            self._landed(board, (), events)

    # -- conflicts (DC-R35 – DC-R39) --------------------------------------------------------------
    def _conflict(self, board: Board, entering: list[int], occupants: list[int], target: int, chain: int,
                  pushed: list[int], events: list[Event]) -> None:
        mover = self.mover
        facing = board.facing[mover]
        toll = self.settings.toll
        if chain == 0 and toll:
            for other in occupants:  # DC-R39: the weaker occupants pay the mover a toll
                if _power(board, other) < _power(board, mover):
                    board.force_pay(other, toll, WARD, mover, "toll", events)
            if board.is_over:
                return
            occupants = [s for s in occupants if board.alive[s]]
            if not occupants:
                board.pos[mover] = target
                self._landed(board, pushed, events)
                return
        dest = board.peek(target, facing)
        push_ok = dest >= 0 or dest == NEEDS_ROW
        allowed: list[ConflictChoice] = ["push", "pass"] if push_ok else ["pass"]
        if chain == 0:
            allowed.append("block")  # DC-R38: a chain push cannot be blocked
        parties = entering + occupants
        top = max(_power(board, s) for s in parties)
        deciders = [s for s in parties if _power(board, s) == top]
        clash = Clash(tuple(entering), tuple(occupants), target, chain, tuple(pushed))
        events.append(Event(ev.CONFLICT, mover, {"at": board.spot(target), "entering": list(entering), "occupants": list(occupants)}))
        if len(deciders) == 1:
            self.question = Conflict(deciders[0], tuple(allowed), clash)
            return
        self._settle(board, "push" if push_ok else "pass", clash, events)  # DC-R36: a tie

    def _settle(self, board: Board, outcome: ConflictChoice, clash: Clash, events: list[Event]) -> None:
        """Carry out a conflict's outcome: a Block, a Pass, or a Push (perhaps into a chain push)."""
        mover = self.mover
        facing = board.facing[mover]
        self.question = None
        if outcome == "block":
            events.append(Event(ev.BLOCKED, mover, {"facing": FACINGS[facing]}))
            self._after_block(board, events)
            return
        target = clash.target
        if clash.chain == 0:
            board.pos[mover] = target
        if outcome == "pass":
            events.append(Event(ev.PASSED, mover, {"entering": list(clash.entering)}))
            self._landed(board, clash.pushed, events)
            return
        dest = _step(board, target, facing, events)  # DC-R44: a push north lays the next row
        occupants = clash.occupants
        for s in occupants:
            board.pos[s] = dest
        self.seen.clear()  # DC-R32: another token moved
        events.append(Event(ev.PUSHED, mover, {"pushed": list(occupants), "facing": FACINGS[facing], "destination": board.spot(dest)}))
        pushed = list(clash.pushed + occupants)
        chained = [s for s in range(board.players) if board.alive[s] and board.pos[s] == dest and s not in occupants and s != mover]
        if chained:  # DC-R38: a chain push, decided between the pushed tokens and the new occupants
            self._conflict(board, list(occupants), chained, dest, clash.chain + 1, pushed, events)
        else:
            self._landed(board, pushed, events)

    def _after_block(self, board: Board, events: list[Event]) -> None:
        """DC-R37, DC-R48: another tile of the field (from the arrival facing), a Zip, or the end.

        With no other way left, the mover is asked whenever it holds any Inspiration tile (a count
        everyone sees) and a Zip could land, not only when it holds a Zip: whether the game stops
        here must not tell the others what its face-down tiles are (DC-R43)."""
        facing = board.facing[self.mover]
        others = () if self.colour < 0 else tuple(
            way for way in self.ways(board, self.colour, self.arrive_facing) if way.facing != facing)
        if others or (board.insp[self.mover] and self._landing(board) is not None):
            self.question = Blocked(others)
        else:
            self.step = Step.END

    # -- after an arrival ----------------------------------------------------------------------------
    def _landed(self, board: Board, pushed: list[int] | tuple[int, ...], events: list[Event]) -> None:
        """Landing effects, the mover's square first (DC-R40); then a doldrum stops the movement."""
        mover = self.mover
        self._effect(board, mover, events)
        for s in pushed:
            if board.alive[s]:
                self._effect(board, s, events)
        if board.is_over:
            return
        if not board.alive[mover] or is_doldrum(board.kinds[board.pos[mover]]):
            if board.alive[mover]:
                events.append(Event(ev.DOLDRUM, mover))
            self.step = Step.END
        else:
            self.step = Step.PLAN

    def _effect(self, board: Board, seat: int, events: list[Event]) -> None:
        """A blue or yellow square acts on the token arriving on it, once a turn (DC-R12, DC-R13)."""
        pos = board.pos[seat]
        kind = board.kinds[pos]
        if kind not in LANDING_EFFECTS:
            return
        if self.settings.once_per_turn:
            if (seat, pos) in self.triggered:
                return
            self.triggered.add((seat, pos))
        self.seen.clear()  # DC-R32: a square's effect applied
        board.square_effect(seat, kind, events)

    def _plan_check(self, board: Board, events: list[Event]) -> None:
        """DC-R31: brake when the plan says so (if the chi is there); pause when it asks."""
        seat = self.mover
        plan = board.plan[seat]
        pos = board.pos[seat]
        kind = plan[0]
        due = ((kind == "row" and board.row_of(pos) >= plan[1]) or (kind == "steps" and self.arrivals + 1 >= plan[1])
               or (kind == "on" and board.kinds[pos] in plan[1]))
        if due and board.chi[seat] >= BRAKE_CHI:
            self._brake(board, events)
        elif kind == "ask":
            self.question = PAUSE
        else:
            self.step = Step.LOOP

    def _brake(self, board: Board, events: list[Event]) -> None:
        seat = self.mover
        board.spend(seat, BRAKE_CHI)
        events.append(Event(ev.BRAKED, seat, {"chi": BRAKE_CHI, "at": board.spot(board.pos[seat])}))
        self.step = Step.END

    def _loop_check(self, board: Board, events: list[Event]) -> None:
        """DC-R32, DC-R33: the same space and facing twice, or the step cap, forces the brake."""
        seat = self.mover
        self.arrivals += 1
        key = (board.pos[seat], board.facing[seat])
        if key in self.seen or self.arrivals >= self.settings.step_cap:
            events.append(Event(ev.LOOP, seat))
            board.force_pay(seat, BRAKE_CHI, WAKE, None, "loop", events)
            self.step = Step.END
            return
        self.seen.add(key)
        self.step = Step.DEPART

    # -- answers to the questions -----------------------------------------------------------------
    def ask(self, board: Board) -> dict[str, Any]:
        """The open question as a kind and its fields (see :mod:`.prompts`), for the seat asked
        (``prompts.ask`` tells the others only what they may know: a pause or a Block's question may
        name the mover's Zip)."""
        question = self.question
        mover = self.mover
        if isinstance(question, Conflict):
            at = board.spot(question.clash.target)
            kind = "conflict-fringe" if at["square"] == "fringe" else "conflict"
            return {"kind": kind, "decider": question.decider, **at}
        if isinstance(question, Reinterpret):
            return {"kind": "reinterpret", "mover": mover}
        at = board.spot(board.pos[mover])
        if isinstance(question, Choose):
            return {"kind": "choose", "mover": mover, "colour": COLOUR_CODES[self.colour], **at}
        if isinstance(question, Pause):
            return {"kind": "pause", "mover": mover, **at}
        assert isinstance(question, Blocked)
        zip_lands = self._zip_landing(board) is not None
        if question.ways:
            kind = "blocked-way-zip" if zip_lands else "blocked-way"
        else:
            kind = "blocked-zip" if zip_lands else "blocked-stop"
        return {"kind": kind, "mover": mover, **at}

    def answers(self, board: Board, seat: int) -> list[CycleMove]:
        """What ``seat`` (the one the movement waits on) may answer."""
        question = self.question
        assert question is not None, "the movement asks nothing now"
        if isinstance(question, Conflict):
            return [DECIDE[outcome] for outcome in question.allowed]
        if isinstance(question, Reinterpret):
            return board.placements(seat) + [DONE]
        moves: list[CycleMove] = []
        if isinstance(question, Pause):
            moves = [RIDE, BRAKE] if board.chi[seat] >= BRAKE_CHI else [RIDE]
            if WAKE in board.insp[seat]:
                moves.append(WAKE_MOVE)
        else:
            moves = [GO[way.facing] for way in question.ways]
            if not moves and isinstance(question, Blocked):
                moves = [STOP]
        if self._zip_landing(board) is not None:
            moves.append(ZIP_MOVE)
        if REIN in board.insp[seat]:
            moves.append(REINTERPRET)
        moves += [CASH[k] for k in sorted(set(board.insp[seat]))]
        return moves

    def answer(self, board: Board, seat: int, action: CycleMove, events: list[Event]) -> None:
        """Take ``seat``'s answer and run on; ``IllegalActionError`` (nothing changed) for anything else."""
        legal = self.answers(board, seat)
        question = self.question
        assert question is not None
        if action not in legal:
            if action.kind in ("place", "unplace") and not self.reinterpreting:
                raise IllegalActionError("you may not reposition Directional tiles during your own Movement Phase (DC-R23)")
            raise IllegalActionError(f"'{shown(action)}' is not an answer now; the game asks about {ABOUT[question.kind]}: "
                                     f"{', '.join(str(m) for m in legal)}")
        kind = action.kind
        if kind == "cash":
            board.cash(seat, action.args[0], events)
            return
        if isinstance(question, Conflict):
            self._settle(board, next(o for o in question.allowed if DECIDE[o] == action), question.clash, events)
        elif isinstance(question, Reinterpret):
            if kind == "done":
                self._resume(board, question.then, events)
            else:
                board.place(seat, kind, action.args[0], action.args[1], events)
            return
        elif kind == "go":
            assert isinstance(question, (Choose, Blocked))
            facing = action.args[0]
            spaces = next(way.spaces for way in question.ways if way.facing == facing)
            self.question = None
            self._go(board, facing, spaces, events)
        elif kind == "stop":
            self.question = None
            self.step = Step.END
        elif kind == "ride":
            self.question = None
            self.step = Step.LOOP
        elif kind == "brake":
            self.question = None
            self._brake(board, events)
        elif kind == "wake":
            self.question = None
            board.force_pay(seat, BRAKE_CHI, WAKE, None, "brake", events)
            self.step = Step.END
        elif kind == "zip":
            self._zip(board, events)
        elif kind == "reinterpret":
            self._use(board, REIN, events)
            self.question = Reinterpret(question)
            return
        self.run(board, events)

    def _resume(self, board: Board, then: Choose | Pause | Blocked, events: list[Event]) -> None:
        """After a Reinterpretation, take up the question again with the new fields (§3.3)."""
        seat = self.mover
        self.question = None
        if isinstance(then, Pause):
            self.question = then  # the same question again: ride on or brake
            return
        if isinstance(then, Choose):
            board.facing[seat] = self.arrive_facing
            ways = self.ways(board, self.colour, self.arrive_facing)
            if not ways:
                self.step = Step.END
            elif len(ways) > 1:
                self.question = Choose(ways)
            else:
                self._go(board, ways[0].facing, ways[0].spaces, events)
        else:
            self._after_block(board, events)
        self.run(board, events)

    def _use(self, board: Board, k: int, events: list[Event]) -> None:
        """The mover uses an Inspiration tile's ability: it goes back to the supply."""
        seat = self.mover
        self.seen.clear()  # DC-R32: an Inspiration tile was used
        events.append(Event(ev.USED, seat, {"tile": INSPIRATION_CODES[k]}))
        board.return_tile(seat, k, events)

    def _zip_landing(self, board: Board) -> int | None:
        """Where the mover's Zip would land (a position, ``NEEDS_ROW`` or ``WIN``), or ``None`` if it
        holds none or it cannot be used."""
        return self._landing(board) if ZIP in board.insp[self.mover] else None

    def _landing(self, board: Board) -> int | None:
        """Where a Zip would land if the mover held one: what the board shows everyone."""
        seat = self.mover
        facing = board.facing[seat]
        first = board.peek(board.pos[seat], facing)
        if first in (NEEDS_ROW, WIN):
            return first
        if first < 0:
            return None
        if not _occupants(board, first, seat):
            return first
        second = board.peek(first, facing)
        return second if second >= 0 or second in (NEEDS_ROW, WIN) else None

    def _zip(self, board: Board, events: list[Event]) -> None:
        """§3.3 Zip: one space forward, hopping over an occupied space; then the movement goes on."""
        seat = self.mover
        self._use(board, ZIP, events)
        self.question = None
        self.colour = -1  # a Block after a Zip has no other tile to fall back on
        facing = board.facing[seat]
        pos = board.pos[seat]
        for _ in range(ZIP_HOPS):
            nxt = _step(board, pos, facing, events)
            if nxt == WIN:
                board.finish([seat], "awake", events)
                return
            pos = nxt
            if not _occupants(board, pos, seat):
                break
        events.append(Event(ev.ZIPPED, seat, {"facing": FACINGS[facing], "destination": board.spot(pos)}))
        self._arrive(board, pos, events)


def _step(board: Board, pos: int, facing: int, events: list[Event]) -> int:
    """Where one step leads (see ``Board.peek``), laying the next row first when the step needs it (DC-R6)."""
    nxt = board.peek(pos, facing)
    if nxt == NEEDS_ROW:
        board.lay_row(events)
        nxt = board.peek(pos, facing)
    return nxt


def _occupants(board: Board, pos: int, seat: int) -> list[int]:
    """The tokens in play on ``pos`` other than the token of ``seat``."""
    if pos not in board.pos:  # no token there (most arrivals): one scan in C
        return []
    return [s for s in range(board.players) if s != seat and board.alive[s] and board.pos[s] == pos]


def _power(board: Board, seat: int) -> int:
    """How many Power tiles a seat holds (public by default, DC-R43)."""
    return board.insp[seat].count(POWER)


__all__ = [
    "BRAKE_CHI", "Blocked", "Board", "BrakePlan", "Choose", "Clash", "Conflict", "Movement", "PAUSE", "Pause",
    "Question", "Reinterpret", "Settings", "Step", "Way",
]
