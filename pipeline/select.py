"""Apply a selection profile to the entries table: the game words, their parts of speech and definitions.

Every entry gets a decision: the first rule that leaves it out (a rule name of
wordlist.format.LEFT_OUT_RULES and its value, e.g. ("tag", "slang")), or none. Slurs come first
(every list, every profile: `_slur_words`), then the entry rules (inflected forms, parts of
speech, tags of the entry or of every one of its definitions, forms of dropped or missing
lemmas), then the title rules (characters, capitals, alphabet, length). An
entry with no part of speech of its own that points to another spelling (German "Abschluß", an
old spelling with no entry heading) is decided with the part of speech of that spelling's entry.
Kept entries whose titles normalize to the same game word are merged: German "Bauen" (noun) and
"bauen" (verb) become one word BAUEN with both parts of speech and both sets of definitions.

At the real English dump's size (1.35 million entries, 3.8 million definitions) the definitions are
most of the table, so they are never copied: decisions are made without them, and a Selection
holds the merged words as indexes into the table's own definitions, assembled batch by batch as
a writer asks for them (`Selection.word_batches`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

import polars as pl

from wordlist.format import POS, POS_BITS, Alphabet, LeftOut, OverrideChange, Overrides, describe_left_out
from wordlist_pipeline.entries import TAGS
from wordlist_pipeline.overrides import ListChange, ListOverrides
from wordlist_pipeline.profile import Profile

# Why a title is not made of the alphabet's letters, most telling first (values of the rule
# "outside_alphabet"; the last one, "letter", is everything else).
_OUTSIDE_ALPHABET = (
    ("space", r"\s"),
    ("digit", r"\d"),
    ("apostrophe", r"['’]"),
    ("punctuation", r"[\p{P}\p{S}]"),
)
_POS_ENUM = pl.Enum(POS)
WORDS_SCHEMA = {
    "word": pl.String, "pos": pl.List(pl.String), "pos_mask": pl.Int64, "titles": pl.List(pl.String),
    "definitions": pl.List(pl.String), "definition_pos": pl.List(pl.String),
    "definition_source": pl.List(pl.String),
}  # fmt: skip
_DEFINITION_COLUMNS = ("definitions", "definition_pos", "definition_source")
# Where a definition comes from (words.parquet's definition_source): the dump, or a site's overrides.
WIKTIONARY, OVERRIDES = "wiktionary", "overrides"


class Why(NamedTuple):
    """How one entry of a page fared: its part of speech, its game word, why it was left out (None:
    it is in), the line of the overrides that added or removed it (None: no line did), and its row
    in the entries table (None: an addition of the overrides), which tells two entries of one part
    of speech apart (`definitions_of_rows`)."""

    pos: str
    game: str
    reason: str | None
    override: str | None
    row: int | None = None


@dataclass
class Selection:
    """The game words of one (language, profile), sorted, and the decision on every entry.

    The words are held as indexes into the entries table's own columns (not copies): `heads`,
    one row per game word, and `sources`, the kept entries in the order their titles and
    definitions are shown. `word_batches` (or `words`) assembles the words, a batch at a time.
    """

    decisions: pl.DataFrame | None  # row, word, pos, is_lemma, game, rule (null: kept), value
    heads: pl.DataFrame  # in word order: word, pos_mask
    sources: pl.DataFrame  # kept entries by game word, title, row: row, head (row in heads), pos
    titles: pl.Series  # the entries' titles, by row (the table's own column, then the additions')
    entries_used: int
    dropped: Counter[tuple[str, str | None]]  # how many entries each (rule, value) left out
    entry_definitions: pl.Series | None = None  # the entries' definitions, by row (None: not read yet)
    # The overrides the list applies (their additions are rows from `table_rows` on, after the
    # table's), the definitions of those rows, and what the overrides did (the manifest's record).
    overrides: ListOverrides | None = None
    table_rows: int = 0
    added_definitions: pl.Series | None = None
    overrides_record: Overrides | None = None

    @property
    def words(self) -> pl.DataFrame:
        """The whole list: word, pos, pos_mask, titles, definitions, definition_pos."""
        batches = list(self.word_batches(max(1, self.heads.height)))
        return pl.concat(batches) if batches else pl.DataFrame(schema=WORDS_SCHEMA)

    def with_definitions(self, definitions: pl.Series) -> Selection:
        """This selection with the definitions of the entries it was made from (`definitions_column`):
        a table's decisions need no definitions, which are most of its bytes."""
        if self.added_definitions is not None and len(definitions) == self.table_rows:
            definitions = pl.concat([definitions, self.added_definitions], rechunk=False)
        if len(definitions) != len(self.titles):
            raise ValueError(f"{len(definitions)} rows of definitions for {len(self.titles)} entries")
        return replace(self, entry_definitions=definitions)

    def without_decisions(self) -> Selection:
        """This selection without the decision on every entry (kept: their counts), for a writer:
        at 1.35 million entries the decisions are 40 MB that a word list does not need."""
        return replace(self, decisions=None)

    def word_batches(self, size: int) -> Iterator[pl.DataFrame]:
        """The words in order, `size` at a time, each with its source titles and its definitions
        without repeats (the same definition and part of speech from two entries of one game
        word is shown once)."""
        definitions = self.entry_definitions
        if definitions is None:
            raise ValueError("the selection was made without definitions: see with_definitions")
        source_heads = self.sources["head"]
        for start in range(0, self.heads.height, size):
            part = self.heads.slice(start, size).with_row_index("head", start)
            bounds = pl.Series([start, start + part.height], dtype=source_heads.dtype)
            low, high = source_heads.search_sorted(bounds, "left").to_list()
            sources = self.sources.slice(low, high - low).with_columns(
                title=self.titles.gather(self.sources["row"].slice(low, high - low))
            )
            # in title order: a title's entries are next to each other
            titles = (
                sources.filter(pl.struct("head", "title").is_first_distinct())
                .group_by("head", maintain_order=True)
                .agg(titles="title")
            )
            added = pl.col("row") >= self.table_rows if self.added_definitions is not None else pl.lit(False)
            senses = (
                sources.select(
                    "head",
                    definition_pos=pl.col("pos").cast(pl.String),
                    definitions=definitions.gather(sources["row"]),
                    definition_source=pl.when(added).then(pl.lit(OVERRIDES)).otherwise(pl.lit(WIKTIONARY)),
                )
                .explode("definitions", empty_as_null=False)
                .drop_nulls("definitions")
            )
            senses = (
                senses.filter(_first_of_each(senses))
                .group_by("head", maintain_order=True)
                .agg("definitions", "definition_pos", "definition_source")
            )
            yield (
                part.join(titles, on="head", how="left", maintain_order="left")
                .join(senses, on="head", how="left", maintain_order="left")
                .join(_pos_names(part["pos_mask"]), on="pos_mask", how="left", maintain_order="left")
                .with_columns(
                    pl.col(c).fill_null([]) for c in ("definitions", "definition_pos", "definition_source")
                )
                .select(list(WORDS_SCHEMA))
                .cast(WORDS_SCHEMA)
            )

    def left_out(self) -> tuple[LeftOut, ...]:
        """The manifest's reasons: most first, then by rule and value."""
        ranked = sorted(self.dropped.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1] or ""))
        return tuple(LeftOut(rule, value, n) for (rule, value), n in ranked)

    @property
    def definitions(self) -> int:
        """How many definitions the list holds (assembles the list: a writer counts as it goes)."""
        return sum(int(b["definitions"].list.len().sum()) for b in self.word_batches(1 << 16))

    def counts_by_pos(self) -> dict[str, int]:
        masks = self.heads["pos_mask"]
        counts = {name: int((masks & bit > 0).sum()) for name, bit in POS_BITS.items()}
        return {name: n for name, n in counts.items() if n}

    def explain(self, title: str) -> list[tuple[str, str, str | None]]:
        """(part of speech, game word, reason left out or None) for each entry of page `title`."""
        return [(why.pos, why.game, why.reason) for why in self.why(title)]

    def why(self, title: str) -> list[Why]:
        """How each entry of page `title` (or word an addition of the overrides spells so) fared."""
        return self.why_each([title]).get(title, [])

    def why_each(self, titles: Iterable[str]) -> dict[str, list[Why]]:
        """`why` of each of `titles` that has entries, from one pass over the decisions."""
        if self.decisions is None:
            raise ValueError("this copy of the selection has no decisions (without_decisions)")
        wanted = pl.Series(list(titles), dtype=pl.String).implode()
        rows = self.decisions.filter(pl.col("word").is_in(wanted)).sort("row")
        found: dict[str, list[Why]] = {}
        for r in rows.iter_rows(named=True):
            reason = describe_left_out(r["rule"], r["value"]) if r["rule"] else None
            change = self._change_of(r["row"], r["game"], r["pos"], r["rule"])
            shown = self.overrides.describe(change) if self.overrides and change else None
            added = self.overrides is not None and r["row"] >= self.table_rows
            row = None if added else r["row"]
            why = Why(r["pos"], r["game"], shown if r["rule"] == "override" else reason, shown, row)
            found.setdefault(r["word"], []).append(why)
        return found

    def _change_of(self, row: int, game: str, pos: str, rule: str | None) -> ListChange | None:
        """The line of the overrides that added entry `row`, or removed it (rule "override")."""
        if self.overrides is None:
            return None
        if row >= self.table_rows:
            return self.overrides.additions[row - self.table_rows]
        if rule != "override":
            return None
        return next(c for c in self.overrides.removals if c.game == game and c.line.pos in (None, pos))


# The entries columns a selection reads; callers loading a large table can read just these.
COLUMNS = ["word", "lang", "pos", "is_lemma", "tags", "form_of", "alt_of", "definitions", "definition_tags"]
# Each tag as a bit: a definition's tags become one number, not a list of strings.
_TAG_BITS = {tag: 1 << i for i, tag in enumerate(TAGS)}
assert len(TAGS) <= 32, "a definition's tag bits are a UInt32"
TAG_BITS_COLUMN = "definition_tag_bits"


def decision_columns(path: Path, lang: str) -> pl.DataFrame:
    """The entries of `lang` in the table at `path`, with the columns `select` decides on: all of
    COLUMNS but the definitions (`definitions_column`), and each definition's tags as one bit mask
    (TAG_BITS_COLUMN; at 1.35 million entries the tags' strings cost 70 MB more)."""
    columns = [c for c in COLUMNS if c not in ("definitions", "definition_tags")]
    tag_bits = _tag_bits(pl.col("definition_tags")).alias(TAG_BITS_COLUMN)
    entries = _rows_of(path, lang).select(*columns, tag_bits).collect(engine="streaming")
    # one piece, not one per row group: the titles are gathered by row, 6x faster from one chunk
    return entries.with_columns(entries["word"].rechunk())


def definitions_column(path: Path, lang: str) -> pl.Series:
    """The definitions of the entries of `lang` in the table at `path`, rows as in `decision_columns`."""
    in_lang = _rows_of(path, lang)
    # one piece, not one per row group: gathering rows from 135 chunks took 6x as long
    return in_lang.select("definitions").collect(engine="streaming").to_series().rechunk()


def definitions_of_rows(path: Path, lang: str, rows: Iterable[int]) -> pl.DataFrame:
    """The definitions of the entries `rows` of `lang` in the table at `path` (rows as in
    `decision_columns`): columns row, definitions. Streamed: the column is most of a table's bytes."""
    wanted = pl.Series(sorted(set(rows)), dtype=pl.UInt32).implode()
    return (
        _rows_of(path, lang)
        .with_row_index("row")
        .filter(pl.col("row").is_in(wanted))
        .select("row", "definitions")
        .collect(engine="streaming")
    )


def _rows_of(path: Path, lang: str) -> pl.LazyFrame:
    # a null language is kept, for the reader to report the table as damaged (not to drop rows)
    return pl.scan_parquet(path).filter((pl.col("lang") == lang) | pl.col("lang").is_null())


def _tag_bits(definition_tags: pl.Expr) -> pl.Expr:
    """Each definition's tags (a list of names) as the sum of their bits (unknown names count 0)."""
    bits = pl.element().replace_strict(_TAG_BITS, default=0, return_dtype=pl.UInt32)
    return definition_tags.list.eval(pl.element().list.eval(bits).list.unique().list.sum())


# A rule: its name, which entries it leaves out, and the value it records (a column, or a constant).
_Rule = tuple[str, pl.Expr, "str | int | pl.Expr | None"]


def select(
    entries: pl.DataFrame, profile: Profile, lang: str, overrides: ListOverrides | None = None
) -> Selection:
    """The list of `profile` in `lang` from `entries`, with a site's `overrides` (its lines as this
    list applies them: `OverridesFile.for_list`). An addition becomes an entry of its own after
    the table's, which only the part-of-speech rule judges; a removal leaves out the entries spelled
    so that every other rule keeps (so it is the reason given only where it made a difference)."""
    profile = profile.for_language(lang)
    in_lang = entries["lang"] == lang
    if not in_lang.all():  # (a table holds one language as built; filtering would copy it)
        entries = entries.filter(in_lang)
    alphabet = profile.alphabet_record(lang)
    frame = _spellings_take_their_targets_pos(entries.select(pl.exclude("definitions")).with_row_index("row"))
    table_rows = frame.height
    additions = overrides.additions if overrides is not None else ()
    if additions:
        frame = pl.concat([frame, _added_rows(frame.schema, additions, lang, table_rows)])
    frame = frame.with_columns(normalized(frame["word"], alphabet).alias("game"))
    not_added = pl.col("row") < table_rows
    removed, reason = _removed(overrides.removals if overrides is not None else (), not_added)
    title = pl.col("word")

    rules: list[_Rule] = []
    if TAG_BITS_COLUMN in frame.columns or "definition_tags" in frame.columns:  # every list: no slurs
        rules.append(("slur", pl.col("game").is_in(_slur_words(frame).implode()), None))
    if profile.lemmas_only:
        rules.append(("inflected_form", ~pl.col("is_lemma"), None))
    rules.append(("part_of_speech", ~pl.col("pos").is_in(profile.allowed_pos()), pl.col("pos")))
    if profile.exclude_tags:  # the profile's first tag the entry has: one pass, not one per tag
        order = {tag: i for i, tag in enumerate(profile.exclude_tags)}
        first_tag = pl.col("tags").list.eval(pl.element().replace_strict(order, default=None)).list.min()
        frame = frame.with_columns(first_tag.alias("_tag"))
        rules += [("tag", pl.col("_tag") == i, tag) for tag, i in order.items()]
        if TAG_BITS_COLUMN in frame.columns or "definition_tags" in frame.columns:
            # "fart": informal + vulgar, colloquial; no tag on every sense, but no sense a player accepts
            every = _every_definition_tagged(_definition_tag_bits(frame), profile.exclude_tags)
            rules.append(("every_definition_excluded", every, None))
    if profile.forms_follow_lemmas:  # judged by the lemmas that the rules above keep
        met = [met for _, met, _ in _only_part_of_speech_for_additions(rules, not_added)] + [removed]
        alive = frame.select(~pl.any_horizontal(m.fill_null(False) for m in met))
        dropped, missing = _forms_without_kept_lemmas(frame.with_columns(alive=alive.to_series()))
        rules.append(("form_of_dropped_word", dropped, None))
        rules.append(("form_of_missing_word", missing, None))

    rules += [("character", title.str.contains(c, literal=True), c) for c in profile.exclude_characters]
    policy = profile.title_policy(lang)
    if policy != "any":  # FBI, PM, TÜV: for word lists, an initialism or acronym in every language
        all_capitals = title.str.contains(r"\p{Lu}.*\p{Lu}") & ~title.str.contains(r"\p{Ll}")
        rules.append(("all_capitals", all_capitals, None))
    if policy == "lowercase":  # English: Monday, German, Cameroon, Aaronic are proper or derived from one
        # a capital right after a hyphen is a proper adjective inside a compound: anti-Semitism;
        # a capital alone before a hyphen is a letter's name, not a proper noun: X-ray, T-shirt
        named_letter = title.str.replace(r"^\p{Lu}-", "-")
        rules.append(("capitalized", named_letter.str.contains(r"(?:^|[^-])\p{Lu}"), None))
    outside = pl.when(pl.lit(False)).then(pl.lit(""))
    for label, pattern in _OUTSIDE_ALPHABET:
        outside = outside.when(pl.col("game").str.contains(pattern)).then(pl.lit(label))
    letters = f"^[{_character_class(alphabet.letters)}]+$"
    rules.append(
        ("outside_alphabet", ~pl.col("game").str.contains(letters), outside.otherwise(pl.lit("letter")))
    )
    length = pl.col("game").str.len_chars()
    rules.append(("too_short", length < profile.min_length, profile.min_length))
    if profile.max_length is not None:
        rules.append(("too_long", length > profile.max_length, profile.max_length))

    # a removal is the last rule: the reason given only where no other rule left the entry out
    rules = [*_only_part_of_speech_for_additions(rules, not_added), ("override", removed, reason)]
    rule, value = _first_rule_met(frame, rules)
    decisions = frame.select("row", "word", "pos", "is_lemma", "game").with_columns(rule=rule, value=value)
    definitions = entries["definitions"] if "definitions" in entries.columns else None
    if overrides is None:
        return _merge(decisions, definitions)
    added_definitions = pl.Series(
        "definitions",
        [[c.line.definition] if c.line.definition else [] for c in additions],
        pl.List(pl.String),
    )
    if definitions is not None:
        definitions = pl.concat([definitions, added_definitions], rechunk=False)
    return replace(
        _merge(decisions, definitions),
        overrides=overrides,
        table_rows=table_rows,
        added_definitions=added_definitions,
        overrides_record=_overrides_record(decisions, overrides, table_rows),
    )


# --- a site's overrides ----------------------------------------------------------------------------


def _added_rows(
    schema: pl.Schema, additions: tuple[ListChange, ...], lang: str, first_row: int
) -> pl.DataFrame:
    """The overrides' additions as entries of the table's shape: lemmas without tags, each with the
    definition its line gives (or none), numbered from `first_row`."""
    count = len(additions)
    defined = [bool(c.line.definition) for c in additions]
    given = {
        "row": list(range(first_row, first_row + count)),
        "word": [c.line.word for c in additions],
        "lang": [lang] * count,
        "pos": [c.line.pos for c in additions],
        "is_lemma": [True] * count,
        TAG_BITS_COLUMN: [[0] if d else [] for d in defined],
        "definition_tags": [[[]] if d else [] for d in defined],
    }
    return pl.DataFrame(
        [
            pl.Series(name, given.get(name, [[] if isinstance(dtype, pl.List) else None] * count), dtype)
            for name, dtype in schema.items()
        ]
    )


def _removed(removals: tuple[ListChange, ...], not_added: pl.Expr) -> tuple[pl.Expr, pl.Expr]:
    """(the entries the overrides remove, the reason of each): those spelled as a removal's word
    (in the list's spelling), of its part of speech when it names one; never an addition."""
    if not removals:
        return pl.lit(False), pl.lit(None, pl.String)
    whole = {c.game: c.line.note for c in removals if c.line.pos is None}
    of_pos = {f"{c.game}\t{c.line.pos}": c.line.note for c in removals if c.line.pos is not None}
    reason = pl.coalesce(
        pl.col("game").replace_strict(whole, default=None, return_dtype=pl.String),
        pl.concat_str("game", pl.lit("\t"), "pos").replace_strict(
            of_pos, default=None, return_dtype=pl.String
        ),
    )
    return reason.is_not_null() & not_added, reason


def _only_part_of_speech_for_additions(rules: list[_Rule], not_added: pl.Expr) -> list[_Rule]:
    """`rules` as they apply to the overrides' additions: a curator's word is in whatever the dump
    says, if the list takes its part of speech."""
    return [(name, met if name == "part_of_speech" else met & not_added, shown) for name, met, shown in rules]


def _overrides_record(decisions: pl.DataFrame, overrides: ListOverrides, table_rows: int) -> Overrides:
    """What the overrides did, for the manifest: an addition counts when it put a word or a part of
    speech into the list that the dump did not, a removal when it left out an entry no other rule did."""
    games = pl.Series([c.game for c in overrides.changes], dtype=pl.String).implode()
    mine = decisions.filter(pl.col("game").is_in(games))
    kept = mine.filter(pl.col("rule").is_null())
    from_dump = set(kept.filter(pl.col("row") < table_rows).select("game", "pos").iter_rows())
    added_kept = set(kept.filter(pl.col("row") >= table_rows)["row"].to_list())
    removed_pairs = set(mine.filter(pl.col("rule") == "override").select("game", "pos").iter_rows())
    removed_words = {game for game, _ in removed_pairs}
    changes = []
    additions = iter(range(table_rows, table_rows + len(overrides.additions)))
    for change in overrides.changes:
        line = change.line
        if line.action == "add":
            made = next(additions) in added_kept and (change.game, line.pos) not in from_dump
        else:
            made = (change.game, line.pos) in removed_pairs if line.pos else change.game in removed_words
        if made:
            changes.append(OverrideChange(line.line, line.action, change.game, line.pos, line.note))
    added = sum(c.action == "add" for c in changes)
    return Overrides(
        file=overrides.name,
        sha256=overrides.sha256,
        lines=len(overrides.changes),
        added=added,
        removed=len(changes) - added,
        unchanged=len(overrides.changes) - len(changes),
        changes=tuple(changes),
    )


def _first_rule_met(frame: pl.DataFrame, rules: list[_Rule]) -> tuple[pl.Series, pl.Series]:
    """The name and value of the first of `rules` each entry meets (null: none, the entry is kept).

    The rules are evaluated side by side into one small code per entry, and the strings are made
    once from the codes. A value that is a column expression is computed only for the entries
    its rule leaves out.
    """
    first = pl.coalesce([pl.when(met).then(pl.lit(i, pl.UInt8)) for i, (_, met, _) in enumerate(rules)])
    codes = frame.select(first.alias("code")).to_series()
    names = {i: name for i, (name, _, _) in enumerate(rules)}
    constants = {i: str(shown) for i, (_, _, shown) in enumerate(rules) if isinstance(shown, str | int)}
    # categorical: a few distinct strings, 4 bytes an entry where a string column costs 16
    rule = codes.replace_strict(names, default=None, return_dtype=pl.Categorical).alias("rule")
    value = codes.replace_strict(constants, default=None, return_dtype=pl.String).alias("value")
    for i, (_, _, shown) in enumerate(rules):
        if isinstance(shown, pl.Expr) and len(at := (codes == i).arg_true()):
            needed = frame.select(list(dict.fromkeys(shown.meta.root_names())))[at]
            value = value.scatter(at, needed.select(shown.cast(pl.String)).to_series())
    return rule, value.cast(pl.Categorical)


def _definition_tag_bits(frame: pl.DataFrame) -> pl.Expr:
    """Each definition's tags as bits: the table's column of them, or made from its tag names."""
    if TAG_BITS_COLUMN in frame.columns:
        return pl.col(TAG_BITS_COLUMN)
    return _tag_bits(pl.col("definition_tags"))


_SLUR = _TAG_BITS["slur"]
_OFFENSIVE = _SLUR | _TAG_BITS["offensive"] | _TAG_BITS["derogatory"]


def _slur_words(frame: pl.DataFrame) -> pl.Series:
    """The game words of the titles that are slurs, which every list leaves out (every entry of any
    title spelled so): a title one of whose senses is labelled a slur, when that sense is its first
    (its first entry's first definition: Wiktionary lists the main sense first), or when every
    sense of the title is offensive or derogatory (NASPA's rule for its word lists in 2020). A
    word with a slur sense beside a main sense of its own stays: apple, brown."""
    bits = frame.select("row", "word", "game", bits=_definition_tag_bits(frame))
    has_slur = pl.col("bits").list.eval((pl.element() & _SLUR) != 0).list.any()
    titles = bits.filter(has_slur)["word"].unique()
    if titles.is_empty():  # nearly every table: one scan, nothing else
        return pl.Series("game", [], pl.String)
    pages = bits.filter(pl.col("word").is_in(titles.implode())).sort("row")
    senses = pages.select("word", "bits").explode("bits").drop_nulls("bits")
    slurs = senses.group_by("word").agg(
        first=(pl.col("bits").first() & _SLUR) != 0, offensive=((pl.col("bits") & _OFFENSIVE) != 0).all()
    )
    slurs = slurs.filter(pl.col("first") | pl.col("offensive"))["word"]
    return pages.filter(pl.col("word").is_in(slurs.implode()))["game"].unique().sort()


def _every_definition_tagged(tag_bits: pl.Expr, tags: tuple[str, ...]) -> pl.Expr:
    """Entries with definitions, each of which carries at least one of `tags` (`tag_bits`: each
    definition's tags as bits)."""
    excluded = sum(_TAG_BITS[tag] for tag in tags)
    return (tag_bits.list.len() > 0) & tag_bits.list.eval((pl.element() & excluded) != 0).list.all()


def normalized(titles: pl.Series, alphabet: Alphabet) -> pl.Series:
    """`Alphabet.normalize` of every title, vectorized where that is provably the same.

    On ASCII titles the removals, lower-casing and replacements are the same literal operations in
    Polars. A title beyond ASCII goes through the library's own `normalize`: composition (NFC)
    and lower-casing follow the Unicode version of each implementation (55 characters of Unicode
    15-16 are lower-cased by Polars and not by Python 3.11), and a list's words are what the
    library will look them up as. Few titles of an edition's own language are beyond ASCII.
    """
    # a character beyond ASCII takes more than one byte in UTF-8
    beyond_ascii = (titles.str.len_bytes() != titles.str.len_chars()).fill_null(False).arg_true()
    beyond = [alphabet.normalize(title) for title in titles.gather(beyond_ascii).to_list()]
    for char in alphabet.remove:
        titles = titles.str.replace_all(char, "", literal=True)
    if alphabet.lowercase:
        titles = titles.str.to_lowercase()
    for old, new in alphabet.replace.items():
        titles = titles.str.replace_all(old, new, literal=True)
    return titles.scatter(beyond_ascii, beyond) if beyond else titles


def _character_class(letters: str) -> str:
    """The letters inside a regex [...]: the characters special there escaped."""
    return "".join("\\" + c if c in "\\[]^-&~" else c for c in letters)


def _forms_without_kept_lemmas(frame: pl.DataFrame) -> tuple[pl.Expr, pl.Expr]:
    """Inflected forms none of whose lemmas is kept: (those with a lemma entry, all of them
    dropped: "cops" of slang "cop"; those whose lemmas have no entry at all: "dls" of "dl", in a dump
    without it). A form is a word of the list only with its lemma: a lemma missing from the dump
    (a red link, a page of another language) vouches for nothing. `alive`: kept by the entry rules.
    A form that names no lemma is not judged here."""
    lemmas = frame.lazy().filter(pl.col("is_lemma")).group_by("word").agg(good=pl.col("alive").any())
    judged = (
        frame.lazy()
        .filter(~pl.col("is_lemma") & pl.col("alive") & (pl.col("form_of").list.len() > 0))
        .select("row", lemma=pl.col("form_of"))
        .explode("lemma")
        .join(lemmas, left_on="lemma", right_on="word", how="left")
        .group_by("row")
        .agg(present=pl.col("good").is_not_null().any(), good=pl.col("good").fill_null(False).any())
        .filter(~pl.col("good"))
        .collect()
    )
    dropped = judged.filter(pl.col("present"))["row"].implode()
    missing = judged.filter(~pl.col("present"))["row"].implode()
    return pl.col("row").is_in(dropped), pl.col("row").is_in(missing)


def _spellings_take_their_targets_pos(frame: pl.DataFrame) -> pl.DataFrame:
    """Entries of part of speech "other" that point to another spelling (`alt_of`) with the part
    of speech and lemma status of that spelling's first entry (a lemma first, then in table order;
    the first spelling named that has an entry). Such an entry has no part of speech of its own:
    a German old spelling's page may hold only {{Alte Schreibweise|Abschluss}}."""
    if "alt_of" not in frame.columns:
        return frame
    pending = frame.filter((pl.col("pos") == "other") & (pl.col("alt_of").list.len() > 0))
    if not pending.height:  # nearly every table: nothing to look up
        return frame
    targets = (
        frame.filter(pl.col("pos") != "other")
        .sort(["is_lemma", "row"], descending=[True, False])
        .group_by("word", maintain_order=True)
        .agg(pl.col("pos").first(), pl.col("is_lemma").first())
    )
    found = (
        pending.select("row", target=pl.col("alt_of"))
        .explode("target")
        .join(targets, left_on="target", right_on="word", how="inner", maintain_order="left")
        .group_by("row", maintain_order=True)
        .agg(pl.col("pos").first(), pl.col("is_lemma").first())
    )
    return frame.update(found, on="row")


def _pos_names(masks: pl.Series) -> pl.DataFrame:
    """The names of each distinct mask (a few dozen): joined, not a function call per word."""
    masks = masks.unique().sort()
    return pl.DataFrame(
        {"pos_mask": masks, "pos": [[n for n in POS if mask & POS_BITS[n]] for mask in masks]},
        schema={"pos_mask": masks.dtype, "pos": pl.List(pl.String)},
    )


def _merge(decisions: pl.DataFrame, definitions: pl.Series | None) -> Selection:
    """One row per game word with its parts of speech, and the kept entries in the order their
    titles and definitions are shown: by game word, title, then entry."""
    kept = decisions.filter(pl.col("rule").is_null())
    order = kept.select(pl.arg_sort_by("game", "word", "row")).to_series()
    kept = kept.select("row", "game", "pos")[order].with_columns(
        head=pl.col("game").rle_id(), bit=pl.col("pos").replace_strict(POS_BITS)
    )
    heads = kept.group_by("head", maintain_order=True).agg(
        word=pl.col("game").first(), pos_mask=pl.col("bit").unique().sum()
    )
    sources = kept.select("row", "head", pl.col("pos").cast(_POS_ENUM))  # 1 byte a part of speech, not 16
    reasons = decisions.filter(pl.col("rule").is_not_null()).group_by("rule", "value").len()
    dropped = Counter({(rule, value): n for rule, value, n in reasons.iter_rows()})
    entries_used = decisions.height - dropped.total()
    return Selection(
        decisions, heads.drop("head"), sources, decisions["word"], entries_used, dropped, definitions
    )


def _first_of_each(senses: pl.DataFrame) -> pl.Series:
    """True for the first sense of each (head, definitions, definition_pos).

    Found on a 64-bit hash of the three; only senses whose hash repeats are compared as strings.
    """
    keys = senses.select("head", "definitions", "definition_pos").hash_rows()
    first = keys.is_first_distinct()
    if first.all():
        return first
    shared = keys.is_in(keys.filter(~first).implode()).arg_true()
    exact = senses[shared].select(pl.struct("head", "definitions", "definition_pos").is_first_distinct())
    return first.scatter(shared, exact.to_series())
