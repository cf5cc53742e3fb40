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
        ('[game]\nboard_size = 3\nboard = ["...", ".x.", "..."]\n', "'game.board' has unknown squares ['x']"),
        ('[game]\nboard = ["...", "..", "..."]\n', "'game.board' must be square: 3 strings of 3 squares"),
        ('[game]\nboard = ["...", "...", "..."]\nstart = [3, 1]\n', "'game.start' must be [row, column]"),
        (
            '[game]\nboard = ["..."]\nstart = [0, 0]\nrack_size = 7\n',
            "'game.board' must be square: 1 strings of 1 squares",
        ),
        (
            '[game]\nboard = ["."]\nstart = [0, 0]\nrack_size = 7\n',
            "'game.tiles.en' must give the tiles of language 'en'",
        ),
        (
            '[game]\nboard = ["."]\nstart = [0, 0]\n[game.tiles.en]\na = [1, 2]\n',
            "missing key 'game.rack_size'",
        ),
        (
            '[game]\nboard = ["."]\nstart = [0, 0]\nrack_size = 7\n[game.tiles.en]\na = [1, 1000000000]\n',
            "'game.tiles.en.a.count' must be between 0 and 1,000, not 1,000,000,000",
        ),
        (
            '[game]\nboard = ["."]\nstart = [0, 0]\nrack_size = 99\n',
            "'game.rack_size' must be between 1 and 16",
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
