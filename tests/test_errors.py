"""One root for the library's errors: `except WordlistError` catches every error that bad
arguments to the public API raise, and each error keeps the built-in base callers relied on (a bad
pattern is still a ValueError, a word that is not a string still a TypeError)."""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import wordlist
import wordlist_pipeline.errors
from tests.game_helpers import hand_made_lists
from wordlist import Alphabet, GameSpec, Lexicon, Manifest, errors, pos_mask, pos_names
from wordlist.errors import (
    ArgumentError,
    ArgumentTypeError,
    FormatError,
    IllegalMove,
    NameRefused,
    NotAFileError,
    NoWordFound,
    PatternError,
    UnknownLevel,
    UnknownList,
    UnknownPartOfSpeech,
    UnknownSchema,
    WordlistError,
)
from wordlist.export import export, export_lists
from wordlist.format import Board, Tiles, dawg_bytes, dawg_layout, read_manifest, read_word_list, schema
from wordlist.games import Bot, load_game, parse_cell, self_play
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.protocol import cell_name
from wordlist.games.wordgame import Layout, Tile, Wordgame, WordgameSettings
from wordlist.graph import Graph
from wordlist.server.app import create_app
from wordlist.server.errors import ApiError
from wordlist.server.limits import Limits
from wordlist.text import check_name, escaped

# --- the classes ------------------------------------------------------------------------------------------

# The built-in base each error keeps (what `except ...` caught before the root existed).
BUILT_IN_BASES = {
    ArgumentError: ValueError,
    ArgumentTypeError: TypeError,
    PatternError: ValueError,
    UnknownPartOfSpeech: ValueError,
    NameRefused: ValueError,
    UnknownLevel: ValueError,
    FormatError: ValueError,
    NoWordFound: LookupError,
    UnknownList: LookupError,
    UnknownSchema: KeyError,
    NotAFileError: OSError,
}


def library_error_classes() -> dict[str, type[BaseException]]:
    """Every public error class defined in a module of the `wordlist` package, by its path (not the
    BaseExceptions that are no errors: a signal's KeyboardInterrupt)."""
    found = {}
    for module_info in pkgutil.walk_packages(wordlist.__path__, "wordlist."):
        if module_info.name.endswith("__main__"):  # (importing it runs the command)
            continue
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, Exception)
                and value.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found[f"{module.__name__}.{name}"] = value
    return found


def test_every_public_error_of_the_library_is_under_the_root_and_in_the_errors_module() -> None:
    classes = library_error_classes()
    assert "wordlist.errors.PatternError" in classes and len(classes) > 25  # the walk found them
    elsewhere = {path for path, cls in classes.items() if cls.__module__ != "wordlist.errors"}
    # Outside the errors module: the server's HTTP answers, each game's IllegalMove (its rules), and
    # the command line's Failure, which carries an error (one of these) to the exit code it ends with.
    assert elsewhere == {
        "wordlist.cli.shared.Failure",
        "wordlist.server.errors.ApiError",
        "wordlist.games.balda.records.IllegalMove",
        "wordlist.games.wordgame.records.IllegalMove",
    }
    for path, cls in classes.items():
        if path == "wordlist.cli.shared.Failure":
            continue  # (not an error of its own: see above)
        assert issubclass(cls, WordlistError), path
        if path not in elsewhere:
            assert getattr(errors, cls.__name__) is cls and cls.__name__ in errors.__all__, path
    assert issubclass(ApiError, WordlistError)
    assert all(issubclass(classes[path], IllegalMove) for path in elsewhere if path.endswith("IllegalMove"))


def test_the_errors_keep_their_built_in_bases() -> None:
    for cls, base in BUILT_IN_BASES.items():
        assert issubclass(cls, WordlistError) and issubclass(cls, base), cls
    for name in errors.__all__:
        value = getattr(errors, name)
        assert not inspect.isclass(value) or issubclass(value, WordlistError), name


def test_the_pipelines_errors_are_under_the_same_root() -> None:
    classes = [
        value
        for value in vars(wordlist_pipeline.errors).values()
        if inspect.isclass(value) and issubclass(value, BaseException)
    ]
    assert len(classes) >= 6
    assert all(issubclass(cls, WordlistError) for cls in classes)


def test_the_old_import_paths_name_the_same_classes() -> None:
    from wordlist.atomic import NotAFileError as atomic_not_a_file
    from wordlist.export import ExportError
    from wordlist.format import FormatError as format_error
    from wordlist.games import GameStateError
    from wordlist.games import IllegalMove as games_illegal
    from wordlist.games.bot import UnknownLevel as bot_level
    from wordlist.text import NameRefused as text_name

    assert (atomic_not_a_file, format_error, games_illegal, bot_level, text_name) == (
        NotAFileError, FormatError, IllegalMove, UnknownLevel, NameRefused,
    )  # fmt: skip
    assert ExportError is errors.ExportError and GameStateError is errors.GameStateError


# --- the walk: bad arguments to the public API --------------------------------------------------------------


@dataclass(frozen=True)
class Api:
    """What the calls are made on: written word lists (a Balda one, a Wordgame one) and a folder."""

    en: Lexicon
    wordgame: Lexicon
    root: Path
    tmp: Path

    @property
    def spec(self) -> GameSpec:
        assert self.wordgame.game_spec is not None
        return self.wordgame.game_spec

    def balda(self) -> BaldaGame:
        return BaldaGame.new(self.en, seed=1)

    def game(self) -> Wordgame:
        return Wordgame.new(self.wordgame, seed=1)


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Api:
    root = tmp_path_factory.mktemp("lists")
    lists = hand_made_lists(root)
    return Api(lists["balda"], lists["wordgame"], root, tmp_path_factory.mktemp("out"))


Call = Callable[[Api], Any]
NUL, SURROGATE, LONG = "a\x00b", "\ud800", "a" * 5000
# Values of every shape a caller may get wrong: the wrong type, out of range, text no file or word has.
ODD = [None, 2.5, b"ab", object()]

CASES: list[tuple[str, Call, type | None]] = [
    # Lexicon: words, parts of speech, searches
    ("is_word(123)", lambda a: a.en.is_word(123), TypeError),
    ("is_word(None)", lambda a: a.en.is_word(None), TypeError),
    ("is_word(b'cat')", lambda a: a.en.is_word(b"cat"), TypeError),
    ("is_word(pos=unknown)", lambda a: a.en.is_word("bat", pos="nou"), ValueError),
    ("is_word(pos=3)", lambda a: a.en.is_word("bat", pos=3), TypeError),
    ("is_word(pos=[1])", lambda a: a.en.is_word("bat", pos=[1]), ValueError),
    ("parts_of_speech(1.5)", lambda a: a.en.parts_of_speech(1.5), TypeError),
    ("has_prefix(None)", lambda a: a.en.has_prefix(None), TypeError),
    ("words(length='3')", lambda a: a.en.words(length="3"), TypeError),
    ("words(length=2.0)", lambda a: a.en.words(length=2.0), TypeError),
    ("words(pos=object)", lambda a: a.en.words(pos=object()), TypeError),
    ("words(prefix=1)", lambda a: a.en.words(prefix=1), TypeError),
    ("complete(limit=-1)", lambda a: a.en.complete("b", limit=-1), ValueError),
    ("complete(limit=1.5)", lambda a: a.en.complete("b", limit=1.5), TypeError),
    ("complete(limit='9')", lambda a: a.en.complete("b", limit="9"), TypeError),
    ("count(length=[])", lambda a: a.en.count(length=[]), TypeError),
    ("count(pos='adverbs')", lambda a: a.en.count(pos="adverbs"), ValueError),
    ("match('b1t')", lambda a: a.en.match("b1t"), ValueError),
    ("match(long)", lambda a: a.en.match(LONG), ValueError),
    ("match(None)", lambda a: a.en.match(None), TypeError),
    ("match(pos=unknown)", lambda a: a.en.match("b?t", pos="x"), ValueError),
    ("anagrams('ta!')", lambda a: a.en.anagrams("ta!"), ValueError),
    ("anagrams(123)", lambda a: a.en.anagrams(123), TypeError),
    ("anagrams(min_length='2')", lambda a: a.en.anagrams("tab", min_length="2"), TypeError),
    ("anagrams(pos=[[]])", lambda a: a.en.anagrams("tab", pos=[[]]), ValueError),
    ("random_word(99)", lambda a: a.en.random_word(99), LookupError),
    ("random_word('5')", lambda a: a.en.random_word("5"), TypeError),
    ("random_word(seed='x')", lambda a: a.en.random_word(3, seed="x"), TypeError),
    ("random_word(seed=surrogate)", lambda a: a.en.random_word(3, seed=SURROGATE), TypeError),
    ("random_word(rng=1)", lambda a: a.en.random_word(3, rng=1), TypeError),
    ("random_word(pos=unknown)", lambda a: a.en.random_word(3, pos="nouns"), ValueError),
    ("definitions(None)", lambda a: a.en.definitions(None), TypeError),
    ("definitions(pos=unknown) of a non-word", lambda a: a.en.definitions("zzz", pos="x"), ValueError),
    ("titles(5)", lambda a: a.en.titles(5), TypeError),
    ("normalize(5)", lambda a: a.en.normalize(5), TypeError),
    ("display([])", lambda a: a.en.display([]), TypeError),
    # Lexicon: building and loading
    ("from_words(5)", lambda a: Lexicon.from_words(5, "abc"), TypeError),
    ("from_words('ab')", lambda a: Lexicon.from_words("ab", "abc"), TypeError),
    ("from_words([])", lambda a: Lexicon.from_words([], "abc"), ValueError),
    ("from_words([('ab',)])", lambda a: Lexicon.from_words([("ab",)], "abc"), ValueError),
    ("from_words([5])", lambda a: Lexicon.from_words([5], "abc"), ValueError),
    ("from_words(letter outside)", lambda a: Lexicon.from_words([("abz", "noun")], "abc"), ValueError),
    ("from_words(word None)", lambda a: Lexicon.from_words([(None, "noun")], "abc"), TypeError),
    ("from_words(word too long)", lambda a: Lexicon.from_words([("a" * 300, "noun")], "abc"), ValueError),
    ("from_words(pos 0)", lambda a: Lexicon.from_words([("ab", 0)], "abc"), ValueError),
    ("from_words(pos unknown)", lambda a: Lexicon.from_words([("ab", "thing")], "abc"), ValueError),
    ("from_words(definitions 'x')", lambda a: Lexicon.from_words([("ab", "noun", "x")], "abc"), ValueError),
    ("from_words(definitions 5)", lambda a: Lexicon.from_words([("ab", "noun", 5)], "abc"), ValueError),
    ("from_words(definition 5)", lambda a: Lexicon.from_words([("ab", "noun", [5])], "abc"), ValueError),
    ("from_words(alphabet 5)", lambda a: Lexicon.from_words([("ab", "noun")], 5), TypeError),
    ("from_words(alphabet 'aab')", lambda a: Lexicon.from_words([("ab", "noun")], "aab"), ValueError),
    ("from_words(game 5)", lambda a: Lexicon.from_words([("ab", "noun")], "abc", game=5), TypeError),
    ("from_words(game tiles)", lambda a: Lexicon.from_words([("ab", "noun")], "abc", game=a.spec), None),
    ("from_words(profile 5)", lambda a: Lexicon.from_words([("ab", "noun")], "abc", profile=5), TypeError),
    ("load(missing)", lambda a: Lexicon.load(a.tmp / "none"), None),
    ("load(5)", lambda a: Lexicon.load(5), TypeError),
    ("load(NUL)", lambda a: Lexicon.load(NUL), None),
    ("load(long name)", lambda a: Lexicon.load(LONG), None),
    ("open(language 5)", lambda a: Lexicon.open(5, "balda", a.root), TypeError),
    ("open(profile None)", lambda a: Lexicon.open("en", None, a.root), TypeError),
    ("open(unknown)", lambda a: Lexicon.open("xx", "balda", a.root), None),
    ("open(long name)", lambda a: Lexicon.open("en", LONG, a.root), None),
    ("open(surrogate)", lambda a: Lexicon.open(SURROGATE, "balda", a.root), None),
    ("open(root 5)", lambda a: Lexicon.open("en", "balda", 5), TypeError),
    ("available(root b'x')", lambda a: Lexicon.available(b"x"), TypeError),
    ("available(long root)", lambda a: Lexicon.available(LONG), None),
    # the format's records and helpers
    ("pos_mask(5)", lambda a: pos_mask(5), TypeError),
    ("pos_mask('noun,thing')", lambda a: pos_mask("noun,thing"), ValueError),
    ("pos_names(None)", lambda a: pos_names(None), TypeError),
    ("pos_names(-1)", lambda a: pos_names(-1), ValueError),
    ("pos_names(2**100)", lambda a: pos_names(2**100), ValueError),
    ("schema('words.txt')", lambda a: schema("words.txt"), KeyError),
    ("schema([])", lambda a: schema([]), KeyError),
    ("Alphabet(language None)", lambda a: Alphabet(None, "abc"), ValueError),
    ("Alphabet(letters 5)", lambda a: Alphabet("xx", 5), ValueError),
    ("Alphabet(letters b'ab')", lambda a: Alphabet("xx", b"ab"), ValueError),
    ("Alphabet(letters '')", lambda a: Alphabet("xx", ""), ValueError),
    ("Alphabet(upper None)", lambda a: Alphabet("xx", "abc", upper=None), ValueError),
    ("Alphabet(upper {1: 'A'})", lambda a: Alphabet("xx", "abc", upper={1: "A"}), ValueError),
    ("Alphabet(remove None)", lambda a: Alphabet("xx", "abc", remove=None), ValueError),
    ("Alphabet(lowercase 1)", lambda a: Alphabet("xx", "abc", lowercase=1), ValueError),
    ("Alphabet(replace b'ab')", lambda a: Alphabet("xx", "abc", replace=b"ab"), ValueError),
    ("Alphabet.from_json([])", lambda a: Alphabet.from_json([]), ValueError),
    ("Alphabet.normalize(5)", lambda a: a.en.alphabet_spec.normalize(5), TypeError),
    ("Alphabet.spells(None)", lambda a: a.en.alphabet_spec.spells(None), TypeError),
    ("GameSpec.from_json(None)", lambda a: GameSpec.from_json(None), ValueError),
    ("GameSpec.from_json(letters 1)", lambda a: GameSpec.from_json(a.spec.to_json(), 1), TypeError),
    ("GameSpec(rack '7')", lambda a: GameSpec(a.spec.board, a.spec.tiles, "7"), ValueError),
    ("GameSpec(board None)", lambda a: GameSpec(None, a.wordgame.game_spec.tiles, 7), ValueError),
    ("Board(rows None)", lambda a: Board(None, (0, 0)), ValueError),
    ("Board(start None)", lambda a: Board(("....",) * 4, None), ValueError),
    ("Tiles(None, None)", lambda a: Tiles(None, None), ValueError),
    ("Tiles({1: 1}, {1: 1})", lambda a: Tiles({1: 1}, {1: 1}), ValueError),
    ("Manifest.from_json('x')", lambda a: Manifest.from_json("x"), ValueError),
    ("read_word_list(5)", lambda a: read_word_list(5), TypeError),
    ("read_word_list(NUL)", lambda a: read_word_list(NUL), None),
    ("read_manifest(surrogate)", lambda a: read_manifest(SURROGATE), None),
    ("dawg_layout(None)", lambda a: dawg_layout(None), TypeError),
    ("dawg_bytes(None)", lambda a: dawg_bytes(None), TypeError),
    ("dawg_bytes(NUL key)", lambda a: dawg_bytes([("\x00", 1)]), ValueError),
    ("dawg_bytes(unsorted)", lambda a: dawg_bytes([("b", 1), ("a", 1)]), ValueError),
    ("dawg_bytes(surrogate key)", lambda a: dawg_bytes([(SURROGATE, 1)]), ValueError),
    ("dawg_bytes(value -1)", lambda a: dawg_bytes([("a", -1)]), ValueError),
    ("Graph(data None)", lambda a: Graph(None, "abc"), TypeError),
    ("Graph(letters None)", lambda a: Graph(dawg_bytes([("ab", 1)]), None), TypeError),
    ("Graph(letters surrogate)", lambda a: Graph(dawg_bytes([("ab", 1)]), SURROGATE), TypeError),
    # text
    ("check_name(None)", lambda a: check_name(None), ValueError),
    ("check_name('\\x1b')", lambda a: check_name("a\x1b"), ValueError),
    ("escaped(None)", lambda a: escaped(None), TypeError),
    # the games: creating, moving, loading
    ("parse_cell('3b')", lambda a: parse_cell("3b"), ValueError),
    ("parse_cell(None)", lambda a: parse_cell(None), TypeError),
    ("parse_cell(long row)", lambda a: parse_cell("b" + "9" * 5000), ValueError),
    ("cell_name(None)", lambda a: cell_name(None), ValueError),
    ("cell_name([])", lambda a: cell_name([]), ValueError),
    ("BaldaSettings(size 6)", lambda a: BaldaSettings(6), None),
    ("BaldaSettings(diagonal 1)", lambda a: BaldaSettings(5, 1), None),
    ("BaldaSettings(extra None)", lambda a: BaldaSettings(5, False, None), TypeError),
    ("BaldaSettings(extra ['noun'])", lambda a: BaldaSettings(5, False, ["noun"]), None),
    ("BaldaGame.new(None)", lambda a: BaldaGame.new(None), TypeError),
    ("BaldaGame.new(settings 1)", lambda a: BaldaGame.new(a.en, 1), TypeError),
    ("BaldaGame.new(seed 2**64)", lambda a: BaldaGame.new(a.en, seed=2**64), None),
    ("BaldaGame.new(players None)", lambda a: BaldaGame.new(a.en, players=None), TypeError),
    ("BaldaGame.new(players 'ab')", lambda a: BaldaGame.new(a.en, players="ab"), TypeError),
    ("BaldaGame.new(players 3)", lambda a: BaldaGame.new(a.en, players=["a", "b", "c"]), None),
    ("BaldaGame.new(start 'zzzzz')", lambda a: BaldaGame.new(a.en, start_word="zzzzz"), None),
    ("BaldaGame.new(start 5)", lambda a: BaldaGame.new(a.en, start_word=5), None),
    ("BaldaGame.new(no word of 9)", lambda a: BaldaGame.new(a.en, BaldaSettings(9)), None),
    ("BaldaGame.play(None)", lambda a: a.balda().play(None), None),
    ("BaldaGame.act('x')", lambda a: a.balda().act("x"), None),
    ("BaldaGame.act(player 7)", lambda a: a.balda().act({"action": "resign"}, player=7), None),
    ("BaldaGame.act(exchange)", lambda a: a.balda().act({"action": "exchange", "tiles": "ab"}), None),
    ("BaldaGame.view(5)", lambda a: a.balda().view(5), ValueError),
    ("BaldaGame.view('0')", lambda a: a.balda().view("0"), ValueError),
    ("BaldaGame.move_from_dict([])", lambda a: BaldaGame.move_from_dict([]), None),
    ("BaldaGame.check(5)", lambda a: a.balda().check(5), None),
    ("BaldaGame.pass_turn()", lambda a: a.balda().pass_turn(), None),
    ("BaldaGame.from_json('{')", lambda a: BaldaGame.from_json("{", a.en), None),
    ("BaldaGame.from_json(5)", lambda a: BaldaGame.from_json(5, a.en), None),
    ("BaldaGame.from_json(lexicon 1)", lambda a: BaldaGame.from_json(a.balda().to_json(), 1), TypeError),
    ("BaldaGame.from_json(root long)", lambda a: BaldaGame.from_json(a.balda().to_json(), root=LONG), None),
    ("BaldaGame.from_dict({'format': []})", lambda a: BaldaGame.from_dict({"format": []}, a.en), None),
    ("Wordgame.new(None)", lambda a: Wordgame.new(None), TypeError),
    ("Wordgame.new(settings 1)", lambda a: Wordgame.new(a.wordgame, 1), TypeError),
    ("Wordgame.new(seed 'x')", lambda a: Wordgame.new(a.wordgame, seed="x"), None),
    ("Wordgame.new(players None)", lambda a: Wordgame.new(a.wordgame, players=None), TypeError),
    ("Wordgame.new(players ['\\x1b', 'b'])", lambda a: Wordgame.new(a.wordgame, players=["\x1b", "b"]), None),
    ("WordgameSettings(rack 3)", lambda a: WordgameSettings(3), None),
    ("WordgameSettings(layout 5)", lambda a: WordgameSettings(8, 5), TypeError),
    ("WordgameSettings.of(None)", lambda a: WordgameSettings.of(None), TypeError),
    ("Layout.from_dict(5)", lambda a: Layout.from_dict(5), None),
    ("Wordgame.play(None)", lambda a: a.game().play(None), None),
    ("Wordgame.play([None])", lambda a: a.game().play([None]), None),
    ("Wordgame.play(Tile cell None)", lambda a: a.game().play([Tile(None, "a", False)]), None),
    ("Wordgame.play(Tile letter 5)", lambda a: a.game().play([Tile((7, 7), 5, False)]), None),
    ("Wordgame.play(Tile off board)", lambda a: a.game().play([Tile((99, 7), "a", False)]), None),
    ("Wordgame.exchange(5)", lambda a: a.game().exchange(5), None),
    ("Wordgame.exchange([None])", lambda a: a.game().exchange([None]), None),
    ("Wordgame.act(move 5)", lambda a: a.game().act({"action": "play", "move": 5}), None),
    ("Wordgame.view(2)", lambda a: a.game().view(2), ValueError),
    ("Wordgame.search(rack 5)", lambda a: a.game().search(5), TypeError),
    ("Wordgame.search(rack long)", lambda a: a.game().search(["a"] * 5000), ValueError),
    ("Wordgame.search(rack '!')", lambda a: a.game().search(["!"]), ValueError),
    ("Wordgame.rack_value(None)", lambda a: a.game().rack_value(None), ValueError),
    ("Wordgame.rack_value(2**70)", lambda a: a.game().rack_value(2**70), ValueError),
    ("Wordgame.from_json(b'\\xff')", lambda a: Wordgame.from_json(b"\xff", a.wordgame), None),
    ("Wordgame.from_json(balda state)", lambda a: Wordgame.from_json(a.balda().to_json(), a.wordgame), None),
    ("load_game({'format': []})", lambda a: load_game({"format": []}, a.en), None),
    ("load_game(lexicon 1)", lambda a: load_game(a.balda().to_json(), 1), TypeError),
    ("Bot(level 'x')", lambda a: Bot("x"), ValueError),
    ("Bot(level [])", lambda a: Bot([]), ValueError),
    ("Bot(seed [])", lambda a: Bot("strong", []), TypeError),
    ("Bot(seed surrogate)", lambda a: Bot("strong", SURROGATE), TypeError),
    ("Bot.move(None)", lambda a: Bot().move(None), TypeError),
    ("self_play(None)", lambda a: self_play(None, [Bot(), Bot()]), TypeError),
    ("self_play(bots [])", lambda a: self_play(a.balda(), []), ValueError),
    # exports
    ("export(lexicon None)", lambda a: export(None, "jsonl", a.tmp / "x.jsonl"), TypeError),
    ("export(format 'xml')", lambda a: export(a.en, "xml", a.tmp / "x.xml"), None),
    ("export(format [])", lambda a: export(a.en, [], a.tmp / "x.jsonl"), None),
    ("export(out 5)", lambda a: export(a.en, "jsonl", 5), TypeError),
    ("export(out NUL)", lambda a: export(a.en, "jsonl", NUL), None),
    ("export(out surrogate)", lambda a: export(a.en, "jsonl", SURROGATE), None),
    ("export(out long)", lambda a: export(a.en, "jsonl", LONG), None),
    ("export(out folder)", lambda a: export(a.en, "jsonl", a.tmp), None),
    ("export(in memory, no out)", lambda a: export(Lexicon.from_words([("ab", 1)], "ab"), "jsonl"), None),
    ("export_lists(format 'xml')", lambda a: export_lists("xml", root=a.root), None),
    ("export_lists(language 1)", lambda a: export_lists("jsonl", root=a.root, language=1), TypeError),
    ("export_lists(root long)", lambda a: export_lists("jsonl", root=LONG), None),
    # the HTTP server's application
    ("create_app(no lists)", lambda a: create_app(a.tmp / "none", a.tmp / "games.db"), None),
    ("create_app(db None)", lambda a: create_app(a.root, None), TypeError),
    ("create_app(db NUL)", lambda a: create_app(a.root, NUL), None),
    ("create_app(db long)", lambda a: create_app(a.root, LONG), None),
    ("create_app(db folder)", lambda a: create_app(a.root, a.tmp), None),
    ("create_app(limits 1)", lambda a: create_app(a.root, a.tmp / "games.db", limits=1), TypeError),
    ("create_app(live_games -1)", lambda a: create_app(a.root, a.tmp / "g.db", live_games=-1), ValueError),
    ("Limits(search_workers 0)", lambda a: Limits(search_workers=0), None),
]  # fmt: skip

# The same odd values given to each text argument of the Lexicon's queries.
QUERIES = (
    "is_word",
    "parts_of_speech",
    "has_prefix",
    "complete",
    "match",
    "anagrams",
    "definitions",
    "titles",
)
for query in QUERIES:
    for value in ODD:
        call = lambda a, q=query, v=value: getattr(a.en, q)(v)  # noqa: E731
        CASES.append((f"{query}({type(value).__name__})", call, TypeError))


@pytest.mark.parametrize(("call", "base"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_bad_argument_raises_a_wordlist_error(api: Api, call: Call, base: type | None) -> None:
    with pytest.raises(WordlistError) as caught:
        call(api)
    assert str(caught.value).strip()  # it says what is wrong
    if base is not None:  # what `except` caught before the root existed still catches it
        assert isinstance(caught.value, base)


def test_the_walk_covers_every_public_method_of_the_lexicon() -> None:
    public = {name for name, _ in inspect.getmembers(Lexicon, callable) if not name.startswith("_")}
    tried = {name.split("(")[0] for name, _, _ in CASES}
    assert public - {"records", "capitals"} <= tried  # (they take no argument)


def test_good_arguments_still_work(api: Api) -> None:
    """The checks refuse only what is wrong: the answers the walk's calls give on good values."""
    assert api.en.is_word("bat") and api.en.match("b?t") == ["bat", "bet"]
    assert api.en.complete("b", limit=0) == [] and api.en.anagrams("tab", min_length=3) == ["bat", "tab"]
    assert api.en.random_word(3, seed=2**70) in api.en.words(length=3)
    assert pos_names(pos_mask(["noun", "verb"])) == ("noun", "verb") and pos_names(1 << 40) == ("unknown:40",)
    assert parse_cell(" B12 ") == (11, 1) and cell_name((11, 1)) == "b12"
    stream = io.BytesIO()
    assert export(api.en, "jsonl", stream).words == len(api.en) == stream.getvalue().count(b"\n")
    assert Bot("strong", None).choose(api.balda()) is not None
