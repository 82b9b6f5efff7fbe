"""Drawing the Dreamwell board in a terminal: a 4×4 grid of tiles with doors, creature, terrain
and pawns, plus the display, hands and played cards.

Every word comes from the game's catalogues in the reader's language (``terminal.*``, and the page's
own ``item.*``, ``ability.*`` and ``move.moveto`` where they say the same); the cards are the page's
data (:mod:`.web_data`), named as :mod:`.wording` names them."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.contract import seat_name
from ...core.words import Words
from ..terminal_text import Criterion, ending, key_line, ranking_reason, recent_events
from .notation import DISCARD, DRAW, END, ENTER, FLIP, MOVE, MOVETO, PLAY, REFRESH, ROTATE, SKIP, STOP, TAKE, WellMove, cell_name
from .components import FRIEND_CARDS
from .wording import ability, card_data


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return words.t("terminal.legend")


TERRAIN_STYLE = {"PS": "magenta", "BW": "blue", "BS": "white on grey15", "GC": "green"}
ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}


def _cell(cell: dict[str, Any], words: Words) -> Text:
    doors = cell["doors"]
    top = "".join(ARROWS[d] if d in doors else " " for d in ("NW", "N", "NE"))
    middle = (ARROWS["W"] if "W" in doors else " ") + " " + (ARROWS["E"] if "E" in doors else " ")
    bottom = "".join(ARROWS[d] if d in doors else " " for d in ("SW", "S", "SE"))
    text = Text(f"{top}  {cell['cell']}\n", style="bold")
    text.append(f"{middle} {words.t('item.' + cell['creature'])}\n")
    text.append(f"    {words.t('item.' + cell['terrain'])}\n", style=TERRAIN_STYLE.get(cell["terrain"], ""))
    pawns = " ".join(f"{seat_name(pawn['seat'])}{pawn['pawn']}" for pawn in cell["pawns"])
    text.append(f"{bottom} {pawns}", style="bold yellow")
    if cell["face"] == "black":
        text.append(" ◆", style="dim")
    return text


SCORE_FIELDS = {
    "heart": ("value",), "wild": ("value",), "per_friend": ("value", "friend"), "plus_per_terrain": ("base", "value", "terrain"),
    "if_count": ("value", "count", "friend"), "per_set": ("value", "friend", "other"),
}
"""The fields of each kind of score, in the order the card data (:mod:`.web_data`) lists its values."""
NAMED_ABILITIES = ("located", "move_to", "flip_any")
"""The abilities the terminal writes in its own words (``located Gamma``); the others as the page does."""


def card_text(card_id: str, words: Words, with_id: bool = True) -> str:
    """A friend card in one line: id (unless ``with_id`` is false), friend, requirements, points, ability."""
    friend, first, second, terrain, score, power = card_data(card_id)
    kind, *values = score
    points = words.t(f"terminal.score.{kind}", dict(zip(SCORE_FIELDS[kind], values)))
    if power[0] in NAMED_ABILITIES:
        ability_text = words.t(f"terminal.ability.{power[0]}", {"item": power[1]})
    else:
        ability_text = words.message(ability(power))
    text = words.t("terminal.card", {"friend": friend, "first": first, "second": second, "terrain": terrain,
                                     "points": points, "ability": ability_text})
    return f"{card_id} {text}" if with_id else text


def render(view: dict[str, Any], words: Words) -> RenderableType:
    """The board (north up), then the cards, scores and the last events (``view`` is the envelope)."""
    board = view["board"]
    grid = Table(show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(4):
        grid.add_column(min_width=16)
    cells = board["cells"]
    for row in range(3, -1, -1):
        grid.add_row(*[_cell(cells[row * 4 + column], words) for column in range(4)])
    parts: list[RenderableType] = [grid, key_line(words.t("terminal.key"), words)]
    off = [f"{seat_name(s)}{p + 1}" for s, pawns in enumerate(board["pawns"]) for p, cell in enumerate(pawns) if cell is None]
    parts.append(Text(words.t("terminal.status", {"off": " ".join(off) or words.t("terminal.none"), "deck": board["deck"],
                                                  "mode": words.t(f"terminal.mode.{board['mode']}"),
                                                  "threshold": board["threshold"]})))
    display = "  |  ".join(card_text(card, words) if card else "—" for card in board["display"])
    parts.append(Text(words.t("terminal.display", {"cards": display})))
    for seat in range(view["players"]):
        line = Text(words.t("terminal.seat-line", {
            "who": words.t("terminal.you" if seat == view["seat"] else "terminal.seat", {"seat": seat}),
            "points": words.t("terminal.points", {"points": board["scores"][seat]}),
            "played": " ".join(board["played"][seat]) or words.t("terminal.nothing"),
            "hand": words.t("terminal.cards", {"count": board["hands"][seat]["size"]}),
        }), style="bold" if seat in view["actors"] else "")
        if seat in view["actors"]:
            free = words.t(f"terminal.free.{board['free_action']}") if board["free_action"] else ""
            line.append("  " + words.t("terminal.actions-left", {"left": board["actions_left"]}) + free, style="yellow")
        parts.append(line)
        if board["hands"][seat]["cards"]:
            for card in board["hands"][seat]["cards"]:
                parts.append(Text("   " + card_text(card, words)))
    parts.append(recent_events(view, words))
    if view.get("outcome"):
        parts.append(explain_end(view, words))
    return Group(*parts)


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details``: points, then friend types, then shared (DW-R20, DW-R21)."""
    outcome = view["outcome"]
    details = outcome["details"]
    how = words.t("terminal.ending", {"threshold": view["board"]["threshold"]})
    why = ranking_reason(view["players"], outcome["winners"], [
        Criterion(words.t("terminal.criterion.points"), [d["points"] for d in details]),
        Criterion(words.t("terminal.criterion.friends"), [d["friend_types"] for d in details]),
    ], words)
    return ending(view, how, why, words)


PLAIN_MOVES = {REFRESH: "refresh", STOP: "stop", SKIP: "skip", END: "end"}
"""The moves said in the same words on every table: their key ``terminal.move.<name>``."""


def describe(view: dict[str, Any], move: WellMove, words: Words) -> str:
    """An action in words (the same for every view: Dreamwell's moves name everything they touch)."""
    kind = move.kind
    if kind == MOVE:
        return words.t("terminal.move.move", {"pawn": move.a + 1, "direction": str(move).split()[-1]})
    if kind == ENTER:
        return words.t("terminal.move.enter", {"pawn": move.a + 1, "cell": cell_name(move.b)})
    if kind == MOVETO:
        return words.t("move.moveto", {"pawn": move.a + 1, "cell": cell_name(move.b)})
    if kind in (PLAY, TAKE, DISCARD):
        return card_text(FRIEND_CARDS[move.a].id, words, with_id=False)  # the notation names the card and the verb
    if kind == ROTATE:
        return words.t("terminal.move.rotate", {"cell": cell_name(move.a), "degrees": 90 * move.b})
    if kind == FLIP:
        return words.t("terminal.move.flip", {"cell": cell_name(move.a)})
    if kind == DRAW:
        return words.t("terminal.move.draw", {"deck": view["board"]["deck"]})
    plain = PLAIN_MOVES.get(kind)
    return words.t(f"terminal.move.{plain}") if plain else str(move)
