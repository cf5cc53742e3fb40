"""A serving process runs the garbage collector its own way (wordlist/server/heap.py), and only
while it serves: `serve` may run in a process that goes on."""

from __future__ import annotations

import gc
import json
import socket
import threading
import urllib.request
import weakref
from pathlib import Path

import pytest

from tests.server_helpers import ROOMY
from wordlist.server import create_app
from wordlist.server.app import run_uvicorn
from wordlist.server.heap import YOUNG_OBJECTS, serving_heap


def test_while_it_serves_the_objects_it_started_with_are_frozen_and_after_it_the_collector_is_as_it_was(
    sample_outputs: Path, tmp_path: Path
) -> None:
    before = gc.get_threshold()
    app = create_app(sample_outputs, tmp_path / "games.sqlite", limits=ROOMY)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    serving = threading.Event()
    servers = []

    def started(server: object) -> None:
        servers.append(server)
        serving.set()

    thread = threading.Thread(
        target=run_uvicorn,
        args=(app, sock),
        kwargs={"limits": ROOMY, "log_level": "warning", "access_log": False, "started": started},
    )
    thread.start()
    try:
        assert serving.wait(30)
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/api/games"
        body = json.dumps({"game": "balda", "language": "en", "seed": 3}).encode()
        created = urllib.request.Request(url, body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(created, timeout=30) as answer:
            assert answer.status == 201 and json.load(answer)["game"]["view"]["game"] == "balda"
        # the modules and the app made before it served: tens of thousands of objects
        assert gc.get_freeze_count() > 10_000
        assert gc.get_threshold() == (YOUNG_OBJECTS, *before[1:]) and before[0] < YOUNG_OBJECTS
    finally:
        if servers:
            servers[0].should_exit = True  # type: ignore[attr-defined]
        thread.join(30)
        sock.close()
    assert not thread.is_alive()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_two_servers_of_one_process_put_the_collector_back_once_both_stop() -> None:
    """Two `serve` calls in threads of one process: the first to stop must not undo the second's
    settings, and the last puts back the process's own (not the first server's)."""
    before = gc.get_threshold()
    first, second = serving_heap(), serving_heap()
    first.__enter__()
    try:
        second.__enter__()
        try:
            assert gc.get_threshold()[0] == YOUNG_OBJECTS and gc.get_freeze_count() > 0
        finally:
            first.__exit__(None, None, None)  # the first server stops, the second still serves
        assert gc.get_threshold()[0] == YOUNG_OBJECTS and gc.get_freeze_count() > 0
    finally:
        second.__exit__(None, None, None)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


class _Node:
    """An object that can be part of a reference cycle and be watched by a weak reference."""

    other: object = None


def test_garbage_made_before_serving_is_freed_not_frozen_and_a_failed_server_puts_everything_back() -> None:
    before = gc.get_threshold()
    gc.disable()  # no collection of its own between here and the server's start
    try:
        cycle = _Node()
        cycle.other = cycle
        watched = weakref.ref(cycle)
        del cycle  # garbage now, of a kind only the collector frees
        with pytest.raises(RuntimeError, match="the server failed"), serving_heap():
            assert watched() is None  # collected on the way in, rather than frozen for the whole run
            raise RuntimeError("the server failed")
    finally:
        gc.enable()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_a_freeze_the_process_made_itself_outlives_the_server() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with serving_heap():
            assert gc.get_freeze_count() >= frozen
        assert gc.get_freeze_count() >= frozen > 0
    finally:
        gc.unfreeze()
