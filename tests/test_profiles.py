"""Selection profiles: the shipped ones load, a user's file works, and every mistake is named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordlist_pipeline.errors import ProfileError
from wordlist_pipeline.profile import available_profiles, load_profile

MINIMAL = 'name = "mine"\nlanguages = ["en"]\n[alphabet]\nen = "abc"\n'


B4 = '["....", "....", "....", "...."]'  # the smallest board: a first word has 4 letters


def game(
    board: str = B4,
    start: str = "[1, 1]",
    rack: str = "7",
    tiles: str = "a = [1, 5]",
) -> str:
    """A complete [game] table for MINIMAL's alphabet, with one value changed."""
    return f"[game]\nboard = {board}\nstart = {start}\nrack_size = {rack}\n[game.tiles.en]\n{tiles}\n"


def test_shipped_profiles() -> None:
    assert available_profiles() == ["balda", "wordgame"]
    balda = load_profile("balda")
    assert balda.languages == ("en", "de") and balda.lemmas_only and balda.remove == "-"
    assert balda.allowed_pos() == ("noun", "verb", "adjective", "adverb")
    assert balda.alphabet("de") == "abcdefghijklmnopqrstuvwxyzäöüß"
    assert balda.alphabet_record("de").upper["ß"] == "ẞ" and balda.alphabet_record("de").display("ß") == "ẞ"
    assert balda.alphabet_record("de").language_name == "German" and balda.game_spec("de") is None
    wordgame = load_profile("wordgame")
    assert wordgame.languages == ("en", "de") and not wordgame.lemmas_only and wordgame.forms_follow_lemmas
    assert "proper_noun" not in wordgame.allowed_pos() and "slang" in wordgame.exclude_tags
    game = wordgame.game_spec("en")
    assert game is not None and (game.tiles.points["q"], game.tiles.counts["q"]) == (7, 1)
    assert (game.tiles.points["?"], game.tiles.counts["?"]) == (0, 2)
    assert game.tiles.total - game.tiles.counts["?"] == 102
    assert game.rack_size == 8 and game.board.start == (7, 7) and game.board.rows[7] == "T..d...D...d..T"
    assert game.board.word_multiplier((0, 0)) == 3 and game.board.letter_multiplier((0, 3)) == 2


def test_a_user_profile_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(MINIMAL + '[entries]\nparts_of_speech = ["noun"]\n[words]\nmax_length = 5\n')
    profile = load_profile(path)
    assert (profile.name, profile.allowed_pos(), profile.max_length) == ("mine", ("noun",), 5)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("[entries]\nlemma_only = true\n", "unknown key 'entries.lemma_only'"),
        ('[words]\nmin_length = "two"\n', "'words.min_length' must be a whole number"),
        (
            '[entries]\nparts_of_speech = ["nouns"]\n',
            "'entries.parts_of_speech' has unknown part of speech 'nouns'",
        ),
        ('[entries]\nexclude_tags = ["rude"]\n', "'entries.exclude_tags' has unknown tag 'rude'"),
        ("[words]\nremove = 3\n", "'words.remove' must be a string, not 3"),
        ("[game.tiles.en]\nz = [10, 1]\n", "'game.tiles.en.z' is not a letter of 'alphabet.en'"),
        (
            '[game]\nboard_size = 4\nboard = [".x..", "....", "....", "...."]\n',
            "'game.board' has unknown squares ['x']",
        ),
        (
            '[game]\nboard = ["....", "...", "....", "...."]\n',
            "'game.board' must be square: 4 strings of 4 squares",
        ),
        (f"[game]\nboard = {B4}\nstart = [4, 1]\n", "'game.start' must be [row, column]"),
        (
            '[game]\nboard = ["..."]\nstart = [0, 0]\nrack_size = 7\n',
            "'game.board' must be square, of 4 to 26 rows",
        ),
        (
            f"[game]\nboard = {B4}\nstart = [0, 0]\nrack_size = 7\n",
            "'game.tiles.en' must give the tiles of language 'en'",
        ),
        (
            f"[game]\nboard = {B4}\nstart = [0, 0]\n[game.tiles.en]\na = [1, 2]\n",
            "missing key 'game.rack_size'",
        ),
        (
            f"[game]\nboard = {B4}\nstart = [0, 0]\nrack_size = 7\n[game.tiles.en]\na = [1, 1000000000]\n",
            "'game.tiles.en.a.count' must be between 0 and 1,000, not 1,000,000,000",
        ),
        (
            f"[game]\nboard = {B4}\nstart = [0, 0]\nrack_size = 99\n",
            "'game.rack_size' must be between 4 and 15",
        ),
        ("[alphabet.upper]\na = 3\n", "'alphabet.en': 'upper.a' must be printable text"),
    ],
)
def test_profile_mistakes_name_the_file_and_key(tmp_path: Path, extra: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(MINIMAL + extra)
    with pytest.raises(ProfileError) as raised:
        load_profile(path)
    assert str(path) in str(raised.value) and message in str(raised.value)


def test_unknown_top_level_key(tmp_path: Path) -> None:
    path = tmp_path / "top.toml"
    path.write_text("colour = 1\n" + MINIMAL)
    with pytest.raises(ProfileError, match=r"unknown key 'colour' \(known: name, description"):
        load_profile(path)


def test_alphabets_default_to_the_editions_and_unknown_languages_are_named(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('name = "x"\nlanguages = ["en", "de"]\n[alphabet]\nen = "abc"\n')
    profile = load_profile(path)  # de's letters and capitals are the German edition's
    assert profile.alphabet("en") == "abc" and profile.alphabet("de") == "abcdefghijklmnopqrstuvwxyzäöüß"
    assert profile.alphabet_record("de").upper["ß"] == "ẞ"
    path.write_text('name = "x"\nlanguages = ["en", "fr"]\n')
    with pytest.raises(ProfileError, match=r"'languages' has unknown language 'fr' \(known: de, en\)"):
        load_profile(path)
    with pytest.raises(ProfileError, match="no profile named 'scrabble' \\(shipped: balda, wordgame"):
        load_profile("scrabble")


def test_title_policies_per_language(tmp_path: Path) -> None:
    balda, wordgame = load_profile("balda"), load_profile("wordgame")
    assert (balda.title_policy("en"), balda.title_policy("de")) == ("lowercase", "capitalized")
    assert wordgame.title_policy("en") == "lowercase"
    path = tmp_path / "t.toml"
    path.write_text(MINIMAL)
    assert load_profile(path).title_policy("en") == "capitalized"  # the default: all-capital titles out
    for extra, message in (
        ('[words.titles]\nen = "upper"\n', "'words.titles.en' must be one of lowercase, capitalized, any"),
        ('[words.titles]\nde = "any"\n', "unknown key 'words.titles.de' (the profile's languages: en)"),
        ('[words]\ntitles = "any"\n', "'words.titles' must be a table"),
    ):
        path.write_text(MINIMAL + extra)
        with pytest.raises(ProfileError) as raised:
            load_profile(path)
        assert str(path) in str(raised.value) and message in str(raised.value)


@pytest.mark.parametrize(
    "name",
    ["/some/dir", ".", "..", "../..", "a/b", "entries.parquet", "source.json", "", "Balda", "-x", "_x",
     "x" * 65, "balda\n", "ba lda"],
)  # fmt: skip
def test_a_profile_name_is_a_plain_identifier(tmp_path: Path, name: str) -> None:
    """The name becomes the word list's folder: never a path, never a file the language folder holds."""
    path = tmp_path / "bad.toml"
    path.write_text(MINIMAL.replace('"mine"', json.dumps(name)))
    with pytest.raises(ProfileError, match=r"'name' .* must be a plain name of at most 64 characters"):
        load_profile(path)


@pytest.mark.parametrize("name", ["mine", "wordgame-de", "balda_7x7", "2024", "x" * 64])
def test_good_profile_names(tmp_path: Path, name: str) -> None:
    path = tmp_path / "good.toml"
    path.write_text(MINIMAL.replace('"mine"', json.dumps(name)))
    assert load_profile(path).name == name


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("[words]\nmin_length = 0\n", "'words.min_length' is 0; it must be from 1 to 100"),
        ("[words]\nmin_length = -3\n", "'words.min_length' is -3; it must be from 1 to 100"),
        ("[words]\nmax_length = 101\n", "'words.max_length' is 101; it must be from 1 to 100"),
        ("[words]\nmin_length = 6\nmax_length = 5\n", "'words.max_length' is less than 'words.min_length'"),
        ("[game]\nboard_size = 2\n", "missing key 'game.board'"),
        (game(rack="0"), "'game.rack_size' must be between 4 and 15, not 0"),
        (game(rack="-8"), "'game.rack_size' must be between 4 and 15, not -8"),
        (game(rack="16"), "'game.rack_size' must be between 4 and 15, not 16"),
        (game(board="[" + ", ".join([f'"{"." * 27}"'] * 27) + "]"),
         "'game.board' must be square, of 4 to 26 rows"),
        (game(board='["...", "...", "..."]'), "'game.board' must be square, of 4 to 26 rows"),
        (game(tiles="a = [1, 1000000000]"),
         "'game.tiles.en.a.count' must be between 0 and 1,000, not 1,000,000,000"),
        (game(tiles="a = [1, -1]"), "'game.tiles.en.a.count' must be between 0 and 1,000, not -1"),
        (game(tiles="a = [-2, 1]"), "'game.tiles.en.a.points' must be between 0 and 1,000, not -2"),
        (game(tiles="a = [1001, 1]"), "'game.tiles.en.a.points' must be between 0 and 1,000, not 1,001"),
        (game(tiles="a = [true, 1]"), "'game.tiles.en.a.points' must be a whole number, not true"),
        (game(tiles="a = 3"), "'game.tiles.en.a' must be [points, count]"),
        ("[game.tiles]\nen = 5\n", "'game.tiles.en' must be a table of letter = [points, count]"),
    ],
)  # fmt: skip
def test_profile_values_are_range_checked(tmp_path: Path, extra: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(MINIMAL + extra)
    with pytest.raises(ProfileError) as raised:
        load_profile(path)
    assert str(raised.value) == f"{path}: {message}"


def test_a_bag_of_more_than_10000_tiles_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bag.toml"
    path.write_text(MINIMAL + game(tiles="a = [1, 1000]\nb = [1, 1000]\nc = [0, 1000]"))
    assert load_profile(path).game_spec("en").tiles.counts["c"] == 1000  # at the bounds: accepted
    letters = 'name = "x"\nlanguages = ["en"]\n[alphabet]\nen = "abcdefghijk"\n'
    path.write_text(letters + game(tiles="".join(f"{c} = [1, 1000]\n" for c in "abcdefghijk")))
    with pytest.raises(ProfileError, match=r"tiles"):
        load_profile(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'name = "caf\xe9"\n', r"not UTF-8 text \(byte 11 is 0xe9\)"),
        (b"name = \n", "not valid TOML"),
        (MINIMAL.replace('["en"]', '["../en"]').encode(), r"'languages' has '\.\./en', not a language code"),
        (MINIMAL.replace('["en"]', "[]").encode(), "'languages' must name at least one language"),
        (MINIMAL.replace('["en"]', '["en", "en"]').encode(), "'languages' lists a language twice"),
    ],
)
def test_unreadable_profiles(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(content)
    with pytest.raises(ProfileError, match=message):
        load_profile(path)


def test_a_profile_path_that_is_not_a_file(tmp_path: Path) -> None:
    (tmp_path / "d.toml").mkdir()
    with pytest.raises(ProfileError, match=r"d\.toml: a folder, not a profile file"):
        load_profile(tmp_path / "d.toml")
    with pytest.raises(ProfileError, match="a folder, not a profile file"):
        load_profile(f"{tmp_path}/")
    big = tmp_path / "big.toml"
    big.write_text(MINIMAL + "#" * (1 << 20))
    with pytest.raises(ProfileError, match="too large for a profile"):
        load_profile(big)


def test_a_list_of_names_holds_strings(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(MINIMAL + "[entries]\nexclude_tags = [{}]\n")
    with pytest.raises(ProfileError, match=r"'entries.exclude_tags' has unknown tag \{\}"):
        load_profile(path)
