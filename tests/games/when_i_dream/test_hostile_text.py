"""Hostile text in When I Dream's notation and free words.

Every refusal is the project's own error (``NotationError`` when the text cannot be read,
``IllegalActionError`` when it reads but the rules refuse it), says what is allowed, and changes
nothing: not the state, its views or its record.
"""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.core.errors import IllegalActionError, NotationError, SetupError
from dreamtable.games.when_i_dream import judge
from dreamtable.games.when_i_dream.notation import DreamMove, parse
from tests.helpers import all_views, assert_refused, play

GAME = dreamtable.load("when-i-dream")


def new(players=4, seed=0, **options):
    return GAME.new(players=players, seed=seed, **options)


def in_review(seed=0):
    """A 4-player game in its first review, with one card on Blue (vote-side 1 is open to the clue-givers)."""
    state = new(4, seed=seed)
    play(state, 0, f"guess {state.seq} xylophone")
    state.expire("night")
    play(state, 0, f"dream-pass {state.seq}")
    play(state, 0, "recount I remember nothing")
    assert state.phase == "review"
    return state


def assert_unreadable(state, seat, text, *phrases):
    """``text`` is refused by the parser with ``NotationError`` (never ``ValueError``) and nothing changes."""
    before, record = all_views(state), state.record().to_dict()
    with pytest.raises(NotationError) as error:
        GAME.parse_action(state, seat, text)
    for phrase in phrases:
        assert phrase in str(error.value)
    assert all_views(state) == before and state.record().to_dict() == record


# -- numbers are ASCII digits --------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["vote-side ² yellow", "vote-side ١ yellow", "vote-mention ½ yes", "vote-penalty ⑴ keep",
                                  "guess ² dog", "clue ١ bark", "clue-pass ³", "typing ٣", "dream-pass ۱", "flag c²",
                                  "flag c١", "flag c１", "vote-side １ blue", "guess " + "9" * 5000 + " dog"])
def test_unicode_and_overlong_digits_are_notation_errors(text):
    assert_unreadable(in_review(), 1, text, "cannot read")


def test_ascii_numbers_still_read():
    assert parse("vote-side 2 yellow") == DreamMove("vote-side", 2, "yellow")
    assert parse("flag c12") == DreamMove("flag", 12)
    assert parse("guess 003 dog") == DreamMove("guess", 3, "dog")


def test_text_that_is_not_a_string_is_a_notation_error():
    state = new()
    for text in (None, 5, b"done"):
        with pytest.raises(NotationError, match="written as text"):
            GAME.parse_action(state, 0, text)


# -- bounded free text ---------------------------------------------------------------------------------
def test_a_megabyte_guess_or_clue_is_refused_and_changes_nothing():
    state = new()
    huge = "x" * 1_000_000
    assert_unreadable(state, 0, f"guess {state.seq} {huge}", "at most 10,000 characters")
    for seat, kind, phrase in ((0, "guess", "a guess is at most 40 characters"),
                               (1, "clue", "a clue is at most 32 characters")):
        before, record = all_views(state), state.record().to_dict()
        with pytest.raises(IllegalActionError, match=phrase) as error:  # the move object built directly
            state.apply(seat, DreamMove(kind, state.seq, huge))
        assert len(str(error.value)) < 500  # an error never echoes the megabyte
        assert all_views(state) == before and state.record().to_dict() == record
    for text in (f"guess {state.seq} {huge}", "x" * 9_999, f"vote-side 1 {'y' * 9_000}"):
        with pytest.raises(NotationError) as error:
            GAME.parse_action(state, 0, text)
        assert len(str(error.value)) < 800


def test_the_bounds_are_in_the_forms():
    state = new()
    assert state.action_forms(0)[0].params[0].max_length == 40
    assert state.action_forms(1)[0].params[0].max_length == 32


@pytest.mark.parametrize("value", [65, 10**6, True])
def test_clue_max_len_is_bounded_so_guesses_stay_bounded(value):
    with pytest.raises(SetupError, match="clue_max_len"):
        new(clue_max_len=value)
    assert new(clue_max_len=64).guess_max_len == 64


# -- look-alike letters ----------------------------------------------------------------------------------
@pytest.mark.parametrize("spoof", ["dоg",  # Cyrillic о
                                   "ԁog",  # Cyrillic komi de
                                   "dοg",  # Greek omicron
                                   "dօg",  # Armenian oh
                                   "ԁоɡ",  # no Latin letter at all
                                   "ｄｏｇ",  # full width
                                   "𝐝𝐨𝐠",  # mathematical bold
                                   "DОG",  # Cyrillic capital О
                                   "dоgs"])  # a look-alike plural
def test_the_judge_reads_look_alikes_as_the_letters_they_imitate(spoof):
    assert judge.stem(spoof) == "dog"
    assert judge.improper_reason(spoof, "dog") in ("same_word", "same_stem")
    assert judge.guess_matches(spoof, "dog")


def test_look_alikes_do_not_make_fair_clues_improper():
    assert judge.improper_reason("bark", "dog") is None
    assert judge.improper_reason("сова", "dog") is None  # a Russian word (owl) is one alphabet and not the Element


@pytest.mark.parametrize("spoof", ["rооster", "dоg", "cаstle"])
def test_a_clue_mixing_latin_and_look_alikes_is_refused(spoof):
    state = new(auto_clue_check="off")  # even with the judge off: the mix itself is refused
    assert_refused(state, 1, f"clue {state.seq} {spoof}", "one alphabet", "WID-R7")


def test_a_full_width_copy_of_the_element_is_caught_as_the_element():
    state = new(auto_clue_check="penalize")
    element = state.element
    wide = "".join(chr(ord(ch) + 0xFEE0) for ch in element)  # ｄｏｇ
    events = play(state, 1, f"clue 1 {wide}")
    assert events[0].kind == "card-gone" and events[0].seen_by(2)["penalty"]["reason"] is not None
    assert state.penalties[1] == [element]


# -- the same class, found by looking: invisible, control and direction characters -----------------------
HIDDEN = ["d\u200dog", "d\u200bog", "\u202egod", "dog\u200f", "\u2066dog", "d\u00adog", "do\ufeffg", "\x1b[2Jdog",
          "d\x00og", "d\u2028og", "\ue000dog",
          "\u3164", "\u115fdog", "d\u034fog", "do\ufe0fg", "\u2800dog", "\uffa0"]  # letters and marks that show nothing


@pytest.mark.parametrize("word", HIDDEN)
def test_invisible_or_control_characters_in_a_clue_are_refused(word):
    state = new(auto_clue_check="off")
    message = assert_refused(state, 1, f"clue {state.seq} {word}", "WID-R7")
    assert "U+" in message or "one word" in message


@pytest.mark.parametrize("word", HIDDEN)
def test_invisible_or_control_characters_in_a_guess_are_refused(word):
    state = new()
    before, record = all_views(state), state.record().to_dict()
    with pytest.raises(IllegalActionError, match="may not hold"):
        state.apply(0, DreamMove("guess", state.seq, word))
    assert all_views(state) == before and state.record().to_dict() == record


def test_invisible_characters_in_a_recount_are_refused():
    state = new()
    state.expire("night")
    play(state, 0, f"dream-pass {state.seq}")
    assert_refused(state, 0, "recount a dog\u202e rode", "may not hold", "U+202E")
    play(state, 0, "recount a dog rode")


@pytest.mark.parametrize("text", ["!!!", "\u3000", "'-'", "\u0301\u0301", "\u00a0\u2003"])
def test_a_guess_with_no_letter_after_normalising_is_refused(text):
    state = new()
    assert_refused(state, 0, f"guess {state.seq} {text}", "needs a word")


def test_free_text_is_kept_in_nfkc_so_views_and_the_record_agree():
    state = new(auto_clue_check="off")
    play(state, 1, f"clue {state.seq} ｂａｒｋ")
    assert state.view(0)["board"]["clues"][-1]["word"] == "bark"
    replayed = dreamtable.replay(state.record())
    assert all_views(replayed) == all_views(state)


def test_a_decomposed_accent_is_one_letter():
    state = new(auto_clue_check="off")
    play(state, 1, f"clue {state.seq} cafe\u0301")  # NFD café is refused by no rule: it is one word
    assert state.clues[-1]["word"] == "café"


@pytest.mark.parametrize("move", [("clue", "1", "bark"), ("guess", True, "dog"), ("guess", 1, 5), ("guess", 1.0, "dog"),
                                  object(), "guess 1 dog", ("start", (0, 1))])
def test_a_crafted_move_object_is_refused(move):
    state = new()
    action = DreamMove(*move) if isinstance(move, tuple) else move
    before, record = all_views(state), state.record().to_dict()
    for seat in (0, 1):
        with pytest.raises(IllegalActionError):
            state.apply(seat, action)
    assert all_views(state) == before and state.record().to_dict() == record


@pytest.mark.parametrize("move", [("dream-pass", 1, "1"), ("clue-pass", 1, "x"), ("done", 3), ("recount", 0, "a dog"),
                                  ("flag", -1), ("guess", -1, "dog"), ("pass", 1)])
def test_a_move_with_fields_its_notation_cannot_write_is_refused(move):
    """``dream-pass 1`` with text was accepted and recorded as plain ``dream-pass 1`` (found by the kit's mutations)."""
    state = new()
    before, record = all_views(state), state.record().to_dict()
    for seat in (0, 1):
        with pytest.raises(IllegalActionError, match="takes|not a kind"):
            state.apply(seat, DreamMove(*move))
    assert all_views(state) == before and state.record().to_dict() == record


def test_a_vote_names_one_of_its_choices():
    state = in_review()
    before = all_views(state)
    with pytest.raises(IllegalActionError, match="vote-side takes yellow or blue, not 'purple'"):
        state.apply(1, DreamMove("vote-side", 1, "purple"))
    assert all_views(state) == before
    play(state, 1, "vote-side 1 yellow")


@pytest.mark.parametrize("move", [("guess", 1, "porridge "), ("guess", 1, " dog"), ("clue", 1, "\u00a0bark"),
                                  ("recount", -1, "a  dog"), ("guess", 10**7, "dog"), ("vote-side", 1, "Yellow")])
def test_a_move_must_be_the_one_its_notation_names(move):
    """``guess 11 'porridge '`` was accepted and recorded as ``guess 11 porridge `` (found by the kit's mutations):
    the record would no longer say what was played."""
    state = new()
    before, record = all_views(state), state.record().to_dict()
    for seat in (0, 1):
        with pytest.raises(IllegalActionError, match="reads as|cannot be read back|takes"):
            state.apply(seat, DreamMove(*move))
    assert all_views(state) == before and state.record().to_dict() == record


def test_the_recount_listed_is_one_the_notation_names():
    state = new()
    play(state, 0, f"guess {state.seq} big  bad wolf")  # two spaces kept inside a guess, as typed
    state.expire("night")
    play(state, 0, f"dream-pass {state.seq}")
    listed = state.legal_actions(0)
    assert DreamMove("recount", -1, "big bad wolf") in listed
    for action in listed:
        assert str(GAME.parse_action(state, 0, str(action))) == str(action)
