"""The word-list phase of a build: an entries table -> every profile's word list of its language.

Polars, the selection and the writers are loaded with this module, not with `build`: an
extraction's worker processes are forked without them, and `build` imports this module beside
the running extraction (see build.WORD_LIST_MODULES).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from wordlist.format import Manifest
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.entries import SCHEMA as ENTRIES_SCHEMA
from wordlist_pipeline.errors import InputError, first_line
from wordlist_pipeline.overrides import ListOverrides
from wordlist_pipeline.paths import check_input_file
from wordlist_pipeline.profile import Profile
from wordlist_pipeline.select import COLUMNS as SELECTED_COLUMNS
from wordlist_pipeline.select import (
    TAG_BITS_COLUMN,
    decision_columns,
    definitions_column,
    definitions_of_rows,
    select,
)


def write_word_lists(
    entries_path: Path,
    profiles: list[Profile],
    lang: str,
    lang_dir: Path,
    source: dict,
    overrides: Mapping[str, ListOverrides] | None = None,
) -> Iterator[tuple[Profile, Manifest]]:
    """Each profile's word list of `lang` from the entries table, written to lang_dir/<profile>,
    with the overrides of that profile's list (`overrides`, by profile name), if any.

    Memory is the table once plus small indexes: every profile is decided on the table without
    its definitions (most of its bytes), then the definitions are read once and each list is
    written from them a batch at a time.
    """
    entries = read_entries(entries_path, lang)
    # Side by side (Polars works outside the GIL); a writer needs the decisions' counts, not the
    # decision on every entry.
    with ThreadPoolExecutor(max(1, min(2, len(profiles)))) as threads:
        chosen = [
            threads.submit(select, entries, profile, lang, (overrides or {}).get(profile.name))
            for profile in profiles
        ]
        selections = [
            (profile, made.result().without_decisions())
            for profile, made in zip(profiles, chosen, strict=True)
        ]
    del entries, chosen  # (the futures hold the selections with their decisions)
    if not selections:
        return
    definitions = read_definitions(entries_path, lang)
    while selections:  # one list at a time, each list's indexes freed once it is written
        profile, selection = selections.pop(0)
        selection = selection.with_definitions(definitions)
        yield profile, write_word_list(selection, profile, lang, lang_dir / profile.name, source)


# --- reading an entries table ----------------------------------------------------------------------


def check_entries_table(path: Path) -> Path:
    """`path` is a Parquet file with the entries columns a selection reads, of the right types."""
    check_input_file(path, "an entries table", InputError)
    try:
        schema = pq.read_schema(path)
    except (pa.ArrowException, OSError) as error:
        raise InputError(
            f"{path}: not a Parquet entries table ({first_line(error)}); extract it again"
        ) from None
    for name in SELECTED_COLUMNS:
        expected = ENTRIES_SCHEMA.field(name).type
        if name not in schema.names:
            raise InputError(f"{path}: not an entries table: no column {name!r}; extract it again")
        if schema.field(name).type != expected:
            raise InputError(
                f"{path}: column {name!r} holds {schema.field(name).type}, not {expected}; extract it again"
            )
    return path


def read_entries(path: Path, lang: str) -> pl.DataFrame:
    """The entries of `lang` in the table at `path`, as `select` decides on them (without their
    definitions: `read_definitions`); an InputError if unreadable or holding nulls."""
    check_entries_table(path)
    return _read_checked(path, lambda: decision_columns(path, lang))


def read_definitions(path: Path, lang: str) -> pl.Series:
    """The definitions of the entries of `lang` in the table at `path`, rows as in `read_entries`."""
    return _read_checked(path, lambda: definitions_column(path, lang).to_frame()).to_series()


def read_definitions_of_rows(path: Path, lang: str, rows: Iterable[int]) -> dict[int, list[str]]:
    """The definitions of the entries `rows` (rows as in `read_entries`) of `lang` in the table at `path`."""
    found = _read_checked(path, lambda: definitions_of_rows(path, lang, rows))
    return {int(row): list(texts) for row, texts in found.iter_rows()}


def _read_checked(path: Path, read: Callable[[], pl.DataFrame]) -> pl.DataFrame:
    try:
        table = read()
    except (pl.exceptions.PolarsError, pl.exceptions.PanicException, pa.ArrowException, OSError) as error:
        raise InputError(f"{path}: a damaged entries table ({first_line(error)}); extract it again") from None
    for name in table.columns:  # extract writes no nulls: a table with some was made elsewhere
        if _has_nulls(table[name]):
            shown = "definition_tags" if name == TAG_BITS_COLUMN else name
            raise InputError(f"{path}: column {shown!r} has empty (null) values; extract the table again")
    return table


def _has_nulls(column: pl.Series) -> bool:
    if column.null_count():
        return True
    if isinstance(column.dtype, pl.List):  # a null inside a list (only a mask is computed)
        return bool(column.list.eval(pl.element().is_null().any()).explode().any())
    return False
