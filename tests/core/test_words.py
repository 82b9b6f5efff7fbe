"""One template syntax: the terminal (core/words.py) and the pages (static/js/i18n.js) fill the same
cases (tests/data/template_cases.json) into the same words, in English and in Italian."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import dreamtable
from dreamtable.core.table_language import TABLE_LANGUAGES
from dreamtable.core.words import LANGUAGES, Words, language_of_environment

CASES = json.loads((Path(__file__).parents[1] / "data" / "template_cases.json").read_text(encoding="utf-8"))
I18N_JS = Path(dreamtable.__file__).parent / "server" / "static" / "js" / "i18n.js"

RUN_IN_NODE = """
import { readFileSync } from "node:fs";
import { Words } from "./i18n.mjs";
const { catalogues, cases } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const said = cases.map((c) => {
  const words = new Words(c.lang, "game", catalogues);
  return c.message ? words.message(c.message, c.fields || {}) : words.t(c.key, c.fields);
});
console.log(JSON.stringify(said));
"""


def python_words(case: dict[str, Any]) -> str:
    words = Words(case["lang"], "game", CASES["catalogues"])
    if "message" in case:
        return words.message(case["message"], case.get("fields"))
    return words.t(case["key"], case["fields"])


def case_id(case: dict[str, Any]) -> str:
    return f"{case['lang']}-{case.get('key') or case['message']['key']}-{case['expect'][:30]}"


@pytest.mark.parametrize("case", CASES["cases"], ids=case_id)
def test_python_fills_each_template_case_as_written(case: dict[str, Any]) -> None:
    assert python_words(case) == case["expect"]


@pytest.mark.slow  # Node comes with .ci/browser.sh (npm), which make test runs and make test-fast does not
def test_the_page_fills_every_template_case_as_the_terminal_does(tmp_path: Path) -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    assert node is not None, "the page's template cases run in Node: install Debian's nodejs (.ci/browser.sh does)"
    shutil.copy(I18N_JS, tmp_path / "i18n.mjs")
    (tmp_path / "run.mjs").write_text(RUN_IN_NODE, encoding="utf-8")
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(CASES), encoding="utf-8")
    done = subprocess.run([node, str(tmp_path / "run.mjs"), str(cases)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    wrong = [(case_id(case), got, case["expect"]) for case, got in zip(CASES["cases"], said) if got != case["expect"]]
    assert wrong == []


def test_a_game_s_words_fall_back_to_english_key_by_key() -> None:
    game = dreamtable.load("sogni-e-incubi")
    italian, english = Words.of("it", game), Words.of("en", game)
    assert italian.t("event.draw.hidden", {"actor": 1}) != english.t("event.draw.hidden", {"actor": 1})
    assert italian.t("common.prompt.waiting-for", {"seat": 2}).endswith("C.")
    assert english.t("prompt.your-move") == "Your move."  # a common key found from a game's words


def test_only_the_languages_spoken_are_taken() -> None:
    assert set(TABLE_LANGUAGES) == set(LANGUAGES)  # a table speaks what its readers may read
    with pytest.raises(ValueError, match="en, it, not 'fr'"):
        Words.of("fr")


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "it_IT.UTF-8"}, "it"), ({"LANG": "en_GB.UTF-8"}, "en"), ({"LC_ALL": "it_CH", "LANG": "en_US"}, "it"),
    ({"LC_ALL": "", "LC_MESSAGES": "C", "LANG": "it_IT"}, "en"),
])
def test_the_terminal_s_language_follows_the_locale(environ: dict[str, str], language: str) -> None:
    assert language_of_environment(environ) == language
