"""When I Dream at the keyboard: the clue-giver's start clock stops at the
first key, news goes above the line being typed, and the day shows the Dreamer and the reviewers the
night's cards."""

from __future__ import annotations

import re
import time

import pexpect
import pytest

from .test_terminal import spawn

CLUE_PROMPT = r"Your clue \(one word\), or pass\."


def clue_giver_first(*extra: str) -> pexpect.spawn:
    """A game in which B dreams first, so the human A gives clues at once (the bots speak fast)."""
    child = spawn("play", "when-i-dream", "--seats", "human,bot,bot,bot", "--seed", "3", "-o", "first_dreamer=1",
                  "-o", "night_seconds=40", "--bot-delay", "0.3", *extra)
    child.timeout = 30
    child.expect(CLUE_PROMPT)
    return child


@pytest.mark.slow
def test_the_start_clock_stops_at_the_first_key():
    child = clue_giver_first()
    child.send("b")  # one key, well inside the 5-second start clock
    child.expect("A is typing…")
    time.sleep(6.5)  # past the start clock, inside the 10-second submit clock
    child.sendline("ark")
    index = child.expect([r"A says: bark", r"A's time ran out"])
    assert index == 0, "the first key must stop the 5-second start clock"
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_without_a_key_the_start_clock_runs_out():
    child = clue_giver_first("-o", "clue_start_seconds=5")  # the rulebook's 5 s (WID-R8), not the default 15
    child.expect(r"A's time ran out: the turn passes", timeout=12)
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_news_goes_above_the_line_being_typed_and_the_typed_text_is_kept():
    child = clue_giver_first()
    child.send("mea")
    child.expect(r"says: \w+|is typing…")  # news arrives while A types
    child.expect(CLUE_PROMPT + r" mea")  # the line comes back under it, with what was typed
    for line in child.before.splitlines():
        assert not ("or pass." in line and ("says:" in line or "Element" in line.split("or pass.")[-1])), line
    child.sendline("dow")
    child.expect(r"A says: meadow|not published|Not allowed")
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_the_day_shows_the_dreamer_and_the_reviewers_the_nights_cards():
    child = spawn("play", "when-i-dream", "--seats", "human,bot,bot,bot", "--seed", "3", "-o", "night_seconds=6",
                  "-o", "final_guess_seconds=3", "--bot-delay", "0.3")
    child.timeout = 40
    child.expect("type your guess")
    child.sendline("dog")
    child.expect("one last answer")
    child.sendline("pass")
    child.expect("Recount your dream")
    child.sendline("a dog in a dream")
    child.expect(r"The Dreamer takes off the mask\. Right: .+ Wrong: ")  # which Elements were in play
    child.expect(r"· review ·")  # the board drawn again for the Dreamer, unmasked
    child.expect(r"Tonight: 1 \w+ → (Yellow|Blue)")
    child.expect(r"Round 2")
    while True:  # A gives clues in round 2; pass each turn until the review
        index = child.expect([CLUE_PROMPT, r"· review ·"])
        if index == 1:
            break
        child.sendline("pass")
    child.expect(r"Review the night's cards: vote on a card's side")
    day = " ".join(child.before.split())  # folded: a long line may wrap anywhere
    found = re.search(r"Tonight: 1 (\w+) → (Yellow|Blue)", day)  # the cards, numbered as the votes number them
    assert found, day
    assert re.search(rf"vote-side 1 yellow:? vote {found.group(1)} to Yellow", day), day  # the moves name the card too
    child.sendline("done")
    child.sendline("quit")
    child.expect(pexpect.EOF)
