"""Names and comments lead a reader to behaviour: no test is named after an issue number, and no comment
or docstring in src cites one. An issue number means nothing to the next engineer; the behaviour or the
rule id (``DC-R43``) says what a failing test or a guarded line is for."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
SRC = ROOT / "src" / "dreamtable"

# In a test's name: issue13, issue_13, i13 between underscores, point6 / point_6, item5.
ISSUE_IN_NAME = re.compile(r"issue|(?:^|_)i\d+(?:_|$)|point_?\d|item_?\d", re.IGNORECASE)
# In prose: the word issue in any form ("issue 13", "the issue's table", "issue-13"), or "#13" where
# no standard's name comes before it (Unicode's "UTS #39" is a document, not an issue).
ISSUE_IN_PROSE = re.compile(r"\bissues?\b|\bissue-\d|(?<!UTS )(?<![\w&])#\d{1,4}\b", re.IGNORECASE)


def names_of_tests(path: Path) -> Iterator[tuple[int, str]]:
    """The line and name of every test function and test class of a module."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            yield node.lineno, node.name
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            yield node.lineno, node.name


def comments_and_docstrings(source: str) -> Iterator[tuple[int, str]]:
    """The line and text of every comment, docstring and attribute docstring of a module's source."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            yield node.lineno, node.value.value


def python_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def test_no_test_or_test_module_is_named_after_a_tracker_number() -> None:
    found = [f"{path.relative_to(ROOT)}" for path in python_files(TESTS) if ISSUE_IN_NAME.search(path.stem)]
    found += [f"{path.relative_to(ROOT)}:{line} {name}" for path in python_files(TESTS)
              if ISSUE_IN_NAME.search(path.read_text(encoding="utf-8"))  # parse only what may hold one
              for line, name in names_of_tests(path) if ISSUE_IN_NAME.search(name)]
    assert found == [], "name these after the behaviour they check (and its rule id):\n" + "\n".join(found)


def test_no_comment_or_docstring_in_src_cites_a_tracker_number() -> None:
    sources = {path: path.read_text(encoding="utf-8") for path in python_files(SRC)}
    found = [f"{path.relative_to(ROOT)}:{line} {text.strip()[:100]}" for path, source in sources.items()
             if ISSUE_IN_PROSE.search(source)  # tokenize only what may hold one
             for line, text in comments_and_docstrings(source) if ISSUE_IN_PROSE.search(text)]
    assert found == [], "say what the line guards (or its rule id) instead:\n" + "\n".join(found)


@pytest.mark.parametrize("name", ["test_issue13_point15_a_file_is_refused", "test_point6_peek_is_plain",
                                  "test_i31_undo_is_refused", "test_item5_moves_refused", "TestIssue14"])
def test_a_name_citing_a_tracker_number_or_its_point_is_caught(name: str) -> None:
    assert ISSUE_IN_NAME.search(name)


@pytest.mark.parametrize("name", ["test_DC_R43_the_others_cannot_tell_whether_the_mover_holds_a_zip",
                                  "test_one_card_and_one_point_are_singular", "test_DD_R8_icons_fire",
                                  "test_stop_1_no_tile_ends_the_movement"])
def test_a_name_of_behaviour_and_rule_ids_passes(name: str) -> None:
    assert not ISSUE_IN_NAME.search(name)


@pytest.mark.parametrize("source", ['x = 1  # the hand stays hidden (issue 13, point 2)\n',
                                    '"""Hints for learners (Issue 19): the hard bot\'s move."""\n',
                                    'def f() -> None:\n    """Refused as in #31."""\n',
                                    'LIMIT = 1\n"""The issue\'s bound: one second."""\n'])
def test_a_comment_or_docstring_citing_a_tracker_number_is_caught(source: str) -> None:
    assert [text for _, text in comments_and_docstrings(source) if ISSUE_IN_PROSE.search(text)]


@pytest.mark.parametrize("source", ['x = 1  # hot seat: no scrollback, so nobody scrolls back to a hand\n',
                                    '"""Look-alike letters (UTS #39, confusables.txt) read as the letter."""\n',
                                    'COLOUR = "#111"  # black on the light squares\n'])
def test_a_comment_of_what_it_guards_passes(source: str) -> None:
    assert not [text for _, text in comments_and_docstrings(source) if ISSUE_IN_PROSE.search(text)]
