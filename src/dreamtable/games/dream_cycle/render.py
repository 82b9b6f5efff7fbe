"""Drawing Dream Cycle in a terminal: the visible Dreamscape (north up, coloured squares, tokens
with facing arrows, the fringe as dots), every Interpretation tile, chi and the last events.

Everything is read from the view (the envelope, with the game's part under ``board``); the
terminal prints the view's prompt under the drawing."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...core.contract import seat_name
from ..terminal_text import Criterion, ending, key_line, ranking_reason, recent_events, seats
from ...core.words import Words
from .components import COLOUR_NAMES, DIRECTIONAL_CODES, DIRECTIONAL_NAMES, FACING_NAMES, FIELD_CODES, INSPIRATION_CODES, INSPIRATION_NAMES
from .events import SQUARE_NAME, bundle_words, debt_words, keep_words, plan_words
from .notation import CycleMove, bundle_json

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
KEY = "g w o r p f s field colours · ≈ blue +chi · () Inspiration Bonus · @ Psychic Drain · :: Reverie · █ black · · fringe · A↑ A facing north"
LEGEND = """Dream Cycle — the Dreamscape (north up, two characters a square)
  g w o r p f s   a square of a field colour: Green, White, Orange, Red, Purple, Fuchsia, Silver;
                  leaving it, your tile on that colour's field turns you
  ≈≈              blue: 1 chi; then the die picks the colour (or the Blue field: special_exit=fields)
  ()              yellow, Inspiration Bonus: draw an Inspiration tile
  @@              yellow, Psychic Drain: pay 2 chi
  ::              yellow, Reverie: only the die (or the Yellow field, as every yellow square then)
  ██              black: a doldrum space, where a token stops and may be aimed
  ·               the fringe: the off-board spaces beside the rows, doldrum spaces too
  A↑  B→          a token and its facing; A+ when several share a space
  r3              row 3 (rows 1–10 are laid as tokens go north)
An Interpretation tile: G W O R P F S are your fields (Y Yellow, BL Blue in a game whose
  field_colours name them); each holds up to two Directional tiles:
  F Forward, L Left, R Right, B Back, N North, E East, W West, S South, U Lucidity (any way);
  +2 or +3 after a field: boosted this turn (rides 2 or 3 spaces)
Inspiration tiles: wind Second Wind, zip Zip, rein Reinterpretation, ward Ward, wake Wake Gently,
  power Power; others see only how many you hold.
Prices: F:2/1(7) — buy for 2 chi, sell for 1, 7 left in stock. More: docs/rules/dream-cycle.md."""


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return LEGEND


def board(view: dict[str, Any]) -> Text:
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
        return Text("(no rows on the board)")
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


def interpretation(seat: int, player: dict[str, Any]) -> Text:
    """One player's Interpretation tile, hand, chi and Inspiration tiles on two lines."""
    text = Text()
    status = "" if player["alive"] else f"  OUT: {debt_words(player['out']) if player['out'] else 'out'}"
    token = player["token"]
    on = "fringe" if token is None or token["square"] == "fringe" else SQUARE_NAME[token["square"]]
    where = f"row {token['row']}, {on}, facing {token['facing']}" if token and player["alive"] else "not on the board"
    text.append(f"{seat_name(seat)}  ", style="bold")
    text.append(f"chi {player['chi']} · {where}{status}\n")
    text.append("   ")
    for code, field in player["fields"].items():  # the game's seven field colours, in slot order (DC-R9)
        tiles = "".join(field) or "—"
        boost = f"+{player['boosts'][code]}" if code in player["boosts"] else ""
        text.append(f" {code} ", style=f"bold {FIELD_STYLE[code]}")
        text.append(f" {tiles}{boost:<2} ")
    hand = " ".join(f"{code}×{n}" if n > 1 else code for code, n in player["hand"].items()) or "—"
    insp = player["inspiration"]
    insp_text = ", ".join(insp) if isinstance(insp, list) else f"{insp} face down"
    power = "" if player["power"] is None else f" · Power {player['power']}"
    plan = f" · plan: {plan_words(player['plan'])}" if player["plan"] else ""
    plan += f" · keep: {keep_words(player['keep'])}" if player["keep"] else ""
    text.append(f"\n    hand {hand} · Inspiration {insp_text or '—'}{power}{plan}\n")
    return text


def render(view: dict[str, Any], words: Words) -> RenderableType:
    """The Dreamscape, the Interpretation tiles, the supply and the last events."""
    state = view["board"]
    parts: list[RenderableType] = [board(view), key_line(KEY, words)]
    parts += [interpretation(seat, player) for seat, player in enumerate(state["seats"])]
    prices = " ".join(f"{code}:{buy}/{sell}({state['stock'][code]})" for code, (buy, sell) in state["prices"].items())
    parts.append(Text(f"Tiles buy/sell(stock): {prices}\nChi in the supply {state['chi_supply']} · Inspiration tiles "
                      f"{state['inspiration_supply']} · rows laid {state['rows_laid']} of 10 · round {state['round']}"))
    for offer in state["offers"]:
        parts.append(Text(f"Offer: {seat_name(offer['from'])} gives {bundle_words(offer['give'])} to {seat_name(offer['to'])} "
                          f"for {bundle_words(offer['take'])}", style="yellow"))
    parts.append(recent_events(view, words))
    if view.get("outcome"):
        parts.append(explain_end(view, words))
    return Group(*parts)


ENDINGS = {"awake": "a bicycle rode off the far edge of the Dreamscape", "last-standing": "every other dreamer is out",
           "round-limit": "the round limit is reached (a limit of ours, not the rulebook's)",
           "all-out": "every dreamer is out"}


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details`` (and the tokens on the board for the round limit)."""
    outcome = view["outcome"]
    reason = outcome["reason"]
    details = outcome["details"]
    players = view["players"]
    outs = [f"{seat_name(s)} is out ({debt_words(d['out'])})" for s, d in enumerate(details) if not d["alive"] and d["out"]]
    if reason == "awake":
        why = f"{seats(outcome['winners'], words)} rode north off row 10 with all ten rows laid."
    elif reason == "round-limit":
        tokens = [player["token"] for player in view["board"]["seats"]]
        north = [float(tokens[s]["y"]) if d["alive"] and tokens[s] else float("-inf") for s, d in enumerate(details)]
        rows = [d["row"] for d in details]
        split = {r for r in rows if r is not None and len({north[s] for s in range(players) if rows[s] == r}) > 1}
        shown = ["out" if rows[s] is None else f"row {rows[s]}" + (f" (y {north[s]:g})" if rows[s] in split else "")
                 for s in range(players)]
        why = ranking_reason(players, outcome["winners"], [Criterion("furthest north", north, shown=shown)], words)
    else:
        why = "; ".join(outs) + "." if outs else ""
    return ending(view, ENDINGS.get(reason, reason), why, words)


def bundle_in_words(bundle: dict[str, Any]) -> str:
    """A side of a trade in words: ``two North tiles, 2 chi and a Zip``; ``nothing``."""
    counts: dict[str, int] = {}
    for code in bundle["tiles"]:
        counts[code] = counts.get(code, 0) + 1
    words = [f"{'a' if n == 1 else n} {DIRECTIONAL_NAMES[DIRECTIONAL_CODES.index(code)]} tile{'s' if n > 1 else ''}"
             for code, n in counts.items()]
    if bundle["chi"]:
        words.append(f"{bundle['chi']} chi")
    for code in bundle["inspiration"]:
        words.append(f"a {INSPIRATION_NAMES[INSPIRATION_CODES.index(code)]}")
    return "nothing" if not words else words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(view: dict[str, Any], action: CycleMove, words: Words) -> str:
    """An action in words."""
    kind, args = action
    if kind == "start":
        return f"start on space {args[0] + 1} (west to east) south of row 1"
    if kind in ("buy", "sell"):
        buy, sell = view["board"]["prices"][DIRECTIONAL_CODES[args[0]]]
        name = DIRECTIONAL_NAMES[args[0]]
        return f"{kind} {'an' if name[0] in 'AEIOU' else 'a'} {name} tile for {buy if kind == 'buy' else sell} chi"
    if kind in ("place", "unplace"):
        return f"{'put' if kind == 'place' else 'take'} {DIRECTIONAL_NAMES[args[0]]} {'on' if kind == 'place' else 'off'} the {COLOUR_NAMES[args[1]]} field"
    if kind == "boost":
        return f"boost {COLOUR_NAMES[args[0]]} with {args[1]} chi: {args[1]} spaces a move this turn"
    if kind == "unboost":
        return f"take the boost off {COLOUR_NAMES[args[0]]}"
    if kind == "aim":
        return f"aim your bicycle {FACING_NAMES[args[0]]}"
    if kind == "go":
        return f"turn {FACING_NAMES[args[0]]} and ride on"
    if kind == "offer":
        return f"offer {seat_name(args[0])} {bundle_in_words(bundle_json(args[1]))} for {bundle_in_words(bundle_json(args[2]))}"
    if kind == "cash":
        return f"turn in {INSPIRATION_NAMES[args[0]]} for {3 if INSPIRATION_CODES[args[0]] == 'wind' else 1} chi"
    if kind == "plan":
        from .rules import plan_text

        return "brake plan: " + plan_text(args)
    if kind == "keep":
        from .rules import keep_text

        return "forced payments spend these last: " + keep_text(args)
    return {
        "end": "end buying: your bicycle rides", "ride": "ride on", "brake": "pay 2 chi and stop here",
        "wake": "turn in Wake Gently and stop here", "push": "push the token one space", "pass": "let the mover share the space",
        "block": "block the mover", "zip": "turn in a Zip and jump one space", "reinterpret": "turn in Reinterpretation and rearrange your tiles",
        "done": "finish rearranging and ride on", "stop": "stop here", "accept": f"accept {seat_name(args[0])}'s offer" if args else "",
        "decline": f"decline {seat_name(args[0])}'s offer" if args else "",
    }.get(kind, str(action))
