"""Errors a user sees: each message names the file or key at fault and what is wrong with it."""


class WordlistError(Exception):
    """Base class of every error this project raises on purpose (bad input, bad artefact, bad move)."""


class ArtefactError(WordlistError):
    """A built artefact is missing, corrupt or does not match its manifest."""


class OutputError(WordlistError):
    """An output cannot be written where it was asked for, or would replace something it must not."""
