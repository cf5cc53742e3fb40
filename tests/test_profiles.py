"""Selection profiles: the shipped ones load, a user's file works, and every mistake is named."""

from __future__ import annotations

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
    assert wordgame.languages == ("en", "de") and not wordgame.lemmas_only and wordgame.forms_follow_lemmas
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
