"""Wordgame: time to generate every move for an 8-tile rack, and full bot-against-bot games.

    python -m tests.bench.wordgame

The word list is the benchmark's realistic English list (wamerican-huge, or generated words, as
in tests/bench/lexicon.py) built with the wordgame profile: lower-case words only. Mid-game
positions come from seeded strong-bot games, taken every 3 moves from move 3 to move 18. Each
position is timed on one core with a rack of 8 letters drawn from the game's tile set, without
a blank and with one: listing every move as objects (`legal_moves`), and the compact search a
bot chooses from (`search`). "cold" is the first position with a freshly loaded word list, the
medians are over the positions that follow.
"""

from __future__ import annotations

import gc
import random
import statistics
import time

from tests.bench import lexicon as lexicon_bench
from tests.bench.common import BENCH_DIR, save
from wordlist import Lexicon
from wordlist.games.bot import Bot, self_play
from wordlist.games.wordgame import BLANK, Wordgame
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select

GAMES = 4
GAMES_TIMED = 3


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


def timed(game: Wordgame, tiles: list[str]) -> tuple[float, int, float]:
    """Milliseconds to list every move as objects, the number of moves, and milliseconds for the
    compact search a bot chooses from."""
    gc.collect()
    started = time.perf_counter()
    moves = game.legal_moves(tiles)
    listed = (time.perf_counter() - started) * 1000
    gc.collect()
    started = time.perf_counter()
    game.search(tiles)
    return listed, len(moves), (time.perf_counter() - started) * 1000


def run() -> dict:
    lexicon = word_list()
    rng = random.Random(5)
    rows = []
    empty = Wordgame.new(word_list(), seed=1)  # a fresh load: nothing memoized
    cold_ms, _, _ = timed(empty, rack(empty, rng, 0))
    mid = positions(lexicon)
    for blanks in (0, 1):
        for name, games in (
            ("empty board", [Wordgame.new(lexicon, seed=s) for s in range(8)]),
            ("mid-game", mid),
        ):
            measured = [timed(g, rack(g, rng, blanks)) for g in games]
            row = {
                "position": name,
                "blanks": blanks,
                "positions": len(games),
                "median_ms": round(statistics.median(ms for ms, _, _ in measured), 1),
                "p90_ms": round(sorted(ms for ms, _, _ in measured)[int(0.9 * (len(measured) - 1))], 1),
                "search_median_ms": round(statistics.median(ms for _, _, ms in measured), 1),
                "median_moves": round(statistics.median(n for _, n, _ in measured)),
            }
            rows.append(row)
            print(
                f"{name:12} blanks={blanks}  median {row['median_ms']:7.1f} ms  p90 {row['p90_ms']:7.1f}  "
                f"search (bot) {row['search_median_ms']:7.1f}  moves {row['median_moves']:6}  "
                f"({len(games)} positions)"
            )
    started = time.perf_counter()
    moves = 0
    for seed in range(GAMES_TIMED):
        game = self_play(Wordgame.new(lexicon, seed=seed), (Bot("strong", seed), Bot("strong", seed + 1)))
        moves += len(game.history)
    minutes = (time.perf_counter() - started) / 60
    games_per_minute = round(GAMES_TIMED / minutes, 1)
    print(f"cold (first position, fresh word list): {cold_ms:.1f} ms")
    turns = moves / GAMES_TIMED
    print(f"bot-vs-bot games (strong vs strong): {games_per_minute} per minute, {turns:.0f} turns a game")
    result = {
        "words": len(lexicon),
        "rows": rows,
        "cold_ms": round(cold_ms, 1),
        "games_per_minute": games_per_minute,
        "turns_per_game": round(moves / GAMES_TIMED),
    }
    save("wordgame", result)
    return result


if __name__ == "__main__":
    run()
