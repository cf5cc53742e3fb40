"""Write one word list's folder (see wordlist.format): the DAWG, Parquet, text, alphabet, game,
licence and manifest.

The JSON files are the `to_json()` of the format's records (Alphabet, GameSpec, Manifest), so
the writer and every reader share one definition of each file.

The folder is assembled under a temporary name and swapped into place, so a failed build never
leaves a half-written word list. Every byte is a function of the input: sorted words, fixed row
groups, no timestamps; building twice gives identical files.
"""

from __future__ import annotations

import functools
import platform
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

from wordlist.export import FORMATS as EXPORT_FILES
from wordlist.export import export
from wordlist.format import (
    ALPHABET_JSON,
    ARTEFACT_FILES,
    GAME_JSON,
    LICENSE_MD,
    MANIFEST_JSON,
    WORDS_DAWG,
    WORDS_PARQUET,
    WORDS_TXT,
    Counts,
    FileInfo,
    Manifest,
    dawg_bytes,
    dumps_json,
)
from wordlist.lexicon import Lexicon
from wordlist_pipeline.atomic import atomic_dir, sha256_file
from wordlist_pipeline.attribution import word_list_license
from wordlist_pipeline.paths import WORD_LIST_FILES
from wordlist_pipeline.profile import Profile
from wordlist_pipeline.select import WORDS_SCHEMA, Selection

WORD_ROW_GROUP = 512  # small row groups: a definition lookup reads one (1.8 ms vs 10 ms at 2048)
WORD_BATCH_GROUPS = 32  # row groups assembled and written at a time (a few MB of definitions)
TOOLS = ("wiktionary-wordlist", "mwparserfromhell", "lxml", "polars", "pyarrow", "dawg2", "typer")


def tool_versions() -> dict[str, str]:
    return dict(_installed_versions())


@functools.cache  # 30 ms of reading package metadata, the same for every list of a build
def _installed_versions() -> dict[str, str]:
    versions = {"python": platform.python_version()}
    for name in TOOLS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def _write_words_parquet(selection: Selection, path: Path) -> int:
    """words.parquet, written a batch of row groups at a time: the whole list with its definitions
    is never in memory at once, and the row groups (so the bytes) are those of one big table.
    A thread writes (pyarrow compresses without the GIL) while the next batch is assembled.
    Returns the number of definitions written."""
    options = {
        "compression": "zstd",
        "use_dictionary": False,  # words and definitions are unique: a dictionary only costs
        "write_statistics": ["word"],  # the lexicon finds a word's row group by these
    }
    empty = selection.words if selection.heads.is_empty() else None
    if empty is not None:  # no words: the file still has the columns
        pq.write_table(empty.to_arrow(), path, row_group_size=WORD_ROW_GROUP, **options)
        return 0
    schema = pl.DataFrame(schema=WORDS_SCHEMA).to_arrow().schema
    definitions = 0
    with pq.ParquetWriter(path, schema, **options) as writer, ThreadPoolExecutor(1) as thread:
        pending: deque[Future] = deque()
        for batch in selection.word_batches(WORD_ROW_GROUP * WORD_BATCH_GROUPS):
            definitions += int(batch["definitions"].list.len().sum())
            # Arrow's own string views, cast in C++ to the file's large strings: a third of the
            # time of Polars converting each string itself
            table = batch.to_arrow(compat_level=pl.CompatLevel.newest()).cast(schema)
            pending.append(thread.submit(writer.write_table, table, row_group_size=WORD_ROW_GROUP))
            if len(pending) > 1:
                pending.popleft().result()
        while pending:
            pending.popleft().result()
    return definitions


def _write_graph_and_text(heads: pl.DataFrame, tmp: Path) -> None:
    """words.dawg and words.txt of the words (word, pos_mask) in order."""
    words = heads["word"]
    # the words straight from the Series: a list of a million str objects costs 100 MB
    (tmp / WORDS_DAWG).write_bytes(dawg_bytes(zip(words, heads["pos_mask"], strict=True)))
    lines = words.str.join("\n").item() + "\n" if len(words) else ""
    (tmp / WORDS_TXT).write_bytes(lines.encode("utf-8"))


def write_word_list(
    selection: Selection, profile: Profile, lang: str, out_dir: Path, source: dict
) -> Manifest:
    """Write the word list of `selection` into `out_dir`; returns its manifest."""
    alphabet = profile.alphabet_record(lang)
    game = profile.game_spec(lang)
    words = selection.heads["word"]
    license = word_list_license(lang, profile.name, profile.description, source, selection.overrides_record)
    with atomic_dir(out_dir, WORD_LIST_FILES) as tmp, ThreadPoolExecutor(1) as thread:
        # the graph and the text file need only the words: made while the Parquet file is written
        graph = thread.submit(_write_graph_and_text, selection.heads, tmp)
        definitions = _write_words_parquet(selection, tmp / WORDS_PARQUET)
        graph.result()
        (tmp / ALPHABET_JSON).write_text(dumps_json(alphabet.to_json()), encoding="utf-8")
        (tmp / LICENSE_MD).write_text(license.text(), encoding="utf-8")
        files = list(ARTEFACT_FILES)
        if game is not None:
            (tmp / GAME_JSON).write_text(dumps_json(game.to_json()), encoding="utf-8")
            files.append(GAME_JSON)
        manifest = Manifest(
            language=lang,
            language_name=alphabet.language_name,
            profile=profile.name,
            description=profile.description,
            counts=Counts(
                words=len(words),
                definitions=definitions,
                by_pos=selection.counts_by_pos(),
                entries_used=selection.entries_used,
                left_out=selection.left_out(),
            ),
            files={name: FileInfo((tmp / name).stat().st_size, sha256_file(tmp / name)) for name in files},
            source=source,
            license=license,
            profile_file={"name": profile.path.name, "sha256": sha256_file(profile.path)},
            tools=tool_versions(),
            overrides=selection.overrides_record,
        )
        (tmp / MANIFEST_JSON).write_text(dumps_json(manifest.to_json()), encoding="utf-8")
        write_exports_again(out_dir, tmp)
    return manifest


def write_exports_again(old: Path, new: Path) -> None:
    """The exports the old list's folder `old` held (words.sqlite, words.jsonl: `wordlist export
    --out` put them there), made again from the new list in `new`: the folder keeps what its owner
    put there, and no export describes the list it replaced."""
    made = [(fmt, name) for fmt, name in EXPORT_FILES.items() if (old / name).is_file()]
    if made:
        lexicon = Lexicon.load(new, verify=False)  # (written a moment ago, by this process)
        for fmt, name in made:
            export(lexicon, fmt, new / name)
