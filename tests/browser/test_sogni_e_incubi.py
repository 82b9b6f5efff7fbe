"""Dream – Sogni e Incubi in Chromium: two people play a whole game against each other
by clicking on the drawn board, the end shows its reason and the scores; the table page passes the
accessibility check; the page in Italian words the prompts and the cards as the Italian rulebook.

The moves are chosen by a small fixed policy (below) from the seat's own view and legal moves as
the server sends them; with seed 170 it ends in 33 moves with a complete row, and it plays a
Dream, a Nightmare, a Rem, both Convert cards and draws on the way. Each move is then made on the
acting seat's page as a person would: a card of the hand, then a highlighted slot, or the deck.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

import dreamtable

from tests.browser.conftest import screenshot
from tests.browser.kit import check_accessibility, open_seat, table, wait_for_my_turn
from tests.server.processes import Api, ServerProcess

GAME = "sogni-e-incubi"
SEED = 170
MOVES = 33
LETTERS = "ABCD"


def choose(view: dict[str, Any], legal: list[str]) -> str:
    """A quick game's policy: fill your own row first, cover nightmares, dump Nightmares where they
    take nothing, draw only when nothing better is left."""
    seat, rows = view["seat"], view["board"]["rows"]

    def score(move: str) -> int:
        if move == "draw":
            return 1
        if move[0] == "S" and ">" not in move:
            stack = rows[seat][int(move[1]) - 1]
            return 10 if not stack or stack[-1][0] in "IC" else 6
        if move[0] == "S":
            return 7
        if move.startswith(("R", "CS")):
            return 8
        if move[0] == "I":
            stack = rows[LETTERS.index(move[-1])][int(move[1]) - 1]
            return 5 if stack[-1][0] != "S" else 2
        return 2  # CI

    return max(legal, key=lambda move: (score(move), move))


def target_of(move: str, seat: int) -> tuple[str, int, int]:
    """The card a move plays, and the row (seat) and slot it goes to."""
    if move.startswith("CI>"):
        return "CI", LETTERS.index(move[3]), int(move[4])
    if move.startswith(("CS", "R")):
        card = "CS" if move.startswith("CS") else "R"
        return card, seat, int(move[len(card):])
    card = move[:2]
    return card, LETTERS.index(move[3]) if ">" in move else seat, int(move[1])


def offered(page: Page, selector: str) -> set[str]:
    return set(page.locator(selector).evaluate_all(
        "nodes => nodes.map(n => n.dataset.card || `${n.dataset.row}:${n.dataset.slot}`)"))


def click_move(page: Page, move: str, seat: int, legal: list[str], check: bool) -> None:
    """Make the move on the board: the deck, or a card of the hand and then its slot."""
    board = page.locator("#board")
    if move == "draw":
        board.locator(".si-deck[role=button]").click()
        return
    card, row, slot = target_of(move, seat)
    if check:  # only the cards and slots of legal moves are offered
        playable = {target_of(m, seat)[0] for m in legal if m != "draw"}
        assert offered(page, "#board .si-hand-cards [role=button]") == playable
        expect(board.locator(".si-deck[role=button]")).to_have_count(1 if "draw" in legal else 0)
    board.locator(f".si-hand-cards [role=button][data-card='{card}']").first.click()
    expect(board.locator(".si-hand-cards .picked")).to_have_count(1)
    if check:
        slots = {f"{r}:{s}" for m in legal if m != "draw" for c, r, s in [target_of(m, seat)] if c == card}
        assert offered(page, "#board .si-slot.target") == slots
    board.locator(f".si-slot.target[data-row='{row}'][data-slot='{slot}']").click()


def test_two_people_play_a_whole_game_by_clicking_on_the_board(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "human"}], seed=SEED)
    pages = [open_seat(new_page(), table_id, token) for token in tokens]
    api = Api(server)
    played = []
    for step in range(MOVES + 5):
        update = api.view(table_id, tokens[0])
        if update["view"]["outcome"]:
            break
        seat = update["view"]["turn"]
        update = api.view(table_id, tokens[seat])
        move = choose(update["view"], update["legal"])
        page, other = pages[seat], pages[1 - seat]
        wait_for_my_turn(page)
        check = step % 4 == 0
        if check:  # the seat that waits is offered nothing
            expect(other.locator("#board [role=button]")).to_have_count(0)
        if step == 20:  # mid-game, a card picked: the table page's accessibility, and the screenshot
            card = target_of(move, seat)[0] if move != "draw" else None
            if card:
                page.locator(f"#board .si-hand-cards [role=button][data-card='{card}']").first.click()
                check_accessibility(page)
                screenshot(page, GAME)
                page.locator("#board .si-hand-cards .picked").click()  # put it back: nothing picked
                expect(page.locator("#board .si-slot.target")).to_have_count(0)
        click_move(page, move, seat, update["legal"], check)
        played.append(move)
        page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=step + 1)
    assert len(played) == MOVES, played
    for page in pages:
        outcome = page.locator("#outcome")
        expect(outcome).to_be_visible()
        expect(outcome).to_contain_text("Won by A")
        expect(outcome).to_contain_text("a complete row of dreams and an empty hand")
        expect(outcome.locator("tbody tr")).to_have_count(2)
        expect(outcome.locator("tbody tr").first).to_contain_text("6")  # A's six dream slots
        expect(outcome.locator("tbody tr").first).to_contain_text("6 dream slots, longest run 6, cards left in hand: 0")
        expect(page.locator("#log")).to_contain_text("A completed the row with an empty hand.")
        expect(page.locator("#board [role=button]")).to_have_count(0)
    screenshot(pages[1], f"{GAME}-over")
    # every sentence of the log, worded in the page from the catalogue, is the server's English one
    final = dreamtable.replay(api.call("GET", f"/api/tables/{table_id}/record", expect=200))
    for seat, page in enumerate(pages):
        assert page.locator("#log li").all_inner_texts() == [event["text"] for event in final.log(seat)]


def test_in_italian_the_prompt_the_cards_and_the_log_are_italian(new_page: Any, server: ServerProcess) -> None:
    table_id, tokens = table(server, GAME, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=SEED)
    page = open_seat(new_page(375, 800), table_id, tokens[0])  # a phone-sized screen
    page.select_option("#lang", "it")  # the page reloads in Italian
    expect(page.locator("#prompt")).to_have_text("Pesca una carta o giocane una dalla tua mano.")
    hand = page.locator("#board .si-hand-cards")
    expect(hand.locator("[data-card='S5']")).to_have_attribute("aria-label", re.compile("^Sogno 5 nella tua mano"))
    expect(hand.locator("[data-card='I6']")).to_have_attribute("aria-label", "Incubo 6")  # not playable now
    expect(hand.locator("[data-card='I6']")).to_contain_text("Incubo")
    expect(page.locator("#board")).to_contain_text("La tua fila")
    expect(page.locator("#board .si-deck")).to_have_attribute("aria-label", "Pesca una carta (ne restano 46)")
    hand.locator("[data-card='S5'][role=button]").focus()  # by keyboard: the card, then its slot
    page.keyboard.press("Enter")
    target = page.locator("#board .si-slot.target")
    expect(target).to_have_count(1)
    expect(target).to_have_attribute("aria-label", "Sogno 5 sulla tua posizione 5")
    expect(target).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text("A ha giocato Sogno 5 sulla propria posizione 5.")
    wait_for_my_turn(page)  # the bot moved: seeded, it turns that Dream into a Nightmare (CI>A5)
    expect(page.locator("#board [data-row='0'][data-slot='5']")).to_have_attribute(
        "aria-label", re.compile("^La tua posizione 5: Converti in Incubo"))
    expect(page.locator("#prompt")).to_have_text(re.compile("^(Pesca|Gioca) una carta"))
    # the board fits the phone's width: nothing sticks out to the side
    assert page.evaluate("(b => b.scrollWidth <= b.clientWidth)(document.getElementById('board'))")
    check_accessibility(page)
    screenshot(page, f"{GAME}-it-phone")
