"""A small mutation run over rule constants: each mutant changes one rule of a copy of the sources, then
the game's goldens and tests run against it; a mutant that passes them all survives (docs/testing.md).

    python tests/mutants.py [GAME ...]             # every mutant of those games (default: all listed here)
    python tests/mutants.py --goldens [GAME ...]   # against the goldens alone: which rules they reach

Each mutant is a list of (file, text, replacement) applied to every occurrence; a mutant whose text
is missing is an error, so a refactor that moves a rule shows here instead of passing quietly.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Mutant:
    game: str
    rule: str
    name: str
    edits: tuple[tuple[str, str, str], ...]
    tests: tuple[str, ...]


SI_RULES = "src/dreamtable/games/sogni_e_incubi/rules.py"


def goldens(game: str) -> tuple[str, ...]:
    """The test of each golden playthrough of ``game`` (tests/playthroughs/GAME/*.txt)."""
    return tuple(f"tests/games/test_kit.py::test_golden_playthrough[{game}/{path.stem}]"
                 for path in sorted((ROOT / "tests" / "playthroughs" / game).glob("*.txt")))


SI_TESTS = ("tests/games/sogni_e_incubi", *goldens("sogni-e-incubi"))


def hand_limit(name: str, limit: str) -> Mutant:
    """SI-R3 with the limit the rules read replaced by ``limit`` (the option and the view unchanged)."""
    return Mutant("sogni-e-incubi", "SI-R3", name, (
        (SI_RULES, "self.hand_sizes[seat] < self._hand_limit", f"self.hand_sizes[seat] < {limit}"),
        (SI_RULES, "self.hand_sizes[seat] >= self._hand_limit", f"self.hand_sizes[seat] >= {limit}"),
    ), SI_TESTS)


def constant(game: str, rule: str, path: str, text: str, tests: tuple[str, ...]) -> tuple[Mutant, ...]:
    """``text`` (where the rules read a number) read one lower and one higher."""
    return tuple(Mutant(game, rule, f"{text} {sign}1", ((path, text, f"({text} {sign} 1)"),), tests) for sign in "-+")


def variants(game: str, rule: str, path: str, text: str, replacements: tuple[str, ...], tests: tuple[str, ...]) -> tuple[Mutant, ...]:
    """``text`` (a rule's number where the rules read it, with enough context to be found once) read as each of
    ``replacements`` (the number one lower and one higher), for numbers ``constant`` cannot wrap."""
    return tuple(Mutant(game, rule, f"{text.strip()} -> {new.strip()}", ((path, text, new),), tests) for new in replacements)


DD, DC, WID = (f"src/dreamtable/games/{name}/rules.py" for name in ("deep_dreams", "dream_cycle", "when_i_dream"))
DD_SCORING, DD_CARDS = (f"src/dreamtable/games/deep_dreams/{name}.py" for name in ("scoring", "cards"))
DD_TESTS = ("tests/games/deep_dreams", *goldens("deep-dreams"))
DW, DW_SCORING = "src/dreamtable/games/dreamwell/rules.py", "src/dreamtable/games/dreamwell/scoring.py"
DW_TESTS, WID_TESTS = ("tests/games/dreamwell", *goldens("dreamwell")), ("tests/games/when_i_dream", *goldens("when-i-dream"))
DC_MOVES, DC_TESTS = "src/dreamtable/games/dream_cycle/movement.py", ("tests/games/dream_cycle", *goldens("dream-cycle"))
MUTANTS = (
    # deep-dreams
    *constant("deep-dreams", "DD-R7", DD, 'self._options["draw_bonus_cards"]', DD_TESTS),
    *variants("deep-dreams", "DD-R3", DD, "range(HAND_SIZE)", ("range(HAND_SIZE - 1)", "range(HAND_SIZE + 1)"), DD_TESTS),
    *variants("deep-dreams", "DD-R7", DD, "joint.levels >= 2:", ("joint.levels >= 1:", "joint.levels >= 3:"), DD_TESTS),
    *variants("deep-dreams", "DD-R11", DD, "min(PREDICTIONS_LOOK,", ("min(PREDICTIONS_LOOK - 1,", "min(PREDICTIONS_LOOK + 1,"), DD_TESTS),
    *variants("deep-dreams", "DD-R12", DD, "self.extra_turns += 1", ("self.extra_turns += 0", "self.extra_turns += 2"), DD_TESTS),
    *variants("deep-dreams", "DD-R16", DD, "len(row) >= self.threshold", ("len(row) >= self.threshold - 1", "len(row) >= self.threshold + 1"), DD_TESTS),
    *variants("deep-dreams", "DD-R17", DD, "self.passes >= n:", ("self.passes >= n - 1:", "self.passes >= n + 1:"), DD_TESTS),
    *variants("deep-dreams", "DD-R18", DD_CARDS, "return 2 if self.x2", ("return 1 if self.x2", "return 3 if self.x2"), DD_TESTS),
    *variants("deep-dreams", "DD-R19", DD_SCORING, "run_positions >= 2", ("run_positions >= 1", "run_positions >= 3"), DD_TESTS),
    *variants("deep-dreams", "DD-R20", DD_SCORING, "parts], 5, 3)", ("parts], 4, 3)", "parts], 6, 3)", "parts], 5, 2)", "parts], 5, 4)"), DD_TESTS),
    *variants("deep-dreams", "DD-R21", DD_SCORING, "award(column, 4, 2)",
              ("award(column, 3, 2)", "award(column, 5, 2)", "award(column, 4, 1)", "award(column, 4, 3)"), DD_TESTS),
    *variants("deep-dreams", "DD-R22", DD_SCORING, "+ parts[s][2] for s", ("+ 0 * parts[s][2] for s", "+ 2 * parts[s][2] for s"), DD_TESTS),
    # sogni-e-incubi
    hand_limit("hand limit ignored", "10 ** 9"),
    hand_limit("hand limit 9 (limit - 1)", "(self._hand_limit - 1)"),
    hand_limit("hand limit 11 (limit + 1)", "(self._hand_limit + 1)"),
    *variants("sogni-e-incubi", "SI-R1", SI_RULES, "range(DEALT)", ("range(DEALT - 1)", "range(DEALT + 1)"), SI_TESTS),
    *variants("sogni-e-incubi", "SI-R12", SI_RULES, "self.dream_slots(seat) == SLOTS", ("self.dream_slots(seat) == SLOTS - 1", "self.dream_slots(seat) == SLOTS + 1"), SI_TESTS),
    *variants("sogni-e-incubi", "SI-R12", SI_RULES, "if self.hand_sizes[seat] == 0 and", ("if self.hand_sizes[seat] == -1 and", "if self.hand_sizes[seat] <= 1 and"), SI_TESTS),
    *variants("sogni-e-incubi", "SI-R15", SI_RULES, "self.passes >= players", ("self.passes >= players - 1", "self.passes >= players + 1"), SI_TESTS),
    # dreamwell
    *(Mutant("dreamwell", "DW-R5", f"cards dealt {sign}1", ((DW, "for _ in range(2):", f"for _ in range(2 {sign} 1):"),), DW_TESTS)
      for sign in "-+"),
    *(Mutant("dreamwell", "DW-R5", f"display size {sign}1", ((DW, "DISPLAY_SIZE = 4", f"DISPLAY_SIZE = (4 {sign} 1)"),), DW_TESTS)
      for sign in "-+"),
    *(Mutant("dreamwell", "DW-R6", f"actions per turn {sign}1", (
        (DW, "actions_left = ACTIONS_PER_TURN", f"actions_left = (ACTIONS_PER_TURN {sign} 1)"),), DW_TESTS) for sign in "-+"),
    *constant("dreamwell", "DW-R13", DW, 'self._options["max_steps_per_move"]', DW_TESTS),
    *(Mutant("dreamwell", "DW-R18", f"hand limit {sign}1", (
        (DW, "> HAND_LIMIT", f"> (HAND_LIMIT {sign} 1)"), (DW, "<= HAND_LIMIT", f"<= (HAND_LIMIT {sign} 1)")), DW_TESTS)
      for sign in "-+"),
    *(Mutant("dreamwell", "DW-R19", f"cards that start the last round {sign}1", (
        (DW, "len(self.played[seat]) >= self.threshold", f"len(self.played[seat]) >= (self.threshold {sign} 1)"),), DW_TESTS)
      for sign in "-+"),
    *(Mutant("dreamwell", "DW-R20", f"IF n friends needs n {sign}1", (
        (DW_SCORING, "if friends[values[2]] >= values[1] else 0", f"if friends[values[2]] >= (values[1] {sign} 1) else 0"),),
        DW_TESTS) for sign in "-+"),
    # when-i-dream
    *(Mutant("when-i-dream", "WID-R2", f"rounds {sign}1", (
        (WID, "self.round >= self.players", f"self.round >= (self.players {sign} 1)"),), WID_TESTS) for sign in "-+"),
    *constant("when-i-dream", "WID-R7", WID, 'self._options["clue_max_len"]', WID_TESTS),
    *constant("when-i-dream", "WID-R14", WID, 'self._options["min_substring_len"]', WID_TESTS),
    *constant("when-i-dream", "WID-R15", WID, 'self._options["flag_quorum"]', WID_TESTS),
    *(Mutant("when-i-dream", "WID-R19", f"bonus {sign}1", ((WID, "bonus = 2 if all", f"bonus = (2 {sign} 1) if all"),), WID_TESTS)
      for sign in "-+"),
    *(Mutant("when-i-dream", "WID-R19", f"Yellow cards the bonus needs {sign}1", (
        (WID, "yellow >= 1 or", f"yellow >= (1 {sign} 1) or"),), WID_TESTS) for sign in "-+"),
    *constant("when-i-dream", "WID-R21", WID, "yellow + 2", WID_TESTS),
    *(Mutant("when-i-dream", "WID-R20", f"Sandmen's one-apart gap {sign}1", (
        (WID, "abs(yellow - blue) == 1", f"abs(yellow - blue) == (1 {sign} 1)"),), WID_TESTS) for sign in "-+"),
    *(Mutant("when-i-dream", "WID-R23", f"a penalty card's cost {sign}1", (
        (WID, "self.points[s] - len(self.penalties[s])", f"self.points[s] - (1 {sign} 1) * len(self.penalties[s])"),), WID_TESTS)
      for sign in "-+"),
    # dream-cycle
    *constant("dream-cycle", "DC-R14", DC, 'self._options["blue_chi"]', DC_TESTS),
    *constant("dream-cycle", "DC-R15", DC, 'self._options["drain_chi"]', DC_TESTS),
    *constant("dream-cycle", "DC-R16", DC, 'self._options["inspiration_draw"]', DC_TESTS),
    *constant("dream-cycle", "DC-R17", DC, "tile.buy", DC_TESTS),
    *constant("dream-cycle", "DC-R17", DC, "tile.sell", DC_TESTS),
    *variants("dream-cycle", "DC-R18", DC, 'state.supply = options["chi_supply"]', ('state.supply = options["chi_supply"] - 1', 'state.supply = options["chi_supply"] + 1'), DC_TESTS),
    *variants("dream-cycle", "DC-R19", DC, "INCOME_FIRST if", ("(INCOME_FIRST - 1) if", "(INCOME_FIRST + 1) if"), DC_TESTS),
    *variants("dream-cycle", "DC-R19", DC, "else INCOME)", ("else INCOME - 1)", "else INCOME + 1)"), DC_TESTS),
    *variants("dream-cycle", "DC-R20", DC, "CHI_CAP = 10", ("CHI_CAP = 9", "CHI_CAP = 11"), DC_TESTS),
    *variants("dream-cycle", "DC-R22", DC, "FIELD_LIMIT = 2", ("FIELD_LIMIT = 1", "FIELD_LIMIT = 3"), DC_TESTS),
    *variants("dream-cycle", "DC-R24", "src/dreamtable/games/dream_cycle/components.py", "BOOSTS = (2, 3)", ("BOOSTS = (1, 2)", "BOOSTS = (3, 4)"), DC_TESTS),
    *variants("dream-cycle", "DC-R31", DC_MOVES, "BRAKE_CHI = 2", ("BRAKE_CHI = 1", "BRAKE_CHI = 3"), DC_TESTS),
    *constant("dream-cycle", "DC-R33", DC_MOVES, 'options["step_cap"]', DC_TESTS),
    *constant("dream-cycle", "DC-R39", DC_MOVES, 'options["conflict_toll"]', DC_TESTS),
    *variants("dream-cycle", "DC-R41", DC_MOVES, "ZIP_HOPS = 2", ("ZIP_HOPS = 1", "ZIP_HOPS = 3"), DC_TESTS),
    *variants("dream-cycle", "DC-R42", DC, "TURN_IN_CHI, SECOND_WIND_CHI = 1, 3", ("TURN_IN_CHI, SECOND_WIND_CHI = 0, 3", "TURN_IN_CHI, SECOND_WIND_CHI = 2, 3"), DC_TESTS),
    *variants("dream-cycle", "DC-R42", DC, "TURN_IN_CHI, SECOND_WIND_CHI = 1, 3", ("TURN_IN_CHI, SECOND_WIND_CHI = 1, 2", "TURN_IN_CHI, SECOND_WIND_CHI = 1, 4"), DC_TESTS),
    *variants("dream-cycle", "DC-R45", DC, "if self.rows_laid == ROWS:", ("if self.rows_laid == ROWS - 1:", "if self.rows_laid == ROWS + 1:"), DC_TESTS),
    *constant("dream-cycle", "round limit (ours)", DC, 'self._options["round_limit"]', DC_TESTS),
)


def run(mutant: Mutant) -> str | None:
    """What kills the mutant (the first failing golden or test), or ``None`` when it survives."""
    with tempfile.TemporaryDirectory(prefix="mutant-") as folder:
        copy = Path(folder)
        shutil.copytree(ROOT / "src", copy / "src")
        for path, text, replacement in mutant.edits:
            source = (copy / path).read_text(encoding="utf-8")
            if text not in source:
                raise SystemExit(f"{mutant.name}: {text!r} is not in {path}: the rule moved; update the mutant")
            (copy / path).write_text(source.replace(text, replacement), encoding="utf-8")
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-x", "-n", "2", *mutant.tests],
            cwd=ROOT, env={"PYTHONPATH": f"{copy / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"},
            capture_output=True, text=True,
        )
        if result.returncode == 0:
            return None
        failed = [line for line in result.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
        return failed[0] if failed else result.stdout[-300:]


def main(args: list[str]) -> int:
    goldens_only = "--goldens" in args
    games = [arg for arg in args if arg != "--goldens"]
    chosen = [mutant for mutant in MUTANTS if not games or mutant.game in games]
    if goldens_only:
        chosen = [Mutant(m.game, m.rule, m.name, m.edits, goldens(m.game)) for m in chosen]
    for game in sorted({mutant.game for mutant in chosen}):  # unchanged, the same run must pass
        tests = next(mutant.tests for mutant in chosen if mutant.game == game)
        baseline = run(Mutant(game, "-", "unchanged", (), tests))
        if baseline is not None:
            raise SystemExit(f"{game}: the unchanged sources fail the run already: {baseline}")
    survivors = []
    for mutant in chosen:
        killer = run(mutant)
        print(f"{'killed  ' if killer else 'SURVIVED'}  {mutant.game}  {mutant.rule}  {mutant.name}  {killer or ''}", flush=True)
        if killer is None:
            survivors.append(mutant)
    return 1 if survivors else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
