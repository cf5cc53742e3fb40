"""Balda bot: full move generation on mid-game positions, 5x5 to 9x9, orthogonal and diagonal.

    python -m tests.bench.balda

The word list is the benchmark's realistic English list (tests/bench/lexicon.py builds it from
wamerican-huge, or generated words): several hundred thousand words, 60% of them nouns. Positions
come from seeded bot-against-bot games stopped when half of the empty cells are filled. Each
position is timed on one core (pure Python, one process); "cold" is the very first position with a
freshly loaded word list, the median is over the positions that follow (the graph's per-node
transition memo is warm from earlier moves, as in a real game). Each position is timed listing
every move as objects (`legal_moves`) and with the compact search the bot chooses from.
"""

from __future__ import annotations

import gc
import statistics
import time

from tests.bench import lexicon as lexicon_bench
from tests.bench.common import BENCH_DIR, save
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
    bots = (Bot("strong", seed), Bot("beginner", seed + 1))
    while len(game.history) < (size * size - size) // 2:
        bots[game.turn].move(game)
    return game


def timed(game: BaldaGame) -> tuple[float, int, int, float]:
    """Milliseconds to list every move as objects, the word moves and all moves, and milliseconds
    for the compact search the bot chooses from."""
    gc.collect()
    started = time.perf_counter()
    moves = game.legal_moves()
    elapsed = (time.perf_counter() - started) * 1000
    words = sum(1 for m in moves if len(m.move.path) > 1)
    gc.collect()
    started = time.perf_counter()
    game.bot_search()
    return elapsed, words, len(moves), (time.perf_counter() - started) * 1000


def run() -> dict:
    rows = []
    for size in (5, 7, 9):
        for diagonal in (False, True):
            lexicon = word_list()
            games = [mid_game(lexicon, size, diagonal, seed) for seed in range(POSITIONS + 1)]
            games[0].lexicon = word_list()  # a fresh load: nothing memoized yet
            cold = timed(games[0])
            measured = [timed(g) for g in games[1:]]
            times = sorted(t for t, _, _, _ in measured)
            row = {
                "board": f"{size}x{size}",
                "connections": "diagonal" if diagonal else "orthogonal",
                "positions": len(measured),
                "median_ms": round(statistics.median(times), 1),
                "p90_ms": round(times[int(0.9 * (len(times) - 1))], 1),
                "max_ms": round(times[-1], 1),
                "cold_first_position_ms": round(cold[0], 1),
                "bot_search_median_ms": round(statistics.median(b for _, _, _, b in measured), 1),
                "word_moves_median": int(statistics.median(w for _, w, _, _ in measured)),
                "all_moves_median": int(statistics.median(a for _, _, a, _ in measured)),
            }
            rows.append(row)
            print(
                f"{row['board']} {row['connections']:10} median {row['median_ms']:6.1f} ms"
                f"  p90 {row['p90_ms']:6.1f}"
                f"  cold {row['cold_first_position_ms']:6.1f}  bot search {row['bot_search_median_ms']:6.1f}"
                f"  word moves {row['word_moves_median']:6}"
                f"  all moves {row['all_moves_median']}"
            )
    lexicon = word_list()
    payload = {"word_list": f"{lexicon.manifest.source['dump']}: {len(lexicon):,} words", "rows": rows}
    save("balda", payload)
    return payload


if __name__ == "__main__":
    run()
