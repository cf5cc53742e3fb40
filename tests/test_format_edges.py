"""The format at its edges, as docs/FORMAT.md states it: a list of no words end to end, part-of-speech
bits this version does not name, files without `format` or `language_name`, every reason an entry
is left out, and the document's tables against the code."""

from __future__ import annotations

import json
import re
import sqlite3
import struct
from pathlib import Path

import dawg
import jsonschema
import polars as pl
import pytest

from tests.conftest import ROOT, run_cli
from tests.list_helpers import NOTHING_PROFILE, copy_list, edit_manifest, resign, unknown_bits_list
from wordlist import ArtefactError, Lexicon
from wordlist.format import (
    ALPHABET_JSON,
    EMPTY_DAWG,
    GAME_JSON,
    LEFT_OUT_RULES,
    MANIFEST_JSON,
    POS,
    dawg_layout,
    pos_names,
    schema,
)
from wordlist.graph import ROOT as GRAPH_ROOT
from wordlist_pipeline.entries import Entry, entries_to_table
from wordlist_pipeline.overrides import load_overrides
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select

FORMAT_MD = ROOT / "docs" / "FORMAT.md"


# --- a list of no words ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def empty(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`wordlist build --from-entries` with a profile that selects no word, as a user runs it."""
    root = tmp_path_factory.mktemp("empty")
    (root / "en").mkdir()
    for name in ("entries.parquet", "source.json"):
        (root / "en" / name).write_bytes((sample_outputs / "en" / name).read_bytes())
    (root / "nothing.toml").write_text(NOTHING_PROFILE, encoding="utf-8")
    built = run_cli("build", "--from-entries", "--out", root, "-p", root / "nothing.toml", "-l", "en", "-q")
    assert built.returncode == 0, built.stderr
    assert "en/nothing: 0 unique English words with 0 definitions" in built.stdout + built.stderr
    return root


def test_a_list_of_no_words_is_written_as_the_document_says(empty: Path) -> None:
    folder = empty / "en" / "nothing"
    data = (folder / "words.dawg").read_bytes()
    assert data == EMPTY_DAWG and len(data) == 1544 and dawg_layout(data).units == 256
    assert struct.unpack_from("<2I", data, 4) == (0x400, 0x80000000) and not any(data[12 : 4 + 4 * 256])
    assert (folder / "words.txt").read_bytes() == b""
    manifest = json.loads((folder / MANIFEST_JSON).read_text(encoding="utf-8"))
    assert manifest["counts"]["words"] == 0 and manifest["files"]["words.txt"]["bytes"] == 0
    text = FORMAT_MD.read_text(encoding="utf-8")
    assert "**A list of no words** is 1,544 bytes: N = M = 256, unit 0 is `00000400`" in text
    assert "unit 1 is\n`80000000`" in text and "empty `words.txt` (0 bytes)" in text
    # what dawg2 writes by itself: no guide (M = 0), which the document's M == N refuses
    alone = dawg.IntCompletionDAWG([]).tobytes()
    assert len(alone) == 1032 and struct.unpack_from("<I", alone, 4 + 4 * 256) == (0,)


def test_a_list_of_no_words_answers_every_query(empty: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.open("en", "nothing", empty)
    assert len(lexicon) == 0 and list(lexicon) == [] and lexicon.words() == []
    assert not lexicon.has_prefix("") and not lexicon.has_prefix("a") and not lexicon.is_word("a")
    assert lexicon.parts_of_speech("a") == () and lexicon.complete("", limit=5) == []
    assert lexicon.match("*") == [] and lexicon.anagrams("??????", min_length=1) == []
    assert lexicon.count(pos="noun") == 0 and lexicon.definitions("a") == [] and list(lexicon.records()) == []
    assert lexicon.graph.children(GRAPH_ROOT) == {} and lexicon.graph.find("a") is None
    with pytest.raises(LookupError, match="no word of 5 letters"):
        lexicon.random_word(5)
    for export, rows in (("jsonl", None), ("sqlite", "SELECT count(*) FROM words")):
        out = tmp_path / f"words.{export}"
        done = run_cli("export", "--data", empty, "--lang", "en", "--profile", "nothing", "--format", export,
                       "--out", out)  # fmt: skip
        assert done.returncode == 0, done.stderr
        if rows is None:
            assert out.read_bytes() == b""
        else:
            with sqlite3.connect(out) as db:
                assert db.execute(rows).fetchone() == (0,)
    checked = run_cli("query", "--data", empty, "-l", "en", "-p", "nothing", "check", "cat")
    assert checked.stdout == "CAT: no\n"


# --- part-of-speech bits this version does not name ---------------------------------------------------


def test_unknown_bits_are_shown_as_unknown() -> None:
    assert pos_names(1 | 1 << 27) == ("noun", "unknown:27")
    assert pos_names(1 << 30 | 1 << 28) == ("unknown:28", "unknown:30") and pos_names(0) == ()
    assert len(POS) == 27  # (bit 27 is the first no version names yet)


def test_a_word_with_unknown_bits_is_a_word_on_every_read_path(sample_outputs: Path, tmp_path: Path) -> None:
    values = unknown_bits_list(sample_outputs / "en" / "balda", tmp_path / "en" / "balda")
    lexicon = Lexicon.load(tmp_path / "en" / "balda")
    every = sorted(values)
    alone = [w for w, v in values.items() if v and not v & ((1 << len(POS)) - 1)]  # only unknown bits
    assert len(alone) >= 5 and [w for w, v in values.items() if v == 0]
    assert list(lexicon) == lexicon.words() == lexicon.match("*") == every
    assert sorted(lexicon.anagrams("?" * 20, min_length=1)) == every
    assert lexicon.count(length=5) == len(lexicon.words(length=5)) == sum(len(w) == 5 for w in every)
    for word, value in values.items():
        assert lexicon.is_word(word) and word in lexicon and Lexicon.is_word(lexicon, word.upper())
        assert lexicon.parts_of_speech(word) == pos_names(value)
        assert lexicon.is_word(word, pos="noun") == bool(value & 1)
        assert (
            (word in lexicon.words(pos="noun")) == bool(value & 1) == (word in lexicon.match("*", pos="noun"))
        )
    same_length = set(lexicon.words(length=len(alone[0])))
    assert {lexicon.random_word(len(alone[0]), pos=None, seed=s) for s in range(300)} == same_length
    shown = run_cli("query", "--data", tmp_path, "check", alone[0])
    assert shown.stdout == f"{alone[0].upper()}: yes ({', '.join(pos_names(values[alone[0]]))})\n"


# --- files without `format` or `language_name` ---------------------------------------------------------


def test_the_version_messages_are_the_documented_ones(sample_outputs: Path, tmp_path: Path) -> None:
    """A file without "format" is version 1, whichever file it is: the document's message."""
    text = FORMAT_MD.read_text(encoding="utf-8")
    block = text.split("after the file's name:\n\n```text\n", 1)[1].split("```", 1)[0].splitlines()
    older, newer = block
    assert older.startswith("format 1 is older") and newer.startswith("format 3 is newer")
    for name in (MANIFEST_JSON, ALPHABET_JSON, GAME_JSON):
        document = json.loads((sample_outputs / "en" / "wordgame" / name).read_text(encoding="utf-8"))
        without = {key: value for key, value in document.items() if key != "format"}
        for i, (variant, message) in enumerate(
            ((without, older), (dict(document, format=1), older), (dict(document, format=3), newer))
        ):
            folder = copy_list(sample_outputs / "en" / "wordgame", tmp_path / f"{name}-{i}")
            if name == MANIFEST_JSON:
                (folder / name).write_text(json.dumps(variant), encoding="utf-8")
            else:
                resign(folder, name, json.dumps(variant).encode())
            with pytest.raises(ArtefactError) as raised:
                Lexicon.load(folder)
            assert str(raised.value) == f"{folder / name}: {message}"


def test_language_name_may_be_absent(sample_outputs: Path, tmp_path: Path) -> None:
    folder = copy_list(sample_outputs / "de" / "balda", tmp_path / "list")
    alphabet = json.loads((folder / ALPHABET_JSON).read_text(encoding="utf-8"))
    del alphabet["language_name"]
    resign(folder, ALPHABET_JSON, json.dumps(alphabet).encode())
    edit_manifest(folder, lambda manifest: manifest.pop("language_name"))
    lexicon = Lexicon.load(folder)
    assert lexicon.language_name == "de" and lexicon.manifest.language_name == "de"
    with pytest.raises(ValueError, match="not in the de alphabet"):
        lexicon.match("é")
    for name, document in ((ALPHABET_JSON, alphabet), (MANIFEST_JSON, None)):
        document = document or json.loads((folder / name).read_text(encoding="utf-8"))
        jsonschema.validate(document, schema(name), cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("name", [ALPHABET_JSON, MANIFEST_JSON])
def test_an_empty_language_name_is_refused_as_the_schemas_refuse_it(
    sample_outputs: Path, tmp_path: Path, name: str
) -> None:
    """The schemas say minLength 1; the readers took "" (and then showed the code). The
    JavaScript reader refuses it too (tests/js_vectors.py, "empty language_name")."""
    folder = copy_list(sample_outputs / "de" / "balda", tmp_path / "list")
    document = json.loads((folder / name).read_text(encoding="utf-8"))
    document["language_name"] = ""
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, schema(name), cls=jsonschema.Draft202012Validator)
    if name == MANIFEST_JSON:
        edit_manifest(folder, lambda manifest: manifest.update(language_name=""))
    else:
        resign(folder, name, json.dumps(document).encode())
    with pytest.raises(ArtefactError) as refused:
        Lexicon.load(folder)
    assert (
        str(refused.value)
        == f"{folder / name}: 'language_name' must not be empty (leave the key out instead)"
    )


ESCAPE = "Eng\x1b[2Jlish"  # a language name that would clear the terminal it is printed on


@pytest.mark.parametrize("name", [ALPHABET_JSON, MANIFEST_JSON])
def test_a_language_name_that_is_not_printable_is_refused_and_never_printed(
    sample_outputs: Path, tmp_path: Path, name: str
) -> None:
    """language_name reaches messages, `wordlist stats` and the build's summary: a control or format
    character in it refuses the file (the schema's pattern too; JavaScript: tests/js_vectors.py), and
    the command line's error line shows it escaped."""
    folder = copy_list(sample_outputs / "en" / "balda", tmp_path / "en" / "balda")
    document = json.loads((folder / name).read_text(encoding="utf-8"))
    for bad in (ESCAPE, "English\u202e", "Eng\nlish"):
        assert not jsonschema.Draft202012Validator(schema(name)).is_valid({**document, "language_name": bad})
    if name == MANIFEST_JSON:
        edit_manifest(folder, lambda manifest: manifest.update(language_name=ESCAPE))
    else:
        resign(folder, name, json.dumps({**document, "language_name": ESCAPE}).encode())
    with pytest.raises(ArtefactError) as refused:
        Lexicon.load(folder)
    assert str(refused.value) == (
        f"{folder / name}: 'language_name' must be printable text (no control, format or unassigned "
        f"character), not 'Eng\\x1b[2Jlish'"
    )
    for query in (("match", "ca1"), ("anagrams", "1")):
        shown = run_cli("query", "--data", tmp_path, "--lang", "en", "--profile", "balda", *query)
        assert shown.returncode == 2 and "\x1b" not in shown.stderr and "Eng\\x1b[2Jlish" in shown.stderr
    shown = run_cli("stats", "-o", tmp_path)  # (reads the manifests only)
    assert (
        shown.returncode == (1 if name == MANIFEST_JSON else 0) and "\x1b" not in shown.stdout + shown.stderr
    )


def test_the_error_line_escapes_what_it_quotes(tmp_path: Path) -> None:
    """Whatever an error quotes (here a folder's name typed on the command line) is shown with its
    control and format characters escaped, on one line."""
    folder = tmp_path / "lists\x1b]0;owned\x07\u202e"
    shown = run_cli("stats", "-o", folder)
    assert shown.returncode == 1 and shown.stdout == ""
    escaped = f"{tmp_path}/lists\\x1b]0;owned\\x07\\u202e"
    assert shown.stderr == f"error: {escaped}: no word lists built here (run `wordlist build`)\n"


def test_a_whole_number_written_as_a_float_is_that_number(sample_outputs: Path, tmp_path: Path) -> None:
    """JSON has one kind of number and a JavaScript reader cannot tell 2.0 from 2: "format": 2.0,
    "rack_size": 8.0 and "points": 1e0, as written in the files, read as 2, 8 and 1 in both readers
    (JavaScript: tests/js_vectors.py); a fraction, or a number past 2**53, is no whole number."""
    folder = copy_list(sample_outputs / "en" / "wordgame", tmp_path / "list")
    game = (folder / GAME_JSON).read_text(encoding="utf-8")
    assert '"rack_size": 8,' in game and '"points": 1,' in game
    floats = game.replace('"rack_size": 8,', '"rack_size": 8.0,').replace('"points": 1,', '"points": 1e0,')
    floats = floats.replace('"format": 2,', '"format": 2E0,')
    resign(folder, GAME_JSON, floats.encode())
    manifest = (folder / MANIFEST_JSON).read_text(encoding="utf-8").replace('"format": 2,', '"format": 2.0,')
    (folder / MANIFEST_JSON).write_text(manifest, encoding="utf-8")
    lexicon = Lexicon.load(folder)
    assert lexicon.game_spec == Lexicon.load(sample_outputs / "en" / "wordgame").game_spec
    assert type(lexicon.game_spec.rack_size) is int and lexicon.game_spec.to_json()["rack_size"] == 8
    assert all(type(n) is int for n in lexicon.game_spec.tiles.points.values())
    for bad, message in (("8.5", "'rack_size' must be a whole number, not 8.5"),
                         ("9007199254740992.0", "'rack_size' must be a whole number, not 9007199254740992.0"),
                         ("true", "'rack_size' must be a whole number, not true")):  # fmt: skip
        resign(folder, GAME_JSON, floats.replace('"rack_size": 8.0,', f'"rack_size": {bad},').encode())
        with pytest.raises(ArtefactError, match=re.escape(message)):
            Lexicon.load(folder)


# --- why entries are left out ---------------------------------------------------------------------------


def profile_file(tmp_path: Path, name: str, entries: str, words: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'name = "{name}"\nlanguages = ["en"]\n[entries]\n{entries}\n[words]\n{words}\n', encoding="utf-8"
    )
    return path


def test_every_rule_the_pipeline_applies_is_in_the_format_and_the_document(tmp_path: Path) -> None:
    """Entries made to meet each rule, under two profiles (lemmas only; forms following their
    lemmas): the rules met are LEFT_OUT_RULES, which docs/FORMAT.md's table lists in order."""
    lemmas = profile_file(
        tmp_path, "lemmas", 'lemmas_only = true\nparts_of_speech = ["noun"]\nexclude_tags = ["slang"]',
        'exclude_characters = "-"\nmin_length = 3\nmax_length = 8\n[words.titles]\nen = "lowercase"',
    )  # fmt: skip
    forms = profile_file(
        tmp_path, "forms", 'lemmas_only = false\nforms_follow_lemmas = true\nexclude_tags = ["slang"]', ""
    )  # fmt: skip
    entries = [
        Entry("cats", "en", "noun", False, form_of=("cat",)),  # inflected form
        Entry("run", "en", "verb"),  # part of speech
        Entry("dude", "en", "noun", tags=("slang",)),  # tag (and, under forms, its form is dropped)
        Entry("dudes", "en", "noun", False, form_of=("dude",)),
        Entry("yeeted", "en", "verb", False, form_of=("yeet",)),  # (under forms) its lemma has no entry
        Entry("bloke", "en", "noun", definitions=("a man",), definition_tags=(("slang",),)),
        Entry("e-mail", "en", "noun"),  # character
        Entry("FBI", "en", "noun"),  # all capitals
        Entry("Paris", "en", "noun"),  # capitalized
        Entry("café", "en", "noun"),  # a letter outside the alphabet
        Entry("ox", "en", "noun"),  # too short
        Entry("elephantine", "en", "noun"),  # too long
        Entry("cat", "en", "noun", definitions=("a pet",), definition_tags=((),)),
        Entry("slurx", "en", "noun", definitions=("a slur",), definition_tags=(("slur",),)),  # a slur
        Entry("dog", "en", "noun", definitions=("a pet",), definition_tags=((),)),  # the overrides remove it
    ]
    table = pl.from_arrow(entries_to_table(entries))
    (tmp_path / "site.tsv").write_text("remove\ten\tdog\t\tdisputed\n", encoding="utf-8")
    met = set()
    for path in (lemmas, forms):
        profile = load_profile(path)
        removed = load_overrides(tmp_path / "site.tsv").for_list(
            "en", profile.name, profile.alphabet_record("en"), profile.min_length, profile.max_length
        )
        met |= {reason.rule for reason in select(table, profile, "en", removed).left_out()}
    assert met == set(LEFT_OUT_RULES), set(LEFT_OUT_RULES) ^ met
    text = FORMAT_MD.read_text(encoding="utf-8").split("The rules of `left_out`", 1)[1]
    documented = re.findall(r"^\| `(\w+)` \| ", text.split("\n## ", 1)[0], re.MULTILINE)
    assert documented == list(LEFT_OUT_RULES)


def test_a_definition_is_unique_per_part_of_speech_and_text(sample_outputs: Path, tmp_path: Path) -> None:
    """As FORMAT.md says of words.parquet: the same text under two parts of speech is kept twice;
    Lexicon.definitions (any part of speech) shows it once."""
    from wordlist_pipeline.artefacts import write_word_list

    entries = [
        Entry("run", "en", "noun", definitions=("a jog", "a jog"), definition_tags=((), ()), page_id=1),
        Entry("run", "en", "verb", definitions=("a jog", "to go"), definition_tags=((), ()), page_id=1),
    ]
    profile = load_profile("balda")
    selection = select(pl.from_arrow(entries_to_table(entries)), profile, "en")
    write_word_list(selection, profile, "en", tmp_path / "en" / "balda", {"dump": "hand-made"})
    row = pl.read_parquet(tmp_path / "en" / "balda" / "words.parquet").row(0, named=True)
    assert (row["definitions"], row["definition_pos"]) == (
        ["a jog", "a jog", "to go"],
        ["noun", "verb", "verb"],
    )
    lexicon = Lexicon.load(tmp_path / "en" / "balda")
    assert lexicon.definitions("run") == lexicon.definitions("run", pos="verb") == ["a jog", "to go"]
    assert "a (part of speech, text) pair appears once" in FORMAT_MD.read_text(encoding="utf-8")


def test_a_folder_without_a_manifest_is_refused(sample_outputs: Path, tmp_path: Path) -> None:
    """The message the JavaScript loader gives too (js/test/reader.test.js)."""
    folder = copy_list(sample_outputs / "de" / "balda", tmp_path / "list")
    (folder / MANIFEST_JSON).unlink()
    with pytest.raises(ArtefactError) as raised:
        Lexicon.load(folder)
    assert str(raised.value) == f"{folder / MANIFEST_JSON}: missing"
