"""The Movement Phase (DC-R28 – DC-R40, DC-R48): mostly automatic, it stops to ask only when there
is a real choice — two tiles or Lucidity giving different directions, a brake the plan asks about,
a conflict whose decider holds the most Power, a Block with another way out.

The movement is a small state machine so that it can wait for an answer and resume exactly:
``next_step`` is what the engine does next (depart, check the brake plan, check for a loop, end)
and ``pending`` is the question it waits on (``choose``, ``pause``, ``conflict``, ``blocked``,
``reinterpret``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.contract import seat_name
from ...core.errors import IllegalActionError
from ...core.visibility import Event, owner_only
from .board import FRINGE, NEEDS_ROW, WIN, is_doldrum
from .components import (
    BLUE,
    DRAIN,
    FACING_NAMES,
    FIELD_NAMES,
    FIELDS,
    INSPIRATION_NAMES,
    INSPIRE,
    REIN,
    SQUARE_NAMES,
    WAKE,
    WARD,
    ZIP,
    turned,
)
from .notation import CycleMove

if TYPE_CHECKING:
    from .rules import CycleState

DEPART, PLAN, LOOP, END = "depart", "plan", "loop", "end"
TURN_WORDS = ("goes straight", "turns right", "turns around", "turns left")


class MovementRules:
    """The Movement Phase, mixed into :class:`~.rules.CycleState`."""

    __slots__ = ()

    # -- starting and running ------------------------------------------------------------------
    def begin_movement(self: "CycleState", events: list[Event]) -> None:
        """DC-R28: a token on a doldrum space first steps forward; then the fields lead it."""
        seat = self.turn
        self.phase = "movement"
        self.seen = set()
        self.arrivals = 0
        self.pending = None
        self.colour = -1
        events.append(Event(seat, "{who}'s Movement Phase begins.", {"who": seat_name(seat)}))
        if is_doldrum(self.kinds[self.pos[seat]]):
            self.arrive_facing = self.facing[seat]
            self._go(self.facing[seat], 1, events, why="steps off the doldrum space")
        else:
            self.next_step = DEPART
        self._run(events)

    def _run(self: "CycleState", events: list[Event]) -> None:
        while self.phase == "movement" and self.pending is None and self._outcome is None:
            step = self.next_step
            if step == DEPART:
                self._depart(events)
            elif step == PLAN:
                self._plan_check(events)
            elif step == LOOP:
                self._loop_check(events)
            else:
                self.end_turn(events)

    def options_for(self: "CycleState", seat: int, colour: int, facing: int) -> list[tuple[int, int]]:
        """The distinct (facing, spaces) a field offers from ``facing`` (DC-R29, DC-R24)."""
        field = self.fields[seat][colour]
        spaces = self.boost[seat][colour] if len(field) == 1 and self.boost[seat][colour] else 1
        found: list[tuple[int, int]] = []
        for kind in field:
            for new in turned(kind, facing):
                if (new, spaces) not in found:
                    found.append((new, spaces))
        return found

    def _depart(self: "CycleState", events: list[Event]) -> None:
        """Read the square's colour (the die on a blue or yellow square, DC-R10) and turn."""
        seat = self.turn
        square = self.kinds[self.pos[seat]]
        facing = self.facing[seat]
        self.arrive_facing = facing
        if square >= FIELDS:
            faces = self.options["die_faces"]
            colour = "GWORPFS".index(faces[self.rng.randrange(len(faces))])
            outcomes = {tuple(self.options_for(seat, "GWORPFS".index(f), facing)) for f in faces}
            if len(outcomes) > 1:  # DC-R32: only a roll that could change the path resets the loop check
                self.seen.clear()
            events.append(Event(seat, "{who} rolls the die on {square}: {colour}.",
                                {"who": seat_name(seat), "square": SQUARE_NAMES[square], "colour": FIELD_NAMES[colour]}))
        else:
            colour = square
        self.colour = colour
        options = self.options_for(seat, colour, facing)
        if not options:
            events.append(Event(seat, "{who} has no tile on {colour}: the movement ends, facing {facing}.",
                                {"who": seat_name(seat), "colour": FIELD_NAMES[colour], "facing": FACING_NAMES[facing]}))
            self.next_step = END
        elif len(options) > 1:
            self.pending = ("choose", tuple(options))
        else:
            self._go(*options[0], events)

    # -- one move ---------------------------------------------------------------------------------
    def _go(self: "CycleState", facing: int, spaces: int, events: list[Event], why: str = "") -> None:
        """Turn to ``facing`` and ride ``spaces`` forward; boosted moves skip what they pass (DC-R30)."""
        seat = self.turn
        old = self.facing[seat]
        self.facing[seat] = facing
        pos = self.pos[seat]
        for _ in range(spaces):
            nxt = self.peek(pos, facing)
            if nxt == NEEDS_ROW:
                self._lay_row(events)
                nxt = self.peek(pos, facing)
            if nxt == WIN:
                self.pos[seat] = pos
                self._finish([seat], "awake", events)
                return
            if nxt < 0:
                break  # beyond the fringe: stop in the last fringe space passed (DC-R30)
            pos = nxt
        colour = "" if self.colour < 0 else f" on {FIELD_NAMES[self.colour]}"
        how = why or f"{TURN_WORDS[(facing - old) % 4]}{colour} and rides {FACING_NAMES[facing]}"
        events.append(Event(seat, "{who}'s bicycle {how} {n} to {where}.", {
            "who": seat_name(seat), "how": how, "n": "one space" if spaces == 1 else f"{spaces} spaces", "where": self.where(pos)}))
        if pos == self.pos[seat]:
            self.next_step = END
            return
        self._arrive(pos, events)

    def where(self: "CycleState", pos: int) -> str:
        """A position in words: its row and square, or the fringe."""
        kind = self.kinds[pos]
        x, y = self.geo.xy(pos)
        if kind == FRINGE:
            return f"the fringe ({x},{y})"
        return f"row {self.row_of(pos)}, {SQUARE_NAMES[kind]} ({x},{y})"

    def _arrive(self: "CycleState", target: int, events: list[Event]) -> None:
        seat = self.turn
        occupants = [s for s in range(self.players) if s != seat and self.alive[s] and self.pos[s] == target]
        if occupants:
            self._conflict(seat, [seat], occupants, target, 0, [], events)
        else:
            self.pos[seat] = target
            self._landed([], events)

    # -- conflicts (DC-R35 – DC-R39) --------------------------------------------------------------
    def power(self: "CycleState", seat: int) -> int:
        return self.insp[seat].count(5)

    def _conflict(self: "CycleState", mover: int, entering: list[int], occupants: list[int], target: int, level: int,
                  pushed: list[int], events: list[Event]) -> None:
        facing = self.facing[mover]
        if level == 0 and self.options["conflict_toll"]:
            for other in occupants:  # DC-R39: the weaker occupants pay the mover a toll
                if self.power(other) < self.power(mover):
                    self.force_pay(other, self.options["conflict_toll"], WARD, mover, f"{seat_name(mover)}'s toll", events)
            if self._outcome is not None:
                return
            occupants = [s for s in occupants if self.alive[s]]
            if not occupants:
                self.pos[mover] = target
                self._landed(pushed, events)
                return
        dest = self.peek(target, facing)
        push_ok = dest >= 0 or dest == NEEDS_ROW
        allowed = (("push",) if push_ok else ()) + ("pass",) + (("block",) if level == 0 else ())
        parties = entering + occupants
        top = max(self.power(s) for s in parties)
        deciders = [s for s in parties if self.power(s) == top]
        context = (tuple(entering), tuple(occupants), target, level, tuple(pushed))
        events.append(Event(mover, "Conflict at {where}: {a} against {b}.", {
            "where": self.where(target), "a": ", ".join(seat_name(s) for s in entering), "b": ", ".join(seat_name(s) for s in occupants)}))
        if len(deciders) == 1:
            self.pending = ("conflict", deciders[0], allowed, context)
            return
        self._conflict_outcome("push" if push_ok else "pass", context, events)  # DC-R36: a tie

    def _conflict_outcome(self: "CycleState", outcome: str, context: tuple, events: list[Event]) -> None:
        entering, occupants, target, level, pushed = context
        mover = self.turn
        facing = self.facing[mover]
        self.pending = None
        if outcome == "block":
            events.append(Event(mover, "{who} is blocked and stays, facing {facing}.", {"who": seat_name(mover), "facing": FACING_NAMES[facing]}))
            self._after_block(events)
            return
        if level == 0:
            self.pos[mover] = target
        if outcome == "pass":
            events.append(Event(mover, "{who} passes onto the same space.", {"who": ", ".join(seat_name(s) for s in entering)}))
            self._landed(list(pushed), events)
            return
        dest = self.peek(target, facing)
        if dest == NEEDS_ROW:  # DC-R44: a push north lays the next row
            self._lay_row(events)
            dest = self.peek(target, facing)
        for s in occupants:
            self.pos[s] = dest
        self.seen.clear()  # DC-R32: another token moved
        events.append(Event(mover, "{them} pushed {d} to {where}.", {
            "them": ", ".join(seat_name(s) for s in occupants) + (" is" if len(occupants) == 1 else " are"),
            "d": FACING_NAMES[facing], "where": self.where(dest)}))
        pushed = pushed + occupants
        chained = [s for s in range(self.players) if self.alive[s] and self.pos[s] == dest and s not in occupants and s != mover]
        if chained:  # DC-R38: a chain push, decided between the pushed tokens and the new occupants
            self._conflict(mover, list(occupants), chained, dest, level + 1, list(pushed), events)
        else:
            self._landed(list(pushed), events)

    def _after_block(self: "CycleState", events: list[Event]) -> None:
        """DC-R37, DC-R48: another tile of the field (from the arrival facing), a Zip, or the end."""
        mover = self.turn
        others = [] if self.colour < 0 else [o for o in self.options_for(mover, self.colour, self.arrive_facing) if o[0] != self.facing[mover]]
        if others or self._zip_landing(mover) is not None:
            self.pending = ("blocked", tuple(others))
        else:
            self.next_step = END

    # -- after an arrival ----------------------------------------------------------------------------
    def _landed(self: "CycleState", pushed: list[int] | tuple[int, ...], events: list[Event]) -> None:
        """Landing effects, the mover's square first (DC-R40); then a doldrum stops the movement."""
        mover = self.turn
        self._effect(mover, events)
        for s in pushed:
            if self.alive[s]:
                self._effect(s, events)
        if self._outcome is not None:
            return
        if not self.alive[mover] or is_doldrum(self.kinds[self.pos[mover]]):
            if self.alive[mover]:
                events.append(Event(mover, "{who} stops on a doldrum space.", {"who": seat_name(mover)}))
            self.next_step = END
        else:
            self.next_step = PLAN

    def _effect(self: "CycleState", seat: int, events: list[Event]) -> None:
        """Blue gives chi, Inspiration Bonus draws a tile, Psychic Drain costs chi (DC-R12 – DC-R16)."""
        pos = self.pos[seat]
        kind = self.kinds[pos]
        if kind not in (BLUE, INSPIRE, DRAIN):
            return
        if self.options["special_once_per_turn"]:
            if pos in self.triggered[seat]:
                return
            self.triggered[seat].add(pos)
        self.seen.clear()  # DC-R32: a square's effect applied
        if kind == BLUE:
            got = self._give_chi(seat, self.options["blue_chi"])
            events.append(Event(seat, "{who} gains {n} chi on a blue square.", {"who": seat_name(seat), "n": got}))
        elif kind == INSPIRE:
            for _ in range(self.options["inspiration_draw"]):
                total = sum(self.insp_supply)
                if not total:
                    break
                pick = self.rng.randrange(total)
                k = 0
                while pick >= self.insp_supply[k]:
                    pick -= self.insp_supply[k]
                    k += 1
                self.insp_supply[k] -= 1
                self.insp[seat].append(k)
                self.insp[seat].sort()
                events.append(Event(seat, "{who} draws an Inspiration tile{tile}.",
                                    {"who": seat_name(seat), "tile": owner_only(seat, f": {INSPIRATION_NAMES[k]}", "")}))
        else:
            self.force_pay(seat, self.options["drain_chi"], WARD, None, "a Psychic Drain", events)

    def _plan_check(self: "CycleState", events: list[Event]) -> None:
        """DC-R31: brake when the plan says so (if the chi is there); pause when it asks."""
        seat = self.turn
        plan = self.plan[seat]
        pos = self.pos[seat]
        kind = plan[0]
        due = ((kind == "row" and self.row_of(pos) >= plan[1]) or (kind == "steps" and self.arrivals + 1 >= plan[1])
               or (kind == "on" and self.kinds[pos] in plan[1]))
        if due and self.chi[seat] >= 2:
            self._brake(seat, events)
        elif kind == "ask":
            self.pending = ("pause",)
        else:
            self.next_step = LOOP

    def _brake(self: "CycleState", seat: int, events: list[Event]) -> None:
        self.chi[seat] -= 2
        self.supply += 2
        events.append(Event(seat, "{who} pays 2 chi and brakes at {where}.", {"who": seat_name(seat), "where": self.where(self.pos[seat])}))
        self.next_step = END

    def _loop_check(self: "CycleState", events: list[Event]) -> None:
        """DC-R32, DC-R33: the same space and facing twice, or the step cap, forces the brake."""
        seat = self.turn
        self.arrivals += 1
        key = (self.pos[seat], self.facing[seat])
        if key in self.seen or self.arrivals >= self.options["step_cap"]:
            events.append(Event(seat, "{who} is caught in an endless loop and must brake.", {"who": seat_name(seat)}))
            self.force_pay(seat, 2, WAKE, None, "the brake in an endless loop", events)
            self.next_step = END
            return
        self.seen.add(key)
        self.next_step = DEPART

    # -- answers to the engine's questions --------------------------------------------------------------
    def question(self: "CycleState") -> str:
        """The question the movement waits on, in words (shown to players)."""
        kind = self.pending[0]
        mover = seat_name(self.turn)
        where = self.where(self.pos[self.turn])
        if kind == "choose":
            return f"{mover}'s bicycle leaves {FIELD_NAMES[self.colour]} at {where}: which way?"
        if kind == "pause":
            return f"{mover}'s bicycle has arrived at {where}: ride on, or brake here?"
        if kind == "conflict":
            return f"{seat_name(self.pending[1])} holds the most Power and decides the conflict at {self.where(self.pending[3][2])}."
        if kind == "blocked":
            return f"{mover} is blocked at {where}: " + ("another way, or a Zip?" if self.pending[1] else "a Zip, or stop here?")
        return f"{mover} rearranges the Directional tiles, then 'done' to ride on."


    def movement_actions(self: "CycleState", seat: int) -> list[CycleMove]:
        """What the seat the movement waits on may answer."""
        pending = self.pending
        assert pending is not None
        kind = pending[0]
        if kind == "conflict":
            return [CycleMove(k) for k in pending[2]]
        if kind == "reinterpret":
            return self._placements(seat) + [CycleMove("done")]
        moves: list[CycleMove] = []
        if kind == "choose":
            moves = [CycleMove("go", (facing,)) for facing, _ in pending[1]]
        elif kind == "blocked":
            moves = [CycleMove("go", (facing,)) for facing, _ in pending[1]] or [CycleMove("stop")]
        elif kind == "pause":
            moves = [CycleMove("ride")] + ([CycleMove("brake")] if self.chi[seat] >= 2 else [])
            if WAKE in self.insp[seat]:
                moves.append(CycleMove("wake"))
        if self._zip_landing(seat) is not None:
            moves.append(CycleMove("zip"))
        if REIN in self.insp[seat]:
            moves.append(CycleMove("reinterpret"))
        moves += [CycleMove("cash", (k,)) for k in sorted(set(self.insp[seat]))]
        return moves

    def movement_input(self: "CycleState", seat: int, action: CycleMove, events: list[Event]) -> None:
        legal = self.movement_actions(seat)
        if action not in legal:
            question = {"choose": "which way to turn", "pause": "whether to ride on or brake", "conflict": "the conflict",
                        "blocked": "where to go after the Block", "reinterpret": "your reinterpretation"}[self.pending[0]]
            if action.kind in ("place", "unplace") and not self.reinterpreting:
                raise IllegalActionError("you may not reposition Directional tiles during your own Movement Phase (DC-R23)")
            raise IllegalActionError(f"'{action}' is not an answer now; the game asks about {question}: "
                                     f"{', '.join(str(m) for m in legal)}")
        kind = action.kind
        pending = self.pending
        if kind == "cash":
            self._cash(seat, action.args[0], events)
            return
        if pending[0] == "conflict":
            self._conflict_outcome(kind, pending[3], events)
        elif pending[0] == "reinterpret":
            if kind == "done":
                self.reinterpreting = False
                self._resume(events)
            else:
                self._place(seat, kind, action.args[0], action.args[1], events)
            return
        elif kind == "go":
            facing = action.args[0]
            spaces = next(s for f, s in pending[1] if f == facing)
            self.pending = None
            self._go(facing, spaces, events)
        elif kind == "stop":
            self.pending = None
            self.next_step = END
        elif kind == "ride":
            self.pending = None
            self.next_step = LOOP
        elif kind == "brake":
            self.pending = None
            self._brake(seat, events)
        elif kind == "wake":
            self.pending = None
            self.force_pay(seat, 2, WAKE, None, "a brake", events)
            self.next_step = END
        elif kind == "zip":
            self._zip(seat, events)
        elif kind == "reinterpret":
            self._use(seat, REIN, events)
            self.reinterpreting = True
            self.resume = pending
            self.pending = ("reinterpret",)
            return
        self._run(events)

    def _resume(self: "CycleState", events: list[Event]) -> None:
        """After a Reinterpretation, take up the question again with the new fields (§3.3)."""
        seat = self.turn
        before = self.resume
        self.resume = None
        self.pending = None
        if before[0] == "pause":
            self.pending = before  # the same question again: ride on or brake
            return
        elif before[0] == "choose":
            self.facing[seat] = self.arrive_facing
            options = self.options_for(seat, self.colour, self.arrive_facing)
            if not options:
                self.next_step = END
            elif len(options) > 1:
                self.pending = ("choose", tuple(options))
            else:
                self._go(*options[0], events)
        else:
            self._after_block(events)
        self._run(events)

    def _use(self: "CycleState", seat: int, k: int, events: list[Event]) -> None:
        self.return_tile(seat, k)
        self.seen.clear()  # DC-R32: an Inspiration tile was used
        events.append(Event(seat, "{who} turns in {tile}.", {"who": seat_name(seat), "tile": INSPIRATION_NAMES[k]}))

    def _zip_landing(self: "CycleState", seat: int) -> int | None:
        """Where a Zip would land (a position, ``NEEDS_ROW`` or ``WIN``), or ``None`` if it cannot be used."""
        if ZIP not in self.insp[seat]:
            return None
        facing = self.facing[seat]
        first = self.peek(self.pos[seat], facing)
        if first in (NEEDS_ROW, WIN):
            return first
        if first < 0:
            return None
        if not any(self.alive[s] and self.pos[s] == first for s in range(self.players) if s != seat):
            return first
        second = self.peek(first, facing)
        return second if second >= 0 or second in (NEEDS_ROW, WIN) else None

    def _zip(self: "CycleState", seat: int, events: list[Event]) -> None:
        """§3.3 Zip: one space forward, hopping over an occupied space; then the movement goes on."""
        self._use(seat, ZIP, events)
        self.pending = None
        self.colour = -1  # a Block after a Zip has no other tile to fall back on
        facing = self.facing[seat]
        pos = self.pos[seat]
        for _ in range(2):
            nxt = self.peek(pos, facing)
            if nxt == NEEDS_ROW:
                self._lay_row(events)
                nxt = self.peek(pos, facing)
            if nxt == WIN:
                self._finish([seat], "awake", events)
                return
            pos = nxt
            if not any(self.alive[s] and self.pos[s] == pos for s in range(self.players) if s != seat):
                break
        events.append(Event(seat, "{who} zips {d} to {where}.", {"who": seat_name(seat), "d": FACING_NAMES[facing], "where": self.where(pos)}))
        self._arrive(pos, events)


__all__ = ["MovementRules"]
