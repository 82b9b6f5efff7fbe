"""A heuristic value of a Dream Cycle position for the greedy bot and ISMCTS leaves.

A seat's estimate is how far north its token stands, plus what its next Movement Phase would
gain with the fields as they are now: the movement is simulated square by square (no conflicts;
the die on a special square is replaced by a fixed face per square, so a plan is judged the same
way every time), stopping as the rules stop it — an empty field, a doldrum, the brake plan, a
loop, an unpaid Psychic Drain — with the cost of a loop, a brake or a Psychic Drain.

Three parts of it keep the bots from being passive or fickle:

* **Tiles in hand count by what they would do.** Where the simulated ride stops at an empty
  field, a tile the seat holds in hand is put there in the simulation (the one that turns the
  token furthest north) and the ride goes on; what it gains counts ``VIRTUAL`` of a ride on placed
  tiles. So one ply sees that buying a North tile for the Silver field it stands on leads
  somewhere, and that placing it is better still: a bot no longer sits on a square with an empty
  field and chi in hand, ending its turn for nothing. A tile is worth its *sale* price in chi
  (plus a little), so a tile bought for nothing is a loss and a bot no longer hoards them.
* **The brake plan is simulated** (a row or steps plan brakes where it says, when 2 chi are
  there), so a plan is set only when braking there is better, and costs a little (``PLAN``) so
  that no plan is set for nothing.
* **No churn in a Buying Phase.** A move of the seat's current Buying Phase that undoes one of
  its own earlier moves of the phase (selling a tile it bought, buying one it sold, unplacing what
  it placed and placing what it unplaced, unboosting a boost and back) or makes a second change
  of a standing choice (the brake plan, the tiles to keep, the aim, an offer to the same player)
  costs ``CHURN``, more than any gain one move can bring, so the greedy bot never does either.
  The phase's moves are read from the state's history: the turn seat's last ``phase_actions``
  moves, which are public (that a plan or a keep was set is public; their contents are not read).
  The rearranging after a Reinterpretation is such a stretch too (its moves since ``reinterpret``,
  with the same impatience): without it a search placed and unplaced the same tiles there forever,
  in a game that then never ended (found in a tournament of ISMCTS against greedy, seed 529).

Chi counts a little (more for the first four: the price of a brake or a drain), a field with a tile
that rides a north-facing token north counts for every later turn (``COVER``), every turn taken
counts a little and every action already taken in the current Buying Phase costs a little, more and
more (so that a bot always ends the phase). The value is a logistic of the lead over the best
opponent, whose estimate uses only public facts (its next ride included, its impatience not), taken
through ``asinh`` so that it does not saturate far from an even race: a search must still tell a
bad move from a hopeless one there.
"""

from __future__ import annotations

import math
from typing import Any

from .board import BEYOND, FRINGE, NEEDS_ROW, WIN, is_doldrum
from .components import BLACK, DIRECTIONAL_CODES, DRAIN, FIELDS, TYPES, turned
from .movement import BRAKE_CHI, Pause
from .rules import BUYING, CHI_CAP, CycleState

SCALE = 4.0
SIM_STEPS = 60
NEXT_MOVE = 0.8  # the simulated gain counts a little less than squares already won
FOLLOW = 0.5  # the ride of the turn after, from the doldrum space where the next one stops
HOPS = 3  # how many doldrum spaces in a row (one a turn) the simulation follows
UNKNOWN = 0.7  # what a row won on a row not laid yet counts (its squares are guessed)
VIRTUAL = 0.6  # the part of the simulated gain owed to tiles still in hand (they must be placed first)
CHI = 0.15  # per chi in hand (up to the cap)
RESERVE = 0.3  # more per chi for the first RESERVE_CHI: the price of a brake or a Psychic Drain
RESERVE_CHI = 4
TILE = 0.05  # per Directional tile owned, on top of its sale price in chi
TEMPO = 0.1  # per turn taken
COVER = 0.6  # per field holding a tile that rides a north-facing token north (Forward, North, Lucidity): every later
# turn gains by it; ``VIRTUAL`` of that for such a tile in hand, while a field has none
NORTHWARD = frozenset({DIRECTIONAL_CODES.index("F"), DIRECTIONAL_CODES.index("N"), DIRECTIONAL_CODES.index("U")})
IMPATIENCE = 0.03  # per action already taken in the seat's Buying Phase
RESTLESS = 0.01  # times the square of that count: a long phase soon costs more than any stalling could save
PLAN = 0.05  # per brake plan set in the seat's Buying Phase: set one only when it helps
CHURN = 2 * 30.0  # per move of the phase undoing an earlier one, or changing a standing choice again: worse than going out
BRAKE = 0.5  # a brake by the plan: 2 chi, in squares
DRAIN_COST = 1.0  # a Psychic Drain paid, in squares
LOOP = 3.0  # a loop costs the brake and wastes the turn
OUT = 30.0
OPPONENT_RIDE = True  # an opponent's estimate includes its next ride too

# The moves that undo each other, by kind; a move undoes an earlier one of the phase with the same arguments.
UNDOES = {"sell": "buy", "buy": "sell", "unplace": "place", "place": "unplace", "unboost": "boost", "boost": "unboost"}
STANDING = frozenset({"plan", "keep", "aim"})  # standing choices: a second change in one phase is churn


def simulate(state: CycleState, seat: int, own: bool = True) -> tuple[float, bool]:
    """The northward gain of the seat's next Movement Phase, and whether it would end in a loop
    (on the tiles already placed; a loop met only thanks to a tile in hand is not counted).

    A ride that stops on a doldrum space is followed by the best ride from there after aiming
    (the turn after), counted ``FOLLOW``: without it every aim of a token in a corner of the
    fringe looks alike, and the bot aims it round and round.

    Outside the seat's own movement the result depends only on the board and the seat's own
    things, so it is remembered (``_MEMO``): a search asks it again for every move of another seat."""
    movement = state.movement
    if movement is not None and seat == movement.mover:
        return _simulate(state, seat, own)
    buying = seat == state.turn and state.phase == BUYING
    key = (seat, id(state.kinds), state.rows_laid, state.pos[seat], state.facing[seat], tuple(state.fields[seat]), tuple(state.boost[seat]),
           tuple(state.hand[seat]), state.chi[seat], len(state.insp[seat]), state.plan[seat], own and buying,
           buying and state.buying_closed, state._options["drain_chi"], tuple(state._options["die_faces"]))
    found = _MEMO.get(key)
    if found is not None and found[0] is state.kinds:
        return found[1]
    result = _simulate(state, seat, own)
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = (state.kinds, result)
    return result


_MEMO: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[float, bool]]] = {}
"""Simulations by the seat's things and the board (whose squares, ``kinds``, are checked by identity)."""
MEMO_SIZE = 50_000


def _simulate(state: CycleState, seat: int, own: bool) -> tuple[float, bool]:
    pos, facing = state.pos[seat], state.facing[seat]
    # In the middle of its own movement, what the seat has already passed this turn counts too.
    seen: set[tuple[int, int]] = set()
    movement = state.movement
    arrivals = 0
    moving = movement is not None and seat == movement.mover
    if moving:
        assert movement is not None
        if isinstance(movement.question, Pause) and (pos, facing) in movement.seen:
            return -LOOP, True  # riding on from here is checked as a loop at once
        seen = movement.seen | {(pos, facing)}  # the arrival being answered is recorded too
        arrivals = movement.arrivals
    # Tiles in hand may fill an empty field before the ride, unless the ride has begun or buying has stopped.
    spare = None
    if not moving and not (seat == state.turn and state.buying_closed) and any(state.hand[seat]):
        spare = state.hand[seat][:]
    context = _context(state, seat)
    if moving or not is_doldrum(state.kinds[pos]) or (own and seat == state.turn and state.phase == BUYING):
        return _ride_and_follow(state, seat, context, spare, pos, facing, seen, arrivals)
    # On a doldrum space before its Buying Phase, the seat will aim first: its best aim counts. So it
    # does for an opponent in its Buying Phase, whose aim is its own choice.
    rides = [_ride_and_follow(state, seat, context, None if spare is None else spare[:], pos, aim, set(), 0)
             for aim in range(4) if state.peek(pos, aim) != -1]
    return max(rides, default=(0.0, False), key=lambda ride: ride[0])


def _ride_and_follow(state: CycleState, seat: int, context: Context, spare: list[int] | None,
                     pos: int, facing: int, seen: set[tuple[int, int]], arrivals: int) -> tuple[float, bool]:
    """One ride; if it stops on a doldrum space, plus ``FOLLOW`` of the best ride from there after aiming.

    A ride that starts afresh (not in the middle of a movement) is remembered with the follows
    (``_context``), by where it starts and what the seat has: a seat's own estimate rides its
    facing, and its public one (aiming first) rides that facing among the others."""
    ride = _Ride(state, seat, spare, context)
    key = None
    if not seen and not arrivals:
        key = ("ride", pos, facing, None if spare is None else tuple(spare), ride.cash, ride.chi)
        found = context[2].get(key)
        if found is not None:
            return found
    gain, looped, end = ride.run(pos, facing, seen, arrivals) if key is None else ride.fresh_run(pos, facing)
    if end is not None:
        gain += FOLLOW * _follow(ride, end, 1)
    if key is not None:
        context[2][key] = (gain, looped)
    return gain, looped


def _context(state: CycleState, seat: int) -> Context:
    """The die's faces as field slots, and the memo of the seat's rides on this board with these
    fields (``_FOLLOWS``): the rides depend on nothing else of the state but what the seat has left."""
    options = state._options
    die = tuple(options["die_faces"])
    settings = state.settings
    faces = _FACES.get((die, settings.slot))
    if faces is None:  # a face's field slot: Yellow and Blue fill the slots of colours a game leaves out (DC-R9)
        faces = _FACES[(die, settings.slot)] = [settings.slot[colour] for colour in settings.die]
    key = (id(state.kinds), state.rows_laid, tuple(state.fields[seat]), tuple(state.boost[seat]), state.plan[seat],
           options["drain_chi"], die)
    entry = _FOLLOWS.get(key)
    if entry is None or entry[0] is not state.kinds:
        if len(_FOLLOWS) >= FOLLOWS_CONTEXTS:
            _FOLLOWS.clear()
        entry = _FOLLOWS[key] = (state.kinds, {}, {}, {})
    _, follows, rides, runs = entry
    if len(follows) + len(rides) + len(runs) >= FOLLOWS_SIZE:
        follows.clear()
        rides.clear()
        runs.clear()
    return faces, follows, rides, runs


def _follow(ride: _Ride, pos: int, hops: int) -> float:
    """The best gain of a ride from the doldrum space ``pos`` after aiming (turns later: another
    ``FOLLOW`` for each further doldrum space, up to ``HOPS`` of them), never below nothing.

    It depends only on the ride's board and fields (its ``follows`` memo) and on what the ride has
    left (the tiles in hand, those put on fields, chi), so it is remembered by those: the rides of
    a search's leaves end on the same few doldrum spaces again and again."""
    spare, virtual, cash, chi, used = ride.spare, ride.virtual, ride.cash, ride.chi, ride.hand_used
    key = (pos, hops, None if spare is None else tuple(spare), tuple(virtual.items()), cash, chi, used)
    follows = ride.follows
    found = follows.get(key)
    if found is not None:
        return found
    state = ride.state
    best = 0.0
    if spare is not None:
        spare = spare[:]
    peek = state.peek
    for aim in range(4):
        if peek(pos, aim) == -1:
            continue
        if spare is None:  # no tile in hand to put on a field: the ride only reads ``virtual``
            ride.spare, ride.virtual = None, virtual
        else:
            ride.spare, ride.virtual = spare[:], dict(virtual)
        ride.cash, ride.chi, ride.hand_used = cash, chi, used
        gain, _looped, end = ride.fresh_run(pos, aim)
        if end is not None and hops < HOPS:
            gain += FOLLOW * _follow(ride, end, hops + 1)
        best = max(best, gain)
    follows[key] = best
    return best


Context = tuple[list[int], dict[tuple[Any, ...], float], dict[tuple[Any, ...], tuple[float, bool]], dict[tuple[Any, ...], Any]]
"""The die's faces as field slots, and the memos of :func:`_follow`, of :func:`_ride_and_follow` and of
:meth:`_Ride.fresh_run` (see :func:`_context`)."""
_FOLLOWS: dict[tuple[Any, ...], tuple[tuple[int, ...], dict[tuple[Any, ...], float], dict[tuple[Any, ...], tuple[float, bool]],
                                      dict[tuple[Any, ...], Any]]] = {}
"""Per board and seat's fields (what a ride reads of the state), the memos of :func:`_follow` and
:func:`_ride_and_follow`; the board's squares, ``kinds``, are checked by identity."""
FOLLOWS_CONTEXTS, FOLLOWS_SIZE = 2_000, 5_000  # boards and fields remembered; rides per board and fields
_FACES: dict[tuple[tuple[str, ...], tuple[int, ...]], list[int]] = {}
"""The die's faces as field slots, per ``die_faces`` option and slots of the colours."""


class _Ride:
    """The simulated rides of one seat: its fields, the tiles in hand still to put on empty ones
    (``spare``, shared by the rides), and what chi it has left.

    North of the rows laid the ride goes on into the next row as if it were laid, with a colour
    per square that depends only on the square (``_guess_colour``): the real row is drawn at
    random when a token gets there, but fields that turn a token back and forth loop on almost
    any row, and a token at the top edge would otherwise be judged only by its first step north.
    What the ride gains there counts ``UNKNOWN``; a loop there costs ``UNKNOWN`` of ``LOOP``."""

    __slots__ = ("state", "seat", "fields", "boost", "faces", "spare", "virtual", "cash", "chi", "top", "low", "high", "hand_used",
                 "follows", "runs")

    def __init__(self, state: CycleState, seat: int, spare: list[int] | None, context: Context) -> None:
        self.state, self.seat, self.spare = state, seat, spare
        self.fields, self.boost = state.fields[seat], state.boost[seat]
        self.faces, self.follows, _rides, self.runs = context
        self.virtual: dict[int, tuple[int, ...]] = {}
        self.hand_used = False  # a tile in hand has been put on a field: what follows counts ``VIRTUAL``
        self.cash = state.chi[seat]
        self.chi = self.cash + len(state.insp[seat])  # what a forced payment could draw on
        laid = state.rows_laid
        self.top = 3 * laid  # the first y of the row not laid yet
        self.low = 3 * state.geo.offsets[laid] if laid < len(state.geo.offsets) else 0
        self.high = self.low + 8

    def _next(self, pos: int, facing: int, guessing: bool) -> int:
        """Where one step leads: a position (north of the rows laid when ``guessing``), −1 beyond
        the fringe, ``WIN``, or ``NEEDS_ROW`` for a step north out of the guessed row."""
        state = self.state
        if not guessing:
            nxt = state.peek(pos, facing)
            return pos + state.geo.width if nxt == NEEDS_ROW else nxt
        target = pos + state.geo.delta(facing)
        x, y = state.geo.xy(target)
        if y > self.top + 2:
            return NEEDS_ROW
        if y < self.top:
            return target if state.kinds[target] != BEYOND else -1
        return target if self.low - 1 <= x <= self.high + 1 else -1

    def _kind(self, pos: int, guessing: bool) -> int:
        if not guessing:
            return self.state.kinds[pos]
        x, y = self.state.geo.xy(pos)
        if y < self.top:
            return self.state.kinds[pos]
        return _guess_colour(x, y) if self.low <= x <= self.high else FRINGE

    def fresh_run(self, pos: int, facing: int) -> tuple[float, bool, int | None]:
        """:meth:`run` from ``pos`` at the start of a turn (nothing seen yet), remembered (``runs``) with
        what it leaves of the tiles in hand and chi by where it starts and what the ride has: the follows
        of a search's leaves ride from the same doldrum spaces at every depth."""
        spare, virtual = self.spare, self.virtual
        key = (pos, facing, None if spare is None else tuple(spare), tuple(virtual.items()), self.cash, self.chi, self.hand_used)
        runs = self.runs
        found = runs.get(key)
        if found is not None:
            result, left, put, self.cash, self.chi, self.hand_used = found
            if left is not None:  # only a ride with tiles in hand changes them and the fields they went on
                self.spare, self.virtual = list(left), dict(put)
            return result  # type: ignore[no-any-return]
        result = self.run(pos, facing, set(), 0)
        spare = self.spare
        runs[key] = (result, None if spare is None else tuple(spare), None if spare is None else tuple(self.virtual.items()),
                     self.cash, self.chi, self.hand_used)
        return result

    def run(self, pos: int, facing: int, seen: set[tuple[int, int]], arrivals: int) -> tuple[float, bool, int | None]:
        """The gain of one ride from ``pos``, whether it loops, and where it stopped if on a doldrum space.

        (The hot loop of the evaluation: a step on the rows laid reads ``peek`` and ``kinds`` directly
        rather than through ``_next`` and ``_kind``, and a field's turn comes from ``_TURNS``.)"""
        state, fields, boost, spare, virtual = self.state, self.fields, self.boost, self.spare, self.virtual
        kinds, peek, width, top = state.kinds, state.peek, state.geo.width, self.top
        faces = self.faces
        plan = state.plan[self.seat]
        plan_kind = plan[0]
        braking = plan_kind == "row" or plan_kind == "steps" or plan_kind == "on"
        gain = cost = 0.0
        discounted = self.hand_used  # whether ``weight`` has taken ``VIRTUAL`` for the tiles in hand
        weight = VIRTUAL if discounted else 1.0  # what a row won now counts: less once a tile in hand or the guessed row is needed
        placed: float | None = None  # the gain up to the last tile put from the hand (where the ride could stop)
        guessing = False  # the ride is in the row not laid yet
        kind = kinds[pos]
        first = kind == BLACK or kind == FRINGE
        for _ in range(SIM_STEPS):
            if first:
                spaces, first = 1, False
            else:
                rolled = kind >= FIELDS
                if not rolled:
                    colour = kind
                else:  # the die: ride on by a face that has a tile, weighted by the chance of rolling one
                    colour = faces[pos % len(faces)]
                    ready = [face for face in faces if fields[face] or face in virtual]
                    if ready and colour not in ready:
                        colour = ready[pos % len(ready)]
                    # Tiles in hand could cover more faces (counted ``VIRTUAL`` each).
                    coverable = min(sum(spare), len(faces) - len(ready)) if spare is not None else 0
                    weight *= (len(ready) + VIRTUAL * coverable) / len(faces)
                field = fields[colour] or virtual.get(colour, ())
                if not field:
                    if spare is None:
                        break
                    tile = _best_spare(spare, facing)
                    if tile < 0:
                        break
                    spare[tile] -= 1
                    field = virtual[colour] = (tile,)
                    if not (discounted or rolled):  # a face covered by a tile in hand is already counted so
                        weight, discounted = weight * VIRTUAL, True
                    placed, self.hand_used = gain - cost, True
                spaces = boost[colour] if len(field) == 1 and boost[colour] else 1
                turns = _TURNS.get(field)
                if turns is None:
                    turns = _TURNS[field] = tuple(_best_turn(f, field) for f in range(4))
                facing = turns[facing]
            moved = False
            y = pos // width - 2
            for _step in range(spaces):
                if guessing:
                    nxt = self._next(pos, facing, True)
                else:
                    nxt = peek(pos, facing)
                    if nxt == NEEDS_ROW:
                        nxt = pos + width
                if nxt == WIN:
                    return gain + weight * 40.0 - cost, False, None
                if nxt == NEEDS_ROW:  # north of the guessed row: count the row and stop guessing
                    return gain + weight * 1.0 - cost, False, None
                if nxt < 0:
                    break
                next_y = nxt // width - 2
                if not guessing and next_y >= top:
                    guessing, weight = True, weight * UNKNOWN
                elif guessing and next_y < top:
                    guessing, weight = False, weight / UNKNOWN
                gain += weight * (next_y - y)
                pos, y, moved = nxt, next_y, True
            if not moved:
                break
            kind = self._kind(pos, True) if guessing else kinds[pos]
            if kind == DRAIN:
                cost += DRAIN_COST
                drain = state._options["drain_chi"]
                self.chi -= drain
                self.cash = max(self.cash - drain, 0)
                if self.chi < 0:  # an unpaid Psychic Drain is the end of the game for the seat
                    if placed is not None:
                        return placed, False, None  # the tile in hand need not be placed
                    return gain - OUT, False, None
            if kind == FRINGE or kind == BLACK:
                return gain - cost, False, None if guessing else pos
            if braking:
                due = ((plan_kind == "row" and y // 3 + 1 >= plan[1]) or (plan_kind == "steps" and arrivals + 1 >= plan[1])
                       or (plan_kind == "on" and kind in plan[1]))
                if due and self.cash >= BRAKE_CHI:
                    self.cash -= BRAKE_CHI
                    self.chi -= BRAKE_CHI
                    return gain - cost - BRAKE, False, None
            arrivals += 1
            key = (pos, facing)
            if key in seen:
                if placed is not None:  # a tile in hand leads into the loop: it need not be placed
                    return placed, False, None
                if guessing:  # a loop on a row not laid yet is likely, not certain
                    return gain - cost - UNKNOWN * LOOP, False, None
                return gain - cost - LOOP, True, None
            seen.add(key)
        return gain - cost, False, pos if (kind == BLACK or kind == FRINGE) and not guessing else None


_TURNS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""Per field (its tiles), the facing :func:`_best_turn` gives from each facing."""


def _guess_colour(x: int, y: int) -> int:
    """The field colour the simulation gives a square of a row not laid yet: fixed per square, spread over the seven."""
    return (x * 3 + y * 5 + (x * y) % 7) % FIELDS


def _best_turn(facing: int, field: tuple[int, ...]) -> int:
    """With two tiles or Lucidity the mover picks; the simulation picks the most northern facing."""
    options = [new for kind in field for new in turned(kind, facing)]
    if len(options) == 1:
        return options[0]
    return min(options, key=lambda f: (f != 0, f == 2))


def _best_spare(spare: list[int], facing: int) -> int:
    """The tile in hand to put on an empty field: one that turns the token north, else east or
    west, never south; the cheapest kind first (in the table's order). ``-1`` if none."""
    best, best_rank = -1, 2
    for kind in range(TYPES):
        if spare[kind]:
            turns = turned(kind, facing)
            rank = 0 if 0 in turns else 1 if (1 in turns or 3 in turns) else 2
            if rank < best_rank:
                best, best_rank = kind, rank
                if rank == 0:
                    break
    return best


def stretch(state: CycleState, seat: int) -> list[Any] | None:
    """The seat's own moves of the stretch it is in, where it may act again and again at will: its
    Buying Phase, or the rearranging after it turned in a Reinterpretation in its Movement Phase (the
    moves since its ``reinterpret``). ``None`` outside both. Read from the state's history, whose
    moves are public (that a plan or a keep was set is public; their contents are not read)."""
    movement = state.movement
    if seat != state.turn:
        return None
    moves: list[Any] = []
    node = state._history  # (previous, seat, move), newest first
    if state.phase == BUYING:
        count = state.phase_actions  # the turn seat's last ``count`` moves are this phase's
        while node is not None and len(moves) < count:
            node, mover, move = node
            if mover == seat:
                moves.append(move)
    elif movement is not None and movement.mover == seat and movement.reinterpreting:
        while node is not None:
            node, mover, move = node
            if mover == seat:
                if move.kind == "reinterpret":
                    break
                moves.append(move)
    else:
        return None
    moves.reverse()
    return moves


def churn(moves: list[Any]) -> float:
    """The cost of a stretch's moves (:func:`stretch`): ``PLAN`` per brake plan set and ``CHURN`` per
    move undoing an earlier one of the stretch or changing a standing choice again."""
    cost = 0.0
    for index, (kind, args) in enumerate(moves):
        if kind == "plan":
            cost += PLAN
        earlier = moves[:index]
        if kind in STANDING:
            if any(other.kind == kind for other in earlier):
                cost += CHURN
        elif kind == "offer":
            if any(other.kind == kind and other.args[0] == args[0] for other in earlier):
                cost += CHURN
        else:
            undone = UNDOES.get(kind)
            width = 2 if kind in ("place", "unplace") else 1  # a tile and a field; a tile; a field
            if undone is not None and any(other.kind == undone and other.args[:width] == args[:width] for other in earlier):
                cost += CHURN
    return cost


def estimate(state: CycleState, seat: int, own: bool = True) -> float:
    """A seat's estimate in squares (see the module docstring): ``own`` for the seat being
    evaluated, which pays for its impatience and churn; an opponent is judged on its position and
    its next ride alone (``OPPONENT_RIDE``), so that its exploratory moves in a search are not a gain."""
    if not state.alive[seat]:
        return -OUT
    return _finish(state, seat, own, _standing(state, seat))


def _standing(state: CycleState, seat: int) -> float:
    """The part of a living seat's estimate that is the same for the seat and for its opponents:
    its row, turns, chi, tiles and covered fields."""
    y = state.geo.y(state.pos[seat]) if state.pos[seat] >= 0 else -1
    value = y + TEMPO * state.turns_taken[seat]
    value += CHI * min(state.chi[seat], CHI_CAP) + RESERVE * min(state.chi[seat], RESERVE_CHI)
    types = state.types
    worth = _TILE_WORTH.get(types)
    if worth is None:
        worth = _TILE_WORTH[types] = tuple(CHI * kind.sell + TILE for kind in types)
    # state.owned(seat) and the fields covered northward, in one pass over the fields (a search scores
    # every leaf with this: the nested generators cost about a tenth of an iteration).
    hand = state.hand[seat]
    owned = hand[:]
    covered = 0
    for field in state.fields[seat]:
        if field:
            for k in field:
                owned[k] += 1
            if not NORTHWARD.isdisjoint(field):
                covered += 1
    value += sum([n * w for n, w in zip(owned, worth)])
    in_hand = sum([hand[k] for k in NORTHWARD])
    value += COVER * (covered + VIRTUAL * min(in_hand, FIELDS - covered))
    return value


_TILE_WORTH: dict[tuple[Any, ...], tuple[float, ...]] = {}
"""Per Directional table, what a tile of each type owned counts: its sale price in chi, and ``TILE``."""


def _finish(state: CycleState, seat: int, own: bool, value: float) -> float:
    """A living seat's estimate from its :func:`_standing`: its impatience and churn if ``own``, and its next ride."""
    moves = stretch(state, seat) if own else None
    if moves is not None:
        actions = len(moves)
        value -= IMPATIENCE * actions + RESTLESS * actions * actions + churn(moves)
    if (own or OPPONENT_RIDE) and state.pos[seat] >= 0:
        gain, looped = simulate(state, seat, own)
        value += NEXT_MOVE * gain
        if looped and state.chi[seat] < BRAKE_CHI:
            value -= OUT
    return value


def evaluate(state: CycleState, seat: int) -> float:
    """A logistic of the seat's lead over the best opponent (compressed far from an even race)."""
    mine = estimate(state, seat)
    others = [estimate(state, other, own=False) for other in range(state.players) if other != seat and state.alive[other]]
    return _value(mine, others)


def _value(mine: float, others: list[float]) -> float:
    best = max(others) if others else mine - 10 * SCALE
    # asinh: like lead/SCALE near an even race, but only logarithmic far from it, so that a search
    # still tells a bad position from a hopeless one (going out from 30 churned moves) and never overflows.
    lead = math.asinh((mine - best) / SCALE)
    return 1.0 / (1.0 + math.exp(-lead))


def evaluate_all(state: CycleState) -> list[float]:
    """:func:`evaluate` of every seat, each estimate worked out once: a seat's own estimate and the
    one its opponents judge it by differ only for the seat in its Buying Phase (its impatience and
    churn, and its aim on a doldrum space), so only that seat's is worked out twice."""
    players, alive, turn = state.players, state.alive, state.turn
    own: list[float] = []
    public: list[float] = []
    for seat in range(players):
        if not alive[seat]:
            own.append(-OUT)
            public.append(-OUT)
            continue
        standing = _standing(state, seat)
        own.append(_finish(state, seat, True, standing))
        movement = state.movement
        free = state.phase == BUYING or (movement is not None and movement.reinterpreting)  # a stretch (``stretch``)
        public.append(_finish(state, seat, False, standing) if seat == turn and free else own[-1])
    return [_value(own[seat], [public[other] for other in range(players) if other != seat and alive[other]])
            for seat in range(players)]
