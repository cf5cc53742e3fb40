"""The artefact contract (wordlist.format): the records, their one validator, the shipped JSON Schemas,
the one normalization (Python and Polars), and what a reader does with bad or unknown files."""

from __future__ import annotations

import json
import shutil
import struct
import sys
from pathlib import Path

import dawg
import jsonschema
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlist import ArtefactError, Lexicon
from wordlist.format import (
    ALPHABET_JSON,
    FORMAT_VERSION,
    GAME_JSON,
    MANIFEST_JSON,
    SCHEMAS,
    Alphabet,
    Board,
    FormatError,
    GameSpec,
    Manifest,
    Tiles,
    dawg_layout,
    describe_left_out,
    read_word_list,
    schema,
)
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import normalized

LISTS = [("en", "balda"), ("en", "wordgame"), ("de", "balda")]
HARD_WORDS = [
    "STRAẞE", "Straße", "MASSE", "ẞ", "İstanbul", "ΟΔΟΣ", "ΣΑΣ Σ", "AΣ1", "ǅemal", "ǄEMAL", "ﬀ", "Ω", "K",
    "Å", "ΐ", "Σ.", "ÄÖÜ", "MAẞ-STAB", "e-mail", "--", "Baby-Sitter", "ᾼ", "A\u0345Σ", "aΣ\u00ad", "Σ\u0308",
    "Ǉubljana", "ΆΣ", "ΣΣΣ", "x-ΣΑ-y", "ıI", "i̇", "\u0130-\u0130", "ꭰꮿ", "Ꭰ", "𐐀𐐨", "", "-",
    "Ba\u0308r", "A\u0308-O\u0308", "e\u0301", "\u0308", "\u212b", "Ω",
]  # fmt: skip


def german() -> Alphabet:
    return load_profile("balda").alphabet_record("de")


# --- one normalization ---------------------------------------------------------------------------------


def test_the_pipeline_normalizes_exactly_like_the_library() -> None:
    for alphabet in (german(), load_profile("wordgame").alphabet_record("en")):
        polars_side = normalized(pl.Series(HARD_WORDS), alphabet).to_list()
        assert polars_side == [alphabet.normalize(w) for w in HARD_WORDS]
    assert german().normalize("MAẞ-STAB") == "maßstab" and german().normalize("MASSE") == "masse"
    # composed as typed on keyboards that send a letter and a combining mark
    assert german().normalize("Ba\u0308r") == "bär" and german().normalize("STRA\u1e9eE") == "straße"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(min_size=0, max_size=12), min_size=1, max_size=50))
def test_normalization_is_equal_on_any_text(words: list[str]) -> None:
    words = [w for w in words if "\x00" not in w]
    alphabet = german()
    if words:
        polars_side = normalized(pl.Series(words), alphabet).to_list()
        assert polars_side == [alphabet.normalize(w) for w in words]


def test_every_character_in_either_case_normalizes_alike() -> None:
    characters = [chr(c) for c in range(1, sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF]
    alphabet = german()
    upper = [c.upper() for c in characters]
    for column in (characters, upper, ["Σ" + c + "Σ" for c in characters[:5000]]):
        polars_side = normalized(pl.Series(column), alphabet).to_list()
        mine = [alphabet.normalize(w) for w in column]
        assert [(w, p) for w, p, m in zip(column, polars_side, mine, strict=True) if p != m] == []


def test_display_and_letters() -> None:
    de = german()
    assert de.display("straße") == "STRAẞE" and de.upper["ä"] == "Ä" and de.spells("öl")
    assert not de.spells("café") and not de.spells("")
    with pytest.raises(TypeError, match="a word must be a string, not NoneType"):
        de.normalize(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"letters": "aab"}, "lists a letter twice"),
        ({"letters": "ab "}, "a letter is printable, not a space"),
        ({"letters": "ab?"}, "a letter is printable"),
        ({"letters": "abC"}, "must be lower case"),
        ({"letters": "ab-", "remove": "-"}, "not removed"),
        ({"letters": ""}, "'letters' must give 1 to"),
        ({"letters": "ab", "remove": "?"}, "'remove' must not hold the wildcards"),
        ({"letters": "ab", "upper": {"c": "C"}}, "'upper' gives a capital for 'c'"),
        ({"letters": "ab", "language": "../x"}, "'language' must be a language code"),
    ],
)
def test_alphabet_checks(kwargs: dict, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        Alphabet(**{"language": "en", **kwargs})


# --- the game spec: one validator ---------------------------------------------------------------------


def test_game_spec_round_trip_and_board() -> None:
    spec = load_profile("wordgame").game_spec("en")
    assert spec is not None
    assert GameSpec.from_json(json.loads(json.dumps(spec.to_json())), "abcdefghijklmnopqrstuvwxyz") == spec
    assert (
        spec.board.size == 15 and spec.board.square((7, 7)) == "D" and spec.board.word_multiplier((7, 7)) == 2
    )
    assert spec.tiles.total == 102 + 2 and spec.tiles.bag().count("e") == 13 and spec.tiles.value("?") == 0
    assert spec.to_json()["tiles"]["z"] == {"points": 7, "count": 2}


@pytest.mark.parametrize(
    ("change", "message", "in_schema"),
    [
        ({"board": ["....", "....", "....", "..."]}, "'board' must be square: 4 strings of 4 squares", True),
        ({"board": ["...x", "....", "....", "...."]}, "'board' has unknown squares \\['x'\\]", True),
        ({"board": ["." * 27] * 27}, "'board' must be square, of 4 to 26 rows", True),
        ({"board": ["..."] * 3}, "'board' must be square, of 4 to 26 rows", True),
        ({"start": [4, 0]}, "'start' must be \\[row, column\\] on the 4x4 board", False),
        ({"start": [True, 0]}, "'start' must be", True),
        ({"rack_size": 3}, "'rack_size' must be between 4 and 15, not 3", True),
        ({"rack_size": 16}, "'rack_size' must be between 4 and 15, not 16", True),
        ({"rack_size": "7"}, "'rack_size' must be a whole number, not \"7\"", True),
        ({"tiles": {}}, "'tiles' must list at least one tile", True),
        ({"tiles": {"é": {"points": 1, "count": 1}}}, "'tiles.é' is not a letter of the alphabet", False),
        ({"tiles": {"a": {"points": -1, "count": 1}}}, "'tiles.a.points' must be between 0 and 1,000", True),
        ({"tiles": {"a": {"points": 1}}}, "missing key 'tiles.a.count'", True),
        ({"tiles": {"a": [1, 2]}}, "'tiles.a' must be a JSON object", True),
        ({"tiles": {c: {"points": 1, "count": 1000} for c in "abcdefghijk"}}, "holds 11,000 tiles", False),
        ({"format": 3}, "format 3 is newer than this library reads", True),
        ({"format": 1}, "format 1 is older than this library reads", True),
    ],
)
def test_game_spec_mistakes(change: dict, message: str, in_schema: bool) -> None:
    document = {"format": 2, "board": ["...."] * 4, "start": [0, 0], "rack_size": 7}
    document["tiles"] = {"a": {"points": 1, "count": 9}, "?": {"points": 0, "count": 2}}
    document.update(change)
    with pytest.raises(FormatError, match=message):
        GameSpec.from_json(document, "abcdefghijklmnopqrstuvwxyz")
    # the schema says the same where JSON Schema can (not: square rows, letters, totals)
    errors = list(jsonschema.Draft202012Validator(schema(GAME_JSON)).iter_errors(document))
    assert bool(errors) == in_schema


def test_board_and_tiles_records_validate_themselves() -> None:
    with pytest.raises(FormatError, match="'start' must be"):
        Board(("....",) * 4, (4, 0))
    with pytest.raises(FormatError, match=r"'tiles\.a\.count' must be between"):
        Tiles({"a": 1}, {"a": 10**9})
    assert Board(["d...", ".T..", "....", "...."], [1, 1]).letter_multiplier((0, 0)) == 2


# --- the manifest ------------------------------------------------------------------------------------------


def test_left_out_reasons_read_as_prose() -> None:
    assert describe_left_out("tag", "slang") == "tagged slang"
    assert describe_left_out("part_of_speech", "proper_noun") == "part of speech proper_noun"
    assert describe_left_out("outside_alphabet", "space") == "contains a space"
    assert describe_left_out("character", "-") == "contains '-'"
    assert describe_left_out("too_short", "2") == "shorter than 2 letters"
    assert describe_left_out("a_new_rule", "x") == "a new rule x"  # a newer pipeline's rule still reads


# --- every built list against the records and the shipped schemas --------------------------------------


@pytest.mark.parametrize(("lang", "profile"), LISTS)
def test_every_built_list_follows_the_schemas(sample_outputs: Path, lang: str, profile: str) -> None:
    folder = sample_outputs / lang / profile
    names = [ALPHABET_JSON, MANIFEST_JSON] + ([GAME_JSON] if (folder / GAME_JSON).exists() else [])
    assert (folder / GAME_JSON).exists() == (profile == "wordgame")
    for name in names:
        document = json.loads((folder / name).read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema(name))
        jsonschema.validate(document, schema(name), cls=jsonschema.Draft202012Validator)
        assert document["format"] == FORMAT_VERSION
    files = read_word_list(folder)
    # the records write back exactly the bytes the pipeline wrote
    for name, record in (
        (ALPHABET_JSON, files.alphabet),
        (MANIFEST_JSON, files.manifest),
        (GAME_JSON, files.game),
    ):
        if record is not None:
            assert record.to_json() == json.loads((folder / name).read_text(encoding="utf-8"))
    assert set(SCHEMAS) == {ALPHABET_JSON, GAME_JSON, MANIFEST_JSON, "leaves.json"}


def test_the_schemas_reject_what_the_records_reject(sample_outputs: Path) -> None:
    manifest = json.loads((sample_outputs / "en" / "balda" / MANIFEST_JSON).read_text())
    bad_documents = [
        {**manifest, "counts": {**manifest["counts"], "words": -1}},
        {**manifest, "counts": {**manifest["counts"], "left_out": [{"rule": "tag", "value": 3, "count": 1}]}},
        {**manifest, "files": {**manifest["files"], "words.dawg": {"bytes": 1, "sha256": "XYZ"}}},
        {**manifest, "profile": "../../etc"},
        {k: v for k, v in manifest.items() if k != "counts"},
    ]
    validator = jsonschema.Draft202012Validator(schema(MANIFEST_JSON))
    for document in bad_documents:
        assert list(validator.iter_errors(document))
        with pytest.raises(FormatError):
            Manifest.from_json(document)


# --- readers refuse bad files with one line naming the file ---------------------------------------------


def copy_list(sample_outputs: Path, tmp_path: Path, lang: str = "en", profile: str = "wordgame") -> Path:
    folder = tmp_path / f"{lang}-{profile}"
    shutil.copytree(sample_outputs / lang / profile, folder)
    return folder


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[1, 2]", r"manifest\.json: the manifest must be a JSON object, not \[1, 2\]"),
        ('{"format": 2, "language": 7}', r"manifest\.json: 'language' must be a string, not 7"),
        ('{"format": "2"}', r"manifest\.json: 'format' must be a whole number"),
        ('{"format": 99}', r"manifest\.json: format 99 is newer than this library reads \(format 2\)"),
        ('{"format": 1, "language": "en"}', r"manifest\.json: format 1 is older .* rebuild the word list"),
        ("\xff\xfe", r"manifest\.json: not valid JSON"),
        ("[" * 100_000, r"manifest\.json: not valid JSON"),
    ],
)
def test_bad_manifests_are_named(sample_outputs: Path, tmp_path: Path, content: str, message: str) -> None:
    folder = copy_list(sample_outputs, tmp_path)
    (folder / MANIFEST_JSON).write_bytes(content.encode("latin-1"))
    with pytest.raises(ArtefactError, match=message):
        Lexicon.load(folder)


def test_a_manifest_with_wrong_types_is_named(sample_outputs: Path, tmp_path: Path) -> None:
    folder = copy_list(sample_outputs, tmp_path)
    manifest = json.loads((folder / MANIFEST_JSON).read_text())
    for path, value, message in [
        (("counts", "words"), "12", "'counts.words' must be a whole number"),
        (("counts", "left_out"), {"x": 1}, "'counts.left_out' must be a list"),
        (("files",), [], "'files' must be an object"),
        (("files", "words.dawg", "bytes"), -5, "'files.words.dawg.bytes' must be between 0"),
    ]:
        broken = json.loads(json.dumps(manifest))
        target = broken
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        (folder / MANIFEST_JSON).write_text(json.dumps(broken))
        with pytest.raises(ArtefactError, match=rf"manifest\.json: {message}"):
            Lexicon.load(folder)


def rewrite(folder: Path, name: str, data: bytes) -> None:
    """Replace a file and record it in the manifest, as a careless (or hostile) tool would."""
    import hashlib

    (folder / name).write_bytes(data)
    manifest = json.loads((folder / MANIFEST_JSON).read_text())
    manifest["files"][name] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    (folder / MANIFEST_JSON).write_text(json.dumps(manifest))


def test_bad_alphabet_and_game_files_are_named(sample_outputs: Path, tmp_path: Path) -> None:
    folder = copy_list(sample_outputs, tmp_path)
    alphabet = json.loads((folder / ALPHABET_JSON).read_text())
    rewrite(folder, ALPHABET_JSON, json.dumps({**alphabet, "letters": "aa"}).encode())
    with pytest.raises(ArtefactError, match=r"alphabet\.json: 'letters' lists a letter twice"):
        Lexicon.load(folder)
    rewrite(folder, ALPHABET_JSON, json.dumps({**alphabet, "language": "de"}).encode())
    with pytest.raises(ArtefactError, match=r"alphabet\.json: language 'de', the manifest says 'en'"):
        Lexicon.load(folder)
    rewrite(folder, ALPHABET_JSON, json.dumps(alphabet).encode())
    game = json.loads((folder / GAME_JSON).read_text())
    rewrite(folder, GAME_JSON, json.dumps({**game, "tiles": {"ß": {"points": 1, "count": 1}}}).encode())
    with pytest.raises(ArtefactError, match=r"game\.json: 'tiles\.ß' is not a letter of the alphabet"):
        Lexicon.load(folder)


def test_a_dawg_header_is_checked_before_anything_is_allocated(sample_outputs: Path, tmp_path: Path) -> None:
    folder = copy_list(sample_outputs, tmp_path, "en", "balda")
    good = (folder / "words.dawg").read_bytes()
    units = struct.unpack_from("<I", good)[0]
    garbage = [
        (b"\xff\xff\xff\x7f" + bytes(3000), "the header announces 2,147,483,647 units"),
        (
            good[: 4 + 4 * units] + struct.pack("<I", 0x7FFFFFFF) + bytes(100),
            "the guide announces 2,147,483,647",
        ),
        (good + b"extra", "bytes in all"),
        (b"\x00\x00\x00\x00" + bytes(8), "the header announces 0 units"),
        (b"abc", "too short to be a DAWG"),
    ]
    for data, message in garbage:  # (the message is our check's: dawg2 never saw these bytes)
        rewrite(folder, "words.dawg", data)
        with pytest.raises(ArtefactError, match=rf"words\.dawg: not a valid DAWG: .*{message}"):
            Lexicon.load(folder)
    assert dawg_layout(good).units == units
    assert dawg_layout(dawg.IntDAWG([("a", 1)]).tobytes(), guide_required=False).guide is None
