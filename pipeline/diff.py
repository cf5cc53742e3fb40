"""The difference between two builds of a word list, for a site to review before a release goes live.

`diff(OLD, NEW)` takes two list folders (outputs/en/balda) or two build outputs (outputs/), whose
lists are paired by language and profile. For each pair: the counts, the words added and
removed, and the words whose parts of speech or definitions changed. Each word added or removed
gets a cause, and where one can be told a reason:

- `overrides`: a line of a site's overrides file added or removed it (the manifests' records),
  or no longer does;
- `new page` (added: none of its pages had an entry in OLD's dump) and `no longer in the dump`
  (removed: none of its pages has an entry in NEW's);
- `page edited` (its pages' entries differ between the dumps) or `rules changed` (they are the
  same: the profile, the pipeline or the overrides decide otherwise), with the reason the other
  side's selection gives (`wordlist why`: "tagged slang");
- `unexplained`: no entries table beside the list to tell (a list folder copied alone).

The reasons need each side's entries table (a build's `<lang>/entries.parquet`, beside the list)
and profile: the shipped one of the list's name, or `profile` when given, checked against the
sha256 its manifest records (a note says when it differs). Work is bounded by the lists' and the
tables' sizes: the words are joined once (hash join, no pairwise comparison), each side's
selection is made once, and only the pages of words added or removed are read whole.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import polars as pl

from wordlist.format import MANIFEST_JSON, WORDS_PARQUET, Manifest, pos_names, read_manifest
from wordlist.format.folder import check_file
from wordlist_pipeline.atomic import sha256_file
from wordlist_pipeline.build import ENTRIES
from wordlist_pipeline.errors import InputError, ProfileError, first_line
from wordlist_pipeline.overrides import DONE, ListChange, ListOverrides, OverrideLine
from wordlist_pipeline.profile import Profile, load_profile
from wordlist_pipeline.select import Why, select
from wordlist_pipeline.word_lists import read_entries

CAUSES = ("overrides", "new page", "no longer in the dump", "page edited", "rules changed", "unexplained")
# What a page's entries say, compared between two dumps ("page edited"); not its id or heading.
_PAGE_COLUMNS = ["word", "pos", "is_lemma", "form_of", "alt_of", "tags", "definitions", "definition_tags"]


@dataclass(frozen=True)
class ListSide:
    """One side of a diff: a list's folder, its manifest and the entries table it was built from."""

    folder: Path
    manifest: Manifest
    entries: Path | None  # None: no table beside the list

    @property
    def name(self) -> str:
        return f"{self.manifest.language}/{self.manifest.profile}"

    @property
    def dump(self) -> str | None:
        return self.manifest.source.get("dump")


@dataclass(frozen=True)
class WordChange:
    """A word added or removed, why (a cause of CAUSES), and the reason in words, if one is known."""

    word: str
    pos: tuple[str, ...]
    cause: str
    reason: str | None = None

    def to_json(self) -> dict:
        return {"word": self.word, "pos": list(self.pos), "cause": self.cause, "reason": self.reason}


@dataclass(frozen=True)
class Changed:
    """A word in both lists whose parts of speech or definitions changed."""

    word: str
    pos_added: tuple[str, ...]
    pos_removed: tuple[str, ...]
    definitions_added: int
    definitions_removed: int
    overrides: tuple[str, ...] = ()  # the lines of NEW's overrides that added or removed a part of speech

    def to_json(self) -> dict:
        return {
            "word": self.word,
            "pos_added": list(self.pos_added),
            "pos_removed": list(self.pos_removed),
            "definitions_added": self.definitions_added,
            "definitions_removed": self.definitions_removed,
            "overrides": list(self.overrides),
        }

    def describe(self) -> str:
        parts = [f"+ {', '.join(self.pos_added)}"] if self.pos_added else []
        parts += [f"- {', '.join(self.pos_removed)}"] if self.pos_removed else []
        if self.definitions_added or self.definitions_removed:
            parts.append(f"definitions +{self.definitions_added} -{self.definitions_removed}")
        shown = "; ".join(parts) or "the same definitions in another order"
        return shown + "".join(f" ({line})" for line in self.overrides)


@dataclass(frozen=True)
class ListDiff:
    old: ListSide
    new: ListSide
    added: tuple[WordChange, ...]
    removed: tuple[WordChange, ...]
    changed: tuple[Changed, ...]
    notes: tuple[str, ...] = ()  # what limits the reasons (no table, another profile)

    def to_json(self, limit: int = 0) -> dict:
        return {
            "language": self.new.manifest.language,
            "profile": self.new.manifest.profile,
            "old": _side_json(self.old),
            "new": _side_json(self.new),
            "counts": {
                "old": self.old.manifest.counts.words,
                "new": self.new.manifest.counts.words,
                "added": len(self.added),
                "removed": len(self.removed),
                "changed": len(self.changed),
            },
            "added": [w.to_json() for w in shown_first(self.added, limit)],
            "removed": [w.to_json() for w in shown_first(self.removed, limit)],
            "changed": [c.to_json() for c in shown_first(self.changed, limit)],
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Diff:
    lists: tuple[ListDiff, ...]
    only_old: tuple[str, ...] = ()  # lists ("de/wordgame") only OLD has
    only_new: tuple[str, ...] = ()

    def to_json(self, limit: int = 0) -> dict:
        return {
            "lists": [d.to_json(limit) for d in self.lists],
            "only_old": list(self.only_old),
            "only_new": list(self.only_new),
        }


def _side_json(side: ListSide) -> dict:
    source = side.manifest.source
    return {
        "path": str(side.folder),
        "dump": source.get("dump"),
        "dump_date": source.get("dump_date"),
        "words": side.manifest.counts.words,
    }


def shown_first(items: Sequence, limit: int) -> Sequence:
    """The first `limit` of `items` (0: all of them)."""
    return items if limit <= 0 else items[:limit]


# --- finding the lists ---------------------------------------------------------------------------------


def list_sides(folder: Path) -> dict[str, ListSide]:
    """The lists of `folder` by "lang/profile": itself when it is a list, else those it holds."""
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(f"{folder}: no such folder" if not folder.exists() else f"{folder}: not a folder")
    if (folder / MANIFEST_JSON).exists():
        return {(side := _side(folder)).name: side}
    found = {}
    for manifest in sorted(folder.glob(f"*/*/{MANIFEST_JSON}")):
        side = _side(manifest.parent)
        found[side.name] = side
    if not found:
        raise InputError(f"{folder}: no word lists here (a list's folder, or a build's outputs)")
    return found


def _side(folder: Path) -> ListSide:
    manifest = read_manifest(folder)
    entries = folder.parent / ENTRIES
    return ListSide(folder, manifest, entries if entries.is_file() else None)


def diff(
    old: Path,
    new: Path,
    *,
    lang: str | None = None,
    profile: str | None = None,
    profile_file: Path | None = None,
) -> Diff:
    """The differences between the lists of `old` and `new` (see the module docstring), those of
    language `lang` and profile `profile` only when given; `profile_file` explains both sides."""
    olds, news = list_sides(old), list_sides(new)

    def wanted(name: str) -> bool:
        language, _, kind = name.partition("/")
        return (lang is None or language == lang) and (profile is None or kind == profile)

    if (Path(old) / MANIFEST_JSON).exists() and (Path(new) / MANIFEST_JSON).exists():
        pairs = [(next(iter(olds.values())), next(iter(news.values())))]  # two list folders
        only_old: list[str] = []
        only_new: list[str] = []
    else:
        pairs = [(olds[name], news[name]) for name in sorted(olds.keys() & news.keys()) if wanted(name)]
        only_old = sorted(name for name in olds.keys() - news.keys() if wanted(name))
        only_new = sorted(name for name in news.keys() - olds.keys() if wanted(name))
    pairs = [(a, b) for a, b in pairs if wanted(b.name)]
    if not pairs:
        asked = " of that language and profile" if lang or profile else ""
        raise InputError(f"{new}: no word list{asked} in common with {old}")
    for a, b in pairs:
        if a.manifest.language != b.manifest.language:
            raise InputError(
                f"{b.folder}: a list of {b.manifest.language_name}, and {a.folder} one of "
                f"{a.manifest.language_name}: nothing to compare"
            )
    return Diff(tuple(diff_lists(a, b, profile_file) for a, b in pairs), tuple(only_old), tuple(only_new))


# --- one pair of lists ------------------------------------------------------------------------------


def diff_lists(old: ListSide, new: ListSide, profile_file: Path | None = None) -> ListDiff:
    """The words added, removed and changed from list `old` to list `new`, with their causes."""
    old_path, new_path = _words_file(old), _words_file(new)
    # the words joined without their definitions (most of the bytes): a hash of them tells which
    # changed (64 bits: a change goes unseen once in 2^64), whose definitions alone are read then
    joined = _words(old_path).join(_words(new_path), on="word", how="full", coalesce=True, suffix="_new")
    joined = joined.sort("word")
    added_rows = joined.filter(pl.col("pos_mask").is_null())
    removed_rows = joined.filter(pl.col("pos_mask_new").is_null())
    both = joined.filter(pl.col("pos_mask").is_not_null() & pl.col("pos_mask_new").is_not_null())
    differs = (pl.col("pos_mask") != pl.col("pos_mask_new")) | (pl.col("senses") != pl.col("senses_new"))
    changed_words = both.filter(differs)["word"]
    before, after = _definitions(old_path, changed_words), _definitions(new_path, changed_words)
    lines = _pos_overrides(new.manifest)
    rows = both.filter(differs).select("word", "pos_mask", "pos_mask_new").iter_rows()
    changed = tuple(
        replace(
            _changed(word, mask, new_mask, before[word], after[word]),
            overrides=tuple(text for pos, text in lines.get(word, []) if pos in pos_names(mask ^ new_mask)),
        )
        for word, mask, new_mask in rows
    )
    notes: list[str] = []
    old_why = _Explainer(old, profile_file, notes)
    new_why = _Explainer(new, profile_file, notes)
    removed_titles = dict(removed_rows.select("word", "titles").iter_rows())
    added_titles = dict(added_rows.select("word", "titles_new").iter_rows())
    titles = {t for ts in [*removed_titles.values(), *added_titles.values()] for t in ts}
    old_why.prepare(titles)
    new_why.prepare(titles)
    edited = _edited_pages(old, new, titles)
    removed = tuple(
        _cause(word, pos_names(mask), removed_titles[word], False, (old, new), new_why, edited)
        for word, mask in removed_rows.select("word", "pos_mask").iter_rows()
    )
    added = tuple(
        _cause(word, pos_names(mask), added_titles[word], True, (old, new), old_why, edited)
        for word, mask in added_rows.select("word", "pos_mask_new").iter_rows()
    )
    return ListDiff(old, new, added, removed, changed, tuple(dict.fromkeys(notes)))


def _words_file(side: ListSide) -> Path:
    """The list's words.parquet, checked against its manifest (size and sha256)."""
    return check_file(side.folder, WORDS_PARQUET, side.manifest.files.get(WORDS_PARQUET), True)


def _words(path: Path) -> pl.DataFrame:
    """word, pos_mask, titles and a hash of the definitions ("senses") of each word of words.parquet."""
    senses = pl.struct("definitions", "definition_pos").hash(seed=0).alias("senses")
    return _read(path, lambda: pl.scan_parquet(path).select("word", "pos_mask", "titles", senses).collect())


def _definitions(path: Path, words: pl.Series) -> dict[str, list[tuple[str, str]]]:
    """The (part of speech, text) definitions of `words` in words.parquet."""
    wanted = words.implode()
    chosen = _read(
        path,
        lambda: (
            pl.scan_parquet(path)
            .filter(pl.col("word").is_in(wanted))
            .select("word", "definition_pos", "definitions")
            .collect()
        ),
    )
    return {word: list(zip(pos, texts, strict=True)) for word, pos, texts in chosen.iter_rows()}


def _read(path: Path, read: Callable[[], pl.DataFrame]) -> pl.DataFrame:
    try:
        return read()
    except (pl.exceptions.PolarsError, OSError, ValueError) as error:
        raise InputError(f"{path}: not a word list's Parquet file ({first_line(error)})") from None


def _changed(
    word: str, mask: int, new_mask: int, before: list[tuple[str, str]], after: list[tuple[str, str]]
) -> Changed:
    old_pos, new_pos = set(pos_names(mask)), set(pos_names(new_mask))
    gone, came = Counter(before), Counter(after)
    return Changed(
        word,
        tuple(p for p in pos_names(new_mask) if p not in old_pos),
        tuple(p for p in pos_names(mask) if p not in new_pos),
        (came - gone).total(),
        (gone - came).total(),
    )


def _edited_pages(old: ListSide, new: ListSide, titles: set[str]) -> set[str] | None:
    """Which of `titles` have other entries in NEW's table than in OLD's (None: no tables to tell)."""
    if old.entries is None or new.entries is None or not titles:
        return None if old.entries is None or new.entries is None else set()
    lang = new.manifest.language
    pages = [_pages(side.entries, lang, titles) for side in (old, new)]
    return {t for t in titles if pages[0].get(t) != pages[1].get(t)}


def _pages(path: Path, lang: str, titles: set[str]) -> dict[str, list[tuple]]:
    wanted = pl.Series(sorted(titles), dtype=pl.String).implode()
    try:
        rows = (
            pl.scan_parquet(path)
            .filter((pl.col("lang") == lang) & pl.col("word").is_in(wanted))
            .select(_PAGE_COLUMNS)
            .collect()
        )
    except (pl.exceptions.PolarsError, OSError) as error:
        raise InputError(f"{path}: a damaged entries table ({first_line(error)})") from None
    found: dict[str, list[tuple]] = {}
    for row in rows.iter_rows():
        found.setdefault(row[0], []).append(row[1:])
    return found


class _Explainer:
    """One side's selection, made once, to say how the entries of some pages fared there."""

    def __init__(self, side: ListSide, profile_file: Path | None, notes: list[str]) -> None:
        self.side = side
        self.profile = _profile_for(side, profile_file, notes) if side.entries is not None else None
        if side.entries is None:
            notes.append(f"{side.folder}: no {ENTRIES} beside the list: its words are not explained")
        self._found: dict[str, list[Why]] = {}

    @property
    def usable(self) -> bool:
        return self.profile is not None

    def prepare(self, titles: set[str]) -> None:
        """Decide the side's entries once, and keep how those of `titles` fared."""
        if self.profile is None or self.side.entries is None or not titles:
            return
        manifest = self.side.manifest
        entries = read_entries(self.side.entries, manifest.language)
        selection = select(entries, self.profile, manifest.language, _recorded_overrides(manifest))
        self._found = selection.why_each(titles)

    def present(self, titles: Iterable[str]) -> bool:
        """Whether any of `titles` has an entry in the side's table."""
        return any(t in self._found for t in titles)

    def reasons(self, titles: Iterable[str], word: str) -> list[str]:
        """Why the entries of `titles` are not the word `word` on this side (distinct, in order)."""
        found = []
        for title in titles:
            for why in self._found.get(title, []):
                if why.reason is not None:
                    found.append(why.reason)
                elif why.game != word:
                    found.append(f"now the word {why.game}")
        return list(dict.fromkeys(found))


def _profile_for(side: ListSide, given: Path | None, notes: list[str]) -> Profile | None:
    """The profile that built the list: `given`, else the shipped one of its name, the first whose
    sha256 is the one its manifest records; else the first there is, with a note; else None."""
    recorded = (side.manifest.profile_file or {}).get("sha256")
    found = []
    for candidate in ([given] if given is not None else []) + [side.manifest.profile]:
        try:
            profile = load_profile(candidate)
        except ProfileError:
            continue
        if sha256_file(profile.path) == recorded:
            return profile
        found.append(profile)
    if not found:
        notes.append(
            f"{side.folder}: no profile {side.manifest.profile!r} to explain its words with (give --profile)"
        )
        return None
    notes.append(f"{side.folder}: reasons by {found[0].path}, not the profile that built it (another sha256)")
    return found[0]


def _recorded_overrides(manifest: Manifest) -> ListOverrides | None:
    """The overrides a list applied, as its manifest records them (the lines that changed it)."""
    record = manifest.overrides
    if record is None:
        return None
    changes = tuple(
        ListChange(OverrideLine(c.line, c.action, manifest.language, c.word, c.pos, c.note), c.word)
        for c in record.changes
    )
    return ListOverrides(record.file, record.sha256, changes)


def _pos_overrides(manifest: Manifest) -> dict[str, list[tuple[str, str]]]:
    """(part of speech, "removed by site.tsv line 3: disputed") of each word the manifest's
    overrides added or removed a part of speech of."""
    record = manifest.overrides
    found: dict[str, list[tuple[str, str]]] = {}
    for change in record.changes if record is not None else ():
        if change.pos is not None:
            note = f": {change.note}" if change.note else ""
            shown = f"{DONE[change.action]} by {record.file} line {change.line}{note}"
            found.setdefault(change.word, []).append((change.pos, shown))
    return found


def _override_of(manifest: Manifest, word: str, action: str) -> str | None:
    """How the manifest's overrides name a line that `action`ed `word` ("site.tsv line 3: Collins")."""
    record = manifest.overrides
    for change in record.changes if record is not None else ():
        if change.word == word and change.action == action and (action == "add" or change.pos is None):
            note = f": {change.note}" if change.note else ""
            return f"{record.file} line {change.line}{note}"
    return None


def _cause(
    word: str,
    pos: tuple[str, ...],
    titles: list[str],
    came: bool,
    sides: tuple[ListSide, ListSide],
    why: _Explainer,
    edited: set[str] | None,
) -> WordChange:
    """Why `word` came to NEW (`came`: explained by OLD's selection, `why`) or left it (by NEW's)."""
    old, new = sides
    here, there = ("add", "remove") if came else ("remove", "add")
    if (line := _override_of(new.manifest, word, here)) is not None:
        return WordChange(word, pos, "overrides", f"{DONE[here]} by {line}")
    if (line := _override_of(old.manifest, word, there)) is not None:
        return WordChange(word, pos, "overrides", f"no longer {DONE[there]} by the overrides ({line} before)")
    if not why.usable:
        return WordChange(word, pos, "unexplained")
    if not why.present(titles):
        return WordChange(word, pos, "new page" if came else "no longer in the dump")
    reasons = "; ".join(why.reasons(titles, word))
    return WordChange(word, pos, _page_cause(titles, edited), (f"was {reasons}" if came else reasons) or None)


def _page_cause(titles: list[str], edited: set[str] | None) -> str:
    if edited is None:
        return "unexplained"
    return "page edited" if edited.intersection(titles) else "rules changed"
