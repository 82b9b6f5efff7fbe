"""Which rule IDs a game's golden playthroughs reach: the events they cause, read through ``Game.event_rules``.

The engine writes no rule ID into an event; each game declares instead which rule IDs an event kind
shows applied (``EVENT_RULES`` beside ``EVENT_FIELDS`` in its ``events.py``): ``"kind"`` for every
event of the kind, ``"kind:field=value"`` only for an event whose field holds that value (a Sogni e
Incubi ``play`` of a Nightmare is SI-R8, of a Dream SI-R7). A rule whose application no event tells
apart has a witness instead (``Game.rule_witnesses``: a test of one :class:`RuleStep`), and a rule no
move applies (what is hidden, component data) names the test that checks it
(``Game.rules_without_behaviour``). Replaying every golden gives the rule IDs the goldens reach; the
rule table of the game's page for developers (its package's ``rules/developers.en.md``, the design note's IDs) gives those
they do not::

    python -m dreamtable.testing golden coverage [GAME ...] [--json]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

from .game_package import developer_page
from .playthrough import DEFAULT_FOLDER, goldens, read_record
from .registry import load
from .visibility import Event, Secret

_RULE_ROW = re.compile(r"^\|\s*([A-Z]+-R\d+)\s*\|", re.MULTILINE)


def rule_ids(game_id: str, folder: str | Path | None = None) -> list[str]:
    """The rule IDs of the rule table of the game's page for developers, in its order (the design note's
    IDs): the page its package ships (``rules/developers.en.md``), or ``<folder>/<game>.md`` when a folder is named."""
    text = developer_page(load(game_id)) if folder is None else (Path(folder) / f"{game_id}.md").read_text(encoding="utf-8")
    return _RULE_ROW.findall(text or "")


def rules_of_event(rules: Mapping[str, tuple[str, ...]], event: Mapping[str, Any]) -> set[str]:
    """The rule IDs one event shows applied: its kind's, and those of each ``kind:field=value`` it matches."""
    kind = str(event["kind"])
    found = set(rules.get(kind, ()))
    for field, value in event.items():
        if field not in ("kind", "actor") and isinstance(value, (str, int)) and not isinstance(value, bool):
            found.update(rules.get(f"{kind}:{field}={value}", ()))
    return found


@dataclass(frozen=True)
class RuleStep:
    """One step of a replayed golden, as a rule witness reads it: the state before and after the move,
    who moved (``None`` for an expired deadline), the move's notation and the events it caused.
    ``after`` is the replay's own state, which the next step changes: read it, never keep it."""

    before: Any
    seat: int | None
    move: str
    after: Any
    events: tuple[dict[str, Any], ...]


def replay_steps(path: str | Path, *, keep_states: bool = True) -> Iterator[RuleStep]:
    """Every step of a golden's record, replayed to its end (event fields with nothing hidden). The first
    step is the setup (``move`` ``"setup"``, its events the deal's) and has no ``before``; without
    ``keep_states`` no step has one (no copies made)."""
    record = read_record(path)
    state = load(record.game).new(record.players, record.seed, **record.options)
    seen = 0
    moves: list[tuple[int | None, str]] = [(None, "setup"), *record.moves]
    for number, (seat, text) in enumerate(moves):
        before = state.copy() if keep_states and number else None
        if number:
            state.play_recorded(seat, text)
        events = state.events()
        yield RuleStep(before, seat, text, state, tuple(plain_event(event) for event in events[seen:]))
        seen = len(events)


def rule_step(state: Any, seat: int | None, text: str) -> RuleStep:
    """Play one move on ``state`` as a record writes it (``expire NAME`` for the clock) and give the step
    as a replay gives it to a witness: how a witness's own tests make the steps they try it on."""
    before = state.copy()
    events = state.play_recorded(seat, text)
    return RuleStep(before, seat, text, state, tuple(plain_event(event) for event in events))


def plain_event(event: Event) -> dict[str, Any]:
    """An event as a witness reads it: its kind, actor and fields, with nothing hidden."""
    return {"kind": event.kind, "actor": event.actor, **{key: _unwrapped(value) for key, value in event.fields.items()}}


def _unwrapped(value: Any) -> Any:
    """A field as the rules know it: a :class:`Secret` read as its value (coverage is no seat's view)."""
    return value.value if isinstance(value, Secret) else value


@dataclass(frozen=True)
class GameCoverage:
    """The rule IDs one game's goldens reach, and those of its rule table they do not."""

    game: str
    goldens: int
    rules: tuple[str, ...]
    reached: tuple[str, ...]
    without_behaviour: tuple[str, ...] = ()

    @property
    def not_reached(self) -> tuple[str, ...]:
        """The rules with behaviour that no golden reaches."""
        return tuple(rule for rule in self.rules if rule not in self.reached and rule not in self.without_behaviour)

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "goldens": self.goldens, "rules": len(self.rules),
                "reached": list(self.reached), "not_reached": list(self.not_reached),
                "without_behaviour": list(self.without_behaviour)}

    def text(self) -> str:
        with_behaviour = len(self.rules) - len(self.without_behaviour)
        return (f"{self.game}: {len(self.reached)} of {with_behaviour} rule IDs with behaviour reached by {self.goldens} goldens"
                f" ({len(self.without_behaviour)} more have none a move applies)\n"
                f"  reached:        {' '.join(self.reached) or '-'}\n"
                f"  not reached:    {' '.join(self.not_reached) or '-'}\n"
                f"  no behaviour:   {' '.join(self.without_behaviour) or '-'}")


def game_coverage(game_id: str, paths: Iterable[Path], rules_folder: str | Path | None = None) -> GameCoverage:
    """The coverage of ``game_id`` by the goldens at ``paths``."""
    game = load(game_id)
    rules = rule_ids(game_id, rules_folder)
    reached: set[str] = set()
    count = 0
    for path in paths:
        count += 1
        for step in replay_steps(path, keep_states=bool(game.rule_witnesses)):
            for event in step.events:
                reached |= rules_of_event(game.event_rules, event)
            reached.update(rule for rule, witness in game.rule_witnesses.items()
                           if rule not in reached and step.before is not None and witness(step))
    return GameCoverage(game_id, count, tuple(rules), tuple(rule for rule in rules if rule in reached),
                        tuple(rule for rule in rules if rule in game.rules_without_behaviour))


def coverage(folder: str | Path = DEFAULT_FOLDER, game_ids: Sequence[str] = (),
             rules_folder: str | Path | None = None) -> list[GameCoverage]:
    """The coverage of every game with goldens under ``folder`` (or of ``game_ids``)."""
    paths = goldens(folder, game_ids)
    games = list(game_ids) or sorted({path.parent.name for path in paths})
    return [game_coverage(game, [path for path in paths if path.parent.name == game], rules_folder) for game in games]
