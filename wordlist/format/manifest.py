"""manifest.json: what a word list is (language, profile), its counts, its files' checksums, its source."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from wordlist.format import base
from wordlist.format.base import FORMAT_VERSION, FormatError
from wordlist.format.license import License
from wordlist.format.limits import MAX_WORDS
from wordlist.format.overrides import Overrides

# Why entries are left out of a word list: rule -> how it reads ({value} is the rule's parameter).
# A reader shows an unknown rule as "rule value": a newer pipeline may add rules without a new format.
LEFT_OUT_RULES = {
    "slur": "a slur (in no list)",
    "inflected_form": "inflected form",
    "part_of_speech": "part of speech {value}",
    "tag": "tagged {value}",
    "every_definition_excluded": "every definition has an excluded tag",
    "form_of_dropped_word": "form of a dropped word",
    "form_of_missing_word": "form of a word not in the dump",
    "character": "contains {value!r}",
    "all_capitals": "written in capitals (initialism or acronym)",
    "capitalized": "capitalized",
    "outside_alphabet": "{value}",  # value: one of OUTSIDE_ALPHABET
    "too_short": "shorter than {value} letters",
    "too_long": "longer than {value} letters",
    "override": "removed by the overrides: {value}",  # value: the reason the overrides file gives
}
OUTSIDE_ALPHABET = {
    "space": "contains a space",
    "digit": "contains a digit",
    "apostrophe": "contains an apostrophe",
    "punctuation": "contains punctuation",
    "letter": "letters outside the alphabet",
}
_SHA256 = re.compile(r"[0-9a-f]{64}")
_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def describe_left_out(rule: str, value: str | None) -> str:
    """How a reason reads in `wordlist why` and `wordlist stats`: ("tag", "slang") -> "tagged slang"."""
    if rule == "outside_alphabet" and value in OUTSIDE_ALPHABET:
        return OUTSIDE_ALPHABET[value]
    template = LEFT_OUT_RULES.get(rule)
    if template is None or ("{value" in template and value is None):
        return f"{rule.replace('_', ' ')} {value}" if value is not None else rule.replace("_", " ")
    return template.format(value=value)


@dataclass(frozen=True)
class LeftOut:
    """`count` entries left out by `rule` (with its parameter `value`, or None)."""

    rule: str
    value: str | None
    count: int

    def describe(self) -> str:
        """The reason in words, as `wordlist why` and `wordlist stats` print it."""
        return describe_left_out(self.rule, self.value)

    def to_json(self) -> dict[str, Any]:
        """The reason as manifest.json holds it: rule, value and count."""
        return {"rule": self.rule, "value": self.value, "count": self.count}


@dataclass(frozen=True)
class Counts:
    """A word list's counts: words, definitions, words per part of speech, entries used and left out."""

    words: int
    definitions: int
    by_pos: Mapping[str, int] = field(default_factory=dict)  # words having each part of speech
    entries_used: int = 0  # entries of the entries table that made the words
    left_out: tuple[LeftOut, ...] = ()  # most first

    def __post_init__(self) -> None:
        # every walk of words.dawg is bounded by the count: a writer never writes a larger one
        if not 0 <= self.words <= MAX_WORDS:
            raise FormatError(f"'counts.words' must be between 0 and {MAX_WORDS:,}, not {self.words:,}")

    def to_json(self) -> dict[str, Any]:
        """The counts as manifest.json holds them."""
        return {
            "words": self.words,
            "definitions": self.definitions,
            "by_pos": dict(self.by_pos),
            "entries_used": self.entries_used,
            "left_out": [reason.to_json() for reason in self.left_out],
        }


@dataclass(frozen=True)
class FileInfo:
    """The size and sha256 of one file of a word list, as its manifest records them."""

    bytes: int
    sha256: str


@dataclass(frozen=True)
class Manifest:
    """The record of manifest.json. `files` lists every artefact with its size and sha256."""

    language: str
    profile: str
    counts: Counts
    language_name: str = ""
    description: str = ""
    files: Mapping[str, FileInfo] = field(default_factory=dict)
    source: Mapping[str, Any] = field(default_factory=dict)  # where the words come from (the dump)
    license: License | None = None  # None: a list built before lists carried their licence
    profile_file: Mapping[str, Any] | None = None  # {"name", "sha256"} of the profile used
    tools: Mapping[str, str] = field(default_factory=dict)  # versions of Python and the libraries
    overrides: Overrides | None = None  # what a site's overrides file did to the list
    format: int = FORMAT_VERSION

    def __post_init__(self) -> None:
        object.__setattr__(self, "language_name", self.language_name or self.language)
        object.__setattr__(self, "files", MappingProxyType(dict(self.files)))

    def to_json(self) -> dict[str, Any]:
        """The manifest as manifest.json holds it."""
        return {
            "format": self.format,
            "language": self.language,
            "language_name": self.language_name,
            "profile": self.profile,
            "description": self.description,
            "counts": self.counts.to_json(),
            "files": {n: {"bytes": f.bytes, "sha256": f.sha256} for n, f in self.files.items()},
            "source": dict(self.source),
            "license": self.license.to_json() if self.license is not None else None,
            "profile_file": dict(self.profile_file) if self.profile_file is not None else None,
            "tools": dict(self.tools),
            "overrides": self.overrides.to_json() if self.overrides is not None else None,
        }

    @classmethod
    def from_json(cls, data: Any) -> Manifest:
        """The record of a parsed manifest.json; FormatError names the field at fault."""
        data = base.an_object(data, "the manifest")
        base.check_version(data)
        language, profile = base.name(data, "language", ""), base.name(data, "profile", "")
        counts = base.field(data, "counts", dict, "")
        files = base.field(data, "files", dict, "")
        profile_file = data.get("profile_file")
        if profile_file is not None:
            base.expect(profile_file, dict, "profile_file")
        tools = base.field(data, "tools", dict, "", default={})
        license = data.get("license")  # absent or null in a list built before it was recorded
        for key, version in tools.items():
            base.expect(version, str, f"tools.{key}")
        return cls(
            language=language,
            language_name=base.printable(base.optional_text(data, "language_name", ""), "language_name"),
            profile=profile,
            description=base.field(data, "description", str, "", default=""),
            counts=_counts(counts),
            files={name: _file(files, name) for name in files},
            source=base.field(data, "source", dict, "", default={}),
            profile_file=profile_file,
            tools=tools,
            overrides=Overrides.from_json(data.get("overrides")),
            license=License.from_json(license) if license is not None else None,
        )


def _counts(data: Mapping[str, Any]) -> Counts:
    by_pos = base.field(data, "by_pos", dict, "counts.", default={})
    left_out = base.field(data, "left_out", list, "counts.", default=[])
    reasons = []
    for i, item in enumerate(left_out):
        where = f"counts.left_out.{i}."
        item = base.an_object(item, repr(where[:-1]))
        value = item.get("value")
        if value is not None:
            base.expect(value, str, where + "value")
        reasons.append(LeftOut(base.field(item, "rule", str, where), value, base.count(item, "count", where)))
    return Counts(
        words=base.count(data, "words", "counts.", high=MAX_WORDS),
        definitions=base.count(data, "definitions", "counts."),
        by_pos={pos: base.count(by_pos, pos, "counts.by_pos.") for pos in by_pos},
        entries_used=base.count(data, "entries_used", "counts.") if "entries_used" in data else 0,
        left_out=tuple(reasons),
    )


def _file(files: Mapping[str, Any], name: str) -> FileInfo:
    where = f"files.{name}."
    if not _FILE_NAME.fullmatch(name) or name.startswith(".."):
        raise FormatError(f"'files' lists {name!r}, which is not a plain file name")
    info = base.an_object(files[name], repr(where[:-1]))
    digest = base.field(info, "sha256", str, where)
    if not _SHA256.fullmatch(digest):
        raise FormatError(f"{where + 'sha256'!r} must be 64 lower-case hex digits")
    return FileInfo(base.count(info, "bytes", where), digest)
