"""``dreamtable serve`` and ``bench-serve`` import the server stack only when they run, so every
other command (the tests start the CLI over a hundred times) starts without fastapi and alembic."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from dreamtable.cli import serve as serve_command
from dreamtable.cli.main import app
from dreamtable.server.store import DEFAULT_DB

from .test_terminal import ENV

runner = CliRunner()


def test_starting_the_cli_does_not_import_the_server():
    code = ("import sys, dreamtable.cli.main; "
            "print(sorted(m for m in ('fastapi', 'sqlalchemy', 'alembic', 'uvicorn', 'websockets', 'dreamtable.server') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=ENV)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_serve_default_database_is_the_servers():
    assert serve_command.DEFAULT_DB == DEFAULT_DB.replace("+aiosqlite", "")
    shown = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert shown.exit_code == 0
    assert "[default: sqlite:///dreamtable.db]" in shown.stdout and "--allow-origin" in shown.stdout


def test_bench_serve_shows_its_help():
    shown = runner.invoke(app, ["bench-serve", "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert shown.exit_code == 0 and "--tables" in shown.stdout and "accepted moves a second" in shown.stdout
