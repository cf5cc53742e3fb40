"""A site's overrides file: additions and removals applied at every build, checked line by line,
recorded in the manifest, explained by `why`, shown in words.parquet and the exports."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import jsonschema
import polars as pl
import pytest

from tests.conftest import run_cli
from tests.test_select import SLUR, e, table
from wordlist import Lexicon
from wordlist.export import export
from wordlist.format import MANIFEST_JSON, FormatError, Manifest, OverrideChange, schema
from wordlist_pipeline.build import build
from wordlist_pipeline.dump.writer import SourcePage, write_dump
from wordlist_pipeline.errors import InputError, ProfileError
from wordlist_pipeline.overrides import load_overrides
from wordlist_pipeline.profile import PROFILE_DIR, load_profile
from wordlist_pipeline.select import Why, select

PAGES = [
    SourcePage("cat", "==English==\n===Noun===\n{{en-noun}}\n# A small domesticated feline.\n"),
    SourcePage(
        "cats", "==English==\n===Noun===\n{{head|en|noun plural form}}\n# {{plural of|cat|lang=en}}\n"
    ),
    SourcePage(
        "table",
        "==English==\n===Noun===\n{{en-noun}}\n# An item of furniture.\n"
        "===Verb===\n{{en-verb}}\n# To postpone.\n",
    ),
    SourcePage("dls", "==English==\n===Noun===\n{{head|en|noun plural form}}\n# {{plural of|dl|lang=en}}\n"),
    SourcePage("dog", "==English==\n===Noun===\n{{en-noun}}\n# A domesticated canine.\n"),
]
SITE = (
    "# our site's changes to Wiktionary's words\n"
    "action\tlanguage\tword\tpart of speech\tnote\tdefinition\n"
    "add\ten\tqi\tnoun\tCollins\tThe vital force in Chinese thought.\n"  # 3
    "add\ten\tdl\tnoun\tCollins\tA decilitre.\n"  # 4
    "remove\ten\tcat\t\tdisputed\n"  # 5
    "remove\ten\ttable\tverb\tdisputed\n"  # 6
    "add\ten\thm\tinterjection\tCollins\n"  # 7
    "remove\ten\tzzz\t\tstale\n"  # 8: no such word
    "add\ten\tdog\tnoun\tCollins\tA faithful friend.\n"  # 9: in already; its definition is added
    "\n"
    "remove\tde\tNutella\t\tbrand name\n"  # 11: the German lists' line
)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dump, the site's file, and the lists built with it (--overrides) under outputs/."""
    root = tmp_path_factory.mktemp("curated")
    write_dump(PAGES, root / "en.xml.bz2", lang="en", multistream=False)
    (root / "site.tsv").write_text(SITE, encoding="utf-8")
    result = run_cli("build", "--dump", root / "en.xml.bz2", "--out", root / "outputs", "-q", "--overrides",
                     root / "site.tsv", "-w", "1")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "site.tsv: 2 added, 2 removed, 3 of its 7 lines changed nothing here" in result.stdout
    assert "site.tsv: 3 added, 2 removed, 2 of its 7 lines changed nothing here" in result.stdout
    return root


def words(root: Path, profile: str) -> list[str]:
    return (root / "outputs" / "en" / profile / "words.txt").read_text().split()


def test_additions_and_removals_make_the_lists(world: Path) -> None:
    """Balda takes the nouns added (qi; dl, whose page the dump lacks) and not the interjection;
    Wordgame takes hm too, and dls, the plural of dl, now that dl is a word; cat is removed (and
    Wordgame's cats with it), table loses its verb."""
    assert words(world, "balda") == ["dl", "dog", "qi", "table"]
    assert words(world, "wordgame") == ["dl", "dls", "dog", "hm", "qi", "table"]
    wordgame = Lexicon.open("en", "wordgame", world / "outputs")
    assert wordgame.parts_of_speech("table") == ("noun",) and wordgame.parts_of_speech("hm") == (
        "interjection",
    )
    assert wordgame.definitions("qi") == ["The vital force in Chinese thought."]
    assert wordgame.definitions("dog") == ["A domesticated canine.", "A faithful friend."]
    assert wordgame.definitions("hm") == [] and wordgame.titles("qi") == ["qi"]


def test_the_manifest_records_the_file_and_what_it_changed(world: Path) -> None:
    balda = Lexicon.open("en", "balda", world / "outputs").manifest
    record = balda.overrides
    counts = (record.file, record.lines, record.added, record.removed, record.unchanged)
    assert counts == ("site.tsv", 7, 2, 2, 3)
    assert record.sha256 == load_overrides(world / "site.tsv").sha256
    assert record.changes == (
        OverrideChange(3, "add", "qi", "noun", "Collins"),
        OverrideChange(4, "add", "dl", "noun", "Collins"),
        OverrideChange(5, "remove", "cat", None, "disputed"),
        OverrideChange(6, "remove", "table", "verb", "disputed"),
    )
    reasons = {(r.rule, r.value): r.count for r in balda.counts.left_out}
    assert reasons[("override", "disputed")] == 2  # cat (noun) and table (verb)
    assert [r.describe() for r in balda.counts.left_out if r.rule == "override"] == [
        "removed by the overrides: disputed"
    ]
    wordgame = Lexicon.open("en", "wordgame", world / "outputs").manifest.overrides
    assert [c.word for c in wordgame.changes if c.action == "add"] == ["qi", "dl", "hm"]
    for profile in ("balda", "wordgame"):
        document = json.loads((world / "outputs" / "en" / profile / MANIFEST_JSON).read_text())
        jsonschema.validate(document, schema(MANIFEST_JSON), cls=jsonschema.Draft202012Validator)
        assert Manifest.from_json(document).to_json() == document


def test_words_parquet_marks_the_definitions_a_site_gave(world: Path) -> None:
    table = pl.read_parquet(world / "outputs" / "en" / "wordgame" / "words.parquet")
    rows = {r["word"]: r for r in table.iter_rows(named=True)}
    assert rows["dog"]["definition_source"] == ["wiktionary", "overrides"]
    assert rows["qi"]["definition_source"] == ["overrides"] and rows["hm"]["definition_source"] == []
    assert rows["table"]["definition_source"] == ["wiktionary"]
    assert all(len(r["definitions"]) == len(r["definition_source"]) for r in rows.values())


def test_why_names_the_line(world: Path) -> None:
    def why(*args: str) -> str:
        done = run_cli("why", *args, "--out", world / "outputs", "--overrides", world / "site.tsv")
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert why("qi") == "qi (noun): in as QI, added by site.tsv line 3: Collins\n"
    assert why("cat") == "cat (noun): left out: removed by site.tsv line 5: disputed\n"
    assert (
        why("table")
        == "table (noun): in as TABLE\ntable (verb): left out: removed by site.tsv line 6: disputed\n"
    )
    assert (
        why("hm")
        == "hm (interjection): left out: part of speech interjection (added by site.tsv line 7: Collins)\n"
    )
    assert why("dls", "-p", "wordgame") == "dls (noun): in as DLS\n"
    assert why("cats", "-p", "wordgame") == "cats (noun): left out: form of a dropped word\n"
    answer = json.loads(why("qi", "--json"))
    assert answer["entries"] == [
        {
            "pos": "noun",
            "entry": 1,
            "first_definition": None,  # (an addition: no entry of the dump)
            "included": True,
            "as": "qi",
            "reason": None,
            "override": "added by site.tsv line 3: Collins",
        }
    ]
    # without the file, `why` answers from the dump alone and says the list had overrides
    done = run_cli("why", "cat", "--out", world / "outputs")
    assert done.stdout == "cat (noun): in as CAT\n"
    assert "was built with the overrides site.tsv: give --overrides FILE" in done.stderr


def test_a_profile_names_its_overrides_file(world: Path, tmp_path: Path) -> None:
    """`overrides` in a profile is a path relative to the profile's file; the same lists result."""
    (tmp_path / "lists").mkdir()
    profile = (PROFILE_DIR / "balda.toml").read_text(encoding="utf-8")
    (tmp_path / "lists" / "balda.toml").write_text(f'overrides = "../site.tsv"\n{profile}', encoding="utf-8")
    (tmp_path / "site.tsv").write_text(SITE, encoding="utf-8")
    assert load_profile(tmp_path / "lists" / "balda.toml").overrides == tmp_path / "lists" / "../site.tsv"
    build(
        {"en": world / "en.xml.bz2"},
        tmp_path / "out",
        profiles=[str(tmp_path / "lists" / "balda.toml")],
        workers=1,
    )
    for name in ("words.txt", "words.parquet", "words.dawg"):
        built = world / "outputs" / "en" / "balda" / name
        assert (tmp_path / "out" / "en" / "balda" / name).read_bytes() == built.read_bytes(), name
    mine, given = (
        Lexicon.open("en", "balda", root).manifest for root in (tmp_path / "out", world / "outputs")
    )
    assert mine.overrides == given.overrides and mine.profile_file["sha256"] != given.profile_file["sha256"]


def test_the_exports_show_the_changes(world: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.open("en", "wordgame", world / "outputs")
    export(lexicon, "sqlite", tmp_path / "wg.sqlite")
    db = sqlite3.connect(tmp_path / "wg.sqlite")
    assert db.execute("SELECT line, action, word, pos, note FROM overrides ORDER BY line").fetchall() == [
        (3, "add", "qi", "noun", "Collins"),
        (4, "add", "dl", "noun", "Collins"),
        (5, "remove", "cat", None, "disputed"),
        (6, "remove", "table", "verb", "disputed"),
        (7, "add", "hm", "interjection", "Collins"),
    ]
    assert db.execute("SELECT text, source FROM definitions WHERE word = 'dog' ORDER BY n").fetchall() == [
        ("A domesticated canine.", "wiktionary"),
        ("A faithful friend.", "overrides"),
    ]
    export(lexicon, "jsonl", tmp_path / "wg.jsonl")
    objects = {o["word"]: o for o in map(json.loads, (tmp_path / "wg.jsonl").read_text().splitlines())}
    assert objects["qi"]["overrides"] == [{"line": 3, "action": "add", "pos": "noun", "note": "Collins"}]
    assert objects["qi"]["definitions"] == [
        {"pos": "noun", "text": "The vital force in Chinese thought.", "source": "overrides"}
    ]
    assert objects["table"]["overrides"] == [
        {"line": 6, "action": "remove", "pos": "verb", "note": "disputed"}
    ]
    assert "overrides" not in objects["dog"] and "source" not in objects["dog"]["definitions"][0]


def test_the_licence_says_what_the_overrides_changed(world: Path) -> None:
    """CC BY-SA asks to say what was changed: the licence's "what was changed" names the site's file
    and its counts, in the manifest and in LICENSE.md."""
    for profile, added in (("balda", 2), ("wordgame", 3)):
        folder = world / "outputs" / "en" / profile
        license = Lexicon.load(folder).manifest.license
        said = (
            f" Then the site's own overrides file site.tsv added {added} and removed 2 words or parts of "
            "speech (each listed in manifest.json, `overrides`); a definition it gave is the site's text, "
            "not Wiktionary's."
        )
        assert license.changes.endswith(said) and license.changes.startswith("The entries of the English")
        assert said.strip() in " ".join((folder / "LICENSE.md").read_text(encoding="utf-8").split())


def test_a_list_without_overrides_records_none(world: Path, tmp_path: Path) -> None:
    build({"en": world / "en.xml.bz2"}, tmp_path / "out", profiles=["balda"], workers=1)
    lexicon = Lexicon.open("en", "balda", tmp_path / "out")
    assert lexicon.manifest.overrides is None and lexicon.manifest.to_json()["overrides"] is None
    assert "overrides" not in lexicon.manifest.license.changes
    assert lexicon.words() == ["cat", "dog", "table"]
    assert [r.sources for r in lexicon.records()] == [("wiktionary",)] * 2 + [("wiktionary",) * 2]


# --- the file's checks: one line naming the file and the line ---------------------------------------

BAD_FILES = [
    ("add en qi noun Collins\n", "line 1: 1 field (fields are separated by tabs, not spaces)"),
    ("add\ten\n", "line 1: 2 fields; a line is action, language, word"),
    ("add\ten\tqi\tnoun\tCollins\tdef\textra\n", "line 1: 7 fields"),
    ("delete\ten\tqi\tnoun\n", "line 1: the action 'delete' is neither add nor remove"),
    ("add\tfr\tqi\tnoun\n", "line 1: 'fr' is no language of the pipeline"),
    ("add\ten\t\tnoun\n", "line 1: no word (the third field)"),
    ("add\ten\tqi\tthing\n", "line 1: 'thing' is no part of speech"),
    ("add\ten\tqi\t\tCollins\n", "line 1: an addition needs the word's part of speech"),
    ("remove\ten\tqi\tnoun\n", "line 1: a removal needs its reason"),
    ("remove\ten\tqi\t\toffensive\tsome text\n", "line 1: a removal has no definition"),
    (
        "# fine\nadd\ten\tq\x1bi\tnoun\n",
        "line 2: the word holds the character '\\x1b', which is not printable",
    ),
    ("add\ten\tqi\tnoun\t" + "x" * 201 + "\n", "line 1: the note has 201 characters; at most 200"),
    (
        "add\ten\tqi\tnoun\tC\t" + "x" * 2001 + "\n",
        "line 1: the definition has 2,001 characters; at most 2,000",
    ),
]


@pytest.mark.parametrize(
    ("content", "message"), BAD_FILES, ids=[m.split(": ", 1)[1][:30] for _, m in BAD_FILES]
)
def test_a_bad_line_is_named(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "site.tsv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as error:
        load_overrides(path)
    assert str(error.value).startswith(f"{path} {message}"), str(error.value)


def test_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "site.tsv"
    path.write_bytes(b"add\ten\tqi\tnoun\nadd\ten\tcaf\xe9\tnoun\n")
    with pytest.raises(InputError, match=r"site.tsv line 2: not UTF-8 text \(byte 25 is 0xe9\)"):
        load_overrides(path)
    path.write_bytes(b"\n" * 100_001)
    with pytest.raises(InputError, match="100,002 lines, more than an overrides file holds"):
        load_overrides(path)
    path.write_bytes(b"#" * (10 << 20 | 1))
    with pytest.raises(InputError, match="too large for an overrides file"):
        load_overrides(path)
    with pytest.raises(InputError, match="no such file"):
        load_overrides(tmp_path / "none.tsv")
    with pytest.raises(InputError, match="a folder, not an overrides file"):
        load_overrides(tmp_path)
    (tmp_path / "p.toml").write_text('name = "p"\nlanguages = ["en"]\noverrides = ""\n')
    with pytest.raises(ProfileError, match="'overrides' must name a file"):
        load_profile(tmp_path / "p.toml")


CLASHES = [
    ("add\ten\tqi\tnoun\nadd\ten\tqi\tnoun\n", "line 2: 'qi' (noun) is added already by line 1"),
    (
        "add\ten\tqi\tnoun\nadd\ten\tQI\tnoun\n",
        "line 2: 'QI' (noun) is added already by line 1 (both are 'qi' in en/balda)",
    ),
    ("add\ten\tqi\tnoun\nremove\ten\tqi\tverb\tno\n", "line 2: 'qi' is removed here and added by line 1"),
    ("remove\ten\tcat\t\tno\nremove\ten\tcat\tverb\tno\n", "line 2: 'cat' is removed already by line 1"),
    ("add\ten\tqi2\tnoun\n", "line 1: 'qi2' is no word of en/balda: '2' not letters of its alphabet"),
    ("add\ten\tcafé\tnoun\n", "line 1: 'café' is no word of en/balda: 'é' not letters of its alphabet"),
    ("add\ten\t-\tnoun\n", "line 1: '-' is no word of en/balda: 'nothing' not letters of its alphabet"),
    ("add\ten\tq\tnoun\n", "line 1: 'q' has 1 letters; en/balda takes 2 to 255"),
]


@pytest.mark.parametrize(("content", "message"), CLASHES, ids=[m.split(": ", 1)[1][:30] for _, m in CLASHES])
def test_each_list_checks_its_words(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "site.tsv"
    path.write_text(content, encoding="utf-8")
    balda = load_profile("balda")
    with pytest.raises(InputError) as error:
        load_overrides(path).for_list("en", "balda", balda.alphabet_record("en"), 2, None)
    assert str(error.value) == f"{path} {message}"


def test_one_word_in_each_list_spelling(tmp_path: Path) -> None:
    """German Wordgame writes ß as ss: Straße and Strasse are one word there, two in Balda."""
    path = tmp_path / "site.tsv"
    path.write_text("add\tde\tStraße\tnoun\nadd\tde\tStrasse\tnoun\n", encoding="utf-8")
    site = load_overrides(path)
    balda, wordgame = load_profile("balda"), load_profile("wordgame")
    found = site.for_list("de", "balda", balda.alphabet_record("de"), 2, None)
    assert [c.game for c in found.changes] == ["straße", "strasse"]
    with pytest.raises(
        InputError,
        match=r"line 2: 'Strasse' \(noun\) is added already by line 1 \(both are 'strasse' in de/wordgame\)",
    ):
        site.for_list("de", "wordgame", wordgame.for_language("de").alphabet_record("de"), 2, None)


ADDED = {"line": 1, "action": "add", "word": "x", "pos": None, "note": ""}


def test_manifest_overrides_are_checked(world: Path) -> None:
    document = json.loads((world / "outputs" / "en" / "balda" / MANIFEST_JSON).read_text())
    spoiled = [
        ({"changes": "x"}, "'overrides.changes' must be a list"),
        ({"sha256": "abc"}, "'overrides.sha256' must be 64 lower-case hex digits"),
        ({"added": 5}, "does not hold as many additions and removals as it counts"),
        ({"changes": [{**ADDED, "line": 0}], "added": 1, "removed": 0}, "'overrides.changes.0.line' must be"),
        ({"changes": [{**ADDED, "action": "drop"}]}, "'overrides.changes.0.action' must be add or remove"),
    ]  # fmt: skip
    for change, message in spoiled:
        bad = {**document, "overrides": {**document["overrides"], **change}}
        with pytest.raises(FormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
            Manifest.from_json(bad)
    assert Manifest.from_json({k: v for k, v in document.items() if k != "overrides"}).overrides is None


def test_an_addition_is_judged_by_the_part_of_speech_alone(tmp_path: Path) -> None:
    """A curator's word is in whatever the dump's rules say of its spelling (capitals, a slur
    title, a missing lemma), if the list takes its part of speech; its forms follow it."""
    entries = table(
        e("slurx", defs=("a slur",), def_tags=[SLUR]),
        e("dls", lemma=False, form_of=["dl"], defs=("plural of dl",)),
        e("cat"),
    )
    path = tmp_path / "site.tsv"
    path.write_text("add\ten\tOK\tadjective\tCollins\nadd\ten\tslurx\tverb\treclaimed\nadd\ten\tdl\tnoun\t\n")
    wordgame = load_profile("wordgame")
    changes = load_overrides(path).for_list("en", "wordgame", wordgame.alphabet_record("en"), 2, None)
    selection = select(entries, wordgame, "en", changes)
    assert selection.words["word"].to_list() == ["cat", "dl", "dls", "ok", "slurx"]
    assert selection.explain("slurx") == [("noun", "slurx", "a slur (in no list)"), ("verb", "slurx", None)]
    assert selection.why("dl") == [Why("noun", "dl", None, "added by site.tsv line 3")]
    assert selection.overrides_record.added == 3
