"""docs/rules-confidence.md's card-by-card table cannot drift from the decks (issue 20).

The table's first columns are the decks' data (tools/card_table.py writes them); these tests
fail when a card of the decks has no row, when a row names a card the decks lack, or when a
column from the code no longer matches (a copy count, a stack, an effect's limits...).
"""

import re

from companion.rules import cards
from tools import card_table

DOC = card_table.DOC.read_text(encoding="utf-8")


def test_every_card_of_the_decks_has_its_row_as_the_code_says():
    assert card_table.differences(DOC) == []


def test_every_deck_and_variant_is_in_the_table():
    keys = set(card_table.parse(DOC))
    for deck in (cards.CLASSIC_DECK, cards.DECK_2023, cards.NEW_REGENCY, cards.OLD_HANDS):
        assert {c.key for c in deck} <= keys
    assert {"power-shift", "power-shift.court-1", "power-shift.move-own-1", "power-shift.move-grande"} <= keys


def test_a_card_missing_from_the_table_is_caught():
    row = next(line for line in DOC.splitlines() if line.startswith("| `classic.4.eviction`"))
    assert "classic.4.eviction: not in the table" in card_table.differences(DOC.replace(row + "\n", ""))


def test_a_card_the_decks_lack_is_caught():
    row = next(line for line in DOC.splitlines() if line.startswith("| `classic.4.eviction`"))
    stale = row.replace("classic.4.eviction", "classic.4.expulsion")
    assert "classic.4.expulsion: in the table, not in the decks" in card_table.differences(
        DOC.replace(row, row + "\n" + stale))


def test_a_changed_copy_count_is_caught():
    row = next(line for line in DOC.splitlines() if line.startswith("| `classic.4.mobile-scoreboard`"))
    changed = row.replace("| Mobile Scoreboard | 3 |", "| Mobile Scoreboard | 2 |")
    assert changed != row
    problems = card_table.differences(DOC.replace(row, changed))
    assert problems == ["classic.4.mobile-scoreboard: copies is '2' in the table, '3' in the code"]


def test_every_row_cites_a_rulebook_line_and_says_what_is_checked_and_left():
    for key, cells in card_table.parse(DOC).items():
        line, checks, guides, left = cells[len(card_table.CODE_COLUMNS):]
        assert re.search(r"\b00[0-4] l\.\d", line), f"{key}: no seed line in {line!r}"
        assert checks and guides and left, f"{key}: a hand-written column is empty"


def test_the_assumptions_the_issue_names_are_each_a_setting_or_a_stated_reading():
    """Issue 20: unknown 2023 card texts, copy counts, Old Hands stacks, the Court intake of the
    Power cards, 1995 vs modern classic: each a row whose last column is a setting or a reading."""
    section = DOC.split("## Assumptions a table can change", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| **")]
    for gap in ("unknown 2023 card texts", "copy counts", "Old Hands stacks", "Court intake", "1995 vs modern classic"):
        row = next((r for r in rows if gap in r), None)
        assert row is not None, f"no assumption row for {gap!r}"
        changed_by = row.rstrip(" |").rsplit(" | ", 1)[1]
        assert "a rule reading" in changed_by or "`[" in changed_by, f"{gap}: neither a setting nor a reading"
