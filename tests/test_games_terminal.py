"""The shared terminal driver, as a player meets it: the first screen, hints that get more specific,
the move list, the last move marked, saves that never lose a game, readline, and `wordlist play` errors."""

from __future__ import annotations

import errno
import json
import os
import pty
import re
import select
import sys
import time
from pathlib import Path

import pytest

from tests import balda_helpers, wordgame_helpers
from tests.conftest import ROOT, run_cli, scripted
from tests.game_helpers import deal, hand_made_lists, play_cli
from wordlist import Lexicon
from wordlist.games import Bot
from wordlist.games import state as states
from wordlist.games.balda import BaldaGame
from wordlist.games.balda.terminal import draw as draw_balda
from wordlist.games.balda.terminal import play as play_balda
from wordlist.games.terminal import Style
from wordlist.games.wordgame import Tile, Wordgame
from wordlist.games.wordgame.terminal import draw
from wordlist.games.wordgame.terminal import play as play_wordgame


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Lexicon]:
    return hand_made_lists(tmp_path_factory.mktemp("driver"))


def session(game, lines: list[str], **options) -> str:
    shown: list[str] = []
    player = play_balda if isinstance(game, BaldaGame) else play_wordgame
    player(
        game,
        human=0,
        bots=(Bot("strong", 1), Bot("strong", 2)),
        read=scripted(lines),
        write=shown.append,
        **options,
    )
    return "\n".join(shown)


def balda(lists: dict[str, Lexicon]) -> BaldaGame:
    return BaldaGame.new(lists["balda"], start_word="table", seed=1, players=("You", "Bot"))


def wordgame(lists: dict[str, Lexicon]) -> Wordgame:
    return deal(Wordgame.new(lists["wordgame"], seed=1, players=("You", "Bot")), "coatsgde")


def test_the_first_screen_says_how_to_get_help(lists: dict[str, Lexicon]) -> None:
    for game in (balda(lists), wordgame(lists)):
        text = session(game, ["quit"])
        assert "Type help for the commands and how to type a move" in text.splitlines()[1]
        help_text = session(game, ["help", "quit"])
        assert "hint " in help_text and "save FILE" in help_text and "resign" in help_text


def test_hints_get_more_specific(lists: dict[str, Lexicon]) -> None:
    text = session(balda(lists), ["hint", "hint", "hint", "hint", "quit"])
    assert "Try a 5-letter word beginning with C." in text  # CABLE over TABLE
    assert "Put a letter on b2 for a 5-letter word." in text  # the first move `moves` lists
    assert "CABLE: type b2 c b2 b3..e3" in text
    text = session(wordgame(lists), ["hint", "hint", "hint", "quit"])
    lines = [
        line for line in text.splitlines() if line.startswith(("Try a", "It starts")) or ": type " in line
    ]
    assert lines[0].startswith("Try a 5-letter word beginning with") and "worth" in lines[0]
    assert lines[1].startswith("It starts on ") and lines[1].endswith(("across.", "down."))
    assert ": type " in lines[2] and lines[2].split(": type ")[1].split()[0] in lines[1]


def test_moves_are_listed_as_typed_without_repeats(lists: dict[str, Lexicon]) -> None:
    text = session(wordgame(lists), ["moves", "quit"])
    listed = [line for line in text.splitlines() if re.match(r"\s*\d+  [A-Z]", line)]
    assert listed and len({line.split()[1] for line in listed}) == len(listed)  # each word once
    _, word, square, direction, typed = listed[0].split()[:5]
    assert direction in ("across", "down") and typed == word.lower() and square[0].isalpha()
    assert "(+" in listed[0] and "more ways)" in listed[0]  # the same word elsewhere is counted
    text = session(balda(lists), ["moves", "quit"])
    assert "   5  CABLE        b2 c b2 b3..e3   (+1 more way)" in text


def test_grammar_for_you_and_the_bot(lists: dict[str, Lexicon]) -> None:
    text = session(wordgame(lists), ["pass", "quit"])
    assert "You pass." in text and "You passes" not in text
    assert "You resign." in session(wordgame(lists), ["resign"])
    assert "You resigned. Bot wins." in session(balda(lists), ["resign"])


def test_the_bot_passes_in_the_third_person(tmp_path: Path) -> None:
    game = Wordgame.new(wordgame_helpers.make_lexicon(tmp_path, ["zzzz"]), seed=3, players=("You", "Bot"))
    del game.bag[7:]  # too few tiles to exchange: a bot without a move passes
    assert "You pass.\n" in session(game, ["pass", "quit"])
    assert "Bot passes. Both racks are drawn again." in session(game, ["quit"]) or game.redrawn


def test_help_fits_80_columns(lists: dict[str, Lexicon]) -> None:
    for game in (balda(lists), wordgame(lists)):
        text = session(game, ["help", "quit"])
        assert "Commands:" in text
        wide = [line for line in text.splitlines() if len(line) > 80]
        assert not wide, wide


def test_quitting_says_whether_the_game_is_saved(lists: dict[str, Lexicon], tmp_path: Path) -> None:
    assert session(balda(lists), ["quit"]).endswith("Game abandoned (not saved).")
    saved = tmp_path / "game.json"
    text = session(balda(lists), [f"save {saved}", "quit"])
    assert text.endswith(f"Game stopped. It is saved in {saved}: continue it with --load {saved}.")
    text = session(balda(lists), [f"save {saved}", "b2 b b2 b3 a3", "quit"])
    before = f"Game abandoned. {saved} holds it as it was before the last moves (--load {saved})."
    assert text.endswith(before)
    assert BaldaGame.from_json(saved.read_text(), lists["balda"]).version == 0


def test_a_pass_that_ends_the_game_is_announced(tmp_path: Path) -> None:
    game = Wordgame.new(wordgame_helpers.make_lexicon(tmp_path, ["zzzz"]), seed=3, players=("You", "Bot"))
    del game.bag[7:]  # too few tiles to exchange: the bot passes too
    text = session(game, ["pass", "pass", "pass", "quit"])  # the first two passes redraw the racks
    lines = text.splitlines()
    warning = "A pass now ends the game (3 passes in a row)."
    assert lines.count(warning) == 1 and lines.index(warning) > lines.index(
        "Bot passes.", lines.index("Bot passes. Both racks are drawn again.") + 1
    )
    assert game.is_over and lines[-1].startswith("Game over after 3 passes in a row: ")


def test_exchanging_tiles_in_the_terminal(tmp_path: Path) -> None:
    lexicon = wordgame_helpers.make_lexicon(tmp_path, ["zzzz"])  # nobody has a move
    game = deal(Wordgame.new(lexicon, seed=3, players=("You", "Bot")), "qjkeaiot")
    script = ["help", "hint", "exchange", "exchange zz", "exchange QJK", "pass", "quit"]
    lines = session(game, script).splitlines()
    assert "    exchange QJK    put tiles back in the bag and draw as many (? a blank)" in lines
    assert "No move here: exchange tiles (like exchange QJK) or pass." in lines
    assert "Not allowed: choose at least one tile of your rack to exchange [empty_exchange]" in lines
    assert any(line.startswith("Not allowed: not on your rack: Z, Z (the rack holds") for line in lines)
    assert "You exchanged 3 tiles." in lines
    bot = next(line for line in lines if line.startswith("Bot "))
    assert re.fullmatch(r"Bot exchanged [78] tiles\.", bot)  # all its tiles but a blank
    warning = "A pass or an exchange now ends the game (3 scoreless turns in a row)."
    assert lines.index(warning) > lines.index(bot)
    assert game.is_over and lines[-1].startswith("Game over after 3 scoreless turns in a row: ")
    assert [t.action for t in game.history] == ["exchange", "exchange", "pass"]
    balda_help = session(
        BaldaGame.new(balda_helpers.make_lexicon(None, {"table": "noun"}), start_word="table"),
        ["help", "quit"],
    )
    assert "exchange" not in balda_help and "pass the turn" not in balda_help


def test_a_game_under_way_does_not_say_where_the_first_word_goes(lists: dict[str, Lexicon]) -> None:
    game = wordgame(lists)
    assert "The first word covers h8." in session(game, ["quit"]).splitlines()[0]
    game.play([Tile((7, 6), "t"), Tile((7, 7), "o"), Tile((7, 8), "a"), Tile((7, 9), "d")])
    assert session(game, ["quit"]).splitlines()[0] == "Wordgame, 15x15, en, racks of 8 tiles."


def test_the_log_names_where_the_word_starts(lists: dict[str, Lexicon]) -> None:
    game = wordgame(lists)
    game.play([Tile((7, 6), "t"), Tile((7, 7), "o"), Tile((7, 8), "a"), Tile((7, 9), "d")])  # TOAD on g8
    game.pass_turn()
    deal(game, "eaeeeeee")
    text = session(game, ["g8 down tea", "quit"])
    line = next(x for x in text.splitlines() if x.startswith("You: g"))
    assert line.startswith("You: g8 down tea (TEA 4) +4")  # where the word starts, as typed; not g9


def test_the_last_move_is_marked(lists: dict[str, Lexicon]) -> None:
    game = wordgame(lists)
    game.play([Tile((7, 3), "c"), Tile((7, 4), "o"), Tile((7, 5), "a"), Tile((7, 6), "t"), Tile((7, 7), "s")])
    row = draw(game, None, Style(colour=False)).splitlines()[8]
    assert row == "  8 # · ·[C O A T S]· · · ' · · #"  # brackets take the spaces: the columns stay put
    coloured = draw(game, None, Style(colour=True)).splitlines()[8]
    assert "\x1b[1;30;43mC\x1b[0m" in coloured and "[C" not in coloured
    board = draw_balda(BaldaGame.new(lists["balda"], start_word="table"))
    assert "[" not in board  # nothing played yet


def test_a_failed_save_is_one_line_and_the_game_goes_on(
    lists: dict[str, Lexicon], tmp_path: Path, monkeypatch
) -> None:
    good = tmp_path / "game.json"
    text = session(
        balda(lists), [f"save {good}", f"save {tmp_path / 'missing' / 'game.json'}", "b2 b b2 b3 a3", "quit"]
    )
    assert f"Saved to {good}." in text and BaldaGame.from_json(good.read_text(), lists["balda"]).version == 0
    assert f"Could not save to {tmp_path / 'missing' / 'game.json'}: No such file or directory." in text
    assert "You: B on b2, BAT" in text  # the game went on
    saved = good.read_bytes()

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(states.os, "fsync", full_disk)
    text = session(balda(lists), ["b2 b b2 b3 a3", f"save {good}", "quit"])
    assert f"Could not save to {good}: No space left on device." in text
    assert good.read_bytes() == saved  # the previous save is intact
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left


def test_a_save_replaces_only_a_regular_file(tmp_path: Path, sample_outputs: Path) -> None:
    """`save FILE` onto a FIFO or a link (as /dev/stdout is), or to a folder's name ("reg/"), leaves
    it as it is, says so in one line, and the game goes on: the real `wordlist play`, with what a
    player types."""
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "stdout").symlink_to(tmp_path / "pipe")
    (tmp_path / "mine.json").write_text("the user's")
    (tmp_path / "link.json").symlink_to(tmp_path / "mine.json")
    typed = "".join(f"save {tmp_path / name}\n" for name in ("pipe", "stdout", "link.json", "game.json"))
    typed += f"save {tmp_path}/reg/\n"  # a folder's name: not the file "reg"
    result = play_cli("balda", "--data", sample_outputs, "--seed", "1", typed=typed + "quit\n")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    for name, kind in (
        ("pipe", "a named pipe (FIFO)"),
        ("stdout", "a symbolic link"),
        ("link.json", "a symbolic link"),
    ):
        refusal = (
            f"Could not save to {tmp_path / name}: {kind}, not a regular file; not replaced (give the name "
            "of a regular file or a new one). The game goes on; try another file."
        )
        assert result.stdout.count(refusal) == 1, result.stdout
    assert f"Saved to {tmp_path / 'game.json'}." in result.stdout
    refusal = f"Could not save to {tmp_path}/reg/: ends with '/', so it names a folder; give a file's name."
    assert result.stdout.count(refusal) == 1, result.stdout
    assert (tmp_path / "pipe").is_fifo() and os.readlink(tmp_path / "stdout") == str(tmp_path / "pipe")
    assert (tmp_path / "mine.json").read_text() == "the user's" and (tmp_path / "link.json").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game.json",
        "link.json",
        "mine.json",
        "pipe",
        "stdout",
    ]


def test_line_editing_and_history_in_a_real_terminal(sample_outputs: Path) -> None:
    """Up recalls the previous line (readline), instead of printing ^[[A."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game, in the pseudo-terminal
        os.environ.update(TERM="xterm", COLUMNS="100")
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "wordlist_pipeline", "play", "balda", "--seed", "5",
                                  "--data", str(sample_outputs)])  # fmt: skip
    output = b""

    def read_until(marker: bytes, seconds: float = 60) -> None:
        nonlocal output
        deadline = time.monotonic() + seconds
        while marker not in output and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.5)[0]:
                try:
                    output += os.read(fd, 65536)
                except OSError:
                    break

    try:
        read_until(b"You> ")
        os.write(fd, b"hint\r")
        read_until(b"Try a")
        output = output[output.index(b"Try a") :]
        read_until(b"You> ")  # readline reads the terminal again: now Up is a key, not text
        output = b""
        os.write(fd, b"\x1b[A\r")  # Up, Enter: the hint again
        read_until(b"You> ")
        read_until(b"\n", 5)
        assert b"^[[A" not in output and b"Put a letter on" in output
        os.write(fd, b"quit\r")
        read_until(b"Game abandoned")
    finally:
        os.close(fd)
        os.waitpid(pid, 0)


def test_play_errors_are_one_line_naming_the_file(sample_outputs: Path, tmp_path: Path) -> None:
    cases = {
        "missing.json": None,
        "list.json": b"[]",
        "latin1.json": '{"board": ["\xe9"]}'.encode("latin-1"),
        "bad.json": json.dumps({"format": "balda", "format_version": 2}).encode(),
    }
    for name, content in cases.items():
        path = tmp_path / name
        if content is not None:
            path.write_bytes(content)
        result = run_cli("play", "balda", "--load", path, "--data", sample_outputs)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 1 and len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
        assert lines[0].startswith(f"error: {path}: "), lines
    for content, message in [
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b"[1, 2]", "a board layout is a JSON object"),
        (b"[" * 100_000, "not JSON"),
        (b'{"start": [' + b"9" * 5000 + b", 0]}", "not JSON"),  # past Python's int digits limit
        (
            b'{"board": ["..x.", "....", "....", "...."], "start": [0, 0]}',
            "'board' has unknown squares ['x']",
        ),
    ]:
        layout = tmp_path / "layout.json"
        layout.write_bytes(content)
        result = run_cli("play", "wordgame", "--layout", layout, "--data", sample_outputs)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 1 and len(lines) == 1 and lines[0].startswith(f"error: {layout}: "), (
            result.stderr
        )
        assert message in lines[0]  # [brackets] shown as they are, not taken for markup


def test_help_shows_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    result = run_cli("play", "wordgame", "--help")
    assert (
        result.returncode == 0
        and '"board": [rows of . d t D T]' in result.stdout
        and "[row, col]" in result.stdout
    )


def test_a_loaded_game_is_played_by_you_again(
    lists: dict[str, Lexicon], tmp_path: Path, sample_outputs: Path
) -> None:
    lexicon = Lexicon.open("en", "balda", sample_outputs)
    game = BaldaGame.new(lexicon, seed=2, players=("Bot", "You"))
    Bot("strong", 1).move(game)
    saved = tmp_path / "saved.json"
    saved.write_text(game.to_json())
    result = play_cli("balda", "--load", saved, "--data", sample_outputs, typed="resign\n")
    assert result.returncode == 0, result.stderr
    assert "You resigned. Bot wins." in result.stdout
