"""Dreamwell rules, the rulebook's worked examples on Board A/B, and the DW-R resolutions."""

from __future__ import annotations

import pytest

from dreamtable.games.dreamwell.components import (
    CARD_INDEX, CREATURE_PARTNER, FRIEND_CARDS, TERRAIN_PARTNER, TILES, ComponentDataError, load_tiles,
)
from dreamtable.games.dreamwell.rules import rotated
from dreamtable.games.dreamwell.scoring import score_seat
from tests.helpers import assert_refused, legal, play

from .position import BOARD_A, board_a, cell, with_fixtures


def doors_text(state, name):
    return ",".join(d for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW") if d in state.view(None)["board"]["cells"][cell(name)]["doors"])


# -- components ---------------------------------------------------------------------------

def test_pairing_tables_hold_on_every_tile():
    pairs = {"GAM": "COS", "NOV": "UMI", "LIL": "JUP", "BOR": "SKU"}
    from dreamtable.games.dreamwell.components import CREATURES
    for a, b in pairs.items():
        assert CREATURE_PARTNER[CREATURES.index(a)] == CREATURES.index(b)
    assert TERRAIN_PARTNER == (1, 0, 3, 2)
    for tile in TILES:
        (c, t), (back_c, back_t) = tile.faces
        assert (back_c, back_t) == (CREATURE_PARTNER[c], TERRAIN_PARTNER[t])
    assert len({face for tile in TILES for face in tile.faces}) == 32


def test_white_cards_can_be_met_on_white_faces_and_black_cards_cannot():
    white_faces = {tile.faces[0] for tile in TILES}
    for card in FRIEND_CARDS:
        meetable = any((c, card.terrain) in white_faces for c in card.creatures)
        assert meetable == (not card.black), card.id
    assert sum(not c.black for c in FRIEND_CARDS) == 72 and sum(c.black for c in FRIEND_CARDS) == 15


def test_DW_R23_eight_friend_types_with_our_names_for_three():
    from dreamtable.games.dreamwell.components import FRIENDS
    assert len(set(FRIENDS)) == 8
    assert {"Stella", "Astra", "Orbit"} <= set(FRIENDS)  # the seahorse lady, the heart girl, the wolf lady
    assert {FRIENDS[card.friend] for card in FRIEND_CARDS} == set(FRIENDS)


def test_DW_R25_no_nightmare_variant_is_offered():
    import dreamtable
    game = dreamtable.load("dreamwell")
    modes = next(option for option in game.info.options if option.name == "mode")
    assert modes.choices == ("basic", "advanced")
    with pytest.raises(dreamtable.SetupError, match="mode"):
        game.new(players=2, seed=0, mode="nightmare")


def test_malformed_tile_data_names_the_tile_and_field():
    import json
    from importlib import resources
    data = json.loads((resources.files("dreamtable.games.dreamwell") / "data/tiles.json").read_text())
    data["tiles"][0]["black"]["creature"] = "GAM"
    with pytest.raises(ComponentDataError, match="T01: field 'black'"):
        load_tiles(data)


def test_DW_R2_R3_board_a_doors_after_rotation():
    state = board_a()
    for name, (_tile, _turns, doors) in BOARD_A.items():
        assert doors_text(state, name) == doors, name
    assert rotated(0b00000001, 1) == 0b00000100  # N turns to E


# -- the worked examples --------------------------------------------------------------------

def test_rulebook_example_rotating():
    # Checklist 1: the pawn on c2 (doors N,W) cannot go east; after a 90° turn (N,E) it reaches d2.
    state = board_a(pawns={0: ("c2", None)})
    assert_refused(state, 0, "move 1 E", "no door to the E")
    play(state, 0, "rotate c2 90")
    assert doors_text(state, "c2") == "N,E"
    play(state, 0, "move 1 E")
    assert state.view(0)["board"]["pawns"][0][0] == "d2"
    assert state.view(0)["board"]["cells"][cell("d2")]["creature"] == "BOR"  # Borealis
    assert state.continuing == -1, "d2 has no door back west: the move ends"


def test_rulebook_example_scotts_card_play(monkeypatch):
    # Checklist 2: pawns on a1 (Lil' Hero / Black Sky) and b1 (Gamma / Green Cave): X1 is playable.
    numbers = with_fixtures(monkeypatch)
    state = board_a(pawns={0: ("a1", "b1")}, hands={0: [numbers["X1"]]})
    assert "play X1" in legal(state, 0)
    play(state, 0, "play X1")
    assert state.pending == ("draw_action", -1)
    play(state, 0, "draw")  # the ability's draw, not one of the three actions
    assert len(state.hands[0]) == 1 and state.actions_left == 2
    assert score_seat(state.played[0])["points"] == 2


def test_rulebook_example_abbys_turn(monkeypatch):
    # Checklist 3: a chain of free moves, two cards played, MOVE TO used twice, all in three actions.
    numbers = with_fixtures(monkeypatch)
    state = board_a(pawns={0: ("b1", "a3")}, hands={0: [numbers["X2"], numbers["X3"]]})
    play(state, 0, "move 1 N")  # b1 -> b2, which has a door S: the move may go on
    assert state.continuing == 0 and state.actions_left == 2
    play(state, 0, "move 1 NE")  # b2 -> c3 (door SW)
    play(state, 0, "move 1 N")  # c3 -> c4 (door S)
    assert state.view(0)["board"]["pawns"][0] == ["c4", "a3"] and state.actions_left == 2
    play(state, 0, "stop")
    play(state, 0, "play X2")  # Nova on Blue Water at c4, Skullflower at a3
    assert state.actions_left == 1 and state.pending == ("move_to", 8 + 2)
    play(state, 0, "moveto 1 a1")  # MOVE TO Black Sky
    play(state, 0, "play X3")  # Skullflower at a3, Lil' Hero on Black Sky at a1
    assert state.actions_left == 0 and state.pending == ("move_to", 1)
    play(state, 0, "moveto 1 d1")  # MOVE TO Cosmo
    assert state.view(None)["board"]["cells"][cell("d1")]["creature"] == "COS"  # Cosmo
    assert state.turn == 1, "no actions are left: the turn passed"
    assert state.view(0)["board"]["played"][0] == ["X2", "X3"]


def test_rulebook_example_flip_advanced(monkeypatch):
    # Checklist 4 (Board B): b1 shows Cosmo / Black Sky; flipping it shows Gamma / Green Cave.
    numbers = with_fixtures(monkeypatch)
    state = board_a(advanced=True, pawns={0: ("b1", "a3")}, hands={0: [numbers["X4"]]})
    assert state.view(0)["board"]["cells"][cell("b1")]["creature"] == "COS"  # Cosmo
    assert "play X4" not in legal(state, 0)
    play(state, 0, "flip b1")
    assert doors_text(state, "b1") == "N,E,S"
    assert state.view(0)["board"]["cells"][cell("b1")]["creature"] == "GAM"  # Gamma
    assert "play X4" in legal(state, 0)


# -- the rules --------------------------------------------------------------------------------

def test_DW_R9_rotating_an_opponents_tile_needs_your_own_pawn_there():
    state = board_a(pawns={0: ("a1", None), 1: ("b1", None)})
    assert_refused(state, 0, "rotate b1 90", "opponent's pawn", "DW-R9")
    state = board_a(pawns={0: ("b1", None), 1: ("b1", None)})
    play(state, 0, "rotate b1 90")


def test_DW_R10_R12_moves_through_doors_entering_and_leaving():
    state = board_a(pawns={0: ("a1", None)})
    assert_refused(state, 0, "move 1 NE", "no door to the NE")
    play(state, 0, "enter 2 a2")  # a2 has a W door pointing off the board: may continue
    assert state.continuing == 1
    play(state, 0, "move 2 W")
    assert state.pawns[0][1] == -1 and state.continuing == -1
    assert_refused(state, 0, "enter 1 b2", "edge tile")


def test_DW_R6_three_actions_and_no_fourth():
    state = board_a(pawns={0: ("a1", None)}, hands={0: []})
    play(state, 0, "draw")
    play(state, 0, "draw")
    assert_refused(state, 0, "end", "all three must be used")  # ending after two actions
    play(state, 0, "draw")  # drawing three times in one turn is legal
    assert state.turn == 1 and state.actions_left == 3
    assert_refused(state, 0, "draw", "not A's turn")  # a fourth action
    state = board_a(pawns={0: ("a1", None)}, must_use_all_actions=False)
    play(state, 0, "draw")
    play(state, 0, "end")
    assert state.turn == 1


def test_DW_R18_hand_limit_at_the_end_of_the_turn():
    state = board_a(pawns={0: ("a1", None)})
    for _ in range(3):
        play(state, 0, "draw")
    assert state.discarding and len(state.hands[0]) == 5 and state.turn == 0
    card = state.hands[0][0]
    play(state, 0, f"discard {FRIEND_CARDS[card].id}")
    assert state.deck[0] == card, "discards go to the bottom of the deck"
    assert state.turn == 1


def test_DW_R7_R8_display_refill_and_replace():
    state = board_a()
    first = state.display[0]
    top = state.deck[-1]
    play(state, 0, f"take {FRIEND_CARDS[first].id}")
    assert state.display[0] == top and first in state.hands[0]
    old = list(state.display)
    play(state, 0, "refresh")
    assert state.deck[: len(old)] == list(reversed(old)) and not set(old) & set(state.display)


def test_DW_R15_located_counts_for_the_next_card_only(monkeypatch):
    # Checklist 9: with Gamma LOCATED, X4 (GAM+SKU on Green Cave) needs only a pawn on a tile
    # showing Skullflower and Green Cave (a2); without it, it also needs a Gamma.
    numbers = with_fixtures(monkeypatch)
    state = board_a(pawns={0: ("a2", None)}, hands={0: [numbers["X4"], numbers["X4"]]})
    assert "play X4" not in legal(state, 0)
    state.located[0] = 1 << 0  # as after a card with LOCATED Gamma (W37)
    state._legal = None
    assert "play X4" in legal(state, 0)
    play(state, 0, "play X4")
    play(state, 0, "skip")
    assert state.located[0] == 0 and "play X4" not in legal(state, 0), "LOCATED served the next card only"
    assert FRIEND_CARDS[CARD_INDEX["W37"]].ability == ("located", 0)


def test_DW_R15_both_creatures_need_their_own_pawn(monkeypatch):
    numbers = with_fixtures(monkeypatch)
    # X1 needs LIL+GAM and Green Cave: b1 (Gamma / Green Cave) alone is not enough, a1 + b1 is.
    state = board_a(pawns={0: ("b1", None)}, hands={0: [numbers["X1"]]})
    assert "play X1" not in legal(state, 0)
    state = board_a(pawns={0: ("b1", "a1")}, hands={0: [numbers["X1"]]})
    assert "play X1" in legal(state, 0)


def test_DW_R17_each_turn_free_rotate_until_the_next_card():
    state = board_a(pawns={0: ("a1", None)})
    state.lasting[0] = 0
    state.free_available = True
    state._legal = None
    for _ in range(3):
        play(state, 0, "draw")
    assert state.turn == 0 and state.actions_left == 0
    assert "rotate d4 90" in legal(state, 0) and "end" in legal(state, 0)
    play(state, 0, "rotate d4 90")
    assert state.discarding or state.turn == 1


def test_DW_R20_scoring_symbols():
    ids = lambda *names: [CARD_INDEX[n] for n in names]  # noqa: E731
    # W19 (1 PER Astra) with three Astra cards.
    assert score_seat(ids("W19", "W20", "W23", "W35"))["by_symbol"]["per_friend"] == 3
    # W17 (1 + 1 PER Pink Space) counts itself.
    assert score_seat(ids("W17"))["points"] == 2
    # W56 (2 PER set Ace+Ion) with two Ace and one Ion.
    assert score_seat(ids("W56", "W02", "W10", "W01"))["by_symbol"]["per_set"] == 2
    # W52 (5 IF 3x Orbit) counts itself: W52, W12, W26 are Orbits.
    assert score_seat(ids("W52", "W12", "W26"))["by_symbol"]["if_count"] == 5
    # A WILD completes the three Orbits.
    result = score_seat(ids("W52", "W12", "W24"))
    assert result["by_symbol"]["if_count"] == 5 and result["wild_as"]["W24"][0] == "Orbit"


def test_DW_R20_a_third_wild_is_chosen_too_and_changes_the_score():
    """With more than two WILDs in a pile every WILD is chosen for the owner's best (it used to be
    the first two only, the third scoring its hearts)."""
    ids = lambda *names: [CARD_INDEX[n] for n in names]  # noqa: E731
    # W55: 7 IF 4x Orbit; W12 is the one printed Orbit; W24, W34 and W51 are WILDs (1 + 2 + 1 hearts).
    assert FRIEND_CARDS[CARD_INDEX["W12"]].friend == FRIEND_CARDS[CARD_INDEX["W52"]].friend  # an Orbit
    two = score_seat(ids("W55", "W24", "W12", "W34"))
    assert two["by_symbol"]["if_count"] == 0  # two WILDs make three Orbits: not enough
    three = score_seat(ids("W55", "W24", "W12", "W34", "W51"))
    assert three["by_symbol"]["if_count"] == 7 and three["points"] == two["points"] + 7 + 1
    assert [three["wild_as"][card][0] for card in ("W24", "W34", "W51")] == ["Orbit"] * 3


@pytest.mark.parametrize("seed", range(6))
def test_DW_R20_three_wilds_score_as_the_best_of_every_ordered_choice(seed):
    """The scorer chooses WILD friends and terrains apart (they move different cards); its total is
    the best of all 32**3 ordered choices for three WILDs, checked by brute force."""
    import itertools
    import random

    from dreamtable.games.dreamwell.scoring import WILD_CHOICES, _points

    rng = random.Random(seed)
    wilds = [i for i, card in enumerate(FRIEND_CARDS) if card.score[0] == "wild"]
    others = [i for i, card in enumerate(FRIEND_CARDS) if card.score[0] != "wild"]
    pile = rng.sample(wilds, 3) + rng.sample(others, 6)
    rng.shuffle(pile)
    chosen = [card for card in pile if card in wilds]
    best = max(_points(pile, dict(zip(chosen, choice)))[0] for choice in itertools.product(WILD_CHOICES, repeat=3))
    result = score_seat(pile)
    assert result["points"] == best and len(result["wild_as"]) == 3


def test_DW_R19_end_after_the_round_in_which_seven_cards_are_played():
    # Checklist 12: three players, A first; B has played its 7th card: C still plays, then the end.
    state = board_a(players=3, turn=1)
    state.first_player = 0
    state.played[1] = [CARD_INDEX[c] for c in ("W01", "W02", "W03", "W04", "W05", "W06", "W07")]
    state.end_triggered = True
    state._legal = None
    for _ in range(3):
        play(state, 1, "rotate d4 90")
    assert not state.is_over and state.turn == 2
    for _ in range(3):
        play(state, 2, "rotate d4 90")
    assert state.is_over and state.outcome.reason == "cards-played"
    assert board_a(advanced=True).threshold == 10 and board_a().threshold == 7


def test_DW_R19_playing_the_seventh_card_starts_the_last_round(monkeypatch):
    numbers = with_fixtures(monkeypatch)
    state = board_a(pawns={0: ("b1", "a1")}, hands={0: [numbers["X1"]]})
    state.played[0] = [CARD_INDEX[c] for c in ("W01", "W02", "W03", "W04", "W05", "W06")]
    state._legal = None
    play(state, 0, "play X1")
    assert state.end_triggered


def test_DW_R21_tie_break_on_friend_types_then_shared():
    state = board_a(turn=1)
    state.first_player = 0
    state.played = [[CARD_INDEX["W02"], CARD_INDEX["W09"]], [CARD_INDEX["W07"], CARD_INDEX["W13"]]]  # 1+1 each
    state.end_triggered = True
    state._legal = None
    for _ in range(3):
        play(state, 1, "rotate d4 90")
    assert state.outcome.scores == (2.0, 2.0)
    assert state.outcome.winners == (0,), "Ace + Orion (2 types) beats Orion + Orion (1)"
