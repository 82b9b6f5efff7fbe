"""Worlds for a seat (``DreamState.determinize``): re-deal everything the seat has not seen.

What each seat knows of the cards:

* nobody knows the *fresh* cards below the top (never revealed) nor the orientation a card was
  turned to when it went under the deck (WID-R3); those who saw a card before its turn know it
  shows another Element now;
* the Dreamer of the night does not see the card in play, nor any card of the night's board until
  the recount is in: only the guesses they made and the clues, which are public. From the review
  the Dreamer is unmasked and sees the board. Cards of a night that went
  under the deck still unseen by someone are recorded in ``DreamState.down``;
* after a last answer the new top card was never revealed (``DreamState.top_blind``).

The cards a seat has not seen are dealt again from themselves: one pool of card indices, shuffled
(sorted first, so a world depends only on what the seat knows and on the rng), with new
orientations. A card a clue was published for must be one that clue passes the judge for (when
the judge is on), so those places draw first, each taking the first card of the pool that fits.
A guessed card is first decided right or wrong (evenly: :data:`RIGHT`), then drawn among the unseen
cards its guess names, or those it does not. Then what follows from the cards is worked out again:
each board card's Element, its side from the Dreamer's guess (right: Yellow), whether the recount
named it, the penalty piles.

Roles: the other clue-givers' spirits and the face-down card are re-dealt among themselves (the
Dreamer knows none of them); in family mode every clue-giver is a Fairy and only the face-down
card, which nobody sees, is drawn again from the spirit set.
"""

from __future__ import annotations

from functools import lru_cache

from . import judge
from .rules import BLUE, FINAL, NIGHT, OVER, PENALTY, RECOUNTING, YELLOW, DreamState, spirit_set
from .words import load_deck

RIGHT = 0.5
"""The chance a world makes one of the Dreamer's guesses right. The Dreamer is never told (WID-R9), and
the clues that led to a guess are evidence no rule can weigh, so a world says right or wrong evenly (a
card drawn uniformly would almost never match the guess, and every world would say wrong)."""
TRIES = 40
"""Cards tried for a place with clues before the first of the pool is taken anyway (clues rarely
rule a card out, so this is almost never reached)."""

Orientation = tuple[int, int]


def world_for(world: DreamState, seat: int) -> None:
    """Re-deal, in ``world`` (a copy with its own rng), every item hidden from ``seat``."""
    if world.phase == OVER:  # everything is shown at the end
        return
    _deal_roles(world, seat)
    _deal_cards(world, seat)


def _deal_roles(world: DreamState, seat: int) -> None:
    if world._options["family_mode"]:  # WID-R27: no secret role; the face-down card is still unseen
        world.aside = world.rng.choice(sorted(spirit_set(world.players)))
        return
    hidden = [s for s in world.clue_givers if s != seat]
    if hidden:
        pool = sorted([world.role_of(s) for s in hidden] + [world.aside])
        world._shuffle(pool)
        for s, role in zip(hidden, pool):
            world.roles[s] = role
        world.aside = pool[-1]


def _other_than(world: DreamState, shown: Orientation) -> Orientation:
    """One of the three orientations other than ``shown``, uniformly (a card turned under the deck)."""
    others = [(f, e) for f in (0, 1) for e in (0, 1) if (f, e) != shown]
    return others[world.rng.randrange(3)]


def _any_orientation(world: DreamState) -> Orientation:
    face, end = divmod(world.rng.randrange(4), 2)  # one draw, not two: a world re-deals a hundred cards
    return (face, end)


def _clues_allow(world: DreamState, seq: int, index: int, orientation: Orientation) -> bool:
    """Whether every clue published for card number ``seq`` passes the judge against this card's Element."""
    if world._options["auto_clue_check"] == "off":
        return True
    words = [clue["word"] for clue in world.clues if clue["seq"] == seq]
    if not words:
        return True
    face, end = orientation
    element = world.cards[index].faces[face][end]
    translation_check = world._options["translation_check"] != "off"
    min_length = world._options["min_substring_len"]
    language = world._options["language"]
    return all(judge.improper_reason(word, element, translation_check, min_length, language) is None for word in words)


@lru_cache(maxsize=None)
def _named_by(language: str) -> tuple[dict[str, list[tuple[int, int, int]]], dict[str, list[tuple[int, int, int]]]]:
    """Every (card, face, end) by the normalised form and by the stem of its Element and aliases: the
    cards a guess names (``judge.guess_matches``) are found without trying all 440 Elements."""
    by_form: dict[str, list[tuple[int, int, int]]] = {}
    by_stem: dict[str, list[tuple[int, int, int]]] = {}
    for index, card in enumerate(load_deck(language)):
        for face in (0, 1):
            for end in (0, 1):
                element = card.faces[face][end]
                for name in (element, *card.aliases.get(element, ())):
                    by_form.setdefault(judge.normalise(name, language), []).append((index, face, end))
                    for key in judge.stem_keys(name, language):
                        by_stem.setdefault(key, []).append((index, face, end))
    return by_form, by_stem


def _named(world: DreamState, guess: str) -> set[tuple[int, int, int]]:
    """The cards and orientations whose Element the guess names."""
    language = world._options["language"]
    said = judge.normalise(guess, language)
    if not said:
        return set()
    by_form, by_stem = _named_by(language)
    return set(by_form.get(said, ())).union(*(by_stem.get(key, ()) for key in judge.stem_keys(guess, language)))


def _draw(world: DreamState, pool: list[int], seq: int, guess: str | None) -> tuple[int, Orientation]:
    """A card of the pool (removed from it) for a place whose clues are card ``seq``'s; for a guessed
    card, one its guess names or one it does not, as the world decides."""
    if guess is not None:
        named = _named(world, guess)
        if world.rng.random() < RIGHT:
            fits = [k for k, index in enumerate(pool) for f in (0, 1) for e in (0, 1)
                    if (index, f, e) in named and _clues_allow(world, seq, index, (f, e))]
            if fits:
                k = fits[world.rng.randrange(len(fits))]
                index = pool.pop(k)
                face, end = next((f, e) for f in (0, 1) for e in (0, 1) if (index, f, e) in named)
                return index, (face, end)
    else:
        named = set()
    for k in range(min(TRIES, len(pool))):
        orientation = _any_orientation(world)
        if (pool[k], *orientation) not in named and _clues_allow(world, seq, pool[k], orientation):
            return pool.pop(k), orientation
    return pool.pop(0), _any_orientation(world)


def _deal_cards(world: DreamState, seat: int) -> None:
    deck, down, board = world.deck, world.down, world.board
    turned = [down.get(index) for index, _, _ in deck]  # each position's record of its turn, read before dealing
    # The places whose card the seat has not seen: deck positions, then (for the Dreamer) board entries.
    deck_places = [pos for pos, (index, _, _) in enumerate(deck)
                   if (seat in down[index][2] if index in down else
                       seat in world.top_blind if pos == 0 else pos <= world.fresh)]
    masked = seat == world.dreamer and world.phase in (NIGHT, FINAL, RECOUNTING)  # unmasked for the review
    board_places = [i for i, entry in enumerate(board) if masked and entry["side"] != "cancelled"]
    pool = sorted([deck[pos][0] for pos in deck_places] + [board[i]["card"][0] for i in board_places])
    world._shuffle(pool)
    # Places with clues draw first (the board's cards, the card in play), each the first card that fits.
    constrained = [(("board", i), board[i]["seq"], board[i]["guess"]) for i in board_places]
    in_play = world.phase in (NIGHT, FINAL) or not any(entry["seq"] == world.seq for entry in board)
    if deck_places and deck_places[0] == 0 and turned[0] is None and in_play:
        constrained.append((("deck", 0), world.seq, None))
    dealt = {place: _draw(world, pool, seq, guess) for place, seq, guess in constrained}
    moved: dict[int, int] = {}  # old card index → the card dealt in its place
    for pos in deck_places:
        new, orientation = dealt.get(("deck", pos)) or (pool.pop(0), _any_orientation(world))
        moved[deck[pos][0]] = new
        deck[pos] = (new, *orientation)
    # Cards under the deck: nobody knows how they were turned; one the seat never saw also showed an
    # orientation the seat does not know.
    world.down = {}
    for pos, record in enumerate(turned):
        if record is not None:
            face, end, blind = record
            shown = _any_orientation(world) if seat in blind else (face, end)
            index = deck[pos][0]
            world.down[index] = (*shown, blind)
            deck[pos] = (index, *_other_than(world, shown))
    for i in board_places:
        new, orientation = dealt[("board", i)]
        moved[board[i]["card"][0]] = new
        _redeal_entry(world, i, (new, *orientation))
    for i, entry in enumerate(board):  # a cancelled penalty's card is under the deck: the same card, as dealt there
        if entry["side"] == "cancelled" and entry["card"][0] in moved:
            new = moved[entry["card"][0]]
            face, end, _ = world.down[new]
            entry = board[i] = entry.copy()  # the state this world was copied from shares its entries
            entry["card"] = (new, face, end)
            entry["element"] = world.element_of(entry["card"])


def _redeal_entry(world: DreamState, i: int, card: tuple[int, int, int]) -> None:
    """A board card the Dreamer has not seen, dealt as ``card``: its Element and what follows from it."""
    entry = world.board[i] = world.board[i].copy()  # the state this world was copied from shares its entries
    old_element = entry["element"]
    entry["card"] = card
    entry["element"] = element = world.element_of(card)
    if entry["side"] == PENALTY and entry["owner"] is not None:
        pile = world.penalties[entry["owner"]]
        pile[pile.index(old_element)] = element
    elif entry["side"] in (YELLOW, BLUE):
        if entry["guess"] is not None:  # a dream-pass is Blue whatever the card (WID-R10)
            aliases = world.cards[card[0]].aliases.get(element, ())
            entry["side"] = YELLOW if judge.guess_matches(entry["guess"], element, aliases,
                                                                     world._options["language"]) else BLUE
        if world.recount is not None:
            entry["mentioned"] = world.mentioned(entry, world.recount)
