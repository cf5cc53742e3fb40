"""The C core's move generators (core/src, bound by wordlist/_core.c) held to the Python reference:
the same moves in the same order with the same points on random positions of both games, English
and German (whose letters ä ö ü ß are two bytes each), blanks included, every Balda size with and
without diagonals;
the same bot games; the fallback where the extension is missing; bad input and damaged units
refused or survived without a crash; many threads on one graph; no memory kept between searches."""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dawg
import pytest

from tests.conftest import ROOT
from tests.game_helpers import GENERATORS, dense_list, generator
from wordlist import Lexicon, _core
from wordlist.errors import ArtefactError, WordlistError
from wordlist.format import dawg_bytes
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.balda import movegen as balda_movegen
from wordlist.games.bot import Bot, self_play
from wordlist.games.wordgame import BLANK, Layout, Wordgame, WordgameSettings
from wordlist.games.wordgame import movegen as wordgame_movegen
from wordlist.graph import PYTHON_MOVEGEN_ENV, Graph
from wordlist.graph import ROOT as GRAPH_ROOT

SMALL = Layout(("T..d..T", ".D...D.", "..d.d..", "d..D..d", "..d.d..", ".D...D.", "T..d..T"), (3, 3))
word_list = dense_list


@pytest.fixture(scope="module", params=["en", "de"])
def wordgame_list(request: pytest.FixtureRequest) -> Lexicon:
    return word_list("wordgame", request.param)


@pytest.fixture(scope="module", params=["en", "de"])
def balda_list(request: pytest.FixtureRequest) -> Lexicon:
    return word_list("balda", request.param)


def assert_same_wordgame_moves(graph: Graph, position: wordgame_movegen.Position) -> int:
    compiled = wordgame_movegen.compiled_moves(graph, position)
    reference = wordgame_movegen.python_moves(graph, position)
    assert list(compiled) == reference
    assert compiled.points == [move[4] for move in reference]
    return len(reference)


def assert_same_balda_moves(graph: Graph, position: balda_movegen.Position) -> int:
    compiled = balda_movegen.compiled_word_moves(graph, position)
    reference = balda_movegen.python_word_moves(graph, position)
    assert list(compiled) == reference
    assert compiled.points == [len(move[2]) for move in reference]
    return len(reference)


# --- the same walk --------------------------------------------------------------------------------


@pytest.mark.parametrize("guide", [True, False])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_children_come_in_the_graphs_order(lang: str, guide: bool) -> None:
    """Every node's children, listed from the guide (or by trying each letter without one), in the
    order Graph.children gives them: the order of the blanks' letters in both generators."""
    lexicon = word_list("balda", lang, 1000)
    graph = lexicon.graph
    if not guide:  # dawg2's plain dictionary: the units alone
        graph = Graph(dawg.IntDAWG((word, 1) for word in lexicon).tobytes(), lexicon.letters)
    core = graph.compiled
    assert core is not None and (graph._guide is not None) == guide
    seen, frontier, letters = {GRAPH_ROOT}, [GRAPH_ROOT], set()
    while frontier:
        node = frontier.pop()
        listed = graph.children(node)
        assert core.children(node) == list(listed.items())
        letters |= set(listed)
        for child in listed.values():
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    assert len(seen) > 1000 and letters == set(lexicon.letters)  # ä ö ü ß in German: two bytes each


# --- the same moves -------------------------------------------------------------------------------


@pytest.mark.parametrize(("layout", "rack_size"), [(None, 8), (SMALL, 5)])
def test_wordgame_moves_are_the_references(
    wordgame_list: Lexicon, layout: Layout | None, rack_size: int
) -> None:
    """Random games; at every position, racks of the game's tile set with no blank, one and two."""
    lexicon, graph = wordgame_list, wordgame_list.graph
    settings = WordgameSettings(rack_size, layout or WordgameSettings.of(lexicon).layout)
    compared = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = Wordgame.new(lexicon, settings, seed=seed)
        letters = [t for t in game.tiles.bag() if t != BLANK]
        for turn in range(9):
            if game.is_over:
                break
            blanks = turn % 3  # (two blanks cost the Python search a second on the full board)
            rack = rng.sample(letters, rack_size - blanks) + [BLANK] * blanks
            compared += assert_same_wordgame_moves(graph, game.position(rack))
            assert_same_wordgame_moves(graph, game.position())
            moves = game.legal_moves()
            if moves:
                game.play(rng.choice(moves).move)
            else:
                game.pass_turn()
    assert compared > 3_000  # real work was compared, not empty racks


def test_wordgame_squares_the_alphabet_does_not_have(wordgame_list: Lexicon) -> None:
    """A tile that is no letter of the alphabet (put there by hand: no saved game has one) is a
    square no word goes through, in both generators."""
    game = Wordgame.new(wordgame_list, seed=1)
    for word, start in (("coats", (7, 3)), ("to", (8, 5))):
        for i, letter in enumerate(word):
            game.board[start[0]][start[1] + i] = letter
    game.board[6][5] = "1"
    assert assert_same_wordgame_moves(wordgame_list.graph, game.position(list("aeost??"))) > 100


@pytest.mark.parametrize("size", [5, 7, 9])
@pytest.mark.parametrize("diagonal", [False, True])
def test_balda_moves_are_the_references(balda_list: Lexicon, size: int, diagonal: bool) -> None:
    """Random games of every size, with and without diagonals, several choices of parts of speech."""
    graph = balda_list.graph
    compared = 0
    for seed in range(3):
        rng = random.Random(seed)
        extra = tuple(rng.sample(("verb", "adjective", "adverb"), seed))
        game = BaldaGame.new(balda_list, BaldaSettings(size, diagonal, extra), seed=seed)
        for _ in range(size * 2):
            if game.is_over:
                break
            compared += assert_same_balda_moves(graph, game.position())
            game.play(rng.choice(game.legal_moves()).move)
    assert compared > 1000


@pytest.mark.parametrize("lang", ["en", "de"])
def test_bots_play_the_same_games_on_either_generator(lang: str) -> None:
    """The same seed gives the same game whichever generator runs: the moves come in the same order."""
    lists = {"wordgame": word_list("wordgame", lang, 1500), "balda": word_list("balda", lang, 1500)}
    played = {}
    for kind in GENERATORS:
        with generator(kind):
            wordgame = Wordgame.new(lists["wordgame"], seed=5)
            balda = BaldaGame.new(lists["balda"], BaldaSettings(7, True, ("verb",)), seed=5)
            played[kind] = [
                self_play(wordgame, (Bot("strong", 1), Bot("beginner", 2))).to_dict(),
                self_play(balda, (Bot("strong", 3), Bot("beginner", 4))).to_dict(),
            ]
    assert played["compiled"] == played["python"]
    assert all(len(game["state"]["history"]) > 10 for game in played["python"])


# --- the fallback ---------------------------------------------------------------------------------

FALLBACK_GAME = """
import json, sys
from tests.game_helpers import dense_list as word_list
from wordlist import graph
from wordlist.games.bot import Bot, self_play
from wordlist.games.wordgame import Wordgame
lexicon = word_list("wordgame", "de", 800)
game = self_play(Wordgame.new(lexicon, seed=7), (Bot("strong", 1), Bot("beginner", 2)))
print(json.dumps({"compiled": lexicon.graph.compiled is not None, "extension": graph._core is not None,
                  "history": game.to_dict()["state"]["history"]}))
"""


@pytest.mark.parametrize("how", ["extension missing", "switched off"])
def test_the_python_generators_play_where_the_compiled_ones_are_missing(how: str) -> None:
    """A package installed without a compiler (the import fails) or told to use the Python
    generators ($WORDLIST_PYTHON_MOVEGEN) plays the same games as the compiled one."""
    script = FALLBACK_GAME
    env = {k: v for k, v in os.environ.items() if k != PYTHON_MOVEGEN_ENV}
    if how == "extension missing":
        script = 'import sys\nsys.modules["wordlist._core"] = None  # as if it had not been built\n' + script
    else:
        env[PYTHON_MOVEGEN_ENV] = "1"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env)
    assert run.returncode == 0, run.stderr
    fallback = json.loads(run.stdout)
    assert not fallback["compiled"] and fallback["extension"] == (how == "switched off")
    with generator("compiled"):
        lexicon = word_list("wordgame", "de", 800)
        assert lexicon.graph.compiled is not None
        game = self_play(Wordgame.new(lexicon, seed=7), (Bot("strong", 1), Bot("beginner", 2)))
    assert fallback["history"] == game.to_dict()["state"]["history"] and len(game.history) > 10


def test_a_search_past_its_step_budget_is_a_wordlist_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Exhausted:
        def wordgame(self, *args: object) -> None:
            raise RuntimeError("the move search gave up after 100 steps")

        balda = wordgame

    for game in (Wordgame.new(word_list("wordgame", "en", 300), seed=1),
                 BaldaGame.new(word_list("balda", "en", 300), seed=1)):  # fmt: skip
        monkeypatch.setattr(game.lexicon.graph, "_compiled", Exhausted())
        with generator("compiled"), pytest.raises(WordlistError, match="gave up after 100 steps"):
            game.search()


def test_a_copied_or_pickled_graph_has_its_own_compiled_core(wordgame_list: Lexicon) -> None:
    graph = wordgame_list.graph
    position = Wordgame.new(wordgame_list, seed=4).position([*"stare", BLANK])
    for other in (pickle.loads(pickle.dumps(graph)), copy.deepcopy(graph)):
        assert other.compiled is not None and other.compiled is not graph.compiled
        assert list(wordgame_movegen.compiled_moves(other, position)) == list(
            wordgame_movegen.compiled_moves(graph, position)
        )


# --- threads and memory ---------------------------------------------------------------------------


def test_one_graph_searched_from_many_threads(wordgame_list: Lexicon) -> None:
    """The searches run without the GIL and share nothing but the read-only graph."""
    game = Wordgame.new(wordgame_list, seed=3)
    rng = random.Random(3)
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()).move)
    letters = [t for t in game.tiles.bag() if t != BLANK]
    racks = [rng.sample(letters, 6) + [BLANK] * (i % 3) for i in range(12)]
    graph = wordgame_list.graph

    def search(rack: list[str]) -> list:
        return list(wordgame_movegen.compiled_moves(graph, game.position(rack)))

    alone = [search(rack) for rack in racks]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            assert list(pool.map(search, racks)) == alone


def _rss_mb() -> float:
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4096 / 2**20


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads the resident set from /proc")
def test_searches_keep_no_memory() -> None:
    """Hundreds of searches, their moves read and dropped: the resident set stays where it was."""
    wordgame_list, balda_list = word_list("wordgame", "de", 1000), word_list("balda", "de", 1000)
    game = Wordgame.new(wordgame_list, seed=2)
    position = game.position([*"aeinrs", BLANK, BLANK])
    board = BaldaGame.new(balda_list, BaldaSettings(7, True), seed=2).position()

    def rounds(n: int) -> None:
        for _ in range(n):
            moves = wordgame_movegen.compiled_moves(wordgame_list.graph, position)
            assert moves.points and moves[0] and moves[len(moves) - 1]
            words = balda_movegen.compiled_word_moves(balda_list.graph, board)
            assert [words[i] for i in range(0, len(words), 7)] and words.points

    rounds(30)
    before = _rss_mb()
    rounds(300)  # each round's moves take 1-3 MB: a leak of them would show at once
    assert _rss_mb() - before < 10


# --- bad input ------------------------------------------------------------------------------------


def test_the_core_refuses_bad_input_with_an_error() -> None:
    units = Graph(dawg.IntCompletionDAWG([("ab", 1)]).tobytes(), "ab")._units
    with pytest.raises(ValueError, match="buffer of uint32"):
        _core.Graph(b"abc", None, "ab")
    with pytest.raises(ValueError, match="2 bytes a unit"):
        _core.Graph(units, b"x", "ab")
    with pytest.raises(ValueError, match="1 to 64"):
        _core.Graph(units, None, "".join(chr(0x400 + i) for i in range(65)))
    with pytest.raises(ValueError, match="twice"):
        _core.Graph(units, None, "aba")
    assert (
        Graph(dawg.IntCompletionDAWG([("ab", 1)]).tobytes(), "".join(map(chr, range(200, 300)))).compiled
        is None
    )
    core = _core.Graph(units, None, "ab")
    row = [None] * 4
    good = (
        [row] * 4,
        bytes(16),
        bytes([1]) * 16,
        bytes([1]) * 16,
        [1, 2],
        b"\x00",
        b"\x01",
        0,
        1,
        8,
        2,
        0,
        0,
    )
    assert list(core.wordgame(*good)) == []  # one tile on an empty 4x4 board: no word of two letters
    bad = [
        (0, [row] * 3 + [[None] * 3]),  # a row too short
        (0, [[None, None, 7, None]] * 4),  # a square that is neither None nor a letter
        (1, bytes(15)),  # blanks for 15 squares
        (2, bytes(16)),  # a letter premium of 0
        (4, [1]),  # points for one letter of two
        (4, [1, 1001**2]),  # points out of range
        (5, b"\x05"),  # a rack letter that is not one
        (6, b"\x02"),  # two a's from a rack of one tile
        (7, 2),  # more blanks than tiles
        (11, 9),  # the start row off the board
    ]
    for at, value in bad:
        args = list(good)
        args[at] = value
        with pytest.raises((ValueError, TypeError)):
            core.wordgame(*args)
    with pytest.raises(ValueError, match="at most 128 cells"):
        core.balda([None] * 144, 12, False, 1, [])
    with pytest.raises(ValueError, match="squares"):
        core.balda([None] * 24, 5, False, 1, [])
    with pytest.raises(TypeError):
        core.balda([None] * 25, 5, False, 1, [("ab", "x", 0)])
    with pytest.raises(TypeError):
        _core.Moves()
    moves = core.balda(["a", "b"] + [None] * 23, 5, True, 1, [("ab", 3, 0), ("zz", 1, 0), ("", 0, 0)])
    assert [moves[i] for i in range(len(moves))] == [] and moves.steps > 0
    with pytest.raises(IndexError):
        moves[0]


def test_damaged_units_are_walked_without_a_crash() -> None:
    """Random units (the header checked, the rest anything, as a file whose checksums were
    forged could hold): every index is checked before it is read; the searches end, with moves of
    the alphabet's letters, a step budget run out, or a guide found inconsistent."""
    rng = random.Random(11)
    letters = "abcdeäöü"
    for trial in range(300):
        n = rng.choice([1, 2, 7, 64, 300, 4000])
        words = [rng.getrandbits(32) if rng.random() < 0.7 else rng.randrange(n) << 10 | rng.randrange(256)
                 for _ in range(n)]  # fmt: skip
        data = len(words).to_bytes(4, "little") + b"".join(w.to_bytes(4, "little") for w in words)
        if trial % 2:
            data += n.to_bytes(4, "little") + rng.randbytes(2 * n)
        core = Graph(data, letters).compiled
        board = [[rng.choice([None, None, *letters]) for _ in range(7)] for _ in range(7)]
        try:
            found = core.wordgame(board, bytes(49), bytes([1]) * 49, bytes([2]) * 49, [1] * 8,
                                  b"\x00\x05", b"\x02\x01", 2, 5, 5, 2, 3, 3, 200_000)  # fmt: skip
            assert all(set(w for w, _ in m[3]) <= set(letters) for m in found)
            cells = [letter for row in board for letter in row]
            found = core.balda(cells, 7, trial % 3 == 0, 0x7FFFFFFF, [("ab", 3, 0)], 200_000)
            assert all(m[1] in letters and len(m[2]) >= 2 for m in found)
        except RuntimeError as error:
            assert "gave up after 200000 steps" in str(error)
        except _core._CorruptGraph as error:
            assert re.fullmatch(r"the completion guide of unit \d+ is inconsistent", str(error))


def _outcome(
    search: Callable[[Graph, object], Sequence], graph: Graph, position: object
) -> tuple[str, object]:
    """What a search on a damaged graph ends with: its moves, or the error it reports."""
    try:
        return "moves", list(search(graph, position))
    except ArtefactError as error:
        return "corrupt", str(error)


@pytest.mark.parametrize("game", ["wordgame", "balda"])
def test_damaged_lists_fail_alike_in_both_generators(game: str) -> None:
    """A real list's words.dawg with a few bytes changed (units and guide alike): the C core and
    the Python reference play the same moves, or report the same unit of an inconsistent guide
    (the core enters a node wherever the reference lists its children, and a child the guide does
    not list is none for either)."""
    lexicon = word_list(game, "en", 400)
    sound = dawg_bytes((word, 1) for word in lexicon)
    count = int.from_bytes(sound[:4], "little")
    damaged_bytes = [*range(4, 4 + 4 * count), *range(8 + 4 * count, len(sound))]  # not the headers
    if game == "wordgame":
        played = Wordgame.new(lexicon, seed=3)
        for _ in range(4):
            played.play(max(played.legal_moves(), key=lambda m: m.points).move)
        opening = Wordgame.new(lexicon, seed=3).position([*"etaoin", BLANK])
        positions = [opening, played.position([*"rstlne", BLANK])]
        searches = (wordgame_movegen.compiled_moves, wordgame_movegen.python_moves)
    else:
        played = BaldaGame.new(lexicon, BaldaSettings(5, True), seed=3)
        played.play(played.legal_moves()[0].move)
        positions = [BaldaGame.new(lexicon, BaldaSettings(5, False), seed=3).position(), played.position()]
        searches = (balda_movegen.compiled_word_moves, balda_movegen.python_word_moves)
    rng = random.Random(27)
    seen = Counter()
    for _ in range(60):
        data = bytearray(sound)
        for at in rng.sample(damaged_bytes, rng.choice([1, 3, 10])):
            data[at] = rng.randrange(256)
        graph = Graph(bytes(data), lexicon.letters)
        for position in positions:
            compiled, reference = (_outcome(search, graph, position) for search in searches)
            assert compiled == reference
            seen[compiled[0]] += 1
    assert seen["corrupt"] > 10 and seen["moves"] > 10, seen  # both ends were met


def test_a_cycle_in_the_units_ends_the_search() -> None:
    """Units where 'a' leads back to the same node: every path of a's is a word, and Balda would
    try every path over the board; the step budget stops it with an error."""
    units = [0] * 256
    units[0] = 1  # the root: offset 0, value 1 for the leaf that units[97] points at
    units[97] = 97 << 10 | 1 << 8 | 97  # label 'a', a word ends here, and 'a' leads back here
    data = len(units).to_bytes(4, "little") + b"".join(u.to_bytes(4, "little") for u in units)
    graph = Graph(data, "ab")
    assert graph.find("a" * 40) == 97 and graph.value(97) == 1
    board = ["a"] * 49
    board[24] = None
    with pytest.raises(RuntimeError, match="gave up after 1000000 steps"):
        graph.compiled.balda(board, 7, True, 1, [], 1_000_000)
    assert _core.MAX_STEPS == 100_000_000


def test_a_child_the_guide_does_not_list_is_none_for_either_generator() -> None:
    """A guide whose labels are consistent but leave a child out (the root lists 'a' and no
    sibling after it, though 'b...' words are in the units): Graph.children lists 'a' alone, so
    no move may start with 'b', in C as in Python; with the guide whole, 'b' words are played."""
    words = ["ab", "abs", "ba", "bad", "bas", "sab", "sa"]
    lexicon = Lexicon.from_words([(w, "noun") for w in words], "abds")
    sound = dawg_bytes((word, 1) for word in lexicon)
    count = int.from_bytes(sound[:4], "little")
    guide = 8 + 4 * count
    first = sound[guide]  # the root's first child label: 'a'
    child = Graph(sound, "abds")._follow_byte(0, first)
    assert chr(first) == "a" and chr(sound[guide + 2 * child + 1]) == "b"  # 'a''s next sibling: 'b'
    damaged = bytearray(sound)
    damaged[guide + 2 * child + 1] = 0
    board = [None] * 25
    board[10:15] = ["s", "a", "b", "a", "d"]
    position = balda_movegen.Position(5, True, board, 1, {})
    played = {}
    for name, data in (("sound", sound), ("damaged", bytes(damaged))):
        graph = Graph(data, "abds")
        assert list(graph.children(0)) == (["a", "b", "s"] if name == "sound" else ["a"])
        compiled = list(balda_movegen.compiled_word_moves(graph, position))
        assert compiled == balda_movegen.python_word_moves(graph, position)
        spelled = ("".join(letter if c == new else board[c] for c in path) for new, letter, path in compiled)
        played[name] = set(spelled)
    assert any(word.startswith("b") for word in played["sound"])
    assert played["damaged"] and not any(word.startswith(("b", "s")) for word in played["damaged"])
