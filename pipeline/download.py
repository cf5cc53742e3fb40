"""Fetch a Wiktionary pages-articles multistream dump and its index from the Wikimedia dumps site.

    https://dumps.wikimedia.org/<db>/<date>/<db>-<date>-pages-articles-multistream.xml.bz2
    https://dumps.wikimedia.org/<db>/<date>/<db>-<date>-pages-articles-multistream-index.txt.bz2
    https://dumps.wikimedia.org/<db>/<date>/<db>-<date>-sha1sums.txt        published checksums

"latest" is resolved to a date through the RSS file Wikimedia keeps for each dump in
``<db>/latest/``, whose <link> names the dated folder. A file is downloaded to ``<name>.part``;
an interrupted transfer resumes there (HTTP Range) on the next run; the finished file is checked
against the published SHA-1 and only then renamed to its final name, so a corrupt or partial
download never sits under the real name. Only the standard library is used (urllib).

A server that stops sending, or sends a trickle (less than STALL_BYTES in STALL_SECONDS), ends
the transfer with one line; the partial file stays for the next run to resume.
"""

from __future__ import annotations

import errno
import hashlib
import http.client
import os
import re
import stat
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from wordlist.atomic import NotAFileError, check_replaceable_file
from wordlist.os_errors import os_reason
from wordlist_pipeline.editions import EDITIONS, Edition, codes
from wordlist_pipeline.errors import DownloadError, OutputError
from wordlist_pipeline.paths import check_output_folder

DEFAULT_MIRROR = "https://dumps.wikimedia.org"
MIRROR_ENV = "WORDLIST_MIRROR"
LANGUAGES = codes()
CHUNK = 1 << 20
STALL_SECONDS = 60.0  # a transfer that makes no progress for this long is given up
STALL_BYTES = 64 << 10  # "progress": at least this much in STALL_SECONDS (a trickle is no progress)
MAX_TEXT_BYTES = 1 << 20  # the RSS and checksum files are a few KB

ProgressCallback = Callable[[str, int, int | None], None]  # (file name, bytes so far, total or None)


@dataclass(frozen=True)
class Downloaded:
    dump: Path
    index: Path
    date: str


def mirror_url(mirror: str | None = None) -> str:
    return (mirror or os.environ.get(MIRROR_ENV) or DEFAULT_MIRROR).rstrip("/")


def check_edition(lang: str) -> Edition:
    """The edition `lang` names (--lang), if the pipeline reads it."""
    if lang not in EDITIONS:
        raise DownloadError(f"--lang {lang!r}: the pipeline reads {', '.join(LANGUAGES)}")
    return EDITIONS[lang]


def file_names(lang: str, date: str) -> tuple[str, str]:
    db = check_edition(lang).dbname
    return (
        f"{db}-{date}-pages-articles-multistream.xml.bz2",
        f"{db}-{date}-pages-articles-multistream-index.txt.bz2",
    )


def _open(url: str, headers: dict[str, str] | None = None, *, timeout: float = STALL_SECONDS):
    agent = {"User-Agent": "wordlist/0.1 (Wiktionary word lists)"}
    request = urllib.request.Request(url, headers={**agent, **(headers or {})})
    try:
        return urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as error:
        if error.code == 416:
            raise
        if error.code == 404:
            raise DownloadError(f"{url}: not found (HTTP 404)") from None
        if 300 <= error.code < 400:  # urllib gives up on a redirect loop with a three-line reason
            raise DownloadError(
                f"{url}: the server redirects in a loop (HTTP {error.code}); choose another --mirror"
            ) from None
        reason = " ".join(str(error.reason).split())
        raise DownloadError(f"{url}: the server answered HTTP {error.code} {reason}") from None
    except (TimeoutError, urllib.error.URLError, ConnectionError, http.client.HTTPException) as error:
        reason = " ".join(str(getattr(error, "reason", error) or type(error).__name__).split())
        raise DownloadError(
            f"{url}: cannot connect ({reason}); check the network, or choose another --mirror"
        ) from None


class _Stalled(Exception):
    """Less than STALL_BYTES arrived in `stall_timeout` seconds."""


def _blocks(response, stall_timeout: float) -> Iterator[bytes]:
    """The body of `response` as it arrives; _Stalled when it stops or slows to a trickle.

    read1 returns whatever has arrived (read(n) would wait for all n bytes), so a slow server is
    noticed between blocks; the socket timeout (the same number of seconds) covers silence.
    """
    window_start, window_bytes = time.monotonic(), 0
    while block := response.read1(CHUNK):
        yield block
        window_bytes += len(block)
        now = time.monotonic()
        if window_bytes >= STALL_BYTES:
            window_start, window_bytes = now, 0
        elif now - window_start >= stall_timeout:
            raise _Stalled


def _read_text(url: str, stall_timeout: float = STALL_SECONDS) -> str:
    with _open(url, timeout=stall_timeout) as response:
        data = bytearray()
        try:
            for block in _blocks(response, stall_timeout):
                data += block
                if len(data) > MAX_TEXT_BYTES:
                    raise DownloadError(f"{url}: more than {MAX_TEXT_BYTES:,} bytes; not a dumps site's file")
        except (_Stalled, OSError, http.client.HTTPException) as error:
            reason = "it stopped sending" if isinstance(error, _Stalled | TimeoutError) else str(error)
            raise DownloadError(f"{url}: the transfer broke off ({reason}); try again") from None
        return data.decode("utf-8", errors="replace")


def resolve_date(
    lang: str, date: str, mirror: str | None = None, stall_timeout: float = STALL_SECONDS
) -> str:
    """A dump date: YYYYMMDD as given, or the date 'latest' points to."""
    if re.fullmatch(r"\d{8}", date):
        return date
    if date != "latest":
        raise DownloadError(f"--date {date!r}: give YYYYMMDD or latest")
    db = check_edition(lang).dbname
    rss_url = f"{mirror_url(mirror)}/{db}/latest/{db}-latest-pages-articles-multistream.xml.bz2-rss.xml"
    match = re.search(rf"/{db}/(\d{{8}})", _read_text(rss_url, stall_timeout))
    if match is None:
        raise DownloadError(f"{rss_url}: no dated dump folder named in it")
    return match.group(1)


def published_sha1(
    lang: str, date: str, mirror: str | None = None, stall_timeout: float = STALL_SECONDS
) -> dict[str, str]:
    """{file name: sha1} from the dump's sha1sums.txt."""
    db = check_edition(lang).dbname
    text = _read_text(f"{mirror_url(mirror)}/{db}/{date}/{db}-{date}-sha1sums.txt", stall_timeout)
    sums = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and re.fullmatch(r"[0-9a-f]{40}", parts[0]):
            sums[parts[1]] = parts[0]
    return sums


def sha1_of(path: Path) -> str:
    digest = hashlib.sha1(usedforsecurity=False)
    with open(path, "rb") as f:
        while block := f.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()


def fetch(
    url: str,
    target: Path,
    sha1: str,
    on_progress: ProgressCallback | None = None,
    *,
    stall_timeout: float = STALL_SECONDS,
) -> Path:
    """Download `url` to `target`, resuming `target.part`, verifying `sha1` before the final rename.

    A transfer that makes no progress for `stall_timeout` seconds stops with a DownloadError; the
    partial file stays for the next run.
    """
    if target.is_file() and sha1_of(target) == sha1:  # already there: nothing is written
        return target
    partial = target.with_name(target.name + ".part")
    for path in (target, partial):  # a FIFO, a device or a symbolic link is not replaced
        check_replaceable_file(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"{target.parent}: cannot create the folder ({os_reason(error)})") from None
    have = partial.stat().st_size if partial.exists() else 0
    digest = hashlib.sha1(usedforsecurity=False)
    if have:
        with open(partial, "rb") as f:
            while block := f.read(CHUNK):
                digest.update(block)
    try:
        response = _open(url, {"Range": f"bytes={have}-"} if have else None, timeout=stall_timeout)
    except urllib.error.HTTPError:  # 416: the partial file is already complete (or longer than the file)
        response = None
    if response is not None:
        with response:
            if have and response.status != 206:  # the server ignores ranges: start again
                have, digest = 0, hashlib.sha1(usedforsecurity=False)
            length = response.headers.get("Content-Length")
            total = have + int(length) if length is not None else None
            out = _open_partial(partial, append=bool(have))
            with out:
                done = have
                try:
                    for block in _blocks(response, stall_timeout):
                        try:
                            out.write(block)
                        except OSError as error:
                            raise OutputError(
                                f"{partial}: not written: {os_reason(error)}; {done:,} bytes kept for "
                                "the next run to resume from"
                            ) from None
                        digest.update(block)
                        done += len(block)
                        if on_progress is not None:
                            on_progress(target.name, done, total)
                except (_Stalled, TimeoutError) as error:
                    raise DownloadError(
                        f"{url}: no progress for {stall_timeout:g} s after {done:,} bytes"
                        f"{'' if isinstance(error, TimeoutError) else ' (the server sends a trickle)'}; "
                        f"run the same command again to resume from {partial}"
                    ) from None
                except (OSError, http.client.HTTPException) as error:  # reset, IncompleteRead
                    reason = " ".join(str(error).split()) or type(error).__name__
                    raise DownloadError(
                        f"{url}: the transfer broke off after {done:,} bytes ({reason}); "
                        f"run the same command again to resume from {partial}"
                    ) from None
            if total is not None and done < total:
                raise DownloadError(
                    f"{url}: the transfer ended after {done:,} of {total:,} bytes; "
                    f"run the same command again to resume from {partial}"
                )
    got = digest.hexdigest() if response is not None else sha1_of(partial)
    if got != sha1:
        partial.unlink(missing_ok=True)
        raise DownloadError(
            f"{target.name}: checksum mismatch (sha1 {got}, published {sha1}); "
            "the download was deleted, run again"
        )
    check_replaceable_file(target)  # again: something else may have been put there meanwhile
    os.replace(partial, target)
    return target


def _open_partial(partial: Path, *, append: bool) -> BinaryIO:
    """The partial download, opened to write on (or anew): a regular file, whatever was put at
    its name since it was checked (a link is not followed, a FIFO does not block the open)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    flags |= os.O_APPEND if append else os.O_TRUNC
    try:
        fd = os.open(partial, flags, 0o666)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENXIO):  # a link; a FIFO nobody reads
            kind = "a symbolic link" if error.errno == errno.ELOOP else "a named pipe (FIFO)"
            raise NotAFileError(partial, kind) from None
        raise OutputError(f"{partial}: cannot be written ({os_reason(error)})") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        check_replaceable_file(partial)  # says what it is
        raise NotAFileError(partial, "a special file")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "ab" if append else "wb")


def download(
    lang: str,
    date: str = "latest",
    dest: Path | str = Path("dumps"),
    *,
    mirror: str | None = None,
    on_progress: ProgressCallback | None = None,
    stall_timeout: float = STALL_SECONDS,
) -> Downloaded:
    """Download the pages-articles multistream dump of the `lang` Wiktionary and its index into `dest`.

    A transfer that makes no progress for `stall_timeout` seconds is given up (see fetch).
    """
    db = check_edition(lang).dbname
    dest = check_output_folder(Path(dest))
    date = resolve_date(lang, date, mirror, stall_timeout)
    sums = published_sha1(lang, date, mirror, stall_timeout)
    base = f"{mirror_url(mirror)}/{db}/{date}"
    paths = []
    for name in file_names(lang, date):
        if name not in sums:
            raise DownloadError(f"{base}/{db}-{date}-sha1sums.txt: no checksum for {name}")
        paths.append(
            fetch(f"{base}/{name}", dest / name, sums[name], on_progress, stall_timeout=stall_timeout)
        )
    return Downloaded(paths[0], paths[1], date)


def downloaded(dest: Path | str = Path("dumps")) -> dict[str, Path]:
    """The newest complete download of each language in `dest` (what `build --downloads` reads):
    the files `download` names after each edition's dbname and the dump's date."""
    dest = Path(dest)
    newest: dict[str, Path] = {}
    for lang, wiki in EDITIONS.items():
        dated = re.compile(rf"^{re.escape(wiki.dbname)}-(\d{{8}})-pages-articles-multistream\.xml\.bz2$")
        found = sorted(p for p in dest.glob(f"{wiki.dbname}-*.xml.bz2") if dated.match(p.name))
        if found:
            newest[lang] = found[-1]  # YYYYMMDD names sort by date
    if not newest:
        raise DownloadError(f"{dest}: no downloaded dumps here; run `wordlist download --dest {dest}` first")
    return newest
