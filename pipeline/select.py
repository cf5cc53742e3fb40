"""Apply a selection profile to the entries table: the game words, their parts of speech and definitions.

Every entry gets a decision: the first rule that leaves it out, or none. Entry rules come first
(inflected forms, parts of speech, tags, forms of dropped lemmas), then the title rules
(characters, capitals, alphabet, length). Kept entries whose titles normalize to the same game
word are merged: German "Bauen" (noun) and "bauen" (verb) become one word BAUEN with both parts
of speech and both sets of definitions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import polars as pl

from wordlist.format import POS, POS_BITS
from wordlist_pipeline.profile import Profile

# Why a title is not made of the alphabet's letters, most telling first.
_OUTSIDE_ALPHABET = (
    ("contains a space", r"\s"),
    ("contains a digit", r"\d"),
    ("contains an apostrophe", r"['’]"),
    ("contains punctuation", r"[\p{P}\p{S}]"),
)
_WORDS_SCHEMA = {
    "word": pl.String, "pos": pl.List(pl.String), "pos_mask": pl.Int64, "titles": pl.List(pl.String),
    "definitions": pl.List(pl.String), "definition_pos": pl.List(pl.String),
}  # fmt: skip


@dataclass
class Selection:
    """The game words of one (language, profile), sorted, and the decision on every entry."""

    words: pl.DataFrame  # word, pos, pos_mask, titles, definitions, definition_pos
    decisions: pl.DataFrame  # row, word, pos, is_lemma, game, reason (null: kept)

    @property
    def entries_used(self) -> int:
        return self.decisions.filter(pl.col("reason").is_null()).height

    @property
    def dropped(self) -> Counter:
        reasons = self.decisions["reason"].drop_nulls()
        return Counter(dict(reasons.value_counts().iter_rows())) if reasons.len() else Counter()

    @property
    def definitions(self) -> int:
        return int(self.words["definitions"].list.len().sum()) if self.words.height else 0

    def counts_by_pos(self) -> dict[str, int]:
        counts = {name: int((self.words["pos_mask"] & bit > 0).sum()) for name, bit in POS_BITS.items()}
        return {name: n for name, n in counts.items() if n}

    def explain(self, title: str) -> list[tuple[str, str, str | None]]:
        """(part of speech, game word, reason left out or None) for each entry of page `title`."""
        rows = self.decisions.filter(pl.col("word") == title).sort("row")
        return [(r["pos"], r["game"], r["reason"]) for r in rows.iter_rows(named=True)]


# The entries columns a selection reads; callers loading a large table can read just these.
COLUMNS = ["word", "lang", "pos", "is_lemma", "tags", "form_of", "definitions"]


def select(entries: pl.DataFrame, profile: Profile, lang: str) -> Selection:
    # Decisions are made on the entries without their definitions (the bulk of the table);
    # only the kept entries' definitions are gathered, for the merge.
    profile = profile.for_language(lang)
    in_lang = entries["lang"] == lang
    if not in_lang.all():  # (a table holds one language as built; filtering would copy it)
        entries = entries.filter(in_lang)
    definitions = entries["definitions"]
    frame = entries.select(pl.exclude("definitions")).with_row_index("row")
    title = pl.col("word")
    game = title
    for char in profile.remove:
        game = game.str.replace_all(char, "", literal=True)
    if profile.lowercase:
        game = game.str.to_lowercase()
    for old, new in profile.replace.items():
        game = game.str.replace_all(old, new, literal=True)
    frame = frame.with_columns(game.alias("game"), pl.lit(None, dtype=pl.String).alias("reason"))

    def rule(frame: pl.DataFrame, condition: pl.Expr, reason: str | pl.Expr) -> pl.DataFrame:
        label = pl.lit(reason) if isinstance(reason, str) else reason
        return frame.with_columns(
            reason=pl.when(pl.col("reason").is_null() & condition).then(label).otherwise(pl.col("reason"))
        )

    if profile.lemmas_only:
        frame = rule(frame, ~pl.col("is_lemma"), "inflected form")
    frame = rule(
        frame, ~pl.col("pos").is_in(profile.allowed_pos()), pl.format("part of speech {}", pl.col("pos"))
    )
    for tag in profile.exclude_tags:
        frame = rule(frame, pl.col("tags").list.contains(tag), f"tagged {tag}")
    if profile.forms_follow_lemmas:
        frame = rule(frame, _forms_of_dropped_lemmas(frame), "form of a dropped word")
    for char in profile.exclude_characters:
        frame = rule(frame, title.str.contains(char, literal=True), f"contains {char!r}")
    if profile.exclude_capitalized:
        frame = rule(frame, title.str.contains(r"\p{Lu}"), "capitalized")
    outside = pl.when(pl.lit(False)).then(pl.lit(""))
    for label, pattern in _OUTSIDE_ALPHABET:
        outside = outside.when(pl.col("game").str.contains(pattern)).then(pl.lit(label))
    letters = profile.alphabet(lang)
    frame = rule(
        frame,
        ~pl.col("game").str.contains(f"^[{letters}]+$"),
        outside.otherwise(pl.lit("letters outside the alphabet")),
    )
    length = pl.col("game").str.len_chars()
    frame = rule(frame, length < profile.min_length, f"shorter than {profile.min_length} letters")
    if profile.max_length is not None:
        frame = rule(frame, length > profile.max_length, f"longer than {profile.max_length} letters")
    kept = frame.filter(pl.col("reason").is_null()).select("row", "word", "game", "pos")
    decisions = frame.select("row", "word", "pos", "is_lemma", "game", "reason")
    return Selection(_merge(kept, definitions), decisions)


def _forms_of_dropped_lemmas(frame: pl.DataFrame) -> pl.Expr:
    """Inflected forms all of whose lemmas have entries but none that is kept so far ("cops" of slang
    "cop"). A form whose lemmas are not in the dump at all is kept: there is nothing to judge it by."""
    lemmas = frame.filter(pl.col("is_lemma"))
    known = set(lemmas["word"].to_list())
    good = set(lemmas.filter(pl.col("reason").is_null())["word"].to_list())
    doomed = [
        row
        for row, form_of in frame.filter(~pl.col("is_lemma") & pl.col("reason").is_null())
        .select("row", "form_of")
        .iter_rows()
        if form_of
        and all(lemma in known for lemma in form_of)
        and not any(lemma in good for lemma in form_of)
    ]
    return pl.col("row").is_in(doomed)


def _merge(kept: pl.DataFrame, definitions: pl.Series) -> pl.DataFrame:
    """One row per game word: parts of speech, source titles, and definitions without repeats.

    `kept` has the kept entries' row, word, game and pos; `definitions[row]` are their
    definitions, gathered once the entries are in order (sorting them along would copy them).
    """
    if kept.height == 0:
        return pl.DataFrame(schema=_WORDS_SCHEMA)
    kept = kept.sort(["game", "word", "row"]).with_columns(bit=pl.col("pos").replace_strict(POS_BITS))
    heads = kept.group_by("game", maintain_order=True).agg(
        pos_mask=pl.col("bit").unique().sum(),
        titles=pl.col("word").unique(maintain_order=True),
    )
    senses = (
        kept.select("game", "pos", definitions=definitions.gather(kept["row"]))
        .explode("definitions")
        .drop_nulls("definitions")
        .unique(subset=["game", "definitions", "pos"], keep="first", maintain_order=True)
        .group_by("game", maintain_order=True)
        .agg(definitions=pl.col("definitions"), definition_pos=pl.col("pos"))
    )
    # the names of each distinct mask (a few dozen): a join, not a function call per word
    masks = heads["pos_mask"].unique().sort()
    names = pl.DataFrame(
        {"pos_mask": masks, "pos": [[n for n in POS if mask & POS_BITS[n]] for mask in masks]},
        schema={"pos_mask": masks.dtype, "pos": pl.List(pl.String)},
    )
    merged = (
        heads.join(senses, on="game", how="left", maintain_order="left")
        .join(names, on="pos_mask", how="left", maintain_order="left")
        .with_columns(pl.col("definitions").fill_null([]), pl.col("definition_pos").fill_null([]))
    )
    # already in word order: the heads are grouped from entries sorted by game word
    return merged.rename({"game": "word"}).select(list(_WORDS_SCHEMA)).cast(_WORDS_SCHEMA)
