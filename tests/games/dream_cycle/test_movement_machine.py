"""The Movement Phase as its own object: a state machine whose questions are
typed values, reaching the rest of the rules only through ``movement.Board``, with no import cycle."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from dreamtable.games.dream_cycle import movement as mv
from dreamtable.games.dream_cycle.rules import CycleState
from tests.helpers import play

from .table import fields, give_inspiration, paint, put, question, table

PACKAGE = Path(mv.__file__).parent


def module_imports(path: Path) -> set[str]:
    """The package's own modules a module imports at its top level (``TYPE_CHECKING`` blocks included)."""
    found = set()
    for node in ast.parse(path.read_text()).body:
        blocks = node.body if isinstance(node, ast.If) else [node]
        for item in blocks:
            if isinstance(item, ast.ImportFrom) and item.level == 1:
                found.add(item.module or "")
    return found


def test_the_modules_of_dream_cycle_import_each_other_without_a_cycle():
    graph = {path.stem: module_imports(path) for path in PACKAGE.glob("*.py")}
    assert "rules" not in graph["movement"]
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import cycle: {' -> '.join(path + (module,))}"
        if module in done:
            return
        for imported in graph.get(module, ()):
            visit(imported, path + (module,))
        done.add(module)

    for module in graph:
        visit(module, ())


def test_movement_imports_first_in_a_fresh_interpreter():
    code = ("import importlib, sys; importlib.import_module('dreamtable.games.dream_cycle.movement'); "
            "import dreamtable; dreamtable.load('dream-cycle').new(2, seed=1)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_state_provides_everything_the_movement_asks_of_the_board():
    members = [name for name in vars(mv.Board) if not name.startswith("_")]
    members += list(mv.Board.__annotations__)
    missing = [name for name in members if not hasattr(CycleState, name) and name not in CycleState.__slots__
               and name not in ("players", "rng")]  # those two are the base State's slots
    assert missing == []


def test_DC_R29_the_choice_is_a_typed_question_with_its_ways():
    state = table()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="LR")
    put(state, 0, 4, 1, "E")
    put(state, 1, 8, 0)
    assert state.movement is None
    play(state, 0, "end")
    movement = state.movement
    assert movement.question == mv.Choose((mv.Way(0, 1), mv.Way(2, 1)))
    assert movement.step is mv.Step.DEPART and movement.waiting_on == 0
    twin = state.copy()
    play(twin, 0, "go N")
    assert state.movement.question == mv.Choose((mv.Way(0, 1), mv.Way(2, 1))) and twin.movement is not state.movement
    play(state, 0, "go S")
    assert state.movement is None and state.turn == 1  # the movement ended with the turn


def test_DC_R36_a_conflict_question_names_its_decider_the_choices_and_the_clash():
    state = table()
    paint(state, "G", x4y1="R")
    fields(state, 0, R="N")
    put(state, 0, 4, 1, "N")
    put(state, 1, 4, 2, "N")
    give_inspiration(state, 1, "power")
    play(state, 0, "end")
    conflict = state.movement.question
    assert isinstance(conflict, mv.Conflict) and question(state) == "conflict"
    assert conflict.decider == 1 and conflict.allowed == ("push", "pass", "block")
    assert conflict.clash == mv.Clash(entering=(0,), occupants=(1,), target=state.geo.pos(4, 2), chain=0, pushed=())
    assert state.movement.waiting_on == 1 and state.actors[0] == 1


def test_DC_R31_the_brake_costs_brake_chi_whether_planned_or_forced():
    assert mv.BRAKE_CHI == 2
    state = table()
    paint(state, "G")
    fields(state, 0, G="N")
    put(state, 0, 4, 1, "N")
    put(state, 1, 8, 0)
    play(state, 0, "plan steps 1")
    play(state, 0, "end")
    assert state.chi[0] == 10 - mv.BRAKE_CHI
