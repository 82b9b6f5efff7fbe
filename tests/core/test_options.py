"""Options: typed, checked, with defaults; text from the command line is converted."""

import pytest

from dreamtable import Option, SetupError


def test_option_converts_text_to_its_type():
    assert Option("n", 10, "").check("8") == 8
    assert Option("flag", True, "").check("false") is False
    assert Option("who", "owner", "", ("owner", "attacker")).check("attacker") == "attacker"


def test_option_refuses_wrong_type_or_choice_saying_what_is_allowed():
    with pytest.raises(SetupError, match="takes a int"):
        Option("n", 10, "").check("ten")
    with pytest.raises(SetupError, match="'owner', 'attacker'"):
        Option("who", "owner", "", ("owner", "attacker")).check("me")
