"""`wordlist leaves`: learn a Wordgame list's leave values by self-play and write them beside it
(leaves.json, its checksum in the manifest; the format is `wordlist.format.leaves`).

How: `games` games between two greedy bots (the most points now; ties by the seeded rng), each
game dealt from `seed` and its number. After each move, the tiles the player kept (the leave)
are a sample whose target is the points that player scores on their next turn. A ridge regression
fits, per tile, the worth of keeping one copy and the cost of each extra copy, and one weight for
the balance of vowels and consonants kept ((vowels - consonants) squared), all relative to keeping
nothing. Then `games` more games between bots playing by that equity give the samples of the
values written (greedy play keeps leaves an equity bot avoids), and their target adds to the next
turn's points the first fit's value of the leave that turn kept: good tiles kept help beyond the
next turn (they make a good leave again), and a target of the next turn's points alone valued
leaves at about half what plays best. The weights are written 3/2 as large (`SCALE`), the weight
that played best in matches on the benchmark's list (docs/playing.md has the measurements).

Why this model and not a table of every leave: 2 x tiles + 1 weights learn from a few
hundred games (a table of leaves up to 7 tiles has millions of entries and needs millions of
games), and the same weights are cheap to add up in the core and the browser. Same list, games and
seed: the same bytes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from wordlist.errors import WordlistError
from wordlist.format import BLANK, MANIFEST_JSON, FileInfo, dumps_json, read_manifest
from wordlist.format.base import LEAVES_JSON
from wordlist.format.leaves import LEAVE_UNIT, MAX_LEAVE_WEIGHT, LeaveValues
from wordlist.games.wordgame.equity import equities, kept, played
from wordlist.games.wordgame.game import Wordgame
from wordlist.lexicon import Lexicon
from wordlist_pipeline.atomic import sha256_file, write_text

VOWELS = {"en": "aeiou", "de": "aeiouäöü"}  # by language; another language fits without balance
RIDGE = 4.0  # pulls a rarely seen tile's weights to 0 (points squared per sample)
MAX_GAMES = 100_000
# The fitted values are written 3/2 times as large: the fit sees two turns of the leave's effect,
# and matches played the benchmark list's equity bot best at this weight (docs/playing.md).
SCALE = (3, 2)


def self_play_samples(
    lexicon: Lexicon, games: int, seed: int | str, leaves: LeaveValues | None = None
) -> list[tuple[tuple[str, ...], int]]:
    """(leave, what it brought in hundredths) after every move of `games` self-play games (greedy
    bots; with `leaves`, bots playing by that equity): the points the player scored on their next
    turn, plus (with `leaves`) the value of the leave that turn kept; the last move of each player
    has no next turn and gives no sample."""
    samples = []
    worth = (lambda leave: 0) if leaves is None else leaves.leave
    for number in range(games):
        game = Wordgame.new(lexicon, seed=random.Random(f"{seed}/deal/{number}").getrandbits(63))
        rng = random.Random(f"{seed}/bots/{number}")
        waiting: list[tuple[str, ...] | None] = [None, None]  # each player's last leave
        while not game.is_over:
            player = game.turn
            found = game.search()
            if len(found):
                values = (
                    found.points
                    if leaves is None
                    else equities(found, game.rack, leaves, len(game.bag), lexicon.graph)
                )
                top = max(values)
                candidate = found.build(rng.choice([i for i, p in enumerate(values) if p == top]))
                scored, leave = candidate.points, kept(game.rack, played(candidate))
                game.play(candidate.move)
            else:
                tiles = game.bot_exchange()
                game.exchange(tiles) if tiles else game.pass_turn()
                scored, leave = 0, None
            if waiting[player] is not None:  # what the leave brought: these points, and the next leave
                samples.append((waiting[player], scored * LEAVE_UNIT + (worth(leave) if leave else 0)))
            waiting[player] = tuple(sorted(leave)) if leave else None
    return samples


def fit(
    samples: Sequence[tuple[tuple[str, ...], int]],
    tiles: Sequence[str],
    vowels: str,
    scale: tuple[int, int] = (1, 1),
) -> LeaveValues:
    """The ridge regression of the samples' targets (hundredths) on the leave's features (see the
    module), its weights multiplied by `scale` (a fraction)."""
    names = [*(("value", t) for t in tiles), *(("duplicate", t) for t in tiles), ("balance", "")]
    index = {name: i for i, name in enumerate(names)}
    size = len(names) + 1  # + the intercept, the worth of keeping nothing (not regularized)
    normal = [[0.0] * size for _ in range(size)]
    right = [0.0] * size
    for leave, points in samples:
        row = features(leave, index, vowels, size)
        for i, x in row.items():
            right[i] += x * points
            for j, y in row.items():
                normal[i][j] += x * y
    for i in range(len(names)):
        normal[i][i] += RIDGE
    weights = solve(normal, right)

    def weight(name: tuple[str, str]) -> int:
        value = round(weights[index[name]] * scale[0] / scale[1])  # the targets are hundredths
        return max(-MAX_LEAVE_WEIGHT, min(MAX_LEAVE_WEIGHT, value))

    return LeaveValues(
        {t: weight(("value", t)) for t in tiles},
        {t: weight(("duplicate", t)) for t in tiles},
        vowels,
        weight(("balance", "")),
    )


def features(leave: Sequence[str], index: dict, vowels: str, size: int) -> dict[int, float]:
    """The leave's non-zero features by column (the last column is the intercept)."""
    row: dict[int, float] = {size - 1: 1.0}
    counts = Counter(leave)
    for tile, n in counts.items():
        row[index["value", tile]] = float(n)
        if n > 1:
            row[index["duplicate", tile]] = float(n - 1)
    vowel = sum(n for t, n in counts.items() if t in vowels)
    consonant = sum(n for t, n in counts.items() if t != BLANK and t not in vowels)
    if vowel != consonant:
        row[index["balance", ""]] = float((vowel - consonant) ** 2)
    return row


def solve(matrix: list[list[float]], right: list[float]) -> list[float]:
    """x with matrix x = right, by Gaussian elimination with partial pivoting (the same steps, the
    same floats: no library whose sums may be ordered otherwise); a column with no pivot gives 0."""
    n = len(right)
    rows = [[*matrix[i], right[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: (abs(rows[r][col]), -r))
        if abs(rows[pivot][col]) < 1e-12:
            continue
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col] != 0.0:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] if abs(rows[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def learn_leaves(
    folder: Path, games: int, seed: int, on_progress: Callable[[int], None] | None = None
) -> tuple[Path, LeaveValues]:
    """Learn the leave values of the Wordgame list in `folder` and write leaves.json beside it (the
    manifest lists its size and sha256); the path written and the values."""
    if not 1 <= games <= MAX_GAMES:
        raise WordlistError(f"--games {games}: must be between 1 and {MAX_GAMES:,}")
    lexicon = Lexicon.load(folder)
    if lexicon.game_spec is None:
        raise WordlistError(f"{folder}: the list has no tile set (game.json): build a wordgame list")
    manifest = read_manifest(folder)
    target = folder / LEAVES_JSON
    if (target.exists() or target.is_symlink()) and LEAVES_JSON not in manifest.files:
        raise WordlistError(f"{target}: not written by `wordlist leaves` (the manifest does not list it)")
    tiles = sorted(lexicon.game_spec.tiles.counts)
    vowels = VOWELS.get(lexicon.language, "")
    first = fit(self_play_samples(lexicon, games, seed), tiles, vowels)
    samples = self_play_samples(lexicon, games, f"{seed}/equity", first)
    values = fit(samples, tiles, vowels, SCALE)
    how = {
        "games": games,
        "seed": seed,
        "bot": "greedy, then equity",
        "target": "next turn's points + next leave",
        "scale": f"{SCALE[0]}/{SCALE[1]}",
        "samples": len(samples),
    }
    values = replace(values, learned=how)
    write_text(target, dumps_json(values.to_json()))
    files = dict(manifest.files)
    files[LEAVES_JSON] = FileInfo(target.stat().st_size, sha256_file(target))
    write_text(folder / MANIFEST_JSON, dumps_json(replace(manifest, files=files).to_json()))
    return target, values
