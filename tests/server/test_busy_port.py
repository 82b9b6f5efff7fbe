"""`dreamtable serve` (and `make run`) on a port another server holds: a plain error that says what to
do, before any address is printed as if the server were up."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a real server process starting


def test_a_busy_port_is_said_plainly_before_any_address_is_printed(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "dreamtable.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--db", f"sqlite:///{tmp_path / 'busy.db'}", "--log-format", "text"],
            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr[-2000:]
    assert f"Error: cannot listen on 127.0.0.1:{port}" in result.stderr and "--port" in result.stderr
    assert "dreamtable server on" not in result.stdout + result.stderr
    assert "Traceback" not in result.stderr
