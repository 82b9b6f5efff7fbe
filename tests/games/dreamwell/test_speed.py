"""No slow game: Dreamwell's shortcuts give the answers of the work they save.

Random play and search now read the playable cards from a bit set per pair of shown items, the
rotations and flips from one bit set of open cells, the board's items and doors from tables kept
while the tiles stay put, door distances level by level instead of with a heap, and a seat's steps
to each card (in a memo per board) and each card's value from memos. Each test below checks one of
them against the rule written out plainly.
"""

from __future__ import annotations

import heapq
import random

import pytest

from dreamtable.games.dreamwell import components, evaluation
from dreamtable.games.dreamwell.components import FRIEND_CARDS, TERRAIN_ITEM, TILES
from dreamtable.games.dreamwell.notation import FLIP, ROTATE
from dreamtable.games.dreamwell.rules import EDGE_CELLS, NEIGHBOURS, OFF, WellState, rotated

from .position import GAME, board_a, cell, with_fixtures


def _random_states(players: int = 2, mode: str = "basic", games: int = 2, every: int = 37):
    """States along random games (any legal move; a play whenever one is possible, so cards leave hands)."""
    for seed in range(games):
        state = GAME.new(players=players, seed=seed, mode=mode)
        rng = random.Random(seed)
        step = 0
        while not state.is_over and step < 3_000:
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            plays = [move for move in legal if str(move).startswith("play ")]
            state.apply(seat, rng.choice(plays or legal))
            step += 1
            if step % every == 0:
                yield state


def _meets_plainly(card: int, items: tuple[int, int], located: int) -> bool:
    """DW-R15 as the rulebook says it: each creature under a different pawn (or LOCATED), the terrain
    under a pawn (or LOCATED)."""
    friend = components.FRIEND_CARDS[card]  # the table of the moment (a test may add fixture cards)
    c1, c2 = friend.creatures
    terrain = TERRAIN_ITEM + friend.terrain
    first, second = items

    def has(items_there: int, item: int) -> bool:
        return bool(items_there >> item & 1)

    terrain_ok = has(located, terrain) or has(first | second, terrain)
    for x, y in ((c1, c2), (c2, c1)):
        x_ok = has(located, x) or has(first, x)
        y_ok = has(located, y) or has(second, y)
        if x_ok and y_ok and terrain_ok:
            return True
    return False


def test_playable_cards_are_those_whose_requirements_the_pawns_meet():
    rng = random.Random(1)
    shown = [0] + [(1 << c) | (1 << (TERRAIN_ITEM + t)) for tile in TILES for c, t in tile.faces]
    for _ in range(400):
        first, second = rng.choice(shown), rng.choice(shown)
        located = rng.choice([0, 0, 1 << rng.randrange(12)])
        state = board_a(pawns={0: ("a1", "b1")})
        state.located[0] = located
        bits = state.playable_cards(0)
        for card in range(len(FRIEND_CARDS)):
            expected = _meets_plainly(card, (state.items_at(state.pawns[0][0]), state.items_at(state.pawns[0][1])),
                                      located)
            assert bool(bits >> card & 1) == expected == state.can_play(0, card)
        from dreamtable.games.dreamwell.rules import playable

        direct = playable(first, second, located)
        for card in range(len(FRIEND_CARDS)):
            assert bool(direct >> card & 1) == _meets_plainly(card, (first, second), located)


def test_the_playable_memo_follows_a_changed_card_table(monkeypatch):
    names = [f"{column}{row}" for column in "abcd" for row in "1234"]
    probe = board_a()
    pairs = [(a, b) for a in names for b in names if a != b]
    for a, b in pairs:  # fill the memo from the deck's own table for every pawn pair
        probe.pawns[0] = [cell(a), cell(b)]
        probe.playable_cards(0)
    numbers = with_fixtures(monkeypatch)  # four more cards: the memo must not answer from the old table
    met = 0
    for a, b in pairs:
        probe.pawns[0] = [cell(a), cell(b)]
        bits = probe.playable_cards(0)
        for name, number in numbers.items():
            expected = _meets_plainly(number, (probe.items_at(cell(a)), probe.items_at(cell(b))), 0)
            assert bool(bits >> number & 1) == expected, (name, a, b)
            met += expected
    assert met > 0


def test_rotations_and_flips_are_the_open_tiles_in_cell_order():
    for state in _random_states(players=3, mode="advanced", games=1):
        for seat in range(state.players):
            occupied = [0] * 16
            for other, pawns in enumerate(state.pawns):
                for where in pawns:
                    if where != OFF:
                        occupied[where] |= 1 << other
            open_cells = [c for c in range(16) if not occupied[c] or occupied[c] >> seat & 1]
            assert [(m.a, m.b) for m in state._rotate_moves(seat)] == [(c, t) for c in open_cells for t in (1, 2, 3)]
            assert [m.a for m in state._flip_moves(seat)] == open_cells
            assert all(m.kind == ROTATE for m in state._rotate_moves(seat))
            assert all(m.kind == FLIP for m in state._flip_moves(seat))


def test_the_kept_board_follows_every_change_of_the_tiles():
    state = board_a()
    rng = random.Random(2)
    for _ in range(200):
        shows, doors = state.board()
        assert shows == tuple(state.items_at(c) for c in range(16))
        assert doors == tuple(rotated(TILES[state.tiles[c]].doors, state.rotation[c]) for c in range(16))
        twin = state.copy()
        what = rng.randrange(3)
        where = rng.randrange(16)
        if what == 0:
            state.rotation[where] = (state.rotation[where] + 1) % 4  # as a test's position would
        elif what == 1:
            state.face[where] ^= 1
        else:
            other = rng.randrange(16)
            state.tiles[where], state.tiles[other] = state.tiles[other], state.tiles[where]
        assert twin.board() == (shows, doors)  # the copy kept its own board


def _plain_distances(doors: tuple[int, ...], start: int) -> tuple[int, ...]:
    dist = [evaluation.FAR] * 16
    heap = [(1, c) for c in EDGE_CELLS] if start == OFF else [(0, start)]
    for cost, c in heap:
        dist[c] = cost
    heapq.heapify(heap)
    while heap:
        cost, c = heapq.heappop(heap)
        if cost > dist[c]:
            continue
        for d in range(8):
            target = NEIGHBOURS[c][d]
            if target != OFF and cost + (1 if doors[c] >> d & 1 else 2) < dist[target]:
                dist[target] = cost + (1 if doors[c] >> d & 1 else 2)
                heapq.heappush(heap, (dist[target], target))
    return tuple(dist)


def test_door_distances_and_nearest_items_are_dijkstras():
    rng = random.Random(3)
    faces = [(1 << c) | (1 << (TERRAIN_ITEM + t)) for tile in TILES for c, t in tile.faces]
    for _ in range(2_000):
        doors = tuple(rng.randrange(256) for _ in range(16))
        shows = tuple(rng.choice(faces) for _ in range(16))
        start = rng.choice([OFF, *range(16)])
        reach = _plain_distances(doors, start)
        assert evaluation.distances(doors, start) == reach
        near = evaluation.nearest(doors, shows, start)
        creature = (1 << TERRAIN_ITEM) - 1
        masks = {0} | {m for items in shows for m in (items, items & creature, items & ~creature)}
        assert set(near) == masks
        for mask in masks - {0}:
            assert near[mask] == min(reach[c] for c in range(16) if shows[c] & mask == mask)
        assert near[0] == 0


def test_remembered_steps_and_values_give_the_evaluation_worked_out_afresh():
    for state in _random_states(players=2, games=2, every=23):
        first = evaluation.evaluate_all(state)
        evaluation._board_of.cache_clear()  # each board's nearest items and steps to each card
        evaluation._values_after.cache_clear()
        state._board = None
        assert evaluation.evaluate_all(state) == first
        assert evaluation.evaluate_all(state.copy()) == first


@pytest.mark.slow
def test_one_seats_evaluation_is_its_entry_of_every_seats():
    """evaluate(state, seat) works out only that seat's estimate (greedy and playouts ask for one):
    the same value as evaluate_all's, with 2–4 players, in both modes, finished games too."""
    for players in (2, 3, 4):
        for mode in ("basic", "advanced"):
            for state in _random_states(players=players, mode=mode, games=2, every=17):
                every = evaluation.evaluate_all(state)
                assert [evaluation.evaluate(state, seat) for seat in range(players)] == every
                assert [GAME.evaluate(state, seat) for seat in range(players)] == every
    finished = next(state for state in _random_states(every=1) if state.is_over)
    assert [evaluation.evaluate(finished, seat) for seat in range(2)] == evaluation.evaluate_all(finished)


def test_a_state_built_by_hand_is_read_afresh():
    """Tests and tools change a state's fields directly: the kept board follows."""
    state = board_a(pawns={0: ("a1", "b1")})
    assert isinstance(state, WellState)
    a1 = cell("a1")
    for turn in range(4):
        state.board()
        state.rotation[a1] = turn
        state.face[a1] = turn % 2
        assert state.board()[1][a1] == state.doors(a1) == rotated(TILES[state.tiles[a1]].doors, turn)
        assert state.board()[0][a1] == state.items_at(a1)


def _determinize_plainly(state, seat, rng):
    """DW-R24's world as it was first written: every unseen card shuffled, then dealt back in place."""
    from dreamtable.core.rng import shuffle_with

    n = state.players
    hands = [hand[:] for hand in state.hands]
    bit = 1 << seat
    pool = [card for card, seen in zip(state.deck, state.deck_seen) if not seen & bit]
    for other in range(n):
        if other != seat:
            kept = [card for card in state.hands[other] if card in state.known[seat * n + other]]
            pool.extend(card for card in state.hands[other] if card not in kept)
            hands[other] = kept
    pool.sort()
    shuffle_with(pool, rng)
    for other in range(n):
        if other != seat:
            while len(hands[other]) < len(state.hands[other]):
                hands[other].append(pool.pop())
    deck = [card if seen & bit else pool.pop() for card, seen in zip(state.deck, state.deck_seen)]
    return hands, deck


def test_a_world_deals_exactly_what_the_plain_rule_deals():
    seen_a_known_place = False
    for state in _random_states(players=3, games=2, every=29):
        for seat in range(state.players):
            seen_a_known_place |= any(seen >> seat & 1 for seen in state.deck_seen)
            world = state.determinize(seat, random.Random(seat))
            hands, deck = _determinize_plainly(state, seat, random.Random(seat))
            assert world.hands == hands and world.deck == deck
            assert sorted(world.deck + sum(world.hands, [])) == sorted(state.deck + sum(state.hands, []))
    assert seen_a_known_place  # both ways of dealing the deck were exercised


def test_the_kept_deal_follows_every_change_of_the_cards():
    """determinize keeps what a seat cannot see while the cards stay put; moves, copies and fields
    changed by hand (as tests and tools do) are dealt afresh."""
    for played in _random_states(players=3, games=1, every=31):
        state = played.copy()
        twin = state.copy()
        rng = random.Random(4)
        n = state.players
        for step in range(20):
            seat = step // 5 % n  # one seat at a time, so that its kept deal is asked for again
            for dealt in (state, twin):  # twin shares the kept deal until its cards change
                world = dealt.determinize(seat, random.Random(step))
                assert (world.hands, world.deck) == _determinize_plainly(dealt, seat, random.Random(step))
            other, third = (seat + 1) % n, (seat + 2) % n
            what = step % 5
            if what == 0:
                state.deck_seen[rng.randrange(len(state.deck_seen))] ^= 1 << seat
            elif what == 1 and state.hands[other]:
                state.known[seat * n + other] = state.hands[other][:1]  # the seat saw the other's first card
            elif what == 2 and state.hands[other] and state.hands[third]:
                state.hands[other][0], state.hands[third][0] = state.hands[third][0], state.hands[other][0]
            elif what == 3:
                state.deck[0], state.deck[-1] = state.deck[-1], state.deck[0]
            elif twin.actors:
                twin.apply(twin.actors[0], twin.legal_actions(twin.actors[0])[0])


def test_copies_and_worlds_share_the_legal_list_only_while_it_holds():
    for state in _random_states(players=2, games=1, every=41):
        seat = state.actors[0]
        listed = state.legal_actions(seat)
        twin = state.copy()
        twin.apply(seat, listed[-1])
        assert state.legal_actions(seat) == listed == state._generate(seat)
        assert twin.legal_actions(twin.actors[0]) == twin._generate(twin.actors[0]) if not twin.is_over else True
        other = 1 - seat
        world = state.determinize(other, random.Random(1))  # the seat on turn gets a new hand in it
        assert world.legal_actions(seat) == world._generate(seat)
        mine = state.determinize(seat, random.Random(1))
        assert mine.legal_actions(seat) == mine._generate(seat) == listed
