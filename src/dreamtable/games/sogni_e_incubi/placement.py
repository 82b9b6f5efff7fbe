"""What may be played on a slot: the design note's table §3.3 as data.

``table[card_class][own][top_class]`` is ``None`` when the play is allowed and otherwise the
reason it is not, naming the rule. Legal-move generation and the checks in ``apply`` both read
this one table, so the two cannot disagree. The table depends on two options
(``own_rem_swap``, ``converti_sogno_locks``) and is built once per option set.
"""

from __future__ import annotations

from functools import lru_cache

# What is on top of a slot (SI-R5).
EMPTY, TOP_SOGNO, TOP_INCUBO, TOP_CS, TOP_CI, TOP_REM = range(6)
TOP_NAMES = ("an empty slot", "a Dream", "a Nightmare", "a Convert to Dream", "a Convert to Nightmare", "a Rem")
EMPTY_CODE = 15
"""Every stack keeps this code at its bottom, so ``stack[-1]`` is always the top (no empty test)."""
TOP_CLASS: tuple[int, ...] = tuple([TOP_SOGNO] * 6 + [TOP_INCUBO] * 6 + [TOP_CS, TOP_CI, TOP_REM, EMPTY])

# The kind of card played.
PLAY_SOGNO, PLAY_INCUBO, PLAY_CS, PLAY_CI, PLAY_REM = range(5)
PLAY_CLASS: tuple[int, ...] = tuple([PLAY_SOGNO] * 6 + [PLAY_INCUBO] * 6 + [PLAY_CS, PLAY_CI, PLAY_REM])

OPPONENT, OWN = 0, 1
ALL_TOPS = range(6)

Table = tuple[tuple[tuple[str | None, ...], ...], ...]
Allowed = tuple[tuple[tuple[bool, ...], ...], ...]


@lru_cache(maxsize=None)
def placement_table(own_rem_swap: bool, converti_sogno_locks: bool) -> Table:
    """The placement rules for one option set (SI-R7 to SI-R11)."""
    table: list[list[list[str | None]]] = [[[None] * 6 for _side in range(2)] for _card in range(5)]

    def forbid(card: int, side: int, tops: "range | tuple[int, ...]", reason: str) -> None:
        for top in tops:
            if table[card][side][top] is None:
                table[card][side][top] = reason

    locked = "a Convert to Dream locks its slot for good: nothing more may be played there (SI-R10)"
    if converti_sogno_locks:
        for card in range(5):
            for side in (OWN, OPPONENT):
                forbid(card, side, (TOP_CS,), locked)

    not_rem = (EMPTY, TOP_SOGNO, TOP_INCUBO, TOP_CS, TOP_CI)
    forbid(PLAY_SOGNO, OPPONENT, not_rem, "a Dream goes into an opponent's row only in place of a Rem (SI-R7d)")
    if not own_rem_swap:
        forbid(PLAY_SOGNO, OWN, (TOP_REM,), "swapping your own Rem is switched off (option own_rem_swap, SI-R7d)")

    forbid(PLAY_INCUBO, OWN, ALL_TOPS, "a Nightmare goes only into an opponent's row (SI-R8)")
    forbid(PLAY_INCUBO, OPPONENT, (EMPTY,), "a Nightmare cannot go on an empty slot (SI-R8)")

    forbid(PLAY_CI, OWN, ALL_TOPS, "a Convert to Nightmare goes only into an opponent's row (SI-R9)")
    forbid(PLAY_CI, OPPONENT, (EMPTY, TOP_INCUBO, TOP_CI), "a Convert to Nightmare goes only on a Dream or a Rem (SI-R9)")

    forbid(PLAY_CS, OPPONENT, ALL_TOPS, "a Convert to Dream goes only into your own row (SI-R10)")
    forbid(PLAY_CS, OWN, (EMPTY, TOP_SOGNO, TOP_REM, TOP_CS), "a Convert to Dream only covers a nightmare of your own row (SI-R10)")

    forbid(PLAY_REM, OPPONENT, ALL_TOPS, "a Rem goes only into your own row (SI-R11)")
    forbid(PLAY_REM, OWN, (TOP_SOGNO, TOP_REM, TOP_CS), "a Rem goes only on an empty slot or a nightmare of your own row (SI-R11)")

    return tuple(tuple(tuple(side) for side in card) for card in table)


@lru_cache(maxsize=None)
def allowed_by_top(table: Table) -> Allowed:
    """The same table for move generation: ``[card code][own][top code]`` is True when allowed."""
    return tuple(
        tuple(tuple(table[PLAY_CLASS[card]][side][TOP_CLASS[top]] is None for top in range(16)) for side in (OPPONENT, OWN))
        for card in range(15)
    )

