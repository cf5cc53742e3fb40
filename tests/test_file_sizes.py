"""The library's rooms stay small: no Python file of `wordlist/` over 500 lines (a file that grows
past it is split by job, as lexicon.py gave its searches to search.py). The C code and the
generated files (_limits.h, js/src/limits.js) are not Python; a Python file that must be longer is
listed in LONGER, with why."""

from __future__ import annotations

from tests.conftest import ROOT

MAX_LINES = 500
LONGER: dict[str, str] = {}  # path -> why it may be longer (none today)


def test_no_python_file_of_the_library_is_over_500_lines() -> None:
    lines = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted((ROOT / "wordlist").rglob("*.py"))
    }
    assert "wordlist/lexicon.py" in lines and len(lines) > 40  # the walk found the library
    over = {path: count for path, count in lines.items() if count > MAX_LINES}
    assert over.keys() == LONGER.keys(), f"split these by job, or list them in LONGER with why: {over}"
