"""The page plays the bot with the server gone: its service worker keeps the page, the lists' files
and the WebAssembly core; the bot moves in a Web Worker; the game is kept in the browser.

Each test loads the page online once (the service worker keeps what the page needs), cuts the
network (`context.set_offline`), reloads, and plays by clicking and typing. Python is the judge: the
game kept in the browser (localStorage) is replayed move by move with the library's own game, which
must accept every move with the points the page gave it, and every bot move must be the move the
server's bot plays in that position: the library's `Bot` of the game's level seeded as the server
seeds it, `(game seed << 16) + version` (ties drawn as Python draws them). The bag's draws are the
browser's own; the bot's choice in a position is what must match.
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


def server_bot(state: dict, version: int, level: str | None = None) -> Bot:
    """The bot the server asks for the move at `version` of the browser's game (wordlist/server/games.py)."""
    return Bot(level or state["level"], seed=(state["seed"] << 16) + version)


def replayed_balda(state: dict, data: Path) -> BaldaGame:
    """The browser's game replayed by the library: every move must be legal there, with the same
    points, and each of the bot's the server's bot's move in that position."""
    lexicon = Lexicon.open(state["list"]["language"], state["list"]["profile"], data)
    settings = BaldaSettings(size=state["size"], diagonal=state["diagonal"])
    game = BaldaGame.new(lexicon, settings, start_word=state["start_word"], players=state["players"])
    for turn in state["history"]:
        move = Move(tuple(turn["cell"]), turn["letter"], tuple(map(tuple, turn["path"])))
        if turn["player"] == 1:  # (a letter alone too, where no word can be made)
            chosen = server_bot(state, game.version).choose(game)
            assert chosen is not None and chosen.move == move, (
                f"the bot's {turn['word']}, the server's {chosen}"
            )
        played = game.play(move)
        assert (played.word, played.points) == (turn["word"], turn["points"])
    return game


def wordgame_at(lexicon: Lexicon, state: dict, board: list, blanks: list, racks: list, bag: list) -> Wordgame:
    """The library's game in the browser's position (the board, both racks, the bag in its order),
    the bot (seat 1) to move."""
    game = Wordgame.new(lexicon, seed=1, players=state["players"])
    game.board = [list(row) for row in board]
    game.blanks = {tuple(cell) for cell in blanks}
    game.racks = [list(racks[0]), list(racks[1])]
    game.bag = list(bag)
    game.turn = 1
    return game


def assert_server_reply(game: Wordgame, bot: Bot, reply: dict, rack_after: list) -> None:
    """The browser bot's `reply` is what `bot` (the server's) does in `game`: the same tiles placed,
    or an exchange of the same tiles (the rest kept: `rack_after` holds them), or a pass."""
    action = bot.action(game)
    assert reply["action"] == action["action"], (reply, action)
    if action["action"] == "play":
        placed = sorted((tuple(t["cell"]), t["letter"], t["blank"]) for t in reply["tiles"])
        assert placed == sorted((tuple(t["cell"]), t["letter"], t["blank"]) for t in action["move"]["tiles"])
    elif action["action"] == "exchange":
        assert reply["exchanged"] == len(action["tiles"]), (reply, action)
        kept_tiles = Counter(equity.kept(game.rack, action["tiles"]))
        assert not kept_tiles - Counter(rack_after), (action, rack_after)


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
    page.select_option("select[name=level]", "beginner")  # a random move of the weaker half: drawn
    page.click("text=Start the game")
    game_id = player.game_id()
    assert game_id.startswith("local-")
    lexicon = Lexicon.open("en", "wordgame", server.data)
    judge = Wordgame.new(lexicon, seed=1)  # the library's generator on the browser's positions
    replies = 0
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
        if len(after["history"]) > len(before["history"]) + 1:  # the bot's reply, in the position then
            reply = after["history"][len(before["history"]) + 1]
            board = [list(row) for row in before["board"]]
            for tile in played["tiles"]:
                board[tile["cell"][0]][tile["cell"][1]] = tile["letter"]
            blanks = [*before["blanks"], *(t["cell"] for t in played["tiles"] if t["blank"])]
            bag = before["bag"][len(played["tiles"]) :]  # (the player drew from its front)
            racks = [after["racks"][0], before["racks"][1]]
            game = wordgame_at(lexicon, before, board, blanks, racks, bag)
            bot = server_bot(after, len(before["history"]) + 1)
            assert_server_reply(game, bot, reply, after["racks"][1])
            replies += 1
        player.wait_turns(len(after["history"]))
    # (on the sample list of 146 words some racks only pass)
    assert len(kept(player, game_id)["history"]) >= 2 and replies >= 1


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_a_wordgame_bot_plays_by_its_leave_values_with_the_server_gone(
    browser,  # noqa: F811
    sample_outputs: Path,
    tmp_path: Path,
    level: str,
) -> None:
    """On a list with leaves.json the offline bot values its moves as the server's bot does (strong:
    points plus the leave; expert: less the replies simulated on opponent racks drawn from the
    unseen tiles with the seed), by the core in the page's worker; each reply is the server's bot's
    move (or the exchange it would rather make)."""
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
            page.select_option("select[name=level]", level)
            page.click("text=Start the game")
            game_id = someone.game_id()
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
                # the position after the pass: the board, both racks and the bag as they were
                game = wordgame_at(
                    lexicon, before, before["board"], before["blanks"], before["racks"], before["bag"]
                )
                assert game.unseen(1) == dict(sorted(Counter(before["bag"] + before["racks"][0]).items()))
                assert_server_reply(
                    game, server_bot(before, len(before["history"]) + 1, level), reply, after["racks"][1]
                )
                replies += 1
                someone.wait_turns(len(after["history"]))
            assert replies >= 1
        finally:
            someone.close()


def test_a_wordgame_expert_plays_the_endgame_with_the_server_gone(player: Player, server) -> None:  # noqa: F811
    """With the bag empty the offline expert searches the endgame as the server's bot does: the
    game kept in the browser is given an empty bag (the tiles gone: cheaper than playing a whole
    game on the sample list, whose games end on passes first) and the bot a word's letters and two
    tiles more; the player passes and each reply is the server's bot's move in that position."""
    page = player.page
    offline_page(player)
    page.click("input[value=wordgame]")
    page.select_option("select[name=level]", "expert")
    page.click("text=Start the game")
    game_id = player.game_id()
    lexicon = Lexicon.open("en", "wordgame", server.data)
    state = kept(player, game_id)
    assert state["turn"] == 0 and not state["history"]
    for word in lexicon.words(length=5):  # a rack that plays a first word and more, with tiles to keep
        rack = [*word, *state["racks"][1][:2]]
        game = wordgame_at(lexicon, state, state["board"], state["blanks"], [state["racks"][0], rack], [])
        if len(game.bot_search()) > 2:
            break
    else:
        pytest.fail("no word of the list makes a rack with three moves")
    state["bag"], state["racks"][1] = [], rack
    store = "([id, text]) => localStorage.setItem('wordlist.local.' + id, text)"
    page.evaluate(store, [game_id, json.dumps(state)])
    plays = 0
    for _ in range(3):  # the player passes, the bot replies
        before = kept(player, game_id)
        if before["turn"] != 0 or before["passes"] >= 2 or not all(before["racks"]):
            break  # (the game is over, or a pass would end it)
        page.click(".buttons button:text-is('Pass')")
        page.click("dialog.ask button.confirm")
        expect(page.locator(".log > li")).not_to_have_count(len(before["history"]))
        after = kept(player, game_id)
        if len(after["history"]) <= len(before["history"]) + 1:
            break  # the game ended on the pass
        reply = after["history"][len(before["history"]) + 1]
        game = wordgame_at(lexicon, before, before["board"], before["blanks"], before["racks"], [])
        game.scores = list(before["scores"])  # (the endgame values the final spread)
        bot = server_bot(before, len(before["history"]) + 1)
        assert bot.level == "expert" and not game.bag
        assert_server_reply(game, bot, reply, after["racks"][1])
        plays += reply["action"] == "play"
        player.wait_turns(len(after["history"]))
    assert plays >= 1, "the bot played no word with the bag empty"
