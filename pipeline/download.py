"""Fetch a Wiktionary pages-articles multistream dump and its index from the Wikimedia dumps site.

    https://dumps.wikimedia.org/<db>/<date>/<db>-<date>-pages-articles-multistream.xml.bz2
    https://dumps.wikimedia.org/<db>/<date>/<db>-<date>-pages-articles-multistream-index.txt.bz2
    https://dumps.wikimedia.org/<db>/<date>/<db>-<date>-sha1sums.txt        published checksums

"latest" is resolved to a date through the RSS file Wikimedia keeps for each dump in
``<db>/latest/``, whose <link> names the dated folder. A file is downloaded to ``<name>.part``;
an interrupted transfer resumes there (HTTP Range) on the next run; the finished file is checked
against the published SHA-1 and only then renamed to its final name, so a corrupt or partial
download never sits under the real name. Only the standard library is used (urllib).
"""

from __future__ import annotations

import hashlib
import http.client
import os
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from wordlist_pipeline.editions import EDITIONS, Edition, codes
from wordlist_pipeline.errors import DownloadError

DEFAULT_MIRROR = "https://dumps.wikimedia.org"
MIRROR_ENV = "WORDLIST_MIRROR"
LANGUAGES = codes()
CHUNK = 1 << 20
TIMEOUT = 60

ProgressCallback = Callable[[str, int, int | None], None]  # (file name, bytes so far, total or None)


@dataclass(frozen=True)
class Downloaded:
    dump: Path
    index: Path
    date: str


def mirror_url(mirror: str | None = None) -> str:
    return (mirror or os.environ.get(MIRROR_ENV) or DEFAULT_MIRROR).rstrip("/")


def _wiki(lang: str) -> Edition:
    if lang not in EDITIONS:
        raise DownloadError(f"--lang {lang!r}: the pipeline reads {', '.join(LANGUAGES)}")
    return EDITIONS[lang]


def file_names(lang: str, date: str) -> tuple[str, str]:
    db = _wiki(lang).dbname
    return (
        f"{db}-{date}-pages-articles-multistream.xml.bz2",
        f"{db}-{date}-pages-articles-multistream-index.txt.bz2",
    )


def _open(url: str, headers: dict[str, str] | None = None):
    agent = {"User-Agent": "wordlist/0.1 (Wiktionary word lists)"}
    request = urllib.request.Request(url, headers={**agent, **(headers or {})})
    try:
        return urllib.request.urlopen(request, timeout=TIMEOUT)
    except urllib.error.HTTPError as error:
        if error.code == 416:
            raise
        if error.code == 404:
            raise DownloadError(f"{url}: not found (HTTP 404)") from None
        raise DownloadError(f"{url}: the server answered HTTP {error.code} {error.reason}") from None
    except (TimeoutError, urllib.error.URLError, ConnectionError) as error:
        reason = getattr(error, "reason", error)
        raise DownloadError(
            f"{url}: cannot connect ({reason}); check the network, or choose another --mirror"
        ) from None


def _read_text(url: str) -> str:
    with _open(url) as response:
        return response.read().decode("utf-8", errors="replace")


def resolve_date(lang: str, date: str, mirror: str | None = None) -> str:
    """A dump date: YYYYMMDD as given, or the date 'latest' points to."""
    if re.fullmatch(r"\d{8}", date):
        return date
    if date != "latest":
        raise DownloadError(f"--date {date!r}: give YYYYMMDD or latest")
    db = _wiki(lang).dbname
    rss_url = f"{mirror_url(mirror)}/{db}/latest/{db}-latest-pages-articles-multistream.xml.bz2-rss.xml"
    match = re.search(rf"/{db}/(\d{{8}})", _read_text(rss_url))
    if match is None:
        raise DownloadError(f"{rss_url}: no dated dump folder named in it")
    return match.group(1)


def published_sha1(lang: str, date: str, mirror: str | None = None) -> dict[str, str]:
    """{file name: sha1} from the dump's sha1sums.txt."""
    db = _wiki(lang).dbname
    text = _read_text(f"{mirror_url(mirror)}/{db}/{date}/{db}-{date}-sha1sums.txt")
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


def fetch(url: str, target: Path, sha1: str, on_progress: ProgressCallback | None = None) -> Path:
    """Download `url` to `target`, resuming `target.part`, verifying `sha1` before the final rename."""
    if target.exists() and sha1_of(target) == sha1:
        return target
    partial = target.with_name(target.name + ".part")
    target.parent.mkdir(parents=True, exist_ok=True)
    have = partial.stat().st_size if partial.exists() else 0
    digest = hashlib.sha1(usedforsecurity=False)
    if have:
        with open(partial, "rb") as f:
            while block := f.read(CHUNK):
                digest.update(block)
    try:
        response = _open(url, {"Range": f"bytes={have}-"} if have else None)
    except urllib.error.HTTPError:  # 416: the partial file is already complete (or longer than the file)
        response = None
    if response is not None:
        with response:
            if have and response.status != 206:  # the server ignores ranges: start again
                have, digest = 0, hashlib.sha1(usedforsecurity=False)
            length = response.headers.get("Content-Length")
            total = have + int(length) if length is not None else None
            with open(partial, "ab" if have else "wb") as out:
                done = have
                try:
                    while block := response.read(CHUNK):
                        out.write(block)
                        digest.update(block)
                        done += len(block)
                        if on_progress is not None:
                            on_progress(target.name, done, total)
                except (OSError, http.client.HTTPException) as error:  # reset, timeout, IncompleteRead
                    raise DownloadError(
                        f"{url}: the transfer broke off after {done:,} bytes ({error}); run the same command "
                        f"again to resume from {partial}"
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
    os.replace(partial, target)
    return target


def download(
    lang: str,
    date: str = "latest",
    dest: Path | str = Path("dumps"),
    *,
    mirror: str | None = None,
    on_progress: ProgressCallback | None = None,
) -> Downloaded:
    """Download the pages-articles multistream dump of the `lang` Wiktionary and its index into `dest`."""
    db = _wiki(lang).dbname
    dest = Path(dest)
    date = resolve_date(lang, date, mirror)
    sums = published_sha1(lang, date, mirror)
    base = f"{mirror_url(mirror)}/{db}/{date}"
    paths = []
    for name in file_names(lang, date):
        if name not in sums:
            raise DownloadError(f"{base}/{db}-{date}-sha1sums.txt: no checksum for {name}")
        paths.append(fetch(f"{base}/{name}", dest / name, sums[name], on_progress))
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
