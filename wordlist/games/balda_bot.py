"""The Balda bot: every legal move of a position, found by walking the word list's DAWG over the board.

Move generation is one depth-first search over paths of cells. A path may start anywhere a letter
is or could be placed; each step follows the next cell's letter in the DAWG, so a path is only
extended while it spells the beginning of some word (the dictionary prunes the search; nothing is
enumerated blindly). At most one empty cell may join a path: that is where the new letter goes,
and there the search tries exactly the letters the DAWG allows next. A path that has used its
empty cell and ends on a word of the game's parts of speech is a move, unless rule C forbids it.

Strategies: "strong" plays the longest word (ties broken by a seeded coin, so games vary with the
seed); "beginner" plays a random word of two to four letters, like a casual player would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from wordlist.games.balda import BaldaGame, Move
from wordlist.graph import ROOT

LEVELS = ("strong", "beginner")


@dataclass(frozen=True)
class Candidate:
    """A legal move and the word it scores."""

    move: Move
    word: str

    @property
    def points(self) -> int:
        return len(self.word)


def legal_moves(game: BaldaGame, *, single_letters: bool = True) -> list[Candidate]:
    """Every legal move of the position (one per placed letter and path), in a fixed order.

    With `single_letters`, the one-letter moves (always legal, 1 point) are included.
    """
    if game.is_over:
        return []
    size = game.size
    cells = [(r, c) for r in range(size) for c in range(size)]
    board = [game.board[r][c] for r, c in cells]
    neighbours = [[r * size + c for r, c in game.neighbours(cell)] for cell in cells]
    placeable = [False] * len(cells)
    for r, c in game.placeable_cells():
        placeable[r * size + c] = True
    graph = game.lexicon.graph
    children = graph.children
    value = graph.value
    mask = game.allowed_mask()
    scored: dict[str, list[frozenset[int]]] = {}
    for word, word_cells in game.scored:
        scored.setdefault(word, []).append(frozenset(r * size + c for r, c in word_cells))
    found: dict[tuple[int, str, tuple[int, ...]], str] = {}
    used = [False] * len(cells)
    path: list[int] = []
    letters: list[str] = []

    def extend(cell: int, node: int, new_cell: int, new_letter: str) -> None:
        # the path (ending at `cell`) spells a prefix of some word; `node` is where it leads in the DAWG
        if new_cell >= 0 and len(path) > 1:
            mask_here = value(node)
            if mask_here is not None and mask_here & mask:
                word = "".join(letters)
                earlier = scored.get(word)
                if earlier is None or not any(cells_ & set(path) for cells_ in earlier):
                    found.setdefault((new_cell, new_letter, tuple(path)), word)
        following = children(node)
        if following:
            for step in neighbours[cell]:
                if not used[step]:
                    enter(step, following, new_cell, new_letter)

    def enter(step: int, following: dict[str, int], new_cell: int, new_letter: str) -> None:
        # add `step` to the path: its letter if it has one, else (once per path) every letter allowed
        letter = board[step]
        if letter is not None:
            child = following.get(letter)
            if child is None:
                return
            used[step] = True
            path.append(step)
            letters.append(letter)
            extend(step, child, new_cell, new_letter)
            letters.pop()
            path.pop()
            used[step] = False
        elif new_cell < 0 and placeable[step]:
            used[step] = True
            path.append(step)
            for letter, child in following.items():
                letters.append(letter)
                extend(step, child, step, letter)
                letters.pop()
            path.pop()
            used[step] = False

    roots = children(ROOT)
    for start in range(len(cells)):
        enter(start, roots, -1, "")

    # the search visits paths in a fixed order, so `found` is already in a deterministic order
    moves = [
        Candidate(Move(cells[new_cell], letter, tuple([cells[i] for i in route])), word)
        for (new_cell, letter, route), word in found.items()
    ]
    if single_letters:
        moves += [
            Candidate(Move(cell, letter, (cell,)), letter)
            for cell in game.placeable_cells()
            for letter in game.lexicon.letters
        ]
    return moves


def choose_move(game: BaldaGame, level: str = "strong", rng: random.Random | None = None) -> Candidate:
    """The bot's move for the player to move, by the strategy of `level` (see LEVELS)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    rng = rng or random.Random(0)
    words = legal_moves(game, single_letters=False)
    if not words:  # no word anywhere: the one-letter rule keeps the game going
        return rng.choice(legal_moves(game))
    if level == "strong":
        best = max(c.points for c in words)
        return rng.choice([c for c in words if c.points == best])
    easy = [c for c in words if c.points <= 4]
    return rng.choice(easy or [min(words, key=lambda c: c.points)])


class BaldaBot:
    """A player: `bot.move(game)` plays and returns its turn. Seeded, so games can be replayed."""

    def __init__(self, level: str = "strong", seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, game: BaldaGame) -> Candidate:
        return choose_move(game, self.level, self.rng)

    def move(self, game: BaldaGame):
        return game.play(self.choose(game).move)


def self_play(game: BaldaGame, bots: tuple[BaldaBot, BaldaBot]) -> BaldaGame:
    """Play `game` to the end with a bot on each side."""
    while not game.is_over:
        bots[game.turn].move(game)
    return game
