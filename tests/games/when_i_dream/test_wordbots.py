"""The word bots: legal clues by our own judge, and a Dreamer that Fairies help and Boogeymen fool."""

from __future__ import annotations

import pytest

from dreamtable.games.when_i_dream import judge, wordbots
from dreamtable.games.when_i_dream.words import load_deck

ELEMENTS = [card.elements[k % 4] for k, card in enumerate(load_deck())][:60]


@pytest.mark.parametrize("role", ["Fairy", "Boogeyman", "Sandman"])
def test_a_bots_clue_is_never_improper_by_our_judge(role):
    for element in ELEMENTS:
        clue = wordbots.clue_for(role, element, used=set())
        assert clue is not None and judge.improper_reason(clue, element) is None, (element, clue)


def test_a_fairys_clue_points_at_the_element_and_a_boogeymans_away_from_it():
    hits = {"Fairy": 0, "Boogeyman": 0}
    for element in ELEMENTS[:30]:
        for role in hits:
            clue = wordbots.clue_for(role, element, used=set())
            hits[role] += wordbots.dreamer_guess([clue], patience=1) == element
    assert hits["Fairy"] >= 2 * hits["Boogeyman"] and hits["Fairy"] >= 10


def test_bot_dreamer_accuracy_fairies_only_beats_boogeymen_only():
    """Measured over 200 nights in docs/performance.md; 20 here."""
    rates = {}
    for spirit in ("Fairy", "Boogeyman"):
        yellow = blue = 0
        for seed in range(20):
            y, b = wordbots.bot_night(seed, spirit)
            yellow, blue = yellow + y, blue + b
        rates[spirit] = yellow / (yellow + blue)
    assert rates["Fairy"] >= 0.55 and rates["Boogeyman"] <= rates["Fairy"] / 3


def test_word_bots_play_a_whole_game_at_once_and_reproducibly():
    first = wordbots.bot_game(seed=5, players=4)
    again = wordbots.bot_game(seed=5, players=4)
    assert first.is_over and first.outcome == again.outcome
    assert sum(first.points) > 0 and first.round == 4
