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

# In a test's name: the word issue, an i and a number between underscores, or point / item and a number.
ISSUE_IN_NAME = re.compile(r"issue|(?:^|_)i\d+(?:_|$)|point_?\d|item_?\d", re.IGNORECASE)
# In prose: the word issue in any form (with a number, possessive, hyphenated), or a hash and a number
# where no standard's name comes before it (a Unicode technical standard's number names a document).
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


# The planted citations below are assembled from these parts, so that this file cites no tracker
# number itself (and the scan of the other files stays the only one that could).
WORD, POINT, ITEM, N = "issue", "point", "item", 13


@pytest.mark.parametrize("name", [f"test_{WORD}{N}_{POINT}{N + 2}_a_file_is_refused", f"test_{POINT}{N - 7}_peek_is_plain",
                                  f"test_i{N + 18}_undo_is_refused", f"test_{ITEM}{N - 8}_moves_refused",
                                  f"Test{WORD.title()}{N + 1}"])
def test_a_name_citing_a_tracker_number_or_its_point_is_caught(name: str) -> None:
    assert ISSUE_IN_NAME.search(name)


@pytest.mark.parametrize("name", ["test_DC_R43_the_others_cannot_tell_whether_the_mover_holds_a_zip",
                                  "test_one_card_and_one_point_are_singular", "test_DD_R8_icons_fire",
                                  "test_stop_1_no_tile_ends_the_movement"])
def test_a_name_of_behaviour_and_rule_ids_passes(name: str) -> None:
    assert not ISSUE_IN_NAME.search(name)


@pytest.mark.parametrize("source", [f"x = 1  # the hand stays hidden ({WORD} {N}, {POINT} {N - 11})\n",
                                    f'"""Hints for learners ({WORD.title()} {N + 6}): the hard bot\'s move."""\n',
                                    f'def f() -> None:\n    """Refused as in #{N + 18}."""\n',
                                    f'LIMIT = 1\n"""The {WORD}\'s bound: one second."""\n'])
def test_a_comment_or_docstring_citing_a_tracker_number_is_caught(source: str) -> None:
    assert [text for _, text in comments_and_docstrings(source) if ISSUE_IN_PROSE.search(text)]


@pytest.mark.parametrize("source", ['x = 1  # hot seat: no scrollback, so nobody scrolls back to a hand\n',
                                    f'"""Look-alike letters (UTS #{N + 26}, confusables.txt) read as the letter."""\n',
                                    'COLOUR = "#111"  # black on the light squares\n'])
def test_a_comment_of_what_it_guards_passes(source: str) -> None:
    assert not [text for _, text in comments_and_docstrings(source) if ISSUE_IN_PROSE.search(text)]
