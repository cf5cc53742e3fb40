"""The HTTP API's requests and responses as pydantic models: they validate what comes in and are
what /openapi.json documents, so a frontend in any language can generate its client from them.

The game views are the library's `Game.view(player)` JSON, field for field (tests hold the two
together); `extra="allow"` lets a field the library adds pass through before it is described here.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from wordlist.format.limits import MAX_NAME
from wordlist.text import check_name  # the library's one check of a name (no control characters ...)

Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME),
    AfterValidator(check_name),
]
Level = Literal["beginner", "greedy", "strong", "expert"]  # wordlist.games.LEVELS (a test keeps them equal)
Cell = Annotated[list[int], Field(min_length=2, max_length=2, description="[row, column] from the top left")]


ExchangeTiles = (
    Annotated[list[Annotated[str, StringConstraints(max_length=8)]], Field(max_length=15)]
    | Annotated[str, StringConstraints(max_length=60)]
)


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RequestBody(Model):
    """A request body: strict, as JSON types are (`false` is no 0, `"3"` no 3, `1` no true)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Open(BaseModel):
    """A response model that passes on fields it does not name (the library's views may grow)."""

    model_config = ConfigDict(extra="allow")


# --- errors ----------------------------------------------------------------------------------------


class ErrorBody(Model):
    """Every error: a code to branch on, a message to show, and what was at fault."""

    code: str = Field(description="not_a_word, not_on_rack, version_conflict, unknown_list, ...")
    message: str
    detail: str | list | None = None
    rule: str | None = Field(None, description="for an illegal move: the game's rule code (= code)")
    version: int | None = Field(None, description="for version_conflict: the game's version now")
    retry_after: int | None = Field(
        None, description="for 429 and 503: seconds to wait before trying again (the Retry-After header)"
    )


# --- word lists ------------------------------------------------------------------------------------


class LicenseTerms(Open):
    """One licence the data may be used under."""

    id: str = Field(description="SPDX identifier: CC-BY-SA-4.0, GFDL-1.1-no-invariants-or-later")
    name: str
    url: str = Field(description="the licence's text")


class License(Open):
    """Under which licences the list may be used and whom to credit (docs/FORMAT.md, manifest.json)."""

    expression: str = Field(description="SPDX expression: CC-BY-SA-4.0 OR GFDL-1.1-no-invariants-or-later")
    licenses: list[LicenseTerms]
    attribution: str = Field(description="one line to show with the data: near definitions, on an about page")
    authors: str
    site: str = Field(description="the wiki the data comes from: https://en.wiktionary.org/")
    dump: str | None
    dump_date: str | None = Field(description="YYYY-MM-DD, when the dump's name says")
    dump_url: str | None
    changes: str = Field(description="what was done to Wiktionary's text")
    notice: str = Field(description="what the licences ask of whoever reuses the data")


class ListInfo(Open):
    language: str
    language_name: str
    profile: str
    description: str
    words: int = Field(description="number of words")
    definitions: int
    by_pos: dict[str, int] = Field(description="words per part of speech")
    letters: str
    upper: dict[str, str] = Field(description="each letter as a game shows it in capitals")
    games: list[str] = Field(description="the games this list is for: wordgame (it has tiles) or balda")
    game: dict | None = Field(description="game.json (board, start, rack_size, tiles) or null")
    files: dict[str, str] = Field(description="URLs of the files a client reader loads (words.dawg ...)")
    license: License | None = Field(
        description="the data's licence and attribution (manifest.json's), or null for a list built before"
    )


class WordCheck(Model):
    word: str = Field(description="as asked")
    normalized: str = Field(description="the game word it stands for (case folded, hyphens dropped)")
    is_word: bool = Field(description="a word of the list, as one of `pos` when given")
    parts_of_speech: list[str] = Field(description="all its parts of speech in the list")
    pos: list[str] | None = Field(description="the parts of speech asked for, if any")


class WordsPage(Model):
    words: list[str]
    total: int = Field(description="words matching the query in all")
    offset: int
    limit: int
    next_offset: int | None = Field(description="offset of the next page, null on the last")


class SearchResult(Model):
    words: list[str] = Field(description="at most `limit` words, in the library's order")
    total: int = Field(description="how many words the search found")
    truncated: bool = Field(description="true when more words were found than returned")


class RandomWord(Model):
    word: str


class Definitions(Model):
    word: str
    normalized: str
    definitions: list[str]
    titles: list[str] = Field(description="the Wiktionary pages the word comes from")


# --- games -----------------------------------------------------------------------------------------


class BaldaOptions(RequestBody):
    size: Literal[5, 7, 9] = 5
    diagonal: bool = False
    extra_parts_of_speech: list[Literal["verb", "adjective", "adverb"]] = Field(
        default_factory=list, max_length=3, description="besides nouns"
    )


class BotLevel(BaseModel):
    """A level of the bot, weakest first in GET /api/games/levels."""

    name: Level
    about: str = Field(description="how it plays, in a few words")
    default: bool = Field(description="the level a new game gets when it names none")


class NewGame(RequestBody):
    """A game to create. The word list is `language` and `profile` (default: the game's own
    profile, `balda` or `wordgame`), among those GET /api/lists names."""

    game: Literal["balda", "wordgame"]
    language: Annotated[str, StringConstraints(max_length=64)] = "en"
    profile: Annotated[str, StringConstraints(max_length=64)] | None = None
    opponent: Literal["bot", "friend"] = "bot"
    name: Name | None = Field(None, description="yours (default You, or Player 1 in a friend's game)")
    level: Level = Field("strong", description="the bot's level")
    bot_first: bool = False
    balda: BaldaOptions = Field(default_factory=BaldaOptions, description="Balda's options")
    seed: int | None = Field(
        None,
        ge=0,
        lt=1 << 53,
        description="games against the bot only: the same seed, the same game (a friend's game "
        "always gets a secret random seed, which decides the bag)",
    )


class Join(RequestBody):
    invite: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    name: Name = "Player 2"


class Action(RequestBody):
    """One turn, made on the state the client saw (`version`): a move, a pass, an exchange or a
    resignation. Balda move: {"cell": [r, c], "letter": "b", "path": [[r, c], ...]}; Wordgame
    move: {"tiles": [{"cell": [r, c], "letter": "c", "blank": false}, ...]}. Wordgame exchange:
    {"action": "exchange", "tiles": ["q", "j", "?"]} or {"action": "exchange", "tiles": "qj?"}:
    allowed while the bag holds a full rack (the view's `can_exchange`); it scores 0."""

    version: int = Field(ge=0, description="the game's version the move was made on (409 if stale)")
    action: Literal["play", "pass", "exchange", "resign"]
    move: dict | None = Field(None, description="for action play")
    tiles: ExchangeTiles | None = Field(
        None,
        description="for action exchange (Wordgame): the rack tiles to put back, as a list or a string; "
        "'?' is a blank",
        examples=[["q", "j", "?"], "qj?"],
    )


class Check(RequestBody):
    """A move to score without playing it, on the state the client saw (`version`)."""

    version: int = Field(ge=0, description="the game's version the move is made on (409 if stale)")
    move: dict = Field(description="as in an action 'play'")


class HintRequest(RequestBody):
    version: int = Field(ge=0, description="the game's version the hint is for (409 if stale)")


class FormedWord(Model):
    word: str
    points: int
    cells: list[Cell] = Field(description="its squares, first letter first")


class Preview(Model):
    """What a move would score, or why it is not allowed."""

    legal: bool
    points: int | None = Field(description="the move's points (Wordgame: all its words; a bingo doubled)")
    bingo: bool = Field(description="Wordgame: all the rack's tiles placed")
    words: list[FormedWord] = Field(description="the main word first, then each cross word")
    problem: ErrorBody | None = Field(description="the rule the move breaks, as the error of playing it")


class Hint(Model):
    """The best move for your rack (the terminal's hint): graded, then the move itself."""

    found: bool = Field(description="false: no word to play (pass, exchange, or Balda's letter alone)")
    can_exchange: bool
    steps: list[str] | None = Field(
        None, description="the hint in two steps: the word's length and first letter, then where"
    )
    word: str | None = None
    points: int | None = None
    move: dict | None = Field(None, description="the move, as an action 'play' sends it")
    cell: Cell | None = Field(
        None, description="where the word starts (Wordgame) or the new letter goes (Balda)"
    )
    direction: str | None = Field(None, description="Wordgame: across or down")


class Turn(Open):
    player: int
    action: str = Field(description="play, pass, exchange or resign")
    notation: str = Field(
        description="the turn as typed in the terminal: 'e2 h b3-c3-d3-e3-e2', 'h8 across cat'"
    )
    points: int
    definitions: list[str]
    exchanged: int = Field(0, description="Wordgame exchange: how many tiles went back (never which)")


class View(Open):
    """What one player sees (`Game.view(player)`); Balda and Wordgame add their fields."""

    game: Literal["balda", "wordgame"]
    version: int
    player: int | None
    players: list[str]
    turn: int = Field(description="the player to move")
    scores: list[int]
    over: bool
    winners: list[int]
    can_pass: bool
    can_exchange: bool = Field(
        description="the player to move may exchange tiles now (Wordgame: the bag holds a full rack)"
    )
    lexicon: dict[str, str]
    letters: str
    upper: dict[str, str]
    history: list[Turn]
    settings: dict
    board: list[str] = Field(description="rows of letters, '.' for an empty square")
    # Balda
    start_word: str | None = Field(None, description="Balda")
    placeable: list[Cell] | None = Field(None, description="Balda: the cells a letter may go on")
    # Wordgame
    blanks: list[Cell] | None = Field(None, description="Wordgame: squares holding a blank")
    rack: list[str] | None = Field(None, description="Wordgame: your rack ('?' a blank)")
    rack_tiles: list[int] | None = Field(None, description="Wordgame: tiles on each rack")
    opponent_tiles: int | None = Field(None, description="Wordgame")
    bag: int | None = Field(None, description="Wordgame: tiles left in the bag")
    tile_points: dict[str, int] | None = Field(None, description="Wordgame")
    passes: int | None = Field(
        None, description="Wordgame: scoreless turns in a row (passes and exchanges; 3 end the game)"
    )
    passes_to_end: int | None = Field(
        None, description="Wordgame: the scoreless turns in a row that end the game"
    )
    final_scores: list[int] | None = Field(None, description="Wordgame, once over: points minus rack")
    unseen: dict[str, int] | None = Field(
        None, description="Wordgame: the tiles you cannot see (the bag and the other rack), by tile"
    )


class Rematch(Model):
    id: str = Field(description="the rematch's game id")
    joined: bool = Field(description="you hold a seat in it (else POST .../rematch takes yours)")


class Game(Model):
    """A game as one player sees it."""

    id: str
    player: int = Field(description="your seat: 0 moves first")
    version: int = Field(description="send it with your next action")
    revision: int = Field(description="counts every change (moves and joins); for ?wait")
    opponent: Literal["bot", "friend"]
    level: str | None = Field(description="the bot's level")
    waiting_for_friend: bool = Field(description="a seat of a friend's game is not taken yet")
    view: View
    rematch: Rematch | None = Field(None, description="once over: the rematch one of the players asked for")


class Created(Model):
    token: str = Field(description="your secret: send it as 'Authorization: Bearer <token>'")
    invite: str | None = Field(description="for a friend's game: the secret the friend joins with")
    invite_url: str | None = Field(description="the link to send to the friend")
    game: Game


class Played(Model):
    turns: list[Turn] = Field(description="the turns this request made: yours, then the bot's reply")
    game: Game


_PROBLEMS = {
    400: "a malformed move",
    401: "no player token",
    403: "a token that is not this game's",
    404: "no such word list or game",
    409: "a stale version, not your turn, the game is over, or the seat is taken",
    413: "the request body is too large",
    422: "invalid parameters, or a move that breaks a rule",
    429: "too many new games, moves or waiting requests from your address (see retry_after)",
    503: "the server is busy, its storage is full, a list changed on disk, or the search ran out of time",
}


def problems(*statuses: int) -> dict[int | str, dict]:
    """The error responses of an endpoint, for the OpenAPI document."""
    return {status: {"model": ErrorBody, "description": _PROBLEMS[status]} for status in (*statuses, 422)}
