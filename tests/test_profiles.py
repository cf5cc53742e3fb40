"""Selection profiles: the shipped ones load, a user's file works, and every mistake is named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordlist_pipeline.errors import ProfileError
from wordlist_pipeline.profile import available_profiles, load_profile

MINIMAL = 'name = "mine"\nlanguages = ["en"]\n[alphabet]\nen = "abc"\n'


def test_shipped_profiles() -> None:
    assert available_profiles() == ["balda", "wordgame"]
    balda = load_profile("balda")
    assert balda.languages == ("en", "de") and balda.lemmas_only and balda.remove == "-"
    assert balda.allowed_pos() == ("noun", "verb", "adjective", "adverb")
    assert balda.alphabet("de") == "abcdefghijklmnopqrstuvwxyzäöüß"
    assert balda.alphabet_document("de")["upper"]["ß"] == "ẞ"
    wordgame = load_profile("wordgame")
    assert wordgame.languages == ("en",) and not wordgame.lemmas_only and wordgame.forms_follow_lemmas
    assert "proper_noun" not in wordgame.allowed_pos() and "slang" in wordgame.exclude_tags
    tiles = wordgame.alphabet_document("en")["game"]["tiles"]
    assert tiles["q"] == {"points": 7, "count": 1} and tiles["?"] == {"points": 0, "count": 2}
    assert sum(t["count"] for t in tiles.values() if t is not tiles["?"]) == 102
    game = wordgame.alphabet_document("en")["game"]
    assert game["rack_size"] == 8 and game["start"] == [7, 7] and game["board"][7] == "T..d...D...d..T"


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
        ('[game]\nboard_size = 3\nboard = ["...", ".x.", "..."]\n', "'game.board' has unknown squares ['x']"),
        ('[game]\nboard = ["...", "..", "..."]\n', "'game.board' must be 3 strings of 3 squares"),
        ('[game]\nboard = ["...", "...", "..."]\nstart = [3, 1]\n', "'game.start' must be [row, column]"),
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


def test_missing_alphabet_and_unknown_profile(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('name = "x"\nlanguages = ["en", "de"]\n[alphabet]\nen = "abc"\n')
    with pytest.raises(ProfileError, match=r"'alphabet\.de' must give the letters of language 'de'"):
        load_profile(path)
    with pytest.raises(ProfileError, match="no profile named 'scrabble' \\(shipped: balda, wordgame"):
        load_profile("scrabble")


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
        ("[game]\nboard_size = 2\n", "'game.board_size' is 2; it must be from 3 to 25"),
        ("[game]\nboard_size = 1000000\n", "'game.board_size' is 1000000; it must be from 3 to 25"),
        ("[game]\nrack_size = 0\n", "'game.rack_size' is 0; it must be from 1 to 20"),
        ("[game]\nrack_size = -8\n", "'game.rack_size' is -8; it must be from 1 to 20"),
        ("[game]\nboard = [" + ", ".join([f'"{"." * 26}"'] * 26) + "]\n",
         "'game.board' has 26 rows; a board is 3 to 25 rows"),
        ("[game.tiles.en]\na = [1, 1000000000]\n",
         "'game.tiles.en.a' has count 1000000000; it must be from 0 to 100"),
        ("[game.tiles.en]\na = [1, -1]\n", "'game.tiles.en.a' has count -1; it must be from 0 to 100"),
        ("[game.tiles.en]\na = [-2, 1]\n", "'game.tiles.en.a' has points -2; it must be from 0 to 100"),
        ("[game.tiles.en]\na = [101, 1]\n", "'game.tiles.en.a' has points 101; it must be from 0 to 100"),
        ("[game.tiles.en]\na = [true, 1]\n", "'game.tiles.en.a' must be [points, count]"),
        ("[game.tiles.en]\na = 3\n", "'game.tiles.en.a' must be [points, count]"),
        ("[game.tiles]\nen = 5\n", "'game.tiles.en' must be a table of letter = [points, count]"),
    ],
)  # fmt: skip
def test_profile_values_are_range_checked(tmp_path: Path, extra: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(MINIMAL + extra)
    with pytest.raises(ProfileError) as raised:
        load_profile(path)
    assert str(raised.value) == f"{path}: {message}"


def test_a_bag_of_more_than_1000_tiles_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bag.toml"
    path.write_text(MINIMAL + "[game.tiles.en]\na = [1, 100]\nb = [1, 100]\nc = [0, 100]\n")
    assert load_profile(path).game["tiles"]["en"]["c"] == [0, 100]  # at the bounds: accepted
    letters = 'name = "x"\nlanguages = ["en"]\n[alphabet]\nen = "abcdefghijk"\n[game.tiles.en]\n'
    path.write_text(letters + "".join(f"{c} = [1, 100]\n" for c in "abcdefghijk"))
    with pytest.raises(ProfileError, match=r"'game.tiles.en' makes 1,100 tiles; at most 1,000"):
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
