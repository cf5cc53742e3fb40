"""Balda bot: full move generation on mid-game positions, 5x5 to 9x9, orthogonal and diagonal,
compiled and in Python.

    python -m tests.bench.balda

The word list is the benchmark's realistic English list (tests/bench/lexicon.py builds it from
wamerican-huge, or generated words): several hundred thousand words, 60% of them nouns. Positions
come from seeded bot-against-bot games stopped when half of the empty cells are filled. Each
position is timed on one core: the search the bot chooses from (`bot_search`: every word move,
compactly) on the compiled generator and on the Python one, one after the other (interleaved, so
that a busy machine slows both alike), wall and CPU time; then listing every move as objects
(`legal_moves`, compiled). "cold" is the very first position with a freshly loaded word list; the
medians are over the positions that follow. The load average is recorded: other work on the
machine shows in wall times.
"""

from __future__ import annotations

import os
import statistics

from tests.bench import lexicon as lexicon_bench
from tests.bench.common import BENCH_DIR, save
from tests.bench.wordgame import clocked, median
from tests.game_helpers import generator
from wordlist import Lexicon
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.bot import Bot

POSITIONS = 12


def word_list() -> Lexicon:
    path = BENCH_DIR / "lexicon" / "en" / "balda"
    if not (path / "manifest.json").exists():
        lexicon_bench.run_language("en")
    return Lexicon.load(path)


def mid_game(lexicon: Lexicon, size: int, diagonal: bool, seed: int) -> BaldaGame:
    game = BaldaGame.new(lexicon, BaldaSettings(size=size, diagonal=diagonal), seed=seed)
    bots = (Bot("greedy", seed), Bot("beginner", seed + 1))
    while len(game.history) < (size * size - size) // 2:
        bots[game.turn].move(game)
    return game


def measure(game: BaldaGame) -> dict[str, float]:
    """One position: the compiled and the Python search (interleaved), the moves, the listing."""
    found: dict[str, float] = {}
    with generator("compiled"):
        found["compiled_ms"], found["compiled_cpu_ms"] = clocked(game.bot_search)
        moves = game.legal_moves()
        found["listing_ms"], _ = clocked(game.legal_moves)
    with generator("python"):
        found["python_ms"], found["python_cpu_ms"] = clocked(game.bot_search)
    found["words"] = sum(1 for m in moves if len(m.move.path) > 1)
    found["moves"] = len(moves)
    return found


def run() -> dict:
    load_before = os.getloadavg()[0]
    rows = []
    for size in (5, 7, 9):
        for diagonal in (False, True):
            lexicon = word_list()
            games = [mid_game(lexicon, size, diagonal, seed) for seed in range(POSITIONS + 1)]
            games[0].lexicon = word_list()  # a fresh load: nothing memoized yet
            with generator("compiled"):
                cold_ms, _ = clocked(games[0].bot_search)
            measured = [measure(g) for g in games[1:]]
            times = sorted(m["compiled_ms"] for m in measured)
            row = {
                "board": f"{size}x{size}",
                "connections": "diagonal" if diagonal else "orthogonal",
                "positions": len(measured),
                "compiled_ms": median(measured, "compiled_ms"),
                "compiled_p90_ms": round(times[int(0.9 * (len(times) - 1))], 2),
                "compiled_cpu_ms": median(measured, "compiled_cpu_ms"),
                "python_ms": median(measured, "python_ms"),
                "python_cpu_ms": median(measured, "python_cpu_ms"),
                "speedup": round(statistics.median(m["python_ms"] / m["compiled_ms"] for m in measured), 1),
                "cold_first_position_ms": round(cold_ms, 2),
                "listing_ms": median(measured, "listing_ms"),
                "word_moves_median": int(statistics.median(m["words"] for m in measured)),
                "all_moves_median": int(statistics.median(m["moves"] for m in measured)),
            }
            rows.append(row)
            print(
                f"{row['board']} {row['connections']:10} bot search: compiled {row['compiled_ms']:6.2f} ms "
                f"(cpu {row['compiled_cpu_ms']:6.2f}, p90 {row['compiled_p90_ms']:6.2f})  "
                f"python {row['python_ms']:7.1f} ms  x{row['speedup']:<5}  "
                f"cold {row['cold_first_position_ms']:5.2f}  listing as objects {row['listing_ms']:6.1f} ms"
                f"  word moves {row['word_moves_median']:6}"
                f"  all moves {row['all_moves_median']}"
            )
    lexicon = word_list()
    load = (round(load_before, 2), round(os.getloadavg()[0], 2))
    print(f"load average (1 min) before and after: {load[0]}, {load[1]} on {os.cpu_count()} cores")
    payload = {
        "word_list": f"{lexicon.manifest.source['dump']}: {len(lexicon):,} words",
        "rows": rows,
        "load_average": load,
    }
    save("balda", payload)
    return payload


if __name__ == "__main__":
    run()
