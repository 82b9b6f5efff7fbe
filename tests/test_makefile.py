"""The Makefile: `make run` installs the package once, and again only when
pyproject.toml changes, instead of reinstalling at every start."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def planned(folder: Path, target: str) -> str:
    """What `make -n TARGET` would run in ``folder`` (nothing is run). Under `make test` this make is a
    sub-make, which would print the folders it enters and leaves: told not to."""
    return subprocess.run(["make", "--no-print-directory", "-n", target], cwd=folder, capture_output=True, text=True,
                          check=True).stdout


def test_make_run_installs_only_when_pyproject_changes(tmp_path: Path) -> None:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").touch()
    assert "pip install" in planned(tmp_path, "run")  # never installed: install
    stamp = tmp_path / ".venv" / ".installed"
    stamp.touch()
    later = time.time() + 10
    os.utime(stamp, (later, later))
    assert "pip install" not in planned(tmp_path, "run")  # installed and unchanged: just start
    os.utime(tmp_path / "pyproject.toml", (later + 10, later + 10))
    assert "pip install" in planned(tmp_path, "run")  # dependencies changed: install again


def test_make_test_fast_leaves_out_the_slow_tests_and_needs_no_database_or_browser(tmp_path: Path) -> None:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    plan = planned(tmp_path, "test-fast")
    assert "pip install" in plan and "-e '.[test,rl,tune]'" in plan  # the same install as make test
    assert '.venv/bin/pytest -m "not slow"' in plan
    assert "postgres.sh" not in plan and "browser.sh" not in plan


def test_make_test_still_runs_every_test(tmp_path: Path) -> None:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    plan = planned(tmp_path, "test")
    assert "postgres.sh" in plan and "browser.sh" in plan
    assert plan.rstrip().endswith(".venv/bin/pytest") and "not slow" not in plan
