"""Dream Cycle for learning: fixed action ids and the observation tensor.

==========================  ==========================================================
Import                      ``dreamtable.adapters.pettingzoo.env("dream-cycle")``,
                            ``dreamtable.adapters.openspiel.load("dream-cycle")``
Agents                      ``player_0`` … ``player_4`` (2–5 seats; seat 0 is A)
Actions                     Discrete, 319 ids (:data:`NUM_ACTIONS`): every move ``legal_actions`` lists
Observation shape           (18,356,) ``float32``, the parts of :data:`PIECES`
Observation values          [0, 1,000]: one-hots, flags and counts (larger counts read as 1,000)
Action mask                 the ids of ``legal_actions`` (``Game.legal_action_ids``)
Not encoded                 the sand timer (``buying_timer_seconds`` above 0: real time), a staircase
                            wider than the default one (the board is a 35 × 25 grid)
==========================  ==========================================================

**Action space.** An id names the same move in every state, for every player count. Every move
``legal_actions`` lists has an id; the moves only an action form describes (an offer of any
bundle, ``plan steps 7``, ``plan on BL YI``, ``keep ward power``) have none. Directional tiles
*k* are 0–8 (F L R B N E W S U), fields *f* 0–6 (G W O R P F S), facings *d* 0–3 (N E S W),
Inspiration tiles *i* 0–5 (wind zip rein ward wake power); seats are absolute.

A field *f* is a field **slot** (the observation's ``fields`` and ``boosts`` are by slot too). In the
default game slot *f* is the colour *f* above. A game whose ``field_colours`` name Yellow or Blue
(DC-R9) keeps each default colour in its own slot and puts Yellow and Blue in the slots of the
default colours it leaves out (``components.field_slots``): in the note's alternative
``G W O Y BL R P``, Yellow is slot 5 and Blue slot 6, so ``place N Y`` has the id of ``place N F``,
38 + 7·4 + 5 = 71. Such ids need the state (``state.settings.slot``): ``Game.action_id(action, state)``
and ``action_of_id(id, state)``; without it a move naming Yellow or Blue has no id. The adapters,
``legal_action_ids`` and ``action_from_id`` always pass it.


============  ===============================================  =================================
ids           move                                             notation
============  ===============================================  =================================
0–10          end, ride, brake, wake, push, pass, block, zip,  ``end`` …
              reinterpret, done, stop
11–19         starting space *s* (0–8): 11 + s                 ``start 5``
20–28         buy tile *k*: 20 + k                             ``buy N``
29–37         sell tile *k*: 29 + k                            ``sell N``
38–100        place tile *k* on field *f*: 38 + 7k + f         ``place N G``
101–163       take tile *k* back from field *f*: 101 + 7k + f  ``unplace N G``
164–177       boost field *f* with 2 or 3 chi: 164 + 2f + (0|1)  ``boost G 2``
178–184       unboost field *f*: 178 + f                       ``unboost G``
185–188       aim facing *d*: 185 + d                          ``aim E``
189–192       go facing *d*: 189 + d                           ``go E``
193–194       brake plan none, ask                             ``plan none``, ``plan ask``
195–204       brake plan: stop in row *r* (1–10): 194 + r       ``plan row 5``
205           brake plan: stop after three steps               ``plan steps 3``
206–250       offer seat *t* tile *k* for 1 chi: 206 + 9t + k  ``offer B N for 1c``
251–295       offer seat *t* 1 chi for tile *k*: 251 + 9t + k  ``offer B 1c for N``
296–300       accept seat *t*'s offer: 296 + t                 ``accept B``
301–305       decline seat *t*'s offer: 301 + t                ``decline B``
306–311       turn Inspiration tile *i* in for chi: 306 + i    ``cash zip``
312–317       keep tile *i* for last: 312 + i                  ``keep ward``
318           keep none                                        ``keep none``
============  ===============================================  =================================

**Observation space** (the seat's own knowledge only; seats are absolute and padded to five):

======================  ==============  ========================================================
part                    shape           what it holds
======================  ==============  ========================================================
``seat``                (5,)            one-hot: the observing seat
``players``             (5,)            1 for each seat in the match
``turn``                (5,)            one-hot: the player on turn (all 0 once the game is over)
``waiting``             (5,)            one-hot: the seat the game waits for (a chooser, an answer)
``first_player``        (5,)            one-hot: the starting player (DC-R2)
``phase``               (3,)            one-hot: choosing starts, buying, movement
``round``               (1,)            the round
``rows``                (2,)            rows laid, rows removed (DC-R5)
``board``               (35, 25, 14)    the Dreamscape, south to north, west to east: one-hot of each
                                        space's kind (12 square codes, fringe, beyond)
``tokens``              (5, 35, 25)     per seat, one-hot of its token's space
``facing``              (5, 4)          per seat, one-hot of its token's facing
``alive``               (5,)            1 for each seat still in the game (DC-R46)
``chi``                 (5,)            every seat's chi (DC-R20)
``hand``                (5, 9)          every seat's Directional tiles in hand, a count per type
``fields``              (5, 7, 2, 10)   per seat and field, the one or two tiles on it (10th: none)
``boosts``              (5, 7)          chi boosting each field (DC-R24)
``inspiration_count``   (5,)            how many Inspiration tiles each seat holds
``inspiration``         (6,)            the observer's Inspiration tiles, a count per kind
``power``               (5,)            Power tiles per seat when public (DC-R43); else the observer's only
``plan``                (5,)            one-hot: the observer's brake plan (none, ask, row, steps, on)
``plan_number``         (1,)            its row or step count
``plan_squares``        (12,)           the square codes of a ``plan on``
``keep``                (6,)            the Inspiration kinds the observer's payments spend last (DC-R49)
``stock``               (9,)            Directional tiles in the supply
``prices``              (9, 2)          buy and sell price per type (DC-R17)
``supply``              (2,)            chi and Inspiration tiles in the supply
``offers``              (5, 5, 2, 16)   open offers giver × taker: what is given and what is asked, as
                                        counts (9 tile types, chi, 6 Inspiration kinds)
``pending``             (6,)            one-hot: the question the movement waits on, as the observer
                                        sees it: choose, pause, blocked, conflict, reinterpret, deciding
``start_spaces``        (9,)            the starting spaces still free (DC-R3)
``buying_closed``       (1,)            1 once the Buying Phase is over (DC-R47)
``winners``             (5,)            1 for each winner once the game is over
======================  ==============  ========================================================

Rewards, the end of an episode and truncation are the adapters' (docs/adapters.md).
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy

from ...core.contract import Encoding
from .board import HEIGHT, ROW_WIDTH, Geometry
from .components import BOOSTS, COLOUR_CODES, DIRECTIONAL_CODES, FACINGS, FIELD_CODES, INSPIRATION_CODES, MAX_PLAYERS, POWER, SQUARE_CODES
from .movement import GO
from .notation import BUNDLE_SIZE, CASH, SIMPLE, CycleMove
from .rules import (
    AIM, BOOST, BUY, BUYING, KEEP, KEEP_NONE, MOVEMENT, PLACE, PLAN_ASK, PLAN_NONE, PLAN_ROW, PLAN_STEPS,
    PRIVATE_QUESTIONS, ROWS, START, START_MOVES, UNBOOST, UNPLACE, SELL, SELL_OFFER, BUY_OFFER, CycleState,
)

SEATS = MAX_PLAYERS
TYPES = len(DIRECTIONAL_CODES)
FIELDS = len(FIELD_CODES)
KINDS_OF_INSPIRATION = len(INSPIRATION_CODES)
GRID_WIDTH = Geometry.of([0, 1, 2, 3, 4, 4, 3, 2, 1, 0]).width  # the default staircase: 25 spaces across
SPACE_KINDS = len(SQUARE_CODES) + 2  # the square codes, the fringe and beyond (see .board)
PHASES = (START, BUYING, MOVEMENT)
PLAN_KINDS = ("none", "ask", "row", "steps", "on")
QUESTIONS = ("choose", "pause", "blocked", "conflict", "reinterpret", "deciding")
HIGH = 1000

PIECES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("seat", (SEATS,)),
    ("players", (SEATS,)),
    ("turn", (SEATS,)),
    ("waiting", (SEATS,)),
    ("first_player", (SEATS,)),
    ("phase", (len(PHASES),)),
    ("round", (1,)),
    ("rows", (2,)),
    ("board", (HEIGHT, GRID_WIDTH, SPACE_KINDS)),
    ("tokens", (SEATS, HEIGHT, GRID_WIDTH)),
    ("facing", (SEATS, len(FACINGS))),
    ("alive", (SEATS,)),
    ("chi", (SEATS,)),
    ("hand", (SEATS, TYPES)),
    ("fields", (SEATS, FIELDS, 2, TYPES + 1)),
    ("boosts", (SEATS, FIELDS)),
    ("inspiration_count", (SEATS,)),
    ("inspiration", (KINDS_OF_INSPIRATION,)),
    ("power", (SEATS,)),
    ("plan", (len(PLAN_KINDS),)),
    ("plan_number", (1,)),
    ("plan_squares", (len(SQUARE_CODES),)),
    ("keep", (KINDS_OF_INSPIRATION,)),
    ("stock", (TYPES,)),
    ("prices", (TYPES, 2)),
    ("supply", (2,)),
    ("offers", (SEATS, SEATS, 2, BUNDLE_SIZE)),
    ("pending", (len(QUESTIONS),)),
    ("start_spaces", (ROW_WIDTH,)),
    ("buying_closed", (1,)),
    ("winners", (SEATS,)),
)


def _moves() -> tuple[CycleMove, ...]:
    """Every move with an id, in id order (the table in the module docstring)."""
    moves = [CycleMove(kind) for kind in SIMPLE]
    moves += list(START_MOVES)
    moves += list(BUY) + list(SELL)
    moves += [PLACE[k][f] for k in range(TYPES) for f in range(FIELDS)]
    moves += [UNPLACE[k][f] for k in range(TYPES) for f in range(FIELDS)]
    moves += [BOOST[f][i] for f in range(FIELDS) for i in range(len(BOOSTS))]
    moves += list(UNBOOST) + list(AIM) + list(GO)
    moves += [PLAN_NONE, PLAN_ASK] + [PLAN_ROW[row] for row in range(1, ROWS + 1)] + [PLAN_STEPS]
    moves += [SELL_OFFER[t][k] for t in range(SEATS) for k in range(TYPES)]
    moves += [BUY_OFFER[t][k] for t in range(SEATS) for k in range(TYPES)]
    moves += [CycleMove("accept", (t,)) for t in range(SEATS)] + [CycleMove("decline", (t,)) for t in range(SEATS)]
    moves += list(CASH) + list(KEEP) + [KEEP_NONE]
    return tuple(moves)


MOVES = _moves()
ID_OF = {move: index for index, move in enumerate(MOVES)}
NUM_ACTIONS = len(MOVES)
assert NUM_ACTIONS == len(ID_OF) == 319


# The moves that name a field, and where its colour sits among their arguments.
FIELD_ARGUMENT = {"place": 1, "unplace": 1, "boost": 0, "unboost": 0}
COLOURS = len(COLOUR_CODES)


def _with_field(move: CycleMove, field: int) -> CycleMove:
    """``move`` naming field ``field`` (a colour or a slot: both are small ints) instead."""
    at = FIELD_ARGUMENT[move.kind]
    return CycleMove(move.kind, move.args[:at] + (field,) + move.args[at + 1:])


def by_slot(move: CycleMove, slot: tuple[int, ...]) -> CycleMove | None:
    """The move of the default game whose id ``move`` takes, given the game's slot of each colour
    (``state.settings.slot``): the same move naming the colour's slot; ``None`` for a colour the
    game has no field of. Moves that name no field, or no colour, come back as they are."""
    at = FIELD_ARGUMENT.get(move.kind)
    if at is None or len(move.args) <= at:
        return move
    colour = move.args[at]
    if type(colour) is not int or not 0 <= colour < COLOURS or slot[colour] == colour:
        return move  # a default colour keeps its own slot: every move of the default game
    if slot[colour] < 0:
        return None
    return _with_field(move, slot[colour])


def _clamp(value: int) -> int:
    return value if value < HIGH else HIGH


class DreamCycleEncoding(Encoding):
    """Action ids and the observation tensor of Dream Cycle (see the module docstring)."""

    num_distinct_actions = NUM_ACTIONS
    pieces = PIECES
    high = float(HIGH)
    horizon = 20_000  # uniform random play ends in under 10,000 decisions (round_limit is 100)

    def refuses(self, players: int, options: Mapping[str, Any]) -> str | None:
        if options["buying_timer_seconds"]:
            return "the sand timer (buying_timer_seconds above 0) runs in real time; the adapters are turn by turn"
        width = Geometry.of(options["staircase_offsets"]).width
        if width > GRID_WIDTH:
            return f"the staircase is {width} spaces wide; the observation covers {GRID_WIDTH} (offsets spanning at most 4 tiles)"
        return None

    def action_id(self, action: Any, state: Any = None) -> int | None:
        """The id of ``action``; with ``state`` (a :class:`CycleState`), a move naming a field takes the
        id of the field's slot in that game (Yellow and Blue too, DC-R9)."""
        if type(action) is not CycleMove:
            return None
        if isinstance(state, CycleState) and action.kind in FIELD_ARGUMENT:
            slotted = by_slot(action, state.settings.slot)
            if slotted is None:
                return None
            action = slotted
        try:
            return ID_OF.get(action)
        except TypeError:  # an argument that cannot be hashed (a list): no move of ours
            return None

    def action_of_id(self, action_id: int, state: Any = None) -> CycleMove:
        """The move ``action_id`` names; with ``state``, a field's move names the colour of that slot
        in that game (Yellow or Blue in the slot of a default colour it leaves out, DC-R9)."""
        move = MOVES[action_id]
        if isinstance(state, CycleState) and move.kind in FIELD_ARGUMENT:
            slot = move.args[FIELD_ARGUMENT[move.kind]]
            return _with_field(move, state.settings.fields[slot])
        return move

    def write(self, state: Any, seat: int, parts: dict[str, Any]) -> None:
        assert isinstance(state, CycleState)
        n = state.players
        geo = state.geo
        self.write_seats(state, seat, parts)
        if state.actors:  # which are () once the game is over
            parts["waiting"][state.actors[0]] = 1
        if state.phase in PHASES:
            parts["phase"][PHASES.index(state.phase)] = 1
        parts["round"][0] = _clamp(state.round)
        parts["rows"][:] = (state.rows_laid, state.rows_removed)
        width = geo.width
        positions = numpy.arange(len(state.kinds))
        parts["board"][positions // width, positions % width, state.kinds] = 1
        if state.phase == START:
            taken = set(state.pos)
            for space, position in enumerate(geo.start_spaces()):
                parts["start_spaces"][space] = position not in taken
        power_public = state._options["power_public"]
        for owner in range(n):
            position = state.pos[owner]
            if position >= 0:
                parts["tokens"][owner, position // width, position % width] = 1
                parts["facing"][owner, state.facing[owner]] = 1
            parts["alive"][owner] = state.alive[owner]
            parts["chi"][owner] = _clamp(state.chi[owner])
            parts["hand"][owner] = [_clamp(count) for count in state.hand[owner]]
            for field, tiles in enumerate(state.fields[owner]):
                for slot in range(2):
                    parts["fields"][owner, field, slot, tiles[slot] if slot < len(tiles) else TYPES] = 1
            parts["boosts"][owner] = state.boost[owner]
            held = state.insp[owner]
            parts["inspiration_count"][owner] = _clamp(len(held))
            if power_public or owner == seat:
                parts["power"][owner] = _clamp(held.count(POWER))
        for kind in state.insp[seat]:
            parts["inspiration"][kind] += 1
        plan = state.plan[seat]
        parts["plan"][PLAN_KINDS.index(plan[0])] = 1
        if plan[0] in ("row", "steps"):
            parts["plan_number"][0] = _clamp(plan[1])
        elif plan[0] == "on":
            parts["plan_squares"][list(plan[1])] = 1
        parts["keep"][list(state.keep[seat])] = 1
        parts["stock"][:] = [_clamp(count) for count in state.stock]
        parts["prices"][:] = [(_clamp(kind.buy), _clamp(kind.sell)) for kind in state.types]
        parts["supply"][:] = (_clamp(state.supply), _clamp(sum(state.insp_supply)))
        for (giver, taker), (give, take) in state.offers.items():
            parts["offers"][giver, taker, 0] = [_clamp(count) for count in give]
            parts["offers"][giver, taker, 1] = [_clamp(count) for count in take]
        movement = state.movement
        if movement is not None and movement.question is not None:
            question: str = movement.question.kind
            if question in PRIVATE_QUESTIONS and seat != movement.mover:
                question = "deciding"  # what others see of the mover's own questions (DC-R43)
            parts["pending"][QUESTIONS.index(question)] = 1
        parts["buying_closed"][0] = state.buying_closed
        outcome = state.outcome
        if outcome is not None:
            parts["winners"][list(outcome.winners)] = 1


ENCODING = DreamCycleEncoding()
