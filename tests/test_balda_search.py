"""Balda's lookahead (wordlist.games.balda.search): it avoids a long word that opens a longer one,
its values equal a full minimax where it claims to be exact, it never visits more positions than
its budget, and it gives the same values on the compiled move generator and on the Python one."""

from __future__ import annotations

import functools
import random

import pytest

from tests.balda_helpers import WORDS, make_lexicon
from tests.game_helpers import GENERATORS, generator
from wordlist import Lexicon
from wordlist.games.balda import BaldaGame, BaldaSettings, movegen, search
from wordlist.games.bot import LEVELS, Bot

TRAP = {"pqrst": "noun", "zp": "noun", "xrs": "noun", "yxrst": "noun"}


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return make_lexicon(None, WORDS)


def trap_game() -> BaldaGame:
    """PQRST across the middle: XRS (3 points, above or below R) lets the opponent add Y beside the
    X for YXRST (5); ZP (2 points) opens nothing but XRS."""
    return BaldaGame.new(make_lexicon(None, TRAP), BaldaSettings(size=5), start_word="pqrst", seed=1)


def test_strong_avoids_the_longest_word_when_it_opens_a_longer_reply() -> None:
    game = trap_game()
    greedy = Bot("greedy", 1).choose(game)
    assert greedy is not None and greedy.word == "xrs" and greedy.points == 3
    for level in ("strong", "expert"):
        chosen = Bot(level, 1).choose(game)
        assert chosen is not None and chosen.word == "zp", level
        ranked = Bot(level, 1).ranked(game)
        assert ranked[0].candidate.word == "zp" and ranked[0].points == 2
        assert all(r.value < ranked[0].value for r in ranked if r.candidate.word == "xrs")
    # the reply the search feared is real: after XRS the opponent's longest word is YXRST
    game.play(greedy.move)
    reply = Bot("greedy", 1).choose(game)
    assert reply is not None and reply.word == "yxrst" and reply.points == 5


def minimax(generate: search.Generate, position: movegen.Position, diff: int) -> int:
    """The value of a position for the player to move by trying every line to its end, no pruning,
    with the search's rules (a full board: the difference; no word: the difference plus 1)."""
    if all(letter is not None for letter in position.board):
        return diff
    moves = generate(position)
    if not moves:
        return diff + 1
    return max(-minimax(generate, search.after(position, m), -(diff + len(m[2]))) for m in moves)


def near_the_end(lexicon: Lexicon, seed: int, empty: int) -> BaldaGame:
    rng = random.Random(seed)
    game = BaldaGame.new(lexicon, BaldaSettings(size=5), start_word="table", seed=seed)
    while sum(cell is None for row in game.board for cell in row) > empty:
        game.play(rng.choice(game.legal_moves()).move)
    return game


def test_exact_values_equal_a_full_minimax(lexicon: Lexicon) -> None:
    generate = functools.partial(movegen.word_moves, lexicon.graph)
    checked = 0
    for seed in range(60):
        game = near_the_end(lexicon, seed, empty=5)
        position = game.position()
        moves = generate(position)
        if not moves:
            continue
        diff = game.scores[game.turn] - game.scores[1 - game.turn]
        found = search.search(generate, position, moves, diff, budget=100_000)
        assert found.exact and found.nodes <= 100_000
        truth = [-minimax(generate, search.after(position, m), -(diff + len(m[2]))) for m in moves]
        best = max(truth)
        assert max(found.values) == best
        for value, true in zip(found.values, truth, strict=True):
            if true == best:
                assert value == best  # a move as good as the best is valued exactly ...
            else:
                assert true <= value < best  # ... a weaker one by an upper bound below the best
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("budget", [1, 2, 5, 17, 60, 400])
def test_the_budget_holds(lexicon: Lexicon, budget: int) -> None:
    depths = []
    for seed in range(4):
        game = BaldaGame.new(lexicon, start_word="table", seed=seed)
        rng = random.Random(seed)
        for _ in range(3):
            game.play(rng.choice(game.legal_moves()).move)
        position = game.position()
        generate = functools.partial(movegen.word_moves, lexicon.graph)
        moves = generate(position)
        found = search.search(generate, position, moves, 0, budget)
        assert 1 <= found.nodes <= budget
        assert len(found.values) == len(moves)
        if found.depth == 0:  # nothing complete: the greedy values
            assert list(found.values) == [len(m[2]) for m in moves]
        depths.append(found.depth)
    assert budget < 60 or max(depths) >= 1


def test_a_larger_budget_searches_deeper(lexicon: Lexicon) -> None:
    game = BaldaGame.new(lexicon, start_word="table", seed=2)
    position = game.position()
    generate = functools.partial(movegen.word_moves, lexicon.graph)
    moves = generate(position)
    strong = search.search(generate, position, moves, 0, LEVELS["strong"].budget("balda"))
    expert = search.search(generate, position, moves, 0, LEVELS["expert"].budget("balda"))
    assert expert.depth >= strong.depth >= 2
    assert strong.nodes <= LEVELS["strong"].budget("balda") and expert.nodes <= LEVELS["expert"].budget(
        "balda"
    )


@pytest.mark.skipif(len(GENERATORS) < 2, reason="the compiled core is not built")
@pytest.mark.parametrize("seed", range(5))
def test_the_same_values_on_the_compiled_generator_and_the_python_one(lexicon: Lexicon, seed: int) -> None:
    game = BaldaGame.new(lexicon, BaldaSettings(size=5), start_word="table", seed=seed)
    rng = random.Random(seed)
    for _ in range(4):
        game.play(rng.choice(game.legal_moves()).move)
    results = {}
    for kind in GENERATORS:
        with generator(kind):
            found = game.bot_search()
            values = game.bot_values(found, LEVELS["strong"], random.Random(0))
            chosen = Bot("strong", seed).choose(game)
            results[kind] = (list(values), chosen.move if chosen else None)
    assert results["compiled"] == results["python"]


@pytest.mark.skipif(len(GENERATORS) < 2, reason="the compiled core is not built")
@pytest.mark.parametrize("diagonal", [False, True])
def test_the_core_searches_as_the_python_reference(lexicon: Lexicon, diagonal: bool) -> None:
    compared = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = BaldaGame.new(lexicon, BaldaSettings(size=5, diagonal=diagonal), start_word="table", seed=seed)
        while not game.is_over:
            position = game.position()
            with generator("python"):
                moves = movegen.word_moves(lexicon.graph, position)
            for budget in (1, 3, 40, 150):
                python = search.search(
                    functools.partial(movegen.python_word_moves, lexicon.graph), position, moves, 2, budget
                )
                with generator("compiled"):
                    core = search.lookahead(lexicon.graph, position, moves, 2, budget)
                assert core == python, (seed, len(game.history), budget)
                compared += 1
            game.play(rng.choice(game.legal_moves()).move)
    assert compared > 50
