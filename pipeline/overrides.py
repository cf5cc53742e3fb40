"""A site's own additions and removals: an overrides file, kept apart from the dump, applied at every build.

    # action  language  word     part of speech  note or reason   definition
    add       en        qi       noun            Collins          The vital force of Chinese thought.
    add       en        za       noun            Collins
    remove    en        nutella                  brand name
    remove    de        Kanake                   offensive
    remove    en        bot      verb            disputed

One change a line, fields separated by tabs (TSV): a line is what a curator adds, reviews in a diff
of the file, and what `wordlist why` and the errors name ("site.tsv line 12"); a spreadsheet
saves it as it is. (TOML would take five lines a word and tells no line of a value.) Blank lines
and lines starting with `#` are skipped, and so is a first line of column names (`action`, ...).

- `add LANG WORD POS [NOTE [DEFINITION]]`: WORD becomes a word of the LANG lists whose profile takes
  POS, whatever the dump says; NOTE says on whose authority ("Collins"); DEFINITION, if given, is
  its definition in words.parquet, marked as the overrides' own (`definition_source`).
- `remove LANG WORD [POS] REASON`: every entry spelled WORD (the list's spelling: `Nutella` and
  `nutella` are one word in a case-insensitive list), or only those of part of speech POS, is left
  out with REASON (brand name, offensive, disputed ...).

A file names its language on every line, so one file serves a site's every list. It is given by a
profile (`overrides = "site.tsv"`, relative to the profile's file) or on the command line (`wordlist
build --overrides FILE`, for every list of that build); each list applies its language's lines.
Checked like every input, before a build extracts anything: UTF-8, at most MAX_BYTES and MAX_LINES,
known actions, languages and parts of speech, words of the list's alphabet once normalized and of
its lengths, no change twice, no word both added and removed; an error is one line naming the
file and the line.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from wordlist.format import POS, Alphabet
from wordlist.format.limits import MAX_WORD_LENGTH
from wordlist_pipeline.editions import EDITIONS
from wordlist_pipeline.errors import InputError
from wordlist_pipeline.paths import check_input_file

MAX_BYTES = 10 << 20  # a site's overrides are a few thousand lines
MAX_LINES = 100_000
MAX_NOTE = 200  # characters of a note or reason
MAX_DEFINITION = 2000  # characters of a definition
FIELDS = ("action", "language", "word", "part of speech", "note", "definition")
ACTIONS = ("add", "remove")
DONE = {"add": "added", "remove": "removed"}


@dataclass(frozen=True)
class OverrideLine:
    """One line of an overrides file, as written (fields stripped of surrounding spaces)."""

    line: int  # from 1
    action: str  # "add" or "remove"
    lang: str
    word: str
    pos: str | None  # None: a removal of every part of speech
    note: str  # add: on whose authority ("Collins", may be empty); remove: the reason
    definition: str = ""  # add only; empty: none


@dataclass(frozen=True)
class OverridesFile:
    """An overrides file, read and checked line by line (each list checks its words: `for_list`)."""

    path: Path
    sha256: str
    lines: tuple[OverrideLine, ...]

    @property
    def name(self) -> str:
        return self.path.name

    def for_list(
        self, lang: str, profile: str, alphabet: Alphabet, min_length: int, max_length: int | None
    ) -> ListOverrides:
        """The lines of `lang` as they apply to list `lang`/`profile`, each word in its spelling
        there; an InputError naming the line if a word is not one the list can hold, or changed twice."""
        where = f"{lang}/{profile}"
        longest = max_length if max_length is not None else MAX_WORD_LENGTH
        changes: list[ListChange] = []
        made: dict[str, dict[str, list[ListChange]]] = {action: {} for action in ACTIONS}  # by game word
        for line in self.lines:
            if line.lang != lang:
                continue
            game = alphabet.normalize(line.word)
            outside = sorted({c for c in game if c not in alphabet.letters})
            at = f"{self.path} line {line.line}"
            if outside or not game:
                shown = "".join(outside) or "nothing"
                raise InputError(
                    f"{at}: {line.word!r} is no word of {where}: {shown!r} not letters of its alphabet"
                )
            if not min_length <= len(game) <= longest:
                raise InputError(
                    f"{at}: {line.word!r} has {len(game)} letters; {where} takes {min_length} to {longest}"
                )
            change = ListChange(line, game)
            (other,) = (a for a in ACTIONS if a != line.action)
            clashes = made[other].get(game, []) + [
                earlier
                for earlier in made[line.action].get(game, [])
                if None in (earlier.line.pos, line.pos) or earlier.line.pos == line.pos
            ]
            if clashes:
                raise InputError(f"{at}: {_clash(change, clashes[0], where)}")
            made[line.action].setdefault(game, []).append(change)
            changes.append(change)
        return ListOverrides(self.name, self.sha256, tuple(changes))


def _clash(change: ListChange, other: ListChange, where: str) -> str:
    """Why two changes of one word cannot both be made."""
    line, earlier = change.line, other.line
    spelled = "" if line.word == earlier.word else f" (both are {change.game!r} in {where})"
    if line.action != earlier.action:
        here, there = DONE[line.action], DONE[earlier.action]
        return f"{line.word!r} is {here} here and {there} by line {earlier.line}{spelled}"
    what = f"{line.word!r} ({line.pos})" if line.pos and line.pos == earlier.pos else repr(line.word)
    return f"{what} is {DONE[line.action]} already by line {earlier.line}{spelled}"


@dataclass(frozen=True)
class ListChange:
    """A line of the overrides as one list applies it: `game` is the word in the list's spelling."""

    line: OverrideLine
    game: str


@dataclass(frozen=True)
class ListOverrides:
    """The changes one list makes, from the file `name` (its sha256 recorded in the manifest)."""

    name: str
    sha256: str
    changes: tuple[ListChange, ...]

    @property
    def additions(self) -> tuple[ListChange, ...]:
        return tuple(c for c in self.changes if c.line.action == "add")

    @property
    def removals(self) -> tuple[ListChange, ...]:
        return tuple(c for c in self.changes if c.line.action == "remove")

    def describe(self, change: ListChange) -> str:
        """How `wordlist why` names a change: "added by site.tsv line 12: Collins"."""
        note = f": {change.line.note}" if change.line.note else ""
        return f"{DONE[change.line.action]} by {self.name} line {change.line.line}{note}"


def load_overrides(path: str | Path) -> OverridesFile:
    """Read and check the overrides file at `path` (the module docstring says what it holds)."""
    path = check_input_file(Path(path), "an overrides file", InputError)
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise InputError(f"{path}: {size:,} bytes, too large for an overrides file (10 MB at most)")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(
            f"{path} line {line}: not UTF-8 text (byte {error.start} is {data[error.start]:#04x})"
        ) from None
    rows = text.split("\n")
    if len(rows) > MAX_LINES:
        raise InputError(f"{path}: {len(rows):,} lines, more than an overrides file holds ({MAX_LINES:,})")
    lines = tuple(_lines(path, rows))
    return OverridesFile(path, hashlib.sha256(data).hexdigest(), lines)


def _lines(path: Path, rows: Iterable[str]) -> Iterable[OverrideLine]:
    header_allowed = True
    for number, row in enumerate(rows, 1):
        row = row.removesuffix("\r")  # saved on Windows
        if not row.strip() or row.lstrip().startswith("#"):
            continue
        fields = [field.strip(" ") for field in row.split("\t")]
        if header_allowed and [f.lower() for f in fields] == list(FIELDS[: len(fields)]):
            header_allowed = False
            continue
        header_allowed = False
        yield _line(f"{path} line {number}", number, fields)


def _line(at: str, number: int, fields: list[str]) -> OverrideLine:
    if not 3 <= len(fields) <= len(FIELDS):
        hint = " (fields are separated by tabs, not spaces)" if len(fields) == 1 else ""
        raise InputError(
            f"{at}: {len(fields)} field{'s' if len(fields) != 1 else ''}{hint}; a line is "
            f"{', '.join(FIELDS[:3])}, then {', '.join(FIELDS[3:])} as the action needs them"
        )
    action, lang, word, pos, note, definition = (*fields, "", "", "")[: len(FIELDS)]
    for name, value, most in (("word", word, MAX_WORD_LENGTH * 4), ("note", note, MAX_NOTE)):
        _check_text(at, name, value, most)
    _check_text(at, "definition", definition, MAX_DEFINITION)
    if action not in ACTIONS:
        raise InputError(f"{at}: the action {action!r} is neither add nor remove")
    if lang not in EDITIONS:
        raise InputError(f"{at}: {lang!r} is no language of the pipeline (known: {', '.join(EDITIONS)})")
    if not word:
        raise InputError(f"{at}: no word (the third field)")
    if pos and pos not in POS:
        raise InputError(f"{at}: {pos!r} is no part of speech (known: {', '.join(POS)})")
    if action == "add" and not pos:
        raise InputError(f"{at}: an addition needs the word's part of speech (the fourth field)")
    if action == "remove":
        if not note:
            raise InputError(
                f"{at}: a removal needs its reason (brand name, offensive, disputed ...) in the fifth field"
            )
        if definition:
            raise InputError(f"{at}: a removal has no definition (the sixth field)")
    return OverrideLine(number, action, lang, word, pos or None, note, definition)


def _check_text(at: str, name: str, value: str, most: int) -> None:
    if len(value) > most:
        raise InputError(f"{at}: the {name} has {len(value):,} characters; at most {most:,}")
    if value and not value.isprintable():
        bad = next(c for c in value if not c.isprintable())
        raise InputError(f"{at}: the {name} holds the character {bad!r}, which is not printable")
