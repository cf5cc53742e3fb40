"""docs/FORMAT.md is enough to read a list: a reader written from it alone (no dawg2, no wordlist
graph) gives the library's answers on every built list, and its worked example is the real bytes."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import dawg
import pytest

from tests.conftest import ROOT
from wordlist import Lexicon, pos_names

FORMAT_MD = ROOT / "docs" / "FORMAT.md"


class DocReader:
    """words.dawg as docs/FORMAT.md describes it, in the words of the document."""

    def __init__(self, data: bytes) -> None:
        (n,) = struct.unpack_from("<I", data, 0)
        (m,) = struct.unpack_from("<I", data, 4 + 4 * n)
        assert m == n and len(data) == 8 + 6 * n
        self.unit = struct.unpack_from(f"<{n}I", data, 4)
        self.guide = data[8 + 4 * n :]

    @staticmethod
    def offset(u: int) -> int:
        return (u >> 10) << ((u & (1 << 9)) >> 6)

    def follow(self, i: int, byte: int) -> int | None:
        j = i ^ self.offset(self.unit[i]) ^ byte
        return j if j < len(self.unit) and self.unit[j] & 0x800000FF == byte else None

    def value_at(self, i: int) -> int | None:
        if not (self.unit[i] >> 8) & 1:
            return None
        return self.unit[i ^ self.offset(self.unit[i])] & 0x7FFFFFFF

    def lookup(self, word: str) -> int | None:
        i: int | None = 0
        for byte in word.encode("utf-8"):
            i = self.follow(i, byte)
            if i is None:
                return None
        return self.value_at(i)

    def children(self, i: int):
        label = self.guide[2 * i]
        while label:
            j = self.follow(i, label)
            yield label, j
            label = self.guide[2 * j + 1]

    def completions(self, i: int = 0, prefix: bytes = b""):
        value = self.value_at(i)
        if value is not None:
            yield prefix.decode("utf-8"), value
        for label, j in self.children(i):
            yield from self.completions(j, prefix + bytes([label]))


def normalize(word: str, alphabet: dict) -> str:
    for char in alphabet["remove"]:
        word = word.replace(char, "")
    return word.lower() if alphabet["lowercase"] else word


@pytest.mark.parametrize(("lang", "profile"), [("en", "balda"), ("en", "wordgame"), ("de", "balda")])
def test_a_reader_written_from_the_document(sample_outputs: Path, lang: str, profile: str) -> None:
    folder = sample_outputs / lang / profile
    reader = DocReader((folder / "words.dawg").read_bytes())
    alphabet = json.loads((folder / "alphabet.json").read_text(encoding="utf-8"))
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    lexicon = Lexicon.load(folder)
    listed = list(reader.completions())
    assert [w for w, _ in listed] == list(lexicon) == (folder / "words.txt").read_text("utf-8").split()
    assert len(listed) == manifest["counts"]["words"]
    for word, value in listed:
        assert pos_names(value) == lexicon.parts_of_speech(word)
        typed = "".join(alphabet["upper"][c] for c in word)  # as a game shows it: FUẞ, not FUSS
        assert reader.lookup(normalize(typed, alphabet)) == value
    for miss in ("zzzq", "", "tabl", "STRASSE", "e-mail"):
        found = reader.lookup(normalize(miss, alphabet))
        assert (found is not None) == lexicon.is_word(miss)


def test_the_worked_example_is_the_real_file() -> None:
    data = dawg.IntCompletionDAWG([("ab", 1), ("b", 3)]).tobytes()
    text = FORMAT_MD.read_text(encoding="utf-8")
    assert "is 1,544 bytes: N = 256" in text and len(data) == 1544
    rows = re.findall(r"^\| (\d+)(?: \(root\))? \| `([0-9A-F]{8})` \|", text, re.MULTILINE)
    units = struct.unpack_from("<6I", data, 4)
    assert [(int(i), int(h, 16)) for i, h in rows] == list(enumerate(units))
    reader = DocReader(data)
    assert reader.lookup("ab") == 1 and reader.lookup("b") == 3 and reader.lookup("a") is None
    assert list(reader.completions()) == [("ab", 1), ("b", 3)]


def test_the_document_lists_every_part_of_speech_bit() -> None:
    from wordlist.format import POS

    text = FORMAT_MD.read_text(encoding="utf-8")
    table = re.findall(r"^\| (\d+) \| (\d+) \| `(\w+)` \|$", text, re.MULTILINE)
    assert [(int(b), int(m), n) for b, m, n in table] == [(i, 1 << i, n) for i, n in enumerate(POS)]
