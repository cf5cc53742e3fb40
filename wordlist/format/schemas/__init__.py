"""JSON Schemas (draft 2020-12) of the JSON files of a word-list folder, shipped with the package.

They describe the same shapes the records in wordlist.format read and write; the records check
more (a tile is a letter of the alphabet, the start square is on the board), the schemas let a
reader in any language validate a file with an off-the-shelf validator.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from wordlist.errors import UnknownSchema

SCHEMAS = {
    "alphabet.json": "alphabet.schema.json",
    "game.json": "game.schema.json",
    "leaves.json": "leaves.schema.json",
    "manifest.json": "manifest.schema.json",
}


@cache
def _load(resource: str) -> str:
    return resources.files(__name__).joinpath(resource).read_text(encoding="utf-8")


def schema(file_name: str) -> dict[str, Any]:
    """The JSON Schema of a word-list file ("alphabet.json", "game.json", "manifest.json"); another
    name is UnknownSchema (a KeyError)."""
    try:
        return json.loads(_load(SCHEMAS[file_name]))
    except (KeyError, TypeError):  # (TypeError: a name that is not hashable)
        raise UnknownSchema(f"no schema for {file_name!r} (have: {', '.join(SCHEMAS)})") from None
