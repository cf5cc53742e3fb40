"""Files written whole or not at all, and only where nothing or a regular file is.

Every file the project writes (an export, a saved game, and through wordlist_pipeline.atomic an
entries table, a word list's files, a dump, a download) is written under a temporary name beside
its target and renamed over it once complete: an error or a crash never leaves half a file under
the real name, and the previous version stays until the new one is whole.

A rename replaces whatever has the name, so the target is checked first, and again just before
the rename: a folder, a named pipe, a device, a socket or a symbolic link is never replaced. Had
it been, `-o /dev/stdout` would replace the link and send nothing to standard output, and a
program reading a FIFO would get nothing. A symbolic link is refused even when it points to a
regular file: writing through it would not be atomic (the rename happens beside the link, not
beside its target), and replacing it would silently cut what the user linked.

A path that ends with a separator ("reg/") names a folder, not a file: it is refused before it
becomes a Path, which would drop the separator and write a file named "reg". A command line's
file options take `file_path` as their parser for the same reason.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path

from wordlist.errors import ArgumentError, FolderNameError, NotAFileError

_KINDS = (  # what a path is, when it is not a regular file, in the words of the messages
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def check_file_name(path: Path | str) -> None:
    """ArgumentError (a ValueError) if no file can have the name `path`: it holds a NUL, or a lone
    surrogate (which has no bytes on the disk). Python says so only at the first call that
    touches the disk."""
    if "\0" in str(path):
        raise ArgumentError("embedded null byte")
    try:
        os.fsencode(path)
    except UnicodeEncodeError as error:
        raise ArgumentError(f"not a file name ({error.reason})") from None


def file_path(text: str | os.PathLike[str]) -> Path:
    """`text` as the Path of a file to write; FolderNameError if it ends with a separator (a
    Path would drop it: "reg/" would be the file "reg")."""
    raw = os.fspath(text)
    if raw.endswith(tuple(sep for sep in (os.sep, os.altsep) if sep)):
        raise FolderNameError(f"{raw}: ends with {raw[-1]!r}, so it names a folder; give a file's name")
    return Path(raw)


def check_replaceable_file(path: Path | str) -> Path:
    """`path` may be written by renaming a new file over it: nothing is there, or a regular file
    (not a symbolic link, even to one). Otherwise NotAFileError (FolderNameError for a path that
    ends with a separator)."""
    path = file_path(path)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return path
    except OSError:  # (a part of the path is a file, ...): creating the file will say what
        return path
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "a special file")
        raise NotAFileError(path, kind)
    return path


def _naming(error: OSError, path: Path) -> OSError:
    """`error` as the same kind of OSError about `path` (not about a temporary file the user never named)."""
    return OSError(error.errno, error.strerror or str(error), str(path))


def _new_temporary(final: Path) -> Path:
    """An empty file of a fresh name beside `final`, with the mode a new file gets (umask applied)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(100):
        tmp = final.with_name(f".{final.name}.{secrets.token_hex(4)}.tmp")
        try:
            os.close(os.open(tmp, flags, 0o666))
        except FileExistsError:
            continue
        except OSError as error:
            raise _naming(error, final) from None
        return tmp
    raise _naming(FileExistsError(errno.EEXIST, "no free temporary name beside it"), final)


@contextlib.contextmanager
def atomic_path(final: Path | str) -> Iterator[Path]:
    """Yield a temporary path beside `final` to write; on success it is renamed to `final`, on
    error deleted. `final` must be nothing or a regular file (check_replaceable_file), before and
    after the writing. Its folder must exist: an OSError (about `final`) says what went wrong."""
    final = check_replaceable_file(final)
    tmp = _new_temporary(final)
    try:
        yield tmp
        check_replaceable_file(final)  # again: something else may have been put there meanwhile
        os.replace(tmp, final)
    except BaseException as error:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        if isinstance(error, OSError) and error.filename == str(tmp):
            raise _naming(error, final) from error
        raise
