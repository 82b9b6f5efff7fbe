"""The toy game (examples/toy-game) for the workbench's tests of real-time batch play."""

from tests.core.conftest import tap  # noqa: F401  (a fixture, used by name)
