"""Loading game states nobody vouches for: every mutation of a valid state either loads as a consistent
game or raises a WordlistError naming what is wrong, never anything else."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import balda_helpers, wordgame_helpers
from tests.conftest import run_cli
from tests.game_helpers import dealt, hand_made_lists
from wordlist import Lexicon
from wordlist.errors import WordlistError
from wordlist.format.game import Tiles
from wordlist.format.limits import MAX_DEFINITION_LENGTH, MAX_TURN_DEFINITIONS
from wordlist.games import Bot, Game, GameStateError, load_game
from wordlist.games.balda import BaldaGame, BaldaSettings, Move
from wordlist.games.wordgame import BLANK, Tile, Wordgame
from wordlist.games.wordgame.game import LOGGED_DEFINITIONS
from wordlist_pipeline.profile import load_profile


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Lexicon]:
    return hand_made_lists(tmp_path_factory.mktemp("states"))


def balda_states(lexicon: Lexicon) -> list[dict]:
    game = BaldaGame.new(
        lexicon, BaldaSettings(diagonal=True, extra_parts_of_speech=("verb",)), start_word="table"
    )
    game.play(Move((1, 1), "b", ((1, 1), (2, 1), (2, 0))))  # BAT
    game.play(Move((3, 2), "a", ((3, 2),)))
    for seed in range(4):
        Bot("strong", seed).move(game)
    resigned = BaldaGame.from_dict(game.to_dict(), lexicon)
    resigned.resign()
    return [game.to_dict(), resigned.to_dict()]


def wordgame_states(lexicon: Lexicon) -> list[dict]:
    game = dealt(lexicon, "coa?s")  # the racks its seed deals: a state loading deals them again
    game.play(
        [Tile((7, 3), "c"), Tile((7, 4), "o"), Tile((7, 5), "a"), Tile((7, 6), "t", True), Tile((7, 7), "s")]
    )
    game.pass_turn()
    for seed in range(3):
        Bot("strong", seed).move(game)
    game.exchange(game.rack[:2])
    Bot("strong", 3).move(game)
    redrawn = Wordgame.new(lexicon, seed=9)
    redrawn.pass_turn()
    redrawn.pass_turn()
    exchanged = Wordgame.new(lexicon, seed=5)  # two scoreless turns: one more ends the game
    exchanged.exchange([BLANK if BLANK in exchanged.rack else exchanged.rack[0]])
    exchanged.exchange(list(exchanged.rack))
    return [game.to_dict(), redrawn.to_dict(), exchanged.to_dict()]


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) into a JSON value, the root included."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*prefix, i))
    return found


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 600)
    | st.floats(allow_nan=False)
    | st.text("ab?äß.x 0", max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["cell", "a", "tiles"]), inner, max_size=2)
    ),
    max_leaves=5,
)


def mutate(state: Any, path: tuple, kind: str, value: Any, number: int) -> Any:
    """One mutation at `path`: delete it, replace it by `value`, or change it a little."""
    if not path:
        return value if kind == "replace" else state
    parent = state
    for key in path[:-1]:
        parent = parent[key]
    key, old = path[-1], parent[path[-1]]
    if kind == "delete":
        del parent[key]
    elif kind == "replace":
        parent[key] = value
    elif isinstance(old, bool):
        parent[key] = not old
    elif isinstance(old, int):
        parent[key] = old + number
    elif isinstance(old, str):
        parent[key] = (old[: number % 3] + "?äx"[number % 3] + old[number % 3 + 1 :]) if old else "a"
    elif isinstance(old, list) and old:
        if number % 3 == 0:
            old.append(copy.deepcopy(old[number % len(old)]))
        elif number % 3 == 1:
            old.reverse()
        else:
            old.pop(number % len(old))
    return state


def consistent(game: Game, lexicon: Lexicon) -> None:
    """What a loaded state must satisfy: it saves and loads again unchanged, its scores are the log's
    points, and a bot can play on from it."""
    again = type(game).from_dict(json.loads(game.to_json()), lexicon)
    assert again.to_dict() == game.to_dict()
    assert game.version == len(game.history)
    for player in (0, 1):
        assert game.scores[player] == sum(t.points for t in game.history if t.player == player)
    assert [t.player for t in game.history] == [i % 2 for i in range(len(game.history))]
    if isinstance(game, Wordgame):
        on_board = Counter(
            BLANK if (r, c) in game.blanks else letter
            for r, row in enumerate(game.board)
            for c, letter in enumerate(row)
            if letter
        )
        assert on_board + Counter(game.racks[0]) + Counter(game.racks[1]) + Counter(game.bag) == Counter(
            game.tiles.counts
        )
    else:
        filled = sum(letter is not None for row in game.board for letter in row)
        assert filled == game.size + sum(1 for t in game.history if t.action == "play")
    if not game.is_over:
        Bot("strong", 0).move(game)


@pytest.mark.parametrize("kind", ["balda", "wordgame"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_mutated_state_loads_consistently_or_is_refused(kind: str, lists: dict[str, Lexicon], data) -> None:
    lexicon = lists[kind]
    cls = BaldaGame if kind == "balda" else Wordgame
    states = balda_states(lexicon) if kind == "balda" else wordgame_states(lexicon)
    state = copy.deepcopy(data.draw(st.sampled_from(states)))
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(state)))
        kind_of_change = data.draw(st.sampled_from(["delete", "replace", "change"]))
        state = mutate(state, where, kind_of_change, data.draw(json_values), data.draw(st.integers(-2, 7)))
    try:
        game = cls.from_dict(state, lexicon)
    except WordlistError as error:
        assert str(error) and "\n" not in str(error)
        return
    consistent(game, lexicon)


# --- the cases of issue 10, one by one ---------------------------------------------------------------


def load(cls: type[Game], state: Any, lexicon: Lexicon, message: str) -> None:
    with pytest.raises(GameStateError, match=message):
        cls.from_dict(state, lexicon)


def test_balda_states_that_lie(lists: dict[str, Lexicon]) -> None:
    lexicon = lists["balda"]
    fresh = BaldaGame.new(lexicon, start_word="table").to_dict()
    played = balda_states(lexicon)[0]
    load(
        BaldaGame,
        {**fresh, "state": {**fresh["state"], "scores": [500, 0]}},
        lexicon,
        r"scores: \[500, 0\], but the log gives \[0, 0\]",
    )
    three = {**fresh["state"], "players": ["A", "B", "C"]}
    load(BaldaGame, {**fresh, "state": three}, lexicon, r"state.players: more than 2 items")
    board = list(played["state"]["board"])
    board[0] = "ä" + board[0][1:]
    load(
        BaldaGame,
        {**played, "state": {**played["state"], "board": board}},
        lexicon,
        "state.board: does not match",
    )
    load(BaldaGame, [1, 2], lexicon, "not a balda game state")
    missing = {k: v for k, v in fresh["state"].items() if k != "turn"}
    load(BaldaGame, {**fresh, "state": missing}, lexicon, "state.turn: missing")
    for key, value, message in [
        ("letter", "ä", r"history\[0\].letter: 'ä' is not a letter"),
        ("points", 30, r"history\[0\].points: 30, but the move scores 3"),
        ("path", [[1, 1], [2, 2], [2, 0]], r"history\[0\]: an illegal move"),
    ]:
        history = copy.deepcopy(played["state"]["history"])
        history[0][key] = value
        load(BaldaGame, {**played, "state": {**played["state"], "history": history}}, lexicon, message)
    load(
        BaldaGame,
        {**fresh, "state": {**fresh["state"], "start_word": "cable"}},
        lexicon,
        "state.board: does not match",
    )


@pytest.mark.parametrize("kind", ["balda", "wordgame"])
def test_a_seed_is_one_a_saved_game_can_keep(kind: str, lists: dict[str, Lexicon]) -> None:
    """A Wordgame is loaded by dealing it again from its seed: a seed its state could not hold
    (past 64 bits) is refused when the game is made, not when it is loaded."""
    lexicon, cls = lists[kind], BaldaGame if kind == "balda" else Wordgame
    extra: dict[str, Any] = {"start_word": "table"} if kind == "balda" else {}
    for seed in (-(1 << 63), (1 << 63) - 1):
        game = cls.new(lexicon, seed=seed, **extra)
        assert cls.from_json(game.to_json(), lexicon).seed == seed
    for seed in (1 << 63, -(1 << 63) - 1, True, 2.0, "7"):
        with pytest.raises(
            WordlistError, match=r"a game's seed is a whole number from -2\*\*63 to 2\*\*63 - 1"
        ):
            cls.new(lexicon, seed=seed, **extra)
    played = run_cli("play", kind, "--self-play", "--seed", str(1 << 63), "--data", lexicon.path.parents[1])
    assert (played.returncode, played.stdout) == (1, "")
    assert (
        played.stderr == f"error: a game's seed is a whole number from -2**63 to 2**63 - 1, not {1 << 63}\n"
    )


def test_a_balda_state_without_a_seed_reads_as_one_whose_seed_is_null(lists: dict[str, Lexicon]) -> None:
    """A Balda game needs no seed to be replayed (its start word is saved): "seed": null loaded
    while a state without the key was refused. Both load now, as the same game; a Wordgame
    refuses both (its racks are dealt from the seed)."""
    for seed in (None, 7):
        saved = BaldaGame.new(lists["balda"], seed=seed).to_dict()
        without = {**saved, "state": {k: v for k, v in saved["state"].items() if k != "seed"}}
        loaded = BaldaGame.from_dict(without, lists["balda"])
        assert loaded.seed is None and loaded.board_rows() == saved["state"]["board"]
        assert (
            BaldaGame.from_dict({**saved, "state": {**saved["state"], "seed": None}}, lists["balda"]).seed
            is None
        )
    saved = Wordgame.new(lists["wordgame"], seed=8).to_dict()
    without = {**saved, "state": {k: v for k, v in saved["state"].items() if k != "seed"}}
    refused(Wordgame, without, lists["wordgame"], r"^state.seed: missing$")
    refused(
        Wordgame,
        {**saved, "state": {**saved["state"], "seed": None}},
        lists["wordgame"],
        r"^state.seed: missing: ",
    )


def test_a_balda_start_word_is_a_word_of_the_game(lists: dict[str, Lexicon]) -> None:
    """A saved start word must fit the board and be a word of the list for the game's parts of
    speech: a forged one ("zzzzz") is refused, as `BaldaGame.new` refuses it."""
    lexicon = balda_helpers.make_lexicon(None, {**balda_helpers.WORDS, "baked": "verb"})
    saved = BaldaGame.new(lexicon, start_word="table").to_dict()

    def with_start(word: Any, **settings: Any) -> dict:
        board = list(saved["state"]["board"])
        board[2] = word if isinstance(word, str) else board[2]
        changed = {**saved["state"], "start_word": word, "board": board}
        return {**saved, "state": {**changed, "settings": {**changed["settings"], **settings}}}

    for word, message in [
        ("zzzzz", "the starting word 'zzzzz' is not a noun of the word list"),
        ("tablx", "the starting word 'tablx' is not a noun of the word list"),
        ("baked", "the starting word 'baked' is not a noun of the word list"),  # a verb only
        ("tab..", "the starting word 'tab..' must have 5 letters of the alphabet"),
        ("cables", "longer than 5 characters"),
        (5, "expected a string"),
    ]:
        refused(BaldaGame, with_start(word), lexicon, rf"^state.start_word: {message}")
        if isinstance(word, str) and len(word) == 5:
            with pytest.raises(WordlistError, match=message):
                BaldaGame.new(lexicon, start_word=word)
    verbs = BaldaGame.from_dict(with_start("baked", extra_parts_of_speech=["verb"]), lexicon)
    assert verbs.start_word == "baked" and verbs.board[2] == list("baked")
    assert BaldaGame.from_dict(with_start("cable"), lexicon).start_word == "cable"


def test_wordgame_states_that_lie(lists: dict[str, Lexicon]) -> None:
    lexicon = lists["wordgame"]
    saved = wordgame_states(lexicon)[0]
    state = saved["state"]

    def with_state(**changes: Any) -> dict:
        return {**saved, "state": {**copy.deepcopy(state), **changes}}

    dealt_rack = r"state.racks\[0\]: not the tiles the game's seed deals this player"
    load(Wordgame, with_state(racks=[[BLANK] * 8, state["racks"][1]]), lexicon, dealt_rack)
    load(Wordgame, with_state(bag=state["bag"] + ["e"] * 1000), lexicon, r"state.bag: more than 104 items")
    load(Wordgame, with_state(bag=state["bag"] + ["e"]), lexicon, r"state.bag: not the bag .* \(other")
    racks = copy.deepcopy(state["racks"])
    racks[0][0] = "ä"
    load(Wordgame, with_state(racks=racks), lexicon, dealt_rack)
    load(Wordgame, with_state(scores=[500, 0]), lexicon, "state.scores: .* but the log gives")
    load(Wordgame, with_state(passes=2), lexicon, "state.passes: 2, but the log gives")
    load(Wordgame, with_state(blanks=[]), lexicon, "state.blanks: do not match")
    history = copy.deepcopy(state["history"])
    history[0]["start"] = [7, 4]
    load(
        Wordgame,
        with_state(history=history),
        lexicon,
        r"history\[0\].start: \[7, 4\], but the move gives \[7, 3\]",
    )
    history = copy.deepcopy(state["history"])
    history[1]["redraw"] = True
    load(
        Wordgame, with_state(history=history), lexicon, r"history\[1\].redraw: True, but a pass records False"
    )
    load(Wordgame, with_state(history=state["history"] * 3), lexicon, r"history\[\d+\]")
    history = copy.deepcopy(state["history"])
    history[0]["exchanged"] = 2
    load(Wordgame, with_state(history=history), lexicon, r"history\[0\].exchanged: 2, but the move gives 0")
    settings = {"rack_size": 8, "layout": {"board": ["..."] * 3, "start": [0, 0]}}
    load(Wordgame, with_state(settings=settings), lexicon, "state.settings: 'board' must be square, of 4")
    settings = {"rack_size": 16, "layout": state["settings"]["layout"]}
    load(Wordgame, with_state(settings=settings), lexicon, "state.settings: a rack holds 4 to 15 tiles")
    load(Wordgame, {**saved, "state": "x"}, lexicon, "state: expected an object, not a string")


def test_wordgame_exchanges_that_lie(lists: dict[str, Lexicon]) -> None:
    lexicon = lists["wordgame"]
    saved = wordgame_states(lexicon)[2]
    state = saved["state"]
    assert [t["action"] for t in state["history"]] == ["exchange", "exchange"]
    assert Wordgame.from_dict(saved, lexicon).passes == 2

    def with_turn(**changes: Any) -> dict:
        history = copy.deepcopy(state["history"])
        history[0].update(changes)
        return {**saved, "state": {**copy.deepcopy(state), "history": history}}

    load(Wordgame, with_turn(exchanged=9), lexicon, r"history\[0\].exchanged: 9 is out of range \(1 to 8\)")
    load(Wordgame, with_turn(exchanged=2), lexicon, r"history\[0\].exchanged: 2, but a exchange records 1")
    load(Wordgame, with_turn(exchanged=0), lexicon, r"history\[0\].exchanged: 0 is out of range")
    load(Wordgame, with_turn(exchanged=True), lexicon, r"history\[0\].exchanged: expected a whole number")
    load(Wordgame, with_turn(points=5), lexicon, r"history\[0\].points: 5, but a exchange records 0")
    tiles = [{"cell": [7, 7], "letter": "e", "blank": False}]
    load(Wordgame, with_turn(tiles=tiles), lexicon, r"history\[0\].tiles: .* but a exchange records \[\]")
    no_count = copy.deepcopy(saved)
    del no_count["state"]["history"][0]["exchanged"]
    load(Wordgame, no_count, lexicon, r"history\[0\].exchanged: missing")
    load(
        Wordgame, {**saved, "state": {**state, "passes": 0}}, lexicon, "state.passes: 0, but the log gives 2"
    )
    ended = copy.deepcopy(saved)
    ended["state"]["history"] += copy.deepcopy(state["history"])
    ended["version"] = 4
    load(Wordgame, ended, lexicon, r"history\[3\]: a turn after the end of the game")
    # the same log on a tile set of 20: the bag holds 4 tiles after the racks, too few to exchange
    spec = lexicon.game_spec
    assert spec is not None
    counts = {tile: int(i < 20) for i, tile in enumerate(sorted(spec.tiles.counts))}
    small_set = dataclasses.replace(spec, tiles=Tiles(spec.tiles.points, counts))
    small = Lexicon.from_words(
        [(w, "noun") for w in wordgame_helpers.WORDS],
        lexicon.alphabet_spec,
        game=small_set,
        profile="wordgame",
    )
    with pytest.raises(GameStateError, match=r"history\[0\]: an exchange with 4 tiles in the bag"):
        Wordgame.from_dict(saved, small, allow_other_list=True)


def refused(cls: type[Game], state: Any, lexicon: Lexicon, message: str) -> None:
    """`state` is refused with one line that matches `message` (a field's path first)."""
    with pytest.raises(GameStateError, match=message) as error:
        cls.from_dict(state, lexicon)
    assert "\n" not in str(error.value)


def swapped(state: dict, *swaps: tuple[tuple[Any, ...], tuple[Any, ...]]) -> dict:
    """A copy of a saved Wordgame with tiles swapped between racks and bag (paths like ("racks", 0,
    3) or ("bag", 5)): the tile set stays whole, only who holds what changes."""
    edited = copy.deepcopy(state)
    inner = edited["state"]
    for a, b in swaps:
        holder_a = inner[a[0]][a[1]] if a[0] == "racks" else inner["bag"]
        holder_b = inner[b[0]][b[1]] if b[0] == "racks" else inner["bag"]
        holder_a[a[-1]], holder_b[b[-1]] = holder_b[b[-1]], holder_a[a[-1]]
    return edited


def test_a_wordgame_state_is_dealt_again_from_its_seed(lists: dict[str, Lexicon]) -> None:
    """The seed fixes every draw: racks, bag and exchanges that are not what it deals are refused,
    though the board, racks and bag still hold the tile set and every other field agrees."""
    lexicon = lists["wordgame"]
    fresh = Wordgame.new(lexicon, seed=8)
    saved = fresh.to_dict()
    inner = saved["state"]
    blanks = [("racks", p, i) for p in (0, 1) for i, t in enumerate(inner["racks"][p]) if t == BLANK]
    blanks += [("bag", i) for i, t in enumerate(inner["bag"]) if t == BLANK]
    assert len(blanks) == 2 and all(b[:2] != ("racks", 0) for b in blanks)
    both_blanks = swapped(saved, (("racks", 0, 0), blanks[0]), (("racks", 0, 1), blanks[1]))
    assert Counter(both_blanks["state"]["racks"][0])[BLANK] == 2
    refused(Wordgame, both_blanks, lexicon, r"^state.racks\[0\]: not the tiles the game's seed deals")
    refused(Wordgame, swapped(saved, (("racks", 1, 2), ("bag", 0))), lexicon, r"^state.racks\[1\]: not the")
    racks = {**inner, "racks": inner["racks"][::-1]}
    refused(Wordgame, {**saved, "state": racks}, lexicon, r"^state.racks\[0\]: not the tiles")
    order = {**inner, "bag": inner["bag"][::-1]}
    refused(
        Wordgame, {**saved, "state": order}, lexicon, r"^state.bag: .*\(the same tiles in another order\)"
    )
    refused(Wordgame, {**saved, "state": {**inner, "seed": None}}, lexicon, r"^state.seed: missing: ")
    refused(Wordgame, {**saved, "state": {**inner, "seed": 9}}, lexicon, r"^state.racks\[0\]: not the tiles")
    # a move from tiles the seed did not deal: the log of one seed under another
    played = wordgame_states(lexicon)[0]
    other_seed = {**played, "state": {**played["state"], "seed": played["state"]["seed"] + 1}}
    refused(Wordgame, other_seed, lexicon, r"^state.history\[0\]: an illegal move \(not on your rack")
    # the bag's order after moves and exchanges
    later = {**played["state"], "bag": sorted(played["state"]["bag"])}
    refused(Wordgame, {**played, "state": later}, lexicon, r"^state.bag: not the bag the game's seed leaves")


def test_a_saved_exchange_names_its_tiles(lists: dict[str, Lexicon]) -> None:
    lexicon = lists["wordgame"]
    saved = wordgame_states(lexicon)[2]  # two exchanges
    state = saved["state"]
    first = state["history"][0]
    assert first["returned"] and first["exchanged"] == len(first["returned"])
    assert "returned" not in json.dumps(Wordgame.from_dict(saved, lexicon).view(1))  # nor in a view

    def with_turn(index: int, **changes: Any) -> dict:
        history = copy.deepcopy(state["history"])
        history[index].update(changes)
        return {**saved, "state": {**state, "history": history}}

    missing = copy.deepcopy(saved)
    del missing["state"]["history"][0]["returned"]
    refused(Wordgame, missing, lexicon, r"^state.history\[0\].returned: missing: a saved exchange names")
    stranger = next(t for t in sorted(lexicon.game_spec.tiles.counts) if t not in state["racks"][0])
    unrack = with_turn(0, returned=[stranger])
    refused(Wordgame, unrack, lexicon, r"^state.history\[0\].returned: tiles that are not on the rack")
    refused(Wordgame, with_turn(0, returned=[]), lexicon, r"^state.history\[0\].returned: .* at least one")
    passed = json.loads(json.dumps(wordgame_states(lexicon)[1]))
    passed["state"]["history"][0]["returned"] = ["a"]
    refused(Wordgame, passed, lexicon, r"^state.history\[0\].returned: a pass puts no tiles back")


def test_wordgame_states_saved_before_exchanges_existed_load(lists: dict[str, Lexicon]) -> None:
    lexicon = lists["wordgame"]
    saved = wordgame_states(lexicon)[1]  # two passes: no exchange
    old = copy.deepcopy(saved)
    for turn in old["state"]["history"]:
        del turn["exchanged"]
    assert Wordgame.from_dict(old, lexicon).to_dict() == saved


def test_json_text_that_is_not_a_state(lists: dict[str, Lexicon]) -> None:
    for text, message in [
        ("[]", "not a wordgame game state"),
        ("{", "not JSON"),
        (b"\xff\xfe", "not UTF-8"),
        ("[" * 100_000, "not JSON"),
        ('{"version": ' + "9" * 5000 + "}", "not JSON"),  # past Python's int digits limit
        ('{"format": "wordgame"}', "unknown keys|missing"),
    ]:
        with pytest.raises(GameStateError, match=message):
            Wordgame.from_json(text, lists["wordgame"])


# --- the definitions a turn keeps: one limit for both games, what they write they read back -----------

LONG_MEANING = "x" * (MAX_DEFINITION_LENGTH + 1000)
MANY_MEANINGS = [LONG_MEANING] + [f"meaning {i}" for i in range(MAX_TURN_DEFINITIONS + 9)]


def meaningful(words: dict[str, str], word: str, profile: str) -> Lexicon:
    """A list of `words` whose `word` has more definitions than a turn keeps, the first too long."""
    chosen = load_profile(profile)
    entries = [(w, pos, MANY_MEANINGS if w == word else [f"meaning of {w}"]) for w, pos in words.items()]
    return Lexicon.from_words(
        entries, chosen.alphabet_record("en"), game=chosen.game_spec("en"), profile=profile
    )


def assert_kept(definitions: tuple[str, ...], count: int) -> None:
    assert len(definitions) == count and definitions[1:] == tuple(MANY_MEANINGS[1:count])
    assert len(definitions[0]) == MAX_DEFINITION_LENGTH  # cut, its end an ellipsis
    assert definitions[0] == LONG_MEANING[: MAX_DEFINITION_LENGTH - 1] + "…"


def test_a_balda_turn_keeps_what_a_saved_game_holds() -> None:
    lexicon = meaningful(balda_helpers.WORDS, "bat", "balda")
    game = BaldaGame.new(lexicon, start_word="table")
    turn = game.play(Move((1, 1), "b", ((1, 1), (2, 1), (2, 0))))  # BAT, with all its meanings
    assert_kept(turn.definitions, MAX_TURN_DEFINITIONS)
    assert BaldaGame.from_json(game.to_json(), lexicon).to_dict() == game.to_dict()
    refuse_one_more(game.to_dict(), lexicon)


def test_a_wordgame_turn_keeps_what_a_saved_game_holds() -> None:
    lexicon = meaningful(dict.fromkeys(wordgame_helpers.WORDS, "noun"), "coats", "wordgame")
    game = dealt(lexicon, "coats")
    turn = game.play([Tile((7, 3 + i), letter) for i, letter in enumerate("coats")])
    assert_kept(turn.definitions, LOGGED_DEFINITIONS)  # the first three of the main word
    assert Wordgame.from_json(game.to_json(), lexicon).to_dict() == game.to_dict()
    refuse_one_more(game.to_dict(), lexicon)


def refuse_one_more(saved: dict, lexicon: Lexicon) -> None:
    """A saved turn with one definition more than a turn keeps, or one too long, is refused."""
    for definitions in (MANY_MEANINGS[1 : MAX_TURN_DEFINITIONS + 2], ["y" * (MAX_DEFINITION_LENGTH + 1)]):
        edited = copy.deepcopy(saved)
        edited["state"]["history"][0]["definitions"] = definitions
        with pytest.raises(GameStateError, match=r"history\[0\]\.definitions"):
            load_game(edited, lexicon)
