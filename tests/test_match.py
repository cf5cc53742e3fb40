"""The match runner (tests/bench/match.py, `make bench`): seats alternate within each pair of games,
the same seeds play the same games, the tally and the spread are the games' own, the Wilson interval
is the textbook one, and bad arguments are one line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.match import Match, percentile, play, wilson
from wordlist import Lexicon
from wordlist.format.limits import BALDA_STRONG_NODES
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.bot import Bot

ROOT = Path(__file__).resolve().parents[1]


def run_match(*args: str | Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "tests.bench.match", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_wilson_interval_and_percentiles() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0, 10)
    assert low == 0 and round(high, 4) == 0.2775
    low, high = wilson(10, 10)
    assert round(low, 4) == 0.7225 and round(high, 9) == 1
    low, high = wilson(7.5, 10)  # ties count half: still within [0, 1], around the rate
    assert 0 < low < 0.75 < high < 1
    assert percentile([], 99) is None and percentile([3.0], 99) == 3.0
    assert percentile([float(i) for i in range(1, 101)], 50) == 50.5


def test_a_balda_match_alternates_seats_and_tallies_the_games(sample_outputs: Path) -> None:
    lexicon = Lexicon.open("en", "balda", sample_outputs)
    match = Match("balda", "greedy", "beginner", 6, seed=3)
    report = play(match, lexicon)
    # each pair: the same start, the first level moving first, then second (its bots seeded by seat)
    spreads = []
    for index in range(6):
        seed, first_seat = 3 + index // 2, index % 2
        game = BaldaGame.new(lexicon, BaldaSettings(size=5), seed=seed)
        levels = ("greedy", "beginner") if first_seat == 0 else ("beginner", "greedy")
        bots = [Bot(level, seed=(seed << 1) | seat) for seat, level in enumerate(levels)]
        while not game.is_over:
            bots[game.turn].move(game)
        spreads.append(game.scores[first_seat] - game.scores[1 - first_seat])
    assert report["wins"] == sum(s > 0 for s in spreads) and report["ties"] == sum(s == 0 for s in spreads)
    assert report["wins"] + report["ties"] + report["losses"] == report["games"] == 6
    assert report["spread"] == round(sum(spreads) / 6, 2)
    assert report["win_rate"] == round((report["wins"] + report["ties"] / 2) / 6, 4)
    low, high = report["win_rate_95"]
    assert low <= report["win_rate"] <= high
    # a 5x5 board fills in 20 moves: each level makes 10 a game, whichever seat it has
    assert report["time_per_move"]["greedy"]["moves"] == report["time_per_move"]["beginner"]["moves"] == 60
    again = play(match, lexicon)
    assert {k: v for k, v in again.items() if k != "time_per_move"} == {
        k: v for k, v in report.items() if k != "time_per_move"
    }


def test_a_level_against_itself_and_a_wordgame_match(sample_outputs: Path) -> None:
    balda = Lexicon.open("en", "balda", sample_outputs)
    mirror = play(Match("balda", "greedy", "greedy", 2, seed=5), balda)
    assert set(mirror["time_per_move"]) == {"first", "second"}
    looking = play(Match("balda", "strong", "greedy", 2, seed=5), balda)
    assert looking["budgets"] == {"strong": BALDA_STRONG_NODES, "greedy": 0}
    assert looking["time_per_move"]["strong"]["moves"] == 20  # 2 games of 20 moves, half each
    wordgame = Lexicon.open("en", "wordgame", sample_outputs)
    report = play(Match("wordgame", "greedy", "beginner", 2, seed=2), wordgame)
    assert report["games"] == 2 and report["board"] == "standard"
    assert report["time_per_move"]["greedy"]["moves"] > 0 and report["spread_95"] is not None


def test_the_command_writes_its_row_and_figures(sample_outputs: Path, tmp_path: Path) -> None:
    done = run_match(
        "balda", "greedy", "beginner", "--games", "2", "--seed", "4",
        "--list", sample_outputs / "en" / "balda", "--out", tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("| balda 5x5 | greedy vs beginner | 2 |")
    figures = json.loads((tmp_path / "match-balda-5x5-greedy-beginner.json").read_text())
    assert figures["games"] == 2 and figures["seed"] == 4 and "machine" in figures
    assert figures["budgets"] == {"greedy": 0, "beginner": 0}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match-balda-5x5-greedy-beginner.json"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["chess", "strong", "greedy"], "invalid choice: 'chess'"),
        (["balda", "hard", "greedy"], "invalid choice: 'hard'"),
        (["balda", "strong"], "required: second"),
        (["balda", "strong", "greedy", "--games", "0"], "--games: 0"),
        (["balda", "strong", "greedy", "--games", "100001"], "--games: 100001"),
        (["balda", "strong", "greedy", "--games", "many"], "invalid int value: 'many'"),
        (["balda", "strong", "greedy", "--size", "6"], "--size: 6, not a Balda board"),
        (["balda", "strong", "greedy", "--seed", str(1 << 62)], "--seed"),
        (["balda", "strong", "greedy", "--list", "/nonexistent"], "no manifest.json"),
        (["balda", "strong", "greedy", "--out", "/nonexistent"], "--out: /nonexistent is not a folder"),
        (["balda", "strong", "greedy", "--colour", "red"], "unrecognized arguments: --colour red"),
    ],
)
def test_bad_arguments_are_one_line(args: list[str], said: str) -> None:
    done = run_match(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert said in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_damaged_list_or_a_folder_in_the_way_is_one_line(sample_outputs: Path, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / "manifest.json").write_text("{")
    done = run_match("balda", "greedy", "beginner", "--games", "1", "--list", damaged)
    assert done.returncode == 1 and done.stderr.startswith("match: ") and done.stderr.count("\n") == 1
    out = tmp_path / "out"
    (out / "match-balda-5x5-greedy-beginner.json").mkdir(parents=True)
    done = run_match(
        "balda", "greedy", "beginner", "--games", "1", "--list", sample_outputs / "en" / "balda", "--out", out
    )
    assert done.returncode == 1 and "is not a regular file" in done.stderr and "Traceback" not in done.stderr
    assert (out / "match-balda-5x5-greedy-beginner.json").is_dir()
