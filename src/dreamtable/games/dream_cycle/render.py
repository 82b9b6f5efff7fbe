"""Drawing Dream Cycle in a terminal: the visible Dreamscape (north up, coloured squares, tokens
with facing arrows, the fringe as dots), every Interpretation tile, chi and the last events.

Everything is read from the view (the envelope, with the game's part under ``board``); the
terminal prints the view's prompt under the drawing."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...core.contract import seat_name
from ..terminal_text import Criterion, ending, key_line, ranking_reason, recent_events
from ...core.words import Words
from . import wording
from .components import COLOUR_CODES, DIRECTIONAL_CODES, FACINGS, FIELD_CODES, INSPIRATION_CODES
from .events import bundle_words
from .notation import CycleMove, bundle_json
from .rules import plan_json

SQUARE_STYLE = {
    # Field squares carry their letter too, so the board reads without colours (or with few).
    "G": ("g ", "black on green4"), "W": ("w ", "black on grey93"), "O": ("o ", "black on dark_orange"),
    "R": ("r ", "black on red3"), "P": ("p ", "white on purple4"), "F": ("f ", "black on magenta"), "S": ("s ", "black on grey62"),
    "BK": ("██", "black on grey0"), "BL": ("≈≈", "bright_white on blue"), "YI": ("()", "black on yellow"),
    "YD": ("@@", "red on yellow"), "YR": ("::", "black on yellow"),
}
# A field's label: the default seven as their squares; Yellow and Blue (field_colours, DC-R9) as the
# yellow and blue squares, which are theirs in a game with those fields.
FIELD_STYLE = {code: style for code, (_, style) in SQUARE_STYLE.items() if code in FIELD_CODES} | {
    "Y": "black on yellow", "BL": SQUARE_STYLE["BL"][1]}
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return words.t("terminal.legend")


def board(view: dict[str, Any], words: Words) -> Text:
    """The rows on the board, north up, two characters a square, with the fringe and the tokens."""
    squares: dict[tuple[int, int], str] = {}
    for row in view["board"]["rows"]:
        for i, line in enumerate(row["squares"]):
            for j, code in enumerate(line):
                squares[(row["x"] + j, row["y"] + 2 - i)] = code
    tokens: dict[tuple[int, int], list[str]] = {}
    for seat, player in enumerate(view["board"]["seats"]):
        token = player["token"]
        if token is not None and player["alive"]:
            tokens.setdefault((token["x"], token["y"]), []).append(seat_name(seat) + ARROWS[token["facing"]])
    if not squares:
        return Text(words.t("terminal.no-rows"))
    xs = [x for x, _ in squares] + [x for x, _ in tokens]
    ys = [y for _, y in squares] + [y for _, y in tokens]
    low_x, high_x, low_y, high_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    text = Text()
    for y in range(high_y, low_y - 1, -1):
        row_label = f"r{y // 3 + 1:<2}" if (y % 3 == 1 and any((x, y) in squares for x in range(low_x, high_x + 1))) else "   "
        text.append(row_label + " ")
        for x in range(low_x, high_x + 1):
            here = tokens.get((x, y))
            code = squares.get((x, y))
            fringe = code is None and any((x + dx, y + dy) in squares for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)))
            glyph, style = SQUARE_STYLE[code] if code else ("· " if fringe else "  ", "dim")
            if here:  # a token shows its seat and facing; "A+" when several share the space
                glyph, style = (here[0] if len(here) == 1 else here[0][0] + "+"), "bold black on bright_yellow"
            text.append(glyph, style=style)
        text.append("\n")
    return text


def interpretation(seat: int, player: dict[str, Any], words: Words) -> Text:
    """One player's Interpretation tile, hand, chi and Inspiration tiles on two lines."""
    text = Text()
    why = debt(player["out"], words) if player["out"] else words.t("terminal.out")
    status = "" if player["alive"] else "  " + words.t("terminal.status-out", {"why": why})
    token = player["token"]
    where = (words.t("terminal.where", token) if token and player["alive"] else words.t("terminal.off-board"))
    text.append(f"{seat_name(seat)}  ", style="bold")
    text.append(words.t("terminal.chi-where", {"chi": player["chi"], "where": where}) + status + "\n")
    text.append("   ")
    for code, field in player["fields"].items():  # the game's seven field colours, in slot order (DC-R9)
        tiles = "".join(field) or "—"
        boost = f"+{player['boosts'][code]}" if code in player["boosts"] else ""
        text.append(f" {code} ", style=f"bold {FIELD_STYLE[code]}")
        text.append(f" {tiles}{boost:<2} ")
    hand = " ".join(f"{code}×{n}" if n > 1 else code for code, n in player["hand"].items()) or "—"
    insp = player["inspiration"]
    insp_text = ", ".join(insp) if isinstance(insp, list) else words.t("terminal.face-down", {"count": insp})
    parts = [words.t("terminal.hand", {"hand": hand}), words.t("terminal.inspiration", {"tiles": insp_text or "—"})]
    if player["power"] is not None:
        parts.append(words.t("terminal.power", {"power": player["power"]}))
    if player["plan"]:
        parts.append(words.t("terminal.plan", {"plan": words.message(wording.plan(player["plan"]))}))
    if player["keep"]:
        parts.append(words.t("terminal.keep", {"tiles": words.value(wording.kept(player["keep"]))}))
    text.append("\n    " + " · ".join(parts) + "\n")
    return text


def debt(owed: dict[str, Any], words: Words) -> str:
    """Why a seat is out: ``could not pay 2 chi for a Psychic Drain``."""
    return words.message({"key": "terminal.debt", "fields": {"chi": owed["chi"], "reason": wording.reason(owed)}})


def render(view: dict[str, Any], words: Words) -> RenderableType:
    """The Dreamscape, the Interpretation tiles, the supply and the last events."""
    state = view["board"]
    parts: list[RenderableType] = [board(view, words), key_line(words.t("terminal.key"), words)]
    parts += [interpretation(seat, player, words) for seat, player in enumerate(state["seats"])]
    prices = " ".join(f"{code}:{buy}/{sell}({state['stock'][code]})" for code, (buy, sell) in state["prices"].items())
    supply = {"chi": state["chi_supply"], "tiles": state["inspiration_supply"], "laid": state["rows_laid"], "round": state["round"]}
    parts.append(Text(words.t("terminal.prices", {"prices": prices}) + "\n" + words.t("terminal.supply", supply)))
    for offer in state["offers"]:  # each side in the notation, as it is typed
        sides = {"give": bundle_words(offer["give"]), "take": bundle_words(offer["take"])}
        parts.append(Text(words.t("terminal.offer", {**offer, **sides}), style="yellow"))
    parts.append(recent_events(view, words))
    if view.get("outcome"):
        parts.append(explain_end(view, words))
    return Group(*parts)


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details`` (and the tokens on the board for the round limit)."""
    outcome = view["outcome"]
    reason = outcome["reason"]
    details = outcome["details"]
    players = view["players"]
    outs = [words.t("terminal.is-out", {"seat": s, "debt": debt(d["out"], words)})
            for s, d in enumerate(details) if not d["alive"] and d["out"]]
    if reason == "awake":
        why = words.t("terminal.woke", {"winners": outcome["winners"]})
    elif reason == "round-limit":
        tokens = [player["token"] for player in view["board"]["seats"]]
        north = [float(tokens[s]["y"]) if d["alive"] and tokens[s] else float("-inf") for s, d in enumerate(details)]
        rows = [d["row"] for d in details]
        split = {r for r in rows if r is not None and len({north[s] for s in range(players) if rows[s] == r}) > 1}
        shown = [words.t("terminal.out") if rows[s] is None
                 else words.t("terminal.row-y" if rows[s] in split else "terminal.row", {"row": rows[s], "y": north[s]})
                 for s in range(players)]
        why = ranking_reason(players, outcome["winners"], [Criterion(words.t("terminal.furthest-north"), north, shown=shown)], words)
    else:
        why = "; ".join(outs) + "." if outs else ""
    how = f"terminal.ending.{reason}"
    return ending(view, words.t(how) if words.has(how) else reason, why, words)


def describe(view: dict[str, Any], action: CycleMove, words: Words) -> str:
    """An action in words."""
    kind, args = action
    key = f"terminal.move.{kind}"
    if kind == "start":
        return words.t(key, {"space": args[0] + 1})
    if kind in ("buy", "sell"):
        buy, sell = view["board"]["prices"][DIRECTIONAL_CODES[args[0]]]
        return words.t(key, {"tile": DIRECTIONAL_CODES[args[0]], "chi": buy if kind == "buy" else sell})
    if kind in ("place", "unplace"):
        return words.t(key, {"tile": DIRECTIONAL_CODES[args[0]], "field": COLOUR_CODES[args[1]]})
    if kind in ("boost", "unboost"):
        return words.t(key, {"field": COLOUR_CODES[args[0]], "chi": args[1] if kind == "boost" else None})
    if kind in ("aim", "go"):
        return words.t(key, {"facing": FACINGS[args[0]]})
    if kind == "offer":
        sides = {"give": wording.bundle(bundle_json(args[1])), "take": wording.bundle(bundle_json(args[2]))}
        return words.message({"key": key, "fields": {"to": args[0], **sides}})
    if kind == "cash":
        return words.t(key, {"tile": INSPIRATION_CODES[args[0]], "chi": 3 if INSPIRATION_CODES[args[0]] == "wind" else 1})
    if kind == "plan":
        return words.message({"key": key, "fields": {"plan": wording.plan(plan_json(args))}})
    if kind == "keep":
        return words.message({"key": key, "fields": {"tiles": wording.kept([INSPIRATION_CODES[k] for k in args])}})
    if kind in ("accept", "decline"):
        return words.t(key, {"from": args[0]}) if args else ""
    return words.t(key) if words.has(key) else str(action)
