"""The artefact contract: every file of a word-list folder, written by the pipeline, read by the library.

A word list is a folder (``outputs/<lang>/<profile>/``) holding:

- ``words.dawg``: a dawg2 ``IntCompletionDAWG`` mapping each game word (UTF-8) to the bit mask of
  its parts of speech (bit i = POS[i]); `wordlist.format.dawg` writes it (`dawg_bytes`) and
  checks its layout, `wordlist.graph.Graph` reads it.
- ``words.parquet``: one row per game word, sorted: word, pos, pos_mask, titles, definitions,
  definition_pos, definition_source.
- ``words.txt``: the game words, one per line, sorted.
- ``alphabet.json``: `Alphabet` — letters, capitals, normalization, the language's name.
- ``game.json``: `GameSpec` — board, tiles, rack size (only for a profile with a game).
- ``manifest.json``: `Manifest` — counts, reasons entries were left out, every file's sha256,
  the source dump, its `License`, tool versions, what a site's overrides changed (`Overrides`).
- ``LICENSE.md``: the licence and attribution in words (`License.text()`).

These records are the only code that knows the files' keys: the pipeline writes their
``to_json()``, every reader goes through ``from_json()`` (or `read_word_list`). docs/FORMAT.md
documents the files for readers in other languages; the JSON Schemas are in ``schemas/``.
"""

from __future__ import annotations

from wordlist.format.alphabet import BLANK, WILDCARDS, Alphabet
from wordlist.format.base import (
    ALL_POS,
    ALPHABET_JSON,
    ARTEFACT_FILES,
    FORMAT_VERSION,
    GAME_JSON,
    LICENSE_MD,
    MANIFEST_JSON,
    POS,
    POS_BITS,
    WORDS_DAWG,
    WORDS_PARQUET,
    WORDS_TXT,
    FormatError,
    dumps_json,
    pos_mask,
    pos_names,
    read_json,
)
from wordlist.format.dawg import EMPTY_DAWG, DawgLayout, dawg_bytes, dawg_layout
from wordlist.format.folder import WordListFiles, read_checked, read_manifest, read_word_list
from wordlist.format.game import (
    BOARD_SQUARES,
    LETTER_PREMIUMS,
    WORD_PREMIUMS,
    Board,
    Cell,
    GameSpec,
    Tiles,
    check_board,
)
from wordlist.format.license import License, LicenseTerms
from wordlist.format.limits import MAX_REPLACEMENTS, MAX_SPELLING, MAX_TEXT_LENGTH, MAX_WORD_LENGTH
from wordlist.format.manifest import (
    LEFT_OUT_RULES,
    OUTSIDE_ALPHABET,
    Counts,
    FileInfo,
    LeftOut,
    Manifest,
    describe_left_out,
)
from wordlist.format.overrides import OverrideChange, Overrides
from wordlist.format.schemas import SCHEMAS, schema

__all__ = [
    "ALL_POS",
    "ALPHABET_JSON",
    "ARTEFACT_FILES",
    "BLANK",
    "BOARD_SQUARES",
    "EMPTY_DAWG",
    "FORMAT_VERSION",
    "GAME_JSON",
    "LEFT_OUT_RULES",
    "LETTER_PREMIUMS",
    "LICENSE_MD",
    "MANIFEST_JSON",
    "MAX_REPLACEMENTS",
    "MAX_SPELLING",
    "MAX_TEXT_LENGTH",
    "MAX_WORD_LENGTH",
    "OUTSIDE_ALPHABET",
    "POS",
    "POS_BITS",
    "SCHEMAS",
    "WILDCARDS",
    "WORDS_DAWG",
    "WORDS_PARQUET",
    "WORDS_TXT",
    "WORD_PREMIUMS",
    "Alphabet",
    "Board",
    "Cell",
    "Counts",
    "DawgLayout",
    "FileInfo",
    "FormatError",
    "GameSpec",
    "LeftOut",
    "License",
    "LicenseTerms",
    "Manifest",
    "OverrideChange",
    "Overrides",
    "Tiles",
    "WordListFiles",
    "check_board",
    "dawg_bytes",
    "dawg_layout",
    "describe_left_out",
    "dumps_json",
    "pos_mask",
    "pos_names",
    "read_checked",
    "read_json",
    "read_manifest",
    "read_word_list",
    "schema",
]
