"""A dreamtable game as a PettingZoo AEC environment (``pip install 'dreamtable[rl]'``).

::

    from dreamtable.adapters import pettingzoo
    env = pettingzoo.env("sogni-e-incubi", players=3, seed=7, order="turn", illegal="raise")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else env.action_space(agent).sample(mask)
        env.step(action)

* **Agents** are the seats: ``player_0`` is seat A, ``player_1`` seat B, …
* **Actions** are the game's fixed action ids (``game.action_id``; the game's ``encoding.py``
  lists them), plus one more, ``wait`` (the last id, ``game.num_distinct_actions()``), which is
  legal only for a seat the game is not waiting for in ``order="cycle"``.
* **Observations** are ``{"observation": game.observation(state, seat), "action_mask": …}``:
  the game's observation tensor (float32) and a 0/1 int8 mask of the ids legal now.
* **Order.** ``order="cycle"`` (the default): every seat steps once per cycle, in seat order; the
  seat the game waited for when the cycle began makes the cycle's one decision and the others
  ``wait``. It is what :func:`parallel_env` runs (one parallel step is one cycle), and what
  PettingZoo's ``max_cycles`` means (every agent steps once a cycle). ``order="turn"``:
  ``agent_selection`` is the seat the game waits for, as at the table (several decisions in a row
  when the rules say so) — fewer steps, for agents that act only on their own decisions.
* **Rewards** come at the end: +1 for each winner, −1 for the others, 0 for all when everyone or
  nobody wins. **Truncation**: after ``max_cycles`` decisions (default: the game's horizon, far
  beyond where random play ends) every agent is truncated with reward 0.
* **Illegal ids**: ``illegal="skip"`` (the default) lets the step pass without a move (it still
  counts towards ``max_cycles``), gives ``illegal_reward`` and puts the id in
  ``infos[agent]["illegal"]`` — what drivers that sample ids without the mask do, PettingZoo's own
  test suites among them. ``illegal="raise"`` raises ``IllegalActionError`` naming the legal ids
  and changes nothing: choose it while writing an agent, so a mask it forgot fails loudly.
* **Seeds**: ``reset(seed=s)`` deals the match of ``game.new(seed=s)``; ``reset()`` without a seed
  deals the next match of a sequence drawn from the last seed given (or the ``seed`` passed to
  :func:`env`). ``reset(options=…)`` is accepted and ignored: the rule options are fixed when
  the environment is made.
* Out-of-turn moves (Dream Cycle's trades and repositioning during another's turn) are not
  offered: only the seat the game waits for acts, as the bots do.
* ``env.match`` is the dreamtable state of the match in play (its record, views, bots…);
  ``env.decisions`` counts the decisions (cycles in cycle order) so far.

**Why the state, not a table.** Everywhere else a match runs through ``core.table.Table``; here the
library owns the loop and hands in one decision at a time, and there is nothing a table adds: no
clock (real-time variants are refused: :func:`~dreamtable.adapters.waiting_seat`), no bot seats (every
seat is the caller's agent), no undo and no saving. So the environment applies ids to the state.
"""

from __future__ import annotations

import operator
import random
from typing import Any

import gymnasium
import numpy
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel_wrapper

from ..core.contract import Game, State
from ..core.errors import IllegalActionError
from . import AdapterError, adapted, returns, waiting_seat

ORDERS = ("turn", "cycle")
ILLEGAL = ("raise", "skip")


def env(game_id: str, players: int | None = None, seed: int | None = None, *, max_cycles: int | None = None,
        order: str = "cycle", illegal: str = "skip", illegal_reward: float = 0.0, render_mode: str | None = None,
        **options: Any) -> "DreamtableEnv":
    """The AEC environment of ``game_id`` for ``players`` seats (default: the fewest it takes), with rule ``options``."""
    return DreamtableEnv(game_id, players, seed, max_cycles=max_cycles, order=order, illegal=illegal,
                         illegal_reward=illegal_reward, render_mode=render_mode, **options)


raw_env = env  # PettingZoo's name for an environment without wrappers (this one needs none)


def parallel_env(game_id: str, players: int | None = None, seed: int | None = None, **kwargs: Any) -> Any:
    """The parallel form: one step is one cycle of the cycle-order environment, in which the seat
    the game waits for acts and every other seat sends ``wait``."""
    if kwargs.get("order", "cycle") != "cycle":
        raise AdapterError("the parallel form steps every agent once a cycle: it runs in order='cycle' only")
    kwargs.pop("order", None)
    return aec_to_parallel_wrapper(env(game_id, players, seed, order="cycle", **kwargs))


class DreamtableEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One match at a time of a dreamtable game, seats as agents (see the module docstring)."""

    def __init__(self, game_id: str, players: int | None = None, seed: int | None = None, *,
                 max_cycles: int | None = None, order: str = "cycle", illegal: str = "skip",
                 illegal_reward: float = 0.0, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        game, players, options = adapted(game_id, players, options)
        if order not in ORDERS:
            raise AdapterError(f"order is one of {', '.join(ORDERS)}, not {order!r:.40}")
        if illegal not in ILLEGAL:
            raise AdapterError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r:.40}")
        if render_mode not in (None, "ansi", "human"):
            raise AdapterError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r:.40}")
        horizon = game.encoding.horizon
        if max_cycles is None:
            max_cycles = horizon
        if type(max_cycles) is not int or max_cycles < 1:
            raise AdapterError(f"max_cycles is a whole number of decisions from 1 (default {horizon}), not {max_cycles!r:.40}")
        if seed is not None and type(seed) is not int:
            raise AdapterError(f"the seed is an int or None, not {seed!r:.40}")
        self.game: Game[Any] = game
        self.players = players
        self.options = options
        self.order = order
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.wait = game.num_distinct_actions()
        self.metadata = {"name": f"dreamtable_{game.id.replace('-', '_')}_v{game.info.version}", "render_modes": ["ansi", "human"],
                         "is_parallelizable": order == "cycle"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        encoding = game.encoding
        observation = gymnasium.spaces.Box(0.0, encoding.high, game.observation_shape(), numpy.float32)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict({
                "observation": observation,
                "action_mask": gymnasium.spaces.Box(0, 1, (self.wait + 1,), numpy.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self.wait + 1) for agent in self.possible_agents}
        self._seeds = random.Random(seed)
        self.match: State[Any] | None = None
        self.decisions = 0
        self._cycle_seat = 0  # in cycle order: the seat that makes this cycle's decision

    def __str__(self) -> str:
        return str(self.metadata["name"])

    # -- the PettingZoo API ----------------------------------------------------------------------
    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            if type(seed) is not int and not isinstance(seed, numpy.integer):
                raise AdapterError(f"the seed is an int or None, not {seed!r:.40}")
            self._seeds = random.Random(int(seed))
            match_seed = int(seed)
        else:
            match_seed = self._seeds.randrange(2 ** 31)
        self.match = self.game.new(players=self.players, seed=match_seed, **self.options)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._cycle_seat = waiting_seat(self.match)
        self.agent_selection = self.possible_agents[0 if self.order == "cycle" else self._cycle_seat]

    def observe(self, agent: str) -> dict[str, Any]:
        state = self._state()
        seat = self.possible_agents.index(agent)
        mask = numpy.zeros(self.wait + 1, dtype=numpy.int8)
        if agent in self.agents and not (self.terminations[agent] or self.truncations[agent]):
            mask[self._legal_ids(seat)] = 1
        return {"observation": self.game.observation(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent].pop("illegal", None)
        action_id = self._read(action)
        if action_id not in self._legal_ids(seat):
            if self.illegal == "raise":
                if action_id != self.wait and not state.is_over:
                    self.game.action_from_id(state, action_id, seat)  # raises, naming the legal ids
                raise IllegalActionError(f"{agent} may only wait now (id {self.wait}); not {action_id}")
            self.infos[agent]["illegal"] = action_id
            self.rewards[agent] = self.illegal_reward
        elif action_id != self.wait:
            state.apply(seat, self.game.action_from_id(state, action_id, seat))
        if self.order == "turn":
            self.decisions += 1
            self._turn_order_next()
        else:
            self._cycle_order_next(seat)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode ('ansi' or 'human') given to env()")
            return None
        import io

        from rich.console import Console

        state = self._state()
        console = Console(record=True, width=120, color_system=None, file=None if self.render_mode == "human" else io.StringIO())
        console.print(self.game.render(state.view(None)))
        text = console.export_text()
        return text if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass

    # -- the match behind it -----------------------------------------------------------------------
    def _state(self) -> State[Any]:
        if self.match is None:
            raise AdapterError("call reset() before using the environment")
        return self.match

    def _legal_ids(self, seat: int) -> list[int]:
        state = self._state()
        if self.order == "cycle":
            deciding = seat == self._cycle_seat and not state.is_over and self.decisions < self.max_cycles
            return self.game.legal_action_ids(state, seat) if deciding else [self.wait]
        if state.is_over or self.decisions >= self.max_cycles:
            return []
        return self.game.legal_action_ids(state, seat) if seat == waiting_seat(state) else []

    def _read(self, action: Any) -> int:
        if isinstance(action, (bool, numpy.bool_)) or action is None:
            raise IllegalActionError(f"an action is an id from 0 to {self.wait}, not {action!r:.40}")
        try:
            action_id = operator.index(action)
        except TypeError:
            raise IllegalActionError(f"an action is an id from 0 to {self.wait}, not {action!r:.40}") from None
        if not 0 <= action_id <= self.wait:
            raise IllegalActionError(f"an action is an id from 0 to {self.wait}, not {action_id}")
        return action_id

    def _end_if_due(self) -> bool:
        """At the end of the match, or past ``max_cycles`` decisions: rewards, terminations or truncations."""
        state = self._state()
        over = state.is_over
        cut = not over and self.decisions >= self.max_cycles
        if over or cut:
            for agent, value in zip(self.possible_agents, returns(state, truncated=cut)):
                self.rewards[agent] += value
                (self.terminations if over else self.truncations)[agent] = True
        return over or cut

    def _turn_order_next(self) -> None:
        if not self._end_if_due():
            self.agent_selection = self.possible_agents[waiting_seat(self._state())]

    def _cycle_order_next(self, seat: int) -> None:
        """Seats step in order; a cycle's end counts its decision and looks for the end (so every
        agent ends on the same cycle, as PettingZoo's parallel form expects)."""
        if seat + 1 < self.players:
            self.agent_selection = self.possible_agents[seat + 1]
            return
        self.decisions += 1
        if not self._end_if_due():
            self._cycle_seat = waiting_seat(self._state())
            self.agent_selection = self.possible_agents[0]


__all__ = ["DreamtableEnv", "env", "parallel_env", "raw_env"]
