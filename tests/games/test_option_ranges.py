"""Every numeric option has a range: ``game.new`` refuses a number outside it with ``OptionError`` naming
the range, and ``dreamtable list``, ``/api/games`` (tests/server/test_api.py) and the rules page show it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import dreamtable
from dreamtable import OptionError, SetupError
from dreamtable.core.game_package import developer_page


NUMERIC = [
    pytest.param(info.id, option, id=f"{info.id}-{option.name}")
    for info in dreamtable.games()
    for option in info.options
    if option.choices is None and type(option.default) in (int, float)
]


@pytest.mark.parametrize("game_id, option", NUMERIC)
def test_every_numeric_option_has_a_range_around_its_default(game_id, option):
    assert option.minimum is not None and option.maximum is not None, f"{game_id}: {option.name} has no range"
    assert option.minimum <= option.default <= option.maximum


def written(bound: float) -> str:
    return str(int(bound)) if float(bound).is_integer() else str(bound)


@pytest.mark.parametrize("game_id, option", NUMERIC)
def test_a_number_outside_the_range_is_refused_naming_the_range(game_id, option):
    game = dreamtable.load(game_id)
    players = game.info.max_players
    low, high = option.minimum, option.maximum
    for value in (low - 1, high + 1, 10 ** 18, -10 ** 18):
        with pytest.raises(OptionError, match=rf"{option.name}.* from {written(low)} to {written(high)}"):
            game.new(players, 0, **{option.name: value})
    for value in (low, high):  # the ends themselves pass the range (another option may still rule one out)
        assert game.resolve_options({option.name: value})[option.name] == value


def test_dream_cycle_refuses_a_negative_dreamscape_seed():
    with pytest.raises(OptionError, match="dreamscape_seed=-1 is out of range: it takes from 0 to 2147483647"):
        dreamtable.load("dream-cycle").new(2, 0, dreamscape_seed=-1)


def test_an_option_error_is_a_setup_error_so_existing_callers_still_catch_it():
    with pytest.raises(SetupError):
        dreamtable.load("sogni-e-incubi").new(2, 0, hand_limit=10 ** 18)


@pytest.mark.parametrize("game_id", sorted({param.values[0] for param in NUMERIC}))
def test_the_developer_page_lists_each_range(game_id):
    text = developer_page(dreamtable.load(game_id)) or ""
    for option in dreamtable.load(game_id).info.options:
        if option.range_text is not None:
            assert f"| `{option.name}` | {option.default} | {option.range_text} |" in text, option.name


def test_dreamtable_list_shows_each_range():
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
    shown = subprocess.run([sys.executable, "-m", "dreamtable.cli.main", "list", "when-i-dream"], env=env,
                           capture_output=True, text=True, timeout=60, check=True).stdout
    assert "[range 0.1–3600]" in shown and "[range 1–64]" in shown, shown
