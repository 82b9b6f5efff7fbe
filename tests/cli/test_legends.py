"""A 'legend' command explains every mark of a game's drawing, and a one-line key
sits under each board."""

from __future__ import annotations

import io

import pexpect
from rich.console import Console

import dreamtable
from dreamtable.cli.terminal import game_legend
from dreamtable.games.deep_dreams.cards import DECK
from dreamtable.games.deep_dreams.render import card_lines
from dreamtable.games.dreamwell.components import FRIEND_CARDS
from dreamtable.games.dreamwell.render import card_text

from .test_terminal import MOVE_PROMPT, spawn


def printed(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


def test_every_game_has_a_legend_and_a_key_under_its_board():
    for info in dreamtable.games():
        game = dreamtable.load(info.id)
        legend = game_legend(game)
        assert isinstance(legend, str) and len(legend.splitlines()) >= 5, info.id
        drawing = printed(game.render(game.new(players=info.min_players, seed=1).view(0)))
        keys = [line for line in drawing.splitlines() if line.startswith("Key: ")]
        assert len(keys) == 1 and "type 'legend' for more" in keys[0], (info.id, drawing)


def test_deep_dreams_legend_names_every_mark_a_card_can_show():
    legend = game_legend(dreamtable.load("deep-dreams"))
    marks = {char for card in DECK for line in card_lines(card.id, covered=1) for char in line.plain if not char.isalnum()}
    marks -= {" ", "+"}
    assert marks >= set("○●<>⇄×"), marks
    for mark in marks | set("zMPZS"):
        assert mark in legend, mark
    for words in ("Dream Moon", "Predictions", "Deep Sleep", "Steal", "Eliminate left", "counts as two cards", "either end"):
        assert words in legend


def test_dreamwell_legend_explains_the_card_text_and_the_black_side():
    legend = game_legend(dreamtable.load("dreamwell"))
    for words in ("◆", "♥ 7 IF 4×Orbit", "PER", "WILD", "located X", "each turn a free rotate", "move to X", "flip any X"):
        assert words in legend, words
    english = dreamtable.load("dreamwell").words("en")
    texts = [card_text(card.id, english) for card in FRIEND_CARDS]
    assert not any("each turn free" in text for text in texts), "the free action is named"
    for marker in ("PER", "IF", "WILD", "located", "move to", "flip any", "draw action", "move action", "rotate action"):
        assert any(marker in text for text in texts) and marker.split()[0] in legend, marker


def test_the_legend_command_at_the_terminal_explains_the_marks_and_help_names_it():
    child = spawn("play", "deep-dreams", "--seats", "human,random", "--seed", "4", "--option", "first_player=A")
    child.expect(r"Key: ○ white arrow")
    child.expect(MOVE_PROMPT)
    child.sendline("legend")
    child.expect("Dream Moon: lay a card from your hand")
    child.expect(MOVE_PROMPT)
    child.sendline("help")
    child.expect("'legend'")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
