"""The seeded RNG: reproducible, copyable, uniform enough for shuffles."""

from collections import Counter

import pytest

from dreamtable import Rng


def test_same_seed_same_sequence_and_copies_continue_alike():
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    c = a.copy()
    assert [a.randrange(100) for _ in range(20)] == [c.randrange(100) for _ in range(20)]
    assert Rng(1).next_u64() != Rng(2).next_u64()


def test_randrange_is_roughly_uniform_and_rejects_bad_bounds():
    rng = Rng(7)
    counts = Counter(rng.randrange(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < n < 11_000 for n in counts.values())
    with pytest.raises(ValueError):
        rng.randrange(0)


def test_shuffle_is_a_permutation_and_random_in_unit_interval():
    rng = Rng(3)
    items = list(range(50))
    rng.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
    assert all(0.0 <= rng.random() < 1.0 for _ in range(1000))


def test_draw_with_draws_uniformly_without_replacement_and_removes_what_it_draws():
    from dreamtable.core.rng import draw_with

    rng = Rng(11)
    counts: Counter[int] = Counter()
    for _ in range(6_000):
        items = list(range(5))
        drawn = draw_with(items, 2, rng)
        assert len(set(drawn)) == 2 and sorted(items + drawn) == list(range(5))
        counts.update(drawn)
    # each item is drawn in 2/5 of the 6,000 deals: 2,400 expected, about 38 the standard deviation
    assert set(counts) == set(range(5)) and all(2_200 < n < 2_600 for n in counts.values())
    items = [1, 2, 3]
    assert draw_with(items, 0, rng) == [] and items == [1, 2, 3]


def test_randrange_and_shuffle_draw_exactly_what_next_u64_gives():
    """Both write next_u64's steps out for speed: the written-out copies must stay the same generator."""
    def by_next_u64(rng: Rng, n: int) -> int:
        limit = 2**64 - 2**64 % n
        while True:
            z = rng.next_u64()
            if z < limit:
                return z % n

    for seed in range(300):
        fast, slow = Rng(seed), Rng(seed)
        assert [fast.randrange(n) for n in (1, 2, 3, 7, 54, 2**63 + 1)] == [by_next_u64(slow, n) for n in (1, 2, 3, 7, 54, 2**63 + 1)]
        items, expected = list(range(54)), list(range(54))
        fast.shuffle(items)
        for i in range(len(expected) - 1, 0, -1):
            j = by_next_u64(slow, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and fast.state == slow.state
