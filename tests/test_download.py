"""`wordlist download` against a dumps site served on loopback: resume, checksums, errors."""

from __future__ import annotations

import errno
import hashlib
import io
import re
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest

from tests.conftest import run_cli
from wordlist_pipeline import download as download_module
from wordlist_pipeline.download import download, downloaded
from wordlist_pipeline.dump.writer import SourcePage, write_dump
from wordlist_pipeline.errors import DownloadError, OutputError

DATE = "20261101"
DB = "enwiktionary"
DUMP = f"{DB}-{DATE}-pages-articles-multistream.xml.bz2"
INDEX = f"{DB}-{DATE}-pages-articles-multistream-index.txt.bz2"


class DumpSite(BaseHTTPRequestHandler):
    """Serves a folder like dumps.wikimedia.org, with HTTP ranges, and breaks transfers on demand."""

    root: Path
    cut: ClassVar[dict[str, int]] = {}  # URL path -> bytes to send before dropping the connection (once)
    trickle: ClassVar[dict[str, int]] = {}  # URL path -> bytes to send before slowing to a trickle (once)
    log: ClassVar[list[tuple[str, str | None]]] = []

    def log_message(self, *args) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        self.log.append((self.path, self.headers.get("Range")))
        path = self.root / self.path.lstrip("/")
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        start = 0
        if (match := re.fullmatch(r"bytes=(\d+)-", self.headers.get("Range") or "")) is not None:
            start = int(match.group(1))
            if start >= len(data):
                self.send_error(416)
                return
        self.send_response(206 if start else 200)
        if start:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        body = data[start:]
        trickle = self.trickle.pop(self.path, None)
        if trickle is not None:
            self.wfile.write(body[:trickle])
            try:
                for byte in body[trickle : trickle + 100]:  # a byte every 50 ms: far less than 64 KB a second
                    time.sleep(0.05)
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
            except OSError:  # the client gave up
                pass
            self.close_connection = True
            return
        cut = self.cut.pop(self.path, None)
        self.wfile.write(body[:cut] if cut is not None else body)
        if cut is not None:
            self.wfile.flush()
            self.close_connection = True


def letters(number: int) -> str:
    """0 -> 'a', 12 -> 'bc': titles made of letters only, as the word lists want."""
    return "".join(chr(ord("a") + int(digit)) for digit in str(number))


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Path, type[DumpSite]]]:
    """A dumps site with a small English and German dump, indexes, checksums and 'latest' RSS files."""
    root = tmp_path / "site"
    english = [
        SourcePage(f"word{letters(i)}", f"==English==\n===Noun===\n{{{{en-noun}}}}\n# Thing {i}.\n")
        for i in range(300)
    ]
    german = [
        SourcePage(
            f"Wort{letters(i)}",
            f"== Wort{letters(i)} ({{{{Sprache|Deutsch}}}}) ==\n"
            f"=== {{{{Wortart|Substantiv|Deutsch}}}}, {{{{n}}}} ===\n{{{{Bedeutungen}}}}\n:[1] Ding {i}\n",
        )
        for i in range(40)
    ]
    for lang, pages in (("en", english), ("de", german)):
        db = f"{lang}wiktionary"
        folder = root / db / DATE
        folder.mkdir(parents=True)
        dump, index = (
            f"{db}-{DATE}-pages-articles-multistream{end}" for end in (".xml.bz2", "-index.txt.bz2")
        )
        write_dump(pages, folder / dump, lang=lang, pages_per_stream=50, index=folder / index)
        sums = "".join(f"{hashlib.sha1((folder / n).read_bytes()).hexdigest()}  {n}\n" for n in (dump, index))
        (folder / f"{db}-{DATE}-sha1sums.txt").write_text(sums + "0" * 40 + f"  {db}-{DATE}-other.xml.bz2\n")
        latest = root / db / "latest"
        latest.mkdir()
        (latest / f"{db}-latest-pages-articles-multistream.xml.bz2-rss.xml").write_text(
            f'<rss version="2.0"><channel><item><link>https://dumps.wikimedia.org/{db}/{DATE}</link></item>'
            "</channel></rss>"
        )
    handler = type("Site", (DumpSite,), {"root": root, "cut": {}, "trickle": {}, "log": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", root, handler
    server.shutdown()
    server.server_close()


def test_download_latest_verifies_and_names_files(site: tuple[str, Path], tmp_path: Path) -> None:
    url, root, _ = site
    seen: list[tuple[str, int]] = []
    result = download(
        "en", "latest", tmp_path / "dumps", mirror=url, on_progress=lambda n, d, t: seen.append((n, d))
    )
    assert result.date == DATE and result.dump.name == DUMP and result.index.name == INDEX
    assert result.dump.read_bytes() == (root / DB / DATE / DUMP).read_bytes()
    assert list((tmp_path / "dumps").glob("*.part")) == []
    assert seen[-1][0] == INDEX and any(n == DUMP for n, _ in seen)
    again = download("en", DATE, tmp_path / "dumps", mirror=url)  # already there and verified: no transfer
    assert again.dump == result.dump


def test_an_interrupted_transfer_resumes(site: tuple[str, Path], tmp_path: Path) -> None:
    url, root, handler = site
    path = f"/{DB}/{DATE}/{DUMP}"
    handler.cut[path] = 5000
    with pytest.raises(DownloadError) as raised:
        download("en", DATE, tmp_path, mirror=url)
    message = str(raised.value)
    assert DUMP in message and "5,000" in message and "run the same command again" in message
    assert not (tmp_path / DUMP).exists() and (tmp_path / f"{DUMP}.part").stat().st_size == 5000
    result = download("en", DATE, tmp_path, mirror=url)
    assert result.dump.read_bytes() == (root / DB / DATE / DUMP).read_bytes()
    assert (path, "bytes=5000-") in handler.log  # it asked only for the rest
    assert not (tmp_path / f"{DUMP}.part").exists()


def test_a_wrong_checksum_leaves_nothing_under_the_final_name(site: tuple[str, Path], tmp_path: Path) -> None:
    url, root, _ = site
    sums = root / DB / DATE / f"{DB}-{DATE}-sha1sums.txt"
    wrong = re.sub(
        r"^[0-9a-f]{40}(  " + re.escape(DUMP) + ")", "1" * 40 + r"\1", sums.read_text(), flags=re.M
    )
    sums.write_text(wrong)
    expected = rf"{re.escape(DUMP)}: checksum mismatch \(sha1 [0-9a-f]{{40}}, published 1{{40}}\)"
    with pytest.raises(DownloadError, match=expected):
        download("en", DATE, tmp_path, mirror=url)
    assert not (tmp_path / DUMP).exists() and not (tmp_path / f"{DUMP}.part").exists()


def test_errors_without_network_or_dump(site: tuple[str, Path], tmp_path: Path) -> None:
    url, _, _ = site
    with pytest.raises(DownloadError, match=r"cannot connect .*check the network"):
        download("en", DATE, tmp_path, mirror="http://127.0.0.1:9")
    with pytest.raises(DownloadError, match=r"20250101-sha1sums\.txt: not found \(HTTP 404\)"):
        download("en", "20250101", tmp_path, mirror=url)
    with pytest.raises(DownloadError, match="--lang 'fr'"):
        download("fr", DATE, tmp_path, mirror=url)
    with pytest.raises(DownloadError, match="give YYYYMMDD or latest"):
        download("en", "last week", tmp_path, mirror=url)


def test_download_cli(site: tuple[str, Path], tmp_path: Path) -> None:
    url, _, _ = site
    result = run_cli("download", "--lang", "en", "--dest", tmp_path, "--mirror", url)
    assert result.returncode == 0, result.stderr
    assert f"{DUMP}  (" in result.stdout and "sha1 verified" in result.stdout
    offline = run_cli("download", "--lang", "en", "--dest", tmp_path, "--mirror", "http://127.0.0.1:9")
    assert (
        offline.returncode == 1 and "cannot connect" in offline.stderr and "Traceback" not in offline.stderr
    )


def test_two_commands_download_and_build_both_languages(site: tuple[str, Path], tmp_path: Path) -> None:
    url, _, _ = site
    dumps, out = tmp_path / "dumps", tmp_path / "outputs"
    fetched = run_cli("download", "--dest", dumps, "--mirror", url)
    assert fetched.returncode == 0, fetched.stderr
    assert f"next: wordlist build --downloads {dumps}" in fetched.stdout
    (dumps / "enwiktionary-20250101-pages-articles-multistream.xml.bz2.part").write_bytes(b"partial")
    assert downloaded(dumps) == {
        "de": dumps / f"dewiktionary-{DATE}-pages-articles-multistream.xml.bz2",
        "en": dumps / DUMP,
    }
    built = run_cli("build", "--downloads", dumps, "--out", out, "-q")
    assert built.returncode == 0, built.stderr
    assert "300 unique English words" in built.stdout and "40 unique German words" in built.stdout
    assert (out / "de" / "balda" / "words.txt").read_text().splitlines()[:2] == ["worta", "wortb"]


def test_build_from_downloads_needs_some(tmp_path: Path) -> None:
    with pytest.raises(DownloadError, match="no downloaded dumps here"):
        downloaded(tmp_path)
    result = run_cli("build", "--downloads", tmp_path, "--out", tmp_path / "o")
    assert result.returncode == 1 and "wordlist download" in result.stderr


def test_a_trickling_server_is_given_up_and_the_partial_file_resumed(
    site: tuple[str, Path, type[DumpSite]], tmp_path: Path
) -> None:
    url, root, handler = site
    path = f"/{DB}/{DATE}/{DUMP}"
    handler.trickle[path] = 3000
    started = time.monotonic()
    with pytest.raises(DownloadError) as raised:
        download("en", DATE, tmp_path, mirror=url, stall_timeout=1)
    assert time.monotonic() - started < 10
    message = str(raised.value)
    assert "\n" not in message and DUMP in message
    assert "no progress for 1 s after 3,0" in message and "the server sends a trickle" in message
    kept = (tmp_path / f"{DUMP}.part").stat().st_size
    assert kept >= 3000 and not (tmp_path / DUMP).exists()
    result = download("en", DATE, tmp_path, mirror=url, stall_timeout=1)
    assert result.dump.read_bytes() == (root / DB / DATE / DUMP).read_bytes()
    assert (path, f"bytes={kept}-") in handler.log


def test_a_redirect_loop_is_one_line(tmp_path: Path) -> None:
    class Loop(DumpSite):
        def do_GET(self) -> None:
            self.send_response(301)
            self.send_header("Location", self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Loop)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        mirror = f"http://127.0.0.1:{server.server_address[1]}"
        with pytest.raises(DownloadError) as raised:
            download("en", DATE, tmp_path, mirror=mirror)
    finally:
        server.shutdown()
        server.server_close()
    message = str(raised.value)
    assert "\n" not in message and "the server redirects in a loop (HTTP 301)" in message
    assert message.startswith(f"{mirror}/{DB}/{DATE}/{DB}-{DATE}-sha1sums.txt: ")


def test_a_full_disk_during_a_download_keeps_what_was_written(
    site: tuple[str, Path, type[DumpSite]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _, _ = site

    class FullDisk(io.BytesIO):
        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(download_module, "_open_partial", lambda path, append: FullDisk())
    with pytest.raises(OutputError) as raised:
        download("en", DATE, tmp_path, mirror=url)
    assert str(raised.value).startswith(f"{tmp_path / DUMP}.part: not written: no space left on the device; ")


def test_a_destination_that_cannot_be_made(
    site: tuple[str, Path, type[DumpSite]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _, _ = site

    def refuse(self: Path, *args, **kwargs) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    with pytest.raises(OutputError, match=r"dl: cannot create the folder \(permission denied\)"):
        download("en", DATE, tmp_path / "dl", mirror=url)
