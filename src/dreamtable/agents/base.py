"""What a bot is: something that, shown a state and a seat, chooses one of that seat's legal actions.

Bots go through the engine contract only — ``legal_actions``, ``copy``, ``determinize``,
``apply``, ``outcome`` and the game's optional ``evaluate`` — so one bot plays every game. They
never read another seat's hidden data: anything they look ahead on is a determinised copy.
"""

from __future__ import annotations

from typing import Callable, Protocol

from ..core.contract import A, State
from ..core.errors import IllegalActionError
from ..core.seats import seat_name


class Agent(Protocol[A]):
    """A bot. ``choose`` must return one of ``state.legal_actions(seat)`` and must not change ``state``.

    ``Agent[A]`` plays games whose actions are ``A``. The generic bots (random, greedy, ISMCTS)
    have a generic ``choose`` and so are an ``Agent[A]`` for every ``A``; a bot of one game only
    (a word bot) is an ``Agent`` of that game's action type.
    """

    name: str

    def choose(self, state: State[A], seat: int) -> A:
        """The action this bot takes for ``seat``."""
        ...


def nothing_to_choose(state: State[A], seat: int) -> IllegalActionError:
    """The error a bot raises when asked to choose for a seat with no legal action now: it names why
    (the game is over, or whom the game waits for), where ``random.choice([])`` would only say the
    list was empty."""
    who = seat_name(seat) if isinstance(seat, int) and 0 <= seat < state.players else repr(seat)
    if state.is_over:
        why = "the game is over"
    else:
        waiting = ", ".join(seat_name(s) for s in state.actors) or "nobody (a timer must run out first)"
        why = f"the game waits for {waiting}"
    return IllegalActionError(f"a bot was asked to choose for {who}, who has no legal action now: {why}")


def value_for(state: State[A], seat: int) -> float:
    """How good ``state`` is for ``seat`` in [0, 1]: the result if over, else the game's evaluation.

    A game without an evaluation counts an unfinished state as 0.5 (unknown).
    """
    outcome = state.outcome
    if outcome is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    value = state.game.evaluate(state, seat)
    return 0.5 if value is None else value


def one_ply_values(world: State[A], seat: int, legal: list[A],
                   judge: Callable[[State[A], int], float] = value_for) -> list[float]:
    """``judge`` (:func:`value_for` unless given) of ``seat`` after each of ``legal``, each played on a
    copy of ``world`` (one ply, as the greedy and easy bots and a pruning search rank moves)."""
    values = []
    for action in legal:
        after = world.copy()
        after.apply(seat, action)
        values.append(judge(after, seat))
    return values


def values_for_all(state: State[A]) -> list[float]:
    """Every seat's value of a search's leaf: the result if over, else the game's ``leaf_values``
    (its fitted leaf model, or its evaluation of all seats in one pass); 0.5 each if it has neither."""
    outcome = state.outcome
    if outcome is None:
        values = state.game.leaf_values(state)
        if values is not None:
            return values
    return [value_for(state, seat) for seat in range(state.players)]
