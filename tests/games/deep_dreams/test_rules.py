"""Every rule of the Deep Dreams rulebook and every DD-R resolution, each tested by name.

The positions use real cards of our deck (design note §3); the checklist numbers refer to §4.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import dreamtable
from dreamtable import IllegalActionError, NotationError
from dreamtable.games.deep_dreams.cards import CARD_INDEX, COLOURS, DECK, ICONS, JOINTS, LEVELS, DeckDataError, load_deck
from dreamtable.games.deep_dreams.scoring import award, black_pairs, dream_groups, score, sleep_path

from tests.helpers import assert_refused

from .position import GAME, card_name, hand_of, legal, play, position, row_of


def row(text):
    return [tuple(CARD_INDEX[c] for c in part.split("+")) for part in text.split()]


# -- the deck (checklist 1, DD-R2, DD-R25) ---------------------------------------------------

def test_deck_published_totals():
    assert len(DECK) == 54
    expected = {
        "top": {"pink": 14, "yellow": 14, "green": 13, "blue": 13},
        "middle": {"pink": 14, "blue": 14, "green": 13, "yellow": 13},
        "bottom": {"green": 14, "yellow": 14, "blue": 13, "pink": 13},
    }
    for level, name in enumerate(LEVELS):
        assert Counter(COLOURS[card.colours[level]] for card in DECK) == expected[name]
    assert Counter(ICONS[card.icon[0]] for card in DECK if card.icon) == {icon: 3 for icon in ICONS}
    assert sum(card.x2 for card in DECK) == 6 and not any(card.x2 and card.icon for card in DECK)
    assert sum(card.player_choice for card in DECK) == 12
    assert sum(card.player_choice and card.icon is not None for card in DECK) == 4
    assert Counter(len(card.lines) for card in DECK) == {2: 36, 1: 18}
    arrows = Counter(end for card in DECK for line in card.lines for end in (line.left_end, line.right_end))
    assert (arrows[1], arrows[2], arrows[0]) == (110, 50, 20)


def test_DD_R2_card_model_every_card_has_bruno_two_colours_and_an_arrow_per_edge():
    for card in DECK:
        assert any(line.bruno for line in card.lines)
        assert len(set(card.colours)) >= 2
        for edge in (0, 1):
            assert any(port in (1, 2) for port in card.ports[edge]), card.id
    assert len({card.colours for card in DECK}) == 54


@pytest.mark.parametrize(
    "change, phrase",
    [
        (lambda c: c["levels"].update(top="purple"), "card DD01: field 'levels.top'"),
        (lambda c: c["lines"][0].update(leftEnd="grey"), "card DD01: field 'lines[0].leftEnd'"),
        (lambda c: c.update(icon={"type": "teleport", "edge": "right", "level": "middle"}), "field 'icon.type'"),
        (lambda c: c.update(icon={"type": "steal", "edge": "left", "level": "top"}), "field 'icon.level'"),
        (lambda c: c.update(x2="yes"), "field 'x2'"),
        (lambda c: [line.update(bruno=False) for line in c["lines"]], "no Bruno"),
    ],
)
def test_malformed_card_file_names_the_card_and_the_field(change, phrase):
    data = json.loads((__import__("importlib").resources.files("dreamtable.games.deep_dreams") / "data/deck.json").read_text())
    change(data["cards"][0])
    with pytest.raises(DeckDataError) as error:
        load_deck(data)
    assert phrase in str(error.value)


def test_DD_R25_deck_option():
    assert GAME.new(players=2, seed=1, deck="dreamtable-54").players == 2
    with pytest.raises(dreamtable.SetupError, match="dreamtable-54"):
        GAME.new(players=2, seed=1, deck="printed")


# -- setup and turns ----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_DD_R3_deal_five_each(players):
    board = GAME.new(players=players, seed=3).view(None)["board"]
    assert [hand["size"] for hand in board["hands"]] == [5] * players
    assert board["deck"] == 54 - 5 * players


def test_two_to_five_players():
    for players in (1, 6):
        with pytest.raises(dreamtable.SetupError, match="2–5 players"):
            GAME.new(players=players, seed=1)


def test_DD_R1_first_player_and_turns_to_the_left():
    state = GAME.new(players=3, seed=1, first_player="C")
    assert state.actors == (2,)
    play(state, 2, "draw")
    assert state.actors == (0,)
    assert {GAME.new(players=5, seed=s).actors[0] for s in range(40)} == set(range(5))


def test_DD_R3_no_hand_limit():
    state = position(hands={0: "DD01 DD02 DD03 DD04 DD05 DD06 DD07 DD08 DD09 DD10 DD11 DD12"})
    assert "draw" in legal(state, 0)
    play(state, 0, "draw")
    assert state.view(0)["board"]["hands"][0]["size"] == 13


def test_DD_R4_one_action_a_turn_and_drawing_even_when_a_play_is_possible():
    state = position(hands={0: "DD02", 1: "DD03"})
    assert legal(state, 0) == {"draw", "play DD02 right"}
    play(state, 0, "draw")
    assert state.actors == (1,)


def test_DD_R5_first_card_is_free_then_right_end_or_either_end_with_player_choice():
    state = position(hands={0: "DD02 DD18"})
    assert legal(state, 0) == {"draw", "play DD02 right", "play DD18 right"}
    # Checklist 3: DD02 at the left of [DD03] fails (no PC) though it would connect; DD18 (PC) may.
    state = position(rows={0: "DD03"}, hands={0: "DD02 DD18"})
    assert "play DD18 left" in legal(state, 0)
    assert "play DD02 left" not in legal(state, 0)
    assert_refused(state, 0, "play DD02 left", "no player's-choice symbol", "DD-R5")
    play(state, 0, "play DD18 left")
    assert row_of(state, 0) == "DD18 DD03"


def test_DD_R6_at_least_one_arrow_must_connect():
    # Checklist 3: [DD02] + DD01 connects nothing.
    state = position(rows={0: "DD02"}, hands={0: "DD01"})
    assert "play DD01 right" not in legal(state, 0)
    assert_refused(state, 0, "play DD01 right", "connects no arrow", "DD-R6")


def test_DD_R6_icons_and_empty_ports_never_make_a_placement_legal():
    # DD01's right edge: top black, middle Dream Moon icon, bottom black. DD02's left: only top white.
    joint = JOINTS[CARD_INDEX["DD01"]][CARD_INDEX["DD02"]]
    assert joint.levels == 1  # top arrow against top arrow
    for a in DECK:
        for b in DECK:
            j = JOINTS[CARD_INDEX[a.id]][CARD_INDEX[b.id]]
            arrows = sum(a.ports[1][lv] in (1, 2) and b.ports[0][lv] in (1, 2) for lv in range(3))
            assert j.levels == arrows


def test_DD_R7_draw_bonus_for_two_levels():
    # Checklist 4: [DD36] + DD16 connects at top and middle: one card drawn.
    state = position(rows={0: "DD36"}, hands={0: "DD16", 1: "DD40"}, deck_top="DD50")
    play(state, 0, "play DD16 right")
    assert "DD50" in hand_of(state, 0)
    state = position(rows={0: "DD36"}, hands={0: "DD16", 1: "DD40"}, deck_top="DD50", draw_bonus_cards=2)
    play(state, 0, "play DD16 right")
    assert len(hand_of(state, 0)) == 2


def test_DD_R7_one_level_gives_no_bonus():
    state = position(rows={0: "DD03"}, hands={0: "DD18 DD40", 1: "DD19"})
    play(state, 0, "play DD18 left")
    assert hand_of(state, 0) == ["DD40"]


# -- icons ----------------------------------------------------------------------------------------

def test_DD_R8_neighbours_icon_fires_when_an_arrow_faces_it():
    # Checklist 5: [DD01] + DD03 fires Dream Moon (DD01's right-middle icon faces DD03's middle arrow).
    state = position(rows={0: "DD01"}, hands={0: "DD03 DD40", 1: "DD19"})
    play(state, 0, "play DD03 right")
    assert state.view(0)["board"]["resolving"] == "dream_moon"
    assert state.actors == (0,)


def test_DD_R8_new_cards_icon_fires_and_order_is_neighbour_then_new_card():
    # Checklist 5: [DD01] + DD16 fires Dream Moon, then Steal (DD16's left-bottom icon faces DD01's arrow).
    state = position(rows={0: "DD01"}, hands={0: "DD16 DD40", 1: "DD19"})
    play(state, 0, "play DD16 right")
    assert state.view(0)["board"]["resolving"] == "dream_moon"
    play(state, 0, "skip")
    assert state.view(0)["board"]["resolving"] == "steal"
    assert legal(state, 0) == {"steal B", "skip"}


@pytest.mark.parametrize("row_card, new_card, effect", [
    ("DD03", "DD46", "deep_sleep"),
    ("DD10", "DD03", "eliminate_right"),
    ("DD09", "DD03", "predictions"),
])
def test_DD_R8_icons_of_the_checklist_fire(row_card, new_card, effect):
    state = position(rows={0: row_card, 1: "DD19"}, hands={0: new_card + " DD40", 1: "DD20"})
    play(state, 0, f"play {new_card} right")
    assert state.view(0)["board"]["resolving"] == effect


def test_DD_R8_an_icon_not_facing_an_arrow_never_fires():
    # DD10's right icon is at the middle level; DD15's left edge has no middle arrow.
    state = position(rows={0: "DD10"}, hands={0: "DD15", 1: "DD19"})
    assert "play DD15 right" in legal(state, 0)
    play(state, 0, "play DD15 right")
    assert state.view(0)["board"]["resolving"] is None and state.actors == (1,)


def test_DD_R8_icons_never_fire_later_or_for_a_dream_moon_card():
    state = position(rows={0: "DD01"}, hands={0: "DD03 DD16", 1: "DD19"})
    play(state, 0, "play DD03 right")
    play(state, 0, "moon DD16 on 1")  # DD16 laid by Dream Moon: its Steal icon does not fire
    assert state.actors == (1,) and state.view(0)["board"]["resolving"] is None


def test_DD_R9_every_icon_effect_may_be_declined():
    # (Our deck has no joint that both earns the draw bonus and fires an icon, so the bonus-first
    # order of DD-R9 never shows in play; the neighbour-then-new-card order is tested above.)
    state = position(rows={0: "DD01"}, hands={0: "DD16 DD40", 1: "DD19"})
    play(state, 0, "play DD16 right")
    play(state, 0, "skip")
    play(state, 0, "skip")
    assert state.actors == (1,)
    assert hand_of(state, 0) == ["DD40"] and hand_of(state, 1) == ["DD19"]
    assert any("declined Steal" in e["text"] for e in state.log(None))


def test_DD_R9_no_other_move_while_an_effect_waits():
    state = position(rows={0: "DD01"}, hands={0: "DD03 DD40", 1: "DD19"})
    play(state, 0, "play DD03 right")
    assert_refused(state, 0, "draw", "first resolve Dream Moon")


def test_DD_R10_dream_moon_covers_any_but_the_rightmost():
    state = position(rows={0: "DD36 DD01"}, hands={0: "DD03 DD05", 1: "DD19"})
    play(state, 0, "play DD03 right")
    assert legal(state, 0) == {"moon DD05 on 1", "moon DD05 on 2", "skip"}
    assert_refused(state, 0, "moon DD05 on 3", "but the rightmost", "DD-R10")
    play(state, 0, "moon DD05 on 2")
    assert row_of(state, 0) == "DD36 DD01+DD05 DD03"
    assert len(state.rows[0]) == 3, "a covering card does not add to the row length"


def test_DD_R10_covering_card_takes_colours_and_black_pairs_and_cuts_the_path():
    base = "DD36 DD16 DD03 DD38 DD06"
    assert sleep_path(row(base)) == 4
    for cover in ("DD05", "DD22", "DD13"):
        covered = row(f"DD36 DD16+{cover} DD03 DD38 DD06")
        assert sleep_path(covered) == 2  # checklist 6: the upper line of DD03 and the lower of DD38
    covered = row("DD36 DD16+DD13 DD03")
    assert dream_groups(covered) == dream_groups(row("DD36 DD13 DD03"))
    assert black_pairs(covered) == black_pairs(row("DD36 DD13 DD03"))


def test_DD_R10_dream_moon_lapses_with_an_empty_hand():
    state = position(rows={0: "DD01"}, hands={0: "DD03", 1: "DD19"})
    events = play(state, 0, "play DD03 right")
    assert [(e.kind, e.actor, e.fields) for e in events if e.kind == "lapse"] == [("lapse", 0, {"effect": "dream_moon"})]
    assert "Dream Moon fires for A but has no target, so it lapses." in [e["text"] for e in state.log(None)]
    assert state.actors == (1,)


def test_DD_R11_predictions_look_three_keep_one_rest_back_on_top_in_order():
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck_top="DD50 DD51 DD52")
    play(state, 0, "play DD03 right")
    assert state.view(0)["board"]["peek"] == ["DD50", "DD51", "DD52"]
    assert state.view(1)["board"]["peek"] == 3
    assert legal(state, 0) == {"keep DD50", "keep DD51", "keep DD52", "skip"}
    play(state, 0, "keep DD51")
    assert "DD51" in hand_of(state, 0)
    assert [DECK[c].id for c in state.deck[-2:]] == ["DD52", "DD50"]  # DD50 on top again


def test_DD_R11_predictions_with_two_cards_left():
    # Checklist 7: with 2 cards in the deck, look at 2, keep 1, the other stays on top.
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck="DD50 DD51")
    play(state, 0, "play DD03 right")
    assert state.view(0)["board"]["peek"] == ["DD50", "DD51"]
    play(state, 0, "keep DD50")
    assert [DECK[c].id for c in state.deck] == ["DD51"]


def test_DD_R12_deep_sleep_gives_an_extra_turn():
    # Checklist 8: [DD03] + DD46 fires Deep Sleep; the player plays twice in a row.
    state = position(rows={0: "DD03"}, hands={0: "DD46 DD40", 1: "DD19"})
    play(state, 0, "play DD46 right")
    play(state, 0, "extra turn")
    assert state.actors == (0,)
    play(state, 0, "draw")
    assert state.actors == (1,)


def test_DD_R13_steal_takes_a_random_card_seen_by_thief_and_victim_only():
    state = position(players=3, rows={0: "DD01"}, hands={0: "DD16 DD40", 1: "DD19 DD20", 2: "DD21"})
    play(state, 0, "play DD16 right")
    play(state, 0, "skip")  # Dream Moon
    play(state, 0, "steal B")
    assert len(hand_of(state, 0)) == 2 and len(hand_of(state, 1)) == 1
    stolen = card_name(next(c for c in hand_of(state, 0) if c in ("DD19", "DD20")))  # the log names it so
    assert any(stolen in e["text"] for e in state.log(0))
    assert any(stolen in e["text"] for e in state.log(1))
    assert not any(stolen in e["text"] for e in state.log(2))


def test_DD_R13_steal_needs_an_opponent_with_cards():
    state = position(players=3, rows={0: "DD01"}, hands={0: "DD16", 1: "", 2: "DD21"})
    play(state, 0, "play DD16 right")  # Dream Moon lapses: the hand is empty
    assert legal(state, 0) == {"steal C", "skip"}


def test_DD_R14_eliminate_right_discards_the_end_card():
    state = position(rows={0: "DD10", 1: "DD19 DD20"}, hands={0: "DD03", 1: "DD21"})
    play(state, 0, "play DD03 right")
    play(state, 0, "eliminate B")
    assert row_of(state, 1) == "DD19"
    assert state.view(None)["board"]["discard"] == ["DD20"]


def test_DD_R14_eliminate_left_removes_a_whole_stack():
    # Checklist 9: DD32's left-middle icon faces DD11's middle arrow when DD32 is played on its right.
    state = position(rows={0: "DD11", 1: "DD19+DD20 DD21"}, hands={0: "DD32", 1: "DD22"})
    play(state, 0, "play DD32 right")
    assert state.view(0)["board"]["resolving"] == "eliminate_left"
    play(state, 0, "eliminate B")
    assert row_of(state, 1) == "DD21"
    assert sorted(state.view(None)["board"]["discard"]) == ["DD19", "DD20"]


def test_DD_R15_never_yourself_and_no_such_seat():
    state = position(rows={0: "DD10", 1: "DD19"}, hands={0: "DD03", 1: "DD21"})
    play(state, 0, "play DD03 right")
    assert_refused(state, 0, "eliminate A", "never yourself", "DD-R15")
    with pytest.raises(NotationError, match="seats A–B"):
        GAME.parse_action(state, 0, "eliminate C")
    from dreamtable.games.deep_dreams.notation import ELIMINATE, DreamMove
    with pytest.raises(IllegalActionError, match="no seat 7"):
        state.apply(0, DreamMove(ELIMINATE, -1, 7))


def test_DD_R15_effect_lapses_without_an_eligible_opponent():
    state = position(rows={0: "DD10"}, hands={0: "DD03", 1: "DD21"})
    events = play(state, 0, "play DD03 right")
    assert any(e.kind == "lapse" and e.fields == {"effect": "eliminate_right"} for e in events)
    assert any("Eliminate right fires for A but has no target" in e["text"] for e in state.log(None))


# -- the end ------------------------------------------------------------------------------------

NINE = "DD01 DD02 DD04 DD07 DD08 DD06 DD09 DD12 DD13"  # each joint: one level, no icon
TEN = NINE + " DD16"


def test_DD_R16_game_ends_after_the_round_in_which_a_row_reaches_ten():
    # Checklist 10, three players, A first: B reaches 10 in the middle of the round; C still plays.
    state = position(players=3, rows={1: NINE}, hands={0: "DD40", 1: "DD16", 2: "DD41"}, turn=1, first_player=0)
    play(state, 1, "play DD16 right")
    assert len(state.rows[1]) == 10 and not state.is_over
    play(state, 2, "draw")
    assert state.is_over and state.outcome.reason == "row-length"


def test_DD_R16_five_players_end_at_eight():
    state = GAME.new(players=5, seed=1)
    assert state.threshold == 8
    assert GAME.new(players=4, seed=1).threshold == 10


def test_DD_R16_removal_that_undoes_the_trigger_lets_play_go_on():
    # B reaches 10; C eliminates B's rightmost card before the round ends: the game goes on.
    state = position(players=3, rows={1: TEN, 2: "DD10"}, hands={0: "DD40", 1: "DD05", 2: "DD03 DD41"},
                     turn=2, first_player=0)
    play(state, 2, "play DD03 right")
    play(state, 2, "eliminate B")
    assert len(state.rows[1]) == 9
    assert not state.is_over and state.actors == (0,)


def test_DD_R26_extra_turn_of_the_last_seat_comes_before_the_end_check():
    # B is the last seat of the round (A first). B earns Deep Sleep and plays again before the end.
    state = position(rows={0: TEN, 1: "DD03"}, hands={0: "DD40", 1: "DD46 DD41"}, turn=1, first_player=0)
    play(state, 1, "play DD46 right")
    play(state, 1, "extra turn")
    assert not state.is_over and state.actors == (1,)
    play(state, 1, "draw")
    assert state.is_over


def test_DD_R17_empty_deck_reshuffles_the_discard_pile():
    state = position(hands={0: "DD40", 1: "DD41"}, deck="", discard="DD01 DD02 DD03")
    play(state, 0, "draw")
    assert state.view(None)["board"]["deck"] == 2 and state.view(None)["board"]["discard"] == []


def test_DD_R17_with_nothing_to_draw_a_stuck_round_ends_the_game():
    state = position(rows={0: "DD02", 1: "DD05"}, hands={0: "DD15", 1: ""}, deck="", discard="")
    # A holds DD15, which connects to nothing after DD02 (and has no PC); B holds nothing: both pass.
    state.turn = 1
    state._end_turn([])
    assert state.is_over and state.outcome.reason == "stuck"


def test_DD_R26_predictions_reshuffles_only_an_empty_deck():
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck="DD50", discard="DD51 DD52")
    play(state, 0, "play DD03 right")
    assert state.view(0)["board"]["peek"] == ["DD50"]
    state = position(rows={0: "DD09"}, hands={0: "DD03 DD40", 1: "DD19"}, deck="", discard="DD51 DD52")
    play(state, 0, "play DD03 right")
    assert sorted(state.view(0)["board"]["peek"]) == ["DD51", "DD52"]


# -- scoring ----------------------------------------------------------------------------------

def test_rulebook_example_sleep_path_of_four_breaks_on_the_fifth_card():
    # Checklist 11; every placement of the row is legal.
    cards = "DD36 DD16 DD03 DD38 DD06".split()
    joints = JOINTS
    assert all(joints[CARD_INDEX[a]][CARD_INDEX[b]].levels for a, b in zip(cards, cards[1:]))
    assert sleep_path(row(" ".join(cards))) == 4
    assert sleep_path(row("DD36 DD16")) == 2  # the second path, on the lower lines, is 2


def test_rulebook_example_blue_group_of_three_and_yellow_of_two():
    # Checklist 12; every placement legal, no icons.
    cards = "DD02 DD06 DD11 DD23 DD51".split()
    joints = JOINTS
    assert all(joints[CARD_INDEX[a]][CARD_INDEX[b]].levels for a, b in zip(cards, cards[1:]))
    assert all(DECK[CARD_INDEX[c]].icon is None for c in cards)
    groups = dict(zip(COLOURS, dream_groups(row(" ".join(cards)))))
    assert groups == {"green": 0, "blue": 3, "yellow": 2, "pink": 0}


def test_DD_R18_a_single_bruno_line_is_a_path_and_x2_counts_two():
    assert sleep_path(row("DD02")) == 1
    assert sleep_path(row("DD04")) == 2  # checklist 15: X2


def test_DD_R19_groups_need_two_positions_and_x2_adds_two():
    assert dream_groups(row("DD04")) == [0, 0, 0, 0]  # a lone X2 card is no group
    # DD04 (G/B/Y, X2) next to DD17 (G/B/B): green on top 1+... weights 2+1 = 3.
    assert dream_groups(row("DD04 DD17"))[COLOURS.index("green")] == 3


def test_DD_R20_path_awards_with_splits():
    # Checklist 13.
    assert award([7, 5, 4], 5, 3) == [5, 3, 0]
    assert award([7, 5, 5], 5, 3) == [5, 0, 0]
    assert award([6, 6, 4], 5, 3) == [4, 4, 0]
    assert award([6, 6, 6], 5, 3) == [0, 0, 0]


def test_DD_R21_group_awards_three_to_five_players_and_two_players():
    # Checklist 14.
    assert award([3, 3, 3], 4, 2) == [2, 2, 2]
    assert award([5, 3, 3], 4, 2) == [4, 1, 1]
    assert award([4, 0, 0], 4, 2) == [4, 0, 0]
    totals, details = score([row("DD02 DD06 DD11 DD23 DD51"), row("DD36 DD16")])
    assert details[0]["group_points"] == {"green": 0, "blue": 3, "yellow": 2, "pink": 0}


def test_DD_R22_black_pairs_score_one_each():
    # Checklist 16: [DD01] + DD19 joins two black arrows.
    assert black_pairs(row("DD01 DD19")) == 1
    totals, details = score([row("DD01 DD19"), row("DD02")])
    assert details[0]["black_pairs"] == 1


def test_DD_R23_tie_broken_by_black_pairs_then_shared():
    state = position(rows={0: "DD01 DD19", 1: "DD01"}, hands={0: "", 1: ""}, deck="", discard="")
    state._finish("row-length", [])
    totals = state.outcome.scores
    assert state.outcome.winners == ((0,) if totals[0] >= totals[1] else (1,))
    state = position(rows={0: "DD02", 1: "DD02"}, deck="", discard="")
    state.rows[1] = [(CARD_INDEX["DD15"],)]
    state._finish("row-length", [])
    assert state.outcome.winners == (0, 1)


def test_outcome_explains_each_score_by_part():
    from dreamtable import testing
    state = testing.play_random(GAME, 3, 5)
    for detail, total in zip(state.outcome.details, state.outcome.scores):
        assert set(detail) >= {"sleep_path", "path_points", "groups", "group_points", "black_pairs", "total"}
        assert detail["path_points"] + sum(detail["group_points"].values()) + detail["black_pairs"] == total


# -- visibility -------------------------------------------------------------------------------

def test_DD_R24_hands_hidden_rows_and_discard_public_peek_private():
    state = position(players=3, rows={0: "DD09", 1: "DD19+DD20"}, hands={0: "DD03 DD40", 1: "DD21"}, deck_top="DD50 DD51 DD52")
    play(state, 0, "play DD03 right")
    assert state.view(1)["board"]["hands"][0]["cards"] is None and state.view(1)["board"]["hands"][0]["size"] == 1
    assert state.view(2)["board"]["rows"][1] == [["DD19", "DD20"]]
    assert state.view(0)["board"]["peek"] == ["DD50", "DD51", "DD52"]
    assert state.view(1)["board"]["peek"] == 3 and state.view(None)["board"]["peek"] == 3
    assert "DD50" not in json.dumps(state.view(1)) and "DD50" not in json.dumps(state.log(1))


# -- bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "play", "play DD99 right", "moon DD05", "steal", "steal Z", "keep", "jump"])
def test_malformed_notation(text):
    with pytest.raises(NotationError):
        GAME.parse_action(GAME.new(players=2, seed=1), 0, text)


def test_notation_is_forgiving():
    state = GAME.new(players=3, seed=1)
    assert str(GAME.parse_action(state, 0, "play 7 L")) == "play DD07 left"
    assert str(GAME.parse_action(state, 0, "DD07")) == "play DD07 right"
    assert str(GAME.parse_action(state, 0, "moon dd5 3")) == "moon DD05 on 3"
    assert str(GAME.parse_action(state, 0, "Steal c")) == "steal C"


def test_playing_a_card_not_in_hand():
    state = position(hands={0: "DD02"})
    assert_refused(state, 0, "play DD03 right", "you do not hold DD03")
