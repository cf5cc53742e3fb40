"""Wordgame: time to generate every move for an 8-tile rack, compiled and in Python, and whole games.

    python -m tests.bench.wordgame

The word list is the benchmark's realistic English list (wamerican-huge, or generated words, as
in tests/bench/lexicon.py) built with the wordgame profile: lower-case words only. Mid-game
positions come from seeded strong-bot games, taken every 3 moves from move 3 to move 18. Each
position gets a rack of 8 tiles drawn from the game's tile set, with no blank, one and two.

For each position the search (`Wordgame.search`: every legal move with its points, compactly:
what a bot or a server uses) is timed on the compiled generator and on the Python one, one
after the other (interleaved, so that a busy machine slows both alike), wall and CPU time; then
listing every move as objects (`legal_moves`, compiled). The figures are medians over the
positions; with two blanks the Python search takes seconds, so it is timed on the first 8 mid-game
positions only (the compiled one on all). "cold" is the first position with a freshly loaded word
list. The load average is recorded: other work on the machine shows in wall times.
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import time
from collections.abc import Callable

from tests.bench import lexicon as lexicon_bench
from tests.bench.common import BENCH_DIR, save
from tests.game_helpers import generator
from wordlist import Lexicon
from wordlist.games.bot import Bot, self_play
from wordlist.games.wordgame import BLANK, Wordgame
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select

GAMES = 4
GAMES_TIMED = 3
PYTHON_TWO_BLANKS = 8  # positions the Python search is timed on with two blanks (seconds each)


def word_list() -> Lexicon:
    path = BENCH_DIR / "lexicon" / "en" / "wordgame"
    if not (path / "manifest.json").exists():
        words, source = lexicon_bench.word_source("en", 400_000)
        profile = load_profile("wordgame")
        selection = select(lexicon_bench.entries_for(words, "en"), profile, "en")
        write_word_list(selection, profile, "en", path, {"dump": source})
    return Lexicon.load(path)


def positions(lexicon: Lexicon) -> list[Wordgame]:
    """Mid-game positions of seeded games between strong bots."""
    found = []
    for seed in range(GAMES):
        game = Wordgame.new(lexicon, seed=seed)
        bots = (Bot("strong", seed), Bot("strong", seed + 100))
        while not game.is_over and len(game.history) < 18:
            bots[game.turn].move(game)
            if len(game.history) % 3 == 0 and not game.is_empty:
                found.append(Wordgame.from_dict(game.to_dict(), lexicon))
    return found


def rack(game: Wordgame, rng: random.Random, blanks: int) -> list[str]:
    letters = [t for t in game.tiles.bag() if t != BLANK]
    return rng.sample(letters, game.settings.rack_size - blanks) + [BLANK] * blanks


def clocked(run: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one call (garbage collected first, so that it is not billed)."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def measure(game: Wordgame, tiles: list[str], python: bool) -> dict[str, float]:
    """One position: the compiled and the Python search (interleaved), the moves, the listing."""
    found: dict[str, float] = {}
    with generator("compiled"):
        found["compiled_ms"], found["compiled_cpu_ms"] = clocked(lambda: game.search(tiles))
        found["moves"] = len(game.search(tiles))
        found["listing_ms"], _ = clocked(lambda: game.legal_moves(tiles))
    if python:
        with generator("python"):
            found["python_ms"], found["python_cpu_ms"] = clocked(lambda: game.search(tiles))
    return found


def median(measured: list[dict[str, float]], key: str) -> float | None:
    values = [m[key] for m in measured if key in m]
    return round(statistics.median(values), 2) if values else None


def run() -> dict:
    lexicon = word_list()
    load_before = os.getloadavg()[0]
    rng = random.Random(5)
    rows = []
    empty = Wordgame.new(word_list(), seed=1)  # a fresh load: nothing memoized
    with generator("compiled"):
        cold_ms, _ = clocked(lambda: empty.search(rack(empty, rng, 0)))
    mid = positions(lexicon)
    for blanks in (0, 1, 2):
        for name, games in (
            ("empty board", [Wordgame.new(lexicon, seed=s) for s in range(8)]),
            ("mid-game", mid),
        ):
            if blanks == 2 and name == "empty board":
                continue  # (the Python search takes a minute there; the targets are mid-game)
            python_positions = PYTHON_TWO_BLANKS if blanks == 2 else len(games)
            measured = [
                measure(game, rack(game, rng, blanks), python=i < python_positions)
                for i, game in enumerate(games)
            ]
            compiled, python = median(measured, "compiled_ms"), median(measured, "python_ms")
            row = {
                "position": name,
                "blanks": blanks,
                "positions": len(games),
                "compiled_ms": compiled,
                "compiled_p90_ms": round(
                    sorted(m["compiled_ms"] for m in measured)[int(0.9 * (len(measured) - 1))], 2
                ),
                "compiled_cpu_ms": median(measured, "compiled_cpu_ms"),
                "python_ms": python,
                "python_cpu_ms": median(measured, "python_cpu_ms"),
                "python_positions": min(python_positions, len(games)),
                "speedup": round(
                    statistics.median(
                        m["python_ms"] / m["compiled_ms"] for m in measured if "python_ms" in m
                    ),
                    1,
                ),
                "listing_ms": median(measured, "listing_ms"),
                "median_moves": round(statistics.median(m["moves"] for m in measured)),
            }
            rows.append(row)
            print(
                f"{name:12} blanks={blanks}  search: compiled {compiled:7.2f} ms "
                f"(cpu {row['compiled_cpu_ms']:6.2f}, p90 {row['compiled_p90_ms']:6.2f})  "
                f"python {python:8.1f} ms  x{row['speedup']:<5}  "
                f"listing as objects {row['listing_ms']:7.1f} ms  moves {row['median_moves']:6}  "
                f"({len(games)} positions, python on {row['python_positions']})"
            )
    games_per_minute = {}
    for kind in ("compiled", "python"):
        with generator(kind):
            started = time.perf_counter()
            moves = 0
            for seed in range(GAMES_TIMED):
                game = self_play(
                    Wordgame.new(lexicon, seed=seed), (Bot("strong", seed), Bot("strong", seed + 1))
                )
                moves += len(game.history)
            games_per_minute[kind] = round(GAMES_TIMED / ((time.perf_counter() - started) / 60), 1)
    turns = moves / GAMES_TIMED
    print(f"cold (first position, fresh word list, compiled): {cold_ms:.2f} ms")
    print(
        f"bot-vs-bot games (strong vs strong): {games_per_minute['compiled']} per minute compiled, "
        f"{games_per_minute['python']} in Python, {turns:.0f} turns a game"
    )
    load = (round(load_before, 2), round(os.getloadavg()[0], 2))
    print(f"load average (1 min) before and after: {load[0]}, {load[1]} on {os.cpu_count()} cores")
    result = {
        "words": len(lexicon),
        "rows": rows,
        "cold_ms": round(cold_ms, 2),
        "games_per_minute": games_per_minute,
        "turns_per_game": round(turns),
        "load_average": load,
    }
    save("wordgame", result)
    return result


if __name__ == "__main__":
    run()
