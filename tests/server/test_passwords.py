"""Passwords (server/passwords.py): checked for length before any hashing, and the dummy hash."""

from __future__ import annotations

import pytest

from dreamtable.server.passwords import BadPassword, check_password


def test_the_default_hashers_dummy_hash_is_ready_made_with_its_parameters() -> None:
    from argon2 import PasswordHasher, extract_parameters

    from dreamtable.server import passwords

    default = PasswordHasher()
    made = extract_parameters(passwords._dummy[(default.time_cost, default.memory_cost, default.parallelism)])
    assert (made.time_cost, made.memory_cost, made.parallelism, made.type.name) == (3, 65536, 4, "ID")


@pytest.mark.parametrize("password", ["123456789", "x" * 1025, "é" * 513])
def test_a_password_too_short_or_over_a_kilobyte_is_refused(password: str) -> None:
    with pytest.raises(BadPassword):
        check_password(password)


@pytest.mark.parametrize("password", ["1234567890", "x" * 1024, "é" * 512, "ten emoji 🌙🌙"])
def test_a_password_of_ten_characters_up_to_a_kilobyte_is_accepted(password: str) -> None:
    assert check_password(password) == password
