"""Wordgame's equity: leave values learned by `wordlist leaves` (same seed, same bytes; a bad file is
one line), the strong bot's equity and exchanges, the expert's simulation and endgame, and the
Python reference against the compiled move generator."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from pathlib import Path

import jsonschema
import pytest

from tests.conftest import run_cli
from tests.game_helpers import GENERATORS, dense_list, generator, midgame, written_list
from wordlist import Lexicon
from wordlist.errors import ArtefactError
from wordlist.format import schema
from wordlist.format.leaves import LeaveValues
from wordlist.format.limits import WORDGAME_ENDGAME_MOVES
from wordlist.games.bot import LEVELS, Bot
from wordlist.games.protocol import EXCHANGE
from wordlist.games.wordgame import Wordgame, equity
from wordlist_pipeline.leaves import fit, self_play_samples
from wordlist_pipeline.synth import WordGenerator

LEAVES = LeaveValues(
    {"?": 2500, "s": 800, "e": 300, "q": -700, "v": -500, "u": -200},
    {"e": -300, "i": -400, "u": -500, "o": -400},
    "aeiou",
    -150,
)


def game_list(folder: Path, lang: str) -> Path:
    """A Wordgame list of 1,500 generated words of `lang`, built through the pipeline."""
    words = dict.fromkeys(WordGenerator(lang, seed=5).unique_words(1500), "noun")
    lexicon = written_list(folder, "wordgame", words, lang)
    assert lexicon.path is not None
    return lexicon.path


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return {lang: game_list(tmp_path_factory.mktemp(f"leaves-{lang}"), lang) for lang in ("en", "de")}


def copy(folder: Path, to: Path) -> Path:
    to.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(folder, to)
    return to


@pytest.mark.parametrize("lang", ["en", "de"])
def test_leaves_are_learned_the_same_bytes_with_the_same_seed(lists, tmp_path: Path, lang: str) -> None:
    runs = {}
    for name, seed in (("a", 7), ("b", 7), ("c", 8)):
        folder = copy(lists[lang], tmp_path / name)
        result = run_cli("leaves", folder, "--games", "6", "--seed", str(seed))
        assert result.returncode == 0, result.stderr
        assert "leaves.json" in result.stdout and "6 games" in result.stdout
        runs[name] = (folder / "leaves.json").read_bytes()
        manifest = json.loads((folder / "manifest.json").read_text())
        listed = manifest["files"]["leaves.json"]
        assert listed == {"bytes": len(runs[name]), "sha256": hashlib.sha256(runs[name]).hexdigest()}
        loaded = Lexicon.load(folder).leaves
        assert loaded is not None and loaded.learned["games"] == 6 and loaded.learned["seed"] == seed
        assert loaded.learned["target"] == "next turn's points + next leave"
        assert loaded.learned["scale"] == "3/2"
        tiles = set(Lexicon.load(folder).game_spec.tiles.counts)
        assert set(loaded.values) == tiles and set(loaded.duplicates) == tiles
        assert loaded.vowels == {"en": "aeiou", "de": "aeiouäöü"}[lang]
        document = json.loads(runs[name])
        jsonschema.validate(document, schema("leaves.json"), cls=jsonschema.Draft202012Validator)
        assert loaded.to_json() == document
    assert runs["a"] == runs["b"]
    assert runs["a"] != runs["c"]
    # learning again over its own file is allowed (the manifest lists it)
    again = run_cli("leaves", tmp_path / "a", "--games", "6", "--seed", "7")
    assert again.returncode == 0 and (tmp_path / "a" / "leaves.json").read_bytes() == runs["a"]


def test_the_second_round_targets_add_the_next_leave(lists) -> None:
    # every kept tile worth 1 hundredth: a target is the next turn's points (whole hundreds) plus
    # the number of tiles that turn kept; the first round (no values) has the points only
    lexicon = Lexicon.load(lists["en"])
    tiles = sorted(lexicon.game_spec.tiles.counts)
    first = self_play_samples(lexicon, 4, 3)
    assert first and all(target % 100 == 0 for _, target in first)
    counting = LeaveValues(dict.fromkeys(tiles, 1), {}, "aeiou", 0)
    second = self_play_samples(lexicon, 4, 3, counting)
    kept_after = [target % 100 for _, target in second]
    assert all(0 <= k < lexicon.game_spec.rack_size for k in kept_after)
    assert any(k > 0 for k in kept_after)
    assert len({target // 100 for _, target in second}) > 3  # points vary


def test_the_fit_recovers_values_in_hundredths_and_scales_them() -> None:
    # keeping s brings 3 points more than keeping nothing, q 2 points less, a second e 1 point
    # less: the regression finds it in hundredths (the ridge pulls it slightly towards 0)
    kept = [(), ("s",), ("q",), ("e",), ("e", "e"), ("q", "s"), ("e", "s")]
    targets = (1000, 1300, 800, 1000, 900, 1100, 1300)
    samples = list(zip(kept, targets, strict=True)) * 400
    values = fit(samples, ["e", "q", "s"], "e")
    assert abs(values.values["s"] - 300) <= 8 and abs(values.values["q"] + 200) <= 8
    assert abs(values.values["e"]) <= 8 and abs(values.duplicates["e"] + 100) <= 8
    assert abs(values.balance) <= 2
    scaled = fit(samples, ["e", "q", "s"], "e", (3, 2))
    for tile in "eqs":
        assert abs(scaled.values[tile] - values.values[tile] * 3 / 2) <= 1
    assert abs(scaled.duplicates["e"] - values.duplicates["e"] * 3 / 2) <= 1


def test_a_list_without_leaves_plays_points_only(lists) -> None:
    lexicon = Lexicon.load(lists["en"])
    assert lexicon.leaves is None
    for seed in range(3):
        game = Wordgame.new(lexicon, seed=seed)
        for _ in range(6):
            if game.is_over:
                break
            strong = Bot("strong", seed).ranked(game)
            assert [r.value for r in strong] == sorted((float(r.points) for r in strong), reverse=True)
            Bot("strong", seed).move(game)


def with_leaves_file(folder: Path, to: Path, text: str, listed: bool = True) -> Path:
    """A copy of the list whose leaves.json holds `text` (listed in the manifest with its checksum)."""
    folder = copy(folder, to)
    data = text.encode()
    (folder / "leaves.json").write_bytes(data)
    manifest = json.loads((folder / "manifest.json").read_text())
    if listed:
        manifest["files"]["leaves.json"] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


GOOD = {"format": 2, "unit": 100, "values": {"a": 10}, "duplicates": {}, "vowels": "aeiou", "balance": -5}
BAD = [
    ("[]", "must be a JSON object"),
    ("{", "not valid JSON"),
    (json.dumps({**GOOD, "format": 3}), "newer than this library"),
    (json.dumps({**GOOD, "unit": 1}), "'unit' must be 100"),
    (json.dumps({**GOOD, "values": {"a": "1"}}), "'values.a' must be"),
    (json.dumps({**GOOD, "values": {"a": True}}), "'values.a' must be"),
    (json.dumps({**GOOD, "values": {"a": 10**6}}), "'values.a' must be between"),
    (json.dumps({**GOOD, "duplicates": {"ab": 1}}), "'ab' is not a tile"),
    (json.dumps({**GOOD, "duplicates": {"!": 1}}), "'!' is not a tile"),
    (json.dumps({**GOOD, "vowels": "a1"}), "'vowels' must be distinct letters"),
    (json.dumps({**GOOD, "vowels": "aa"}), "'vowels' must be distinct letters"),
    (json.dumps({**GOOD, "balance": 1.5}), "'balance' must be"),
    (json.dumps({k: v for k, v in GOOD.items() if k != "values"}), "missing key 'values'"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_a_bad_leaves_file_is_one_line_naming_it(lists, tmp_path: Path, text: str, message: str) -> None:
    folder = with_leaves_file(lists["en"], tmp_path / "en" / "wordgame", text)
    with pytest.raises(ArtefactError) as caught:
        Lexicon.load(folder)
    shown = str(caught.value)
    assert "\n" not in shown and str(folder / "leaves.json") in shown and message in shown, shown
    result = run_cli("query", "--data", tmp_path, "-l", "en", "-p", "wordgame", "count")
    assert result.returncode == 2 and "Traceback" not in result.stderr  # (query: 2 is an error)
    assert len(result.stderr.strip().splitlines()) == 1 and "leaves.json" in result.stderr


def test_the_schema_rejects_what_the_record_rejects() -> None:
    validator = jsonschema.Draft202012Validator(schema("leaves.json"))
    assert not list(validator.iter_errors(GOOD))
    for text, _ in BAD[2:8] + BAD[11:]:  # (tiles and vowels of the alphabet: only the record knows it)
        assert list(validator.iter_errors(json.loads(text))), text


def test_a_replaced_leaves_file_fails_its_checksum(lists, tmp_path: Path) -> None:
    folder = with_leaves_file(lists["en"], tmp_path / "list", json.dumps(GOOD))
    assert Lexicon.load(folder).leaves.leave(["a", "a"]) == 20 - 5 * 4
    (folder / "leaves.json").write_text(json.dumps({**GOOD, "balance": -6}))
    with pytest.raises(ArtefactError, match=r"leaves\.json: .*(checksum|size)"):
        Lexicon.load(folder)


def test_the_command_refuses_bad_arguments_in_one_line(lists, tmp_path: Path) -> None:
    folder = copy(lists["en"], tmp_path / "list")
    for args, message in (
        (["--games", "0"], "--games 0: must be between 1"),
        (["--games", "100001"], "--games 100001"),
    ):
        result = run_cli("leaves", folder, *args)
        assert result.returncode == 1 and message in result.stderr and "Traceback" not in result.stderr
    assert run_cli("leaves", folder, "--games", "x").returncode == 2
    unlisted = with_leaves_file(lists["en"], tmp_path / "unlisted", "mine", listed=False)
    result = run_cli("leaves", unlisted, "--games", "1")
    assert result.returncode == 1 and "not written by `wordlist leaves`" in result.stderr
    assert (unlisted / "leaves.json").read_text() == "mine"
    balda = written_list(tmp_path / "b", "balda", {"cat": "noun", "dog": "noun"})
    result = run_cli("leaves", balda.path, "--games", "1")
    assert result.returncode == 1 and "no tile set" in result.stderr
    result = run_cli("leaves", tmp_path / "nowhere", "--games", "1")
    assert result.returncode == 1 and "Traceback" not in result.stderr


def test_the_leave_formula() -> None:
    assert LEAVES.leave([]) == 0
    assert LEAVES.leave(["s"]) == 800 + -150 * 1
    assert LEAVES.leave(["e", "e", "s"]) == 2 * 300 - 300 + 800 + -150 * (2 - 1) ** 2
    assert LEAVES.leave(["?", "q", "u"]) == 2500 - 700 - 200 + 0  # one vowel, one consonant
    assert LEAVES.leave(["i", "i", "i"]) == 2 * -400 + -150 * 9


@pytest.fixture(scope="module")
def dense() -> Lexicon:
    lexicon = dense_list("wordgame", "en")
    lexicon.leaves = LEAVES
    return lexicon


@pytest.mark.parametrize("seed", range(4))
def test_strong_picks_the_best_equity(dense: Lexicon, seed: int) -> None:
    game = midgame(dense, seed, 4)
    moves = game.legal_moves()
    by_hand = []
    for move in moves:
        left = list(game.rack)
        for tile in move.tiles:
            left.remove("?" if tile.blank else tile.letter)
        by_hand.append(move.points + LEAVES.leave(left) / 100)
    ranked = Bot("strong", seed).ranked(game)
    assert ranked[0].value == max(by_hand)
    assert sorted(r.value for r in ranked) == sorted(by_hand)
    chosen = Bot("strong", seed).choose(game)
    if chosen is not None:  # (None: it exchanges instead, tested below)
        assert by_hand[[m.move for m in moves].index(chosen.move)] == max(by_hand)


HEAVY = LeaveValues({"q": -3000, "v": -3000, "u": -3000}, {}, "aeiou", 0)  # 30 points a tile kept


def test_strong_exchanges_by_equity(dense: Lexicon) -> None:
    game = midgame(dense, 1, 4)
    game.racks[game.turn][:] = list("qvvvuuuu")
    dense.leaves = HEAVY
    try:
        tiles, leave = equity.best_exchange(game.rack, HEAVY, len(game.bag), dense.graph)
        best_move = max(equity.equities(game.search(), game.rack, HEAVY, len(game.bag), dense.graph))
        assert leave == 0 > best_move  # keeping nothing beats every move here
        turn = Bot("strong", 1).move(game)
        assert turn.action == EXCHANGE and sorted(turn.returned) == sorted(tiles) == sorted("qvvvuuuu")
        again = midgame(dense, 1, 4)
        again.racks[again.turn][:] = list("qvvvuuuu")
        assert Bot("greedy", 1).move(again).action != EXCHANGE  # greedy exchanges only without a move
    finally:
        dense.leaves = LEAVES


def test_the_best_exchange_keeps_the_best_tiles() -> None:
    tiles, value = equity.best_exchange(list("s?qveeea"), LEAVES, 50)
    assert sorted(tiles) == sorted("qveea") or value == max(
        LEAVES.leave(keep) for keep in (["s", "?"], ["s", "?", "e"], ["?"], ["s"])
    )
    kept = sorted(equity.kept(list("s?qveeea"), tiles))
    assert "q" not in kept and "v" not in kept and "?" in kept and value == LEAVES.leave(kept)


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_python_and_compiled_search_value_moves_the_same(dense: Lexicon, level: str) -> None:
    for seed in range(3):
        values = {}
        for kind in GENERATORS:
            with generator(kind):
                game = midgame(dense, seed, 3)
                found = game.bot_search()
                values[kind] = game.bot_values(found, LEVELS[level], random.Random(seed))
        assert values["compiled"] == values["python"]


def test_expert_repeats_with_its_seed_and_differs_from_equity(dense: Lexicon) -> None:
    game = midgame(dense, 2, 4)
    found = game.bot_search()
    first = game.bot_values(found, LEVELS["expert"], random.Random(1))
    assert first == game.bot_values(found, LEVELS["expert"], random.Random(1))
    strong = game.bot_values(found, LEVELS["strong"], random.Random(1))
    assert first != strong and all(e <= s for e, s in zip(first, strong, strict=True))


def test_the_endgame_plays_out_for_the_spread(dense: Lexicon) -> None:
    """With the bag empty, a move that plays out the rack is worth the final spread exactly."""
    checked = 0
    for seed in range(6):
        game = Wordgame.new(dense, seed=seed)
        bots = (Bot("greedy", seed), Bot("greedy", seed + 1))
        while not game.is_over and game.bag:
            bots[game.turn].move(game)
        if game.is_over:
            continue
        shortest = min(game.legal_moves(), key=lambda m: (len(m.tiles), m.word), default=None)
        if shortest is None:
            continue
        me = game.turn
        game.racks[me][:] = ["?" if t.blank else t.letter for t in shortest.tiles]  # it plays out
        found = game.bot_search()
        values = game.bot_values(found, LEVELS["expert"], random.Random(0))
        other = sum(game.tiles.value(t) for t in game.racks[1 - me])
        for i in range(len(found)):
            move = found.build(i)
            if len(move.move.tiles) == len(game.rack):
                assert values[i] == game.scores[me] + move.points - game.scores[1 - me] + other
                checked += 1
    assert checked


def _endgames(dense: Lexicon, count: int):
    """Games played by greedy bots until the bag is empty, still going."""
    for seed in range(40):
        game = Wordgame.new(dense, seed=seed)
        bots = (Bot("greedy", seed), Bot("greedy", seed + 1))
        while not game.is_over and game.bag:
            bots[game.turn].move(game)
        if not game.is_over and len(game.bot_search()):
            yield game
            count -= 1
            if not count:
                return


def _copy(game: Wordgame, move) -> Wordgame:
    """A copy of `game` (the same word list) after `move`, or after a pass (None)."""
    copy = Wordgame.from_dict(game.to_dict(), game.lexicon)
    if move is None:
        copy.pass_turn()
    else:
        copy.play(move)
    return copy


def _settled(game: Wordgame, me: int) -> int:
    """The spread to `me` if the game ended now: the final scores once over, else the scores less
    the tiles on each rack."""
    if game.is_over:
        final = game.final_scores
        return final[me] - final[1 - me]
    return game.scores[me] - game.scores[1 - me] - game.rack_value(me) + game.rack_value(1 - me)


def test_the_endgame_values_its_best_moves_two_plies_deep(dense: Lexicon) -> None:
    """With positions for one ply each (no budget), every move is worth the spread if the game ended
    after it; with one more position for each of the best moves (the search's width), those are
    worth the spread after the opponent's best answer (a move, or a pass) found by trying every
    answer on a copy of the game, and the other moves rank no higher."""
    checked = 0
    for game in _endgames(dense, 3):
        me = game.turn
        found = game.bot_search()

        one_ply = [_settled(_copy(game, found.build(i).move), me) * 100 for i in range(len(found))]
        assert equity.endgame(game, found, 0) == one_ply
        width = min(WORDGAME_ENDGAME_MOVES, len(found))
        best = sorted(range(len(found)), key=lambda i: (-one_ply[i], i))[:width]
        values = equity.endgame(game, found, width)
        for i in best:
            position = _copy(game, found.build(i).move)
            answers = []
            if not position.is_over:
                answers.append(_settled(_copy(position, None), me))
                answers += [_settled(_copy(position, reply.move), me) for reply in position.legal_moves()]
            assert values[i] == 100 * (min(answers) if answers else _settled(position, me)), i
            checked += 1
        assert max((values[i] for i in range(len(found)) if i not in best), default=0) <= min(
            values[i] for i in best
        )
    assert checked > 20
