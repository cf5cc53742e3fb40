"""Selection profiles: declarative TOML files saying which entries make a game's word list.

The shipped profiles are in pipeline/profiles/; a user adds one by writing a TOML file of the same
shape and passing its path (``wordlist build --profile my.toml``). Every key is checked: an
unknown key, a wrong type or an unknown part of speech or tag is an error naming the file and key.

    name = "mygame"                        # the folder name under outputs/<lang>/: a-z 0-9 _ -
    description = "..."
    languages = ["en"]

    [entries]                              # which rows of the entries table are used
    lemmas_only = true                     # drop inflected forms
    forms_follow_lemmas = false            # drop a form when every lemma it belongs to is dropped
    parts_of_speech = ["noun", "verb"]     # keep only these ...
    exclude_parts_of_speech = []           # ... or drop these
    exclude_tags = ["abbreviation"]        # drop entries with any of these tags

    [words]                                # how a page title becomes a game word
    remove = "-"                           # characters deleted ("e-mail" -> "email")
    exclude_characters = ""                # titles containing any of these are left out
    exclude_capitalized = false            # titles with a capital letter are left out
    lowercase = true                       # words are compared and stored in lower case
    min_length = 2
    max_length = 15                        # optional

    [alphabet]                             # letters per language; other characters leave a word out
    en = "abcdefghijklmnopqrstuvwxyz"
    [alphabet.upper]                       # capitals that str.upper() gets wrong for games
    "ß" = "ẞ"

    [game]                                 # optional, copied to alphabet.json for the game
    board_size = 15
    rack_size = 8
    board = ["T..d...T...d..T", ...]       # premium squares: . d t D T (letter x2 x3, word x2 x3)
    start = [7, 7]                         # the square the first word must cover
    [game.tiles.en]                        # letter = [points, count]; "?" is the blank
    a = [1, 8]

Values are range-checked (see LIMITS): word lengths 1 to 100 letters, boards of 3x3 to 25x25
squares, racks of 1 to 20 tiles, tiles worth 0 to 100 points with 0 to 100 of each letter and
at most 1,000 in all. A profile file is UTF-8 TOML of at most 1 MB.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from wordlist.format import BOARD_SQUARES, POS
from wordlist_pipeline.entries import TAGS
from wordlist_pipeline.errors import ProfileError
from wordlist_pipeline.paths import check_input_file

PROFILE_DIR = Path(__file__).resolve().parent / "profiles"

_TOP = {
    "name": str,
    "description": str,
    "languages": list,
    "entries": dict,
    "words": dict,
    "alphabet": dict,
    "game": dict,
}
_ENTRIES = {
    "lemmas_only": bool,
    "forms_follow_lemmas": bool,
    "parts_of_speech": list,
    "exclude_parts_of_speech": list,
    "exclude_tags": list,
}
_WORDS = {
    "remove": str,
    "exclude_characters": str,
    "exclude_capitalized": bool,
    "lowercase": bool,
    "min_length": int,
    "max_length": int,
}
_GAME = {"board_size": int, "rack_size": int, "board": list, "start": list, "tiles": dict}
# A profile's name becomes a folder name under outputs/<lang>/: an identifier, never a path. No
# dots, so never a file the language folder holds (entries.parquet, source.json, .tmp files).
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
LANGUAGE = re.compile(r"[a-z]{2,3}")  # also a folder name: outputs/<lang>/
LIMITS = {
    "words.min_length": (1, 100),
    "words.max_length": (1, 100),
    "game.board_size": (3, 25),
    "game.rack_size": (1, 20),
}
TILE_POINTS = (0, 100)
TILE_COUNT = (0, 100)
MAX_TILES = 1000  # the whole bag, blanks included
MAX_PROFILE_BYTES = 1 << 20
_TYPE_NAMES = {bool: "true or false", int: "a whole number", str: "a string", list: "a list", dict: "a table"}


@dataclass(frozen=True)
class Profile:
    name: str
    path: Path
    description: str = ""
    languages: tuple[str, ...] = ()
    lemmas_only: bool = False
    forms_follow_lemmas: bool = False
    parts_of_speech: tuple[str, ...] | None = None
    exclude_parts_of_speech: tuple[str, ...] = ()
    exclude_tags: tuple[str, ...] = ()
    remove: str = ""
    exclude_characters: str = ""
    exclude_capitalized: bool = False
    lowercase: bool = True
    min_length: int = 1
    max_length: int | None = None
    alphabets: dict[str, str] = field(default_factory=dict)
    upper: dict[str, str] = field(default_factory=dict)
    game: dict = field(default_factory=dict)

    def allowed_pos(self) -> tuple[str, ...]:
        base = self.parts_of_speech if self.parts_of_speech is not None else POS
        return tuple(p for p in base if p not in self.exclude_parts_of_speech)

    def alphabet(self, lang: str) -> str:
        return self.alphabets[lang]

    def alphabet_document(self, lang: str) -> dict:
        """What alphabet.json holds for `lang`: letters and how words are normalized and shown."""
        letters = self.alphabet(lang)
        document: dict = {
            "language": lang,
            "letters": letters,
            "upper": {c: self.upper.get(c, c.upper()) for c in letters},
            "remove": self.remove,
            "lowercase": self.lowercase,
        }
        if self.game:
            game = {k: v for k, v in self.game.items() if k != "tiles"}
            tiles = self.game.get("tiles", {}).get(lang)
            if tiles:
                game["tiles"] = {letter: {"points": p, "count": c} for letter, (p, c) in tiles.items()}
            document["game"] = game
        return document


def available_profiles() -> list[str]:
    return sorted(p.stem for p in PROFILE_DIR.glob("*.toml"))


def load_profile(name_or_path: str | Path) -> Profile:
    """A shipped profile by name ('balda'), or any profile file by path."""
    text = str(name_or_path)
    path = Path(text) if text.endswith(".toml") or "/" in text else PROFILE_DIR / f"{text}.toml"
    if not path.exists() and path.parent == PROFILE_DIR:
        raise ProfileError(
            f"no profile named {text!r} (shipped: {', '.join(available_profiles())}; "
            "or give the path of a .toml file)"
        )
    check_input_file(path, "a profile file", ProfileError)
    if path.stat().st_size > MAX_PROFILE_BYTES:
        raise ProfileError(f"{path}: {path.stat().st_size:,} bytes, too large for a profile (1 MB at most)")
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise ProfileError(
            f"{path}: not UTF-8 text (byte {error.start} is {error.object[error.start]:#04x})"
        ) from None
    except OSError as error:
        raise ProfileError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(f"{path}: not valid TOML ({error})") from None
    return _build(path, data)


def _check_identity(path: Path, data: dict) -> None:
    """name and languages become folder names: identifiers only."""
    name = data["name"]
    if not NAME.fullmatch(name):
        raise ProfileError(
            f"{path}: 'name' {name!r} must be a plain name of at most 64 characters a-z, 0-9, _ and -, "
            "starting with a letter or digit (it names the word list's folder)"
        )
    languages = data["languages"]
    if not languages:
        raise ProfileError(f"{path}: 'languages' must name at least one language")
    for lang in languages:
        if not isinstance(lang, str) or not LANGUAGE.fullmatch(lang):
            raise ProfileError(f"{path}: 'languages' has {lang!r}, not a language code like 'en'")
    if len(set(languages)) != len(languages):
        raise ProfileError(f"{path}: 'languages' lists a language twice")


def _check_ranges(path: Path, words: dict, game: dict) -> None:
    """Every number within LIMITS: a tile count of 10**9 would fill the memory with tiles."""
    for where, value in (
        *((f"words.{k}", v) for k, v in words.items()),
        *((f"game.{k}", v) for k, v in game.items()),
    ):
        if where in LIMITS:
            low, high = LIMITS[where]
            if not low <= value <= high:
                raise ProfileError(f"{path}: {where!r} is {value}; it must be from {low} to {high}")
    if words.get("max_length", LIMITS["words.max_length"][1]) < words.get("min_length", 1):
        raise ProfileError(f"{path}: 'words.max_length' is less than 'words.min_length'")
    rows = game.get("board")
    if isinstance(rows, list) and "board_size" not in game:
        low, high = LIMITS["game.board_size"]
        if not low <= len(rows) <= high:
            raise ProfileError(f"{path}: 'game.board' has {len(rows)} rows; a board is {low} to {high} rows")
    tiles = game.get("tiles", {})
    for lang, letters in tiles.items():
        if not isinstance(letters, dict):
            raise ProfileError(f"{path}: 'game.tiles.{lang}' must be a table of letter = [points, count]")
        total = 0
        for letter, value in letters.items():
            if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
                raise ProfileError(f"{path}: 'game.tiles.{lang}.{letter}' must be [points, count]")
            for number, (low, high), what in zip(
                value, (TILE_POINTS, TILE_COUNT), ("points", "count"), strict=True
            ):
                if not low <= number <= high:
                    raise ProfileError(
                        f"{path}: 'game.tiles.{lang}.{letter}' has {what} {number}; "
                        f"it must be from {low} to {high}"
                    )
            total += value[1]
        if total > MAX_TILES:
            raise ProfileError(f"{path}: 'game.tiles.{lang}' makes {total:,} tiles; at most {MAX_TILES:,}")


def _check_keys(path: Path, table: dict, allowed: dict[str, type], prefix: str = "") -> None:
    for key, value in table.items():
        where = f"{prefix}{key}"
        if key not in allowed:
            raise ProfileError(
                f"{path}: unknown key {where!r} (known: {', '.join(prefix + k for k in allowed)})"
            )
        expected = allowed[key]
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise ProfileError(f"{path}: {where!r} must be {_TYPE_NAMES[expected]}, not {value!r}")


def _check_board(path: Path, game: dict) -> None:
    """game.board: board_size rows of board_size premium codes; game.start: a [row, column] on it."""
    size = game.get("board_size")
    rows = game.get("board")
    if rows is not None:
        size = size or len(rows)
        if len(rows) != size or any(not isinstance(r, str) or len(r) != size for r in rows):
            raise ProfileError(f"{path}: 'game.board' must be {size} strings of {size} squares")
        bad = sorted({c for r in rows for c in r} - set(BOARD_SQUARES))
        if bad:
            raise ProfileError(
                f"{path}: 'game.board' has unknown squares {bad} (known: {' '.join(BOARD_SQUARES)})"
            )
    start = game.get("start")
    if start is not None and not (
        len(start) == 2 and all(isinstance(v, int) and 0 <= v < (size or 0) for v in start)
    ):
        raise ProfileError(f"{path}: 'game.start' must be [row, column] on the {size}x{size} board")


def _names(path: Path, where: str, values: list, known: tuple[str, ...] | dict, what: str) -> tuple[str, ...]:
    for value in values:
        if not isinstance(value, str) or value not in known:
            raise ProfileError(f"{path}: {where!r} has unknown {what} {value!r} (known: {', '.join(known)})")
    return tuple(values)


def _build(path: Path, data: dict) -> Profile:
    _check_keys(path, data, _TOP)
    for required in ("name", "languages", "alphabet"):
        if required not in data:
            raise ProfileError(f"{path}: missing key {required!r}")
    entries = data.get("entries", {})
    words = data.get("words", {})
    game = data.get("game", {})
    _check_keys(path, entries, _ENTRIES, "entries.")
    _check_keys(path, words, _WORDS, "words.")
    _check_keys(path, game, _GAME, "game.")
    _check_identity(path, data)
    _check_ranges(path, words, game)
    alphabet = dict(data["alphabet"])
    upper = alphabet.pop("upper", {})
    languages = tuple(data["languages"])
    for lang in languages:
        if not isinstance(alphabet.get(lang), str) or not alphabet[lang]:
            raise ProfileError(f"{path}: 'alphabet.{lang}' must give the letters of language {lang!r}")
    for lang, letters in alphabet.items():
        if lang not in languages:
            raise ProfileError(
                f"{path}: unknown key 'alphabet.{lang}' (the profile's languages: {', '.join(languages)})"
            )
        if len(set(letters)) != len(letters) or letters != letters.lower():
            raise ProfileError(f"{path}: 'alphabet.{lang}' must list distinct lower-case letters")
    _check_board(path, game)
    for lang, tiles in game.get("tiles", {}).items():
        for letter, value in tiles.items():
            if letter != "?" and letter not in alphabet.get(lang, ""):
                raise ProfileError(
                    f"{path}: 'game.tiles.{lang}.{letter}' is not a letter of 'alphabet.{lang}'"
                )
            if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
                raise ProfileError(f"{path}: 'game.tiles.{lang}.{letter}' must be [points, count]")
    pos = entries.get("parts_of_speech")
    return Profile(
        name=data["name"],
        path=path,
        description=data.get("description", ""),
        languages=languages,
        lemmas_only=entries.get("lemmas_only", False),
        forms_follow_lemmas=entries.get("forms_follow_lemmas", False),
        parts_of_speech=_names(path, "entries.parts_of_speech", pos, POS, "part of speech") if pos else None,
        exclude_parts_of_speech=_names(
            path,
            "entries.exclude_parts_of_speech",
            entries.get("exclude_parts_of_speech", []),
            POS,
            "part of speech",
        ),
        exclude_tags=_names(path, "entries.exclude_tags", entries.get("exclude_tags", []), TAGS, "tag"),
        remove=words.get("remove", ""),
        exclude_characters=words.get("exclude_characters", ""),
        exclude_capitalized=words.get("exclude_capitalized", False),
        lowercase=words.get("lowercase", True),
        min_length=words.get("min_length", 1),
        max_length=words.get("max_length"),
        alphabets=alphabet,
        upper=upper,
        game=game,
    )
