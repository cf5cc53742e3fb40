"""Pipeline errors: bad dumps, bad profiles, bad options. The CLI turns them into one line and exit code 1."""

from __future__ import annotations

import errno

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


# errno values that only a write can cause: the output, not an input, is at fault
WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})


def first_line(error: BaseException) -> str:
    """The first line of an error's message (a library's may run to many), or its type's name."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
