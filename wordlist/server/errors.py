"""Errors as the API answers them: an HTTP status and a JSON body `{"code", "message", ...}`."""

from __future__ import annotations

from typing import Any

from wordlist.errors import ListChanged, WordlistError
from wordlist.games import IllegalMove

# An illegal move's status: its JSON shape is wrong (400), it does not fit the game's state now
# (409: not your turn, the game is over), or it breaks a rule of the game (422).
_RULE_STATUS = {"malformed": 400, "not_your_turn": 409, "game_over": 409}


class ApiError(WordlistError):
    """An answer that is not a success: `status` and the body's fields."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = {key: value for key, value in extra.items() if value is not None}

    def body(self) -> dict[str, Any]:
        """The JSON body: `code`, `message` and the extra fields given."""
        return {"code": self.code, "message": self.message, **self.extra}

    def headers(self) -> dict[str, str] | None:
        """The answer's headers: `Retry-After` when the body says `retry_after` (429, 503)."""
        retry_after = self.extra.get("retry_after")
        return {"Retry-After": str(retry_after)} if retry_after is not None else None

    @classmethod
    def illegal(cls, error: IllegalMove) -> ApiError:
        # the message without the " [rule]" the library's str() ends with: the code is a field here
        """The answer to a move the game refused: 400, 409 or 422 by its rule, the rule as the code."""
        message = error.RULES[error.rule] + (f": {error.detail}" if error.detail else "")
        return cls(
            _RULE_STATUS.get(error.rule, 422), error.rule, message, rule=error.rule, detail=error.detail
        )


def lists_changed(error: ListChanged) -> ApiError:
    """503 naming the lists whose files changed on disk (never their paths, which the log has)."""
    which = ", ".join(error.names)
    return ApiError(
        503,
        "list_changed",
        f"the word list {which} changed on disk since the server started; the server serves "
        "it again once restarted",
    )


def not_found(what: str, message: str) -> ApiError:
    """404 with the code `unknown_<what>`."""
    return ApiError(404, f"unknown_{what}", message)


def conflict(version: int) -> ApiError:
    """409 for a move made on an old version; `version` is the game's current one."""
    return ApiError(
        409,
        "version_conflict",
        f"the game has moved on (version {version}): reload it and play again",
        version=version,
    )
