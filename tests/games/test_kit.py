"""The testing kit applied to every game: fuzz, determinism, no leak, copies, notation, goldens.

Every game dreamtable lists must appear in ``GAMES``, so no game can skip these checks.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
from pathlib import Path

import pytest

import dreamtable
from dreamtable import testing
from dreamtable.core.contract import COMMON_PROMPT_FIELDS
from dreamtable.core.game_package import catalogue
from dreamtable.core.reveals import reveal_of

PLAYTHROUGHS = Path(__file__).parents[1] / "playthroughs"

# Per game: player counts, fuzz games per player count and option set, endings the fuzz must
# reach, how often the step checks run, and the option sets fuzzed. Dreamwell's uniform random
# games last 4,000–26,000 steps, so its fuzz plays a card whenever one is playable (``prefer``,
# still uniform otherwise; 700–7,000 steps), runs the step checks every 97th step and serialises
# the views every 211th (and always at the first and last step); a few uniform games run too.
# Fuzz sizes are lean, for `make test`; DREAMTABLE_FUZZ_SCALE multiplies them, and `dreamtable fuzz
# GAME --games N` plays thousands on every core (docs/performance.md: 10,000 games a game).
FUZZ_SCALE = float(os.environ.get("DREAMTABLE_FUZZ_SCALE", "1"))

GAMES = {
    "sogni-e-incubi": {"players": [2, 3, 4], "fuzz": 120, "endings": {"complete-row", "stuck"}, "check_every": 1},
    "deep-dreams": {"players": [2, 3, 4, 5], "fuzz": 100, "endings": {"row-length"}, "check_every": 1},
    "dreamwell": {
        "players": [2, 3, 4], "fuzz": 16, "endings": {"cards-played"}, "check_every": 97, "view_every": 211,
        "option_sets": [{"mode": "basic"}, {"mode": "advanced"}], "prefer": "play ",
    },
    "when-i-dream": {
        "players": [4, 5, 6, 7, 8, 9, 10], "fuzz": 4, "endings": {"all-dreamed"}, "check_every": 3,
        "option_sets": [{}, {"auto_clue_check": "penalize", "clue_timing": "strict"}],
        # Real time: the night clock runs from the start. A card comes out of the deck when the
        # Dreamer passes, and clue-giver B sees it.
        "first_timer": "night", "reveal": lambda world: (world.dreamer, f"dream-pass {world.seq}", 1),
    },
    # Random players rarely get past row 3, and out-of-turn repositioning makes a round long, so
    # the fuzz caps games at 15 rounds (the round limit is an option; the real default is 100).
    # Hidden information appears only once Inspiration tiles are drawn or brake plans set, so
    # mid-game states are taken later in the game.
    "dream-cycle": {
        "players": [2, 3, 4, 5], "fuzz": 5, "endings": {"last-standing", "round-limit"}, "check_every": 13,
        "view_every": 97, "midgame_steps": (100, 1500),
        "option_sets": [{"round_limit": 15}, {"round_limit": 15, "buying_timer_seconds": 60, "trade_during_movement": False,
                                               "conflict_toll": 0, "power_public": False}],
        "reveal": lambda world: dream_cycle_reveal(world),
    },
    # The toy game, installed from its own distribution (examples/toy-game): checked like the five.
    "tap": {"players": [2, 3], "fuzz": 40, "endings": {"turns"}, "check_every": 1, "first_timer": "clock-0",
            "option_sets": [{"turns": 30}], "midgame_steps": (2, 25),
            # Its hidden cards are numbers: the re-deal check compares their spread across worlds but
            # counts only cards, tiles and words as items (a number may be a count a seat works out).
            "hidden_items": "numbers"},
}


def dream_cycle_reveal(world):
    """The player on turn stands at the top of row 2 with North on every field and ends its Buying
    Phase: it rides north and lays row 3 from the unused tiles, which a re-seeded world draws differently."""
    for seat in list(world.start_order):
        world.apply(seat, world.legal_actions(seat)[0])
    seat = world.turn
    world.stock[4] -= 7
    world.fields[seat] = [(4,)] * 7
    world.pos[seat] = world.geo.pos(7, 5)
    world._cache = {}
    return seat, "end", seat
FUZZ_CASES = [
    pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{'-'.join(map(str, options.values())) or 'default'}")
    for game_id, facts in GAMES.items()
    for players in facts["players"]
    for options in facts.get("option_sets", [{}])
]


def test_every_game_is_checked_by_the_kit():
    assert {info.id for info in dreamtable.games()} == set(GAMES)


@pytest.mark.parametrize("game_id, players, options", FUZZ_CASES)
@pytest.mark.slow
def test_fuzz_random_play(game_id, players, options):
    facts = GAMES[game_id]
    count = max(1, round(facts["fuzz"] * FUZZ_SCALE))
    report = testing.fuzz(
        game_id, [players], count, check_every=facts["check_every"], view_every=facts.get("view_every", 7),
        options=options, prefer=facts.get("prefer"),
    )
    assert report.games == count
    assert report.decisions > count * 20
    if players == 2:  # with more players some endings are rare
        assert set(report.end_reasons) >= GAMES[game_id]["endings"]


def midgame_states(game_id, count=12):
    game = dreamtable.load(game_id)
    counts = GAMES[game_id]["players"]
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new(players=counts[seed % len(counts)], seed=seed)
        low, high = GAMES[game_id].get("midgame_steps", (5, 60))
        for _ in range(rng.randrange(low, high)):
            if state.is_over:
                break
            seat = rng.choice(state.actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("game_id", GAMES)
def test_determinism_replay_gives_identical_views(game_id):
    for state in midgame_states(game_id):
        testing.check_determinism(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_leak_determinize_keeps_each_seats_view_and_log_and_changes_the_rest(game_id):
    changed = 0
    for state in midgame_states(game_id):
        for seat in range(state.players):
            changed += testing.check_no_leak(state, seat)
    assert changed > 0, "determinize never re-sampled anything hidden"


def draw_a_card(world):
    """A move that brings a hidden card into the light: (seat, move, the seat that then sees it)."""
    reveal = GAMES[world.game.id].get("reveal")
    if reveal:
        return reveal(world)
    seat = world.actors[0]
    return seat, "draw", seat


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_reseeds_the_deck_order(game_id):
    game = dreamtable.load(game_id)
    state = game.new(players=game.info.min_players, seed=1)
    observer = draw_a_card(state)[2]
    worlds = [state.determinize(observer, random.Random(k)) for k in range(5)]
    futures = set()
    for world in worlds:  # what comes out of the deck differs between worlds
        seat, text, viewer = draw_a_card(world)
        world.apply(seat, game.parse_action(world, seat, text))
        futures.add(json.dumps(world.view(viewer)))
    assert len(futures) > 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_that_brings_a_hidden_card_into_the_light_is_a_reveal(game_id):
    """The undo policy's notion of a reveal (core/reveals.py) sees each game's typical reveal:
    a card drawn, the display refilled, a row of tiles laid, an Element shown."""
    game = dreamtable.load(game_id)
    state = game.new(players=game.info.min_players, seed=1)
    seat, text, viewer = draw_a_card(state)
    before = state.copy()
    action = game.parse_action(state, seat, text)
    state.apply(seat, action)
    assert viewer in reveal_of(before, seat, action, state).learned


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.slow
def test_undo_never_goes_back_past_a_reveal(game_id):
    """Random games at a table where seat A is a human who often asks to undo (see
    dreamtable.testing.check_undo_policy): every undo granted is re-checked with more worlds."""
    facts = GAMES[game_id]
    report = testing.UndoReport()
    options = facts.get("option_sets", [{}])[0]
    for seed in range(3):
        testing.check_undo_policy(game_id, facts["players"][0], seed, max_steps=100,
                                  options=options, report=report)
    assert report.refused_reveal > 0, f"no undo was ever refused for a reveal: {report}"


@pytest.mark.parametrize("game_id", GAMES)
def test_views_fit_the_envelope_and_the_games_schema_and_every_event_has_a_sentence(game_id):
    for state in midgame_states(game_id):
        for seat in [*range(state.players), None]:
            testing.check_view_shape(state.view(seat), game_id)
        testing.check_event_sentences(state)


def finished_state(game_id, seed=0):
    """A game played to its end at random (the clock's deadlines passed when only they can move it)."""
    facts = GAMES[game_id]
    game = dreamtable.load(game_id)
    state = game.new(players=facts["players"][0], seed=seed, **facts.get("option_sets", [{}])[0])
    rng = random.Random(seed)
    while not state.is_over:
        if state.actors:
            seat = rng.choice(state.actors)
            legal = state.legal_actions(seat)
            preferred = [a for a in legal if facts.get("prefer") and str(a).startswith(facts["prefer"])]
            state.apply(seat, rng.choice(preferred or legal))
        else:
            state.expire(state.timers[0])
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_key_planted_anywhere_in_the_envelope_is_refused(game_id):
    """events[i] and ask are closed per kind (Game.event_fields, Game.prompt_fields), so a leak there fails."""
    planted = set()
    for state in [*midgame_states(game_id, count=4), finished_state(game_id)]:
        for seat in [*range(state.players), None]:
            planted.update(level.split("[")[0] for level in testing.check_envelope_is_closed(state.view(seat), game_id))
    wanted = {"top", "board", "ask", "events", "outcome"} | ({"timers"} if game_id == "when-i-dream" else set())
    assert planted >= wanted, f"{game_id}: no view had {sorted(wanted - planted)} to plant a key in"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_declared_event_kind_and_question_has_english_words_and_only_declared_questions_are_worded(game_id):
    """The kinds whose fields the view's schema lets through (``Game.event_fields``, ``Game.prompt_fields``
    and the common questions) are the kinds the catalogues word: a kind worded but not declared would be
    refused in a view, one declared but not worded shown as its key (events' templates the other way
    round: tests/games/test_event_templates.py)."""
    game = dreamtable.load(game_id)
    english = game.words("en")
    questions = {**COMMON_PROMPT_FIELDS, **game.prompt_fields}
    keys = [*(f"event.{kind}" for kind in game.event_fields), *(f"prompt.{kind}" for kind in questions)]
    assert [key for key in keys if not english.has(key)] == []
    worded = {key.split(".")[1] for key in catalogue(game, "en") if key.startswith("prompt.")}
    assert sorted(worded - set(questions)) == []

@pytest.mark.parametrize("game_id", GAMES)
def test_apply_accepts_only_listed_moves_and_what_the_action_forms_describe(game_id):
    for state in midgame_states(game_id):
        if not state.is_over:
            testing.check_action_forms(state)


# The forms each game opens in random play (When I Dream's clues, Dream Cycle's offers and plans).
FORM_KINDS = {"when-i-dream": {"clue", "guess", "recount"}, "dream-cycle": {"plan", "offer", "keep"}}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_form_refuses_every_wrong_json_type_with_a_form_error_naming_the_field(game_id):
    """Each parameter of each form met in random play is given text, a number, a fraction, a bool,
    null, a list and a table: the wrong types are refused with FormError naming it, nothing else raised."""
    game = dreamtable.load(game_id)
    facts = GAMES[game_id]
    seen: set[str] = set()
    kinds: set[str] = set()
    for seed in range(3):
        state = game.new(players=facts["players"][0], seed=seed, **facts.get("option_sets", [{}])[0])
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            forms = [form for seat in state.actors for form in state.action_forms(seat)]
            shapes = {json.dumps(form.to_json(), sort_keys=True) for form in forms}
            if not shapes <= seen:  # each form as it was offered, once
                seen |= shapes
                testing.check_form_types(state)
                kinds |= {form.kind for form in forms}
            if state.timers and (not state.actors or rng.random() < 0.05):
                state.expire(rng.choice(state.timers))
                continue
            seat = rng.choice(state.actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert kinds == FORM_KINDS.get(game_id, set())


@pytest.mark.parametrize("game_id", GAMES)
def test_no_move_is_listed_twice(game_id):
    for state in midgame_states(game_id):
        for seat in range(state.players):
            legal = [str(action) for action in state.legal_actions(seat)]
            assert len(legal) == len(set(legal)), f"{game_id}: a move is listed twice: {legal}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_long_game_pickles_and_deep_copies(game_id):
    """States once hit Python's recursion limit after a few hundred moves (the history and the log
    are linked lists); a whole random game (or its first 5,000 moves) must survive both."""
    game = dreamtable.load(game_id)
    state = game.new(players=game.info.min_players, seed=3, **GAMES[game_id].get("option_sets", [{}])[0])
    rng = random.Random(3)
    for _ in range(5_000):
        if state.is_over:
            break
        if not state.actors:
            state.expire(state.timers[0])
            continue
        seat = rng.choice(state.actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.is_over or len(state.history()) == 5_000
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert testing.all_views(twin) == testing.all_views(state)
        assert twin.record() == state.record()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.slow
def test_copy_independence(game_id):
    for state in midgame_states(game_id):
        testing.check_copy_independence(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_copies_and_worlds_own_their_options_and_outcome_and_pickles_bind_to_the_registrys_game(game_id):
    facts = GAMES[game_id]
    finished = testing.play_random(dreamtable.load(game_id), facts["players"][0], 1,
                                   options=facts.get("option_sets", [{}])[0], prefer=facts.get("prefer"))
    assert finished.outcome is not None
    for state in [*midgame_states(game_id, count=4), finished]:
        testing.check_ownership(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_notation_round_trip_and_bad_input(game_id):
    for state in midgame_states(game_id):
        testing.check_notation_round_trip(state)
        if not state.is_over:
            testing.check_rejects_bad_input(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_contract_surface(game_id):
    game = dreamtable.load(game_id)
    info = game.info
    assert game_id in [i.id for i in dreamtable.games()]
    assert info.min_players == min(GAMES[game_id]["players"]) and info.max_players == max(GAMES[game_id]["players"])
    state = game.new(players=info.min_players, seed=0)
    first_timer = GAMES[game_id].get("first_timer")
    if first_timer:
        assert first_timer in [timer.name for timer in state.timers]
        with pytest.raises(dreamtable.IllegalActionError, match="no timer named 'dawn'"):
            state.expire("dawn")
    else:
        assert state.timers == ()
        with pytest.raises(dreamtable.IllegalActionError, match="no timer"):
            state.expire("night")
    with pytest.raises(dreamtable.UnknownGameError, match=game_id):
        dreamtable.load("chess")


GOLDEN = sorted(PLAYTHROUGHS.glob("*/*.txt"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_playthrough(path):
    """Replay the golden's record and compare the game written step by step with the file
    (docs/testing.md; after a deliberate rule change: python -m dreamtable.testing golden regenerate GAME)."""
    testing.check_playthrough(path)


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_playthroughs_exist(game_id):
    assert len(list((PLAYTHROUGHS / game_id).glob("*.txt"))) >= 3


def test_golden_playthrough_detects_a_changed_step(tmp_path):
    lines = GOLDEN[0].read_text().splitlines()
    told = next(i for i, line in enumerate(lines) if line.startswith("  → "))
    heading = next(line for line in reversed(lines[:told]) if line.startswith("## step "))
    lines[told] += " (changed)"
    broken = tmp_path / GOLDEN[0].name
    broken.write_text("\n".join(lines) + "\n")
    with pytest.raises(AssertionError, match="differs from the golden file") as failure:
        testing.check_playthrough(broken)
    assert f"({heading[3:]})" in str(failure.value) and f"-{lines[told]}" in str(failure.value)
