"""Wordgame's equity in the C core (core/src/wordgame_equity.c, bound by wordlist/_core_equity.c)
held to the Python reference (wordlist/games/wordgame/equity.py): the same equities and the same
best exchange (ties too) on English and German positions, with and without leave values; the
bots' games without the extension are the same games; bad inputs to the binding are refused."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.game_helpers import dense_list, generator, midgame
from wordlist import Lexicon
from wordlist.format.leaves import MAX_LEAVE_WEIGHT, LeaveValues
from wordlist.games.bot import LEVELS, Bot
from wordlist.games.wordgame import Wordgame, equity
from wordlist.games.wordgame import movegen as wordgame_movegen
from wordlist.graph import PYTHON_MOVEGEN_ENV, _core

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "de")


def random_leaves(letters: str, seed: int, spread: int) -> LeaveValues:
    """Leave values for `letters`: a few weights between -spread and spread (small spreads make
    many ties, which the tie-break must settle the same way)."""
    rng = random.Random(seed)
    tiles = [*letters, "?"]
    return LeaveValues(
        {t: rng.randint(-spread, spread) for t in rng.sample(tiles, len(tiles) // 2)},
        {t: rng.randint(-spread, 0) for t in rng.sample(tiles, len(tiles) // 3)},
        "".join(rng.sample(letters, 5)),
        rng.randint(-spread // 4, 0),
    )


@pytest.fixture(scope="module")
def lexicons() -> dict[str, Lexicon]:
    return {lang: dense_list("wordgame", lang, 1500) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_the_core_gives_the_references_equities(lexicons: dict[str, Lexicon], lang: str) -> None:
    lexicon = lexicons[lang]
    compared = 0
    for seed in range(8):
        game = midgame(lexicon, seed, seed % 5)
        if game.is_over:
            continue
        found = game.bot_search()
        assert _core is not None and isinstance(found.raw, _core.Moves)
        for table in (equity.NO_LEAVES, random_leaves(lexicon.graph.letters, seed, 3000)):
            bag = len(game.bag)
            fast = equity.equities(found, game.rack, table, bag, lexicon.graph)
            assert fast == equity.python_equities(found, game.rack, table, bag)
            compared += len(fast)
        assert equity.equities(found, game.rack, equity.NO_LEAVES, 0, lexicon.graph) == [
            p * 100 for p in found.points
        ]
    assert compared > 500


@pytest.mark.parametrize("lang", LANGS)
def test_the_core_picks_the_references_exchange(lexicons: dict[str, Lexicon], lang: str) -> None:
    """Random racks (blanks, repeated tiles, up to 15 tiles), tables with few values (ties)."""
    graph = lexicons[lang].graph
    rng = random.Random(lang)
    tiles = [*graph.letters, "?"]
    for n in range(200):
        rack = [rng.choice(tiles[:8] if n % 2 else tiles) for _ in range(rng.choice((0, 1, 2, 7, 8, 15)))]
        table = random_leaves(graph.letters, n, rng.choice((0, 1, 2, 500)))
        bag = rng.randint(0, 80)
        fast = equity.best_exchange(rack, table, bag, graph)
        reference = equity.python_best_exchange(rack, table, bag)
        assert (sorted(fast[0]), fast[1]) == (sorted(reference[0]), reference[1]), (rack, table)


def test_ties_go_to_the_kept_tiles_first_in_sorted_order(lexicons: dict[str, Lexicon]) -> None:
    """With every leave worth 0, keeping nothing (the first in sorted order) wins: all go back. With
    z and ä worth 1 point each, every keep holding both ties: the first in sorted order ("?" before
    the letters, ä after z) keeps all but e."""
    graph = lexicons["de"].graph
    rack = list("zäa?e")
    assert sorted(equity.best_exchange(rack, equity.NO_LEAVES, 50, graph)[0]) == sorted(rack)
    ties = LeaveValues({"ä": 100, "z": 100}, {}, "", 0)
    tiles, value = equity.best_exchange(rack, ties, 50, graph)
    assert value == 200 and tiles == ["e"] and equity.python_best_exchange(rack, ties, 50) == (["e"], 200)
    one = LeaveValues({"ä": 100, "z": 100}, {"ä": 0}, "aeä", 100)  # a vowel and a consonant: 0
    assert equity.best_exchange(rack, one, 50, graph) == equity.python_best_exchange(rack, one, 50)


def test_strong_bots_play_the_same_games_on_either_side(lexicons: dict[str, Lexicon]) -> None:
    """Whole games between strong bots (equity and exchanges by it) with the core's equity and with
    the Python reference's, on a list with leave values."""
    lexicon = lexicons["en"]
    lexicon.leaves = random_leaves(lexicon.graph.letters, 1, 1500)
    try:
        played = {}
        for kind in ("compiled", "python"):
            with generator(kind):
                game = Wordgame.new(lexicon, seed=11)
                bots = (Bot("strong", 1), Bot("strong", 2))
                while not game.is_over:
                    bots[game.turn].move(game)
                played[kind] = game.to_dict()["state"]["history"]
        assert played["compiled"] == played["python"] and len(played["python"]) > 10
    finally:
        lexicon.leaves = None


@pytest.mark.parametrize("lang", LANGS)
def test_the_core_simulates_as_the_reference(
    lexicons: dict[str, Lexicon], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The expert's simulation (racks drawn in Python from the bot's seeded rng) in C and in Python:
    the same values, with leave values and without, and with tiles so costly to keep that the
    replies' equities are below 0 (their mean rounds toward zero in both)."""
    lexicon = lexicons[lang]
    costly = LeaveValues({tile: -2501 for tile in [*lexicon.graph.letters, "?"]}, {}, "", 0)
    compared = gained = 0
    for seed in range(4):
        game = midgame(lexicon, seed, 2 + seed)
        if game.is_over or not game.bag:
            continue
        found = game.bot_search()
        for table in (equity.NO_LEAVES, random_leaves(lexicon.graph.letters, seed, 2500), costly):
            racks = [sorted(game.rack)]  # the core's answer with its racks, then Python's with the same
            fast = equity._compiled_simulation(game, found, table, [list("ab?"), *racks], 3, len(game.bag))
            assert fast is not None
            rng_seed = random.Random(seed).getrandbits(32)
            with_core = equity.simulated(game, found, table, random.Random(rng_seed), 6, 12)
            monkeypatch.setattr(equity, "_compiled_simulation", lambda *args: None)
            reference = equity.simulated(game, found, table, random.Random(rng_seed), 6, 12)
            monkeypatch.undo()
            assert with_core == reference
            equities = equity.equities(found, game.rack, table, len(game.bag), lexicon.graph)
            assert with_core != equities
            if table is costly:  # a move the opponent can only answer at a loss gains by it
                gained += sum(value > before for value, before in zip(with_core, equities, strict=True))
            compared += len(with_core)
    assert compared > 100 and gained > 0


def test_the_simulation_binding_refuses_bad_inputs(lexicons: dict[str, Lexicon]) -> None:
    lexicon = lexicons["de"]
    core = lexicon.graph.compiled
    assert core is not None
    game = midgame(lexicon, 1, 2)
    found = game.bot_search()
    n = len(lexicon.graph.letters) + 1
    table = ([0] * n, [0] * n, 0, 0)
    position = wordgame_movegen.compiled_arguments(lexicon.graph, game.position())
    with pytest.raises(ValueError, match="counts a rack"):
        core.wordgame_simulate(position, found.raw, table, bytes(n + 1), 3, 10)
    with pytest.raises(ValueError, match="longest rack"):
        core.wordgame_simulate(position, found.raw, table, bytes([16] + [0] * (n - 1)), 3, 10)
    with pytest.raises(ValueError, match="candidates"):
        core.wordgame_simulate(position, found.raw, table, bytes(n), -1, 10)
    with pytest.raises(TypeError):
        core.wordgame_simulate(list(position), found.raw, table, bytes(n), 3, 10)
    with pytest.raises(ValueError):
        core.wordgame_simulate((*position[:5], b"\x00\x00", *position[6:]), found.raw, table, bytes(n), 3, 10)
    # a rack the moves do not come from: a move places a tile it does not hold
    with pytest.raises(ValueError, match="not on the rack"):
        core.wordgame_simulate((*position[:5], b"", b"", 0, *position[8:]), found.raw, table, bytes(n), 3, 10)
    assert core.wordgame_simulate(position, found.raw, table, b"", 3, 10) == [p * 100 for p in found.points]


HIDDEN = """
import json, sys
sys.modules["wordlist._core"] = None  # as if it had not been built
from tests.game_helpers import dense_list, midgame
from tests.test_wordgame_equity_core import random_leaves
from wordlist import graph
from wordlist.games.bot import LEVELS
import random
out = []
for lang in ("en", "de"):
    lexicon = dense_list("wordgame", lang, 1500)
    lexicon.leaves = random_leaves(lexicon.graph.letters, 4, 2000)
    for seed in range(3):
        game = midgame(lexicon, seed, 3)
        found = game.bot_search()
        level = LEVELS["strong"]
        out.append([game.bot_values(found, level, random.Random(0)), game.bot_exchange(level),
                    game.bot_exchange_instead(found, level)])
        if seed == 0:
            out.append(game.bot_values(found, LEVELS["expert"], random.Random(5)))
print(json.dumps({"extension": graph._core is not None, "values": out}))
"""


def test_without_the_extension_the_values_are_the_same(lexicons: dict[str, Lexicon]) -> None:
    env = {k: v for k, v in os.environ.items() if k != PYTHON_MOVEGEN_ENV}
    run = subprocess.run([sys.executable, "-c", HIDDEN], capture_output=True, text=True, cwd=ROOT, env=env)
    assert run.returncode == 0, run.stderr
    hidden = json.loads(run.stdout)
    assert not hidden["extension"]
    out = []
    for lang in LANGS:
        lexicon = dense_list("wordgame", lang, 1500)
        lexicon.leaves = random_leaves(lexicon.graph.letters, 4, 2000)
        for seed in range(3):
            game = midgame(lexicon, seed, 3)
            found = game.bot_search()
            assert _core is not None and isinstance(found.raw, _core.Moves)
            level = LEVELS["strong"]
            out.append(
                [
                    game.bot_values(found, level, random.Random(0)),
                    game.bot_exchange(level),
                    game.bot_exchange_instead(found, level),
                ]
            )
            if seed == 0:
                out.append(game.bot_values(found, LEVELS["expert"], random.Random(5)))
    assert hidden["values"] == out


def test_the_binding_refuses_bad_inputs(lexicons: dict[str, Lexicon]) -> None:
    lexicon = lexicons["en"]
    core = lexicon.graph.compiled
    assert core is not None
    game = midgame(lexicon, 3, 2)
    found = game.bot_search()
    n = len(lexicon.graph.letters) + 1
    good = ([0] * n, [0] * n, 0, 0)
    rack = (b"", b"", 0)
    bad_tables = [
        ([0] * (n - 1), [0] * n, 0, 0),  # one value short
        ([0] * n, [0] * (n + 1), 0, 0),  # one duplicate too many
        ([MAX_LEAVE_WEIGHT + 1] + [0] * (n - 1), [0] * n, 0, 0),
        ([0] * n, [-MAX_LEAVE_WEIGHT - 1] + [0] * (n - 1), 0, 0),
        ([0] * n, [0] * n, 0, MAX_LEAVE_WEIGHT + 1),
        (["a"] * n, [0] * n, 0, 0),
        ([0] * n, [0] * n, -1, 0),
        ([0] * n, [0] * n, 1 << (n - 1), 0),  # a vowel past the letters (bit n - 1 is the blank's)
        ([0] * n,),
    ]
    for table in bad_tables:
        with pytest.raises((ValueError, TypeError, OverflowError)):
            core.wordgame_exchange(table, *rack, 0)
        with pytest.raises((ValueError, TypeError, OverflowError)):
            core.wordgame_equities(found.raw, table, *rack, 0)
    bad_racks = [
        (b"\x00", b"", 0),  # a letter without its count
        (bytes([n + 3]), b"\x01", 0),  # a letter outside the alphabet
        (b"\x00", b"\x10", 0),  # 16 tiles: more than the longest rack
        (b"", b"", 16),
        (b"", b"", -1),
        ("ab", b"\x01\x01", 0),  # not bytes
    ]
    for bad in bad_racks:
        with pytest.raises((ValueError, TypeError)):
            core.wordgame_exchange(good, *bad, 0)
    # the moves place tiles this rack does not hold
    with pytest.raises(ValueError, match="not on the rack"):
        core.wordgame_equities(found.raw, good, b"", b"", 1, 0)
    with pytest.raises(TypeError):
        core.wordgame_equities([], good, *rack, 0)
    assert core.wordgame_exchange(good, *rack, 0) is None  # an empty rack: no exchange


NODE_LOAD = """
import { Lexicon } from "./js/src/index.js";
try {
  const lexicon = await Lexicon.load(process.argv[1]);
  const { values, duplicates, vowels, balance } = lexicon.leaves;
  const tables = { values: Object.fromEntries(values), duplicates: Object.fromEntries(duplicates) };
  console.log(JSON.stringify({ ...tables, vowels, balance }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message, kind: error.name }));
}
"""


def test_the_javascript_reader_loads_leaves_json_as_python_does(tmp_path: Path) -> None:
    """A list whose manifest lists leaves.json: JavaScript reads the same values; a bad one (its
    checksum right) is refused by both with the same message; a changed one fails its checksum."""
    import hashlib
    import shutil

    from wordlist.errors import ArtefactError

    folder = tmp_path / "en" / "wordgame"
    shutil.copytree(ROOT / "outputs" / "en" / "wordgame", folder)
    lexicon = Lexicon.load(folder)

    def write(document: dict) -> None:
        data = json.dumps(document, ensure_ascii=False).encode("utf-8")
        (folder / "leaves.json").write_bytes(data)
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        manifest["files"]["leaves.json"] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")

    def node() -> dict:
        run = subprocess.run(
            ["node", "--input-type=module", "-e", NODE_LOAD, str(folder)],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout)

    good = random_leaves(lexicon.graph.letters, 9, 2000)
    write(good.to_json())
    assert Lexicon.load(folder).leaves == good
    assert node() == {
        "values": dict(good.values),
        "duplicates": dict(good.duplicates),
        "vowels": good.vowels,
        "balance": good.balance,
    }
    for bad in ({**good.to_json(), "unit": 10}, {**good.to_json(), "values": {"zz": 1}}, [1]):
        write(bad)  # type: ignore[arg-type]
        with pytest.raises(ArtefactError) as refused:
            Lexicon.load(folder)
        assert node() == {"error": str(refused.value), "kind": "ArtefactError"}
    write(good.to_json())
    (folder / "leaves.json").write_bytes((folder / "leaves.json").read_bytes().replace(b"100", b"101", 1))
    assert "checksum" in node()["error"]
