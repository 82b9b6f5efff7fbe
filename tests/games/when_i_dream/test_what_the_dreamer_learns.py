"""WID-R11: what the Dreamer learns, and when.

During the night and the last answer the Dreamer is told only that the card changed — never that a
penalty was given, nor to whom. Once the recount is in, the Dreamer takes off the mask (rulebook):
from the start of the review the night's cards show with their sides, and the Dreamer is told which
Elements they had right.
"""

from __future__ import annotations

import json
import random

import dreamtable
from dreamtable import testing
from dreamtable.core.contract import seat_name
from tests.helpers import play

GAME = dreamtable.load("when-i-dream")
MASKED = ("night", "final guess", "recount")


def tonight(state, seat):
    """The events of this round as ``seat`` knows them (earlier rounds were seen as a clue-giver)."""
    log = state.log(seat)
    start = max((i for i, event in enumerate(log) if event["kind"] == "round"), default=0)
    return log[start:]


def says_penalty(event):
    """Whether the event tells of a penalty: by its kind, its words or a field (``penalty`` is ``null`` when it does not)."""
    told = json.dumps({**event, "penalty": event.get("penalty")} if event.get("penalty") else
                      {key: value for key, value in event.items() if key != "penalty"}).lower()
    return "penalty" in told or "improper" in told


def test_WID_R11_random_nights_never_tell_the_dreamer_of_a_penalty():
    """Penalised clues during random nights; the Dreamer's log and view
    never name the penalised seat nor say that a penalty happened, while the clue-givers are told."""
    told_givers = []

    def check(state, step):
        if state.is_over or state.phase not in MASKED:
            return
        dreamer = state.dreamer
        for event in tonight(state, dreamer):
            assert not says_penalty(event), event
        view = state.view(dreamer)["board"]
        assert all(count is None for count in view["penalties"]) and all(card is None for card in view["cards"])
        for event in tonight(state, None):  # a spectator is masked like the Dreamer during the round
            assert not says_penalty(event), event
        giver = (dreamer + 1) % state.players
        told_givers.extend(event["text"] for event in tonight(state, giver) if says_penalty(event))

    state = testing.play_random(GAME, 4, seed=0, options={"auto_clue_check": "penalize"}, on_step=check)
    assert state.is_over and told_givers, "the seed gives penalties, and the clue-givers are told of them"


def test_WID_R11_a_judged_penalty_reads_as_a_new_card_to_the_dreamer():
    state = GAME.new(players=4, seed=7, auto_clue_check="penalize")
    element = state.element
    play(state, 1, f"clue {state.seq} {element}s")
    mine = state.log(0)[-2:]
    assert [event["kind"] for event in mine] == ["card-gone", "reveal"]
    assert mine[0]["text"] == "Element 1 has gone: a new card is in play."
    assert mine[0]["actor"] is None and not any(says_penalty(event) for event in state.log(0))
    theirs = next(event for event in reversed(state.log(2)) if event["kind"] == "card-gone")
    assert theirs["text"] == (f"B's clue was improper ({element}s: same stem): Element 1 goes in front of "
                              "them as a penalty. A new card is in play.")
    assert theirs["penalty"] == {"seat": 1, "id": None, "word": f"{element}s", "reason": "same_stem"}


def test_WID_R11_a_flagged_penalty_reads_as_a_new_card_to_the_dreamer():
    state = GAME.new(players=5, seed=8, auto_clue_check="off")
    play(state, 1, f"clue {state.seq} meow")
    clue = state.clues[-1]["id"]
    play(state, 2, f"flag c{clue}")
    play(state, 3, f"flag c{clue}")
    assert state.penalties[1]
    assert not any(says_penalty(event) for event in state.log(0))
    gone = [event for event in state.log(0) if event["kind"] == "card-gone"][-1]
    assert gone["text"] == "Element 1 has gone: a new card is in play."
    theirs = [event for event in state.log(4) if event["kind"] == "card-gone"][-1]
    assert theirs["text"] == (f"c{clue} is improper by the players' flags: Element 1 goes in front of B as a "
                              "penalty. A new card is in play.")


def _night_with_a_right_a_wrong_and_a_penalty():
    state = GAME.new(players=4, seed=7, auto_clue_check="penalize")
    right = state.element
    play(state, 0, f"guess {state.seq} {right}")
    wrong = state.element
    play(state, 0, f"guess {state.seq} xylophone")
    penalised, author = state.element, state.clue_seat
    play(state, author, f"clue {state.seq} {penalised}s")
    state.expire("night")
    play(state, 0, "pass")
    return state, right, wrong, (penalised, author)


def test_WID_R11_the_dreamer_takes_off_the_mask_when_the_review_starts():
    state, right, wrong, (penalised, author) = _night_with_a_right_a_wrong_and_a_penalty()
    assert all(card is None for card in state.view(0)["board"]["cards"])  # still masked for the recount
    play(state, 0, f"recount a {right} sang")
    cards = state.view(0)["board"]["cards"]
    assert [(card["element"], card["side"]) for card in cards] == [(right, "yellow"), (wrong, "blue"),
                                                                    (penalised, "penalty")]
    assert cards[2]["owner"] == author and cards[0]["mentioned"] is True
    unmask = state.log(0)[-1]
    assert unmask["kind"] == "unmask"
    assert unmask["text"] == (f"The Dreamer takes off the mask. Right: {right}. Wrong: {wrong} (said xylophone). "
                              f"Penalties: {penalised} ({seat_name(author)}). The clue-givers review the night.")


def test_WID_R11_worlds_of_the_unmasked_dreamer_keep_the_board_they_see():
    state, _, _, _ = _night_with_a_right_a_wrong_and_a_penalty()
    play(state, 0, "recount nothing")

    seen = state.view(0)["board"]["cards"]
    assert seen and all(card is not None for card in seen)
    for k in range(5):
        world = state.determinize(0, random.Random(k))
        assert world.view(0)["board"]["cards"] == seen
