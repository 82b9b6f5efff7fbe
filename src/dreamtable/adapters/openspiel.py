"""dreamtable games as OpenSpiel Python games (``pip install 'dreamtable[rl]'``).

::

    from dreamtable.adapters import openspiel
    game = openspiel.load("deep-dreams", players=3)    # a pyspiel.Game, registered on first use
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

Each game is registered with pyspiel as ``dreamtable_<id>`` (``dreamtable_deep_dreams``), so
``pyspiel.load_game("dreamtable_deep_dreams", {"players": 3})`` works once :func:`register` (or
:func:`load`) has run. Its parameters: ``players``, ``seed`` and ``deals`` (which deals the chance
node chooses among), ``max_moves`` (the horizon) and every rule option whose value is a number,
a flag or a word (Dream Cycle's tables keep their defaults).

**The game type.**

* *Sequential*: one seat acts at a time — the seat the game waits for (``actors[0]``); Dream
  Cycle's out-of-turn trades and repositioning are not offered, as for the bots.
* *Imperfect information*: hands, decks and face-down tiles are hidden.
* *Explicit stochastic* chance, in one chance node: the first node of every match deals it,
  choosing its seed among ``deals`` equally likely ones (the match seed is
  ``seed × deals + outcome``). The engine is deterministic given that seed — every later draw (a
  card from the deck, the display refilled, Dream Cycle's die and new rows) comes from the
  state's generator, seeded by it — so this one node holds all the game's chance, and nobody
  observes its outcome, only what the deal shows each seat. (The rules do not expose each draw as
  a choice among outcomes, so the draws cannot be chance nodes of their own; and a *sampled*
  stochastic Python game cannot be serialised, since pyspiel asks the game for an RNG state that
  a Python game cannot give.) ``resample_from_infostate`` deals a world the seat cannot tell from
  the real one (``state.determinize``), so OpenSpiel's ISMCTS can search.
* *General sum*: +1 for each winner, −1 for the others, 0 for all when everyone or nobody wins
  or the match was cut at ``max_moves`` (``max_game_length``).
* ``num_distinct_actions`` is the game's fixed id count (``game.num_distinct_actions()``).
* Observation tensor: the game's (``game.observation``), one named piece per part of its
  layout. Observation string: the seat's view (JSON). Information-state string: the seat's view
  now and a digest of everything it has been told, event by event (perfect recall): a SHA-256
  chained over each event as the seat saw it, with their count. The digest is extended by the new
  events only, so a string costs the same at move 10 and at move 10,000 — the events themselves,
  written out, made each string as long as the game so far and a whole game quadratic (35 ms a
  string at move 8,000 of Dreamwell). Two histories a seat can tell apart give two strings (a
  collision of SHA-256 aside); read the events themselves from ``state.dealt().log(seat)``. There
  is no information-state tensor, since no fixed-size tensor holds the history of a game of
  thousands of moves.
* Each seat's board is built once per position, however many of the strings ask for it.

**Why the state, not a table.** Everywhere else a match runs through ``core.table.Table``; here
OpenSpiel owns the loop (its states are cloned, resampled and stepped by its own algorithms), and a
table's clock, bot seats, undo and saving have no part in that: real-time variants are refused and
each ``apply_action`` applies one id to the dreamtable state.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

import numpy
import pyspiel

from ..core.contract import Game, State
from ..core.registry import load as load_game
from ..core.visibility import reveal
from . import AdapterError, adapted, returns, waiting_seat

PREFIX = "dreamtable_"
DEALS = 2 ** 16
"""How many deals the chance node chooses among by default."""
_registered: dict[str, str] = {}


def short_name(game_id: str) -> str:
    """The pyspiel name of a dreamtable game: ``dreamtable_deep_dreams``."""
    return PREFIX + game_id.replace("-", "_")


def _scalar(value: Any) -> bool:
    return type(value) in (int, float, str, bool)


def register(game_id: str) -> str:
    """Register ``game_id`` with pyspiel (once) and return its short name."""
    if game_id in _registered:
        return _registered[game_id]
    game, _, _ = adapted(game_id, None, {})
    info = game.info
    name = short_name(game.id)
    parameters: dict[str, Any] = {"players": info.min_players, "seed": 0, "deals": DEALS, "max_moves": game.encoding.horizon}
    parameters.update({opt.name: opt.default for opt in info.options if _scalar(opt.default)})
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"dreamtable {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )

    # A class, as OpenSpiel's own Python games register: pyspiel keeps the creator until the process
    # ends, after Python has shut down, and a class outlives that (a closure would be freed then, and abort).
    creator = type(f"DreamtableGame_{name[len(PREFIX):]}", (DreamtableGame,), {"game_id": game.id, "game_type": game_type})
    pyspiel.register_game(game_type, creator)
    _registered[game_id] = name
    return name


def load(game_id: str, players: int | None = None, seed: int = 0, max_moves: int | None = None, deals: int = DEALS,
         **options: Any) -> Any:
    """The pyspiel game of ``game_id`` (registered on first use) for ``players`` seats, with rule ``options``."""
    name = register(game_id)
    game = load_game(game_id)
    params: dict[str, Any] = {"players": game.info.min_players if players is None else players, "seed": seed, "deals": deals}
    if max_moves is not None:
        params["max_moves"] = max_moves
    for key, value in options.items():
        if not _scalar(value):
            raise AdapterError(f"OpenSpiel parameters are numbers, flags or words: {key}={value!r:.40} cannot be given")
        params[key] = value
    known = {"players", "seed", "deals", "max_moves"} | {opt.name for opt in game.info.options if _scalar(opt.default)}
    unknown = sorted(set(params) - known)
    if unknown:
        raise AdapterError(f"{short_name(game_id)} has no parameter {', '.join(unknown)}; its parameters: {', '.join(sorted(known))}")
    return pyspiel.load_game(name, params)


class DreamtableGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A dreamtable game seen by OpenSpiel: its facts, and the deals its chance node chooses among."""

    game_id: str
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id, game_type = self.game_id, self.game_type
        params = dict(params or {})
        players, seed, deals, max_moves = (params.pop(key) for key in ("players", "seed", "deals", "max_moves"))
        game, players, options = adapted(game_id, players, params)
        if type(max_moves) is not int or max_moves < 1:
            raise AdapterError(f"max_moves is a whole number of decisions from 1, not {max_moves!r:.40}")
        if type(deals) is not int or not 1 <= deals <= 2 ** 20:
            raise AdapterError(f"deals is a whole number from 1 to {2 ** 20}, not {deals!r:.40}")
        if type(seed) is not int or seed < 0:
            raise AdapterError(f"seed is a whole number from 0, not {seed!r:.40}")
        self.dreamtable: Game[Any] = game
        self.options = options
        self.max_moves = max_moves
        self.first_seed = seed * deals
        self.deals = deals
        self.chance_outcomes = _outcomes(deals)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(),
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=max_moves,
        )
        super().__init__(game_type, info, {"players": players, "seed": seed, "deals": deals, "max_moves": max_moves, **params})

    def new_initial_state(self) -> "DreamtableState":
        return DreamtableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
        if params:
            raise AdapterError(f"the observers take no parameters, not {params!r:.80}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.dreamtable, perfect_recall)


@functools.lru_cache(maxsize=8)
def _outcomes(deals: int) -> list[tuple[int, float]]:
    """The chance node's outcomes, built once per count (shared: never change the list)."""
    return [(outcome, 1.0 / deals) for outcome in range(deals)]


def _board(state: State[Any], seat: int | None, view: Any) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may know of the position now, as JSON-ready values: the
    game's board (``view``: ``state._view()``), who may act, what it is asked and the outcome (a view
    without its event sentences)."""
    outcome = state.outcome
    return {"board": reveal(view, seat), "actors": list(state.actors), "ask": state.ask(seat),
            "outcome": None if outcome is None else [list(outcome.scores), list(outcome.winners), outcome.reason]}


class Match:
    """The dreamtable state behind a pyspiel state (``None`` before the deal), copied with
    ``State.copy`` (OpenSpiel clones a state by deep-copying its attributes) and pickled whole (its
    serialisation), pointing back at the one game object when read again.

    It keeps, for the position it holds, each seat's board as JSON (``boards``, emptied by
    :meth:`moved`) and each seat's digest of the events it was told (``told``: the log node it
    reached, the count and the digest), which a copy shares: the log is a persistent linked list,
    so a node reached once stays the same prefix of every later log of this match."""

    def __init__(self, state: State[Any] | None = None) -> None:
        self.state = state
        self.view: Any = None
        """The game's view of this position, secrets still wrapped (built once, revealed per seat)."""
        self.boards: dict[int | None, str] = {}
        self.told: dict[int, tuple[Any, int, bytes]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> "Match":
        twin = Match(None if self.state is None else self.state.copy())
        twin.view, twin.boards, twin.told = self.view, dict(self.boards), dict(self.told)  # the same position
        return twin

    def moved(self) -> None:
        """The position changed: the view and boards are rebuilt when next asked."""
        self.view = None
        self.boards.clear()

    def board(self, seat: int | None) -> str:
        """``seat``'s board now, as sorted JSON (built once per position)."""
        state = self.state
        assert state is not None
        found = self.boards.get(seat)
        if found is None:
            if self.view is None:
                self.view = state._view()
            found = self.boards[seat] = json.dumps(_board(state, seat, self.view), sort_keys=True)
        return found

    def digest(self, seat: int) -> tuple[int, str]:
        """How many events ``seat`` has been told, and the SHA-256 chained over them as it saw them."""
        assert self.state is not None
        head = self.state._log
        reached, count, digest = self.told.get(seat, (None, 0, b""))
        new: list[Any] = []
        node = head
        while node is not None and node is not reached:
            node, event = node
            new.append(event)
        if node is not reached:  # not a later log of the same match (never in OpenSpiel's use): start over
            count, digest = 0, b""
        for event in reversed(new):
            told = json.dumps(event.seen_by(seat), sort_keys=True).encode()
            digest = hashlib.sha256(digest + told).digest()
            count += 1
        self.told[seat] = (head, count, digest)
        return count, digest.hex()

    def __getstate__(self) -> dict[str, Any]:
        return {"state": self.state}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        state = fields["state"]
        if state is not None:
            state.game = load_game(state.game.info.id)
        self.state = state
        self.view = None
        self.boards = {}
        self.told = {}


class DreamtableState(pyspiel.State):  # type: ignore[misc]
    """One match, as OpenSpiel sees it: a chance node that deals it, then the seats' decisions."""

    def __init__(self, game: DreamtableGame) -> None:
        super().__init__(game)
        self.match = Match()
        self.moves = 0
        self.max_moves = game.max_moves

    def dealt(self) -> State[Any]:
        """The dreamtable state (``AdapterError`` at the chance node, before the deal)."""
        state = self.match.state
        if state is None:
            raise AdapterError("the match is not dealt yet: apply a chance outcome first")
        return state

    # -- the OpenSpiel API ------------------------------------------------------------------------
    def current_player(self) -> int:
        state = self.match.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over or self.moves >= self.max_moves:
            return int(pyspiel.PlayerId.TERMINAL)
        return waiting_seat(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game: DreamtableGame = self.get_game()
        return game.chance_outcomes if self.match.state is None else []

    def _legal_actions(self, player: int) -> list[int]:
        state = self.dealt()
        return state.game.legal_action_ids(state, player)

    def _apply_action(self, action: int) -> None:
        if self.match.state is None:
            game: DreamtableGame = self.get_game()
            if not 0 <= action < game.deals:
                raise AdapterError(f"a deal is an outcome from 0 to {game.deals - 1}, not {action}")
            self.match = Match(game.dreamtable.new(players=game.num_players(), seed=game.first_seed + int(action), **game.options))
            return
        state = self.match.state
        seat = waiting_seat(state)
        state.apply(seat, state.game.action_from_id(state, int(action), seat))
        self.match.moved()
        self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        game: Game[Any] = self.get_game().dreamtable
        move = game.encoding.action_of_id(int(action), self.match.state) if 0 <= action < game.num_distinct_actions() else None
        return f"{'ABCDEFGHIJ'[player] if 0 <= player < 10 else player}: {move if move is not None else f'id {action}'}"

    def is_terminal(self) -> bool:
        state = self.match.state
        return state is not None and (state.is_over or self.moves >= self.max_moves)

    def returns(self) -> list[float]:
        state = self.match.state
        if state is None:
            return [0.0] * self.num_players()
        return returns(state, truncated=not state.is_over)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "DreamtableState":
        """A state ``player_id`` cannot tell from this one, everything hidden from it dealt anew
        (``state.determinize``) with randomness from ``probability_sampler`` (uniform in [0, 1))."""
        twin: DreamtableState = self.clone()
        if self.match.state is not None:
            twin.match = Match(self.match.state.determinize(player_id, _Sampler(probability_sampler)))
        return twin

    def __str__(self) -> str:
        state = self.match.state
        if state is None:
            return "(not dealt)"
        return f'{{"moves": {self.moves}, {self.match.board(None)[1:]}'  # the keys stay sorted: "moves" first


class _Sampler:
    """``random()`` from an OpenSpiel probability sampler (or anything called for a float in [0, 1))."""

    def __init__(self, sampler: Any) -> None:
        self.sampler = sampler

    def random(self) -> float:
        value = float(self.sampler())
        return min(max(value, 0.0), 0.9999999999999999)


class Observer:
    """OpenSpiel's observer of a dreamtable game: the observation tensor (one named piece per part
    of the game's layout) and string, or with perfect recall the information-state string."""

    def __init__(self, game: Game[Any], perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        if perfect_recall:
            self.tensor: Any = None
            self.dict: dict[str, Any] = {}
            return
        self.tensor = numpy.zeros(game.observation_shape(), numpy.float32)
        self.dict = {}
        start = 0
        for name, shape in game.observation_layout():
            size = int(numpy.prod(shape))
            self.dict[name] = self.tensor[start:start + size].reshape(shape)
            start += size

    def set_from(self, state: DreamtableState, player: int) -> None:
        if self.tensor is not None:
            match = state.match.state
            if match is None:
                self.tensor.fill(0)
            else:
                self.tensor[:] = self.game.observation(match, player)

    def string_from(self, state: DreamtableState, player: int) -> str:
        match = state.match.state
        if match is None:
            return "(not dealt)"
        now = state.match.board(player)
        if not self.perfect_recall:
            return now
        count, digest = state.match.digest(player)
        return f'{now[:-1]}, "told": {{"digest": "{digest}", "events": {count}}}}}'  # "told" sorts last


__all__ = ["DreamtableGame", "DreamtableState", "load", "register", "short_name"]
