"""The toy game of the core tests, made known to the registry for the length of a test."""

import pytest

import dreamtable
from dreamtable.core import registry


@pytest.fixture
def tap(monkeypatch):
    """Tap (tests/core/toy_game.py), loaded like any installed game."""
    monkeypatch.setitem(registry._registered, "tap", "tests.core.toy_game:GAME")
    monkeypatch.delitem(registry._loaded, "tap", raising=False)
    return dreamtable.load("tap")
