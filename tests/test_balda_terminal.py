"""The terminal Balda game, driven by a scripted player."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.balda_helpers import WORDS, make_lexicon
from tests.conftest import run_cli, scripted
from tests.game_helpers import play_cli
from wordlist import Lexicon
from wordlist.games.balda import BaldaGame, BaldaSettings, Candidate, Move
from wordlist.games.balda.terminal import SCREEN, draw, parse_move, play
from wordlist.games.bot import Bot


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    return make_lexicon(tmp_path_factory.mktemp("terminal"), WORDS)


def test_a_human_plays_against_the_bot(lexicon: Lexicon, tmp_path: Path) -> None:
    game = BaldaGame.new(lexicon, BaldaSettings(), start_word="table", seed=1, players=("You", "Bot"))
    shown: list[str] = []
    save = tmp_path / "game.json"
    play(
        game,
        human=0,
        bots=(Bot("strong", 1), Bot("strong", 2)),
        read=scripted(["help", "b2 z b2 b3", "b2 b b2-b3-a3", "hint", "moves", f"save {save}", "quit"]),
        write=shown.append,
    )
    text = "\n".join(shown)
    assert "Starting word: TABLE" in text
    assert "Not allowed: not a word in this game's word list: ZA [not_a_word]" in text
    assert "You: B on b2, BAT (b2-b3-a3), +3\n    1. meaning of bat" in text
    assert "\nBot: " in text
    assert text.endswith(f"Game stopped. It is saved in {save}: continue it with --load {save}.")
    assert BaldaGame.from_json(save.read_text(), lexicon).to_dict() == game.to_dict()
    assert game.scores[0] == 3 and len(game.history) == 2


def test_board_drawing(lexicon: Lexicon) -> None:
    game = BaldaGame.new(lexicon, BaldaSettings(), start_word="table", players=("Ann", "Bob"))
    lines = draw(game).splitlines()
    assert lines[0].split() == ["a", "b", "c", "d", "e"]
    assert lines[3].split() == ["3", "T", "A", "B", "L", "E"]
    assert lines[-1] == "Ann: 0   Bob: 0"


def test_move_syntax() -> None:
    move = parse_move("B2 t b2-c2 c3")
    assert (move.cell, move.letter, move.path) == ((1, 1), "t", ((1, 1), (1, 2), (2, 2)))
    assert parse_move("b2 t").path == ((1, 1),)
    assert parse_move("a3 x a3 b2..d2 e3").path == ((2, 0), (1, 1), (1, 2), (1, 3), (2, 4))
    assert parse_move("a1 x a1..c3 c4").path == ((0, 0), (1, 1), (2, 2), (3, 2))
    assert parse_move("c3 x c3..a3").path == ((2, 2), (2, 1), (2, 0))
    for path in [((1, 1), (2, 1), (2, 2), (2, 3), (2, 4)), ((0, 0), (1, 1), (2, 2)), ((2, 2), (2, 1))]:
        typed = SCREEN.notation(None, Candidate(Move(path[0], "x", path), "x" * len(path)))
        assert parse_move(typed).path == path, typed  # what `moves` and `hint` print reads back
    assert SCREEN.notation(None, Candidate(Move((1, 1), "x", ((1, 1), (2, 1), (2, 2), (2, 3))), "xxxx")) == (
        "b2 x b2 b3..d3"
    )
    with pytest.raises(ValueError, match="a run goes along a row, a column or a diagonal"):
        parse_move("a1 x a1..b3")
    with pytest.raises(ValueError, match="type the cell, the letter"):
        parse_move("b2")


def test_cli_game_from_stdin(sample_outputs: Path) -> None:
    result = play_cli("balda", "--seed", "5", "--data", sample_outputs, typed="resign\n")
    assert result.returncode == 0, result.stderr
    assert "You resigned. Bot wins." in result.stdout
    bad = run_cli("play", "balda", "--size", "6", "--data", sample_outputs)
    assert bad.returncode == 1 and "board size 6" in bad.stderr
