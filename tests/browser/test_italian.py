"""Every game's table page read in Italian: after some moves, nothing the page shows in its prompt,
players' bar, board (text, legends, labels), forms, log, move list or outcome is left in English.
"English" here is the English catalogue's own wording — each literal part of an English template whose Italian
differs — so a key missing in Italian (the page falls back to English) or a sentence the page words
without the catalogue is caught; names and words the players type are not catalogue text."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

import dreamtable
from dreamtable.core.game_package import Template
from dreamtable.core.game_package import catalogue as game_catalogue
from tests.browser.kit import open_seat, table
from tests.server.processes import Api, ServerProcess

ROOT = Path(__file__).parents[2]
COMMON = Path(dreamtable.__file__).parent / "core" / "i18n"
TAP = ROOT / "examples" / "toy-game" / "src" / "dreamtable_tap" / "web" / "i18n"
FIELD = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*(?::[a-zA-Z-]+)?\}")

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "bot": "random"}
GAMES: dict[str, dict[str, Any]] = {
    "sogni-e-incubi": {"seats": [HUMAN, RANDOM]},
    "deep-dreams": {"seats": [HUMAN, RANDOM]},
    "dreamwell": {"seats": [HUMAN, RANDOM]},
    "dream-cycle": {"seats": [HUMAN, RANDOM], "options": {"first_player": "A"}},
    "when-i-dream": {"seats": [HUMAN, *[{"kind": "bot", "bot": "wordbot"}] * 3],
                     "options": {"night_seconds": 20, "final_guess_seconds": 10, "recount_seconds": 10,
                                 "review_seconds": 10}},
    "tap": {"seats": [HUMAN, RANDOM], "options": {"turns": 6}},
}
MOVES = 24
SECONDS = 25.0

# What the page shows where it words the game: the prompt, the players' bar, the board (its text,
# its legends as title attributes or SVG titles, its labels), the forms, the log, the move list and the outcome.
SHOWN = """() => {
  const parts = [];
  for (const selector of ["#prompt", "#timers", "#players", "#board", "#forms", "#log", "#legal", "#outcome"]) {
    const root = document.querySelector(selector);
    if (!root) continue;
    parts.push(root.innerText, root.textContent);
    for (const node of root.querySelectorAll("[title], [aria-label]")) {
      parts.push(node.getAttribute("title") || "", node.getAttribute("aria-label") || "");
    }
    for (const title of root.querySelectorAll("title")) parts.push(title.textContent);
  }
  return parts.join("\\n");
}"""


def words(lang: str, name: str) -> dict[str, Template]:
    if name == "common":
        found: dict[str, Template] = json.loads((COMMON / lang / "common.json").read_text(encoding="utf-8"))
        return found
    if name == "tap":
        tap: dict[str, Template] = json.loads((TAP / f"{lang}.json").read_text(encoding="utf-8"))
        return tap
    return game_catalogue(dreamtable.load(name), lang)


def forms(template: Template) -> list[str]:
    return [template] if isinstance(template, str) else list(template.values())


def english_fragments(game: str) -> set[str]:
    """The literal parts of the English templates whose Italian differs, long enough to be words of
    a sentence (two words or more, ten letters or more) and not also part of an Italian template."""
    italian_text = "\n".join(text for name in ("common", game) for value in words("it", name).values()
                             for text in forms(value))
    found = set()
    for name in ("common", game):
        english, italian = words("en", name), words("it", name)
        for key, value in english.items():
            if italian.get(key) == value:
                continue
            for text in forms(value):
                for part in FIELD.split(text):
                    part = part.strip(" .,:;()–-—“”'\"")
                    if len(part) >= 10 and " " in part and part not in italian_text:
                        found.add(part)
    return found


def play_a_while(server: ServerProcess, table_id: str, token: str, seed: int) -> int:
    """Seat A plays random legal moves (the bots answer) for a while; how many it played."""
    api, rng, played = Api(server), random.Random(seed), 0
    deadline = time.monotonic() + SECONDS
    while played < MOVES and time.monotonic() < deadline:
        view = api.view(table_id, token)
        if (view.get("view") or {}).get("outcome"):
            break
        if not view["legal"]:
            time.sleep(0.1)
            continue
        move = rng.choice(sorted(view["legal"]))
        answer = api.response("POST", f"/api/tables/{table_id}/moves", token, json={"move": move, "seq": view["seq"]})
        played += answer.status_code == 200
    return played


def test_the_english_fragments_are_the_english_only_wording() -> None:
    fragments = english_fragments("deep-dreams")
    assert "could not draw: no cards are left" in fragments  # event.no-draw, a literal part of its template
    assert "Deep Sleep: take an extra turn after this one, or skip" in fragments  # a template without fields
    assert "When I Dream: round" not in english_fragments("when-i-dream")  # the Italian template keeps it


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_page_in_italian_shows_no_english_catalogue_text(new_page: Any, server: ServerProcess,
                                                                      game: str) -> None:
    setup = GAMES[game]
    table_id, tokens = table(server, game, setup["seats"], seed=5, options=setup.get("options"))
    token = tokens[0]
    assert token is not None
    page: Page = new_page()
    page.context.add_init_script("localStorage.setItem('dreamtable.lang', 'it')")  # chosen in the header before
    open_seat(page, table_id, token)
    assert page.evaluate("document.documentElement.lang") == "it"
    played = play_a_while(server, table_id, token, seed=5)
    assert played > 0, f"{game}: seat A was never asked to move"
    page.wait_for_function("n => document.querySelectorAll('#log li').length >= n", arg=played)
    page.wait_for_timeout(500)  # the last update drawn
    shown = page.evaluate(SHOWN)
    assert "Cosa è successo" in page.locator("#log-h").inner_text()
    left = sorted(part for part in english_fragments(game) if part in shown)
    assert left == [], f"{game}: English catalogue text on the Italian page: {left}"


def test_a_count_picks_its_plural_form_and_a_number_is_written_the_reader_s_way(page: Page) -> None:
    """static/js/i18n.js: plural forms by Intl.PluralRules (the count — the field the "one" form leaves
    out — chooses, never a seat number nor another number before it), numbers by Intl.NumberFormat."""
    page.goto("/")
    shown = page.evaluate("""async () => {
      const { Words } = await import("/static/js/i18n.js");
      const italian = new Words("it", null, {}), english = new Words("en", null, {});
      const cards = { one: "1 carta", other: "{count} carte" };
      const held = { one: "{seat:seat} ha 1 carta", other: "{seat:seat} ha {count} carte" };
      const supply = { one: "{chi} chi, 1 tessera", other: "{chi} chi, {tiles} tessere" };
      return [...[0, 1, 2].map((count) => italian.fill(cards, { count })),
        italian.fill(held, { seat: 1, count: 1 }), italian.fill(held, { seat: 1, count: 3 }),
        italian.fill(supply, { chi: 1, tiles: 3 }), italian.fill(supply, { chi: 5, tiles: 1 }),
        italian.fill("{n} chi", { n: 12345.5 }), english.fill("{n} chi", { n: 12345.5 }), italian.fill("{n}", { n: "12345" })];
    }""")
    assert shown == ["0 carte", "1 carta", "2 carte", "B ha 1 carta", "B ha 3 carte", "1 chi, 3 tessere", "5 chi, 1 tessera",
                     "12.345,5 chi", "12,345.5 chi", "12345"]
