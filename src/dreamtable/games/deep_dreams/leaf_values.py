"""How the search scores a Deep Dreams position it stops reading at: a model of who wins, fitted
to the results of seeded self-play (:mod:`dreamtable.core.leaf_model`).

A seat's features are its points so far by kind (Sleep Path, Dream Groups, black pairs: DD-R20 to
DD-R22), its hand (cards that connect at the right end now, and the others), its row's length and
whether it is on turn — and the same again multiplied by the game's *progress* (the longest row
over the length that ends the game), because a point matters more and a card in hand less as the
end nears. The hand-set evaluation (:mod:`.evaluation`) weighs points the same early and late;
fitted, an early point is worth little and a late one much.

Each table size has what was measured to play best there (:data:`MODELS`): two- and three-player
games these weights, fitted to two-player games; four and five players the hand-set evaluation. With
these weights the four-player search finished first in 16.7% of 48 games, below a fair share (the
hand-set evaluation: 30.7% of 96), and weights fitted to four-player games (``--players 4 --games 3000
--seed 400000``) did no better than the hand-set evaluation (32.3% of 96). Refit with ``dreamtable
fit-leaves deep-dreams --games 3000 --seed 200000`` (it prints the weights below); measured in
docs/bots.md.
"""

from __future__ import annotations

from ...core.leaf_model import LinearLeafModel
from .evaluation import hand_counts
from .rules import DreamState
from .scoring import totals_and_parts

NAMES = (
    "playable", "other_cards", "row", "on_turn",
    "playable_late", "other_cards_late", "row_late",
    "path_points", "group_points", "black_pairs",
    "path_points_late", "group_points_late",
)
"""The features of a seat, in the order of :data:`WEIGHTS` (``_late``: times the progress)."""

WEIGHTS = (
    0.3405, 0.2559, -0.3293, 0.1026,
    -0.3556, -0.2788, 0.2554,
    0.0668, -0.0389, 0.6084,
    0.4055, 0.5588,
)
"""Fitted by ``dreamtable fit-leaves deep-dreams --games 3000 --seed 200000``."""


def features(state: DreamState) -> list[list[float]]:
    """Each seat's :data:`NAMES`, from its row, its hand (a determinised one for other seats) and the turn."""
    _, path_points, group_points, parts = totals_and_parts(state.rows)
    progress = max(len(row) for row in state.rows) / state.threshold
    table = []
    for seat, row in enumerate(state.rows):
        playable, other = hand_counts(state, seat)
        path, groups = path_points[seat], sum(group_points[seat])
        table.append([
            playable, other, len(row), 1.0 if state.turn == seat else 0.0,
            playable * progress, other * progress, len(row) * progress,
            path, groups, parts[seat][2],
            path * progress, groups * progress,
        ])
    return table


MODEL = LinearLeafModel(NAMES, WEIGHTS, features)
"""The model fitted to two-player games."""
MODELS = {2: MODEL, 3: MODEL}
"""The model the search scores its leaves with, by the number of players (none: the hand-set evaluation)."""
