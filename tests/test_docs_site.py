"""The documentation site builds (`mkdocs build --strict`, as `make docs` does), so a link to a missing
page or anchor fails the tests; it reads offline; and the README, which GitHub shows and MkDocs does
not build, stays short and links only to what exists, every page of the site among it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.test_docs import site_pages

README = ROOT / "README.md"
README_MOST_LINES = 300  # a newcomer's page: the rest lives in docs/
LINK = re.compile(r"!?\[[^\]]*\]\((?P<target>[^)\s]+)\)")


def build_site(config: Path, site: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's notice about MkDocs 2, at every build
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(config),
            "--site-dir",
            str(site),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "site"
    done = build_site(ROOT / "mkdocs.yml", folder)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stderr[-4000:]}"
    return folder


def test_every_page_is_built(site: Path) -> None:
    for page in site_pages():
        built = site / ("index.html" if page == "index.md" else f"{page.removesuffix('.md')}/index.html")
        assert built.is_file(), f"docs/{page}: no {built.relative_to(site)} in the site"
    html = (site / "playing" / "index.html").read_text(encoding="utf-8")
    assert "../screenshots/balda.png" in html and (site / "screenshots" / "balda.png").is_file()
    assert "Balda is a two-player word game" in html and 'id="wordgame"' in html


def test_the_site_reads_offline(site: Path) -> None:
    """No page loads a font, script or style from another site (Material's Google fonts are off)."""
    remote = re.compile(r"""<(?:script|link|img)\b[^>]*\b(?:src|href)=["']?(?:https?:)?//""", re.IGNORECASE)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > len(site_pages())
    for page in pages:
        found = remote.search(page.read_text(encoding="utf-8"))
        assert found is None, f"{page.relative_to(site)}: loads {found.group(0)!r}"


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("a missing anchor", "does not contain an anchor '#no-such-section'"),
        ("a missing page", "'no-such-page.md', but the target is not found"),
        ("a page left out of the navigation", "orphan.md"),
    ],
)
def test_a_broken_link_fails_the_build(tmp_path: Path, damage: str, said: str) -> None:
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copyfile(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    index = tmp_path / "docs" / "index.md"
    if damage == "a missing anchor":
        index.write_text(index.read_text(encoding="utf-8") + "\n[x](playing.md#no-such-section)\n", "utf-8")
    elif damage == "a missing page":
        index.write_text(index.read_text(encoding="utf-8") + "\n[x](no-such-page.md)\n", "utf-8")
    else:
        (tmp_path / "docs" / "orphan.md").write_text("# Orphan\n", encoding="utf-8")
    done = build_site(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert done.returncode != 0 and said in done.stderr, done.stderr[-2000:]


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)  # not headings
    return {github_anchor(m) for m in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def test_the_readme_links_only_to_what_exists() -> None:
    problems = []
    targets = [m["target"] for m in LINK.finditer(README.read_text(encoding="utf-8"))]
    assert len(targets) > 20
    for target in targets:
        if re.match(r"[a-z]+:", target):
            problems.append(f"{target}: the README links within the repository only")
            continue
        path, _, anchor = target.partition("#")
        file = (ROOT / path) if path else README
        if not file.exists():
            problems.append(f"{target}: no {path}")
        elif anchor and anchor not in anchors(file):
            problems.append(f"{target}: no heading of {file.relative_to(ROOT)} has the anchor #{anchor}")
    assert not problems, "README.md: " + "\n".join(problems)


def test_the_readme_is_short_and_leads_to_every_page() -> None:
    text = README.read_text(encoding="utf-8")
    lines = len(text.splitlines())
    assert lines <= README_MOST_LINES, f"README.md has {lines} lines: move what a newcomer can skip to docs/"
    linked = {m["target"].partition("#")[0] for m in LINK.finditer(text)}
    missing = [page for page in site_pages() if f"docs/{page}" not in linked]
    assert not missing, f"README.md links to no docs/ page of {missing} ('Read on')"
