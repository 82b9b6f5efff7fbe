"""Deep Dreams for learning: fixed action ids and the observation tensor.

==========================  ==========================================================
Import                      ``dreamtable.adapters.pettingzoo.env("deep-dreams")``,
                            ``dreamtable.adapters.openspiel.load("deep-dreams")``
Agents                      ``player_0`` … ``player_4`` (2–5 seats; seat 0 is A)
Actions                     Discrete, 3,037 ids (:data:`NUM_ACTIONS`)
Observation shape           (1,299,) ``float32``, the parts of :data:`PIECES`
Observation values          [0, 255]: one-hots, flags, counts, positions and scores
Action mask                 the ids of ``legal_actions`` (``Game.legal_action_ids``)
==========================  ==========================================================

**Action space.** An id names the same move in every state, for every player count. Cards are
numbered 0–53 (``DD01`` is 0); seats are absolute (seat 0 is A):

============  ================================================  ======================
ids           move                                              notation
============  ================================================  ======================
0             draw                                              ``draw``
1–54          play card *c* at the right end: 1 + c             ``play DD17 right``
55–108        play card *c* at the left end: 55 + c             ``play DD17 left``
109–162       Predictions: keep card *c*: 109 + c               ``keep DD12``
163           Deep Sleep: take the extra turn                   ``extra turn``
164           decline the icon effect                           ``skip``
165–169       Steal from seat *t*: 165 + t                      ``steal B``
170–174       Eliminate seat *t*'s end card: 170 + t            ``eliminate B``
175–3,036     Dream Moon: card *c* on position *p* (1–53):      ``moon DD05 on 3``
              175 + 53c + (p − 1)
============  ================================================  ======================

**Observation space** (the seat's own knowledge only; seats are absolute and padded to five):

=================  ==========  =================================================================
part               shape       what it holds
=================  ==========  =================================================================
``seat``           (5,)        one-hot: the observing seat
``players``        (5,)        1 for each seat in the match
``turn``           (5,)        one-hot: the seat to act (all 0 once the game is over)
``first_player``   (5,)        one-hot: the First Player (DD-R1)
``hand``           (54,)       the observer's cards
``known``          (5, 54)     cards the observer knows to be in each other hand (seen stolen, …)
``hand_sizes``     (5,)        every hand's size
``row_position``   (5, 54)     per seat, the position (1 = leftmost) of each card in its row, 0 if absent
``row_depth``      (5, 54)     per seat, 1 for a card on top of its stack, 2 beneath it, …; 0 if absent
``row_length``     (5,)        positions in each row
``discard``        (54,)       the discard pile (public)
``deck``           (1,)        cards in the deck
``deck_top``       (3, 54)     the cards the observer knows on top of the deck, top first (DD-R11)
``peek``           (3, 54)     the Predictions cards, for the seat that looks (DD-R11)
``peek_count``     (1,)        how many cards Predictions shows (everyone sees the count)
``resolving``      (2, 6)      the icon effects queued this turn, first is being resolved (DD-R9)
``extra_turns``    (1,)        Deep Sleep turns owed (DD-R12)
``passes``         (1,)        automatic passes in a row (DD-R17)
``threshold``      (1,)        the row length that ends the game (DD-R16)
``scores``         (5,)        every seat's score so far (DD-R18 to DD-R23)
``winners``        (5,)        1 for each winner once the game is over
=================  ==========  =================================================================

Rewards, the end of an episode and truncation are the adapters' (docs/adapters.md).
"""

from __future__ import annotations

from typing import Any

from ...core.contract import MoveTableEncoding
from .cards import DECK, ICONS
from .notation import DRAW, ELIMINATE, EXTRA, KEEP, LEFT_END, MOON, PLAY, RIGHT_END, SKIP, STEAL, DreamMove
from .rules import PREDICTIONS_LOOK, DreamState, cards_of
from .scoring import score

SEATS = 5
CARDS = len(DECK)
POSITIONS = CARDS - 1  # Dream Moon covers any position but the rightmost: at most 53 (DD-R10)
NUM_ACTIONS = 175 + CARDS * POSITIONS

PIECES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("seat", (SEATS,)),
    ("players", (SEATS,)),
    ("turn", (SEATS,)),
    ("first_player", (SEATS,)),
    ("hand", (CARDS,)),
    ("known", (SEATS, CARDS)),
    ("hand_sizes", (SEATS,)),
    ("row_position", (SEATS, CARDS)),
    ("row_depth", (SEATS, CARDS)),
    ("row_length", (SEATS,)),
    ("discard", (CARDS,)),
    ("deck", (1,)),
    ("deck_top", (PREDICTIONS_LOOK, CARDS)),
    ("peek", (PREDICTIONS_LOOK, CARDS)),
    ("peek_count", (1,)),
    ("resolving", (2, len(ICONS))),
    ("extra_turns", (1,)),
    ("passes", (1,)),
    ("threshold", (1,)),
    ("scores", (SEATS,)),
    ("winners", (SEATS,)),
)


def _moves() -> tuple[DreamMove, ...]:
    """Every move with an id, in id order (the table in the module docstring)."""
    moves = [DreamMove(DRAW)]
    moves += [DreamMove(PLAY, card, RIGHT_END) for card in range(CARDS)]
    moves += [DreamMove(PLAY, card, LEFT_END) for card in range(CARDS)]
    moves += [DreamMove(KEEP, card) for card in range(CARDS)]
    moves += [DreamMove(EXTRA), DreamMove(SKIP)]
    moves += [DreamMove(STEAL, -1, seat) for seat in range(SEATS)]
    moves += [DreamMove(ELIMINATE, -1, seat) for seat in range(SEATS)]
    moves += [DreamMove(MOON, card, position) for card in range(CARDS) for position in range(1, POSITIONS + 1)]
    return tuple(moves)


MOVES = _moves()
ID_OF = {move: index for index, move in enumerate(MOVES)}
assert len(MOVES) == len(ID_OF) == NUM_ACTIONS


class DeepDreamsEncoding(MoveTableEncoding):
    """Action ids and the observation tensor of Deep Dreams (see the module docstring)."""

    num_distinct_actions = NUM_ACTIONS
    pieces = PIECES
    high = 255.0  # scores are clamped to it (no game comes near)
    horizon = 1_000  # random play ends in well under 100 decisions

    moves = MOVES
    id_of = ID_OF
    move_type = DreamMove

    def write(self, state: Any, seat: int, parts: dict[str, Any]) -> None:
        assert isinstance(state, DreamState)
        n = state.players
        self.write_seats(state, seat, parts)
        parts["hand"][cards_of(state.hands[seat])] = 1
        known = parts["known"]
        for other in range(n):
            if other != seat:
                known[other, cards_of(state.known[seat * n + other])] = 1
            parts["hand_sizes"][other] = state.hands[other].bit_count()
        position, depth = parts["row_position"], parts["row_depth"]
        for owner in range(n):
            row = state.rows[owner]
            parts["row_length"][owner] = len(row)
            for index, stack in enumerate(row):
                for below, card in enumerate(reversed(stack)):
                    position[owner, card] = index + 1
                    depth[owner, card] = below + 1
        parts["discard"][state.discard] = 1
        deck = state.deck
        parts["deck"][0] = len(deck)
        for index in range(min(state.peek_known[seat], PREDICTIONS_LOOK)):
            parts["deck_top"][index, deck[-1 - index]] = 1
        if state.peek:
            parts["peek_count"][0] = len(state.peek)
            if seat == state.turn:
                for index, card in enumerate(state.peek):
                    parts["peek"][index, card] = 1
        for index, effect in enumerate(state.pending[:2]):
            parts["resolving"][index, effect] = 1
        parts["extra_turns"][0] = min(state.extra_turns, CARDS)
        parts["passes"][0] = state.passes
        parts["threshold"][0] = state.threshold
        parts["scores"][:n] = [min(total, 255) for total in score(state.rows)[0]]
        outcome = state.outcome
        if outcome is not None:
            parts["winners"][list(outcome.winners)] = 1


ENCODING = DeepDreamsEncoding()
