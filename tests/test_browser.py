"""The web page in a real browser: Debian's Chromium driven by Playwright against `wordlist serve`.

A whole Balda game and a Wordgame opening against the bot, an illegal move and its message, a
reload in the middle of a game, a friend in a second browser, a phone-sized screen. The moves are
the library's best (read from the server's database); the page is played only by clicking and
typing, as a person plays it. The screenshots in docs/screenshots are taken here
(`WORDLIST_SCREENSHOTS=1 .venv/bin/pytest tests/test_browser.py`).
"""

from __future__ import annotations

import os
import re
import struct
import typing
import zlib
from pathlib import Path

import httpx2
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.conftest import ROOT
from tests.server_helpers import Server, best_move, stored_game
from wordlist import Lexicon
from wordlist.games import Bot
from wordlist.games.wordgame import Wordgame

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
# Playwright's own browser download is not reachable here: Debian's Chromium, quiet on the network
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
# The README's pictures are rewritten only on request (WORDLIST_SCREENSHOTS=1 make test): a test run
# never changes the working tree; otherwise they go to outputs/screenshots to look at.
SCREENSHOTS = ROOT / ("docs" if os.environ.get("WORDLIST_SCREENSHOTS") == "1" else "outputs") / "screenshots"
DESKTOP = {"width": 1200, "height": 820}
PHONE = {"width": 390, "height": 844}

expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory) -> typing.Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser")
    with Server(sample_outputs, folder / "games.sqlite", folder / "server.log") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> typing.Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


class Player:
    """One browser context (its own localStorage: one player) with the page's errors collected."""

    def __init__(self, browser: Browser, server: Server, viewport: dict = DESKTOP) -> None:
        self.server = server
        self.context = browser.new_context(viewport=viewport, base_url=server.url, locale="en-US")
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def game_id(self) -> str:
        expect(self.page).to_have_url(re.compile("#/game/"))
        return self.page.url.rsplit("/", 1)[1]

    def stored(self, game_id: str):
        return stored_game(self.server.db, game_id, self.server.data)

    def turns(self) -> int:
        return self.page.locator(".log > li").count()

    def wait_turns(self, count: int) -> None:
        expect(self.page.locator(".log > li")).to_have_count(count)

    def after_move(self, game_id: str, before: int):
        """The stored game once the page shows the turns its move made (the bot's reply too)."""
        expect(self.page.locator(".log > li")).not_to_have_count(before)
        game = self.stored(game_id)
        self.wait_turns(len(game.history))
        return game

    def adopt(self, created: dict) -> str:
        """Hold the seat of a game created over the API, as the page holds its own, and open it."""
        game = created["game"]
        entry = {"token": created["token"], "player": game["player"], "game": game["view"]["game"]}
        entry |= {"opponent": game["opponent"], "names": game["view"]["players"], "created": 1}
        self.page.goto("/#/")
        self.page.evaluate(
            "([id, entry]) => localStorage.setItem('wordlist.games', JSON.stringify({[id]: entry}))",
            [game["id"], entry],
        )
        self.page.goto(f"/#/game/{game['id']}")
        expect(self.page.locator(".game")).to_be_visible()
        return game["id"]

    def close(self) -> None:
        self.context.close()
        assert not self.errors, self.errors


@pytest.fixture
def player(browser: Browser, server: Server) -> typing.Iterator[Player]:
    one = Player(browser, server)
    yield one
    one.close()


def shoot(page: Page, name: str) -> None:
    """Save a screenshot (for the README with WORDLIST_SCREENSHOTS=1). Chromium's raster differs by
    a few pixels from run to run (antialiased edges), so a picture is rewritten only when more than
    a few rows of it changed."""
    page.evaluate("window.scrollTo(0, 0)")  # the whole page from its top, whatever had the focus
    data = page.screenshot(animations="disabled", caret="hide")
    path = SCREENSHOTS / name
    if path.exists() and changed_rows(path.read_bytes(), data) <= SAME_PICTURE_ROWS:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


SAME_PICTURE_ROWS = 20  # of 820


def changed_rows(old: bytes, new: bytes) -> int:
    """How many rows of two PNG pictures differ (all of them if the sizes differ)."""

    def rows(png: bytes) -> tuple[tuple[int, int], list[bytes]]:
        at, size, data = 8, (0, 0), b""
        while at < len(png):
            (length,) = struct.unpack(">I", png[at : at + 4])
            kind = png[at + 4 : at + 8]
            if kind == b"IHDR":
                size = struct.unpack(">II", png[at + 8 : at + 16])
            elif kind == b"IDAT":
                data += png[at + 8 : at + 8 + length]
            at += 12 + length
        raw = zlib.decompress(data)
        stride = len(raw) // size[1]
        return size, [raw[i * stride : (i + 1) * stride] for i in range(size[1])]

    (old_size, old_rows), (new_size, new_rows) = rows(old), rows(new)
    if old_size != new_size:
        return new_size[1]
    return sum(1 for a, b in zip(old_rows, new_rows, strict=True) if a != b)


# --- Balda ----------------------------------------------------------------------------------------


def trace(page: Page, move, *, letter_by_key: bool = True) -> None:
    """Put the move's letter on its cell and trace its path, by clicks (the letter by key or click)."""
    page.click(f'.cell[data-cell="{move.cell[0]},{move.cell[1]}"]')
    if letter_by_key:
        page.keyboard.press(move.letter)
    else:
        page.click(f".letters button.letter:text-is('{move.letter.upper()}')")
    for row, col in move.path:
        page.click(f'.cell[data-cell="{row},{col}"]')


def test_a_whole_balda_game_against_the_bot(player: Player) -> None:
    page = player.page
    page.goto("/")
    expect(page.locator("#language")).to_have_value("en")
    page.fill("#name", "Ann")
    page.click("text=Start the game")
    game_id = player.game_id()
    expect(page.locator(".player.to-move")).to_contain_text("Ann")
    moves = 0
    while True:
        game = player.stored(game_id)
        if game.is_over:
            break
        candidate = best_move(game)
        if moves == 1:  # an illegal move first: the server's message, the game unchanged
            illegal_move(player, game)
        if moves == 2:  # the page reloaded in the middle of the game shows it as it was
            page.reload()
            expect(page.locator(".log > li")).to_have_count(len(game.history))
        before = player.turns()
        trace(page, candidate.move, letter_by_key=moves % 2 == 0)
        if len(candidate.word) > 1:  # the reader in the page knows the word before the server does
            expect(page.locator(".word-preview .verdict")).to_have_text(
                f"a word: {len(candidate.word)} points"
            )
        if moves % 2:
            page.keyboard.press("Enter")
        else:
            page.click("text=Play word")
        after = player.after_move(game_id, before)
        assert len(after.history) - before in (1, 2)
        assert after.history[before].word == candidate.word
        moves += 1
    assert moves >= 8
    expect(page.locator(".status")).to_contain_text("Game over")
    scores = [int(s) for s in page.locator(".player .score").all_inner_texts()]
    assert scores == game.scores
    rows = page.locator(".cell").all_inner_texts()
    assert "".join(r.strip()[:1].lower() for r in rows) == "".join(game.board_rows())


def illegal_move(player: Player, game) -> None:
    """A letter that makes no word with its neighbour: the server's message names the rule."""
    page = player.page
    lexicon = game.lexicon
    for row, col in game.placeable_cells():
        neighbour = next((n for n in game.neighbours((row, col)) if game.letter_at(n)), None)
        letter = next((c for c in "qxzjv" if not lexicon.is_word(c + game.letter_at(neighbour))), None)
        if neighbour and letter:
            break
    page.click(f'.cell[data-cell="{row},{col}"]')
    page.keyboard.press(letter)
    page.click(f'.cell[data-cell="{row},{col}"]')
    page.click(f'.cell[data-cell="{neighbour[0]},{neighbour[1]}"]')
    expect(page.locator(".word-preview .verdict")).to_have_text("not in the word list")
    page.click("text=Play word")
    word = (letter + game.letter_at(neighbour)).upper()
    expect(page.locator(".message.error")).to_have_text(f"Not a word in this game's word list: {word}")
    assert len(player.stored(page.url.rsplit("/", 1)[1]).history) == len(game.history)
    page.keyboard.press("Escape")
    expect(page.locator(".cell.new-letter")).to_have_count(0)


def test_balda_in_the_middle_of_a_game(player: Player, server: Server) -> None:
    created = httpx2.post(
        f"{server.url}/api/games", json={"game": "balda", "seed": 7, "name": "Ann", "level": "beginner"}
    ).json()
    game_id = player.adopt(created)
    page = player.page
    for turn in range(3):
        candidate = best_move(player.stored(game_id))
        trace(page, candidate.move)
        page.keyboard.press("Enter")
        player.wait_turns(2 * turn + 2)
    candidate = best_move(player.stored(game_id))
    trace(page, candidate.move)  # traced, not played: the screenshot shows the word being made
    expect(page.locator(".word-preview .verdict.ok")).to_be_visible()
    shoot(page, "balda.png")


# --- Wordgame --------------------------------------------------------------------------------------


def opening_seed(lexicon: Lexicon) -> int:
    """A seed whose first rack has a word with a blank, and a second move after the bot's reply."""
    for seed in range(500):
        game = Wordgame.new(lexicon, seed=seed, players=("Ann", "Bot"))
        first = best_move(game)
        if first is None or not any(t.blank for t in first.move.tiles):
            continue
        game.play(first.move)
        Bot("strong", seed=(seed << 16) + game.version).move(game)
        if game.history[-1].action == "play" and best_move(game) is not None:
            return seed
    raise AssertionError("no seed with an opening for the sample list")


def place(page: Page, move, *, typing_it: bool) -> None:
    """The move's tiles onto their squares: a square, then the tile (a blank asks for its letter),
    or the first square, then the word typed."""
    tiles = sorted(move.tiles, key=lambda t: t.cell)
    if typing_it:
        first = tiles[0].cell
        page.click(f'.square[data-cell="{first[0]},{first[1]}"]')
        if len(tiles) > 1 and tiles[1].cell[1] == first[1]:
            page.keyboard.press(" ")  # down
        for tile in tiles:
            page.keyboard.press(tile.letter)
        return
    for tile in tiles:
        page.click(f'.square[data-cell="{tile.cell[0]},{tile.cell[1]}"]')
        if tile.blank:
            page.click(".rack .tile.blank:not(.used)")
            page.click(f"dialog.blank-letter button.letter:text-is('{tile.letter.upper()}')")
        else:
            page.locator(".rack .tile:not(.used):not(.blank)").filter(
                has_text=tile.letter.upper()
            ).first.click()


def test_a_wordgame_opening_against_the_bot(player: Player, server: Server) -> None:
    seed = opening_seed(Lexicon.open("en", "wordgame", server.data))
    body = {"game": "wordgame", "seed": seed, "name": "Ann"}
    game_id = player.adopt(httpx2.post(f"{server.url}/api/games", json=body).json())
    page = player.page
    game = player.stored(game_id)
    rack = page.locator(".rack .tile")
    expect(rack).to_have_count(8)
    shown = [text.split()[0] for text in rack.all_inner_texts()]  # the letter, then its points
    assert [t.lower() if not t.isdigit() else "?" for t in shown] == game.racks[0]
    expect(page.locator('.square[data-cell="7,7"]')).to_have_class(re.compile(r"\bstart\b"))
    expect(page.locator(".square.tw")).to_have_count(8)
    first = best_move(game)
    place(page, first.move, typing_it=False)
    expect(page.locator(".square.tentative")).to_have_count(len(first.move.tiles))
    expect(page.locator(".word-preview .formed").first).to_have_text(f"{first.word.upper()} ✓")
    page.click("button:text-is('Play')")
    player.wait_turns(2)
    game = player.stored(game_id)
    assert game.history[0].words[0][0] == first.word and game.history[1].action == "play"
    expect(page.locator(".player .score").first).to_have_text(str(game.scores[0]))
    second = best_move(game)
    place(page, second.move, typing_it=not any(t.blank for t in second.move.tiles))
    expect(page.locator(".square.tentative")).to_have_count(len(second.move.tiles))
    expect(page.locator(".word-preview .formed.ok").first).to_be_visible()
    shoot(page, "wordgame.png")
    page.keyboard.press("Enter")
    assert player.after_move(game_id, 2).history[2].words[0][0] == second.word


def test_a_wordgame_exchange_against_the_bot(player: Player, server: Server) -> None:
    body = {"game": "wordgame", "seed": 11, "name": "Ann"}
    game_id = player.adopt(httpx2.post(f"{server.url}/api/games", json=body).json())
    page = player.page
    before = player.stored(game_id)
    tiles = page.locator(".rack .tile")
    expect(tiles).to_have_count(8)
    exchange = page.locator("button:text-is('Exchange')")
    expect(page.locator("button.confirm-exchange")).to_be_hidden()
    exchange.click()
    expect(exchange).to_be_hidden()
    expect(page.locator("button:text-is('Play')")).to_be_hidden()
    confirm = page.locator("button.confirm-exchange")
    expect(confirm).to_be_disabled()
    page.click('.square[data-cell="7,7"]')  # no tile goes on the board while choosing
    expect(page.locator(".square.tentative")).to_have_count(0)
    page.click("button.cancel-exchange")  # changing one's mind sends nothing
    expect(exchange).to_be_visible()
    exchange.click()
    for slot in (0, 2, 5):
        tiles.nth(slot).click()
    tiles.nth(5).click()  # a second click puts a tile back on the rack
    expect(page.locator(".rack .tile.chosen")).to_have_count(2)
    expect(confirm).to_have_text("Exchange 2 tiles")
    confirm.click()
    game = player.after_move(game_id, 0)
    assert game.history[0].action == "exchange" and game.history[0].exchanged == 2
    kept = [t for i, t in enumerate(before.racks[0]) if i not in (0, 2)]
    assert sorted(game.racks[0][:6]) == sorted(kept)
    assert len(game.bag) == len(before.bag) - len(game.history[1].tiles)  # the bot's reply drew, not Ann
    expect(page.locator(".log > li").last).to_contain_text("exchanged 2 tiles")
    shown = [text.split()[0] for text in tiles.all_inner_texts()]
    assert sorted(t.lower() if not t.isdigit() else "?" for t in shown) == sorted(game.racks[0])
    expect(exchange).to_be_visible()


# --- two players ----------------------------------------------------------------------------------


def test_a_friend_plays_in_a_second_browser(browser: Browser, server: Server) -> None:
    ann, bob = Player(browser, server), Player(browser, server)
    try:
        page = ann.page
        page.goto("/")
        page.fill("#name", "Ann")
        page.check("input[value=friend]")
        page.click("text=Start the game")
        game_id = ann.game_id()
        expect(page.locator(".status")).to_contain_text("Send this link to your friend")
        link = page.locator(".invite-link").input_value()
        assert link.startswith(server.url) and f"#/join/{game_id}/" in link
        bob.page.goto(link)
        bob.page.fill("#join-name", "Bob")
        bob.page.click("text=Join the game")
        expect(bob.page.locator(".player").nth(0)).to_contain_text("Ann")
        expect(bob.page.locator(".status")).to_contain_text("Ann to move")
        expect(page.locator(".player").nth(1)).to_contain_text("Bob")  # Ann's page learnt it by itself
        for turn in range(4):
            mover, waiter = (ann, bob) if turn % 2 == 0 else (bob, ann)
            candidate = best_move(ann.stored(game_id))
            trace(mover.page, candidate.move)
            mover.page.keyboard.press("Enter")
            for someone in (mover, waiter):  # the waiter's page learns of the move by itself
                someone.wait_turns(turn + 1)
            expect(waiter.page.locator(".status")).to_contain_text("Your turn")
            mover.page.click(".cell >> nth=0")  # not the mover's turn now: the page says so
            expect(mover.page.locator(".message")).to_have_text("Wait for your turn.")
        assert len(ann.stored(game_id).history) == 4
    finally:
        ann.close()
        bob.close()


def test_a_phone_screen(browser: Browser, server: Server) -> None:
    phone = Player(browser, server, PHONE)
    try:
        page = phone.page
        page.goto("/")
        page.click("label.choice:has-text('Wordgame')")
        page.click("text=Start the game")
        expect(page.locator(".square")).to_have_count(225)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px screen"
        square = page.locator('.square[data-cell="7,7"]').bounding_box()
        assert square is not None and square["width"] >= 20
        page.click('.square[data-cell="7,7"]')
        page.locator(".rack .tile:not(.blank)").first.click()
        expect(page.locator(".square.tentative")).to_have_count(1)
        page.keyboard.press("Escape")
        expect(page.locator(".square.tentative")).to_have_count(0)
    finally:
        phone.close()
