"""Dreamwell in Chromium: a whole turn played by clicking on the drawn board (a tile
turned, a card drawn, a pawn brought on and moved through a door, the turn ended), checked in the
log and on the board; a card played and its ability used by clicking; nothing illegal offered; the
accessibility check; the phone-sized page. The module's card table and words are checked against
the game's data and the English catalogue without a browser."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

import dreamtable
from dreamtable.games.dreamwell.components import CARD_INDEX, FRIEND_CARDS, FRIENDS, ITEM_CODES, TERRAINS, item_name
from tests.games.dreamwell.test_events_and_view import card_words
from tests.browser.conftest import screenshot
from tests.browser.kit import check_accessibility, double_click, open_seat, table, wait_for_my_turn
from tests.server.processes import Api, ServerProcess

COMMON = Path(dreamtable.__file__).parent / "core" / "i18n"
MODULE = Path(dreamtable.__file__).parent / "games" / "dreamwell" / "web" / "board.js"
CATALOGUE = Path(dreamtable.__file__).parent / "games" / "dreamwell" / "web" / "i18n" / "en.json"
STEP = {"N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1), "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1)}
DIRS = list(STEP)
SEED = 11


def neighbour(cell: str, direction: str) -> str | None:
    column, row = "abcd".index(cell[0]) + STEP[direction][0], int(cell[1]) - 1 + STEP[direction][1]
    return "abcd"[column] + str(row + 1) if 0 <= column < 4 and 0 <= row < 4 else None


def turned(doors: list[str], quarter_turns: int) -> list[str]:
    return sorted(DIRS[(DIRS.index(d) + 2 * quarter_turns) % 8] for d in doors)


def tile_doors(page: Page, cell: str) -> list[str]:
    """The doors the drawn tile names in its label (what a screen reader hears)."""
    label = page.locator(f'#board [data-cell="{cell}"]').get_attribute("aria-label") or ""
    found = re.search(r"doors: ([A-Z, ]+)", label)
    return sorted(found.group(1).split(", ")) if found else []


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def wait_for_log(page: Page, text: str) -> None:
    page.wait_for_function("(text) => [...document.querySelectorAll('#log li')].some((li) => li.textContent === text)", arg=text)


def legal(server: ServerProcess, table_id: str, token: str | None) -> tuple[list[str], dict[str, Any]]:
    update = Api(server).view(table_id, token)
    return list(update["legal"]), update["view"]


# -- a whole turn, clicked ------------------------------------------------------------------------

def test_a_double_click_on_the_deck_draws_one_card_at_every_speed(page: Page, server: ServerProcess) -> None:
    """One move per intent: the server answers in ~40 ms, so the second click of a double click met
    the next board's deck and drew again (actions 3 → 1). Two clicks 40, 120 and 250 ms apart, and a
    browser double click, each draw one card. (A hand holds 4 cards: each seat tries two of them.)"""
    table_id, tokens = table(server, "dreamwell", [{"kind": "human"}, {"kind": "human"}], seed=SEED,
                             options={"first_player": "A"})
    api = Api(server)
    seats = [open_seat(page, table_id, tokens[0]), open_seat(page.context.new_page(), table_id, tokens[1])]

    def draws() -> int:  # the draws the log tells A of (its own and B's)
        return seats[0].locator("#log li").filter(has_text=re.compile(r"^[AB] drew")).count()

    def draw_twice(seat: int, gap: int | None) -> None:
        wait_for_my_turn(seats[seat])
        before = draws()
        double_click(seats[seat], seats[seat].locator('#board [data-key="deck"]'), gap)
        seats[seat].wait_for_timeout(500)  # time for a second move to arrive, had one been sent
        assert draws() == before + 1, f"two clicks {gap} ms apart drew {draws() - before} cards"

    draw_twice(0, 40)
    draw_twice(0, 120)
    view = api.view(table_id, tokens[0])
    api.call("POST", f"/api/tables/{table_id}/moves", tokens[0], expect=200, json={"move": "refresh", "seq": view["seq"]})
    draw_twice(1, 250)
    draw_twice(1, None)


def test_a_whole_turn_is_played_by_clicking_the_board(page: Page, server: ServerProcess) -> None:
    table_id, tokens = table(server, "dreamwell", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=SEED,
                             options={"first_player": "A"})
    open_seat(page, table_id, tokens[0])
    wait_for_my_turn(page)
    moves, view = legal(server, table_id, tokens[0])
    cells = {cell["cell"]: cell for cell in view["board"]["cells"]}
    # the edge tile to enter on: one with a door off the board, so the pawn may keep moving
    entry = next(c for c in sorted(cells) if any(neighbour(c, d) is None for d in cells[c]["doors"]))
    turn_me = next(c for c in cells if c != entry)

    # nothing illegal is offered: every tile may be turned (all empty), no pawn is on the board so no
    # arrow is drawn, a card of the hand is offered only if it can be played (none can yet)
    expect(page.locator("#board .dw-tile.pickable")).to_have_count(16)
    expect(page.locator("#board .dw-arrow")).to_have_count(0)
    expect(page.locator("#board .dw-hand .dw-card[role=button]")).to_have_count(0)
    expect(page.locator("#board .dw-display .dw-card[role=button]")).to_have_count(4)
    expect(page.locator("#board .dw-off-pawn[role=button]")).to_have_count(2)  # A's two pawns, never B's

    # 1. turn a tile by a quarter: the tile offers its three turns, drawn with their doors
    before = tile_doors(page, turn_me)
    page.locator(f'#board [data-cell="{turn_me}"]').click()
    expect(page.locator("#board .dw-panel .dw-option")).to_have_count(3 + sum(m == f"flip {turn_me}" for m in moves))
    page.locator('#board [data-key="rotate-90"]').click()
    wait_for_log(page, f"A rotated {turn_me} by 90°.")
    assert tile_doors(page, turn_me) == turned(before, 1)

    # 2. draw from the deck
    hand = page.locator("#board .dw-hand .dw-card").count()
    page.locator('#board [data-key="deck"]').click()
    page.wait_for_function("() => [...document.querySelectorAll('#log li')].some((li) => /^A drew [^.]+ \\(.+, .+, .+\\)\\.$/.test(li.textContent))")
    expect(page.locator("#board .dw-hand .dw-card")).to_have_count(hand + 1)

    # 3. bring pawn 1 onto an edge tile: choosing it marks the twelve edge tiles, and only those
    page.locator('#board [data-key="pawn-1"]').click()
    expect(page.locator("#board .dw-tile.target")).to_have_count(12)
    for inner in ("b2", "b3", "c2", "c3"):
        expect(page.locator(f'#board [data-cell="{inner}"]')).not_to_have_class(re.compile(r"\btarget\b"))
    page.locator(f'#board [data-cell="{entry}"]').click()
    wait_for_log(page, f"A brought pawn 1 onto {entry}.")
    expect(page.locator("#prompt")).to_have_text(re.compile(r"^Pawn 1 may keep moving for free, or stop\. .*You may end your turn\.$"))
    expect(page.locator(f'#board [data-cell="{entry}"]')).to_have_attribute("aria-label", re.compile("pawns: A1"))
    # the pawn may carry on for free: one arrow per door of its tile, no more
    moves, view = legal(server, table_id, tokens[0])
    doors = sorted(m.split()[2] for m in moves if m.startswith("move 1 "))
    expect(page.locator("#board .dw-arrow")).to_have_count(len(doors))
    assert sorted(page.locator("#board .dw-arrow").evaluate_all("(nodes) => nodes.map((n) => n.dataset.key.slice(6))")) == doors
    check_accessibility(page)  # mid-turn: a chosen pawn, its arrows, the turn's buttons
    screenshot(page, "dreamwell")

    # 4. end the turn: B (a bot) plays at once and the turn comes back to A
    page.locator('#board [data-key="end"]').click()
    expect(page.locator("#prompt")).to_have_text("Take an action: 3 of 3 left.", timeout=20_000)
    lines = log_lines(page)
    assert any(line.startswith("B ") or line.startswith("B's ") for line in lines), lines
    expect(page.locator(f'#board [data-cell="{entry}"]')).to_have_attribute("aria-label", re.compile(r"pawns: .*A1"))
    # the log says what the server says, word for word
    _, view = legal(server, table_id, tokens[0])
    assert lines[-len(view["events"]):] == [event["text"] for event in view["events"]]


def test_the_end_of_the_game_is_worded_as_the_game_words_it_one_point_or_many(page: Page) -> None:
    game = dreamtable.load("dreamwell")
    events = [{"kind": "game-over", "actor": None, "winners": winners, "points": points}
              for winners, points in (([0], 1), ([0, 1], 1), ([1], 14))]
    events = [{**event, "message": game.message(event)} for event in events]  # as State.log sends them
    page.goto("/")
    worded = page.evaluate("""async (events) => {
        const { Words } = await import("/static/js/i18n.js");
        const { sentence } = await import("/static/js/envelope.js");
        const module = await import("/games/dreamwell/board.js");
        const words = await Words.load("en", "dreamwell");
        return events.map((event) => sentence(event, words));
    }""", events)
    assert worded == [game.sentence(event) for event in events] == [
        "Game over: A won with 1 point.", "Game over: A and B won with 1 point.", "Game over: B won with 14 points."]


# -- a card played, its ability used ----------------------------------------------------------------

def test_a_card_is_played_and_its_move_to_used_by_clicking(page: Page, server: ServerProcess) -> None:
    """Both seats are people; the moves before the card are sent through the API."""
    table_id, tokens = table(server, "dreamwell", [{"kind": "human"}, {"kind": "human"}], seed=SEED,
                             options={"first_player": "A"})
    api = Api(server)
    played = reach_a_playable_move_to(api, table_id, tokens)
    open_seat(page, table_id, tokens[0])
    wait_for_my_turn(page)
    card = played["card"]
    # only the playable card is offered; the chosen card says what it needs and what it does
    page.locator(f'#board [data-key="card-{card}"]').click()
    expect(page.locator("#board .dw-panel")).to_contain_text("MOVE TO")
    # DW-R15: the requirement says the two creatures stand under the player's two pawns, one each
    friend = FRIEND_CARDS[CARD_INDEX[card]]
    first, second = (item_name(item) for item in friend.creatures)
    expect(page.locator("#board .dw-panel")).to_contain_text(
        f"needs {first} under one of your pawns and {second} under the other")
    expect(page.locator("#board .dw-tile .dw-needed").first).to_be_visible()
    page.locator('#board [data-key="play"]').click()
    wait_for_log(page, f"A played {card_words(card)}: MOVE TO {played['target_name']}.")
    # the pile of played cards names the card by its friend and needs, never by its code
    played_pile = page.locator("#board .dw-seats .dw-played-card").first
    expect(played_pile).to_have_text(card_words(card))
    expect(page.locator("#board")).not_to_contain_text(card)
    expect(page.locator("#prompt")).to_contain_text(f"MOVE TO {played['target_name']}: put a pawn on a tile showing it, or skip.")
    moves, _ = legal(server, table_id, tokens[0])
    pawn = next(m for m in moves if m.startswith("moveto ")).split()[1]
    targets = sorted(m.split()[2] for m in moves if m.startswith(f"moveto {pawn} "))
    page.locator(f'#board [data-key="pawn-{pawn}"]').click()
    expect(page.locator("#board .dw-tile.target")).to_have_count(len(targets))
    page.locator(f'#board [data-cell="{targets[0]}"]').click()
    wait_for_log(page, f"A moves pawn {pawn} to {targets[0]}.")
    expect(page.locator(f'#board [data-cell="{targets[0]}"]')).to_have_attribute("aria-label", re.compile(f"pawns: .*A{pawn}"))


# Moves (seat, notation) from the start of seed 11 (A first) to a turn where A may play W48 (MOVE TO
# Skullflower) with pawns that can use it; found by random play with the game engine.
BEFORE_THE_CARD = [
    (0, "rotate d3 90"), (0, "rotate c3 270"), (0, "draw"), (1, "enter 2 a2"), (1, "rotate b1 180"),
    (1, "rotate a3 270"), (0, "enter 1 d1"), (0, "draw"), (0, "rotate a4 270"), (1, "enter 1 b1"), (1, "draw"),
    (1, "rotate b1 90"), (0, "enter 2 d3"), (0, "draw"),
]


def reach_a_playable_move_to(api: Api, table_id: str, tokens: list[str | None]) -> dict[str, Any]:
    """Play BEFORE_THE_CARD through the API, for both seats; A may then play W48."""
    for seat, move in BEFORE_THE_CARD:
        seq = api.view(table_id, tokens[seat])["seq"]
        api.call("POST", f"/api/tables/{table_id}/moves", token=tokens[seat], expect=200, json={"move": move, "seq": seq})
    assert "play W48" in api.view(table_id, tokens[0])["legal"], "the rules changed: find new moves up to a MOVE TO card"
    return {"card": "W48", "target_name": "Skullflower"}


# -- the page on a phone ------------------------------------------------------------------------

def test_the_board_fits_a_phone_and_passes_the_accessibility_check(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = table(server, "dreamwell", [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
                             seed=SEED + 1, options={"mode": "advanced"})
    page = new_page(375, 800)
    open_seat(page, table_id, tokens[0])
    wait_for_my_turn(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 375, f"the page is {width} px wide on a 375 px screen"
    box = page.locator("#board .dw-board").bounding_box()
    assert box is not None and box["width"] >= 300
    # a tile is chosen by keyboard: Enter on the focused tile opens its turns
    tile = page.locator("#board .dw-tile.pickable").first
    tile.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board .dw-panel")).to_be_visible()
    expect(page.locator("#board .dw-tile.picked")).to_be_focused()
    check_accessibility(page)
    screenshot(page, "dreamwell-phone")


# -- without a browser: the module's data and words ----------------------------------------------------

def test_the_module_draws_every_friend_card_as_the_game_knows_it_and_keeps_no_copy() -> None:
    """The page data (games/dreamwell/web_data.py) checked against the cards, worked out here another way."""
    assert '"W01"' not in MODULE.read_text(encoding="utf-8")  # the module fetches the cards
    cards: dict[str, list[Any]] = dreamtable.load("dreamwell").page_data()["cards"]
    assert list(cards) == [card.id for card in FRIEND_CARDS]
    for card in FRIEND_CARDS:
        friend, first, second, terrain, score, ability = cards[card.id]
        assert (friend, first, second, terrain) == (FRIENDS[card.friend], ITEM_CODES[card.creatures[0]],
                                                    ITEM_CODES[card.creatures[1]], TERRAINS[card.terrain]), card.id
        kind, *values = card.score
        names = [FRIENDS[v] if kind in ("per_friend", "if_count", "per_set") and i >= (2 if kind == "if_count" else 1)
                 else TERRAINS[v] if kind == "plus_per_terrain" and i == 2 else v for i, v in enumerate(values)]
        assert score == [kind, *names], card.id
        ability_kind, target = card.ability
        expected = (ITEM_CODES[target] if ability_kind in ("located", "move_to", "flip_any")
                    else ("rotate", "flip")[target] if ability_kind == "each_turn_free" else None)
        assert ability == [ability_kind, expected], card.id


def test_every_word_the_module_uses_is_in_the_english_catalogue() -> None:
    text = MODULE.read_text(encoding="utf-8")
    catalogue = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    common = json.loads((COMMON / "en" / "common.json").read_text(encoding="utf-8"))
    keys = set(re.findall(r'words\.t\("([a-z][\w.-]*)"', text))
    assert keys, "no words found"
    missing = [key for key in keys if key not in catalogue and not (key.startswith("common.") and key[7:] in common)]
    assert not missing, f"en/dreamwell.json lacks {missing}"
    # the keys built from data: every item, ability, score kind, direction and free action
    built = [f"item.{code}" for code in ITEM_CODES]
    built += [f"ability.{kind}" for kind in ("located", "move_to", "flip_any", "draw_action", "move_action", "rotate_action")]
    built += [f"ability.each_turn_free.{a}" for a in ("rotate", "flip")]
    built += [f"{p}.{kind}" for p in ("score", "score-help") for kind in ("heart", "wild", "per_friend", "plus_per_terrain", "if_count", "per_set")]
    built += [f"dir.{d}" for d in DIRS] + ["free.rotate", "free.flip"]
    built += [f"move.{verb}" for verb in ("draw", "take", "refresh", "rotate", "flip", "play", "move", "leave", "enter",
                                          "moveto", "stop", "skip", "end", "discard")]
    assert [key for key in built if key not in catalogue] == []
