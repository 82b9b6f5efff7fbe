"""What the core tests share: the toy game Tap, installed from its own distribution
(examples/toy-game), and a copy of Sogni e Incubi's package to break."""

import shutil
import sys
import uuid
from pathlib import Path
from typing import Any, Iterator

import pytest

import dreamtable

SOGNI = Path(dreamtable.__file__).parent / "games" / "sogni_e_incubi"


@pytest.fixture
def tap():
    """Tap, loaded like any installed game."""
    return dreamtable.load("tap")


@pytest.fixture
def copied_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Path]]:
    """A package of its own (as another distribution would install it) whose game plays Sogni e
    Incubi and ships a copy of its web and rules folders (its tutorial included); returns (its GAME,
    its web folder) for a test to break."""
    name = f"copied_{uuid.uuid4().hex[:8]}"
    shutil.copytree(SOGNI / "web", tmp_path / name / "web")
    shutil.copytree(SOGNI / "rules", tmp_path / name / "rules")
    (tmp_path / name / "__init__.py").write_text(
        "from dreamtable.games.sogni_e_incubi import SogniEIncubi\n\n\n"
        "class Copied(SogniEIncubi):\n    pass\n\n\nGAME = Copied()\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = __import__(name)
    yield module.GAME, tmp_path / name / "web"
    for loaded in [key for key in sys.modules if key == name or key.startswith(name + ".")]:
        del sys.modules[loaded]
