"""Tap for learning: fixed action ids and the observation tensor (the research adapters read them).

==========================  ==========================================================
Import                      ``dreamtable.adapters.pettingzoo.env("tap")``,
                            ``dreamtable.adapters.openspiel.load("tap")``
Actions                     Discrete, 2 ids: ``0`` tap, ``1`` draw
Observation shape           (22,) ``float32``, the parts below
Observation values          [0, 1]: one-hots, flags and shares of the game's turns
==========================  ==========================================================

The adapters run no clock, so there a turn never times out (TAP-R3 does not arise). The
observation, seats padded to three:

=============  =====  ==========================================================
part           shape  what it holds
=============  =====  ==========================================================
``seat``       (3,)   one-hot: the observing seat
``players``    (3,)   1 for each seat in the match
``turn``       (3,)   one-hot: the seat to act (all 0 once the game is over)
``points``     (3,)   each seat's points, as a share of the game's turns
``held``       (3,)   how many hidden cards each seat holds, as a share of the turns
``own``        (3,)   the observer's cards worth 0, 1 and 2, as a share of the turns
``progress``   (1,)   turns played, as a share of the turns
``winners``    (3,)   1 for each winner once the game is over
=============  =====  ==========================================================
"""

from __future__ import annotations

from typing import Any

from dreamtable.core.contract import MoveTableEncoding

SEATS = 3
MOVES = ("tap", "draw")


class TapEncoding(MoveTableEncoding):
    num_distinct_actions = len(MOVES)
    pieces = (("seat", (SEATS,)), ("players", (SEATS,)), ("turn", (SEATS,)), ("points", (SEATS,)),
              ("held", (SEATS,)), ("own", (3,)), ("progress", (1,)), ("winners", (SEATS,)))
    high = 1.0
    horizon = 200_000  # a game is at most 100,000 turns (the option's range)
    moves = MOVES
    id_of = {move: index for index, move in enumerate(MOVES)}
    move_type = str

    def write(self, state: Any, seat: int, parts: dict[str, Any]) -> None:
        turns = state._options["turns"]
        parts["seat"][seat] = 1
        parts["players"][:state.players] = 1
        if not state.is_over:
            parts["turn"][state.turn] = 1
        for other in range(state.players):
            parts["points"][other] = state.points[other] / turns
            parts["held"][other] = len(state.drawn[other]) / turns
        for card in state.drawn[seat]:
            parts["own"][card] += 1 / turns
        parts["progress"][0] = state.done / turns
        outcome = state.outcome
        if outcome is not None:
            parts["winners"][list(outcome.winners)] = 1


ENCODING = TapEncoding()
