"""Apply a selection profile to the entries table: the game words, their parts of speech and definitions.

Every entry gets a decision: the first rule that leaves it out (a rule name of
wordlist.format.LEFT_OUT_RULES and its value, e.g. ("tag", "slang")), or none. Entry rules come first
(inflected forms, parts of speech, tags of the entry or of every one of its definitions, forms of
dropped lemmas), then the title rules (characters, capitals, alphabet, length). Kept entries whose
titles normalize to the same game word are merged: German "Bauen" (noun) and "bauen" (verb) become
one word BAUEN with both parts of speech and both sets of definitions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import polars as pl

from wordlist.format import POS, POS_BITS, Alphabet, LeftOut, describe_left_out
from wordlist_pipeline.profile import Profile

# Why a title is not made of the alphabet's letters, most telling first (values of the rule
# "outside_alphabet"; the last one, "letter", is everything else).
_OUTSIDE_ALPHABET = (
    ("space", r"\s"),
    ("digit", r"\d"),
    ("apostrophe", r"['’]"),
    ("punctuation", r"[\p{P}\p{S}]"),
)
_WORDS_SCHEMA = {
    "word": pl.String, "pos": pl.List(pl.String), "pos_mask": pl.Int64, "titles": pl.List(pl.String),
    "definitions": pl.List(pl.String), "definition_pos": pl.List(pl.String),
}  # fmt: skip


@dataclass
class Selection:
    """The game words of one (language, profile), sorted, and the decision on every entry."""

    words: pl.DataFrame  # word, pos, pos_mask, titles, definitions, definition_pos
    decisions: pl.DataFrame  # row, word, pos, is_lemma, game, rule (null: kept), value

    @property
    def entries_used(self) -> int:
        return self.decisions.filter(pl.col("rule").is_null()).height

    @property
    def dropped(self) -> Counter[tuple[str, str | None]]:
        """How many entries each (rule, value) left out."""
        reasons = self.decisions.filter(pl.col("rule").is_not_null())
        return Counter(
            {(rule, value): n for rule, value, n in reasons.group_by("rule", "value").len().iter_rows()}
        )

    def left_out(self) -> tuple[LeftOut, ...]:
        """The manifest's reasons: most first, then by rule and value."""
        ranked = sorted(self.dropped.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1] or ""))
        return tuple(LeftOut(rule, value, n) for (rule, value), n in ranked)

    @property
    def definitions(self) -> int:
        return int(self.words["definitions"].list.len().sum()) if self.words.height else 0

    def counts_by_pos(self) -> dict[str, int]:
        counts = {name: int((self.words["pos_mask"] & bit > 0).sum()) for name, bit in POS_BITS.items()}
        return {name: n for name, n in counts.items() if n}

    def explain(self, title: str) -> list[tuple[str, str, str | None]]:
        """(part of speech, game word, reason left out or None) for each entry of page `title`."""
        rows = self.decisions.filter(pl.col("word") == title).sort("row")
        return [
            (r["pos"], r["game"], describe_left_out(r["rule"], r["value"]) if r["rule"] else None)
            for r in rows.iter_rows(named=True)
        ]


# The entries columns a selection reads; callers loading a large table can read just these.
COLUMNS = ["word", "lang", "pos", "is_lemma", "tags", "form_of", "definitions", "definition_tags"]


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
    alphabet = profile.alphabet_record(lang)
    frame = frame.with_columns(
        normalized(frame["word"], alphabet).alias("game"),
        pl.lit(None, dtype=pl.String).alias("rule"),
        pl.lit(None, dtype=pl.String).alias("value"),
    )

    def rule(
        frame: pl.DataFrame, condition: pl.Expr, name: str, value: str | int | pl.Expr | None = None
    ) -> pl.DataFrame:
        """Entries meeting `condition` and not yet left out are left out by rule `name` (`value`)."""
        new = pl.col("rule").is_null() & condition
        shown = value if isinstance(value, pl.Expr) else pl.lit(None if value is None else str(value))
        return frame.with_columns(
            rule=pl.when(new).then(pl.lit(name)).otherwise(pl.col("rule")),
            value=pl.when(new).then(shown.cast(pl.String)).otherwise(pl.col("value")),
        )

    if profile.lemmas_only:
        frame = rule(frame, ~pl.col("is_lemma"), "inflected_form")
    frame = rule(frame, ~pl.col("pos").is_in(profile.allowed_pos()), "part_of_speech", pl.col("pos"))
    for tag in profile.exclude_tags:
        frame = rule(frame, pl.col("tags").list.contains(tag), "tag", tag)
    if profile.exclude_tags and "definition_tags" in frame.columns:
        # "fart": informal + vulgar, colloquial; no tag on every sense, but no sense a player accepts
        frame = rule(frame, _every_definition_tagged(profile.exclude_tags), "every_definition_excluded")
    frame = frame.drop("definition_tags", strict=False)
    if profile.forms_follow_lemmas:
        frame = rule(frame, _forms_of_dropped_lemmas(frame), "form_of_dropped_word")
    for char in profile.exclude_characters:
        frame = rule(frame, title.str.contains(char, literal=True), "character", char)
    policy = profile.title_policy(lang)
    if policy != "any":  # FBI, PM, TÜV: for word lists, an initialism or acronym in every language
        all_capitals = title.str.contains(r"\p{Lu}.*\p{Lu}") & ~title.str.contains(r"\p{Ll}")
        frame = rule(frame, all_capitals, "all_capitals")
    if policy == "lowercase":  # English: Monday, German, Cameroon, Aaronic are proper or derived from one
        # a capital right after a hyphen is a proper adjective inside a compound: anti-Semitism
        frame = rule(frame, title.str.contains(r"(?:^|[^-])\p{Lu}"), "capitalized")
    outside = pl.when(pl.lit(False)).then(pl.lit(""))
    for label, pattern in _OUTSIDE_ALPHABET:
        outside = outside.when(pl.col("game").str.contains(pattern)).then(pl.lit(label))
    frame = rule(
        frame,
        ~pl.col("game").str.contains(f"^[{_character_class(alphabet.letters)}]+$"),
        "outside_alphabet",
        outside.otherwise(pl.lit("letter")),
    )
    length = pl.col("game").str.len_chars()
    frame = rule(frame, length < profile.min_length, "too_short", profile.min_length)
    if profile.max_length is not None:
        frame = rule(frame, length > profile.max_length, "too_long", profile.max_length)
    kept = frame.filter(pl.col("rule").is_null()).select("row", "word", "game", "pos")
    decisions = frame.select("row", "word", "pos", "is_lemma", "game", "rule", "value")
    return Selection(_merge(kept, definitions), decisions)


def _every_definition_tagged(tags: tuple[str, ...]) -> pl.Expr:
    """Entries with definitions, each of which carries at least one of `tags`."""
    definitions = pl.col("definition_tags")
    tagged = definitions.list.eval(pl.element().list.eval(pl.element().is_in(list(tags))).list.any())
    return (definitions.list.len() > 0) & tagged.list.all()


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


def _forms_of_dropped_lemmas(frame: pl.DataFrame) -> pl.Expr:
    """Inflected forms all of whose lemmas have entries but none that is kept so far ("cops" of slang
    "cop"). A form whose lemmas are not in the dump at all is kept: there is nothing to judge it by."""
    lemmas = frame.filter(pl.col("is_lemma"))
    known = set(lemmas["word"].to_list())
    good = set(lemmas.filter(pl.col("rule").is_null())["word"].to_list())
    doomed = [
        row
        for row, form_of in frame.filter(~pl.col("is_lemma") & pl.col("rule").is_null())
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
