"""The small things a new player tripped on, each checked where it showed."""

from __future__ import annotations

import io
import re

import pexpect
import pytest
from rich.console import Console

import dreamtable
from dreamtable import testing
from dreamtable.cli.terminal import TerminalGame, step_through
from dreamtable.core.table import Table
from dreamtable.games.dreamwell.components import CREATURE_NAMES
from dreamtable.workbench.report import build_report, endings_text, variant_label, whole_bins
from tests.games.sogni_e_incubi.position import position

from .test_terminal import DREAMTABLE, ENV, MOVE_PROMPT, spawn


def random_position(game, seed: int, steps: int):
    """A game after ``steps`` random moves (or its end), on its minimum seats."""
    import random

    rng = random.Random(seed)
    state = game.new(players=game.info.min_players, seed=seed)
    for _ in range(steps):
        if state.is_over or not state.actors:
            break
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def printed(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


def test_one_card_and_one_point_are_singular():
    state = position(hands={0: "S1 S2", 1: "S3"})
    text = printed(dreamtable.load("sogni-e-incubi").render(state.view(0)))
    assert re.search(r"\b1 card\b", text) and not re.search(r"\b1 cards\b", text)
    for game_id in ("deep-dreams", "dreamwell", "when-i-dream"):
        game = dreamtable.load(game_id)
        state = random_position(game, 1, 20)
        text = printed(game.render(state.view(0)))
        assert not re.search(r"\b1 (cards|points)\b", text), (game_id, text)


def test_a_move_is_not_labelled_twice():
    for game_id in [info.id for info in dreamtable.games()]:
        game = dreamtable.load(game_id)
        for seed in range(2):
            state = random_position(game, seed, 30)
            if state.is_over:
                continue
            seat = state.actors[0]
            out = io.StringIO()
            terminal = TerminalGame(Table(state, {}), console=Console(file=out, width=200, color_system=None))
            terminal._list_moves(state.view(seat), state.legal_actions(seat), state.action_forms(seat))
            for line in out.getvalue().splitlines():
                match = re.match(r"\s*\d+\. (\S+(?: \S+)*?)\s+(.*)$", line)
                assert not (match and match.group(2) == match.group(1)), (game_id, line)
    draw = dreamtable.load("dreamwell").new(players=2, seed=3, first_player="A")
    text = dreamtable.load("dreamwell").describe(draw.view(0), dreamtable.load("dreamwell").parse_action(draw, 0, "draw"))
    assert text.startswith("draw the top card")


def test_dreamwell_names_are_never_cut():
    game = dreamtable.load("dreamwell")
    shown = ""
    for seed in range(6):
        shown += printed(game.render(game.new(players=2, seed=seed).view(0)))
    assert "Skullflower" in shown or not any(name == "Skullflower" for name in CREATURE_NAMES)
    on_boards = {name for name in CREATURE_NAMES if name[:10] in shown}
    assert on_boards and all(name in shown for name in on_boards)


@pytest.mark.slow
def test_list_fits_80_columns_without_cutting_an_option_name():
    child = pexpect.spawn(DREAMTABLE, ["list"], env={**ENV, "COLUMNS": "80"}, encoding="utf-8", timeout=20, dimensions=(60, 80))
    child.expect(pexpect.EOF)
    text = child.before
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80 and len(lines) < 40, text
    words = set(re.findall(r"[a-z_]+(?==)", text))
    for info in dreamtable.games():
        for option in info.options:
            assert option.name in words, option.name
    assert "'count'" not in text, "a table of defaults is not printed in full in the overview"
    child = pexpect.spawn(DREAMTABLE, ["list", "dream-cycle"], env={**ENV, "COLUMNS": "80"}, encoding="utf-8", timeout=20)
    child.expect(r"round_limit=100\s+rounds after which")
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_no_seed_line_above_an_error():
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "-o", "hand_limit=lots")
    child.expect(pexpect.EOF)
    assert "Seed" not in child.before and "Error:" in child.before
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random")
    child.expect(r"Seed \d+ \(use --seed")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_replay_refuses_garbage_and_says_when_it_ends():
    record = testing.play_random(dreamtable.load("sogni-e-incubi"), 2, 4).record()
    total = len(record.moves)
    answers = iter(["next please", "", str(total), ""])
    prompts: list[str] = []
    out = io.StringIO()

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    step_through(record, Console(file=out, width=200, color_system=None), read)
    text = out.getvalue()
    assert "Not an answer here: 'next please'" in text
    assert text.count("Move 1 of") == 1 and text.count("Move 0 of") == 1, "garbage does not move on"
    assert "this is the last move" in prompts[-1] and text.rstrip().endswith("End of the replay.")


def test_undo_before_your_first_move_says_so():
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "5", "--option", "first_player=B")
    child.expect(MOVE_PROMPT)
    child.sendline("undo")
    child.expect("Nothing to undo: you have not made a move yet in this game")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def ab_row(variant, seed, winners, scores, reason, hand_limit):
    return {"game": "sogni-e-incubi", "variant": variant, "seed": seed, "seats": ["greedy", "random"],
            "options": {"hand_limit": hand_limit, "final_count": "slots"}, "scores": scores, "winners": winners,
            "decisions": 10, "rounds": 5, "reason": reason, "metrics": {}}


@pytest.mark.slow
def test_the_ab_report_names_variants_apart_from_seats_and_says_what_b_changed(tmp_path):
    rows = [ab_row("A", 0, [0], [5, 3], "stuck", 10), ab_row("A", 1, [1], [2, 6], "complete-row", 10),
            ab_row("B", 0, [0], [6, 3], "stuck", 8), ab_row("B", 1, [0], [4, 2], "stuck", 8)]
    report = build_report(rows)
    assert report["comparison"]["changed"] == [{"option": "hand_limit", "a": 10, "b": 8}]
    assert variant_label(report, "A") == "variant A (baseline: hand_limit=10)"
    assert variant_label(report, "B") == "variant B (hand_limit=8)"
    assert endings_text(report["variants"]["A"]) == "complete-row 1 (50%), stuck 1 (50%)"
    results = tmp_path / "ab.jsonl"
    results.write_text("".join(__import__("json").dumps(row) + "\n" for row in rows))
    done = pexpect.run(f"{DREAMTABLE} report {results}", env={**ENV, "COLUMNS": "200"}, encoding="utf-8", timeout=120)
    text = " ".join(done.split())
    assert "Variant B changes hand_limit=8 (A: 10)" in text
    assert "win rate of seat A (greedy):" in text and "B − A, win rate of A" not in text
    assert "{'" not in text, "endings are words, not a raw dict"


def test_margin_bins_are_centred_on_whole_points():
    edges = whole_bins([0.0, 1.0, 3.0, 3.0, 7.0])
    assert edges == [-0.5, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]
    wide = whole_bins([float(v) for v in range(0, 200)])
    assert all(edge % 1 == 0.5 for edge in wide) and len(wide) <= 42
    assert whole_bins([0.5, 1.25]) == 20


