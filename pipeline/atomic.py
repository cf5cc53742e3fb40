"""Write-then-rename: a crash or an error never leaves a half-written file under the final name.

And nothing is lost that the pipeline did not write: a file output replaces only a regular file
(the library's rule, wordlist.atomic, which this builds on), and a folder output replaces an
existing folder only when that folder holds nothing but files the new one has again (see
atomic_dir). A write that fails for lack of space or permission is one OutputError naming the
output; the previous version stays as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from wordlist import atomic as library
from wordlist.errors import WordlistError
from wordlist.os_errors import os_reason
from wordlist_pipeline.errors import WRITE_ERRNOS, OutputError
from wordlist_pipeline.paths import check_location


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()  # read once: os.umask() can only be read by setting it


def _not_written(final: Path, error: OSError) -> OutputError:
    return OutputError(f"{final}: not written: {os_reason(error)} (any previous version is unchanged)")


def _write_failure(final: Path, error: BaseException) -> OutputError | None:
    """The OutputError for a write that failed because of where it writes (full, read-only...):
    an error of writing, or one the library's writer names the output in."""
    if isinstance(error, WordlistError) or not isinstance(error, OSError):
        return None
    if error.errno in WRITE_ERRNOS or error.filename == str(final):
        return _not_written(final, error)
    return None


def _make_parent(final: Path) -> None:
    check_location(final)
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"{final.parent}: cannot create the folder ({os_reason(error)})") from None


@contextlib.contextmanager
def atomic_path(final: Path | str) -> Iterator[Path]:
    """Yield a temporary path next to `final`; on success it is renamed to `final`, on error deleted.

    `final` must be nothing or a regular file (wordlist.atomic.NotAFileError otherwise); its
    folder is made if missing.
    """
    final = library.check_replaceable_file(final)
    _make_parent(final)
    try:
        with library.atomic_path(final) as tmp:
            yield tmp
    except BaseException as error:
        failure = _write_failure(final, error)
        if failure is not None:
            raise failure from error
        raise


def write_bytes(final: Path | str, data: bytes) -> None:
    with atomic_path(final) as tmp:
        tmp.write_bytes(data)


def write_text(final: Path | str, text: str) -> None:
    write_bytes(final, text.encode("utf-8"))


def check_replaceable(final: Path, new_names: set[str] | None = None) -> None:
    """Refuse to replace `final` unless it is a plain folder of plain files (all in `new_names`).

    A symbolic link, a file, a subfolder or a file the new version does not write again is
    something the pipeline did not make, or would lose: the caller gets an OutputError instead.
    """
    if not os.path.lexists(final):
        return
    if final.is_symlink():
        raise OutputError(f"{final}: a symbolic link, not a folder the pipeline wrote; not replaced")
    if not final.is_dir():
        raise OutputError(f"{final}: a file is in the way of the folder to write; not replaced")
    foreign = sorted(
        entry.name
        for entry in final.iterdir()
        if entry.is_symlink()
        or not entry.is_file()
        or (new_names is not None and entry.name not in new_names)
    )
    if foreign:
        shown = ", ".join(foreign[:5]) + (" ..." if len(foreign) > 5 else "")
        raise OutputError(
            f"{final}: not replaced: it holds what the pipeline does not write there ({shown}); "
            "move that away or choose another output folder"
        )


@contextlib.contextmanager
def atomic_dir(final: Path | str, replaceable: Iterable[str] = ()) -> Iterator[Path]:
    """Build a whole folder under a temporary name, then swap it in place of `final`.

    An existing `final` is replaced only if check_replaceable allows it, checked before the work
    and again before the swap: against the new folder's files, and the names `replaceable` (what
    the old folder may hold that the new one does not write again: the caller's own files, which
    its own checks before the work allowed). Only folders this function made (the temporary one,
    and the old one once moved aside) are ever deleted.
    """
    final = Path(final)
    check_replaceable(final)
    _make_parent(final)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".tmp", dir=final.parent))
    except OSError as error:
        raise _not_written(final, error) from None
    tmp.chmod(0o777 & ~_UMASK)
    try:
        yield tmp
        if os.path.lexists(final):
            check_replaceable(final, {entry.name for entry in tmp.iterdir()} | set(replaceable))
            # a fresh empty folder to move the old one onto: a fixed name could be someone's folder
            old = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".old", dir=final.parent))
            try:
                os.replace(final, old)
            except BaseException:
                old.rmdir()
                raise
            try:
                os.replace(tmp, final)
            except BaseException:
                os.replace(old, final)
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, final)
    except BaseException as error:
        shutil.rmtree(tmp, ignore_errors=True)
        failure = _write_failure(final, error)
        if failure is not None:
            raise failure from error
        raise


def sha256_file(path: Path) -> str:
    """The SHA-256 of the file at `path` (as manifests and source records list the files written)."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()
