"""The terminal Wordgame, driven by a scripted player, and `wordlist play wordgame`."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import run_cli, scripted
from tests.game_helpers import dealt
from tests.wordgame_helpers import WORDS, make_lexicon, place
from wordlist import Lexicon
from wordlist.games.bot import Bot
from wordlist.games.wordgame import Tile, Wordgame
from wordlist.games.wordgame.terminal import draw, parse_move, play


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    return make_lexicon(tmp_path_factory.mktemp("wordgame-terminal"), WORDS)


def test_a_human_plays_against_the_bot(lexicon: Lexicon, tmp_path: Path) -> None:
    game = dealt(lexicon, "coats", players=("You", "Bot"))  # as its seed deals it: the save loads
    shown: list[str] = []
    save = tmp_path / "game.json"
    script = ["help", "h8 a ctao", "h8 down cat", "h8 a coats", "hint", "moves", f"save {save}", "quit"]
    play(
        game,
        human=0,
        bots=(Bot(), Bot("strong", 2)),
        read=scripted(script),
        write=shown.append,
    )
    text = "\n".join(shown)
    assert "The first word covers h8." in text
    rack = next(line for line in text.splitlines() if line.startswith("your rack: ")).split()[2:]
    assert len(rack) == 8 and not Counter(["C₂", "O₁", "A₁", "T₁", "S₁"]) - Counter(rack)
    assert "Not allowed: not a word in this game's word list: CTAO [not_a_word]" in text
    assert "Not allowed: the first word must have at least 4 letters: CAT has 3" in text
    # C on the double-word start square, S on a double letter: (2+1+1+1+2) x 2
    assert "You: h8 across coats (COATS 14) +14\n    1. meaning of coats" in text
    assert "\nBot: " in text or "Bot passes." in text
    assert text.endswith(f"Game stopped. It is saved in {save}: continue it with --load {save}.")
    assert Wordgame.from_json(save.read_text(), lexicon).to_dict() == game.to_dict()


def test_moves_are_typed_as_square_direction_word(lexicon: Lexicon) -> None:
    game = Wordgame.new(lexicon, seed=1)
    place(game, "oat", (7, 7))
    assert parse_move("g8 a coats", game) == (Tile((7, 6), "c"), Tile((7, 10), "s"))
    assert parse_move("h7 down ?toad", game) == (
        Tile((6, 7), "t", True),
        Tile((8, 7), "a"),
        Tile((9, 7), "d"),
    )
    for text, message in [
        ("g8 sideways coats", "type the square, the direction and the word"),
        ("g8 a cxats", "h8 already holds O, not X"),
        ("g8 a coats?", r"a \? must be followed"),
        ("o8 a cats", "the word runs off the board at p8"),
        ("h8 a oat", "the word places no tile"),
        ("zz a cat", "is not a cell"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_move(text, game)


def test_board_drawing(lexicon: Lexicon) -> None:
    game = Wordgame.new(lexicon, seed=1, players=("Ann", "Bob"))
    lines = draw(game, 1).splitlines()
    assert lines[0].split() == [chr(ord("a") + c) for c in range(15)]
    assert lines[1].split() == [
        "1",
        "#",
        "·",
        "·",
        "'",
        "·",
        "·",
        "·",
        "#",
        "·",
        "·",
        "·",
        "'",
        "·",
        "·",
        "#",
    ]
    assert lines[8].split()[8] == "*"  # the start square, while the board is empty
    assert lines[-2] == "Ann: 0   Bob: 0   bag: 88"
    assert lines[-1] == "your rack: " + " ".join(
        f"{t.upper()}{game.tiles.value(t)}" for t in game.racks[1]
    ).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))
    place(game, "oat", (7, 7))
    game.blanks.add((7, 8))
    assert draw(game).splitlines()[8].split()[8:11] == ["O", "a", "T"]  # a blank in lower case


def test_play_wordgame_from_the_cli(sample_outputs: Path, tmp_path: Path) -> None:
    result = run_cli("play", "wordgame", "--self-play", "--seed", "3", "--data", sample_outputs)
    assert result.returncode == 0, result.stderr
    assert "Wordgame, 15x15, en, racks of 8 tiles. The first word covers h8." in result.stdout
    assert "Game over" in result.stdout
    layout = tmp_path / "small.json"
    layout.write_text(json.dumps({"board": ["D....", ".....", "..T..", ".....", "....D"], "start": [2, 2]}))
    small = run_cli(
        "play", "wordgame", "--self-play", "--seed", "1", "--layout", layout, "--data", sample_outputs
    )
    assert (
        small.returncode == 0
        and "Wordgame, 5x5" in small.stdout
        and "The first word covers c3" in small.stdout
    )
    layout.write_text('{"board": ["D.."], "start": [0, 0]}')
    bad = run_cli("play", "wordgame", "--layout", layout, "--data", sample_outputs)
    assert bad.returncode == 1 and "must be square" in bad.stderr


def test_a_german_game_in_the_terminal(sample_outputs: Path) -> None:
    result = run_cli(
        "play", "wordgame", "--lang", "de", "--self-play", "--seed", "2", "--data", sample_outputs
    )
    assert result.returncode == 0, result.stderr
    assert "Wordgame, 15x15, de, racks of 8 tiles" in result.stdout and "Game over" in result.stdout
