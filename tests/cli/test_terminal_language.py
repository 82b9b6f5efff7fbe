"""The terminal speaks the reader's language: ``--lang it`` (or an Italian locale) gives its own words,
prompts, commands and menu in Italian, English commands still work, and a language it does not speak
is refused saying which it does."""

from __future__ import annotations

import re

import pexpect

from .test_terminal import DREAMTABLE, ENV, spawn

ITALIAN_PROMPT = r"Giocatore A, la tua mossa: "


def spawn_in_an_italian_locale(*args: str) -> pexpect.spawn:
    """``dreamtable ARGS`` in a terminal whose locale is Italian (``LANG=it_IT.UTF-8``), 200 columns wide."""
    return pexpect.spawn(DREAMTABLE, list(args), env={**ENV, "LC_ALL": "", "LANG": "it_IT.UTF-8"},
                         encoding="utf-8", timeout=20, dimensions=(60, 200))


def said(text: str) -> str:
    """``text`` as a pattern that lets the terminal wrap the line between any two words."""
    return r"\s+".join(re.escape(word) for word in text.split())


def test_lang_it_asks_and_answers_in_italian_and_takes_commands_in_both_languages() -> None:
    child = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "4", "--lang", "it")
    child.expect(said("Sei il giocatore A."))
    child.expect(ITALIAN_PROMPT)
    child.sendline("aiuto")
    child.expect(said("Scrivi il numero di una mossa o la sua notazione"))
    child.expect(ITALIAN_PROMPT)
    child.sendline("mosse")
    child.expect(r" 1\. ")
    child.expect(ITALIAN_PROMPT)
    child.sendline("help")  # the English word works too
    child.expect(said("I comandi in inglese funzionano anche"))
    child.expect(ITALIAN_PROMPT)
    child.sendline("99")
    child.expect(said("Non c'è una mossa 99"))
    child.expect(ITALIAN_PROMPT)
    child.sendline("annulla")
    child.expect(said("Niente da annullare: non hai ancora fatto una mossa in questa partita"))
    child.expect(ITALIAN_PROMPT)
    child.sendline("esci")
    child.expect(said("Hai lasciato la partita."))
    child.expect(pexpect.EOF)


def test_an_italian_locale_is_the_default_and_english_stays_english() -> None:
    child = spawn_in_an_italian_locale("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "4")
    child.expect(ITALIAN_PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    english = spawn("play", "sogni-e-incubi", "--seats", "human,random", "--seed", "4", "--lang", "en")
    english.expect("Player A, your move: ")
    english.sendline("quit")
    english.expect(said("You left the game."))
    english.expect(pexpect.EOF)


def test_a_language_the_terminal_does_not_speak_is_refused_naming_those_it_does() -> None:
    child = spawn("play", "sogni-e-incubi", "--lang", "fr")
    child.expect(said("dreamtable speaks en, it, not 'fr'"))
    child.expect(pexpect.EOF)


def test_the_menu_speaks_the_locale_s_language_and_names_the_games_as_their_catalogues_do() -> None:
    child = spawn_in_an_italian_locale()
    child.expect(said("dreamtable — scegli un gioco (q o Ctrl-D per uscire):"))
    child.expect(r"giocatori: \d–\d+\)")
    child.expect("Numero del gioco: ")
    child.sendline("0")
    child.expect(said("Scegli da 1 a"))
    child.sendline("q")
    child.expect("Arrivederci.")
    child.expect(pexpect.EOF)
