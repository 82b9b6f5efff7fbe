"""What a working copy produces and git must not pick up: the server's database files."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ["dreamtable.db", "dreamtable.db-wal", "dreamtable.db-shm", "dreamtable.db-journal"])
def test_the_embedded_database_of_make_run_is_ignored_by_git(name: str) -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("this test reads .gitignore through git: run it in a git checkout with git installed")
    found = subprocess.run(["git", "check-ignore", "--no-index", "-q", name], cwd=ROOT)
    assert found.returncode == 0, f"{name} is not ignored by .gitignore"
