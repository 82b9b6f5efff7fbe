"""The toy game of the core tests: Tap, installed from its own distribution (examples/toy-game)."""

import pytest

import dreamtable


@pytest.fixture
def tap():
    """Tap, loaded like any installed game."""
    return dreamtable.load("tap")
