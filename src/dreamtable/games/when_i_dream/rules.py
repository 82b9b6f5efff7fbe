"""The rules of When I Dream: roles, the real-time night, the day's recount, review and scoring.

Each rule is marked with its ``WID-R*`` resolution (design note §2). Time reaches the engine only
as inputs: ``state.timers`` lists the deadlines and ``state.expire`` applies one (WID-R26).
"""

from __future__ import annotations

import re
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
from .words import DreamCard

# WID-R1, §3.1: Fairies, Boogeymen, Sandmen per player count (one card more than clue-givers).
SPIRITS = {4: (1, 1, 2), 5: (2, 1, 2), 6: (3, 2, 1), 7: (3, 2, 2), 8: (4, 3, 1), 9: (4, 3, 2), 10: (5, 4, 1)}
FAIRY, BOOGEYMAN, SANDMAN = "Fairy", "Boogeyman", "Sandman"
NIGHT, FINAL, RECOUNTING, REVIEW, OVER = "night", "final guess", "recount", "review", "over"
YELLOW, BLUE, PENALTY = "yellow", "blue", "penalty"
CLUE_WORD = re.compile(r"^[^\W\d_](?:[^\W\d_]|['-](?=[^\W\d_]))*$")  # WID-R7: letters, inner ' or -
CLUE_MAX_LEN_LIMIT = 64
"""The largest ``clue_max_len`` a match may set: clues and guesses are copied into every view and the record."""
GUESS_MAX_LEN = 40
"""The longest guess in characters, unless the clues may be longer (``clue_max_len``): a guess may
always repeat a clue. An Element is one noun of at most 11 letters; the bound only keeps input sane."""


_HAS_A_LETTER = r".*[^\W\d_].*"
"""A guess names something: at least one letter (WID-R7 asks the same of clues)."""


def _either(items: list[str]) -> str:
    """``c3``, ``c3 or c5``, ``c3, c5 or c7``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


@lru_cache(maxsize=None)
def _all_but(players: int, seat: int) -> frozenset[int]:
    return frozenset(s for s in range(players) if s != seat)


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
    clues: list[Clue]  # this night's
    board: list[Entry]  # this night's resolved cards
    penalties: list[list[str]]  # per seat, the Elements of their penalty cards (WID-R13, WID-R22)
    points: list[int]
    recount: str | None
    votes: dict[tuple[str, int], dict[int, str]]  # (vote kind, board index) → seat → choice
    done: set[int]
    flags: dict[int, set[int]]  # clue id → seats who flagged it (WID-R15)

    # -- setup --------------------------------------------------------------------------------
    def _setup(self, cards: tuple[DreamCard, ...]) -> None:
        self.cards = cards
        order = list(range(len(cards)))
        self.rng.shuffle(order)
        self.deck = [(index, self.rng.randrange(2), self.rng.randrange(2)) for index in order]
        self.fresh = len(self.deck) - 1  # below the top card, which shows on the bed
        self.top_blind, self.down = frozenset(), {}
        self.round = 0
        self.penalties = [[] for _ in range(self.players)]
        self.points = [0] * self.players
        self.seq = 0
        self.turn_no = 0
        for event in self._start_round(self.options["first_dreamer"] % self.players):
            self._log = (self._log, event)  # the opening events are logged, as in the other games

    def _start_round(self, dreamer: int) -> list[Event]:
        """WID-R2, R5: the Dreamer deals the spirits; then the night opens (WID-R4)."""
        self.dreamer = dreamer
        spirits = spirit_set(self.players)
        self.rng.shuffle(spirits)
        self.roles = [None] * self.players
        for seat, spirit in zip(self.clue_givers, spirits):
            self.roles[seat] = FAIRY if self.options["family_mode"] else spirit
        self.aside = spirits[-1]
        self.phase = NIGHT
        self.pointer = 0
        self.clues, self.board, self.flags = [], [], {}
        self.recount, self.votes, self.done = None, {}, set()
        self._send_top_to_bottom()
        return [Event(ROUND, None, {"round": self.round + 1, "dreamer": dreamer}), *self._reveal()]

    def role_of(self, seat: int) -> str:
        """The spirit of a clue-giver (``ValueError`` for the Dreamer, who has none)."""
        role = self.roles[seat]
        if role is None:
            raise ValueError(f"{seat_name(seat)} is the Dreamer and has no spirit card")
        return role

    @property
    def clue_givers(self) -> list[int]:
        return [(self.dreamer + 1 + k) % self.players for k in range(self.players - 1)]

    # -- the deck (WID-R3) --------------------------------------------------------------------
    def _turned(self, entry: tuple[int, int, int]) -> tuple[int, int, int]:
        """The card turned to one of its three other orientations, uniformly."""
        index, face, end = entry
        others = [(f, e) for f in (0, 1) for e in (0, 1) if (f, e) != (face, end)]
        face, end = others[self.rng.randrange(3)]
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
        if not self.deck:  # WID-R16
            return self._close_night(NIGHT_END_DECK_EMPTY)
        self.seq += 1
        self.top_blind = frozenset((self.dreamer,))
        self.down.pop(self.deck[0][0], None)  # a card from the bottom shows again
        if self.options["restart_order_on_new_card"]:
            self.pointer = 0
        self._open_clue_turn()
        return [Event(REVEAL, None, {"seq": self.seq, "element": self._hidden_from_dreamer(self.element_of(self.deck[0]))})]

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
        options = self.options
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

    def _expire(self, timer: Timer) -> list[Event]:
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
    @property
    def actors(self) -> tuple[int, ...]:
        if self.phase == NIGHT:
            # The night is the Dreamer's, who may guess at any moment (WID-R9): the Dreamer comes first.
            # Then the clue-giver holding the turn (WID-R6), then those who may flag a clue on this
            # card (WID-R15): they may act, but the game does not wait for them.
            dreamer = self.dreamer
            giver = (dreamer + 1 + self.pointer) % self.players
            flaggers: set[int] = set()
            for clue in self.clues:
                if clue["seq"] == self.seq:
                    flagged = self.flags.get(clue["id"], set())
                    flaggers.update(s for s in self.clue_givers if s != clue["seat"] and s not in flagged)
            flaggers.discard(giver)
            return (dreamer, giver, *sorted(flaggers))
        if self.phase in (FINAL, RECOUNTING):
            return (self.dreamer,)
        if self.phase == REVIEW:
            return tuple(seat for seat in self.clue_givers if seat not in self.done)
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
        seq = self.seq
        moves: list[DreamMove] = []
        if self.phase in (NIGHT, FINAL) and seat == self.dreamer:
            words = [clue["word"] for clue in self.clues if clue["seq"] == seq]
            words += [self._sample_word(seq * 7 + k * 13) for k in range(4)]
            moves += [DreamMove(GUESS, seq, word) for word in dict.fromkeys(words)]
            moves.append(DreamMove(DREAM_PASS, seq))
        if self.phase == NIGHT and seat != self.dreamer:
            if seat == self.clue_seat:
                moves.append(DreamMove(CLUE_PASS, seq))
                if self.options["clue_timing"] == "typed" and not self.typing:
                    moves.append(DreamMove(TYPING, seq))
                moves += [DreamMove(CLUE, seq, word) for word in self._clue_samples(seat)]
            moves += [DreamMove(FLAG, clue_id) for clue_id in self._flaggable(seat)]
        if self.phase == RECOUNTING:  # the guesses retold, and an empty recount
            named = " ".join(word for entry in self.board if entry["guess"] for word in entry["guess"].split())
            moves += [DreamMove(RECOUNT, -1, named), DreamMove(RECOUNT, -1, "")]
        if self.phase == REVIEW:
            for index in range(len(self.board)):
                for kind in (VOTE_SIDE, VOTE_MENTION, VOTE_PENALTY):
                    if self._may_vote(seat, kind, index):
                        moves += [DreamMove(kind, index + 1, choice) for choice in VOTE_CHOICES[kind]]
            moves.append(DreamMove(DONE))
        return list(dict.fromkeys(moves))  # no move twice (a recount of no guesses is the empty one)

    def _flaggable(self, seat: int) -> list[int]:
        """The ids of the clues ``seat`` may still flag: others' clues on the card in play (WID-R15)."""
        return [clue["id"] for clue in self.clues
                if clue["seq"] == self.seq and clue["seat"] != seat and seat not in self.flags.get(clue["id"], ())]

    def _sample_word(self, k: int) -> str:
        """A word of the public word list, picked by a number (never by the hidden deck order)."""
        card = self.cards[k % len(self.cards)]
        return card.elements[k // len(self.cards) % 4]

    def _clue_samples(self, seat: int) -> list[str]:
        """A few clue words for random play: two proper ones, and one the judge would catch."""
        element = self.element or ""
        pool = [self._sample_word(self.seq * 5 + k * 11) for k in range(6)]
        proper = [word for word in pool if judge.improper_reason(word, element) is None][:2]
        return proper + [element + "s"]

    @property
    def guess_max_len(self) -> int:
        """The longest guess in characters: :data:`GUESS_MAX_LEN`, or the longest clue if that is longer."""
        clue_max_len: int = self.options["clue_max_len"]
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
                      max_length=self.options["clue_max_len"], pattern=CLUE_WORD.pattern),))]
        if phase == RECOUNTING and seat == self.dreamer:
            return [ActionForm("recount", "Your recount", "recount {text}", (
                Param("text", "text", "the dream retold: name the Elements you guessed (WID-R17)",
                      max_length=self.recount_max_len),))]
        return []

    def _prompt(self, seat: int) -> str | None:
        """What this seat is asked now; the Element and the role only in a clue-giver's own prompt."""
        phase = self.phase
        if phase == NIGHT:
            if seat == self.dreamer:
                return f"Element {self.seq}: type your guess, or pass."
            known = f"The Element is {self.element}, you are a {self.role_of(seat)}."
            giver = self.clue_seat
            if seat == giver:
                return f"{known} Your clue (one word), or pass."
            flaggable = [f"c{clue_id}" for clue_id in self._flaggable(seat)]
            may = f" (you may flag {_either(flaggable)})" if flaggable else ""
            return f"{known} Waiting for {seat_name(giver or 0)}{may}."
        if phase == FINAL:
            return "Time is up: one last answer, or pass."
        if phase == RECOUNTING:
            return "Recount your dream (name the Elements you guessed)."
        if phase == REVIEW:
            return "Review: vote-side N yellow|blue, vote-mention N yes|no, vote-penalty N keep|cancel, or done."
        return None

    # -- acting ----------------------------------------------------------------------------------
    def _apply(self, seat: int, action: DreamMove) -> list[Event]:
        wrong = malformed(action)
        if wrong:
            raise IllegalActionError(f"{wrong}: {HINT}")
        kind = action.kind
        if kind in (GUESS, DREAM_PASS):
            return self._dreamer_answer(seat, action)
        if kind in (CLUE, CLUE_PASS, TYPING):
            return self._clue_turn(seat, action)
        if kind == FLAG:
            return self._flag(seat, action.number)
        if kind == RECOUNT:
            if self.phase != RECOUNTING or seat != self.dreamer:
                raise IllegalActionError("only the Dreamer recounts the dream, after the night (WID-R17)")
            return self._take_recount(clean(action.text, "a recount", self.recount_max_len))
        if kind in VOTE_CHOICES:
            return self._vote(seat, action)
        if kind == DONE:
            if self.phase != REVIEW:
                raise IllegalActionError("done ends your review; the review comes after the recount (WID-R18)")
            self.done.add(seat)
            events = [Event(DONE_EVENT, seat)]
            if self.done >= set(self.clue_givers):
                events += self._score_round()
            return events
        raise IllegalActionError(f"unknown move {action!r}")

    def _check_card(self, number: int) -> None:
        if number != self.seq:
            raise IllegalActionError(
                f"that refers to Element {number}, but Element {self.seq} is in play: it is stale (WID-R9)")

    def _dreamer_answer(self, seat: int, action: DreamMove) -> list[Event]:
        if seat != self.dreamer:
            raise IllegalActionError("only the Dreamer may guess or pass the card (WID-R9)")
        if self.phase not in (NIGHT, FINAL):
            raise IllegalActionError("guesses are made during the night (WID-R9, WID-R12)")
        self._check_card(action.number)
        final = self.phase == FINAL
        if action.kind == DREAM_PASS:
            if final:  # WID-R12: declining leaves the card on top
                return self._close_night(NIGHT_END_DECLINED)
            return self._resolve(BLUE, None, [Event(DREAM_PASS_EVENT, seat, {"seq": self.seq})])  # WID-R10
        guess = clean(action.text, "a guess", self.guess_max_len)
        if not judge.normalise(guess):
            raise IllegalActionError("a guess needs a word; to give up on the card write dream-pass")
        entry = self.deck[0]
        card = self.cards[entry[0]]
        element = self.element_of(entry)
        right = judge.guess_matches(guess, element, card.aliases.get(element, ()))
        events = [Event(GUESS_EVENT, seat, {"seq": self.seq, "guess": guess,
                                              "verdict": self._hidden_from_dreamer("right" if right else "wrong")})]
        events += self._resolve(YELLOW if right else BLUE, guess, events=[], final=final)
        return events

    def _resolve(self, side: str, guess: str | None, events: list[Event], final: bool = False,
                 owner: int | None = None, penalty: dict[str, Any] | None = None) -> list[Event]:
        """The card in play leaves the deck for Yellow, Blue or a penalty pile; the next is revealed.

        ``penalty`` (``{seat, id, word, reason}``) says why a penalty card left: it rides on the
        ``card-gone`` notice, hidden from the Dreamer, who hears only that the card changed (WID-R11)."""
        entry = self.deck.pop(0)
        self._top_left()
        if final:  # no card is revealed after the last answer: nobody has seen the new top
            self.top_blind = frozenset(range(self.players))
        element = self.element_of(entry)
        self.board.append({"seq": self.seq, "card": entry, "element": element, "side": side, "guess": guess,
                           "owner": owner, "mentioned": False})
        if side == PENALTY and owner is not None:
            self.penalties[owner].append(element)
        if final:
            return events + self._close_night(NIGHT_END_LAST_ANSWER)
        shown = None if penalty is None else self._hidden_from_dreamer(penalty)
        events.append(Event(CARD_GONE, None, {"seq": self.seq, "penalty": shown}))
        return events + self._reveal()

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
            if self.options["clue_timing"] != "typed" or self.typing:
                raise IllegalActionError("typing only stops the 5-second start clock of a typed clue turn (WID-R8)")
            self.typing = True
            return [Event(TYPING_EVENT, seat, {"seq": self.seq})]
        if action.kind == CLUE_PASS:
            self._next_clue_turn()
            return [Event(CLUE_PASS_EVENT, seat, {"seq": self.seq})]
        longest = self.options["clue_max_len"]
        word = clean(action.text, "a clue", longest, " (WID-R7)")
        if not word or not CLUE_WORD.match(word):
            raise IllegalActionError(
                f"a clue is one word of 1–{longest} letters (a ' or - inside is allowed; no "
                f"spaces or digits): {word!r} is not (WID-R7)")
        if mixes_latin(word):  # issue 13: dоg with a Cyrillic о is the usual way to slip a word past a judge
            raise IllegalActionError(f"a clue is written in one alphabet: {word!r} mixes Latin letters with "
                                     "look-alikes from another (WID-R7)")
        element = self.element or ""
        check = self.options["auto_clue_check"]
        reason = None if check == "off" else judge.improper_reason(
            word, element, self.options["translation_check"] != "off", self.options["min_substring_len"])
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
        flaggers = self.flags.setdefault(clue_id, set())
        if seat in flaggers:
            raise IllegalActionError(f"you have already flagged c{clue_id}")
        flaggers.add(seat)
        events = [Event(FLAG_EVENT, seat, {"id": clue_id})]
        quorum = min(self.options["flag_quorum"], len(self.clue_givers) - 1)
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
        everyone for the review, which the Dreamer could otherwise read from the votes (issue 14, point 9)."""
        self.recount = text
        for entry in self.board:  # Blue cards too: the review may move one to Yellow
            if entry["side"] in (YELLOW, BLUE):
                entry["mentioned"] = self.mentioned(entry, text)
        self.phase = REVIEW
        cards = [{"seq": e["seq"], "element": e["element"], "side": e["side"], "guess": e["guess"], "owner": e["owner"]}
                 for e in self.board]
        return [Event(RECOUNT_EVENT, self.dreamer, {"dream": text}), Event(UNMASK, None, {"cards": cards})]

    def mentioned(self, entry: Entry, text: str) -> bool:
        """Whether the recount ``text`` names the card: a word matching its Element, or its guess's own text."""
        words = re.findall(r"[^\W\d_]+(?:['-][^\W\d_]+)*", text)
        aliases = self.cards[entry["card"][0]].aliases.get(entry["element"], ())
        guess = entry["guess"] or ""
        return any(judge.guess_matches(word, entry["element"], aliases) for word in words) or (
            bool(guess) and judge.normalise(guess) in judge.normalise(text))

    def _may_vote(self, seat: int, kind: str, index: int) -> bool:
        entry = self.board[index]
        if (kind, index) in self.votes and seat in self.votes[(kind, index)]:
            return False
        if kind == VOTE_PENALTY:
            return entry["side"] == PENALTY and entry["owner"] != seat
        if kind == VOTE_SIDE:
            return entry["side"] in (YELLOW, BLUE)
        return entry["side"] == YELLOW  # mention

    def _vote(self, seat: int, action: DreamMove) -> list[Event]:
        if self.phase != REVIEW:
            raise IllegalActionError("votes are cast in the day's review (WID-R18)")
        index = action.number - 1
        if not 0 <= index < len(self.board) or not self._may_vote(seat, action.kind, index):
            raise IllegalActionError(
                f"{action} is not open to you: vote once per card, on sides of Yellow/Blue cards, on the naming of "
                "Yellow cards, and on others' penalties (WID-R18)")
        self.votes.setdefault((action.kind, index), {})[seat] = action.text
        return [Event(VOTE, seat, {"vote": action.kind[len("vote-"):], "card": action.number, "choice": action.text})]

    def _apply_review(self) -> None:
        """WID-R18: a strict majority of the eligible voters changes the automatic result."""
        for (kind, index), ballots in self.votes.items():
            entry = self.board[index]
            eligible = [s for s in self.clue_givers if kind != VOTE_PENALTY or s != entry["owner"]]
            if kind == VOTE_SIDE:
                for side in (YELLOW, BLUE):
                    if side != entry["side"] and sum(v == side for v in ballots.values()) * 2 > len(eligible):
                        entry["side"] = side
            elif kind == VOTE_MENTION:
                choice = "no" if entry["mentioned"] else "yes"
                if sum(v == choice for v in ballots.values()) * 2 > len(eligible):
                    entry["mentioned"] = not entry["mentioned"]
            elif sum(v == "cancel" for v in ballots.values()) * 2 > len(eligible):
                owner = entry["owner"]
                assert owner is not None, "a penalty card always has an owner (WID-R13)"
                self.penalties[owner].remove(entry["element"])
                entry["side"] = "cancelled"
                self._to_bottom(entry["card"], frozenset())  # seen by all: the Dreamer is unmasked

    def _score_round(self) -> list[Event]:
        """WID-R19 to R22: score the round, reveal the roles, clear the board, pass the mask left."""
        self._apply_review()
        yellow = sum(entry["side"] == YELLOW for entry in self.board)
        blue = sum(entry["side"] == BLUE for entry in self.board)
        bonus = 2 if all(e["mentioned"] for e in self.board if e["side"] == YELLOW) and (
            yellow >= 1 or not self.options["bonus_requires_yellow"]) else 0
        gains = [0] * self.players
        gains[self.dreamer] = yellow + bonus
        for seat in self.clue_givers:
            role = self.roles[seat]
            gains[seat] = yellow if role == FAIRY else blue if role == BOOGEYMAN else sandman_points(yellow, blue)
        for seat in range(self.players):
            self.points[seat] += gains[seat]
        for entry in self.board:  # WID-R22; everyone saw them, the Dreamer since the review
            if entry["side"] in (YELLOW, BLUE):
                self._to_bottom(entry["card"], frozenset())
        events = [Event(DAY, None, {"round": self.round + 1, "dreamer": self.dreamer, "yellow": yellow, "blue": blue,
                                    "bonus": bonus, "roles": self.roles[:], "gains": gains})]
        self.round += 1
        if self.round >= self.players:  # WID-R2: everyone has dreamed once
            self.phase = OVER
            outcome = self.outcome
            assert outcome is not None
            return events + [Event(GAME_OVER, None, {"winners": list(outcome.winners)})]
        return events + self._start_round((self.dreamer + 1) % self.players)

    # -- the end (WID-R23) ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

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
        unmasked = self.phase in (REVIEW, OVER)  # issue 14, point 9: the mask comes off after the recount
        sees_past = self.options["dreamer_sees_past_clues"]
        clues: list[Any] = []
        for clue in self.clues:
            shown = {"id": clue["id"], "seq": clue["seq"], "seat": clue["seat"], "word": clue["word"]}
            current = clue["seq"] == self.seq and self.phase in (NIGHT, FINAL)
            clues.append(shown if current or sees_past or over else self._hidden_from_dreamer(shown))
        cards: list[Any] = []
        for entry in self.board:
            public = {"seq": entry["seq"], "element": entry["element"], "side": entry["side"],
                      "guess": entry["guess"], "owner": entry["owner"], "mentioned": entry["mentioned"]}
            own_guess = {"seq": entry["seq"], "guess": entry["guess"]} if self.options["dreamer_sees_own_guesses"] else None
            cards.append(public if unmasked else self._hidden_from_dreamer(public, own_guess))
        roles = [role if role is None or over else Secret(role, frozenset((seat,)), None)
                 for seat, role in enumerate(self.roles)]
        return {
            "round": self.round + 1 if not over else self.round,
            "rounds": self.players,
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
        twin.clues = [c.copy() for c in self.clues]
        twin.board = [e.copy() for e in self.board]
        twin.penalties = [p[:] for p in self.penalties]
        twin.points = self.points[:]
        twin.votes = {key: dict(ballots) for key, ballots in self.votes.items()}
        twin.done = set(self.done)
        twin.flags = {key: set(seats) for key, seats in self.flags.items()}
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
        return world

    def _shuffle(self, items: list[Any]) -> None:
        shuffle_with(items, self.rng)
