"""Golden playthroughs a person can review: short games written step by step as text.

A golden playthrough (``tests/playthroughs/<game>/<name>.txt``) is a record — game, version,
players, seed, options and moves, as JSON at the top of the file — followed by the game it plays,
written from that record step by step:

* a heading with the step's number, the actor (a seat letter, or ``clock`` for an expiry) and the
  move in notation;
* what the acting seat sees before the move (the spectator's view for the clock), one line per
  key: in full at the seat's first step, afterwards only the lines that changed since its previous
  step, and its prompt always;
* the seat's legal moves, in the game's order;
* the events the move caused, as that seat was told them.

At most :data:`MAX_STEPS` steps are written; a longer record is replayed to its end without
writing its later steps. The file ends with how the game stands (over, with its outcome, or not
yet) and the final view of every seat and of a spectator.

CI replays each golden from its record and compares the text it writes with the stored one
(:func:`check_playthrough`), so a rule change shows as a diff that reads like a game. After a
deliberate change, :func:`regenerate` rewrites the goldens (review the diff), and
:func:`create_goldens` plays the goldens of a new game with bots::

    python -m dreamtable.testing golden check [GAME ...]
    python -m dreamtable.testing golden regenerate [GAME ...]
    python -m dreamtable.testing golden new GAME --players 2,3 --seeds 1,2,3 --bots random,greedy
    python -m dreamtable.testing golden add RECORD.json [--name NAME]
    python -m dreamtable.testing golden coverage [GAME ...] [--json]

The view lines are written from the view's JSON alone (never from a game's terminal rendering),
so they stay stable when rendering changes, and follow the view whatever its shape. docs/testing.md
describes the format.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from .clock import SimulatedClock
from .contract import State
from .errors import DreamtableError, RecordError
from .record import Record
from .registry import load
from .rng import bot_seed
from .seats import seat_list, seat_name
from .table import Table

MAX_STEPS = 200
"""Steps written in a golden; ``golden new`` also stops its games after this many moves."""

WIDTH = 100
"""A view line is split into its parts when it would be longer than this (a long word is not)."""

FLAT_WIDTH = 160
"""A flat object (no object or list of objects inside, e.g. one tile or one card) stays on one line
up to this length: its fields read better side by side."""

DEFAULT_FOLDER = Path("tests") / "playthroughs"
SUFFIX = ".txt"
DIFF_LINES = 60
"""How many lines of the unified diff a failed check shows."""

# The envelope's keys come first, in this order; the rest follow sorted, the board last.
_FIRST_KEYS = ("seat", "players", "prompt", "turn", "actors", "timers", "outcome")
_LEFT_OUT = ("events", "ask", "prompt_message")  # events: written after each move as sentences instead; ask and prompt_message: the prompt in fields
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_STEP_HEADING = "## step "


# -- the record at the top ---------------------------------------------------------------------

def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def record_text(record: Record) -> str:
    """The record as JSON that diffs well: one option and one move per line (``json.loads`` reads it)."""
    head = ", ".join(f"{_json(key)}: {_json(getattr(record, key))}" for key in ("game", "version", "players", "seed"))
    options = ",\n".join(f"  {_json(name)}: {_json(record.options[name])}" for name in sorted(record.options))
    moves = ",\n".join(f"  {_json([seat, text])}" for seat, text in record.moves)
    return (f"{{{head},\n"
            f' "options": {{' + (f"\n{options}\n }}" if options else "}") + ",\n"
            ' "moves": [' + (f"\n{moves}\n ]" if moves else "]") + "}\n")


def read_record(source: str | Path) -> Record:
    """The record of a golden file (``.txt``), or of a record or old golden JSON file (``.json``).

    ``RecordError`` says what is wrong when the file holds no readable record.
    """
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"{path} is not valid JSON: {error}") from None
        return Record.from_dict(data["record"] if isinstance(data, dict) and "record" in data else data)
    return record_from_text(text, str(path))


def record_from_text(text: str, where: str = "the golden") -> Record:
    """The record written at the top of a golden's text (after the line ``record:``)."""
    marker = re.search(r"^record:\s*$", text, re.MULTILINE)
    if marker is None:
        raise RecordError(f"{where} has no line 'record:' followed by the record's JSON")
    start = text.index("{", marker.end()) if "{" in text[marker.end():] else -1
    if start < 0:
        raise RecordError(f"{where}: no JSON object follows 'record:'")
    try:
        data, _ = json.JSONDecoder().raw_decode(text, start)
    except json.JSONDecodeError as error:
        raise RecordError(f"{where}: the record is not valid JSON: {error}") from None
    return Record.from_dict(data)


# -- a view as lines -------------------------------------------------------------------------------

def _path(parent: str, key: str) -> str:
    if _PLAIN_KEY.match(key):
        return f"{parent}.{key}" if parent else key
    return f"{parent}[{_json(key)}]"


def _flatten(path: str, value: Any, out: dict[str, list[str]]) -> None:
    """One entry per key: the whole value on one line when it fits, else its parts, recursively."""
    text = _json(value)
    fits = len(path) + 2 + len(text) <= (FLAT_WIDTH if _flat(value) else WIDTH)
    if not isinstance(value, (dict, list)) or not value or fits:
        out[path] = [f"{path}: {text}"]
    elif isinstance(value, dict):
        for key in sorted(value):
            _flatten(_path(path, str(key)), value[key], out)
    elif all(_scalar(item) for item in value):
        out[path] = _wrap([_json(item) for item in value], f"{path}: [", "]", ", ")
    else:
        for index, item in enumerate(value):
            _flatten(f"{path}[{index}]", item, out)


def _scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _flat(value: Any) -> bool:
    """An object whose fields are plain values or lists of plain values."""
    return isinstance(value, dict) and all(
        _scalar(item) or (isinstance(item, list) and all(_scalar(part) for part in item)) for item in value.values())


def _wrap(items: Sequence[str], first: str, last: str, separator: str, indent: str = "    ") -> list[str]:
    """Items joined by ``separator`` on lines of at most :data:`WIDTH` (a longer item gets its own)."""
    pieces = [item + (separator.rstrip() if number < len(items) - 1 else last) for number, item in enumerate(items)]
    join = " " if separator.endswith(" ") else ""
    lines: list[str] = []
    line, fresh = first, True
    for piece in pieces:
        if not fresh and len(line) + len(join) + len(piece) > WIDTH:
            lines.append(line)
            line, fresh = indent, True
        line += ("" if fresh else join) + piece
        fresh = False
    if not pieces:
        line += last
    lines.append(line.rstrip())
    return lines


def view_lines(view: dict[str, Any]) -> dict[str, list[str]]:
    """A view as entries ``path -> lines``: the envelope's keys first, the game's ``board`` last."""
    out: dict[str, list[str]] = {}
    keys = [key for key in _FIRST_KEYS if key in view]
    keys += sorted(key for key in view if key not in _FIRST_KEYS and key not in _LEFT_OUT and key != "board")
    keys += ["board"] if "board" in view else []
    for key in keys:
        _flatten(_path("", key), view[key], out)
    return out


def _related(path: str, others: Iterable[str]) -> bool:
    """Whether ``path`` contains or is contained in one of ``others`` (a value split or joined)."""
    return any(other.startswith((path + ".", path + "[")) or path.startswith((other + ".", other + "["))
               for other in others)


def _changes(before: dict[str, list[str]], now: dict[str, list[str]]) -> list[str]:
    """The lines of ``now`` that are new or changed, and ``path: (gone)`` in place of what went."""
    gone: dict[str, list[str]] = {}  # the entry of ``now`` a vanished one followed ("" at the top)
    last = ""
    for path in before:
        if path in now:
            last = path
        elif not _related(path, now):
            gone.setdefault(last, []).append(f"{path}: (gone)")
    lines = gone.get("", [])
    for path, entry in now.items():
        if before.get(path) != entry:
            lines += entry
        lines += gone.get(path, [])
    return lines


def legal_lines(seat: int, legal: Sequence[str], before: tuple[int, Sequence[str]] | None = None) -> list[str]:
    """``A may (N): …``: the moves in the game's order, on one line when they fit, else one line
    (wrapped) per kind of move — the first word of moves written with several words — so that a
    diff stays within a kind. With ``before`` (the step and moves of the seat's previous step), a
    list that changed by less than half is written as that step's ``with …`` / ``without …``."""
    heading = f"{seat_name(seat)} may ({len(legal)}):"
    if before is not None:
        step, earlier = before
        if list(earlier) == list(legal):
            return [f"{heading} the same as at step {step}"]
        now, then = set(legal), set(earlier)
        added = [text for text in legal if text not in then]
        gone = [text for text in earlier if text not in now]
        if len(added) + len(gone) < len(legal) / 2 and [t for t in legal if t in then] == [t for t in earlier if t in now]:
            lines = [f"{heading} as at step {step}"]
            lines += _wrap(added, "  with ", "", " · ") if added else []
            lines += _wrap(gone, "  without ", "", " · ") if gone else []
            return lines
    single = _wrap(legal, heading + " ", "", " · ")
    if len(single) == 1:
        return single
    kinds: dict[str, list[str]] = {}
    for text in legal:
        kinds.setdefault(text.split(" ", 1)[0] if " " in text else "", []).append(text)
    return [heading] + [line for moves in kinds.values() for line in _wrap(moves, "  ", "", " · ")]


# -- writing a golden --------------------------------------------------------------------------------

def _who(seat: int | None) -> str:
    return "clock" if seat is None else seat_name(seat)


def _viewer(seat: int | None) -> str:
    return "the spectator" if seat is None else seat_name(seat)


def _safe_view(state: State[Any], seat: int | None) -> dict[str, Any] | str:
    try:
        return state.view(seat)
    except Exception as error:  # the golden shows the failure where it happens; the check then fails
        return f"(the view could not be made: {type(error).__name__}: {error})"


@dataclass
class _Seen:
    step: int
    entries: dict[str, list[str]]


def _outcome_line(state: State[Any]) -> str:
    outcome = state.outcome
    if outcome is None:
        return "outcome: none yet"
    scores = ", ".join(f"{seat_name(seat)} {score:g}" for seat, score in enumerate(outcome.scores))
    return f"outcome: {outcome.reason} · winners {seat_list(outcome.winners)} · scores {scores}"


def playthrough_text(record: Record, *, max_steps: int = MAX_STEPS) -> str:
    """The golden text of ``record``: replayed from its setup, the first ``max_steps`` steps written.

    A move that no longer replays ends the text with a line saying why (:func:`check_playthrough`
    then shows where the game went another way); nothing is raised for it.
    """
    game = load(record.game)
    if record.version != game.info.version:
        raise RecordError(f"the golden's record is of {record.game} rules version {record.version}; this dreamtable "
                          f"plays version {game.info.version}: check the record against the rules and write the new version")
    total = len(record.moves)
    out: list[str] = []
    state = game.new(record.players, record.seed, **record.options)
    seen: dict[int | None, _Seen] = {}
    offered: dict[int, tuple[int, list[str]]] = {}  # seat -> its previous written step and legal moves
    failure: str | None = None
    for number, (seat, text) in enumerate(record.moves, 1):
        written = number <= max_steps
        if written:
            out += ["", f"{_STEP_HEADING}{number} · {_who(seat)}: {text}"]
            view = _safe_view(state, seat)
            if isinstance(view, str):
                out.append(f"{_viewer(seat)} sees {view}")
            else:
                entries = view_lines(view)
                before = seen.get(seat)
                if before is None:
                    out.append(f"{_viewer(seat)} sees:")
                    out += [f"  {line}" for entry in entries.values() for line in entry]
                else:
                    prompt = entries.get("prompt", [])
                    changed = _changes({**before.entries, "prompt": prompt}, entries)
                    out.append(f"{_viewer(seat)} sees (its prompt, and what changed since step {before.step}):")
                    out += [f"  {line}" for line in prompt + changed]
                seen[seat] = _Seen(number, entries)
            if seat is not None:
                try:
                    legal = [str(action) for action in state.legal_actions(seat)]
                except Exception as error:  # shown where it happens, like a view that fails
                    out.append(f"{seat_name(seat)} may (the legal moves could not be listed: {type(error).__name__}: {error})")
                else:
                    out += legal_lines(seat, legal, offered.get(seat))
                    offered[seat] = (number, legal)
        try:
            events = state.play_recorded(seat, text)
        except Exception as error:  # a refused move, or a crash in the rules: either ends the replay here
            why = str(error) if isinstance(error, (DreamtableError, ValueError)) else f"{type(error).__name__}: {error}"
            failure = f"!! move {number} ({_who(seat)}: {text}) cannot be replayed: {why}"
            out += ["", failure] if not written else [failure]
            break
        if written and events:
            try:
                told = [event["text"] for event in state.log(seat, len(events))]
            except Exception as error:  # a sentence that fails is shown, not raised
                told = [f"(the events could not be written: {type(error).__name__}: {error})"]
            out += [f"  → {line}" for line in told]
    done = len(state.history())
    if failure is None:
        if total > max_steps:
            out += ["", f"(moves {max_steps + 1}–{total} are replayed but not written: a golden writes at most "
                        f"{max_steps} steps)"]
        ending = (f"the game is over after move {done}" if state.is_over
                  else f"the golden stops after move {done}; the game is not over")
        out += ["", f"## the end · {ending}", _outcome_line(state)]
        for seat in [*range(state.players), None]:
            view = _safe_view(state, seat)
            if isinstance(view, str):
                out.append(f"final view of {_viewer(seat)}: {view}")
            else:
                out.append(f"final view of {_viewer(seat)}:")
                out += [f"  {line}" for entry in view_lines(view).values() for line in entry]
        extent = (f"{total} moves to the end of the game" if state.is_over
                  else f"{total} moves; the golden stops before the game ends")
    else:
        extent = f"{total} moves; move {done + 1} no longer replays"
    head = [
        f"# Golden playthrough · {record.game} · {record.players} players · seed {record.seed} · {extent}",
        "#",
        "# Written from the record below; CI replays the record and compares this text with it. Change only",
        "# the record; after a deliberate rule change regenerate, then review the diff:",
        f"#   python -m dreamtable.testing golden regenerate {record.game}",
        "# Each step: what the acting seat sees before its move (all of it at its first step, then its",
        "# prompt and what changed since its previous step), its legal moves, and what the move caused as",
        "# that seat was told. The clock's steps (expiries) are seen as a spectator sees them. At most",
        f"# {max_steps} steps are written; the end shows every seat's final view. See docs/testing.md.",
        "",
        "record:",
    ]
    return "\n".join(head) + "\n" + record_text(record) + "\n".join(out) + "\n"


def playthrough_of(state: State[Any]) -> str:
    """The golden text of a state's game so far (its record, replayed and written step by step)."""
    return playthrough_text(state.record())


def write_playthrough(source: State[Any] | Record, path: str | Path) -> Path:
    """Write the golden of a state's game (or of a record) to ``path``; ``RecordError`` when a move
    of the record does not replay (a golden is never written from a broken record)."""
    record = source if isinstance(source, Record) else source.record()
    text = playthrough_text(record)
    broken = re.search(r"^!! (.*)$", text, re.MULTILINE)
    if broken:
        raise RecordError(f"{path}: {broken.group(1)}")
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(target)
    return target


# -- checking ----------------------------------------------------------------------------------------

def _step_of(lines: Sequence[str], index: int) -> str:
    for line in reversed(lines[: index + 1]):
        if line.startswith(_STEP_HEADING) or line.startswith("## the end"):
            return line[3:]
    return "the header"


def compare(stored: str, fresh: str, where: str) -> str | None:
    """``None`` when the texts are equal, else a message naming the first step that differs (and the
    move that no longer replays, if one does), with a unified diff excerpt."""
    if stored == fresh:
        return None
    old, new = stored.splitlines(), fresh.splitlines()
    # The first line sums the game up (its length, its end): name the first step that differs.
    changes = [i1 for tag, i1, _, _, _ in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
               if tag != "equal"]
    first = next((i for i in changes if i >= _steps_start(old)), changes[0] if changes else 0)
    diff = list(difflib.unified_diff(old, new, f"{where} (golden)", f"{where} (replayed now)", n=3, lineterm=""))
    shown = diff[:DIFF_LINES]
    if len(diff) > DIFF_LINES:
        shown.append(f"… {len(diff) - DIFF_LINES} more diff lines")
    try:
        game = record_from_text(stored, where).game
    except RecordError:
        game = "GAME"
    broken = [line[3:] for line in new if line.startswith("!! ")]
    return (f"{where}: the replay differs from the golden file from line {first + 1} on "
            f"({_step_of(old, first)}).\n"
            + (f"The record no longer replays: {broken[0]}\n" if broken else
               f"If the rules changed on purpose, run `python -m dreamtable.testing golden regenerate {game}` "
               "and review the diff.\n")
            + "\n".join(shown))


def _steps_start(lines: Sequence[str]) -> int:
    return next((i for i, line in enumerate(lines) if line.startswith("## ")), len(lines))


def check_playthrough(path: str | Path) -> None:
    """Replay a golden from its record and compare the text with the stored one.

    ``AssertionError`` names the first step that differs and shows a unified diff excerpt
    (``-`` the golden, ``+`` the game as it replays now).
    """
    stored = Path(path).read_text(encoding="utf-8")
    fresh = playthrough_text(record_from_text(stored, str(path)))
    message = compare(stored, fresh, str(path))
    if message is not None:
        raise AssertionError(message)


# -- regenerating and creating ------------------------------------------------------------------------

def goldens(folder: str | Path = DEFAULT_FOLDER, game_ids: Sequence[str] = ()) -> list[Path]:
    """The golden files under ``folder`` (``<game>/<name>.txt``), of the given games or of all."""
    root = Path(folder)
    if game_ids:
        return sorted(path for game_id in game_ids for path in (root / game_id).glob(f"*{SUFFIX}"))
    return sorted(root.rglob(f"*{SUFFIX}"))


def regenerate(folder: str | Path = DEFAULT_FOLDER, game_ids: Sequence[str] = ()) -> list[Path]:
    """Rewrite every golden under ``folder`` (of ``game_ids``, or all) from its record; returns the files.

    A golden whose record no longer replays raises ``RecordError`` naming the file and the move.
    """
    written = []
    for path in goldens(folder, game_ids):
        written.append(write_playthrough(read_record(path), path))
    return written


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9.]+", "-", text).strip("-").lower()


def golden_name(bots: Sequence[str], players: int, seed: int, options: dict[str, Any] | None = None) -> str:
    """A golden's file name: the seats' bots, the player count, the options given, the seed."""
    seats = [_slug(bots[seat % len(bots)]) for seat in range(players)]
    who = seats[0] if len(set(seats)) == 1 else "-".join(seats)
    chosen = "".join(f"-{_slug(name)}-{_slug(str(value))}" for name, value in sorted((options or {}).items()))
    return f"{who}-{players}p{chosen}-seed{seed}{SUFFIX}"


def play_with_bots(game_id: str, players: int, seed: int, bots: Sequence[str], *,
                   options: dict[str, Any] | None = None, max_moves: int = MAX_STEPS) -> Record:
    """The record of a seeded game at a table of bots (seat ``i`` plays ``bots[i % len(bots)]``,
    built by ``dreamtable.agents.make_agent``) on a simulated clock, so that deadlines expire as
    they would at a real table; at most ``max_moves`` moves (expiries count), ending early if the
    game does."""
    from ..agents import make_agent  # agents sit above core: imported only when bots are needed

    game = load(game_id)
    state = game.new(players, seed, **(options or {}))
    seats = {seat: make_agent(bots[seat % len(bots)], bot_seed(seed, seat), game=game) for seat in range(players)}
    table = Table(state, seats, clock=SimulatedClock(), undo=False)
    record = table.play(max_moves).record()
    record.moves = record.moves[:max_moves]
    return record


def create_goldens(game_id: str, players: Sequence[int], seeds: Sequence[int], bots: Sequence[str], *,
                   options: dict[str, Any] | None = None, folder: str | Path = DEFAULT_FOLDER,
                   max_moves: int = MAX_STEPS, overwrite: bool = False) -> list[Path]:
    """The goldens of a (new) game: one per player count and seed, played by ``bots`` (see
    :func:`play_with_bots`) and written under ``folder/game_id``. An existing file is left alone
    (``FileExistsError``) unless ``overwrite``; use :func:`regenerate` to rewrite goldens."""
    if not bots:
        raise ValueError("name at least one bot, e.g. random")
    target = Path(folder) / game_id
    paths = [target / golden_name(bots, count, seed, options) for count in players for seed in seeds]
    existing = [str(path) for path in paths if path.exists()]
    if existing and not overwrite:
        raise FileExistsError(f"goldens exist already: {', '.join(existing)} (regenerate them, or pass --force)")
    written = []
    for count in players:
        for seed in seeds:
            record = play_with_bots(game_id, count, seed, bots, options=options, max_moves=max_moves)
            written.append(write_playthrough(record, target / golden_name(bots, count, seed, options)))
    return written


def add_golden(record_file: str | Path, *, name: str | None = None, folder: str | Path = DEFAULT_FOLDER) -> Path:
    """A golden from a saved game or bug report (a record JSON file, or an old golden JSON file)."""
    record = read_record(record_file)
    stem = name or Path(record_file).stem
    return write_playthrough(record, Path(folder) / record.game / (stem.removesuffix(SUFFIX) + SUFFIX))


# -- the command ----------------------------------------------------------------------------------------

def _numbers(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"write numbers separated by commas, e.g. 2,3, not {text!r}") from None


def _option(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"write an option as NAME=VALUE, not {text!r}")
    return name.strip(), value.strip()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m dreamtable.testing",
                                     description="Golden playthroughs (docs/testing.md).")
    commands = parser.add_subparsers(dest="command", required=True)
    golden = commands.add_parser("golden", help="check, regenerate or create golden playthroughs")
    actions = golden.add_subparsers(dest="action", required=True)
    for action, text in (("check", "replay goldens and compare them with their files"),
                         ("regenerate", "rewrite goldens from their records (then review the diff)")):
        sub = actions.add_parser(action, help=text)
        sub.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game with goldens)")
        sub.add_argument("--dir", type=Path, default=DEFAULT_FOLDER, help="the goldens' folder")
    cover = actions.add_parser("coverage", help="which rule IDs the goldens reach (from their events) and which not")
    cover.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game with goldens)")
    cover.add_argument("--dir", type=Path, default=DEFAULT_FOLDER, help="the goldens' folder")
    cover.add_argument("--rules", type=Path, default=None,
                       help="a folder of rule tables (GAME.md) to read instead of each game's own rules page")
    cover.add_argument("--json", action="store_true", help="one JSON object per game, for machines")
    new = actions.add_parser("new", help="play the goldens of a (new) game with bots")
    new.add_argument("game", metavar="GAME")
    new.add_argument("--players", type=_numbers, required=True, help="player counts, e.g. 2,3")
    new.add_argument("--seeds", type=_numbers, required=True, help="seeds, e.g. 1,2,3")
    new.add_argument("--bots", default="random", help="bots by seat, repeated around the table, e.g. random,greedy")
    new.add_argument("-o", "--option", type=_option, action="append", default=[], help="a rule option NAME=VALUE")
    new.add_argument("--max-moves", type=int, default=MAX_STEPS, help=f"stop a game after this many moves ({MAX_STEPS})")
    new.add_argument("--dir", type=Path, default=DEFAULT_FOLDER, help="the goldens' folder")
    new.add_argument("--force", action="store_true", help="overwrite goldens of the same name")
    add = actions.add_parser("add", help="make a golden of a saved game (a record JSON file)")
    add.add_argument("record", type=Path)
    add.add_argument("--name", help="the golden's name (default: the file's)")
    add.add_argument("--dir", type=Path, default=DEFAULT_FOLDER, help="the goldens' folder")
    old = commands.add_parser("regenerate", help="rewrite every golden under FOLDER (same as golden regenerate --dir)")
    old.add_argument("folder", type=Path)
    return parser


def _print_coverage(folder: Path, game_ids: Sequence[str], rules: Path | None, *, as_json: bool) -> int:
    """``golden coverage``: per game, the rule IDs its goldens reach and those they do not."""
    from .rule_coverage import coverage  # it imports this module

    if not goldens(folder, game_ids):
        print(f"no goldens under {folder}" + (f" for {', '.join(game_ids)}" if game_ids else ""), file=sys.stderr)
        return 1
    try:
        found = coverage(folder, game_ids, rules)
    except OSError as error:
        raise RecordError(f"cannot read a rule table under {rules}: {error.strerror or error}") from None
    print(json.dumps([game.as_json() for game in found], indent=1) if as_json
          else "\n".join(game.text() for game in found))
    return 0


def main(argv: Sequence[str]) -> int:
    """``python -m dreamtable.testing golden check|regenerate|new|add|coverage …`` (and ``regenerate FOLDER``)."""
    args = _parser().parse_args(list(argv))
    if args.command == "regenerate":
        args.action, args.dir, args.games = "regenerate", args.folder, []
    try:
        if args.action == "new":
            bots = [spec.strip() for spec in args.bots.split(",") if spec.strip()]
            for path in create_goldens(args.game, args.players, args.seeds, bots, options=dict(args.option),
                                       folder=args.dir, max_moves=args.max_moves, overwrite=args.force):
                print(f"created {path}")
            return 0
        if args.action == "coverage":
            return _print_coverage(args.dir, args.games, args.rules, as_json=args.json)
        if args.action == "add":
            print(f"created {add_golden(args.record, name=args.name, folder=args.dir)}")
            return 0
    except (DreamtableError, FileExistsError, ValueError, RuntimeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    paths = goldens(args.dir, args.games)
    if not paths:
        print(f"no goldens under {args.dir}" + (f" for {', '.join(args.games)}" if args.games else ""), file=sys.stderr)
        return 1
    failed = 0
    for path in paths:
        try:
            if args.action == "check":
                check_playthrough(path)
                print(f"ok {path}")
            else:
                before = path.read_text(encoding="utf-8")
                write_playthrough(read_record(path), path)
                print(f"{'unchanged' if path.read_text(encoding='utf-8') == before else 'rewrote'} {path}")
        except (AssertionError, DreamtableError) as error:
            failed += 1
            print(f"FAILED {error}", file=sys.stderr)
    return 1 if failed else 0


__all__ = [
    "MAX_STEPS",
    "add_golden",
    "check_playthrough",
    "compare",
    "create_goldens",
    "golden_name",
    "goldens",
    "main",
    "play_with_bots",
    "playthrough_of",
    "playthrough_text",
    "read_record",
    "record_from_text",
    "record_text",
    "regenerate",
    "view_lines",
    "write_playthrough",
]
