"""The rules of Dream – Sogni e Incubi: setup, the turn, the four kinds of card play, the end.

Hold the rulebook and the design note (``SI-R*``) beside this file: each rule is marked where
it is carried out.
"""

from __future__ import annotations

from typing import Any

from ...core.contract import Game, Outcome, TurnBasedState, seat_from_name, seat_name
from ...core.errors import IllegalActionError
from ...core.rng import Rng, reseeded, shuffle_with
from ...core.visibility import Event, owner_only
from .cards import CI, CODES, CS, DECK, LONG_NAMES, REM, SHORT_NAMES, is_sogno, number_of
from .events import (
    DEAL,
    DRAW as DRAW_EVENT,
    GAME_OVER,
    PASS,
    PASS_NO_CARDS,
    PASS_NO_LEGAL_MOVE,
    PLAY,
    REASON_COMPLETE,
    REASON_HANDS_EMPTY,
    REASON_STUCK,
)
from .notation import DRAW, DRAW_CODE, Move
from .placement import (
    OPPONENT,
    OWN,
    PLAY_CLASS,
    EMPTY_CODE,
    TOP_CLASS,
    TOP_NAMES,
    TOP_REM,
    TOP_SOGNO,
    Allowed,
    Table,
    allowed_by_top,
    placement_table,
)
from .prompts import ASK_DRAW_ONLY, ASK_DRAW_OR_PLAY, ASK_PLAY_DECK_EMPTY, ASK_PLAY_HAND_FULL

SLOTS = 6
DEALT = 4

# Every move there can be, built once: MOVES[card][target + 1][slot] (target -1: own row).
MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(Move(card, None if target < 0 else target, slot) for slot in range(SLOTS + 1)) for target in range(-1, 4))
    for card in range(CODES)
)

TOP_SHORT_NAMES: tuple[str | None, ...] = (*SHORT_NAMES, None)
"""A stack's top code as the short name events carry (``None``: the empty base, EMPTY_CODE)."""


class SogniState(TurnBasedState[Move]):
    """One match of Sogni e Incubi. Seats are 0..n-1 (A, B, …), clockwise."""

    __slots__ = (
        "hands",
        "hand_sizes",
        "known",
        "rows",
        "deck",
        "passes",
        "first_player",
        "_table",
        "_hand_limit",
        "_allowed",
        "_opponents",
        "_dream_top",
    )

    hands: list[list[int]]  # per seat, a count per card code
    hand_sizes: list[int]
    known: list[list[int]]  # per seat, cards everyone saw enter that hand (a lower bound, SI-R17)
    rows: list[list[tuple[int, ...]]]  # per seat, six stacks bottom→top over EMPTY_CODE (SI-R5)
    deck: list[int]  # the top card is the last one
    passes: int  # automatic passes since the last real action (SI-R4, SI-R15)
    first_player: int
    _table: Table  # reasons, for messages (placement.py)
    _allowed: Allowed  # the same as booleans by top code, for move generation
    _hand_limit: int
    _opponents: tuple[tuple[int, ...], ...]
    _dream_top: tuple[bool, ...]  # by top code: does this top make a dream slot (SI-R5, SI-R12)

    # -- setup (SI-R1) ----------------------------------------------------------------------
    @classmethod
    def setup(cls, game: Game[Move], players: int, seed: int, options: dict[str, Any]) -> "SogniState":
        """Shuffle the 54 cards, deal four to each seat, and choose who starts."""
        state = cls.__new__(cls)
        state._init_base(game, players, seed, options)
        state._table = placement_table(options["own_rem_swap"], options["converti_sogno_locks"])
        state._allowed = allowed_by_top(state._table)
        state._opponents = tuple(tuple(o for o in range(players) if o != s) for s in range(players))
        wild = options["wild_counts_for_win"]
        state._dream_top = tuple(code < 6 or (wild and code in (REM, CS)) for code in range(EMPTY_CODE + 1))
        state._hand_limit = options["hand_limit"]
        deck = list(DECK)
        state.rng.shuffle(deck)
        state.deck = deck
        state.hands = [[0] * CODES for _ in range(players)]
        state.hand_sizes = [0] * players
        state.known = [[0] * CODES for _ in range(players)]
        for _ in range(DEALT):
            for seat in range(players):
                state.hands[seat][deck.pop()] += 1
                state.hand_sizes[seat] += 1
        state.rows = [[(EMPTY_CODE,)] * SLOTS for _ in range(players)]
        first = options["first_player"]
        state.turn = state.rng.randrange(players) if first == "random" else seat_from_name(first)
        state.first_player = state.turn
        state.passes = 0
        state._outcome = None
        state._log = (None, Event(DEAL, None, {"first": state.turn}))
        return state

    # -- copies -----------------------------------------------------------------------------
    def copy(self) -> "SogniState":
        """An independent copy (stacks are tuples, so a row copy is one list copy)."""
        twin = SogniState.__new__(SogniState)
        self._copy_base_into(twin)
        twin.hands = [hand[:] for hand in self.hands]
        twin.hand_sizes = self.hand_sizes[:]
        twin.known = [known[:] for known in self.known]
        twin.rows = [row[:] for row in self.rows]
        twin.deck = self.deck[:]
        twin.turn = self.turn
        twin.passes = self.passes
        twin.first_player = self.first_player
        twin._outcome = self._outcome and self._outcome.owned()  # details of its own (None while playing)
        twin._table = self._table
        twin._hand_limit = self._hand_limit
        twin._allowed = self._allowed
        twin._opponents = self._opponents
        twin._dream_top = self._dream_top
        return twin

    def determinize(self, seat: int, rng: Rng | Any) -> "SogniState":
        """Re-deal what ``seat`` cannot see: the deck order and the unknown part of other hands.

        Cards everyone saw enter a hand (SI-R17) stay in it; the rest of the other hands and the
        deck are shuffled together and dealt back in the same sizes.
        """
        twin = self.copy()
        pool = list(self.deck)
        for other in range(self.players):
            if other == seat:
                continue
            hand, known = twin.hands[other], twin.known[other]
            for code in range(CODES):
                pool.extend([code] * (hand[code] - known[code]))
                hand[code] = known[code]
        # Sorted first, so the result depends only on what `seat` knows and on `rng`.
        pool.sort()
        shuffle_with(pool, rng)
        for other in range(self.players):
            if other == seat:
                continue
            hand = twin.hands[other]
            for _ in range(self.hand_sizes[other] - sum(twin.known[other])):
                hand[pool.pop()] += 1
        twin.deck = pool
        twin.rng = reseeded(rng)
        return twin

    # -- who acts and what they may do (SI-R2, SI-R3) ---------------------------------------
    def legal_actions(self, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now (empty unless it is that seat's turn)."""
        if self._outcome is not None or seat != self.turn:
            return []
        return self._moves_of(seat)

    def _moves_of(self, seat: int) -> list[Move]:
        moves: list[Move] = []
        if self.deck and self.hand_sizes[seat] < self._hand_limit:
            moves.append(DRAW)
        hand = self.hands[seat]
        allowed = self._allowed
        rows = self.rows
        own_row = rows[seat]
        opponents = self._opponents[seat]
        for card in range(CODES):
            if not hand[card]:
                continue
            on_opponent, on_own = allowed[card]
            by_target = MOVES[card]
            if card < 12:  # a Sogno or Incubo goes on the slot of its number (SI-R6)
                index = card % 6
                if on_own[own_row[index][-1]]:
                    moves.append(by_target[0][index + 1])
                for other in opponents:
                    if on_opponent[rows[other][index][-1]]:
                        moves.append(by_target[other + 1][index + 1])
            elif card == CI:
                for other in opponents:
                    for index, stack in enumerate(rows[other]):
                        if on_opponent[stack[-1]]:
                            moves.append(by_target[other + 1][index + 1])
            else:  # CS and Rem go only into your own row
                for index, stack in enumerate(own_row):
                    if on_own[stack[-1]]:
                        moves.append(by_target[0][index + 1])
        return moves

    def why_illegal(self, seat: int, move: object) -> str | None:
        """``None`` when ``seat`` may play ``move`` now, otherwise the reason, naming the rule."""
        if not isinstance(move, Move):
            return f"{move!r} is not a Sogni e Incubi move; read one with game.parse_action (e.g. 'draw', 'S3')"
        if type(move.card) is not int or type(move.slot) is not int or not (move.target is None or type(move.target) is int):
            # A crafted Move (a bool, a float or a text in a field) would index the hands or slip
            # into the record in a form that no longer replays: only the values parse_action makes.
            return (f"{move!r} is malformed: card and slot are whole numbers and target is a seat number "
                    "or None; read moves with game.parse_action")
        if move.card == DRAW_CODE:
            if move != DRAW:
                return f"{move!r}: drawing names no row or slot; write draw"
            if not self.deck:
                return "the deck is empty, so you cannot draw (SI-R3)"
            if self.hand_sizes[seat] >= self._hand_limit:
                return (
                    f"you hold {self.hand_sizes[seat]} cards; you may draw only with fewer than "
                    f"{self._hand_limit} (hand limit, SI-R3)"
                )
            return None
        card, target, slot = move
        if not 0 <= card < CODES or not 1 <= slot <= SLOTS:
            return f"{move!r} names no card or slot of this game"
        if not self.hands[seat][card]:
            return f"you hold no {LONG_NAMES[card]}"
        if target is not None and (target == seat or not 0 <= target < self.players):
            return f"{move!r} names no opponent's row"
        number = number_of(card)
        if number and number != slot:
            return f"{LONG_NAMES[card]} cannot go on slot {slot}: it goes on the slot of its own number (SI-R6)"
        side = OWN if target is None else OPPONENT
        stack = self.rows[seat if target is None else target][slot - 1]
        top = TOP_CLASS[stack[-1]]
        reason = self._table[PLAY_CLASS[card]][side][top]
        if reason is None:
            return None
        where = "your" if target is None else f"{seat_name(target)}'s"
        return f"{LONG_NAMES[card]} cannot go on {where} slot {slot} ({TOP_NAMES[top]}): {reason}"

    # -- carrying out a move (SI-R7 to SI-R11) ----------------------------------------------
    def _apply(self, seat: int, move: Move) -> list[Event]:
        reason = self.why_illegal(seat, move)
        if reason is not None:
            raise IllegalActionError(reason)
        if move.card == DRAW_CODE:
            card = self.deck.pop()
            self.hands[seat][card] += 1
            self.hand_sizes[seat] += 1
            events = [Event(DRAW_EVENT, seat, {"card": owner_only(seat, SHORT_NAMES[card])})]
        else:
            events = [self._play(seat, move)]
        self.passes = 0
        self._after_action(seat, events)
        return events

    def _take_into_hand(self, seat: int, card: int) -> None:
        """A card leaves a row face up for a hand: everyone saw it go there (SI-R17)."""
        self.hands[seat][card] += 1
        self.hand_sizes[seat] += 1
        self.known[seat][card] += 1

    def _play(self, seat: int, move: Move) -> Event:
        """Carry out a card play; the event names the card that was on top and whose hand it went to."""
        card, target, slot = move
        hand = self.hands[seat]
        hand[card] -= 1
        self.hand_sizes[seat] -= 1
        known = self.known[seat]
        if known[card]:
            # Others cannot tell a seen copy from a hidden one of the same card, so one fewer is
            # known to be there, whatever else the hand holds (SI-R17).
            known[card] -= 1
        owner = seat if target is None else target
        row = self.rows[owner]
        stack = row[slot - 1]
        over = stack[-1]
        top = TOP_CLASS[over]
        receiver: int | None = None
        if is_sogno(card) and top == TOP_REM:
            # SI-R7d: the Dream takes the Rem's place; the Rem goes to the player of the Dream.
            row[slot - 1] = stack[:-1] + (card,)
            receiver = seat
            self._take_into_hand(seat, REM)
        elif 6 <= card < 12 and top == TOP_SOGNO:
            # SI-R8: the Nightmare takes the Dream on top into the attacker's hand.
            row[slot - 1] = stack[:-1] + (card,)
            receiver = seat
            self._take_into_hand(seat, over)
        elif card == CI and top == TOP_SOGNO:
            # SI-R9: the Dream goes back to a hand — its owner's by default.
            row[slot - 1] = stack[:-1] + (card,)
            receiver = owner if self._options["ci_returns_to"] == "owner" else seat
            self._take_into_hand(receiver, over)
        else:
            row[slot - 1] = stack + (card,)  # on top: a cover (SI-R7c, SI-R10, SI-R11) or a stack
        return Event(PLAY, seat, {"card": SHORT_NAMES[card], "row": owner, "slot": slot,
                                  "over": TOP_SHORT_NAMES[over], "to_hand": receiver})

    # -- after every action: the win, the special end, passing (SI-R4, SI-R12 to SI-R15) -----
    def is_dream_slot(self, seat: int, slot: int) -> bool:
        """Whether the top of the slot is a dream card (SI-R5; wild cards per ``wild_counts_for_win``)."""
        return self._dream_top[self.rows[seat][slot - 1][-1]]

    def dream_slots(self, seat: int) -> int:
        """How many of the seat's six slots show a dream card."""
        dream_top = self._dream_top
        return sum([dream_top[stack[-1]] for stack in self.rows[seat]])

    def longest_run(self, seat: int) -> int:
        """The longest run of adjacent dream slots in the seat's row (SI-R14's tie-break)."""
        best = run = 0
        for slot in range(1, SLOTS + 1):
            run = run + 1 if self.is_dream_slot(seat, slot) else 0
            best = max(best, run)
        return best

    def dream_cards(self, seat: int) -> int:
        """Every dream card anywhere in the seat's stacks (``final_count = cards``)."""
        dream_top = self._dream_top
        return sum(1 for stack in self.rows[seat] for card in stack if dream_top[card])

    def _after_action(self, actor: int, events: list[Event]) -> None:
        players = self.players
        for offset in range(players):  # SI-R12: in turn order from the active player
            seat = (actor + offset) % players
            if self.hand_sizes[seat] == 0 and self.dream_slots(seat) == SLOTS:
                self._finish(REASON_COMPLETE, (seat,), events)
                return
        if not self.deck and not any(self.hand_sizes):
            self._finish(REASON_HANDS_EMPTY, None, events)  # SI-R14
            return
        seat = actor
        while True:
            seat = (seat + 1) % players
            if self.deck and self.hand_sizes[seat] < self._hand_limit or self._moves_of(seat):
                self.turn = seat
                return
            # SI-R4: no legal action, so the seat passes automatically (SI-R14: sitting out).
            self.passes += 1
            why = PASS_NO_CARDS if self.hand_sizes[seat] == 0 else PASS_NO_LEGAL_MOVE
            events.append(Event(PASS, seat, {"reason": why}))
            if self.passes >= players:  # SI-R15: a full round of passes
                self._finish(REASON_STUCK, None, events)
                return

    def _finish(self, reason: str, winners: tuple[int, ...] | None, events: list[Event]) -> None:
        seats = range(self.players)
        by_cards = self._options["final_count"] == "cards"
        counts = [self.dream_cards(s) if by_cards else self.dream_slots(s) for s in seats]
        runs = [self.longest_run(s) for s in seats]
        if winners is None:  # SI-R14: most dream slots (or cards), then the longest run
            best = max(zip(counts, runs))
            winners = tuple(s for s in seats if (counts[s], runs[s]) == best)
        details = tuple(
            {"dream": counts[s], "longest_run": runs[s], "hand": self.hand_sizes[s], "counted": "cards" if by_cards else "slots"}
            for s in seats
        )
        self._outcome = Outcome(tuple(float(c) for c in counts), winners, reason, details)
        events.append(Event(GAME_OVER, None, {"reason": reason, "winners": list(winners)}))

    # -- invariants, for the testing kit ----------------------------------------------------
    def check_invariants(self) -> None:
        """Every card is in exactly one place (SI-R13), and the bookkeeping agrees with itself."""
        counts = [0] * CODES
        for card in self.deck:
            counts[card] += 1
        for seat in range(self.players):
            hand = self.hands[seat]
            assert sum(hand) == self.hand_sizes[seat], f"seat {seat}: hand size {self.hand_sizes[seat]} != {sum(hand)} cards"
            assert all(0 <= k <= h for k, h in zip(self.known[seat], hand)), f"seat {seat}: known cards not in hand"
            for code in range(CODES):
                counts[code] += hand[code]
            for stack in self.rows[seat]:
                assert stack[0] == EMPTY_CODE and EMPTY_CODE not in stack[1:], f"seat {seat}: a stack lost its base"
                for card in stack[1:]:
                    counts[card] += 1
        expected = [0] * CODES
        for card in DECK:
            expected[card] += 1
        assert counts == expected, f"cards out of place: counted {counts}, the deck has {expected}"

    # -- what a seat may know (SI-R17) -------------------------------------------------------
    def _ask(self, seat: int) -> dict[str, Any]:
        """What the seat on turn may do: draw, play, or only one of them and why (SI-R2, SI-R3).

        A kind of :data:`.prompts.PROMPT_FIELDS` and its fields. It reads the seat's own hand, which
        only that seat sees, and public facts (the deck's and the hand's sizes, the limit).
        """
        may_draw = bool(self.deck) and self.hand_sizes[seat] < self._hand_limit
        may_play = len(self._moves_of(seat)) > may_draw
        if may_draw and may_play:
            return {"kind": ASK_DRAW_OR_PLAY}
        if may_draw:
            return {"kind": ASK_DRAW_ONLY}
        if not self.deck:
            return {"kind": ASK_PLAY_DECK_EMPTY}
        return {"kind": ASK_PLAY_HAND_FULL, "cards": self.hand_sizes[seat], "limit": self._hand_limit}

    def _view(self) -> dict[str, Any]:
        """The board: deck size, hand limit, hands (cards for their owner only), rows; who began."""
        def names(counts: list[int]) -> list[str]:
            return [SHORT_NAMES[code] for code in range(CODES) for _ in range(counts[code])]

        return {
            "first_player": self.first_player,
            "deck": len(self.deck),
            "hand_limit": self._hand_limit,
            "hands": [
                {
                    "size": self.hand_sizes[s],
                    "known": names(self.known[s]),
                    "cards": owner_only(s, names(self.hands[s])),
                }
                for s in range(self.players)
            ],
            "rows": [[[SHORT_NAMES[card] for card in stack[1:]] for stack in self.rows[s]] for s in range(self.players)],
        }
