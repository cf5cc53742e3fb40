"""Both games through the one `Game` protocol, as a server drives them: JSON actions, views, versions,
the bot's move as a normal move, the state envelope and its word-list checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.game_helpers import dealt, hand_made_lists
from wordlist import Lexicon
from wordlist.errors import WordlistError
from wordlist.games import Bot, Game, GameStateError, IllegalMove, load_game
from wordlist.games.balda import BaldaGame, Move
from wordlist.games.wordgame import Move as TileMove
from wordlist.games.wordgame import Tile, Wordgame


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Lexicon]:
    return hand_made_lists(tmp_path_factory.mktemp("protocol"))


def new(kind: str, lists: dict[str, Lexicon]) -> Game:
    if kind == "balda":
        return BaldaGame.new(lists["balda"], start_word="table", seed=3, players=("Ann", "Bob"))
    return dealt(lists["wordgame"], "coats", players=("Ann", "Bob"))  # a word to play at once


KINDS = ["balda", "wordgame"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_whole_game_through_json_actions(kind: str, lists: dict[str, Lexicon]) -> None:
    """A server's loop: the view as JSON, the bot's action as JSON, applied with `act`, stored and
    loaded again between every two moves."""
    game = new(kind, lists)
    bots = (Bot("strong", 1), Bot("beginner", 2))
    while not game.is_over and game.version < 12:
        player = game.turn
        view = json.loads(json.dumps(game.view(player)))
        assert view["version"] == game.version and view["turn"] == player and view["game"] == kind
        action = json.loads(json.dumps(bots[player].action(game)))
        turn = game.act(action, player=player)
        assert turn.player == player and game.version == view["version"] + 1
        assert game.history[-1] == turn and game.view(0)["history"][-1]["notation"] == game.notation(turn)
        game = type(game).from_json(game.to_json(), lists[kind])
    assert sum(game.scores) == sum(t.points for t in game.history)


@pytest.mark.parametrize("kind", KINDS)
def test_candidates_are_json_moves(kind: str, lists: dict[str, Lexicon]) -> None:
    game = new(kind, lists)
    candidate = game.legal_moves()[0]
    data = json.loads(json.dumps(candidate.to_dict()))
    assert data["points"] == candidate.points and data["word"] == candidate.word
    assert type(game).move_from_dict(data["move"]) == candidate.move
    found = game.search()
    assert len(found) == len(game.legal_moves()) and found.build(0) == candidate


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "action",
    [
        None,
        [],
        {"action": "castle"},
        {"action": "play"},
        {"action": "play", "move": []},
        {"action": "play", "move": {"cell": [7.9, 7.2], "letter": "a", "path": [[7.9, 7.2]]}},
        {"action": "play", "move": {"tiles": [{"cell": [7.9, 7.2], "letter": "a"}]}},
        {"action": "play", "move": {"tiles": [{"cell": [True, 1], "letter": "a"}], "extra": 1}},
        {"action": "play", "move": {"cell": ["a", 1], "letter": 5, "path": "a1"}},
    ],
)
def test_malformed_actions_are_refused_without_a_trace(kind: str, action: object, lists) -> None:
    game = new(kind, lists)
    before = game.to_dict()
    with pytest.raises(IllegalMove) as raised:
        game.act(action)
    assert raised.value.rule == "malformed" and game.to_dict() == before
    assert raised.value.to_dict()["rule"] == "malformed"


def test_play_checks_its_argument_types(lists: dict[str, Lexicon]) -> None:
    """A cell (7.9, 7.2) must not be played as (7, 7)."""
    wordgame = new("wordgame", lists)
    for move in (
        [Tile((7.9, 7.2), "a")],
        [Tile((7, 7), 5)],
        [Tile((7, 7), "a", blank="no")],
        "h8",
        [("h8", "a")],
    ):
        with pytest.raises(IllegalMove) as raised:
            wordgame.play(move)
        assert raised.value.rule == "malformed", move
    balda = new("balda", lists)
    for move in (
        Move((1.9, 1.2), "b", ((1.9, 1.2),)),
        Move((1, 1), 3, ((1, 1),)),
        Move((1, 1), "b", "b2"),
        "b2 b",
    ):
        with pytest.raises(IllegalMove) as raised:
            balda.play(move)
        assert raised.value.rule == "malformed", move
    assert balda.version == wordgame.version == 0


def test_passing_where_the_rules_have_it(lists: dict[str, Lexicon]) -> None:
    balda, wordgame = new("balda", lists), new("wordgame", lists)
    with pytest.raises(IllegalMove, match="cannot_pass"):
        balda.act({"action": "pass"})
    assert wordgame.act({"action": "pass"}).action == "pass" and wordgame.version == 1
    assert not balda.view(0)["can_pass"] and wordgame.view(0)["can_pass"]


def test_exchanging_where_the_rules_have_it(lists: dict[str, Lexicon]) -> None:
    balda, wordgame = new("balda", lists), new("wordgame", lists)
    with pytest.raises(IllegalMove, match="this game has no tile exchange") as raised:
        balda.act({"action": "exchange", "tiles": "a"})
    assert raised.value.to_dict()["rule"] == "cannot_exchange" and balda.version == 0
    assert not balda.view(0)["can_exchange"] and balda.bot_exchange() == []
    with pytest.raises(IllegalMove, match="not_your_turn"):
        wordgame.act({"action": "exchange", "tiles": wordgame.racks[1][:1]}, player=1)
    turn = wordgame.act({"action": "exchange", "tiles": wordgame.racks[0][:2]}, player=0)
    assert turn.action == "exchange" and turn.exchanged == 2 and wordgame.version == 1
    assert wordgame.view(1)["can_exchange"] and wordgame.view(None)["history"][0]["exchanged"] == 2


@pytest.mark.parametrize("kind", KINDS)
def test_turns_and_resigning(kind: str, lists: dict[str, Lexicon]) -> None:
    game = new(kind, lists)
    with pytest.raises(IllegalMove, match="not_your_turn"):
        game.act({"action": "resign"}, player=1)
    turn = game.act({"action": "resign"}, player=0)
    assert turn.action == "resign" and game.is_over and game.winners == [1] and game.version == 1
    with pytest.raises(IllegalMove, match="game_over"):
        game.act({"action": "resign"})
    loaded = type(game).from_json(game.to_json(), lists[kind])
    assert loaded.is_over and loaded.winners == [1]
    assert game.view(1)["over"] and game.view(1)["winners"] == [1]


@pytest.mark.parametrize("kind", KINDS)
def test_the_envelope_names_the_game_format_and_word_list(kind: str, lists: dict[str, Lexicon]) -> None:
    game = new(kind, lists)
    Bot("strong", 1).move(game)
    saved = game.to_dict()
    lexicon = lists[kind]
    assert saved["format"] == kind and saved["format_version"] == 2 and saved["version"] == 1
    assert saved["lexicon"] == {
        "language": "en",
        "profile": lexicon.profile,
        "words": len(lexicon),
        "fingerprint": lexicon.manifest.files["words.dawg"].sha256,
    }
    other = {**saved, "lexicon": {**saved["lexicon"], "fingerprint": "0" * 64}}
    with pytest.raises(GameStateError, match=r"another build of the en/\w+ word list"):
        type(game).from_dict(other, lexicon)
    assert type(game).from_dict(other, lexicon, allow_other_list=True).to_dict() == saved
    for changed, message in [
        ({"format_version": 1}, "format_version: 1; this version of wordlist reads"),
        ({"version": 7}, "version: 7, but the log has 1 turns"),
        ({"lexicon": {**saved["lexicon"], "profile": "other"}}, "played on the en/other word list"),
    ]:
        with pytest.raises(GameStateError, match=message):
            type(game).from_dict({**saved, **changed}, lexicon)


def test_a_state_opens_its_own_word_list_but_never_a_path(lists: dict[str, Lexicon], tmp_path: Path) -> None:
    game = new("balda", lists)
    root = lists["balda"].path.parent.parent
    assert BaldaGame.from_json(game.to_json(), root=root).to_dict() == game.to_dict()
    for name in ("../../etc", "/tmp", "en/../en", ""):
        data = game.to_dict()
        data["lexicon"]["language"] = name
        with pytest.raises(GameStateError, match="is not a word list name"):
            BaldaGame.from_dict(data, root=root)


def test_a_state_of_one_game_is_not_loaded_as_the_other(lists: dict[str, Lexicon]) -> None:
    balda = new("balda", lists)
    with pytest.raises(WordlistError, match="not a wordgame game state \\(format 'balda'"):
        Wordgame.from_json(balda.to_json(), lists["wordgame"])


def test_moves_from_json_round_trip(lists: dict[str, Lexicon]) -> None:
    move = TileMove((Tile((7, 7), "c"), Tile((7, 8), "a", blank=True)))
    assert TileMove.from_dict(json.loads(json.dumps(move.to_dict()))) == move
    assert TileMove.from_dict({"tiles": [{"cell": [1, 2], "letter": "x"}]}).tiles == (Tile((1, 2), "x"),)
    balda_move = Move((1, 1), "b", ((1, 1), (2, 1)))
    assert Move.from_dict(json.loads(json.dumps(balda_move.to_dict()))) == balda_move


def test_a_saved_game_of_either_kind_loads_by_its_tag(lists: dict[str, Lexicon]) -> None:
    for kind in KINDS:
        game = new(kind, lists)
        loaded = load_game(game.to_json(), lists[kind])
        assert type(loaded) is type(game) and loaded.to_dict() == game.to_dict()
        assert load_game(game.to_dict(), lists[kind]).version == 0
    for data in ('{"format": "chess"}', "[]", b"\xff"):
        with pytest.raises(GameStateError):
            load_game(data, lists["balda"])
