"""Wordgame's move generator and the bot, held to the rules engine and to a brute-force search."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.game_helpers import GENERATORS, generator
from tests.wordgame_helpers import WORDS, brute_force, make_lexicon, place
from wordlist import Lexicon
from wordlist.games.bot import Bot, UnknownLevel, self_play
from wordlist.games.wordgame import ACROSS, DOWN, Layout, TileSet, Wordgame, WordgameSettings

SMALL = Layout(("T..d..T", ".D...D.", "..d.d..", "d..D..d", "..d.d..", ".D...D.", "T..d..T"), (3, 3))


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    return make_lexicon(tmp_path_factory.mktemp("wordgame-bot"), WORDS)


def positions(lexicon: Lexicon, layout: Layout, rack_size: int, seed: int, turns: int):
    """Positions of a game where each player plays a random legal move, one after another."""
    rng = random.Random(seed)
    game = Wordgame.new(lexicon, WordgameSettings(rack_size=rack_size, layout=layout), seed=seed)
    for _ in range(turns):
        if game.is_over:
            return
        yield game, rng
        moves = game.legal_moves()
        if moves:
            game.play(rng.choice(moves).tiles)
        else:
            game.pass_turn()


def as_found(moves) -> dict:
    return {frozenset(m.tiles): m.points for m in moves}


@pytest.mark.parametrize(("seed", "racks"), [(1, ["cats", "dogs", "oxe?"]), (2, ["taco", "gads", "?tea"])])
def test_the_generator_finds_exactly_what_brute_force_finds(lexicon: Lexicon, seed: int, racks) -> None:
    """On a 7x7 board with premiums: every legal placement, each with the points the rules give,
    from the compiled generator and from the Python one."""
    for (game, _), rack in zip(positions(lexicon, SMALL, 5, seed, len(racks)), racks, strict=False):
        expected = brute_force(game, list(rack))
        for kind in GENERATORS:
            with generator(kind):
                generated = game.legal_moves(list(rack))
            assert len(as_found(generated)) == len(generated), kind  # no move twice
            assert as_found(generated) == expected, kind


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_every_generated_move_is_legal_and_scores_what_the_rules_score(
    lexicon: Lexicon, seed: int, move_generator: str
) -> None:
    for game, rng in positions(lexicon, Wordgame.new(lexicon).layout, 8, seed, 6):
        moves = game.legal_moves()
        for move in rng.sample(moves, min(40, len(moves))):
            score = game.check(move.tiles)
            assert (score.points, score.main.text, score.direction) == (
                move.points,
                move.word,
                move.direction,
            )


def test_first_moves_cover_the_start_with_four_letters_or_more(lexicon: Lexicon, move_generator: str) -> None:
    game = Wordgame.new(lexicon, seed=4)
    moves = game.legal_moves(list("outcasts"))
    assert moves and all(len(m.word) >= 4 for m in moves)
    assert all((7, 7) in {t.cell for t in m.tiles} for m in moves)
    assert {m.direction for m in moves} == {ACROSS, DOWN}
    best = max(moves, key=lambda m: m.points)
    assert (best.word, best.points) == ("outcasts", 72)  # the bingo through a triple-word square


def test_blanks_stand_for_any_letter_and_score_zero(lexicon: Lexicon, move_generator: str) -> None:
    game = Wordgame.new(lexicon, WordgameSettings(rack_size=5, layout=SMALL), seed=1)
    game.racks[0] = list("?ats")
    moves = game.legal_moves()
    with_blank = [m for m in moves if any(t.blank for t in m.tiles)]
    assert {"cats", "oats", "eats", "seat"} <= {m.word for m in with_blank}
    cats = [m for m in with_blank if m.word == "cats" and m.tiles[0].blank]
    assert cats and all(m.points == game.check(m.tiles).points for m in cats)
    assert all(m.points == game.check(m.tiles).points for m in moves)


def test_the_bot_levels(lexicon: Lexicon) -> None:
    game = Wordgame.new(lexicon, seed=9)
    place(game, "coats", (7, 3))
    game.racks[0] = list("dogsetax")
    moves = game.legal_moves()
    strong = Bot("greedy").choose(game)
    assert strong is not None and strong.points == max(m.points for m in moves)
    median = statistics.median(m.points for m in moves)
    picks = {Bot("beginner", i).choose(game) for i in range(20)}
    assert all(p.points <= median for p in picks) and len(picks) > 1
    with pytest.raises(UnknownLevel, match="unknown bot level"):
        Bot("grandmaster")


def test_a_bot_without_a_move_exchanges_all_but_its_blanks(lexicon: Lexicon) -> None:
    game = Wordgame.new(lexicon, seed=2)
    game.racks[0] = list("qqqqqqq?")
    assert game.legal_moves() == [] and Bot().choose(game) is None
    assert Bot().action(game) == {"action": "exchange", "tiles": ["q"] * 7}
    bag = len(game.bag)
    turn = Bot("strong", 1).move(game)
    assert (turn.action, turn.exchanged, turn.points, turn.player) == ("exchange", 7, 0, 0)
    assert "?" in game.racks[0] and len(game.racks[0]) == 8 and game.racks[0].count("q") < 7
    assert len(game.bag) == bag and game.bag.count("q") >= 7 and game.passes == 1 and game.turn == 1


def test_a_bot_without_a_move_passes_when_the_bag_is_too_small(lexicon: Lexicon) -> None:
    game = Wordgame.new(lexicon, seed=2)
    game.racks[0] = list("qqqqqqqq")
    del game.bag[7:]  # one tile fewer than a rack
    assert not game.can_exchange() and game.bot_exchange() == []
    assert Bot().action(game) == {"action": "pass"}
    assert Bot("strong", 1).move(game).is_pass


def test_bot_games_on_the_sample_word_list_end_legally(sample_outputs: Path) -> None:
    lexicon = Lexicon.open("en", "wordgame", sample_outputs)
    for seed in range(3):
        game = Wordgame.new(lexicon, seed=seed, players=("A", "B"))
        self_play(game, (Bot("strong", seed), Bot("beginner", seed + 1)))
        assert game.is_over
        on_board = Counter(
            "?" if (r, c) in game.blanks else letter
            for r, row in enumerate(game.board)
            for c, letter in enumerate(row)
            if letter
        )
        assert on_board + Counter(game.bag) + Counter(game.racks[0]) + Counter(game.racks[1]) == Counter(
            TileSet.of(lexicon).bag()
        )
        for player in (0, 1):
            turns = [t for t in game.history if t.player == player]
            assert game.scores[player] == sum(t.points for t in turns)
            assert game.final_scores[player] == game.scores[player] - game.rack_value(player)
        assert all(lexicon.is_word(word) for t in game.history for word, _ in t.words)
        assert game.passes >= 3 or (not game.bag and not all(game.racks))
