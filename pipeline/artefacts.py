"""Write one word list's folder (see wordlist.format): the DAWG, Parquet, text, alphabet, game and manifest.

The JSON files are the `to_json()` of the format's records (Alphabet, GameSpec, Manifest), so
the writer and every reader share one definition of each file.

The folder is assembled under a temporary name and swapped into place, so a failed build never
leaves a half-written word list. Every byte is a function of the input: sorted words, fixed row
groups, no timestamps; building twice gives identical files.
"""

from __future__ import annotations

import hashlib
import platform
from importlib import metadata
from pathlib import Path

import dawg
import pyarrow.parquet as pq

from wordlist.format import (
    ALPHABET_JSON,
    ARTEFACT_FILES,
    GAME_JSON,
    MANIFEST_JSON,
    WORDS_DAWG,
    WORDS_PARQUET,
    WORDS_TXT,
    Counts,
    FileInfo,
    Manifest,
    dumps_json,
)
from wordlist_pipeline.atomic import atomic_dir
from wordlist_pipeline.profile import Profile
from wordlist_pipeline.select import Selection

WORD_ROW_GROUP = 512  # small row groups: a definition lookup reads one (1.8 ms vs 10 ms at 2048)
TOOLS = ("wiktionary-wordlist", "mwparserfromhell", "lxml", "polars", "pyarrow", "dawg2", "typer")


def tool_versions() -> dict[str, str]:
    versions = {"python": platform.python_version()}
    for name in TOOLS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def write_word_list(
    selection: Selection, profile: Profile, lang: str, out_dir: Path, source: dict
) -> Manifest:
    """Write the word list of `selection` into `out_dir`; returns its manifest."""
    words = selection.words
    alphabet = profile.alphabet_record(lang)
    game = profile.game_spec(lang)
    with atomic_dir(out_dir) as tmp:
        pq.write_table(
            words.to_arrow(),
            tmp / WORDS_PARQUET,
            row_group_size=WORD_ROW_GROUP,
            compression="zstd",
            use_dictionary=False,  # words and definitions are unique: a dictionary only costs
            write_statistics=["word"],  # the lexicon finds a word's row group by these
        )
        graph = dawg.IntCompletionDAWG(
            zip(words["word"].to_list(), words["pos_mask"].to_list(), strict=True), input_is_sorted=True
        )
        (tmp / WORDS_DAWG).write_bytes(graph.tobytes())
        (tmp / WORDS_TXT).write_text("".join([f"{w}\n" for w in words["word"].to_list()]), encoding="utf-8")
        (tmp / ALPHABET_JSON).write_text(dumps_json(alphabet.to_json()), encoding="utf-8")
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
                words=words.height,
                definitions=selection.definitions,
                by_pos=selection.counts_by_pos(),
                entries_used=selection.entries_used,
                left_out=selection.left_out(),
            ),
            files={name: FileInfo((tmp / name).stat().st_size, sha256_file(tmp / name)) for name in files},
            source=source,
            profile_file={"name": profile.path.name, "sha256": sha256_file(profile.path)},
            tools=tool_versions(),
        )
        (tmp / MANIFEST_JSON).write_text(dumps_json(manifest.to_json()), encoding="utf-8")
    return manifest
