"""The README's examples are run, so they cannot rot."""

import re
from pathlib import Path

import pytest

README = Path(__file__).parents[1] / "README.md"


def test_readme_starts_with_make_run_and_make_test():
    first_block = README.read_text().split("```")[1]
    assert "make run" in first_block and "make test" in first_block


@pytest.mark.slow
def test_readme_python_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
