"""The README stays short and the documentation's links lead somewhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gridsat.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")  # [text](target) and ![alt](target)


def prose(page: Path) -> str:
    """The page without its code blocks, whose brackets are code, not links."""
    return re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation gone, spaces as hyphens."""
    kept = "".join(c for c in heading.strip().lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings."""
    return {anchor(h) for h in re.findall(r"^#+ (.*)$", prose(page), flags=re.M)}


def relative_links(page: Path) -> list[str]:
    """The page's links that point into the repository (not to a web address or mail)."""
    return [t for t in LINK.findall(prose(page)) if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def test_the_readme_reads_in_five_minutes() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_relative_links_point_at_files_and_headings(page: Path) -> None:
    links = relative_links(page)
    broken = []
    for link in links:
        path, _, fragment = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(f"{link}: no such file")
        elif fragment and target.suffix == ".md" and fragment not in anchors(target):
            broken.append(f"{link}: no such heading")
    assert broken == []


def test_the_docs_are_linked_from_the_readme() -> None:
    linked = {
        (ROOT / link.partition("#")[0]).resolve()
        for link in relative_links(ROOT / "README.md")
        if link.startswith("docs/") and link.partition("#")[0].endswith(".md")
    }
    assert set(PAGES[1:]) <= linked


def test_the_readme_lists_every_genre_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["genres", "--json"]) == 0
    genres = json.loads(capsys.readouterr().out)
    readme = prose(ROOT / "README.md")
    table = readme[readme.index("## Genres") :].split("\n## ", 1)[0]
    rows = [r for r in table.splitlines() if r.startswith("| **")]
    assert len(rows) == len(genres)
    for genre, row in zip(genres, rows, strict=True):  # in the registry's order
        first = genre["example"].split("\n")[0]
        assert first in row or f"data/{genre['name']}/" in row, genre["name"]


def test_the_usage_page_names_every_genre_read_from_puzz_link() -> None:
    # The nine Nikoli classics (and Shikaku, Fillomino) read puzz.link URLs, but the page's
    # list of such genres stopped at Hitori and Kurodoko.
    from gridsat.registry import all_genres

    usage = prose(ROOT / "docs" / "usage.md")
    section = usage[usage.index("### puzz.link URLs") :].split("\n#", 1)[0]
    flat = re.sub(r"[\s`]", "", section).lower()
    missing = [
        genre.name
        for genre in all_genres()
        if genre.parse_url is not None
        and not any(name.lower().replace(" ", "") in flat for name in (genre.name, *genre.aliases))
    ]
    assert missing == []
