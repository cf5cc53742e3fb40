"""The web page in a real browser: Debian's Chromium driven by Playwright against `wordlist serve`.

A whole Balda game and a Wordgame opening against the bot, an illegal move and its message, a
reload in the middle of a game, a friend in a second browser, a phone (touch) screen; a move's
score as it is built, the hints, a rematch, the end of a game and why, the log's moves shown on
the board, the unseen tiles and the short words, the API's docs. The moves are the library's
best (read from the server's database); the page is played only by clicking, tapping and typing,
as a person plays it. The screenshots in docs/screenshots are taken here
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
from tests.test_server import bearer
from wordlist import Lexicon
from wordlist.games import Bot
from wordlist.games.balda.terminal import SCREEN as BALDA_SCREEN
from wordlist.games.bot import DEFAULT_LEVEL, LEVELS
from wordlist.games.protocol import cell_name
from wordlist.games.terminal import ranked
from wordlist.games.wordgame import Wordgame
from wordlist.games.wordgame.terminal import SCREEN as WORDGAME_SCREEN
from wordlist.server.games import rematch_id

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
DESKTOP = {"width": 1280, "height": 800}
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

    def __init__(
        self, browser: Browser, server: Server, viewport: dict = DESKTOP, *, touch: bool = False
    ) -> None:
        self.server = server
        self.context = browser.new_context(
            viewport=viewport, base_url=server.url, locale="en-US", has_touch=touch, is_mobile=touch
        )
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


SAME_PICTURE_ROWS = 20  # of 800


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
    levels = page.locator("select[name=level]")  # the menu is the bot's one level table
    expect(levels.locator("option")).to_have_text(list(LEVELS))
    expect(levels).to_have_value(DEFAULT_LEVEL)
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
        if len(after.history) - before == 2:  # the bot's reply: its whole path shown, not only its letter
            expect_path(page, after.history[-1].path)
        if moves == 3:  # a log entry pressed shows its move's path in violet; pressed again, none
            mine = page.locator(f'.log > li[data-turn="{before}"] button.show-move')
            mine.click()
            expect_path(page, after.history[before].path)
            colour = page.locator(".cell.shown-path").first.evaluate(
                "cell => getComputedStyle(cell).outlineColor"
            )
            assert colour == "rgb(124, 58, 237)"  # violet
            expect(mine).to_have_attribute("aria-pressed", "true")
            mine.click()
            expect(page.locator(".cell.shown-path")).to_have_count(0)
        moves += 1
    assert moves >= 8
    expect(page.locator(".status")).to_contain_text("Game over")
    scores = [int(s) for s in page.locator(".player .score").all_inner_texts()]
    assert scores == game.scores
    rows = page.locator(".cell").all_inner_texts()
    assert "".join(r.strip()[:1].lower() for r in rows) == "".join(game.board_rows())


def expect_path(page: Page, path) -> None:
    """The board shows `path` as a move from the log: its cells, numbered in order."""
    shown = page.locator(".cell.shown-path")
    expect(shown).to_have_count(len(path))
    cells = [
        tuple(map(int, c.split(","))) for c in shown.evaluate_all("cells => cells.map(c => c.dataset.cell)")
    ]
    assert sorted(cells) == sorted(path)
    for order, (row, col) in enumerate(path, 1):
        expect(page.locator(f'.cell[data-cell="{row},{col}"] .order')).to_have_text(str(order))


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


def place(page: Page, candidate, *, typing_it: bool) -> None:
    """The move's tiles onto their squares: a square, then the tile (a blank asks for its letter),
    or the square where the word starts (on the board or not), then the whole word typed, the
    letters on the board typed over."""
    if typing_it:
        row, col = candidate.start
        page.click(f'.square[data-cell="{row},{col}"]')
        if candidate.direction == "down":
            page.keyboard.press(" ")
        for letter in candidate.word:
            page.keyboard.press(letter)
        return
    for tile in sorted(candidate.move.tiles, key=lambda t: t.cell):
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
    rows = {round(box["y"]) for box in (t.bounding_box() for t in rack.all()) if box}
    assert len(rows) == 1  # the eight tiles on one row
    for name in ("Exchange", "Resign"):  # reachable without scrolling
        box = page.locator(f".buttons button:text-is('{name}')").bounding_box()
        assert box is not None and box["y"] + box["height"] <= DESKTOP["height"], (name, box)
    place(page, first, typing_it=False)
    expect(page.locator(".square.tentative")).to_have_count(len(first.move.tiles))
    score = game.check(first.move)
    expect(page.locator(".word-preview .formed")).to_have_text(as_read(game, first.move, score))
    expect(page.locator(".word-preview .total")).to_have_text(f"{score.points} points")
    page.click("button:text-is('Play')")
    player.wait_turns(2)
    game = player.stored(game_id)
    assert game.history[0].words[0][0] == first.word and game.history[1].action == "play"
    expect(page.locator(".player .score").first).to_have_text(str(game.scores[0]))
    # the blank in the log is its letter in lower case, marked; where the word went, without a "?"
    opening = page.locator('.log > li[data-turn="0"]')
    blank = next(tile for tile in first.move.tiles if tile.blank)
    expect(opening.locator(".word.main .blank-letter")).to_have_text(blank.letter)
    shown = "".join(
        t.letter if t.blank else t.letter.upper() for t in sorted(first.move.tiles, key=lambda t: t.cell)
    )
    expect(opening.locator(".word.main")).to_have_text(shown)  # one word: the move's points only
    expect(opening.locator(".notation")).to_have_text(
        f"{cell_name(game.history[0].start)} {game.history[0].direction}"
    )
    second = best_move(game)
    place(page, second, typing_it=not any(t.blank for t in second.move.tiles))
    expect(page.locator(".square.tentative")).to_have_count(len(second.move.tiles))
    expect(page.locator(".word-preview .total")).to_have_text(f"{game.check(second.move).points} points")
    shoot(page, "wordgame.png")
    page.keyboard.press("Enter")
    assert player.after_move(game_id, 2).history[2].words[0][0] == second.word


def test_a_whole_wordgame_against_the_bot(player: Player, server: Server) -> None:
    """To the end, by clicks: the best move while there is one, else an exchange of every tile
    (while the bag allows) or a pass, answering the page's question when it ends the game; then
    why it ended and what the tiles left cost, as the library counts them."""
    body = {
        "game": "wordgame",
        "seed": opening_seed(Lexicon.open("en", "wordgame", server.data)),
        "name": "Ann",
    }
    game_id = player.adopt(httpx2.post(f"{server.url}/api/games", json=body).json())
    page = player.page
    for _ in range(60):
        game = player.stored(game_id)
        if game.is_over:
            break
        before = len(game.history)
        candidate = best_move(game)
        if candidate is not None:
            place(page, candidate, typing_it=False)
            page.click("button:text-is('Play')")
        elif game.can_exchange():
            page.click("button:text-is('Exchange')")
            for tile in page.locator(".rack .tile").all():
                tile.click()
            page.click("button.confirm-exchange")
        else:
            page.click("button:text-is('Pass')")
        if candidate is None and (game.passes == 2 or not game.can_exchange()):  # a pass always asks
            page.locator("dialog.ask button.confirm").click()
        player.after_move(game_id, before)
    game = player.stored(game_id)
    assert game.is_over and len([t for t in game.history if t.action == "play"]) >= 4
    if game.passes >= 3:
        passes = all(t.action == "pass" for t in game.history[-3:])
        why = f"It ended after 3 {'passes' if passes else 'scoreless turns'} in a row."
    else:
        out = next(p for p in (0, 1) if not game.racks[p])
        why = (
            "You played out your" if out == 0 else "Bot played out their"
        ) + " last tiles with the bag empty."
    expect(page.locator(".ending .why")).to_have_text(why)
    for seat in (0, 1):
        penalty = game.rack_value(seat)
        expect(page.locator(f'.final-scores tr[data-seat="{seat}"] .penalty')).to_have_text(
            f"−{penalty}" if penalty else "0"
        )
    expect(page.locator(".player .score")).to_have_text([signed(s) for s in game.final_scores])
    shoot(page, "wordgame-over.png")


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
    """A phone, held as a phone is: a finger's targets (44 px at least), the rack on one row, Exchange
    and Resign without scrolling, help that says tap; the board whole at first, zoomed in by a tap."""
    phone = Player(browser, server, PHONE, touch=True)
    try:
        page = phone.page
        seed = opening_seed(Lexicon.open("en", "wordgame", server.data))  # its opening has a blank
        body = {"game": "wordgame", "seed": seed, "name": "Ann"}
        game_id = phone.adopt(httpx2.post(f"{server.url}/api/games", json=body).json())
        expect(page.locator(".square")).to_have_count(225)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px screen"
        tiles = page.locator(".rack .tile")
        expect(tiles).to_have_count(8)
        boxes = [tile.bounding_box() for tile in tiles.all()]
        assert len({round(box["y"]) for box in boxes}) == 1  # one row
        assert all(box["width"] >= 44 and box["height"] >= 44 for box in boxes), boxes
        for name in ("Exchange", "Resign", "Play", "Pass"):
            box = page.locator(f".buttons button:text-is('{name}')").bounding_box()
            assert box["height"] >= 44 and box["y"] + box["height"] <= PHONE["height"], (name, box)
        small = page.evaluate(
            """() => [...document.querySelectorAll('.game button:not(.square)')]
                .filter(b => b.offsetParent && b.getBoundingClientRect().height < 44)
                .map(b => b.textContent)"""
        )
        assert not small, f"buttons under 44 px: {small}"
        prompt = page.locator(".word-preview .prompt")
        expect(prompt).to_contain_text("Tap")
        for word in ("type", "click", "Click"):
            expect(page.locator(".game")).not_to_contain_text(word)
        square = page.locator('.square[data-cell="7,7"]')
        assert square.bounding_box()["width"] < 30  # the whole board at a glance: too small to aim at
        square.tap()  # zooms in around the square: nothing placed yet
        expect(page.locator(".wordgame-board")).to_have_class(re.compile(r"\bzoomed\b"))
        expect(page.locator(".square.tentative")).to_have_count(0)
        box = square.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]  # scrolled into sight
        expect(prompt).to_have_text("Tap a tile, then a square.")
        game = phone.stored(game_id)
        first = best_move(game)
        for tile in sorted(first.move.tiles, key=lambda t: t.cell):
            page.locator(f'.square[data-cell="{tile.cell[0]},{tile.cell[1]}"]').tap()
            if tile.blank:
                page.locator(".rack .tile.blank:not(.used)").first.tap()
                page.locator(f"dialog.blank-letter button.letter:text-is('{tile.letter.upper()}')").tap()
            else:
                page.locator(".rack .tile:not(.used):not(.blank)").filter(
                    has_text=tile.letter.upper()
                ).first.tap()
        expect(page.locator(".square.tentative")).to_have_count(len(first.move.tiles))
        # a tap on the square the typing cursor had moved on to kept its way (it turns on a second tap)
        expect(page.locator(".square.down")).to_have_count(225 if first.direction == "down" else 0)
        expect(page.locator(".word-preview .total")).to_have_text(f"{first.points} points")
        shoot(page, "wordgame-phone.png")
        page.locator(".buttons button:text-is('Play')").tap()
        phone.wait_turns(2)
        expect(page.locator(".wordgame-board")).not_to_have_class(re.compile(r"\bzoomed\b"))  # whole again
    finally:
        phone.close()


# --- hints, a move's score, the end of a game --------------------------------------------------------


def test_a_balda_hint_in_three_steps(player: Player, server: Server) -> None:
    created = httpx2.post(f"{server.url}/api/games", json={"game": "balda", "seed": 3, "name": "Ann"}).json()
    game_id = player.adopt(created)
    page = player.page
    game = player.stored(game_id)
    best = ranked(game)[0]
    hint = page.locator(".status button.hint")
    expect(hint).to_have_text("Hint")
    hint.click()
    expect(page.locator(".message")).to_have_text(BALDA_SCREEN.hint(game, best, 1))
    page.locator(".status button.hint").click()
    expect(page.locator(".message")).to_have_text(BALDA_SCREEN.hint(game, best, 2))
    row, col = best.move.cell
    expect(page.locator(".cell.hinted")).to_have_count(1)
    expect(page.locator(f'.cell[data-cell="{row},{col}"]')).to_have_class(re.compile(r"\bhinted\b"))
    page.locator(".status button.hint").click()  # the move itself, traced on the board
    expect(page.locator(".cell.in-path")).to_have_count(len(best.move.path))
    expect(page.locator(f'.cell[data-cell="{row},{col}"]')).to_have_class(re.compile(r"\bnew-letter\b"))
    expect(page.locator(".word-preview .verdict")).to_have_text(f"a word: {len(best.word)} points")
    page.click("text=Play word")
    assert player.after_move(game_id, 0).history[0].word == best.word


def test_a_wordgame_hint_and_a_move_scored_as_it_is_built(player: Player, server: Server) -> None:
    seed, first, crossing = cross_word_position(Lexicon.open("en", "wordgame", server.data))
    game_id = player.adopt(
        httpx2.post(f"{server.url}/api/games", json={"game": "wordgame", "seed": seed}).json()
    )
    page = player.page
    game = player.stored(game_id)
    best = ranked(game)[0]
    for level in (1, 2):
        page.locator(".status button.hint").click()
        expect(page.locator(".message")).to_have_text(WORDGAME_SCREEN.hint(game, best, level))
    row, col = best.start
    expect(page.locator(f'.square[data-cell="{row},{col}"]')).to_have_class(re.compile(r"\bhinted\b"))
    page.locator(".status button.hint").click()
    expect(page.locator(".square.tentative")).to_have_count(len(best.move.tiles))
    expect(page.locator(".word-preview .total")).to_have_text(f"{best.points} points")
    page.keyboard.press("Escape")  # recalled: typed again, a tile at a time
    assert best.move == first.move
    expect(page.locator(".square.tentative")).to_have_count(0)
    expect(page.locator("button:text-is('Play')")).to_be_disabled()
    opening = sorted(first.move.tiles, key=lambda t: t.cell)
    expect(page.locator(".square.cursor")).to_have_count(0)  # a clean slate: click where to type
    page.click(f'.square[data-cell="{opening[0].cell[0]},{opening[0].cell[1]}"]')
    if opening[1].cell[1] == opening[0].cell[1]:
        page.keyboard.press(" ")  # down
    page.keyboard.press(opening[0].letter)
    # one tile on the empty board spells nothing yet: no warning, only what to do next
    expect(page.locator(".word-preview")).to_have_text("Now the next tile of the word.")
    expect(page.locator(".word-preview .verdict")).to_have_count(0)
    for tile in opening[1:]:
        page.keyboard.press(tile.letter)
    expect(page.locator(".word-preview .total")).to_have_text(f"{first.points} points")
    page.click("button:text-is('Play')")
    player.wait_turns(2)
    game = player.stored(game_id)
    score = game.check(crossing.move)
    place(page, crossing, typing_it=True)
    expected = as_read(game, crossing.move, score)
    expect(page.locator(".word-preview .formed")).to_have_text(
        expected
    )  # the main word, then the cross words
    assert len(expected) >= 2
    expect(page.locator(".word-preview .total")).to_have_text(f"{score.points} points")
    page.keyboard.press("Enter")
    assert player.after_move(game_id, 2).history[2].points == score.points


def as_read(game: Wordgame, move, score) -> list[str]:
    """The words a move forms as the page shows them with their points: capitals, a blank's letter
    (placed now or on the board before) in lower case."""
    blanks = game.blanks | {t.cell for t in move.tiles if t.blank}
    return [
        "".join(c if cell in blanks else c.upper() for c, cell in zip(w.text, w.cells, strict=True))
        + f" {w.points}"
        for w in score.words
    ]


def cross_word_position(lexicon: Lexicon):
    """A seed, its best opening (a typeable one: no blank), and a move after the bot's reply that
    forms a cross word besides its main word."""
    for seed in range(500):
        game = Wordgame.new(lexicon, seed=seed, players=("Ann", "Bot"))
        first = best_move(game)
        if first is None or any(t.blank for t in first.move.tiles) or ranked(game)[0].move != first.move:
            continue
        game.play(first.move)
        Bot("strong", seed=(seed << 16) + game.version).move(game)
        for candidate in game.legal_moves():
            if len(game.check(candidate.move).words) >= 2 and not any(t.blank for t in candidate.move.tiles):
                return seed, first, candidate
    raise AssertionError("no position with a cross word in the sample list")


def test_a_pass_or_exchange_that_ends_the_game_asks_first(browser: Browser, server: Server) -> None:
    created = httpx2.post(
        f"{server.url}/api/games", json={"game": "wordgame", "opponent": "friend", "name": "Ann"}
    ).json()
    game_id = created["game"]["id"]
    url = f"{server.url}/api/games/{game_id}"
    joined = httpx2.post(f"{url}/join", json={"invite": created["invite"], "name": "Bob"}).json()
    for turn in range(4):  # two passes draw both racks again; two more: the next scoreless turn ends it
        token = (created, joined)[turn % 2]["token"]
        answer = httpx2.post(
            f"{url}/actions", json={"version": turn, "action": "pass"}, headers=bearer(token)
        )
        assert answer.status_code == 200, answer.text
    ann = Player(browser, server)
    try:
        ann.adopt(created)
        page = ann.page
        page.click("button:text-is('Exchange')")
        page.locator(".rack .tile").first.click()
        page.click("button.confirm-exchange")
        dialog = page.locator("dialog.ask")
        expect(dialog).to_contain_text("Exchanging now ends the game: 3 scoreless turns in a row")
        dialog.locator("button.cancel").click()  # changing one's mind sends nothing
        expect(dialog).to_be_hidden()
        assert ann.stored(game_id).version == 4
        page.click("button.cancel-exchange")
        page.click("button:text-is('Pass')")
        expect(dialog).to_contain_text("Passing now ends the game")
        dialog.locator("button.confirm").click()
        ann.wait_turns(5)
        game = ann.stored(game_id)
        assert game.is_over
        expect(page.locator(".status")).to_contain_text("Game over")
        expect(page.locator(".ending .why")).to_have_text("It ended after 3 passes in a row.")
        for seat in (0, 1):
            row = page.locator(f'.final-scores tr[data-seat="{seat}"]')
            expect(row.locator(".penalty")).to_have_text(f"−{game.rack_value(seat)}")
            expect(row.locator(".final")).to_have_text(signed(game.final_scores[seat]))
        expect(page.locator(".player .score")).to_have_text([signed(s) for s in game.final_scores])
    finally:
        ann.close()


def signed(points: int) -> str:
    """A score as the page prints it: with a minus sign, not a hyphen."""
    return f"−{-points}" if points < 0 else str(points)


def test_the_unseen_tiles_and_the_short_words(player: Player, server: Server) -> None:
    seed = opening_seed(Lexicon.open("en", "wordgame", server.data))
    game_id = player.adopt(
        httpx2.post(f"{server.url}/api/games", json={"game": "wordgame", "seed": seed}).json()
    )
    page = player.page

    def counted() -> dict[str, int]:
        items = page.locator(".tile-counts li")
        return dict(
            zip(
                items.evaluate_all("items => items.map(i => i.dataset.tile)"),
                map(int, items.locator(".count").all_inner_texts()),
                strict=True,
            )
        )

    page.click("button.tab:text-is('Tiles')")
    game = player.stored(game_id)
    assert counted() == game.view(0)["unseen"]
    expect(page.locator(".unseen p")).to_have_text("96 tiles unseen: 88 in the bag, 8 on Bot's rack.")
    first = best_move(game)
    place(page, first, typing_it=False)
    page.click("button:text-is('Play')")
    player.wait_turns(2)
    expect(page.locator(".unseen p")).to_contain_text(f"{len(player.stored(game_id).bag)} in the bag")
    assert counted() == player.stored(game_id).view(0)["unseen"]
    page.click("button.tab:text-is('Short words')")
    lexicon = Lexicon.open("en", "wordgame", server.data)
    for length in (2, 3):
        words = lexicon.words(length=length)
        section = page.locator(f'.short-words section[data-length="{length}"]')
        expect(section.locator("h3")).to_contain_text(f"({len(words)})")
        if words:
            expect(section.locator(".word-list")).to_have_text(" ".join(w.upper() for w in words))
    assert any(lexicon.words(length=n) for n in (2, 3))


# --- rematch, your games, the tab's title, names ----------------------------------------------------


def test_a_rematch_against_the_bot_after_resigning(player: Player, server: Server) -> None:
    body = {"game": "balda", "seed": 5, "name": "Ann", "balda": {"size": 7}}
    game_id = player.adopt(httpx2.post(f"{server.url}/api/games", json=body).json())
    page = player.page
    page.click("button:text-is('Resign')")
    page.locator("dialog.ask").get_by_role("button", name="Cancel").click()
    assert player.stored(game_id).version == 0
    page.click("button:text-is('Resign')")
    expect(page.locator("dialog.ask")).to_contain_text("Resign this game? Bot wins it.")
    page.locator("dialog.ask button.confirm").click()
    expect(page.locator(".status")).to_contain_text("You resigned. Bot wins.")
    page.click("button.rematch")
    expect(page).to_have_url(re.compile(f"#/game/{re.escape(rematch_id(game_id))}$"))
    again = player.stored(rematch_id(game_id))
    assert again.players == ["Bot", "Ann"] and again.size == 7 and len(again.history) == 1
    player.wait_turns(1)  # the bot has moved first
    expect(page.locator(".status")).to_contain_text("Your turn.")
    expect(page.locator(".cell.shown-path")).to_have_count(len(again.history[0].path))


def test_a_friend_s_rematch_your_games_and_the_tab_s_title(browser: Browser, server: Server) -> None:
    long_name = "Annabelle-Marguerite Fitzwilliam"
    ann, bob = Player(browser, server), Player(browser, server)
    try:
        page = ann.page
        page.goto("/")
        page.fill("#name", long_name)
        page.check("input[value=friend]")
        page.click("text=Start the game")
        game_id = ann.game_id()
        bob.page.goto(page.locator(".invite-link").input_value())
        bob.page.fill("#join-name", "Bob")
        bob.page.click("text=Join the game")
        expect(page).to_have_title(re.compile(f"^Your turn · Balda: {long_name} vs Bob$"))
        expect(bob.page).to_have_title(f"Balda: {long_name} vs Bob")
        name = page.locator('.player[data-seat="0"] .name')  # the whole name: wrapped, not cut
        expect(name).to_have_text(f"{long_name} (you)")
        inside = "n => n.getBoundingClientRect().right <= n.parentElement.getBoundingClientRect().right"
        assert name.evaluate("n => n.scrollWidth <= n.clientWidth") and name.evaluate(inside)
        candidate = best_move(ann.stored(game_id))
        trace(page, candidate.move)
        page.keyboard.press("Enter")
        bob.wait_turns(1)
        expect(bob.page).to_have_title(re.compile("^Your turn · "))  # Bob's tab, waiting, says so
        expect(page).to_have_title(f"Balda: {long_name} vs Bob")
        bob.page.click("button:text-is('Resign')")
        bob.page.locator("dialog.ask button.confirm").click()
        expect(page.locator(".status")).to_contain_text("Bob resigned: you win!")
        bob.page.click("button.rematch")  # Bob asks; Ann's page learns of it by itself
        new_id = rematch_id(game_id)
        expect(bob.page).to_have_url(re.compile(f"#/game/{re.escape(new_id)}$"))
        expect(bob.page.locator(".status")).to_contain_text(f"Waiting for {long_name} to accept the rematch")
        expect(page.locator(".status .offer")).to_have_text("Bob wants a rematch.")
        page.click('button:text-is("Play Bob\'s rematch")')
        expect(page).to_have_url(re.compile(f"#/game/{re.escape(new_id)}$"))
        expect(page.locator(".status")).to_contain_text("Bob to move")  # Ann moved first before: Bob now
        expect(bob.page.locator(".status")).to_contain_text("Your turn.")
        assert ann.stored(new_id).players == ["Bob", long_name]
        # Your games: whose turn it is and the score, each player's own first; what else the browser's
        # storage holds (written by anything) is no game of Ann's
        junk = {
            "x": "y",
            "no-token": {"player": 0, "game": "balda"},
            "bad-seat": {"token": "t", "player": 7},
            "n": None,
        }
        page.evaluate(
            """junk => {
              const games = JSON.parse(localStorage.getItem('wordlist.games'));
              localStorage.setItem('wordlist.games', JSON.stringify({...games, ...junk}));
            }""",
            junk,
        )
        page.goto("/#/")
        games = page.locator(".your-games li")
        expect(games).to_have_count(2)
        expect(page.locator(f'.your-games li[data-game="{new_id}"] .state')).to_have_text("Bob to move 0–0")
        points = len(candidate.word)
        expect(page.locator(f'.your-games li[data-game="{game_id}"] .state')).to_have_text(
            f"You won {points}–0"
        )
        expect(page.locator(".your-games")).not_to_contain_text("undefined")
        bob.page.goto("/#/")
        expect(bob.page.locator(f'.your-games li[data-game="{new_id}"] .state')).to_have_text("Your turn 0–0")
        bob.page.evaluate("localStorage.setItem('wordlist.games', '[1, 2')")  # not even JSON: no games
        bob.page.reload()
        expect(bob.page.locator(".new-game h1")).to_have_text("New game")
        expect(bob.page.locator(".your-games")).to_have_count(0)
    finally:
        ann.close()
        bob.close()


def test_the_api_link_opens_its_docs_offline(player: Player, server: Server) -> None:
    page = player.page
    messages: list[str] = []
    page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
    external: list[str] = []
    page.on(
        "request",
        lambda request: None if request.url.startswith(server.url) else external.append(request.url),
    )
    page.goto("/")
    page.click("header a:text-is('API')")
    expect(page).to_have_url(f"{server.url}/docs")
    document = httpx2.get(f"{server.url}/openapi.json").json()
    operations = sum(len(item) for item in document["paths"].values())
    expect(page.locator(".opblock")).to_have_count(operations)
    assert not external, external  # Swagger UI from this server: nothing from a CDN
    assert not [m for m in messages if m.startswith("error")], messages
