"""Drawing the Dreamwell board in a terminal: a 4×4 grid of tiles with doors, creature, terrain
and pawns, plus the display, hands and played cards."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.contract import seat_name
from ...core.sentences import plural
from ..terminal_text import Criterion, ending, key_line, ranking_reason, recent_events
from ...core.words import Words
from .components import CARD_INDEX, FRIEND_CARDS, FRIENDS, ITEM_NAME_OF, TERRAINS, item_name
from .notation import DISCARD, DRAW, END, ENTER, FLIP, MOVE, MOVETO, PLAY, REFRESH, ROTATE, SKIP, STOP, TAKE, WellMove, cell_name

KEY = "arrows: doors · A1 A's pawn 1 · ◆ black side · ♥ points · PER for each card played · IF only if · WILD counts as any friend"
LEGEND = """Dreamwell — the board (north up)
  a tile        its cell (a1–d4), its creature, its terrain; the arrows at its edges and corners are its doors
  A1 B2         player A's pawn 1, player B's pawn 2
  ◆             the tile shows its black side (advanced game)
A friend card: W12 Orbit: needs Cosmo+Umibozu on Blue Water; ♥ 1 PER Astra; located Pink Space
  needs X+Y on T     X under one of your pawns and Y under the other, terrain T under either
  ♥ 3                3 points at the end of the game
  ♥ 1 PER Astra      1 point for each Astra card you have played, this one included
  ♥ 1+1 PER PS       1 point, plus 1 for each card you have played whose terrain is PS
                     (PS Pink Space, BW Blue Water, BS Black Sky, GC Green Cave)
  ♥ 7 IF 4×Orbit     7 points if you have played at least 4 Orbit cards, else nothing
  ♥ 2 PER Ace+Ion    2 points for each pair of an Ace and an Ion card you have played
  ♥ 1 WILD           1 point, and at the end it counts as one more friend and terrain of your choice
                     (the choice that scores best for you is made for you)
The ability, when you play the card ('skip' declines it):
  move to X          put one of your pawns on a tile showing X
  flip any X         flip a tile showing X
  draw / move / rotate action   one more action of that kind, free, now
  located X          your next card does not need X: it counts as found
  each turn a free rotate (or flip)   on each of your turns, until you play your next card
More: docs/rules/dreamwell.md."""


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return LEGEND


TERRAIN_STYLE = {"PS": "magenta", "BW": "blue", "BS": "white on grey15", "GC": "green"}
ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}


def _cell(cell: dict[str, Any]) -> Text:
    doors = cell["doors"]
    top = "".join(ARROWS[d] if d in doors else " " for d in ("NW", "N", "NE"))
    middle = (ARROWS["W"] if "W" in doors else " ") + " " + (ARROWS["E"] if "E" in doors else " ")
    bottom = "".join(ARROWS[d] if d in doors else " " for d in ("SW", "S", "SE"))
    text = Text(f"{top}  {cell['cell']}\n", style="bold")
    text.append(f"{middle} {ITEM_NAME_OF[cell['creature']]}\n")
    text.append(f"    {ITEM_NAME_OF[cell['terrain']]}\n", style=TERRAIN_STYLE.get(cell["terrain"], ""))
    pawns = " ".join(f"{seat_name(pawn['seat'])}{pawn['pawn']}" for pawn in cell["pawns"])
    text.append(f"{bottom} {pawns}", style="bold yellow")
    if cell["face"] == "black":
        text.append(" ◆", style="dim")
    return text


def card_text(card_id: str, with_id: bool = True) -> str:
    """A friend card in one line: id (unless ``with_id`` is false), friend, requirements, points, ability."""
    card = FRIEND_CARDS[CARD_INDEX[card_id]]
    kind, *values = card.score
    points = {"heart": f"{values[0]}", "wild": f"{values[0]} WILD", "per_friend": f"{values[0]} PER {FRIENDS[values[1]]}" if kind == "per_friend" else "",
              "plus_per_terrain": f"{values[0]}+{values[1]} PER {TERRAINS[values[2]]}" if kind == "plus_per_terrain" else "",
              "if_count": f"{values[0]} IF {values[1]}×{FRIENDS[values[2]]}" if kind == "if_count" else "",
              "per_set": f"{values[0]} PER {FRIENDS[values[1]]}+{FRIENDS[values[2]]}" if kind == "per_set" else ""}[kind]
    ability, target = card.ability
    ability_text = ability.replace("_", " ") + (f" {item_name(target)}" if ability in ("located", "move_to", "flip_any") else "")
    if ability == "each_turn_free":
        ability_text = f"each turn a free {('rotate', 'flip')[target]}"
    needs = f"{item_name(card.creatures[0])}+{item_name(card.creatures[1])} on {item_name(8 + card.terrain)}"
    return f"{card.id + ' ' if with_id else ''}{FRIENDS[card.friend]}: needs {needs}; ♥ {points}; {ability_text}"


def render(view: dict[str, Any], words: Words) -> RenderableType:
    """The board (north up), then the cards, scores and the last events (``view`` is the envelope)."""
    board = view["board"]
    grid = Table(show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(4):
        grid.add_column(min_width=16)
    cells = board["cells"]
    for row in range(3, -1, -1):
        grid.add_row(*[_cell(cells[row * 4 + column]) for column in range(4)])
    parts: list[RenderableType] = [grid, key_line(KEY, words)]
    off = [f"{seat_name(s)}{p + 1}" for s, pawns in enumerate(board["pawns"]) for p, cell in enumerate(pawns) if cell is None]
    parts.append(Text(f"Off the board: {' '.join(off) or 'none'} · deck {board['deck']} · mode {board['mode']} · "
                      f"the game ends after a round with {board['threshold']} cards played"))
    parts.append(Text("Display: " + "  |  ".join(card_text(c) if c else "—" for c in board["display"])))
    for seat in range(view["players"]):
        line = Text(f"{seat_name(seat)}{' (you)' if seat == view['seat'] else ''}: {plural(board['scores'][seat], 'point')}, "
                    f"played {' '.join(board['played'][seat]) or 'nothing'}, hand {plural(board['hands'][seat]['size'], 'card')}",
                    style="bold" if seat in view["actors"] else "")
        if seat in view["actors"]:
            line.append(f"  ◀ {board['actions_left']} action(s) left" + (f", a free {board['free_action']}" if board["free_action"] else ""), style="yellow")
        parts.append(line)
        if board["hands"][seat]["cards"]:
            for card in board["hands"][seat]["cards"]:
                parts.append(Text("   " + card_text(card)))
    parts.append(recent_events(view, words))
    if view.get("outcome"):
        parts.append(explain_end(view, words))
    return Group(*parts)


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details``: points, then friend types, then shared (DW-R20, DW-R21)."""
    outcome = view["outcome"]
    details = outcome["details"]
    how = f"a player has played {view['board']['threshold']} cards and the round is over"
    why = ranking_reason(view["players"], outcome["winners"], [
        Criterion("points", [d["points"] for d in details]),
        Criterion("the number of different friends played", [d["friend_types"] for d in details]),
    ], words)
    return ending(view, how, why, words)


def describe(view: dict[str, Any], move: WellMove, words: Words) -> str:
    """An action in words (the same for every view: Dreamwell's moves name everything they touch)."""
    kind = move.kind
    if kind == MOVE:
        return f"move pawn {move.a + 1} through the door to the {str(move).split()[-1]}"
    if kind == ENTER:
        return f"bring pawn {move.a + 1} onto {cell_name(move.b)}"
    if kind == MOVETO:
        return f"MOVE TO: pawn {move.a + 1} to {cell_name(move.b)}"
    if kind in (PLAY, TAKE, DISCARD):
        return card_text(FRIEND_CARDS[move.a].id, with_id=False)  # the notation names the card and the verb
    if kind == ROTATE:
        return f"turn tile {cell_name(move.a)} by {90 * move.b}° clockwise"
    if kind == FLIP:
        return f"flip tile {cell_name(move.a)} (doors stay)"
    if kind == DRAW:
        return f"draw the top card of the deck ({view['board']['deck']} left)"
    if kind == REFRESH:
        return "put the display under the deck and lay out four new cards"
    return {STOP: "stop moving this pawn", SKIP: "do not use the ability", END: "end your turn"}.get(kind, str(move))
