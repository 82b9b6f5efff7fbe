"""Build ``words/it.json``, the Italian Dream deck (WID-R25): 110 cards, 440 Elements.

The Elements are common, concrete, picturable Italian nouns, chosen in three steps:

1. **candidates** — the Italian words of the shipped bilingual table (``words/translations.json``,
   one per English Element: concrete by construction), plus :data:`EXTRA`, nouns written for the
   Italian deck (Italian everyday things: ``bosco``, ``grissino``, ``altalena``…);
2. **frequency** — each must be a single word of at least :data:`MIN_ZIPF` on ``wordfreq``'s Italian
   list (``zipf_frequency(word, "it")``): known to a child, not a rare dictionary word;
3. **by hand** — :data:`EXCLUDED` drops, with the reason beside each, the traps: words whose Italian
   Snowball stem is shared by a frequent word of another meaning (``pesca``/``pesce``, ``sole``/``solo``,
   ``faro``/``fare``: the judge would take one for the other), words with a second meaning that
   breaks the game or is not for families (``scopa``, ``lama``), English loanwords that read as
   English (``skateboard``), and a second word for an Element already on the deck.

The script also refuses a deck where two Elements share a stem, and prints, for the hand check,
each Element's other frequent words with the same stem (top 30,000 of wordfreq's Italian list).
The cards are dealt in a fixed shuffled order (seed 7) so that no card holds two clashing Elements.
Run it from the repository root; it runs offline (wordfreq's lists ship in its wheel)::

    PYTHONPATH=src .venv/bin/python benchmarks/build_italian_deck.py [--report]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

import wordfreq

from dreamtable.games.when_i_dream.judge import normalise, stem, stem_keys
from dreamtable.games.when_i_dream.words import CARDS, parse_deck

WORDS = Path(__file__).resolve().parents[1] / "src/dreamtable/games/when_i_dream/words"
MIN_ZIPF = 2.5
SEED = 7

EXTRA = """
pesce foca pulcino grillo cinghiale picchio gabbiano cicogna pellicano merlo talpa lepre bruco
pipistrello scorpione calabrone cucciolo orsacchiotto vespa seppia vongola lombrico
forbici chiodo trapano pennarello quaderno astuccio lavagna gesso colla penna francobollo cartolina
spazzola rasoio dentifricio lavatrice bicchiere tovaglia padella pentola mestolo caraffa barattolo
vassoio scatola sacco lampadina lenzuolo materasso armadio cassetto scaffale poltrona sgabello
occhiali anello orecchino berretto pigiama pantofola maglione cravatta tasca cerniera fazzoletto
lucchetto campanello binocolo televisore telecomando tastiera cuffie triangolo
cornetto crostata budino marmellata prosciutto salame zucchina melanzana fagiolo lenticchia arancia
mandarino pompelmo kiwi melone albicocca prugna castagna nocciola mandorla lampone mirtillo grissino
focaccia minestra brodo polpetta lasagna gelato
collina mare onda bosco orto pozzo piazza chiesa vento nebbia tempesta sasso roccia radice tronco
cespuglio girasole papavero quercia
mongolfiera tram metropolitana gommone zattera
fata poliziotto postino angelo
bagno salotto cantina tetto balcone muro pavimento culla altalena scivolo giostra trottola dado
""".split()
"""Nouns written for the Italian deck (no translation table gives them)."""

EXCLUDED = {
    # a frequent word of another meaning shares the Snowball stem (the judge would take one for the other)
    "pesca": "pesce", "sole": "solo", "faro": "fare", "porta": "portare", "letto": "lettera", "casa": "caso",
    "sedia": "sede", "principe": "principio", "mostro": "mostrare", "moto": "motivo", "pera": "però, pero",
    "forno": "fornire", "genio": "genere", "fattoria": "fattore", "foglia": "foglio", "ramo": "rame",
    "razzo": "razza", "riccio": "ricco", "secchio": "secco", "soldato": "soldi", "succo": "succhiare",
    "torta": "torto", "tenda": "tendere", "vela": "velo", "circo": "circa", "cappello": "cappella",
    "cancello": "cancellare", "coperta": "coperto", "mercato": "merce", "insegnante": "insegna",
    "mucca": "mucchio", "granchio": "granché", "batteria": "batteri", "busta": "busto", "carro": "carriera",
    "campana": "Campania", "pala": "palo", "cascata": "casco", "casco": "cascata", "cavalletto": "cavallette",
    "calamita": "calamità (the same letters without the accent)", "tetto": "tette (vulgar)", "colla": "collo",
    "gelato": "gelo", "tram": "trama", "gabbiano": "gabbia", "picchio": "picchiare", "seppia": "seppe",
    "foca": "foce", "vento": "venti (twenty)", "mare": "marito", "trattore": "trattoria", "roccia": "rocca", "bruco": "bruciare",
    # a second meaning that breaks the game or is not for families
    "ancora": "àncora/ancóra: the adverb 'still' is far more frequent", "lama": "llama and blade",
    "riso": "rice and laughter", "scala": "ladder, stairs and scale", "scopa": "vulgar verb beside it",
    "mosca": "Moscow",
    # English loanwords that read as English at an Italian table
    "porridge": "", "pretzel": "", "skateboard": "", "frisbee": "", "cowboy": "", "detective": "",
    "muffin": "", "hamburger": "", "popcorn": "", "canyon": "", "iceberg": "", "igloo": "", "troll": "",
    "ninja": "", "tunnel": "", "zombie": "", "yeti": "", "taco": "",
    # rare or made-up forms
    "tortina": "not the usual word for cupcake", "tagliatella": "said in the plural", "ciottolo": "rare",
    "arachide": "said in the plural", "limonata": "shares the stem of limone",
    # a second word for an Element already on the deck (it is an alias there instead)
    "dottore": "medico", "neonato": "bambino", "maestra": "insegnante is out; maestra stays?",
}
del EXCLUDED["maestra"]  # the teacher stays as maestra (insegnante is out)

ALIASES = {
    "medico": ["dottore", "dottoressa"], "frigo": ["frigorifero"], "autobus": ["bus"], "bicicletta": ["bici"],
    "macchina": ["auto", "automobile"], "televisione": ["tv"], "bambino": ["neonato", "bimbo"],
    "maestra": ["maestro", "insegnante"], "telefono": ["cellulare"],
}


def candidates() -> list[str]:
    table = json.loads((WORDS / "translations.json").read_text(encoding="utf-8"))
    pool = [word for by_language in table.values() for word in by_language.get("it", ())] + EXTRA
    seen: set[str] = set()
    kept = []
    for word in pool:
        if word in seen or word in EXCLUDED or not word.isalpha() or word != word.lower():
            continue
        seen.add(word)
        if wordfreq.zipf_frequency(word, "it") >= MIN_ZIPF:
            kept.append(word)
    return kept


def collisions(words: list[str]) -> dict[str, list[str]]:
    """Element → frequent words with its stem (the hand check reads these)."""
    by_stem: dict[str, list[str]] = defaultdict(list)
    for word in wordfreq.top_n_list("it", 30_000):
        if word.isalpha():
            for key in stem_keys(word, "it"):
                by_stem[key].append(word)
    return {word: sorted({other for key in stem_keys(word, "it") for other in by_stem[key] if other != word})[:8]
            for word in words}


def deal(words: list[str]) -> list[dict[str, object]]:
    """110 cards of four Elements, in a fixed shuffled order, no clashing pair on one card."""
    rng = random.Random(SEED)
    order = words[:]
    rng.shuffle(order)
    for _ in range(1000):
        cards = [order[i:i + 4] for i in range(0, 4 * CARDS, 4)]
        try:
            return _check([_card(i, four) for i, four in enumerate(cards)])
        except ValueError:
            rng.shuffle(order)
    raise SystemExit("no clash-free deal found")


def _card(index: int, four: list[str]) -> dict[str, object]:
    card: dict[str, object] = {"id": f"WIDIT{index + 1:03d}", "faceA": four[:2], "faceB": four[2:]}
    aliases = {word: ALIASES[word] for word in four if word in ALIASES}
    if aliases:
        card["aliases"] = aliases
    return card


def _check(cards: list[dict[str, object]]) -> list[dict[str, object]]:
    from dreamtable.games.when_i_dream.words import DeckError

    try:
        parse_deck({"language": "it", "cards": cards})
    except DeckError as error:
        raise ValueError(str(error)) from error
    return cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--report", action="store_true", help="print each Element's same-stem frequent words")
    args = parser.parse_args()
    words = candidates()
    stems: dict[str, str] = {}
    for word in words:
        for key in stem_keys(word, "it"):
            other = stems.setdefault(key, word)
            if other != word:
                sys.exit(f"{word!r} and {other!r} share the stem key {key!r}; exclude one")
    if len({normalise(word, "it") for word in words}) != len(words):
        sys.exit("two Elements are the same word once accents are stripped")
    print(f"{len(words)} candidates; the deck takes the {4 * CARDS} most frequent", file=sys.stderr)
    if len(words) < 4 * CARDS:
        sys.exit(f"only {len(words)} Elements; add to EXTRA")
    words = sorted(words, key=lambda word: -wordfreq.zipf_frequency(word, "it"))[:4 * CARDS]
    if args.report:
        for word, others in collisions(words).items():
            if others:
                print(f"{word}: {', '.join(others)}")
    cards = deal(words)
    lines = ",\n".join("  " + json.dumps(card, ensure_ascii=False) for card in cards)
    (WORDS / "it.json").write_text('{"language": "it",\n "about": "Built by benchmarks/build_italian_deck.py '
                                   '(see its docstring).",\n "cards": [\n' + lines + "\n ]}\n", encoding="utf-8")
    print(f"wrote {WORDS / 'it.json'}: {len(cards)} cards", file=sys.stderr)


if __name__ == "__main__":
    main()
