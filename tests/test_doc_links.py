"""Every relative link of README.md, docs/*.md and hardware/README.md points at a file or folder
that exists (README.md links where the rest moved; a moved or renamed file must not leave a dead
link). Links to the web are not followed (no network in the tests)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "hardware" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A Markdown link or image: [text](target) / ![alt](target), the target up to a space or ")".
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def relative_links(text: str) -> list[str]:
    text = re.sub(r"^( {4}|\t).*$", "", text, flags=re.M)  # code blocks are not links
    text = re.sub(r"`[^`\n]*`", "", text)  # nor inline code
    return [target for target in LINK.findall(text)
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target) and not target.startswith("#")]


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_points_at_a_file_that_exists(doc):
    dead = [target for target in relative_links(doc.read_text(encoding="utf-8"))
            if not (doc.parent / target.split("#")[0]).exists()]
    assert dead == []


def test_the_readme_links_where_the_rest_moved_and_the_generated_figures():
    links = set(relative_links((ROOT / "README.md").read_text(encoding="utf-8")))
    assert {"docs/playing.md", "docs/big-box.md", "docs/figures.md", "docs/development.md", "hardware/README.md",
            "LICENSE"} <= links
    assert any(link.startswith("images/") and link.endswith(".png") for link in links)  # one picture


def test_the_link_finder_finds_links_and_skips_the_web_and_code():
    found = relative_links("see [a](docs/a.md#x) and ![b](images/b.png) and [w](https://x.org) "
                           "and `[c](not/a/link.md)`\n    [d](code.md)\n[e](#anchor)")
    assert found == ["docs/a.md#x", "images/b.png"]
