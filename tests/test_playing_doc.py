"""docs/playing.md: its Python blocks run as doctests on the sample word lists, and its table of
levels and budgets says what the level table says."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

from tests.conftest import ROOT
from wordlist.games.bot import LEVELS

DOC = ROOT / "docs" / "playing.md"


def test_the_python_blocks_run(sample_outputs: Path, tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    (tmp_path / "outputs").symlink_to(sample_outputs)
    here = Path.cwd()
    os.chdir(tmp_path)  # the examples open "outputs", as in a checkout after `make build`
    try:
        parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for i, block in enumerate(blocks):
            runner.run(parser.get_doctest(block, {}, f"playing.md[{i}]", str(DOC), 0))
        failed, attempted = runner.summarize(verbose=False)
    finally:
        os.chdir(here)
    assert attempted >= 5 and failed == 0


def test_the_table_is_the_level_table() -> None:
    pattern = r"^\| (\w+) \|.*\| ([\d,]+ racks|none) \| ([\d,]+ positions|none) \|$"
    rows = re.findall(pattern, DOC.read_text(encoding="utf-8"), re.M)
    assert [name for name, _, _ in rows] == list(LEVELS)
    for name, racks, budget in rows:
        expected = LEVELS[name].budget("balda")
        assert budget == ("none" if expected == 0 else f"{expected:,} positions")
        expected = LEVELS[name].budget("wordgame")
        assert racks == ("none" if expected == 0 else f"{expected:,} racks")
