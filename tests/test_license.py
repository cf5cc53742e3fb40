"""Every artefact that carries Wiktionary's text carries its licence and attribution: the list's
folder (LICENSE.md, listed and checksummed, and the manifest's `license`), the SQLite and JSON
Lines exports, and the HTTP API; a list built before lists carried them still reads, with none.
(The JavaScript reader: tests/js_vectors.py; the data packages: tests/test_data_packages.py.)"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from fastapi.testclient import TestClient

from tests.conftest import DUMP_DATE
from tests.list_helpers import copy_list, edit_manifest, unlicensed_list
from wordlist import ArtefactError, Lexicon
from wordlist.export import ExportError, export
from wordlist.format import LICENSE_MD, License, read_manifest, schema
from wordlist.server import create_app

SPDX = "CC-BY-SA-4.0 OR GFDL-1.1-no-invariants-or-later"
LISTS = [("en", "balda"), ("en", "wordgame"), ("de", "balda"), ("de", "wordgame")]


@pytest.mark.parametrize(("lang", "profile"), LISTS)
def test_every_list_folder_carries_its_licence(sample_outputs: Path, lang: str, profile: str) -> None:
    folder = sample_outputs / lang / profile
    manifest = read_manifest(folder)
    license = manifest.license
    assert license is not None
    # LICENSE.md is one of the list's files: listed, its size and sha256 checked like the others
    data = (folder / LICENSE_MD).read_bytes()
    assert manifest.files[LICENSE_MD].sha256 == hashlib.sha256(data).hexdigest()
    assert data.decode("utf-8") == license.text()
    assert license.expression == SPDX
    assert [terms.id for terms in license.licenses] == SPDX.split(" OR ")
    assert [terms.url for terms in license.licenses] == [
        "https://creativecommons.org/licenses/by-sa/4.0/",
        "https://www.gnu.org/licenses/fdl-1.3.html",
    ]
    site = f"https://{lang}.wiktionary.org/"
    assert license.site == site and license.authors == "Wiktionary contributors"
    assert (
        license.dump
        == manifest.source["dump"]
        == f"{lang}wiktionary-sample-pages-articles-multistream.xml.bz2"
    )
    assert license.dump_date is None and license.dump_url is None  # our samples: no date, not Wikimedia's
    name = {"en": "English", "de": "German"}[lang]
    assert license.attribution == (
        f"Words and definitions from the {name} Wiktionary ({site}) by the Wiktionary contributors; "
        "CC BY-SA 4.0 or GFDL."
    )
    assert f"profile, {profile!r}" in license.changes and "plain text" in license.changes
    text = data.decode("utf-8")
    for part in (license.attribution, SPDX, *(t.url for t in license.licenses), license.changes, "MIT"):
        assert part in text
    jsonschema.validate(
        json.loads((folder / "manifest.json").read_text(encoding="utf-8")), schema("manifest.json")
    )


def test_a_wikimedia_dump_gives_its_date_and_address(dated_outputs: Path) -> None:
    license = read_manifest(dated_outputs / "en" / "balda").license
    name = f"enwiktionary-{DUMP_DATE}-pages-articles-multistream.xml.bz2"
    assert license is not None and license.dump == name
    assert license.dump_date == "2026-11-01"
    assert license.dump_url == f"https://dumps.wikimedia.org/enwiktionary/{DUMP_DATE}/{name}"
    assert license.attribution.endswith(
        "by the Wiktionary contributors, dump of 2026-11-01; CC BY-SA 4.0 or GFDL."
    )
    text = (dated_outputs / "en" / "balda" / LICENSE_MD).read_text(encoding="utf-8")
    assert f"- Dump: {name} of 2026-11-01, {license.dump_url}" in text


BAD_LICENSES = [
    ("CC-BY-SA-4.0", "'license' must be a JSON object"),
    ({"attribution": "x"}, "missing key 'license.expression'"),
    ({"expression": SPDX}, "missing key 'license.attribution'"),
    ({"expression": "  ", "attribution": "x"}, "'license.expression' must not be empty"),
    ({"expression": SPDX, "attribution": 5}, "'license.attribution' must be a string"),
    ({"expression": SPDX, "attribution": "x", "licenses": {}}, "'license.licenses' must be a list"),
    (
        {"expression": SPDX, "attribution": "x", "licenses": [{"id": "a", "name": "b"}]},
        "'license.licenses.0.url'",
    ),
    ({"expression": SPDX, "attribution": "x", "licenses": ["CC-BY-SA-4.0"]}, "'license.licenses.0' must be"),
    ({"expression": SPDX, "attribution": "x", "dump_date": 20261101}, "'license.dump_date' must be a string"),
    ({"expression": SPDX, "attribution": "x", "changes": None}, "'license.changes' must be a string"),
]


@pytest.mark.parametrize(("license", "says"), BAD_LICENSES, ids=[says for _, says in BAD_LICENSES])
def test_a_malformed_licence_refuses_the_list(
    sample_outputs: Path, tmp_path: Path, license, says: str
) -> None:
    folder = copy_list(sample_outputs / "en" / "balda", tmp_path / "list")
    edit_manifest(folder, lambda manifest: manifest.update(license=license))
    with pytest.raises(ArtefactError) as caught:
        Lexicon.load(folder)
    assert str(caught.value).startswith(f"{folder / 'manifest.json'}: ") and says in str(caught.value)


def test_a_later_key_of_the_licence_is_ignored(sample_outputs: Path, tmp_path: Path) -> None:
    folder = copy_list(sample_outputs / "en" / "balda", tmp_path / "list")
    edit_manifest(folder, lambda manifest: manifest["license"].update(later={"any": [1]}))
    license = Lexicon.load(folder).manifest.license
    assert license == read_manifest(sample_outputs / "en" / "balda").license


def test_the_record_round_trips() -> None:
    document = json.loads(json.dumps(License(expression=SPDX, attribution="From Wiktionary.").to_json()))
    assert License.from_json(document).to_json() == document
    assert License.from_json({"expression": SPDX, "attribution": "a"}).licenses == ()


# --- exports ---------------------------------------------------------------------------------------


def test_sqlite_carries_the_licence_in_its_meta_table(sample_outputs: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.open("de", "wordgame", sample_outputs)
    export(lexicon, "sqlite", tmp_path / "de.sqlite")
    with sqlite3.connect(tmp_path / "de.sqlite") as db:
        meta = dict(db.execute("SELECT key, value FROM meta"))
    assert json.loads(meta["license"]) == lexicon.manifest.license.to_json()
    assert meta["license_text"] == (lexicon.path / LICENSE_MD).read_text(encoding="utf-8")


def test_json_lines_carries_the_licence_beside_it(sample_outputs: Path, tmp_path: Path) -> None:
    folder = copy_list(sample_outputs / "en" / "balda", tmp_path / "lists" / "en" / "balda")
    lexicon = Lexicon.load(folder)
    elsewhere = export(lexicon, "jsonl", tmp_path / "balda.jsonl")
    assert elsewhere.license_file == tmp_path / "balda.jsonl.LICENSE.md"
    assert elsewhere.license_file.read_bytes() == (folder / LICENSE_MD).read_bytes()
    lines = (tmp_path / "balda.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(lexicon) and all("word" in json.loads(line) for line in lines)  # no header line
    by_default = export(lexicon, "jsonl")  # in the data folder's exports: the licence beside it
    assert by_default.path == tmp_path / "lists" / "exports" / "en-balda.jsonl"
    assert by_default.license_file.read_bytes() == (folder / LICENSE_MD).read_bytes()
    beside = export(
        lexicon, "jsonl", folder / "words.jsonl"
    )  # in the list's folder: its LICENSE.md covers it
    assert beside.path == folder / "words.jsonl" and beside.license_file is None
    assert sorted(p.name for p in folder.iterdir() if "LICENSE" in p.name) == [LICENSE_MD]
    done = subprocess.run(
        [sys.executable, "-m", "wordlist", "export", "--data", tmp_path / "lists", "-l", "en", "-p", "balda",
         "-f", "jsonl", "-o", tmp_path / "cli.jsonl"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (
        done.stdout.splitlines()[1] == f"{tmp_path / 'cli.jsonl.LICENSE.md'}  (its licence and attribution)"
    )


def test_a_licence_beside_that_cannot_be_written_stops_the_export_first(
    sample_outputs: Path, tmp_path: Path
) -> None:
    lexicon = Lexicon.open("en", "balda", sample_outputs)
    os.mkfifo(tmp_path / "x.jsonl.LICENSE.md")
    with pytest.raises(OSError, match=r"x\.jsonl\.LICENSE\.md: a named pipe"):
        export(lexicon, "jsonl", tmp_path / "x.jsonl")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.jsonl.LICENSE.md"]  # nothing written
    (tmp_path / "y.jsonl.LICENSE.md").mkdir()
    with pytest.raises(ExportError, match=r"y\.jsonl\.LICENSE\.md: a folder"):
        export(lexicon, "jsonl", tmp_path / "y.jsonl")
    assert not (tmp_path / "y.jsonl").exists()


# --- lists built before ----------------------------------------------------------------------------


@pytest.fixture()
def unlicensed(sample_outputs: Path, tmp_path: Path) -> Path:
    """A data folder whose English Balda list was built before lists carried their licence."""
    unlicensed_list(sample_outputs / "en" / "balda", tmp_path / "data" / "en" / "balda")
    copy_list(sample_outputs / "de" / "balda", tmp_path / "data" / "de" / "balda")
    return tmp_path / "data"


def test_a_list_built_before_reads_with_no_licence(unlicensed: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.open("en", "balda", unlicensed)
    assert lexicon.manifest.license is None and lexicon.is_word("email")
    assert lexicon.manifest.to_json()["license"] is None
    export(lexicon, "sqlite", tmp_path / "old.sqlite")
    with sqlite3.connect(tmp_path / "old.sqlite") as db:
        meta = dict(db.execute("SELECT key, value FROM meta"))
    assert meta["license"] is None and "license_text" not in meta
    assert export(lexicon, "jsonl", tmp_path / "old.jsonl").license_file is None
    assert not (tmp_path / "old.jsonl.LICENSE.md").exists()


def test_the_api_carries_each_list_s_licence(unlicensed: Path, tmp_path: Path) -> None:
    with TestClient(create_app(unlicensed, tmp_path / "games.sqlite")) as client:
        found = {(item["language"], item["profile"]): item for item in client.get("/api/lists").json()}
        one = client.get("/api/lists/de/balda").json()
        openapi = client.get("/openapi.json").json()
    german = read_manifest(unlicensed / "de" / "balda").license
    assert found[("de", "balda")]["license"] == one["license"] == german.to_json()
    assert one["license"]["attribution"].startswith("Words and definitions from the German Wiktionary")
    assert (
        found[("en", "balda")]["license"] is None
    )  # built before: the page shows no credit it does not know
    described = openapi["components"]["schemas"]["License"]["properties"]
    assert {"expression", "licenses", "attribution", "site", "dump_date", "changes"} <= set(described)
