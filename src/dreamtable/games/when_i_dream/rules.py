"""The rules of When I Dream: roles, the real-time night, the day's recount, review and scoring.

Each rule is marked with its ``WID-R*`` resolution (design note §2). Time reaches the engine only
as inputs: ``state.timers`` lists the deadlines and ``state.expire`` applies one (WID-R26).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from typing import Any, TypedDict

from ...core.contract import Outcome, State, Timer, seat_name
from ...core.errors import IllegalActionError
from ...core.forms import ActionForm, Param
from ...core.rng import reseeded, shuffle_with
from ...core.visibility import Event, Secret, owner_only
from . import judge
from .confusables import mixes_latin
from .freetext import clean
from .events import (
    CARD_GONE, CLUE_EVENT, CLUE_PASS_EVENT, CLUE_REJECTED, DAY, DONE_EVENT, DREAM_PASS_EVENT, FLAG_EVENT, GAME_OVER,
    GUESS_EVENT, NIGHT_END, NIGHT_END_DECK_EMPTY, NIGHT_END_DECLINED, NIGHT_END_LAST_ANSWER, NIGHT_END_NO_LAST_ANSWER,
    NIGHT_OVER, RECOUNT_EVENT, REVEAL, ROUND, TIME_UP, TYPING_EVENT, UNMASK, VOTE,
)
from .notation import (
    CLUE, CLUE_PASS, DONE, DREAM_PASS, FLAG, GUESS, RECOUNT, TYPING, VOTE_CHOICES, VOTE_MENTION, VOTE_PENALTY,
    VOTE_SIDE, DreamMove, HINT, malformed,
)
from .notation import _WELL_FORMED as WELL_FORMED
from .prompts import CLUE_ASK, GUESS_ASK, LAST_ANSWER, RECOUNT_ASK, REVIEW_ASK, flag_ask
from .words import DreamCard

# WID-R1, §3.1: Fairies, Boogeymen, Sandmen per player count (one card more than clue-givers).
SPIRITS = {4: (1, 1, 2), 5: (2, 1, 2), 6: (3, 2, 1), 7: (3, 2, 2), 8: (4, 3, 1), 9: (4, 3, 2), 10: (5, 4, 1)}
FAIRY, BOOGEYMAN, SANDMAN = "Fairy", "Boogeyman", "Sandman"
NIGHT, FINAL, RECOUNTING, REVIEW, OVER = "night", "final guess", "recount", "review", "over"
NOTHING_REMEMBERED = "I remember nothing"
"""The listed recount of a Dreamer with no guess to retell (an empty one is refused, WID-R17): none of
its words is an Element, so it names no card."""
YELLOW, BLUE, PENALTY = "yellow", "blue", "penalty"
CLUE_WORD = re.compile(r"^[^\W\d_](?:[^\W\d_]|['-](?=[^\W\d_]))*$")  # WID-R7: letters, inner ' or -
CLUE_MAX_LEN_LIMIT = 64
"""The largest ``clue_max_len`` a match may set: clues and guesses are copied into every view and the record."""
GUESS_MAX_LEN = 40
"""The longest guess in characters, unless the clues may be longer (``clue_max_len``): a guess may
always repeat a clue. An Element is one noun of at most 11 letters; the bound only keeps input sane."""

_UNKNOWN = object()
"""What WELL_FORMED gives for a move it lacks: nothing a client sends (None included) can be it."""


ACCENT_APOSTROPHE = re.compile(r"(?<=[aeiouAEIOU])['’]$")
"""In Italian a final apostrophe after a vowel writes its accent (``perche'`` for perché, ``caffe'``)."""


def _clue_shaped(word: str, language: str) -> bool:
    """WID-R7's shape of a clue; in Italian a typographic apostrophe (``l’albero``) and a final one
    that writes an accent (``perche'``) are allowed too."""
    if language == "it":
        word = ACCENT_APOSTROPHE.sub("", word).replace("’", "'")
    return bool(CLUE_WORD.match(word))


RECOUNT_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
_HAS_A_LETTER = r".*[^\W\d_].*"
"""A guess names something: at least one letter (WID-R7 asks the same of clues)."""


VOTE_ORDER = {VOTE_SIDE: 0, VOTE_MENTION: 1, VOTE_PENALTY: 2}
"""The order of the kinds of vote on one card in the review's legal list."""


def _vote_key(move: DreamMove) -> int:
    """A review move's place in its list: by card, then by kind (see DreamState._vote)."""
    return move.number * 4 + VOTE_ORDER.get(move.kind, 3)


@lru_cache(maxsize=None)
def _vote_moves(kind: str, number: int) -> tuple[tuple[DreamMove, ...], tuple[int, ...]]:
    """The moves of one vote on card ``number``, one per choice, and their :func:`_vote_key` (built once:
    a review lists hundreds)."""
    moves = tuple(DreamMove(kind, number, choice) for choice in VOTE_CHOICES[kind])
    return moves, tuple(_vote_key(move) for move in moves)


_VOTE_BLOCKS: dict[str, list[tuple[tuple[DreamMove, ...], tuple[int, ...]]]] = {kind: [] for kind in VOTE_CHOICES}
"""Per kind of vote, :func:`_vote_moves` of the board's cards in order (index 0: card 1), grown as boards grow."""


def _vote_blocks(kind: str, count: int) -> list[tuple[tuple[DreamMove, ...], tuple[int, ...]]]:
    """:data:`_VOTE_BLOCKS` of ``kind``, holding at least the first ``count`` cards."""
    blocks = _VOTE_BLOCKS[kind]
    while len(blocks) < count:
        blocks.append(_vote_moves(kind, len(blocks) + 1))
    return blocks


VOTE_NAME = {kind: kind[len("vote-"):] for kind in VOTE_ORDER}
"""A vote's name in its event: ``side``, ``mention``, ``penalty``."""
DONE_MOVE = DreamMove(DONE)


def _guess_matches(guess: str, element: str, aliases: tuple[str, ...], language: str = "en") -> bool:
    """:func:`.judge.guess_matches`, with the Element's and aliases' forms and stems read once per card
    face (:func:`.judge.name_keys`): the guess is looked up in them instead of compared name by name."""
    said = judge.normalise(guess, language)
    return bool(said) and _said_matches(said, guess, element, aliases, language)


def _said_matches(said: str, guess: str, element: str, aliases: tuple[str, ...], language: str) -> bool:
    """:func:`_guess_matches` of a guess whose normal form ``said`` (not empty) the caller has already."""
    forms, stems = judge.name_keys(element, aliases, language)
    return said in forms or not stems.isdisjoint(judge.stem_keys(guess, language))


_GUESS_READS: dict[str, dict[str, tuple[str, str, frozenset[str]]]] = {}
"""Per language, the text of a guess that was accepted → the guess as cleaned, its normal form and its stem keys.
Only guesses of at most :data:`GUESS_MAX_LEN` characters are kept, which every match accepts, so a kept one needs
no check again (random play and search make the same few guesses over and over)."""


NameKeys = tuple[frozenset[str], frozenset[str]]
FaceKeys = list[tuple[str, NameKeys] | None]
_FACE_KEYS: dict[tuple[int, str], tuple[tuple[DreamCard, ...], FaceKeys]] = {}
"""By deck (its id, the deck kept beside it so the id stays its own) and language: :func:`_face_keys`."""


def _face_keys(cards: tuple[DreamCard, ...], language: str) -> FaceKeys:
    """The deck's Elements with :func:`.judge.name_keys` of each and its aliases, at ``card * 4 + face * 2 + end``
    (``None`` until first asked, by :func:`_keys_at`): a guess and a recount read a card's keys from here
    instead of through the keys' memo, whose look-up builds and hashes a key of three fields."""
    memo = _FACE_KEYS.get((id(cards), language))
    if memo is None or memo[0] is not cards:
        if len(_FACE_KEYS) >= 8:  # decks made by hand (tests) do not pile up
            _FACE_KEYS.clear()
        memo = _FACE_KEYS[(id(cards), language)] = (cards, [None] * (len(cards) * 4))
    return memo[1]


def _keys_at(table: FaceKeys, cards: tuple[DreamCard, ...], index: int, face: int, end: int,
             language: str) -> tuple[str, NameKeys]:
    """The Element card ``index`` shows with ``face`` and ``end``, and its name keys (from ``table``)."""
    slot = table[index * 4 + face * 2 + end]
    if slot is None:
        card = cards[index]
        element = card.faces[face][end]
        slot = table[index * 4 + face * 2 + end] = (element, judge.name_keys(element, card.aliases.get(element, ()),
                                                                                language))
    return slot


@lru_cache(maxsize=8)  # a few texts at once (a recount is read against every card of its night)
def _recount_keys(text: str, language: str = "en") -> tuple[tuple[frozenset[str], frozenset[str]], str]:
    """A recount read once: its words' keys for :func:`.judge.any_matches`, and the whole text normalised."""
    return judge.word_keys(RECOUNT_WORD.findall(text), language), judge.normalise(text, language)


def _sample_word(cards: tuple[DreamCard, ...], k: int) -> str:
    card = cards[k % len(cards)]
    return card.elements[k // len(cards) % 4]


_GUESS_SAMPLES: dict[int, tuple[tuple[DreamCard, ...], dict[int, tuple[tuple[str, ...], tuple[DreamMove, ...]]]]] = {}
"""By deck (its id, the deck kept beside it so the id stays its own) and card number: :func:`_guess_samples`."""


def _guess_samples(cards: tuple[DreamCard, ...], seq: int) -> tuple[tuple[str, ...], tuple[DreamMove, ...]]:
    """The Dreamer's sample guesses on card ``seq`` (words of the public list picked by the number), and
    the Dreamer's moves when no clue was heard: those guesses and the pass. Built once per deck and card."""
    memo = _GUESS_SAMPLES.get(id(cards))
    if memo is None or memo[0] is not cards:
        if len(_GUESS_SAMPLES) >= 8:  # decks made by hand (tests) do not pile up
            _GUESS_SAMPLES.clear()
        memo = _GUESS_SAMPLES[id(cards)] = (cards, {})
    found = memo[1].get(seq)
    if found is None:
        words = tuple(_sample_word(cards, seq * 7 + k * 13) for k in range(4))
        moves = (*(DreamMove(GUESS, seq, word) for word in dict.fromkeys(words)), DreamMove(DREAM_PASS, seq))
        found = memo[1][seq] = (words, moves)
    return found


@lru_cache(maxsize=None)
def _givers(players: int, dreamer: int) -> tuple[int, ...]:
    """The clue-givers from the Dreamer's left (WID-R6)."""
    return tuple((dreamer + 1 + k) % players for k in range(players - 1))


@lru_cache(maxsize=None)
def _all_but(players: int, seat: int) -> frozenset[int]:
    return frozenset(s for s in range(players) if s != seat)


MOST_SEATS = 10
"""The largest table (:data:`SPIRITS`); the tables below hold every seat of every player count up to it."""
_ONLY = tuple(frozenset((seat,)) for seat in range(MOST_SEATS))
"""``frozenset((seat,))`` per seat: the night shows a new card to all but the Dreamer at nearly every move."""
_VERDICTS = tuple(tuple((Secret("wrong", _all_but(players, seat)), Secret("right", _all_but(players, seat)))
                        for seat in range(players)) for players in range(MOST_SEATS + 1))
"""By player count and Dreamer: a guess's verdict hidden from the Dreamer, wrong and right. Secrets are never
changed once made, so the events of every guess share these."""
_REVEALED: tuple[tuple[dict[str, Secret], ...], ...] = tuple(tuple({} for _ in range(players))
                                                               for players in range(MOST_SEATS + 1))
"""By player count and Dreamer: each Element revealed so far, hidden from the Dreamer (shared as the verdicts are)."""


_OTHER_ORIENTATIONS = tuple(tuple(tuple((f, e) for f in (0, 1) for e in (0, 1) if (f, e) != (face, end))
                                  for end in (0, 1)) for face in (0, 1))
"""By face and end: the three other (face, end) a card may be turned to, in order (see DreamState._turned)."""


def spirit_set(players: int) -> list[str]:
    fairies, boogeymen, sandmen = SPIRITS[players]
    return [FAIRY] * fairies + [BOOGEYMAN] * boogeymen + [SANDMAN] * sandmen


def sandman_points(yellow: int, blue: int) -> int:
    """§3.2: Y = B gives Y + 2; a difference of one gives the larger; more gives the smaller (WID-R21)."""
    if yellow == blue:
        return yellow + 2
    if abs(yellow - blue) == 1:
        return max(yellow, blue)
    return min(yellow, blue)


class Clue(TypedDict):
    """A published clue of this night (``id`` is unique in the game; ``c<id>`` in notation)."""

    id: int
    seq: int  # the card it was given for
    seat: int
    word: str


class Entry(TypedDict):
    """A card of this night once it has left play: to Yellow, Blue or a penalty (or cancelled in the review)."""

    seq: int
    card: tuple[int, int, int]  # (card index, face, end) as it left the deck
    element: str
    side: str
    guess: str | None
    owner: int | None  # whose penalty it is
    mentioned: bool  # named in the recount


class DreamState(State[DreamMove]):
    """One game of When I Dream."""

    __slots__ = (
        "deck", "cards", "fresh", "round", "dreamer", "roles", "aside", "phase", "seq", "pointer", "turn_no",
        "typing", "clues", "board", "penalties", "points", "recount", "votes", "done", "flags", "top_blind", "down",
        "actors", "is_over", "_legal_cache", "_vote_keys",
    )

    deck: list[tuple[int, int, int]]  # (card index, face 0/1, end 0/1), top first (WID-R3)
    cards: tuple[DreamCard, ...]
    fresh: int  # cards below the top never revealed yet (their order is known to nobody)
    top_blind: frozenset[int]  # the seats that have not seen the top card (the Dreamer, or everyone after a last answer)
    down: dict[int, tuple[int, int, frozenset[int]]]
    """Cards sent to the bottom (WID-R3, R22), by card index: the face and end they showed before they were
    turned (nobody sees the new orientation), and the seats that never saw them (that night's Dreamer).
    A card leaves this when it shows again. :mod:`.worlds` reads it to re-deal what a seat has not seen."""
    round: int
    dreamer: int
    roles: list[str | None]  # per seat; None for the Dreamer
    aside: str  # the face-down spirit card (WID-R5)
    phase: str
    seq: int  # number of the Element in play (counts every Element revealed in the game)
    pointer: int  # index into the clue-givers, from the Dreamer's left (WID-R6)
    turn_no: int  # clue turns opened so far (timer names stay unique)
    typing: bool
    clues: list[Clue]  # this night's; a clue is never changed once given, so copies share them
    board: list[Entry]  # this night's resolved cards; copies share the entries: replace one, never change it
    penalties: list[list[str]]  # per seat, the Elements of their penalty cards (WID-R13, WID-R22)
    points: list[int]
    recount: str | None
    votes: dict[tuple[str, int], dict[int, str]]  # (vote kind, board index) → seat → choice (replaced, never changed)
    done: set[int]
    flags: dict[int, frozenset[int]]  # clue id → seats who flagged it (WID-R15)
    # Worked out once each time the state changes (random play and search ask for
    # them several times a move, and an attribute reads faster than a property): the actors (see
    # _actors; a vote leaves them as they are) and whether the game is over (the phase is OVER).
    actors: tuple[int, ...]
    is_over: bool
    # Worked out once until the state next changes (the review's legal lists are long, and every
    # seat's is asked for again after each vote): each seat's legal list. A vote changes only its
    # voter's list, which loses that vote's choices.
    _legal_cache: dict[int, list[DreamMove]]
    _vote_keys: dict[int, list[int]]  # in the review, beside a kept list: each move's _vote_key, to bisect

    # -- setup --------------------------------------------------------------------------------
    def _setup(self, cards: tuple[DreamCard, ...]) -> None:
        self._legal_cache, self._vote_keys = {}, {}  # see _forget
        self.is_over = False
        self.cards = cards
        order = list(range(len(cards)))
        self.rng.shuffle(order)
        bit = self.rng.next_u64  # randrange(2), which never rejects a draw: a game's setup deals 220 of them
        self.deck = [(index, bit() % 2, bit() % 2) for index in order]
        self.fresh = len(self.deck) - 1  # below the top card, which shows on the bed
        self.top_blind, self.down = frozenset(), {}
        self.round = 0
        self.penalties = [[] for _ in range(self.players)]
        self.points = [0] * self.players
        self.seq = 0
        self.turn_no = 0
        for event in self._start_round(self._options["first_dreamer"] % self.players):
            self._log = (self._log, event)  # the opening events are logged, as in the other games
        self.actors = self._actors()

    def _start_round(self, dreamer: int) -> list[Event]:
        """WID-R2, R5: the Dreamer deals the spirits; then the night opens (WID-R4)."""
        self.dreamer = dreamer
        spirits = spirit_set(self.players)
        self.rng.shuffle(spirits)
        self.roles = [None] * self.players
        for seat, spirit in zip(self.clue_givers, spirits):
            self.roles[seat] = FAIRY if self._options["family_mode"] else spirit
        self.aside = spirits[-1]
        self.phase = NIGHT
        self.pointer = 0
        self.clues, self.board, self.flags = [], [], {}
        self.recount, self.votes, self.done = None, {}, set()
        self._send_top_to_bottom()
        events = [Event(ROUND, None, {"round": self.round + 1, "dreamer": dreamer})]
        self._reveal_into(events)
        return events

    def role_of(self, seat: int) -> str:
        """The spirit of a clue-giver (``ValueError`` for the Dreamer, who has none)."""
        role = self.roles[seat]
        if role is None:
            raise ValueError(f"{seat_name(seat)} is the Dreamer and has no spirit card")
        return role

    @property
    def clue_givers(self) -> list[int]:
        return list(_givers(self.players, self.dreamer))

    # -- the deck (WID-R3) --------------------------------------------------------------------
    def _turned(self, entry: tuple[int, int, int]) -> tuple[int, int, int]:
        """The card turned to one of its three other orientations, uniformly."""
        index, face, end = entry
        face, end = _OTHER_ORIENTATIONS[face][end][self.rng.randrange(3)]
        return (index, face, end)

    def _send_top_to_bottom(self) -> None:
        if self.deck:
            self._to_bottom(self.deck.pop(0), self.top_blind)
            self._top_left()

    def _to_bottom(self, entry: tuple[int, int, int], blind: frozenset[int]) -> None:
        """The card goes under the deck, turned (WID-R3); ``blind``: the seats that never saw it."""
        self.down[entry[0]] = (entry[1], entry[2], blind)
        self.deck.append(self._turned(entry))

    def _top_left(self) -> None:
        """The top card has gone: the next one now shows, so one fewer card is unseen."""
        self.fresh = max(0, self.fresh - 1)

    def element_of(self, entry: tuple[int, int, int]) -> str:
        index, face, end = entry
        return self.cards[index].faces[face][end]

    @property
    def element(self) -> str | None:
        """The Element in play (``None`` when no card is shown)."""
        return self.element_of(self.deck[0]) if self.deck and self.phase in (NIGHT, FINAL) else None

    def _reveal(self) -> list[Event]:
        """A new card is in play: number it; the clue turn restarts on it with a fresh clock (WID-R6)."""
        events: list[Event] = []
        self._reveal_into(events)
        return events

    def _reveal_into(self, events: list[Event]) -> None:
        """:meth:`_reveal`, its events added to ``events`` (the night reveals a card after nearly every move)."""
        if not self.deck:  # WID-R16
            events += self._close_night(NIGHT_END_DECK_EMPTY)
            return
        seq = self.seq = self.seq + 1
        dreamer = self.dreamer
        self.top_blind = _ONLY[dreamer]
        index, face, end = self.deck[0]
        self.down.pop(index, None)  # a card from the bottom shows again
        if self._options["restart_order_on_new_card"]:
            self.pointer = 0
        self.turn_no += 1  # _open_clue_turn
        self.typing = False
        element = self.cards[index].faces[face][end]
        revealed = _REVEALED[self.players][dreamer]
        shown = revealed.get(element)
        if shown is None:
            shown = revealed[element] = self._hidden_from_dreamer(element)
        events.append(Event(REVEAL, None, {"seq": seq, "element": shown}))

    def _hidden_from_dreamer(self, value: Any, shown_as: Any = None) -> Secret:
        return Secret(value, _all_but(self.players, self.dreamer), shown_as)

    # -- clue turns (WID-R6, R8) ----------------------------------------------------------------
    @property
    def clue_seat(self) -> int | None:
        """The clue-giver holding the clue turn during the night (``None`` otherwise)."""
        return (self.dreamer + 1 + self.pointer) % self.players if self.phase == NIGHT else None

    def _open_clue_turn(self) -> None:
        self.turn_no += 1
        self.typing = False

    def _next_clue_turn(self) -> None:
        self.pointer = (self.pointer + 1) % len(self.clue_givers)
        self._open_clue_turn()

    @property
    def chat_open(self) -> bool:
        """No table chat from dusk until the Dreamer has told the dream: in the night the rules let the
        spirits speak only one clue word each in turn (through the game), and the Dreamer would read
        anything else. The chat opens for the review and after the game."""
        return self.phase not in (NIGHT, FINAL, RECOUNTING)

    @property
    def timers(self) -> tuple[Timer, ...]:
        options = self._options
        if self.phase == NIGHT:
            pending = [Timer("night", float(options["night_seconds"]))]
            seat = self.clue_seat
            if options["clue_timing"] == "strict":
                pending.append(Timer(f"clue-submit-{self.turn_no}", float(options["clue_start_seconds"]), seat))
            else:
                if not self.typing:
                    pending.append(Timer(f"clue-start-{self.turn_no}", float(options["clue_start_seconds"]), seat))
                pending.append(Timer(f"clue-submit-{self.turn_no}", float(options["clue_submit_seconds"]), seat))
            return tuple(pending)
        if self.phase == FINAL:
            return (Timer("final", float(options["final_guess_seconds"]), self.dreamer),)
        if self.phase == RECOUNTING:
            return (Timer("recount", float(options["recount_seconds"]), self.dreamer),)
        if self.phase == REVIEW:
            return (Timer("review", float(options["review_seconds"])),)
        return ()

    def _forget(self) -> None:
        """The state is about to change: the legal lists are worked out again when asked (and the actors
        once the change is made: see _apply and _expire). The memos are this state's own (a copy starts
        with empty ones), so they are emptied in place."""
        if self._legal_cache:
            self._legal_cache.clear()
        if self._vote_keys:
            self._vote_keys.clear()

    def _expire(self, timer: Timer) -> list[Event]:
        self._forget()
        events = self._expired(timer)
        self.actors = self._actors()
        return events

    def _expired(self, timer: Timer) -> list[Event]:
        name = timer.name
        if name == "night":  # WID-R12
            self.phase = FINAL
            return [Event(NIGHT_OVER)]
        if name.startswith("clue-"):
            seat = self.clue_seat
            self._next_clue_turn()
            return [Event(TIME_UP, None, {"seat": seat})]
        if name == "final":
            return self._close_night(NIGHT_END_NO_LAST_ANSWER)
        if name == "recount":
            return self._take_recount("")
        return self._score_round()  # review

    # -- who may act ---------------------------------------------------------------------------
    def _actors(self) -> tuple[int, ...]:
        if self.phase == NIGHT:
            # The night is the Dreamer's, who may guess at any moment (WID-R9): the Dreamer comes first.
            # Then the clue-giver holding the turn (WID-R6), then those who may flag a clue on this
            # card (WID-R15): they may act, but the game does not wait for them.
            dreamer = self.dreamer
            giver = (dreamer + 1 + self.pointer) % self.players
            clues = self.clues
            if not clues or clues[-1]["seq"] != self.seq:  # no clue on this card yet (clues come in card order)
                return (dreamer, giver)
            flaggers: set[int] = set()
            givers = _givers(self.players, dreamer)
            for clue in self.clues:
                if clue["seq"] == self.seq:
                    flagged = self.flags.get(clue["id"], frozenset())
                    flaggers.update(s for s in givers if s != clue["seat"] and s not in flagged)
            flaggers.discard(giver)
            return (dreamer, giver, *sorted(flaggers))
        if self.phase in (FINAL, RECOUNTING):
            return (self.dreamer,)
        if self.phase == REVIEW:
            return tuple(seat for seat in _givers(self.players, self.dreamer) if seat not in self.done)
        return ()

    def _why_not_actor(self, seat: int) -> str:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return super()._why_not_actor(seat)
        if self.phase == NIGHT:
            return (f"it is {seat_name(self.clue_seat or 0)}'s clue turn, not yours; clues go clockwise from the "
                    "Dreamer's left, and you may flag only others' clues on the card in play (WID-R6, WID-R15)")
        if self.phase in (FINAL, RECOUNTING):
            return f"the night is over: only the Dreamer acts now ({self.phase}; WID-R12, WID-R17)"
        if self.phase == REVIEW:
            return "you have finished the review, or you are the Dreamer, who does not vote (WID-R18)"
        return "the game is over"

    def legal_actions(self, seat: int) -> list[DreamMove]:
        """A finite list of representative moves (clues and guesses are free text; any legal word works).

        Nothing here depends on what ``seat`` cannot see: the Dreamer's sample of guesses comes
        from the public clues and a fixed sample of the word list.
        """
        if seat not in self.actors:
            return []
        legal = self._legal_cache.get(seat)
        if legal is None:
            if self.phase == REVIEW:
                legal, self._vote_keys[seat] = self._review_legal(seat)
                self._legal_cache[seat] = legal
            else:
                legal = self._legal_cache[seat] = self._legal(seat)
        return legal[:]  # a copy: a vote mends the kept list in place (see _vote)

    def _legal(self, seat: int) -> list[DreamMove]:
        seq = self.seq
        moves: list[DreamMove] = []
        if self.phase in (NIGHT, FINAL) and seat == self.dreamer:
            clues = self.clues
            if not clues or clues[-1]["seq"] != seq:  # no clue heard on this card (clues come in card order)
                return list(_guess_samples(self.cards, seq)[1])
            heard = [clue["word"] for clue in clues if clue["seq"] == seq]
            samples, unheard = _guess_samples(self.cards, seq)
            if not heard:
                return list(unheard)
            moves += [DreamMove(GUESS, seq, word) for word in dict.fromkeys(heard + list(samples))]
            moves.append(DreamMove(DREAM_PASS, seq))
        if self.phase == NIGHT and seat != self.dreamer:
            if seat == self.clue_seat:
                moves.append(DreamMove(CLUE_PASS, seq))
                if self._options["clue_timing"] == "typed" and not self.typing:
                    moves.append(DreamMove(TYPING, seq))
                moves += [DreamMove(CLUE, seq, word) for word in self._clue_samples(seat)]
            moves += [DreamMove(FLAG, clue_id) for clue_id in self._flaggable(seat)]
        if self.phase == RECOUNTING:  # the guesses retold, and a dream of which nothing is remembered
            named = " ".join([word for entry in self.board if entry["guess"] for word in entry["guess"].split()])
            moves += [DreamMove(RECOUNT, -1, text) for text in (named, NOTHING_REMEMBERED) if text]
        if self.phase == REVIEW:
            return self._review_legal(seat)[0]
        return list(dict.fromkeys(moves))  # no move twice

    def _review_legal(self, seat: int) -> tuple[list[DreamMove], list[int]]:
        """A voter's legal list in the review (votes by card, then by kind, then done; what :meth:`_may_vote`
        allows, card by card), and each move's :func:`_vote_key` beside it."""
        moves: list[DreamMove] = []
        keys: list[int] = []
        votes = self.votes
        count = len(self.board)
        sides, mentions, penalties = (_vote_blocks(kind, count) for kind in (VOTE_SIDE, VOTE_MENTION, VOTE_PENALTY))
        for index, entry in enumerate(self.board):
            side = entry["side"]
            if side == YELLOW or side == BLUE:
                if not votes or seat not in votes.get((VOTE_SIDE, index), ()):
                    block = sides[index]
                    moves += block[0]
                    keys += block[1]
                if side == YELLOW and seat not in votes.get((VOTE_MENTION, index), ()):
                    block = mentions[index]
                    moves += block[0]
                    keys += block[1]
            elif side == PENALTY and entry["owner"] != seat and seat not in votes.get((VOTE_PENALTY, index), ()):
                block = penalties[index]
                moves += block[0]
                keys += block[1]
        moves.append(DONE_MOVE)
        keys.append(_vote_key(DONE_MOVE))
        return moves, keys

    def _flaggable(self, seat: int) -> list[int]:
        """The ids of the clues ``seat`` may still flag: others' clues on the card in play (WID-R15)."""
        return [clue["id"] for clue in self.clues
                if clue["seq"] == self.seq and clue["seat"] != seat and seat not in self.flags.get(clue["id"], ())]

    def _sample_word(self, k: int) -> str:
        """A word of the public word list, picked by a number (never by the hidden deck order)."""
        return _sample_word(self.cards, k)

    def _clue_samples(self, seat: int) -> list[str]:
        """A few clue words for random play: two proper ones, and one the judge would catch."""
        element = self.element or ""
        pool = [self._sample_word(self.seq * 5 + k * 11) for k in range(6)]
        language = self._options["language"]
        proper = [word for word in pool if judge.improper_reason(word, element, language=language) is None][:2]
        return proper + [element + "s"]

    @property
    def guess_max_len(self) -> int:
        """The longest guess in characters: :data:`GUESS_MAX_LEN`, or the longest clue if that is longer."""
        clue_max_len: int = self._options["clue_max_len"]
        return max(GUESS_MAX_LEN, clue_max_len)

    @property
    def recount_max_len(self) -> int:
        """The longest recount in characters: room to retell one guess for every card of the deck."""
        return len(self.cards) * (self.guess_max_len + 1)

    def pass_for(self, seat: int) -> DreamMove | None:
        """What a bare ``pass`` means for ``seat`` now: the Dreamer passes the card (or declines the
        last answer), the clue-giver holding the turn passes it; ``None`` when it means nothing."""
        if self.phase in (NIGHT, FINAL) and seat == self.dreamer:
            return DreamMove(DREAM_PASS, self.seq)
        if seat == self.clue_seat:
            return DreamMove(CLUE_PASS, self.seq)
        return None

    def action_forms(self, seat: int) -> list[ActionForm]:
        """The free words of this seat's move now, at most one form at a time (so a bare word at the
        terminal is unambiguous): the Dreamer's guess, the clue of the clue-giver holding the turn, the recount."""
        phase = self.phase
        if phase in (NIGHT, FINAL) and seat == self.dreamer:
            return [ActionForm("guess", "Your guess", f"guess {self.seq} {{guess}}", (
                Param("guess", "text", "what you think the Element is (WID-R9)", max_length=self.guess_max_len,
                      pattern=_HAS_A_LETTER),))]
        if phase == NIGHT and seat == self.clue_seat:
            return [ActionForm("clue", "Your clue", f"clue {self.seq} {{word}}", (
                Param("word", "word", "one word: letters of one alphabet, with ' or - only between two letters (WID-R7)",
                      max_length=self._options["clue_max_len"], pattern=CLUE_WORD.pattern),))]
        if phase == RECOUNTING and seat == self.dreamer:
            return [ActionForm("recount", "Your recount", "recount {text}", (
                Param("text", "text", "the dream retold: name the Elements you guessed (WID-R17)",
                      max_length=self.recount_max_len),))]
        return []

    def _ask(self, seat: int) -> dict[str, Any] | None:
        """What this seat (an actor) is asked now (kinds and words in :mod:`.prompts`); the Element
        and the role only in a clue-giver's own question."""
        phase = self.phase
        if phase == NIGHT:
            if seat == self.dreamer:
                return {"kind": GUESS_ASK, "seq": self.seq, "language": self._options["language"]}
            element, role, giver = self.element, self.role_of(seat), self.clue_seat
            if seat == giver:
                return {"kind": CLUE_ASK, "element": element, "role": role, "language": self._options["language"]}
            flaggable = self._flaggable(seat)
            # an actor who is neither the Dreamer nor the clue-giver on turn may flag (see actors)
            return flag_ask(element or "", role, giver or 0, flaggable) if flaggable else None
        if phase == FINAL:
            return {"kind": LAST_ANSWER}
        if phase == RECOUNTING:
            return {"kind": RECOUNT_ASK}
        if phase == REVIEW:
            return {"kind": REVIEW_ASK}
        return None

    # -- acting ----------------------------------------------------------------------------------
    def _apply(self, seat: int, action: DreamMove) -> list[Event]:
        try:
            known = WELL_FORMED.get(action, _UNKNOWN) is action  # malformed()'s first look (a crafted None is unknown)
        except TypeError:  # a field that cannot be hashed: malformed says what is wrong
            known = False
        if not known:
            wrong = malformed(action)
            if wrong:
                raise IllegalActionError(f"{wrong}: {HINT}")
        kind = action.kind
        if kind in VOTE_CHOICES:
            return self._vote(seat, action)  # changes only the voter's legal list, which it mends
        self._forget()
        if kind == GUESS or kind == DREAM_PASS:  # most moves of a night
            events = self._dreamer_answer(seat, action)
        else:
            events = self._act(seat, kind, action)
        self.actors = self._actors()
        return events

    def _act(self, seat: int, kind: str, action: DreamMove) -> list[Event]:
        """Any move but a vote (_vote) or the Dreamer's answer (_dreamer_answer), checked and carried out."""
        if kind in (CLUE, CLUE_PASS, TYPING):
            return self._clue_turn(seat, action)
        if kind == FLAG:
            return self._flag(seat, action.number)
        if kind == RECOUNT:
            if self.phase != RECOUNTING or seat != self.dreamer:
                raise IllegalActionError("only the Dreamer recounts the dream, after the night (WID-R17)")
            told = clean(action.text, "a recount", self.recount_max_len)
            if not any(char.isalnum() for char in told):  # only the clock leaves the dream untold
                raise IllegalActionError("a recount tells the dream in at least one word: write what you dreamt "
                                         "(the recount is empty only when its clock runs out) (WID-R17)")
            return self._take_recount(told)
        if kind == DONE:
            if self.phase != REVIEW:
                raise IllegalActionError("done ends your review; the review comes after the recount (WID-R18)")
            self.done.add(seat)
            events = [Event(DONE_EVENT, seat)]
            if self.done.issuperset(_givers(self.players, self.dreamer)):
                events += self._score_round()
            return events
        raise IllegalActionError(f"unknown move {action!r}")

    def _check_card(self, number: int) -> None:
        if number != self.seq:
            raise IllegalActionError(
                f"that refers to Element {number}, but Element {self.seq} is in play: it is stale (WID-R9)")

    def _dreamer_answer(self, seat: int, action: DreamMove) -> list[Event]:
        dreamer = self.dreamer
        if seat != dreamer:
            raise IllegalActionError("only the Dreamer may guess or pass the card (WID-R9)")
        phase = self.phase
        if phase != NIGHT and phase != FINAL:
            raise IllegalActionError("guesses are made during the night (WID-R9, WID-R12)")
        seq = self.seq
        if action.number != seq:
            self._check_card(action.number)
        final = phase == FINAL
        if action.kind == DREAM_PASS:
            if final:  # WID-R12: declining leaves the card on top
                return self._close_night(NIGHT_END_DECLINED)
            return self._resolve(BLUE, None, [Event(DREAM_PASS_EVENT, seat, {"seq": seq})])  # WID-R10
        options = self._options
        language = options["language"]
        reads = _GUESS_READS.get(language)
        if reads is None:
            reads = _GUESS_READS[language] = {}
        text = action.text
        read = reads.get(text) if type(text) is str else None
        if read is None:
            guess = clean(text, "a guess", max(GUESS_MAX_LEN, options["clue_max_len"]))  # guess_max_len
            said = judge.normalise(guess, language)
            if not said:
                raise IllegalActionError("a guess needs a word; to give up on the card write dream-pass")
            guess_stems = judge.stem_keys(guess, language)
            if len(guess) <= GUESS_MAX_LEN:
                if len(reads) >= 4096:
                    reads.clear()
                reads[text] = (guess, said, guess_stems)
        else:
            guess, said, guess_stems = read
        index, face, end = self.deck[0]
        cards = self.cards
        forms, stems = _keys_at(_face_keys(cards, language), cards, index, face, end, language)[1]  # _said_matches
        right = said in forms or not stems.isdisjoint(guess_stems)
        events = [Event(GUESS_EVENT, seat, {"seq": seq, "guess": guess, "verdict": _VERDICTS[self.players][dreamer][right]})]
        return self._resolve(YELLOW if right else BLUE, guess, events, final=final)

    def _resolve(self, side: str, guess: str | None, events: list[Event], final: bool = False,
                 owner: int | None = None, penalty: dict[str, Any] | None = None) -> list[Event]:
        """The card in play leaves the deck for Yellow, Blue or a penalty pile; the next is revealed.

        ``penalty`` (``{seat, id, word, reason}``) says why a penalty card left: it rides on the
        ``card-gone`` notice, hidden from the Dreamer, who hears only that the card changed (WID-R11)."""
        entry = self.deck.pop(0)
        fresh = self.fresh  # _top_left
        self.fresh = fresh - 1 if fresh > 0 else 0
        if final:  # no card is revealed after the last answer: nobody has seen the new top
            self.top_blind = frozenset(range(self.players))
        element = self.cards[entry[0]].faces[entry[1]][entry[2]]
        self.board.append({"seq": self.seq, "card": entry, "element": element, "side": side, "guess": guess,
                           "owner": owner, "mentioned": False})
        if side == PENALTY and owner is not None:
            self.penalties[owner].append(element)
        if final:
            return events + self._close_night(NIGHT_END_LAST_ANSWER)
        shown = None if penalty is None else self._hidden_from_dreamer(penalty)
        events.append(Event(CARD_GONE, None, {"seq": self.seq, "penalty": shown}))
        self._reveal_into(events)
        return events

    def _clue_turn(self, seat: int, action: DreamMove) -> list[Event]:
        if self.phase != NIGHT:
            raise IllegalActionError("clues are given during the night only (WID-R12)")
        if seat == self.dreamer:
            raise IllegalActionError("the Dreamer gives no clues (WID-R6)")
        if seat != self.clue_seat:
            raise IllegalActionError(
                f"it is {seat_name(self.clue_seat or 0)}'s clue turn, not yours; clues go clockwise from the "
                "Dreamer's left (WID-R6)")
        self._check_card(action.number)
        if action.kind == TYPING:
            if self._options["clue_timing"] != "typed" or self.typing:
                raise IllegalActionError("typing only stops the start clock of a typed clue turn (WID-R8)")
            self.typing = True
            return [Event(TYPING_EVENT, seat, {"seq": self.seq})]
        if action.kind == CLUE_PASS:
            self._next_clue_turn()
            return [Event(CLUE_PASS_EVENT, seat, {"seq": self.seq})]
        longest = self._options["clue_max_len"]
        word = clean(action.text, "a clue", longest, " (WID-R7)")
        if not word or not _clue_shaped(word, self._options["language"]):
            raise IllegalActionError(
                f"a clue is one word of 1–{longest} letters (a ' or - inside is allowed; no "
                f"spaces or digits): {word!r} is not (WID-R7)")
        if mixes_latin(word):  # dоg with a Cyrillic о is the usual way to slip a word past a judge
            raise IllegalActionError(f"a clue is written in one alphabet: {word!r} mixes Latin letters with "
                                     "look-alikes from another (WID-R7)")
        element = self.element or ""
        check = self._options["auto_clue_check"]
        reason = None if check == "off" else judge.improper_reason(
            word, element, self._options["translation_check"] != "off", self._options["min_substring_len"],
            self._options["language"])
        if reason and check == "reject":  # WID-R14: told privately, may try again
            return [Event(CLUE_REJECTED, seat, {"seq": self.seq, "word": owner_only(seat, word),
                                                "reason": owner_only(seat, reason)})]
        if reason:  # penalize: WID-R13, WID-R28
            self._next_clue_turn()
            return self._resolve(PENALTY, None, [], owner=seat,
                                 penalty={"seat": seat, "id": None, "word": word, "reason": reason})
        clue_id = self.turn_no  # one clue per turn at most, so unique within the game
        self.clues.append({"id": clue_id, "seq": self.seq, "seat": seat, "word": word})
        self._next_clue_turn()
        return [Event(CLUE_EVENT, seat, {"seq": self.seq, "id": clue_id, "word": word})]

    def _flag(self, seat: int, clue_id: int) -> list[Event]:
        """WID-R15: a quorum of other clue-givers makes a published clue on the current card improper."""
        if self.phase != NIGHT or seat == self.dreamer:
            raise IllegalActionError("clue-givers flag clues during the night (WID-R15)")
        clue = next((c for c in self.clues if c["id"] == clue_id), None)
        if clue is None or clue["seq"] != self.seq:
            raise IllegalActionError(f"c{clue_id} is not a clue on the card in play; only those can be flagged (WID-R15)")
        if clue["seat"] == seat:
            raise IllegalActionError("you cannot flag your own clue (WID-R15)")
        flaggers = self.flags.get(clue_id, frozenset())
        if seat in flaggers:
            raise IllegalActionError(f"you have already flagged c{clue_id}")
        flaggers = self.flags[clue_id] = flaggers | {seat}
        events = [Event(FLAG_EVENT, seat, {"id": clue_id})]
        quorum = min(self._options["flag_quorum"], len(self.clue_givers) - 1)
        if len(flaggers) >= quorum:  # WID-R13; the pointer does not move (WID-R28)
            author = clue["seat"]
            return self._resolve(PENALTY, None, events, owner=author,
                                 penalty={"seat": author, "id": clue_id, "word": None, "reason": None})
        return events

    # -- the day -----------------------------------------------------------------------------------
    def _close_night(self, reason: str) -> list[Event]:
        """The night ends (``reason``: one of the ``NIGHT_END_*`` codes of :mod:`.events`)."""
        self.phase = RECOUNTING
        return [Event(NIGHT_END, None, {"reason": reason})]

    def _take_recount(self, text: str) -> list[Event]:
        """WID-R17 and §4.4 step 3: a Yellow card is named by a matching word or the guess's own text.

        Then the Dreamer takes off the mask, as in the rulebook: the night's cards are shown to
        everyone for the review, which the Dreamer could otherwise read from the votes."""
        self.recount = text
        language = self._options["language"]
        (forms, stems), said = _recount_keys(text, language)
        deck, board = self.cards, self.board
        normalise = judge.normalise
        table = _face_keys(deck, language)
        told: dict[str, bool] = {}  # guess → whether its own text is in the recount (guesses repeat)
        for index, entry in enumerate(board):  # Blue cards too: the review may move one to Yellow
            side = entry["side"]
            if side == YELLOW or side == BLUE:  # what mentioned() says, the recount read once
                element = entry["element"]
                known, (names, name_stems) = _keys_at(table, deck, *entry["card"], language)
                if known != element:  # an Element set by hand (tests)
                    names, name_stems = judge.name_keys(element, deck[entry["card"][0]].aliases.get(element, ()), language)
                if names.isdisjoint(forms) and name_stems.isdisjoint(stems):
                    guess = entry["guess"]
                    if guess:
                        named = told.get(guess)
                        if named is None:
                            named = told[guess] = normalise(guess, language) in said
                    else:
                        named = False
                else:
                    named = True
                if named != entry["mentioned"]:  # copies share the entries: a changed one is a copy
                    entry = board[index] = entry.copy()
                    entry["mentioned"] = named
        self.phase = REVIEW
        cards = [{"seq": e["seq"], "element": e["element"], "side": e["side"], "guess": e["guess"], "owner": e["owner"]}
                 for e in self.board]
        return [Event(RECOUNT_EVENT, self.dreamer, {"dream": text}), Event(UNMASK, None, {"cards": cards})]

    def mentioned(self, entry: Entry, text: str) -> bool:
        """Whether the recount ``text`` names the card: a word matching its Element, or its guess's own text."""
        language = self._options["language"]
        keys, said = _recount_keys(text, language)
        aliases = self.cards[entry["card"][0]].aliases.get(entry["element"], ())
        guess = entry["guess"] or ""
        return (judge.any_matches(keys, entry["element"], aliases, language)
                or (bool(guess) and judge.normalise(guess, language) in said))

    def _may_vote(self, seat: int, kind: str, index: int) -> bool:
        entry = self.board[index]
        ballots = self.votes.get((kind, index))
        if ballots is not None and seat in ballots:
            return False
        if kind == VOTE_PENALTY:
            return entry["side"] == PENALTY and entry["owner"] != seat
        if kind == VOTE_SIDE:
            return entry["side"] in (YELLOW, BLUE)
        return entry["side"] == YELLOW  # mention

    def _vote(self, seat: int, action: DreamMove) -> list[Event]:
        if self.phase != REVIEW:
            raise IllegalActionError("votes are cast in the day's review (WID-R18)")
        kind, number, text = action
        index = number - 1
        legal = self._legal_cache.get(seat)
        if legal is not None:
            # The kept list is this seat's legal list (see legal_actions): the votes by card and kind, then
            # done. The vote is open to the seat when its key is there; its choices are found by bisection.
            keys = self._vote_keys[seat]
            key = number * 4 + VOTE_ORDER[kind]
            at = bisect_left(keys, key)  # done's key (-1) ends the list, but a key there is always found
            allowed = at < len(keys) and keys[at] == key
        else:
            allowed = 0 <= index < len(self.board) and self._may_vote(seat, kind, index)
        if not allowed:
            raise IllegalActionError(
                f"{action} is not open to you: vote once per card, on sides of Yellow/Blue cards, on the naming of "
                "Yellow cards, and on others' penalties (WID-R18)")
        ballot = (kind, index)
        ballots = self.votes.get(ballot)
        self.votes[ballot] = {seat: text} if ballots is None else {**ballots, seat: text}  # copies share them
        if legal is not None:  # nothing else changed: the others' lists and the actors stand
            choices = len(VOTE_CHOICES[kind])
            del legal[at:at + choices]  # the list is this state's own (see legal_actions)
            del keys[at:at + choices]
        return [Event(VOTE, seat, {"vote": VOTE_NAME[kind], "card": number, "choice": text})]

    def _apply_review(self) -> None:
        """WID-R18: a strict majority of the eligible voters changes the automatic result.

        An entry is copied only when a vote changes it (copies of the state share the entries)."""
        givers = _givers(self.players, self.dreamer)
        voters = len(givers)  # every clue-giver votes on sides and mentions; on a penalty, all but its owner
        board = self.board
        fewest = voters - 1  # the smallest electorate (a penalty of a clue-giver): a majority is more than half of it
        for (kind, index), ballots in self.votes.items():
            if len(ballots) * 2 <= fewest:  # too few ballots for a majority of any vote (most, in random play)
                continue
            entry = board[index]
            tally = list(ballots.values())
            if kind == VOTE_SIDE:
                for side in (YELLOW, BLUE):
                    if side != entry["side"] and tally.count(side) * 2 > voters:
                        entry = board[index] = entry.copy()
                        entry["side"] = side
            elif kind == VOTE_MENTION:
                choice = "no" if entry["mentioned"] else "yes"
                if tally.count(choice) * 2 > voters:
                    entry = board[index] = entry.copy()
                    entry["mentioned"] = not entry["mentioned"]
            elif tally.count("cancel") * 2 > voters - (entry["owner"] in givers):
                owner = entry["owner"]
                assert owner is not None, "a penalty card always has an owner (WID-R13)"
                self.penalties[owner].remove(entry["element"])
                entry = board[index] = entry.copy()
                entry["side"] = "cancelled"
                self._to_bottom(entry["card"], frozenset())  # seen by all: the Dreamer is unmasked

    def _score_round(self) -> list[Event]:
        """WID-R19 to R22: score the round, reveal the roles, clear the board, pass the mask left."""
        self._apply_review()
        yellow = blue = 0
        all_mentioned = True
        for entry in self.board:
            side = entry["side"]
            if side == YELLOW:
                yellow += 1
                if not entry["mentioned"]:
                    all_mentioned = False
            elif side == BLUE:
                blue += 1
        bonus = 2 if all_mentioned and (yellow >= 1 or not self._options["bonus_requires_yellow"]) else 0
        gains = [0] * self.players
        gains[self.dreamer] = yellow + bonus
        for seat in self.clue_givers:
            role = self.roles[seat]
            gains[seat] = yellow if role == FAIRY else blue if role == BOOGEYMAN else sandman_points(yellow, blue)
        for seat in range(self.players):
            self.points[seat] += gains[seat]
        seen_by_all: frozenset[int] = frozenset()
        down, deck, randrange = self.down, self.deck, self.rng.randrange
        for entry in self.board:  # WID-R22; everyone saw them, the Dreamer since the review
            side = entry["side"]
            if side == YELLOW or side == BLUE:
                index, face, end = entry["card"]  # _to_bottom, written out: a round ends with ~100 of them
                down[index] = (face, end, seen_by_all)
                face, end = _OTHER_ORIENTATIONS[face][end][randrange(3)]  # _turned
                deck.append((index, face, end))
        events = [Event(DAY, None, {"round": self.round + 1, "dreamer": self.dreamer, "yellow": yellow, "blue": blue,
                                    "bonus": bonus, "roles": self.roles[:], "gains": gains})]
        self.round += 1
        if self.round >= self.players:  # WID-R2: everyone has dreamed once
            self.phase = OVER
            self.is_over = True
            outcome = self.outcome
            assert outcome is not None
            return events + [Event(GAME_OVER, None, {"winners": list(outcome.winners)})]
        return events + self._start_round((self.dreamer + 1) % self.players)

    # -- the end (WID-R23) ---------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        totals = [self.points[s] - len(self.penalties[s]) for s in range(self.players)]
        best = max(totals)
        tied = [s for s in range(self.players) if totals[s] == best]
        fewest = min(len(self.penalties[s]) for s in tied)
        winners = tuple(s for s in tied if len(self.penalties[s]) == fewest)
        details = tuple({"points": self.points[s], "penalties": len(self.penalties[s]), "total": totals[s]}
                        for s in range(self.players))
        return Outcome(tuple(float(t) for t in totals), winners, "all-dreamed", details)

    # -- views (WID-R11, §4.5) -------------------------------------------------------------------------
    def _view(self) -> dict[str, Any]:
        """The board (``view["board"]``; described by ``view.schema.json``): what the Dreamer may not
        know is wrapped in a ``Secret`` that reads ``null`` for the Dreamer and a spectator (WID-R11)."""
        dreamer = self.dreamer
        over = self.phase == OVER
        unmasked = self.phase in (REVIEW, OVER)  # WID-R11: the mask comes off after the recount
        sees_past = self._options["dreamer_sees_past_clues"]
        clues: list[Any] = []
        for clue in self.clues:
            shown = {"id": clue["id"], "seq": clue["seq"], "seat": clue["seat"], "word": clue["word"]}
            current = clue["seq"] == self.seq and self.phase in (NIGHT, FINAL)
            clues.append(shown if current or sees_past or over else self._hidden_from_dreamer(shown))
        cards: list[Any] = []
        for entry in self.board:
            public = {"seq": entry["seq"], "element": entry["element"], "side": entry["side"],
                      "guess": entry["guess"], "owner": entry["owner"], "mentioned": entry["mentioned"]}
            own_guess = {"seq": entry["seq"], "guess": entry["guess"]} if self._options["dreamer_sees_own_guesses"] else None
            cards.append(public if unmasked else self._hidden_from_dreamer(public, own_guess))
        roles = [role if role is None or over else Secret(role, frozenset((seat,)), None)
                 for seat, role in enumerate(self.roles)]
        return {
            "round": self.round + 1 if not over else self.round,
            "rounds": self.players,
            "language": self._options["language"],
            "dreamer": dreamer,
            "phase": self.phase,
            "seq": self.seq,
            "element": None if self.element is None else self._hidden_from_dreamer(self.element),
            "clue_turn": self.clue_seat,
            "typing": self.typing,
            "clues": clues,
            "cards": cards,
            "roles": roles,
            "recount": self.recount,
            "penalties": [len(p) if unmasked else self._hidden_from_dreamer(len(p)) for p in self.penalties],
            "points": self.points[:],
            "deck": len(self.deck),
            "votes": [{"vote": kind[len("vote-"):], "card": index + 1, "ballots": len(ballots)}
                      for (kind, index), ballots in sorted(self.votes.items(), key=lambda item: (item[0][1], item[0][0]))],
            "done": sorted(self.done),
        }

    # -- copies and worlds ------------------------------------------------------------------------------
    def copy(self) -> "DreamState":
        twin = DreamState.__new__(DreamState)
        self._copy_base_into(twin)
        for name in ("cards", "fresh", "round", "dreamer", "aside", "phase", "seq", "pointer", "turn_no", "typing",
                     "recount"):
            setattr(twin, name, getattr(self, name))
        twin.deck = self.deck[:]
        twin.roles = self.roles[:]
        twin.clues = self.clues[:]  # the clues, entries, ballots and flags are replaced, never changed
        twin.board = self.board[:]
        twin.penalties = [p[:] for p in self.penalties]
        twin.points = self.points[:]
        twin.votes = self.votes.copy()
        twin.done = set(self.done)
        twin.flags = self.flags.copy()
        twin.actors = self.actors
        twin.is_over = self.is_over
        twin._legal_cache = {}
        twin._vote_keys = {}
        twin.top_blind = self.top_blind
        twin.down = dict(self.down)
        return twin

    def determinize(self, seat: int, rng: Any) -> "DreamState":
        """A world for ``seat``: others' roles and the face-down card re-dealt, and every card the seat has
        not seen re-drawn, consistently with the public clues (see :mod:`.worlds`)."""
        from .worlds import world_for

        world = self.copy()
        world.rng = reseeded(rng)
        world_for(world, seat)
        world._forget()
        world.actors = world._actors()
        return world

    def _shuffle(self, items: list[Any]) -> None:
        shuffle_with(items, self.rng)
