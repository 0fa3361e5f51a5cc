"""The README is what a newcomer reads first (issue 39 #2): a few screens (what cursord is, the two commands,
hooking up Cursor, a day with it) and a contents table into docs/ for the reference, from which every page of
docs/ can be reached."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: a few screens: the README was 1,216 lines before its reference moved into docs/
MAX_README_LINES = 120
#: a page named by its path from the root (docs/tab.md) or linked relative to docs/ ((tab.md))
_NAMED = re.compile(r"(?:\bdocs/|\]\()([\w.-]+\.md)\b")


def named_pages(page: Path) -> set[str]:
    return {name for name in _NAMED.findall(page.read_text(encoding="utf-8")) if (ROOT / "docs" / name).is_file()}


def test_the_readme_is_a_few_screens_with_its_sections() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_README_LINES
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert headings == ["The two commands", "Hook up Cursor", "A day with it", "Contents"]
    for command in ("./scripts/install", "cursord serve", "cursord ca trust", "cursord editor setup", "cursord status"):
        assert command in text


def test_every_page_of_docs_is_reached_from_the_readme() -> None:
    """Each page is in the README's contents table or named by a page that is (two steps at most)."""
    first = named_pages(ROOT / "README.md")
    reached = first | {name for page in first for name in named_pages(ROOT / "docs" / page)}
    assert sorted(path.name for path in (ROOT / "docs").glob("*.md") if path.name not in reached) == []
