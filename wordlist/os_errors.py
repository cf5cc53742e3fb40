"""What a failed system call means, in the words a user searches for: one line for an OSError.

The `wordlist` command prints an OSError that reaches it this way, and the pipeline's messages
about files it cannot read or write quote `os_reason`.
"""

from __future__ import annotations

import errno
import os

# Other errors keep the system's words.
_REASONS = {
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.ELOOP: "too many levels of symbolic links",
}


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
