"""Undo at a Sogni e Incubi table of two people: a card played is told to the other player
("A played Dream 1 on their slot 1."), so it is never taken back (the README's undo rule)."""

from __future__ import annotations

import random
import re

import pytest

import dreamtable
from dreamtable.agents import make_agent
from dreamtable.core.clock import SimulatedClock
from dreamtable.core.table import Table, UndoError


def test_a_card_played_where_another_person_sees_it_cannot_be_taken_back() -> None:
    table = Table(dreamtable.load("sogni-e-incubi").new(players=2, seed=3, first_player="A"), {}, clock=SimulatedClock())
    table.submit(0, "S1")
    assert table.news(1)[-1]["text"] == "A played Dream 1 on their slot 1."
    before = table.view(0), table.seq
    with pytest.raises(UndoError, match=r"B was told of A's move \(A played Dream 1 on their slot 1\)"):
        table.undo(0)
    assert (table.view(0), table.seq) == before


def test_an_undo_refused_because_a_bot_showed_you_its_card_names_that_move_in_words() -> None:
    """A person (A) against a random bot (B): once B's reply shows A something of B's, undo stops there,
    and the refusal tells B's move as A's log told it, not by its notation."""
    game = dreamtable.load("sogni-e-incubi")
    table = Table(game.new(players=2, seed=0), {1: make_agent("random", 0, game=game)}, clock=SimulatedClock())
    rng = random.Random(0)
    for _ in range(60):
        if 0 in table.state.actors:
            table.submit(0, str(rng.choice(table.state.legal_actions(0))))
        table.advance()
        why = table.why_no_undo(0) or ""
        if "showed you" in why:
            break
    else:
        pytest.fail("no bot move showed A anything in 60 turns")
    bot_moves = [move for seat, move in table.state.record().moves if seat == 1]
    assert why.startswith("B's move (B played ") and "on their slot" in why, why
    assert not re.search(r"\b[SIRC]\d|>", why), why  # no card code such as I4>A
    assert bot_moves[-1] not in why
