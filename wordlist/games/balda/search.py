"""Balda's lookahead: alpha-beta over the moves of both players, within a budget of positions.

Balda is a two-player game of perfect information, so a move is worth what the best play of both
sides makes of it, not its points alone: the longest word is a bad move when it opens a longer one
for the opponent. The search values each of the bot's word moves as the score difference (the
bot's minus the opponent's) it foresees:

- a position is valued from the side of the player to move (negamax); a full board is the final
  difference (exact); otherwise, at the depth's end, the difference plus the best points the player
  to move can score now (what the opponent can score next, seen from the move before);
- a position with no word move (only single letters) ends the line there, at the difference plus 1
  (the search does not try letters one by one);
- iterative deepening, 1 move deep, then 2, ...: each depth searches every root move, moves tried
  by points (most first, the generator's order among equals), pruned by alpha-beta; a root move
  after the first is searched with the window just below the best so far, so a move that ties the
  best is valued exactly and a weaker one gets an upper bound below it;
- the budget counts positions visited (each one a move generation); a depth that would need more
  is abandoned and the last complete depth's values stand (depth 0: the difference plus the move's
  points, the greedy value). Once no line of a depth was cut at the depth's end (every line reached
  a full board or single letters), the values are exact and the search stops.

No time is measured: the same position and budget give the same values on any machine. The C core
runs the same algorithm (core/src/balda_search.c) and the tests hold the two to each other.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wordlist.errors import WordlistError
from wordlist.format.limits import COMPILED_CELLS
from wordlist.games.balda import movegen
from wordlist.games.balda.movegen import Position, RawMove
from wordlist.graph import CorruptGraph, Graph

Generate = Callable[[Position], Sequence[RawMove]]  # a position's word moves, in a fixed order

INFINITY = 1 << 30  # beyond any score difference (a board has at most 128 cells)


@dataclass(frozen=True)
class Searched:
    """What a search found: each root move's value (in the order given), the positions it visited
    (never more than the budget), the deepest complete depth and whether the values are exact."""

    values: tuple[int, ...]
    nodes: int
    depth: int
    exact: bool


class _Exhausted(Exception):
    """The budget ran out in the middle of a depth."""


def after(position: Position, move: RawMove) -> Position:
    """The position once `move` is played: its letter placed, its word scored on its path."""
    cell, letter, path = move
    board = list(position.board)
    board[cell] = letter
    word = "".join(board[i] or "" for i in path)
    scored = dict(position.scored)
    scored[word] = [*scored.get(word, ()), frozenset(path)]
    return position._replace(board=board, scored=scored)


def by_points(moves: Sequence[RawMove]) -> list[int]:
    """The moves' indexes, most points first, the given order among equals."""
    return sorted(range(len(moves)), key=lambda i: -len(moves[i][2]))


def search(
    generate: Generate, position: Position, moves: Sequence[RawMove], difference: int, budget: int
) -> Searched:
    """Value `moves` (the word moves of `position`, as `generate` lists them) for the player to move,
    whose score minus the opponent's is `difference`, visiting at most `budget` positions."""
    nodes = 1  # the root
    cut = False  # a line ended at the depth's end, not at the end of the board

    def negamax(here: Position, diff: int, depth: int, alpha: int, beta: int) -> int:
        nonlocal nodes, cut
        nodes += 1
        if all(letter is not None for letter in here.board):
            return diff
        found = generate(here)
        if not found:  # single letters only: the line ends here (the search tries no letters)
            return diff + 1
        if depth == 0:
            cut = True
            return diff + max(len(move[2]) for move in found)
        best = -INFINITY
        for i in by_points(found):
            if nodes >= budget:
                raise _Exhausted
            points = len(found[i][2])
            value = -negamax(after(here, found[i]), -(diff + points), depth - 1, -beta, -max(alpha, best))
            if value > best:
                best = value
                if best >= beta:
                    break
        return best

    values = [difference + len(move[2]) for move in moves]  # depth 0: the greedy value
    complete, empty = 0, sum(letter is None for letter in position.board)
    order = by_points(moves)
    for depth in range(1, empty + 1):
        cut = False
        deeper = list(values)
        best = -INFINITY
        try:
            for i in order:
                if nodes >= budget:
                    raise _Exhausted
                points = len(moves[i][2])
                window = best - 1 if best > -INFINITY else -INFINITY
                child = after(position, moves[i])
                deeper[i] = -negamax(child, -(difference + points), depth - 1, -INFINITY, -window)
                best = max(best, deeper[i])
        except _Exhausted:
            break
        values, complete = deeper, depth
        if not cut:
            return Searched(tuple(values), nodes, complete, True)
    return Searched(tuple(values), nodes, complete, False)


def lookahead(
    graph: Graph, position: Position, moves: Sequence[RawMove], difference: int, budget: int
) -> Searched:
    """`search` on the word list's graph: in C (the core's balda_search) where it is built and the
    board fits it, else in Python on the move generator `movegen.word_moves` picks. The same values."""
    core = graph.compiled
    if core is None or position.size * position.size > COMPILED_CELLS:
        generate = functools.partial(movegen.word_moves, graph)
        return search(generate, position, moves, difference, budget)
    args = (
        position.board,
        position.size,
        position.diagonal,
        position.mask,
        movegen.compiled_scored(position),
    )
    try:
        values, nodes, depth, exact = core.balda_search(*args, difference, budget)
    except RuntimeError as error:  # a move generation's step budget ran out
        raise WordlistError(str(error)) from None
    except CorruptGraph as error:  # a damaged guide, met where the Python search meets it
        raise graph.corrupt(str(error)) from None
    return Searched(values, nodes, depth, exact)
