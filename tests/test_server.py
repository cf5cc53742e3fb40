"""The HTTP API, endpoint by endpoint, bad input included: answers equal the library's, errors are
JSON with a code and a fitting status, secrets and versions guard the games."""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import threading
import time
import typing
from pathlib import Path
from urllib.parse import quote

import jsonschema
import orjson
import pytest
from fastapi.testclient import TestClient
from starlette.responses import JSONResponse

from tests.conftest import BACKENDS, new_database
from tests.server_helpers import ROOMY, best_move, query, stored_game
from wordlist import Lexicon
from wordlist.errors import ArtefactError, StoreBusy, WordlistError
from wordlist.games import LEVELS
from wordlist.games.balda import BOARD_SIZES, EXTRA_PARTS_OF_SPEECH, BaldaGame
from wordlist.games.wordgame import Wordgame
from wordlist.server import create_app, lists, models, play
from wordlist.server.limits import Limits

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module", params=BACKENDS)
def app_paths(
    request: pytest.FixtureRequest, sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path | str]:
    """The lists, and a games database of each backend in turn: the module runs on both."""
    return sample_outputs, new_database(request, request.param, tmp_path_factory.mktemp("server"))


@pytest.fixture(scope="module")
def client(app_paths: tuple[Path, Path]) -> typing.Iterator[TestClient]:
    with TestClient(create_app(*app_paths, limits=ROOMY)) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def en_balda(sample_outputs: Path) -> Lexicon:
    return Lexicon.open("en", "balda", sample_outputs)


def documented(client: TestClient, method: str, path: str, status: int, body: object) -> None:
    """`body` is valid against the schema /openapi.json gives for this route and status."""
    document = client.get("/openapi.json").json()
    operation = document["paths"][path][method]
    schema = operation["responses"][str(status)]["content"]["application/json"]["schema"]
    # the document's references are "#/components/...": resolved against a root that holds them
    jsonschema.Draft202012Validator({**schema, "components": document["components"]}).validate(body)


def error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code, body
    assert body["message"]
    return body


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# --- word lists ------------------------------------------------------------------------------------


def test_lists_are_the_built_ones(client: TestClient, sample_outputs: Path) -> None:
    found = client.get("/api/lists").json()
    assert [(item["language"], item["profile"]) for item in found] == Lexicon.available(sample_outputs)
    for item in found:
        lexicon = Lexicon.open(item["language"], item["profile"], sample_outputs)
        assert item["words"] == len(lexicon)
        assert item["letters"] == lexicon.letters
        assert item["games"] == (["wordgame"] if lexicon.game_spec else ["balda"])
        assert (item["game"] is None) == (lexicon.game_spec is None)
        one = client.get(f"/api/lists/{item['language']}/{item['profile']}").json()
        assert one == item
    german = next(i for i in found if i["language"] == "de" and i["profile"] == "balda")
    assert german["language_name"] == "German" and german["upper"]["ß"] == "ẞ"


@pytest.mark.parametrize(
    "path",
    ["/api/lists/xx/balda", "/api/lists/en/nothing", "/api/lists/../balda", "/api/lists/en/..%2F..%2Fetc"],
)
def test_an_unknown_list_is_404_and_never_a_path(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.json()["code"] in ("unknown_list", "not_found")


def test_list_names_are_bounded(client: TestClient) -> None:
    error(client.get("/api/lists/" + "e" * 65 + "/balda"), 422, "invalid_request")


WORDS = [
    "email",
    "EMAIL",
    "e-mail",
    "run",
    "Table",
    "tables",
    "paris",
    "zzz",
    "",
    "caté",
    "a b",
    "x\x00y",
    "ẞ",
]


@pytest.mark.parametrize("word", [w for w in WORDS if w])
def test_check_answers_as_the_library(client: TestClient, en_balda: Lexicon, word: str) -> None:
    path = f"/api/lists/en/balda/words/{quote(word, safe='')}"
    found = client.get(path)
    assert found.status_code == 200, found.text
    assert found.json() == {
        "word": word,
        "normalized": en_balda.normalize(word),
        "is_word": en_balda.is_word(word),
        "parts_of_speech": list(en_balda.parts_of_speech(word)),
        "pos": None,
    }
    for pos in (["noun"], ["verb", "adjective"], ["adverb"]):
        asked = client.get(path, params={"pos": pos}).json()
        assert asked["is_word"] == en_balda.is_word(word, pos=pos)
        assert asked["pos"] == pos
    commas = client.get(path, params={"pos": "verb,adjective"}).json()
    assert commas["is_word"] == en_balda.is_word(word, pos=["verb", "adjective"])


def test_check_refuses_unknown_parts_of_speech_and_long_words(client: TestClient) -> None:
    body = error(client.get("/api/lists/en/balda/words/run", params={"pos": "verbb"}), 422, "invalid_request")
    assert "verbb" in body["message"]
    error(client.get("/api/lists/en/balda/words/" + "a" * 256), 422, "invalid_request")
    error(client.get("/api/lists/en/balda/words/run", params={"pos": ["noun"] * 40}), 422, "invalid_request")
    many = ",".join(["noun"] * 1000)  # one parameter, many names: the same bound
    body = error(client.get("/api/lists/en/balda/words/run", params={"pos": many}), 422, "invalid_request")
    assert body["message"].startswith("pos: ")


@pytest.mark.parametrize("word", ["table", "TABLE", "run", "email", "nothing"])
def test_definitions_answer_as_the_library(client: TestClient, en_balda: Lexicon, word: str) -> None:
    found = client.get(f"/api/lists/en/balda/words/{word}/definitions").json()
    assert found["definitions"] == en_balda.definitions(word)
    assert found["titles"] == en_balda.titles(word)
    verbs = client.get(f"/api/lists/en/balda/words/{word}/definitions", params={"pos": "verb"}).json()
    assert verbs["definitions"] == en_balda.definitions(word, pos="verb")


@pytest.mark.parametrize(
    "query",
    [{}, {"pos": "noun"}, {"length": 5}, {"prefix": "ta"}, {"pos": "verb", "prefix": "r", "length": 3}],
)
def test_words_come_in_pages_that_add_up_to_the_library(
    client: TestClient, en_balda: Lexicon, query: dict
) -> None:
    expected = en_balda.words(
        pos=query.get("pos"), length=query.get("length"), prefix=query.get("prefix", "")
    )
    pages, offset = [], 0
    while offset is not None:
        page = client.get("/api/lists/en/balda/words", params={**query, "offset": offset, "limit": 7}).json()
        assert page["limit"] == 7
        pages += page["words"]
        offset = page["next_offset"]
        # counted on the last page only: the others walk the list no further than their end
        assert page["total"] == (len(expected) if offset is None else None)
        assert len(pages) <= len(expected)
    assert pages == expected


@pytest.mark.parametrize(
    "query",
    [{"limit": 0}, {"limit": 1001}, {"offset": -1}, {"length": 0}, {"length": "five"}, {"prefix": "a" * 256}],
)
def test_words_queries_are_bounded(client: TestClient, query: dict) -> None:
    body = error(client.get("/api/lists/en/balda/words", params=query), 422, "invalid_request")
    assert body["message"].startswith("query.")


@pytest.mark.parametrize("pattern", ["a??le", "*", "t*", "*?*?*?*?*?*?", "?", "c*t", "TA*", "e-m*"])
def test_match_answers_as_the_library(client: TestClient, en_balda: Lexicon, pattern: str) -> None:
    expected = en_balda.match(pattern)
    found = client.get("/api/lists/en/balda/match", params={"pattern": pattern, "limit": 1000}).json()
    assert found == {"words": expected, "total": len(expected), "truncated": False}
    few = client.get("/api/lists/en/balda/match", params={"pattern": pattern, "limit": 2}).json()
    assert few == {"words": expected[:2], "total": len(expected), "truncated": len(expected) > 2}
    nouns = client.get("/api/lists/en/balda/match", params={"pattern": pattern, "pos": "noun", "limit": 1000})
    assert nouns.json()["words"] == en_balda.match(pattern, pos="noun")


def test_match_refuses_bad_patterns(client: TestClient) -> None:
    body = error(client.get("/api/lists/en/balda/match", params={"pattern": "a1"}), 422, "invalid_request")
    assert body["message"].startswith("pattern:") and "'1'" in body["message"]
    error(client.get("/api/lists/en/balda/match", params={"pattern": "a" * 65}), 422, "invalid_request")
    error(client.get("/api/lists/en/balda/match", params={"pattern": ""}), 422, "invalid_request")
    error(client.get("/api/lists/en/balda/match"), 422, "invalid_request")


@pytest.mark.parametrize("rack", ["tsera", "?at", "**t", "retains", "xyz"])
def test_anagrams_answer_as_the_library(client: TestClient, en_balda: Lexicon, rack: str) -> None:
    url = "/api/lists/en/balda/anagrams"
    assert client.get(url, params={"rack": rack, "limit": 1000}).json()["words"] == en_balda.anagrams(rack)
    every = client.get(url, params={"rack": rack, "all": "true", "limit": 1000}).json()
    assert every["words"] == en_balda.anagrams(rack, use_all=True)
    longer = client.get(url, params={"rack": rack, "min_length": 4, "pos": "noun", "limit": 1000}).json()
    assert longer["words"] == en_balda.anagrams(rack, min_length=4, pos="noun")


def test_anagram_racks_are_bounded(client: TestClient) -> None:
    url = "/api/lists/en/balda/anagrams"
    error(client.get(url, params={"rack": "a" * 21}), 422, "invalid_request")
    error(client.get(url, params={"rack": "ab1"}), 422, "invalid_request")
    error(client.get(url, params={"rack": "abc", "min_length": 0}), 422, "invalid_request")


def test_random_words_are_the_library_s(client: TestClient, en_balda: Lexicon) -> None:
    for seed in range(5):
        found = client.get("/api/lists/en/balda/random", params={"length": 5, "seed": seed}).json()
        assert found == {"word": en_balda.random_word(5, seed=seed)}
        verb = client.get(
            "/api/lists/en/balda/random", params={"length": 3, "seed": seed, "pos": "verb"}
        ).json()
        assert verb == {"word": en_balda.random_word(3, pos="verb", seed=seed)}
    error(client.get("/api/lists/en/balda/random", params={"length": 60}), 404, "unknown_word")
    error(client.get("/api/lists/en/balda/random", params={"length": 0}), 422, "invalid_request")
    error(client.get("/api/lists/en/balda/random"), 422, "invalid_request")


def test_client_files_are_the_list_s_files(client: TestClient, sample_outputs: Path) -> None:
    for language, profile, name in (("en", "balda", "words.dawg"), ("de", "wordgame", "game.json")):
        expected = (sample_outputs / language / profile / name).read_bytes()
        url = f"/api/lists/{language}/{profile}/files/{name}"
        plain = client.get(url, headers={"Accept-Encoding": "identity"})
        assert plain.status_code == 200 and plain.content == expected
        zipped = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert (
            zipped.headers["content-encoding"] == "gzip" and zipped.content == expected
        )  # decoded by the client
        etag = plain.headers["etag"]
        assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    error(client.get("/api/lists/en/balda/files/game.json"), 404, "unknown_file")
    error(client.get("/api/lists/en/balda/files/manifest.json"), 422, "invalid_request")
    error(client.get("/api/lists/en/balda/files/..%2Fbalda%2Fwords.dawg"), 404, "not_found")


def test_a_slow_search_gets_503_and_the_server_goes_on(app_paths, tmp_path: Path, monkeypatch) -> None:
    data, _ = app_paths
    app = create_app(data, tmp_path / "games.sqlite", limits=Limits(search_timeout=0.2, search_workers=1))
    lexicon = app.state.catalog.get("en", "balda")
    monkeypatch.setattr(lexicon, "match", lambda pattern, pos=None: time.sleep(0.6) or ["slow"])
    with TestClient(app) as slow:
        body = error(slow.get("/api/lists/en/balda/match", params={"pattern": "a*"}), 503, "search_timeout")
        assert "0.2 s" in body["message"]
        assert slow.get("/api/lists/en/balda/words/run").json()["is_word"] is True
        time.sleep(0.6)  # the search ends and gives its slot back
        monkeypatch.setattr(lexicon, "match", lambda pattern, pos=None: ["quick"])
        assert slow.get("/api/lists/en/balda/match", params={"pattern": "a*"}).json()["words"] == ["quick"]


# --- limits and errors -----------------------------------------------------------------------------


def test_large_bodies_are_refused_before_they_are_read(client: TestClient) -> None:
    big = json.dumps({"game": "balda", "name": "x" * 20_000})
    error(
        client.post("/api/games", content=big, headers={"Content-Type": "application/json"}),
        413,
        "body_too_large",
    )

    def chunks() -> typing.Iterator[bytes]:
        yield b'{"game": "balda", "name": "'
        for _ in range(40):
            yield b"x" * 1000
        yield b'"}'

    chunked = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    error(chunked, 413, "body_too_large")


def test_unknown_routes_and_methods_are_json_errors(client: TestClient) -> None:
    error(client.get("/api/nothing"), 404, "not_found")
    error(client.delete("/api/lists"), 405, "method_not_allowed")
    error(
        client.post("/api/games", content=b"{not json", headers={"Content-Type": "application/json"}),
        422,
        "invalid_request",
    )


def test_the_api_document_names_every_route_served_and_only_those(client: TestClient) -> None:
    """The game routes are served by lean.py, not by FastAPI's machinery; the document must still be
    true: each operation it names is answered by its endpoint (not the router's 404 or 405), each
    route under /api is in it, and the answers and errors of the game routes have its shapes."""
    document = client.get("/openapi.json").json()
    named = {(method, path) for path, operations in document["paths"].items() for method in operations}
    routes = [*lists.router.routes, *play.router.routes]  # what the app includes under /api
    assert not [route for route in client.app.routes if getattr(route, "path", "").startswith("/api")]
    served = {(method.lower(), route.path) for route in routes for method in route.methods - {"HEAD"}}
    assert named == served
    values = {"language": "en", "profile": "balda", "word": "run", "name": "words.dawg", "game_id": "x" * 16}
    for method, path in sorted(named):
        response = client.request(method, path.format(**values), json={} if method == "post" else None)
        assert response.status_code not in (404, 405) or response.json()["code"] not in (
            "not_found",
            "method_not_allowed",
        ), (method, path, response.text)
    ann = create(client, opponent="friend")
    game_id = ann["game"]["id"]
    joined = client.post(f"/api/games/{game_id}/join", json={"invite": ann["invite"], "name": "Bob"})
    documented(client, "post", "/api/games/{game_id}/join", 200, joined.json())
    seen = client.get(
        f"/api/games/{game_id}", headers=bearer(ann["token"]), params={"wait": 0.1, "revision": 1}
    )
    documented(client, "get", "/api/games/{game_id}", 200, seen.json())
    for path, body, where in [
        ("/api/games", {"game": "chess"}, "body.game"),
        (f"/api/games/{game_id}/actions", {"version": -1, "action": "pass"}, "body.version"),
        (f"/api/games/{game_id}/join", {"invite": ""}, "body.invite"),
        (f"/api/games/{game_id}/check", {"version": 0}, "body.move"),
        (f"/api/games/{game_id}/hint", {}, "body.version"),
    ]:
        refused = error(client.post(path, json=body, headers=bearer(ann["token"])), 422, "invalid_request")
        assert refused["detail"][0]["where"] == where and refused["message"].startswith(f"{where}: ")
        documented(client, "post", path.replace(game_id, "{game_id}"), 422, refused)
    for parameters, where in [
        ({"wait": 31, "revision": 0}, "query.wait"),
        ({"revision": "one"}, "query.revision"),
    ]:
        refused = error(client.get(f"/api/games/{game_id}", params=parameters), 422, "invalid_request")
        assert [problem["where"] for problem in refused["detail"]] == [where]
    not_json = client.post("/api/games", content=b'{"game": "balda"}', headers={"Content-Type": "text/plain"})
    assert error(not_json, 422, "invalid_request")["message"].startswith("body: expected a JSON body")
    too_long = client.get("/api/games/" + "a" * 33, headers=bearer(ann["token"]))
    assert error(too_long, 422, "invalid_request")["detail"][0]["where"] == "path.game_id"


# --- games -----------------------------------------------------------------------------------------


def create(client: TestClient, **body) -> dict:
    response = client.post("/api/games", json={"game": "balda", **body})
    assert response.status_code == 201, response.text
    documented(client, "post", "/api/games", 201, response.json())
    return response.json()


CURRENT = object()  # the game's version as `created` shows it


def act(client: TestClient, created: dict, action: dict, version: object = CURRENT, token: str | None = None):
    game = created["game"]
    body = {"version": game["version"] if version is CURRENT else version, **action}
    return client.post(
        f"/api/games/{game['id']}/actions", json=body, headers=bearer(token or created["token"])
    )


def single_letter(view: dict) -> dict:
    cell = view["placeable"][0]
    return {"action": "play", "move": {"cell": cell, "letter": "a", "path": [cell]}}


def test_a_balda_game_against_the_bot(client: TestClient, app_paths) -> None:
    data, db = app_paths
    created = create(client, balda={"size": 5, "extra_parts_of_speech": ["verb"]}, seed=7, name="Ann")
    game = created["game"]
    assert created["invite"] is None and game["opponent"] == "bot" and game["player"] == 0
    assert game["view"]["players"] == ["Ann", "Bot"]
    assert game["view"]["settings"]["extra_parts_of_speech"] == ["verb"]
    while not game["view"]["over"]:
        stored = stored_game(db, game["id"], data)
        assert game["view"] == stored.view(0)  # what the player sees is the library's view
        candidate = best_move(stored)
        response = act(
            client, {**created, "game": game}, {"action": "play", "move": candidate.to_dict()["move"]}
        )
        assert response.status_code == 200, response.text
        played = response.json()
        documented(client, "post", "/api/games/{game_id}/actions", 200, played)
        mine, *replies = played["turns"]
        assert mine["player"] == 0 and mine["word"] == candidate.word and mine["points"] == candidate.points
        assert all(turn["player"] == 1 for turn in replies)
        assert played["game"]["version"] == game["version"] + len(played["turns"])
        game = played["game"]
    stored = stored_game(db, game["id"], data)
    assert stored.is_over and game["view"]["winners"] == stored.winners
    over = {"action": "play", "move": {"cell": [0, 0], "letter": "a", "path": [[0, 0]]}}
    error(act(client, {**created, "game": game}, over), 409, "game_over")


def test_the_bot_moves_first_and_its_moves_repeat_with_the_seed(client: TestClient) -> None:
    first = create(client, bot_first=True, seed=11, level="beginner")
    second = create(client, bot_first=True, seed=11, level="beginner")
    for created in (first, second):
        game = created["game"]
        assert game["player"] == 1 and game["version"] == 1 and game["view"]["history"][0]["player"] == 0
    assert first["game"]["view"]["board"] == second["game"]["view"]["board"]
    replies = [act(client, c, single_letter(c["game"]["view"])).json()["turns"] for c in (first, second)]
    assert replies[0] == replies[1]


def test_illegal_moves_answer_with_the_rule(client: TestClient) -> None:
    created = create(client, seed=3)
    view = created["game"]["view"]
    middle = view["settings"]["size"] // 2
    taken = {"action": "play", "move": {"cell": [middle, 0], "letter": "a", "path": [[middle, 0]]}}
    body = error(act(client, created, taken), 422, "cell_taken")
    assert body["rule"] == "cell_taken" and "[" not in body["message"]
    cell = view["placeable"][0]
    neighbour = [middle, cell[1]] if cell[0] in (middle - 1, middle + 1) else None
    if neighbour:
        nonsense = {"action": "play", "move": {"cell": cell, "letter": "q", "path": [cell, neighbour]}}
        assert error(act(client, created, nonsense), 422, "not_a_word")["detail"]
    error(act(client, created, {"action": "play", "move": {"cell": cell}}), 400, "malformed")
    error(act(client, created, {"action": "play"}), 400, "malformed")
    error(act(client, created, {"action": "pass"}), 422, "cannot_pass")
    error(act(client, created, {"action": "jump"}), 422, "invalid_request")
    stale = error(act(client, created, single_letter(view), version=5), 409, "version_conflict")
    assert stale["version"] == 0
    assert act(client, created, single_letter(view)).status_code == 200  # nothing above changed the game


def test_tokens_guard_the_seats(client: TestClient) -> None:
    created = create(client)
    other = create(client)
    url = f"/api/games/{created['game']['id']}"
    error(client.get(url), 401, "token_required")
    error(client.get(url, headers=bearer(other["token"])), 403, "bad_token")
    error(client.get(url, headers=bearer("x" * 32)), 403, "bad_token")
    error(client.get(url, headers=bearer("not a token!")), 403, "bad_token")
    assert client.get(url, headers={"X-Player-Token": created["token"]}).json()["player"] == 0
    found = client.get(url, headers=bearer(created["token"]))
    documented(client, "get", "/api/games/{game_id}", 200, found.json())
    error(client.get("/api/games/AAAAAAAAAAAAAAAA", headers=bearer(created["token"])), 404, "unknown_game")
    error(client.get("/api/games/..", headers=bearer(created["token"])), 404, "not_found")
    error(client.get("/api/games/" + "a" * 40, headers=bearer(created["token"])), 422, "invalid_request")
    error(
        act(client, created, single_letter(created["game"]["view"]), token=other["token"]), 403, "bad_token"
    )


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess"},
        {"game": "balda", "balda": {"size": 6}},
        {"game": "balda", "balda": {"extra_parts_of_speech": ["noun"]}},
        {"game": "balda", "level": "godlike"},
        {"game": "balda", "name": ""},
        {"game": "balda", "name": "x" * 41},
        {"game": "balda", "name": "Ann\u0000"},  # control and bidi characters: a name shows as typed
        {"game": "balda", "name": "\u202eBob"},
        {"game": "balda", "seed": -1},
        {"game": "balda", "opponent": "cat"},
        {"game": "balda", "colour": "red"},
        {"game": "balda", "opponent": "friend", "seed": 4},
        {"game": "balda", "opponent": "friend", "bot_first": True},
        {"game": "balda", "seed": True},  # JSON's types as they are: a bool is no number,
        {"game": "balda", "seed": "7"},  # a string no number, a number no bool
        {"game": "balda", "seed": 7.0},
        {"game": "balda", "bot_first": 1},
        {"game": "balda", "balda": {"diagonal": "yes"}},
        {"game": "balda", "balda": {"size": True}},
        {"game": "balda", "name": 5},
    ],
)
def test_bad_games_are_refused(client: TestClient, body: dict) -> None:
    error(client.post("/api/games", json=body), 422, "invalid_request")


@pytest.mark.parametrize("version", [False, True, "0", 0.0, None, -1])
def test_a_version_is_a_json_integer(client: TestClient, version: object) -> None:
    """`"version": false` was taken as 0 (a bool is an int in Python): the move was played."""
    created = create(client, opponent="friend")
    body = error(
        act(client, created, single_letter(created["game"]["view"]), version=version), 422, "invalid_request"
    )
    assert body["message"].startswith("body.version")
    seen = client.get(f"/api/games/{created['game']['id']}", headers=bearer(created["token"])).json()
    assert seen["version"] == 0 and seen["view"]["history"] == []
    join = {"invite": created["invite"], "version": version}  # a join has no version at all
    error(client.post(f"/api/games/{created['game']['id']}/join", json=join), 422, "invalid_request")
    error(
        client.post(f"/api/games/{created['game']['id']}/join", json={"invite": 12345}),
        422,
        "invalid_request",
    )


def test_games_need_a_list_that_can_play_them(client: TestClient) -> None:
    error(client.post("/api/games", json={"game": "balda", "language": "xx"}), 404, "unknown_list")
    body = error(client.post("/api/games", json={"game": "wordgame", "profile": "balda"}), 422, "unplayable")
    assert "tile" in body["message"]


def test_a_wordgame_shows_each_player_only_their_rack(client: TestClient, app_paths) -> None:
    data, db = app_paths
    created = client.post("/api/games", json={"game": "wordgame", "opponent": "friend", "name": "Ann"}).json()
    game_id, invite = created["game"]["id"], created["invite"]
    assert created["invite_url"].endswith(f"/#/join/{game_id}/{invite}")
    assert created["game"]["waiting_for_friend"] is True
    error(client.post(f"/api/games/{game_id}/join", json={"invite": "x" * 32}), 403, "bad_invite")
    joined = client.post(f"/api/games/{game_id}/join", json={"invite": invite, "name": "Bob"})
    assert joined.status_code == 200, joined.text
    bob = joined.json()
    assert bob["game"]["player"] == 1 and bob["game"]["view"]["players"] == ["Ann", "Bob"]
    error(client.post(f"/api/games/{game_id}/join", json={"invite": invite}), 409, "seat_taken")
    stored = stored_game(db, game_id, data)
    for token, seat in ((created["token"], 0), (bob["token"], 1)):
        view = client.get(f"/api/games/{game_id}", headers=bearer(token)).json()["view"]
        assert view == stored.view(seat)
        assert view["rack"] == stored.racks[seat] and "racks" not in view
        text = json.dumps(view)
        assert json.dumps(stored.bag) not in text and '"seed"' not in text
    ann = {**created, "game": client.get(f"/api/games/{game_id}", headers=bearer(created["token"])).json()}
    error(act(client, ann, {"action": "pass"}, token=bob["token"]), 409, "not_your_turn")
    wrong = {"action": "play", "move": {"tiles": [{"cell": [7, 7], "letter": "q"}]}}
    if "q" not in stored.racks[0]:
        error(act(client, ann, wrong), 422, "not_on_rack")
    passed = act(client, ann, {"action": "pass"})
    assert passed.status_code == 200 and [t["action"] for t in passed.json()["turns"]] == ["pass"]
    bob_game = {**bob, "game": passed.json()["game"]}
    resigned = act(client, bob_game, {"action": "resign"}, token=bob["token"]).json()["game"]
    assert resigned["view"]["over"] and resigned["view"]["winners"] == [0] and resigned["player"] == 1


def test_exchanging_tiles_over_http(client: TestClient, app_paths) -> None:
    data, db = app_paths
    ann = client.post("/api/games", json={"game": "wordgame", "opponent": "friend", "name": "Ann"}).json()
    game_id = ann["game"]["id"]
    bob = client.post(f"/api/games/{game_id}/join", json={"invite": ann["invite"], "name": "Bob"}).json()
    assert ann["game"]["view"]["can_exchange"] is True
    before = stored_game(db, game_id, data)
    kept, out = before.racks[0][2:], before.racks[0][:2]
    for tiles, status, code in [
        ([], 422, "empty_exchange"),
        ("", 422, "empty_exchange"),
        (["z"] * 9, 422, "not_on_rack"),
        (["1"], 422, "not_a_letter"),
        (5, 422, "invalid_request"),
        (["q"] * 16, 422, "invalid_request"),
        ("q" * 61, 422, "invalid_request"),
    ]:
        error(act(client, ann, {"action": "exchange", "tiles": tiles}), status, code)
    error(act(client, ann, {"action": "exchange", "tiles": out}, token=bob["token"]), 409, "not_your_turn")
    response = act(client, ann, {"action": "exchange", "tiles": out})
    assert response.status_code == 200, response.text
    documented(client, "post", "/api/games/{game_id}/actions", 200, response.json())
    (turn,) = response.json()["turns"]
    assert (turn["action"], turn["exchanged"], turn["points"], turn["tiles"]) == ("exchange", 2, 0, [])
    after = stored_game(db, game_id, data)
    assert sorted(after.racks[0][:6]) == sorted(kept) and len(after.racks[0]) == 8
    assert len(after.bag) == len(before.bag) and after.passes == 1 and after.racks[1] == before.racks[1]
    seen = client.get(f"/api/games/{game_id}", headers=bearer(bob["token"])).json()
    assert (
        seen["view"]["history"] == after.view(1)["history"] and seen["view"]["history"][0]["exchanged"] == 2
    )
    bob_game = {**bob, "game": seen}
    text = "".join(after.racks[1][:3]).upper()  # a string, in capitals
    again = act(client, bob_game, {"action": "exchange", "tiles": text}, token=bob["token"])
    assert again.status_code == 200 and again.json()["turns"][0]["exchanged"] == 3
    assert again.json()["game"]["view"]["passes"] == 2
    balda = create(client, opponent="friend")
    body = error(act(client, balda, {"action": "exchange", "tiles": "a"}), 422, "cannot_exchange")
    assert body["message"] == "this game has no tile exchange"
    schema = client.get("/openapi.json").json()["components"]["schemas"]["Action"]
    assert "exchange" in schema["properties"]["action"]["enum"] and "tiles" in schema["properties"]
    assert "'?' is a blank" in schema["properties"]["tiles"]["description"]


def test_stored_states_and_views_are_the_library_s_byte_for_byte(
    client: TestClient, app_paths, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server encodes each turn of a live game once (wordlist.server.live.EncodedLog): what it
    stores and shows must stay the library's own `to_dict` and `view` (the stored state byte for
    byte), through exchanges (whose saved turn holds more than the shown one) and a game object
    loaded again."""
    data, db = app_paths

    def as_library(game_id: str, seat: int, answer: dict) -> None:
        ((text,),) = query(db, "SELECT state FROM games WHERE id = ?", (game_id,))
        game = stored_game(db, game_id, data)
        assert text == orjson.dumps(game.to_dict()).decode()
        assert answer["view"] == json.loads(orjson.dumps(game.view(seat)))

    ann = create(client, game="wordgame", opponent="friend", name="Ann")
    game_id = ann["game"]["id"]
    bob = client.post(f"/api/games/{game_id}/join", json={"invite": ann["invite"], "name": "Bob"}).json()
    as_library(game_id, 1, bob["game"])
    rack = stored_game(db, game_id, data).racks[0]
    played = act(client, ann, {"action": "exchange", "tiles": rack[:2]}).json()["game"]
    as_library(game_id, 0, played)
    stored = json.loads(query(db, "SELECT state FROM games WHERE id = ?", (game_id,))[0][0])
    assert "returned" in stored["state"]["history"][0]  # the saved turn, not the shown one
    played = act(client, {**bob, "game": played}, {"action": "pass"}, token=bob["token"]).json()["game"]
    with TestClient(create_app(*app_paths, limits=ROOMY)) as other:  # the next move on another server
        seen = other.get(f"/api/games/{game_id}", headers=bearer(ann["token"])).json()
        answer = act(other, {**ann, "game": seen}, {"action": "pass"}).json()["game"]
        as_library(game_id, 0, answer)
    # this server's object is a turn behind: a resignation played on it is not written, and the
    # object it then loads must not show it
    error(act(client, {**ann, "game": played}, {"action": "resign"}), 409, "version_conflict")
    seen = client.get(f"/api/games/{game_id}", headers=bearer(bob["token"])).json()
    assert [turn["action"] for turn in seen["view"]["history"]] == ["exchange", "pass", "pass"]
    as_library(game_id, 1, seen)
    balda = create(client, seed=4)
    for _ in range(3):
        balda = {**balda, "game": act(client, balda, single_letter(balda["game"]["view"])).json()["game"]}
        as_library(balda["game"]["id"], 0, balda["game"])
    # each turn encoded once for the stored states, once for the views (and once for its move's
    # answer), however many requests show it
    calls = {"saved_turn": 0, "shown_turn": 0}
    for name in calls:
        method = getattr(BaldaGame, name)

        def counted(game: BaldaGame, turn: object, method=method, name=name) -> dict:
            calls[name] += 1
            return method(game, turn)

        monkeypatch.setattr(BaldaGame, name, counted)
    balda = create(client, seed=5)
    for _ in range(4):
        balda = {**balda, "game": act(client, balda, single_letter(balda["game"]["view"])).json()["game"]}
        client.get(f"/api/games/{balda['game']['id']}", headers=bearer(balda["token"]))
    turns = len(balda["game"]["view"]["history"])
    assert turns >= 8 and calls == {"saved_turn": turns, "shown_turn": 2 * turns}


def test_a_friend_s_game_needs_the_invite_and_a_bot_game_has_none(client: TestClient) -> None:
    created = create(client)
    error(
        client.post(f"/api/games/{created['game']['id']}/join", json={"invite": "x" * 20}),
        409,
        "not_a_friends_game",
    )
    error(client.post("/api/games/AAAAAAAAAAAAAAAA/join", json={"invite": "x" * 20}), 404, "unknown_game")
    error(client.post(f"/api/games/{created['game']['id']}/join", json={}), 422, "invalid_request")


def test_two_moves_on_one_version_one_wins_the_other_gets_409(client: TestClient) -> None:
    created = create(client, opponent="friend")
    game_id = created["game"]["id"]
    bob = client.post(f"/api/games/{game_id}/join", json={"invite": created["invite"]}).json()
    view = created["game"]["view"]
    results: list = [None, None]
    start = threading.Barrier(2)

    def move(slot: int, cell: list[int]) -> None:
        start.wait()
        action = {"action": "play", "move": {"cell": cell, "letter": "a", "path": [cell]}}
        results[slot] = act(client, created, action, version=0)

    threads = [threading.Thread(target=move, args=(i, view["placeable"][i])) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(r.status_code for r in results)
    assert statuses == [200, 409], [r.text for r in results]
    lost = next(r for r in results if r.status_code == 409).json()
    assert lost["code"] == "version_conflict" and lost["version"] == 1
    seen = client.get(f"/api/games/{game_id}", headers=bearer(bob["token"])).json()
    assert seen["version"] == 1 and len(seen["view"]["history"]) == 1


def test_a_server_plays_its_live_game_only_if_no_other_server_changed_it(
    client: TestClient, app_paths
) -> None:
    """A server plays a move on the game object its last request left without reading the store
    first (wordlist.server.games.LiveGames): another server's join or move since must win, and
    the move is then played on the stored game, or refused as stale."""
    with TestClient(create_app(*app_paths, limits=ROOMY)) as other:
        ann = create(client, opponent="friend", name="Ann")
        game_id = ann["game"]["id"]
        looked = client.get(f"/api/games/{game_id}", headers=bearer(ann["token"])).json()  # live here
        bob = other.post(f"/api/games/{game_id}/join", json={"invite": ann["invite"], "name": "Bob"}).json()
        assert looked["version"] == bob["game"]["version"] == 0  # a join is no turn
        first = act(client, ann, single_letter(looked["view"]))
        assert first.status_code == 200, first.text
        assert first.json()["game"]["view"]["players"] == ["Ann", "Bob"]  # the join is kept
        seen = other.get(f"/api/games/{game_id}", headers=bearer(bob["token"])).json()
        assert seen["view"]["players"] == ["Ann", "Bob"] and seen["version"] == 1
        answer = act(other, {**bob, "game": seen}, single_letter(seen["view"]))
        assert answer.status_code == 200, answer.text
        played = answer.json()["game"]
        error(act(client, ann, single_letter(looked["view"]), version=1), 409, "version_conflict")
        third = act(client, {**ann, "game": played}, single_letter(played["view"]))  # newer than it holds
        assert third.status_code == 200, third.text
        history = third.json()["game"]["view"]["history"]
        assert [turn["player"] for turn in history] == [0, 1, 0] and third.json()["game"]["version"] == 3


def test_a_tampered_state_is_refused_by_the_validated_load(client: TestClient, app_paths) -> None:
    _, db = app_paths
    created = create(client, seed=5)
    game_id = created["game"]["id"]
    played = act(client, created, single_letter(created["game"]["view"])).json()["game"]
    ((stored,),) = query(db, "SELECT state FROM games WHERE id = ?", (game_id,))
    state = json.loads(stored)
    state["state"]["scores"] = [99, 0]
    query(
        db, "UPDATE games SET state = ?, revision = revision + 1 WHERE id = ?", (json.dumps(state), game_id)
    )
    body = error(client.get(f"/api/games/{game_id}", headers=bearer(created["token"])), 500, "damaged_game")
    assert "scores" in body["message"]
    error(act(client, {**created, "game": played}, single_letter(played["view"])), 500, "damaged_game")


@pytest.mark.parametrize(
    ("column", "value", "says"),
    [
        ("state", '{"version": ' + "9" * 5000 + "}", "not JSON"),  # past Python's int digits limit
        ("level", "godlike", "level"),
        ("bot_player", 5, "bot_player"),
        ("opponent", "friend", "opponent"),  # a friend's game with the bot's seat and level
    ],
)
def test_a_tampered_row_is_one_clean_error(
    sample_outputs: Path, database: Path | str, column: str, value: object, says: str
) -> None:
    db = database
    with TestClient(create_app(sample_outputs, db, live_games=0)) as fresh:  # every request reads the row
        created = create(fresh, seed=5)
        game_id = created["game"]["id"]
        query(db, f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))
        body = error(
            fresh.get(f"/api/games/{game_id}", headers=bearer(created["token"])), 500, "damaged_game"
        )
        assert says in body["message"]
        error(act(fresh, created, single_letter(created["game"]["view"])), 500, "damaged_game")


def test_a_games_database_of_another_shape_is_refused_at_start(app_paths, tmp_path: Path) -> None:
    data, _ = app_paths
    db = tmp_path / "games.sqlite"
    with sqlite3.connect(db) as connection:  # our marks, but a games table of other columns
        connection.execute("PRAGMA application_id = 0x574C4753")
        connection.execute("PRAGMA user_version = 1")
        connection.execute("CREATE TABLE games (id TEXT PRIMARY KEY)")
    with pytest.raises(WordlistError, match=r"games\.sqlite: .*columns"):
        create_app(data, db)


def test_a_database_broken_under_the_server_is_a_clean_error(
    sample_outputs: Path, database: Path | str, tmp_path: Path
) -> None:
    db = database
    with TestClient(create_app(sample_outputs, db, live_games=0)) as fresh:
        created = create(fresh)
        query(db, "DROP TABLE games")
        for response in (
            fresh.get(f"/api/games/{created['game']['id']}", headers=bearer(created["token"])),
            act(fresh, created, single_letter(created["game"]["view"])),
            fresh.post("/api/games", json={"game": "balda"}),
        ):
            body = error(response, 500, "store_error")
            assert str(tmp_path) not in body["message"]  # the server's paths stay in its log


@pytest.fixture
def own_lists(sample_outputs: Path, tmp_path: Path) -> Path:
    """A copy of two built lists, to change under a server."""
    copy = tmp_path / "outputs"
    for language in ("en", "de"):
        shutil.copytree(sample_outputs / language / "balda", copy / language / "balda")
    return copy


@pytest.mark.parametrize("change", ["rebuilt", "overwritten", "removed"])
def test_a_list_changed_under_the_server_is_503_and_names_no_path(
    own_lists: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, change: str
) -> None:
    """A words.parquet replaced while serving gave a definition request a 500 showing the path."""
    with TestClient(create_app(own_lists, tmp_path / "games.sqlite", limits=ROOMY)) as served:
        definitions = "/api/lists/en/balda/words/table/definitions"
        assert served.get(definitions).json()["definitions"]
        created = create(served, seed=3)
        parquet = own_lists / "en" / "balda" / "words.parquet"
        if change == "rebuilt":  # what a build does: a new file renamed over the old one
            shutil.copy(own_lists / "de" / "balda" / "words.parquet", parquet.with_suffix(".new"))
            parquet.with_suffix(".new").replace(parquet)
        elif change == "overwritten":
            parquet.write_bytes(b"not Parquet")
        else:
            parquet.unlink()
        for response in (
            served.get(definitions),
            served.get("/api/lists/en/balda/words/table"),
            served.get("/api/lists/en/balda/files/words.dawg"),
            served.get("/api/lists"),
            served.post("/api/games", json={"game": "balda"}),
            act(served, created, single_letter(created["game"]["view"])),  # a move reads definitions
            served.get(f"/api/games/{created['game']['id']}", headers=bearer(created["token"])),
        ):
            body = error(response, 503, "list_changed")
            assert "en/balda" in body["message"] and "restart" in body["message"]
            assert str(tmp_path) not in response.text
        assert (
            served.get("/api/lists/de/balda/words/tisch/definitions").status_code == 200
        )  # the others go on
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    folder = own_lists / "en" / "balda"
    assert logged == [
        f"{folder}: its files changed since the server loaded them; restart the server to serve them"
    ]


def test_a_server_error_is_json_and_names_no_path(own_lists: Path, tmp_path: Path, monkeypatch) -> None:
    app = create_app(own_lists, tmp_path / "games.sqlite", limits=ROOMY)
    lexicon = app.state.catalog.get("en", "balda")
    secret = str(tmp_path / "secret" / "words.parquet")

    def broken(word: str, pos: object = None) -> list[str]:
        raise ArtefactError(f"{secret}: row group 0 cannot be read")

    def crashing(word: str, pos: object = None) -> list[str]:
        raise RuntimeError(secret)

    def replaced_meanwhile(word: str, pos: object = None) -> list[str]:  # between the check and the read
        (own_lists / "en" / "balda" / "words.parquet").write_bytes(b"rebuilt")
        raise ArtefactError(f"{secret}: not a readable Parquet file")

    with TestClient(app, raise_server_exceptions=False) as served:
        url = "/api/lists/en/balda/words/table/definitions"
        for fault, status, code in [
            (broken, 500, "server_error"),
            (crashing, 500, "server_error"),
            (replaced_meanwhile, 503, "list_changed"),
        ]:
            monkeypatch.setattr(lexicon, "definitions", fault)
            response = served.get(url)
            error(response, status, code)
            assert response.headers["content-type"] == "application/json" and secret not in response.text


def test_the_game_routes_are_answered_as_the_rest_of_the_api(
    own_lists: Path, tmp_path: Path, monkeypatch
) -> None:
    """The game routes skip FastAPI's own stack (LeanApp): the same middlewares and error handlers
    still answer them, and what they do not serve (another method) is FastAPI's again."""
    app = create_app(own_lists, tmp_path / "games.sqlite", limits=ROOMY)
    secret = str(tmp_path / "secret" / "games.sqlite")

    def crashing(*args: object) -> None:
        raise RuntimeError(secret)

    def busy(*args: object) -> None:
        raise StoreBusy(f"{secret}: locked")

    with TestClient(app, raise_server_exceptions=False) as served:
        created = create(served)
        game_id, token = created["game"]["id"], bearer(created["token"])
        looked = served.get(f"/api/games/{game_id}", headers=token)
        assert looked.status_code == 200 and looked.headers["x-content-type-options"] == "nosniff"
        assert "content-security-policy" not in looked.headers
        error(served.put(f"/api/games/{game_id}/actions", headers=token), 405, "method_not_allowed")
        error(served.get(f"/api/games/{game_id}/actions/", headers=token), 404, "not_found")
        error(served.get("/api/games/levels/x"), 404, "not_found")
        assert served.get("/api/games/levels").json()[0]["name"] == "beginner"  # not a game's id
        error(act(served, created, {"action": "resign"}, token="x" * 20), 403, "bad_token")
        for fault, status, code in [(crashing, 500, "server_error"), (busy, 503, "busy")]:
            monkeypatch.setattr(app.state.games, "act", fault)
            response = act(served, created, {"action": "resign"})
            error(response, status, code)
            assert secret not in response.text and response.headers["content-type"] == "application/json"
        assert served.get(f"/api/games/{game_id}", headers=token).json()["version"] == 0
    with TestClient(app) as raising, pytest.raises(RuntimeError, match="secret"):  # the server logs it
        monkeypatch.setattr(app.state.games, "act", crashing)
        act(raising, created, {"action": "resign"})


def test_a_handler_by_status_cannot_be_added_where_the_game_routes_would_miss_it(
    own_lists: Path, tmp_path: Path
) -> None:
    """Starlette looks handlers of a status code up in a middleware the game routes skip: the app
    refuses one rather than answer those routes otherwise."""
    app = create_app(own_lists, tmp_path / "games.sqlite", limits=ROOMY)
    app.add_exception_handler(404, lambda request, error: JSONResponse({}, 404))
    with pytest.raises(TypeError, match="status 404"), TestClient(app):
        pass


def test_waiting_returns_when_the_other_player_moves(client: TestClient) -> None:
    created = create(client, opponent="friend")
    game_id = created["game"]["id"]
    url = f"/api/games/{game_id}"
    token = bearer(created["token"])
    assert client.get(url, params={"wait": 0.3, "revision": 0}, headers=token).json()["revision"] == 0
    waited: dict = {}

    def wait() -> None:
        started = time.monotonic()
        waited["game"] = client.get(
            url, params={"wait": 20, "revision": 0}, headers=bearer(created["token"])
        ).json()
        waited["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=wait)
    thread.start()
    time.sleep(0.3)
    client.post(f"/api/games/{game_id}/join", json={"invite": created["invite"], "name": "Bob"})
    thread.join(timeout=20)
    assert waited["game"]["revision"] == 1 and waited["game"]["waiting_for_friend"] is False
    assert waited["game"]["view"]["players"][1] == "Bob"
    assert waited["seconds"] < 5
    error(
        client.get(url, params={"wait": 31, "revision": 0}, headers=bearer(created["token"])),
        422,
        "invalid_request",
    )


# --- the API's description -------------------------------------------------------------------------


def test_openapi_documents_every_route_with_its_models(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    routes = {
        (method.lower(), route.path)
        for router in (lists.router, play.router)
        for route in router.routes
        for method in route.methods
    }
    documented_routes = {(method, path) for path, item in document["paths"].items() for method in item}
    assert routes == documented_routes and len(routes) == 18
    for path, item in document["paths"].items():
        for method, operation in item.items():
            assert operation.get("summary"), (method, path)
            success = next(code for code in operation["responses"] if code.startswith("2"))
            content = operation["responses"][success]["content"]
            assert content, (method, path)
            if "application/json" in content and not path.endswith("/files/{name}"):
                assert "$ref" in json.dumps(content["application/json"]["schema"]), (method, path)
            if operation.get("parameters") or operation.get("requestBody"):
                assert "422" in operation["responses"], (method, path)
    assert "HTTPBearer" in document["components"]["securitySchemes"]
    docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()


def test_the_view_model_names_every_field_the_games_show(client: TestClient, sample_outputs: Path) -> None:
    named = set(models.View.model_fields)
    for game in (
        BaldaGame.new(Lexicon.open("en", "balda", sample_outputs), seed=1),
        Wordgame.new(Lexicon.open("en", "wordgame", sample_outputs), seed=1),
    ):
        assert set(game.view(0)) <= named, set(game.view(0)) - named
    assert set(typing.get_args(models.Level)) == set(LEVELS)
    assert typing.get_args(models.BaldaOptions.model_fields["size"].annotation) == BOARD_SIZES
    extras = models.BaldaOptions.model_fields["extra_parts_of_speech"].annotation
    assert typing.get_args(typing.get_args(extras)[0]) == EXTRA_PARTS_OF_SPEECH


# --- the page ----------------------------------------------------------------------------------------


def test_the_page_and_the_reader_are_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<main id="main">' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    for path in ("/app.js", "/balda.js", "/wordgame.js", "/app.css", "/js/index.js", "/js/lexicon.js"):
        found = client.get(path)
        assert found.status_code == 200 and found.content, path
    reader = Path(__file__).resolve().parents[1] / "js" / "src" / "index.js"
    assert client.get("/js/index.js").content == reader.read_bytes()
    for path in ("/js/../../pyproject.toml", "/js/%2e%2e/%2e%2e/pyproject.toml", "/..%2f..%2fpyproject.toml"):
        assert client.get(path).status_code == 404, path
    assert "content-security-policy" not in client.get("/api/lists").headers
