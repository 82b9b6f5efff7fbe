"""Undo at a Sogni e Incubi table of two people: a card played is told to the other player
("A played Dream 1 on their slot 1."), so it is never taken back (the README's undo rule)."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.core.clock import SimulatedClock
from dreamtable.core.table import Table, UndoError


def test_a_card_played_where_another_person_sees_it_cannot_be_taken_back() -> None:
    table = Table(dreamtable.load("sogni-e-incubi").new(players=2, seed=3, first_player="A"), {}, clock=SimulatedClock())
    table.submit(0, "S1")
    assert table.news(1)[-1]["text"] == "A played Dream 1 on their slot 1."
    before = table.view(0), table.seq
    with pytest.raises(UndoError, match="B was told of A's move S1"):
        table.undo(0)
    assert (table.view(0), table.seq) == before
