"""The witnesses ``golden coverage`` reads for rules no event tells apart: true on a step that applies
the rule, false on one that does not."""

from __future__ import annotations

from dreamtable.core.rule_coverage import rule_step
from dreamtable.games.sogni_e_incubi.rule_witnesses import plays_beside_a_nightmare

from .position import GAME, position


def test_SI_R18_witness_sees_a_dream_played_beside_a_nightmare_of_the_own_row():
    state = position(rows={0: {2: "I2"}}, hands={0: "S1 S5"})
    assert plays_beside_a_nightmare(rule_step(state, 0, "S1"))


def test_SI_R18_witness_sees_a_nightmare_played_on_a_row_that_already_shows_one():
    state = position(rows={1: {2: "I2", 4: "S4"}}, hands={0: "I4 S1"})
    assert plays_beside_a_nightmare(rule_step(state, 0, "I4>B"))


def test_SI_R18_witness_ignores_a_play_on_a_row_without_a_nightmare():
    state = position(rows={0: {3: "S3"}, 1: {2: "I2"}}, hands={0: "S1 S5"})
    assert not plays_beside_a_nightmare(rule_step(state, 0, "S1"))


def test_SI_R18_witness_ignores_covering_the_only_nightmare_and_a_draw():
    covering = position(rows={0: {2: "I2"}}, hands={0: "S2 S5"})
    assert not plays_beside_a_nightmare(rule_step(covering, 0, "S2"))
    drawing = position(rows={0: {2: "I2"}}, hands={0: "S1"})
    assert not plays_beside_a_nightmare(rule_step(drawing, 0, "draw"))


def test_SI_R18_is_a_witness_of_the_game():
    assert GAME.rule_witnesses["SI-R18"] is plays_beside_a_nightmare
