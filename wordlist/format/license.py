"""The licence and attribution of a word list: manifest.json's `license` and the folder's LICENSE.md.

A word list is Wiktionary's text, selected and rewritten: it is under Wiktionary's licences, not
under this project's MIT licence, and whoever uses it must credit Wiktionary's contributors and
say what was changed. The pipeline fills the record (wordlist_pipeline.attribution); every reader
of a list (the library, its exports, the HTTP API, the JavaScript reader, the data packages)
carries it on. A list built before lists carried it has no `license` key: its record is None.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wordlist.format import base
from wordlist.format.base import FormatError


@dataclass(frozen=True)
class LicenseTerms:
    """One licence the data may be used under: its SPDX identifier, name and where its text is."""

    id: str
    name: str
    url: str

    def to_json(self) -> dict[str, str]:
        """The licence as manifest.json lists it."""
        return {"id": self.id, "name": self.name, "url": self.url}


@dataclass(frozen=True)
class License:
    """Under which licences a list may be used, whom to credit, where it came from, what was changed.

    `expression` is an SPDX licence expression (`A OR B`: the user chooses either); `attribution`
    one line to show with the data (near definitions, on an about page); `notice` what the licences
    ask of whoever reuses the data; `changes` what the pipeline did to Wiktionary's text.
    """

    expression: str
    attribution: str
    licenses: tuple[LicenseTerms, ...] = ()
    notice: str = ""
    authors: str = ""
    site: str = ""  # the wiki's address, https://en.wiktionary.org/
    dump: str | None = None  # the dump's file name
    dump_date: str | None = None  # YYYY-MM-DD, when the dump's name says
    dump_url: str | None = None  # where Wikimedia publishes that dump, when it is one of theirs
    changes: str = ""

    def to_json(self) -> dict[str, Any]:
        """The record as manifest.json holds it."""
        return {
            "expression": self.expression,
            "licenses": [terms.to_json() for terms in self.licenses],
            "attribution": self.attribution,
            "authors": self.authors,
            "site": self.site,
            "dump": self.dump,
            "dump_date": self.dump_date,
            "dump_url": self.dump_url,
            "changes": self.changes,
            "notice": self.notice,
        }

    @classmethod
    def from_json(cls, data: Any) -> License:
        """The record of manifest.json's `license`; FormatError names the field at fault."""
        where = "license."
        data = base.an_object(data, "'license'")
        terms = []
        for i, item in enumerate(base.field(data, "licenses", list, where, default=[])):
            at = f"{where}licenses.{i}."
            item = base.an_object(item, repr(at[:-1]))
            terms.append(LicenseTerms(*(base.field(item, key, str, at) for key in ("id", "name", "url"))))
        return cls(
            expression=_text(data, "expression", where),
            attribution=_text(data, "attribution", where),
            licenses=tuple(terms),
            notice=base.field(data, "notice", str, where, default=""),
            authors=base.field(data, "authors", str, where, default=""),
            site=base.field(data, "site", str, where, default=""),
            dump=_optional(data, "dump", where),
            dump_date=_optional(data, "dump_date", where),
            dump_url=_optional(data, "dump_url", where),
            changes=base.field(data, "changes", str, where, default=""),
        )

    def text(self) -> str:
        """LICENSE.md: the licence and attribution in words (Markdown), from this record alone."""
        source = [f"- Site: {self.site}" if self.site else None]
        if self.authors:
            source.append(f"- Authors: {self.authors} (each page's authors are in its history on the site)")
        if self.dump:
            dated = f" of {self.dump_date}" if self.dump_date else ""
            where = f", {self.dump_url}" if self.dump_url else ""
            source.append(f"- Dump: {self.dump}{dated}{where}")
        terms = [f"- {terms.name} (`{terms.id}`): {terms.url}" for terms in self.licenses]
        parts = [
            "# Licence and attribution\n",
            self.attribution + "\n",
            "## Source\n",
            *(line for line in source if line),
            "\n## Licence\n",
            f"SPDX licence expression: `{self.expression}`\n",
            *terms,
            *(["", self.notice] if self.notice else []),
            *(["\n## Changes\n", self.changes] if self.changes else []),
        ]
        return "\n".join(parts) + "\n"


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = base.field(data, key, str, where)
    if not value.strip():
        raise FormatError(f"{where + key!r} must not be empty")
    return value


def _optional(data: Mapping[str, Any], key: str, where: str) -> str | None:
    value = data.get(key)
    return None if value is None else base.expect(value, str, where + key)
