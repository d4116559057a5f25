"""Every relative link and anchor in README.md, CONTRIBUTING.md and docs/ resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")])

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_INLINE_CODE = re.compile(r"`[^`]*`")
# [text](target) and ![alt](target); the target ends at the first space or closing bracket.
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def _prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file, with GitHub's -1, -2 suffixes for repeats."""
    seen: dict[str, int] = {}
    found = set()
    for line in _prose_lines(path.read_text(encoding="utf-8")):
        match = _HEADING.match(line)
        if not match:
            continue
        slug = github_slug(match.group(2))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def relative_links(path: Path) -> list[str]:
    """The link targets of a file that point inside the repository (no scheme, no mail)."""
    targets = []
    for line in _prose_lines(path.read_text(encoding="utf-8")):
        for target in _LINK.findall(_INLINE_CODE.sub("", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                continue
            targets.append(target)
    return targets


def broken_links(path: Path) -> list[str]:
    problems = []
    for target in relative_links(path):
        file_part, _, anchor = target.partition("#")
        destination = (path.parent / file_part).resolve() if file_part else path
        if not destination.exists():
            problems.append(f"{target}: no such file")
            continue
        if anchor:
            if destination.suffix != ".md":
                problems.append(f"{target}: anchor into a file that is not Markdown")
            elif anchor not in anchors(destination):
                problems.append(f"{target}: no heading with that anchor")
    return problems


def test_the_documents_exist() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in DOCUMENTS}
    for expected in (
        "README.md",
        "CONTRIBUTING.md",
        "docs/user-guide.md",
        "docs/install.md",
        "docs/configuration.md",
        "docs/cli.md",
        "docs/simulator.md",
        "docs/architecture.md",
        "docs/reliability.md",
        "docs/security.md",
        "docs/benchmarks.md",
    ):
        assert expected in names


def test_readme_is_a_front_page() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_and_anchor_resolves(path: Path) -> None:
    assert broken_links(path) == []


def test_the_checker_sees_a_broken_file_a_broken_anchor_and_skips_code(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Title\n\n## Some `code` here (yes)\n## Twice\n## Twice\n")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](other.md#some-code-here-yes) [ok2](other.md#twice-1) [self](#local)\n"
        "## Local\n"
        "[gone](missing.md) [bad](other.md#nowhere) ![img](pic.png) [web](https://x.example/#a)\n"
        "`[in code](nowhere.md)`\n"
        "```\n[fenced](nowhere.md)\n```\n"
    )
    assert broken_links(page) == [
        "missing.md: no such file",
        "other.md#nowhere: no heading with that anchor",
        "pic.png: no such file",
    ]
