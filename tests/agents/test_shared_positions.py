"""ISMCTS shares one position per node between its worlds when they differ only in their rng
(``State.same_worlds``): the descent reads it instead of applying the node's action again, until a
chance event is drawn (applying and listing moves were two fifths of Dream
Cycle's search). Sharing must change the speed only, never a choice."""

from __future__ import annotations

import pytest

from dreamtable.agents import IsmctsAgent
from dreamtable.core.rng import Rng
from dreamtable.games.dream_cycle.components import POWER
from dreamtable.games.dream_cycle.rules import CycleState

from .positions import played


def positions() -> list[CycleState]:
    """Two-player Dream Cycle positions along random games: starting spaces, Buying and Movement Phases."""
    found = [played("dream-cycle", seed, steps) for seed in (1, 2, 3) for steps in (0, 5, 30, 80)]
    return [state for state in found if not state.is_over and state.actors]


def without_sharing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CycleState, "same_worlds", lambda self, seat: False)


def counting_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    count = [0]
    apply = CycleState.apply

    def counted(self: CycleState, seat: int, action: object) -> object:
        count[0] += 1
        return apply(self, seat, action)

    monkeypatch.setattr(CycleState, "apply", counted)
    return count


def search(state: CycleState, **budget: object) -> tuple[object, list[tuple[object, int, float]]]:
    agent = IsmctsAgent(7, iterations=150, **budget)  # type: ignore[arg-type]
    choice = agent.choose(state, state.actors[0])
    return choice, agent.last_stats


def test_same_worlds_holds_only_while_nobody_else_holds_an_unseen_tile():
    state = played("dream-cycle", 1, 0)
    assert state.same_worlds(0) and state.same_worlds(1)
    state.insp[1] = [0]  # seat B holds an Inspiration tile A has not seen
    state._cache.clear()
    assert not state.same_worlds(0)
    assert state.same_worlds(1)  # B sees its own tile, and A holds none
    # A cannot tell which tile it is, so the answer is the same for each; but a Power tile is public
    # (power_public, DC-R43), so a world can only deal B that one.
    answers = []
    for kind in range(len(state.insp_supply)):
        state.insp[1] = [kind]
        state._cache.clear()
        answers.append(state.same_worlds(0))
    assert answers == [kind == POWER for kind in range(len(state.insp_supply))]


@pytest.mark.parametrize("index", range(6))
def test_worlds_said_to_be_the_same_differ_only_in_their_rng(index: int):
    state = positions()[index]
    seat = state.actors[0]
    assert state.same_worlds(seat)
    worlds = [state.determinize(seat, Rng(seed)).__getstate__() for seed in (1, 2)]
    assert worlds[0]["rng"].state != worlds[1]["rng"].state
    for world in worlds:
        del world["rng"]  # the position memo (_cache) is not part of a state's pickled fields
    assert worlds[0] == worlds[1]


@pytest.mark.parametrize("budget", [{"prune": 0, "opponent_prune": 0}, {}, {"prune": 0, "rollout_depth": 4}],
                         ids=["unpruned", "pruned", "rollouts"])
@pytest.mark.slow
def test_sharing_positions_changes_no_choice_of_the_search(monkeypatch: pytest.MonkeyPatch, budget: dict[str, object]):
    states = positions()
    shared = [search(state.copy(), **budget) for state in states]
    without_sharing(monkeypatch)
    alone = [search(state.copy(), **budget) for state in states]
    assert shared == alone


def test_sharing_positions_spares_most_applies(monkeypatch: pytest.MonkeyPatch):
    state = positions()[2]
    applies = counting_applies(monkeypatch)
    search(state.copy(), prune=0, opponent_prune=0)
    shared = applies[0]
    without_sharing(monkeypatch)
    applies[0] = 0
    search(state.copy(), prune=0, opponent_prune=0)
    assert shared < applies[0] / 2, (shared, applies[0])


def test_the_searched_state_is_left_as_it_was():
    state = positions()[3]
    before = state.copy().__getstate__()
    search(state)
    after = state.__getstate__()  # without the position memo (_cache): CycleState._unpickled
    assert before["rng"].state == after["rng"].state
    del before["rng"], after["rng"]
    assert before == after
