"""The wordlist data package on the built sample word lists, through its public API and the CLI."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.list_helpers import edit_manifest, resign
from wordlist import ArtefactError, Lexicon
from wordlist.graph import ROOT
from wordlist.locations import DATA_ENV


@pytest.fixture(scope="module")
def en(sample_outputs: Path) -> Lexicon:
    return Lexicon.open("en", "balda", sample_outputs)


@pytest.fixture(scope="module")
def de(sample_outputs: Path) -> Lexicon:
    return Lexicon.open("de", "balda", sample_outputs)


@pytest.fixture(scope="module")
def wordgame(sample_outputs: Path) -> Lexicon:
    return Lexicon.open("en", "wordgame", sample_outputs)


def test_membership_is_case_insensitive_and_drops_hyphens(en: Lexicon) -> None:
    assert en.is_word("email") and en.is_word("EMAIL") and en.is_word("e-mail") and "Email" in en
    assert en.is_word("babysitter") and not en.is_word("paris") and not en.is_word("tables")
    assert not en.is_word("") and not en.is_word("zzz")


def test_membership_restricted_to_parts_of_speech(en: Lexicon) -> None:
    assert en.parts_of_speech("run") == ("noun", "verb")
    assert (
        en.is_word("run", pos="verb")
        and en.is_word("run", pos=["noun"])
        and not en.is_word("run", pos="adverb")
    )
    assert en.is_word("quickly", pos="adverb") and not en.is_word("quickly", pos="noun")
    assert en.is_word("bright", pos="noun,adjective")
    with pytest.raises(ValueError, match="unknown part of speech 'nouns'"):
        en.is_word("run", pos="nouns")


def test_german_words(de: Lexicon) -> None:
    assert de.is_word("BAUEN") and de.parts_of_speech("Bauen") == ("noun", "verb")
    assert de.titles("bauen") == ["Bauen", "bauen"]
    assert de.is_word("STRAẞE") and de.is_word("straße") and not de.is_word("STRASSE")
    assert de.display("straße") == "STRAẞE" and len(de.display("straße")) == 6
    assert de.is_word("E-Mail") and de.is_word("öl") and not de.is_word("berlin")


def test_each_letter_in_capitals_as_a_game_shows_it(de: Lexicon, en: Lexicon) -> None:
    capitals = de.capitals()
    assert list(capitals) == list(de.letters) and capitals["ß"] == "ẞ" and capitals["ä"] == "Ä"
    assert capitals == {letter: de.display(letter) for letter in de.letters}
    capitals["ß"] = "SS"  # a copy: the next caller gets the list's own
    assert de.capitals()["ß"] == "ẞ" and en.capitals()["a"] == "A" and len(en.capitals()) == 26


def test_words_by_part_of_speech_and_length(en: Lexicon) -> None:
    nines = en.words(pos="noun", length=9)
    assert "telephone" in nines and "education" in nines and all(len(w) == 9 for w in nines)
    assert en.words(pos="adverb") == sorted(en.words(pos="adverb")) and "quickly" in en.words(pos="adverb")
    assert en.words(prefix="tab") == ["table", "tabling"]  # tabling is also a noun lemma
    assert en.count() == len(en) == len(list(en))
    assert en.count(pos="noun") == len(en.words(pos="noun"))


def test_pattern_match(en: Lexicon) -> None:
    assert en.match("a??le") == ["apple"]
    assert en.match("?at") == ["cat", "eat", "hat", "oat", "rat"]
    assert en.match("t*e") == ["table", "telephone", "tree"]
    assert en.match("???", pos="verb") == ["cat", "cop", "dog", "eat", "run"]
    with pytest.raises(ValueError, match="'é' not in the English alphabet"):
        en.match("caf?é")


def test_anagrams_with_blanks(en: Lexicon) -> None:
    found = en.anagrams("tsera")
    assert found[:2] == ["stare", "east"] and {"rest", "seat", "star", "tea", "rat"} <= set(found)
    assert en.anagrams("tsera", use_all=True) == ["stare"]
    assert "star" in en.anagrams("rat?", use_all=True)
    assert en.anagrams("tsera", pos="verb") == ["stare", "rest", "eat"]


def test_random_word_is_seeded(en: Lexicon, de: Lexicon) -> None:
    assert en.random_word(5, seed=1) == en.random_word(5, seed=1)
    picks = {en.random_word(5, pos="noun", seed=s) for s in range(30)}
    assert len(picks) > 5 and all(len(w) == 5 and en.is_word(w, pos="noun") for w in picks)
    assert len(de.random_word(9, seed=3)) == 9
    with pytest.raises(LookupError, match="no word of 30 letters"):
        en.random_word(30)


def test_definitions(en: Lexicon, de: Lexicon, wordgame: Lexicon) -> None:
    assert en.definitions("table")[0].startswith("An item of furniture")
    assert en.definitions("table", pos="verb") == [
        "(transitive, UK) To put (a motion or proposal) up for discussion.",
        "(transitive, US) To postpone discussion of (a motion) indefinitely.",
        "(transitive) To arrange in a table; to tabulate.",
    ]
    assert de.definitions("BAUEN", pos="noun") == ["das Errichten von Gebäuden"]
    assert wordgame.definitions("mice") == ["Plural of mouse"]
    assert en.definitions("nonexistent") == []


def test_the_graph_is_the_dawg(en: Lexicon) -> None:
    node = en.graph.find("table")
    assert node is not None and en.graph.value(node) == 0b11  # noun | verb
    assert en.graph.find("tabl") is not None and en.graph.value(en.graph.find("tabl")) is None
    assert en.graph.find("xq") is None
    assert set(en.graph.children(ROOT)) <= set(en.letters)


def test_open_says_where_it_looked_and_how_to_look_elsewhere(
    sample_outputs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A newcomer in the wrong folder, or with a list elsewhere, reads which data folder was asked,
    how it was chosen, and the three ways to choose another."""
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ArtefactError) as default:
        Lexicon.open("en", "balda")
    assert str(default.value).startswith(
        "outputs/en/balda: no 'balda' word list for language 'en' there (the default data folder "
        f"./outputs, in {tmp_path}; give root=, --data or $WORDLIST_DATA to look elsewhere) nor in the "
        "installed data packages ("
    )
    assert str(default.value).endswith("; available: none (`wordlist build` builds them)")
    with pytest.raises(ArtefactError) as given:
        Lexicon.open("en", "scrabble", root=sample_outputs)
    assert f"{sample_outputs}/en/scrabble: no 'scrabble' word list for language 'en' there (the data " in str(
        given.value
    )
    assert "(the data folder given as root= or --data) nor in" in str(given.value)
    assert str(given.value).endswith("available: de/balda, de/wordgame, en/balda, en/wordgame")
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "lists"))
    with pytest.raises(ArtefactError) as named:
        Lexicon.open("en", "balda")
    assert str(named.value).startswith(
        f"{tmp_path}/lists/en/balda: no 'balda' word list for language 'en' there (the data folder "
        "$WORDLIST_DATA names; give root= or --data, or unset it, to look elsewhere) nor in"
    )


def test_loading_errors(sample_outputs: Path, tmp_path: Path) -> None:
    with pytest.raises(ArtefactError, match="no 'balda' word list for language 'fr'"):
        Lexicon.open("fr", "balda", sample_outputs)
    with pytest.raises(ArtefactError, match="no word list here"):
        Lexicon.load(tmp_path / "nothing")
    broken = tmp_path / "en-balda"
    shutil.copytree(sample_outputs / "en" / "balda", broken)
    data = bytearray((broken / "words.dawg").read_bytes())
    data[100] ^= 0xFF
    (broken / "words.dawg").write_bytes(bytes(data))
    with pytest.raises(ArtefactError, match=r"words\.dawg: checksum does not match the manifest"):
        Lexicon.load(broken)
    (broken / "words.dawg").write_bytes(bytes(data[:40]))
    with pytest.raises(ArtefactError, match=r"words\.dawg: 40 bytes, the manifest says"):
        Lexicon.load(broken)
    (broken / "words.dawg").unlink()
    with pytest.raises(ArtefactError, match=r"words\.dawg: missing"):
        Lexicon.load(broken)
    (broken / "manifest.json").write_text("{not json")
    with pytest.raises(ArtefactError, match=r"manifest\.json: not valid JSON"):
        Lexicon.load(broken)


def test_corrupt_parquet_is_named(sample_outputs: Path, tmp_path: Path) -> None:
    """words.parquet is checked against the manifest when first used (size, then sha256 unless
    verify is off); what passes those checks and still cannot be read is named too."""
    broken = tmp_path / "en-balda"
    shutil.copytree(sample_outputs / "en" / "balda", broken)
    good = (broken / "words.parquet").read_bytes()
    (broken / "words.parquet").write_bytes(b"PAR1 not really")
    lexicon = Lexicon.load(broken)  # membership does not need the Parquet file
    assert lexicon.is_word("table")
    with pytest.raises(ArtefactError, match=rf"words\.parquet: 15 bytes, the manifest says {len(good):,}"):
        lexicon.definitions("table")
    footer = len(good) - 8 - int.from_bytes(good[-8:-4], "little")  # damage every page, not the footer
    damaged = good[:4] + bytes(b ^ 0x5A for b in good[4:footer]) + good[footer:]
    (broken / "words.parquet").write_bytes(damaged)
    with pytest.raises(ArtefactError, match=r"words\.parquet: checksum does not match the manifest"):
        Lexicon.load(broken).titles("table")
    with pytest.raises(ArtefactError, match=r"words\.parquet: (row group 0 cannot be read|not a readable)"):
        Lexicon.load(broken, verify=False).definitions("table")
    resign(broken, "words.parquet", b"PAR1 not really")
    with pytest.raises(ArtefactError, match=r"words\.parquet: not a readable Parquet file"):
        Lexicon.load(broken).definitions("table")
    edit_manifest(broken, lambda manifest: manifest["files"].pop("words.parquet"))
    with pytest.raises(ArtefactError, match=r"manifest\.json: does not list words\.parquet"):
        Lexicon.load(broken).definitions("table")


def test_query_cli(sample_outputs: Path) -> None:
    def query(*args: str) -> str:
        result = run_cli("query", "--data", sample_outputs, *args)
        return result.stdout + result.stderr

    assert query("check", "EMAIL", "paris") == "EMAIL: yes (noun, verb)\nPARIS: no\n"
    assert query("check", "run", "--pos", "adverb") == "RUN: no (only as noun, verb)\n"
    assert query("match", "a??le") == "apple\n"
    assert query("anagrams", "tsera", "--all") == "stare\n"
    assert query("-l", "de", "define", "bauen").startswith(
        "BAUEN (Bauen, bauen)\n  noun\n    1. das Errichten von Gebäuden\n  verb\n    1. transitiv: "
    )
    assert query("random", "9", "--seed", "4") == query("random", "9", "--seed", "4")
    assert (
        query("-l", "de", "count", "--pos", "verb")
        == f"{len(Lexicon.open('de', 'balda', sample_outputs).words(pos='verb'))}\n"
    )
    assert "not in the English alphabet" in query("match", "ä?")
    assert "no 'balda' word list for language 'fr'" in query("-l", "fr", "check", "x")


def test_graph_children_with_and_without_a_guide() -> None:
    import dawg

    from wordlist.graph import Graph

    pairs = [("bär", 1), ("bären", 3), ("bart", 1), ("öl", 2), ("straße", 1)]
    letters = "abcdefghijklmnopqrstuvwxyzäöüß"
    guided = Graph(dawg.IntCompletionDAWG(pairs).tobytes(), letters)
    plain = Graph(dawg.IntDAWG(pairs).tobytes(), letters)  # an IntDAWG file has no completion guide
    for graph in (guided, plain):
        assert sorted(graph.children(ROOT)) == ["b", "s", "ö"]
        assert sorted(graph.children(graph.find("ba"))) == ["r"]
        assert sorted(graph.children(graph.find("b"))) == ["a", "ä"]
        assert graph.value(graph.find("bären")) == 3 and graph.value(graph.find("bäre")) is None
        assert graph.find("straße") is not None and graph.find("strasse") is None


def test_query_cli_caps_huge_answers(sample_outputs: Path) -> None:
    every = Lexicon.open("en", "balda", sample_outputs)
    result = run_cli("query", "--data", sample_outputs, "match", "*", "--limit", "5")
    assert result.returncode == 0 and result.stdout.splitlines() == list(every)[:5]
    assert f"... {len(every) - 5:,} more words of {len(every):,} (--limit N, or 0 for all)" in result.stderr
    result = run_cli("query", "--data", sample_outputs, "words", "--limit", "0")
    assert result.stdout.splitlines() == list(every) and result.stderr == ""
    result = run_cli("query", "--data", sample_outputs, "anagrams", "????????", "--limit", "3")
    assert len(result.stdout.splitlines()) == 3 and "more words of" in result.stderr
    assert run_cli("query", "--data", sample_outputs, "words", "--limit", "-1").returncode == 2
