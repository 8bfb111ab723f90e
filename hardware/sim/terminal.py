"""The simulator's keys and screen: a terminal stands in for the four keys and the panel.

Keys, as the README says:

    1 2 3 4        press KEY1..KEY4
    ! @ # $        hold KEY1..KEY4 (a long press: shift + the digit on a US keyboard)
    l then 1..4    hold, on any keyboard (l for long)
    q              quit (the game is already saved)

When stdin is not a terminal (a pipe, a test) the same letters are read as
whitespace-separated words, and so are `--keys` scripts, which say `L1`..`L4`
for a long press. There `#` always begins a comment: holding KEY3 is `L3`
(`!`, `@`, `$` are still read as holds, as older scripts may use them; docs/ui.md).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, TextIO

from companion.ui.key_event import KeyEvent

LONG_SYMBOLS = {"!": 0, "@": 1, "#": 2, "$": 3, '"': 1, "£": 2}
HELP = "keys: 1-4 press · !@#$ or l+1-4 hold (long press) · q quit"


class KeyScriptError(ValueError):
    """A --keys script word that is not a key (one line, with where it is)."""


#: In a key script, `q`: quit, then start again on the same saved game (as a restart would).
RESTART = None


def parse_script(text: str, where: str = "script") -> list[KeyEvent | None]:
    """`1 2 L4 q # comment` -> key events. Digits press; L<digit> holds (as do `!`, `@`, `$` of
    older scripts; `#` begins a comment, so KEY3 is held with `L3`); q quits and starts again
    (RESTART)."""
    events: list[KeyEvent | None] = []
    for number, line in enumerate(text.splitlines(), start=1):
        for word in line.split("#", 1)[0].split() if not line.lstrip().startswith("#") else []:
            if word.lower() == "q":
                events.append(RESTART)
                continue
            event = word_event(word)
            if event is None:
                raise KeyScriptError(f"{where} line {number}: {_word_shown(word)} is not a key "
                                     "(use 1-4 for a press, L1-L4 for a long press, q to quit and start again)")
            events.append(event)
    return events


def _word_shown(word: str, most: int = 20) -> str:
    """A word of a script as an error line quotes it: at most ``most`` characters (a 1 MB
    token is not echoed back whole), escapes for what is not printable."""
    return repr(word[:most]) + (f"... ({len(word)} characters)" if len(word) > most else "")


def word_event(word: str) -> KeyEvent | None:
    word = word.strip()
    if word in ("1", "2", "3", "4"):
        return KeyEvent(int(word) - 1)
    if len(word) == 2 and word[0] in "lL" and word[1] in "1234":
        return KeyEvent(int(word[1]) - 1, long=True)
    if word in LONG_SYMBOLS:
        return KeyEvent(LONG_SYMBOLS[word], long=True)
    return None


class TerminalKeys:
    """Key events typed at a terminal (one keystroke each), or words from a pipe."""

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream or sys.stdin
        self.quit = False

    def events(self, idle: Callable[[], None] | None = None) -> Iterator[KeyEvent]:
        """The keys as they come; at a terminal ``idle`` is called after every second without a
        keystroke (the loop's table view, as on the Pi)."""
        if _is_tty(self.stream):
            yield from self._keystrokes(idle)
        else:
            yield from self._words()

    def waiting(self) -> bool:
        """Whether a keystroke is waiting (at a terminal; never from a pipe, which ``events`` reads
        without pauses): the loop's work while the keys rest gives way at once when it is."""
        return _is_tty(self.stream) and _ready(self.stream, 0)

    def _words(self) -> Iterator[KeyEvent]:
        for line in self.stream:
            for word in line.split("#", 1)[0].split():
                if word.lower() == "q":
                    self.quit = True
                    return
                event = word_event(word)
                if event is not None:
                    yield event

    def _keystrokes(self, idle: Callable[[], None] | None = None) -> Iterator[KeyEvent]:
        with _raw(self.stream):
            long_next = False
            while True:
                if idle is None:
                    char = self.stream.read(1)
                elif _ready(self.stream, IDLE_WAIT):
                    char = _read_byte(self.stream)
                else:
                    idle()
                    continue
                if char in ("", "q", "Q", "\x03", "\x04"):  # end, q, Ctrl-C, Ctrl-D
                    self.quit = True
                    return
                if char in "lL":
                    long_next = True
                    continue
                if char in "1234":
                    yield KeyEvent(int(char) - 1, long=long_next)
                elif char in LONG_SYMBOLS:
                    yield KeyEvent(LONG_SYMBOLS[char], long=True)
                long_next = False


class TerminalScreen:
    """Shows each screen as text, redrawn in place on a terminal (appended to a pipe)."""

    def __init__(self, out: IO[str] | None = None):
        self.out = out or sys.stdout
        self.clear = _is_tty(self.out)

    def show(self, text: str) -> None:
        prefix = "\x1b[H\x1b[2J" if self.clear else ""
        self.out.write(f"{prefix}{text}\n\n{HELP}\n")
        self.out.flush()


#: Seconds the terminal waits for a keystroke before it calls the loop's idle (the table view).
IDLE_WAIT = 1.0


def _ready(stream, seconds: float) -> bool:
    """A keystroke is waiting within ``seconds`` (where the platform cannot tell: always)."""
    try:
        import select

        return bool(select.select([stream], [], [], seconds)[0])
    except (ImportError, OSError, TypeError, ValueError):  # Windows' select takes sockets only; no file number
        return True


def _read_byte(stream) -> str:
    """One keystroke from the file itself: a text buffer would hide the next one from select."""
    return os.read(stream.fileno(), 1).decode("ascii", "replace")


def _is_tty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def _raw(stream):
    """Single keystrokes without Enter (cbreak mode); restored on the way out."""
    try:
        import termios
        import tty
    except ImportError:  # Windows: read whole lines instead
        yield
        return
    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        if os.name == "posix":
            sys.stdout.write("\n")
