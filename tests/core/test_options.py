"""Options: typed, checked, with defaults; text from the command line is converted."""

import pytest

from dreamtable import Option, SetupError


def test_option_converts_text_to_its_type():
    assert Option("n", 10, "").check("8") == 8
    assert Option("flag", True, "").check("false") is False
    assert Option("who", "owner", "", ("owner", "attacker")).check("attacker") == "attacker"


def test_option_refuses_wrong_type_or_choice_saying_what_is_allowed():
    with pytest.raises(SetupError, match="takes a whole number"):
        Option("n", 10, "").check("ten")
    with pytest.raises(SetupError, match="'owner', 'attacker'"):
        Option("who", "owner", "", ("owner", "attacker")).check("me")


def test_option_reads_lists_and_tables_as_json():
    offsets = Option("staircase_offsets", [0, 1, 2], "row offsets")
    assert offsets.check("[0, 1, 1]") == [0, 1, 1]
    with pytest.raises(SetupError, match="takes a list"):
        offsets.check("[0, 1")
    table = Option("prices", {"N": 3}, "a table")
    assert table.check('{"N": 4}') == {"N": 4}
