"""No shared layer names a game: core, agents, workbench, server, cli and adapters read what a game
declares (its package, plan, web files, tunings) instead. A game's id in their code (not in a
docstring's example) means a second place to change when a game is added or renamed."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import dreamtable

SRC = Path(__file__).resolve().parent.parent / "src" / "dreamtable"
SHARED = ("core", "agents", "workbench", "server", "cli", "adapters")
GAME_IDS = sorted({info.id for info in dreamtable.games()} | {info.id.replace("-", "_") for info in dreamtable.games()})


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (a module's, class's or function's first
    statement, and an attribute's string right after its assignment)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for index, statement in enumerate(body):
            first = index == 0 and isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            after_assignment = index > 0 and isinstance(body[index - 1], (ast.Assign, ast.AnnAssign))
            if (first or after_assignment) and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def game_names_in_code(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            for game in GAME_IDS:
                if re.search(rf"\b{re.escape(game)}\b", node.value):  # a word: Tap's id is not "tapped"
                    yield node.lineno, game


@pytest.mark.parametrize("layer", SHARED)
def test_a_shared_layer_names_no_game_in_its_code(layer):
    named = [f"{path.relative_to(SRC)}:{line} names {game}"
             for path in sorted((SRC / layer).rglob("*.py")) for line, game in game_names_in_code(path)]
    assert named == [], "a shared layer reads what a game declares instead:\n" + "\n".join(named)


def test_the_scan_sees_a_game_named_in_code_and_not_in_a_docstring(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Try ``deep-dreams``."""\nGAME = "dreamwell"\n"""An example: when-i-dream."""\n')
    assert list(game_names_in_code(module)) == [(2, "dreamwell")]


def test_the_shared_page_code_names_no_game():
    """A game's id in quotes or a path ("/games/deep-dreams/") — not the word in a comment."""
    named = [f"{path.relative_to(SRC)} names {game}" for path in (SRC / "server" / "static" / "js").rglob("*.js")
             for game in GAME_IDS if re.search(rf"[\"'`/]{re.escape(game)}[\"'`/.]", path.read_text(encoding="utf-8"))]
    assert named == []
