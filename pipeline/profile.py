"""Selection profiles: declarative TOML files saying which entries make a game's word list.

The shipped profiles are in pipeline/profiles/; a user adds one by writing a TOML file of the same
shape and passing its path (``wordlist build --profile my.toml``). Every key is checked: an
unknown key, a wrong type or an unknown part of speech or tag is an error naming the file and key.

    name = "mygame"                        # the folder name under outputs/<lang>/: a-z 0-9 _ -
    description = "..."
    languages = ["en"]
    overrides = "mygame-overrides.tsv"     # optional: a site's own additions and removals, a path
                                           #   relative to this file (pipeline/overrides.py)

    [entries]                              # which rows of the entries table are used
    lemmas_only = true                     # drop inflected forms
    forms_follow_lemmas = false            # drop a form when no lemma it belongs to is kept
                                           #   (each dropped, or without an entry in the dump)
    parts_of_speech = ["noun", "verb"]     # keep only these ...
    exclude_parts_of_speech = []           # ... or drop these
    exclude_tags = ["abbreviation"]        # drop entries with any of these tags

    [words]                                # how a page title becomes a game word
    remove = "-"                           # characters deleted ("e-mail" -> "email")
    replace = { "ß" = "ss" }               # spellings changed, after lower-casing
    exclude_characters = ""                # titles containing any of these are left out
    lowercase = true                       # words are compared and stored in lower case
    min_length = 2
    max_length = 15                        # optional
    [words.de]                             # any of these keys, for one language only
    replace = { "ß" = "ss" }

    [words.titles]                         # which page titles each language's list takes:
    en = "lowercase"                       #   only titles in lower case ("cat", not "Monday"); a capital
                                           #   may follow a hyphen ("anti-Semitism") or stand alone
                                           #   before one, naming a letter ("X-ray", "T-shirt")
    de = "capitalized"                     #   also capitalized ones ("Bauen"), never all-capital ("TÜV")
                                           #   ("any": every title); default "capitalized"

    [alphabet]                             # optional: letters per language (default: the edition's);
    en = "abcdefghijklmnopqrstuvwxyz"      # other characters leave a word out
    [alphabet.upper]                       # capitals that str.upper() gets wrong for games
    "ß" = "ẞ"                              # (default: the edition's)

    [game]                                 # optional: a tile game, written to game.json
    board_size = 15                        # optional, checked against the board
    rack_size = 8
    board = ["T..d...T...d..T", ...]       # premium squares: . d t D T (letter x2 x3, word x2 x3)
    start = [7, 7]                         # the square the first word must cover
    [game.tiles.en]                        # letter = [points, count]; "?" is the blank; one table
    a = [1, 8]                             # for each of the profile's languages

The alphabet and the game are checked by their records in wordlist.format (`Alphabet`,
`GameSpec`), the same code that reads them back from a built list, within the format's limits
(wordlist/format/limits.py: boards of 4x4 to 26x26, racks of 4 to 15 tiles, 0 to 1,000 points
and tiles a letter, at most 10,000 tiles). Word lengths are 1 to 100 letters (LIMITS). A profile
file is UTF-8 TOML of at most 1 MB.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from wordlist.format import POS, Alphabet, FormatError, GameSpec
from wordlist.format.base import LANGUAGE_CODE, LIST_NAME
from wordlist_pipeline.editions import EDITIONS
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
    "overrides": str,
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
    "titles": dict,
    "lowercase": bool,
    "min_length": int,
    "max_length": int,
    "replace": dict,
}
_GAME = {"board_size": int, "rack_size": int, "board": list, "start": list, "tiles": dict}
LIMITS = {"min_length": (1, 100), "max_length": (1, 100)}  # [words] lengths, in letters
MAX_PROFILE_BYTES = 1 << 20
_TYPE_NAMES = {bool: "true or false", int: "a whole number", str: "a string", list: "a list", dict: "a table"}
# Which page titles a language's list takes (words.titles). An all-capital title (FBI, TÜV: two
# letters or more) is an initialism or acronym for word-list purposes, in every language.
TITLE_POLICIES = {
    "lowercase": "only titles in lower case (English: not Monday, German, FBI, pH; anti-Semitism, X-ray are)",
    "capitalized": "titles in lower case or capitalized, not all-capital ones (German: Bauen and bauen)",
    "any": "every title, all-capital ones included",
}
DEFAULT_TITLES = "capitalized"


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
    titles: dict[str, str] = field(default_factory=dict)
    lowercase: bool = True
    min_length: int = 1
    max_length: int | None = None
    replace: dict[str, str] = field(default_factory=dict)
    language_words: dict[str, dict] = field(default_factory=dict)  # [words.<lang>]: overrides
    alphabets: dict[str, str] = field(default_factory=dict)
    upper: dict[str, str] = field(default_factory=dict)
    game: dict = field(default_factory=dict)
    overrides: Path | None = None  # the profile's overrides file (its path resolved from the profile's)

    def allowed_pos(self) -> tuple[str, ...]:
        base = self.parts_of_speech if self.parts_of_speech is not None else POS
        return tuple(p for p in base if p not in self.exclude_parts_of_speech)

    def title_policy(self, lang: str) -> str:
        """Which titles the list of `lang` takes: a key of TITLE_POLICIES."""
        return self.titles.get(lang, DEFAULT_TITLES)

    def alphabet(self, lang: str) -> str:
        return self.alphabets[lang]

    def for_language(self, lang: str) -> Profile:
        """The profile as it applies to `lang`: its [words.<lang>] keys replace the [words] ones."""
        overrides = self.language_words.get(lang)
        return dataclasses.replace(self, **overrides) if overrides else self

    def alphabet_record(self, lang: str) -> Alphabet:
        """What alphabet.json holds for `lang`: letters, capitals, how words are normalized."""
        words = self.for_language(lang)
        return Alphabet(
            language=lang,
            letters=self.alphabet(lang),
            language_name=EDITIONS[lang].name,
            upper={c: u for c, u in self.upper.items() if c in self.alphabet(lang)},
            remove=words.remove,
            lowercase=words.lowercase,
            replace=words.replace,
        )

    def game_spec(self, lang: str) -> GameSpec | None:
        """What game.json holds for `lang`, or None for a profile without a game."""
        if not self.game:
            return None
        return GameSpec.from_json(
            _game_document(self.game, lang),
            self.alphabet(lang),
            where="game.",
            tiles_where=f"game.tiles.{lang}.",
            versioned=False,
        )


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
    if not LIST_NAME.fullmatch(name):  # the word list's folder name
        raise ProfileError(
            f"{path}: 'name' {name!r} must be a plain name of at most 64 characters a-z, 0-9, _ and -, "
            "starting with a letter or digit (it names the word list's folder)"
        )
    languages = data["languages"]
    if not languages:
        raise ProfileError(f"{path}: 'languages' must name at least one language")
    for lang in languages:
        if not isinstance(lang, str) or not LANGUAGE_CODE.fullmatch(lang):
            raise ProfileError(f"{path}: 'languages' has {lang!r}, not a language code like 'en'")
    if len(set(languages)) != len(languages):
        raise ProfileError(f"{path}: 'languages' lists a language twice")


def _check_lengths(path: Path, words: dict, where: str) -> None:
    """Word lengths within LIMITS (the game's numbers are checked by its GameSpec record)."""
    for key, (low, high) in LIMITS.items():
        value = words.get(key)
        if value is not None and not low <= value <= high:
            raise ProfileError(f"{path}: '{where}{key}' is {value}; it must be from {low} to {high}")
    if words.get("max_length", LIMITS["max_length"][1]) < words.get("min_length", 1):
        raise ProfileError(f"{path}: '{where}max_length' is less than '{where}min_length'")


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


def _game_document(game: dict, lang: str) -> dict:
    """A profile's [game] table for `lang` in game.json's shape (tiles {letter: {points, count}})."""
    document = {k: v for k, v in game.items() if k not in ("tiles", "board_size")}
    tiles = game.get("tiles", {}).get(lang, {})
    document["tiles"] = {letter: {"points": p, "count": c} for letter, (p, c) in tiles.items()}
    return document


def _check_game(path: Path, profile: Profile) -> None:
    """[game]: the TOML shapes here, then one game spec per language through the format's validator."""
    game, languages = profile.game, profile.languages
    for lang, tiles in game.get("tiles", {}).items():
        if lang not in languages:
            raise ProfileError(
                f"{path}: unknown key 'game.tiles.{lang}' (the profile's languages: {', '.join(languages)})"
            )
        if not isinstance(tiles, dict):
            raise ProfileError(f"{path}: 'game.tiles.{lang}' must be a table of letter = [points, count]")
        for letter, value in tiles.items():
            if letter != "?" and letter not in profile.alphabet(lang):
                raise ProfileError(
                    f"{path}: 'game.tiles.{lang}.{letter}' is not a letter of 'alphabet.{lang}'"
                )
            if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
                raise ProfileError(f"{path}: 'game.tiles.{lang}.{letter}' must be [points, count]")
    rows = game.get("board")
    if "board_size" in game and isinstance(rows, list) and game["board_size"] != len(rows):
        raise ProfileError(
            f"{path}: 'game.board_size' is {game['board_size']} but 'game.board' has {len(rows)} rows"
        )
    for lang in languages:
        try:
            profile.game_spec(lang)
        except FormatError as error:
            message = str(error)
            if not game.get("tiles", {}).get(lang) and "'game.tiles" in message:
                message = f"'game.tiles.{lang}' must give the tiles of language {lang!r}"
            raise ProfileError(f"{path}: {message}") from None


def _renamed(words: dict) -> dict:
    """[words.<lang>] keys as Profile fields (the same names; `replace` copied)."""
    return {key: dict(value) if isinstance(value, dict) else value for key, value in words.items()}


def _names(path: Path, where: str, values: list, known: tuple[str, ...] | dict, what: str) -> tuple[str, ...]:
    for value in values:
        if not isinstance(value, str) or value not in known:
            raise ProfileError(f"{path}: {where!r} has unknown {what} {value!r} (known: {', '.join(known)})")
    return tuple(values)


def _titles(path: Path, titles: dict, languages: tuple[str, ...]) -> dict[str, str]:
    for lang, policy in titles.items():
        if lang not in languages:
            raise ProfileError(
                f"{path}: unknown key 'words.titles.{lang}' (the profile's languages: {', '.join(languages)})"
            )
        if policy not in TITLE_POLICIES:
            raise ProfileError(
                f"{path}: 'words.titles.{lang}' must be one of {', '.join(TITLE_POLICIES)}, not {policy!r}"
            )
    return dict(titles)


def _overrides_path(path: Path, given: str | None) -> Path | None:
    """The profile's overrides file, relative to the profile's own folder (read by the build)."""
    if given is None:
        return None
    if not given.strip() or "\0" in given:
        raise ProfileError(f"{path}: 'overrides' must name a file, not {given!r}")
    return path.parent / given


def _build(path: Path, data: dict) -> Profile:
    _check_keys(path, data, _TOP)
    for required in ("name", "languages"):
        if required not in data:
            raise ProfileError(f"{path}: missing key {required!r}")
    entries = data.get("entries", {})
    words = dict(data.get("words", {}))
    game = data.get("game", {})
    languages = data["languages"]
    if not isinstance(languages, list) or not all(isinstance(lang, str) for lang in languages):
        raise ProfileError(f"{path}: 'languages' must be a list of language codes")
    language_words = {lang: words.pop(lang) for lang in languages if isinstance(words.get(lang), dict)}
    _check_keys(path, entries, _ENTRIES, "entries.")
    for where, table in [("words.", words)] + [(f"words.{lang}.", t) for lang, t in language_words.items()]:
        _check_keys(path, table, _WORDS, where)
        for old, new in table.get("replace", {}).items():
            if not old or not isinstance(new, str):
                raise ProfileError(
                    f"{path}: '{where}replace' maps spellings to strings, not {old!r} = {new!r}"
                )
    _check_keys(path, game, _GAME, "game.")
    _check_identity(path, data)
    for where, table in [("words.", words)] + [(f"words.{lang}.", t) for lang, t in language_words.items()]:
        _check_lengths(path, table, where)
    languages = tuple(data["languages"])
    _names(path, "languages", list(languages), tuple(EDITIONS), "language")
    # each language's letters and capitals come from its edition unless the profile gives them
    alphabet = {lang: EDITIONS[lang].alphabet for lang in languages} | dict(data.get("alphabet", {}))
    given_upper = alphabet.pop("upper", {})
    if not isinstance(given_upper, dict):
        raise ProfileError(f"{path}: 'alphabet.upper' must be a table of letter = capital")
    upper = {c: u for lang in languages for c, u in EDITIONS[lang].upper.items()} | given_upper
    for lang in languages:
        if not isinstance(alphabet.get(lang), str) or not alphabet[lang]:
            raise ProfileError(f"{path}: 'alphabet.{lang}' must give the letters of language {lang!r}")
    for lang in alphabet:
        if lang not in languages:
            raise ProfileError(
                f"{path}: unknown key 'alphabet.{lang}' (the profile's languages: {', '.join(languages)})"
            )
    pos = entries.get("parts_of_speech")
    profile = Profile(
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
        titles=_titles(path, words.get("titles", {}), languages),
        lowercase=words.get("lowercase", True),
        min_length=words.get("min_length", 1),
        max_length=words.get("max_length"),
        replace=dict(words.get("replace", {})),
        language_words={lang: _renamed(table) for lang, table in language_words.items()},
        alphabets=alphabet,
        upper=upper,
        game=game,
        overrides=_overrides_path(path, data.get("overrides")),
    )
    for lang in languages:  # the format's records are the validators of what a list will hold
        try:
            profile.alphabet_record(lang)
        except FormatError as error:
            raise ProfileError(f"{path}: 'alphabet.{lang}': {error}") from None
    if game:
        _check_game(path, profile)
    return profile
