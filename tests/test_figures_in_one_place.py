"""Figures in one place (issue 34): the bench writes its figures to docs/figures.md, and the README,
docs/ and hardware/README.md link there instead of copying a count that a screen change would leave
stale. Press counts are held here to that one file; times and instruction counts are the machine's
own, regenerated (`elgrande-companion bench --figures docs/figures.md`), never asserted."""

import re
from pathlib import Path

import pytest

from companion.measure import bench_figures, press_section

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ROOT / "docs" / "figures.md"
PAGES = [ROOT / "README.md", ROOT / "hardware" / "README.md",
         *sorted(path for path in (ROOT / "docs").glob("*.md") if path != FIGURES)]
#: The one page that keeps an old release's figures as history, under a banner saying so.
FROZEN = {ROOT / "docs" / "bench-notes.md": "The figures below are those the README quoted up to 0.7.0"}
#: A count of presses ("575 presses", "3 key presses", "1,404 presses"), not a rate ("4 presses a second").
COUNT = re.compile(r"(?<![\w.,])\d[\d,]*\s+(?:key\s+)?press(?:es)?\b(?!\s+a\s+second|\s+per\s+second|/s)")
#: A link into figures.md from a page of docs/ or from the checkout's root / hardware/.
LINK = re.compile(r"\]\((?:\.\./)?(?:docs/)?figures\.md(?:#([\w-]+))?\)")


def counts(text: str) -> list[str]:
    return [match.group(0) for match in COUNT.finditer(text)]


@pytest.mark.parametrize("page", [page for page in PAGES if page not in FROZEN], ids=lambda path: path.name)
def test_no_page_but_figures_md_states_a_count_of_presses(page):
    assert counts(page.read_text(encoding="utf-8")) == [], \
        f"{page.name}: link the count's line in docs/figures.md (or have the bench write the sentence there)"


def test_the_count_finder_finds_counts_and_not_rates():
    found = counts("a whole game costs 575 presses, a turn 11.2 presses; 3 key presses, 1,404 presses; "
                   "at 4 presses a second, 1 press/s, 10 presses per second; press 380 of the script")
    assert found == ["575 presses", "3 key presses", "1,404 presses"]


def test_the_frozen_page_says_so_and_links_the_current_figures():
    for page, banner in FROZEN.items():
        head = page.read_text(encoding="utf-8")[:600]
        assert banner in head and "(figures.md)" in head


def test_every_link_into_figures_md_names_a_section_it_has():
    sections = set(bench_figures.sections_of(FIGURES.read_text(encoding="utf-8")))
    linked = {(page.name, anchor) for page in PAGES for anchor in LINK.findall(page.read_text(encoding="utf-8"))}
    assert any(anchor for _, anchor in linked)  # the pages link sections, not only the file
    assert [(name, anchor) for name, anchor in sorted(linked) if anchor and anchor not in sections] == []


def test_the_pages_that_say_a_count_in_words_find_it_in_the_press_section():
    """The sentences a board gamer asks for (a whole game's presses, a turn's) are the bench's own, in
    the press section that `--only presses` rewrites after a screen change."""
    printed = bench_figures.printed(FIGURES.read_text(encoding="utf-8"), "presses")
    lines = printed.splitlines()
    assert press_section.IN_WORDS in lines
    words = lines[lines.index(press_section.IN_WORDS) + 1:]
    assert re.match(r"  a whole 4-player game with the board recorded, every card played, costs about \d+ presses", words[0])
    assert re.match(r"  a whole 4-player game of scores only \(the board not recorded\) costs about \d+ presses", words[1])
