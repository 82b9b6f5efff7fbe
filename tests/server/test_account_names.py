"""What an account's name may hold, and which names count as one (server/account_names.py)."""

from __future__ import annotations

import pytest

from dreamtable.server.account_names import BadName, check_name, name_key


@pytest.mark.parametrize("name", ["Anna-Maria", "José", "Łukasz", "O'Brien", "Ярослав", "山田たろう", "Νεφέλη",
                                  "player 42", "dream.er_7"])
def test_names_of_one_script_with_digits_and_separators_are_accepted(name: str) -> None:
    assert check_name(name) == name


def test_an_accent_typed_apart_from_its_letter_is_kept_composed() -> None:
    assert check_name("Jose\u0301") == "José"


@pytest.mark.parametrize("name, words", [
    ("Mor\u200dpheus", "U+200D"),            # zero-width joiner
    ("Mor\u00adpheus", "U+00AD"),            # soft hyphen
    ("Mor\u00a0pheus", "plain form"),       # no-break space: NFKC makes it a space
    ("Mor\u3000pheus", "plain form"),       # ideographic space
    ("\u0301Morpheus", "must follow a letter"),
    ("Morpheus--x", "'-'"),
    ("Морфеус x", None),                     # one script (Cyrillic) with a Latin x: mixed
    ("ﬁnn", "plain form 'finn'"),
])
def test_invisible_mixed_or_compatibility_characters_are_refused(name: str, words: str | None) -> None:
    with pytest.raises(BadName) as refused:
        check_name(name)
    assert words is None or words in str(refused.value)


@pytest.mark.parametrize("one, other", [("Morpheus", "morpheus"), ("Morpheus", "M0rpheus"), ("Morpheus", "mor-pheus"),
                                        ("Morpheus", "Morpheus."), ("Bill", "B1ll"), ("Ilya", "lIya"),
                                        ("Morpheus", "Моrрhеus"), ("modern", "rnodern"), ("Paul", "Ρaul")])
def test_names_that_look_alike_share_a_key(one: str, other: str) -> None:
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize("one, other", [("Morpheus", "Morpheas"), ("Anna", "Anne"), ("Hypnos", "Hypno")])
def test_different_names_have_different_keys(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)

