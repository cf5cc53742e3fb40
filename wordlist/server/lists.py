"""/api/lists: the word lists a server offers, and the library's queries on each.

Every answer is the Python library's (`Lexicon.is_word`, `words`, `match`, `anagrams`,
`random_word`, `definitions`), with bounds on the query and on how many words come back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response

from wordlist.format import POS, pos_mask
from wordlist.lexicon import MAX_WORD_LENGTH, Lexicon
from wordlist.server import models
from wordlist.server.catalog import CLIENT_FILES, Catalog
from wordlist.server.errors import ApiError, not_found
from wordlist.server.limits import Searches

router = APIRouter(prefix="/api/lists", tags=["word lists"])

MAX_PATTERN = 64  # characters of a pattern (a word has at most a few dozen letters)
MAX_RACK = 20  # tiles of an anagram rack, blanks included
MAX_LIMIT = 1000  # words in one answer
MAX_OFFSET = 10_000_000
MAX_LENGTH = 100  # letters of a word asked for by length

Language = Annotated[str, Path(max_length=64, description="a language code: en, de", examples=["en"])]
Profile = Annotated[
    str, Path(max_length=64, description="a selection profile: balda, wordgame", examples=["balda"])
]
PartsOfSpeech = Annotated[
    list[str] | None,
    Query(
        max_length=len(POS),
        description=f"parts of speech (repeat, or separate with commas): {', '.join(POS)}",
    ),
]
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="words returned at most")]


def catalog_of(request: Request) -> Catalog:
    """The app's catalog of word lists (a FastAPI dependency)."""
    return request.app.state.catalog


def searches_of(request: Request) -> Searches:
    """The app's search limiter (a FastAPI dependency)."""
    return request.app.state.searches


def lexicon_of(language: Language, profile: Profile, request: Request) -> Lexicon:
    """The list named in the path (UnknownList, answered 404 by the app, if there is none)."""
    return catalog_of(request).get(language, profile)


List = Annotated[Lexicon, Depends(lexicon_of)]
Search = Annotated[Searches, Depends(searches_of)]


def checked_pos(pos: list[str] | None) -> list[str] | None:
    """The parts of speech asked for, as names; 422 naming an unknown one."""
    if not pos:
        return None
    names = [name for item in pos for name in item.replace(",", " ").split()]
    if len(names) > len(POS):  # "noun,noun,..." in one parameter: the list's bound all the same
        raise ApiError(422, "invalid_request", f"pos: at most {len(POS)} parts of speech")
    try:
        pos_mask(names)
    except ValueError as error:
        raise ApiError(422, "invalid_request", f"pos: {error}") from None
    return names


def info(lexicon: Lexicon) -> dict:
    """What a client needs to know of a list: counts, letters, game data, its files' URLs, and its
    licence and attribution (null for a list built before lists carried them)."""
    manifest = lexicon.manifest
    base = f"/api/lists/{lexicon.language}/{lexicon.profile}/files"
    files = {name: f"{base}/{name}" for name in CLIENT_FILES if name in manifest.files}
    return {
        "language": lexicon.language,
        "language_name": lexicon.language_name,
        "profile": lexicon.profile,
        "description": manifest.description,
        "words": len(lexicon),
        "definitions": manifest.counts.definitions,
        "by_pos": dict(manifest.counts.by_pos),
        "letters": lexicon.letters,
        "upper": lexicon.capitals(),
        "games": ["wordgame"] if lexicon.game_spec is not None else ["balda"],
        "game": lexicon.game_spec.to_json() if lexicon.game_spec is not None else None,
        "files": files,
        "license": manifest.license.to_json() if manifest.license is not None else None,
    }


async def search_result(searches: Searches, field: str, search: Callable[[], list[str]], limit: int) -> dict:
    """Run `search` among the searches, at most `limit` of its words back; the library's
    ValueError (a letter outside the alphabet) is a 422 naming `field`."""

    def checked() -> list[str]:
        try:
            return search()
        except ValueError as error:
            raise ApiError(422, "invalid_request", f"{field}: {error}") from None

    words = await searches.run(checked)
    return {"words": words[:limit], "total": len(words), "truncated": len(words) > limit}


@router.get("", response_model=list[models.ListInfo], summary="The word lists served")
def all_lists(request: Request) -> list[dict]:
    """Every word list this server offers, with counts, letters and game data."""
    catalog = catalog_of(request)
    return [info(catalog.get(language, profile)) for language, profile in catalog.names()]


@router.get(
    "/{language}/{profile}",
    response_model=models.ListInfo,
    responses=models.problems(404, 503),
    summary="One word list: counts, alphabet, game data",
)
def one_list(lexicon: List) -> dict:
    """One word list: counts, letters, the game it is for and its files' URLs."""
    return info(lexicon)


@router.get(
    "/{language}/{profile}/words/{word}",
    response_model=models.WordCheck,
    responses=models.problems(404, 503),
    summary="Is this a word (as one of these parts of speech)?",
)
def check_word(
    lexicon: List,
    word: Annotated[str, Path(max_length=MAX_WORD_LENGTH, description="as a player types it")],
    pos: PartsOfSpeech = None,
) -> dict:
    """Whether the word (normalized as the list's alphabet says) is in the list, as one of `pos` if given."""
    names = checked_pos(pos)
    return {
        "word": word,
        "normalized": lexicon.normalize(word),
        "is_word": lexicon.is_word(word, pos=names),
        "parts_of_speech": list(lexicon.parts_of_speech(word)),
        "pos": names,
    }


@router.get(
    "/{language}/{profile}/words/{word}/definitions",
    response_model=models.Definitions,
    responses=models.problems(404, 503),
    summary="A word's definitions (of these parts of speech) and the pages it comes from",
)
def definitions(
    lexicon: List,
    word: Annotated[str, Path(max_length=MAX_WORD_LENGTH)],
    pos: PartsOfSpeech = None,
) -> dict:
    """The word's definitions (of `pos` if given) and the Wiktionary pages they come from."""
    names = checked_pos(pos)
    return {
        "word": word,
        "normalized": lexicon.normalize(word),
        "definitions": lexicon.definitions(word, pos=names),
        "titles": lexicon.titles(word),
    }


@router.get(
    "/{language}/{profile}/words",
    response_model=models.WordsPage,
    responses=models.problems(404, 503),
    summary="Words by part of speech, length and prefix, in order, a page at a time",
)
async def words(
    lexicon: List,
    searches: Search,
    pos: PartsOfSpeech = None,
    length: Annotated[int | None, Query(ge=1, le=MAX_LENGTH)] = None,
    prefix: Annotated[str, Query(max_length=MAX_WORD_LENGTH)] = "",
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Limit = 100,
) -> dict:
    """The list's words in order, filtered by part of speech, length and prefix, a page at a time."""
    names = checked_pos(pos)
    end = offset + limit
    # the walk stops one word past the page (is there a next one?), not at the end of the list
    found = await searches.run(lambda: lexicon.words(pos=names, length=length, prefix=prefix, limit=end + 1))
    last = len(found) <= end
    return {
        "words": found[offset:end],
        "total": len(found) if last else None,
        "offset": offset,
        "limit": limit,
        "next_offset": None if last else end,
    }


@router.get(
    "/{language}/{profile}/match",
    response_model=models.SearchResult,
    responses=models.problems(404, 503),
    summary="Words matching a pattern: ? one letter, * any run of letters",
)
async def match(
    lexicon: List,
    searches: Search,
    pattern: Annotated[str, Query(min_length=1, max_length=MAX_PATTERN, examples=["a??le"])],
    pos: PartsOfSpeech = None,
    limit: Limit = 100,
) -> dict:
    """Words matching `pattern`: `?` one letter, `*` any run of letters."""
    names = checked_pos(pos)
    return await search_result(searches, "pattern", lambda: lexicon.match(pattern, pos=names), limit)


@router.get(
    "/{language}/{profile}/anagrams",
    response_model=models.SearchResult,
    responses=models.problems(404, 503),
    summary="Words spelled with a rack's letters (? or * a blank), longest first",
)
async def anagrams(
    lexicon: List,
    searches: Search,
    rack: Annotated[str, Query(min_length=1, max_length=MAX_RACK, examples=["tsera"])],
    pos: PartsOfSpeech = None,
    use_all: Annotated[bool, Query(alias="all", description="only words using every tile")] = False,
    min_length: Annotated[int, Query(ge=1, le=MAX_RACK)] = 2,
    limit: Limit = 100,
) -> dict:
    """Words spelled with the rack's letters (`?` or `*` a blank), longest first."""
    names = checked_pos(pos)

    def search() -> list[str]:
        return lexicon.anagrams(rack, pos=names, use_all=use_all, min_length=min_length)

    return await search_result(searches, "rack", search, limit)


@router.get(
    "/{language}/{profile}/random",
    response_model=models.RandomWord,
    responses=models.problems(404, 503),
    summary="A random word of a length (by default a noun); the same seed, the same word",
)
async def random_word(
    lexicon: List,
    searches: Search,
    length: Annotated[int, Query(ge=1, le=MAX_LENGTH)],
    pos: PartsOfSpeech = None,
    seed: Annotated[int | None, Query(ge=0, lt=1 << 63)] = None,
) -> dict:
    """A random word of `length` (a noun unless `pos` says otherwise); a seed makes it repeatable."""
    names = checked_pos(pos) or "noun"

    def pick() -> str:
        try:
            return lexicon.random_word(length, pos=names, seed=seed)
        except LookupError as error:
            raise not_found("word", str(error)) from None

    return {"word": await searches.run(pick)}


ClientFileName = Literal["words.dawg", "alphabet.json", "game.json", "leaves.json"]


@router.get(
    "/{language}/{profile}/files/{name}",
    responses={
        200: {
            "content": {"application/octet-stream": {}, "application/json": {}},
            "description": "the file (gzip-encoded when the client accepts it)",
        },
        **models.problems(404, 503),
    },
    response_class=Response,
    summary="A list's words.dawg, alphabet.json, game.json or leaves.json, for a client-side reader",
)
def client_file(
    language: Language,
    profile: Profile,
    name: Annotated[ClientFileName, Path()],
    request: Request,
) -> Response:
    """One of the list's files for a client-side reader (words.dawg, alphabet.json, game.json, and
    leaves.json where `wordlist leaves` learned them), gzipped when asked, with an ETag."""
    try:
        found = catalog_of(request).client_file(language, profile, name)
    except FileNotFoundError:
        raise not_found("file", f"{language}/{profile} has no {name}") from None
    headers = {"ETag": found.etag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == found.etag:
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(found.gzipped, media_type=found.media_type, headers=headers)
    return Response(found.data, media_type=found.media_type, headers=headers)
