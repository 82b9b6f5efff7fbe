"""Trading (DC-R26, DC-R27), what each seat sees (DC-R43), the supply (DC-R18) and the end (DC-R45)."""

from __future__ import annotations

import pytest

from dreamtable.games.dream_cycle.components import INSPIRATION_CODES
from dreamtable.games.dream_cycle.events import Debt
from dreamtable.games.dream_cycle.notation import parse_move
from dreamtable import NotationError
from tests.helpers import assert_refused, legal, play

from .table import fields, give_inspiration, paint, put, question, set_chi, table


def same_row(players=2, **options):
    state = table(players, **options)
    paint(state, "G")
    for seat in range(players):
        put(state, seat, 2 + seat, 1, "N")
    state.hand[0][4] = 1  # A holds a North in hand
    state.stock[4] -= 1
    set_chi(state, 1, 5)
    return state


def test_DC_R26_players_in_one_row_trade_by_offer_and_acceptance_out_of_turn():
    state = same_row()
    play(state, 0, "offer B N for 2c")
    assert state.view(1)["board"]["offers"] == [{"from": 0, "to": 1, "give": {"tiles": ["N"], "chi": 0, "inspiration": []},
                                                 "take": {"tiles": [], "chi": 2, "inspiration": []}}]
    assert "accept A" in legal(state, 1)
    play(state, 1, "accept A")
    assert state.hand[1][4] == 1 and state.hand[0][4] == 0 and state.chi == [18, 3]


def test_DC_R26_placed_tiles_and_inspiration_tiles_can_be_traded():
    state = same_row()
    fields(state, 1, G="L")
    give_inspiration(state, 0, "zip")
    play(state, 0, "offer B zip for L")
    play(state, 1, "accept A")
    assert state.fields[1][0] == () and state.hand[0][1] == 1 and state.insp[1] == [1]


def test_DC_R26_bad_input_trading_with_a_player_in_another_row_is_refused():
    state = same_row()
    put(state, 1, 4, 4, "N")
    assert_refused(state, 0, "offer B N for 2c", "row 2 and you are in row 1", "DC-R26")


def test_DC_R26_bad_input_trading_from_a_doldrum_space_is_refused():
    state = same_row()
    paint(state, "G", x2y1="BK")
    assert_refused(state, 0, "offer B N for 2c", "A is on a doldrum space", "DC-R26")
    state = same_row()
    paint(state, "G", x3y1="BK")
    assert_refused(state, 0, "offer B N for 2c", "B is on a doldrum space", "DC-R26")


def test_DC_R26_an_offer_of_what_you_do_not_hold_is_refused_and_an_acceptance_rechecks():
    state = same_row()
    assert_refused(state, 0, "offer B L for 1c", "do not hold everything you offer")
    play(state, 0, "offer B N for 9c")
    assert "accept A" not in legal(state, 1)
    assert_refused(state, 1, "accept A", "you do not hold 9c")
    play(state, 1, "decline A")
    assert state.offers == {}


def test_DC_R27_offers_lapse_at_the_end_of_the_turn():
    state = same_row()
    play(state, 0, "offer B N for 2c")
    play(state, 0, "end")
    assert state.offers == {}


def waiting_mover(players=3, **options):
    """A waits for a choice in its movement; B and C stand together in row 1."""
    state = table(players, **options)
    paint(state, "G", x4y1="R")
    fields(state, 0, R="LR")
    put(state, 0, 4, 1, "N")
    put(state, 1, 2, 0, "N")
    put(state, 2, 3, 0, "N")
    state.hand[1][4] = 1
    state.stock[4] -= 1
    set_chi(state, 2, 4)
    play(state, 0, "end")
    assert question(state) == "choose"
    return state


def test_DC_R27_others_trade_and_reposition_while_the_mover_waits_for_an_answer():
    state = waiting_mover()
    assert state.actors == (0, 1, 2)
    play(state, 1, "offer C N for 1c")
    play(state, 2, "accept B")
    play(state, 2, "place N G")
    assert state.fields[2][0] == (4,) and state.chi[1] == 1
    assert_refused(state, 1, "offer A N for 1c", "A is in their own Movement Phase", "DC-R26")


def test_DC_R27_with_the_option_off_others_wait_for_a_buying_phase():
    state = waiting_mover(trade_during_movement=False)
    assert state.actors == (0,)
    assert_refused(state, 1, "offer C N for 1c", "trade_during_movement", "DC-R27")


def test_DC_R43_inspiration_tiles_are_counts_for_others_but_power_is_public():
    state = same_row()
    give_inspiration(state, 0, "power", "zip")
    play(state, 0, "plan row 4")
    mine, theirs = state.view(0)["board"]["seats"][0], state.view(1)["board"]["seats"][0]
    assert mine["inspiration"] == ["zip", "power"] and theirs["inspiration"] == 2
    assert mine["power"] == theirs["power"] == 1
    assert mine["plan"] == {"kind": "row", "row": 4} and theirs["plan"] is None
    hidden = same_row(power_public=False)
    give_inspiration(hidden, 0, "power")
    assert hidden.view(1)["board"]["seats"][0]["power"] is None and hidden.view(0)["board"]["seats"][0]["power"] == 1


def test_DC_R43_the_view_shows_board_tokens_fields_chi_and_rows():
    view = same_row().view(1)["board"]
    assert view["rows"][0]["squares"][0][0] == "G" and len(view["rows"][0]["squares"]) == 3
    assert view["seats"][0]["token"] == {"x": 2, "y": 1, "row": 1, "square": "G", "line": 1, "column": 3, "side": None, "facing": "N"}
    assert view["seats"][0]["hand"] == {"N": 1} and view["seats"][1]["chi"] == 5
    assert view["stock"]["N"] == 6 and view["prices"]["N"] == [3, 2]


def test_DC_R18_a_payout_larger_than_the_supply_is_cut_to_what_is_there():
    state = table(chi_supply=16)
    assert state.chi[0] == 16 and state.supply == 0
    play(state, 0, "end")
    assert state.chi[1] == 6  # A's 6 above the cap went back, and that is all B can get


def test_DC_R41_the_inspiration_set_is_an_option():
    state = table(inspiration_tiles={"power": 1, "zip": 1, "wind": 1, "rein": 0, "wake": 0, "ward": 0})
    assert state.insp_supply == [1, 1, 0, 0, 0, 1] and state.view(None)["board"]["inspiration_supply"] == 3


def test_DC_R45_the_last_player_standing_wins_in_a_bigger_game_too():
    state = table(3)
    events = []
    state.eliminate(1, Debt("drain", 2, None), events)
    assert not state.is_over
    state.eliminate(2, Debt("toll", 1, 0), events)
    assert state.outcome.winners == (0,) and state.outcome.reason == "last-standing"


def test_notation_round_trips_and_malformed_moves_say_what_is_expected():
    for text in ("start 5", "buy U", "place N G", "unplace L S", "boost G 3", "aim E", "plan row 5", "plan on BL YI",
                 "offer B N N 2c zip for L", "offer C - for 3c", "accept A", "cash wind", "keep ward power", "keep none",
                 "go W", "brake", "push"):
        assert str(parse_move(text)) == text
    for bad, hint in (("buy Q", "Directional tile"), ("place N", "not a Dream Cycle move"), ("offer B for", "not a Dream Cycle move"),
                      ("offer B X for 1c", "trade item"), ("start 10", "start 5"), ("", "empty move")):
        with pytest.raises(NotationError, match=hint):
            parse_move(bad)


def test_DC_R27_a_player_offered_a_trade_out_of_turn_is_asked_first_and_only_to_answer():
    state = same_row()
    play(state, 0, "offer B N for 2c")
    assert state.actors[0] == 1 and legal(state, 1) == {"accept A", "decline A"}
    assert_refused(state, 1, "cash zip", "answer A's offer first", "accept A")
    play(state, 1, "decline A")
    assert state.actors[0] == 0


def test_DC_R27_a_greedy_bot_answers_an_offer_by_its_evaluation():
    from dreamtable.agents import GreedyAgent

    state = same_row()
    play(state, 0, "offer B N for 1c")  # a North for 1 chi: a bargain for B
    assert str(GreedyAgent(1).choose(state, 1)) == "accept A"
    state = same_row()
    play(state, 0, "offer B - for 5c")  # five chi for nothing
    assert str(GreedyAgent(1).choose(state, 1)) == "decline A"


def test_DC_R43_determinize_redeals_hidden_inspiration_but_keeps_what_an_open_offer_shows():
    import random

    state = same_row()
    give_inspiration(state, 1, "zip", "wind", "ward")
    play(state, 0, "plan row 3")
    state.offers[(1, 0)] = (parse_move("offer A zip for 1c").args[1], parse_move("offer A zip for 1c").args[2])
    state._cache = {}
    hands = set()
    for k in range(12):
        world = state.determinize(0, random.Random(k))
        assert 1 in world.insp[1] and len(world.insp[1]) == 3  # the offered Zip stays, the count too
        assert world.view(0) == state.view(0) and world.plan[0] == ("row", 3)
        hands.add(tuple(world.insp[1]))
    assert len(hands) > 1  # the two unseen tiles are re-dealt


def test_DC_R43_determinize_deals_the_unseen_tiles_fairly_and_afresh_after_each_move():
    import random
    from collections import Counter

    state = same_row()
    give_inspiration(state, 1, "zip", "zip", "ward")
    pool = [k for k, n in enumerate(state.insp_supply) for _ in range(n)] + state.insp[1]
    power = INSPIRATION_CODES.index("power")
    assert state.options["power_public"]  # so Power tiles are never dealt to B (it holds none, as A sees)
    dealable = [k for k in pool if k != power]
    dealt: Counter[int] = Counter()
    rng = random.Random(5)
    for _ in range(3_000):
        world = state.determinize(0, rng)
        assert len(world.insp[1]) == 3 and world.insp[1] == sorted(world.insp[1])
        whole = [k for k, n in enumerate(world.insp_supply) for _ in range(n)] + world.insp[1]
        assert sorted(whole) == sorted(pool)  # no tile made or lost: the supply gives what B is dealt
        assert world.insp[0] == state.insp[0] and world.view(0) == state.view(0)
        dealt.update(world.insp[1])
    assert dealt[power] == 0
    for k in set(dealable):
        expected = 3_000 * 3 * dealable.count(k) / len(dealable)  # each of B's 3 tiles is any unseen one alike
        assert abs(dealt[k] - expected) < 5 * expected ** 0.5, (k, dealt[k], expected)
    # What A knows is worked out once per position: after B turns a tile in, B is dealt two.
    play(state, 1, "cash zip")
    assert all(len(state.determinize(0, rng).insp[1]) == 2 for _ in range(20))
