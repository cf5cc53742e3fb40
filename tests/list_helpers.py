"""Built word lists changed as a careless (or hostile) tool would: a file replaced and re-signed in
the manifest, so that only the readers' own checks stand between the bytes and a query."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import struct
from pathlib import Path

from wordlist.format import MANIFEST_JSON, POS
from wordlist.format.limits import MAX_WORDS


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


def unlicensed_list(source: Path, target: Path) -> Path:
    """A copy of the list `source` as lists were built before they carried their licence: no
    LICENSE.md, no `license` in the manifest."""
    copy_list(source, target)
    (target / "LICENSE.md").unlink()

    def forget(manifest: dict) -> None:
        del manifest["license"], manifest["files"]["LICENSE.md"]

    edit_manifest(target, forget)
    return target


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- damaged DAWGs -----------------------------------------------------------------------------------

HAS_LEAF = 1 << 8
IS_LEAF = 1 << 31


def damage(data: bytes, rng: random.Random) -> bytes:
    """words.dawg with one to three of its units or guide bytes changed at random (the header kept,
    so the layout check passes and only the walk meets the damage): a value's bits, a has-leaf
    flag, a child redirected to another unit of the same label (a shared or cyclic path the guide
    still agrees with), or any bit, byte or guide byte."""
    (count,) = struct.unpack_from("<I", data)
    units = list(struct.unpack_from(f"<{count}I", data, 4))
    guide = bytearray(data[8 + 4 * count :])
    by_label: dict[int, list[int]] = {}
    for index, value in enumerate(units):
        if not value & IS_LEAF:
            by_label.setdefault(value & 0xFF, []).append(index)
    for _ in range(rng.randint(1, 3)):
        index = rng.randrange(count)
        kind = rng.choice(("value", "has_leaf", "redirect", "redirect", "bit", "byte", "guide"))
        if kind == "value":
            leaves = [i for i, value in enumerate(units) if value & IS_LEAF]
            units[rng.choice(leaves)] = IS_LEAF | rng.getrandbits(31)
        elif kind == "has_leaf":
            units[index] ^= HAS_LEAF if not units[index] & IS_LEAF else 0
        elif kind == "redirect" and guide[2 * index] and not units[index] & IS_LEAF:
            label = guide[2 * index]  # index's first child: made another unit of that label
            target = rng.choice(by_label.get(label, [index]))
            units[index] = (units[index] & 0x3FF) | (index ^ target ^ label) << 10 & ~IS_LEAF & 0xFFFFFFFF
            units[index] &= ~(1 << 9)  # (no extension: the offset as it is)
        elif kind == "bit":
            units[index] ^= 1 << rng.randrange(32)
        elif kind == "byte":
            shift = 8 * rng.randrange(4)
            units[index] = (units[index] & ~(0xFF << shift)) | rng.randrange(256) << shift
        else:
            guide[rng.randrange(2 * count)] = rng.randrange(256)
    return struct.pack(f"<I{count}I", count, *units) + data[4 + 4 * count : 8 + 4 * count] + bytes(guide)


def dawg_file(count: int, units: dict[int, int], guide: dict[int, tuple[int, int]]) -> bytes:
    """A DAWG file of `count` units, every unit and guide entry 0 but those given by index."""
    data = bytearray(8 + 6 * count)
    struct.pack_into("<I", data, 0, count)
    for index, unit in units.items():
        struct.pack_into("<I", data, 4 + 4 * index, unit)
    struct.pack_into("<I", data, 4 + 4 * count, count)
    for index, (child, sibling) in guide.items():
        data[8 + 4 * count + 2 * index : 10 + 4 * count + 2 * index] = bytes((child, sibling))
    return bytes(data)


def unit(label: int, offset: int, has_leaf: bool = False) -> int:
    return offset << 10 | label | (HAS_LEAF if has_leaf else 0)


def doubling_dawg(levels: int, *, keys: bool) -> bytes:
    """A graph of 2 ** levels paths over 2 units a level: each level's units "a" and "b" share the
    next level's block (at 256 * level). With `keys`, every node ends a key (2 ** levels of
    them at the last level alone); without, no key at all: every branch is dead."""
    a, b = 0x61, 0x62
    units = {0: unit(0, 256)}  # the root's children: units 256 ^ a, 256 ^ b
    guide = {0: (a, 0)}
    for level in range(1, levels + 1):
        base, following = 256 * level, 256 * (level + 1)
        for label, sibling in ((a, b), (b, 0)):
            index = base ^ label
            last = level == levels
            units[index] = unit(label, index ^ following, has_leaf=keys)
            guide[index] = (0 if last else a, sibling)
        units[following] = IS_LEAF | 1  # the value of the keys ending at this level
    return dawg_file(256 * (levels + 2), units, guide)


def chain_dawg(labels: list[int]) -> bytes:
    """One path of the bytes `labels` from the root, a key (value 1) at its end: level i's unit is
    at 512 * (i + 1) ^ its label, its children's block the next level's."""
    units, guide = _chain(labels)
    return dawg_file(512 * (len(labels) + 2), units, guide)


def shared_tail_dawg(tail: list[int], prefix: list[int]) -> bytes:
    """Two keys: `tail` (chain_dawg's path) and `prefix` + tail[1:], whose path joins the chain at
    its second node, so that the walk stacks no path longer than `tail`; prefix[0] > tail[0]."""
    units, guide = _chain(tail)
    guide[512 ^ tail[0]] = (guide[512 ^ tail[0]][0], prefix[0])  # the root's second child
    base = 512  # the root's children block; the prefix's nodes' blocks follow the chain's
    for step, label in enumerate(prefix):
        here = base ^ label
        base = 512 * (len(tail) + 2 + step) if step + 1 < len(prefix) else 1024  # the chain's level 1
        units[here] = unit(label, here ^ base)
        guide[here] = ((prefix + tail[1:2])[step + 1], 0)
    return dawg_file(512 * (len(tail) + len(prefix) + 2), units, guide)


def _chain(labels: list[int]) -> tuple[dict[int, int], dict[int, tuple[int, int]]]:
    units, guide, node = {0: unit(0, 512)}, {}, 0
    for level, label in enumerate(labels):
        here = 512 * (level + 1) ^ label
        units[here] = unit(label, here ^ 512 * (level + 2), has_leaf=level == len(labels) - 1)
        guide[node] = (label, 0)
        node = here
    units[512 * (len(labels) + 1)] = IS_LEAF | 1
    return units, guide


def trie_dawg(keys: dict[bytes, int]) -> bytes:
    """A DAWG of `keys` (their bytes as given, UTF-8 or not) -> values, as a trie: each node's
    children in a block of 256 units of their own (a child at the block's start ^ its label, the
    node's leaf at the block's start)."""
    children: dict[bytes, list[int]] = {b"": []}
    for key in sorted(keys):
        for end in range(1, len(key) + 1):
            if key[:end] not in children:
                children[key[:end]] = []
                children[key[: end - 1]].append(key[end - 1])
    blocks = {path: 256 * (i + 1) for i, path in enumerate(children)}  # each node's children block
    index = {b"": 0}
    units, guide = {0: unit(0, blocks[b""])}, {}
    for path, labels in children.items():  # (parents come before their children)
        base = blocks[path]
        if path in keys:
            units[base] = IS_LEAF | keys[path]
        for i, label in enumerate(labels):
            child = path + bytes([label])
            index[child] = base ^ label
            units[base ^ label] = unit(label, (base ^ label) ^ blocks[child], has_leaf=child in keys)
            guide[base ^ label] = (0, labels[i + 1] if i + 1 < len(labels) else 0)
    for path, labels in children.items():
        if labels:
            first = guide.get(index[path], (0, 0))
            guide[index[path]] = (labels[0], first[1])
    return dawg_file(256 * (len(children) + 1), units, guide)


def crafted_dawgs() -> dict[str, bytes]:
    """Damage a random flip seldom makes, each built on purpose (letters a and b, noun values)."""
    a, b = 0x61, 0x62
    leaf = IS_LEAF | 1
    # "a" leads back to itself: the keys a, aa, aaa ... without end
    cycle = dawg_file(
        256, {0: unit(0, 1), 1 ^ a: unit(a, (1 ^ a) ^ 1, True), 1: leaf}, {0: (a, 0), 1 ^ a: (a, 0)}
    )
    return {
        "cycle": cycle,
        "cycle-long": cycle,
        "doubling-keys": doubling_dawg(40, keys=True),
        "doubling-dead": doubling_dawg(40, keys=False),
        # the siblings of the root's children go a, b, a, b ...: labels that do not increase
        "guide-loop": dawg_file(
            256,
            {0: unit(0, 1), 1 ^ a: unit(a, (1 ^ a) ^ 4, True), 1 ^ b: unit(b, (1 ^ b) ^ 4, True), 4: leaf},
            {0: (a, 0), 1 ^ a: (0, b), 1 ^ b: (0, a)},
        ),
        # the key "a" then the byte 0xFF (unit 0x100): not UTF-8
        "not-utf8": dawg_file(
            512,
            {0: unit(0, 1), 1 ^ a: unit(a, (1 ^ a) ^ 0x100 ^ 0xFF), 0x100: unit(0xFF, 4, True), 0x104: leaf},
            {0: (a, 0), 1 ^ a: (0xFF, 0)},
        ),
        # the leaf of "a" lies beyond the units
        "leaf-outside": dawg_file(256, {0: unit(0, 1), 1 ^ a: unit(a, (1 ^ a) ^ 4095, True)}, {0: (a, 0)}),
        # one key of 255 letters (the longest word), of 256, and a path of 1,021 bytes (a lead byte
        # and continuation bytes: one letter, more bytes than the longest word has)
        "longest-word": chain_dawg([a] * 255),
        "word-too-long": chain_dawg([a] * 256),
        "bytes-too-long": chain_dawg([0xE2] + [0x80] * 1020),
        # the same lengths reached through a tail shared with a key that is not too long: the walk
        # stacks no path longer than a word, and the lengths are added up from the tail's own
        "tail-too-long": shared_tail_dawg([a] * 255, [b, b]),
        "tail-bytes-too-long": shared_tail_dawg([0xE2] + [0x80] * 1019, [0xE3, 0xE4]),
        # nine words, then a key that is not UTF-8 ("z" and the byte 0xFF): a page of the first
        # words is read, the whole list is not
        "bad-key-last": trie_dawg({**{bytes([a, c]): 1 for c in b"abcdefghi"}, b"z\xff": 1}),
        # the root ends a key: the empty word
        "empty-key": dawg_file(
            256, {0: unit(0, 1, True), 1 ^ a: unit(a, (1 ^ a) ^ 4, True), 1: leaf, 4: leaf}, {0: (a, 0)}
        ),
    }


# --- lists at the edges of the format ----------------------------------------------------------------

NOTHING_PROFILE = """\
name = "nothing"
description = "selects no word: only romanizations, which no sample page has"
languages = ["en"]

[entries]
lemmas_only = true
parts_of_speech = ["romanization"]

[words]
remove = "-"
lowercase = true
min_length = 2
"""


def build_empty_list(sample_outputs: Path, root: Path) -> Path:
    """`wordlist build --from-entries` of the English sample's entries with a profile that selects
    no word: the list root/en/nothing, of no words."""
    from wordlist_pipeline.build import build

    (root / "en").mkdir(parents=True)
    for name in ("entries.parquet", "source.json"):
        shutil.copy(sample_outputs / "en" / name, root / "en" / name)
    profile = root / "nothing.toml"
    profile.write_text(NOTHING_PROFILE, encoding="utf-8")
    build(out_dir=root, profiles=[str(profile)], langs=["en"], from_entries=True, workers=1)
    return root / "en" / "nothing"


def unknown_bits_list(source: Path, target: Path) -> dict[str, int]:
    """A copy of the list `source` whose words.dawg gives some words part-of-speech bits this
    version does not name (bits 27 to 30): some beside their own, some alone, one word the value
    0 and one every bit. Returns each word's new value."""
    from wordlist import Lexicon
    from wordlist.format import dawg_bytes

    lexicon = Lexicon.load(source)
    values = {}
    for i, word in enumerate(lexicon):
        mask = sum(1 << k for k, name in enumerate(POS) if name in lexicon.parts_of_speech(word))
        values[word] = mask | 1 << 27 if i % 3 == 0 else 1 << (27 + i % 4) if i % 5 == 0 else mask
    first, last = min(values), max(values)
    values[first], values[last] = 0, 0x7FFFFFFF
    copy_list(source, target)
    resign(target, "words.dawg", dawg_bytes(sorted(values.items())))
    return values


SAMPLE_LISTS = [("en", "balda"), ("en", "wordgame"), ("de", "balda")]
RANDOM_DAMAGE = 14  # per sample list: 42 damaged files, as many as the hangs and crashes came from
INFLATED = "doubling-keys-inflated"  # the case whose manifest says MAX_WORDS words


def write_damaged_lists(sample_outputs: Path, root: Path) -> list[Path]:
    """root/<case>/<lang>/<profile>/: the sample lists with seeded random damage, and en/balda with
    each crafted damage (its manifest saying 10 words, or 1000 for a "-long" case, so that the
    count is not what stops the walk), and with 2 ** 40 keys whose manifest says MAX_WORDS; every
    words.dawg re-signed. Returns the list folders."""
    folders = []
    for lang, profile in SAMPLE_LISTS:
        good = (sample_outputs / lang / profile / "words.dawg").read_bytes()
        for seed in range(RANDOM_DAMAGE):
            folder = copy_list(
                sample_outputs / lang / profile, root / f"{lang}-{profile}-{seed}" / lang / profile
            )
            resign(folder, "words.dawg", damage(good, random.Random(f"{lang}/{profile}/{seed}")))
            folders.append(folder)
    for name, data in crafted_dawgs().items():
        folder = copy_list(sample_outputs / "en" / "balda", root / name / "en" / "balda")
        resign(folder, "words.dawg", data)
        words = 1000 if name.endswith("-long") else 10
        edit_manifest(folder, lambda manifest, n=words: manifest["counts"].update(words=n))
        folders.append(folder)
    # 2 ** 40 keys, the manifest saying as many words as a list may have: counted, never listed
    folder = copy_list(sample_outputs / "en" / "balda", root / INFLATED / "en" / "balda")
    resign(folder, "words.dawg", crafted_dawgs()["doubling-keys"])
    edit_manifest(folder, lambda manifest: manifest["counts"].update(words=MAX_WORDS))
    return [*folders, folder]
