"""Kit checks of hidden information: what a seat cannot tell apart must not act apart.

Generic, through the contract only, for every game:

* :func:`check_distinguishability` — a state and a world ``determinize(seat)`` made of it differ
  in hidden items but not for ``seat``: both give the seat the same view, prompt, actors, legal
  actions and action forms; the same public move by another seat leaves them alike for ``seat``
  (unless the move showed ``seat`` something, by the reveal test of core/reveals.py); and determinising
  either for ``seat`` gives worlds of the same distribution.
* :func:`check_resamples_hidden` — over K worlds ``determinize(seat)`` re-deals every item hidden
  from ``seat``: no such item (a leaf of another seat's view that ``seat`` sees otherwise) keeps
  its true value in every world, and none is favoured over what the worlds agree on among themselves.
* :func:`check_seat_logs` — ``replay(record)`` gives every seat the same log, and the words of
  an event never name a hidden item that the reader may not see.

Each raises ``AssertionError`` saying the game, seed, seat and what differed; sizes are small
by default (``make test``), and a deeper run passes larger ``worlds``.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterator

from .contract import State
from .errors import IllegalActionError
from .record import Record
from .registry import replay
from .visibility import Secret, reveal


def _json(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def _where(state: State[Any], seat: int | None = None) -> str:
    told = f" seat={seat}" if seat is not None else ""
    return f"{state.game.id} players={state.players} seed={state.seed} move={len(state.history())}{told}"


def _forms(state: State[Any], seat: int) -> str:
    return _json([form.to_json() for form in state.action_forms(seat)])


def seat_facts(state: State[Any], seat: int) -> dict[str, Any]:
    """Everything the contract tells ``seat`` now: view, log, who acts, its moves and forms."""
    return {
        "view": _json(state.view(seat)),
        "log": _json(state.log(seat)),
        "actors": list(state.actors),
        "timers": [(timer.name, timer.seat) for timer in state.timers],
        "prompt": state.prompt(seat),
        "ask": state.ask(seat),
        "legal": [str(action) for action in state.legal_actions(seat)],
        "forms": _forms(state, seat),
    }


def _first_difference(mine: dict[str, Any], other: dict[str, Any]) -> str:
    for key in mine:
        if mine[key] != other[key]:
            return f"{key}: {str(mine[key])[:300]} != {str(other[key])[:300]}"
    return "nothing"


_MISSING = object()


Path = tuple[Any, ...]
"""Where a leaf sits in a board: its keys and list indexes from the top."""


def _unseen_leaves(theirs: Any, mine: Any, public: Any, path: Path = ()) -> Iterator[tuple[Path, str]]:
    """The leaves of ``theirs`` that differ from both ``mine`` and ``public`` at the same place;
    equal subtrees are skipped whole (boards are large, hidden parts few)."""
    if theirs == mine or theirs == public:
        return
    if isinstance(theirs, dict):
        for key, value in theirs.items():
            yield from _unseen_leaves(value, _get(mine, key), _get(public, key), (*path, key))
    elif isinstance(theirs, list) and any(isinstance(value, (dict, list)) for value in theirs):
        for index, value in enumerate(theirs):
            yield from _unseen_leaves(value, _get(mine, index), _get(public, index), (*path, index))
    else:
        yield path, _json(theirs)


def _at(item: Any, path: Path) -> Any:
    """The value at ``path`` in a board (``_MISSING`` when it has no such place), as JSON."""
    for key in path:
        item = _get(item, key)
    return _MISSING if item is _MISSING else _json(item)


def _written(path: Path) -> str:
    return "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in path)


def _get(item: Any, key: Any) -> Any:
    if isinstance(item, dict):
        return item.get(key, _MISSING)
    if isinstance(item, list) and isinstance(key, int) and key < len(item):
        return item[key]
    return _MISSING


def hidden_leaves(state: State[Any], seat: int, other: int, boards: dict[int | None, Any] | None = None) -> dict[Path, str]:
    """The leaves of ``other``'s board that ``seat`` sees otherwise (or not at all) and a spectator
    does not see as ``other`` does: what ``other`` knows and ``seat`` does not (``seat``'s own hand,
    which ``other`` sees as a spectator would, is not hidden from ``seat``). ``boards`` caches boards by seat."""
    boards = {} if boards is None else boards
    for viewer in (seat, None, other):
        if viewer not in boards:
            boards[viewer] = state.view(viewer)["board"]
    return dict(_unseen_leaves(boards[other], boards[seat], boards[None]))


def _world_differing(state: State[Any], seat: int, rng: random.Random, tries: int = 8) -> State[Any] | None:
    """A world of ``state`` for ``seat`` whose hidden items differ from the truth (None if none found)."""
    truth = [_json(state.view(other)) for other in range(state.players)]
    for _ in range(tries):
        world = state.determinize(seat, rng)
        if [_json(world.view(other)) for other in range(state.players)] != truth:
            return world
    return None


def _hidden_frequencies(state: State[Any], seat: int, worlds: int, seed: int) -> tuple[list[str], Counter[tuple[str, str]]]:
    """``seat``'s own view in each of ``worlds`` worlds, and how often each hidden leaf value occurred."""
    rng = random.Random(seed)
    own: list[str] = []
    counts: Counter[tuple[str, str]] = Counter()
    for _ in range(worlds):
        world = state.determinize(seat, rng)
        own.append(_json(world.view(seat)))
        boards: dict[int | None, Any] = {}
        for other in range(state.players):
            if other != seat:
                for path, value in hidden_leaves(world, seat, other, boards).items():
                    counts[(f"seat {other}{_written(path)}", value)] += 1
    return own, counts


def check_distinguishability(state: State[Any], seat: int, *, worlds: int = 16, seed: int = 0,
                             tolerance: float = 0.5, actions: int = 3) -> bool:
    """Two states ``seat`` cannot tell apart act alike for ``seat`` (check a).

    The second state is a world of ``determinize(seat)`` whose hidden items differ; up to
    ``actions`` moves of each other actor are played in both. Returns whether such a world was
    found (``False``: nothing was hidden from the seat).
    """
    rng = random.Random(seed)
    twin = _world_differing(state, seat, rng)
    if twin is None:
        return False
    where = _where(state, seat)
    mine, theirs = seat_facts(state, seat), seat_facts(twin, seat)
    if mine != theirs:
        raise AssertionError(f"{where}: a world it cannot tell apart gives it other facts: {_first_difference(mine, theirs)}")
    # The same public move by another seat, where it is legal in both: when the seat is told the
    # same events of it and no chance was drawn, it sees the same after it (a board that changes
    # with no event to say so shows a hidden holding, as Sogni e Incubi's known cards once did);
    # when the events differ, the move must have shown the seat something (a card from the deck:
    # the test of core/reveals.py).
    for actor in state.actors:
        if actor == seat:
            continue
        legal = {str(action): action for action in state.legal_actions(actor)}
        shared = [action for action in twin.legal_actions(actor) if str(action) in legal]
        for action in rng.sample(shared, min(actions, len(shared))):
            after, twin_after = state.copy(), twin.copy()
            after.apply(actor, legal[str(action)])
            twin_after.apply(actor, action)
            mine, theirs = seat_facts(after, seat), seat_facts(twin_after, seat)
            if mine == theirs:
                continue
            told, told_twin = _news(state, after, seat), _news(twin, twin_after, seat)
            silent = told == told_twin and after.rng.state == state.rng.state
            if silent or not _shows(state, actor, legal[str(action)], after, seat, seed):
                why = "with the same events told to it" if silent else "which showed it nothing"
                raise AssertionError(f"{where}: after {actor}'s {str(action)!r}, {why}, two worlds it cannot tell "
                                     f"apart differ for it: {_first_difference(mine, theirs)}")
    # Determinising either for the seat: the same worlds as the seat sees them, hidden items alike.
    own_a, counts_a = _hidden_frequencies(state, seat, worlds, seed + 1)
    own_b, counts_b = _hidden_frequencies(twin, seat, worlds, seed + 1)
    if own_a != own_b:
        raise AssertionError(f"{where}: determinising two states it cannot tell apart gives it other views")
    if counts_a != counts_b:  # a canonical determinize gives the very same worlds; else compare frequencies
        for item in set(counts_a) | set(counts_b):
            gap = abs(counts_a[item] - counts_b[item]) / worlds
            if gap > tolerance:
                raise AssertionError(
                    f"{where}: hidden item {item[0]} = {item[1][:200]} occurs in {counts_a[item]}/{worlds} worlds "
                    f"of one state and {counts_b[item]}/{worlds} of another it cannot tell apart")
    return True


def _news(before: State[Any], after: State[Any], seat: int) -> str:
    """The events a move added, as ``seat`` is told them."""
    added = len(after.events()) - len(before.events())
    return _json(after.log(seat, added)) if added else "[]"


def _shows(before: State[Any], actor: int, action: Any, after: State[Any], seat: int, seed: int, worlds: int = 6) -> bool:
    """Whether ``actor``'s move showed ``seat`` something (the test of core/reveals.py for one seat):
    chance was drawn, or ``seat``'s view after it differs between its worlds and the real game, or
    the move is impossible in some of them (it exposed the mover's holdings)."""
    if after.rng.state != before.rng.state:
        return True
    truth = _json(after.view(seat))
    rng = random.Random(seed)
    for _ in range(worlds):
        world = before.determinize(seat, rng)
        try:
            world.apply(actor, action)
        except IllegalActionError:
            return True
        if _json(world.view(seat)) != truth:
            return True
    return False


_EMPTY = frozenset({"null", "[]", "{}", "0", '""', "false", '"none"'})
"""Leaf values that hold no hidden item: they may be deduced (a hand of size 0) and are not counted."""


@dataclass
class ResampleReport:
    """Hidden items seen by :func:`check_resamples_hidden`, and those kept in every world, also
    counted by kind (the path with its list indexes left out: ``cards[*].side``)."""

    items: int = 0
    kept: list[str] = field(default_factory=list)
    items_by_kind: Counter[str] = field(default_factory=Counter)
    kept_by_kind: Counter[str] = field(default_factory=Counter)

    def kept_share(self) -> float:
        """The share of hidden items that every world kept at their true value."""
        return len(self.kept) / self.items if self.items else 0.0

    def always_kept(self, least: int = 6) -> list[str]:
        """Kinds of item seen at least ``least`` times and kept in every world every time: a re-deal
        that forgets a whole kind (the sides of the cards), which no deduction explains so often."""
        return [f"{kind} ({count} times)" for kind, count in self.items_by_kind.items()
                if count >= least and self.kept_by_kind[kind] == count]


def check_resamples_hidden(state: State[Any], seat: int, *, worlds: int = 12, seed: int = 0,
                           tolerance: float = 0.45, report: ResampleReport | None = None) -> ResampleReport:
    """``determinize(seat)`` re-deals what ``seat`` cannot see (check b).

    For every other seat's hidden leaf, the share of worlds keeping its true value is compared with
    the share of pairs of worlds that agree on it: a faithful re-deal makes the truth just one more
    sample, so the two match (an item the seat can deduce is kept by both). A larger first share
    fails. Items of text (cards, tiles, words; not numbers, not what the seat's own log told it) kept
    in every world are counted in ``report``: a whole game's share of them must stay small (the caller
    says how small), since one state alone cannot tell an item kept from one the seat can deduce.
    """
    report = report or ResampleReport()
    rng = random.Random(seed)
    told = set(_TOKEN.findall(_json(state.log(seat))))  # words the seat heard: clues, guesses, names
    samples = [state.determinize(seat, rng) for _ in range(worlds)]
    pairs = worlds * (worlds - 1) // 2
    counted: set[Path] = set()
    for other in range(state.players):
        if other == seat:
            continue
        truth = hidden_leaves(state, seat, other)
        if not truth:
            continue
        boards = [world.view(other)["board"] for world in samples]
        for path, value in truth.items():
            values = [_at(board, path) for board in boards]
            same_as_truth = sum(found == value for found in values) / worlds
            agreeing = sum(a == b for a, b in combinations(values, 2)) / pairs
            words = {token for text in _scalars(json.loads(value)) if not text.lstrip("-").isdigit()
                     for token in _TOKEN.findall(text)}
            if value in _EMPTY or not words or words <= told:
                # Nothing there (an empty hand, no plan), only numbers (a count, an index, which a
                # seat may work out), or words the seat was told (a clue it heard, on the board of
                # the seats that wrote it): a value kept in every world proves nothing; the test above holds.
                continue
            if path in counted:
                continue  # the same item on the board of another seat that sees it
            counted.add(path)
            report.items += 1
            kind = re.sub(r"\[\d+\]", "[*]", _written(path))
            report.items_by_kind[kind] += 1
            if same_as_truth == 1.0:
                report.kept_by_kind[kind] += 1
                report.kept.append(f"{_where(state, seat)}: seat {other}{_written(path)} = {value[:120]}")
            elif same_as_truth > agreeing + tolerance:
                raise AssertionError(
                    f"{_where(state, seat)}: seat {other}{_written(path)} keeps its true value {value[:120]} in "
                    f"{same_as_truth:.0%} of the worlds, but worlds agree with each other only {agreeing:.0%} of the time")
    return report


_TOKEN = re.compile(r"[^\W_][\w.+-]*[^\W_]")


def _scalars(item: Any) -> Iterator[str]:
    """The plain values inside ``item`` as text (not its keys: 'kind' names no hidden thing)."""
    if isinstance(item, dict):
        for value in item.values():
            yield from _scalars(value)
    elif isinstance(item, list):
        for value in item:
            yield from _scalars(value)
    elif item is not None and not isinstance(item, bool):
        yield str(item)


def _secret_tokens(item: Any, reader: int | None) -> set[str]:
    """Words (2+ characters) of the secret values in ``item`` that ``reader`` may not see."""
    found: set[str] = set()
    if isinstance(item, Secret):
        if reader is None or reader not in item.seen_by:
            found |= {token for text in _scalars(reveal(item.value, None)) for token in _TOKEN.findall(text)}
        found |= _secret_tokens(item.value, reader) | _secret_tokens(item.shown_as, reader)
    elif isinstance(item, dict):
        for value in item.values():
            found |= _secret_tokens(value, reader)
    elif isinstance(item, (list, tuple)):
        for value in item:
            found |= _secret_tokens(value, reader)
    return found


def check_seat_logs(state: State[Any]) -> None:
    """A per-seat replay equals the seat's own log, and no event names a hidden item to a seat that
    may not see it (check c)."""
    where = _where(state)
    again = replay(Record.from_dict(json.loads(json.dumps(state.record().to_dict()))))
    seats: list[int | None] = [*range(state.players), None]
    for seat in seats:
        if _json(again.log(seat)) != _json(state.log(seat)):
            raise AssertionError(f"{where}: replaying the record gives seat {seat} another log")
    events = state.events()
    for seat in seats:
        for number, (event, shown) in enumerate(zip(events, state.log(seat)), 1):
            hidden = _secret_tokens(dict(event.fields), seat)
            if not hidden:
                continue
            # Its values as the seat sees them, and its words; not its keys: the "key" of its message is
            # no word told (and When I Dream has an Element "key").
            told = " ".join(_scalars(shown))
            leaked = {token for token in hidden if re.search(rf"(?<![\w]){re.escape(token)}(?![\w])", told)}
            if leaked:
                raise AssertionError(f"{where}: event {number} ({event.kind}) tells seat {seat} the hidden "
                                     f"{sorted(leaked)}: {_json(shown)[:300]}")
