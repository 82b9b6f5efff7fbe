"""Every rule of the Sogni e Incubi rulebook and every SI-R resolution, each tested by name.

Positions are built by hand (``position.py``); moves go through the public notation.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import dreamtable
from dreamtable import IllegalActionError, NotationError
from dreamtable.games.sogni_e_incubi.cards import DECK, SHORT_NAMES, load_deck

from tests import helpers
from tests.helpers import assert_refused, play

from .position import GAME, hand_names, position, row_names, sentence


def legal(state, seat):
    return sorted(helpers.legal(state, seat))


# -- the components and setup -------------------------------------------------------------

def test_rulebook_deck_has_54_cards_of_five_kinds():
    counts = Counter(SHORT_NAMES[card] for card in DECK)
    assert len(DECK) == 54
    for number in range(1, 7):
        assert counts[f"S{number}"] == 4 and counts[f"I{number}"] == 4
    assert counts["CS"] == counts["CI"] == counts["R"] == 2


def test_deck_data_is_validated_naming_card_and_field():
    bad = {"cards": [{"id": "S9z", "kind": "sogno", "number": 9}]}
    with pytest.raises(ValueError, match="card S9z: field 'number'"):
        load_deck(bad)
    with pytest.raises(ValueError, match="field 'kind'"):
        load_deck({"cards": [{"id": "X1", "kind": "dream"}]})


def test_SI_R1_deal_four_each_rest_is_the_deck():
    state = GAME.new(players=3, seed=5)
    view = state.view(None)
    assert [hand["size"] for hand in view["board"]["hands"]] == [4, 4, 4]
    assert view["board"]["deck"] == 42
    assert all(slot == [] for row in view["board"]["rows"] for slot in row)


def test_SI_R1_two_to_four_players():
    for players in (2, 3, 4):
        assert GAME.new(players=players, seed=1).players == players
    for players in (1, 5):
        with pytest.raises(dreamtable.SetupError, match="2–4 players"):
            GAME.new(players=players, seed=1)


def test_SI_R1_first_player_option_and_clockwise_order():
    state = GAME.new(players=3, seed=2, first_player="B")
    assert state.actors == (1,)
    play(state, 1, "draw")
    assert state.actors == (2,)
    play(state, 2, "draw")
    assert state.actors == (0,)
    starts = {GAME.new(players=4, seed=seed).actors[0] for seed in range(40)}
    assert starts == {0, 1, 2, 3}, "the random first player should reach every seat"
    with pytest.raises(dreamtable.SetupError, match="seats A–B"):
        GAME.new(players=2, seed=1, first_player="C")


def test_SI_R1_same_seed_same_deal():
    assert GAME.new(players=2, seed=9).view(0) == GAME.new(players=2, seed=9).view(0)
    assert GAME.new(players=2, seed=9).view(0) != GAME.new(players=2, seed=10).view(0)


# -- the turn -------------------------------------------------------------------------------

def test_SI_R2_a_turn_is_one_action_then_the_next_seat():
    state = position(hands={0: "S1 S2", 1: "S3"})
    play(state, 0, "S1")
    assert state.actors == (1,)
    assert_refused(state, 0, "S2", "not A's turn")


def test_SI_R2_no_voluntary_pass():
    state = position(hands={0: "S1"})
    with pytest.raises(NotationError):
        GAME.parse_action(state, 0, "pass")
    assert all(str(action) != "pass" for action in state.legal_actions(0))


def test_SI_R3_hand_limit_of_ten_blocks_drawing():
    state = position(hands={0: "I1 I1 I1 I1 I2 I2 I2 I2 I3 I3"})
    assert "draw" not in legal(state, 0)
    assert_refused(state, 0, "draw", "hand limit", "SI-R3")
    state = position(hands={0: "I1 I1 I1 I1 I2 I2 I2 I2 I3"})
    assert "draw" in legal(state, 0)
    play(state, 0, "draw")
    assert state.hand_sizes[0] == 10


def test_SI_R3_effects_may_lift_a_hand_above_ten():
    # B holds 10; A's Convert to Nightmare returns B's Dream 1, so B holds 11 and cannot draw.
    state = position(rows={1: {1: "S1"}}, hands={0: "CI", 1: "I1 I1 I1 I1 I2 I2 I2 I2 I3 I3"})
    play(state, 0, "CI>B1")
    assert state.hand_sizes[1] == 11
    assert "draw" not in legal(state, 1)


def test_SI_R3_no_draw_from_an_empty_deck():
    state = position(hands={0: "S1"}, deck="")
    assert legal(state, 0) == ["S1"]
    assert_refused(state, 0, "draw", "deck is empty")


def test_SI_R4_a_seat_without_legal_action_passes_automatically():
    # B holds only a Nightmare 6 with no target and cannot draw (empty deck): B is skipped.
    state = position(hands={0: "S1 S2", 1: "I6"}, deck="")
    events = play(state, 0, "S1")
    assert state.actors == (0,)
    assert any("B has no legal move and passes" in sentence(state, event) for event in events)


# -- rows and stacks ------------------------------------------------------------------------

def test_SI_R5_only_the_top_card_of_a_stack_counts():
    state = position(rows={0: {2: "S2 I2"}})
    assert not state.is_dream_slot(0, 2)
    state = position(rows={0: {2: "I2 S2"}})
    assert state.is_dream_slot(0, 2)
    assert row_names(state, 0)[1] == ["I2", "S2"]


def test_SI_R6_a_card_goes_on_the_slot_of_its_number():
    # Checklist 2: Sogno 3 on your own empty slot 3 is legal, on slot 4 it is not.
    state = position(hands={0: "S3"})
    assert "S3" in legal(state, 0)
    from dreamtable.games.sogni_e_incubi.notation import Move
    with pytest.raises(IllegalActionError, match="Dream 3 cannot go on slot 4"):
        state.apply(0, Move(2, None, 4))
    with pytest.raises(NotationError, match="always goes on slot 3"):
        GAME.parse_action(state, 0, "S3 4")


def test_SI_R6_a_rem_takes_the_number_of_its_slot():
    # Checklist 9: a Rem on empty slot 4 counts as dream 4; an opponent's Sogno 4 replaces it.
    state = position(hands={0: "R", 1: "S4 S1"})
    play(state, 0, "R4")
    assert state.is_dream_slot(0, 4)
    assert "S4>A" in legal(state, 1)
    assert "S1>A" not in legal(state, 1)


# -- Dream plays (SI-R7) ---------------------------------------------------------------------

def test_SI_R7a_dream_on_own_empty_slot():
    state = position(hands={0: "S5"})
    play(state, 0, "S5")
    assert row_names(state, 0)[4] == ["S5"]
    assert hand_names(state, 0) == []


def test_SI_R7b_dream_stacks_on_own_dream():
    state = position(rows={0: {5: "S5"}}, hands={0: "S5"})
    play(state, 0, "S5")
    assert row_names(state, 0)[4] == ["S5", "S5"]


def test_SI_R7c_dream_covers_own_nightmare():
    state = position(rows={0: {5: "S5 I5"}}, hands={0: "S5"})
    assert not state.is_dream_slot(0, 5)
    play(state, 0, "S5")
    assert row_names(state, 0)[4] == ["S5", "I5", "S5"]
    assert state.is_dream_slot(0, 5)


def test_SI_R7c_dream_covers_a_convert_to_nightmare():
    state = position(rows={0: {5: "CI"}}, hands={0: "S5"})
    play(state, 0, "S5")
    assert row_names(state, 0)[4] == ["CI", "S5"]


def test_SI_R7d_dream_replaces_an_opponents_rem_and_takes_it():
    # Checklist 9: B's Sogno 4 takes A's Rem on slot 4; what was under the Rem stays.
    state = position(rows={0: {4: "I4 R"}}, hands={0: "S1", 1: "S4"}, turn=1)
    play(state, 1, "S4>A")
    assert row_names(state, 0)[3] == ["I4", "S4"]
    assert hand_names(state, 1) == ["R"]
    assert state.view(0)["board"]["hands"][1]["known"] == ["R"]


def test_SI_R7d_swapping_your_own_rem_returns_it_to_your_hand():
    state = position(rows={0: {4: "R"}}, hands={0: "S4"})
    play(state, 0, "S4")
    assert row_names(state, 0)[3] == ["S4"]
    assert hand_names(state, 0) == ["R"]


def test_SI_R7d_own_rem_swap_option_off():
    state = position(rows={0: {4: "R"}}, hands={0: "S4"}, own_rem_swap=False)
    assert "S4" not in legal(state, 0)
    assert_refused(state, 0, "S4", "own_rem_swap")


def test_SI_R7_dream_never_goes_on_a_convert_to_dream():
    state = position(rows={0: {2: "I2 CS"}}, hands={0: "S2"})
    assert_refused(state, 0, "S2", "SI-R10")


def test_SI_R7_dream_goes_on_an_opponents_row_only_over_a_rem():
    state = position(rows={1: {2: "S2"}}, hands={0: "S2"})
    assert "S2>B" not in legal(state, 0)
    assert_refused(state, 0, "S2>B", "only in place of a Rem")


# -- Nightmare plays (SI-R8) ----------------------------------------------------------------

def test_SI_R8_nightmare_takes_the_covered_dream_into_the_attackers_hand():
    # Checklist 3: the attacker's hand size is unchanged and the slot becomes a nightmare.
    state = position(rows={1: {2: "S2"}}, hands={0: "I2 S1"})
    events = play(state, 0, "I2>B")
    assert hand_names(state, 0) == ["S1", "S2"]
    assert state.hand_sizes[0] == 2
    assert row_names(state, 1)[1] == ["I2"]
    assert not state.is_dream_slot(1, 2)
    assert "took B's Dream 2" in sentence(state, events[0], 1)


def test_SI_R8_nightmare_on_a_stack_of_two_dreams_takes_only_the_top():
    state = position(rows={1: {2: "S2 S2"}}, hands={0: "I2"})
    play(state, 0, "I2>B")
    assert row_names(state, 1)[1] == ["S2", "I2"]
    assert hand_names(state, 0) == ["S2"]


def test_SI_R8_nightmare_on_a_rem_takes_nothing():
    state = position(rows={1: {2: "R"}}, hands={0: "I2 S1"})
    play(state, 0, "I2>B")
    assert row_names(state, 1)[1] == ["R", "I2"]
    assert hand_names(state, 0) == ["S1"]


def test_SI_R8_nightmare_on_a_nightmare_takes_nothing():
    state = position(rows={1: {2: "I2"}}, hands={0: "I2 S1"})
    play(state, 0, "I2>B")
    assert row_names(state, 1)[1] == ["I2", "I2"]
    assert hand_names(state, 0) == ["S1"]
    state = position(rows={1: {2: "CI"}}, hands={0: "I2"})
    assert "I2>B" in legal(state, 0)


def test_SI_R8_nightmare_never_on_an_empty_slot_or_own_row():
    state = position(rows={0: {2: "S2"}}, hands={0: "I2"})
    assert legal(state, 0) == ["draw"]
    assert_refused(state, 0, "I2>B", "empty slot", "SI-R8")
    with pytest.raises(NotationError, match="opponent's row"):
        GAME.parse_action(state, 0, "I2")


def test_SI_R8_nightmare_never_on_a_convert_to_dream():
    state = position(rows={1: {2: "I2 CS"}}, hands={0: "I2"})
    assert_refused(state, 0, "I2>B", "SI-R10")


# -- Convert to Nightmare (SI-R9) -----------------------------------------------------------

def test_SI_R9_convert_to_nightmare_returns_the_dream_to_its_owner():
    state = position(rows={1: {1: "S1"}}, hands={0: "CI S2"})
    events = play(state, 0, "CI>B1")
    assert hand_names(state, 1) == ["S1"]
    assert hand_names(state, 0) == ["S2"]
    assert row_names(state, 1)[0] == ["CI"]
    assert "went back to B's hand" in sentence(state, events[0])


def test_SI_R9_ci_returns_to_attacker_option():
    state = position(rows={1: {1: "S1"}}, hands={0: "CI"}, ci_returns_to="attacker")
    play(state, 0, "CI>B1")
    assert hand_names(state, 0) == ["S1"]
    assert hand_names(state, 1) == []


def test_SI_R9_convert_to_nightmare_covers_a_rem_without_taking_it():
    state = position(rows={1: {3: "R"}}, hands={0: "CI"})
    play(state, 0, "CI>B3")
    assert row_names(state, 1)[2] == ["R", "CI"]
    assert hand_names(state, 0) == [] and hand_names(state, 1) == []


def test_SI_R9_convert_to_nightmare_any_number_but_not_empty_nightmare_or_own():
    state = position(rows={0: {1: "S1"}, 1: {2: "I2", 4: "S4", 5: "CI"}}, hands={0: "CI"})
    assert [a for a in legal(state, 0) if a.startswith("CI")] == ["CI>B4"]
    assert_refused(state, 0, "CI>B2", "only on a Dream or a Rem")
    assert_refused(state, 0, "CI>B3", "only on a Dream or a Rem")
    with pytest.raises(NotationError, match="opponent's row"):
        GAME.parse_action(state, 0, "CI1")


def test_SI_R9_owner_may_cover_a_convert_to_nightmare():
    state = position(rows={0: {4: "CI"}}, hands={0: "S4 CS R"})
    assert {"S4", "CS4", "R4"} <= set(legal(state, 0))


# -- Convert to Dream (SI-R10) --------------------------------------------------------------

def test_SI_R10_convert_to_dream_covers_an_own_nightmare_of_any_number():
    state = position(rows={0: {5: "S5 I5"}}, hands={0: "CS"})
    assert [a for a in legal(state, 0) if a != "draw"] == ["CS5"]
    play(state, 0, "CS5")
    assert state.is_dream_slot(0, 5)


def test_SI_R10_convert_to_dream_never_on_empty_dream_or_opponent():
    state = position(rows={0: {1: "S1"}, 1: {2: "I2"}}, hands={0: "CS"})
    assert legal(state, 0) == ["draw"]
    assert_refused(state, 0, "CS3", "only covers a nightmare")
    assert_refused(state, 0, "CS1", "only covers a nightmare")
    with pytest.raises(NotationError, match="own row"):
        GAME.parse_action(state, 0, "CS>B2")


def test_SI_R10_convert_to_dream_locks_its_slot():
    # Checklist 7: after CS on Incubo 5, nothing may be played on that slot by anyone.
    state = position(rows={0: {5: "I5 CS"}, 1: {5: "R"}}, hands={0: "S5 R CS", 1: "I5 CI"})
    assert state.is_dream_slot(0, 5)
    for text in ("S5", "R5", "CS5"):
        assert_refused(state, 0, text, "locks its slot")
    state.turn = 1
    for text in ("I5>A", "CI>A5"):
        assert_refused(state, 1, text, "locks its slot")


def test_SI_R10_lock_option_off_lets_cards_cover_it():
    state = position(rows={0: {5: "I5 CS"}}, hands={1: "I5 CI"}, turn=1, converti_sogno_locks=False)
    assert {"I5>A", "CI>A5"} <= set(legal(state, 1))
    play(state, 1, "I5>A")
    assert row_names(state, 0)[4] == ["I5", "CS", "I5"]
    assert hand_names(state, 1) == ["CI"], "the Convert to Dream is never taken from the table"


# -- Rem (SI-R11) ---------------------------------------------------------------------------

def test_SI_R11_rem_on_own_empty_slot_or_nightmare():
    state = position(rows={0: {1: "S1", 2: "I2", 3: "CI", 4: "R", 5: "I5 CS"}}, hands={0: "R"})
    assert sorted(a for a in legal(state, 0) if a.startswith("R")) == ["R2", "R3", "R6"]


def test_SI_R11_rem_never_on_a_dream_or_an_opponent():
    # Checklist 10: Rem on your own Sogno is illegal; on your own Incubo it is legal.
    state = position(rows={0: {1: "S1", 2: "I2"}}, hands={0: "R"})
    assert_refused(state, 0, "R1", "SI-R11")
    play(state, 0, "R2")
    assert row_names(state, 0)[1] == ["I2", "R"]
    with pytest.raises(NotationError, match="own row"):
        GAME.parse_action(state, 0, "R>B2")


# -- winning and the end --------------------------------------------------------------------

FULL_ROW_BUT_6 = {1: "S1", 2: "S2", 3: "S3", 4: "S4", 5: "S5"}


def test_SI_R12_completing_the_row_with_the_last_card_wins_at_once():
    state = position(rows={0: FULL_ROW_BUT_6}, hands={0: "S6", 1: "S1"})
    play(state, 0, "S6")
    assert state.is_over
    assert state.outcome.winners == (0,)
    assert state.outcome.reason == "complete-row"
    assert state.actors == ()


def test_SI_R12_a_complete_row_with_cards_in_hand_does_not_end_the_game():
    state = position(rows={0: FULL_ROW_BUT_6}, hands={0: "S6 S1", 1: "S2"})
    play(state, 0, "S6")
    assert not state.is_over
    assert state.actors == (1,)
    play(state, 1, "draw")
    play(state, 0, "S1")
    assert state.outcome.winners == (0,)


def test_SI_R12_rem_and_convert_to_dream_count_as_dreams():
    state = position(rows={0: {1: "R", 2: "I2 CS", 3: "S3", 4: "S4", 5: "S5"}}, hands={0: "S6", 1: "S1"})
    play(state, 0, "S6")
    assert state.outcome.winners == (0,)


def test_SI_R12_wild_counts_for_win_off():
    state = position(rows={0: {1: "R", 2: "S2", 3: "S3", 4: "S4", 5: "S5"}}, hands={0: "S6", 1: "S1"}, wild_counts_for_win=False)
    play(state, 0, "S6")
    assert not state.is_over


def test_SI_R12_every_player_is_checked_after_each_action():
    # With wild cards not counting, B's swap of A's Rem completes A's row; A's hand is empty.
    state = position(
        rows={0: {1: "R", 2: "S2", 3: "S3", 4: "S4", 5: "S5", 6: "S6"}},
        hands={0: "", 1: "S1 S2"},
        turn=1,
        wild_counts_for_win=False,
    )
    play(state, 1, "S1>A")
    assert state.outcome.winners == (0,)


def test_SI_R13_every_card_is_always_in_one_place():
    state = GAME.new(players=4, seed=3)
    import random
    rng = random.Random(3)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        state.check_invariants()
        view = state.view(None)
        in_rows = sum(len(slot) for row in view["board"]["rows"] for slot in row)
        assert view["board"]["deck"] + sum(h["size"] for h in view["board"]["hands"]) + in_rows == 54


def test_SI_R14_an_empty_handed_player_sits_out_and_returns_with_a_card():
    # Deck gone: A has no cards and an incomplete row, so A sits out while B plays;
    # B's Convert to Nightmare then returns A's Dream 1, and A plays again.
    state = position(rows={0: {1: "S1", 2: "I2"}}, hands={0: "", 1: "S3 CI S4"}, turn=1, deck="")
    play(state, 1, "S3")
    assert state.actors == (1,)
    play(state, 1, "CI>A1")
    assert state.actors == (0,)
    assert hand_names(state, 0) == ["S1"]


def test_SI_R14_special_end_most_dream_slots_wins():
    # Checklist 13: when every hand is empty, 5 dream slots beat 4.
    state = position(
        rows={0: {1: "S1", 2: "S2", 3: "S3", 4: "S4"}, 1: {1: "S1", 2: "S2", 3: "S3", 4: "S4", 6: "I6"}},
        hands={0: "", 1: "S5"},
        turn=1,
        deck="",
    )
    play(state, 1, "S5")
    assert state.outcome.reason == "hands-empty"
    assert state.outcome.winners == (1,)
    assert state.outcome.scores == (4.0, 5.0)


def test_SI_R14_special_end_tie_broken_by_longest_run():
    # Checklist 13: with 4 each, the run 2-3-4-5 beats 1-2, 4-5.
    state = position(
        rows={0: {2: "S2", 3: "S3", 4: "S4"}, 1: {1: "S1", 2: "S2", 4: "S4", 5: "S5", 3: "I3"}},
        hands={0: "S5"},
        deck="",
    )
    play(state, 0, "S5")
    assert state.outcome.winners == (0,)
    assert [d["longest_run"] for d in state.outcome.details] == [4, 2]


def test_SI_R14_special_end_full_tie_is_a_shared_win():
    state = position(rows={0: {1: "S1"}, 1: {1: "S1", 2: "I2"}}, hands={0: "S2", 1: "S2"}, deck="")
    play(state, 0, "S2")
    play(state, 1, "S2")
    assert state.outcome.reason == "hands-empty"
    assert state.outcome.winners == (0, 1)


def test_SI_R14_final_count_cards_option():
    # Stacks count card by card with final_count=cards: B has fewer slots but more dream cards.
    rows = {0: {1: "S1", 2: "S2", 3: "S3"}, 1: {1: "S1 S1 S1", 2: "S2 S2"}}
    state = position(rows=rows, hands={0: "S4"}, deck="", final_count="cards")
    play(state, 0, "S4")
    assert state.outcome.winners == (1,)
    assert state.outcome.scores == (4.0, 5.0)
    state = position(rows=rows, hands={0: "S4"}, deck="")
    play(state, 0, "S4")
    assert state.outcome.winners == (0,)


def test_SI_R14_a_win_by_SI_R12_is_still_possible_during_the_special_end():
    state = position(rows={0: FULL_ROW_BUT_6, 1: {1: "I1"}}, hands={0: "S6", 1: ""}, deck="")
    play(state, 0, "S6")
    assert state.outcome.reason == "complete-row"


def test_SI_R15_stuck_game_ends_after_a_full_round_of_passes():
    # Checklist 14: only unplayable cards and an empty deck: everyone passes, the game is scored.
    state = position(rows={0: {1: "S1", 2: "S2"}, 1: {1: "S1", 2: "S2"}}, hands={0: "S3 I6", 1: "I5"}, deck="")
    events = play(state, 0, "S3")
    assert state.is_over
    assert state.outcome.reason == "stuck"
    assert state.outcome.winners == (0,)
    texts = [sentence(state, event) for event in events]
    assert "B has no legal move and passes." in texts and "A has no legal move and passes." in texts


def test_SI_R15_stuck_with_full_hands_and_a_deck_left():
    hand = "I1 I1 I1 I1 I2 I2 I2 I2 I3 I3"
    state = position(hands={0: hand + " S4", 1: "I3 I3 I5 I5 I5 I5 I6 I6 I6 I6"})
    play(state, 0, "S4")
    # B holds ten unplayable cards and may not draw; A holds ten and may not draw either.
    assert state.outcome.reason == "stuck"
    assert state.outcome.winners == (0,)


def test_SI_R16_the_attacker_chooses_the_opponent():
    state = position(players=3, rows={1: {2: "S2"}, 2: {2: "S2"}}, hands={0: "I2"})
    assert {"I2>B", "I2>C"} <= set(legal(state, 0))
    play(state, 0, "I2>C")
    assert row_names(state, 2)[1] == ["I2"] and row_names(state, 1)[1] == ["S2"]


def test_SI_R17_hands_hidden_sizes_public_deck_order_hidden():
    state = GAME.new(players=3, seed=4)
    view = state.view(1)
    assert view["board"]["hands"][1]["cards"] is not None and len(view["board"]["hands"][1]["cards"]) == 4
    assert view["board"]["hands"][0]["cards"] is None and view["board"]["hands"][0]["size"] == 4
    assert view["board"]["deck"] == 42 and "deck_order" not in json.dumps(view)
    spectator = state.view(None)
    assert all(hand["cards"] is None for hand in spectator["board"]["hands"])


def test_SI_R17_a_drawn_card_is_seen_only_by_its_drawer():
    state = GAME.new(players=2, seed=4, first_player="A")
    play(state, 0, "draw")
    mine, theirs = state.log(0)[-1]["text"], state.log(1)[-1]["text"]
    assert theirs == "A drew a card."
    assert mine.startswith("A drew ") and mine != theirs


def test_SI_R17_a_card_moving_from_row_to_hand_is_public():
    state = position(rows={1: {2: "S2"}}, hands={0: "I2 S1 S5"})
    play(state, 0, "I2>B")
    assert state.view(1)["board"]["hands"][0]["known"] == ["S2"]
    assert state.view(None)["board"]["hands"][0]["known"] == ["S2"]


def test_SI_R17_playing_a_card_seen_entering_the_hand_forgets_one_copy_whatever_else_the_hand_holds():
    # A took B's Dream 2 in sight of all; when A plays a Dream 2, B cannot tell whether it was that
    # one, so B's view must not depend on whether A held a second, hidden Dream 2.
    seen = []
    for hidden in ("S2 S1 S5", "S6 S1 S5"):
        state = position(rows={1: {2: "S2"}}, hands={0: "I2 " + hidden, 1: "S3"})
        play(state, 0, "I2>B")
        play(state, 1, "S3")
        play(state, 0, "S2")
        assert state.view(1)["board"]["hands"][0]["known"] == []
        seen.append(state.view(1))
    assert seen[0] == seen[1]


def test_SI_R18_a_nightmare_does_not_block_the_rest_of_the_row():
    state = position(rows={0: {2: "I2"}}, hands={0: "S1 S2 R CS"})
    assert {"S1", "S2", "R2", "CS2", "R1"} <= set(legal(state, 0))


# -- bad input ------------------------------------------------------------------------------

def test_illegal_card_not_in_hand_names_the_card():
    state = position(hands={0: "S1"})
    assert_refused(state, 0, "S2", "you hold no Dream 2")


def test_actions_after_the_end_are_refused():
    state = position(rows={0: FULL_ROW_BUT_6}, hands={0: "S6"})
    play(state, 0, "S6")
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(1, GAME.parse_action(state, 1, "draw"))


@pytest.mark.parametrize("text", ["", "S7", "I3", "I3>E", "CI>B", "CS", "R9", "X1", "S3>>B", "S3>A"])
def test_malformed_notation_raises_notation_error_with_a_hint(text):
    state = position(hands={0: "S3"})
    with pytest.raises(NotationError) as error:
        GAME.parse_action(state, 0, text)
    assert str(error.value)


def test_notation_is_case_and_space_insensitive():
    state = position(players=3, hands={0: "S3"})
    assert str(GAME.parse_action(state, 0, " ci > c 4 ")) == "CI>C4"
    assert str(GAME.parse_action(state, 0, "Draw")) == "draw"


def test_unknown_option_is_refused_with_the_list_of_options():
    with pytest.raises(dreamtable.SetupError, match="hand_limit"):
        GAME.new(players=2, seed=1, hand_limt=8)
    with pytest.raises(dreamtable.SetupError, match="owner"):
        GAME.new(players=2, seed=1, ci_returns_to="nobody")


@pytest.mark.parametrize("limit", [-3, 0])
def test_a_hand_limit_below_one_is_refused_saying_what_is_allowed(limit):
    with pytest.raises(dreamtable.SetupError, match="hand_limit=.* is out of range: it takes from 1 to 54"):
        GAME.new(players=2, seed=1, hand_limit=limit)
    assert GAME.new(players=2, seed=1, hand_limit=1).view(0)["board"]["hand_limit"] == 1
