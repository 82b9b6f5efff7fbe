"""Engine speed-ups change no behaviour: seeded random games give the same records, views and logs.

The expected fingerprints (``tests/data/engine_fingerprints.json``) were written by main's engines
before the speed work that followed them; see ``engine_fingerprints.py`` (and how to write them again
when a rule or a sentence changes on purpose).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .engine_fingerprints import GAMES, SEEDS, fingerprint

EXPECTED = json.loads((Path(__file__).parent.parent / "data" / "engine_fingerprints.json").read_text(encoding="utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_give_the_same_records_views_and_logs_as_before(game_id: str) -> None:
    changed = [seed for seed in SEEDS if fingerprint(game_id, seed) != EXPECTED[game_id][seed]]
    assert not changed, f"{game_id}: seeds {changed} no longer give the records, views and logs they gave"
