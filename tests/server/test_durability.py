"""SQLite's durability is chosen (``serve --durability normal|full``): each sets its sync at commit,
and anything else is refused before the server starts."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from dreamtable.cli.main import app
from dreamtable.server.store import Store

SQLITE_SYNCHRONOUS = {"normal": 1, "full": 2}  # PRAGMA synchronous answers with a number


@pytest.mark.parametrize("durability", ["normal", "full"])
def test_each_durability_sets_sqlites_sync_for_writes_and_reads(tmp_path, durability):
    store = Store(f"sqlite:///{tmp_path}/d.db", durability)  # type: ignore[arg-type]

    async def both() -> tuple[int, int]:
        await store.migrate()
        assert store.writer is not None
        with store.writer.connect() as connection:
            written = connection.execute(text("PRAGMA synchronous")).scalar_one()
        async with store.engine.connect() as connection:
            read = (await connection.execute(text("PRAGMA synchronous"))).scalar_one()
        await store.close()
        return written, read

    assert asyncio.run(both()) == (SQLITE_SYNCHRONOUS[durability],) * 2


def test_an_unknown_durability_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="normal, full"):
        Store("sqlite:///unused.db", "sometimes")  # type: ignore[arg-type]
    refused = CliRunner().invoke(app, ["serve", "--durability", "sometimes"])
    assert refused.exit_code == 2 and "normal" in refused.output and "full" in refused.output
