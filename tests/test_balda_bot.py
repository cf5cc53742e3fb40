"""Balda's move generator and the bot: exactly the legal moves, the strategies, consistent whole games."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.balda_helpers import WORDS, make_lexicon
from tests.conftest import run_cli
from tests.game_helpers import GENERATORS, generator
from wordlist import Lexicon
from wordlist.games.balda import BaldaGame, BaldaSettings, IllegalMove, Move
from wordlist.games.bot import Bot, UnknownLevel, self_play


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    return make_lexicon(tmp_path_factory.mktemp("bot"), WORDS)


def brute_force_moves(game: BaldaGame, max_length: int = 5) -> set[tuple]:
    """Every legal word move, by trying every simple path through every placeable cell (no pruning)."""
    letters = sorted({c for word in WORDS for c in word})
    filled = {(r, c) for r in range(game.size) for c in range(game.size) if game.board[r][c]}
    found: set[tuple] = set()

    def walk(cell: tuple, usable: set, path: list) -> None:
        if cell in path and len(path) >= 2:
            for letter in letters:
                move = Move(cell, letter, tuple(path))
                try:
                    game.check(move)
                except IllegalMove:
                    continue
                found.add((cell, letter, tuple(path)))
        if len(path) == max_length:
            return
        for step in game.neighbours(path[-1]):
            if step in usable and step not in path:
                walk(cell, usable, [*path, step])

    for cell in game.placeable_cells():
        usable = filled | {cell}
        for start in usable:
            walk(cell, usable, [start])
    return found


def random_position(lexicon: Lexicon, seed: int, moves: int, diagonal: bool) -> BaldaGame:
    game = BaldaGame.new(lexicon, BaldaSettings(diagonal=diagonal), start_word="table", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()).move)
    return game


@pytest.mark.parametrize("diagonal", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_the_bot_lists_exactly_the_legal_word_moves(lexicon: Lexicon, seed: int, diagonal: bool) -> None:
    """The compiled generator and the Python one each list exactly what brute force finds."""
    game = random_position(lexicon, seed, moves=seed * 3, diagonal=diagonal)
    expected = brute_force_moves(game)
    for kind in GENERATORS:
        with generator(kind):
            listed = game.search(single_letters=False).all()
        as_keys = {(c.move.cell, c.move.letter, c.move.path) for c in listed}
        assert len(as_keys) == len(listed), kind  # no duplicates
        assert as_keys == expected, kind
        for candidate in listed:
            assert game.check(candidate.move) == candidate.word


def test_single_letter_moves_are_listed_too(lexicon: Lexicon) -> None:
    game = BaldaGame.new(lexicon, start_word="table")
    singles = [c for c in game.legal_moves() if len(c.move.path) == 1]
    assert len(singles) == len(game.placeable_cells()) * len(lexicon.letters) == 10 * 26


def test_strategies(lexicon: Lexicon) -> None:
    game = BaldaGame.new(lexicon, start_word="table")
    words = game.search(single_letters=False).all()
    longest = max(c.points for c in words)
    assert Bot("greedy", 1).choose(game).points == longest == 5  # CABLE over the start word
    median = statistics.median(c.points for c in words)
    picks = {Bot("beginner", s).choose(game).word for s in range(20)}
    assert picks and all(len(w) <= median < longest for w in picks) and len(picks) > 1
    with pytest.raises(UnknownLevel, match="unknown bot level 'hard'"):
        Bot("hard")


def test_the_bot_plays_a_single_letter_only_where_no_word_fits(tmp_path: Path) -> None:
    lexicon = make_lexicon(tmp_path, {"zzzzz": "noun", "ab": "noun"})
    game = BaldaGame.new(lexicon, start_word="zzzzz")
    assert game.search(single_letters=False).all() == []
    chosen = Bot("strong", 3).choose(game)
    assert chosen is not None and len(chosen.move.path) == 1 and chosen.points == 1
    turn = Bot("beginner", 3).move(game)
    assert turn.points == 1 and game.version == 1


def test_rule_c_is_respected_by_the_bot(lexicon: Lexicon, move_generator: str) -> None:
    game = BaldaGame.new(lexicon, start_word="table")
    game.play(Move((1, 1), "b", ((1, 1), (2, 1), (2, 0))))  # BAT
    for candidate in game.search(single_letters=False).all():
        path = set(candidate.move.path)
        assert not (candidate.word == "bat" and path & {(1, 1), (2, 1), (2, 0)})
        assert candidate.word != "table"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=20),
    diagonal=st.booleans(),
)
def test_random_legal_games_stay_consistent(
    lexicon: Lexicon, choices: list[int], diagonal: bool, move_generator: str
) -> None:
    game = BaldaGame.new(lexicon, BaldaSettings(diagonal=diagonal), start_word="table")
    for choice in choices:
        if game.is_over:
            break
        moves = game.legal_moves()
        assert moves, "a position always has a move (the one-letter rule)"
        game.play(moves[choice % len(moves)].move)
        # invariants of the state
        filled = sum(letter is not None for row in game.board for letter in row)
        assert filled == 5 + len(game.history)
        assert sum(game.scores) == sum(t.points for t in game.history)
        assert [t.player for t in game.history] == [i % 2 for i in range(len(game.history))]
        for turn in game.history:
            assert "".join(game.letter_at(c) for c in turn.path) == turn.word and turn.cell in turn.path
        words = [(w, cells) for w, cells in game.scored if len(w) > 1]
        for i, (word, cells) in enumerate(words):
            assert not any(w == word and c & cells for w, c in words[:i])
        assert BaldaGame.from_json(game.to_json(), lexicon).to_dict() == game.to_dict()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    row=st.integers(-1, 5),
    col=st.integers(-1, 5),
    letter=st.sampled_from("abeltxz1ä"),
    path=st.lists(st.tuples(st.integers(-1, 5), st.integers(-1, 5)), max_size=6),
)
def test_any_move_is_either_played_or_refused_without_a_trace(
    lexicon: Lexicon, row: int, col: int, letter: str, path: list
) -> None:
    game = BaldaGame.new(lexicon, start_word="table")
    before = game.to_dict()
    try:
        turn = game.play(Move((row, col), letter, tuple(path)))
    except IllegalMove:
        assert game.to_dict() == before
    else:
        assert turn.points == len(turn.word) and game.scores[0] == turn.points


@pytest.mark.parametrize(("lang", "size", "diagonal"), [("en", 5, False), ("en", 7, True), ("de", 5, True)])
def test_bot_against_bot_on_the_sample_word_lists(
    sample_outputs: Path, lang: str, size: int, diagonal: bool
) -> None:
    lexicon = Lexicon.open(lang, "balda", sample_outputs)
    game = BaldaGame.new(lexicon, BaldaSettings(size, diagonal, ("verb",)), seed=11)
    self_play(game, (Bot("strong", 1), Bot("beginner", 2)))
    assert game.is_over and len(game.history) == size * size - size
    assert sum(game.scores) == sum(t.points for t in game.history)
    assert any(t.points > 1 for t in game.history)  # real words were played
    for turn in game.history:
        if turn.points > 1:
            assert lexicon.is_word(turn.word, pos=["noun", "verb"]) and turn.definitions
    replay = self_play(
        BaldaGame.new(lexicon, BaldaSettings(size, diagonal, ("verb",)), seed=11),
        (Bot("strong", 1), Bot("beginner", 2)),
    )
    assert replay.to_dict() == game.to_dict()  # seeded: the same game again


def test_self_play_from_the_cli(sample_outputs: Path) -> None:
    result = run_cli("play", "balda", "--self-play", "--seed", "3", "--data", sample_outputs, "--lang", "de")
    assert result.returncode == 0, result.stderr
    assert "Starting word:" in result.stdout and "Game over:" in result.stdout
