"""What one client may hold or spend (`wordlist.server.limits.Limits`): budgets of new games and
moves, long polls by seat, game, client and in all, connections by client and in all, the size
and the time of a request's head. Refusals are JSON with Retry-After, and another client is
served meanwhile. Budgets are tested through the app (the client's address is the test client's);
what happens on sockets, on a real `wordlist serve` with connections from several loopback
addresses (127.0.0.x: Linux routes all of 127/8 to loopback)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import select
import socket
import sqlite3
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server_helpers import Server, client_at, closed, connect, read_answer
from wordlist.errors import WordlistError
from wordlist.server import create_app
from wordlist.server.budgets import LongPolls, TokenBuckets, client_key
from wordlist.server.limits import Limits

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def refused(status: int, headers: dict[str, str], body: bytes, expected: int, code: str) -> dict:
    """The refusal's JSON, after checking its status, code and Retry-After (header = body field)."""
    assert status == expected, body
    found = json.loads(body)
    assert found["code"] == code and found["message"], found
    assert headers["content-type"] == "application/json"
    if expected in (429, 503):
        assert int(headers["retry-after"]) == found["retry_after"] >= 1, (headers, found)
    return found


def refused_response(response, expected: int, code: str) -> dict:
    return refused(response.status_code, dict(response.headers), response.content, expected, code)


# --- the budgets, alone ---------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_token_bucket_gives_its_burst_then_its_rate() -> None:
    clock = Clock()
    buckets = TokenBuckets(3, 0.5, clients=100, code="too_many_things", what="things", clock=clock)
    assert [buckets.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("a") == pytest.approx(2.0)  # one token every 2 s
    assert buckets.take("b") == 0.0  # another client: its own bucket
    clock.now += 1.0
    assert buckets.take("a") == pytest.approx(1.0)  # half a token so far
    clock.now += 1.0
    assert buckets.take("a") == 0.0
    with pytest.raises(WordlistError) as refusal:
        buckets.spend("a")
    assert refusal.value.status == 429 and refusal.value.code == "too_many_things"
    assert refusal.value.body()["retry_after"] == 2 and "one every 2 s" in refusal.value.message


def test_token_buckets_forget_idle_clients_and_stay_bounded() -> None:
    clock = Clock()
    buckets = TokenBuckets(2, 1.0, clients=50, code="c", what="w", clock=clock)
    for i in range(10):
        buckets.take(f"client {i}")
    assert len(buckets) == 10
    clock.now += 5.0  # every bucket has filled up again: as good as never seen
    buckets.take("newcomer")
    assert len(buckets) == 1
    for i in range(1000):  # many clients at once, none idle: the oldest go past the bound
        buckets.take(f"busy {i}")
        buckets.take(f"busy {i}")
        assert len(buckets) <= 50
    assert buckets.take("busy 999") > 0  # the newest are remembered


def test_a_client_is_its_address_and_an_ipv6_client_its_64_network() -> None:
    assert client_key("192.0.2.7") == "192.0.2.7"
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert client_key("testclient") == "testclient" and client_key(None) == "unknown"


def test_a_long_poll_ended_to_make_room_ends_quietly_and_no_other_cancellation_is_lost() -> None:
    """LongPolls ends a poll by cancelling its task where it waits: the block ends without an
    error and the code after it answers; a cancellation of anyone else's still cancels."""
    polls = LongPolls(Limits(long_polls=2, long_polls_per_client=2))
    ended: list[str] = []

    async def poll(client: str, game_id: str) -> str:
        with polls.waiting(client, game_id, 0):
            await asyncio.sleep(60)
        ended.append(game_id)
        return "answered"

    async def scenario() -> None:
        first = asyncio.create_task(poll("a", "g1"))
        second = asyncio.create_task(poll("a", "g2"))
        await asyncio.sleep(0)
        assert polls.total == 2
        newcomer = asyncio.create_task(poll("b", "g3"))  # a holds 2 > 0 + 1: a's oldest makes room
        await asyncio.sleep(0)
        assert await first == "answered" and ended == ["g1"] and polls.total == 2
        with pytest.raises(WordlistError) as full, polls.waiting("b", "g4", 0):  # b would hold as many as a
            pass
        assert full.value.status == 503 and polls.total == 2
        second.cancel()  # the client left: that cancellation is not LongPolls', it goes through
        with pytest.raises(asyncio.CancelledError):
            await second
        assert polls.total == 1 and ended == ["g1"]
        third = asyncio.create_task(poll("c", "g5"))
        await asyncio.sleep(0)
        late = asyncio.create_task(poll("d", "g6"))  # b and c hold 1 each: d is refused...
        with pytest.raises(WordlistError):
            await late
        newcomer.cancel()  # ...and a cancellation from elsewhere is never taken back
        third.cancel()
        for task in (newcomer, third):
            with pytest.raises(asyncio.CancelledError):
                await task
        assert polls.total == 0

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"games_burst": 0}, "games_burst must be a positive whole number"),
        ({"retry_after": 2.5}, "retry_after must be a positive whole number"),
        ({"moves_per_second": -1.0}, "moves_per_second"),
        ({"request_timeout": True}, "request_timeout"),
        ({"long_polls": 1000}, "must stay under connections"),
        ({"database_bytes": 1000}, "64 KB or more"),
        ({"trusted_proxies": ("proxy.example",)}, "not an IP address or network"),
    ],
)
def test_limits_that_make_no_sense_are_refused(changes: dict, says: str) -> None:
    with pytest.raises(WordlistError, match=says):
        Limits(**changes)
    assert Limits(trusted_proxies=["10.0.0.0/8", "::1"]).trusted_proxies == ("10.0.0.0/8", "::1")


# --- budgets of games and moves, through the API -------------------------------------------------


def test_new_games_come_out_of_a_budget_per_client(sample_outputs: Path, tmp_path: Path) -> None:
    limits = Limits(games_burst=3, games_per_second=0.001)  # no token comes back during the test
    app = create_app(sample_outputs, tmp_path / "games.sqlite", limits=limits)
    with TestClient(app, client=("192.0.2.1", 4000)) as first:
        for _ in range(3):
            assert first.post("/api/games", json={"game": "balda"}).status_code == 201
        body = refused_response(first.post("/api/games", json={"game": "balda"}), 429, "too_many_games")
        assert "3 at once, then one every 1000 s" in body["message"]
        assert body["retry_after"] <= 1000
        assert first.get("/api/lists").status_code == 200  # the other requests go on
        other = TestClient(app, client=("192.0.2.2", 4000))  # another address: its own budget
        assert other.post("/api/games", json={"game": "balda"}).status_code == 201
        for host in ("2001:db8::1", "2001:db8::2", "2001:db8::3"):  # one /64: one budget
            assert (
                TestClient(app, client=(host, 1)).post("/api/games", json={"game": "balda"}).status_code
                == 201
            )
        same_network = TestClient(app, client=("2001:db8::ffff", 1))
        refused_response(same_network.post("/api/games", json={"game": "balda"}), 429, "too_many_games")
        next_network = TestClient(app, client=("2001:db8:0:1::1", 1))
        assert next_network.post("/api/games", json={"game": "balda"}).status_code == 201
    with sqlite3.connect(tmp_path / "games.sqlite") as db:  # a refused game was never made
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 3 + 1 + 3 + 1


def test_moves_and_joins_come_out_of_a_budget_per_client(sample_outputs: Path, tmp_path: Path) -> None:
    limits = Limits(moves_burst=4, moves_per_second=0.001)
    app = create_app(sample_outputs, tmp_path / "games.sqlite", limits=limits)
    with TestClient(app, client=("192.0.2.1", 4000)) as ann:
        created = ann.post("/api/games", json={"game": "balda", "opponent": "friend"}).json()
        game_id, token = created["game"]["id"], {"Authorization": f"Bearer {created['token']}"}
        bob = TestClient(app, client=("192.0.2.2", 4000))
        refused_response(bob.post(f"/api/games/{game_id}/join", json={"invite": "x" * 20}), 403, "bad_invite")
        joined = bob.post(f"/api/games/{game_id}/join", json={"invite": created["invite"]})
        assert joined.status_code == 200
        url = f"/api/games/{game_id}/actions"
        for _ in range(4):  # illegal or not, each move costs its client a token
            refused_response(
                ann.post(url, json={"version": 0, "action": "pass"}, headers=token), 422, "cannot_pass"
            )
        cell = created["game"]["view"]["placeable"][0]
        move = {"version": 0, "action": "play", "move": {"cell": cell, "letter": "a", "path": [cell]}}
        body = refused_response(ann.post(url, json=move, headers=token), 429, "too_many_moves")
        assert "4 at once" in body["message"]
        assert ann.get(f"/api/games/{game_id}", headers=token).json()["version"] == 0  # not played
        bob_token = {"Authorization": f"Bearer {joined.json()['token']}"}
        refused_response(
            bob.post(url, json=move, headers=bob_token), 409, "not_your_turn"
        )  # Bob's own budget
        refused_response(bob.post(url, json=move, headers=bob_token), 409, "not_your_turn")
        refused_response(
            bob.post(url, json=move, headers=bob_token), 429, "too_many_moves"
        )  # join + 2 + this


# --- long polls, connections and heads, on sockets -------------------------------------------------

ANN, BOB, CAROL, DAVE = "127.0.0.11", "127.0.0.12", "127.0.0.13", "127.0.0.14"


def wait_request(game_id: str, token: str, revision: int) -> bytes:
    return (
        f"GET /api/games/{game_id}?wait=30&revision={revision} HTTP/1.1\r\nHost: test\r\n"
        f"Authorization: Bearer {token}\r\n\r\n"
    ).encode()


def answered(connections: list[socket.socket], count: int) -> list[tuple[socket.socket, int, dict, bytes]]:
    """The first `count` answers among `connections` (the others go on waiting)."""
    found = []
    pending = list(connections)
    deadline = time.monotonic() + 30
    while len(found) < count:
        left = deadline - time.monotonic()
        assert left > 0, f"{len(found)} answers of {count}"
        for connection in select.select(pending, [], [], left)[0]:
            found.append((connection, *read_answer(connection)))
            pending.remove(connection)
    return found


def test_long_polls_are_bounded_by_seat_game_client_and_in_all(sample_outputs: Path, tmp_path: Path) -> None:
    """Past a seat's, game's or address's bound, a new poll gets 429. Past the bound in all, the
    oldest poll of the address holding the most is answered at once with the game as it is, to
    make room, unless the newcomer's address holds as many as any other: 503."""
    limits = Limits(long_polls=6, long_polls_per_client=4, long_polls_per_game=3, long_polls_per_seat=2)
    server = Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", limits=limits)
    opened: list[socket.socket] = []

    def wait_from(address: str, game: tuple[str, str], count: int = 1) -> list[socket.socket]:
        connections = [connect(server.port, address) for _ in range(count)]
        for connection in connections:
            connection.sendall(wait_request(*game, revision=1))
        opened.extend(connections)
        return connections

    def one_refusal(connections: list[socket.socket], status: int, whose: str) -> socket.socket:
        ((connection, *answer),) = answered(connections, 1)
        assert whose in refused(*answer, status, "too_many_waits")["message"]
        return connection

    def answered_now(connections: list[socket.socket]) -> socket.socket:
        """The one of `connections` answered at once with the game unchanged (revision 1)."""
        ((connection, status, _, body),) = answered(connections, 1)
        assert status == 200 and json.loads(body)["revision"] == 1, body
        connections.remove(connection)
        return connection

    with server, client_at(server.url, ANN) as ann, client_at(server.url, BOB) as bob:
        games = []  # (id, Ann's token, Bob's token), all at revision 1 once Bob has joined
        for _ in range(4):
            created = ann.post("/api/games", json={"game": "balda", "opponent": "friend"}).json()
            game_id = created["game"]["id"]
            joined = bob.post(f"/api/games/{game_id}/join", json={"invite": created["invite"]}).json()
            games.append((game_id, created["token"], joined["token"]))
        ann_seat = [(game_id, ann_token) for game_id, ann_token, _ in games]
        bob_seat = [(game_id, bob_token) for game_id, _, bob_token in games]
        try:
            oldest = wait_from(ANN, ann_seat[0], 3)  # a seat holds 2
            oldest.remove(one_refusal(oldest, 429, "your seat"))
            bobs = wait_from(BOB, bob_seat[0], 2)  # the game holds 3
            bobs.remove(one_refusal(bobs, 429, "this game"))
            group = wait_from(ANN, ann_seat[1], 2) + wait_from(ANN, ann_seat[2])  # Ann's address holds 4
            one_refusal(group, 429, "your address")
            # Ann can do anything but wait more; Bob and Carol are served as ever
            assert ann.get("/api/lists").status_code == 200
            assert bob.post("/api/games", json={"game": "balda"}).status_code == 201
            wait_from(CAROL, bob_seat[3])  # 6 wait: the server is full
            wait_from(DAVE, ann_seat[3])  # Ann holds the most (4): her oldest poll is answered now
            answered_now(oldest)
            wait_from(CAROL, bob_seat[3])  # Ann 3, Carol 1: again
            answered_now(oldest)
            # Ann 2, Bob 1, Carol 2, Dave 1: Dave would hold as many as anyone
            one_refusal(wait_from(DAVE, ann_seat[2]), 503, "as many of yours as of anyone's")
            # a move wakes the polls on its game, with the new revision
            view = ann.get(f"/api/games/{games[0][0]}", headers={"Authorization": f"Bearer {games[0][1]}"})
            cell = view.json()["view"]["placeable"][0]
            move = {"version": 0, "action": "play", "move": {"cell": cell, "letter": "a", "path": [cell]}}
            played = ann.post(
                f"/api/games/{games[0][0]}/actions",
                json=move,
                headers={"Authorization": f"Bearer {games[0][1]}"},
            )
            assert played.status_code == 200, played.text
            ((_, status, _, body),) = answered(bobs, 1)
            assert status == 200 and json.loads(body)["revision"] == 2
        finally:
            for connection in opened:
                connection.close()
    assert "Traceback" not in server.log.read_text()


def test_a_request_that_takes_too_long_to_arrive_is_cut_off(sample_outputs: Path, tmp_path: Path) -> None:
    """Slowloris: a head sent a byte at a time held its connection for as long as the client liked."""
    limits = Limits(request_timeout=1.0)
    with Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", limits=limits) as server:
        with connect(server.port, ANN) as slow:
            slow.sendall(b"GET /api/lists HTTP/1.1\r\nHost: test\r\nX-Slow: ")
            for _ in range(400):  # a byte every 0.1 s, never the head's end, until the server ends it
                if select.select([slow], [], [], 0.1)[0]:
                    break
                slow.sendall(b"a")
            status, headers, body = read_answer(slow)
            refused(status, headers, body, 408, "request_timeout")
            assert headers["connection"] == "close" and closed(slow) == b""
        with connect(server.port, ANN) as silent:  # connected, and nothing sent
            status, headers, body = read_answer(silent)
            assert "1 s" in refused(status, headers, body, 408, "request_timeout")["message"]
            assert closed(silent) == b""
        with connect(server.port, ANN) as slow_body:  # the head whole, the body a byte at a time
            head = b"POST /api/games HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            slow_body.sendall(head + b"Content-Length: 400\r\n\r\n{")
            sent = 1
            while not select.select([slow_body], [], [], 0.1)[0] and sent < 400:
                slow_body.sendall(b" ")
                sent += 1
            assert sent < 400 and closed(slow_body) == b""  # no game was made of half a body
        with client_at(server.url, ANN) as ann:  # a request that comes in time is served
            assert ann.get("/api/lists").status_code == 200
            assert ann.post("/api/games", json={"game": "balda"}).status_code == 201
    log = server.log.read_text()
    assert "Traceback" not in log and log.count('"POST /api/games HTTP/1.1" 201') == 1


def test_an_idle_connection_is_kept_for_the_next_request_then_closed(
    sample_outputs: Path, tmp_path: Path
) -> None:
    """A player thinking between moves keeps their connection `keep_alive` seconds (a new one
    costs the server about as much as a move), and no longer."""
    assert Limits().keep_alive == 20.0
    limits = Limits(keep_alive=1.5)
    request = b"GET /api/lists HTTP/1.1\r\nHost: test\r\n\r\n"
    server = Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", limits=limits)
    with server, connect(server.port, ANN) as player:
        player.sendall(request)
        assert read_answer(player)[0] == 200
        time.sleep(0.75)  # thinking, within the keep-alive: the same connection serves again
        player.sendall(request)
        assert read_answer(player)[0] == 200
        assert closed(player, deadline=10) == b""  # then idle: closed, with nothing sent (20 s by default)


HEADS = {
    "one 100 KB header in one write": b"GET /api/lists HTTP/1.1\r\nHost: t\r\nX-Big: "
    + b"a" * 100_000
    + b"\r\n\r\n",
    "many small headers in one write": b"GET /api/lists HTTP/1.1\r\nHost: t\r\n"
    + b"".join(b"X-%d: %s\r\n" % (i, b"b" * 100) for i in range(200))
    + b"\r\n",
    "a 100 KB URL in one write": b"GET /api/lists?x=" + b"c" * 100_000 + b" HTTP/1.1\r\nHost: t\r\n\r\n",
}


@pytest.mark.parametrize("head", list(HEADS))
def test_a_head_over_16_kb_gets_431_however_it_arrives(server: Server, head: str) -> None:
    """The limit held only across reads: a head that came whole in one read was parsed and served."""
    for pieces in ([HEADS[head]], [HEADS[head][i : i + 1000] for i in range(0, len(HEADS[head]), 1000)]):
        with connect(server.port, ANN) as connection:
            for piece in pieces:
                connection.sendall(piece)
            status, headers, body = read_answer(connection)
            assert "16384 bytes" in refused(status, headers, body, 431, "headers_too_large")["message"]
            assert headers["connection"] == "close"


def test_a_head_under_16_kb_is_served_and_pipelining_is_bounded_per_request(server: Server) -> None:
    near = b"GET /api/lists HTTP/1.1\r\nHost: t\r\nX-Near: " + b"a" * 16_000 + b"\r\n\r\n"
    with connect(server.port, ANN) as connection:
        connection.sendall(near)
        assert read_answer(connection)[0] == 200
    small = b"GET /api/lists/en/balda/words/table HTTP/1.1\r\nHost: t\r\n\r\n"
    with connect(server.port, ANN) as connection:  # a request, and a second one too large, in one write
        connection.sendall(small + HEADS["one 100 KB header in one write"])
        status, _, body = read_answer(connection)
        assert status == 200 and json.loads(body)["is_word"] is True
        refused(*read_answer(connection), 431, "headers_too_large")
    with connect(server.port, ANN) as connection:  # a request whose body passes 16 KB with its head
        body = json.dumps({"game": "balda", "name": "Ann", "pad": " " * 15_000}).encode()
        head = b"POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        connection.sendall(head + b"Content-Length: %d\r\n\r\n" % len(body) + body)
        status, _, answer = read_answer(connection)
        assert status == 422 and json.loads(answer)["detail"][0]["where"] == "body.pad"  # read, not 431


@pytest.fixture(scope="module")
def server(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory):
    """`wordlist serve` as a user starts it: the default limits, in one process (their shares among
    workers are tests/test_server_workers.py's)."""
    folder = tmp_path_factory.mktemp("limits")
    with Server(sample_outputs, folder / "games.sqlite", folder / "server.log", workers=1) as running:
        yield running
    assert "Traceback" not in running.log.read_text()


def test_many_long_polls_from_one_address_leave_room_for_everyone_else(server: Server) -> None:
    """The issue's case, with the default limits: one address opens 150 long polls, each a complete,
    legitimate request. It holds 100 connections and 32 polls; the rest are refused at once, in
    JSON; another client is served, long poll included."""
    greedy, other = "127.0.0.15", "127.0.0.16"
    limits = Limits()
    with client_at(server.url, greedy) as client:
        games = [client.post("/api/games", json={"game": "balda"}).json() for _ in range(limits.games_burst)]
    opened = []
    try:
        for i in range(150):
            connection = connect(server.port, greedy)
            connection.sendall(
                wait_request(games[i % len(games)]["game"]["id"], games[i % len(games)]["token"], 0)
            )
            opened.append(connection)
        refusals = answered(opened, 150 - limits.long_polls_per_client)
        codes = [refused(*answer, 429, json.loads(answer[2])["code"])["code"] for _, *answer in refusals]
        assert codes.count("too_many_connections") == 150 - limits.connections_per_client
        assert codes.count("too_many_waits") == limits.connections_per_client - limits.long_polls_per_client
        with client_at(server.url, other) as client:
            assert client.get("/api/lists").status_code == 200
            created = client.post("/api/games", json={"game": "balda", "opponent": "friend"}).json()
            with connect(server.port, other) as waiting:  # and it may wait too: a join wakes it
                waiting.sendall(wait_request(created["game"]["id"], created["token"], 0))
                join = client.post(
                    f"/api/games/{created['game']['id']}/join", json={"invite": created["invite"]}
                )
                assert join.status_code == 200
                status, _, body = read_answer(waiting)
                assert status == 200 and json.loads(body)["waiting_for_friend"] is False
    finally:
        for connection in opened:
            connection.close()


def test_addresses_that_fill_every_long_poll_leave_room_for_a_new_client(
    sample_outputs: Path, tmp_path: Path
) -> None:
    """The review's case, with the default limits: eight addresses of 32 polls took all 250, and
    every other client's poll got 503. Nine addresses now ask for 288: 250 wait, the others are
    answered at once (their game as it is, or 503 to an address holding as many as any), and a
    new client's poll still waits, until a join wakes it."""
    limits = Limits()
    flooders = [f"127.0.0.{41 + i}" for i in range(9)]
    opened: list[socket.socket] = []
    with Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", workers=1) as server:
        seats = []  # (address, game id, token): each address's 8 games of 4 polls
        for address in flooders:
            with client_at(server.url, address) as client:
                for _ in range(limits.long_polls_per_client // limits.long_polls_per_seat):
                    created = client.post("/api/games", json={"game": "balda"}).json()
                    seats.append((address, created["game"]["id"], created["token"]))
        try:
            for address, game_id, token in seats:
                for _ in range(limits.long_polls_per_seat):
                    connection = connect(server.port, address)
                    connection.sendall(wait_request(game_id, token, 0))
                    opened.append(connection)
            waiting = list(opened)
            for connection, status, _, body in answered(opened, len(opened) - limits.long_polls):
                waiting.remove(connection)
                if status == 200:  # ended to make room: the game as it is
                    assert json.loads(body)["revision"] == 0
                else:
                    assert json.loads(body)["code"] == "too_many_waits" and status == 503, body
            newcomer = "127.0.0.50"
            with client_at(server.url, newcomer) as client:
                created = client.post("/api/games", json={"game": "balda", "opponent": "friend"}).json()
                with connect(server.port, newcomer) as mine:
                    mine.sendall(wait_request(created["game"]["id"], created["token"], 0))
                    # it gets in: a flooder's poll is answered to make room, not the newcomer's
                    ((ended, status, _, body),) = answered([*waiting, mine], 1)
                    assert ended is not mine and status == 200 and json.loads(body)["revision"] == 0, body
                    join = client.post(
                        f"/api/games/{created['game']['id']}/join", json={"invite": created["invite"]}
                    )
                    assert join.status_code == 200
                    status, _, body = read_answer(mine)
                    assert status == 200 and json.loads(body)["waiting_for_friend"] is False, body
        finally:
            for connection in opened:
                connection.close()
    assert "Traceback" not in server.log.read_text()


def test_connections_are_bounded_per_client_and_in_all(sample_outputs: Path, tmp_path: Path) -> None:
    limits = Limits(connections=6, connections_per_client=3, long_polls=2, request_timeout=120)
    opened: list[socket.socket] = []
    with Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", limits=limits) as server:
        try:
            opened += [connect(server.port, ANN) for _ in range(3)]  # held open, nothing sent
            with client_at(server.url, ANN) as ann:
                body = refused_response(ann.get("/api/lists"), 429, "too_many_connections")
                assert "3 connections open" in body["message"]
            with client_at(server.url, BOB) as bob:
                assert bob.get("/api/lists").status_code == 200  # another client has room
            opened += [connect(server.port, BOB) for _ in range(3)]  # 6 in all
            with client_at(server.url, CAROL) as carol:
                body = refused_response(carol.get("/api/lists"), 503, "too_many_connections")
                for connection in opened:
                    connection.close()
                opened.clear()
                deadline = time.monotonic() + 30  # the server sees the closes soon after
                while (status := carol.get("/api/lists").status_code) != 200 and time.monotonic() < deadline:
                    time.sleep(0.05)
                assert status == 200
        finally:
            for connection in opened:
                connection.close()


def test_a_trusted_proxy_names_the_client_and_no_one_else_can(sample_outputs: Path, tmp_path: Path) -> None:
    """`--trust-proxy`: budgets go by X-Forwarded-For from that proxy only; by default by the peer."""
    options = ("--trust-proxy", "127.0.0.21")
    with (
        Server(
            sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", options=options, workers=1
        ) as server,
        client_at(server.url, "127.0.0.21") as proxy,
        client_at(server.url, "127.0.0.22") as pretender,
    ):
        new = {"game": "balda"}
        burst = Limits().games_burst
        for i in range(burst):
            assert (
                proxy.post("/api/games", json=new, headers={"X-Forwarded-For": "198.51.100.1"}).status_code
                == 201
            )
            forged = {"X-Forwarded-For": f"198.51.100.{100 + i}"}  # not a proxy's: the peer is the client
            assert pretender.post("/api/games", json=new, headers=forged).status_code == 201
        refused_response(
            proxy.post("/api/games", json=new, headers={"X-Forwarded-For": "198.51.100.1"}),
            429,
            "too_many_games",
        )
        refused_response(
            pretender.post("/api/games", json=new, headers={"X-Forwarded-For": "198.51.100.250"}),
            429,
            "too_many_games",
        )
        assert (
            proxy.post("/api/games", json=new, headers={"X-Forwarded-For": "198.51.100.2"}).status_code == 201
        )


def resident_megabytes(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) >> 10


WORD_REQUEST = "GET /api/lists/en/balda/words/{} HTTP/1.1\r\nHost: t\r\n\r\n"


def flood(connections: list[socket.socket], request: bytes, most: int) -> list[int]:
    """Send `request` again and again on each connection, reading no answer, until each has sent
    `most` bytes or none of them can send for two seconds (the server stopped reading them)."""
    batch = request * (65536 // len(request))
    sent = dict.fromkeys(connections, 0)
    for connection in connections:
        connection.setblocking(False)
    while pending := [connection for connection in connections if sent[connection] < most]:
        writable = select.select([], pending, [], 2.0)[1]
        if not writable:
            break
        for connection in writable:
            with contextlib.suppress(BlockingIOError):
                sent[connection] += connection.send(batch)
    return list(sent.values())


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmRSS in /proc (Linux)")
def test_pipelined_requests_whose_answers_are_never_read_hold_bounded_memory(
    sample_outputs: Path, tmp_path: Path
) -> None:
    """The review's pipe4.py: connections sending megabytes of pipelined GETs and reading no
    answer took the server from 97 to 439 MB (uvicorn parsed all it read and read on after each
    answer). A connection is now read only 8 requests ahead of its answers; another client is
    served meanwhile, and a client that pipelines and reads gets every answer, in order."""
    with Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", workers=1) as server:
        assert server.process is not None
        with client_at(server.url, BOB) as bob:  # the server has served a request: its usual size
            assert bob.get("/api/lists/en/balda/words/cat").json()["is_word"] is True
        before = resident_megabytes(server.process.pid)
        floods = [connect(server.port, address) for address in ("127.0.0.31", "127.0.0.32", "127.0.0.33")]
        try:
            for connection in floods:
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sent = flood(floods, WORD_REQUEST.format("cat").encode(), 4 << 20)
            peak = resident_megabytes(server.process.pid)
            with client_at(server.url, BOB) as bob:  # served meanwhile, as the floods are worked off
                for _ in range(20):
                    assert bob.get("/api/lists/en/balda/words/table").json()["is_word"] is True
                    assert bob.get("/api/lists/en/balda/words/zzzzq").json()["is_word"] is False
                    peak = max(peak, resident_megabytes(server.process.pid))
            assert peak - before < 40, (before, peak, sent)
        finally:
            for connection in floods:
                connection.close()
        words = ["table", "zzzzq", "cat"] * 100  # 300 requests in one write, their answers all read
        with connect(server.port, CAROL) as carol:
            carol.sendall("".join(WORD_REQUEST.format(word) for word in words).encode())
            answers = [read_answer(carol) for _ in words]
        assert [status for status, _, _ in answers] == [200] * len(words)
        assert [json.loads(body)["word"] for _, _, body in answers] == words
        assert [json.loads(body)["is_word"] for _, _, body in answers] == [True, False, True] * 100
    assert "Traceback" not in server.log.read_text()
