"""The after-game analysis and the hints, on every face: the library's `analyse` (each turn of a
player beside the best move a bot level finds, and what it gave up), the terminal's `analysis`
after a game and `wordlist play`, and GET /api/games/{id}/analysis. The games are constructed so
that a move gave up a known number of points: TAB (3) where CABLE (5) fitted in Balda, a 10-point
word where 16 points fitted in Wordgame."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.conftest import scripted
from tests.game_helpers import deal, hand_made_lists, play_cli
from tests.server_helpers import ROOMY, stored_game
from tests.test_server import act, bearer, create, documented, error
from wordlist import Lexicon
from wordlist.errors import ArgumentError, ArgumentTypeError, UnknownLevel, WordlistError
from wordlist.games import Bot, Game
from wordlist.games.analysis import analyse, best_move, total_given_up
from wordlist.games.balda import BaldaGame
from wordlist.games.balda.terminal import SCREEN as BALDA_SCREEN
from wordlist.games.balda.terminal import play as play_balda
from wordlist.games.wordgame import Wordgame
from wordlist.games.wordgame.terminal import SCREEN as WORDGAME_SCREEN
from wordlist.server import create_app

POINTS = "greedy"  # the level whose value is a move's points: the known numbers below hold for it

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Lexicon]:
    return hand_made_lists(tmp_path_factory.mktemp("analysis"))


def tab_over_cable(lists: dict[str, Lexicon]) -> BaldaGame:
    """Balda from TABLE: You play TAB (3 points) where CABLE (5) fits; the bot answers."""
    game = BaldaGame.new(lists["balda"], start_word="table", seed=1, players=("You", "Bot"))
    tab = next(c for c in game.legal_moves() if c.word == "tab")
    game.play(tab.move)
    Bot("strong", 2).move(game)
    return game


def ten_over_sixteen(lists: dict[str, Lexicon]) -> tuple[Wordgame, int]:
    """Wordgame dealt from seed 7: You play a 10-point word where 16 points fit, the bot answers,
    You pass; the points the pass gave up (the best move then)."""
    game = Wordgame.new(lists["wordgame"], seed=7, players=("You", "Bot"))
    moves = game.legal_moves()
    assert max(c.points for c in moves) == 16
    game.play(min(moves, key=lambda c: (c.points, c.word)).move)
    Bot("strong", 2).move(game)
    best_then = max(c.points for c in game.legal_moves())
    game.pass_turn()
    return game, best_then


def ranked_at(game: Game, index: int) -> list:
    """What the analysing bot ranks before turn `index` of `game` (replayed from its start)."""
    position = game.restarted()
    for turn in game.history[:index]:
        position.act(position.action_of(turn))
    return Bot("strong", seed=index).ranked(position)


# --- the library ---------------------------------------------------------------------------------------


def test_a_balda_move_that_gave_up_two_points(lists: dict[str, Lexicon]) -> None:
    game = tab_over_cable(lists)
    reviews = analyse(game, 0, POINTS)
    assert len(reviews) == 1  # You's one move; the bot's is not yours
    review = reviews[0]
    assert (review.index, review.turn.word, review.points) == (0, "tab", 3)
    assert (review.best.word, review.best_points) == ("cable", 5)
    assert review.value == 3 and review.best_value == 5 and review.given_up == 2
    assert total_given_up(reviews) == 2
    assert review.to_dict(game) == {
        "index": 0,
        "played": {**game.history[0].to_dict(), "notation": game.notation(game.history[0])},
        "word": "tab",
        "value": 3,
        "best": review.best.to_dict(),
        "best_value": 5,
        "given_up": 2,
    }
    bot = analyse(game, 1, POINTS)  # the bot played its best
    assert [(r.index, r.given_up) for r in bot] == [(1, 0)] and bot[0].best.word == bot[0].turn.word


def test_a_letter_alone_is_valued_from_the_position_it_leaves(lists: dict[str, Lexicon]) -> None:
    game = BaldaGame.new(lists["balda"], start_word="table", seed=1, players=("You", "Bot"))
    letter = next(c for c in game.legal_moves() if len(c.word) == 1)  # not among the bot's words
    game.play(letter.move)
    (greedy,) = analyse(game, 0, POINTS)
    assert (greedy.value, greedy.best.word, greedy.given_up) == (1, "cable", 4)
    (strong,) = analyse(game, 0)  # the lookahead's scale: what the bot's best reply leaves You
    reply = Bot("strong", seed=0).ranked(game, 1)[0]
    assert strong.value == -reply.value and strong.given_up == strong.best_value + reply.value > 0


def test_a_wordgame_move_and_a_pass_reviewed(lists: dict[str, Lexicon]) -> None:
    game, best_then = ten_over_sixteen(lists)
    first, passed = analyse(game, 0, POINTS)
    assert (first.points, first.best_points, first.given_up) == (10, 16, 6)
    assert first.turn.word == min(game.restarted().legal_moves(), key=lambda c: (c.points, c.word)).word
    assert passed.turn.action == "pass" and passed.index == 2
    assert (passed.value, passed.best_points, passed.given_up) == (0, best_then, best_then)
    assert best_then > 0


def test_the_analysis_values_moves_as_the_bot_ranks_them(lists: dict[str, Lexicon]) -> None:
    game, _ = ten_over_sixteen(lists)
    for review in analyse(game, 0):  # the default level
        ranked = ranked_at(game, review.index)
        assert review.best == ranked[0].candidate and review.best_value == ranked[0].value
        if review.turn.action == "play":
            mine = next(r for r in ranked if set(r.candidate.move.tiles) == set(review.turn.tiles))
            assert review.value == mine.value
        assert review.given_up == max(0, review.best_value - review.value)
    again = analyse(Wordgame.from_json(game.to_json(), lists["wordgame"]), 0)
    assert [r.to_dict(game) for r in again] == [r.to_dict(game) for r in analyse(game, 0)]


def test_a_game_of_bots_replays_to_the_same_game(lists: dict[str, Lexicon], sample_outputs: Path) -> None:
    lexicon = Lexicon.open("en", "wordgame", sample_outputs)
    game = Wordgame.new(lexicon, seed=11, players=("You", "Bot"))
    while not game.is_over:
        Bot("beginner" if game.turn == 0 else "strong", game.version).move(game)
    reviews = analyse(game, 0)
    assert [r.index for r in reviews] == [i for i, t in enumerate(game.history) if t.player == 0]
    assert sum(r.given_up > 0 for r in reviews) > 0  # a beginner gives points away
    replayed = game.restarted()
    for turn in game.history:
        replayed.act(game.action_of(turn))
    assert replayed.to_dict() == game.to_dict()


def test_bad_arguments_are_one_error_each(lists: dict[str, Lexicon]) -> None:
    game = tab_over_cable(lists)
    with pytest.raises(ArgumentTypeError, match="an analysis reviews a Game, not str"):
        analyse("game", 0)  # type: ignore[arg-type]
    for player in (2, -1, True, "0", None):
        with pytest.raises(ArgumentError, match="a game has players 0 and 1"):
            analyse(game, player)  # type: ignore[arg-type]
    for level in ("grandmaster", "", None):
        with pytest.raises(UnknownLevel, match="unknown bot level"):
            analyse(game, 0, level)  # type: ignore[arg-type]
    dealt = deal(Wordgame.new(lists["wordgame"], seed=7, players=("You", "Bot")), "coatsgde")
    dealt.play(max(dealt.legal_moves(), key=lambda c: (c.points, c.word)).move)  # from a rack no seed dealt
    with pytest.raises(WordlistError, match=r"the game's log does not replay from its start: turn 1: "):
        analyse(dealt, 0)
    assert analyse(BaldaGame.new(lists["balda"], start_word="table"), 0) == []  # nothing played yet


# --- hints: the strong bot's best move --------------------------------------------------------------------


def test_the_hint_is_the_strong_bot_s_best(lists: dict[str, Lexicon]) -> None:
    for game in (
        BaldaGame.new(lists["balda"], start_word="table", seed=1),
        Wordgame.new(lists["wordgame"], seed=7),
    ):
        assert best_move(game) == Bot("strong", seed=game.version).ranked(game, 1)[0].candidate
    game = BaldaGame.new(lists["balda"], start_word="table", seed=1)
    assert best_move(game).word == "cable"


# --- the terminal -----------------------------------------------------------------------------------


def test_the_terminal_reviews_your_moves_after_the_game(lists: dict[str, Lexicon]) -> None:
    game = BaldaGame.new(lists["balda"], start_word="table", seed=1, players=("You", "Bot"))
    tab = next(c for c in game.legal_moves() if c.word == "tab")
    shown: list[str] = []
    script = [BALDA_SCREEN.notation(game, tab), "resign", "nonsense", "analysis", "board", ""]
    play_balda(
        game, human=0, bots=(Bot("strong", 1), Bot("strong", 2)), read=scripted(script), write=shown.append
    )
    text = "\n".join(shown)
    lines = text.splitlines()
    start = lines.index("Your moves beside the best the strong bot finds (points; given up by its value):")
    # by the strong bot's lookahead (the score difference it foresees) CABLE is worth 1 (its 5 less
    # the bot's best reply, 4) and TAB at most -3 (alpha-beta bounds a weaker move below the best):
    # TAB gave up at least 4
    assert [(r.value, r.best_value) for r in analyse(game, 0)] == [(-3, 1)]
    assert lines[start + 1] == "   1  TAB            3   CABLE          5  gave up 4      b2 c b2 b3..e3"
    assert lines[start + 2] == "Given up in all: 4."
    assert "The game is over: analysis, board, or Enter to leave." in lines[:start]
    assert lines[-1] == "You: 3   Bot: 5"  # the board drawn again, with the scores, last


def test_wordlist_play_offers_the_analysis(lists: dict[str, Lexicon], sample_outputs: Path) -> None:
    lexicon = Lexicon.open("en", "balda", sample_outputs)
    game = BaldaGame.new(lexicon, seed=5, players=("You", "Bot"))
    weakest = min((c for c in game.legal_moves() if c.points > 1), key=lambda c: (c.points, c.word))
    typed = f"{BALDA_SCREEN.notation(game, weakest)}\nresign\nanalysis\n"
    run = play_cli("balda", "--seed", "5", "--data", sample_outputs, typed=typed)
    assert run.returncode == 0, run.stderr
    game.play(weakest.move)
    review = analyse(game, 0)[0]
    word = lexicon.display(weakest.word)
    assert f"   1  {word:<12}{weakest.points:>4}   {lexicon.display(review.best.word):<12}" in run.stdout


# --- over HTTP -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app_paths(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return sample_outputs, tmp_path_factory.mktemp("server-analysis") / "games.sqlite"


@pytest.fixture(scope="module")
def client(app_paths: tuple[Path, Path]) -> typing.Iterator[TestClient]:
    with TestClient(create_app(*app_paths, limits=ROOMY)) as test_client:
        yield test_client


def opening_seed(lexicon: Lexicon) -> int:
    """A seed whose first position has words worth different points (a choice that can give some up)."""
    for seed in range(100):
        first = (
            BaldaGame.new(lexicon, seed=seed)
            if lexicon.profile == "balda"
            else Wordgame.new(lexicon, seed=seed)
        )
        if len({c.points for c in first.legal_moves() if c.points > 1}) > 1:
            return seed
    raise AssertionError(f"no opening with a choice in {lexicon!r}")


def get_analysis(client: TestClient, created: dict, token: str | None = None):
    game_id = created["game"]["id"]
    return client.get(f"/api/games/{game_id}/analysis", headers=bearer(token or created["token"]))


@pytest.mark.parametrize("kind", ["balda", "wordgame"])
def test_the_analysis_over_http_is_the_library_s(client: TestClient, app_paths, kind: str) -> None:
    data, db = app_paths
    created = create(client, game=kind, seed=opening_seed(Lexicon.open("en", kind, data)))
    game = stored_game(db, created["game"]["id"], data)
    weakest = min((c for c in game.legal_moves() if c.points > 1), key=lambda c: (c.points, c.word))
    error(get_analysis(client, created), 409, "game_not_over")
    played = act(client, created, {"action": "play", "move": weakest.move.to_dict()}).json()
    error(get_analysis(client, created), 409, "game_not_over")
    resigned = act(client, created, {"action": "resign", "version": played["game"]["version"]})
    assert resigned.status_code == 200, resigned.text
    response = get_analysis(client, created)
    assert response.status_code == 200, response.text
    answer = response.json()
    documented(client, "get", "/api/games/{game_id}/analysis", 200, answer)
    game = stored_game(db, created["game"]["id"], data)
    reviews = analyse(game, 0)
    screen = BALDA_SCREEN if kind == "balda" else WORDGAME_SCREEN
    assert answer["level"] == "strong" and answer["player"] == 0
    assert answer["given_up"] == round(total_given_up(reviews), 2)
    assert len(answer["moves"]) == 1 and answer["moves"][0]["word"] == weakest.word
    best = {**reviews[0].best.to_dict(), "notation": screen.notation(game, reviews[0].best)}
    assert answer["moves"][0] == {**reviews[0].to_dict(game), "best": best}
    assert answer["moves"][0]["played"]["points"] == weakest.points
    ranked = ranked_at(game, 0)  # the strong bot's values of the first position's moves
    mine = next(r for r in ranked if r.candidate.move == weakest.move)
    assert answer["moves"][0]["best"]["word"] == ranked[0].candidate.word
    assert answer["moves"][0]["given_up"] == round(ranked[0].value - mine.value, 2)
    again = get_analysis(client, created)  # kept: the same answer, byte for byte
    assert again.content == response.content
    assert (created["game"]["id"], 0) in client.app.state.games.analyses._done


def test_the_analysis_asks_for_a_player_s_token(client: TestClient) -> None:
    created = create(client, seed=3)
    act(client, created, {"action": "resign"})
    game_id = created["game"]["id"]
    error(client.get(f"/api/games/{game_id}/analysis"), 401, "token_required")
    error(get_analysis(client, created, token="y" * 40), 403, "bad_token")
    error(get_analysis(client, created, token="not a token!"), 403, "bad_token")
    token = bearer(created["token"])
    error(client.get("/api/games/nosuchgame123456/analysis", headers=token), 404, "unknown_game")
    error(client.get(f"/api/games/{'x' * 40}/analysis", headers=token), 422, "invalid_request")
    nothing = get_analysis(client, created).json()  # resigned before any move: nothing to review
    assert (nothing["moves"], nothing["given_up"]) == ([], 0)


def test_a_friend_s_game_is_reviewed_for_each_seat(client: TestClient, app_paths) -> None:
    created = create(client, opponent="friend", name="Ann")  # a start word drawn at random
    game_id = created["game"]["id"]
    joined = client.post(
        f"/api/games/{game_id}/join", json={"invite": created["invite"], "name": "Bob"}
    ).json()
    data, db = app_paths
    game = stored_game(db, game_id, data)
    # the analysing bot's own best move, so nothing is given up (the most points need not be it:
    # its lookahead counts the reply)
    first = best_move(game)
    assert first is not None
    act(client, created, {"action": "play", "move": first.move.to_dict()})
    error(get_analysis(client, joined), 409, "game_not_over")
    client.post(
        f"/api/games/{game_id}/actions",
        json={"version": 1, "action": "resign"},
        headers=bearer(joined["token"]),
    )
    ann, bob = get_analysis(client, created).json(), get_analysis(client, joined).json()
    assert (ann["player"], len(ann["moves"]), ann["given_up"]) == (0, 1, 0)
    assert (bob["player"], bob["moves"]) == (1, [])
    assert json.loads(json.dumps(ann)) == ann


def test_the_hint_looks_ahead_in_the_terminal_and_over_http(client: TestClient, app_paths) -> None:
    data, _ = app_paths
    game = BaldaGame.new(Lexicon.open("en", "balda", data), seed=8, players=("You", "Bot"))
    hint, greedy = best_move(game), Bot("greedy", seed=0).ranked(game, 1)[0].candidate
    assert (hint.word, hint.points, greedy.word, greedy.points) == ("go", 2, "run", 3)  # not the most points
    shown: list[str] = []
    play_balda(game, human=0, read=scripted(["hint", "hint", "hint", "quit"]), write=shown.append)
    assert [BALDA_SCREEN.hint(game, hint, level) for level in (1, 2, 3)] == [
        line for line in shown if line.startswith(("Try ", "Put a letter", "GO: type"))
    ]
    created = create(client, seed=8)
    game_id = created["game"]["id"]
    answer = client.post(f"/api/games/{game_id}/hint", json={"version": 0}, headers=bearer(created["token"]))
    assert answer.status_code == 200 and (answer.json()["word"], answer.json()["points"]) == ("go", 2)
