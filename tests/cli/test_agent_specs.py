"""Bot specs as `--seats` takes them: a bad budget is a clear UnknownAgentError."""

from __future__ import annotations

import pytest

from dreamtable.agents import UnknownAgentError, make_agent


@pytest.mark.parametrize("spec", ["ismcts:0", "ismcts:-5", "ismcts:-5s", "ismcts:0s", "ismcts:nans", "ismcts:infs",
                                  "ismcts:1e999s", "ismcts:²", "ismcts:fast", "random:5"])
def test_bad_bot_budgets_are_refused_saying_what_is_allowed(spec):
    with pytest.raises(UnknownAgentError, match=r"ismcts:500 \(iterations, at least 1\)|bots are"):
        make_agent(spec)


def test_good_budgets_are_read():
    assert make_agent("ismcts:500").iterations == 500
    assert make_agent("ismcts:2s").seconds == 2.0
