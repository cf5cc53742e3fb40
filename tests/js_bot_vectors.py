"""Vectors for the browser's bot (js/src/random.js, `Bots.choose` in js/src/core.js): what Python's
random generator draws for a seed, and the move the Python library's bot plays for a seed in a
position, which Node must draw and play too (js/test/random.test.js, js/test/core.test.js).

    random_vectors() -> dict             # Random(seed)'s getrandbits, _randbelow, choice, sample, random
    choice_cases(lexicon, game) -> list  # Bot(level, seed).choose(game) on positions of seeded games
    endgame_vectors(lexicon) -> dict     # Wordgame's endgame (the bag empty): values and expert moves

Seeds are written as decimal strings (beyond 2^53 a JSON number is not exact in JavaScript): 0, small
ones, ones beyond 2^32 and 2^53, and the server's form `(bot_seed << 16) + version`
(wordlist/server/games.py) with the largest bot seed the server draws (52 bits).
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path
from typing import Any

from wordlist import Lexicon
from wordlist.format.limits import LEAVE_UNIT, PASSES_TO_END, WORDGAME_ENDGAME_MOVES, WORDGAME_ENDGAME_NODES
from wordlist.games import Bot
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.bot import LEVELS, values_for
from wordlist.games.protocol import PLAY, Game
from wordlist.games.wordgame import Wordgame, equity

LARGEST_BOT_SEED = (1 << 52) - 1  # secrets.randbits(52), the server's bot seed


def server_seed(bot_seed: int, version: int) -> int:
    """The seed of the server's bot for a move (wordlist/server/games.py `_bot_turns`)."""
    return (bot_seed << 16) + version


def seeds(version: int) -> list[int]:
    return [0, 1, 99_991, (1 << 32) + 7, (1 << 53) + 11, server_seed(LARGEST_BOT_SEED, version)]


def random_vectors() -> dict[str, Any]:
    """For each seed, what Python's Random draws from it in turn: getrandbits of 32, 1, 17 and 53
    bits, _randbelow of small and large bounds, choice, sample from populations of each of
    sample's two methods (a pool up to `setsize`, a set of indexes beyond it), random()."""
    population = [f"t{i}" for i in range(120)]
    cases = []
    for seed in [*seeds(7), 2, 3, -5, (1 << 64) - 1, 1 << 100, 12345678901234567890123]:
        rng = random.Random(seed)
        draws: list[Any] = [["getrandbits", k, rng.getrandbits(k)] for k in (32, 32, 32, 1, 17, 33, 53)]
        bounds = (1, 2, 3, 7, 86, 1000, (1 << 32) + 1, (1 << 53) - 1)
        draws += [["randbelow", n, rng._randbelow(n)] for n in bounds]
        draws += [["choice", population[:n], rng.choice(population[:n])] for n in (1, 5, 64)]
        for n, k in [(20, 7), (21, 5), (22, 5), (85, 7), (86, 7), (120, 7), (10, 0), (10, 10), (200, 30)]:
            pool = population[:n] if n <= len(population) else [f"u{i}" for i in range(n)]
            draws.append(["sample", [pool, k], rng.sample(pool, k)])
        draws.append(["random", None, rng.random()])
        cases.append({"seed": str(seed), "draws": draws})
    return {"cases": cases}


def chosen_case(game: Game, level: str, seed: int, position: dict[str, Any]) -> dict[str, Any]:
    """What `Bot(level, seed)` plays in `game`: the move (as the vectors' arrays), its value and the
    number of moves it drew among; or the exchange it would rather make; or None (no move)."""
    bot = Bot(level, seed)
    found = game.bot_search()
    chosen = bot.choose(game)
    case: dict[str, Any] = {"position": position, "level": level, "seed": str(seed)}
    if chosen is None:
        action = Bot(level, seed).action(game)
        case["expect"] = {"exchange": action["tiles"]} if len(found) else None
        return case
    index = next(i for i in range(len(found)) if found.build(i) == chosen)
    values = values_for(game, found, LEVELS[level], random.Random(seed))  # (the same draws as the bot's)
    top = statistics.median(values) if level == "beginner" else max(values)
    pool = sum(v <= top for v in values) if level == "beginner" else values.count(top)
    case["expect"] = {"move": move_array(game, found, index), "value": values[index], "pool": pool}
    return case


def move_array(game: Game, found: Any, index: int) -> list:
    """Move `index` of `found` as the vectors write moves (tests/js_movegen_vectors.py)."""
    if isinstance(game, Wordgame):
        direction, line, start, tiles, points = found.raw[index]
        return [direction, line, start, [list(tile) for tile in tiles], points]
    candidate = found.build(index)
    size = game.size
    at = [r * size + c for r, c in candidate.move.path]
    cell = candidate.move.cell[0] * size + candidate.move.cell[1]
    return [cell, candidate.move.letter, at, candidate.points]


def choice_cases(lexicon: Lexicon, kind: str, turns: int = 5) -> list[dict[str, Any]]:
    """Every level's move for each seed on the positions of seeded games (Balda 5x5, with diagonals,
    and 7x7; Wordgame two games, with the leave values the list has), played on by a greedy bot.
    Wordgame's expert with the bag empty is `endgame_vectors`'s."""
    from tests.js_movegen_vectors import balda_position, wordgame_position

    games: list[Game]
    if kind == "balda":
        games = [
            BaldaGame.new(lexicon, BaldaSettings(size, diagonal), seed=seed)
            for seed, (size, diagonal) in enumerate([(5, False), (5, True), (7, True)])
        ]
    else:
        games = [Wordgame.new(lexicon, seed=seed) for seed in (3, 4)]
    cases = []
    for game in games:
        for _ in range(turns):
            if game.is_over:
                break
            if isinstance(game, Wordgame):
                position = {**wordgame_position(game, list(game.rack)), "unseen": game.unseen(game.turn)}
            else:
                position = balda_position(game)
            for level in LEVELS:
                if level == "expert" and isinstance(game, Wordgame) and not game.bag:
                    continue
                cases += [chosen_case(game, level, seed, position) for seed in seeds(game.version)]
            Bot("greedy", game.version).move(game)
    return cases


ENDGAME_SEARCHES = ((0, WORDGAME_ENDGAME_MOVES), (40, WORDGAME_ENDGAME_MOVES), (WORDGAME_ENDGAME_NODES, 3))


def endgame_vectors(lexicon: Lexicon, count: int = 3, turns: int = 3) -> dict[str, Any]:
    """Positions with the bag empty (greedy bots played to it, then on: smaller racks, whose search
    ends every line within the budget), each with `equity.endgame`'s values for several budgets and
    widths (`ENDGAME_SEARCHES`: one ply only, a budget that cuts a depth, a narrow width; and the
    bot's own) and `Bot("expert", seed).choose`'s move; `passes_to_end`: the rule the search plays
    by. The position carries the opponent's rack (`opponentRack`, and `unseen`: what a game's view
    shows with the bag empty) and the player's lead (`difference`)."""
    cases: list[dict[str, Any]] = []
    for seed in range(40):
        if len(cases) >= count * turns:
            break
        game, bots, drained = _to_empty_bag(lexicon, seed)
        for _ in range(turns):
            if game.is_over:
                break
            found = game.bot_search()
            if len(found):
                cases.append(_endgame_case(game, found, drained))
            bots[game.turn].move(game)
    return {"passes_to_end": PASSES_TO_END, "cases": cases}


def _endgame_case(game: Wordgame, found: Any, drained: bool) -> dict[str, Any]:
    """`endgame_vectors`'s case of `game` (the bag empty; `drained`: emptied by `_to_empty_bag`)."""
    from tests.js_movegen_vectors import wordgame_position

    me = game.turn
    opponent = game.racks[1 - me]
    unseen = {tile: opponent.count(tile) for tile in sorted(set(opponent))}
    assert drained or game.unseen(me) == unseen  # (the bag empty: all a player cannot see)
    view = {
        **wordgame_position(game, list(game.rack)),
        "unseen": unseen,
        "difference": game.scores[me] - game.scores[1 - me],
    }
    searches = [
        [budget, width, equity.endgame(game, found, budget, width)] for budget, width in ENDGAME_SEARCHES
    ]
    bot = values_for(game, found, LEVELS["expert"], random.Random(0))  # (the endgame draws nothing)
    searches.append([WORDGAME_ENDGAME_NODES, WORDGAME_ENDGAME_MOVES, [round(v * LEAVE_UNIT) for v in bot]])
    return {
        "position": {**view, "opponentRack": list(opponent)},
        "searches": searches,
        "choices": [chosen_case(game, "expert", s, view) for s in seeds(game.version)[::2]],
    }


def _to_empty_bag(lexicon: Lexicon, seed: int) -> tuple[Wordgame, tuple[Bot, Bot], bool]:
    """A game of greedy bots played until its bag is empty, and False; where it ends before (a small
    list's games stop on scoreless turns), the same game before its last two words with the bag
    emptied there, and True: a position of known racks all the same, all the endgame search reads."""
    game = Wordgame.new(lexicon, seed=seed)
    bots = (Bot("greedy", seed), Bot("greedy", seed + 1))
    while not game.is_over and game.bag:
        bots[game.turn].move(game)
    if game.bag:
        plays = [i for i, turn in enumerate(game.history) if turn.action == PLAY]
        played = plays[-2] if len(plays) > 1 else 0
        game = Wordgame.new(lexicon, seed=seed)
        bots = (Bot("greedy", seed), Bot("greedy", seed + 1))
        for _ in range(max(played, 0)):
            bots[game.turn].move(game)
        game.bag.clear()
        return game, bots, True
    return game, bots, False


def write_random_vectors(out: Path) -> None:
    """OUT/python.json: `random_vectors()`."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "python.json").write_text(json.dumps(random_vectors()), encoding="utf-8")


if __name__ == "__main__":  # python -m tests.js_bot_vectors OUT_DIR
    import sys

    write_random_vectors(Path(sys.argv[1]))
