"""The card-by-card table of docs/rules-confidence.md, from the decks' data.

Every action card the companion knows (the classic deck, the 2023 deck, New Regency, Old
Hands) and the Power Shift modifiers by ability is one row. The first columns come from the
code (companion/rules/deck_classic.py, deck_2023.py, power_shift.py): which deck, the stack
("?" where the stack is our assumption), the title, the copies ("?" where the count is not
known), the Caballeros the card places, the effect the companion handles, and whether the
card's text is known. The last four are written by hand: the rulebook line, what the
companion checks (the referee's function), what the screens guide, and what is left to the
table. This script writes the first columns and keeps the hand-written ones already in the
doc; a card new to the decks gets the notes of its effect (tools/card_notes.py), to be read
over::

    python -m tools.card_table            # print the table
    python -m tools.card_table --write    # rewrite it in docs/rules-confidence.md
    python -m tools.card_table --check    # exit 1 when the doc's table and the decks differ

tests/rules/test_card_table.py fails when a card is missing from the doc or its columns
from the code no longer match, so the table cannot drift from the decks.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from companion.rules import cards
from companion.rules.action_card import ActionCard, Effect
from companion.rules.power_shift import POWER_SHIFT, POWER_SHIFT_COMPOSITION_KNOWN, Ability
from tools.card_notes import ABILITY_LEFT, MODIFIER_NOTES, NOTES, OVERRIDES, RULEBOOK

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules-confidence.md"
START, END = "<!-- card-table:start -->", "<!-- card-table:end -->"

CODE_COLUMNS = ("card", "deck", "stack", "title", "copies", "Cab.", "effect", "text")
HAND_COLUMNS = ("rulebook", "the companion checks", "the screens guide", "left to the table")
COLUMNS = CODE_COLUMNS + HAND_COLUMNS


@dataclass(frozen=True)
class Row:
    key: str
    code: tuple[str, ...]  # CODE_COLUMNS, the key's cell first
    hand: tuple[str, str, str, str]  # HAND_COLUMNS


# -- the columns from the code --------------------------------------------------------------

def _deck_of(card: ActionCard) -> str:
    if card in cards.NEW_REGENCY:
        return "New Regency"
    if card in cards.OLD_HANDS:
        return "Old Hands"
    return card.edition


def card_cells(card: ActionCard) -> tuple[str, ...]:
    """The code's columns for one action card."""
    kind = card.effect.value
    if card.params:
        kind += " · " + ", ".join(f"{name} {value}" for name, value in card.params)
    text = "known" if card.known else "unknown"
    if card.variant_1995:
        text += "; 1995 by setting"
    return (f"`{card.key}`", _deck_of(card), f"{card.stack}" + ("" if card.stack_known else "?"), card.title,
            f"{card.copies}" + ("" if card.copies_known else "?"), str(card.caballeros), kind, text)


def _modifier_key(ability: Ability | None) -> str:
    return "power-shift" + ("" if ability is None else "." + ability.value.replace("_", "-"))


def modifier_cells(ability: Ability | None) -> tuple[str, ...]:
    """The code's columns for the Power Shift modifiers with one ability (None: a value only)."""
    held = [m for m in POWER_SHIFT if m.ability == ability]
    values = "/".join(f"{m.modifier:+d}" for m in held)
    title = f"{values}: " + (cards.ABILITY_TEXT[ability].rstrip(".") if ability else "the value only")
    copies = f"{len(held)}" + ("" if POWER_SHIFT_COMPOSITION_KNOWN else "?")
    return (f"`{_modifier_key(ability)}`", "Power Shift", "—", title, copies, "—",
            ability.value if ability else "modifier", "known")


def code_rows() -> list[tuple[str, tuple[str, ...], Effect | None]]:
    """(key, code cells, effect) for every row, in the decks' order."""
    rows: list[tuple[str, tuple[str, ...], Effect | None]] = [(c.key, card_cells(c), c.effect) for c in cards.ALL_CARDS]
    rows += [(_modifier_key(a), modifier_cells(a), None) for a in (None, *Ability)]
    return rows


# -- the hand-written columns: defaults for a card new to the table (tools/card_notes.py) ----------

def default_hand(key: str, effect: Effect | None) -> tuple[str, str, str, str]:
    """The notes a row gets before anyone writes them by hand."""
    line = RULEBOOK.get(key, "?")
    if effect is None:
        checks, guides, left = MODIFIER_NOTES
        if key != "power-shift":
            left = ABILITY_LEFT + " (move Caballeros, a Grande, counts)"
        return line, checks, guides, left
    card = cards.card(key)
    override = OVERRIDES.get(key) or OVERRIDES.get(f"{_deck_of(card)}.{card.slug}")
    checks, guides, left = override or NOTES[effect]
    return line, checks, guides, left


# -- the table in the doc ----------------------------------------------------------------------

def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split(" | ")]


def parse(doc: str) -> dict[str, list[str]]:
    """The doc's card table: each row's cells by its key (the first cell without backticks)."""
    if START not in doc or END not in doc:
        return {}
    body = doc.split(START, 1)[1].split(END, 1)[0]
    rows: dict[str, list[str]] = {}
    for line in body.splitlines():
        if not line.startswith("| `"):
            continue
        cells = _cells(line)
        rows[cells[0].strip("`")] = cells
    return rows


def rows(existing: Mapping[str, list[str]] | None = None) -> list[Row]:
    """Every row: the code's columns, and the hand-written ones from ``existing`` where the doc has them."""
    out = []
    for key, code, effect in code_rows():
        had = (existing or {}).get(key)
        hand = tuple(had[len(CODE_COLUMNS):]) if had and len(had) == len(COLUMNS) else default_hand(key, effect)
        out.append(Row(key, code, (hand[0], hand[1], hand[2], hand[3])))
    return out


def render(table: Iterable[Row]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join((*row.code, *row.hand)) + " |" for row in table]
    return "\n".join(lines)


def differences(doc: str) -> list[str]:
    """Where the doc's table and the decks differ: a card missing, a card the decks lack, a cell from the code."""
    found = parse(doc)
    wanted = {key: code for key, code, _ in code_rows()}
    problems = [f"{key}: not in the table" for key in wanted if key not in found]
    problems += [f"{key}: in the table, not in the decks" for key in found if key not in wanted]
    for key, code in wanted.items():
        cells = found.get(key)
        if cells is None:
            continue
        if len(cells) != len(COLUMNS):
            problems.append(f"{key}: {len(cells)} cells, not {len(COLUMNS)}")
            continue
        for name, want, have in zip(CODE_COLUMNS, code, cells):
            if want != have:
                problems.append(f"{key}: {name} is {have!r} in the table, {want!r} in the code")
    return problems


def write(path: Path = DOC) -> None:
    doc = path.read_text(encoding="utf-8")
    if START not in doc or END not in doc:
        raise SystemExit(f"{path}: no {START} … {END} markers to write the table between")
    head, rest = doc.split(START, 1)
    tail = rest.split(END, 1)[1]
    table = render(rows(parse(doc)))
    path.write_text(f"{head}{START}\n{table}\n{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite the table in {DOC.name}")
    parser.add_argument("--check", action="store_true", help="exit 1 when the doc's table and the decks differ")
    args = parser.parse_args(argv)
    if args.write:
        write()
        return 0
    if args.check:
        problems = differences(DOC.read_text(encoding="utf-8"))
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    existing = parse(DOC.read_text(encoding="utf-8")) if DOC.exists() else {}
    print(render(rows(existing)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
