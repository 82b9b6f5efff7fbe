"""Sogni e Incubi for learning: fixed action ids and the observation tensor.

==========================  ==========================================================
Import                      ``dreamtable.adapters.pettingzoo.env("sogni-e-incubi")``,
                            ``dreamtable.adapters.openspiel.load("sogni-e-incubi")``
Agents                      ``player_0`` … ``player_3`` (2–4 seats; seat 0 is A)
Actions                     Discrete, 91 ids (:data:`NUM_ACTIONS`)
Observation shape           (846,) ``float32``, the parts of :data:`PIECES`
Observation values          [0, 54]: one-hots, flags and card counts
Action mask                 the ids of ``legal_actions`` (``Game.legal_action_ids``)
==========================  ==========================================================

**Action space.** An id names the same move in every state, for every player count; seats in
an id are absolute (seat 0 is A), as in the notation:

========  ===================================================  ===============
ids       move                                                 notation
========  ===================================================  ===============
0         draw the top card                                    ``draw``
1–6       Dream *k* on your own slot *k*                       ``S3``
7–30      Dream *k* in place of seat *t*'s Rem: 7 + 4(k−1) + t  ``S3>B``
31–54     Nightmare *k* on seat *t*'s slot *k*: 31 + 4(k−1) + t  ``I3>B``
55–78     Convert to Nightmare on seat *t*'s slot *s*: 55 + 6t + (s−1)  ``CI>B4``
79–84     Convert to Dream on your own slot *s*                ``CS4``
85–90     Rem on your own slot *s*                             ``R4``
========  ===================================================  ===============

**Observation space** (the seat's own knowledge only; seats are absolute and padded to four):

================  ===========  ==============================================================
part              shape        what it holds
================  ===========  ==============================================================
``seat``          (4,)         one-hot: the observing seat
``players``       (4,)         1 for each seat in the match
``turn``          (4,)         one-hot: the seat to act (all 0 once the game is over)
``first_player``  (4,)         one-hot: who began
``hand``          (15,)        the observer's cards, a count per card code (S1–S6, I1–I6, CS, CI, R)
``hand_sizes``    (4,)         every hand's size
``known``         (4, 15)      per seat, the cards everyone saw enter its hand (SI-R17)
``top``           (4, 6, 16)   per seat and slot, one-hot of the top card code (16th: empty)
``stack``         (4, 6, 15)   per seat and slot, a count per card code in the whole stack
``deck``          (1,)         cards left in the deck
``hand_limit``    (1,)         the hand limit option (SI-R3)
``passes``        (1,)         automatic passes since the last real action (SI-R4)
``winners``       (4,)         1 for each winner once the game is over
================  ===========  ==============================================================

Rewards, the end of an episode and truncation are the adapters' (docs/adapters.md).
"""

from __future__ import annotations

from typing import Any

from ...core.contract import MoveTableEncoding
from .cards import CI, CODES, CS, REM
from .notation import DRAW, Move
from .rules import SLOTS, SogniState

SEATS = 4
NUM_ACTIONS = 91

PIECES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("seat", (SEATS,)),
    ("players", (SEATS,)),
    ("turn", (SEATS,)),
    ("first_player", (SEATS,)),
    ("hand", (CODES,)),
    ("hand_sizes", (SEATS,)),
    ("known", (SEATS, CODES)),
    ("top", (SEATS, SLOTS, CODES + 1)),
    ("stack", (SEATS, SLOTS, CODES)),
    ("deck", (1,)),
    ("hand_limit", (1,)),
    ("passes", (1,)),
    ("winners", (SEATS,)),
)


def _moves() -> tuple[Move, ...]:
    """Every move with an id, in id order (the table in the module docstring)."""
    moves = [DRAW]
    moves += [Move(k, None, k + 1) for k in range(6)]
    moves += [Move(k, t, k + 1) for k in range(6) for t in range(SEATS)]
    moves += [Move(6 + k, t, k + 1) for k in range(6) for t in range(SEATS)]
    moves += [Move(CI, t, s) for t in range(SEATS) for s in range(1, SLOTS + 1)]
    moves += [Move(CS, None, s) for s in range(1, SLOTS + 1)]
    moves += [Move(REM, None, s) for s in range(1, SLOTS + 1)]
    return tuple(moves)


MOVES = _moves()
ID_OF = {move: index for index, move in enumerate(MOVES)}
assert len(MOVES) == len(ID_OF) == NUM_ACTIONS


class SogniEncoding(MoveTableEncoding):
    """Action ids and the observation tensor of Sogni e Incubi (see the module docstring)."""

    num_distinct_actions = NUM_ACTIONS
    pieces = PIECES
    high = 54.0
    horizon = 1_000  # random play ends in about 115 decisions

    moves = MOVES
    id_of = ID_OF
    move_type = Move

    def write(self, state: Any, seat: int, parts: dict[str, Any]) -> None:
        assert isinstance(state, SogniState)
        n = state.players
        self.write_seats(state, seat, parts)
        parts["hand"][:] = state.hands[seat]
        parts["hand_sizes"][:n] = state.hand_sizes
        parts["known"][:n] = state.known
        top, stack_counts = parts["top"], parts["stack"]
        for owner in range(n):
            for slot, stack in enumerate(state.rows[owner]):
                top[owner, slot, stack[-1]] = 1
                for card in stack[1:]:  # stack[0] is the empty base
                    stack_counts[owner, slot, card] += 1
        parts["deck"][0] = len(state.deck)
        parts["hand_limit"][0] = min(state._hand_limit, 54)  # more than the deck holds means no limit
        parts["passes"][0] = state.passes
        outcome = state.outcome
        if outcome is not None:
            parts["winners"][list(outcome.winners)] = 1


ENCODING = SogniEncoding()
