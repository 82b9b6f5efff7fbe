"""No slow game: Dream Cycle's faster move lists say what the rules say.

The Buying Phase's list now takes its buys and sales from a memo per (chi, stock, hand), its
placements from rows per hand, its boosts in the same pass over the fields; peek reads the geometry
inline, and the moves built once at import skip the well-formedness check. Each test compares one
of them with the rule written out plainly, along random games of several setups.
"""

from __future__ import annotations

import pytest

from dreamtable.core.errors import IllegalActionError
from dreamtable.games.dream_cycle.board import BEYOND, FRINGE, NEEDS_ROW, WIN, is_doldrum
from dreamtable.games.dream_cycle.components import BOOSTS, DEFAULTS, TYPES
from dreamtable.games.dream_cycle.notation import CASH, CycleMove, well_formed
from dreamtable.games.dream_cycle.rules import (
    AIM, BOOST, BUY, END_MOVE, FIELD_LIMIT, KEEP, KEEP_NONE, PLACE, PLAN_ASK, PLAN_NONE, PLAN_ROW, PLAN_STEPS, ROWS,
    SELL, UNBOOST_OF, UNPLACE, _PREBUILT, CycleState,
)

from .table import CHEAP_NORTH, random_states, table

SETUPS = [
    (2, {}),
    (4, {}),
    (3, {"field_colours": ["G", "W", "O", "Y", "BL", "R", "P"], "special_exit": "fields"}),
    (2, {"directional_tiles": CHEAP_NORTH}),
]


def _placements_plainly(state: CycleState, seat: int) -> list[CycleMove]:
    moves: list[CycleMove] = []
    hand, fields = state.hand[seat], state.fields[seat]
    in_hand = [k for k in range(TYPES) if hand[k]]
    for f, colour in enumerate(state.settings.fields):
        field = fields[f]
        if len(field) < FIELD_LIMIT:
            moves += [PLACE[k][colour] for k in in_hand]
        if field:
            moves.append(UNPLACE[field[0]][colour])
            if len(field) == 2 and field[1] != field[0]:
                moves.append(UNPLACE[field[1]][colour])
    return moves


def _peek_plainly(state: CycleState, pos: int, facing: int) -> int:
    if facing == 0 and state.geo.y(pos) == 3 * state.rows_laid - 1:
        if state.kinds[pos] >= FRINGE:
            return -1
        return WIN if state.rows_laid == ROWS else NEEDS_ROW
    target = pos + state.geo.delta(facing)
    return target if state.kinds[target] != BEYOND else -1


def _buying_plainly(state: CycleState, seat: int) -> list[CycleMove]:
    """DC-R21 – DC-R25, DC-R31, DC-R42, DC-R49: the Buying Phase's list as it was first written."""
    moves: list[CycleMove] = []
    chi, hand, fields, boost = state.chi[seat], state.hand[seat], state.fields[seat], state.boost[seat]
    if not state.buying_closed:
        for k, kind in enumerate(state.types):
            if state.stock[k] and chi >= kind.buy:
                moves.append(BUY[k])
            if hand[k]:
                moves.append(SELL[k])
        moves += _placements_plainly(state, seat)
        for f, colour in enumerate(state.settings.fields):
            if boost[f]:
                moves.append(UNBOOST_OF[colour])
            elif len(fields[f]) == 1:
                moves += [BOOST[colour][i] for i, n in enumerate(BOOSTS) if chi >= n]
        moves += state._trades(seat)
    pos = state.pos[seat]
    if is_doldrum(state.kinds[pos]):
        moves += [AIM[d] for d in range(4) if d != state.facing[seat] and _peek_plainly(state, pos, d) != -1]
    row = max(state.row_of(pos), 0)
    for choice in (PLAN_NONE, PLAN_ASK, PLAN_ROW[min(row + 1, ROWS)], PLAN_STEPS):
        if choice.args != state.plan[seat]:
            moves.append(choice)
    held = sorted(set(state.insp[seat]))
    moves += [CASH[k] for k in held]
    moves += [KEEP[k] for k in held if (k,) != state.keep[seat]]
    if state.keep[seat]:
        moves.append(KEEP_NONE)
    if _peek_plainly(state, pos, state.facing[seat]) != -1 or not is_doldrum(state.kinds[pos]):
        moves.append(END_MOVE)
    return moves


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_buying_lists_and_placements_are_the_rules_written_plainly(players, options):
    buying = 0
    for state in random_states(players, options, seed=players):
        for seat in range(players):
            if not state.alive[seat]:
                continue
            assert state.placements(seat) == _placements_plainly(state, seat)
            if state.phase == "buying" and seat == state.turn and (state.movement is None):
                assert state._buying_actions(seat) == _buying_plainly(state, seat)
                buying += 1
    assert buying > 100


@pytest.mark.parametrize(("players", "options"), SETUPS[:3])
def test_peek_is_the_plain_geometry_step_from_every_square_and_facing(players, options):
    checked = 0
    for index, state in enumerate(random_states(players, options, seed=10 + players, steps=2_000)):
        if index % 50:
            continue
        for pos, kind in enumerate(state.kinds):
            if kind == BEYOND or not state.geo.width <= pos < len(state.kinds) - state.geo.width:
                continue
            for facing in range(4):
                assert state.peek(pos, facing) == _peek_plainly(state, pos, facing)
                checked += 1
    assert checked > 1_000


def test_moves_built_at_import_are_well_formed_and_lookalikes_are_still_checked():
    import gc

    prebuilt = [obj for obj in gc.get_objects() if type(obj) is CycleMove and id(obj) in _PREBUILT]
    assert len(prebuilt) == len(_PREBUILT)
    assert all(well_formed(move) for move in prebuilt)
    state = next(s for s in random_states(2, {}, seed=3) if s.phase == "buying" and s.plan[s.turn] != ("row", 1))
    seat = state.turn
    lookalike = CycleMove("plan", ("row", True))  # == PLAN_ROW[1], but its text would not replay
    assert lookalike == PLAN_ROW[1] and id(lookalike) not in _PREBUILT
    with pytest.raises(IllegalActionError, match="not a Dream Cycle move"):
        state.apply(seat, lookalike)


def test_buys_follow_each_games_prices():
    """The memo of buys keys on the game's tile table: a game with other prices gets its own answers."""
    for _ in range(2):  # the usual table, another, then the usual one again: each answers for itself
        for state, price in ((table(), DEFAULTS["directional_tiles"]["N"]["buy"]), (table(directional_tiles=CHEAP_NORTH), 1)):
            seat = state.turn
            for chi, listed in ((price, True), (price - 1, False)):
                state.chi[seat] = chi
                state._cache = {}
                assert (BUY[4] in state.legal_actions(seat)) is listed, (price, chi)
