"""What the page asks the API for besides moves: a move's score before it is played, the terminal's
hint, a rematch, the tiles a Wordgame player cannot see, and /docs without a CDN. Answers equal the
library's; bad input is a JSON error with its code, and changes nothing."""

from __future__ import annotations

import re
import threading
import time
import typing
from collections import Counter
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.conftest import BACKENDS, new_database
from tests.server_helpers import ROOMY, stored_game
from tests.test_server import act, bearer, create, documented, error
from wordlist import Lexicon
from wordlist.games.analysis import best_move
from wordlist.games.balda.terminal import SCREEN as BALDA_SCREEN
from wordlist.games.wordgame import Wordgame
from wordlist.games.wordgame.terminal import SCREEN as WORDGAME_SCREEN
from wordlist.server import create_app
from wordlist.server.games import rematch_id

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module", params=BACKENDS)
def app_paths(
    request: pytest.FixtureRequest, sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path | str]:
    """The lists, and a games database of each backend in turn: the module runs on both."""
    return sample_outputs, new_database(request, request.param, tmp_path_factory.mktemp("server-play"))


@pytest.fixture(scope="module")
def client(app_paths: tuple[Path, Path]) -> typing.Iterator[TestClient]:
    with TestClient(create_app(*app_paths, limits=ROOMY)) as test_client:
        yield test_client


def post(client: TestClient, created: dict, what: str, body: object, token: str | None = None):
    game_id = created["game"]["id"]
    return client.post(f"/api/games/{game_id}/{what}", json=body, headers=bearer(token or created["token"]))


def first_moves(lexicon: Lexicon) -> tuple[int, Wordgame]:
    """A seed whose opening rack has legal moves, and the game."""
    for seed in range(100):
        game = Wordgame.new(lexicon, seed=seed, players=("Ann", "Bot"))
        if game.legal_moves():
            return seed, game
    raise AssertionError("no opening with a move in the sample list")


# --- a move's score, before it is played -----------------------------------------------------------


def test_a_wordgame_move_is_scored_as_the_library_scores_it(client: TestClient, app_paths) -> None:
    data, db = app_paths
    seed, game = first_moves(Lexicon.open("en", "wordgame", data))
    created = create(client, game="wordgame", seed=seed, name="Ann")
    version = created["game"]["version"]
    moves = game.legal_moves()
    for candidate in moves[:: max(1, len(moves) // 12)]:  # a dozen moves across the search's order
        response = post(client, created, "check", {"version": version, "move": candidate.move.to_dict()})
        assert response.status_code == 200, response.text
        preview = response.json()
        documented(client, "post", "/api/games/{game_id}/check", 200, preview)
        score = game.check(candidate.move)
        assert preview["legal"] and preview["points"] == score.points == candidate.points
        assert preview["bingo"] == score.bingo and preview["problem"] is None
        assert [(w["word"], w["points"]) for w in preview["words"]] == [
            (w.text, w.points) for w in score.words
        ]
        assert [[tuple(c) for c in w["cells"]] for w in preview["words"]] == [
            list(w.cells) for w in score.words
        ]
    # nothing was played: the game is where it was
    assert stored_game(db, created["game"]["id"], data).version == version


def test_an_illegal_move_is_previewed_with_the_rule_it_breaks(client: TestClient, app_paths) -> None:
    data, _ = app_paths
    seed, game = first_moves(Lexicon.open("en", "wordgame", data))
    created = create(client, game="wordgame", seed=seed)
    version = created["game"]["version"]
    rack = game.racks[0]
    off_start = {"tiles": [{"cell": [0, c], "letter": t, "blank": t == "?"} for c, t in enumerate(rack[:2])]}
    for tiles in off_start["tiles"]:
        if tiles["blank"]:
            tiles["letter"] = "e"
    short = {
        "tiles": [{"cell": [7, 7], "letter": rack[0] if rack[0] != "?" else "e", "blank": rack[0] == "?"}]
    }
    missing = "".join(c for c in "qzjxkvw" if c not in rack)[:1]
    for move, rule in (
        (off_start, "first_move_off_start"),
        (short, "first_move_too_short"),
        ({"tiles": [{"cell": [7, c], "letter": missing} for c in range(7, 11)]}, "not_on_rack"),
        ({"tiles": []}, "no_tiles"),
        ({"tiles": [{"cell": [7, 7], "letter": "a"}, {"cell": [8, 8], "letter": "b"}]}, "not_on_rack"),
    ):
        preview = post(client, created, "check", {"version": version, "move": move}).json()
        assert preview["legal"] is False and preview["points"] is None and preview["words"] == []
        assert preview["problem"]["code"] == rule, (move, preview)
        assert preview["problem"]["message"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"version": 0, "move": "h8 across cat"}, 422, "invalid_request"),  # not an object
        ({"version": 0, "move": {"tiles": "cat"}}, 400, "malformed"),
        ({"version": 0, "move": {"tiles": [{"cell": [7], "letter": "a"}]}}, 400, "malformed"),
        ({"version": 0, "move": {"tiles": [{"cell": [7, 7], "letter": 5}]}}, 400, "malformed"),
        ({"version": 0, "move": {"tiles": [{"cell": [7.5, 7], "letter": "a"}]}}, 400, "malformed"),
        ({"version": 0, "move": {"cell": [7, 7]}}, 400, "malformed"),
        ({"version": 0}, 422, "invalid_request"),
        ({"version": "0", "move": {"tiles": []}}, 422, "invalid_request"),
        ({"version": -1, "move": {"tiles": []}}, 422, "invalid_request"),
        ({"version": 0, "move": {"tiles": []}, "action": "play"}, 422, "invalid_request"),
        ({"version": 5, "move": {"tiles": []}}, 409, "version_conflict"),
    ],
)
def test_a_bad_preview_is_a_clean_error(client: TestClient, body: dict, status: int, code: str) -> None:
    created = create(client, game="wordgame", seed=1)
    error(post(client, created, "check", body), status, code)


def test_a_preview_needs_the_seat_and_the_turn(client: TestClient) -> None:
    created = create(client, game="wordgame", opponent="friend")
    joined = client.post(
        f"/api/games/{created['game']['id']}/join", json={"invite": created["invite"]}
    ).json()
    body = {"version": 0, "move": {"tiles": [{"cell": [7, 7], "letter": "a"}]}}
    error(post(client, created, "check", body, token=joined["token"]), 409, "not_your_turn")
    error(post(client, created, "check", body, token="x" * 32), 403, "bad_token")
    game_id = created["game"]["id"]
    error(client.post(f"/api/games/{game_id}/check", json=body), 401, "token_required")
    error(
        client.post("/api/games/AAAAAAAAAAAAAAAA/check", json=body, headers=bearer(created["token"])),
        404,
        "unknown_game",
    )


def test_a_balda_move_is_scored_a_point_a_letter(client: TestClient, app_paths) -> None:
    data, db = app_paths
    created = create(client, seed=7)
    game = stored_game(db, created["game"]["id"], data)
    candidate = max(game.legal_moves(), key=lambda c: c.points)
    body = {"version": created["game"]["version"], "move": candidate.move.to_dict()}
    preview = post(client, created, "check", body).json()
    assert preview["legal"] and preview["points"] == len(candidate.word) == candidate.points
    assert preview["words"] == [
        {"word": candidate.word, "points": candidate.points, "cells": [list(c) for c in candidate.move.path]}
    ]
    cell = candidate.move.cell
    nonsense = {"cell": list(cell), "letter": "q", "path": [list(cell), list(candidate.move.path[1])]}
    preview = post(client, created, "check", {**body, "move": nonsense}).json()
    if not game.lexicon.is_word("q" + (game.letter_at(candidate.move.path[1]) or "")):
        assert preview["legal"] is False and preview["problem"]["code"] in ("not_a_word", "new_letter_unused")


# --- the game's own work, timed ---------------------------------------------------------------------

SERVER_TIMING = re.compile(r"game;dur=(\d+\.\d{3})")


def test_a_move_s_answer_times_the_game_s_own_work(client: TestClient, app_paths) -> None:
    """Server-Timing: the CPU milliseconds of the rules and the bot's reply, within the request's
    own time; an answer that played nothing (an illegal move, a stale version) has none."""
    data, db = app_paths
    created = create(client, seed=7, level="strong")
    game = stored_game(db, created["game"]["id"], data)
    candidate = max(game.legal_moves(), key=lambda c: c.points)
    started = time.perf_counter()
    played = act(client, created, {"action": "play", "move": candidate.move.to_dict()})
    wall_ms = (time.perf_counter() - started) * 1000
    assert played.status_code == 200, played.text
    assert len(played.json()["turns"]) == 2  # the move and the bot's reply: both timed
    found = SERVER_TIMING.fullmatch(played.headers["server-timing"])
    assert found is not None, played.headers["server-timing"]
    assert 0 < float(found[1]) <= wall_ms
    stale = act(client, created, {"action": "pass"}, version=0)
    error(stale, 409, "version_conflict")
    nonsense = {"cell": list(candidate.move.cell), "letter": "a", "path": [[9, 9]]}
    illegal = act(client, {**created, "game": played.json()["game"]}, {"action": "play", "move": nonsense})
    assert illegal.status_code in (400, 422), illegal.text
    assert "server-timing" not in stale.headers and "server-timing" not in illegal.headers


# --- the hint ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["balda", "wordgame"])
def test_the_hint_is_the_terminal_s_and_its_move_plays(client: TestClient, app_paths, kind: str) -> None:
    data, db = app_paths
    seed = first_moves(Lexicon.open("en", "wordgame", data))[0] if kind == "wordgame" else 3
    created = create(client, game=kind, seed=seed)
    game = stored_game(db, created["game"]["id"], data)
    response = post(client, created, "hint", {"version": created["game"]["version"]})
    assert response.status_code == 200, response.text
    hint = response.json()
    documented(client, "post", "/api/games/{game_id}/hint", 200, hint)
    best = best_move(game)  # what `hint` in the terminal gives: the strong bot's best
    screen = BALDA_SCREEN if kind == "balda" else WORDGAME_SCREEN
    assert hint["found"] and hint["word"] == best.word and hint["points"] == best.points
    assert hint["steps"] == [screen.hint(game, best, 1), screen.hint(game, best, 2)]
    assert hint["move"] == best.move.to_dict()
    if kind == "wordgame":
        assert (tuple(hint["cell"]), hint["direction"]) == (best.start, best.direction)
    else:
        assert tuple(hint["cell"]) == best.move.cell
    played = act(client, created, {"action": "play", "move": hint["move"]})
    assert played.status_code == 200 and played.json()["turns"][0]["points"] == hint["points"]
    error(post(client, created, "hint", {"version": created["game"]["version"]}), 409, "version_conflict")


def test_no_word_to_hint_at_says_so(client: TestClient, app_paths) -> None:
    data, _ = app_paths
    lexicon = Lexicon.open("en", "wordgame", data)
    seed = next(s for s in range(200) if not Wordgame.new(lexicon, seed=s).legal_moves())
    created = create(client, game="wordgame", seed=seed)
    hint = post(client, created, "hint", {"version": 0}).json()
    assert hint == {
        "found": False,
        "can_exchange": True,
        "steps": None,
        "word": None,
        "points": None,
        "move": None,
        "cell": None,
        "direction": None,
    }


def test_hints_are_for_games_against_the_bot(client: TestClient) -> None:
    created = create(client, opponent="friend")
    error(post(client, created, "hint", {"version": 0}), 409, "no_hints")
    bot = create(client)
    for body in ({}, {"version": "0"}, {"version": 0, "level": 3}, [], "0"):
        error(post(client, bot, "hint", body), 422, "invalid_request")
    error(post(client, bot, "hint", {"version": 0}, token="y" * 40), 403, "bad_token")


# --- a rematch --------------------------------------------------------------------------------------


def test_a_rematch_against_the_bot_swaps_the_seats(client: TestClient, app_paths) -> None:
    data, db = app_paths
    created = create(client, name="Ann", level="beginner", balda={"size": 7, "diagonal": True})
    error(post(client, created, "rematch", None), 409, "game_not_over")
    assert act(client, created, {"action": "resign"}).status_code == 200
    response = post(client, created, "rematch", None)
    assert response.status_code == 201, response.text
    again = response.json()
    documented(client, "post", "/api/games/{game_id}/rematch", 201, again)
    game = again["game"]
    assert game["id"] == rematch_id(created["game"]["id"]) and game["player"] == 1  # Ann moves second now
    assert game["level"] == "beginner" and game["view"]["players"] == ["Bot", "Ann"]
    assert game["view"]["settings"] == created["game"]["view"]["settings"]  # 7x7, diagonal
    assert game["version"] == 1 and game["view"]["history"][0]["player"] == 0  # the bot has moved
    assert stored_game(db, game["id"], data).view(1) == game["view"]
    old = client.get(f"/api/games/{created['game']['id']}", headers=bearer(created["token"])).json()
    assert old["rematch"] == {"id": game["id"], "joined": True}
    error(post(client, created, "rematch", None), 409, "rematch_taken")
    assert act(client, again, {"action": "resign"}).status_code == 200  # the rematch has its own
    assert post(client, again, "rematch", None).json()["game"]["player"] == 0


def test_a_friend_s_rematch_is_joined_by_asking_too(client: TestClient) -> None:
    ann = create(client, game="wordgame", opponent="friend", name="Ann")
    game_id = ann["game"]["id"]
    bob = client.post(f"/api/games/{game_id}/join", json={"invite": ann["invite"], "name": "Bob"}).json()
    assert act(client, ann, {"action": "resign"}).status_code == 200
    old = client.get(f"/api/games/{game_id}", headers=bearer(ann["token"])).json()
    assert "rematch" not in old and old["revision"] == 2
    waited: dict = {}

    def wait() -> None:  # Ann's page waits on the old game: Bob's rematch wakes it
        answer = client.get(
            f"/api/games/{game_id}", params={"wait": 20, "revision": 2}, headers=bearer(ann["token"])
        )
        waited.update(answer.json())

    thread = threading.Thread(target=wait)
    thread.start()
    started = post(client, bob, "rematch", None).json()
    thread.join(timeout=30)
    assert waited["revision"] == 3 and waited["rematch"] == {"id": started["game"]["id"], "joined": False}
    game = started["game"]
    assert game["player"] == 0 and game["view"]["players"] == ["Bob", "Ann"] and game["waiting_for_friend"]
    assert started["invite"] is None and started["invite_url"] is None
    mine = client.get(f"/api/games/{game_id}", headers=bearer(bob["token"])).json()["rematch"]
    assert mine == {"id": game["id"], "joined": True}
    joined = post(client, ann, "rematch", None).json()
    assert joined["game"]["id"] == game["id"] and joined["game"]["player"] == 1
    assert joined["game"]["waiting_for_friend"] is False
    assert client.get(f"/api/games/{game_id}", headers=bearer(ann["token"])).json()["rematch"]["joined"]
    for someone in (ann, bob):
        error(post(client, someone, "rematch", None), 409, "rematch_taken")
    # the rematch's seats are the new tokens', not the old ones'
    error(client.get(f"/api/games/{game['id']}", headers=bearer(ann["token"])), 403, "bad_token")
    assert act(client, started, {"action": "pass"}).status_code == 200
    # and nobody joins it with an invite
    error(client.post(f"/api/games/{game['id']}/join", json={"invite": "z" * 32}), 409, "seat_taken")


def finished_friends_game(client: TestClient) -> tuple[dict, dict]:
    """Ann and Bob's game, Ann resigned: (Ann's creation, Bob's join)."""
    ann = create(client, opponent="friend", name="Ann")
    game_id = ann["game"]["id"]
    bob = client.post(f"/api/games/{game_id}/join", json={"invite": ann["invite"], "name": "Bob"}).json()
    assert act(client, ann, {"action": "resign"}).status_code == 200
    return ann, bob


@pytest.mark.parametrize("live", [True, False], ids=["live", "read"])
def test_a_move_is_played_again_after_a_change_that_is_no_turn(app_paths, monkeypatch, live: bool) -> None:
    """The other player takes their rematch seat (another server) while a move is written: the
    move is played again on the stored game, not refused as stale, and sees the seat taken."""
    with TestClient(create_app(*app_paths, limits=ROOMY)) as served:
        _, bob = finished_friends_game(served)
        again = post(served, bob, "rematch", None).json()  # Bob's seat in the rematch: Ann's is free
        games, store = served.app.state.games, served.app.state.store
        if not live:
            games.live.take_latest(again["game"]["id"])  # the move reads the store first
        write = store.update

        async def claimed_meanwhile(*args: object) -> int | None:
            monkeypatch.setattr(store, "update", write)
            await store.claim_seat(again["game"]["id"], 1 - again["game"]["player"], "c" * 32)
            return await write(*args)

        monkeypatch.setattr(store, "update", claimed_meanwhile)
        answer = act(served, again, {"action": "resign"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["game"]["waiting_for_friend"] is False and answer.json()["game"]["version"] == 1


def test_a_claimed_rematch_seat_is_in_the_game_the_server_keeps(app_paths, monkeypatch) -> None:
    """Another request of the same server reads the rematch while its second seat is claimed: the
    record the server keeps for the next move holds the claimed seat."""
    with TestClient(create_app(*app_paths, limits=ROOMY)) as served:
        ann, bob = finished_friends_game(served)
        again = post(served, bob, "rematch", None).json()
        games, store = served.app.state.games, served.app.state.store
        claim = store.claim_seat

        async def looked_at_meanwhile(*args: object) -> int | None:
            revision = await claim(*args)
            await games.status(again["game"]["id"], again["token"])
            return revision

        monkeypatch.setattr(store, "claim_seat", looked_at_meanwhile)
        assert post(served, ann, "rematch", None).status_code == 201  # Ann takes her seat
        moved = act(served, again, {"action": "resign"})  # on the game the server keeps
        assert moved.status_code == 200, moved.text
        assert moved.json()["game"]["waiting_for_friend"] is False


def test_a_rematch_needs_a_seat(client: TestClient) -> None:
    created = create(client)
    act(client, created, {"action": "resign"})
    game_id = created["game"]["id"]
    error(client.post(f"/api/games/{game_id}/rematch"), 401, "token_required")
    error(post(client, created, "rematch", None, token="q" * 30), 403, "bad_token")
    error(
        client.post("/api/games/AAAAAAAAAAAAAAAA/rematch", headers=bearer(created["token"])),
        404,
        "unknown_game",
    )
    error(
        client.post(f"/api/games/{'x' * 40}/rematch", headers=bearer(created["token"])),
        422,
        "invalid_request",
    )


# --- what a Wordgame player cannot see ---------------------------------------------------------------


def test_the_unseen_tiles_are_the_bag_and_the_other_rack(client: TestClient, app_paths) -> None:
    data, db = app_paths
    seed, _ = first_moves(Lexicon.open("en", "wordgame", data))
    created = create(client, game="wordgame", seed=seed)
    game = stored_game(db, created["game"]["id"], data)
    move = max(game.legal_moves(), key=lambda c: c.points).move.to_dict()
    view = act(client, created, {"action": "play", "move": move}).json()["game"]["view"]
    game = stored_game(db, created["game"]["id"], data)
    expected = Counter(game.bag) + Counter(game.racks[1])
    assert view["unseen"] == dict(sorted(expected.items()))
    assert sum(view["unseen"].values()) == view["bag"] + view["opponent_tiles"]
    assert view["passes_to_end"] == 3


# --- the API's description, offline -----------------------------------------------------------------


def test_the_docs_page_loads_swagger_ui_from_this_server(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200 and docs.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in docs.headers["content-security-policy"]
    assert "http" not in docs.text.replace('charset="utf-8"', "")  # no other site, no CDN
    for path in ("/docs/assets/swagger-ui-bundle.js", "/docs/assets/swagger-ui.css", "/api-docs.js"):
        asset = client.get(path)
        assert asset.status_code == 200 and len(asset.content) > 100, path
        assert path.rsplit("/", 1)[1] in docs.text
    assert client.get("/redoc").status_code == 404  # its bundle would come from a CDN: not offered


def test_the_page_s_files_are_asked_for_again_each_time(client: TestClient) -> None:
    """A server with a new page never runs next to scripts a browser kept: they are revalidated."""
    for path in ("/", "/app.js", "/screen.js", "/wordgame.js", "/game.css", "/js/index.js"):
        answer = client.get(path)
        assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache", path
        again = client.get(path, headers={"If-None-Match": answer.headers["etag"]})
        assert again.status_code == 304, path  # unchanged: nothing sent again
