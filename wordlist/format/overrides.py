"""manifest.json's `overrides`: what a site's own overrides file did to a list (the pipeline's
wordlist_pipeline.overrides reads the file): its name and sha256, how many of its lines are of
the list's language, and the changes they made, each with its line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from wordlist.format import base
from wordlist.format.base import FormatError

OVERRIDE_ACTIONS = ("add", "remove")
MAX_CHANGES = 100_000  # an overrides file has at most as many lines
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class OverrideChange:
    """A line of the overrides that changed the list: a word (in the list's spelling) added with
    a part of speech, or removed (every part of speech when `pos` is None)."""

    line: int
    action: str  # "add" or "remove"
    word: str
    pos: str | None
    note: str  # add: on whose authority ("Collins", or ""); remove: the reason ("brand name")

    def to_json(self) -> dict[str, Any]:
        """The change as manifest.json's `overrides.changes` holds it."""
        return {
            "line": self.line,
            "action": self.action,
            "word": self.word,
            "pos": self.pos,
            "note": self.note,
        }


@dataclass(frozen=True)
class Overrides:
    """The record of manifest.json's `overrides` (None in a list built without an overrides file).

    `lines` of the file are of the list's language; `added` of them put a word or a part of speech
    into the list, `removed` took one out, `unchanged` did neither (the word already in, or not in
    the list anyway, or a part of speech the list does not take). `changes` are the added and
    removed ones, in the file's order."""

    file: str
    sha256: str
    lines: int
    added: int
    removed: int
    unchanged: int
    changes: tuple[OverrideChange, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The record as manifest.json's `overrides` holds it."""
        return {
            "file": self.file,
            "sha256": self.sha256,
            "lines": self.lines,
            "added": self.added,
            "removed": self.removed,
            "unchanged": self.unchanged,
            "changes": [change.to_json() for change in self.changes],
        }

    @classmethod
    def from_json(cls, data: Any) -> Overrides | None:
        """The record of `overrides` (null or absent: None); FormatError names the field at fault."""
        if data is None:
            return None
        data = base.an_object(data, "'overrides'")
        where = "overrides."
        digest = base.field(data, "sha256", str, where)
        if not _SHA256.fullmatch(digest):
            raise FormatError("'overrides.sha256' must be 64 lower-case hex digits")
        items = base.field(data, "changes", list, where)
        if len(items) > MAX_CHANGES:
            raise FormatError(f"'overrides.changes' lists {len(items):,} changes, more than {MAX_CHANGES:,}")
        record = cls(
            file=base.field(data, "file", str, where),
            sha256=digest,
            lines=base.count(data, "lines", where),
            added=base.count(data, "added", where),
            removed=base.count(data, "removed", where),
            unchanged=base.count(data, "unchanged", where),
            changes=tuple(_change(item, f"{where}changes.{i}.") for i, item in enumerate(items)),
        )
        made = {action: sum(c.action == action for c in record.changes) for action in OVERRIDE_ACTIONS}
        if (made["add"], made["remove"]) != (record.added, record.removed):
            raise FormatError("'overrides.changes' does not hold as many additions and removals as it counts")
        return record


def _change(item: Any, where: str) -> OverrideChange:
    item = base.an_object(item, repr(where[:-1]))
    action = base.field(item, "action", str, where)
    if action not in OVERRIDE_ACTIONS:
        raise FormatError(f"{where + 'action'!r} must be add or remove, not {action!r}")
    pos = item.get("pos")  # (a newer pipeline may name a part of speech this reader does not know)
    if pos is not None:
        base.expect(pos, str, where + "pos")
    return OverrideChange(
        line=base.count(item, "line", where, low=1),
        action=action,
        word=base.field(item, "word", str, where),
        pos=pos,
        note=base.field(item, "note", str, where),
    )
