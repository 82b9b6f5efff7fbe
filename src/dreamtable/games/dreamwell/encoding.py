"""Dreamwell for learning: fixed action ids and the observation tensor.

==========================  ==========================================================
Import                      ``dreamtable.adapters.pettingzoo.env("dreamwell")``,
                            ``dreamtable.adapters.openspiel.load("dreamwell")``
Agents                      ``player_0`` … ``player_3`` (2–4 seats; seat 0 is A)
Actions                     Discrete, 410 ids (:data:`NUM_ACTIONS`), basic and advanced game
Observation shape           (2,064,) ``float32``, the parts of :data:`PIECES`
Observation values          [0, 255]: one-hots, flags, counts, positions and scores
Action mask                 the ids of ``legal_actions`` (``Game.legal_action_ids``)
==========================  ==========================================================

**Action space.** An id names the same move in every state, for every player count and both
modes. Friend cards are numbered 0–86 (W01–W72, then B01–B15); cells 0–15 are ``a1``…``d4``
row by row from the south (cell = 4·row + column); pawns 0 and 1 are pawns 1 and 2; directions
0–7 are N, NE, E, SE, S, SW, W, NW:

============  =============================================  =================
ids           move                                           notation
============  =============================================  =================
0             draw                                           ``draw``
1             refresh the display                            ``refresh``
2             stop a pawn that could keep moving             ``stop``
3             decline the ability being resolved             ``skip``
4             end the turn                                   ``end``
5–91          take card *c* from the display: 5 + c          ``take W12``
92–178        play friend card *c*: 92 + c                   ``play W12``
179–265       discard card *c*: 179 + c                      ``discard W12``
266–313       rotate cell *x* by *q* quarter turns: 266 + 3x + (q − 1)  ``rotate b3 90``
314–329       flip cell *x*: 314 + x                         ``flip b3``
330–345       move pawn *p* in direction *d*: 330 + 8p + d   ``move 1 NE``
346–377       bring pawn *p* onto cell *x*: 346 + 16p + x    ``enter 2 a3``
378–409       MOVE TO: pawn *p* onto cell *x*: 378 + 16p + x  ``moveto 1 c3``
============  =============================================  =================

**Observation space** (the seat's own knowledge only; seats are absolute and padded to four):

==================  ============  ============================================================
part                shape         what it holds
==================  ============  ============================================================
``seat``            (4,)          one-hot: the observing seat
``players``         (4,)          1 for each seat in the match
``turn``            (4,)          one-hot: the seat to act (all 0 once the game is over)
``first_player``    (4,)          one-hot: the First Player (DW-R1)
``advanced``        (1,)          1 in the advanced game
``tile``            (16, 16)      per cell, one-hot of the tile lying there
``black_face``      (16,)         1 where the tile shows its black face
``doors``           (16, 8)       per cell, the doors as placed, by direction (DW-R3)
``creature``        (16, 8)       per cell, one-hot of the creature showing
``terrain``         (16, 4)       per cell, one-hot of the terrain showing
``pawns``           (4, 2, 17)    per seat and pawn, one-hot of its cell (17th: off the board)
``display``         (4, 88)       per display slot, one-hot of its card (88th: a gap)
``hand``            (87,)         the observer's cards
``known``           (4, 87)       cards the observer knows to be in each other hand
``hand_sizes``      (4,)          every hand's size
``deck``            (1,)          cards in the deck
``deck_known``      (87,)         for each deck card the observer knows, its place from the top (1 = top)
``played``          (4, 87)       friend cards each seat has played (public)
``located``         (4, 12)       per seat, the items located for its next card (DW-R15)
``lasting``         (4, 2)        per seat, its each-turn free action: rotate or flip (DW-R17)
``actions_left``    (4,)          one-hot: actions left this turn, 0–3 (DW-R6)
``free_action``     (1,)          1 while the free action of ``lasting`` is available
``pending``         (5,)          one-hot: the immediate ability awaiting its use (DW-R16, DW-R17):
                                  move to, flip any, free draw, free move, free rotate
``pending_item``    (12,)         one-hot: the item that ability names, if any
``continuing``      (2,)          one-hot: the pawn that may keep moving for free (DW-R10)
``steps``           (1,)          free steps taken in this move (DW-R13)
``discarding``      (1,)          1 while the turn ends with a discard (DW-R7)
``end_triggered``   (1,)          1 once someone has played their last card (DW-R19)
``threshold``       (1,)          cards that end the game (7, or 10 advanced)
``scores``          (4,)          every seat's points so far
``winners``         (4,)          1 for each winner once the game is over
==================  ============  ============================================================

Rewards, the end of an episode and truncation are the adapters' (docs/adapters.md).
"""

from __future__ import annotations

from typing import Any

from ...core.contract import MoveTableEncoding
from .components import CREATURES, FRIEND_CARDS, TERRAINS, TILES
from .notation import DISCARD, DRAW, END, ENTER, FLIP, MOVE, MOVETO, PLAY, REFRESH, ROTATE, SKIP, STOP, TAKE, WellMove
from .prompts import PENDING_KINDS
from .rules import DISPLAY_SIZE, OFF, WellState
from .scoring import score_seat

SEATS = 4
CARDS = len(FRIEND_CARDS)
CELLS = 16
ITEMS = len(CREATURES) + len(TERRAINS)
PENDING = tuple(PENDING_KINDS)
NUM_ACTIONS = 410
HIGH = 255

PIECES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("seat", (SEATS,)),
    ("players", (SEATS,)),
    ("turn", (SEATS,)),
    ("first_player", (SEATS,)),
    ("advanced", (1,)),
    ("tile", (CELLS, len(TILES))),
    ("black_face", (CELLS,)),
    ("doors", (CELLS, 8)),
    ("creature", (CELLS, len(CREATURES))),
    ("terrain", (CELLS, len(TERRAINS))),
    ("pawns", (SEATS, 2, CELLS + 1)),
    ("display", (DISPLAY_SIZE, CARDS + 1)),
    ("hand", (CARDS,)),
    ("known", (SEATS, CARDS)),
    ("hand_sizes", (SEATS,)),
    ("deck", (1,)),
    ("deck_known", (CARDS,)),
    ("played", (SEATS, CARDS)),
    ("located", (SEATS, ITEMS)),
    ("lasting", (SEATS, 2)),
    ("actions_left", (4,)),
    ("free_action", (1,)),
    ("pending", (len(PENDING),)),
    ("pending_item", (ITEMS,)),
    ("continuing", (2,)),
    ("steps", (1,)),
    ("discarding", (1,)),
    ("end_triggered", (1,)),
    ("threshold", (1,)),
    ("scores", (SEATS,)),
    ("winners", (SEATS,)),
)


def _moves() -> tuple[WellMove, ...]:
    """Every move with an id, in id order (the table in the module docstring)."""
    moves = [WellMove(kind) for kind in (DRAW, REFRESH, STOP, SKIP, END)]
    for kind in (TAKE, PLAY, DISCARD):
        moves += [WellMove(kind, card) for card in range(CARDS)]
    moves += [WellMove(ROTATE, cell, turns) for cell in range(CELLS) for turns in (1, 2, 3)]
    moves += [WellMove(FLIP, cell) for cell in range(CELLS)]
    moves += [WellMove(MOVE, pawn, direction) for pawn in (0, 1) for direction in range(8)]
    moves += [WellMove(ENTER, pawn, cell) for pawn in (0, 1) for cell in range(CELLS)]
    moves += [WellMove(MOVETO, pawn, cell) for pawn in (0, 1) for cell in range(CELLS)]
    return tuple(moves)


MOVES = _moves()
ID_OF = {move: index for index, move in enumerate(MOVES)}
assert len(MOVES) == len(ID_OF) == NUM_ACTIONS


class DreamwellEncoding(MoveTableEncoding):
    """Action ids and the observation tensor of Dreamwell (see the module docstring)."""

    num_distinct_actions = NUM_ACTIONS
    pieces = PIECES
    high = float(HIGH)  # scores and step counts are clamped to it (no game comes near)
    horizon = 50_000  # uniform random play takes up to ~20,000 decisions to end

    moves = MOVES
    id_of = ID_OF
    move_type = WellMove

    def write(self, state: Any, seat: int, parts: dict[str, Any]) -> None:
        assert isinstance(state, WellState)
        n = state.players
        self.write_seats(state, seat, parts)
        parts["advanced"][0] = state.advanced
        for cell in range(CELLS):
            parts["tile"][cell, state.tiles[cell]] = 1
            parts["black_face"][cell] = state.face[cell]
            doors = state.doors(cell)
            for direction in range(8):
                parts["doors"][cell, direction] = doors >> direction & 1
            creature, terrain = state.shows(cell)
            parts["creature"][cell, creature] = 1
            parts["terrain"][cell, terrain] = 1
        for owner in range(n):
            for pawn, cell in enumerate(state.pawns[owner]):
                parts["pawns"][owner, pawn, CELLS if cell == OFF else cell] = 1
            parts["hand_sizes"][owner] = len(state.hands[owner])
            parts["played"][owner, state.played[owner]] = 1
            located = state.located[owner]
            for item in range(ITEMS):
                parts["located"][owner, item] = located >> item & 1
            if state.lasting[owner] >= 0:
                parts["lasting"][owner, state.lasting[owner]] = 1
            if owner != seat:
                parts["known"][owner, state.known[seat * n + owner]] = 1
            parts["scores"][owner] = min(score_seat(state.played[owner])["points"], HIGH)
        for slot, card in enumerate(state.display):
            parts["display"][slot, CARDS if card < 0 else card] = 1
        parts["hand"][state.hands[seat]] = 1
        deck = state.deck
        parts["deck"][0] = len(deck)
        bit = 1 << seat
        for place, (card, seen) in enumerate(zip(deck, state.deck_seen)):
            if seen & bit:
                parts["deck_known"][card] = len(deck) - place  # the top card is the last one
        parts["actions_left"][state.actions_left] = 1
        parts["free_action"][0] = state.free_available
        if state.pending is not None:
            kind, item = state.pending
            parts["pending"][PENDING.index(kind)] = 1
            if item >= 0:
                parts["pending_item"][item] = 1
        if state.continuing >= 0:
            parts["continuing"][state.continuing] = 1
        parts["steps"][0] = min(state.steps, HIGH)
        parts["discarding"][0] = state.discarding
        parts["end_triggered"][0] = state.end_triggered
        parts["threshold"][0] = state.threshold
        outcome = state.outcome
        if outcome is not None:
            parts["winners"][list(outcome.winners)] = 1


ENCODING = DreamwellEncoding()
