"""Reading a line at a terminal key by key, for play against the clock.

A game against the clock needs two things the terminal's line discipline hides: the moment the
player presses the first key (When I Dream's clue-giver stops the 5-second start clock by starting
to type, as a spoken clue stops it at the table), and a way to print what happens meanwhile — a
bot's clue, a card that changed — above the line being typed instead of into it.

:class:`KeyLine` puts the terminal in cbreak mode (keys arrive one by one, unechoed; Ctrl-C still
interrupts), echoes what is typed itself, and keeps the typed text, so news can be printed by
taking the input line off the screen (:meth:`KeyLine.hide`) and putting it back (:meth:`KeyLine.show`).
On a terminal that understands ANSI cursor codes the line is cleared in place, however many rows it
wraps over; on a dumb one the news simply starts on a new line and the prompt is written again
with what was typed so far. Only the standard library is used (``termios``, ``tty``, ``select``): no
new dependency. Standard input that is not a terminal (a pipe) is read a line at a time instead.
"""

from __future__ import annotations

import codecs
import os
import select
import shutil
import sys
from dataclasses import dataclass
from typing import Any, TextIO

ERASE = ("\x7f", "\b")
KILL_LINE = "\x15"  # Ctrl-U
END_OF_FILE = "\x04"  # Ctrl-D
ESCAPE = "\x1b"


@dataclass
class Keys:
    """What one poll of the keyboard brought: whether typing began (the line was empty and a key
    was pressed), and the line when Enter was pressed."""

    started: bool = False
    line: str | None = None


class KeyLine:
    """A line editor over a terminal in cbreak mode: the typed text, its echo, and the prompt."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, ansi: bool = True) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.ansi = ansi
        self.prompt = ""
        self.buffer = ""
        self.shown = False  # whether the prompt and the buffer are on the screen now
        self._fd = self.stdin.fileno()
        self._saved: Any = None
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._in_escape = False
        self.is_terminal = os.isatty(self._fd)

    # -- the terminal's mode ------------------------------------------------------------------
    def raw(self) -> None:
        """Keys one by one and unechoed (cbreak); Ctrl-C still raises KeyboardInterrupt."""
        if not self.is_terminal or self._saved is not None:
            return
        import termios
        import tty

        self._saved = termios.tcgetattr(self._fd)
        tty.setcbreak(self._fd)

    def cooked(self) -> None:
        """The terminal as it was (line editing and echo by the terminal)."""
        if self._saved is None:
            return
        import termios

        termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
        self._saved = None

    # -- the screen -----------------------------------------------------------------------------
    def show(self, prompt: str | None = None) -> None:
        """Write the prompt and what was typed so far (on the current line)."""
        if prompt is not None:
            self.prompt = prompt
        self.stdout.write(f"{self.prompt} {self.buffer}")
        self.stdout.flush()
        self.shown = True

    def hide(self) -> None:
        """Take the prompt and the typed text off the screen, so that other lines go where they stood."""
        if not self.shown:
            return
        if self.ansi:
            width = max(1, shutil.get_terminal_size().columns)
            rows = (len(self.prompt) + 1 + len(self.buffer)) // width
            self.stdout.write("\r" + (f"\x1b[{rows}A" if rows else "") + "\x1b[J")
        else:
            self.stdout.write("\n")
        self.stdout.flush()
        self.shown = False

    # -- the keys -------------------------------------------------------------------------------
    def poll(self, timeout: float) -> Keys:
        """Wait up to ``timeout`` seconds for keys and take them: ``Keys.line`` once Enter is pressed.

        ``EOFError`` for Ctrl-D on an empty line or a closed input."""
        result = Keys()
        ready, _, _ = select.select([self.stdin], [], [], timeout)
        if not ready:
            return result
        if not self.is_terminal:
            line = self.stdin.readline()
            if not line:
                raise EOFError
            result.line = line.rstrip("\r\n")
            self.shown = False  # the terminal itself echoed it, with its line's end
            return result
        data = os.read(self._fd, 1024)
        if not data:
            raise EOFError
        empty = not self.buffer
        for char in self._decoder.decode(data):
            if result.line is not None:
                break  # keys after Enter are dropped, as a line discipline would keep them for later
            if self._in_escape:  # an arrow or a function key: ESC [ … final letter
                if char.isalpha() or char == "~":
                    self._in_escape = False
                continue
            if char == ESCAPE:
                self._in_escape = True
            elif char in ("\r", "\n"):
                result.line = self.buffer
                self.buffer = ""
                self.stdout.write("\n")
                self.shown = False
            elif char in ERASE:
                if self.buffer:
                    self.buffer = self.buffer[:-1]
                    self._redraw()
            elif char == KILL_LINE:
                self.buffer = ""
                self.hide()
                self.show()
            elif char == END_OF_FILE:
                if not self.buffer:
                    raise EOFError
            elif char.isprintable():
                self.buffer += char
                self.stdout.write(char)
        self.stdout.flush()
        result.started = empty and bool(self.buffer or result.line)
        return result

    def _redraw(self) -> None:
        if self.ansi:
            self.hide()
            self.show()
        else:
            self.stdout.write("\b \b")
