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
- `endgame`: with the bag empty both racks are known: iterative deepening over both players' moves
  (negamax with alpha-beta, most points first) within a node budget, valuing the final spread.

This pure-Python module is the reference; it reads a game only through its public state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from wordlist.errors import WordlistError
from wordlist.format.alphabet import BLANK
from wordlist.format.leaves import LEAVE_UNIT, LeaveValues
from wordlist.format.limits import FIRST_WORD_LETTERS, MAX_RACK, PASSES_TO_END, WORDGAME_ENDGAME_MOVES
from wordlist.games.protocol import Cell, Found
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
    board, blanks = _placed_on(game.board, game.blanks, _candidate_tiles(candidate))
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


class _OutOfBudget(Exception):
    """The endgame search's positions ran out in the middle of a depth."""


def endgame(game, found: Found, budget: int, width: int = WORDGAME_ENDGAME_MOVES) -> list[int]:
    """With the bag empty (both racks known): each move's value in hundredths, the spread it leads
    to for the player to move when both play their best, by iterative deepening within `budget`
    positions (a move generation each):

    - one ply: every move valued as if the game ended after it (points, less the tiles left on
      each rack; playing out ends the game and gains the other's rack);
    - then the best `width` moves two plies deep, three, ...: negamax with alpha-beta over both
      players' moves (most points first) and passes (scoreless turns in a row end the game as the
      rules say: the move searched has just scored), each move of the width searched with a full
      window, so values of one depth compare;
    - the values of the last complete depth stand; once a depth ends every line (played out or
      passed to the end), they are exact. Moves left out of the width lose the largest drop a deeper
      look found among those searched, so none outranks a move looked at for want of a search.
    """
    points = game.tiles.points
    nodes = 0
    cut = False  # whether a line of the depth being searched was stopped by the depth

    def rack_points(tiles: Sequence[str]) -> int:
        return sum(points.get(t, 0) for t in tiles if t != BLANK)

    def settled(spread: int, racks: list[list[str]], player: int) -> int:
        return spread - rack_points(racks[player]) + rack_points(racks[1 - player])

    def moves(board, blanks, rack: list[str]) -> list[tuple[int, list]]:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        position = movegen.Position(
            board, blanks, game.layout, points, rack, game.settings.rack_size, FIRST_WORD_LETTERS
        )
        found_here = [
            (gained, _placed(flag, line, first, tiles))
            for flag, line, first, tiles, gained in movegen.generate(game.lexicon.graph, position)
        ]
        found_here.sort(key=lambda move: -move[0])
        return found_here

    def play(board, blanks, player, racks, spread, gained, placed, depth, alpha, beta) -> int:
        """The value to `player` (`spread`: their lead before) of playing `placed` for `gained`."""
        nonlocal cut
        after = [list(r) for r in racks]
        after[player] = kept(racks[player], [BLANK if blank else letter for _, letter, blank in placed])
        mine = spread + gained
        if not after[player]:  # played out: the game ends, the other's tiles count against them
            return mine + rack_points(after[1 - player])
        if depth <= 1:
            cut = True
            return settled(mine, after, player)
        board, blanks = _placed_on(board, blanks, placed)
        return -search(board, blanks, 1 - player, after, -mine, 0, depth - 1, -beta, -alpha)

    def search(board, blanks, player, racks, spread, passes, depth, alpha, beta) -> int:
        """The value to `player`, to move with `depth` plies left (1 or more)."""
        nonlocal cut
        if passes >= PASSES_TO_END:
            return settled(spread, racks, player)
        if depth <= 1:
            cut = True
            best = settled(spread, racks, player)  # a pass, the line stopped there
        else:
            best = -search(board, blanks, 1 - player, racks, -spread, passes + 1, depth - 1, -beta, -alpha)
        alpha = max(alpha, best)
        for gained, placed in moves(board, blanks, racks[player]):
            if alpha >= beta:
                break
            value = play(board, blanks, player, racks, spread, gained, placed, depth, alpha, beta)
            best = max(best, value)
            alpha = max(alpha, value)
        return best

    me = game.turn
    racks = [list(game.racks[0]), list(game.racks[1])]
    spread = game.scores[me] - game.scores[1 - me]
    roots = [(found.points[i], _candidate_tiles(found.build(i))) for i in range(len(found))]
    wide = -(10**9), 10**9
    values = [play(game.board, game.blanks, me, racks, spread, g, p, 1, *wide) for g, p in roots]
    order = sorted(range(len(found)), key=lambda i: (-values[i], i))[:width]
    for depth in range(2, 4 * MAX_RACK + 3):  # a tile or a pass a ply, a pass only between moves
        cut = False
        try:
            board = game.board
            deeper = {i: play(board, game.blanks, me, racks, spread, *roots[i], depth, *wide) for i in order}
        except _OutOfBudget:
            break
        drop = max(0, *(values[i] - deeper[i] for i in order))
        values = [deeper[i] if i in deeper else value - drop for i, value in enumerate(values)]
        order.sort(key=lambda i: (-values[i], i))
        if not cut:  # every line ended: the values are exact
            break
    return [value * LEAVE_UNIT for value in values]


def _placed(flag: int, line: int, first: int, tiles) -> list[tuple[Cell, str, bool]]:
    """The rack tiles a generated move places, as (cell, letter, blank); board tiles left out."""
    return [
        ((line, first + k) if flag == 0 else (first + k, line), letter, kind == BLANK_TILE)
        for k, (letter, kind) in enumerate(tiles)
        if kind != ON_BOARD
    ]


def _candidate_tiles(candidate) -> list[tuple[Cell, str, bool]]:
    """The tiles a built candidate places, as `_placed` gives a generated move's."""
    return [(tile.cell, tile.letter, tile.blank) for tile in candidate.move.tiles]


def _placed_on(board, blanks, placed) -> tuple[list, set]:
    """A copy of the board and its blank squares with `placed` on it."""
    board = [list(row) for row in board]
    blanks = set(blanks)
    for cell, letter, blank in placed:
        board[cell[0]][cell[1]] = letter
        if blank:
            blanks.add(cell)
    return board, blanks
