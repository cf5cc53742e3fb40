"""Pipeline errors: bad dumps, bad profiles, bad options. The CLI turns them into one line and exit code 1."""

from wordlist.errors import WordlistError


class DumpError(WordlistError):
    """A dump file is missing, not a MediaWiki export, truncated or malformed."""


class ProfileError(WordlistError):
    """A selection profile is missing or has an unknown or invalid key."""


class DownloadError(WordlistError):
    """A dump could not be fetched or did not verify."""


class SynthError(WordlistError):
    """A synthetic dump was asked for with a bad size or language."""
