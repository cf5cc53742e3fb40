"""Built word lists changed as a careless (or hostile) tool would: a file replaced and re-signed in
the manifest, so that only the readers' own checks stand between the bytes and a query."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from wordlist.format import MANIFEST_JSON


def copy_list(source: Path, target: Path) -> Path:
    """A copy of the word-list folder `source` at `target` (which must not exist)."""
    shutil.copytree(source, target)
    return target


def resign(folder: Path, name: str, data: bytes) -> None:
    """Replace file `name` of the list in `folder` by `data` and record its size and sha256 in the
    manifest: the checksums pass."""
    (folder / name).write_bytes(data)
    edit_manifest(folder, lambda m: m["files"].update({name: {"bytes": len(data), "sha256": sha256(data)}}))


def edit_manifest(folder: Path, change) -> None:
    """Apply `change` (a function of the parsed manifest, changing it in place) to manifest.json."""
    manifest = json.loads((folder / MANIFEST_JSON).read_text(encoding="utf-8"))
    change(manifest)
    (folder / MANIFEST_JSON).write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
