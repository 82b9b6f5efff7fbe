"""Golden playthroughs written step by step as text (dreamtable.core.playthrough), on the toy game."""

import json

import pytest

from dreamtable import RecordError
from dreamtable.core import playthrough
from dreamtable.core.playthrough import (
    check_playthrough,
    create_goldens,
    main,
    playthrough_text,
    read_record,
    regenerate,
    view_lines,
    write_playthrough,
)
from dreamtable.core.record import Record

from dreamtable_tap import TapState


def tap_game(tap, moves=("tap", "draw", "tap", "draw")):
    """A Tap game of the given moves, with an expiry (the clock) after the second."""
    state = tap.new(players=2, seed=3)
    for number, move in enumerate(moves):
        state.apply(state.actors[0], move)
        if number == 1:
            state.expire(state.timers[0])
    return state


def step(text, number):
    """The lines of step ``number`` of a golden's text."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"## step {number} "))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return [line for line in lines[start:end] if line]


def test_a_golden_is_the_record_then_each_step_as_text(tap, tmp_path):
    state = tap_game(tap)
    path = write_playthrough(state, tmp_path / "tap.txt")
    text = path.read_text()
    assert read_record(path) == state.record()
    assert text.startswith("# Golden playthrough · tap · 2 players · seed 3 · 5 moves")
    first = step(text, 1)
    assert first[0] == "## step 1 · A: tap"
    assert first[1] == "A sees:"
    assert '  board: {"deck": 9, "done": 0, "drawn": [[], 0], "points": [0, 0]}' in first  # short: one line
    assert first[-2:] == ["A may (2): tap · draw", "  → A tapped."]
    drawn = step(text, 2)  # B sees its own card; A's view of it later is only a count
    assert drawn[0] == "## step 2 · B: draw" and drawn[-1].startswith("  → B drew ")
    assert drawn[-1] != "  → B drew a card."
    expiry = step(text, 3)  # the clock's step, seen as a spectator sees it
    assert expiry[0] == f"## step 3 · clock: {state.record().moves[2][1]}"
    assert expiry[1] == "the spectator sees:"
    assert not any(line.startswith("A may") or line.startswith("B may") for line in expiry)
    assert expiry[-1] == "  → A's time ran out."
    later = step(text, 4)  # B again: its prompt, and only what changed since its step 2
    assert later[1] == "B sees (its prompt, and what changed since step 2):"
    assert later[2].startswith("  prompt: ")
    assert "  players: 2" not in later
    assert "B may (2): the same as at step 2" in later
    end = text[text.index("## the end"):].splitlines()
    assert end[0] == "## the end · the golden stops after move 5; the game is not over"
    assert end[1] == "outcome: none yet"
    assert [line for line in end if line.startswith("final view of")] == [
        "final view of A:", "final view of B:", "final view of the spectator:"]


def test_a_finished_game_says_so_with_its_outcome(tap, tmp_path):
    state = tap.new(players=2, seed=3)
    while not state.is_over:
        state.apply(state.actors[0], "tap")
    text = playthrough_text(state.record())
    assert "to the end of the game" in text.splitlines()[0]
    assert f"## the end · the game is over after move {len(state.record().moves)}" in text
    assert "outcome: turns · winners A and B · scores A 3, B 3" in text


def test_check_passes_and_regeneration_round_trips(tap, tmp_path):
    folder = tmp_path / "playthroughs"
    path = write_playthrough(tap_game(tap), folder / "tap" / "mixed.txt")
    before = path.read_bytes()
    check_playthrough(path)
    assert regenerate(folder) == [path]
    assert path.read_bytes() == before
    assert regenerate(folder, ["tap"]) == [path]
    assert path.read_bytes() == before


def test_a_changed_step_is_detected_with_a_readable_diff(tap, tmp_path):
    path = write_playthrough(tap_game(tap), tmp_path / "tap.txt")
    text = path.read_text()
    path.write_text(text.replace("  → A tapped.", "  → A tapped twice.", 1))
    with pytest.raises(AssertionError) as failure:
        check_playthrough(path)
    message = str(failure.value)
    assert "differs from the golden file" in message and "(step 1 · A: tap)" in message
    assert "golden regenerate tap" in message
    assert "-  → A tapped twice." in message and "+  → A tapped." in message
    assert "@@" in message  # a unified diff


def test_a_rule_change_shows_as_a_diff_that_reads_like_a_game(tap, tmp_path, monkeypatch):
    path = write_playthrough(tap_game(tap), tmp_path / "tap.txt")
    applied = TapState._apply

    def tap_scores_two(self, seat, action):
        events = applied(self, seat, action)
        if action == "tap":
            self.points[seat] += 1
        return events

    monkeypatch.setattr(TapState, "_apply", tap_scores_two)
    with pytest.raises(AssertionError) as failure:
        check_playthrough(path)
    message = str(failure.value)
    assert "(step 2 · B: draw)" in message  # A's tap at step 1 is first seen in B's view at step 2
    assert '-  board: {"deck": 9, "done": 1, "drawn": [0, []], "points": [1, 0]}' in message
    assert '+  board: {"deck": 9, "done": 1, "drawn": [0, []], "points": [2, 0]}' in message


def test_a_record_that_no_longer_replays_is_named_and_never_written(tap, tmp_path):
    path = write_playthrough(tap_game(tap), tmp_path / "tap.txt")
    path.write_text(path.read_text().replace('[0, "tap"]', '[1, "tap"]', 1))
    with pytest.raises(AssertionError) as failure:
        check_playthrough(path)
    message = str(failure.value)
    assert "on (step 1 · A: tap)" in message
    assert "The record no longer replays: move 1 (B: tap) cannot be replayed: it is not B's turn" in message
    with pytest.raises(RecordError, match="move 1"):
        regenerate(tmp_path)


def test_a_crash_in_the_game_is_written_where_it_happens(tap, monkeypatch):
    record = tap_game(tap).record()
    viewed, applied = TapState._view, TapState._apply

    def view_fails_after_two_turns(self):
        if self.done >= 2:
            raise KeyError("deck")
        return viewed(self)

    def draw_crashes_later(self, seat, action):
        if action == "draw" and self.done >= 3:
            raise IndexError("no card")
        return applied(self, seat, action)

    monkeypatch.setattr(TapState, "_view", view_fails_after_two_turns)
    monkeypatch.setattr(TapState, "_apply", draw_crashes_later)
    text = playthrough_text(record)
    assert step(text, 3)[1] == "the spectator sees (the view could not be made: KeyError: 'deck')"
    assert text.endswith("!! move 5 (A: draw) cannot be replayed: IndexError: no card\n")
    assert "## the end" not in text and "5 moves; move 5 no longer replays" in text.splitlines()[0]


def test_only_the_first_steps_are_written_and_the_rest_replayed(tap):
    text = playthrough_text(tap_game(tap).record(), max_steps=2)
    assert "## step 2 · " in text and "## step 3 · " not in text
    assert "(moves 3–5 are replayed but not written: a golden writes at most 2 steps)" in text
    assert "the golden stops after move 5" in text


def test_view_lines_split_long_values_and_mark_what_went():
    board = {"short": [1, 2], "long": list(range(60)), "rows": [{"id": n, "name": "x" * 90} for n in range(2)],
             "nested": {"a": {"b": "y" * 60}, "c": "z" * 60}}
    view = {"seat": 0, "prompt": "Go.", "events": [{"text": "left out"}], "board": board}
    lines = view_lines(view)
    assert list(lines) == ["seat", "prompt", "board.long", "board.nested.a", "board.nested.c",
                           "board.rows[0]", "board.rows[1]", "board.short"]
    assert lines["board.short"] == ["board.short: [1, 2]"]
    assert len(lines["board.long"]) > 1 and all(len(line) <= 100 for line in lines["board.long"])
    assert json.loads(" ".join(lines["board.long"]).removeprefix("board.long: ")) == list(range(60))
    assert lines["board.rows[0]"] == [f'board.rows[0]: {{"id": 0, "name": "{"x" * 90}"}}']  # a flat object: one line
    later = view_lines({**view, "board": {"short": [1, 3], "nested": board["nested"]}})
    assert playthrough._changes(lines, later) == [
        "board.long: (gone)", "board.rows[0]: (gone)", "board.rows[1]: (gone)", "board.short: [1, 3]"]
    joined = view_lines({**view, "board": {"short": [1, 3]}})  # the board fits on a line again: nothing went
    assert playthrough._changes(lines, joined) == ['board: {"short": [1, 3]}']


def test_legal_moves_are_written_in_full_by_kind_or_as_a_change_since_the_seats_last_step():
    moves = [f"rotate {cell} {angle}" for cell in ("a1", "b1", "c1", "d1") for angle in (90, 180, 270)]
    legal = ["draw", "refresh", *moves, "move 1 N", "move 2 S"]
    assert playthrough.legal_lines(0, ["draw", "S1"]) == ["A may (2): draw · S1"]
    full = playthrough.legal_lines(1, legal)
    assert full[0] == "B may (16):" and full[1] == "  draw · refresh" and full[-1] == "  move 1 N · move 2 S"
    assert all(line.startswith(("  rotate", "    rotate")) for line in full[2:-1])
    assert playthrough.legal_lines(1, legal, (7, legal)) == ["B may (16): the same as at step 7"]
    fewer = [text for text in legal if text != "refresh"] + ["move 3 E"]
    assert playthrough.legal_lines(1, fewer, (7, legal)) == [
        "B may (16): as at step 7", "  with move 3 E", "  without refresh"]
    assert playthrough.legal_lines(1, ["draw"], (7, legal)) == ["B may (1): draw"]  # mostly new: in full


def test_create_makes_goldens_for_a_new_game(tap, tmp_path, capsys):
    paths = create_goldens("tap", [2, 3], [1, 2], ["random", "greedy"], folder=tmp_path)
    assert [path.relative_to(tmp_path).as_posix() for path in paths] == [
        "tap/random-greedy-2p-seed1.txt", "tap/random-greedy-2p-seed2.txt",
        "tap/random-greedy-random-3p-seed1.txt", "tap/random-greedy-random-3p-seed2.txt"]
    for path in paths:
        check_playthrough(path)
        assert "## the end · the game is over" in path.read_text()
    again = create_goldens("tap", [2], [1], ["random", "greedy"], folder=tmp_path / "again")
    assert again[0].read_text() == paths[0].read_text()  # seeded bots: the same game
    with pytest.raises(FileExistsError, match="exist already"):
        create_goldens("tap", [2], [1], ["random", "greedy"], folder=tmp_path)
    assert main(["golden", "new", "tap", "--players", "2", "--seeds", "1", "--bots", "random,greedy",
                 "--dir", str(tmp_path)]) == 1
    assert "exist already" in capsys.readouterr().err


def test_create_stops_at_the_move_limit_even_when_several_bots_act_at_one_moment(tap, tmp_path, monkeypatch):
    from dreamtable.core.table import Table

    step_bots = Table.step_bots
    monkeypatch.setattr(Table, "step_bots", lambda table: step_bots(table) and (step_bots(table) or True))
    record = playthrough.play_with_bots("tap", 2, 5, ["random"], max_moves=3)
    assert len(record.moves) == 3
    text = write_playthrough(record, tmp_path / "tap.txt").read_text()
    assert "## the end · the golden stops after move 3; the game is not over" in text


def test_the_commands_create_check_and_regenerate(tap, tmp_path, capsys):
    assert main(["golden", "new", "tap", "--players", "2,3", "--seeds", "4", "--bots", "random",
                 "--max-moves", "3", "--dir", str(tmp_path)]) == 0
    created = sorted((tmp_path / "tap").glob("*.txt"))
    assert [path.name for path in created] == ["random-2p-seed4.txt", "random-3p-seed4.txt"]
    text = created[0].read_text()
    assert "## the end · the golden stops after move 3; the game is not over" in text
    assert "3 moves; the golden stops before the game ends" in text.splitlines()[0]
    assert main(["golden", "check", "tap", "--dir", str(tmp_path)]) == 0
    assert main(["golden", "regenerate", "--dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.count("unchanged ") == 2
    assert main(["regenerate", str(tmp_path)]) == 0  # the old spelling still works
    created[0].write_text(text.replace("A may", "A might", 1))
    assert main(["golden", "check", "--dir", str(tmp_path)]) == 1
    assert "FAILED" in capsys.readouterr().err
    assert main(["golden", "check", "chess", "--dir", str(tmp_path)]) == 1


def test_a_golden_from_a_saved_game_or_an_old_json_golden(tap, tmp_path):
    state = tap_game(tap)
    saved = tmp_path / "bug.json"
    state.record().save(saved)
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"record": state.record().to_dict(), "views": {}}))
    assert main(["golden", "add", str(saved), "--dir", str(tmp_path / "g")]) == 0
    assert main(["golden", "add", str(old), "--name", "from-old", "--dir", str(tmp_path / "g")]) == 0
    made = tmp_path / "g" / "tap"
    assert read_record(made / "bug.txt") == read_record(made / "from-old.txt") == state.record()
    assert (made / "bug.txt").read_text() == (made / "from-old.txt").read_text()


def test_the_record_at_the_top_is_json_a_person_can_copy(tap):
    record = Record("tap", 1, 2, 3, {"b": [1, 2], "a": "x"}, [(0, "tap"), (None, "expire clock-1")])
    text = playthrough.record_text(record)
    assert text.splitlines()[:3] == ['{"game": "tap", "version": 1, "players": 2, "seed": 3,', ' "options": {', '  "a": "x",']
    assert Record.from_dict(json.loads(text)) == record
    assert json.loads(playthrough.record_text(Record("tap", 1, 2, 3))) == Record("tap", 1, 2, 3).to_dict()
