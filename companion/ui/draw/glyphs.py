"""Which characters the screen can draw, and how text reaches the bitmap fonts.

The shipped fonts (see ``companion/fonts/FONTS.md``) are Pillow bitmap fonts
with 256 slots. Slots 0x20-0x7E and 0xA0-0xFF hold ISO-8859-1 (so every
accent of the region names, ``·`` and ``×`` are there); the 32 slots
0x80-0x9F, control codes in ISO-8859-1, hold the extra symbols listed in
:data:`EXTRA`. :func:`encode` turns any Python string into the slot string
the fonts draw: extras go to their slot, a few other characters get an ASCII
stand-in (:data:`FALLBACK`), anything else becomes ``?`` — never a blank.

No Pillow here: ``make_fonts`` builds the fonts from this table and the
renderer encodes text with it.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

#: Unicode symbols kept in the slots 0x80.. of every shipped font, in slot order.
EXTRA: tuple[str, ...] = (
    "→", "←", "↑", "↓", "…", "–", "—", "‘",
    "’", "“", "”", "•", "✓", "✗", "▲", "▼",
    "◄", "►", "€", "♦", "♥", "♠", "♣", "√",
    "≤", "≥", "≠", "■", "●", "○", "⌂", "↵",
)
FIRST_EXTRA_SLOT = 0x80
assert len(EXTRA) <= 0xA0 - FIRST_EXTRA_SLOT

#: Characters without a glyph of their own, drawn as these stand-ins.
FALLBACK: dict[str, str] = {
    "⇒": "=>", "⇐": "<=", "↔": "<->", "⟶": "->",
    "▸": "►", "▶": "►", "◂": "◄", "◀": "◄",
    "‐": "-", "‑": "-", "‒": "-", "−": "-", "―": "—",
    "‚": ",", "„": "“", "′": "'", "″": '"',
    "✔": "✓", "✘": "✗", "☐": "○", "□": "○", "☑": "✓",
    "★": "*", "☆": "*", "◆": "♦", "◇": "♦",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ",
    "\t": " ", "\n": " ", "\r": " ",
}

#: The slot of each symbol of EXTRA.
SLOT: dict[str, int] = {ch: FIRST_EXTRA_SLOT + i for i, ch in enumerate(EXTRA)}


def slot_map() -> dict[int, int]:
    """Font slot (0..255) -> Unicode code point, for every slot the fonts fill."""
    slots = {code: code for code in range(0x20, 0x7F)}
    slots.update({code: code for code in range(0xA0, 0x100)})
    slots.update({slot: ord(ch) for ch, slot in SLOT.items()})
    return slots


#: Every character :func:`encode` keeps as itself (it has its own glyph).
CHARSET: frozenset[str] = frozenset(chr(cp) for cp in slot_map().values())


def _encode_char(ch: str) -> str:
    if ch in SLOT:
        return chr(SLOT[ch])
    if ch in CHARSET:
        return ch
    if ch in FALLBACK:
        return "".join(_encode_char(c) for c in FALLBACK[ch])
    # Decomposable letters keep their base letter (ł stays ?, ő -> o).
    base = unicodedata.normalize("NFKD", ch)[:1]
    if base and base != ch and base in CHARSET:
        return base
    return "?"


def encode(text: str) -> str:
    """The slot string that draws ``text`` with the shipped fonts."""
    if text.isascii() and text.isprintable():
        return text  # 0x20-0x7E: every one its own glyph (most of what a frame shows)
    return _encode_other(text)


@lru_cache(maxsize=4096)
def _encode_other(text: str) -> str:
    # The same few strings come back on every frame ("Round 3 · Turn 2/4", "►"): encoded once.
    text = unicodedata.normalize("NFC", text)
    return "".join(map(_encode_char, text))


def drawable(ch: str) -> bool:
    """True when ``ch`` has a glyph of its own in the shipped fonts."""
    return ch in CHARSET
