"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration samples a world consistent with what the searching seat knows
(``state.determinize``), walks the one shared tree using only the actions legal in that world
(UCB1 with availability counts), adds one node, plays a short random rollout and scores the end
— the result if the game is over, else the game's evaluation for every seat — and backs that up.
Each node keeps the reward of the seat that moved into it, so it works for any number of seats.
"""

from __future__ import annotations

import gc
import math
import random
import time
from typing import Any, Generic, cast

from ..core.contract import A, State
from .base import nothing_to_choose, one_ply_values, values_for_all

CLOCK_SHARE = 0.8
"""The share of a table's time left (or of a pending deadline) a search may use: the rest is for
handing the move back (a server thinks in a worker thread and stores the move)."""


class Node(Generic[A]):
    """A tree node, reached by ``seat`` playing the action its parent files it under
    (``children[seat][action]``); statistics for that seat."""

    __slots__ = ("seat", "children", "visits", "available", "reward", "mean", "ranked", "listed", "state")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.children: dict[int, dict[A, Node[A]]] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.mean = 0.0  # reward / visits, kept by the backup for UCB1, which reads it far more often
        self.ranked: dict[int, list[A]] | None = None  # under pruning: each mover's best actions here, best first
        # (mover, actions, the child of each or None, the actions without one) of the last listing
        # here: the next world usually lists the same actions, and comparing two lists is cheaper
        # than looking every action up again.
        self.listed: tuple[int, list[A], list[Node[A] | None], list[A]] | None = None
        # The position here, shared by every world of a search whose worlds differ only in their rng
        # (``State.same_worlds``) while no chance event has been drawn on the way from the root; read only.
        self.state: State[A] | None = None


_LOGS: list[float] = [0.0] + [math.log(count) for count in range(1, 4096)]
"""``_LOGS[n]`` is ``math.log(n)`` (the same float), looked up by UCB1 instead of computed per child."""


def _log_of(count: int) -> float:
    """``math.log(count)``, growing :data:`_LOGS` to hold it."""
    _LOGS.extend(math.log(more) for more in range(len(_LOGS), 2 * count + 1))
    return _LOGS[count]


class IsmctsAgent:
    """ISMCTS with a budget of ``iterations`` or ``seconds`` (whichever is given; iterations win ties).

    ``rollout_depth`` random moves are played below a new node before the position is scored by
    the game's evaluation (``None``: play to the end). A game without an evaluation always plays
    rollouts to the end. The same seed and the same inputs give the same choices when the budget
    is in iterations.

    ``exploration`` is UCB1's constant. By default it is 0.2 when leaves are scored by the game's
    evaluation — whose values sit close together, so a larger constant spreads the visits almost
    evenly — and 0.7 (about 1/√2) when leaves are scored by playouts to the end. Measured on Deep
    Dreams, ISMCTS(500) against greedy over seeded games: 0.1 won 59% of 100, 0.2 won 64.5% of
    200, 0.3 won 60% of 100, and 0.7 (with 4-move rollouts) about 60% of 100. A game may set its own
    (``search_exploration``): Dream Cycle's values of a Buying Phase's moves differ by thousandths, so
    at 0.2 a search spread its visits evenly over them and read none of them deep.

    ``normalize`` rescales each seat's values to the lowest and highest seen in this search before
    UCB1 compares them (then the default constant is 0.5). ``None`` follows the game's
    ``evaluation_needs_normalizing``. Measured: on Dreamwell, whose moves change the evaluation by
    a few thousandths, ISMCTS(300) against random stalled in 1 of 6 seeded games without it and
    took 150–1,150 moves to win the others; with it, it won all 6 in 50–80 moves. On Deep Dreams it
    won 59–61.5% of 100 games against greedy (constant 0.3–0.5) instead of 64.5%, so it is off there.

    ``prune`` (``None``: the game's ``search_prune``; ``0``: no pruning) searches only the ``prune`` best actions of a
    node by their one-ply value — ranked with the game's evaluation in the world that first reaches
    the node, as the greedy bot ranks them — and tries them best first. Where a turn is many small
    actions of nearly equal worth (Dream Cycle's Buying Phase: about 30 a decision, a phase of five
    to fifteen), the search otherwise spreads its iterations over churn one ply deep; pruned, it
    reads a phase's good sequences several actions deep. Measured in docs/bots.md.

    ``opponent_prune`` (``None``: the game's ``search_opponent_prune``, else as ``prune``; ``0``: no
    pruning) does the same at the nodes where another seat moves: a model of the opponents that
    expects each to play one of its few best moves. With four players three of every four plies are
    the opponents'; searched in full, they take most of the iterations and the searching seat's own
    moves are read hardly deeper than the greedy bot reads them (Deep Dreams, docs/bots.md).

    ``keep_tree`` (``None``: the game's ``search_keeps_tree``) starts a search from the subtree the
    last one grew under the action it chose, when the seat decides again right after that action
    alone and nothing was drawn by chance (the state's rng has not moved): the seat has learnt
    nothing since, so those visits stand. The budget buys new iterations on top of them. Where a
    turn is one seat's many actions in a row (a Buying Phase), each decision then reads further.

    **Shared positions.** Where the state says its worlds differ only in their rng
    (``state.same_worlds(seat)``: nothing hidden from the seat is left to re-sample), each node keeps
    the position reached there when its action drew no chance, and later iterations walk down those
    instead of applying the actions again. It changes the speed only, not a choice.

    **Time kept**. With ``seconds``, the clock starts when ``choose`` is called
    and is read before every iteration; an iteration is started only when the longest one of this
    search would still end before the deadline, so the answer comes within the budget (plus the
    final pick, microseconds) however slow one iteration is on a long turn. ``choose`` also takes
    ``seconds_left``, the time a table's clock leaves this seat (the hook a table calls it with), and
    never thinks past :data:`CLOCK_SHARE` of it nor of the shortest deadline pending in the state
    (``state.timers`` give their full length, an upper bound of what is left), whatever its own
    budget — in iterations too. ``max_seconds`` (a server's cap on every search) is kept the same way.
    With no time for one iteration (a turn's budget already spent on its earlier decisions, a deadline
    at hand) and no kept tree to read, it plays the best move one ply deep in one world, as a greedy bot
    would: the least an informed choice costs (one evaluation a legal move), and never a random move
    that undoes its own turn.

    After each search, ``last_iterations`` is how many iterations ran, ``last_seconds`` how long
    ``choose`` took and ``last_stats`` the searching seat's root moves as ``(action, visits, mean
    value)``, most visited first (the mean value is the search's estimate of the seat's share of
    the win after that move: results count 1 or 0, unfinished leaves the game's evaluation).
    """

    name = "ismcts"
    takes_time_left = True
    """``choose`` takes ``seconds_left=``: a table that knows its clock passes the time left (the hook)."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 500,
        seconds: float | None = None,
        exploration: float | None = None,
        rollout_depth: int | None = 0,
        normalize: bool | None = None,
        prune: int | None = None,
        opponent_prune: int | None = None,
        keep_tree: bool | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs a budget: iterations or seconds")
        if iterations is not None and iterations < 1:
            raise ValueError(f"an ISMCTS budget is at least 1 iteration, not {iterations}")
        if seconds is not None and not 0 < seconds < math.inf:
            raise ValueError(f"an ISMCTS budget in seconds is more than 0 and finite, not {seconds}")
        for pruning in (prune, opponent_prune):
            if pruning is not None and pruning < 0:
                raise ValueError(f"ISMCTS pruning keeps at least 1 action a node (0: all of them), not {pruning}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.max_seconds: float | None = None
        """A hard cap on every search's time, whatever its budget (iterations too): a server's
        ``max_search_seconds``, set by the pool that runs the search. ``None``: no cap."""
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_stats: list[tuple[Any, int, float]] = []
        self._c = 0.7
        self.normalize = normalize
        self._normalizing = False
        self._low: list[float] = []
        self._high: list[float] = []
        self.prune = prune
        self.opponent_prune = opponent_prune
        self._prune: int | None = None
        self._opponent_prune: int | None = None
        self._seat = 0
        self._same_worlds = False
        self.keep_tree = keep_tree
        # What the last search left for the next one: the moves up to the position searched, the state's
        # rng there, the seat, the action chosen and the subtree under it (see _kept_root).
        self._kept: tuple[list[Any], int, int, Any, Node[Any]] | None = None

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle of the bot keeps (a server sends it to a worker process and back): all of it but
        the positions shared in the kept subtree, which the next search drops anyway (they were dealt
        for the last search's root) and which would make the pickle many times larger."""
        if self._kept is not None:
            _forget_positions(self._kept[4])
        return dict(self.__dict__)

    def choose(self, state: State[A], seat: int, seconds_left: float | None = None) -> A:
        """The most visited root action after the search; within the time budget and ``seconds_left``."""
        start = time.perf_counter()
        # The cyclic collector is paused while the search runs: its full collections walk every object
        # alive (the tree among them) and took up to a fifth of a 1 s search in four-player Dream Cycle,
        # landing inside single iterations that the longest-iteration guard could not foresee (one
        # answer came 12% past its budget). The search's garbage goes by reference counting; any cycles
        # wait for the next collection after the move.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._choose(state, seat, start, seconds_left)
        finally:
            if collecting:
                gc.enable()
            self.last_seconds = time.perf_counter() - start

    def time_limit(self, state: State[A], seconds_left: float | None = None) -> float | None:
        """The seconds this search may take on ``state``: its own budget, capped by :attr:`max_seconds`,
        the table's ``seconds_left`` and the shortest pending deadline (:data:`CLOCK_SHARE` of each);
        ``None``: no limit."""
        limits = [budget for budget in (self.seconds, self.max_seconds) if budget is not None]
        if seconds_left is not None:
            limits.append(max(0.0, seconds_left) * CLOCK_SHARE)
        limits.extend(max(0.0, float(timer.seconds)) * CLOCK_SHARE for timer in state.timers)
        return min(limits) if limits else None

    def _choose(self, state: State[A], seat: int, start: float, seconds_left: float | None) -> A:
        game = state.game
        legal = state.legal_actions(seat)
        if not legal:
            raise nothing_to_choose(state, seat)
        self.last_iterations = 0
        self.last_stats = []
        keep = game.search_keeps_tree if self.keep_tree is None else self.keep_tree
        moves = state.history() if keep else []
        kept = self._kept_root(state, seat, moves) if keep else None
        self._kept = None
        if len(legal) == 1:
            return legal[0]
        root: Node[A] = kept if kept is not None else Node(None)
        limit = self.time_limit(state, seconds_left)
        deadline = None if limit is None else start + limit
        done = 0
        longest = 0.0  # the longest iteration so far: the next one starts only if that much time is left
        # A game without an evaluation gets rollouts to the end.
        has_evaluation = game.evaluate(state, seat) is not None
        self._normalizing = has_evaluation and (
            game.evaluation_needs_normalizing if self.normalize is None else self.normalize
        )
        default_c = 0.5 if self._normalizing else 0.2 if has_evaluation else 0.7
        if has_evaluation and not self._normalizing and game.search_exploration is not None:
            default_c = game.search_exploration
        self._c = self.exploration if self.exploration is not None else default_c
        self._prune = game.search_prune if self.prune is None else self.prune or None
        opponent_prune = self.opponent_prune if self.opponent_prune is not None else game.search_opponent_prune
        self._opponent_prune = self._prune if opponent_prune is None else opponent_prune or None
        self._seat = seat
        self._same_worlds = state.same_worlds(seat)
        if kept is not None:
            _forget_positions(kept)  # they were dealt for the last search's root
        self._low = [math.inf] * state.players
        self._high = [-math.inf] * state.players
        now = time.perf_counter()
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and now + longest >= deadline:
                break
            self._iterate(root, state.determinize(seat, self.rng), has_evaluation)
            done += 1
            before, now = now, time.perf_counter()
            longest = max(longest, now - before)
        self.last_iterations = done
        self.last_stats = sorted(
            ((action, child.visits, child.reward / child.visits)
             for action, child in root.children.get(seat, {}).items() if action in legal and child.visits),
            key=lambda stat: -stat[1],
        )
        if not self.last_stats:
            return self._one_ply_best(state, seat, legal)
        chosen: A = self.last_stats[0][0]
        if keep:
            self._kept = (moves, _rng_state(state), seat, chosen, root.children[seat][chosen])
        return chosen

    def _one_ply_best(self, state: State[A], seat: int, legal: list[A]) -> A:
        """The legal action with the best value one ply ahead in one world (the first of equals)."""
        values = one_ply_values(state.determinize(seat, self.rng), seat, legal)
        return legal[values.index(max(values))]

    def _kept_root(self, state: State[A], seat: int, moves: list[Any]) -> Node[A] | None:
        """The subtree the last search left under the action it chose, when ``state`` is that position
        after that action alone (the seat's own, using no chance: the state's rng has not moved), so
        that the seat has learnt nothing since; else ``None``."""
        if self._kept is None:
            return None
        before, rng_state, kept_seat, action, child = self._kept
        if (kept_seat != seat or _rng_state(state) != rng_state or len(moves) != len(before) + 1
                or moves[-1] != (seat, action) or moves[:-1] != before):
            return None
        return cast("Node[A]", child)

    def _iterate(self, root: Node[A], world: State[A], has_evaluation: bool) -> None:
        rng = self.rng
        node = root
        path = [root]
        depth = self.rollout_depth if has_evaluation else None
        rolls = depth is None or depth > 0
        # While the worlds differ only in their rng, the descent reads each node's shared position
        # (``shared``) instead of applying its action again: applying and listing moves were two
        # fifths of Dream Cycle's search. ``world`` then only lends its fresh rng to the first position
        # the descent must own: a new node's, or one below a chance event.
        shared: State[A] | None = None
        if self._same_worlds:
            shared = root.state
            if shared is None:
                shared = root.state = world.copy()  # its own rng: the first world's moves on
        # Selection and expansion.
        while True:
            here = world if shared is None else shared
            if here.is_over:
                break
            actors = here.actors
            if not actors:
                if shared is not None:
                    world, shared = _own(shared, world), None
                if not _expire_first_timer(world):
                    return
                continue
            mover = actors[0]
            legal = here.legal_actions(mover)
            keep = self._prune if mover == self._seat else self._opponent_prune
            pruned = False
            if keep is not None and len(legal) > keep:
                pruned = True
                legal = self._candidates(node, here, world, mover, legal, keep)
            listed = node.listed
            if listed is None or listed[0] != mover or listed[1] != legal:
                table = node.children.get(mover)
                if table is None:
                    table = node.children[mover] = {}
                found = list(map(table.get, legal))  # the child of each legal action, None if untried
                untried = [action for action, kid in zip(legal, found) if kid is None] if None in found else []
                listed = node.listed = (mover, legal, found, untried)
            found, untried = listed[2], listed[3]
            if untried:
                action = untried[0] if pruned else rng.choice(untried)  # pruned: the best ranked first
                child: Node[A] = Node(mover)
                node.children[mover][action] = child
                # Every legal child was available once more (once per listing of its action).
                for kid in found:
                    if kid is not None:
                        kid.available += 1
                child.available = untried.count(action)
                if child.available == 1:  # the listing holds again with the new child in its place
                    found[legal.index(action)] = child
                    untried.remove(action)
                else:
                    node.listed = None
                if shared is None:
                    world.apply(mover, action)
                else:
                    world, shared = _own(shared, world), None
                    drawn = world.rng.state
                    world.apply(mover, action)
                    if world.rng.state == drawn:  # no chance drawn: every world reaches this position
                        child.state = world.copy() if rolls else world
                path.append(child)
                break
            kids = cast("list[Node[A]]", found)  # none is None here
            action, node = self._select(mover, legal, kids)
            path.append(node)
            if shared is not None:
                if node.state is not None:
                    shared = node.state
                    continue
                world, shared = _own(shared, world), None
            world.apply(mover, action)
        if shared is not None:  # the descent ended on a finished game
            world = shared
        # Rollout.
        steps = 0
        while not world.is_over and (depth is None or steps < depth):
            actors = world.actors
            if not actors:
                if not _expire_first_timer(world):
                    break
                continue
            mover = actors[0]
            world.apply(mover, rng.choice(world.legal_actions(mover)))
            steps += 1
        # Scoring and backup.
        values = values_for_all(world)
        for seat, value in enumerate(values):
            if value < self._low[seat]:
                self._low[seat] = value
            if value > self._high[seat]:
                self._high[seat] = value
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += values[visited.seat]
                visited.mean = visited.reward / visited.visits

    def _candidates(self, node: Node[A], here: State[A], world: State[A], mover: int, legal: list[A], keep: int) -> list[A]:
        """The mover's actions searched at ``node`` (whose position is ``here``: ``world`` or a shared
        one): its ``keep`` best by one-ply value, ranked in the first world that reaches the node, that
        are legal in this one (all of ``legal`` if none is)."""
        ranked = node.ranked
        if ranked is None:
            ranked = node.ranked = {}
        best = ranked.get(mover)
        if best is None:
            # A shared position is ranked on a copy with this world's rng: a move may draw chance.
            values = one_ply_values(here if here is world else _own(here, world), mover, legal)
            order = sorted(range(len(legal)), key=values.__getitem__, reverse=True)
            best = ranked[mover] = [legal[index] for index in order[:keep]]
            return best
        allowed = set(legal)
        return [action for action in best if action in allowed] or legal

    def _select(self, mover: int, legal: list[A], kids: list[Node[A]]) -> tuple[A, Node[A]]:
        """UCB1 over the children legal in this world (``kids[i]`` is ``legal[i]``'s; each was available
        once more): the action and its child."""
        best_child: Node[A] | None = None
        best_score = -math.inf
        low, spread = 0.0, 1.0
        if self._normalizing and self._high[mover] > self._low[mover]:
            low, spread = self._low[mover], self._high[mover] - self._low[mover]
        c = self._c
        sqrt = math.sqrt
        logs = _LOGS
        for child in kids:
            child.available = available = child.available + 1
            visits = child.visits
            try:
                log_available = logs[available]
            except IndexError:
                log_available = _log_of(available)
            score = (child.mean - low) / spread + c * sqrt(log_available / visits)
            if score > best_score:
                best_child, best_score = child, score
        assert best_child is not None
        # Its action: the loop above is the hot spot of a search and does not carry it along (an
        # action listed twice has one child, so the first of them is the same action).
        return legal[kids.index(best_child)], best_child


def _own(shared: State[A], world: State[A]) -> State[A]:
    """A copy of the shared position ``shared`` to play on, with ``world``'s own (fresh) rng."""
    mine = shared.copy()
    mine.rng = world.rng
    return mine


def _forget_positions(node: Node[Any]) -> None:
    """Drop the shared positions of ``node``'s subtree."""
    stack = [node]
    while stack:
        here = stack.pop()
        here.state = None
        for table in here.children.values():
            stack.extend(table.values())


def _rng_state(state: State[Any]) -> int:
    """Where the state's random numbers stand: it moves whenever a move draws a chance event."""
    return state.rng.state


def _expire_first_timer(world: State[A]) -> bool:
    """Nobody may act but a deadline is pending: let it pass (as a chance event in the search)."""
    timers = world.timers
    if not timers:
        return False
    world.expire(timers[0])
    return True
