"""Helpers shared by the rule tests of every game."""

from __future__ import annotations

import importlib.util
import json
import signal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dreamtable import IllegalActionError, State


def interruptible() -> None:
    """``preexec_fn`` for a command a test stops with Ctrl-C: SIGINT back to its default, so that the
    command's Python raises KeyboardInterrupt. A shell's background job (``cmd &``) starts with SIGINT
    ignored, and its children inherit that: started so, these tests would fail for no fault of the code."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def all_views(state: State) -> list[str]:
    return [json.dumps(state.view(seat), sort_keys=True) for seat in [*range(state.players), None]]


def assert_refused(state: State, seat: int, text: str, *phrases: str) -> str:
    """The move is refused with IllegalActionError naming the rule (``phrases``), and nothing changes."""
    before = all_views(state)
    with pytest.raises(IllegalActionError) as error:
        state.apply(seat, state.game.parse_action(state, seat, text))
    message = str(error.value)
    for phrase in phrases:
        assert phrase in message, f"{phrase!r} not in {message!r}"
    assert all_views(state) == before
    return message


def play(state: State, seat: int, text: str) -> Any:
    """Apply a move written in the game's notation; returns the events."""
    return state.apply(seat, state.game.parse_action(state, seat, text))


def legal(state: State, seat: int) -> set[str]:
    """The legal moves of a seat, in notation."""
    return {str(action) for action in state.legal_actions(seat)}


def benchmark_script(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` loaded as a module (benchmarks/ is not a package)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def leak_b_hand_to_a(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant a leak the hidden-information checks exist for: Sogni e Incubi shows B's cards in A's view
    (as a Secret A may see). The fuzz (tests/cli/test_fuzz.py) and the kit (tests/games/test_kit_hidden.py)
    must both find it."""
    from dreamtable.core.visibility import Secret
    from dreamtable.games.sogni_e_incubi.rules import SogniState

    real = SogniState._view

    def leaky(self: SogniState) -> Any:
        board = real(self)
        cards = board["hands"][1]["cards"]
        board["hands"][1]["cards"] = Secret(cards.value, frozenset({0, 1}), cards.shown_as)
        return board

    monkeypatch.setattr(SogniState, "_view", leaky)
