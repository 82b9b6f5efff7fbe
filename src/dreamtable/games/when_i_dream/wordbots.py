"""Word bots for When I Dream, from an offline sentence-embedding model (USE multilingual v3).

The embeddings of the clue vocabulary and of the Elements are computed once and shipped
(:mod:`.embeddings`), so a bot speaks at once; the model itself is loaded only for a word that is
not in that table (a human's clue). Clue words are the shipped common English nouns and adjectives
(:mod:`.vocabulary`: no names, function words, verbs, inflections or profanity), and no clue repeats
a word, or another form of a word, said earlier in the night; the Dreamer guesses among the
Elements of the public word list (the bots know the deck, as
a player who owns the game might).

* a **Fairy** gives the legal word closest to the Element;
* a **Boogeyman** picks a decoy Element that is near the real one and gives the legal word
  closest to the decoy — plausible, but pointing the wrong way;
* a **Sandman** helps like a Fairy while Blue leads this night and misleads while Yellow leads;
* the **Dreamer** scores every Element by its mean similarity to the clues on the card, less the
  Element's mean similarity to the whole vocabulary (:func:`hubness`: without it a few central
  Elements won any vague clue set), and answers when the best is clearly ahead of the next one, or
  after ``patience`` clues. A clue outside the table is looked up in lower case, then embedded by
  the model as typed.

Every clue passes our judge first (:func:`.judge.improper_reason`, with the match's options), so a
bot's clue is never improper by our own rules.

:class:`WordBotAgent` plays any seat through the engine contract (``make_agent("wordbot",
game=…)``); :func:`bot_night` and :func:`bot_game` let the bots play nights and games at once, for
measurements.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.contract import State
from . import judge
from .embeddings import NOT_FOR_FAMILIES, VOCABULARY_SIZE, Vectors, element_words, encode, shipped, vocabulary_words
from .notation import CLUE, CLUE_PASS, DONE, DREAM_PASS, GUESS, RECOUNT, DreamMove
from .rules import BLUE, BOOGEYMAN, FAIRY, FINAL, NIGHT, NOTHING_REMEMBERED, RECOUNTING, REVIEW, SANDMAN, YELLOW, DreamState

__all__ = [
    "NOT_FOR_FAMILIES", "VOCABULARY_SIZE", "WordBotAgent", "best_clue", "bot_game", "bot_night",
    "clue_for", "decoy", "dreamer_guess", "dreamer_scores", "elements", "hubness", "vocabulary",
]

CANDIDATES = 400
"""How many of the vocabulary words nearest a target a clue-giver considers before passing."""


# -- words and their vectors ------------------------------------------------------------------------
@lru_cache(maxsize=4)
def vocabulary(language: str = "en") -> tuple[tuple[str, ...], Vectors]:
    """Candidate clue words and their unit embeddings (frequent words of the language, family-friendly)."""
    table = shipped(language)
    if table is None:  # no shipped table (a checkout without it): compute once, slowly
        words = vocabulary_words(language)
        return words, encode(words)
    return table.words[:table.vocabulary], table.vectors[:table.vocabulary]


@lru_cache(maxsize=4)
def elements(language: str = "en") -> tuple[tuple[str, ...], Vectors]:
    """Every Element of the word list and their unit embeddings."""
    names = element_words(language)
    table = shipped(language)
    rows = [None if table is None else table.vector(name) for name in names]
    missing = [name for name, row in zip(names, rows) if row is None]  # only if the deck changed since the table
    fresh = iter(encode(missing)) if missing else iter(())
    return names, np.stack([next(fresh) if row is None else row for row in rows])


@lru_cache(maxsize=65_536)
def _embedding(word: str, language: str = "en") -> Vectors:
    """The unit vector of one word as typed: from the shipped table (as typed, else in lower case:
    a player's ``Mummy`` or ``Earth`` is the table's word), else from the model, which is given the
    word as typed (its capitals tell ``China`` from ``china``)."""
    table = shipped(language)
    vector = None if table is None else table.vector(word)
    if vector is None and table is not None and word != word.lower():
        vector = table.vector(word.lower())
    return encode([word])[0] if vector is None else vector


@lru_cache(maxsize=4)
def hubness(language: str = "en") -> Vectors:
    """Each Element's mean similarity to the whole clue vocabulary (its pull on any clue at all).

    In this embedding space some Elements (``easel``, ``broom``, ``attic``, ``kite``) sit near the
    centre of the vocabulary, so they come close to the mean of almost any clues and won about a
    third of the wrong answers on people's clues; the Dreamer takes this pull off every Element's
    score. By linearity it is the Element's similarity to the vocabulary's mean vector.
    """
    _, vectors = elements(language)
    _, words = vocabulary(language)
    pull: Vectors = vectors @ words.mean(axis=0)
    return pull


# -- clue-givers ------------------------------------------------------------------------------------
def best_clue(target: str, element: str, used: set[str], min_length: int = judge.MIN_SUBSTRING,
              translation_check: bool = True, max_length: int = 32, language: str = "en") -> str | None:
    """The legal vocabulary word nearest ``target``, judged against the real ``element``, that is
    neither a word of ``used`` (the night's clues) nor another form of one (the same Snowball stem:
    no ``gets`` after ``get``)."""
    words, vectors = vocabulary(language)
    said = {key for word in used for key in judge.stem_keys(word, language)}
    order = np.argsort(-(vectors @ _embedding(target, language)))
    for index in order[:CANDIDATES]:
        word = words[int(index)]
        if word not in used and said.isdisjoint(judge.stem_keys(word, language)) and len(word) <= max_length and \
                judge.improper_reason(word, element, translation_check, min_length, language) is None and \
                judge.improper_reason(word, target, True, min_length, language) is None:
            return word
    return None


def decoy(element: str, rank: int = 3, language: str = "en") -> str:
    """An Element near the real one, but not it: the ``rank``-th closest."""
    names, vectors = elements(language)
    order = np.argsort(-(vectors @ _embedding(element, language)))
    near = [names[int(i)] for i in order if judge.improper_reason(names[int(i)], element, language=language) is None]
    return near[min(rank, len(near) - 1)]


def clue_for(role: str, element: str, used: set[str], yellow: int = 0, blue: int = 0,
             min_length: int = judge.MIN_SUBSTRING, translation_check: bool = True, max_length: int = 32,
             language: str = "en") -> str | None:
    """A role's clue for the Element (``None``: nothing legal found, so pass)."""
    if role == SANDMAN:
        role = FAIRY if blue >= yellow else BOOGEYMAN
    target = element if role == FAIRY else decoy(element, language=language)
    return best_clue(target, element, used, min_length, translation_check, max_length, language)


def _clue(state: DreamState, seat: int) -> DreamMove:
    """The clue (or pass) of ``seat`` when it holds the clue turn, from what a clue-giver sees:
    the Element, its own role, the night's clues and the sides of this night's cards."""
    seq, element, role = state.seq, state.element, state.roles[seat]
    if element is None or role is None:
        return DreamMove(CLUE_PASS, seq)
    options = state._options
    used = {clue["word"] for clue in state.clues}
    yellow = sum(entry["side"] == YELLOW for entry in state.board)
    blue = sum(entry["side"] == BLUE for entry in state.board)
    # Judged as the rules judge it (WID-R7, WID-R14), so a bot's clue is never refused.
    word = clue_for(role, element, used, yellow, blue, options["min_substring_len"],
                    options["translation_check"] != "off", options["clue_max_len"], options["language"])
    return DreamMove(CLUE, seq, word) if word else DreamMove(CLUE_PASS, seq)


# -- the Dreamer ----------------------------------------------------------------------------------------
def dreamer_guess(clues: list[str], patience: int = 4, margin: float = 0.04, language: str = "en") -> str | None:
    """The Element the clues point to, or ``None`` to wait for more."""
    return _guess(tuple(clues), patience, margin, language)


def dreamer_scores(clues: list[str] | tuple[str, ...], language: str = "en") -> Vectors:
    """Every Element's score on the clues (in :func:`elements` order): its mean similarity to the
    clues less its :func:`hubness`, and -2 for an Element a clue may not be given for (a clue is
    never the answer itself, nor a form or translation of it)."""
    _, vectors = elements(language)
    scores: Vectors = vectors @ np.mean([_embedding(clue, language) for clue in clues], axis=0) - hubness(language)
    for clue in clues:
        scores[_ruled_out(clue, language)] = -2.0
    return scores


@lru_cache(maxsize=4096)
def _ruled_out(clue: str, language: str = "en") -> npt.NDArray[np.bool_]:
    """Per Element, whether ``clue`` is improper for it (so the Element is not the answer)."""
    names, _ = elements(language)
    return np.array([judge.improper_reason(clue, name, language=language) is not None for name in names])


@lru_cache(maxsize=4096)
def _guess(clues: tuple[str, ...], patience: int, margin: float, language: str = "en") -> str | None:
    if not clues:
        return None
    names, _ = elements(language)
    scores = dreamer_scores(clues, language)
    first, second = (int(i) for i in np.argsort(-scores)[:2])
    if scores[first] - scores[second] >= margin or len(clues) >= patience:
        return names[first]
    return None


def _answer(state: DreamState, last: bool, patience: int = 4, margin: float = 0.04) -> DreamMove | None:
    """The Dreamer's answer on the clues heard for the card in play (the only ones it sees), or
    ``None`` to wait; on the ``last`` answer of the night it guesses if the clues point anywhere,
    else declines."""
    heard = [clue["word"] for clue in state.clues if clue["seq"] == state.seq]
    guess = dreamer_guess(heard, patience=1 if last else patience, margin=margin, language=state._options["language"])
    if guess is not None:
        return DreamMove(GUESS, state.seq, guess)
    return DreamMove(DREAM_PASS, state.seq) if last else None


# -- the agent --------------------------------------------------------------------------------------------
class WordBotAgent:
    """A word bot in any seat of When I Dream, through the contract.

    ``choose(state, seat)`` is the move this seat makes now, or ``None`` to wait: the clue-giver
    holding the turn gives its role's clue (or passes); other clue-givers wait (they never flag);
    the Dreamer guesses once the clues point somewhere, gives its last answer when the night is
    over, then recounts its guesses; in the review every bot says ``done``. It reads only what its
    seat may see. The bots are deterministic (``seed`` is kept so every agent is built alike).

    ``real_time``: the table asks it at every moment its seat may act, not only when the game
    waits for that seat. ``delay``: the seconds a bot clue-giver takes to speak (the table waits
    that long before asking).
    """

    name = "wordbot"
    real_time = True

    def __init__(self, seed: int = 0, delay: float = 1.5, patience: int = 4, margin: float = 0.04) -> None:
        self.seed = seed
        self.delay = delay
        self.patience = patience
        self.margin = margin
        # Per Dreamer seat, the guesses of the night in progress: card number → guess (for the recount).
        self._guesses: dict[int, dict[int, str]] = {}

    def choose(self, state: State[DreamMove], seat: int) -> DreamMove | None:
        """This seat's move now, or ``None`` to wait."""
        if not isinstance(state, DreamState):
            raise TypeError(f"a word bot plays When I Dream, not {state.game.info.name}")
        if seat not in state.actors:
            return None
        phase = state.phase
        if seat == state.dreamer:
            if phase in (NIGHT, FINAL):
                move = _answer(state, phase == FINAL, self.patience, self.margin)
                if move is not None and move.kind == GUESS:
                    self._guesses.setdefault(seat, {})[move.number] = move.text
                return move
            if phase == RECOUNTING:  # the night's guesses, retold; then the memory is cleared
                guesses = self._guesses.pop(seat, {})
                told = " ".join(guesses[number] for number in sorted(guesses))
                return DreamMove(RECOUNT, -1, told or NOTHING_REMEMBERED)
            return None
        if phase == NIGHT:
            return _clue(state, seat) if seat == state.clue_seat else None
        if phase == REVIEW:
            return DreamMove(DONE)
        return None


# -- whole nights and games at once, for measurements ----------------------------------------------------
def _act(state: DreamState, agent: WordBotAgent, seat: int | None) -> None:
    if seat is not None:
        move = agent.choose(state, seat)
        if move is not None:
            state.apply(seat, move)


def _play_night(state: DreamState, agent: WordBotAgent, clue_turns: int) -> None:
    """The bots play the night in progress on a simulated clock: ``clue_turns`` clue turns (each:
    the clue-giver speaks, then the Dreamer may answer), then the night's deadline and the Dreamer's
    last answer."""
    for _ in range(clue_turns):
        if state.phase != NIGHT:
            return
        _act(state, agent, state.clue_seat)
        if state.phase == NIGHT:
            _act(state, agent, state.dreamer)
    if state.phase == NIGHT:
        state.expire("night")
        _act(state, agent, state.dreamer)


def _new(players: int, seed: int, **options: Any) -> DreamState:
    from dreamtable import load

    state = load("when-i-dream").new(players=players, seed=seed, **options)
    assert isinstance(state, DreamState)
    return state


def bot_night(seed: int, spirit: str | None, players: int = 5, clue_turns: int = 12, **options: Any) -> tuple[int, int]:
    """One night played by the bots through the engine; returns (Yellow, Blue).

    ``spirit`` gives every clue-giver that role (``None``: the dealt mix); ``options`` are the game's
    (``language="it"``).
    """
    state = _new(players, seed, **options)
    if spirit is not None:
        for seat in state.clue_givers:
            state.roles[seat] = spirit
    _play_night(state, WordBotAgent(seed), clue_turns)
    return (sum(entry["side"] == YELLOW for entry in state.board), sum(entry["side"] == BLUE for entry in state.board))


def bot_game(seed: int, players: int = 5, clue_turns: int = 12, **options: Any) -> DreamState:
    """A whole game played by the word bots at once, reproducibly: every night on the simulated
    clock, the Dreamer's recount made of its guesses, and every review accepted as it stands."""
    state = _new(players, seed, **options)
    agent = WordBotAgent(seed)
    while not state.is_over:
        _play_night(state, agent, clue_turns)
        _act(state, agent, state.dreamer)  # the recount
        for seat in list(state.actors):  # the review
            _act(state, agent, seat)
    return state
