"""Bot against bot: two levels play a match of either game, seats alternated, seeds fixed.

    python -m tests.bench.match balda strong greedy [--size 7] [--games 200] [--seed 1] [--list DIR]
    python -m tests.bench.match wordgame strong greedy --games 100

Games come in pairs: both games of a pair start from the same seed (Balda: the same random start
word; Wordgame: the same bag), the first level moving first in one and second in the other, so
neither the start nor the first move favours a level. Each bot is seeded from its game's seed and
seat: the same arguments play the same games, move for move.

The report, for the first level against the second: wins, ties, losses; the win rate, a tie
counting half, with its 95% Wilson score interval (the normal approximation misbehaves near 0 and
1); the average point spread (first level's score minus the second's) with a 95% normal interval;
and each level's time per move, median and 99th percentile, wall and CPU (CPU next to wall shows
what a busy machine added). The word list is the benchmark's English one (tests/bench/lexicon.py:
400,000 words, or the real list where the system has one), or any built list folder (`--list`).
Figures go to outputs/bench/match-<game>-<board>-<level>-<level>.json (or `--out`) and to stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from tests.bench.common import machine, save
from wordlist import Lexicon
from wordlist.errors import WordlistError
from wordlist.games.balda import BOARD_SIZES, BaldaGame, BaldaSettings
from wordlist.games.bot import LEVELS, Bot
from wordlist.games.protocol import Game
from wordlist.games.wordgame import Wordgame

GAMES = ("balda", "wordgame")
Z95 = 1.959964  # the normal distribution's two-sided 95% quantile
MAX_GAMES = 100_000  # a match is work bounded by its arguments


@dataclass
class Clock:
    """One level's time per move, in milliseconds."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float | int | None]:
        return {
            "moves": len(self.wall),
            "median_ms": _round(statistics.median(self.wall)) if self.wall else None,
            "p99_ms": _round(percentile(self.wall, 99)),
            "median_cpu_ms": _round(statistics.median(self.cpu)) if self.cpu else None,
            "p99_cpu_ms": _round(percentile(self.cpu, 99)),
        }


@dataclass(frozen=True)
class Match:
    """What a match is: the game and its board, the two levels, how many games, the first seed."""

    game: str
    first: str
    second: str
    games: int
    seed: int = 1
    size: int = 5  # Balda's board (Wordgame's board is its list's)

    @property
    def name(self) -> str:
        board = f"{self.size}x{self.size}" if self.game == "balda" else "standard"
        return f"match-{self.game}-{board}-{self.first}-{self.second}"


def percentile(values: Sequence[float], pct: int) -> float | None:
    """The `pct`th percentile (statistics.quantiles' exclusive method); a lone value is its own."""
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100)[pct - 1]


def wilson(successes: float, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (successes may count ties as halves)."""
    if total < 1:
        return (0.0, 1.0)
    rate = successes / total
    middle = rate + Z95 * Z95 / (2 * total)
    spread = Z95 * math.sqrt(rate * (1 - rate) / total + Z95 * Z95 / (4 * total * total))
    scale = 1 + Z95 * Z95 / total
    return ((middle - spread) / scale, (middle + spread) / scale)


def new_game(match: Match, lexicon: Lexicon, seed: int) -> Game:
    if match.game == "balda":
        return BaldaGame.new(lexicon, BaldaSettings(size=match.size), seed=seed)
    return Wordgame.new(lexicon, seed=seed)


def play(
    match: Match, lexicon: Lexicon, progress: Callable[[dict], object] | None = None, every: int = 20
) -> dict:
    """Play the match; its report (see the module's docstring). `progress` gets the report of the
    games played so far after every `every` games (an even number: whole pairs), so that a long
    match stopped early still leaves its figures."""
    spreads: list[int] = []
    clocks = (Clock(), Clock())  # the first level's time per move, the second's
    for index in range(match.games):
        seed = match.seed + index // 2
        first_seat = index % 2  # the first level's seat: 0 (moves first) in even games
        game = new_game(match, lexicon, seed)
        levels = (match.first, match.second) if first_seat == 0 else (match.second, match.first)
        bots = [Bot(level, seed=(seed << 1) | seat) for seat, level in enumerate(levels)]
        while not game.is_over:
            seat = game.turn
            wall, cpu = time.perf_counter(), time.process_time()
            bots[seat].move(game)
            clock = clocks[seat != first_seat]
            clock.wall.append((time.perf_counter() - wall) * 1000)
            clock.cpu.append((time.process_time() - cpu) * 1000)
        final = game.final_scores  # Wordgame: less the tiles left on each rack, as the winner is named
        spreads.append(final[first_seat] - final[1 - first_seat])
        if progress is not None and len(spreads) % every == 0 and len(spreads) < match.games:
            progress(tally(match, spreads, clocks))
    return tally(match, spreads, clocks)


def tally(match: Match, spreads: Sequence[int], clocks: tuple[Clock, Clock]) -> dict:
    """The report of the games played: their spreads (the first level's score minus the second's)
    and the levels' clocks."""
    games = len(spreads)
    wins, ties = sum(s > 0 for s in spreads), sum(s == 0 for s in spreads)
    rate = (wins + ties / 2) / games
    low, high = wilson(wins + ties / 2, games)
    mean = statistics.fmean(spreads)
    margin = Z95 * statistics.stdev(spreads) / math.sqrt(games) if games > 1 else math.inf
    names = (match.first, match.second) if match.first != match.second else ("first", "second")
    times = {name: clock.summary() for name, clock in zip(names, clocks, strict=True)}
    return {
        "game": match.game,
        "board": f"{match.size}x{match.size}" if match.game == "balda" else "standard",
        "first": match.first,
        "second": match.second,
        "games": games,
        "of": match.games,  # the games asked for (more than `games` while the match goes on)
        "seed": match.seed,
        # the levels' budgets per move (positions searched): the figures hold for these
        "budgets": {name: LEVELS[name].budget(match.game) for name in (match.first, match.second)},
        "wins": wins,
        "ties": ties,
        "losses": games - wins - ties,
        "win_rate": _round(rate, 4),
        "win_rate_95": [_round(low, 4), _round(high, 4)],
        "spread": _round(mean),
        "spread_95": [_round(mean - margin), _round(mean + margin)] if games > 1 else None,
        "time_per_move": times,
    }


def row(report: dict) -> str:
    """The report as a line of the docs' table (README: the bots' levels against each other)."""
    low, high = report["win_rate_95"]
    spread = f"{report['spread']:+}"
    if report["spread_95"] is not None:
        spread += " ({:+} to {:+})".format(*report["spread_95"])
    timing = " | ".join(
        f"{t['median_cpu_ms']} / {t['p99_cpu_ms']} ms ({t['median_ms']} / {t['p99_ms']})"
        for t in report["time_per_move"].values()
    )
    return (
        f"| {report['game']} {report['board']} | {report['first']} vs {report['second']} | "
        f"{report['games']} | {report['wins']} / {report['ties']} / {report['losses']} | "
        f"{report['win_rate']:.1%} ({low:.1%} to {high:.1%}) | {spread} | {timing} |"
    )


def _round(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)


def word_list(game: str, folder: Path | None) -> Lexicon:
    """The match's word list: `folder`, else the benchmark's English list for the game."""
    if folder is not None:
        return Lexicon.load(folder)
    if game == "balda":
        from tests.bench.balda import word_list as balda_list

        return balda_list()
    from tests.bench.wordgame import word_list as wordgame_list

    return wordgame_list()


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not the usage block
        self.exit(2, f"match: {message}\n")


def parse(argv: Sequence[str]) -> tuple[Match, Path | None, Path | None]:
    parser = _Parser(prog="python -m tests.bench.match", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("first", choices=list(LEVELS), help="the level measured")
    parser.add_argument("second", choices=list(LEVELS), help="the level it is measured against")
    parser.add_argument("--games", type=int, default=100, help="games to play (even: seats alternate)")
    parser.add_argument("--seed", type=int, default=1, help="the first pair's seed")
    parser.add_argument("--size", type=int, default=5, help="Balda's board: 5, 7 or 9")
    parser.add_argument("--list", type=Path, help="a built word-list folder (default: the benchmark's)")
    parser.add_argument("--out", type=Path, help="where the figures go (default: outputs/bench)")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games: {args.games}, not a number of games from 1 to {MAX_GAMES:,}")
    if args.size not in BOARD_SIZES:
        parser.error(f"--size: {args.size}, not a Balda board ({', '.join(map(str, BOARD_SIZES))})")
    if not -(1 << 62) <= args.seed < 1 << 62:
        parser.error(f"--seed: {args.seed} is out of range (a 63-bit whole number)")
    if args.list is not None and not (args.list / "manifest.json").is_file():
        parser.error(f"--list: {args.list} is not a built word-list folder (no manifest.json)")
    if args.out is not None and not args.out.is_dir():
        parser.error(f"--out: {args.out} is not a folder")
    match = Match(args.game, args.first, args.second, args.games, args.seed, args.size)
    return match, args.list, args.out


def run(match: Match, folder: Path | None = None, out: Path | None = None) -> dict:
    """Play `match` on its word list, print its table row, save its figures (in `out`, else in
    outputs/bench): those of the games played so far as it goes, all of them at the end."""
    if out is not None:
        figures = out / f"{match.name}.json"
        if figures.exists() and not figures.is_file():
            raise WordlistError(f"{figures} is there and is not a regular file: not replaced")

    def write(report: dict) -> None:
        if out is None:
            save(match.name, report)
            return
        part = figures.with_name(figures.name + ".part")
        part.write_text(json.dumps({"machine": machine(), **report}, indent=2) + "\n")
        part.replace(figures)

    report = play(match, word_list(match.game, folder), write)
    print(row(report), flush=True)
    write(report)
    return report


# `make bench`'s matches: strong against today's greedy bot and expert against strong, Balda on
# 5x5 and 7x7 (issue 28's targets: 75% and 55%); --quick plays a few games of each.
MATCHES = tuple(
    Match("balda", first, second, 1000, 1, size)
    for size in (5, 7)
    for first, second in (("strong", "greedy"), ("expert", "strong"))
)
QUICK_GAMES = 20


def run_all(quick: bool) -> list[dict]:
    print(
        "| game | levels | games | wins / ties / losses | win rate (95% Wilson) | spread (95%) | "
        "first level's move: CPU median / p99 (wall) | second's |"
    )
    print("|---|---|---|---|---|---|---|---|")
    return [
        run(Match(m.game, m.first, m.second, QUICK_GAMES if quick else m.games, m.seed, m.size))
        for m in MATCHES
    ]


def main(argv: Sequence[str]) -> int:
    match, folder, out = parse(argv)
    try:
        run(match, folder, out)
    except (WordlistError, OSError) as error:
        print(f"match: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
