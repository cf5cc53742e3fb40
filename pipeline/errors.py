"""Pipeline errors: bad dumps, bad profiles, bad options. The CLI turns them into one line and exit code 1."""

from __future__ import annotations

import errno
import os

from wordlist.errors import OutputError as OutputError  # the library's: its atomic writer raises it
from wordlist.errors import WordlistError


class DumpError(WordlistError):
    """A dump file is missing, not a MediaWiki export, truncated or malformed."""


class ProfileError(WordlistError):
    """A selection profile is missing or has an unknown or invalid key."""


class DownloadError(WordlistError):
    """A dump could not be fetched or did not verify."""


class SynthError(WordlistError):
    """A synthetic dump was asked for with a bad size or language."""


class InputError(WordlistError):
    """An input file (entries table, manifest, source record) is missing, unreadable or malformed."""


# What a failed write says, in the words a user searches for; other errors keep the system's words.
_REASONS = {
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.ELOOP: "too many levels of symbolic links",
}
# errno values that only a write can cause: the output, not an input, is at fault
WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})


def os_reason(error: OSError) -> str:
    """What went wrong, without the path: 'no space left on the device', 'permission denied' ..."""
    if error.errno in _REASONS:
        return _REASONS[error.errno]
    if error.errno is not None and error.strerror:
        return error.strerror[:1].lower() + error.strerror[1:]
    return str(error) or type(error).__name__


def describe_os_error(error: OSError) -> str:
    """One line for an OSError that reached the command line: the file (if known) and the reason."""
    where = error.filename if error.filename is not None else None
    if where is None:
        return os_reason(error)
    if isinstance(where, bytes):
        where = os.fsdecode(where)
    return f"{where}: {os_reason(error)}"


def first_line(error: BaseException) -> str:
    """The first line of an error's message (a library's may run to many), or its type's name."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
