"""Names and data that cannot reach the terminal raw: one check of a player's name (the games, their
saved states and the HTTP models all use it), and everything a terminal prints escaped."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import polars as pl
import pytest
from pydantic import TypeAdapter, ValidationError

from tests import balda_helpers, wordgame_helpers
from tests.conftest import run_cli
from tests.game_helpers import dealt
from wordlist import Lexicon
from wordlist.errors import WordlistError
from wordlist.format.limits import MAX_NAME
from wordlist.games import Bot, GameStateError
from wordlist.games.balda import BaldaGame
from wordlist.games.balda import terminal as balda_terminal
from wordlist.games.terminal import Style
from wordlist.games.wordgame import Wordgame
from wordlist.games.wordgame import terminal as wordgame_terminal
from wordlist.server import models
from wordlist.text import HIDDEN_CATEGORIES, INVISIBLE, NameRefused, check_name, escaped
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.entries import Entry, entries_to_table
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select

# What an edited file could make a terminal do: retitle the window, clear the screen, forge a line,
# turn the text around, hide a character.
TITLE, CLEAR, FORGED, FLIPPED = "\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "\rBot wins 999 to 0", "\u202edlrow"
HOSTILE = f"A {TITLE}piece of {CLEAR}furniture{FORGED}\nYou lose.{FLIPPED}\u200b\u3164"
BAD_NAMES = {
    "Ann" + TITLE: r"\\x1b at 4",
    CLEAR + "Bot": r"\\x1b at 1",
    "Bot wins\n": r"\\x0a at 9",
    "Bob\r": r"\\x0d at 4",
    FLIPPED: r"\\u202e at 1",  # right-to-left override
    "Ann\u2066x\u2069": r"\\u2066 at 4",  # an isolate
    "A\u200bnn": r"\\u200b at 2",  # zero-width space (Cf)
    "\u3164": r"\\u3164 at 1",  # Hangul filler (Lo, but shows as nothing)
    "A\u115f": r"\\u115f at 2",
    "A\u1160": r"\\u1160 at 2",
    "A\uffa0": r"\\uffa0 at 2",
    "\u2800Bo": r"\\u2800 at 1",  # braille blank
    "Ann\ufe0f": r"\\ufe0f at 4",  # variation selector
    "A\u2028B": r"\\u2028 at 2",  # line separator (Zl)
    "A\u2029B": r"\\u2029 at 2",  # paragraph separator (Zp)
    "A\ue000": r"\\ue000 at 2",  # private use (Co)
    "A\udc80": r"\\udc80 at 2",  # a lone surrogate (Cs)
    "A\U000e0041": r"\\U000e0041 at 2",  # a tag character (Cf)
    "A\x85": r"\\x85 at 2",  # NEL (Cc)
    "A\u0378": r"unassigned code points or noncharacters \(\\u0378 at 2\)",  # unassigned (Cn)
    "Bob\uffff": r"unassigned code points or noncharacters \(\\uffff at 4\)",  # noncharacters
    "A\ufdd0B": r"\\ufdd0 at 2",
    "A\U0010fffe": r"\\U0010fffe at 2",
    "\u0301\u0301": r"starts with a character, not a combining mark \(\\u0301\)",
    "\u20dd": r"not a combining mark \(\\u20dd\)",  # an enclosing circle (Me), on nothing
    "A" + "\u0301" * 39: r"at most 4 combining marks in a row \(more from 2\)",
    "Ann " + "\u0300\u0316\u0301\u0317\u0302": r"at most 4 combining marks in a row \(more from 5\)",
    "": "1 to 40 characters, not 0",
    "x" * (MAX_NAME + 1): f"1 to 40 characters, not {MAX_NAME + 1}",
    "   ": "not blank",
    " Ann": "no space at either end",
    "Ann\u00a0": "no space at either end",
}


def test_a_name_shows_as_typed_or_is_refused() -> None:
    shown = ["Ann", "Zoë", "Jean Pierre", "Ann\u00a0Lee", "李雷", "⚽ Bob", "x" * MAX_NAME]
    # marks on a character, as names are written: Vietnamese typed decomposed (two), Hebrew with
    # its points (three), Tibetan (three), Burmese (four), four accents
    shown += [unicodedata.normalize("NFD", "Nguyễn"), "שָּׁלוֹם", "སྒྲོལ་མ", "ကြွေး", "A\u0301\u0300\u0302\u0303"]
    for name in shown:
        assert check_name(name) == name
    for name, message in BAD_NAMES.items():
        with pytest.raises(NameRefused, match=message):
            check_name(name)
    with pytest.raises(NameRefused, match="a name is text, not int"):
        check_name(7)


def test_every_character_of_the_hidden_categories_is_refused_and_escaped() -> None:
    """Over the whole of Unicode: a character of a hidden category, or an invisible one, is refused
    in a name and escaped in printed text; any other character passes both unchanged."""
    for code in range(0x110000):
        char = chr(code)
        hidden = unicodedata.category(char) in HIDDEN_CATEGORIES or char in INVISIBLE
        shown = escaped(f"a{char}b")
        if hidden:
            assert shown != f"a{char}b" and shown.isascii() and shown.isprintable(), hex(code)
        else:
            assert shown == f"a{char}b", hex(code)
    assert len(INVISIBLE) == 5 + 5 + 3 + 16 + 240
    assert escaped("\x1b\u202e\U000e0100 \\x1b") == "\\x1b\\u202e\\U000e0100 \\x1b"


@pytest.mark.parametrize("kind", [BaldaGame, Wordgame])
def test_new_games_and_saved_states_check_names_with_the_same_function(kind: type) -> None:
    lexicon = (
        balda_helpers.make_lexicon(None, balda_helpers.WORDS)
        if kind is BaldaGame
        else wordgame_helpers.make_lexicon(None, wordgame_helpers.WORDS)
    )
    extra = {"start_word": "table"} if kind is BaldaGame else {}
    saved = kind.new(lexicon, players=("Ann", "Bob"), **extra).to_dict()
    for name, message in BAD_NAMES.items():
        with pytest.raises(WordlistError, match=f"player 2's name: .*{message}") as error:
            kind.new(lexicon, players=("Ann", name), **extra)
        assert "\n" not in str(error.value)
        state = {**saved, "state": {**saved["state"], "players": [name, "Bob"]}}
        with pytest.raises(GameStateError, match=rf"^state.players\[0\]: .*{message}") as error:
            kind.from_dict(json.loads(json.dumps(state)), lexicon)
        assert "\n" not in str(error.value) and "\x1b" not in str(error.value)
    with pytest.raises(GameStateError, match=r"^state.players\[1\]: a name is text, not int"):
        kind.from_dict({**saved, "state": {**saved["state"], "players": ["Ann", 7]}}, lexicon)


def test_the_http_models_check_names_with_the_library() -> None:
    """The server's `Name` strips spaces, then asks `check_name`: it refuses what the games refuse."""
    name = TypeAdapter(models.Name)
    assert name.validate_python("  Ann  ") == "Ann"
    for bad in BAD_NAMES:
        try:
            expected = check_name(bad.strip())  # what is left once the model strips the ends
        except NameRefused:
            with pytest.raises(ValidationError):
                name.validate_python(bad)
        else:
            assert name.validate_python(bad) == expected


def hostile_balda() -> Lexicon:
    entries = [(word, pos, [f"{word}: {HOSTILE}"]) for word, pos in balda_helpers.WORDS.items()]
    return Lexicon.from_words(entries, load_profile("balda").alphabet_record("en"), profile="balda")


def no_raw_control(text: str, colour: bool = False) -> None:
    """Nothing in `text` but printable characters, line breaks and (with `colour`) colour codes."""
    if colour:
        for code in ("\x1b[1;30;43m", "\x1b[1;33m", "\x1b[2m", "\x1b[0m"):
            text = text.replace(code, "")
    assert all(c == "\n" or escaped(c) == c for c in text)
    assert "\x1b" not in text and "\r" not in text and "\u202e" not in text


@pytest.mark.parametrize("colour", [False, True])
def test_the_terminal_driver_escapes_names_and_definitions(colour: bool) -> None:
    game = BaldaGame.new(hostile_balda(), start_word="table", seed=1, players=("Ann", "Bob"))
    game.players[:] = ["Ann" + TITLE, FLIPPED]  # set past the checks, as a program may
    lines: list[str] = []
    balda_terminal.play(
        game, human=None, bots=(Bot("strong", 1), Bot("strong", 2)), write=lines.append, style=Style(colour)
    )
    text = "\n".join(lines)
    assert game.is_over and lines[-1].startswith("Game over")
    no_raw_control(text, colour)
    assert "Ann\\x1b]0;pwned\\x07: " in text and "\\u202edlrow: " in text  # the log and the scores
    assert "furniture\\x0dBot wins 999 to 0\\x0aYou lose." in text  # one line, not three
    assert "\\x1b[2J\\x1b[H" in text and "\\u200b\\u3164" in text
    if colour:
        assert "\x1b[1;30;43m" in text  # the driver's own colours stay


def test_the_wordgame_screen_escapes_too() -> None:
    profile = load_profile("wordgame")
    entries = [(w, "noun", [f"{w}: {HOSTILE}"]) for w in wordgame_helpers.WORDS]
    lexicon = Lexicon.from_words(
        entries, profile.alphabet_record("en"), game=profile.game_spec("en"), profile="wordgame"
    )
    game = dealt(lexicon, "coats", players=("Ann", "Bob"))
    game.players[1] = CLEAR + "Bob"
    lines: list[str] = []
    wordgame_terminal.play(game, human=None, bots=(Bot("strong", 1), Bot("strong", 2)), write=lines.append)
    text = "\n".join(lines)
    assert game.is_over and "Game over" in lines[-1]
    no_raw_control(text)
    assert "\\x1b[2J\\x1b[HBob" in text and "furniture\\x0dBot wins 999 to 0\\x0aYou lose." in text


def hostile_list(folder: Path) -> Path:
    """A Balda list written through the pipeline whose definitions hold control characters."""
    entries = [
        Entry(word, "en", pos, True, definitions=(HOSTILE,), definition_tags=((),), page_id=i)
        for i, (word, pos) in enumerate(balda_helpers.WORDS.items())
    ]
    chosen = load_profile("balda")
    selection = select(pl.from_arrow(entries_to_table(entries)), chosen, "en")
    write_word_list(selection, chosen, "en", folder / "en" / "balda", {"dump": "hand-made"})
    return folder


def test_the_cli_prints_a_list_and_a_save_escaped(tmp_path: Path) -> None:
    data = hostile_list(tmp_path / "lists")
    defined = run_cli("query", "--data", data, "define", "table")
    assert defined.returncode == 0, defined.stderr
    no_raw_control(defined.stdout)
    assert "1. A \\x1b]0;pwned\\x07piece of" in defined.stdout
    assert defined.stdout.count("\n") == 3  # the word, its part of speech, its one definition
    as_json = run_cli("query", "--data", data, "define", "table", "--json")
    assert json.loads(as_json.stdout)["definitions"] == [HOSTILE]  # JSON carries the data as it is
    save = tmp_path / "forged.json"
    game = BaldaGame.new(Lexicon.open("en", "balda", data), start_word="table", players=("You", "Bot"))
    state = game.to_dict()
    state["state"]["players"][1] = CLEAR + "Bot"
    save.write_text(json.dumps(state, ensure_ascii=False))
    loaded = run_cli("play", "balda", "--data", data, "--load", save)
    assert loaded.returncode == 1 and loaded.stdout == ""
    assert loaded.stderr == (
        f"error: {save}: state.players[1]: a name has no control, format or invisible characters "
        "(\\x1b at 1)\n"
    )
