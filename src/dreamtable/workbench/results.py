"""Results files: one JSON line per finished game, plus a CSV beside it, safe to stop and resume.

A results file is only ever appended to. Resuming reads the seeds already finished and skips
them; a last line cut short by a crash is dropped (it was not a finished game); a file from a
different experiment, a file that is not a results file, and a CSV beside it that is not its CSV
are refused, never overwritten.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any, Iterable

from ..core.errors import DreamtableError

CSV_COLUMNS = ["game", "variant", "seed", "seats", "options", "scores", "winners", "decisions", "rounds", "reason", "metrics"]
REQUIRED = {"game", "seed", "seats", "options", "scores", "winners", "decisions", "reason"}
ROW_START = '{"decisions": '
"""How every line :class:`ResultsWriter` writes begins: keys are sorted and ``decisions`` sorts first."""


class ResultsError(DreamtableError, ValueError):
    """A results file that is not one, is damaged, or belongs to another game or experiment."""


def read_results(path: Path, *, drop_cut_last_line: bool = False) -> list[dict[str, Any]]:
    """Every row of a results file, checked; a damaged line raises ``ResultsError`` naming it.

    With ``drop_cut_last_line``, an incomplete last line (a crash mid-write) is cut off the file.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ResultsError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ResultsError(f"{path} is not a dreamtable results file (it is not UTF-8 text); it is left as it is") from None
    lines = text.split("\n")
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            if not _cut_result(line, bool(rows)):  # e.g. notes.txt: refused, never emptied
                raise ResultsError(f"{path} is not a dreamtable results file (line {number} is not a result); "
                                   "it is left as it is — choose another file") from None
            last = number == len(lines) or all(not rest.strip() for rest in lines[number:])
            if last and drop_cut_last_line:
                path.write_text("\n".join(lines[: number - 1]) + ("\n" if number > 1 else ""), encoding="utf-8")
                return rows
            hint = " (the run was cut short; run the same simulate command again to repair and resume)" if last else ""
            raise ResultsError(f"{path} line {number} is not a complete result{hint}") from None
        if not isinstance(row, dict) or not REQUIRED <= set(row):
            missing = ", ".join(sorted(REQUIRED - set(row))) if isinstance(row, dict) else "everything"
            raise ResultsError(f"{path} line {number} is not a dreamtable result (missing {missing})")
        rows.append(row)
    return rows


def _cut_result(line: str, after_results: bool) -> bool:
    """Whether a line that is not JSON is a result cut short by a crash, rather than another file's text.

    A cut result begins like every line the writer writes; after complete results, any cut object
    (``{"dec``) counts too. So the text of another file is never taken for a cut result and dropped.
    """
    line = line.strip()
    return line.startswith(ROW_START) or (after_results and line.startswith("{"))


def check_csv(path: Path) -> None:
    """Refuse a results file whose CSV (``X.csv`` beside ``X.jsonl``) would overwrite another file.

    The CSV is rewritten from the JSONL on resume, so it must be this file's own: absent, empty
    (a crash before its header), or starting with the results header. ``--out X.csv`` is refused too.
    """
    table = csv_path_for(path)
    if table == path:
        raise ResultsError(f"{path}: --out names the JSONL results file (e.g. results.jsonl); its CSV is written beside it")
    if not table.exists():
        return
    try:
        with table.open("rb") as handle:
            first = handle.readline(4096).decode("utf-8", "replace").strip()
    except OSError as error:
        raise ResultsError(f"cannot read {table}, the CSV beside {path}: {error.strerror or error}") from None
    if first and first != ",".join(CSV_COLUMNS):
        raise ResultsError(f"{table} is not the results CSV of {path} (its first line is not the results header); "
                           f"it would be overwritten, so it is left as it is — move it or choose another --out")


def experiment_of(row: dict[str, Any]) -> tuple[str, tuple[str, ...], str]:
    """What must match for two rows to belong to the same experiment (variants aside)."""
    return (row["game"], tuple(row["seats"]), row.get("variant") or "")


def csv_path_for(path: Path) -> Path:
    """The CSV that goes with a JSONL results file."""
    return path.with_suffix(".csv")


def csv_row(row: dict[str, Any]) -> list[Any]:
    """A result as one CSV row (lists joined by ``|``, nested values as JSON)."""
    return [
        row["game"],
        row.get("variant") or "",
        row["seed"],
        "|".join(row["seats"]),
        json.dumps(row["options"], sort_keys=True),
        "|".join(f"{score:g}" for score in row["scores"]),
        "|".join(str(seat) for seat in row["winners"]),
        row["decisions"],
        row.get("rounds", ""),
        row["reason"],
        json.dumps(row.get("metrics", {}), sort_keys=True),
    ]


def write_csv(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    """(Re)write the CSV of a results file from its rows."""
    with csv_path_for(path).open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for row in rows:
            writer.writerow(csv_row(row))


class ResultsWriter:
    """Appends finished games to the JSONL file and its CSV as they arrive, flushing each line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.jsonl = path.open("a", encoding="utf-8")
        csv_file = csv_path_for(path)
        new_csv = not csv_file.exists()
        self.csv_handle = csv_file.open("a", newline="", encoding="utf-8")
        self.csv = csv.writer(self.csv_handle)
        if new_csv:
            self.csv.writerow(CSV_COLUMNS)

    def add(self, row: dict[str, Any]) -> None:
        """Write one finished game."""
        self.jsonl.write(json.dumps(row, sort_keys=True) + "\n")
        self.jsonl.flush()
        self.csv.writerow(csv_row(row))
        self.csv_handle.flush()

    def close(self) -> None:
        """Close both files."""
        self.jsonl.close()
        self.csv_handle.close()
