"""The kit's check of the one view envelope and of a game's board schema catches wrong shapes."""

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
