"""Deep Dreams asks as a kind and plain fields (``State.ask``), worded by ``prompt.KIND`` of its
catalogues: the terminal and the page word the same question in the reader's language, and the
English words are those the game always used (the goldens compare them)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import dreamtable
from dreamtable.core.contract import COMMON_PROMPT_FIELDS
from dreamtable.games.deep_dreams.prompts import PROMPT_FIELDS

from .position import GAME, play, position

CATALOGUE = Path(dreamtable.__file__).parent / "games" / "deep_dreams" / "web" / "i18n" / "en.json"


def test_each_question_is_a_kind_with_plain_fields():
    state = position(hands={0: "DD02", 1: "DD03"})
    assert state.ask(0) == {"kind": "start"}
    assert state.ask(1) == {"kind": "waiting-for", "seat": 0}
    state = position(rows={0: "DD03"}, hands={0: "DD18", 1: "DD19"})
    assert state.ask(0) == {"kind": "play-or-draw"}
    state = position(rows={0: "DD02"}, hands={0: "DD15", 1: "DD19"})
    assert state.ask(0) == {"kind": "draw-no-fit"}
    state = position(rows={0: "DD03"}, hands={0: "DD18", 1: "DD19"}, deck="", discard="")
    assert state.ask(0) == {"kind": "play"}
    state = position(hands={1: "DD19"})
    assert state.ask(0) == {"kind": "draw"}
    assert state.prompt(0) == "Draw a card."


def test_icon_effects_ask_with_their_numbers_and_targets():
    state = position(rows={0: "DD36 DD01"}, hands={0: "DD03 DD05", 1: "DD19"})
    play(state, 0, "play DD03 right")
    assert state.ask(0) == {"kind": "dream-moon", "last": 2}
    state = position(rows={0: "DD01"}, hands={0: "DD03 DD05", 1: "DD19"})
    play(state, 0, "play DD03 right")
    assert state.ask(0) == {"kind": "dream-moon-one"}
    assert state.prompt(0) == "Dream Moon: lay a card from your hand on your position 1 (never the rightmost), or skip."
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck="DD50")
    play(state, 0, "play DD03 right")
    assert state.ask(0) == {"kind": "predictions-one", "count": 1}
    state = position(players=4, rows={0: "DD01"}, hands={0: "DD16 DD40", 1: "DD19", 3: "DD21"})
    play(state, 0, "play DD16 right")
    play(state, 0, "skip")
    assert state.ask(0) == {"kind": "steal-2", "targets": [1, 3], "t1": 1, "t2": 3}
    assert state.prompt(0) == "Steal: take a random card from another player's hand (B or D), or skip."
    state = position(players=3, rows={0: "DD11", 1: "DD19", 2: "DD20"}, hands={0: "DD32", 1: "DD22"})
    play(state, 0, "play DD32 right")
    assert state.ask(0) == {"kind": "eliminate-2", "end": "left", "targets": [1, 2], "t1": 1, "t2": 2}
    assert state.prompt(0) == "Eliminate left: discard the leftmost card of another player's row (B or C), or skip."
    json.dumps(state.ask(0))  # plain JSON values only


def test_random_games_ask_only_declared_kinds_and_the_catalogue_words_each():
    english = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    assert {f"prompt.{kind}" for kind in PROMPT_FIELDS} <= set(english)
    seen = set()
    for seed in range(24):
        rng = random.Random(seed)
        state = GAME.new(players=2 + seed % 4, seed=seed)
        while not state.is_over:
            seat = state.actors[0]
            for viewer in [None, *range(state.players)]:
                ask = state.ask(viewer)
                assert ask["kind"] in PROMPT_FIELDS or ask["kind"] in COMMON_PROMPT_FIELDS and ask["kind"] != "say"
                seen.add(ask["kind"])
                if ask["kind"] in PROMPT_FIELDS:  # the catalogue's template fills from the same fields
                    fields = set(re.findall(r"\{(\w+)", english[f"prompt.{ask['kind']}"]))
                    assert fields <= set(ask), (ask, fields)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert {"start", "play-or-draw", "draw-no-fit", "dream-moon", "predictions", "deep-sleep", "steal-1",
            "eliminate-1"} <= seen


def test_the_question_depends_only_on_what_the_seat_knows():
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new(players=3, seed=seed)
        for _ in range(40):
            if state.is_over:
                break
            for viewer in range(3):
                mine = state.ask(viewer)
                assert all(state.determinize(viewer, random.Random(k)).ask(viewer) == mine for k in range(3))
            seat = state.actors[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
