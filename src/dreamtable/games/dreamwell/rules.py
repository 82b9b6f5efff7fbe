"""The rules of Dreamwell: the board of tiles and doors, three actions a turn, friend cards and
their abilities, the end and the scoring. Each rule is marked with its ``DW-R*`` resolution.

Cells are 0–15 (``row * 4 + column``; row 0 is the south row ``1``, column 0 is ``a``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import Any

from ...core.contract import Game, Outcome, TurnBasedState, seat_from_name
from ...core.errors import IllegalActionError
from ...core.rng import Rng, reseeded, shuffle_with
from ...core.visibility import Event, owner_only
from . import events as ev
from .components import CREATURES, DIRECTIONS, FRIEND_CARDS, Friend, ITEM_CODES, STEP, TERRAIN_ITEM, TERRAINS, TILES
from .notation import (
    CELL_NAMES, DISCARD, DRAW, END, ENTER, FLIP, MOVE, MOVETO, PLAY, REFRESH, ROTATE, SKIP, STOP, TAKE, WellMove, cell_name,
)
from .prompts import PENDING_KINDS
from .scoring import score_seat

ACTIONS_PER_TURN = 3
HAND_LIMIT = 4
DISPLAY_SIZE = 4
OFF = -1  # a pawn off the board
CELL_BIT = (*(1 << cell for cell in range(16)), 0)
"""A cell's bit in a set of cells; ``CELL_BIT[OFF]`` (the last) is none: a pawn off the board is on no cell."""
EDGE_CELLS = tuple(cell for cell in range(16) if cell % 4 in (0, 3) or cell // 4 in (0, 3))
ALL_SEATS = 0b1111


@lru_cache(maxsize=None)
def rotated(doors: int, quarter_turns: int) -> int:
    """A door set turned clockwise: each quarter turn moves every door two of eight steps (DW-R3)."""
    shift = 2 * (quarter_turns % 4)
    return ((doors << shift) | (doors >> (8 - shift))) & 0xFF


def neighbour(cell: int, direction: int) -> int:
    """The cell a door leads to, or ``OFF`` past the edge of the board (DW-R2, DW-R12)."""
    column, row = cell % 4 + STEP[direction][0], cell // 4 + STEP[direction][1]
    return row * 4 + column if 0 <= column < 4 and 0 <= row < 4 else OFF


NEIGHBOURS = tuple(tuple(neighbour(cell, d) for d in range(8)) for cell in range(16))
DOORS_OF = tuple(tuple(rotated(tile.doors, turns) for turns in range(4)) for tile in TILES)
"""``DOORS_OF[tile][quarter turns]``: the tile's doors as placed."""
ITEMS_OF = tuple(tuple((1 << creature) | (1 << (TERRAIN_ITEM + terrain)) for creature, terrain in tile.faces)
                 for tile in TILES)
"""``ITEMS_OF[tile][face]``: the creature and terrain the tile shows, as an item bit set."""

# Every action value built once (move generation is the hot path of random play and search).
ROTATE_MOVES = tuple(tuple(WellMove(ROTATE, cell, turns) for turns in (1, 2, 3)) for cell in range(16))
FLIP_MOVES = tuple(WellMove(FLIP, cell) for cell in range(16))
STEP_MOVES = tuple(tuple(WellMove(MOVE, pawn, d) for d in range(8)) for pawn in (0, 1))
ENTER_MOVES = tuple(tuple(WellMove(ENTER, pawn, cell) for cell in EDGE_CELLS) for pawn in (0, 1))
PLAY_MOVES = tuple(WellMove(PLAY, card) for card in range(len(FRIEND_CARDS)))
TAKE_MOVES = tuple(WellMove(TAKE, card) for card in range(len(FRIEND_CARDS)))
DRAW_MOVE, REFRESH_MOVE, STOP_MOVE, SKIP_MOVE, END_MOVE = (WellMove(k) for k in (DRAW, REFRESH, STOP, SKIP, END))
STEPS_THROUGH = tuple(tuple(tuple(STEP_MOVES[pawn][d] for d in range(8) if doors >> d & 1) for doors in range(256))
                      for pawn in (0, 1))
"""``STEPS_THROUGH[pawn][doors]``: the pawn's steps through each door of a door set."""
BASIC_DECK = tuple(index for index, card in enumerate(FRIEND_CARDS) if not card.black)
ADVANCED_DECK = tuple(range(len(FRIEND_CARDS)))  # DW-R5: the black cards join in the advanced game


@lru_cache(maxsize=4096)
def _rotations(cells: int) -> tuple[WellMove, ...]:
    """Every rotation of the cells of a bit set, cell by cell (DW-R9)."""
    return tuple(move for cell in range(16) if cells >> cell & 1 for move in ROTATE_MOVES[cell])


@lru_cache(maxsize=4096)
def _flips(cells: int) -> tuple[WellMove, ...]:
    """The flip of each cell of a bit set (DW-R22)."""
    return tuple(FLIP_MOVES[cell] for cell in range(16) if cells >> cell & 1)


def meets(card: int, first: int, second: int, located: int) -> bool:
    """Whether pawns on tiles showing the items ``first`` and ``second`` (bit sets), with the items
    ``located``, meet the card's requirements (DW-R15): each pawn one creature, the terrain under either."""
    friend = FRIEND_CARDS[card]
    needed = [c for c in friend.creatures if not located >> c & 1]
    terrain = 1 << (TERRAIN_ITEM + friend.terrain)
    terrain_needed = not located & terrain
    if len(needed) == 2:
        a, b = 1 << needed[0], 1 << needed[1]
        for one, other in ((first, second), (second, first)):
            if one & a and other & b and (not terrain_needed or (one | other) & terrain):
                return True
        return False
    either = first | second
    if len(needed) == 1 and not either & (1 << needed[0]):
        return False
    return not terrain_needed or bool(either & terrain)


_PLAYABLE: dict[tuple[int, int, int], int] = {}
_PLAYABLE_FROM: tuple[Friend, ...] = FRIEND_CARDS  # the card table _PLAYABLE was worked out from


def playable(first: int, second: int, located: int) -> int:
    """The cards (a bit set of card indices) that pawns on ``first`` and ``second`` with ``located`` may play:
    :func:`meets` for every card at once, remembered (a board shows 32 item pairs, so few keys recur)."""
    global _PLAYABLE_FROM
    if _PLAYABLE_FROM is not FRIEND_CARDS:  # another card table (the rule tests add fixture cards)
        _PLAYABLE.clear()
        _PLAYABLE_FROM = FRIEND_CARDS
    key = (first, second, located)
    cards = _PLAYABLE.get(key)
    if cards is None:
        if len(_PLAYABLE) >= 65_536:
            _PLAYABLE.clear()
        cards = _PLAYABLE[key] = _all_met(first, second, located)
    return cards


def _all_met(first: int, second: int, located: int) -> int:
    """:func:`meets` for every card, as a bit set, from each card's requirements as bits (``_REQUIRED``):
    a card is met when its terrain is under a pawn or located, and each creature it needs that is not
    located is on a pawn's tile, two needed ones on the two different pawns (DW-R15)."""
    if _REQUIRED_FROM[0] is not FRIEND_CARDS:
        _REQUIRED[:] = [(1 << f.creatures[0], 1 << f.creatures[1], 1 << (TERRAIN_ITEM + f.terrain)) for f in FRIEND_CARDS]
        _REQUIRED_FROM[0] = FRIEND_CARDS
    either = first | second
    cards = 0
    for card, (one, other, terrain) in enumerate(_REQUIRED):
        if not (located & terrain or either & terrain):
            continue
        if located & one:
            if located & other or either & other:
                cards |= 1 << card
        elif located & other:
            if either & one:
                cards |= 1 << card
        elif (first & one and second & other) or (second & one and first & other):
            cards |= 1 << card
    return cards


_REQUIRED: list[tuple[int, int, int]] = []
"""Per card of ``_REQUIRED_FROM``: its two creatures and its terrain as item bits (see :func:`_all_met`)."""
_REQUIRED_FROM: list[Any] = [None]


class WellState(TurnBasedState[WellMove]):
    """One match of Dreamwell (basic or advanced)."""

    __slots__ = (
        "tiles", "rotation", "face", "pawns", "hands", "deck", "deck_seen", "display", "played",
        "located", "lasting", "free_available", "actions_left", "pending", "continuing", "steps",
        "discarding", "first_player", "end_triggered", "threshold", "known", "advanced", "_legal", "_board",
        "_dealt",
    )

    tiles: list[int]  # tile number on each cell
    rotation: list[int]  # quarter turns clockwise, per cell
    face: list[int]  # 0 white, 1 black, per cell
    pawns: list[list[int]]  # per seat, two cells (OFF when off the board)
    hands: list[list[int]]
    deck: list[int]  # top card last
    deck_seen: list[int]  # per deck position, the seats that know which card lies there (bit set)
    display: list[int]  # four slots, -1 for a gap
    played: list[list[int]]
    located: list[int]  # per seat, items located for the next card (bit set, DW-R15)
    lasting: list[int]  # per seat, the each-turn free action: -1 none, 0 rotate, 1 flip (DW-R17)
    free_available: bool
    actions_left: int
    pending: tuple[str, int] | None  # an immediate ability waiting for its use (DW-R16, DW-R17)
    continuing: int  # the pawn that may keep moving for free, or -1 (DW-R10, DW-R11)
    steps: int
    discarding: bool
    first_player: int
    end_triggered: bool
    threshold: int
    known: list[list[int]]  # known[p * n + q]: cards p knows are in q's hand (for determinize)
    advanced: bool
    _legal: tuple[int, list[WellMove]] | None  # the last legal list, reused by apply's check
    # (rotation, face, tiles, shows, doors) when board() last worked the board out; copies share it
    _board: tuple[list[int], list[int], list[int], tuple[int, ...], tuple[int, ...]] | None
    # (seat, deck, deck_seen, hands, known, answer) when _unseen() last worked it out; copies share it
    _dealt: tuple[int, list[int], list[int], list[list[int]], list[list[int]],
                  tuple[list[int] | None, list[list[int]], list[int]]] | None

    # -- setup (DW-R5) ---------------------------------------------------------------------
    @classmethod
    def setup(cls, game: Game[WellMove], players: int, seed: int, options: dict[str, Any]) -> "WellState":
        """Lay the 16 tiles at random, deal two cards each and a display of four."""
        state = cls.__new__(cls)
        state._init_base(game, players, seed, options)
        rng = state.rng
        state.advanced = options["mode"] == "advanced"
        state.tiles = list(range(16))
        rng.shuffle(state.tiles)
        state.rotation = [rng.randrange(4) for _ in range(16)]
        state.face = [0] * 16
        if state.advanced:
            black = list(range(16))
            rng.shuffle(black)
            for cell in black[:8]:
                state.face[cell] = 1
        deck = list(ADVANCED_DECK if state.advanced else BASIC_DECK)
        rng.shuffle(deck)
        state.deck = deck
        state.deck_seen = [0] * len(deck)
        state.hands = [[] for _ in range(players)]
        for _ in range(2):
            for seat in range(players):
                state.hands[seat].append(state._pop_deck())
        state.display = [state._pop_deck() for _ in range(DISPLAY_SIZE)]
        state.pawns = [[OFF, OFF] for _ in range(players)]
        state.played = [[] for _ in range(players)]
        state.located = [0] * players
        state.lasting = [-1] * players
        first = options["first_player"]
        state.first_player = rng.randrange(players) if first == "random" else seat_from_name(first)
        state.turn = state.first_player
        state.actions_left = ACTIONS_PER_TURN
        state.free_available = False
        state.pending = None
        state.continuing = -1
        state.steps = 0
        state.discarding = False
        state.end_triggered = False
        state.threshold = 10 if state.advanced else 7
        state.known = [[] for _ in range(players * players)]
        state._outcome = None
        state._legal = None
        state._board = None
        state._dealt = None
        state._log = (None, Event(ev.SETUP, None, {"first": state.turn}))
        return state

    def copy(self) -> "WellState":
        """An independent copy."""
        twin = WellState.__new__(WellState)
        self._copy_base_into(twin)
        twin.tiles = self.tiles[:]
        twin.rotation = self.rotation[:]
        twin.face = self.face[:]
        twin.pawns = [p[:] for p in self.pawns]
        twin.hands = [h[:] for h in self.hands]
        twin.deck = self.deck[:]
        twin.deck_seen = self.deck_seen[:]
        twin.display = self.display[:]
        twin.played = [p[:] for p in self.played]
        twin.located = self.located[:]
        twin.lasting = self.lasting[:]
        twin.free_available = self.free_available
        twin.actions_left = self.actions_left
        twin.pending = self.pending
        twin.continuing = self.continuing
        twin.steps = self.steps
        twin.discarding = self.discarding
        twin.first_player = self.first_player
        twin.turn = self.turn
        twin.end_triggered = self.end_triggered
        twin.threshold = self.threshold
        twin.known = [k[:] for k in self.known]
        twin.advanced = self.advanced
        twin._outcome = self._outcome and self._outcome.owned()  # details of its own (None while playing)
        twin._legal = self._legal  # the list is never changed, only replaced (legal_actions hands out copies)
        twin._board = self._board  # never changed, only replaced
        twin._dealt = self._dealt  # never changed, only replaced
        return twin

    def determinize(self, seat: int, rng: Rng | Any) -> "WellState":
        """Re-deal what ``seat`` cannot see: the other hands (but cards it saw go in) and the deck
        positions it does not know (DW-R24)."""
        n = self.players
        twin = self.copy()
        places, kept, unseen = self._unseen(seat)
        pool = unseen[:]
        for other in range(n):
            if other != seat:
                twin.hands[other] = kept[other][:]
        shuffle_with(pool, rng)
        for other in range(n):
            if other != seat:
                while len(twin.hands[other]) < len(self.hands[other]):
                    twin.hands[other].append(pool.pop())
        # Each unknown place, from the bottom up, takes the pool's last card in turn.
        if places is None:
            pool.reverse()
            twin.deck = pool
        else:
            for place in places:
                twin.deck[place] = pool.pop()
        if twin._legal is not None and twin._legal[0] != seat:
            twin._legal = None  # another seat's list depends on its hand, dealt anew
        twin.rng = reseeded(rng)
        return twin

    def _unseen(self, seat: int) -> tuple[list[int] | None, list[list[int]], list[int]]:
        """What :meth:`determinize` deals anew for ``seat`` (callers must not change it): the deck
        places whose card it does not know (``None``: all of them, the usual case), per seat the
        cards of its hand that ``seat`` saw go there (its own hand whole), and every card it cannot
        place, sorted.

        Search deals thousands of worlds from one state, so the answer is kept while the cards
        and what the seat knows of them stay as they were.
        """
        dealt = self._dealt
        if (dealt is not None and dealt[0] == seat and dealt[1] == self.deck and dealt[2] == self.deck_seen
                and dealt[3] == self.hands and dealt[4] == self.known):
            return dealt[5]
        n = self.players
        bit = 1 << seat
        unknown = [not seen & bit for seen in self.deck_seen]  # per deck place: the seat does not know its card
        unseen_deck = all(unknown)
        pool = self.deck[:] if unseen_deck else list(compress(self.deck, unknown))
        kept: list[list[int]] = []
        for other in range(n):
            hand = self.hands[other]
            kept.append(hand[:] if other == seat else [card for card in hand if card in self.known[seat * n + other]])
            pool.extend(card for card in hand if card not in kept[other])
        pool.sort()
        places = None if unseen_deck else list(compress(range(len(self.deck)), unknown))
        answer = (places, kept, pool)
        self._dealt = (seat, self.deck[:], self.deck_seen[:], [hand[:] for hand in self.hands],
                       [cards[:] for cards in self.known], answer)
        return answer

    # -- the board ---------------------------------------------------------------------------
    def doors(self, cell: int) -> int:
        """The doors of the tile on ``cell`` as placed now (a bit set of directions)."""
        return DOORS_OF[self.tiles[cell]][self.rotation[cell] % 4]

    def board(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per cell, the items shown (as :meth:`items_at`) and the doors (as :meth:`doors`): worked out
        again only when a tile was turned, flipped or laid anew (search evaluates many states of one board)."""
        known = self._board
        tiles, face = self.tiles, self.face
        if known is not None and known[1] == face and known[2] == tiles:
            if known[0] == self.rotation:
                return known[3], known[4]
            # Only tiles were turned (most moves of a search): the same items show, and the same
            # tuple lets the evaluation's memos find this board by identity first.
            kept_face, kept_tiles, shows = known[1], known[2], known[3]
        else:
            kept_face, kept_tiles = face[:], tiles[:]
            shows = tuple([ITEMS_OF[tile][side] for tile, side in zip(tiles, face)])
        doors = tuple([DOORS_OF[tile][turns % 4] for tile, turns in zip(tiles, self.rotation)])
        self._board = (self.rotation[:], kept_face, kept_tiles, shows, doors)
        return shows, doors

    def shows(self, cell: int) -> tuple[int, int]:
        """(creature, terrain) showing on a cell."""
        return TILES[self.tiles[cell]].faces[self.face[cell]]

    def items_at(self, cell: int) -> int:
        """The creature and terrain of a cell as an item bit set (nothing off the board)."""
        return 0 if cell == OFF else ITEMS_OF[self.tiles[cell]][self.face[cell]]

    def _occupancy(self) -> list[int]:
        """Per cell, the bit set of seats with a pawn there (DW-R14: any number may share it)."""
        occupied = [0] * 16
        for seat, pawns in enumerate(self.pawns):
            for cell in pawns:
                if cell != OFF:
                    occupied[cell] |= 1 << seat
        return occupied

    # -- requirements (DW-R15) -------------------------------------------------------------
    def can_play(self, seat: int, card: int, located: int | None = None) -> bool:
        """Whether the seat's pawns (and what is LOCATED, or ``located`` if given) meet the card's requirements."""
        return bool(self.playable_cards(seat, located) >> card & 1)

    def playable_cards(self, seat: int, located: int | None = None) -> int:
        """The cards whose requirements the seat's pawns (and LOCATED, or ``located``) meet, as a bit set."""
        first, second = self.pawns[seat]
        return playable(self.items_at(first), self.items_at(second), self.located[seat] if located is None else located)

    # -- legal actions -----------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[WellMove]:
        """Every legal action of ``seat`` now."""
        return list(self._listed(seat))

    def _listed(self, seat: int) -> list[WellMove]:
        """The legal list, generated once until the state changes (callers must not change it)."""
        if self._outcome is not None or seat != self.turn:
            return []
        if self._legal is not None and self._legal[0] == seat:
            return self._legal[1]
        moves = self._generate(seat)
        self._legal = (seat, moves)
        return moves

    def _generate(self, seat: int) -> list[WellMove]:
        if self.discarding:
            return [WellMove(DISCARD, card) for card in sorted(self.hands[seat])]
        if self.pending is not None:
            return self._ability_choices(seat) + [SKIP_MOVE]
        moves: list[WellMove] = []
        if self.continuing >= 0:
            pawn = self.continuing
            moves += STEPS_THROUGH[pawn][self.doors(self.pawns[seat][pawn])]
            moves.append(STOP_MOVE)
        if self.actions_left > 0:
            moves += self._draw_moves()
            if self.deck or max(self.display) >= 0:  # a card to show (gaps are -1)
                moves.append(REFRESH_MOVE)
            open_cells = self._open_cells(seat)
            moves += _rotations(open_cells)
            if self.advanced:
                moves += _flips(open_cells)
            hand = self.hands[seat]
            if hand:
                cards = self.playable_cards(seat)
                moves += [PLAY_MOVES[card] for card in sorted(hand) if cards >> card & 1]
            moves += self._move_moves(seat, skip=self.continuing)
        elif self.free_available:
            moves += self._rotate_moves(seat) if self.lasting[seat] == 0 else self._flip_moves(seat)
        if self.actions_left == 0 or not self._options["must_use_all_actions"]:
            moves.append(END_MOVE)
        return moves

    def _draw_moves(self) -> list[WellMove]:
        moves = [DRAW_MOVE] if self.deck else []
        return moves + [TAKE_MOVES[card] for card in self.display if card >= 0]

    def _open_cells(self, seat: int) -> int:
        """The cells (a bit set) without another seat's pawn, or with one of the seat's own."""
        bit = CELL_BIT
        others = 0
        for other, (first, second) in enumerate(self.pawns):
            if other != seat:
                others |= bit[first] | bit[second]
        first, second = self.pawns[seat]
        return 0xFFFF & ~(others & ~(bit[first] | bit[second]))

    def _rotate_moves(self, seat: int) -> list[WellMove]:
        """DW-R9: an empty tile, or one where the seat has a pawn (opponents there or not)."""
        return list(_rotations(self._open_cells(seat)))

    def _flip_moves(self, seat: int) -> list[WellMove]:
        """DW-R22: a tile the seat occupies, or one nobody else occupies."""
        return list(_flips(self._open_cells(seat)))

    def _move_moves(self, seat: int, skip: int = -1) -> list[WellMove]:
        """DW-R10 to DW-R12: through a door of the pawn's tile, or onto an edge tile from off the board."""
        moves: list[WellMove] = []
        for pawn, cell in enumerate(self.pawns[seat]):
            if pawn == skip:
                continue
            moves += ENTER_MOVES[pawn] if cell == OFF else STEPS_THROUGH[pawn][self.doors(cell)]
        return moves

    def _ability_choices(self, seat: int) -> list[WellMove]:
        """The uses of the immediate ability being resolved (DW-R17)."""
        assert self.pending is not None
        kind, item = self.pending
        if kind == "move_to":
            cells = [cell for cell in range(16) if self.items_at(cell) >> item & 1]
            return [WellMove(MOVETO, pawn, cell) for pawn in (0, 1) for cell in cells if self.pawns[seat][pawn] != cell]
        if kind == "flip_any":
            return [WellMove(FLIP, cell) for cell in range(16) if self.items_at(cell) >> item & 1]
        if kind == "draw_action":
            return self._draw_moves()
        if kind == "move_action":
            return self._move_moves(seat)
        return self._rotate_moves(seat)

    def why_illegal(self, seat: int, move: Any) -> str | None:
        """``None`` when legal, otherwise the reason, naming the rule."""
        if not isinstance(move, WellMove):
            return f"{move!r} is not a Dreamwell action; read one with game.parse_action (e.g. 'draw')"
        kind, a, b = move
        if type(kind) is not int or type(a) is not int or type(b) is not int:
            # True == 1 and 1.0 == 1, so a crafted move would pass for a listed one and be recorded as it.
            return f"{move!r} is malformed: kind, a and b are whole numbers; read actions with game.parse_action"
        if move in self._listed(seat):
            return None
        try:
            return self._why_not(seat, move)
        except (IndexError, KeyError, ValueError):  # crafted numbers naming no card, cell or direction (a negative shift)
            return (f"{move!r} names no action of this game: kind 0–{DISCARD}, then a card, cell, pawn, "
                    "direction or quarter turns in range; read actions with game.parse_action")

    def _why_not(self, seat: int, move: WellMove) -> str:
        """Why a well-formed move that is not legal now is refused, naming the rule."""
        kind = move.kind
        if self.discarding:
            return f"you hold {len(self.hands[seat])} cards: discard down to {HAND_LIMIT} first (DW-R18)"
        if self.pending is not None:
            return f"first use or skip the ability {self.pending[0].replace('_', ' ')} (DW-R16)"
        if kind == PLAY:
            if move.a not in self.hands[seat]:
                return f"you do not hold {FRIEND_CARDS[move.a].id}"
            if self.actions_left == 0:
                return f"you have used your {ACTIONS_PER_TURN} actions this turn (DW-R6)"
            return f"{FRIEND_CARDS[move.a].id}'s creatures and terrain are not under your pawns (DW-R15)"
        if kind == ROTATE and 0 <= move.a < 16 and self._occupancy()[move.a] & ~(1 << seat):
            return f"tile {cell_name(move.a)} has an opponent's pawn and none of yours: it cannot be rotated (DW-R9)"
        if kind == FLIP and not self.advanced:
            return "flipping a tile is an action of the advanced game only (DW-R22)"
        if kind == FLIP and 0 <= move.a < 16:
            return f"tile {cell_name(move.a)} is occupied by another player and not by you (DW-R22)"
        if kind == MOVE and 0 <= move.a < 2:
            cell = self.pawns[seat][move.a]
            if cell == OFF:
                return f"pawn {move.a + 1} is off the board: bring it on with 'enter {move.a + 1} CELL' (DW-R11)"
            if not self.doors(cell) >> move.b & 1:
                doors = ", ".join(DIRECTIONS[d] for d in range(8) if self.doors(cell) >> d & 1)
                return f"tile {cell_name(cell)} has no door to the {DIRECTIONS[move.b]} (its doors: {doors}) (DW-R10)"
        if kind == ENTER and move.b not in EDGE_CELLS:
            return f"a pawn enters the board on an edge tile, not {cell_name(move.b)} (DW-R11)"
        if kind in (STOP, SKIP):
            return f"there is nothing to {'stop' if kind == STOP else 'skip'} now"
        if kind == END:
            return f"you still have {self.actions_left} action(s): all three must be used (DW-R6, option must_use_all_actions)"
        if self.actions_left == 0:
            return f"you have used your {ACTIONS_PER_TURN} actions this turn (DW-R6)"
        return f"{move} is not possible now"

    # -- carrying out an action -------------------------------------------------------------
    def _apply(self, seat: int, move: WellMove) -> list[Event]:
        reason = self.why_illegal(seat, move)
        if reason is not None:
            raise IllegalActionError(reason)
        self._legal = None  # the state is about to change
        events: list[Event] = []
        kind = move.kind
        if kind == DISCARD:
            self._discard(seat, move.a, events)
            return events
        if kind == SKIP:
            events.append(Event(ev.SKIP, seat))
            self.pending = None
        elif kind == STOP:
            self.continuing = -1
        elif kind == END:
            self.continuing = -1
            self.free_available = False
            self.actions_left = 0
        elif kind == MOVETO:
            self.pending = None
            self.pawns[seat][move.a] = move.b
            self.continuing = -1
            events.append(Event(ev.MOVE_TO, seat, {"pawn": move.a + 1, "cell": CELL_NAMES[move.b]}))
        elif kind == MOVE and self.continuing == move.a and self.pending is None:
            self._step(seat, move.a, move.b, events)  # a free continuation
        else:
            self._spend(seat, kind)
            self._carry_out(seat, move, events)
        if self._turn_is_done():
            self._end_turn(events)
        return events

    def _spend(self, seat: int, kind: int) -> None:
        """Pay for an action: the pending ability, else the free each-turn action, else one of three."""
        if self.pending is not None:
            self.pending = None
            return
        free_kind = (ROTATE, FLIP)[self.lasting[seat]] if self.lasting[seat] >= 0 else None
        if kind == free_kind and self.free_available:
            self.free_available = False
            return
        self.actions_left -= 1

    def _carry_out(self, seat: int, move: WellMove, events: list[Event]) -> None:
        kind = move.kind
        if kind != MOVE:
            self.continuing = -1
        if kind == DRAW:
            card = self._pop_deck(seat)
            self.hands[seat].append(card)
            events.append(Event(ev.DRAW, seat, {"card": owner_only(seat, FRIEND_CARDS[card].id)}))
        elif kind == TAKE:
            slot = self.display.index(move.a)
            self.hands[seat].append(move.a)
            for other in range(self.players):
                if other != seat:  # everyone else saw it leave the display
                    self.known[other * self.players + seat].append(move.a)
            refill = self._pop_deck() if self.deck else -1
            self.display[slot] = refill
            events.append(Event(ev.TAKE, seat, {"card": FRIEND_CARDS[move.a].id, "slot": slot,
                                                "refill": FRIEND_CARDS[refill].id if refill >= 0 else None}))
        elif kind == REFRESH:  # DW-R8
            old = [card for card in self.display if card >= 0]
            self.deck[:0] = list(reversed(old))
            self.deck_seen[:0] = [ALL_SEATS] * len(old)
            self.display = [self._pop_deck() if self.deck else -1 for _ in range(DISPLAY_SIZE)]
            events.append(Event(ev.REFRESH, seat, {"display": [FRIEND_CARDS[c].id if c >= 0 else None for c in self.display]}))
        elif kind == ROTATE:  # DW-R9
            self.rotation[move.a] = (self.rotation[move.a] + move.b) % 4
            events.append(Event(ev.ROTATE, seat, {"cell": CELL_NAMES[move.a], "degrees": 90 * move.b}))
        elif kind == FLIP:  # DW-R22, FLIP ANY
            self.face[move.a] ^= 1
            creature, terrain = self.shows(move.a)
            events.append(Event(ev.FLIP, seat, {"cell": CELL_NAMES[move.a], "creature": CREATURES[creature], "terrain": TERRAINS[terrain]}))
        elif kind == PLAY:
            self._play(seat, move.a, events)
        elif kind == MOVE:
            self.steps = 0
            self._step(seat, move.a, move.b, events)
        elif kind == ENTER:  # DW-R11
            self.pawns[seat][move.a] = move.b
            events.append(Event(ev.ENTER, seat, {"pawn": move.a + 1, "cell": CELL_NAMES[move.b]}))
            off_door = any(self.doors(move.b) >> d & 1 and NEIGHBOURS[move.b][d] == OFF for d in range(8))
            self.continuing, self.steps = (move.a, 0) if off_door else (-1, 0)

    def _step(self, seat: int, pawn: int, direction: int, events: list[Event]) -> None:
        """One step through a door; the pawn may go on while a door points back (DW-R10, DW-R12, DW-R13)."""
        start = self.pawns[seat][pawn]
        target = NEIGHBOURS[start][direction]
        self.pawns[seat][pawn] = target
        self.steps += 1
        if target == OFF:
            events.append(Event(ev.LEAVE, seat, {"pawn": pawn + 1, "cell": CELL_NAMES[start]}))
            self.continuing = -1
            return
        events.append(Event(ev.MOVE, seat, {"pawn": pawn + 1, "direction": DIRECTIONS[direction], "start": CELL_NAMES[start],
                                            "cell": CELL_NAMES[target]}))
        back = self.doors(target) >> ((direction + 4) % 8) & 1
        self.continuing = pawn if back and self.steps < self._options["max_steps_per_move"] else -1

    def _play(self, seat: int, card: int, events: list[Event]) -> None:
        """DW-R16, DW-R17: the card goes on the pile; its ability replaces the previous one."""
        self.hands[seat].remove(card)
        for other in range(self.players):
            known = self.known[other * self.players + seat]
            if card in known:
                known.remove(card)
        self.played[seat].append(card)
        self.located[seat] = 0
        friend = FRIEND_CARDS[card]
        events.append(Event(ev.PLAY, seat, {"card": friend.id}))
        kind, target = friend.ability
        self.lasting[seat] = -1
        self.free_available = False
        if kind == "located":
            self.located[seat] = 1 << target
        elif kind == "each_turn_free":
            self.lasting[seat] = target
            self.free_available = True
        else:
            self.pending = (kind, target if target is not None else -1)
            if not self._ability_choices(seat):
                events.append(Event(ev.ABILITY_LAPSES, seat))
                self.pending = None
        if len(self.played[seat]) >= self.threshold and not self.end_triggered:
            self.end_triggered = True  # DW-R19
            events.append(Event(ev.LAST_ROUND, seat, {"cards": self.threshold}))

    def _pop_deck(self, to_hand_of: int | None = None) -> int:
        """The top card of the deck. If it goes into a hand, the seats that knew it was there now
        know where it went (a card put back by a display replacement, or a discard)."""
        card = self.deck.pop()
        seen = self.deck_seen.pop()
        if to_hand_of is not None:
            for other in range(self.players):
                if other != to_hand_of and seen >> other & 1:
                    self.known[other * self.players + to_hand_of].append(card)
        return card

    def _discard(self, seat: int, card: int, events: list[Event]) -> None:
        """DW-R18: discards go face down to the bottom of the deck."""
        self.hands[seat].remove(card)
        self.deck.insert(0, card)
        self.deck_seen.insert(0, 1 << seat)
        for other in range(self.players):
            if other != seat:
                self.known[other * self.players + seat] = []  # they did not see which cards went
        events.append(Event(ev.DISCARD, seat, {"card": owner_only(seat, FRIEND_CARDS[card].id)}))
        if len(self.hands[seat]) <= HAND_LIMIT:
            self.discarding = False
            self._next_turn(events)

    def _turn_is_done(self) -> bool:
        return self.actions_left == 0 and self.pending is None and self.continuing < 0 and not self.free_available

    def _end_turn(self, events: list[Event]) -> None:
        if len(self.hands[self.turn]) > HAND_LIMIT:
            self.discarding = True
            return
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        """The next seat, unless the last round is over (DW-R19)."""
        following = (self.turn + 1) % self.players
        if self.end_triggered and following == self.first_player:
            self._finish(events)
            return
        self.turn = following
        self.actions_left = ACTIONS_PER_TURN
        self.free_available = self.lasting[following] >= 0
        self.continuing = -1
        self.pending = None

    def _finish(self, events: list[Event]) -> None:
        """DW-R20, DW-R21: most points; then most distinct friend types; then shared."""
        parts = [score_seat(self.played[seat]) for seat in range(self.players)]
        totals = [float(part["points"]) for part in parts]
        types = [len({FRIEND_CARDS[card].friend for card in self.played[seat]}) for seat in range(self.players)]
        best = max(zip(totals, types))
        winners = tuple(seat for seat in range(self.players) if (totals[seat], types[seat]) == best)
        # Copies: score_seat's answers are cached and shared, and the outcome goes out in views.
        details = tuple({"points": part["points"], "by_symbol": dict(part["by_symbol"]),
                         "wild_as": {card: list(choice) for card, choice in part["wild_as"].items()},
                         "friend_types": types[seat], "cards": len(self.played[seat])} for seat, part in enumerate(parts))
        self._outcome = Outcome(tuple(totals), winners, "cards-played", details)
        events.append(Event(ev.GAME_OVER, None, {"winners": list(winners), "points": parts[winners[0]]["points"]}))

    # -- invariants and views ----------------------------------------------------------------
    def check_invariants(self) -> None:
        """Every card in one place; pawns on the board or off it; bookkeeping consistent."""
        cards = self.deck + [c for c in self.display if c >= 0] + [c for h in self.hands for c in h] + [c for p in self.played for c in p]
        expected = list(ADVANCED_DECK if self.advanced else BASIC_DECK)
        assert sorted(cards) == expected, "a friend card is missing or in two places"
        assert len(self.deck) == len(self.deck_seen)
        assert all(-1 <= cell < 16 for pawns in self.pawns for cell in pawns)
        n = self.players
        for p in range(n):
            for q in range(n):
                assert all(card in self.hands[q] for card in self.known[p * n + q]), f"seat {p} 'knows' a card not in {q}'s hand"

    def _ask(self, seat: int) -> dict[str, Any]:
        """What the seat on turn is asked now, as a kind of :mod:`.prompts` and its fields (only
        public facts: hand size, pending ability, actions)."""
        if self.discarding:
            return {"kind": "discard", "cards": len(self.hands[seat]), "limit": HAND_LIMIT}
        if self.pending is not None:
            kind, item = self.pending
            asked: dict[str, Any] = {"kind": PENDING_KINDS[kind]}
            if kind in ("move_to", "flip_any"):
                asked["item"] = ITEM_CODES[item]
            return asked
        free = ("rotate", "flip")[self.lasting[seat]] if self.free_available else None
        pawn = self.continuing + 1 if self.continuing >= 0 else None
        if self.actions_left == 0:  # only free moves are left, and the turn may end (DW-R6)
            if pawn is None and free is None:
                return {"kind": "end-turn"}
            return {"kind": "extras", "pawn": pawn, "free": free}
        return {"kind": "actions", "left": self.actions_left, "of": ACTIONS_PER_TURN, "pawn": pawn, "free": free,
                "early": not self._options["must_use_all_actions"]}

    def _view(self) -> dict[str, Any]:
        cells = []
        for cell in range(16):
            creature, terrain = self.shows(cell)
            doors = self.doors(cell)
            cells.append({
                "cell": CELL_NAMES[cell],
                "tile": TILES[self.tiles[cell]].id,
                "face": "black" if self.face[cell] else "white",
                "creature": CREATURES[creature],
                "terrain": TERRAINS[terrain],
                "doors": [DIRECTIONS[d] for d in range(8) if doors >> d & 1],
                "pawns": [{"seat": s, "pawn": p + 1} for s in range(self.players) for p in (0, 1) if self.pawns[s][p] == cell],
            })
        return {
            "mode": "advanced" if self.advanced else "basic",
            "first_player": self.first_player,
            "threshold": self.threshold,
            "actions_left": self.actions_left,
            "free_action": (("rotate", "flip")[self.lasting[self.turn]] if self.free_available else None),
            "cells": cells,
            "pawns": [[None if c == OFF else CELL_NAMES[c] for c in pawns] for pawns in self.pawns],
            "display": [FRIEND_CARDS[c].id if c >= 0 else None for c in self.display],
            "deck": len(self.deck),
            "hands": [{"size": len(self.hands[s]), "cards": owner_only(s, sorted(FRIEND_CARDS[c].id for c in self.hands[s]))}
                      for s in range(self.players)],
            "played": [[FRIEND_CARDS[c].id for c in self.played[s]] for s in range(self.players)],
            "located": [[ITEM_CODES[i] for i in range(12) if self.located[s] >> i & 1] for s in range(self.players)],
            "pending": None if self.pending is None else self.pending[0],
            "continuing": None if self.continuing < 0 else self.continuing + 1,
            "discarding": self.discarding,
            "scores": [score_seat(self.played[seat])["points"] for seat in range(self.players)],
        }

