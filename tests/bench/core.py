"""The C core (core/): its move generation natively (the Python binding), against the C generator
it replaced (wordlist/_movegen.c, built from the git history when it is there), and built to
WebAssembly in Node, on the same positions in the same run; and what a page downloads for a bot.

    python -m tests.bench.core

The lists and positions are the Wordgame and Balda benchmarks' (the realistic English lists;
mid-game Wordgame positions of strong-bot games with 8-tile racks of no blank, one and two; Balda
9x9 boards with diagonals half filled). Each search is timed REPEAT times and the median kept;
the figures are medians over the positions. Every engine must find the same number of moves.
Bytes (measured in Node): words.dawg and core.wasm as they are, gzipped and with brotli, against
words.txt; an estimate of a bit-packed layout (each edge of the graph in 8 + 2 + log2(edges)
bits: its label, end-of-word and last-sibling flags, its target; as peers pack theirs) for the
format question, and the graph written so (32 bits an edge), raw and gzipped. Native times are
the Python binding's call (the moves are read only when asked for); Node's are `bestMove` (the
search, and the best move read back).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import math
import random
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from array import array
from pathlib import Path
from typing import Any

from tests.bench import balda as balda_bench
from tests.bench import wordgame as wordgame_bench
from tests.bench.common import BENCH_DIR, ROOT, save
from tests.js_movegen_vectors import dawg_file, write_list
from wordlist.games.balda import movegen as balda_movegen
from wordlist.games.wordgame import Wordgame
from wordlist.games.wordgame import movegen as wordgame_movegen
from wordlist.graph import Graph

REPEAT = 7
BALDA_POSITIONS = 8
NODE_SCRIPT = ROOT / "js" / "bench" / "core.mjs"
WASM = ROOT / "js" / "src" / "core.wasm"


def old_generator() -> Any:
    """wordlist/_movegen.c as it was before the core replaced it, compiled here, or None."""
    git = shutil.which("git")
    gcc = shutil.which("gcc")
    if git is None or gcc is None:
        return None
    deleted = subprocess.run(
        [git, "log", "--format=%H", "-n1", "--diff-filter=D", "--", "wordlist/_movegen.c"],
        cwd=ROOT, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    if not deleted:
        return None
    folder = Path(tempfile.mkdtemp(prefix="old-movegen-"))
    for name in ("_movegen.c", "_limits.h"):
        source = subprocess.run([git, "show", f"{deleted}^:wordlist/{name}"], cwd=ROOT, capture_output=True)
        if source.returncode != 0:
            return None
        (folder / name).write_bytes(source.stdout)
    target = folder / f"_movegen{sysconfig.get_config_var('EXT_SUFFIX')}"
    include = sysconfig.get_paths()["include"]
    built = subprocess.run(
        [gcc, "-O2", "-shared", "-fPIC", f"-I{include}", "-o", target, folder / "_movegen.c"]
    )
    if built.returncode != 0:
        return None
    spec = importlib.util.spec_from_file_location("_movegen", target)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(search: Any) -> tuple[float, int]:
    """The median milliseconds of REPEAT runs of `search`, and its number of moves."""
    times, found = [], 0
    for _ in range(REPEAT):
        started = time.perf_counter()
        found = len(search())
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), found


def wordgame_position(game: Wordgame, rack: list[str]) -> dict[str, Any]:
    position = game.position(rack)
    return {
        "game": "wordgame",
        "board": [list(row) for row in position.board],
        "blanks": sorted([r, c] for r, c in position.blanks),
        "layout": {"board": list(position.layout.rows), "start": list(position.layout.start)},
        "points": dict(position.points),
        "rack": rack,
        "rackSize": position.rack_size,
        "firstWord": position.first_word,
    }


def balda_position(position: balda_movegen.Position) -> dict[str, Any]:
    scored = {word: [sorted(cells) for cells in sets] for word, sets in position.scored.items()}
    board = list(position.board)
    return {"game": "balda", "size": position.size, "diagonal": position.diagonal, "board": board,
            "mask": position.mask, "scored": scored}  # fmt: skip


def in_node(folder: Path, cases: list[dict[str, Any]]) -> dict[str, Any]:
    """The WebAssembly core's times on `cases` (js/bench/core.mjs), or an empty result without Node."""
    node = shutil.which("node")
    if node is None or not WASM.exists():
        return {}
    (folder / "positions.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run(
        [node, NODE_SCRIPT, folder, str(REPEAT)], capture_output=True, text=True, timeout=3600
    )
    if run.returncode != 0:
        raise RuntimeError(f"{NODE_SCRIPT}: {run.stderr[-2000:]}")
    return json.loads(run.stdout)


def packed_layout(graph: Graph) -> tuple[dict[str, int], bytes]:
    """The graph's nodes and edges (byte transitions) reachable from the root, and the graph in a
    32-bit-per-edge layout as peers pack theirs (each node's edges together, an edge: its label,
    end-of-word and last-edge flags and its target's first edge): what a compact format would
    store, to measure it raw and compressed."""
    guide = graph._guide
    assert guide is not None
    order, edges_of, seen = [0], {}, {0}
    for node in order:  # (the list grows as it is walked: breadth first)
        found = []
        label = guide[2 * node]
        while label:
            child = graph._follow_byte(node, label)
            found.append((label, child))
            if child not in seen:
                seen.add(child)
                order.append(child)
            label = guide[2 * child + 1]
        edges_of[node] = found
    first, count = {}, 0
    for node in order:
        first[node] = count
        count += len(edges_of[node])
    packed = array("I")
    for node in order:
        found = edges_of[node]
        for i, (label, child) in enumerate(found):
            word_end = graph.value(child) is not None
            last = i == len(found) - 1
            packed.append(label | word_end << 8 | last << 9 | first[child] << 10)
    return {"nodes": len(order), "edges": count}, packed.tobytes()


def run() -> dict:
    old = old_generator()
    rows: list[dict[str, Any]] = []
    lexicon = wordgame_bench.word_list()
    graph = lexicon.graph
    old_graph = old.Graph(graph._units, graph._guide, graph.letters) if old else None
    folder = BENCH_DIR / "core"
    shutil.rmtree(folder, ignore_errors=True)
    rng = random.Random(5)
    mid = wordgame_bench.positions(lexicon)
    cases, native = [], []
    for blanks in (0, 1, 2):
        for game in mid:
            rack = wordgame_bench.rack(game, rng, blanks)
            position = game.position(rack)
            ms, moves = timed(lambda position=position: wordgame_movegen.compiled_moves(graph, position))
            before = None
            if old_graph is not None:
                graph._compiled, saved = old_graph, graph._compiled
                before, old_moves = timed(
                    lambda position=position: wordgame_movegen.compiled_moves(graph, position)
                )
                graph._compiled = saved
                assert old_moves == moves, (old_moves, moves)
            native.append(
                {"what": f"wordgame, {blanks} blank(s)", "ms": ms, "old_ms": before, "moves": moves}
            )
            cases.append(wordgame_position(game, rack))
    write_list(lexicon, folder / "wordgame", dawg_file(graph))
    shutil.copyfile(lexicon.path / "words.txt", folder / "wordgame" / "words.txt")
    wasm = in_node(folder / "wordgame", cases)
    balda_lexicon = balda_bench.word_list()
    balda_graph = balda_lexicon.graph
    old_balda = old.Graph(balda_graph._units, balda_graph._guide, balda_graph.letters) if old else None
    balda_cases = []
    for seed in range(BALDA_POSITIONS):
        position = balda_bench.mid_game(balda_lexicon, 9, True, seed).position()
        ms, moves = timed(lambda position=position: balda_movegen.compiled_word_moves(balda_graph, position))
        before = None
        if old_balda is not None:
            balda_graph._compiled, saved = old_balda, balda_graph._compiled
            before, old_moves = timed(
                lambda position=position: balda_movegen.compiled_word_moves(balda_graph, position)
            )
            balda_graph._compiled = saved
            assert old_moves == moves
        native.append({"what": "balda 9x9 diagonal", "ms": ms, "old_ms": before, "moves": moves})
        balda_cases.append(balda_position(position))
    write_list(balda_lexicon, folder / "balda", dawg_file(balda_graph))
    wasm_balda = in_node(folder / "balda", balda_cases)
    in_wasm = [*wasm.get("times", []), *wasm_balda.get("times", [])]
    for i, row in enumerate(native):
        if in_wasm:
            assert in_wasm[i]["moves"] == row["moves"], (i, in_wasm[i], row)
            row["wasm_ms"] = in_wasm[i]["ms"]
    for what in dict.fromkeys(r["what"] for r in native):
        group = [r for r in native if r["what"] == what]
        summary: dict[str, Any] = {"what": what, "positions": len(group)}
        for key in ("ms", "old_ms", "wasm_ms"):
            values = [r[key] for r in group if r.get(key) is not None]
            summary[key] = round(statistics.median(values), 3) if values else None
        summary["moves"] = round(statistics.median(r["moves"] for r in group))
        if summary["old_ms"]:
            summary["old_over_core"] = round(statistics.median(r["old_ms"] / r["ms"] for r in group), 2)
        if summary["wasm_ms"]:
            summary["wasm_over_native"] = round(statistics.median(r["wasm_ms"] / r["ms"] for r in group), 2)
        rows.append(summary)
        nan = float("nan")
        print(
            f"{what:24} core {summary['ms']:8.3f} ms  replaced C {summary['old_ms'] or nan:8.3f} ms "
            f"(x{summary.get('old_over_core', nan)})  in Node {summary['wasm_ms'] or nan:8.3f} ms "
            f"(x{summary.get('wasm_over_native', nan)} native)   moves {summary['moves']}"
        )
    dawg = (lexicon.path / "words.dawg").read_bytes()
    words = (lexicon.path / "words.txt").read_bytes()
    shape, packed_bytes = packed_layout(graph)
    packed = math.ceil(shape["edges"] * (8 + 2 + math.ceil(math.log2(max(shape["edges"], 2)))) / 8)
    download = wasm.get("download", {})
    page = {
        "words": len(lexicon),
        **download,
        "dawg_bytes_per_word": round(len(dawg) / len(lexicon), 2),
        "dawg_gzip_over_words_gzip": round(len(gzip.compress(dawg, 9)) / len(gzip.compress(words, 9)), 2),
        "graph": shape,
        "packed_estimate": {"bytes": packed, "bytes_per_word": round(packed / len(lexicon), 2)},
        "packed_32bit": {"bytes": len(packed_bytes), "gzip": len(gzip.compress(packed_bytes, 9))},
        "first_move_ms": wasm.get("first_move_ms"),
    }
    print(
        f"page: {len(lexicon):,} words; words.dawg {len(dawg):,} bytes "
        f"({page['dawg_bytes_per_word']} a word), "
        f"gzipped {page['dawg_gzip_over_words_gzip']}x words.txt gzipped; a page downloads {download}"
    )
    first_move = page["first_move_ms"] and round(page["first_move_ms"], 1)
    print(
        f"a bit-packed layout: about {packed:,} bytes "
        f"({page['packed_estimate']['bytes_per_word']} a word) for "
        f"{shape['edges']:,} edges of {shape['nodes']:,} nodes (in 32 bits an edge: "
        f"{len(packed_bytes):,} bytes, gzipped {page['packed_32bit']['gzip']:,}); first bot move in Node "
        f"(compile the core, load the list, search): {first_move} ms"
    )
    result = {"rows": rows, "page": page, "repeat": REPEAT}
    save("core", result)
    return result


if __name__ == "__main__":
    run()
    sys.exit(0)
