"""The kit's checks of what a seat is shown catch what is wrong: the one view envelope, a game's board
schema, and an event the catalogues cannot word."""

from __future__ import annotations

import pytest

from dreamtable import testing
from dreamtable.core.testing import _compiled, _draft7_only


def test_a_real_view_fits(tap):
    state = tap.new(players=2, seed=1)
    state.apply(0, "draw")
    for seat in (0, 1, None):
        testing.check_view_shape(state.view(seat), "tap")


@pytest.mark.parametrize(
    "spoil, phrase",
    [
        (lambda view: view.pop("prompt"), "envelope"),
        (lambda view: view.update(turn="A"), "envelope"),
        (lambda view: view["board"].update(extra=1), "board"),
        (lambda view: view["board"].update(drawn=["two"]), "board"),
        (lambda view: view["events"][0].update(actor="A"), "envelope"),
        (lambda view: view["events"][0].update(hand_of_B=[2, 0]), "envelope"),
        (lambda view: view["events"][0].pop("card"), "envelope"),
        (lambda view: view["events"][0].update(kind="shuffle"), "envelope"),
        (lambda view: view["ask"].update(element="moon"), "envelope"),
        (lambda view: view.update(ask={"kind": "waiting-for"}), "envelope"),
    ],
)
def test_a_wrong_shape_is_named(tap, spoil, phrase):
    state = tap.new(players=2, seed=1)
    state.apply(0, "draw")
    view = state.view(0)
    spoil(view)
    with pytest.raises(AssertionError, match=f"view's {phrase} breaks its schema|actor"):
        testing.check_view_shape(view, "tap")


def test_a_schema_beyond_draft_7_is_checked_by_jsonschema():
    schema = {"type": "array", "prefixItems": [{"type": "integer"}], "items": False}
    assert not _draft7_only(schema)
    check = _compiled(schema)
    check([1])
    with pytest.raises(ValueError):
        check(["one"])


def test_a_key_planted_at_any_level_is_refused_and_the_levels_are_named(tap):
    state = tap.new(players=2, seed=1)
    state.apply(0, "draw")
    assert testing.check_envelope_is_closed(state.view(0), "tap") == ["top", "board", "ask", "events[0]", "timers[0]"]


def test_the_one_document_schema_closes_events_and_ask_as_the_kit_does(tap):
    from jsonschema import Draft202012Validator

    from dreamtable.core.view_schema import envelope_schema

    state = tap.new(players=2, seed=1)
    state.apply(0, "draw")
    view = state.view(0)
    validator = Draft202012Validator(envelope_schema(tap))
    assert not list(validator.iter_errors(view))
    for spoilt in ({**view, "events": [{**view["events"][0], "hand_of_B": [2]}]}, {**view, "ask": {**view["ask"], "element": "moon"}}):
        assert list(validator.iter_errors(spoilt))


@pytest.mark.parametrize("key, problem", [
    ("event.draw.unknown", "no template 'event.draw.unknown'"),
    ("event.time-up", r"'event.time-up' leaves \{seat\} unfilled"),
])
def test_an_event_the_catalogues_cannot_word_is_named(tap, monkeypatch, key, problem):
    """The kit reads every event as each seat would in every language: a key no catalogue has, or a
    template naming a field the event does not carry, would show the reader raw text."""
    state = tap.new(players=2, seed=1)
    state.apply(0, "draw")
    assert testing.check_event_sentences(state) == len(state.events())  # the game as shipped is worded
    monkeypatch.setattr(type(tap), "message", lambda self, event: {"key": key})
    with pytest.raises(AssertionError, match=f"tap: a draw event in en: {problem}"):
        testing.check_event_sentences(state)
