"""Wordgame's evaluation for the bots: equity (points plus the worth of the tiles kept, from the list's
leaves.json), exchanges by equity, a simulation of the opponent's replies, and an exact endgame.

Values are whole hundredths of a point (`LEAVE_UNIT`), so every implementation adds the same
integers and ranks moves the same. A list without leave values has a leave of 0 (equity = points).

- `equities`: the equity of each move (the "strong" level picks the highest).
- `best_exchange`: the tiles to put back whose kept tiles are worth the most; a bot exchanges when
  that is worth more than its best move's equity.
- `simulated`: for the best candidates by equity, replies of the opponent to racks drawn from the
  tiles the player cannot see (with the bot's seeded rng, the same racks for every candidate): the
  value is points + leave - the reply's average equity ("expert" while the bag holds tiles).
- `endgame`: with the bag empty both racks are known: a negamax search with alpha-beta over both
  players' moves (best equity first) within a node budget, valuing the final spread.

This pure-Python module is the reference; it reads a game only through its public state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from wordlist.errors import WordlistError
from wordlist.format.alphabet import BLANK
from wordlist.format.leaves import LEAVE_UNIT, LeaveValues
from wordlist.format.limits import FIRST_WORD_LETTERS, MAX_RACK
from wordlist.games.protocol import Found
from wordlist.games.wordgame import movegen
from wordlist.games.wordgame.movegen import BLANK_TILE, ON_BOARD
from wordlist.graph import CorruptGraph, Graph, _core

NO_LEAVES = LeaveValues({}, {}, "", 0)  # a list without leaves.json: every leave is worth 0


def played(candidate) -> list[str]:
    """The rack tiles a candidate places ("?" for a blank)."""
    return [BLANK if tile.blank else tile.letter for tile in candidate.move.tiles]


def kept(rack: Sequence[str], used: Sequence[str]) -> list[str]:
    """The tiles of `rack` left after `used` leave it."""
    left = list(rack)
    for tile in used:
        left.remove(tile)
    return left


def raw_played(move: movegen.RawMove) -> list[str]:
    """The rack tiles a move as the generator lists it places ("?" for a blank)."""
    return [BLANK if kind == BLANK_TILE else letter for letter, kind in move[3] if kind != ON_BOARD]


def equities(
    found: Found, rack: Sequence[str], leaves: LeaveValues, bag: int, graph: Graph | None = None
) -> list[int]:
    """Each move's equity in hundredths: points * 100 + the leave of the tiles it keeps, with `bag`
    tiles in the bag; in the C core (`wl_wordgame_equities`) when `graph` has it and the moves came
    from it, else `python_equities` (the reference: the same integers)."""
    core = _core_inputs(graph, rack, leaves)
    if core is not None and isinstance(found.raw, _core.Moves) and len(found.raw) == len(found):
        compiled, table, rack_args = core
        return compiled.wordgame_equities(found.raw, table, *rack_args, bag)
    return python_equities(found, rack, leaves, bag)


def python_equities(found: Found, rack: Sequence[str], leaves: LeaveValues, bag: int) -> list[int]:
    """`equities` in Python (from the generator's moves when the search kept them, else from each
    built candidate)."""
    if len(found.raw) == len(found):
        used = [raw_played(move) for move in found.raw]
    else:
        used = [played(found.build(i)) for i in range(len(found))]
    memo: dict[tuple[str, ...], int] = {}  # many moves keep the same tiles
    values = []
    for points, tiles in zip(found.points, used, strict=True):
        left = tuple(sorted(kept(rack, tiles)))
        if left not in memo:
            memo[left] = leaves.leave(left, bag)
        values.append(points * LEAVE_UNIT + memo[left])
    return values


def best_exchange(
    rack: Sequence[str], leaves: LeaveValues, bag: int, graph: Graph | None = None
) -> tuple[list[str], int]:
    """The tiles to put back (one or more) whose kept tiles are worth the most with `bag` tiles in
    the bag, and that leave's value; ties go to the kept tiles first in sorted order, so the choice
    needs no randomness. In the C core (`wl_wordgame_exchange`) when `graph` has it."""
    core = _core_inputs(graph, rack, leaves)
    if core is None:
        return python_best_exchange(rack, leaves, bag)
    compiled, table, rack_args = core
    best = compiled.wordgame_exchange(table, *rack_args, bag)
    if best is None:
        return [], 0
    returned, value = best
    tiles = [*graph.letters, BLANK]  # type: ignore[union-attr]  # (_core_inputs checked it)
    return sorted(tile for tile, n in zip(tiles, returned, strict=True) for _ in range(n)), value


def python_best_exchange(rack: Sequence[str], leaves: LeaveValues, bag: int) -> tuple[list[str], int]:
    """`best_exchange` in Python: the reference."""
    best: tuple[int, tuple[str, ...]] | None = None
    tiles = sorted(rack)
    seen: set[tuple[str, ...]] = set()
    for mask in range((1 << len(tiles)) - 1):  # every mask but "keep all": an exchange returns one+
        keep = tuple(t for i, t in enumerate(tiles) if mask >> i & 1)
        if keep in seen:
            continue
        seen.add(keep)
        value = leaves.leave(keep, bag)
        if best is None or value > best[0] or (value == best[0] and keep < best[1]):
            best = (value, keep)
    if best is None:
        return [], 0
    return kept(tiles, best[1]), best[0]


def exchange_instead(exchange_value: int, values: Sequence[int]) -> bool:
    """Whether a bot that may exchange would rather (`wl_wordgame_exchange_instead`): the kept
    tiles are worth more than every move's equity."""
    return all(exchange_value > value for value in values)


def core_table(leaves: LeaveValues, letters: str) -> tuple[list[int], list[int], int, int]:
    """The leave values as the core takes them (`wl_leaves`): by tile (the letters, then the blank)
    each value and duplicate, the vowels as a mask of the letters, the balance."""
    tiles = [*letters, BLANK]
    vowels = sum(1 << k for k, letter in enumerate(letters) if letter in leaves.vowels)
    return (
        [leaves.values.get(t, 0) for t in tiles],
        [leaves.duplicates.get(t, 0) for t in tiles],
        vowels,
        leaves.balance,
    )


def _core_inputs(
    graph: Graph | None, rack: Sequence[str], leaves: LeaveValues
) -> tuple[Any, Any, Any] | None:
    """The compiled core, the leave table and the rack (distinct letters as indexes, their counts,
    the blanks) for it; None where the core is not there or the rack holds a tile it cannot name
    (no validated game has one: the Python reference copes)."""
    compiled = graph.compiled if graph is not None else None
    if compiled is None:
        return None
    letters = graph.letters  # type: ignore[union-attr]
    index = {letter: k for k, letter in enumerate(letters)}
    distinct = sorted(set(rack) - {BLANK})
    if any(letter not in index for letter in distinct) or len(rack) > MAX_RACK:
        return None
    rack_args = (bytes(index[t] for t in distinct), bytes(rack.count(t) for t in distinct), rack.count(BLANK))
    return compiled, core_table(leaves, letters), rack_args


def position_after(game, candidate, rack: Sequence[str]) -> movegen.Position:
    """The position once `candidate` is placed, for a player holding `rack`."""
    board = [list(row) for row in game.board]
    blanks = set(game.blanks)
    for tile in candidate.move.tiles:
        board[tile.cell[0]][tile.cell[1]] = tile.letter
        if tile.blank:
            blanks.add(tile.cell)
    return movegen.Position(
        board, blanks, game.layout, game.tiles.points, list(rack), game.settings.rack_size, FIRST_WORD_LETTERS
    )


def best_reply(game, position: movegen.Position, leaves: LeaveValues, bag: int) -> int:
    """The equity in hundredths (points + leave) of the best reply in `position` (0 with no move:
    the opponent passes)."""
    raw = movegen.generate(game.lexicon.graph, position)
    return max(
        (move[4] * LEAVE_UNIT + leaves.leave(kept(position.rack, raw_played(move)), bag) for move in raw),
        default=0,
    )


def simulated(
    game, found: Found, leaves: LeaveValues, rng: random.Random, candidates: int, iterations: int
) -> list[int]:
    """Each move's value in hundredths: its equity, and for the `candidates` best by equity, points +
    leave - the average equity (points + leave) of the opponent's best reply over `iterations`
    racks drawn from the tiles the player cannot see: what the move gains less what it gives the
    opponent, both counting the tiles each keeps. Moves left out keep their equity less the best
    reply seen, so a simulated move is never ranked below one that was not looked at for want of
    replies."""
    return simulated_on(game, found, leaves, opponent_racks(game, rng, iterations), candidates)


def opponent_racks(game, rng: random.Random, iterations: int) -> list[list[str]]:
    """`iterations` racks drawn with `rng` from the tiles the player to move cannot see (the one
    place the simulation's randomness comes from: the core and the browser are given them)."""
    unseen = [tile for tile, n in game.unseen(game.turn).items() for _ in range(n)]
    size = min(game.settings.rack_size, len(unseen))
    return [rng.sample(unseen, size) for _ in range(iterations)] if iterations and size else []


def simulated_on(
    game, found: Found, leaves: LeaveValues, racks: list[list[str]], candidates: int
) -> list[int]:
    """`simulated` on the opponent racks given (in the C core where it is built and the moves came
    from it; else in Python, the reference)."""
    rack = list(game.rack)
    bag = len(game.bag)
    values = equities(found, rack, leaves, bag, game.lexicon.graph)
    order = sorted(range(len(found)), key=lambda i: (-values[i], i))[:candidates]
    if not racks:
        return values
    fast = _compiled_simulation(game, found, leaves, racks, candidates, bag)
    if fast is not None:
        return fast
    worst = 0
    for i in order:
        candidate = found.build(i)
        replies = [best_reply(game, position_after(game, candidate, opp), leaves, bag) for opp in racks]
        worst = max(worst, *replies)
        values[i] -= mean_toward_zero(sum(replies), len(replies))
    chosen = set(order)
    return [v if i in chosen else v - worst for i, v in enumerate(values)]


def mean_toward_zero(total: int, count: int) -> int:
    """`total / count` rounded toward zero, as C's integer division rounds (a reply's equity, and
    so a sum of them, can be below zero, where Python's `//` would round down instead)."""
    mean = abs(total) // count
    return mean if total >= 0 else -mean


def _compiled_simulation(
    game, found: Found, leaves: LeaveValues, racks: list[list[str]], candidates: int, bag: int
):
    """`simulated`'s replies and values in the C core (`wl_wordgame_simulate`), on the racks drawn
    here; None where the core is not there or a tile has no index (the Python reference runs)."""
    graph = game.lexicon.graph
    core = _core_inputs(graph, game.rack, leaves)
    if core is None or not isinstance(found.raw, _core.Moves) or len(found.raw) != len(found):
        return None
    compiled, table, _ = core
    tiles = {tile: k for k, tile in enumerate([*graph.letters, BLANK])}
    counts = bytearray(len(tiles) * len(racks))
    for r, rack in enumerate(racks):
        for tile in rack:
            if tile not in tiles or len(rack) > MAX_RACK:
                return None
            counts[r * len(tiles) + tiles[tile]] += 1
    position = movegen.compiled_arguments(graph, game.position())
    try:
        return compiled.wordgame_simulate(position, found.raw, table, bytes(counts), candidates, bag)
    except RuntimeError as error:  # a reply's search ran out of steps, as movegen.compiled_moves says
        raise WordlistError(str(error)) from None
    except CorruptGraph as error:  # a damaged guide met by a reply's search
        raise graph.corrupt(str(error)) from None


def endgame(game, found: Found, budget: int) -> list[int]:
    """With the bag empty: each move's value in hundredths, the final spread it leads to for the
    player to move when both play their best (negamax with alpha-beta over both racks, moves by
    points first, at most `budget` positions in all; past the budget a position counts its spread
    so far less the tiles on each rack). Two passes in a row end the search."""
    points = game.tiles.points
    nodes = [0]

    def rack_points(tiles: Sequence[str]) -> int:
        return sum(points.get(t, 0) for t in tiles if t != BLANK)

    def place(board, blanks, placed) -> tuple[list, set]:
        board = [list(row) for row in board]
        blanks = set(blanks)
        for cell, letter, blank in placed:
            board[cell[0]][cell[1]] = letter
            if blank:
                blanks.add(cell)
        return board, blanks

    def play(board, blanks, player, racks, spread, placed, used, gained, alpha, beta) -> int:
        """The value to `player` (spread: theirs minus the other's) of playing `placed`."""
        after = [list(r) for r in racks]
        after[player] = kept(racks[player], used)
        mine = spread + gained
        if not after[player]:  # played out: the game ends, the other's tiles count against them
            return mine + rack_points(after[1 - player])
        board, blanks = place(board, blanks, placed)
        return -search(board, blanks, 1 - player, after, -mine, 0, -beta, -alpha)

    def search(board, blanks, player, racks, spread, passes, alpha, beta) -> int:
        nodes[0] += 1
        if passes >= 2 or nodes[0] >= budget:
            return spread - rack_points(racks[player]) + rack_points(racks[1 - player])
        position = movegen.Position(
            board, blanks, game.layout, points, racks[player], game.settings.rack_size, FIRST_WORD_LETTERS
        )
        raw = sorted(movegen.generate(game.lexicon.graph, position), key=lambda m: -m[4])
        best = -search(board, blanks, 1 - player, racks, -spread, passes + 1, -beta, -alpha)  # a pass
        alpha = max(alpha, best)
        for flag, line, first, letters, gained in raw:
            if alpha >= beta or nodes[0] >= budget:
                break
            placed = [
                ((line, first + k) if flag == 0 else (first + k, line), letter, kind == BLANK_TILE)
                for k, (letter, kind) in enumerate(letters)
                if kind != ON_BOARD
            ]
            used = [BLANK if blank else letter for _, letter, blank in placed]
            value = play(board, blanks, player, racks, spread, placed, used, gained, alpha, beta)
            best = max(best, value)
            alpha = max(alpha, value)
        return best

    me = game.turn
    racks = [list(game.racks[0]), list(game.racks[1])]
    spread = game.scores[me] - game.scores[1 - me]
    values = [0] * len(found)
    for i in sorted(range(len(found)), key=lambda i: (-found.points[i], i)):  # the budget goes first
        candidate = found.build(i)  # to the moves most likely best
        placed = [(t.cell, t.letter, t.blank) for t in candidate.move.tiles]
        value = play(
            game.board,
            game.blanks,
            me,
            racks,
            spread,
            placed,
            played(candidate),
            found.points[i],
            -(10**9),
            10**9,
        )
        values[i] = value * LEAVE_UNIT
    return values
