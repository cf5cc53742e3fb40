"""The offline game (offline.html) in a real browser: loaded once from `wordlist serve`, then the
network cut (`context.set_offline`) and the page reloaded from its service worker's cache; a
Balda game and a Wordgame opening played against the bot in the browser, where the C core built to
WebAssembly runs in a Web Worker on the list's own words.dawg. The player's moves are typed and
clicked; every move (the player's and the bot's) is held to what Python's move generator finds on
the same position: the same points, and the bot's the first of the most points."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.conftest import ROOT
from tests.server_helpers import Server
from tests.test_browser import DESKTOP, browser, server  # noqa: F401 (the fixtures)
from wordlist import Lexicon
from wordlist.format import pos_mask
from wordlist.games.balda import movegen as balda_movegen
from wordlist.games.protocol import cell_name
from wordlist.games.wordgame import Wordgame
from wordlist.games.wordgame import movegen as wordgame_movegen

pytestmark = pytest.mark.slow

YOU, BOT = 0, 1
NOUNS = pos_mask(("noun",))  # what counts in Balda by default


def offline_page(chromium: Browser, running: Server, query: str) -> tuple[BrowserContext, Page]:
    """The page loaded online (its service worker installed and in control), then reloaded with
    the network cut: every file it needs comes from the cache."""
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{running.url}/offline.html?{query}")
    expect(page.locator(".offline-board")).to_be_visible()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    assert page.evaluate("fetch('/api/lists').then(() => 'online', () => 'offline')") == "offline"
    page.reload()
    expect(page.locator(".offline-board")).to_be_visible()
    assert not errors
    return context, page


def best(moves: list, points: typing.Callable[[typing.Any], int]) -> typing.Any:
    """The first of the moves with the most points (the strong bot's choice), or None."""
    return max(moves, key=points, default=None) if moves else None


def balda_position(state: dict) -> balda_movegen.Position:
    return balda_movegen.Position(
        state["size"],
        False,
        state["board"],
        state["mask"],
        {word: [frozenset(cells) for cells in sets] for word, sets in state["scored"].items()},
    )


def balda_moves(lexicon: Lexicon, position: dict) -> list[tuple[int, str, tuple[int, ...]]]:
    return list(balda_movegen.python_word_moves(lexicon.graph, balda_position(position)))


def test_a_balda_game_against_the_bot_offline(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    sample_outputs: Path,
) -> None:
    lexicon = Lexicon.load(sample_outputs / "en" / "balda")
    context, page = offline_page(browser, server, "game=balda&language=en&seed=3")
    state = page.evaluate("window.offlineGame")
    assert state["start"] in lexicon and len(state["start"]) == 5
    while not state["over"]:
        assert state["turn"] == YOU
        found = balda_moves(lexicon, {**state, "mask": NOUNS})
        turns = len(state["log"])
        move = max(found, key=lambda m: len(m[2]), default=None)
        if move is None:
            page.get_by_role("button", name="Pass").click()
        else:
            cell, letter, path = move
            word = "".join(letter if c == cell else state["board"][c] for c in path)
            page.get_by_label("Word").fill(word.upper())
            page.get_by_role("button", name="Find").click()
            where = f"{letter.upper()} at {cell_name((cell // 5, cell % 5))} +{len(path)}"
            page.get_by_role("button", name=where).first.click()
        page.wait_for_function("(n) => offlineGame.log.length >= n || offlineGame.over", arg=turns + 2)
        state = page.evaluate("window.offlineGame")
    log = state["log"]
    assert len(log) >= 2
    scores = [0, 0]
    for turn in log:  # each move as Python's generator finds it on the same position
        found = balda_moves(lexicon, turn["position"])
        if turn["move"] is None:
            assert turn["player"] == YOU or not found  # the bot passes only without a word
            continue
        move = turn["move"]
        assert (move["cell"], move["letter"], tuple(move["path"])) in found
        assert move["points"] == len(move["path"]) == turn["points"]
        if turn["player"] == BOT:
            chosen = best(found, lambda m: len(m[2]))
            assert (move["cell"], move["letter"], tuple(move["path"])) == chosen
        scores[turn["player"]] += move["points"]
    assert scores == state["scores"] and sum(scores) > 0
    expect(page.locator(".scores")).to_have_text(f"You {scores[0]} · Bot {scores[1]}")
    expect(page.get_by_role("status")).to_contain_text("Game over")
    context.close()


def wordgame_position(lexicon: Lexicon, position: dict) -> wordgame_movegen.Position:
    return (
        Wordgame.new(lexicon, seed=1)
        .position(position["rack"])
        ._replace(board=position["board"], blanks={tuple(cell) for cell in position["blanks"]})
    )


def test_a_wordgame_opening_against_the_bot_offline(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    sample_outputs: Path,
) -> None:
    lexicon = Lexicon.load(sample_outputs / "en" / "wordgame")
    context, page = offline_page(browser, server, "game=wordgame&language=en&seed=5")
    state = page.evaluate("window.offlineGame")
    assert len(state["racks"][YOU]) == len(state["racks"][BOT]) == lexicon.game_spec.rack_size
    rounds = 0
    while not state["over"] and rounds < 2:  # the opening: two moves each
        position = {"board": state["board"], "blanks": state["blanks"], "rack": state["racks"][YOU]}
        found = list(wordgame_movegen.python_moves(lexicon.graph, wordgame_position(lexicon, position)))
        move = best(found, lambda m: m[4])
        turns = len(state["log"])
        if move is None:
            page.get_by_role("button", name="Pass").click()
        else:
            direction, line, start, tiles, points = move
            page.get_by_label("Word").fill("".join(letter for letter, _ in tiles))
            page.get_by_role("button", name="Find").click()
            square = (line, start) if direction == 0 else (start, line)
            where = f"{'across' if direction == 0 else 'down'} from {cell_name(square)} +{points}"
            page.get_by_role("button", name=where).first.click()
        page.wait_for_function("(n) => offlineGame.log.length >= n || offlineGame.over", arg=turns + 2)
        state = page.evaluate("window.offlineGame")
        rounds += 1
    log = state["log"]
    assert [turn["player"] for turn in log[:2]] == [YOU, BOT] and log[0]["move"] is not None
    scores = [0, 0]
    for turn in log:
        found = list(
            wordgame_movegen.python_moves(lexicon.graph, wordgame_position(lexicon, turn["position"]))
        )
        if turn["move"] is None:
            assert turn["player"] == YOU or not found
            continue
        move = turn["move"]
        as_python = (
            move["direction"],
            move["line"],
            move["start"],
            tuple(map(tuple, move["tiles"])),
            move["points"],
        )
        assert as_python in [(d, li, s, tuple(map(tuple, t)), p) for d, li, s, t, p in found]
        if turn["player"] == BOT:
            chosen = best(found, lambda m: m[4])
            assert as_python[4] == chosen[4] and as_python[:3] == chosen[:3]
        scores[turn["player"]] += move["points"]
    assert scores == state["scores"] and scores[YOU] > 0
    expect(page.locator(".scores")).to_have_text(f"You {scores[0]} · Bot {scores[1]}")
    # the racks were drawn back up from the bag after each move
    assert len(state["racks"][YOU]) == lexicon.game_spec.rack_size or not state["bag"]
    context.close()


def test_the_service_worker_keeps_every_file_the_offline_game_loads() -> None:
    """sw.js names the files it keeps: every module of the reader the page copies (but Node's),
    the core, and the offline page's own files; a file missing there would fail offline only."""
    static = ROOT / "wordlist" / "server" / "static"
    worker = (static / "sw.js").read_text(encoding="utf-8")
    kept = set(re.findall(r'"([\w.-]+\.(?:js|wasm))"', worker)) | {
        Path(p).name for p in re.findall(r'"(/[\w./-]+)"', worker)
    }
    reader = {p.name for p in (ROOT / "js" / "src").glob("*.js")} - {"node.js"} | {"core.wasm"}
    assert reader <= kept, sorted(reader - kept)
    page = (static / "offline.html").read_text(encoding="utf-8") + (static / "offline.js").read_text(
        encoding="utf-8"
    )
    linked = {
        Path(p).name
        for p in re.findall(r'(?:href|src)="(/[\w./-]+)"|from "(/[\w./-]+)"', page)
        for p in p
        if p
    }
    linked |= {Path(p).name for p in re.findall(r'new Worker\("(/[\w./-]+)"', page)}
    assert linked and linked <= kept, sorted(linked - kept)
