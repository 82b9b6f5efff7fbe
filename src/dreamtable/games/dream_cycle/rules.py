"""The rules of Dream Cycle outside the Movement Phase: setup, starting spaces, the Buying Phase,
trading, Inspiration turn-ins, payments, elimination, the end of a turn and of the game.
The Movement Phase is a :class:`~.movement.Movement` of its own, which reaches the rest of the
game through the few members of :class:`~.movement.Board` that :class:`CycleState` provides.
Each rule is marked with its ``DC-R*`` resolution.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import Any, NoReturn

from ...core.contract import Game, Outcome, Timer, TurnBasedState, seat_from_name, seat_name
from ...core.errors import IllegalActionError
from ...core.forms import ActionForm, Param
from ...core.rng import Rng, draw_with, reseeded
from ...core.visibility import Event, owner_only
from .board import BEYOND, FRINGE, NEEDS_ROW, ROW_WIDTH, WIN, Geometry, build_kinds, is_doldrum, rotate
from .components import (
    BLACK,
    BLUE,
    BOOSTS,
    COLOUR_CODES,
    COLOUR_NAMES,
    COLOURS,
    DIRECTIONAL_CODES,
    DIRECTIONAL_NAMES,
    DRAIN,
    FACING_NAMES,
    FACINGS,
    FIELDS,
    INSPIRATION_CODES,
    INSPIRATION_NAMES,
    INSPIRE,
    MAX_PLAYERS,
    PHASES,
    POWER,
    REIN,
    SQUARE_CODES,
    TILES_PER_PHASE,
    TILES_PER_ROW,
    TYPES,
    WAKE,
    WARD,
    WIND,
    ZIP,
    Dreamscape,
    TileType,
    directional_table,
    inspiration_table,
    load_dreamscape,
)
from . import events as ev
from .events import Debt, Reason, keep_words, plan_words, spot_words
from .movement import BrakePlan, Movement, Settings
from .notation import CASH, CHI_SLOT, EMPTY, MAX_DIGITS, Bundle, CycleMove, bundle_json, bundle_text, shown, well_formed
from .prompts import ask

START, BUYING, MOVEMENT, OVER = "start", "buying", "movement", "over"
ROWS = 10
INCOME_FIRST, INCOME = 16, 1  # DC-R19
CHI_CAP = 10  # DC-R20
FIELD_LIMIT = 2  # DC-R22
TURN_IN_CHI, SECOND_WIND_CHI = 1, 3  # DC-R42: any tile turns in for 1 chi; Second Wind for 3 (§3.3)
TURN_IN_ORDER = (WIND, ZIP, REIN, WARD, WAKE, POWER)  # DC-R49's order for forced payments
NO_PLAN: BrakePlan = ("none",)
ASK_PLAN: BrakePlan = ("ask",)
LISTED_PLAN_STEPS = 3  # legal_actions lists "plan steps 3"; any number up to the step cap can be typed
CLOSED_KINDS = frozenset({"buy", "sell", "place", "unplace", "boost", "unboost", "offer", "accept"})  # stopped by the sand timer (DC-R47)
FREE_KINDS = frozenset({"offer", "plan", "keep"})  # moves with free parameters (see CycleState.action_forms)
# The parts of the position (CycleState._cache: the actors, and the Buying Phase's supply, trades and tail;
# see _buying_actions) that a move of the player on turn in its Buying Phase leaves as they were, so that they
# are kept instead of worked out again; half of random play's moves are placements and a quarter plans and aims.
# Placing or taking back a tile changes no tile owned (in hand and on fields together), no chi and no token;
# a brake plan, an aim or the keeps change only the tail; buying and selling leave the tail (token, plan, tiles).
# Neither changes what others may do. tests/games/dream_cycle/test_kept_parts.py checks each against a fresh start.
KEPT_BY: dict[str, tuple[str, ...]] = {
    "place": ("actors", "trades", "tail"), "unplace": ("actors", "trades", "tail"),
    "plan": ("actors", "supply", "trades"), "aim": ("actors", "supply", "trades"), "keep": ("actors", "supply", "trades"),
    "buy": ("tail",), "sell": ("tail",),
}
LISTED_IN_ERRORS = 12  # legal moves named in the message refusing a move that is not one of them
PRIVATE_QUESTIONS = frozenset({"choose", "pause", "blocked"})  # questions whose kind others do not see (DC-R43; see _pending)
DECIDING = "deciding"  # what others see of such a question's kind
END_MOVE = CycleMove("end")


def _bundle(slot: int) -> Bundle:
    items = list(EMPTY)
    items[slot] = 1
    return tuple(items)


# Every placement value built once (move generation is the hot path of random play and search). A move
# names a field by its colour (``COLOUR_CODES``, DC-R9); the state keeps its tiles in the colour's slot.
PLACE = tuple(tuple(CycleMove("place", (k, f)) for f in range(COLOURS)) for k in range(TYPES))
UNPLACE = tuple(tuple(CycleMove("unplace", (k, f)) for f in range(COLOURS)) for k in range(TYPES))
BUY = tuple(CycleMove("buy", (k,)) for k in range(TYPES))
SELL = tuple(CycleMove("sell", (k,)) for k in range(TYPES))
START_MOVES = tuple(CycleMove("start", (i,)) for i in range(ROW_WIDTH))
AIM = tuple(CycleMove("aim", (d,)) for d in range(4))
BOOST = tuple(tuple(CycleMove("boost", (f, n)) for n in BOOSTS) for f in range(COLOURS))
UNBOOST_OF = tuple(CycleMove("unboost", (f,)) for f in range(COLOURS))
UNBOOST = UNBOOST_OF[:FIELDS]  # the default fields' alone: the action ids (.encoding) list this tuple whole
KEEP = tuple(CycleMove("keep", (k,)) for k in range(len(INSPIRATION_CODES)))
KEEP_NONE = CycleMove("keep", ())
# The brake plans legal_actions lists: none, ask, the next row (PLAN_ROW[k]) and three steps.
PLAN_NONE, PLAN_ASK, PLAN_STEPS = (CycleMove("plan", plan) for plan in (NO_PLAN, ASK_PLAN, ("steps", LISTED_PLAN_STEPS)))
PLAN_ROW = {k: CycleMove("plan", ("row", k)) for k in range(1, ROWS + 1)}
# The offers legal_actions lists: one of your tiles for 1 chi, or 1 chi for one of theirs.
SELL_OFFER = tuple(tuple(CycleMove("offer", (p, _bundle(k), _bundle(CHI_SLOT))) for k in range(TYPES)) for p in range(MAX_PLAYERS))
BUY_OFFER = tuple(tuple(CycleMove("offer", (p, _bundle(CHI_SLOT), _bundle(k))) for k in range(TYPES)) for p in range(MAX_PLAYERS))
_PREBUILT = frozenset(id(move) for move in (
    *(m for row in PLACE for m in row), *(m for row in UNPLACE for m in row), *BUY, *SELL, *START_MOVES, *AIM,
    *(m for row in BOOST for m in row), *UNBOOST_OF, *KEEP, KEEP_NONE, PLAN_NONE, PLAN_ASK, PLAN_STEPS, *PLAN_ROW.values(),
    *(m for row in SELL_OFFER for m in row), *(m for row in BUY_OFFER for m in row), *CASH, END_MOVE))
"""The ids of the moves built above, which live as long as the module: each is well formed (notation.well_formed)."""


UNPLACING: dict[tuple[int, ...], tuple[tuple[CycleMove, ...], ...]] = {
    field: tuple(tuple(UNPLACE[k][colour] for k in (field if len(field) == 2 and field[1] != field[0] else field[:1]))
                 for colour in range(COLOURS))
    for field in [(a,) for a in range(TYPES)] + [(a, b) for a in range(TYPES) for b in range(TYPES)]}
"""By a field's tiles (one or two): per colour, the moves taking back its first tile, then its second unless it
is of the same type (the moves of placements() and of the Buying Phase's list)."""

_HANDS: dict[tuple[int, ...], tuple[int, tuple[tuple[CycleMove, ...], ...]]] = {}
"""By a hand's counts: the types it holds as bits (``1 << k``), and per colour the moves placing each of them
on that field. A hand's counts are cheaper to key on than the types they hold, and hands are few (hundreds)."""

ALL_TYPES = (1 << TYPES) - 1


def _hand_moves(hand: list[int]) -> tuple[int, tuple[tuple[CycleMove, ...], ...]]:
    key = tuple(hand)
    found = _HANDS.get(key)
    if found is None:
        if len(_HANDS) >= 65_536:
            _HANDS.clear()
        held = [k for k in range(TYPES) if hand[k]]
        found = _HANDS[key] = (sum(1 << k for k in held),
                               tuple(tuple(PLACE[k][colour] for k in held) for colour in range(COLOURS)))
    return found


_TILE_TABLES: dict[tuple[TileType, ...], tuple[TileType, ...]] = {}
"""Each Directional table met, once: games with the same table share the object (see _buys_and_sales)."""
_BUYS_AND_SALES: dict[tuple[int, int, int], tuple[CycleMove, ...]] = {}
_BUYS_AND_SALES_FOR: list[tuple[TileType, ...]] = []  # the tile table the memo above holds moves for


def _buys_and_sales(types: tuple[TileType, ...], chi: int, stock: list[int], held: int) -> tuple[CycleMove, ...]:
    """Type by type, buying it (in stock, and chi pays its price) and selling it (held: the bits of
    :func:`_hand_moves`): DC-R21. The memo keys on the types in stock as bits too (almost always all)."""
    if not _BUYS_AND_SALES_FOR or _BUYS_AND_SALES_FOR[0] is not types:  # another game's prices (options)
        _BUYS_AND_SALES.clear()
        _BUYS_AND_SALES_FOR[:] = [types]
    stocked = ALL_TYPES if 0 not in stock else _stocked(tuple(stock))
    key = (chi, stocked, held)
    moves = _BUYS_AND_SALES.get(key)
    if moves is None:
        if len(_BUYS_AND_SALES) >= 16_384:
            _BUYS_AND_SALES.clear()
        found: list[CycleMove] = []
        for k, kind in enumerate(types):
            if stocked >> k & 1 and chi >= kind.buy:
                found.append(BUY[k])
            if held >> k & 1:
                found.append(SELL[k])
        moves = _BUYS_AND_SALES[key] = tuple(found)
    return moves


@lru_cache(maxsize=4096)
def _stocked(stock: tuple[int, ...]) -> int:
    """The types in stock as bits when some type is sold out (as it often is: a memo, not a loop)."""
    return sum(1 << k for k in range(TYPES) if stock[k])


BOOSTS_UP_TO = tuple(tuple(BOOST[colour][:count] for colour in range(COLOURS)) for count in range(len(BOOSTS) + 1))
"""``BOOSTS_UP_TO[n][colour]``: the first ``n`` boosts of a field of ``colour``, as one tuple each."""
_HEADS: dict[tuple[int, ...], tuple[tuple[CycleMove, ...], tuple[tuple[CycleMove, ...], ...], tuple[tuple[CycleMove, ...], ...]]] = {}
"""The parts of the Buying Phase's list that a seat's chi, its hand and the types in stock decide (see
``CycleState._head``), by those (``(chi, types in stock as bits, *hand)``), for the tile table in ``_HEADS_FOR``."""
_HEADS_FOR: list[Any] = [None]
HEADS_HELD = 4_096
"""At most this many entries in ``_HEADS`` (random play meets a few hundred; see ``TAILS_HELD``)."""

_TAILS: dict[tuple[Any, ...], tuple[tuple[CycleMove, ...], tuple[int, ...]]] = {}
"""The Buying Phase's moves after the trades by token, plan, Inspiration tiles, keeps and board (kept by identity)."""
TAILS_HELD = 4_096
"""At most this many entries in ``_TAILS``. Its keys name one board (one ``kinds`` object), so entries of
finished games are never met again: a game uses about 120, and 65,536 of them were ~200,000 tuples the
garbage collector walked in every full collection, slowing long runs of random play by ~7%."""


class CycleState(TurnBasedState[CycleMove]):
    """One match of Dream Cycle."""

    __slots__ = (
        "geo", "scape", "types", "settings", "kinds", "rows_laid", "rows_removed", "row_tiles", "unused", "phase",
        "start_order", "pos", "facing", "alive", "chi", "supply", "hand", "fields", "boost", "stock",
        "insp", "insp_supply", "turns_taken", "plan", "keep", "offers", "round", "first_player", "buying_closed",
        "movement", "out_reason", "_cache", "phase_actions",
    )
    _unpickled = {"_cache": dict}  # a memo of this position: not pickled, empty when read back

    # Set once at setup and shared by copies:
    geo: Geometry
    scape: Dreamscape
    types: tuple[TileType, ...]
    """Each Directional type's count and prices (DC-R17)."""
    settings: Settings
    """The options the Movement Phase follows."""
    # The Dreamscape (DC-R4 – DC-R8):
    kinds: tuple[int, ...]
    """Every position's square kind, ``FRINGE`` or ``BEYOND`` (see :mod:`.board`)."""
    rows_laid: int
    rows_removed: int
    row_tiles: tuple[tuple[tuple[int, int, int], ...], ...]
    """Per row laid, its three tiles as (Phase, index, quarter turns)."""
    unused: tuple[tuple[int, ...], ...]
    """Per Phase, the indices of the tiles not laid yet."""
    # Turns and phases:
    phase: str
    start_order: list[int]
    """The seats still to choose a starting space, in order (DC-R3)."""
    round: int
    first_player: int
    buying_closed: bool
    """The sand timer ran out, or the Buying Phase ended (DC-R47)."""
    phase_actions: int
    """The turn seat's moves so far in the stretch it is in, where it may act again and again at will:
    its Buying Phase, or the rearranging after a Reinterpretation; 0 outside both (``stretch_limit``)."""
    movement: Movement | None
    """The Movement Phase under way, or ``None`` outside one."""
    # The players:
    pos: list[int]
    facing: list[int]
    alive: list[bool]
    out_reason: list[Debt | None]
    """Per seat, the payment that put it out of the game (DC-R46), or ``None``."""
    chi: list[int]
    supply: int
    """Chi in the supply (DC-R18)."""
    hand: list[list[int]]
    """Per seat, a count per Directional type not placed on a field."""
    fields: list[list[tuple[int, ...]]]
    boost: list[list[int]]
    stock: list[int]
    """Directional tiles left in the supply, per type."""
    insp: list[list[int]]
    insp_supply: list[int]
    turns_taken: list[int]
    plan: list[BrakePlan]
    keep: list[tuple[int, ...]]
    """Per seat, the Inspiration kinds forced payments spend last (DC-R49)."""
    offers: dict[tuple[int, int], tuple[Bundle, Bundle]]
    """Open trade offers: (giver, taker) → (what is given, what is asked)."""
    _cache: dict[Any, Any]
    """Actors and legal lists, worked out once per position."""

    # -- setup (DC-R2 – DC-R6) ----------------------------------------------------------------
    @classmethod
    def setup(cls, game: Game[CycleMove], players: int, seed: int, options: dict[str, Any]) -> "CycleState":
        state = cls.__new__(cls)
        state._init_base(game, players, seed, options)
        state.geo = Geometry.of(options["staircase_offsets"])
        state.scape = load_dreamscape(options)
        types = directional_table(options["directional_tiles"])
        state.types = _TILE_TABLES.setdefault(types, types)  # one object per table: the move memos key on it
        state.settings = Settings.of(options)
        state.rows_laid, state.rows_removed, state.row_tiles = 0, 0, ()
        state.unused = tuple(tuple(range(TILES_PER_PHASE)) for _ in range(PHASES))
        state.kinds = ()
        first = options["first_player"]
        state.first_player = state.rng.randrange(players) if first == "random" else seat_from_name(first)
        state.turn = state.first_player
        # DC-R3: starting spaces are chosen counter-clockwise from the starting player's right.
        state.start_order = [(state.first_player - k) % players for k in range(1, players + 1)]
        state.phase = START
        state.pos = [-1] * players
        state.facing = [FACINGS.index(options["start_facing"])] * players
        state.alive = [True] * players
        state.chi = [0] * players
        state.supply = options["chi_supply"]
        state.hand = [[0] * TYPES for _ in range(players)]
        state.fields = [[() for _ in range(FIELDS)] for _ in range(players)]
        state.boost = [[0] * FIELDS for _ in range(players)]
        state.stock = [t.total for t in state.types]
        state.insp = [[] for _ in range(players)]
        state.insp_supply = list(inspiration_table(options["inspiration_tiles"]))
        state.turns_taken = [0] * players
        state.plan = [NO_PLAN] * players
        state.keep = [()] * players
        state.offers = {}
        state.round = 1
        state.buying_closed = False
        state.movement = None
        state.out_reason = [None] * players
        state._cache = {}
        state.phase_actions = 0
        state._outcome = None
        events: list[Event] = []
        state.lay_row(events)
        state.lay_row(events)
        state.turn = state.start_order[0]
        events.append(Event(ev.SETUP, None, {"first": state.first_player, "chooser": state.turn}))
        for event in events:
            state._log = (state._log, event)
        return state

    def copy(self) -> "CycleState":
        twin = CycleState.__new__(CycleState)
        self._copy_base_into(twin)
        twin.geo, twin.scape, twin.types, twin.settings = self.geo, self.scape, self.types, self.settings
        twin.kinds, twin.rows_laid, twin.rows_removed = self.kinds, self.rows_laid, self.rows_removed
        twin.row_tiles, twin.unused, twin.phase, twin.supply = self.row_tiles, self.unused, self.phase, self.supply
        twin.round, twin.first_player, twin.buying_closed = self.round, self.first_player, self.buying_closed
        twin.turn, twin._outcome, twin.phase_actions = self.turn, self._outcome and self._outcome.owned(), self.phase_actions
        twin.movement = None if self.movement is None else self.movement.copy()
        twin.offers = dict(self.offers)
        twin.start_order = self.start_order[:]
        twin.pos = self.pos[:]
        twin.facing = self.facing[:]
        twin.alive = self.alive[:]
        twin.chi = self.chi[:]
        twin.hand = [h[:] for h in self.hand]
        twin.fields = [f[:] for f in self.fields]
        twin.boost = [b[:] for b in self.boost]
        twin.stock = self.stock[:]
        twin.insp = [i[:] for i in self.insp]
        twin.insp_supply = self.insp_supply[:]
        twin.turns_taken = self.turns_taken[:]
        twin.plan = self.plan[:]
        twin.keep = self.keep[:]
        twin.out_reason = self.out_reason[:]
        twin._cache = {}
        return twin

    def determinize(self, seat: int, rng: Rng | Any) -> "CycleState":
        """Re-deal the face-down Inspiration tiles of the others (their Power tiles stay when Power
        counts are public, DC-R43, and so do tiles they offered in an open trade), forget their brake
        plans and payment choices, and re-seed the future (rows, die, draws)."""
        twin = self.copy()
        unseen, supply, known = self._deal(seat)
        # Only the tiles dealt to the others are drawn (most positions deal none): the rest stay in the supply.
        pool = unseen[:]
        supply = supply[:]
        for other, kept, count in known:
            drawn = draw_with(pool, count, rng)
            for k in drawn:
                supply[k] -= 1
            twin.insp[other] = sorted(kept + drawn)
            twin.plan[other] = NO_PLAN
            twin.keep[other] = ()
        twin.insp_supply = supply
        twin.rng = reseeded(rng)
        return twin

    def same_worlds(self, seat: int) -> bool:
        """No other seat holds an Inspiration tile ``seat`` cannot place: every world deals the same. (It
        reads only what ``seat`` knows: how many tiles each seat holds is public, and so are the ones it
        has offered and, when ``power_public``, its Power tiles.)"""
        return not any(count for _, _, count in self._deal(seat)[2])

    def _deal(self, seat: int) -> tuple[list[int], list[int], list[tuple[int, list[int], int]]]:
        """:meth:`_deal_for`, worked out once per position: a search deals every world from one."""
        deal = self._cache.get(("deal", seat))
        if deal is None:
            deal = self._cache[("deal", seat)] = self._deal_for(seat)
        return deal

    def _deal_for(self, seat: int) -> tuple[list[int], list[int], list[tuple[int, list[int], int]]]:
        """What ``determinize`` deals for ``seat``: the tiles it cannot place (the supply's and the others'
        unknown ones, sorted), their counts by kind (the supply before the deal, with the Power tiles
        when their counts are public), and for each other seat the tiles everyone knows it holds and
        how many more it has."""
        keep_power = self._options["power_public"]
        pool = [k for k, n in enumerate(self.insp_supply) for _ in range(n) if not (keep_power and k == POWER)]
        known = []
        for other in range(self.players):
            if other == seat:
                continue
            held = self.insp[other]
            # What others know of its tiles: the Power count when public, and what it has offered.
            counts = [min(held.count(k), n) for k, n in enumerate(self._offered_inspiration(other))]
            if keep_power:
                counts[POWER] = held.count(POWER)
            kept = [k for k, n in enumerate(counts) for _ in range(n)]
            rest = list(held)
            for k in kept:
                rest.remove(k)
            pool += rest
            known.append((other, kept, len(rest)))
        pool.sort()
        supply = [pool.count(k) for k in range(len(self.insp_supply))]
        if keep_power:
            supply[POWER] = self.insp_supply[POWER]
        return pool, supply, known

    def _offered_inspiration(self, seat: int) -> list[int]:
        """Inspiration tiles ``seat`` has offered in an open trade: everyone knows it holds them.
        (What a player asks for says nothing about what the other holds.)"""
        counts = [0] * len(INSPIRATION_CODES)
        for (giver, _), (give, _) in self.offers.items():
            if giver == seat:
                for k in range(len(counts)):
                    counts[k] = max(counts[k], give[CHI_SLOT + 1 + k])
        return counts

    # -- the board ------------------------------------------------------------------------------
    def lay_row(self, events: list[Event]) -> None:
        """Lay the next row: three unused tiles of its Phase in random orientations (DC-R5, DC-R6)."""
        row = self.rows_laid + 1
        phase = (row - 1) % PHASES + 1
        unused = list(self.unused[phase - 1])
        tiles = []
        for _ in range(TILES_PER_ROW):
            index = unused.pop(self.rng.randrange(len(unused)))
            tiles.append((phase, index, self.rng.randrange(4)))
        self.unused = tuple(tuple(unused) if p == phase - 1 else u for p, u in enumerate(self.unused))
        self.row_tiles = self.row_tiles + (tuple(tiles),)
        self.rows_laid = row
        self._rebuild()
        events.append(Event(ev.ROW_LAID, None, {"row": row, "phase": phase, "tiles": [self.scape.tile_id(p, i) for p, i, _ in tiles]}))

    def _rebuild(self) -> None:
        rows = [(row, tuple(rotate(self.scape.tiles[p - 1][i], r) for p, i, r in self.row_tiles[row - 1]))
                for row in range(self.rows_removed + 1, self.rows_laid + 1)]
        self.kinds = build_kinds(self.geo, rows)

    def _remove_passed_rows(self, events: list[Event]) -> None:
        """After a turn, rows wholly south of every token in play leave the game (DC-R7). A row
        stays while a token's fringe space borders only it, so that no token is left beyond the fringe."""
        width = self.geo.width
        ys = [p // width - 2 for s, p in enumerate(self.pos) if self.alive[s]]  # geo.y, inline (once a turn)
        if not ys:
            return
        first = self.rows_removed
        removed = first
        while removed < self.rows_laid - 1 and 3 * (removed + 1) <= min(ys):
            removed += 1
        while removed > first:
            self.rows_removed = removed
            self._rebuild()
            if all(self.kinds[p] != BEYOND for s, p in enumerate(self.pos) if self.alive[s]):
                events.append(Event(ev.ROWS_REMOVED, None, {"rows": list(range(first + 1, removed + 1))}))
                return
            removed -= 1
        if self.rows_removed != first:
            self.rows_removed = first
            self._rebuild()

    def peek(self, pos: int, facing: int) -> int:
        """Where one step from ``pos`` leads: a position; −1 beyond the fringe; ``NEEDS_ROW`` (north
        off a square of the top row while rows remain to lay, landing on a square or fringe space
        once it is laid); or ``WIN`` (north off a square of row 10).

        Only a square of the top row leads north into a row not laid yet (DC-R6). The space north of
        a fringe space beside the top row touches the board only at a corner, so it is beyond the
        fringe now (DC-R8): a token there may not aim at it (DC-R25), ride, zip or be pushed into
        it (DC-R30, DC-R36), and no row is laid for it."""
        width = self.geo.width
        if facing == 0:
            if pos // width - 2 == 3 * self.rows_laid - 1:  # geo.y(pos): on the top row laid
                if self.kinds[pos] >= FRINGE:
                    return -1
                if self.rows_laid == ROWS:
                    return WIN  # north off a square of row 10
                return NEEDS_ROW  # the space north of a top-row square is a fringe space now, and a square or fringe once laid
            target = pos + width
        else:
            target = pos + (1 if facing == 1 else -width if facing == 2 else -1)  # geo.delta(facing)
        return target if self.kinds[target] != BEYOND else -1

    def row_of(self, pos: int) -> int:
        """The row a position lies in (0 south of row 1)."""
        return self.geo.y(pos) // 3 + 1

    def spot(self, pos: int) -> dict[str, Any]:
        """A position as events and the board give it: ``x``, ``y``, ``row`` and ``square`` (a square
        code, or ``fringe``), as it is now (rows come and go); and where it is as a player finds it:
        a square's ``line`` in its row (0 south, 1 middle, 2 north) and ``column`` (1–9 from the
        west), a fringe space's ``side`` of the row it borders (``W``, ``E``, ``S``, ``N``) with that
        square's line (west or east) or column (south or north)."""
        kind = self.kinds[pos]
        x, y = self.geo.xy(pos)
        row = self.row_of(pos)
        spot: dict[str, Any] = {"x": x, "y": y, "row": row, "square": "fringe" if kind == FRINGE else SQUARE_CODES[kind],
                                "line": None, "column": None, "side": None}
        offsets = self.geo.offsets
        if kind != FRINGE:
            spot["line"], spot["column"] = y - 3 * (row - 1), x - 3 * offsets[row - 1] + 1
            return spot
        kinds, width = self.kinds, self.geo.width
        if kinds[pos + 1] < FRINGE or kinds[pos - 1] < FRINGE:  # beside a row's west or east end
            spot["side"], spot["line"] = ("W" if kinds[pos + 1] < FRINGE else "E"), y - 3 * (row - 1)
        else:  # south of a row's south line (its row is the next), or north of a row's north line
            spot["side"] = "S" if kinds[pos + width] < FRINGE else "N"
            beside = row + 1 if spot["side"] == "S" else row - 1
            spot["column"] = x - 3 * offsets[beside - 1] + 1
        return spot

    def where(self, pos: int) -> str:
        """A position in words: its row and square, or the fringe."""
        return spot_words(self.spot(pos))

    def facing_is_legal(self, seat: int, facing: int) -> bool:
        """DC-R25: a token on a doldrum space must face a square or fringe space that is on the board
        now (or the far edge from a square of row 10); see :meth:`peek`."""
        return self.peek(self.pos[seat], facing) != -1

    # -- who acts -------------------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        """The seat the game waits for first, then every seat that may act out of turn now."""
        cached: tuple[int, ...] | None = self._cache.get("actors")
        if cached is None:
            cached = self._cache["actors"] = self._actors()
        return cached

    def _actors(self) -> tuple[int, ...]:
        if self._outcome is not None:
            return ()
        main = self.deciding_seat()
        if self.phase == START:
            return (main,)
        movement = self.movement
        if movement is not None and (movement.question is None or not self._options["trade_during_movement"]):
            return (main,)
        # A player offered a trade out of turn is asked first: the table waits for the answer.
        answering = tuple(dict.fromkeys(t for _, t in self.offers if t != main and t != self.turn)) if self.offers else ()
        others = tuple(s for s in range(self.players) if s != main and s != self.turn and s not in answering and self._has_side_action(s))
        return answering + (main,) + others

    def deciding_seat(self) -> int:
        """The seat whose answer the game waits for: the player on turn, or a conflict's decider."""
        if self.movement is not None:
            waiting = self.movement.waiting_on
            if waiting is not None:
                return waiting
        return self.turn if self.phase != START else self.start_order[0]

    @property
    def stretch_spent(self) -> bool:
        """Whether the turn seat has used up ``stretch_limit`` moves in its Buying Phase or
        reinterpretation, so that it may now only end it (ours: a bot that finds every move equally
        hopeless would otherwise place and take back tiles for ever)."""
        limit: int = self._options["stretch_limit"]
        return 0 < limit <= self.phase_actions

    @property
    def reinterpreting(self) -> bool:
        """Whether the mover is rearranging tiles after a Reinterpretation (§3.3)."""
        return self.movement is not None and self.movement.reinterpreting

    def _has_side_action(self, seat: int) -> bool:
        """Whether an out-of-turn seat has anything to do: reposition, trade, answer, turn in (DC-R27)."""
        if not self.alive[seat]:
            return False
        return bool(any(self.fields[seat]) or self.insp[seat] or (sum(self.hand[seat]) and self.placements(seat))
                    or self._trades(seat))

    def _why_not_actor(self, seat: int) -> str:
        if self.phase == MOVEMENT and seat == self.turn:
            return "it is your Movement Phase: you answer only when asked (DC-R23, DC-R27)"
        if self.phase == MOVEMENT:
            return (f"{seat_name(self.turn)} is moving: others may act only while the game waits for an answer, "
                    "and only if trade_during_movement is on (DC-R27)")
        if self.phase == BUYING and 0 <= seat < self.players:
            return (f"it is {seat_name(self.turn)}'s Buying Phase: buying, selling and boosting wait for your own; out of "
                    "turn you may reposition your tiles, trade or turn in Inspiration tiles when you have any (DC-R23, DC-R27)")
        return super()._why_not_actor(seat)

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[CycleMove]:
        """Every action ``seat`` may take now. Of the moves with free parameters (offers, brake
        plans, keeps; see :meth:`action_forms`) it lists a few simple ones."""
        cached: list[CycleMove] | None = self._cache.get(seat)  # _listed, inline: random play asks at every move
        if cached is None:
            cached = self._cache[seat] = self._legal(seat)
        return cached[:]

    def _listed(self, seat: int) -> list[CycleMove]:
        """The legal list itself (not a copy), worked out once per position."""
        cached: list[CycleMove] | None = self._cache.get(seat)
        if cached is None:
            cached = self._cache[seat] = self._legal(seat)
        return cached

    def _legal(self, seat: int) -> list[CycleMove]:
        if seat == self.turn and self.phase == BUYING:  # always an actor then (see _actors): random play's case
            moves = self._buying_actions(seat)
            limit: int = self._options["stretch_limit"]
            return _closing(moves) if 0 < limit <= self.phase_actions else moves  # stretch_spent, inline
        if seat not in self.actors:
            return []
        if self.phase == START:
            taken = set(self.pos)
            return [START_MOVES[i] for i, p in enumerate(self.geo.start_spaces()) if p not in taken]
        movement = self.movement
        if movement is not None and seat == movement.waiting_on:
            moves = movement.answers(self, seat)
            return _closing(moves) if seat == self.turn and self.stretch_spent else moves
        if seat == self.turn:
            moves = self._buying_actions(seat)
            return _closing(moves) if self.stretch_spent else moves
        if self._answers_due(seat):
            return [move for move in self._trades(seat) if move.kind in ("accept", "decline")]
        return self._side_actions(seat)

    def _answers_due(self, seat: int) -> list[int]:
        """The seats whose offer ``seat`` (out of turn) must answer before doing anything else."""
        return [giver for giver, taker in self.offers if taker == seat]

    def _buying_actions(self, seat: int) -> list[CycleMove]:
        """The Buying Phase's list (``seat`` is the player on turn) in three parts, each worked out once
        per position, or kept from the position before when the move between left it as it was (see
        ``KEPT_BY``): buys, sales, placements and boosts; trades; and the tail."""
        cache = self._cache
        supply = cache.get("supply")
        if supply is None:
            supply = cache["supply"] = [] if self.buying_closed else self._supply(seat)
        trades = cache.get("trades")
        if trades is None:
            trades = cache["trades"] = [] if self.buying_closed else self._trades(seat)
        tail = cache.get("tail")
        if tail is None:
            tail = cache["tail"] = self._tail(seat)
        return [*supply, *trades, *tail]

    def _supply(self, seat: int) -> list[CycleMove]:
        """Buys and sales (DC-R21), placements (as placements()) and boosts (DC-R24). What the seat's chi,
        hand and the stock allow comes from a memo (``_HEADS``); the fields are walked each time (their
        arrangements seldom come again), a branch per field: empty, one tile, or full."""
        chi = self.chi[seat]
        stock = self.stock
        hand = self.hand[seat]
        key = (chi, ALL_TYPES if 0 not in stock else _stocked(tuple(stock)), *hand)
        head = _HEADS.get(key) if _HEADS_FOR[0] is self.types else None
        if head is None:
            head = self._head(key, chi, hand)
        trade, rows, boosting = head
        moves = list(trade)
        boosts: list[CycleMove] = []
        fields, boost = self.fields[seat], self.boost[seat]
        f = 0  # the slot; indexing three lists by it is cheaper than zipping them
        for colour in self.settings.fields:
            field = fields[f]
            if not field:
                moves += rows[colour]
                if boost[f]:
                    boosts.append(UNBOOST_OF[colour])
            elif len(field) == 1:
                moves += rows[colour]
                moves += UNPLACING[field][colour]
                if boost[f]:
                    boosts.append(UNBOOST_OF[colour])
                else:
                    boosts += boosting[colour]
            else:  # full (DC-R22)
                moves += UNPLACING[field][colour]
                if boost[f]:
                    boosts.append(UNBOOST_OF[colour])
            f += 1
        moves += boosts
        return moves

    def _head(self, key: tuple[int, ...], chi: int, hand: list[int]) -> tuple[tuple[CycleMove, ...], tuple[tuple[CycleMove, ...], ...],
                                                                              tuple[tuple[CycleMove, ...], ...]]:
        """For ``_HEADS``: the buys and sales, per colour the placements of each type in hand, and per
        colour the boosts chi pays for (``BOOSTS`` rise: they are a prefix)."""
        if _HEADS_FOR[0] is not self.types:  # another game's prices (options)
            _HEADS.clear()
            _HEADS_FOR[0] = self.types
        elif len(_HEADS) >= HEADS_HELD:
            _HEADS.clear()
        held, rows = _hand_moves(hand)
        head = _HEADS[key] = (_buys_and_sales(self.types, chi, self.stock, held), rows, BOOSTS_UP_TO[bisect_right(BOOSTS, chi)])
        return head

    def _tail(self, seat: int) -> tuple[CycleMove, ...]:
        """The token's aims, plans, Inspiration tiles, keeps and end, which change seldom in a phase: from a
        memo by the token, plan, tiles and board (``_TAILS``)."""
        pos, facing, plan, insp, keep = self.pos[seat], self.facing[seat], self.plan[seat], self.insp[seat], self.keep[seat]
        key = (pos, facing, plan, tuple(insp), keep, id(self.kinds), self.rows_laid)
        tail = _TAILS.get(key)
        if tail is None or tail[1] is not self.kinds:
            if len(_TAILS) >= TAILS_HELD:
                _TAILS.clear()
            tail = _TAILS[key] = (self._buying_tail(pos, facing, plan, insp, keep), self.kinds)
        return tail[0]

    def _buying_tail(self, pos: int, facing: int, plan: BrakePlan, insp: list[int], keep: tuple[int, ...]) -> tuple[CycleMove, ...]:
        """The Buying Phase's moves after the trades: aims, brake plans, Inspiration turn-ins and keeps, end."""
        moves: list[CycleMove] = []
        doldrum = is_doldrum(self.kinds[pos])
        if doldrum:
            moves += [AIM[d] for d in range(4) if d != facing and self.peek(pos, d) != -1]
        row = max(self.row_of(pos), 0)
        for choice in (PLAN_NONE, PLAN_ASK, PLAN_ROW[min(row + 1, ROWS)], PLAN_STEPS):
            if choice.args != plan:
                moves.append(choice)
        if insp:
            held = sorted(set(insp))
            moves += [CASH[k] for k in held]
            moves += [KEEP[k] for k in held if (k,) != keep]
        if keep:
            moves.append(KEEP_NONE)
        if not doldrum or self.peek(pos, facing) != -1:  # DC-R25 (facing_is_legal), which only a doldrum space asks
            moves.append(END_MOVE)
        return tuple(moves)

    def _side_actions(self, seat: int) -> list[CycleMove]:
        """What a seat may do during another player's turn (DC-R23, DC-R26, DC-R27, DC-R42)."""
        moves = self.placements(seat) + self._trades(seat)
        moves += [CASH[k] for k in sorted(set(self.insp[seat]))]
        return moves

    def placements(self, seat: int) -> list[CycleMove]:
        """The tiles ``seat`` may put on a field or take back (DC-R22, DC-R23)."""
        moves: list[CycleMove] = []
        rows = _hand_moves(self.hand[seat])[1]
        for colour, field in zip(self.settings.fields, self.fields[seat]):
            if len(field) < FIELD_LIMIT:
                moves += rows[colour]
            if field:
                moves += UNPLACING[field][colour]
        return moves

    def _trades(self, seat: int) -> list[CycleMove]:
        """Answers to offers made to ``seat``, and a few simple offers (any offer can be typed)."""
        partners = self._partners(seat)
        if not partners and not self.offers:
            return []
        moves: list[CycleMove] = []
        for (giver, taker), (give, take) in self.offers.items():
            if taker == seat:
                if self._may_trade(giver) and self._holds(giver, give) and self._holds(seat, take) and giver in partners:
                    moves.append(CycleMove("accept", (giver,)))
                moves.append(CycleMove("decline", (giver,)))
        mine = self.owned(seat) if partners else []
        for partner in partners:
            if self.chi[partner]:
                moves += [SELL_OFFER[partner][k] for k in range(TYPES) if mine[k]]
            if self.chi[seat]:
                theirs = self.owned(partner)
                moves += [BUY_OFFER[partner][k] for k in range(TYPES) if theirs[k]]
        return moves

    def _partners(self, seat: int) -> list[int]:
        """The seats ``seat`` may trade with now (DC-R26)."""
        if not self._may_trade(seat):
            return []
        row = self.row_of(self.pos[seat])
        return [s for s in range(self.players) if s != seat and self._may_trade(s) and self.row_of(self.pos[s]) == row]

    def _may_trade(self, seat: int) -> bool:
        if not self.alive[seat] or self.phase == START:
            return False
        if self.phase == MOVEMENT and seat == self.turn:
            return False
        return self.kinds[self.pos[seat]] < FRINGE and self.kinds[self.pos[seat]] != BLACK

    def owned(self, seat: int) -> list[int]:
        """How many tiles of each Directional type ``seat`` owns, in hand and on its fields."""
        owned = self.hand[seat][:]
        for field in self.fields[seat]:
            for k in field:
                owned[k] += 1
        return owned

    def action_forms(self, seat: int) -> list[ActionForm]:
        """The moves with free parameters ``seat`` may make now: in its own Buying Phase a brake
        plan (DC-R31) and the tiles to keep (DC-R49); and an offer to each trade partner (DC-R26).
        ``apply`` accepts what ``legal_actions`` lists and what these describe, within their bounds."""
        if self._outcome is not None or seat not in self.actors or (self.movement is not None and seat == self.movement.waiting_on):
            return []
        forms: list[ActionForm] = []
        if seat == self.turn:
            if self.phase != BUYING or self.stretch_spent:
                return []
            forms += plan_forms(self.settings.step_cap)
            if self.buying_closed:
                return forms
        elif self._answers_due(seat):
            return []
        return forms + [offer_form(partner) for partner in self._partners(seat)]

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, seat: int, action: CycleMove) -> list[Event]:
        events: list[Event] = []
        movement = self.movement
        if movement is not None and seat == movement.waiting_on:
            self._check_well_formed(action)
            if seat == self.turn and self.stretch_spent and action not in self._listed(seat):
                self._refuse_spent(action)
            self._cache = {}
            movement.answer(self, seat, action, events)  # which checks the answer against its question
            self._count_stretch(seat, action)
            return events
        before = self._cache
        listed = before.get(seat)
        if listed is None:
            listed = self._listed(seat)
        index = -1
        if type(action) is CycleMove:
            try:
                index = listed.index(action)
            except Exception:  # not listed; or a move built by hand whose parts cannot be compared, which is refused next
                pass
        if index < 0 or listed[index] is not action:  # the very object listed is one this module built: well formed
            self._check_well_formed(action)
        if index < 0:
            if seat == self.turn and self.stretch_spent:
                self._refuse_spent(action)
            if action.kind in FREE_KINDS:
                self._check_free(seat, action)  # a typed offer, plan or keep: within its form's bounds?
            else:
                self._refuse(seat, action)
        elif seat == self.turn and self.phase == BUYING:
            quick = self._listed_buying_move(seat, action, before)
            if quick is not None:
                return quick
        # Every legal list and the actors are worked out afresh after a move, but for the parts that a move
        # of the player on turn in its Buying Phase leaves as they were (KEPT_BY).
        self._cache = {}
        kept = KEPT_BY.get(action.kind) if seat == self.turn and self.phase == BUYING else None
        self._carry_out(seat, action, events)
        if kept is not None:
            cache = self._cache
            for part in kept:
                cache[part] = before.get(part)  # None (not worked out) is read as missing
        return events

    @staticmethod
    def _check_well_formed(action: CycleMove) -> None:
        if id(action) not in _PREBUILT and not well_formed(action):
            raise IllegalActionError(f"{action!r} is not a Dream Cycle move: build moves with game.parse_action or take "
                                     "them from legal_actions (a CycleMove of a kind and whole numbers)")

    def _listed_buying_move(self, seat: int, action: CycleMove, before: dict[Any, Any]) -> list[Event] | None:
        """The commonest moves of the player on turn in its Buying Phase (random play's placements, takings
        back, brake plans and aims: four moves in five), carried out when ``legal_actions`` lists them, or
        ``None`` for the other kinds. Being listed is every check their handlers make (a tile in hand and
        room on the field, the tile on the field, another plan, a doldrum token aimed elsewhere and at the
        board), so this does only what the handlers would change, with the same events, and keeps the
        parts of the cache ``KEPT_BY`` names."""
        kind, args = action
        if kind == "place":
            k, colour = args
            fields = self.fields[seat]
            f = self.settings.slot[colour]
            self.hand[seat][k] -= 1
            fields[f] = fields[f] + (k,)
        elif kind == "unplace":
            k, colour = args
            fields = self.fields[seat]
            f = self.settings.slot[colour]
            field = fields[f]
            fields[f] = () if len(field) == 1 else (field[1],) if field[0] == k else (field[0],)  # the first k goes
            self.hand[seat][k] += 1
        elif kind == "plan":
            self.plan[seat] = args
            self.phase_actions += 1
            self._cache = {"actors": before.get("actors"), "supply": before.get("supply"), "trades": before.get("trades")}
            return [PLAN_EVENTS.get((seat, args)) or Event(ev.PLAN_SET, seat, {"plan": owner_only(seat, plan_json(args))})]
        elif kind == "aim":
            self.facing[seat] = args[0]
            self.phase_actions += 1
            self._cache = {"actors": before.get("actors"), "supply": before.get("supply"), "trades": before.get("trades")}
            return [AIM_EVENTS[seat][args[0]]]
        else:
            return None
        self.phase_actions += 1
        self._cache = {"actors": before.get("actors"), "trades": before.get("trades"), "tail": before.get("tail")}
        return [PLACEMENT_EVENTS[kind][seat][k][colour]]

    def _carry_out(self, seat: int, action: CycleMove, events: list[Event]) -> None:
        if self.phase == START:
            self._start(seat, action, events)
        elif seat == self.turn:
            self._buy_phase_action(seat, action, events)
            if seat == self.turn and self.phase == BUYING:
                self.phase_actions += 1  # _count_stretch's case for nearly every move, without its call
            else:
                self._count_stretch(seat, action)
        else:
            self._side_action(seat, action, events)

    def _count_stretch(self, seat: int, action: CycleMove) -> None:
        """Count the turn seat's move into ``phase_actions``: how long its Buying Phase or
        reinterpretation has run (bots grow impatient with it; ``stretch_limit`` ends it)."""
        if seat != self.turn:
            return  # a conflict's decider; or the move ended the turn, and _begin_turn started the count afresh
        if self.phase == BUYING or (self.reinterpreting and action.kind != "reinterpret"):
            self.phase_actions += 1
        else:
            self.phase_actions = 0

    def _refuse_spent(self, action: CycleMove) -> NoReturn:
        what = "Buying Phase" if self.phase == BUYING else "reinterpretation"
        allowed = ", ".join(str(move) for move in self._listed(self.turn))
        raise IllegalActionError(f"{shown(action)!r}: this {what} has had its {self._options['stretch_limit']} moves "
                                 f"(stretch_limit, ours): only ending it is allowed now: {allowed}")

    def _refuse(self, seat: int, action: CycleMove) -> NoReturn:
        """Refuse a move ``legal_actions`` does not list, naming the rule that forbids it: the one
        its handler names when tried on a copy, or else the moves that are allowed."""
        try:
            self.copy()._carry_out(seat, action, [])
        except IllegalActionError:
            raise
        except (IndexError, KeyError, TypeError, ValueError):
            pass  # arguments no notation can write (built by hand)
        listed = self._listed(seat)
        some = ", ".join(str(move) for move in listed[:LISTED_IN_ERRORS]) + (", …" if len(listed) > LISTED_IN_ERRORS else "")
        raise IllegalActionError(f"{shown(action)!r} is not a move {seat_name(seat)} may make now; the legal moves are: {some}")

    def _start(self, seat: int, action: CycleMove, events: list[Event]) -> None:
        if action.kind != "start":
            raise IllegalActionError(f"{seat_name(seat)} must first choose a starting space 1–9 ('start 5') (DC-R3)")
        space = self.geo.start_spaces()[action.args[0]]
        if space in self.pos:
            raise IllegalActionError(f"starting space {action.args[0] + 1} is taken: no two tokens may start alike (DC-R3); "
                                     f"free: {', '.join(str(i + 1) for i, p in enumerate(self.geo.start_spaces()) if p not in self.pos)}")
        self.pos[seat] = space
        self.start_order.pop(0)
        events.append(Event(ev.STARTED, seat, {"space": action.args[0] + 1, "facing": FACINGS[self.facing[seat]]}))
        if self.start_order:
            self.turn = self.start_order[0]
        else:
            self.turn = self.first_player
            self._begin_turn(events)

    def _buy_phase_action(self, seat: int, action: CycleMove, events: list[Event]) -> None:
        kind, args = action
        if self.buying_closed and kind in CLOSED_KINDS:
            raise IllegalActionError("the sand timer has run out: buying, selling, trading and placing have stopped (DC-R47)")
        # The kinds by how often random play and search make them (placements are half of all moves).
        if kind == "place" or kind == "unplace":
            self.place(seat, kind, args[0], args[1], events)
        elif kind == "plan":
            if args == self.plan[seat]:
                raise IllegalActionError(f"your brake plan is already: {plan_text(args)} (DC-R31)")
            self.plan[seat] = args
            # A typed plan that is not in the listed table gets its event made here.
            events.append(PLAN_EVENTS.get((seat, args)) or Event(ev.PLAN_SET, seat, {"plan": owner_only(seat, plan_json(args))}))
        elif kind == "aim":
            if not is_doldrum(self.kinds[self.pos[seat]]):
                raise IllegalActionError("only a token on a doldrum space (black square or fringe) may be aimed (DC-R25)")
            if not self.facing_is_legal(seat, args[0]):
                raise IllegalActionError(f"facing {FACING_NAMES[args[0]]} points away from the Dreamscape: a token must face "
                                         "a square or a fringe space (DC-R25)")
            if args[0] == self.facing[seat]:
                others = [FACINGS[d] for d in range(4) if d != args[0] and self.facing_is_legal(seat, d)]
                raise IllegalActionError(f"the token already faces {FACING_NAMES[args[0]]}; aim it "
                                         f"{' or '.join(others) or 'nowhere else'} (DC-R25)")
            self.facing[seat] = args[0]
            events.append(AIM_EVENTS[seat][args[0]])
        elif kind == "buy" or kind == "sell":
            self._trade_with_supply(seat, kind, args[0], events)
        elif kind == "end":
            self._end_buying(seat, events)
        elif kind == "cash":
            self.cash(seat, args[0], events)
        elif kind == "keep":
            if args == self.keep[seat]:
                raise IllegalActionError(f"you already keep: {keep_text(args)} (DC-R49)")
            self.keep[seat] = args
            events.append(Event(ev.KEEP_SET, seat, {"tiles": owner_only(seat, [INSPIRATION_CODES[k] for k in args])}))
        elif kind == "boost":
            self._boost(seat, args[0], args[1], events)
        elif kind == "unboost":
            f = self.slot_of(args[0])
            if not self.boost[seat][f]:
                raise IllegalActionError(f"there is no boost on {COLOUR_NAMES[args[0]]}")
            self.chi[seat] += self.boost[seat][f]
            self.boost[seat][f] = 0
            events.append(Event(ev.UNBOOSTED, seat, {"field": COLOUR_CODES[args[0]]}))
        elif kind in ("offer", "accept", "decline"):
            self._trade_action(seat, action, events)
        else:
            raise IllegalActionError(f"'{shown(action)}' is not a Buying Phase action; buy, sell, place, boost, aim, plan, offer, "
                                     "accept, cash or end (DC-R1)")

    def _check_free(self, seat: int, action: CycleMove) -> None:
        """A move with free parameters that ``legal_actions`` does not list is within the bounds
        of its form (see :meth:`action_forms`); whether the seat may make it now, its handler says."""
        kind, args = action
        if kind == "plan":
            self._check_plan(args)
        elif kind == "keep":
            if not (isinstance(args, tuple) and all(_whole(k, 0, len(INSPIRATION_CODES) - 1) for k in args)
                    and args == tuple(sorted(set(args)))):
                raise IllegalActionError(f"'keep' names Inspiration kinds ({' '.join(INSPIRATION_CODES)}), or 'keep none' (DC-R49)")
        elif not (len(args) == 3 and _whole(args[0], 0, self.players - 1) and _is_bundle(args[1]) and _is_bundle(args[2])
                  and (args[1] != EMPTY or args[2] != EMPTY)):
            raise IllegalActionError("an offer names a player, what you give and what you ask for: tiles, chi and "
                                     "Inspiration tiles, '-' for nothing ('offer B N 2c for L zip') (DC-R26)")
        elif not (self._exists(args[1]) and self._exists(args[2])):
            # Asking for more than the game has could never be accepted, and its text ('9999…c') could outgrow the notation.
            raise IllegalActionError(f"an offer names at most what the game has: {self._options['chi_supply']} chi, and of each "
                                     "Directional and Inspiration kind its count in the box (DC-R17, DC-R18, DC-R26)")

    def _exists(self, bundle: Bundle) -> bool:
        """Whether the game has that many of every item of ``bundle``."""
        inspiration = inspiration_table(self._options["inspiration_tiles"])
        return (all(bundle[k] <= kind.total for k, kind in enumerate(self.types)) and bundle[CHI_SLOT] <= self._options["chi_supply"]
                and all(n <= inspiration[k] for k, n in enumerate(bundle[CHI_SLOT + 1:])))

    def _check_plan(self, plan: BrakePlan) -> None:
        """A brake plan within its bounds (DC-R31)."""
        kind = plan[0] if plan else None
        cap = self.settings.step_cap
        if kind in ("none", "ask") and len(plan) == 1:
            pass
        elif kind == "row" and len(plan) == 2 and isinstance(plan[1], int):
            if not _whole(plan[1], 1, ROWS):
                raise IllegalActionError(f"plan row {plan[1]}: the Dreamscape has {ROWS} rows; a plan brakes on reaching "
                                         f"row 1–{ROWS} (DC-R31)")
        elif kind == "steps" and len(plan) == 2 and isinstance(plan[1], int):
            if not _whole(plan[1], 1, cap):
                raise IllegalActionError(f"plan steps {plan[1]}: a plan brakes after 1–{cap} arrivals, since {cap} arrivals "
                                         "count as an endless loop (DC-R31, DC-R33)")
        elif not (kind == "on" and len(plan) == 2 and isinstance(plan[1], tuple) and plan[1]
                  and all(_whole(k, 0, len(SQUARE_CODES) - 1) for k in plan[1]) and plan[1] == tuple(sorted(set(plan[1])))):
            raise IllegalActionError(f"a brake plan is 'plan none', 'plan ask', 'plan row K' (K 1–{ROWS}), 'plan steps N' "
                                     f"(N 1–{cap}) or 'plan on' with square codes {' '.join(SQUARE_CODES)} (DC-R31)")

    def _side_action(self, seat: int, action: CycleMove, events: list[Event]) -> None:
        kind, args = action
        due = self._answers_due(seat)
        if due and kind not in ("accept", "decline"):
            raise IllegalActionError(f"answer {seat_name(due[0])}'s offer first: 'accept {seat_name(due[0])}' or "
                                     f"'decline {seat_name(due[0])}' (DC-R27)")
        if kind in ("place", "unplace"):
            self.place(seat, kind, args[0], args[1], events)
        elif kind in ("offer", "accept", "decline"):
            self._trade_action(seat, action, events)
        elif kind == "cash":
            self.cash(seat, args[0], events)
        elif kind in ("buy", "sell", "boost", "unboost"):
            raise IllegalActionError(f"you may {kind} only in your own Buying Phase; out of turn you may reposition, trade "
                                     "and turn in Inspiration tiles (DC-R23, DC-R24)")
        else:
            raise IllegalActionError(f"'{shown(action)}' is not yours to play now; out of turn you may place/unplace tiles, "
                                     "offer/accept trades and cash Inspiration tiles (DC-R27)")

    # -- buying, selling, placing, boosting (DC-R17 – DC-R24) ----------------------------------------
    def _trade_with_supply(self, seat: int, kind: str, k: int, events: list[Event]) -> None:
        tile = self.types[k]
        if kind == "buy":
            if not self.stock[k]:
                raise IllegalActionError(f"no {DIRECTIONAL_NAMES[k]} tile is left in the supply until someone sells one (DC-R21)")
            if self.chi[seat] < tile.buy:
                raise IllegalActionError(f"a {DIRECTIONAL_NAMES[k]} tile costs {tile.buy} chi and you have {self.chi[seat]} (DC-R17)")
            self.stock[k] -= 1
            self.hand[seat][k] += 1
            self.chi[seat] -= tile.buy
            self.supply += tile.buy
            events.append(Event(ev.BOUGHT, seat, {"tile": DIRECTIONAL_CODES[k], "chi": tile.buy}))
        else:
            if not self.hand[seat][k]:
                raise IllegalActionError(f"you have no {DIRECTIONAL_NAMES[k]} tile in your hand to sell (unplace it first)")
            self.stock[k] += 1
            self.hand[seat][k] -= 1
            got = self.give_chi(seat, tile.sell)
            events.append(Event(ev.SOLD, seat, {"tile": DIRECTIONAL_CODES[k], "chi": got}))

    def slot_of(self, colour: int) -> int:
        """The slot of the field of ``colour`` (see ``components.field_slots``); ``IllegalActionError``
        when this game has no field of that colour (DC-R9, option ``field_colours``)."""
        slot = self.settings.slot[colour]
        if slot < 0:
            raise IllegalActionError(f"this game has no {COLOUR_NAMES[colour]} field: its fields are "
                                     f"{' '.join(COLOUR_CODES[c] for c in self.settings.fields)} (field_colours, DC-R9)")
        return slot

    def place(self, seat: int, kind: str, k: int, colour: int, events: list[Event]) -> None:
        if self.phase == MOVEMENT and seat == self.turn and not self.reinterpreting:
            raise IllegalActionError("you may not reposition Directional tiles during your own Movement Phase (DC-R23)")
        f = self.settings.slot[colour]  # slot_of, inline for half of all moves
        if f < 0:
            self.slot_of(colour)  # which refuses: this game has no field of that colour
        field = self.fields[seat][f]
        if kind == "place":
            if not self.hand[seat][k]:
                raise IllegalActionError(f"you have no {DIRECTIONAL_NAMES[k]} tile in your hand to place")
            if len(field) >= FIELD_LIMIT:
                raise IllegalActionError(f"the {COLOUR_NAMES[colour]} field already holds two tiles, the most a field may hold (DC-R22)")
            self.hand[seat][k] -= 1
            self.fields[seat][f] = field + (k,)
        else:
            if k not in field:
                raise IllegalActionError(f"there is no {DIRECTIONAL_NAMES[k]} tile on your {COLOUR_NAMES[colour]} field")
            rest = list(field)
            rest.remove(k)
            self.fields[seat][f] = tuple(rest)
            self.hand[seat][k] += 1
        events.append(PLACEMENT_EVENTS[kind][seat][k][colour])

    def _boost(self, seat: int, colour: int, amount: int, events: list[Event]) -> None:
        f = self.slot_of(colour)
        if len(self.fields[seat][f]) != 1:
            raise IllegalActionError(f"only a field holding exactly one tile can be boosted; {COLOUR_NAMES[colour]} holds "
                                     f"{len(self.fields[seat][f])} (DC-R24)")
        if self.boost[seat][f]:
            raise IllegalActionError(f"{COLOUR_NAMES[colour]} is already boosted; 'unboost {COLOUR_CODES[colour]}' first")
        if self.chi[seat] < amount:
            raise IllegalActionError(f"a boost of {amount} needs {amount} chi and you have {self.chi[seat]} (DC-R24)")
        self.chi[seat] -= amount
        self.boost[seat][f] = amount
        events.append(Event(ev.BOOSTED, seat, {"field": COLOUR_CODES[colour], "chi": amount}))

    def _end_buying(self, seat: int, events: list[Event]) -> None:
        if is_doldrum(self.kinds[self.pos[seat]]) and not self.facing_is_legal(seat, self.facing[seat]):
            legal = [FACINGS[d] for d in range(4) if self.facing_is_legal(seat, d)]
            raise IllegalActionError(f"your token faces away from the Dreamscape: aim it first ({', '.join('aim ' + d for d in legal)}) (DC-R25)")
        if not self.buying_closed:
            self._close_buying(seat, events)
        self.phase = MOVEMENT
        self.movement = Movement(seat, self.settings)
        self.movement.begin(self, events)

    def _close_buying(self, seat: int, events: list[Event]) -> None:
        """Invalid boosts go back to the hand, then chi above 10 goes to the supply (DC-R24, DC-R20)."""
        for f in range(FIELDS):
            if self.boost[seat][f] and len(self.fields[seat][f]) != 1:
                self.chi[seat] += self.boost[seat][f]
                self.boost[seat][f] = 0
        excess = self.chi[seat] - CHI_CAP
        if excess > 0:
            self.chi[seat] = CHI_CAP
            self.supply += excess
            events.append(Event(ev.CAPPED, seat, {"chi": excess, "cap": CHI_CAP}))
        self.buying_closed = True

    # -- trading (DC-R26, DC-R27) -------------------------------------------------------------------
    def _trade_action(self, seat: int, action: CycleMove, events: list[Event]) -> None:
        kind, args = action
        if kind == "offer":
            partner, give, take = args
            self._check_trade(seat, partner)
            if not self._holds(seat, give):
                raise IllegalActionError(f"you do not hold everything you offer ({bundle_text(give)})")
            self.offers[(seat, partner)] = (give, take)
            events.append(Event(ev.OFFERED, seat, {"to": partner, "give": bundle_json(give), "take": bundle_json(take)}))
            return
        giver = args[0]
        if (giver, seat) not in self.offers:
            open_to_you = [seat_name(g) for g, t in self.offers if t == seat]
            raise IllegalActionError(f"{seat_name(giver)} has made you no offer (open offers to you: {', '.join(open_to_you) or 'none'})")
        give, take = self.offers.pop((giver, seat))
        if kind == "decline":
            events.append(Event(ev.DECLINED, seat, {"from": giver}))
            return
        try:
            self._check_trade(seat, giver)
            if not self._holds(giver, give):
                raise IllegalActionError(f"{seat_name(giver)} no longer holds {bundle_text(give)}")
            if not self._holds(seat, take):
                raise IllegalActionError(f"you do not hold {bundle_text(take)}")
        except IllegalActionError:
            self.offers[(giver, seat)] = (give, take)
            raise
        self._transfer(giver, seat, give)
        self._transfer(seat, giver, take)
        events.append(Event(ev.ACCEPTED, seat, {"from": giver, "give": bundle_json(give), "take": bundle_json(take)}))
        for source, bundle in ((giver, give), (seat, take)):
            for k in range(len(INSPIRATION_CODES)):
                if bundle[CHI_SLOT + 1 + k]:
                    self._lapse_offers(source, k, events)

    def _check_trade(self, seat: int, partner: int) -> None:
        if not 0 <= partner < self.players or partner == seat or not self.alive[partner]:
            raise IllegalActionError("trade with another player still in the game")
        for who in (seat, partner):
            if self.phase == MOVEMENT and who == self.turn:
                raise IllegalActionError(f"{seat_name(who)} is in their own Movement Phase and may not trade (DC-R26)")
            if self.kinds[self.pos[who]] >= FRINGE or self.kinds[self.pos[who]] == BLACK:
                raise IllegalActionError(f"{seat_name(who)} is on a doldrum space (or off the board) and may not trade (DC-R26)")
        if self.row_of(self.pos[seat]) != self.row_of(self.pos[partner]):
            raise IllegalActionError(f"{seat_name(partner)} is in row {self.row_of(self.pos[partner])} and you are in row "
                                     f"{self.row_of(self.pos[seat])}: trade only within one row of tiles (DC-R26)")

    def _holds(self, seat: int, bundle: Bundle) -> bool:
        owned = self.owned(seat)
        if any(bundle[k] > owned[k] for k in range(TYPES)) or bundle[CHI_SLOT] > self.chi[seat]:
            return False
        return all(bundle[CHI_SLOT + 1 + k] <= self.insp[seat].count(k) for k in range(len(INSPIRATION_CODES)))

    def _transfer(self, source: int, target: int, bundle: Bundle) -> None:
        for k in range(TYPES):
            for _ in range(bundle[k]):
                if self.hand[source][k]:
                    self.hand[source][k] -= 1
                else:  # taken off a field (DC-R26)
                    f = next(f for f in range(FIELDS) if k in self.fields[source][f])
                    rest = list(self.fields[source][f])
                    rest.remove(k)
                    self.fields[source][f] = tuple(rest)
                self.hand[target][k] += 1
        self.chi[source] -= bundle[CHI_SLOT]
        self.chi[target] += bundle[CHI_SLOT]
        for k in range(len(INSPIRATION_CODES)):
            for _ in range(bundle[CHI_SLOT + 1 + k]):
                self.insp[source].remove(k)
                self.insp[target].append(k)
        self.insp[target].sort()

    # -- chi, Inspiration tiles, payments (DC-R18, DC-R42, DC-R49) -------------------------------------
    def spend(self, seat: int, amount: int) -> None:
        """Chi from the seat's hand to the supply (a brake, DC-R31)."""
        self.chi[seat] -= amount
        self.supply += amount

    def square_effect(self, seat: int, kind: int, events: list[Event]) -> None:
        """Blue gives chi, Inspiration Bonus draws tiles, Psychic Drain costs chi (DC-R14 – DC-R16)."""
        if kind == BLUE:
            got = self.give_chi(seat, self._options["blue_chi"])
            events.append(Event(ev.BLUE_SQUARE, seat, {"chi": got}))
        elif kind == INSPIRE:
            for _ in range(self._options["inspiration_draw"]):
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
                events.append(Event(ev.DREW, seat, {"tile": owner_only(seat, INSPIRATION_CODES[k])}))
        elif kind == DRAIN:
            self.force_pay(seat, self._options["drain_chi"], WARD, None, "drain", events)

    def give_chi(self, seat: int, amount: int) -> int:
        """Chi from the supply, cut to what is there (DC-R18)."""
        paid = min(amount, self.supply)
        self.supply -= paid
        self.chi[seat] += paid
        return paid

    def return_tile(self, seat: int, k: int, events: list[Event]) -> None:
        """An Inspiration tile goes back to the supply, where it may be drawn again (DC-R42). Called
        after the event that gives it up, so that the offers it ends lapse after it in the log."""
        self.insp[seat].remove(k)
        self.insp_supply[k] += 1
        self._lapse_offers(seat, k, events)

    def _lapse_offers(self, seat: int, k: int, events: list[Event]) -> None:
        """``seat`` gave up an Inspiration tile of kind ``k`` (for all to see): its open offers that give
        one lapse, whether or not it holds another. Were they kept while it holds one, the taker's
        ``accept`` (listed or refused) would tell whether it does: a tile it may have drawn face down
        (DC-R43). So an open offer's giver always holds what it gives."""
        for (giver, taker), (give, _) in list(self.offers.items()):
            if giver == seat and give[CHI_SLOT + 1 + k]:
                del self.offers[(giver, taker)]
                events.append(Event(ev.LAPSED, seat, {"to": taker, "tile": INSPIRATION_CODES[k]}))

    def cash(self, seat: int, k: int, events: list[Event]) -> None:
        if k not in self.insp[seat]:
            raise IllegalActionError(f"you hold no {INSPIRATION_NAMES[k]} tile")
        got = self.give_chi(seat, SECOND_WIND_CHI if k == WIND else TURN_IN_CHI)
        if self.movement is not None:
            self.movement.path_changed()  # DC-R32: an Inspiration tile was used
        events.append(Event(ev.CASHED, seat, {"tile": INSPIRATION_CODES[k], "chi": got}))
        self.return_tile(seat, k, events)

    def force_pay(self, seat: int, amount: int, cancel: int, to: int | None, why: Reason, events: list[Event]) -> bool:
        """A payment the rules impose; ``False`` (and the seat is out) when it cannot be covered (DC-R49).

        Wake Gently or Ward (``cancel``) is used if held, unless the player keeps it and can pay
        otherwise; tiles are turned in in the note's order, the kept ones last."""
        held = self.insp[seat]
        kept = self.keep[seat]
        worth = self.chi[seat] + sum(SECOND_WIND_CHI if k == WIND else TURN_IN_CHI for k in held)
        if cancel in held and (cancel not in kept or worth < amount):
            events.append(Event(ev.CANCELLED, seat, {"tile": INSPIRATION_CODES[cancel], "reason": why, "to": to}))
            self.return_tile(seat, cancel, events)
            return True
        if worth < amount:
            self.eliminate(seat, Debt(why, amount, to), events)
            return False
        order = [k for k in TURN_IN_ORDER if k not in kept] + [k for k in TURN_IN_ORDER if k in kept]
        for k in order:
            while self.chi[seat] < amount and k in held:
                self.cash(seat, k, events)
        if self.chi[seat] < amount:  # the supply was short of the turn-in chi: the debt is what it could give
            amount = self.chi[seat]
        self.chi[seat] -= amount
        if to is None:
            self.supply += amount
        else:
            self.chi[to] += amount
        events.append(Event(ev.PAID, seat, {"chi": amount, "reason": why, "to": to}))
        return True

    def eliminate(self, seat: int, debt: Debt, events: list[Event]) -> None:
        """Out of the game: token off, everything back to the supply (DC-R46); last player standing wins."""
        self.alive[seat] = False
        self.pos[seat] = -1
        for k in range(TYPES):
            self.stock[k] += self.hand[seat][k]
            self.hand[seat][k] = 0
        for f in range(FIELDS):
            for k in self.fields[seat][f]:
                self.stock[k] += 1
            self.fields[seat][f] = ()
        for k in self.insp[seat]:
            self.insp_supply[k] += 1
        self.insp[seat] = []
        self.supply += self.chi[seat] + sum(self.boost[seat])
        self.chi[seat] = 0
        self.boost[seat] = [0] * FIELDS
        self.offers = {key: v for key, v in self.offers.items() if seat not in key}
        self.out_reason[seat] = debt
        events.append(Event(ev.OUT, seat, {"chi": debt.chi, "reason": debt.reason, "to": debt.to}))
        living = [s for s in range(self.players) if self.alive[s]]
        if len(living) == 1:
            self.finish(living, "last-standing", events)
        elif not living:
            self.finish([], "all-out", events)

    # -- turns and the end ---------------------------------------------------------------------------
    def _begin_turn(self, events: list[Event]) -> None:
        """Income, then the Buying Phase (DC-R19); the sand timer starts with it (DC-R47)."""
        seat = self.turn
        self.phase = BUYING
        self.buying_closed = False
        self.phase_actions = 0
        got = self.give_chi(seat, INCOME_FIRST if self.turns_taken[seat] == 0 else INCOME)
        events.append(Event(ev.TURN, seat, {"round": self.round, "chi": got}))

    def end_turn(self, events: list[Event]) -> None:
        """Boost chi goes to the supply, offers lapse, passed rows go, the next player begins."""
        seat = self.turn
        self.supply += sum(self.boost[seat])
        self.boost[seat] = [0] * FIELDS
        self.offers = {}
        self.movement = None
        self.turns_taken[seat] += 1
        self._remove_passed_rows(events)
        if self._outcome is not None:
            return
        nxt = seat
        for _ in range(self.players):
            nxt = (nxt + 1) % self.players
            if self.alive[nxt]:
                break
        if nxt == self.first_player or (not self.alive[self.first_player] and nxt <= seat):
            self.round += 1
            if self.round > self._options["round_limit"] > 0:
                best = max(self.geo.y(self.pos[s]) for s in range(self.players) if self.alive[s])
                self.finish([s for s in range(self.players) if self.alive[s] and self.geo.y(self.pos[s]) == best], "round-limit", events)
                return
        self.turn = nxt
        self._begin_turn(events)

    def finish(self, winners: list[int], reason: str, events: list[Event]) -> None:
        """The game ends (DC-R45, the round limit): no Movement Phase goes on after it."""
        self.phase = OVER
        self.movement = None
        details = tuple({"alive": self.alive[s], "row": max(self.row_of(self.pos[s]), 0) if self.alive[s] else None,
                         "out": _debt_json(self.out_reason[s]), "chi": self.chi[s]} for s in range(self.players))
        self._outcome = Outcome(tuple(1.0 if s in winners else 0.0 for s in range(self.players)), tuple(winners), reason, details)
        events.append(Event(ev.GAME_OVER, None, {"reason": reason, "winners": list(winners)}))

    # -- timers (DC-R47) -----------------------------------------------------------------------------
    @property
    def timers(self) -> tuple[Timer, ...]:
        seconds = self._options["buying_timer_seconds"]
        if seconds and self.phase == BUYING and not self.buying_closed and self._outcome is None:
            # Each Buying Phase is a new deadline, so it has a new name (the turn's number): a table arms a
            # timer when it first sees its name, and under one name for all turns the next player, whose
            # phase begins in the same move as the last one's ends, inherited what was left of its time.
            return (Timer(f"buying-{sum(self.turns_taken) + 1}", float(seconds), self.turn),)
        return ()

    def _expire(self, timer: Timer) -> list[Event]:
        self._cache = {}
        events = [Event(ev.TIME_UP, None, {"seat": self.turn})]
        self._close_buying(self.turn, events)
        return events

    # -- the view --------------------------------------------------------------------------------------
    def _view(self) -> dict[str, Any]:
        """The board (``view.schema.json`` describes it): the rows on the board, every seat's token,
        tiles and chi (its Inspiration tiles, brake plan and keeps only to itself), the supply, the
        open offers and the question the game waits on."""
        geo = self.geo
        rows = []
        for row in range(self.rows_removed + 1, self.rows_laid + 1):
            base_x, base_y = 3 * geo.offsets[row - 1], 3 * (row - 1)
            squares = [[SQUARE_CODES[self.kinds[geo.pos(base_x + i, y)]] for i in range(ROW_WIDTH)] for y in range(base_y + 2, base_y - 1, -1)]
            rows.append({"row": row, "phase": (row - 1) % PHASES + 1, "x": base_x, "y": base_y,
                         "tiles": [self.scape.tile_id(p, i) for p, i, _ in self.row_tiles[row - 1]], "squares": squares})
        seats = []
        for s in range(self.players):
            power = self.insp[s].count(POWER)
            seats.append({
                "alive": self.alive[s], "out": _debt_json(self.out_reason[s]),
                "token": None if self.pos[s] < 0 else {**self.spot(self.pos[s]), "facing": FACINGS[self.facing[s]]},
                "chi": self.chi[s],
                "hand": {DIRECTIONAL_CODES[k]: n for k, n in enumerate(self.hand[s]) if n},
                "fields": {COLOUR_CODES[c]: [DIRECTIONAL_CODES[k] for k in self.fields[s][f]] for f, c in enumerate(self.settings.fields)},
                "boosts": {COLOUR_CODES[c]: b for c, b in zip(self.settings.fields, self.boost[s]) if b},
                "inspiration": owner_only(s, [INSPIRATION_CODES[k] for k in self.insp[s]], len(self.insp[s])),
                "power": power if self._options["power_public"] else owner_only(s, power, None),
                "plan": owner_only(s, plan_json(self.plan[s]), None),
                "keep": owner_only(s, [INSPIRATION_CODES[k] for k in self.keep[s]], None),
            })
        return {
            "phase": self.phase, "on_turn": self.turn, "round": self.round, "first_player": self.first_player,
            "rows": rows, "rows_laid": self.rows_laid, "rows_left": ROWS - self.rows_laid, "rows_removed": self.rows_removed,
            "seats": seats, "chi_supply": self.supply, "inspiration_supply": sum(self.insp_supply),
            "stock": {DIRECTIONAL_CODES[k]: n for k, n in enumerate(self.stock)},
            "prices": {DIRECTIONAL_CODES[k]: [t.buy, t.sell] for k, t in enumerate(self.types)},
            "offers": [{"from": g, "to": t, "give": bundle_json(give), "take": bundle_json(take)}
                       for (g, t), (give, take) in self.offers.items()],
            "pending": self._pending(), "reinterpreting": self.reinterpreting,
            "start_spaces": [i + 1 for i, p in enumerate(geo.start_spaces()) if p not in self.pos] if self.phase == START else [],
        }

    def _pending(self) -> dict[str, Any] | None:
        """The question the movement waits on: its kind and the seat that answers it.

        The answers to a pause (``wake``) and to a question after a Block (``zip``) name what the mover
        holds face down, so the others see both as the kind ``deciding`` (DC-R43). A choice of ways is
        shown to them as ``deciding`` too: a pause of a ``plan ask`` is followed, with no event between,
        by the choice of ways on the same square, so a ``choose`` where the others could expect one
        would tell them whether a pause came first, that is the mover's private brake plan (DC-R43).
        Whether a Block's question is asked at all depends only on what everyone sees (see
        ``Movement._after_block``). A conflict and a reinterpretation are shown as they are: they follow
        from what everyone sees and from public events (a conflict, a Reinterpretation used)."""
        movement = self.movement
        if movement is None or movement.question is None:
            return None
        kind: Any = movement.question.kind
        if kind in PRIVATE_QUESTIONS:
            kind = owner_only(movement.mover, kind, DECIDING)
        return {"kind": kind, "seat": self.deciding_seat()}

    # -- the prompts ---------------------------------------------------------------------------------
    def _ask(self, seat: int) -> dict[str, Any] | None:
        """What the game asks ``seat`` (an actor), as a kind and its fields (see :mod:`.prompts`). The
        mover's own questions name what it holds; everyone else is told only what all may know (DC-R43)."""
        return ask(self, seat)

    def check_invariants(self) -> None:
        """Conservation of chi and tiles; no token beyond the fringe; the step cap holds (DC-R33)."""
        boosts = sum(sum(b) for b in self.boost)
        assert self.supply + sum(self.chi) + boosts == self._options["chi_supply"], "chi is not conserved"
        for k, t in enumerate(self.types):
            held = sum(h[k] for h in self.hand) + sum(f.count(k) for fs in self.fields for f in fs)
            assert self.stock[k] + held == t.total, f"{DIRECTIONAL_CODES[k]} tiles are not conserved"
        total = inspiration_table(self._options["inspiration_tiles"])
        for k in range(len(total)):
            assert self.insp_supply[k] + sum(i.count(k) for i in self.insp) == total[k], "Inspiration tiles are not conserved"
        assert all(len(f) <= FIELD_LIMIT for fs in self.fields for f in fs), "a field holds more than two tiles"
        assert self.movement is None or self.movement.arrivals <= self.settings.step_cap, "a movement ran past the step cap"
        for s in range(self.players):
            if self.alive[s] and self.phase != START:
                assert self.kinds[self.pos[s]] != BEYOND, f"{seat_name(s)} stands beyond the fringe"
                assert self.chi[s] >= 0


def keep_text(keep: tuple[int, ...]) -> str:
    """The tiles a player keeps from forced payments, in words."""
    return keep_words([INSPIRATION_CODES[k] for k in keep])


@lru_cache(maxsize=1024)
def plan_json(plan: BrakePlan) -> dict[str, Any]:
    """A brake plan as the board and the ``plan`` event give it: ``{"kind": "none"}``, ``{"kind":
    "ask"}``, ``{"kind": "row", "row": 4}``, ``{"kind": "steps", "steps": 3}`` or ``{"kind": "on",
    "squares": ["BL", "YI"]}``. Shared between calls: never change what it returns."""
    kind = plan[0]
    if kind == "row":
        return {"kind": "row", "row": plan[1]}
    if kind == "steps":
        return {"kind": "steps", "steps": plan[1]}
    if kind == "on":
        return {"kind": "on", "squares": [SQUARE_CODES[s] for s in plan[1]]}
    return {"kind": kind}


def plan_text(plan: BrakePlan) -> str:
    """The brake plan in words."""
    return plan_words(plan_json(plan))


def _debt_json(debt: Debt | None) -> dict[str, Any] | None:
    return None if debt is None else debt.to_json()


PLAN_LABEL = "Set a brake plan"
"""The label of every brake plan's form (its template tells which plan): one label, one catalogue key ``form.plan``."""


def plan_forms(step_cap: int) -> list[ActionForm]:
    """The brake plans and keeps a player may type in their own Buying Phase (DC-R31, DC-R49)."""
    return [
        ActionForm("plan", PLAN_LABEL, "plan row {row}",
                   (Param("row", "int", f"the row, 1–{ROWS}", low=1, high=ROWS),)),
        ActionForm("plan", PLAN_LABEL, "plan steps {steps}",
                   (Param("steps", "int", f"arrivals, 1–{step_cap} (the step cap)", low=1, high=step_cap),)),
        ActionForm("plan", PLAN_LABEL, "plan on {squares}",
                   (Param("squares", "choices", "one or more square codes", choices=SQUARE_CODES, high=len(SQUARE_CODES)),)),
        ActionForm("keep", "Inspiration tiles forced payments spend last", "keep {tiles}",
                   (Param("tiles", "choices", "one or more Inspiration kinds ('keep none' is listed when it applies)",
                          choices=INSPIRATION_CODES, high=len(INSPIRATION_CODES)),)),
    ]


_ITEM = f"(?:[{''.join(DIRECTIONAL_CODES)}]|[1-9][0-9]{{0,{MAX_DIGITS - 1}}}c|{'|'.join(INSPIRATION_CODES)})"
BUNDLE_PATTERN = f"(?ai)-|{_ITEM}(?: {_ITEM})*"
"""A side of an offer in the notation: tile letters, chi as ``2c``, Inspiration kinds, or ``-``."""


def offer_form(partner: int) -> ActionForm:
    """An offer to ``partner``: what you give for what you ask (DC-R26)."""
    bundle = "tile letters {}, chi as 2c, Inspiration tiles {}; - for nothing".format(
        " ".join(DIRECTIONAL_CODES), " ".join(INSPIRATION_CODES))
    return ActionForm("offer", "Offer a trade", f"offer {seat_name(partner)} {{give}} for {{take}}",
                      (Param("give", "text", f"what you give: {bundle}", max_length=80, pattern=BUNDLE_PATTERN),
                       Param("take", "text", f"what you ask for: {bundle}", max_length=80, pattern=BUNDLE_PATTERN)))


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _is_bundle(value: Any) -> bool:
    return (isinstance(value, tuple) and len(value) == len(EMPTY)
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value))


def _closing(moves: list[CycleMove]) -> list[CycleMove]:
    """Of a spent stretch's moves (``stretch_limit``), those that end it: ``end`` or ``done``; or,
    while the token faces away from the Dreamscape and may not end yet, its aims (DC-R25)."""
    ending = [move for move in moves if move.kind in ("end", "done")]
    return ending or [move for move in moves if move.kind == "aim"]


__all__ = ["BUNDLE_PATTERN", "CycleState", "keep_text", "offer_form", "plan_forms", "plan_text"]


# The events of the commonest moves, built once like the moves themselves (an Event is never changed once
# made): placing and taking back a tile (half of all moves) by kind, seat, type and colour; the listed brake
# plans by seat and plan; aims by seat and facing.
PLACEMENT_EVENTS = {
    kind: tuple(tuple(tuple(Event(ev.PLACED if kind == "place" else ev.UNPLACED, seat,
                                  {"tile": DIRECTIONAL_CODES[k], "field": COLOUR_CODES[colour]}) for colour in range(COLOURS))
                      for k in range(TYPES)) for seat in range(MAX_PLAYERS))
    for kind in ("place", "unplace")}
PLAN_EVENTS = {(seat, move.args): Event(ev.PLAN_SET, seat, {"plan": owner_only(seat, plan_json(move.args))})
               for seat in range(MAX_PLAYERS) for move in (PLAN_NONE, PLAN_ASK, PLAN_STEPS, *PLAN_ROW.values())}
AIM_EVENTS = tuple(tuple(Event(ev.AIMED, seat, {"facing": FACINGS[d]}) for d in range(4)) for seat in range(MAX_PLAYERS))
