"""`wordlist diff OLD NEW`: what changed between two builds, each word added or removed with its cause.

Two builds of one dump whose pages were edited between them (as a monthly dump edits pages),
written with the project's dump writer; a build with overrides and one with a changed profile;
and the real 2015 and 2018 English pages (realdata), with words verified on their wikitext.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import SHARED, run_cli
from wordlist_pipeline.build import build
from wordlist_pipeline.diff import Diff, diff
from wordlist_pipeline.diff_text import to_markdown, to_text
from wordlist_pipeline.dump.writer import SourcePage, write_dump
from wordlist_pipeline.profile import PROFILE_DIR


def noun(title: str, *senses: str, pos: str = "Noun", head: str = "{{en-noun}}") -> SourcePage:
    body = "".join(f"# {sense}\n" for sense in senses)
    return SourcePage(title, f"==English==\n==={pos}===\n{head}\n{body}")


MONTH_1_DUMP = "enwiktionary-20260101-pages-articles.xml.bz2"
TABLE = "==English==\n===Noun===\n{{en-noun}}\n# An item of furniture.\n"
MONTH_1 = [
    noun("cat", "A small domesticated feline."),
    noun("cop", "A police officer."),
    noun("dude", "{{lb|en|slang}} A man."),
    noun("zebu", "A humped ox."),
    SourcePage("table", TABLE + "===Verb===\n{{en-verb}}\n# To postpone.\n"),
    noun("run", "An act of running."),
    noun("gaff", "{{lb|en|humorous}} A house."),
]
MONTH_2 = [
    noun("cat", "A small domesticated feline."),
    noun("cop", "{{lb|en|slang}} A police officer."),  # labelled slang: out of Wordgame
    noun("dude", "A man."),  # the label removed: in
    # zebu deleted
    SourcePage("table", TABLE),  # its verb removed
    noun("run", "A quick race on foot."),  # a definition rewritten
    noun("yak", "A long-haired ox."),  # a new page
    noun("gaff", "{{lb|en|humorous}} A house."),
]


@pytest.fixture(scope="module")
def months(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("months")
    for name, pages in (("1", MONTH_1), ("2", MONTH_2)):
        write_dump(
            pages, root / f"enwiktionary-2026010{name}-pages-articles.xml.bz2", lang="en", multistream=False
        )
        build(
            {"en": root / f"enwiktionary-2026010{name}-pages-articles.xml.bz2"},
            root / f"month{name}",
            workers=1,
        )
    return root


def one(result: Diff, profile: str):
    (found,) = [d for d in result.lists if d.new.manifest.profile == profile]
    return found


def causes(items) -> dict[str, tuple[str, str | None]]:
    return {w.word: (w.cause, w.reason) for w in items}


def test_a_month_of_edits(months: Path) -> None:
    result = diff(months / "month1", months / "month2")
    wordgame = one(result, "wordgame")
    assert causes(wordgame.removed) == {
        "cop": ("page edited", "tagged slang"),
        "zebu": ("no longer in the dump", None),
    }
    assert causes(wordgame.added) == {"dude": ("page edited", "was tagged slang"), "yak": ("new page", None)}
    assert [(c.word, c.describe()) for c in wordgame.changed] == [
        ("run", "definitions +1 -1"),
        ("table", "- verb; definitions +0 -1"),
    ]
    balda = one(result, "balda")  # Balda keeps slang: cop and dude are in both months
    assert causes(balda.removed) == {"zebu": ("no longer in the dump", None)}
    assert causes(balda.added) == {"yak": ("new page", None)}
    assert result.only_old == result.only_new == () and balda.notes == ()


def test_the_outputs_for_people_and_programs(months: Path) -> None:
    result = diff(months / "month1", months / "month2", lang="en", profile="wordgame")
    assert to_text(result) == (
        "en/wordgame: 6 -> 6 words (+2, -2, 2 changed)\n"
        "  added (2):\n"
        "    dude (noun): page edited: was tagged slang\n"
        "    yak (noun): new page\n"
        "  removed (2):\n"
        "    cop (noun): page edited: tagged slang\n"
        "    zebu (noun): no longer in the dump\n"
        "  changed (2):\n"
        "    run: definitions +1 -1\n"
        "    table: - verb; definitions +0 -1\n"
    )
    note = to_markdown(result)
    assert note.startswith(
        "## en/wordgame: 6 → 6 words\n\nFrom `enwiktionary-20260101-pages-articles.xml.bz2` to "
        "`enwiktionary-20260102-pages-articles.xml.bz2`: 2 added, 2 removed, 2 changed.\n"
    )
    assert (
        "### Removed (2)\n\n- **no longer in the dump** (1): zebu\n- **page edited**, tagged slang (1): cop\n"
        in note
    )
    assert "- **table**: - verb; definitions +0 -1\n" in note
    done = run_cli("diff", months / "month1", months / "month2", "--lang", "en", "-p", "wordgame", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    (listed,) = answer["lists"]
    assert set(answer) == {"lists", "only_old", "only_new"}  # the documented shape (docs/querying.md)
    assert list(listed) == [
        "language", "profile", "old", "new", "counts", "added", "removed", "changed", "notes"
    ]  # fmt: skip
    assert set(listed["old"]) == {"path", "dump", "dump_date", "words"}
    assert listed["changed"][1] == {
        "word": "table", "pos_added": [], "pos_removed": ["verb"], "definitions_added": 0,
        "definitions_removed": 1, "overrides": [],
    }  # fmt: skip
    assert listed["counts"] == {"old": 6, "new": 6, "added": 2, "removed": 2, "changed": 2}
    assert listed["removed"][0] == {
        "word": "cop",
        "pos": ["noun"],
        "cause": "page edited",
        "reason": "tagged slang",
    }
    assert listed["old"]["dump"] == "enwiktionary-20260101-pages-articles.xml.bz2"
    assert listed["old"]["dump_date"] == "20260101" and answer["only_old"] == []
    limited = run_cli("diff", months / "month1", months / "month2", "-p", "wordgame", "--limit", "1")
    assert (
        "    dude (noun): page edited: was tagged slang\n    ... 1 more (--limit N, or 0 for all)\n"
        in limited.stdout
    )
    markdown = run_cli("diff", months / "month1", months / "month2", "--markdown")
    assert markdown.stdout == to_markdown(diff(months / "month1", months / "month2"), 1000)


def test_overrides_and_profiles_as_causes(months: Path, tmp_path: Path) -> None:
    """A site's overrides name their line; a profile changed on the same dump is "rules changed"."""
    site = "add\ten\tqi\tnoun\tCollins\nremove\ten\tcat\t\tdisputed\nremove\ten\ttable\tverb\tdisputed\n"
    (tmp_path / "site.tsv").write_text(site)
    build({"en": months / MONTH_1_DUMP}, tmp_path / "curated", workers=1, overrides=tmp_path / "site.tsv")
    result = diff(months / "month1", tmp_path / "curated", profile="balda")
    balda = one(result, "balda")
    assert causes(balda.added) == {"qi": ("overrides", "added by site.tsv line 1: Collins")}
    assert causes(balda.removed) == {"cat": ("overrides", "removed by site.tsv line 2: disputed")}
    (table,) = balda.changed
    assert table.describe() == "- verb; definitions +0 -1 (removed by site.tsv line 3: disputed)"
    back = one(diff(tmp_path / "curated", months / "month1", profile="balda"), "balda")
    assert causes(back.added) == {
        "cat": ("overrides", "no longer removed by the overrides (site.tsv line 2: disputed before)")
    }
    assert causes(back.removed) == {
        "qi": ("overrides", "no longer added by the overrides (site.tsv line 1: Collins before)")
    }
    # the same dump, Wordgame's profile now leaving out humorous words
    dump = months / "enwiktionary-20260102-pages-articles.xml.bz2"
    mine = tmp_path / "profiles" / "wordgame.toml"
    mine.parent.mkdir()
    shipped = (PROFILE_DIR / "wordgame.toml").read_text(encoding="utf-8")
    mine.write_text(shipped.replace('exclude_tags = ["slang",', 'exclude_tags = ["humorous", "slang",'))
    build({"en": dump}, tmp_path / "stricter", profiles=[str(mine)], workers=1)
    stricter = one(diff(months / "month2", tmp_path / "stricter", profile_file=mine), "wordgame")
    assert causes(stricter.removed) == {"gaff": ("rules changed", "tagged humorous")} and stricter.notes == ()
    unsure = one(diff(months / "month2", tmp_path / "stricter", profile="wordgame"), "wordgame")
    assert causes(unsure.removed) == {"gaff": ("rules changed", None)}  # by the shipped profile, it is in
    assert unsure.notes == (
        f"{tmp_path / 'stricter' / 'en' / 'wordgame'}: reasons by {PROFILE_DIR / 'wordgame.toml'}, "
        "not the profile that built it (another sha256)",
    )


def test_list_folders_alone_are_compared_without_reasons(months: Path, tmp_path: Path) -> None:
    for month in ("month1", "month2"):
        shutil.copytree(months / month / "en" / "wordgame", tmp_path / month)
    result = diff(tmp_path / "month1", tmp_path / "month2")
    (alone,) = result.lists
    assert {w.word: w.cause for w in alone.added + alone.removed} == dict.fromkeys(
        ["dude", "yak", "cop", "zebu"], "unexplained"
    )
    assert len(alone.changed) == 2 and len(alone.notes) == 2
    assert (
        alone.notes[0]
        == f"{tmp_path / 'month1'}: no entries.parquet beside the list: its words are not explained"
    )
    # a list folder beside its build's entries table is explained
    inside = diff(months / "month1" / "en" / "wordgame", months / "month2" / "en" / "wordgame")
    assert causes(inside.lists[0].removed)["zebu"] == ("no longer in the dump", None)


def test_lists_in_one_build_only_are_named(months: Path, tmp_path: Path) -> None:
    shutil.copytree(months / "month2", tmp_path / "month2")
    shutil.rmtree(tmp_path / "month2" / "en" / "balda")
    result = diff(months / "month1", tmp_path / "month2")
    assert [d.new.name for d in result.lists] == ["en/wordgame"] and result.only_old == ("en/balda",)
    assert "only in the old build: en/balda\n" in to_text(result)


# --- the real 2015 and 2018 English pages ------------------------------------------------------------


@pytest.mark.realdata
def test_the_2015_and_2018_english_pages(tmp_path: Path) -> None:
    """Verified on the wikitext: abbatical's 2015 page says {{alternate form of |abbatial}} (a
    template name the parser does not know, with its space), the 2018 page {{lb|en|obsolete}}
    {{alternative form of|abbatial}}: an obsolete spelling, out of Balda; abegge's "Variant of
    [[aby]]" became {{alt form|aby}} under the same label. abandon's 2015 page has an Adverb
    section, the 2018 page none. abjure has no 2015 page. Wordgame keeps obsolete spellings."""
    for year, name in (("2015", "enwiktionary-20150224-300pages-multistream.xml.bz2"),
                       ("2018", "enwiktionary-2018-head-1394pages.xml.bz2")):  # fmt: skip
        build({"en": SHARED / "en" / name}, tmp_path / year, workers=2)
    result = diff(tmp_path / "2015", tmp_path / "2018")
    balda, wordgame = one(result, "balda"), one(result, "wordgame")
    assert causes(balda.removed) == {
        "abbatical": ("page edited", "tagged obsolete_spelling"),
        "abegge": ("page edited", "tagged obsolete_spelling"),
    }
    assert wordgame.removed == ()
    for lists in (balda, wordgame):
        assert causes(lists.added)["abjure"] == ("new page", None)
        abandon = next(c for c in lists.changed if c.word == "abandon")
        assert abandon.pos_removed == ("adverb",) and abandon.pos_added == ()
        assert lists.notes == ()
    counts = (balda.old.manifest.counts.words, balda.new.manifest.counts.words, len(balda.added))
    assert counts == (213, 901, 690)
    assert all(w.cause == "new page" for w in balda.added)
