"""The bot's level table: four levels weakest first, "greedy" plays exactly what "strong" played
before the lookahead (the most points, ties by the seed), `Bot.ranked` orders moves by the level's
value, and the command line, the server and its page list the levels from the one table."""

from __future__ import annotations

import random
import typing
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.balda_helpers import WORDS, make_lexicon
from tests.conftest import run_cli
from tests.server_helpers import ROOMY
from tests.test_server import create, documented
from wordlist import Lexicon
from wordlist.games import Game
from wordlist.games.balda import BaldaGame
from wordlist.games.bot import DEFAULT_LEVEL, LEVEL_TABLE, LEVELS, Bot, UnknownLevel, self_play
from wordlist.games.wordgame import Wordgame
from wordlist.server import create_app, models

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    return make_lexicon(tmp_path_factory.mktemp("levels"), WORDS)


def yesterdays_strong(game: Game, rng: random.Random) -> typing.Any:
    """The "strong" bot before issue 28, as it was written: a move of the most points, ties by rng."""
    found = game.bot_search()
    best = max(found.points)
    return found.build(rng.choice([i for i, p in enumerate(found.points) if p == best]))


def test_the_levels_weakest_first() -> None:
    assert list(LEVELS) == ["beginner", "greedy", "strong", "expert"]
    assert [level.name for level in LEVEL_TABLE] == list(LEVELS)
    assert DEFAULT_LEVEL == "strong" and Bot().level == "strong"
    # budgets count positions, never time; the deeper level spends more
    assert 0 < LEVELS["strong"].budget("balda") < LEVELS["expert"].budget("balda")
    assert LEVELS["greedy"].budget("balda") == LEVELS["beginner"].budget("balda") == 0
    for bad in ("Strong", "", "hard", None, 3):
        with pytest.raises(UnknownLevel, match="levels: beginner, greedy, strong, expert"):
            Bot(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_greedy_plays_exactly_what_strong_played_before_the_lookahead(lexicon: Lexicon, seed: int) -> None:
    game = BaldaGame.new(lexicon, start_word="table", seed=seed)
    greedy, reference = Bot("greedy", seed), random.Random(seed)
    opponent = Bot("beginner", seed + 100)
    turns = 0
    while not game.is_over:
        if game.turn == 0:
            expected = yesterdays_strong(game, reference)
            chosen = greedy.choose(game)
            assert chosen is not None and chosen.move == expected.move
            game.play(chosen.move)
            turns += 1
        else:
            opponent.move(game)
    assert turns >= 3


def test_greedy_plays_yesterdays_strong_moves_in_wordgame(sample_outputs: Path) -> None:
    lexicon = Lexicon.open("en", "wordgame", sample_outputs)
    for seed in (5, 6):
        game = Wordgame.new(lexicon, seed=seed)
        greedy, reference = Bot("greedy", seed), random.Random(seed)
        played = 0
        while not game.is_over and played < 12:
            if game.turn == 0 and len(game.bot_search()):
                expected = yesterdays_strong(game, reference)
                chosen = greedy.choose(game)
                assert chosen is not None and chosen.move == expected.move
                played += 1
            Bot("greedy", seed + played).move(game)
        assert played >= 2


def test_ranked_orders_by_value_with_points(lexicon: Lexicon) -> None:
    game = BaldaGame.new(lexicon, start_word="table", seed=1)
    everything = Bot("greedy", 1).ranked(game)
    assert len(everything) == len(game.bot_search())
    assert [r.value for r in everything] == sorted((r.value for r in everything), reverse=True)
    assert all(r.value == r.points == r.candidate.points for r in everything)
    assert everything[0].points == max(m.points for m in game.legal_moves())
    top = Bot("greedy", 1).ranked(game, 3)
    assert [r.candidate.move for r in top] == [r.candidate.move for r in everything[:3]]
    assert Bot("greedy").ranked(game, 0) == []
    for bad in (-1, 1.5, "3", True):
        with pytest.raises(ValueError, match="limit"):
            Bot("greedy").ranked(game, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ranks the moves of a Game"):
        Bot("greedy").ranked("table")  # type: ignore[arg-type]


def test_every_level_finishes_a_game(lexicon: Lexicon) -> None:
    for name in LEVELS:
        game = self_play(BaldaGame.new(lexicon, start_word="table", seed=3), (Bot(name, 1), Bot("greedy", 2)))
        assert game.is_over and len(game.history) >= 4


def test_the_command_line_lists_and_takes_every_level(sample_outputs: Path) -> None:
    shown = run_cli("play", "balda", "--help")
    assert "beginner, greedy, strong, expert" in " ".join(shown.stdout.split())
    for name in ("greedy", "expert"):
        played = run_cli(
            "play", "balda", "--data", sample_outputs, "--self-play", "--seed", "4", "--level", name
        )
        assert played.returncode == 0, played.stderr
        assert "wins" in played.stdout or "tie" in played.stdout.lower()
    refused = run_cli("play", "balda", "--data", sample_outputs, "--self-play", "--level", "hard")
    assert refused.returncode == 1 and "levels: beginner, greedy, strong, expert" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_the_server_lists_and_takes_every_level(sample_outputs: Path, tmp_path: Path) -> None:
    assert list(typing.get_args(models.Level)) == list(LEVELS)
    with TestClient(create_app(sample_outputs, tmp_path / "games.sqlite", limits=ROOMY)) as client:
        listed = client.get("/api/games/levels")
        assert listed.status_code == 200
        documented(client, "get", "/api/games/levels", 200, listed.json())
        assert [lv["name"] for lv in listed.json()] == list(LEVELS)
        assert [lv["name"] for lv in listed.json() if lv["default"]] == [DEFAULT_LEVEL]
        for name in LEVELS:
            created = create(client, seed=3, level=name, bot_first=True)
            assert created["game"]["level"] == name and len(created["game"]["view"]["history"]) == 1
        refused = client.post("/api/games", json={"game": "balda", "level": "hard"})
        assert refused.status_code == 422 and "level" in refused.text
