"""`wordlist package`: a wheel, an npm package and an archive per language, from the sample lists.

Each is checked as its tools check it (a wheel's RECORD, the archive's SHA256SUMS), is the same
bytes for the same lists, carries the data's licence, and is installed where a game developer
installs it, offline: the wheel into a new virtual environment (its dependencies, and this
checkout's `wordlist`, reached by a .pth file: nothing is downloaded), where `Lexicon.open` finds
the lists with no outputs/ folder; the npm tarball into a new Node project beside the reader
(`npm pack js`), where the reader loads them and answers as Python does.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from tests.list_helpers import copy_list, edit_manifest, unlicensed_list
from wordlist import ArtefactError, Lexicon
from wordlist.errors import WordlistError
from wordlist.format import LICENSE_MD, read_manifest
from wordlist_pipeline.packages import package
from wordlist_pipeline.packages.plan import plan_release

SPDX = "CC-BY-SA-4.0 OR GFDL-1.1-no-invariants-or-later"
VERSION = "0.1.0"  # the sample dumps' names have no date
TSC = ROOT / "js" / "node_modules" / ".bin" / "tsc"


def names(version: str = VERSION, language: str = "en") -> dict[str, str]:
    return {
        "wheel": f"wiktionary_wordlist_data_{language}-{version}-py3-none-any.whl",
        "npm": f"wiktionary-wordlist-data-{language}-{version}.tgz",
        "archive": f"wiktionary-wordlist-data-{language}-{version}.zip",
    }


@pytest.fixture(scope="module")
def dist(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every package of the sample lists (English and German), by the command a user runs."""
    out = tmp_path_factory.mktemp("dist")
    done = run_cli("package", "--data", sample_outputs, "--out", out, "--version", VERSION)
    assert done.returncode == 0, done.stderr
    written = [line.split("  (")[0] for line in done.stdout.splitlines()]
    assert written == [str(out / name) for lang in ("de", "en") for name in names(language=lang).values()]
    return out


def test_a_release_is_versioned_by_its_dump_s_date(dated_outputs: Path, tmp_path: Path) -> None:
    paths = package(dated_outputs, tmp_path)
    assert [p.name for p in paths] == list(names("2026.11.1").values())
    with zipfile.ZipFile(paths[0]) as wheel:
        metadata = wheel.read("wiktionary_wordlist_data_en-2026.11.1.dist-info/METADATA").decode()
    assert "\nVersion: 2026.11.1\n" in metadata
    assert (
        "from Wiktionary (enwiktionary-20261101-pages-articles-multistream.xml.bz2 of 2026-11-01)" in metadata
    )
    with tarfile.open(paths[1]) as tarball:
        assert json.load(tarball.extractfile("package/package.json"))["version"] == "2026.11.1"


def test_the_same_lists_give_the_same_bytes(sample_outputs: Path, dist: Path, tmp_path: Path) -> None:
    lists = tmp_path / "lists"  # a copy: other times, other inodes, the same bytes
    for lang, profile in (("en", "balda"), ("en", "wordgame")):
        copy_list(sample_outputs / lang / profile, lists / lang / profile)
    again = package(lists, tmp_path / "again", languages=["en"], version=VERSION)
    for path in again:
        assert path.read_bytes() == (dist / path.name).read_bytes(), path.name


def test_the_wheel_is_a_wheel_of_the_data_s_licence(sample_outputs: Path, dist: Path) -> None:
    info = f"wiktionary_wordlist_data_en-{VERSION}.dist-info"
    with zipfile.ZipFile(dist / names()["wheel"]) as wheel:
        files = {item.filename: wheel.read(item) for item in wheel.infolist()}
        assert {item.date_time for item in wheel.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    record = list(csv.reader(io.StringIO(files.pop(f"{info}/RECORD").decode())))
    assert record[-1] == [f"{info}/RECORD", "", ""]
    hashed = {name: (digest, int(size)) for name, digest, size in record[:-1]}
    assert set(hashed) == set(files)  # RECORD lists every other file, with its hash and size
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert hashed[name] == (f"sha256={digest}", len(data)), name
    metadata = files[f"{info}/METADATA"].decode()
    for line in (
        "Metadata-Version: 2.4",
        "Name: wiktionary-wordlist-data-en",
        f"Version: {VERSION}",
        f"License-Expression: {SPDX}",
        f"License-File: {LICENSE_MD}",
        "Requires-Dist: wiktionary-wordlist>=",
    ):
        assert f"\n{line}" in f"\n{metadata}", line
    assert files[f"{info}/entry_points.txt"] == b"[wordlist.lists]\nen = wiktionary_wordlist_data_en\n"
    assert b"Root-Is-Purelib: true\nTag: py3-none-any\n" in files[f"{info}/WHEEL"]
    notice = files[f"{info}/licenses/{LICENSE_MD}"].decode()
    assert files[f"wiktionary_wordlist_data_en/{LICENSE_MD}"].decode() == notice
    for profile in ("balda", "wordgame"):
        folder = sample_outputs / "en" / profile
        assert (folder / LICENSE_MD).read_text(encoding="utf-8") in notice
        shipped = {
            n.split("/")[-1] for n in files if n.startswith(f"wiktionary_wordlist_data_en/en/{profile}/")
        }
        assert shipped == {"manifest.json", *read_manifest(folder).files}  # the list, no exports
        for name in shipped:
            assert files[f"wiktionary_wordlist_data_en/en/{profile}/{name}"] == (folder / name).read_bytes()


def new_environment(folder: Path, wheels: list[Path]) -> Path:
    """A new virtual environment with `wheels` installed offline; its python. It reaches the
    dependencies and this checkout's library (`wordlist`, not the pipeline) through a .pth file."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", folder], check=True, timeout=120)
    python = folder / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    reach = [*sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}), str(ROOT)]
    Path(site, "reach.pth").write_text("".join(f"{path}\n" for path in reach))
    install = [sys.executable, "-m", "pip", "--python", python, "install", "--no-index", "--no-deps", *wheels]
    done = subprocess.run(install, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return python


OPEN_FROM_PACKAGES = """
import json, sys
from wordlist import Lexicon
from wordlist.locations import data_packages
from wordlist.server.catalog import Catalog
en, wg, de = Lexicon.open("en", "balda"), Lexicon.open("en", "wordgame"), Lexicon.open("de", "balda")
try:
    Lexicon.open("fr", "balda")
    missing = None
except Exception as error:
    missing = str(error)
import wiktionary_wordlist_data_de as german  # the package's own module: constants and folders
try:
    german.folder("scrabble")
except LookupError as error:
    unknown = str(error)
print(json.dumps({
    "module": [german.LANGUAGE, german.VERSION, list(german.PROFILES), german.LICENSE, german.ATTRIBUTION,
               str(german.folder("balda")), unknown],
    "paths": [str(en.path), str(de.path)],
    "words": {"en": list(en), "wordgame": list(wg), "de": list(de)},
    "answers": [en.is_word("E-Mail"), de.is_word("STRASSE"), wg.definitions("table")[:1]],
    "license": en.manifest.license.to_json(),
    "available": Lexicon.available(),
    "packages": [[p.distribution, p.version, p.language] for p in data_packages()],
    "served": Catalog("nowhere").names(),
    "missing": missing,
}))
"""


@pytest.mark.slow
def test_the_wheel_installs_offline_and_lexicon_open_finds_it(
    sample_outputs: Path, dist: Path, tmp_path: Path
) -> None:
    wheels = [dist / names(language=lang)["wheel"] for lang in ("en", "de")]
    python = new_environment(tmp_path / "env", wheels)
    work = tmp_path / "game"  # no outputs/ here: the lists come from the packages
    work.mkdir()
    done = subprocess.run(
        [python, "-c", OPEN_FROM_PACKAGES], cwd=work, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    site = tmp_path / "env" / "lib"
    assert all(Path(path).is_relative_to(site) for path in found["paths"]), found["paths"]
    here = {name: Lexicon.open(*key, sample_outputs) for name, key in
            (("en", ("en", "balda")), ("wordgame", ("en", "wordgame")), ("de", ("de", "balda")))}  # fmt: skip
    assert found["words"] == {name: list(lexicon) for name, lexicon in here.items()}
    assert found["answers"] == [True, False, here["wordgame"].definitions("table")[:1]]
    assert found["license"] == here["en"].manifest.license.to_json()
    expected = [["de", "balda"], ["de", "wordgame"], ["en", "balda"], ["en", "wordgame"]]
    assert found["available"] == expected and found["served"] == expected
    assert found["packages"] == [
        ["wiktionary-wordlist-data-de", VERSION, "de"],
        ["wiktionary-wordlist-data-en", VERSION, "en"],
    ]
    german = here["de"].manifest.license
    assert found["module"] == [
        "de", VERSION, ["balda", "wordgame"], SPDX, german.attribution, found["paths"][1],
        "no word list 'scrabble' here (have: balda, wordgame)",
    ]  # fmt: skip
    assert found["missing"] == (  # where it looked, and how to look elsewhere
        f"outputs/fr/balda: no 'balda' word list for language 'fr' there (the default data folder ./outputs, "
        f"in {work}; give root=, --data or $WORDLIST_DATA to look elsewhere) nor in the installed data "
        f"packages (wiktionary-wordlist-data-de {VERSION}, wiktionary-wordlist-data-en {VERSION}); "
        "available: de/balda, de/wordgame, en/balda, en/wordgame"
    )
    # the command line finds them too
    command = [python, "-m", "wordlist", "query", "check", "email"]
    query = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=120)
    assert query.stdout == "EMAIL: yes (noun, verb)\n", query.stderr
    # a list in the data folder comes first: a site's own build wins over an installed package
    copy_list(sample_outputs / "en" / "balda", work / "outputs" / "en" / "balda")
    command = [python, "-c", "from wordlist import Lexicon; print(Lexicon.open('en', 'balda').path)"]
    own = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=120)
    assert own.stdout == "outputs/en/balda\n", own.stderr


def npm(*args: str | Path, cwd: Path, cache: Path) -> subprocess.CompletedProcess:
    """npm offline, with its cache in the test's folder."""
    command = [shutil.which("npm") or "npm", *map(str, args), "--offline", "--no-audit", "--no-fund"]
    node = Path(shutil.which("node") or "node").parent
    env = {"PATH": f"{node}:/usr/bin:/bin", "HOME": str(cache), "npm_config_cache": str(cache),
           "npm_config_update_notifier": "false"}  # fmt: skip
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


LOAD_IN_NODE = """
import { attribution, folder, language, license, lists, load, version } from "wiktionary-wordlist-data-en";
const answers = {};
for (const profile of Object.keys(lists)) {
  const lexicon = await load(profile);
  answers[profile] = {
    words: [...lexicon], email: lexicon.isWord("E-Mail"), license: lexicon.license,
    attribution: lexicon.attribution, rack: lexicon.game?.rack_size ?? null,
    game: lists[profile].game !== null, dawg: lists[profile].dawg.href.endsWith(`/en/${profile}/words.dawg`),
  };
}
let unknown = null;
try { folder("scrabble"); } catch (error) { unknown = `${error.name}: ${error.message}`; }
console.log(JSON.stringify({ answers, attribution, language, license, version, unknown }));
"""

TYPED_USE = """
import { attribution, folder, lists, load, type Profile } from "wiktionary-wordlist-data-en";
import type { Lexicon } from "wiktionary-wordlist";
const profile: Profile = "wordgame";
export async function use(): Promise<string> {
  const lexicon: Lexicon = await load(profile, { verify: true });
  const game: URL | null = lists.balda.game;
  const where = `${lists.wordgame.dawg.href} ${game} ${folder("balda").href}`;
  return `${lexicon.isWord("cat")} ${where} ${attribution}`;
}
"""


@pytest.mark.slow
def test_the_npm_package_installs_offline_and_the_reader_loads_it(
    sample_outputs: Path, dist: Path, tmp_path: Path
) -> None:
    assert shutil.which("node") and shutil.which("npm"), "Node 20 and npm are needed"
    project, cache = tmp_path / "game", tmp_path / "npm-cache"
    project.mkdir()
    cache.mkdir()
    npm("pack", ROOT / "js", "--pack-destination", tmp_path, cwd=tmp_path, cache=cache)  # the reader
    (reader,) = tmp_path.glob("wiktionary-wordlist-*.tgz")
    (project / "package.json").write_text(
        '{"name": "game", "version": "1.0.0", "private": true, "type": "module"}'
    )
    npm("install", reader, dist / names()["npm"], cwd=project, cache=cache)
    installed = json.loads((project / "node_modules/wiktionary-wordlist-data-en/package.json").read_text())
    assert installed["license"] == f"({SPDX})" and installed["version"] == VERSION
    assert installed["peerDependencies"] == {"wiktionary-wordlist": ">=0.3.0"}
    (project / "main.mjs").write_text(LOAD_IN_NODE)
    done = subprocess.run(["node", "main.mjs"], cwd=project, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    for profile in ("balda", "wordgame"):
        python = Lexicon.open("en", profile, sample_outputs)
        answers = found["answers"][profile]
        assert answers["words"] == list(python)  # the reader answers as Python
        assert answers["email"] == python.is_word("E-Mail")
        assert answers["license"] == python.manifest.license.to_json()
        assert answers["attribution"] == python.manifest.license.attribution == found["attribution"]
        assert answers["rack"] == (python.game_spec.rack_size if python.game_spec else None)
        assert answers["game"] == (python.game_spec is not None) and answers["dawg"] is True
    assert (found["language"], found["license"], found["version"]) == ("en", SPDX, VERSION)
    assert found["unknown"] == (
        'RangeError: no word list "scrabble" in wiktionary-wordlist-data-en (it has: balda, wordgame)'
    )
    # its types, as a TypeScript game sees them (the reader's types included)
    assert TSC.exists(), f"{TSC} missing: `make test` installs it (cd js && npm ci)"
    (project / "use.ts").write_text(TYPED_USE)
    options = {"strict": True, "noEmit": True, "target": "es2022", "module": "node16",
               "moduleResolution": "node16", "lib": ["es2022", "dom"], "types": []}  # fmt: skip
    (project / "tsconfig.json").write_text(json.dumps({"compilerOptions": options, "files": ["use.ts"]}))
    typed = subprocess.run(
        [TSC, "-p", project / "tsconfig.json"], capture_output=True, text=True, timeout=300
    )
    assert typed.returncode == 0, typed.stdout + typed.stderr


def test_the_archive_holds_the_lists_their_sqlite_the_licence_and_checksums(
    sample_outputs: Path, dist: Path, tmp_path: Path
) -> None:
    with zipfile.ZipFile(dist / names(language="de")["archive"]) as archive:
        archive.extractall(tmp_path)
    top = tmp_path / f"wiktionary-wordlist-data-de-{VERSION}"
    sums = (top / "SHA256SUMS").read_text(encoding="ascii").splitlines()
    listed = {line[66:]: line[:64] for line in sums}
    present = {str(p.relative_to(top)) for p in top.rglob("*") if p.is_file()}
    assert set(listed) == present - {"SHA256SUMS"} and len(sums) == len(listed)
    for name, digest in listed.items():
        assert hashlib.sha256((top / name).read_bytes()).hexdigest() == digest, name
    if shutil.which("sha256sum"):  # as an engine's build script checks it
        checked = subprocess.run(
            ["sha256sum", "--check", "--strict", "SHA256SUMS"], cwd=top, capture_output=True
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr
    for profile in ("balda", "wordgame"):
        lexicon = Lexicon.load(top / "de" / profile)  # every file checked against the manifest
        assert list(lexicon) == list(Lexicon.open("de", profile, sample_outputs))
        with sqlite3.connect(top / "de" / profile / "words.sqlite") as db:
            meta = dict(db.execute("SELECT key, value FROM meta"))
            words = [word for (word,) in db.execute("SELECT word FROM words ORDER BY word")]
        assert words == list(lexicon)
        assert json.loads(meta["license"]) == lexicon.manifest.license.to_json()
        assert (top / "de" / profile / LICENSE_MD).read_text(encoding="utf-8") in (
            top / LICENSE_MD
        ).read_text()


# --- what cannot be packaged -------------------------------------------------------------------------


def test_a_list_built_before_lists_carried_their_licence_is_not_packaged(
    sample_outputs: Path, tmp_path: Path
) -> None:
    old = unlicensed_list(sample_outputs / "en" / "balda", tmp_path / "data" / "en" / "balda")
    with pytest.raises(ArtefactError, match="built before word lists carried their licence") as caught:
        plan_release(tmp_path / "data", version=VERSION)
    assert str(caught.value).startswith(f"{old}: ")


def test_every_shipped_file_is_checked_against_its_manifest(sample_outputs: Path, tmp_path: Path) -> None:
    folder = copy_list(sample_outputs / "en" / "balda", tmp_path / "data" / "en" / "balda")
    text = (folder / LICENSE_MD).read_text(encoding="utf-8")
    (folder / LICENSE_MD).write_text(text.replace("CC BY-SA", "CC-BY-SA"), encoding="utf-8")  # same size
    with pytest.raises(ArtefactError, match=r"LICENSE\.md: checksum does not match the manifest"):
        package(tmp_path / "data", tmp_path / "dist", version=VERSION)
    assert not (tmp_path / "dist").exists()


def test_the_lists_of_a_package_come_from_one_dump(sample_outputs: Path, tmp_path: Path) -> None:
    copy_list(sample_outputs / "en" / "balda", tmp_path / "data" / "en" / "balda")
    other = copy_list(sample_outputs / "en" / "wordgame", tmp_path / "data" / "en" / "wordgame")
    edit_manifest(other, lambda manifest: manifest["license"].update(dump="enwiktionary-20250101.xml.bz2"))
    with pytest.raises(WordlistError, match="the lists of one package come from one dump"):
        plan_release(tmp_path / "data", version=VERSION)
