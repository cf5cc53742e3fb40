"""The page plays the bot with the server gone: its service worker keeps the page, the lists' files
and the WebAssembly core; the bot moves in a Web Worker; the game is kept in the browser.

Each test loads the page online once (the service worker keeps what the page needs), cuts the
network (`context.set_offline`), reloads, and plays by clicking and typing. Python is the judge: the
game kept in the browser (localStorage) is replayed move by move with the library's own game, which
must accept every move with the points the page gave it, and every bot move must be one of the
best the library's bot of the game's level finds (Balda's "strong" looks ahead, as the server's).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import httpx2
import pytest
from playwright.sync_api import expect

from tests.conftest import run_cli
from tests.list_helpers import copy_list
from tests.server_helpers import Server
from tests.test_browser import Player, browser, player, server, trace  # noqa: F401 (fixtures)
from wordlist.games import Bot
from wordlist.games.analysis import best_move
from wordlist.games.balda.game import BaldaGame
from wordlist.games.balda.records import BaldaSettings, Move
from wordlist.games.wordgame import equity
from wordlist.games.wordgame.game import Wordgame
from wordlist.lexicon import Lexicon

pytestmark = pytest.mark.slow


def offline_page(someone: Player) -> None:
    """Load the page online until its service worker has kept it, then cut the network and reload."""
    page = someone.page
    page.goto("/")
    expect(page.locator("html[data-offline-ready=yes]")).to_have_count(1, timeout=30_000)
    someone.context.set_offline(True)
    page.reload()
    expect(page.locator("#language")).to_have_value("en")


def kept(someone: Player, game_id: str) -> dict:
    text = someone.page.evaluate("id => localStorage.getItem('wordlist.local.' + id)", game_id)
    assert text, f"no game {game_id} kept in the browser"
    return json.loads(text)


def replayed_balda(state: dict, data: Path) -> BaldaGame:
    """The browser's game replayed by the library: every move must be legal there, with the same points."""
    lexicon = Lexicon.open(state["list"]["language"], state["list"]["profile"], data)
    settings = BaldaSettings(size=state["size"], diagonal=state["diagonal"])
    game = BaldaGame.new(lexicon, settings, start_word=state["start_word"], players=state["players"])
    for turn in state["history"]:
        move = Move(tuple(turn["cell"]), turn["letter"], tuple(map(tuple, turn["path"])))
        ranked = Bot(state["level"], seed=0).ranked(game) if turn["player"] == 1 else []
        if ranked:  # the bot's move is one of those its level values most (a letter alone: no words)
            value = {r.candidate.move: r.value for r in ranked}
            best = ranked[0].value
            assert value.get(move) == best, f"the bot's {turn['word']}: {value.get(move)}, the best {best}"
        played = game.play(move)
        assert (played.word, played.points) == (turn["word"], turn["points"])
    return game


def test_a_balda_game_against_the_bot_with_the_server_gone(player: Player, server) -> None:  # noqa: F811
    page = player.page
    offline_page(player)
    page.fill("#name", "Ann")
    page.click("text=Start the game")
    game_id = player.game_id()
    assert game_id.startswith("local-")
    expect(page.locator(".player.to-move")).to_contain_text("Ann")
    while True:
        state = kept(player, game_id)
        game = replayed_balda(state, server.data)
        player.wait_turns(len(state["history"]))
        if game.is_over:
            break
        if len(state["history"]) == 0:  # the hint is the strong bot's, by its lookahead, as the server's
            hinted = best_move(game)
            if hinted is None or len(hinted.word) < 2:  # a start with no word next to it
                page.locator(".status button.hint").click()
                expect(page.locator(".message")).to_contain_text("No word here")
            else:
                for step in ("word beginning with", "Put a letter on", "it is on the board"):  # a click each
                    page.locator(".status button.hint").click()
                    expect(page.locator(".message")).to_contain_text(step)
                said = f"{hinted.word.upper()} for {hinted.points} points: it is on the board"
                expect(page.locator(".message")).to_contain_text(said)
                page.keyboard.press("Escape")
        moves = game.legal_moves()
        best = max(moves, key=lambda c: c.points)
        trace(page, best.move)
        page.keyboard.press("Enter")
        expect(page.locator(".log > li")).not_to_have_count(len(state["history"]))
    state = kept(player, game_id)
    assert state["board"].count(None) == 0 and len(state["history"]) >= 2
    assert game.scores == state["scores"]
    expect(page.locator(".status")).to_contain_text("Game over")


def test_a_wordgame_opening_against_the_bot_with_the_server_gone(player: Player, server) -> None:  # noqa: F811
    page = player.page
    offline_page(player)
    page.click("input[value=wordgame]")
    page.click("text=Start the game")
    game_id = player.game_id()
    assert game_id.startswith("local-")
    lexicon = Lexicon.open("en", "wordgame", server.data)
    judge = Wordgame.new(lexicon, seed=1)  # the library's generator on the browser's positions
    for _ in range(3):  # the player's move (the hint's, the best) and the bot's reply, three times
        before = kept(player, game_id)
        if before["turn"] != 0 or len(before["history"]) > 40:
            break
        judge.board = [list(row) for row in before["board"]]
        judge.blanks = {tuple(cell) for cell in before["blanks"]}
        mine = judge.search(before["racks"][0]).points
        hint = page.locator(".status button.hint")
        if not mine:
            page.click(".buttons button:text-is('Pass')")  # no word on this rack: pass (asked first)
            page.click("dialog.ask button.confirm")
        else:
            for step in ("word beginning with", "It starts on"):  # the hint, a step a click
                hint.click()
                expect(page.locator(".message")).to_contain_text(step)
            hint.click()
            expect(page.locator(".message")).to_contain_text(f"for {max(mine)} points: it is on the board")
            page.click(".buttons button:text-is('Play')")
        expect(page.locator(".log > li")).not_to_have_count(len(before["history"]))
        after = kept(player, game_id)
        played = after["history"][len(before["history"])]
        assert played["points"] == (max(mine) if mine else 0)
        if len(after["history"]) > len(before["history"]) + 1:  # the bot's reply, on its rack of then
            reply = after["history"][len(before["history"]) + 1]
            judge.board = [list(row) for row in before["board"]]
            for tile in played["tiles"]:
                judge.board[tile["cell"][0]][tile["cell"][1]] = tile["letter"]
            judge.blanks |= {tuple(t["cell"]) for t in played["tiles"] if t["blank"]}
            theirs = judge.search(before["racks"][1]).points
            assert reply["points"] == (max(theirs) if theirs else 0), reply
        player.wait_turns(len(after["history"]))
    # (on the sample list of 146 words some racks only pass)
    assert len(kept(player, game_id)["history"]) >= 2


def test_a_wordgame_bot_plays_by_its_leave_values_with_the_server_gone(
    browser,  # noqa: F811
    sample_outputs: Path,
    tmp_path: Path,
) -> None:
    """On a list with leaves.json the offline bot values its moves as the server's strong bot does:
    points plus the leave, by the core in the page's worker; each reply is one of the best equities
    the library finds (or the exchange it would rather make)."""
    data = tmp_path / "data"
    copy_list(sample_outputs, data)  # every list (the page opens on Balda), the English Wordgame's learned:
    learned = run_cli("leaves", data / "en" / "wordgame", "--games", "20", "--seed", "1")
    assert learned.returncode == 0, learned.stderr
    lexicon = Lexicon.open("en", "wordgame", data)
    assert lexicon.leaves is not None and any(lexicon.leaves.values.values())
    with Server(data, tmp_path / "games.sqlite", tmp_path / "server.log") as running:
        lists = httpx2.get(running.url + "/api/lists").json()
        (wordgame,) = [e for e in lists if (e["language"], e["profile"]) == ("en", "wordgame")]
        assert wordgame["files"]["leaves.json"].endswith("/en/wordgame/files/leaves.json")
        someone = Player(browser, running)
        try:
            page = someone.page
            offline_page(someone)
            page.click("input[value=wordgame]")
            page.click("text=Start the game")
            game_id = someone.game_id()
            judge = Wordgame.new(lexicon, seed=1)
            replies = 0
            for _ in range(4):  # the player passes (or plays the hint), the bot replies
                before = kept(someone, game_id)
                if before["turn"] != 0:
                    break
                scoreless = 0  # the turns in a row that scored nothing: a third ends the game
                for turn in reversed(before["history"]):
                    if turn["action"] == "play":
                        break
                    scoreless += 1
                if scoreless >= 2:
                    break  # a pass would end the game: enough replies seen
                page.click(".buttons button:text-is('Pass')")
                page.click("dialog.ask button.confirm")  # (a pass is asked first)
                expect(page.locator(".log > li")).not_to_have_count(len(before["history"]))
                after = kept(someone, game_id)
                if len(after["history"]) <= len(before["history"]) + 1:
                    break  # the game ended on the pass
                reply = after["history"][len(before["history"]) + 1]
                judge.board = [list(row) for row in before["board"]]
                judge.blanks = {tuple(cell) for cell in before["blanks"]}
                rack = before["racks"][1]
                found = judge.search(rack)
                bag = len(before["bag"])
                values = equity.equities(found, rack, lexicon.leaves, bag)
                if reply["action"] == "exchange":  # the tiles kept beat every move
                    back, kept_value = equity.best_exchange(rack, lexicon.leaves, bag)
                    assert bag >= 8 and kept_value > max(values, default=-(10**9)), reply
                    assert reply["exchanged"] == len(back)  # the library's tiles to put back: the rest kept
                    assert not Counter(equity.kept(rack, back)) - Counter(after["racks"][1]), (rack, back)
                else:
                    assert reply["action"] == "play" and values, reply
                    placed = sorted((tuple(t["cell"]), t["letter"], t["blank"]) for t in reply["tiles"])
                    chosen = [
                        i
                        for i in range(len(found))
                        if sorted((t.cell, t.letter, t.blank) for t in found.build(i).move.tiles) == placed
                    ]
                    assert chosen and values[chosen[0]] == max(values), (reply, max(values))
                replies += 1
                someone.wait_turns(len(after["history"]))
            assert replies >= 1
        finally:
            someone.close()
