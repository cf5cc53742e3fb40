"""/api/games: create a game against the bot or a friend, join it, look at it, play it.

A player proves their seat with the secret token they got when creating or joining the game, as
`Authorization: Bearer <token>` (or `X-Player-Token: <token>`). The work is `Games`', awaited on
the event loop; the routes are `LeanRoute`s (wordlist.server.lean): documented by FastAPI from
these signatures, served without its request machinery. Each client's new games, moves and
waiting requests come out of its budgets (`Budgets`): 429 past them.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from starlette.responses import Response

from wordlist.games.bot import DEFAULT_LEVEL, LEVEL_TABLE
from wordlist.server import models
from wordlist.server.budgets import Budgets, client_key
from wordlist.server.games import Games
from wordlist.server.lean import json_answer, lean_route
from wordlist.server.limits import Changes
from wordlist.server.lists import searches_of

MAX_WAIT = 30.0  # seconds a GET may wait for the game to change

_bearer = HTTPBearer(auto_error=False, description="the player token from creating or joining the game")
_header = APIKeyHeader(name="X-Player-Token", auto_error=False, description="the same token, another header")
GameId = Annotated[str, Path(max_length=32, description="the game's id")]


def player_token(
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    header: Annotated[str | None, Depends(_header)],
) -> str | None:
    """The player's token from `Authorization: Bearer` or `X-Player-Token`, if any."""
    return bearer.credentials if bearer is not None else header


def token_of(request: Request, body: bytes = b"") -> str | None:
    """`player_token` as the lean routes read it: `Authorization: Bearer <token>` (the scheme in
    any case), else `X-Player-Token`."""
    scheme, _, credentials = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    return request.headers.get("x-player-token")


Token = Annotated[str | None, Depends(player_token)]
router = APIRouter(prefix="/api/games", tags=["games"], route_class=lean_route({player_token: token_of}))


def games_of(request: Request) -> Games:
    """The app's games (a FastAPI dependency)."""
    return request.app.state.games


def changes_of(request: Request) -> Changes:
    """The app's change notifier for long polls (a FastAPI dependency)."""
    return request.app.state.changes


def budgets_of(request: Request) -> Budgets:
    """The app's budgets by client."""
    return request.app.state.budgets


def client_of(request: Request) -> str:
    """The client the request is from (its address, see `client_key`)."""
    return client_key(request.client.host if request.client else None)


def invite_url(request: Request, game_id: str, invite: str) -> str:
    """The link a friend opens: the page reads the invite from the fragment, which browsers never
    send to a server (so it stays out of logs)."""
    return f"{str(request.base_url).rstrip('/')}/#/join/{game_id}/{invite}"


@router.post(
    "",
    status_code=201,
    response_model=models.Created,
    responses=models.problems(404, 429, 503),
    summary="Create a game against the bot or a friend",
)
async def create_game(body: models.NewGame, request: Request) -> dict:
    """A new Balda or Wordgame game against the bot or a friend: your token, the friend's invite, your
    view."""
    budgets_of(request).games.spend(client_of(request))
    created = await games_of(request).create(body)
    game_id = created["game"]["id"]
    url = invite_url(request, game_id, created["invite"]) if created["invite"] else None
    return {**created, "invite_url": url}


@router.post(
    "/{game_id}/join",
    response_model=models.Created,
    responses=models.problems(403, 404, 409, 429, 503),
    summary="Join a friend's game with its invite: the second seat and its own token",
)
async def join_game(game_id: GameId, body: models.Join, request: Request) -> dict:
    """Take the second seat of a friend's game with its invite: your own token and your view."""
    budgets_of(request).moves.spend(client_of(request))  # an invite tried is as costly as a move
    joined = await games_of(request).join(game_id, body)
    changes_of(request).notify(game_id)
    return {**joined, "invite_url": None}


@router.get("/levels", response_model=list[models.BotLevel], summary="The bot's levels, weakest first")
async def bot_levels() -> list[dict]:
    """The levels a game against the bot may name (`level`), weakest first, and the default one."""
    return [{"name": lv.name, "about": lv.about, "default": lv.name == DEFAULT_LEVEL} for lv in LEVEL_TABLE]


@router.get(
    "/{game_id}",
    response_model=models.Game,
    responses=models.problems(401, 403, 404, 429, 503),
    summary="The game as your seat sees it; with ?wait, once it changes from ?revision",
)
async def get_game(
    game_id: GameId,
    token: Token,
    request: Request,
    wait: Annotated[float, Query(ge=0, le=MAX_WAIT, description="seconds to wait for a change")] = 0,
    revision: Annotated[int | None, Query(ge=0, description="the revision you have")] = None,
) -> dict:
    """The game as your seat sees it (no other rack, no bag order); with `wait`, answered once it changes
    from `revision`."""
    games, changes = games_of(request), changes_of(request)
    status = await games.status(game_id, token)  # checks the token first
    if not wait or revision is None or status["revision"] != revision:
        return status
    deadline = time.monotonic() + wait
    gone = asyncio.ensure_future(client_gone(request))  # a poll ends as soon as its client leaves
    try:
        with (
            budgets_of(request).long_polls.waiting(client_of(request), game_id, status["player"]),
            changes.watching(game_id) as watch,
        ):
            # a change committed since the look above is either seen below or wakes `watch`
            while (left := deadline - time.monotonic()) > 0 and not gone.done() and not changes.stopping:
                if await games.revision(game_id) != revision:
                    break
                await watch.wait(left, unless=gone)
    finally:
        gone.cancel()
    return await games.status(game_id, token)


async def client_gone(request: Request) -> None:
    """Return once the client has closed its connection (the request's body, empty, is read first)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


@router.post(
    "/{game_id}/actions",
    response_model=models.Played,
    responses=models.problems(400, 401, 403, 404, 409, 429, 503),
    summary="Play a move, pass or resign; against the bot, its reply comes in the same answer",
)
async def act(game_id: GameId, body: models.Action, token: Token, request: Request) -> Response:
    """Play a move, pass or resign on `version`; against the bot, its reply comes in the same answer."""
    budgets_of(request).moves.spend(client_of(request))
    played = await games_of(request).act(game_id, token, body)
    changes_of(request).notify(game_id)
    # the game's own CPU (the rules, the bot's reply) in the standard header devtools show
    return json_answer(played.answer, headers={"Server-Timing": f"game;dur={played.game_ns / 1e6:.3f}"})


@router.post(
    "/{game_id}/check",
    response_model=models.Preview,
    responses=models.problems(400, 401, 403, 404, 409, 429, 503),
    summary="What a move would score, and the words it forms, without playing it",
)
async def check_move(game_id: GameId, body: models.Check, token: Token, request: Request) -> dict:
    """The points of a move being built, with its main word and cross words, or the rule it breaks
    (`legal` false, `problem` the error playing it would get). Your turn only; it changes nothing."""
    budgets_of(request).moves.spend(client_of(request))
    return await games_of(request).check(game_id, token, body)


@router.post(
    "/{game_id}/hint",
    response_model=models.Hint,
    responses=models.problems(401, 403, 404, 409, 429, 503),
    summary="The terminal's hint for your turn (games against the bot)",
)
async def hint(game_id: GameId, body: models.HintRequest, token: Token, request: Request) -> dict:
    """The best move for your rack, in steps: the word's length and first letter, where it goes,
    then the move itself. Games against the bot only (409 no_hints in a friend's game)."""
    budgets_of(request).moves.spend(client_of(request))  # a search, as costly as the bot's move
    return await games_of(request).hint(game_id, token, body.version)


@router.get(
    "/{game_id}/analysis",
    response_model_exclude_unset=True,  # a turn has its own game's fields only
    response_model=models.Analysis,
    responses=models.problems(401, 403, 404, 409, 429, 503),
    summary="Once the game is over: each of your moves beside the best the bot finds, and what it gave up",
)
async def analysis(game_id: GameId, token: Token, request: Request) -> dict:
    """Each of your turns beside the best move the strong bot finds in its position, with the value
    each gave up; made once a game, among the server's searches (503 search_timeout while it is
    made: ask again), 409 game_not_over while the game goes on."""
    budgets_of(request).moves.spend(client_of(request))  # the first asking makes it: a bot's moves
    return await games_of(request).analysis(game_id, token, searches_of(request))


@router.post(
    "/{game_id}/rematch",
    status_code=201,
    response_model=models.Created,
    responses=models.problems(401, 403, 404, 409, 429, 503),
    summary="Play again once the game is over, the seats swapped: your token for the new game",
)
async def rematch(game_id: GameId, token: Token, request: Request) -> dict:
    """A new game like this one, the other player moving first. Against the bot, a new game; in a
    friend's game the first to ask creates it (its other seat waits) and the other joins it by
    asking too. 409 rematch_taken for a seat you hold already."""
    budgets_of(request).games.spend(client_of(request))
    started = await games_of(request).rematch(game_id, token)
    changes_of(request).notify(game_id)  # the other player's page waits on the old game
    changes_of(request).notify(started["game"]["id"])
    return {**started, "invite_url": None}
