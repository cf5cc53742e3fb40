"""One owner of every limit: wordlist/format/limits.py. The format's readers, the games, the JSON
Schemas, docs/FORMAT.md, the compiled move generator (wordlist/_limits.h) and the JavaScript reader
(js/src/limits.js) all say what it says, and the largest game.json the format accepts is played to
the end by both move generators."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests import wordgame_helpers
from tests.conftest import ROOT
from tests.game_helpers import GENERATORS, generator
from wordlist import Lexicon
from wordlist.errors import WordlistError
from wordlist.format import GAME_JSON, MANIFEST_JSON, Alphabet, FormatError, GameSpec, limits_files, schema
from wordlist.format.limits import (
    FIRST_WORD_LETTERS,
    MAX_BOARD,
    MAX_DEFINITION_LENGTH,
    MAX_LETTERS,
    MAX_POINTS,
    MAX_RACK,
    MAX_TILE_COUNT,
    MAX_TILES,
    MAX_TURN_DEFINITIONS,
    MAX_WORDS,
    MIN_BOARD,
    MIN_RACK,
    SHARED,
    UNICODE_VERSION,
)
from wordlist.games import Bot, self_play
from wordlist.games.wordgame import Layout, Wordgame, WordgameSettings
from wordlist.games.wordgame import game as wordgame_rules
from wordlist.graph import _movegen
from wordlist_pipeline.profile import load_profile

ENGLISH = "abcdefghijklmnopqrstuvwxyz"


def test_the_generated_files_say_what_the_module_says(tmp_path: Path) -> None:
    """wordlist/_limits.h and js/src/limits.js are committed; editing one of them, or the module
    without running `python -m wordlist.format.limits_files`, fails here."""
    for path, text in limits_files.generated().items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, (
            f"run: python -m wordlist.format.limits_files ({path})"
        )
    header = (ROOT / limits_files.C_HEADER).read_text(encoding="utf-8")
    assert dict(re.findall(r"#define WORDLIST_(\w+) (\d+)", header)) == {k: str(v) for k, v in SHARED.items()}
    # the command writes both into a checkout, then has nothing to write
    (tmp_path / "wordlist").mkdir()
    (tmp_path / "js" / "src").mkdir(parents=True)
    assert limits_files.main(tmp_path) == 0
    assert {p: (tmp_path / p).read_text(encoding="utf-8") for p in limits_files.generated()} == (
        limits_files.generated()
    )
    done = subprocess.run(
        [sys.executable, "-m", "wordlist.format.limits_files"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")  # the checkout's files are current
    # it writes over regular files only
    (tmp_path / limits_files.JS_MODULE).unlink()
    (tmp_path / limits_files.JS_MODULE).mkdir()
    assert limits_files.main(tmp_path) == 1


def test_the_compiled_core_is_built_with_them() -> None:
    assert _movegen is not None, "wordlist/_movegen.c was not built"
    assert (_movegen.MAX_LINE, _movegen.MAX_POINTS) == (MAX_BOARD, MAX_POINTS)
    assert (
        SHARED["COMPILED_LETTERS"],
        SHARED["COMPILED_CELLS"],
    ) == (_movegen.MAX_LETTERS, _movegen.MAX_CELLS)
    source = (ROOT / "wordlist" / "_movegen.c").read_text(encoding="utf-8")
    assert '#include "_limits.h"' in source
    for name in ("MAX_LETTERS", "MAX_LINE", "MAX_CELLS", "MAX_POINTS"):
        assert re.search(rf"#define {name} WORDLIST_\w+", source), name  # no number of its own


def test_the_schemas_and_format_md_say_the_same() -> None:
    game = schema(GAME_JSON)["properties"]
    board, rack, tile = game["board"], game["rack_size"], game["tiles"]["additionalProperties"]["properties"]
    assert (board["minItems"], board["maxItems"]) == (MIN_BOARD, MAX_BOARD)
    assert board["items"]["pattern"] == f"^[.dtDT]{{{MIN_BOARD},{MAX_BOARD}}}$"
    assert (rack["minimum"], rack["maximum"]) == (MIN_RACK, MAX_RACK)
    assert (tile["points"]["maximum"], tile["count"]["maximum"]) == (MAX_POINTS, MAX_TILE_COUNT)
    assert schema("alphabet.json")["properties"]["letters"]["maxLength"] == MAX_LETTERS
    document = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| [^|]+ \| (.+) \|$", document.split("## game.json")[1], re.M))
    assert (
        f"({MIN_BOARD} to {MAX_BOARD})" in rows["board"]
        and f"({MIN_RACK} to {MAX_RACK})" in rows["rack_size"]
    )
    assert f"0 to {MAX_POINTS:,} each, at most {MAX_TILES:,} tiles" in rows["tiles"]
    assert f"1 to {MAX_LETTERS:,} of them" in document
    # the count that bounds every walk, and the format's Unicode
    words = schema(MANIFEST_JSON)["properties"]["counts"]["properties"]["words"]
    assert words["maximum"] == MAX_WORDS and f"at most {MAX_WORDS:,}" in document
    assert f"**Unicode {UNICODE_VERSION}** is the format's" in document


def test_the_docs_say_what_a_saved_turn_keeps() -> None:
    page = " ".join((ROOT / "docs" / "games-api.md").read_text(encoding="utf-8").split())
    kept = f"at most {MAX_TURN_DEFINITIONS} definitions of its word, each cut to {MAX_DEFINITION_LENGTH:,}"
    assert kept in page


def test_the_games_play_every_board_and_rack_the_format_accepts() -> None:
    assert MIN_BOARD == MIN_RACK == FIRST_WORD_LETTERS == wordgame_rules.FIRST_WORD_LETTERS
    assert MAX_BOARD == 26  # the columns' names: a to z
    for size in (MIN_BOARD, MAX_BOARD):
        Layout(("." * size,) * size, (0, size - 1))
    for size in (MIN_BOARD - 1, MAX_BOARD + 1):
        with pytest.raises(FormatError, match=f"of {MIN_BOARD} to {MAX_BOARD} rows"):
            Layout(("." * size,) * size, (0, 0))
    for rack in (MIN_RACK, MAX_RACK):
        assert WordgameSettings(rack).rack_size == rack
    for rack in (MIN_RACK - 1, MAX_RACK + 1):
        with pytest.raises(WordlistError, match=f"a rack holds {MIN_RACK} to {MAX_RACK} tiles"):
            WordgameSettings(rack)


def largest_game() -> dict[str, Any]:
    """The largest game.json the format accepts: the widest board with every kind of square, the
    biggest rack, MAX_TILES tiles of MAX_TILE_COUNT each, blanks too, a tile worth MAX_POINTS."""
    squares = ".dtDT"
    rows = [
        "".join(squares[(r * 7 + c * 3) % 5] if (r + c) % 3 == 0 else "." for c in range(MAX_BOARD))
        for r in range(MAX_BOARD)
    ]
    kinds = "acdegostx?"
    assert len(kinds) * MAX_TILE_COUNT == MAX_TILES
    points = {
        tile: (MAX_POINTS if tile == "x" else 0 if tile == "?" else i + 1) for i, tile in enumerate(kinds)
    }
    return {
        "format": 2,
        "board": rows,
        "start": [MAX_BOARD // 2, MAX_BOARD - 1],
        "rack_size": MAX_RACK,
        "tiles": {tile: {"points": points[tile], "count": MAX_TILE_COUNT} for tile in kinds},
    }


def beyond(change: str) -> dict[str, Any]:
    """A game.json one past a limit (or one short of it)."""
    game = largest_game()
    if change == "smallest":
        game.update(board=["...."] * MIN_BOARD, start=[0, 0], rack_size=MIN_RACK)
    elif change == "board+1":
        game.update(board=["." * (MAX_BOARD + 1)] * (MAX_BOARD + 1))
    elif change == "board-1":
        game.update(board=["." * (MIN_BOARD - 1)] * (MIN_BOARD - 1), start=[0, 0])
    elif change in ("rack+1", "rack-1"):
        game["rack_size"] = MAX_RACK + 1 if change == "rack+1" else MIN_RACK - 1
    elif change == "points+1":
        game["tiles"]["x"]["points"] = MAX_POINTS + 1
    elif change == "count+1":
        game["tiles"]["a"]["count"] = MAX_TILE_COUNT + 1
    elif change == "tiles+1":
        game["tiles"]["b"] = {"points": 1, "count": 1}
    return game


CASES = ["largest", "smallest", "board+1", "board-1", "rack+1", "rack-1", "points+1", "count+1", "tiles+1"]


def test_python_the_schema_and_javascript_draw_the_same_lines() -> None:
    """Each reader accepts the largest and the smallest game.json and refuses one past any limit."""
    alphabet = Alphabet("en", ENGLISH).to_json()
    games = {case: beyond(case) for case in CASES}
    script = """
        import { Alphabet } from "./js/src/alphabet.js";
        import { checkGame } from "./js/src/game.js";
        import * as limits from "./js/src/limits.js";
        let input = "";
        for await (const chunk of process.stdin) input += chunk;
        const { alphabet, games, letters } = JSON.parse(input);
        const verdict = (make) => { try { make(); return "ok"; } catch (error) { return error.message; } };
        const out = { limits: { ...limits }, games: {}, letters: {} };
        for (const [name, game] of Object.entries(games)) {
          out.games[name] = verdict(() => checkGame(game, new Alphabet(alphabet)));
        }
        for (const [name, json] of Object.entries(letters)) {
          out.letters[name] = verdict(() => new Alphabet(json));
        }
        console.log(JSON.stringify(out));
    """
    many = "".join(chr(0x4E00 + i) for i in range(MAX_LETTERS + 1))  # ideographs: no case, all letters
    letters = {"most": {**alphabet, "letters": many[:-1], "upper": {}}, "more": {**alphabet, "letters": many}}
    node = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps({"alphabet": alphabet, "games": games, "letters": letters}),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert node.returncode == 0, node.stderr
    answers = json.loads(node.stdout)
    assert answers["limits"] == SHARED
    validator = jsonschema.Draft202012Validator(schema(GAME_JSON))
    for case, game in games.items():
        try:
            GameSpec.from_json(game, ENGLISH)
            python = "ok"
        except FormatError as error:
            python = str(error)
        accepted = case in ("largest", "smallest")
        assert (python == "ok", answers["games"][case] == "ok") == (accepted, accepted), (case, python)
        if case != "tiles+1":  # a total is beyond what JSON Schema can say
            assert validator.is_valid(game) == accepted, case
    Alphabet.from_json(letters["most"])
    with pytest.raises(FormatError, match=f"1 to {MAX_LETTERS} letters"):
        Alphabet.from_json(letters["more"])
    assert answers["letters"]["most"] == "ok" and f"1 to {MAX_LETTERS} letters" in answers["letters"]["more"]


@pytest.mark.slow
def test_the_largest_game_is_played_to_the_end_by_both_move_generators() -> None:
    """Bot against bot on the largest game.json, once on each move generator: the same game to the
    end, over the whole board (its edges included), and it saves and loads."""
    spec = GameSpec.from_json(largest_game(), ENGLISH)
    alphabet = load_profile("wordgame").alphabet_record("en")
    words = [(word, "noun") for word in wordgame_helpers.WORDS]
    lexicon = Lexicon.from_words(words, alphabet, game=spec, profile="wordgame")
    assert lexicon.game_spec == spec
    games = {}
    for kind in GENERATORS:
        with generator(kind):
            game = Wordgame.new(lexicon, seed=1, players=("Bot 1", "Bot 2"))
            assert (
                game.size == MAX_BOARD
                and len(game.rack) == MAX_RACK
                and len(game.bag) == MAX_TILES - 2 * MAX_RACK
            )
            games[kind] = self_play(game, (Bot("strong", 1), Bot("strong", 2)))
    game = games["compiled"]
    assert game.is_over and game.to_dict() == games["python"].to_dict()
    assert game.passes == 3 and len(game.history) > 100  # ended when neither could move any more
    rows = game.board_rows()
    edges = [rows[0], rows[-1], "".join(r[0] for r in rows), "".join(r[-1] for r in rows)]
    assert all(edge.strip(".") for edge in edges)
    assert game.blanks and any(t.words and "x" in t.words[0][0] for t in game.history)  # a 1,000-point tile
    again = Wordgame.from_json(game.to_json(), lexicon)
    assert again.to_dict() == game.to_dict()
    assert max(len(t.tiles) for t in game.history) <= MAX_RACK
