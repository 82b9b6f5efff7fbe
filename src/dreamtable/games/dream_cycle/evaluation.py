"""A heuristic value of a Dream Cycle position for the greedy bot and ISMCTS leaves.

A seat's estimate is how far north its token stands, plus what its next Movement Phase would
gain with the fields as they are now: the movement is simulated square by square (no conflicts;
the die on a special square is replaced by a fixed face per square, so a plan is judged the same
way every time), stopping as the rules stop it, with the cost of a loop, a brake or a Psychic
Drain. Chi counts a little and a tile owned a little more than its price (placing it is judged by the simulation alone), every turn taken
counts a little and every action already taken in the current Buying Phase costs a little (so
that a bot never shuffles tiles for ever instead of ending the phase), and the
value is a logistic of the lead over the best opponent, whose estimate uses only public facts.
"""

from __future__ import annotations

import math

from .board import FRINGE, NEEDS_ROW, WIN, is_doldrum
from .components import BLACK, DRAIN, FIELD_CODES, FIELDS, turned
from .movement import BRAKE_CHI, Pause
from .rules import BUYING, CHI_CAP, CycleState

SCALE = 4.0
SIM_STEPS = 60
NEXT_MOVE = 0.8  # the simulated gain counts a little less than squares already won
CHI = 0.15  # per chi in hand (up to the cap)
RESERVE = 0.3  # more per chi for the first RESERVE_CHI: the price of a brake or a Psychic Drain
RESERVE_CHI = 4
TILE = 0.05  # per Directional tile owned, on top of its price in chi (so a purchase is no loss)
TEMPO = 0.1  # per turn taken
IMPATIENCE = 0.03  # per action already taken in the seat's Buying Phase
LOOP = 3.0  # a loop costs the brake and wastes the turn
OUT = 30.0


def simulate(state: CycleState, seat: int) -> tuple[float, bool]:
    """The northward gain of the seat's next Movement Phase, and whether it would end in a loop."""
    pos, facing = state.pos[seat], state.facing[seat]
    kinds, fields, boost, geo = state.kinds, state.fields[seat], state.boost[seat], state.geo
    faces = state.options["die_faces"]
    start_y = geo.y(pos)
    # In the middle of its own movement, what the seat has already passed this turn counts too.
    seen: set[tuple[int, int]] = set()
    movement = state.movement
    if movement is not None and seat == movement.mover:
        if isinstance(movement.question, Pause) and (pos, facing) in movement.seen:
            return -LOOP, True  # riding on from here is checked as a loop at once
        seen = movement.seen | {(pos, facing)}  # the arrival being answered is recorded too
    cost = 0.0
    chi = state.chi[seat] + len(state.insp[seat])  # what a forced payment could draw on
    first = is_doldrum(kinds[pos])
    for _ in range(SIM_STEPS):
        if first:
            spaces, first = 1, False
        else:
            square = kinds[pos]
            colour = square if square < FIELDS else FIELD_CODES.index(faces[pos % len(faces)])
            field = fields[colour]
            if not field:
                break
            spaces = boost[colour] if len(field) == 1 and boost[colour] else 1
            facing = _best_turn(state, pos, facing, field)
        for _step in range(spaces):
            nxt = state.peek(pos, facing)
            if nxt == WIN:
                return 40.0, False
            if nxt == NEEDS_ROW:  # beyond what is laid: count the row and stop guessing
                return geo.y(pos) + 1 - start_y - cost, False
            if nxt < 0:
                break
            pos = nxt
        kind = kinds[pos]
        if kind == DRAIN:
            cost += 1.0
            chi -= state.options["drain_chi"]
            if chi < 0:  # an unpaid Psychic Drain is the end of the game for the seat
                return geo.y(pos) - start_y - OUT, False
        if kind == FRINGE or kind == BLACK:
            break
        key = (pos, facing)
        if key in seen:
            return geo.y(pos) - start_y - LOOP, True
        seen.add(key)
    return geo.y(pos) - start_y - cost, False


def _best_turn(state: CycleState, pos: int, facing: int, field: tuple[int, ...]) -> int:
    """With two tiles or Lucidity the mover picks; the simulation picks the most northern facing."""
    options = [new for kind in field for new in turned(kind, facing)]
    if len(options) == 1:
        return options[0]
    return min(options, key=lambda f: (f != 0, f == 2))


def estimate(state: CycleState, seat: int, simulate_move: bool = True) -> float:
    """A seat's estimate in squares (see the module docstring)."""
    if not state.alive[seat]:
        return -OUT
    y = state.geo.y(state.pos[seat]) if state.pos[seat] >= 0 else -1
    value = y + TEMPO * state.turns_taken[seat]
    value += CHI * min(state.chi[seat], CHI_CAP) + RESERVE * min(state.chi[seat], RESERVE_CHI)
    if seat == state.turn and state.phase == BUYING:
        value -= IMPATIENCE * state.phase_actions
    value += sum(n * (CHI * kind.buy + TILE) for n, kind in zip(state.owned(seat), state.types))
    if simulate_move and state.pos[seat] >= 0:
        gain, looped = simulate(state, seat)
        value += NEXT_MOVE * gain
        if looped and state.chi[seat] < BRAKE_CHI:
            value -= OUT
    return value


def evaluate(state: CycleState, seat: int) -> float:
    """A logistic of the seat's lead over the best opponent (opponents judged without simulation)."""
    mine = estimate(state, seat)
    others = [estimate(state, other, simulate_move=False) for other in range(state.players) if other != seat and state.alive[other]]
    best = max(others) if others else mine - 10 * SCALE
    return 1.0 / (1.0 + math.exp(-(mine - best) / SCALE))
