"""Write-then-rename: a crash or an error never leaves a half-written file under the final name."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()  # read once: os.umask() can only be read by setting it


@contextlib.contextmanager
def atomic_path(final: Path | str) -> Iterator[Path]:
    """Yield a temporary path next to `final`; on success it is renamed to `final`, on error deleted."""
    final = Path(final)
    final.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{final.name}.", suffix=".tmp", dir=final.parent)
    os.fchmod(fd, 0o666 & ~_UMASK)  # mkstemp makes 0600 files; outputs get the usual mode
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        os.replace(tmp, final)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_bytes(final: Path | str, data: bytes) -> None:
    with atomic_path(final) as tmp:
        tmp.write_bytes(data)


def write_text(final: Path | str, text: str) -> None:
    write_bytes(final, text.encode("utf-8"))


@contextlib.contextmanager
def atomic_dir(final: Path | str) -> Iterator[Path]:
    """Build a whole folder under a temporary name, then swap it in place of `final`."""
    final = Path(final)
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".tmp", dir=final.parent))
    tmp.chmod(0o777 & ~_UMASK)
    try:
        yield tmp
        old = None
        if final.exists():
            old = final.with_name(f".{final.name}.old")
            _remove_tree(old)
            os.replace(final, old)
        os.replace(tmp, final)
        if old is not None:
            _remove_tree(old)
    except BaseException:
        _remove_tree(tmp)
        raise


def _remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
