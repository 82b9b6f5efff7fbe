"""The rules of Deep Dreams: the deal, the turn, placement and connections, icon effects, the end.

Hold the rulebook and the design note (``DD-R*``) beside this file: each rule is marked where it
is carried out. Hands are bit sets of card numbers (bit ``c`` for card ``c``), so copies are cheap.
"""

from __future__ import annotations

from typing import Any

from ...core.contract import Game, Outcome, TurnBasedState
from ...core.errors import IllegalActionError
from ...core.rng import Rng, reseeded, shuffle_with
from ...core.seats import seat_from_name
from ...core.visibility import Event, Secret, owner_only
from . import events as ev
from . import prompts as pr
from .cards import (
    DECK,
    DEEP_SLEEP,
    DREAM_MOON,
    ELIMINATE_LEFT,
    ICON_NAMES,
    ICONS,
    JOINTS,
    PREDICTIONS,
    STEAL,
)
from .notation import DRAW, ELIMINATE, EXTRA, KEEP, LEFT_END, MOON, PLAY, RIGHT_END, SKIP, DreamMove
from .notation import STEAL as STEAL_MOVE
from .scoring import score

HAND_SIZE = 5
PREDICTIONS_LOOK = 3
REASON_ROW_LENGTH = "row-length"
REASON_STUCK = "stuck"

MOVE_DRAW, MOVE_EXTRA, MOVE_SKIP = DreamMove(DRAW), DreamMove(EXTRA), DreamMove(SKIP)
PLAY_RIGHT = tuple(DreamMove(PLAY, card, RIGHT_END) for card in range(len(DECK)))
PLAY_LEFT = tuple(DreamMove(PLAY, card, LEFT_END) for card in range(len(DECK)))
# Bit sets for move generation (DD-R5, DD-R6): the cards that connect when played after card a,
# and the player's-choice cards that connect when played before card b.
CONNECT_AFTER = tuple(sum(1 << b for b in range(len(DECK)) if JOINTS[a][b].levels) for a in range(len(DECK)))
CHOICE_CONNECT_BEFORE = tuple(
    sum(1 << a for a in range(len(DECK)) if DECK[a].player_choice and JOINTS[a][b].levels) for b in range(len(DECK))
)
PLAY_RIGHT_BY_BIT = {1 << card: move for card, move in enumerate(PLAY_RIGHT)}
PLAY_LEFT_BY_BIT = {1 << card: move for card, move in enumerate(PLAY_LEFT)}
"""A card's bit in a hand → its play at that end (the legal list walks a hand's bits at every move)."""
BUILT_MOVES = {move: move for move in (MOVE_DRAW, MOVE_EXTRA, MOVE_SKIP, *PLAY_RIGHT, *PLAY_LEFT)}
"""The move objects the rules build once, each the value of its own key: one of these very objects is well
formed, so applying it asks only whether it is legal now (random play and search apply nothing else at a turn)."""
_NOT_BUILT = object()
"""What BUILT_MOVES gives for a move it lacks: nothing a client sends (None included) can be it."""


def cards_of(hand: int) -> list[int]:
    """The card numbers in a hand bit set, lowest first."""
    cards = []
    while hand:
        low = hand & -hand
        cards.append(low.bit_length() - 1)
        hand ^= low
    return cards


CARD_IDS = tuple(card.id for card in DECK)
"""Card number → its code: ``CARD_IDS[16] == "DD17"``."""


def card_name(card: int) -> str:
    """``DD17`` for card 16."""
    return CARD_IDS[card]


class DreamState(TurnBasedState[DreamMove]):
    """One match of Deep Dreams. Seats 0..n-1 (A, B, …) in clockwise order; turns pass left (DD-R1)."""

    __slots__ = (
        "hands",
        "rows",
        "deck",
        "discard",
        "first_player",
        "pending",
        "peek",
        "extra_turns",
        "passes",
        "known",
        "peek_known",
        "threshold",
    )

    hands: list[int]  # bit sets of card numbers
    rows: list[list[tuple[int, ...]]]  # positions left to right; each a stack, top card last
    deck: list[int]  # top card last
    discard: list[int]
    first_player: int
    pending: tuple[int, ...]  # icon effects still to resolve this turn, in order (DD-R9)
    peek: tuple[int, ...]  # cards shown by Predictions, top first, while it is being resolved
    extra_turns: int  # Deep Sleep turns owed to the seat now playing (DD-R12)
    passes: int  # automatic passes in a row (DD-R17)
    known: list[int]  # known[p * n + q]: cards p knows to be in q's hand (for determinize)
    peek_known: list[int]  # per seat, how many cards on top of the deck it knows, in order
    threshold: int  # row length that ends the game at the end of a round (DD-R16)

    # -- setup ------------------------------------------------------------------------------
    @classmethod
    def setup(cls, game: Game[DreamMove], players: int, seed: int, options: dict[str, Any]) -> "DreamState":
        """Shuffle, deal five each (DD-R3) and choose the First Player (DD-R1)."""
        state = cls.__new__(cls)
        state._init_base(game, players, seed, options)
        deck = list(range(len(DECK)))
        state.rng.shuffle(deck)
        state.hands = [0] * players
        for _ in range(HAND_SIZE):
            for seat in range(players):
                state.hands[seat] |= 1 << deck.pop()
        state.deck = deck
        state.discard = []
        state.rows = [[] for _ in range(players)]
        first = options["first_player"]
        state.first_player = state.rng.randrange(players) if first == "random" else seat_from_name(first)
        state.turn = state.first_player
        state.pending = ()
        state.peek = ()
        state.extra_turns = 0
        state.passes = 0
        state.known = [0] * (players * players)
        state.peek_known = [0] * players
        state.threshold = 8 if players == 5 else 10
        state._outcome = None
        state._log = (None, Event(ev.DEAL, None, {"first": state.turn}))
        return state

    def copy(self) -> "DreamState":
        """An independent copy (stacks are tuples, hands are ints)."""
        twin = DreamState.__new__(DreamState)
        self._copy_base_into(twin)
        twin.hands = self.hands[:]
        twin.rows = [row[:] for row in self.rows]
        twin.deck = self.deck[:]
        twin.discard = self.discard[:]
        twin.turn = self.turn
        twin.first_player = self.first_player
        twin.pending = self.pending
        twin.peek = self.peek
        twin.extra_turns = self.extra_turns
        twin.passes = self.passes
        twin.known = self.known[:]
        twin.peek_known = self.peek_known[:]
        twin.threshold = self.threshold
        twin._outcome = self._outcome and self._outcome.owned()  # details of its own (None while playing)
        return twin

    def determinize(self, seat: int, rng: Rng | Any) -> "DreamState":
        """Re-deal what ``seat`` cannot see (DD-R24): other hands, the deck below what it peeked,
        and another seat's Predictions cards; cards it knows to be in a hand stay there."""
        n = self.players
        twin = self.copy()
        top_known = self.peek_known[seat]
        pool = self.deck[: len(self.deck) - top_known]
        kept_top = self.deck[len(self.deck) - top_known:]
        for other in range(n):
            if other != seat:
                free = self.hands[other] & ~self.known[seat * n + other]
                pool.extend(cards_of(free))
                twin.hands[other] = self.hands[other] & ~free
        peek_hidden = bool(self.peek) and self.turn != seat
        if peek_hidden:
            pool.extend(self.peek)
        pool.sort()  # the result depends only on what `seat` knows and on `rng`
        shuffle_with(pool, rng)
        for other in range(n):
            if other != seat:
                for _ in range(self.hands[other].bit_count() - twin.hands[other].bit_count()):
                    twin.hands[other] |= 1 << pool.pop()
        if peek_hidden:
            twin.peek = tuple(pool.pop() for _ in self.peek)
        twin.deck = pool + kept_top
        twin.rng = reseeded(rng)
        return twin

    # -- who acts and what they may do -----------------------------------------------------
    def legal_actions(self, seat: int) -> list[DreamMove]:
        """Every legal move of ``seat`` now."""
        if self._outcome is not None or seat != self.turn:
            return []
        if self.pending:
            return self._effect_choices(seat, self.pending[0]) + [MOVE_SKIP]
        return self._turn_moves(seat)

    def _turn_moves(self, seat: int) -> list[DreamMove]:
        """DD-R4 to DD-R6: draw, or play a card that connects at the right end (or left with PC).

        The plays come card by card, lowest number first (as :func:`cards_of` lists a hand)."""
        moves = [MOVE_DRAW] if self.deck or self.discard else []
        hand = self.hands[seat]
        row = self.rows[seat]
        if not row:
            bits = hand
            while bits:
                low = bits & -bits
                moves.append(PLAY_RIGHT_BY_BIT[low])
                bits ^= low
            return moves
        bits = hand & CONNECT_AFTER[row[-1][-1]]
        while bits:
            low = bits & -bits
            moves.append(PLAY_RIGHT_BY_BIT[low])
            bits ^= low
        bits = hand & CHOICE_CONNECT_BEFORE[row[0][-1]]
        while bits:
            low = bits & -bits
            moves.append(PLAY_LEFT_BY_BIT[low])
            bits ^= low
        return moves

    def _effect_choices(self, seat: int, effect: int) -> list[DreamMove]:
        """The ways to use an icon effect (DD-R10 to DD-R15); empty when it has no target."""
        if effect == DREAM_MOON:
            positions = range(1, len(self.rows[seat]))  # never the rightmost position
            return [DreamMove(MOON, card, position) for card in cards_of(self.hands[seat]) for position in positions]
        if effect == PREDICTIONS:
            return [DreamMove(KEEP, card) for card in self.peek]
        if effect == DEEP_SLEEP:
            return [MOVE_EXTRA]
        others = [other for other in range(self.players) if other != seat]
        if effect == STEAL:
            return [DreamMove(STEAL_MOVE, -1, other) for other in others if self.hands[other]]
        return [DreamMove(ELIMINATE, -1, other) for other in others if self.rows[other]]

    def _is_legal(self, seat: int, move: DreamMove) -> bool:
        """The same answer as ``move in legal_actions(seat)``, without building the list."""
        if self._outcome is not None or seat != self.turn:
            return False
        kind = move.kind
        if self.pending:
            return move == MOVE_SKIP or move in self._effect_choices(seat, self.pending[0])
        if kind == DRAW:  # only the one draw: DreamMove(DRAW, 7, 3) would be recorded as a plain draw
            return move == MOVE_DRAW and bool(self.deck or self.discard)
        if kind != PLAY or not 0 <= move.card < len(DECK) or not self.hands[seat] >> move.card & 1:
            return False
        row = self.rows[seat]
        if not row:
            return move.arg == RIGHT_END
        if move.arg == RIGHT_END:
            return JOINTS[row[-1][-1]][move.card].levels > 0
        return move.arg == LEFT_END and DECK[move.card].player_choice and JOINTS[move.card][row[0][-1]].levels > 0

    def _can_act(self, seat: int) -> bool:
        """Whether the seat has any move at the start of its turn (else it passes, DD-R17)."""
        return bool(self.deck or self.discard) or bool(self._turn_moves(seat))

    def why_illegal(self, seat: int, move: Any) -> str | None:
        """``None`` when ``seat`` may make ``move`` now, otherwise the reason, naming the rule."""
        if not isinstance(move, DreamMove):
            return f"{move!r} is not a Deep Dreams move; read one with game.parse_action (e.g. 'draw')"
        if not (type(move.kind) is int and type(move.card) is int and type(move.arg) is int and len(move) == 3):
            # A bool, a float or a container in a field would be taken for a number it equals (or crash).
            return f"{move!r} is malformed: kind, card and arg are whole numbers; read moves with game.parse_action"
        if not DRAW <= move.kind <= SKIP:
            return f"{move!r} is malformed: kind {move.kind} names no action (0–{SKIP}); read moves with game.parse_action"
        if move.kind in (DRAW, EXTRA, SKIP) and move[1:] != (-1, 0) or move.kind in (STEAL_MOVE, ELIMINATE) and move.card != -1:
            # Such a move would be recorded as its plain notation ('draw'), which is not what was played.
            return f"{move!r} is malformed: {move} takes no other card or argument; read moves with game.parse_action"
        if self._is_legal(seat, move):
            return None
        kind = move.kind
        if kind in (STEAL_MOVE, ELIMINATE) and not 0 <= move.arg < self.players:
            return f"there is no seat {move.arg} in this {self.players}-player game"
        if kind in (PLAY, MOON, KEEP) and not 0 <= move.card < len(DECK):
            return f"there is no card number {move.card}"
        if self.pending:
            effect = ICON_NAMES[self.pending[0]]
            if kind in (DRAW, PLAY):
                return f"first resolve {effect}: use it or skip it (DD-R9)"
            if kind in (STEAL_MOVE, ELIMINATE) and move.arg == seat:
                return f"{effect} targets another player, never yourself (DD-R15)"
            if kind == MOON and not self.hands[seat] >> move.card & 1:
                return f"you do not hold {card_name(move.card)}"
            if kind == MOON and not 1 <= move.arg < len(self.rows[seat]):
                return (f"Dream Moon cannot cover position {move.arg}: any of your positions but the "
                        f"rightmost, 1–{len(self.rows[seat]) - 1} (DD-R10)")
            if kind == KEEP and move.card not in self.peek:
                return "keep one of the cards Predictions showed you (DD-R11)"
            allowed = ", ".join(map(str, self.legal_actions(seat)))
            return f"{move} does not resolve {effect} now; choose one of: {allowed}"
        if kind == DRAW:
            return "the deck and the discard pile are both empty: nothing to draw (DD-R17)"
        if kind != PLAY:
            return f"{move} is only possible while an icon effect is being resolved"
        if not self.hands[seat] >> move.card & 1:
            return f"you do not hold {card_name(move.card)}"
        if move.arg == LEFT_END and not DECK[move.card].player_choice:
            return f"{card_name(move.card)} has no player's-choice symbol, so it goes at the right end (DD-R5)"
        if move.arg == LEFT_END and not self.rows[seat]:
            return "the first card of a row is played as 'right' (DD-R5)"
        return f"{card_name(move.card)} connects no arrow to its neighbour at that end; at least one must (DD-R6)"

    # -- carrying out a move ----------------------------------------------------------------
    def _apply(self, seat: int, move: DreamMove) -> list[Event]:
        try:
            built = BUILT_MOVES.get(move, _NOT_BUILT) is move  # never None: a crafted None is not built
        except TypeError:  # a field that cannot be hashed: why_illegal says what is wrong
            built = False
        if not (built and self._is_legal(seat, move)):  # a built move is well formed: only legality is asked
            reason = self.why_illegal(seat, move)
            if reason is not None:
                raise IllegalActionError(reason)
        events: list[Event] = []
        self.passes = 0
        kind = move.kind
        if kind == DRAW:
            self._draw(seat, 1, events, ev.DRAW)
        elif kind == PLAY:
            self._place(seat, move.card, move.arg, events)
        else:
            self._use_effect(seat, move, events)
        if self.pending:
            self._bring_up_effects(events)
            if self.pending:
                return events
        self._end_turn(events)
        return events

    def _refill_deck(self, events: list[Event]) -> bool:
        """DD-R17: an empty deck is rebuilt from the shuffled discard pile; False if both are empty."""
        if self.deck:
            return True
        if not self.discard:
            return False
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        events.append(Event(ev.RESHUFFLE, None, {"cards": len(self.deck)}))
        return True

    def _draw(self, seat: int, count: int, events: list[Event], kind: str) -> None:
        """Draw ``count`` cards, each an event of ``kind`` (a turn's draw, or the DD-R7 bonus)."""
        n = self.players
        peek_known = self.peek_known
        for _ in range(count):
            if not self.deck and not self._refill_deck(events):
                events.append(Event(ev.NO_DRAW, seat))
                return
            card = self.deck.pop()
            self.hands[seat] |= 1 << card
            if any(peek_known):
                for other in range(n):  # whoever knew the top card now knows where it went
                    if peek_known[other]:
                        peek_known[other] -= 1
                        if other != seat:
                            self.known[other * n + seat] |= 1 << card
            events.append(Event(kind, seat, {"card": owner_only(seat, CARD_IDS[card])}))

    def _leaves_hand(self, seat: int, card: int) -> None:
        """A card leaves a hand face up: nobody needs to remember it there any more."""
        self.hands[seat] &= ~(1 << card)
        n = self.players
        for other in range(n):
            self.known[other * n + seat] &= ~(1 << card)

    def _place(self, seat: int, card: int, end: int, events: list[Event]) -> None:
        """DD-R5 to DD-R9: lay the card, draw the bonus, and queue the icons that face an arrow."""
        self._leaves_hand(seat, card)
        row = self.rows[seat]
        if not row:
            row.append((card,))
            events.append(Event(ev.START_ROW, seat, {"card": CARD_IDS[card]}))
            return
        if end == RIGHT_END:
            joint = JOINTS[row[-1][-1]][card]
            neighbour_icon, own_icon = joint.icon_of_left, joint.icon_of_right
            row.append((card,))
        else:
            joint = JOINTS[card][row[0][-1]]
            neighbour_icon, own_icon = joint.icon_of_right, joint.icon_of_left
            row.insert(0, (card,))
        events.append(Event(ev.PLAY, seat, {
            "card": CARD_IDS[card], "end": ev.LEFT if end == LEFT_END else ev.RIGHT, "levels": joint.levels}))
        if joint.levels >= 2:  # DD-R7
            self._draw(seat, self._options["draw_bonus_cards"], events, ev.BONUS_DRAW)
        if neighbour_icon >= 0:  # DD-R9 order: the neighbour's icon first
            self.pending = (neighbour_icon, own_icon) if own_icon >= 0 else (neighbour_icon,)
        elif own_icon >= 0:
            self.pending = (own_icon,)
        else:
            self.pending = ()

    def _bring_up_effects(self, events: list[Event]) -> None:
        """Bring the next icon effect up for a choice; one without any target lapses (DD-R10, DD-R15)."""
        seat = self.turn
        while self.pending:
            effect = self.pending[0]
            if effect == PREDICTIONS and not self.peek:
                self._refill_deck(events)  # DD-R26: only when the deck is empty at this moment
                self.peek = tuple(self.deck.pop() for _ in range(min(PREDICTIONS_LOOK, len(self.deck))))
                self.peek_known = [0] * self.players  # the top of the deck has changed
                if self.peek:
                    events.append(Event(ev.PEEK, seat, {
                        "count": len(self.peek), "cards": owner_only(seat, [CARD_IDS[card] for card in self.peek])}))
            if self._effect_choices(seat, effect):
                return  # the player chooses
            events.append(Event(ev.LAPSE, seat, {"effect": ICONS[effect]}))
            self.pending = self.pending[1:]

    def _use_effect(self, seat: int, move: DreamMove, events: list[Event]) -> None:
        """Carry out (or decline) the icon effect at the head of the queue (DD-R10 to DD-R15)."""
        effect = self.pending[0]
        self.pending = self.pending[1:]
        kind = move.kind
        if effect == PREDICTIONS:  # DD-R11: the rest go back on top in their order
            rest = [card for card in self.peek if kind != KEEP or card != move.card]
            for card in reversed(rest):
                self.deck.append(card)
            self.peek = ()
            self.peek_known[seat] = len(rest)
            if kind == KEEP:
                self.hands[seat] |= 1 << move.card
                events.append(Event(ev.KEEP, seat, {
                    "card": owner_only(seat, CARD_IDS[move.card]), "returned": len(rest),
                    "rest": owner_only(seat, [CARD_IDS[card] for card in rest])}))
                return
        if kind == SKIP:
            events.append(Event(ev.DECLINE, seat, {"effect": ICONS[effect]}))
        elif kind == MOON:  # DD-R10
            self._leaves_hand(seat, move.card)
            row = self.rows[seat]
            row[move.arg - 1] = row[move.arg - 1] + (move.card,)
            events.append(Event(ev.MOON, seat, {"card": CARD_IDS[move.card], "position": move.arg}))
        elif kind == EXTRA:  # DD-R12
            self.extra_turns += 1
            events.append(Event(ev.DEEP_SLEEP, seat))
        elif kind == STEAL_MOVE:  # DD-R13
            victim = move.arg
            cards = cards_of(self.hands[victim])
            card = cards[self.rng.randrange(len(cards))]
            self.hands[victim] &= ~(1 << card)
            self.hands[seat] |= 1 << card
            n = self.players
            for other in range(n):  # only thief and victim saw which card it was (DD-R24)
                if other not in (seat, victim):
                    self.known[other * n + victim] = 0
            self.known[seat * n + victim] &= ~(1 << card)
            self.known[victim * n + seat] |= 1 << card
            events.append(Event(ev.STEAL, seat, {"victim": victim, "card": Secret(CARD_IDS[card], frozenset((seat, victim)))}))
        elif kind == ELIMINATE:  # DD-R14
            target = self.rows[move.arg]
            stack = target.pop(0) if effect == ELIMINATE_LEFT else target.pop()
            self.discard.extend(stack)
            events.append(Event(ev.ELIMINATE, seat, {
                "target": move.arg, "end": ev.LEFT if effect == ELIMINATE_LEFT else ev.RIGHT,
                "cards": [CARD_IDS[card] for card in stack]}))

    def _end_turn(self, events: list[Event]) -> None:
        """Extra turns first, then the round-end check (DD-R16, DD-R26), then the next seat; passes (DD-R17)."""
        n = self.players
        while True:
            if self.extra_turns:
                self.extra_turns -= 1
                events.append(Event(ev.EXTRA_TURN, self.turn))
            else:
                if self.turn == (self.first_player - 1) % n and max(map(len, self.rows)) >= self.threshold:
                    self._finish(REASON_ROW_LENGTH, events)
                    return
                self.turn = (self.turn + 1) % n
            if self.deck or self.discard or self._turn_moves(self.turn):  # _can_act
                return
            self.passes += 1
            events.append(Event(ev.PASS, self.turn))
            if self.passes >= n:
                self._finish(REASON_STUCK, events)
                return

    def _finish(self, reason: str, events: list[Event]) -> None:
        """Score (DD-R20 to DD-R22); the best total wins, then more black pairs, else shared (DD-R23)."""
        totals, details = score(self.rows)
        blacks = [detail["black_pairs"] for detail in details]
        best = max(zip(totals, blacks))
        winners = tuple(seat for seat in range(self.players) if (totals[seat], blacks[seat]) == best)
        self._outcome = Outcome(tuple(totals), winners, reason, tuple(details))
        events.append(Event(ev.GAME_OVER, None, {"reason": reason, "winners": list(winners), "points": best[0]}))

    # -- invariants and views ---------------------------------------------------------------
    def check_invariants(self) -> None:
        """Every card is in exactly one place, and what seats know is true."""
        places = list(self.deck) + list(self.discard) + list(self.peek)
        for seat in range(self.players):
            places += cards_of(self.hands[seat])
            for stack in self.rows[seat]:
                places += list(stack)
        assert sorted(places) == list(range(len(DECK))), "a card is missing or in two places"
        n = self.players
        for p in range(n):
            for q in range(n):
                assert self.known[p * n + q] & ~self.hands[q] == 0, f"seat {p} 'knows' a card that is not in {q}'s hand"
        assert all(k <= len(self.deck) for k in self.peek_known)

    def _view(self) -> dict[str, Any]:
        """The board (``view["board"]``; its JSON Schema is ``view.schema.json`` beside this file).

        The envelope already holds the players, the seat on turn and the outcome; this is the
        table itself. Cards are their codes; hidden parts are wrapped for their owner.
        """
        totals, details = score(self.rows)
        ids = CARD_IDS
        return {
            "first_player": self.first_player,
            "threshold": self.threshold,
            "deck": len(self.deck),
            "discard": [ids[card] for card in self.discard],
            "hands": [
                {"size": self.hands[s].bit_count(), "cards": owner_only(s, [ids[c] for c in cards_of(self.hands[s])])}
                for s in range(self.players)
            ],
            "rows": [[[ids[card] for card in stack] for stack in row] for row in self.rows],
            "resolving": ICONS[self.pending[0]] if self.pending else None,
            "peek": owner_only(self.turn, [ids[card] for card in self.peek], len(self.peek)) if self.peek else None,
            "extra_turns": self.extra_turns,
            "scores": totals,
            "score_parts": details,
        }

    def _ask(self, seat: int) -> dict[str, Any]:
        """What the seat on turn is asked (a kind of :mod:`.prompts`): the icon effect it
        resolves, or to play or draw.

        Only the seat on turn is asked, so its own hand may shape the question.
        """
        if self.pending:
            return self._effect_ask(seat, self.pending[0])
        can_draw = bool(self.deck or self.discard)
        playable = len(self._turn_moves(seat)) - can_draw
        if not self.rows[seat]:
            return {"kind": pr.ASK_START if playable else pr.ASK_DRAW}
        if playable and can_draw:
            return {"kind": pr.ASK_PLAY_OR_DRAW}
        if playable:
            return {"kind": pr.ASK_PLAY}
        return {"kind": pr.ASK_DRAW_NO_FIT}

    def _effect_ask(self, seat: int, effect: int) -> dict[str, Any]:
        """The question an icon effect asks (DD-R10 to DD-R15); every one may be declined."""
        if effect == DREAM_MOON:
            last = len(self.rows[seat]) - 1
            return {"kind": pr.ASK_MOON_ONE} if last == 1 else {"kind": pr.ASK_MOON, "last": last}
        if effect == PREDICTIONS:
            count = len(self.peek)
            return {"kind": pr.ASK_PREDICTIONS_ONE if count == 1 else pr.ASK_PREDICTIONS, "count": count}
        if effect == DEEP_SLEEP:
            return {"kind": pr.ASK_DEEP_SLEEP}
        targets = [move.arg for move in self._effect_choices(seat, effect)]
        if effect == STEAL:
            return pr.targets_ask(pr.ASK_STEAL, targets)
        return pr.targets_ask(pr.ASK_ELIMINATE, targets, end=ev.LEFT if effect == ELIMINATE_LEFT else ev.RIGHT)
