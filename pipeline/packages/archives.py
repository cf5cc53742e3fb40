"""Zip and gzipped tar files whose bytes depend only on their members: names, contents, order.

Every member gets one fixed time, owner and mode (nothing of the machine or the moment), the
compression level is fixed, and the file is written under a temporary name and renamed
(wordlist_pipeline.atomic): the same members give the same bytes, and a failed write leaves any
previous file as it was.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import tarfile
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from wordlist_pipeline.atomic import atomic_path

ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip member can have
NPM_MTIME = 499162500  # 1985-10-26T08:15:00Z: the time `npm pack` gives every file of a package
LEVEL = 9  # the compression level of both (the data files compress a few per cent; once per release)
_CHUNK = 1 << 20


@dataclass(frozen=True)
class Member:
    """A file of an archive: its path inside (always with '/'), and its bytes or the file holding them."""

    name: str
    source: bytes | Path

    def size(self) -> int:
        return len(self.source) if isinstance(self.source, bytes) else self.source.stat().st_size

    def chunks(self) -> Iterable[bytes]:
        if isinstance(self.source, bytes):
            yield self.source
            return
        with open(self.source, "rb") as file:
            while chunk := file.read(_CHUNK):
                yield chunk

    def sha256(self) -> bytes:
        digest = hashlib.sha256()
        for chunk in self.chunks():
            digest.update(chunk)
        return digest.digest()


def write_zip(path: Path, members: Iterable[Member]) -> None:
    """A zip of `members`, in their order, each deflated, dated 1980-01-01, mode 644."""
    with atomic_path(path) as tmp, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=LEVEL) as zf:
        for member in members:
            info = zipfile.ZipInfo(member.name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, on every system: the mode below is read as one
            info.external_attr = 0o100644 << 16
            with zf.open(info, "w", force_zip64=member.size() >= 1 << 31) as out:
                for chunk in member.chunks():
                    out.write(chunk)


def write_tgz(path: Path, members: Iterable[Member]) -> None:
    """A gzipped tar of `members` as `npm pack` writes one: files only, in their order, owner 0,
    mode 644, npm's fixed time; the gzip header holds no name and no time."""
    with (
        atomic_path(path) as tmp,
        open(tmp, "wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=LEVEL, mtime=0) as packed,
        tarfile.open(fileobj=packed, mode="w", format=tarfile.USTAR_FORMAT) as tar,
    ):
        for member in members:
            info = tarfile.TarInfo(member.name)
            info.size = member.size()
            info.mtime = NPM_MTIME
            info.mode = 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            if isinstance(member.source, bytes):
                tar.addfile(info, io.BytesIO(member.source))
            else:
                with open(member.source, "rb") as file:
                    tar.addfile(info, file)
