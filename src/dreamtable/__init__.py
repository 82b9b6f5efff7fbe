"""dreamtable: play, simulate and study five dream-themed tabletop games.

The whole public surface::

    import dreamtable
    dreamtable.games()                       # facts of every game
    game = dreamtable.load("sogni-e-incubi")
    state = game.new(players=2, seed=7)
    seat = state.actors[0]
    state.apply(seat, state.legal_actions(seat)[0])
    dreamtable.replay(state.record())        # the same state again
    table = dreamtable.Table(state, {1: bot})  # one match with seats, clock, bots, undo, saving
"""

# The game packages live in ``dreamtable.games``, and ``dreamtable.games()`` is the contract's
# list of games. Importing the package first and binding the function after it keeps the name
# on the function: Python binds a subpackage to its parent only on its first import.
from . import games as _game_packages  # noqa: F401  (imported for the binding order above)
from .core.clock import RealClock, SimulatedClock
from .core.contract import Game, GameInfo, Option, Outcome, State, Timer
from .core.errors import DreamtableError, IllegalActionError, NotationError, OptionError, RecordError, SetupError, UnknownGameError
from .core.table import Table, UndoError
from .core.record import Record
from .core.registry import games, load, replay
from .core.rng import Rng

__version__ = "0.1.0"

__all__ = [
    "DreamtableError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "Option",
    "OptionError",
    "Outcome",
    "Record",
    "RealClock",
    "RecordError",
    "Rng",
    "SetupError",
    "SimulatedClock",
    "State",
    "Table",
    "Timer",
    "UndoError",
    "UnknownGameError",
    "games",
    "load",
    "replay",
]
