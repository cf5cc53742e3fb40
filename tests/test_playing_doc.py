"""docs/playing.md: its table of levels and budgets says what the level table says (its Python
blocks run with every page's, in tests/test_docs.py)."""

from __future__ import annotations

import re

from tests.conftest import ROOT
from wordlist.games.bot import LEVELS

DOC = ROOT / "docs" / "playing.md"


def test_the_table_is_the_level_table() -> None:
    pattern = r"^\| (\w+) \|.*\| ([\d,]+ racks|none) \| ([\d,]+ positions|none) \|$"
    rows = re.findall(pattern, DOC.read_text(encoding="utf-8"), re.M)
    assert [name for name, _, _ in rows] == list(LEVELS)
    for name, racks, budget in rows:
        expected = LEVELS[name].budget("balda")
        assert budget == ("none" if expected == 0 else f"{expected:,} positions")
        expected = LEVELS[name].budget("wordgame")
        assert racks == ("none" if expected == 0 else f"{expected:,} racks")
