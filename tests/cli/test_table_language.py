"""``dreamtable play --table-language it``: the terminal's table is played in Italian, so When I Dream
deals its Italian words unless ``-o language=…`` says otherwise; another language is refused plainly."""

from __future__ import annotations

import pexpect
import pytest

from dreamtable.games.when_i_dream.words import load_deck

from .test_terminal import spawn

ITALIAN = {word for card in load_deck("it") for word in card.elements}
ENGLISH = {word for card in load_deck("en") for word in card.elements}


def first_element(*extra: str) -> str:
    """The Element the human clue-giver A sees first (B dreams first), with ``extra`` arguments."""
    child = spawn("play", "when-i-dream", "--seats", "human,bot,bot,bot", "--seed", "3", "-o", "first_dreamer=1",
                  "-o", "night_seconds=40", "--bot-delay", "5", *extra)
    child.timeout = 30
    child.expect(r"Element 1 in play: (\S+)")
    element = str(child.match.group(1))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    return element


@pytest.mark.slow
def test_WID_R25_an_italian_terminal_table_deals_the_italian_words_unless_an_option_says_otherwise() -> None:
    assert first_element("--table-language", "it") in ITALIAN - ENGLISH
    assert first_element() in ENGLISH - ITALIAN
    assert first_element("--table-language", "it", "-o", "language=en") in ENGLISH - ITALIAN


@pytest.mark.slow
def test_a_table_language_other_than_en_or_it_is_refused_naming_them() -> None:
    child = spawn("play", "when-i-dream", "--seats", "human,bot,bot,bot", "--table-language", "fr")
    child.expect(r"en \(English\), it \(Italiano\)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "Traceback" not in child.before
