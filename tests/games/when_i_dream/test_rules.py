"""When I Dream rules, named after the rulebook's clauses and the WID-R* resolutions (design note §5)."""

from __future__ import annotations

import json

import pytest

import dreamtable
from dreamtable.games.when_i_dream.rules import BLUE, PENALTY, SPIRITS, YELLOW, sandman_points, spirit_set
from tests.helpers import assert_refused, play

GAME = dreamtable.load("when-i-dream")


def new(players=4, seed=0, **options):
    return GAME.new(players=players, seed=seed, **options)


def seen(state, seat):
    """What ``seat`` sees of the game itself: the board of its view (the envelope's ``board``)."""
    return state.view(seat)["board"]


def giver(state):
    """The clue-giver holding the turn."""
    return state.clue_seat


def guess_right(state):
    play(state, state.dreamer, f"guess {state.seq} {state.element}")


def guess_wrong(state):
    play(state, state.dreamer, f"guess {state.seq} xylophone")


def end_night(state, decline=True):
    state.expire("night")
    if decline:
        play(state, state.dreamer, f"dream-pass {state.seq}")


def finish_day(state, recount="I remember nothing"):
    play(state, state.dreamer, f"recount {recount}")
    for seat in state.clue_givers:
        play(state, seat, "done")


# -- WID-R1, R5: players and spirits ----------------------------------------------------------
@pytest.mark.parametrize("players", range(4, 11))
def test_wid_r1_spirit_mix_per_player_count_with_one_card_aside(players):
    state = new(players)
    roles = [role for role in state.roles if role is not None]
    assert len(roles) == players - 1 and state.roles[state.dreamer] is None
    dealt = sorted(roles + [state.aside])
    assert dealt == sorted(spirit_set(players))
    fairies, boogeymen, sandmen = SPIRITS[players]
    assert (dealt.count("Fairy"), dealt.count("Boogeyman"), dealt.count("Sandman")) == (fairies, boogeymen, sandmen)


def test_wid_r1_three_players_or_eleven_are_refused():
    for players in (3, 11):
        with pytest.raises(dreamtable.SetupError, match="4–10 players"):
            new(players)


def test_wid_r5_each_clue_giver_sees_only_their_own_role_and_the_aside_card_never_shows():
    state = new(6, seed=3)
    for seat in range(6):
        roles = seen(state, seat)["roles"]
        assert [r for s, r in enumerate(roles) if r is not None] == ([state.roles[seat]] if seat != state.dreamer else [])
    for seat in [*range(6), None]:
        assert "aside" not in json.dumps(state.view(seat))


# -- WID-R2: rounds -----------------------------------------------------------------------------
def test_wid_r2_each_seat_dreams_once_moving_left_then_the_game_ends():
    state = new(5, seed=1)
    dreamers = []
    while not state.is_over:
        dreamers.append(state.dreamer)
        end_night(state)
        finish_day(state)
    assert dreamers == [0, 1, 2, 3, 4]
    assert state.outcome.reason == "all-dreamed"


# -- WID-R3, R4: the deck -------------------------------------------------------------------------
def test_wid_r3_a_card_sent_to_the_bottom_shows_a_different_element():
    state = new(4, seed=2)
    for _ in range(30):
        top = state.deck[0]
        before = state.element_of(top)
        state._send_top_to_bottom()
        after = state.deck[-1]
        assert after[0] == top[0] and state.element_of(after) != before


def test_wid_r4_each_night_opens_by_sending_the_top_card_under_and_revealing_the_next():
    state = new(4, seed=4)
    assert state.seq == 1 and state.element is not None
    end_night(state)  # declined: the card stays on top (WID-R12)
    kept = state.deck[0]
    finish_day(state)
    assert state.deck[-1][0] == kept[0] and state.deck[0] != kept and state.seq == 2


# -- WID-R6: clue order -----------------------------------------------------------------------------
def test_wid_r6_first_clue_from_the_dreamers_left_and_the_turn_survives_a_new_card():
    state = new(5, seed=0, first_dreamer=2)
    assert giver(state) == 3
    play(state, 3, f"clue {state.seq} sky")
    assert giver(state) == 4
    guess_wrong(state)
    assert giver(state) == 4  # the same clue-giver starts the new card


def test_wid_r6_option_restart_order_on_new_card():
    state = new(5, seed=0, restart_order_on_new_card=True)
    play(state, 1, f"clue {state.seq} sky")
    guess_wrong(state)
    assert giver(state) == 1


def test_wid_r6_clue_pass_and_timeout_move_the_pointer():
    state = new(4, seed=0)
    play(state, 1, f"clue-pass {state.seq}")
    assert giver(state) == 2
    state.expire(next(t for t in state.timers if t.name.startswith("clue-submit")))
    assert giver(state) == 3


# -- WID-R7: clue form; bad input ---------------------------------------------------------------------
@pytest.mark.parametrize("word", ["two words", "r2d2", "-dash"])
def test_wid_r7_malformed_clue_is_illegal_and_changes_nothing(word):
    state = new(4, seed=0)
    assert_refused(state, 1, f"clue {state.seq} {word}", "one word", "WID-R7")


def test_wid_r7_a_clue_longer_than_clue_max_len_is_refused_naming_the_bound():
    state = new(4, seed=0)
    assert_refused(state, 1, f"clue {state.seq} {'x' * 33}", "at most 32 characters", "WID-R7")


def test_wid_r7_an_empty_clue_or_guess_is_illegal_and_changes_nothing():
    state = new(4, seed=0)
    assert_refused(state, 1, f"clue {state.seq}", "one word", "WID-R7")
    assert_refused(state, 0, f"guess {state.seq}  ", "a guess needs a word")


@pytest.mark.slow
def test_fuzz_the_dreamer_never_sees_an_element_or_a_verdict_and_the_aside_card_never_shows():
    from dreamtable import testing

    for players in range(4, 11):
        read = [0, 0]  # events scanned for a "Round " line so far, and where the last such line is

        def check(state, step, read=read):
            if state.is_over or state.phase not in ("night", "final guess"):
                return
            view = seen(state, state.dreamer)
            # Tonight's log, from the last "Round " line on (earlier rounds were seen as a clue-giver),
            # written afresh at every step; only the events not scanned yet are searched for that line,
            # instead of writing the whole log of the game at every step.
            total = len(state.events())
            for offset, event in enumerate(state.log(state.dreamer, total - read[0])):
                if event["text"].startswith("Round "):
                    read[1] = read[0] + offset
            read[0] = total
            tonight = [event["text"] for event in state.log(state.dreamer, total - read[1])]
            text = json.dumps(view)
            assert view["element"] is None and all(entry is None for entry in view["cards"])
            assert '"yellow"' not in text and '"blue"' not in text
            assert not any(": right" in line or ": wrong" in line or "(hidden)" not in line and " is in play: " in line
                           for line in tonight)
            for seat in [*range(state.players), None]:
                assert "aside" not in json.dumps(state.view(seat))

        testing.play_random(GAME, players, seed=players, on_step=check)


def test_wid_r7_hyphen_and_apostrophe_inside_a_word_are_fine():
    state = new(4, seed=0, auto_clue_check="off")
    play(state, 1, f"clue {state.seq} o'clock")
    play(state, 2, f"clue {state.seq} ice-cold")
    assert [clue["word"] for clue in state.clues] == ["o'clock", "ice-cold"]
    assert_refused(state, 3, f"clue {state.seq} jack-o'-lantern", "WID-R7")


def test_bad_input_clue_out_of_turn_from_the_dreamer_and_guess_by_a_clue_giver():
    state = new(4, seed=0)
    assert_refused(state, 2, f"clue {state.seq} sky", "clue turn", "WID-R6")
    assert_refused(state, 0, f"clue {state.seq} sky", "Dreamer gives no clues")
    assert_refused(state, 1, f"guess {state.seq} dog", "only the Dreamer")


# -- WID-R8: clocks -------------------------------------------------------------------------------------
def test_wid_r8_typed_timing_typing_disarms_the_start_clock():
    state = new(4, seed=0)
    names = [t.name for t in state.timers]
    assert any(n.startswith("clue-start") for n in names) and any(n.startswith("clue-submit") for n in names)
    play(state, 1, f"typing {state.seq}")
    assert not any(t.name.startswith("clue-start") for t in state.timers)
    assert_refused(state, 1, f"typing {state.seq}", "WID-R8")


def test_wid_r8_strict_timing_is_one_clock_to_submit_the_rulebooks_five_seconds_when_asked():
    state = new(4, seed=0, clue_timing="strict", clue_start_seconds=5)
    (clue,) = [t for t in state.timers if t.name.startswith("clue")]
    assert clue.name == "clue-submit-1" and clue.seconds == 5.0 and clue.seat == 1


# -- WID-R9, R10, R11: guesses ----------------------------------------------------------------------------
def test_wid_r9_right_guess_to_yellow_wrong_to_blue_and_the_dreamer_is_not_told():
    state = new(4, seed=5)
    guess_right(state)
    guess_wrong(state)
    assert [entry["side"] for entry in state.board] == [YELLOW, BLUE]
    dreamer_view = json.dumps(state.view(state.dreamer))
    assert YELLOW not in dreamer_view and BLUE not in dreamer_view and "right" not in dreamer_view
    assert seen(state, state.dreamer)["cards"] == [None, None]
    assert state.board[1]["element"] not in dreamer_view
    assert YELLOW in json.dumps(state.view(1))


def test_wid_r9_a_second_guess_on_the_same_card_is_stale():
    state = new(4, seed=5)
    old = state.seq
    guess_wrong(state)
    assert_refused(state, state.dreamer, f"guess {old} dog", "stale", "WID-R9")


def test_wid_r9_the_dreamer_may_guess_in_the_middle_of_a_clue_turn():
    state = new(4, seed=5)
    play(state, 1, f"typing {state.seq}")
    assert state.dreamer in state.actors
    guess_wrong(state)
    assert giver(state) == 1


def test_wid_r10_the_dreamers_pass_sends_the_card_to_blue():
    state = new(4, seed=5)
    play(state, 0, f"dream-pass {state.seq}")
    assert state.board[-1]["side"] == BLUE and state.seq == 2


def test_wid_r11_the_dreamer_sees_only_the_clues_on_this_card():
    state = new(4, seed=5, auto_clue_check="off")
    play(state, 1, f"clue {state.seq} fluffy")
    assert [c["word"] for c in seen(state, 0)["clues"]] == ["fluffy"]
    guess_wrong(state)
    assert seen(state, 0)["clues"] == [None]
    assert [c["word"] for c in seen(state, 1)["clues"]] == ["fluffy"]
    assert "new card is in play" in state.view(0)["events"][-2]["text"]


def test_wid_r11_options_let_the_dreamer_keep_past_clues_and_guesses():
    state = new(4, seed=5, auto_clue_check="off", dreamer_sees_past_clues=True, dreamer_sees_own_guesses=True)
    play(state, 1, f"clue {state.seq} fluffy")
    guess_wrong(state)
    view = seen(state, 0)
    assert view["clues"][0]["word"] == "fluffy" and view["cards"] == [{"seq": 1, "guess": "xylophone"}]


# -- WID-R12: the end of the night ----------------------------------------------------------------------------
def test_wid_r12_after_the_night_no_clue_and_a_last_right_guess_goes_to_yellow():
    state = new(4, seed=6)
    state.expire("night")
    assert state.actors == (state.dreamer,)
    assert_refused(state, 1, f"clue {state.seq} sky", "night")
    guess_right(state)
    assert state.board[-1]["side"] == YELLOW and state.phase == "recount"


def test_wid_r12_final_window_expiring_leaves_the_card_on_top():
    state = new(4, seed=6)
    top = state.deck[0]
    state.expire("night")
    state.expire("final")
    assert state.deck[0] == top and state.board == [] and state.phase == "recount"


# -- WID-R13, R14, R15, R28: improper clues ---------------------------------------------------------------------
def test_wid_r14_reject_mode_keeps_an_improper_clue_private_and_lets_the_author_retry():
    state = new(4, seed=7)
    element = state.element
    events = play(state, 1, f"clue {state.seq} {element}s")
    assert state.clues == [] and giver(state) == 1 and state.penalties[1] == []
    assert "not published" in state.log(1)[-1]["text"]
    assert "not published" not in state.log(2)[-1]["text"] and element not in state.log(0)[-1]["text"]
    assert events


def test_wid_r13_r28_penalize_mode_puts_the_card_in_front_of_the_author_and_moves_on():
    state = new(4, seed=7, auto_clue_check="penalize")
    element, seq = state.element, state.seq
    play(state, 1, f"clue {seq} {element}s")
    assert state.penalties[1] == [element] and state.board[-1]["side"] == PENALTY
    assert state.seq == seq + 1 and giver(state) == 2
    assert element not in json.dumps(state.view(0))


def test_wid_r15_flags_from_the_quorum_make_a_clue_improper_without_moving_the_pointer():
    state = new(5, seed=8, auto_clue_check="off")
    element = state.element
    play(state, 1, f"clue {state.seq} meow")
    clue = state.clues[-1]["id"]
    assert_refused(state, 1, f"flag c{clue}", "WID-R15")
    play(state, 2, f"flag c{clue}")
    assert state.penalties[1] == []
    play(state, 3, f"flag c{clue}")
    assert state.penalties[1] == [element] and giver(state) == 2
    assert "new card is in play" in state.view(0)["events"][-2]["text"] and element not in json.dumps(state.view(0))


# -- WID-R17 to R23 and §3.2: the day and the scores ---------------------------------------------------------------
@pytest.mark.parametrize("yellow, blue, points", [(3, 3, 5), (4, 3, 4), (5, 1, 1), (0, 0, 2), (3, 2, 3)])
def test_sandmen_scoring_checklist_4(yellow, blue, points):
    assert sandman_points(yellow, blue) == points


def night_with(state, yellow, blue):
    for _ in range(yellow):
        guess_right(state)
    for _ in range(blue):
        guess_wrong(state)
    end_night(state)


def test_rulebook_example_three_yellow_two_blue():
    """Fairies 3, Dreamer 5 (3 + 2 for naming every Yellow Element), Boogeymen 2, Sandman 3."""
    state = new(7, seed=9)
    night_with(state, 3, 2)
    named = " ".join(entry["element"] for entry in state.board if entry["side"] == YELLOW)
    before = state.points[:]
    roles = state.roles[:]
    dreamer = state.dreamer
    finish_day(state, f"In my dream I saw {named}")
    gains = [after - b for after, b in zip(state.points, before)]
    assert gains[dreamer] == 5
    for seat, role in enumerate(roles):
        if role is not None:
            assert gains[seat] == {"Fairy": 3, "Boogeyman": 2, "Sandman": 3}[role]


def test_wid_r19_no_bonus_with_nothing_on_yellow_or_a_yellow_element_left_out():
    state = new(4, seed=10)
    night_with(state, 0, 2)
    finish_day(state, "nothing at all")
    assert state.points[0] == 0
    state = new(4, seed=10)
    night_with(state, 2, 1)
    first = state.board[0]["element"]
    finish_day(state, f"a {first} only")
    assert state.points[0] == 2


def test_wid_r19_a_wrong_guess_left_out_of_the_recount_costs_nothing():
    state = new(4, seed=11)
    night_with(state, 1, 1)
    finish_day(state, f"a {state.board[0]['element']}")
    assert state.points[0] == 3


def test_mention_check_uses_the_accepted_guess_text():
    state = new(4, seed=12)
    play(state, 0, f"guess {state.seq} puppy")
    end_night(state)
    play(state, 0, "recount a puppy ran")
    for seat in state.clue_givers:  # the review accepts puppy (2 of 3 say yellow)
        if seat != 3:
            play(state, seat, "vote-side 1 yellow")
        play(state, seat, "done")
    assert state.points[0] == 3  # 1 Yellow + 2 for naming it with the guessed word


def test_wid_r18_a_split_vote_keeps_the_verdict_and_a_cancelled_penalty_removes_the_minus_one():
    state = new(4, seed=13, auto_clue_check="penalize")
    play(state, 1, f"clue {state.seq} {state.element}s")
    guess_wrong(state)
    end_night(state)
    play(state, 0, "recount I remember nothing")
    play(state, 2, "vote-side 2 yellow")
    play(state, 3, "vote-side 2 blue")
    play(state, 2, "vote-penalty 1 cancel")
    play(state, 3, "vote-penalty 1 cancel")
    assert_refused(state, 1, "vote-penalty 1 cancel", "WID-R18")
    for seat in (1, 2, 3):
        play(state, seat, "done")
    assert state.penalties[1] == [] and state.round == 1
    assert state.points[0] == 0  # the card stayed Blue


def test_wid_r23_totals_less_penalties_ties_to_fewer_penalties_then_shared():
    state = new(4, seed=14)
    state.phase = "over"
    state.points = [5, 5, 5, 3]
    state.penalties = [["a"], [], [], []]
    outcome = state.outcome
    assert outcome.scores == (4.0, 5.0, 5.0, 3.0) and outcome.winners == (1, 2)
    state.points = [6, 5, 5, 3]
    assert state.outcome.winners == (1, 2)  # 5 − 1 ties 5; fewer penalties wins


def test_wid_r27_family_mode_makes_everyone_a_fairy():
    state = new(6, seed=15, family_mode=True)
    assert {role for role in state.roles if role} == {"Fairy"}


def test_wid_r16_no_card_left_ends_the_night_without_a_final_guess():
    state = new(4, seed=16)
    del state.deck[1:]
    guess_wrong(state)
    assert state.phase == "recount"


def test_wid_r24_points_have_no_ceiling():
    state = new(4, seed=18)
    state.points = [10_000, 10_000, 10_000, 10_000]
    guess_right(state)
    end_night(state)
    finish_day(state, recount=state.board[0]["element"])
    assert state.points[0] == 10_000 + 1 + 2  # one Yellow card and the bonus, on top of any total


def test_wid_r25_english_by_default_and_italian_word_lists():
    language = next(option for option in GAME.info.options if option.name == "language")
    assert language.default == "en" and language.choices == ("en", "it")
    assert len(new(4).cards) == 110 and len(new(4, language="it").cards) == 110
    with pytest.raises(dreamtable.SetupError, match="language"):
        new(4, language="fr")


def test_time_a_stale_expiry_is_refused_and_replay_reproduces_the_game():
    state = new(4, seed=17)
    state.expire("night")
    with pytest.raises(dreamtable.IllegalActionError, match="no timer named 'night'"):
        state.expire("night")
    play(state, 0, f"guess {state.seq} dog")
    again = dreamtable.replay(state.record())
    assert again.view(1) == state.view(1)


# -- Options in seconds, and legal moves listed once ---------------------------------------------------------------
def test_timer_options_are_seconds_whole_or_not_and_the_timers_carry_them():
    state = new(4, seed=0, night_seconds=90, clue_start_seconds=2.5, clue_submit_seconds="7.5", final_guess_seconds=4,
                recount_seconds=30.0, review_seconds="20")
    assert {t.name: t.seconds for t in state.timers} == {"night": 90.0, "clue-start-1": 2.5, "clue-submit-1": 7.5}
    state.expire("night")
    assert [(t.name, t.seconds) for t in state.timers] == [("final", 4.0)]
    state.expire("final")
    assert [(t.name, t.seconds) for t in state.timers] == [("recount", 30.0)]
    state.expire("recount")
    assert [(t.name, t.seconds) for t in state.timers] == [("review", 20.0)]
    again = dreamtable.replay(state.record())  # the record keeps the options as given
    assert again.options["clue_start_seconds"] == 2.5 and again.view(1) == state.view(1)
    defaults = {t.name: t.seconds for t in new(4).timers}
    assert defaults == {"night": 120.0, "clue-start-1": 15.0, "clue-submit-1": 30.0}


@pytest.mark.parametrize("name, value", [("night_seconds", 0), ("clue_start_seconds", -1), ("review_seconds", "soon"),
                                         ("recount_seconds", True), ("final_guess_seconds", float("inf"))])
def test_a_timer_option_that_is_not_a_positive_number_of_seconds_is_refused(name, value):
    with pytest.raises(dreamtable.SetupError, match=f"{name} takes a number of seconds from 0.1 to 3600"):
        new(4, **{name: value})


def test_the_old_millisecond_option_names_are_gone_and_the_error_lists_the_new_ones():
    with pytest.raises(dreamtable.SetupError, match="no option night_ms.*night_seconds"):
        new(4, night_ms=60000)


def test_wid_r17_a_dreamer_with_no_guess_to_retell_is_offered_a_dream_of_which_nothing_is_remembered():
    state = new(4, seed=3)
    end_night(state)  # passes only: no guess to retell
    assert [str(m) for m in state.legal_actions(state.dreamer)] == ["recount I remember nothing"]


@pytest.mark.parametrize("told", ["recount", "recount    ", "recount ...", "recount \u3000"])
def test_wid_r17_an_empty_recount_is_refused_and_changes_nothing_only_the_clock_leaves_the_dream_untold(told):
    state = new(4, seed=3)
    end_night(state)
    assert_refused(state, state.dreamer, told, "a recount tells the dream in at least one word")
    assert state.phase == "recount" and state.recount is None
    state.expire("recount")
    assert state.phase == "review" and state.recount == ""


@pytest.mark.parametrize("options", [{}, {"auto_clue_check": "penalize", "clue_timing": "strict"}])
def test_legal_actions_never_list_a_move_twice(options):
    from dreamtable import testing

    def check(state, step):
        for seat in state.actors:
            moves = state.legal_actions(seat)
            assert len(set(moves)) == len(moves), (seat, [str(m) for m in moves])

    for players in (4, 7, 10):
        testing.play_random(GAME, players, seed=players, on_step=check, options=options)


def test_wid_r8_the_default_clue_clock_leaves_a_person_time_to_read_the_element_and_start_typing():
    """The rulebook's 5 s is an option away; by default a clue-giver has 15 s to start and 30 s to send."""
    state = new(4, seed=0)
    turn = {t.name: t.seconds for t in state.timers if t.name.startswith("clue-")}
    assert turn == {"clue-start-1": 15.0, "clue-submit-1": 30.0}
    strict = new(4, seed=0, clue_timing="strict", clue_start_seconds=5)
    assert {t.name: t.seconds for t in strict.timers if t.name.startswith("clue-")} == {"clue-submit-1": 5.0}
