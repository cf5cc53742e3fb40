"""Profiles applied to small entry tables: every rule of balda and wordgame, and the reasons given."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from wordlist_pipeline.entries import Entry, entries_to_table
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select


def table(*entries: Entry) -> pl.DataFrame:
    return pl.from_arrow(entries_to_table(entries))


def e(
    word: str,
    pos: str = "noun",
    *,
    lemma: bool = True,
    form_of=(),
    tags=(),
    defs=("d",),
    lang="en",
    def_tags=None,
) -> Entry:
    def_tags = tuple(tuple(t) for t in def_tags) if def_tags is not None else tuple(() for _ in defs)
    return Entry(word, lang, pos, lemma, tuple(form_of), (), tuple(tags), tuple(defs), def_tags)


ENGLISH = table(
    e("table", defs=("furniture",)),
    e("table", "verb", defs=("postpone",)),
    e("tables", lemma=False, form_of=["table"], defs=("plural",)),
    e("quickly", "adverb"),
    e("bright", "adjective"),
    e("the", "article"),
    e("email", defs=("message",)),
    e("e-mail", defs=("alt message",)),
    e("baby-sitter"),
    e("Paris", "proper_noun"),
    e("NASA", "proper_noun", tags=["acronym"]),
    e("BBC", "abbreviation", tags=["initialism"]),
    e("laser", defs=("device",)),
    e("recieve", "verb", tags=["misspelling"]),
    e("ice cream"),
    e("don't", "verb"),
    e("café"),
    e("pi2"),
    e("a", "article"),
    e("ox"),
    e("dude", tags=["slang"]),
    e("cop", tags=["slang"]),
    e("cops", lemma=False, form_of=["cop"]),
    e("cats", lemma=False, form_of=["cat"]),
    e("cat"),
    e("cat", "verb", tags=["slang"]),
    e("yeeted", "verb", lemma=False, form_of=["yeet"]),
    e("Monday"),
    e("OK", "adjective", tags=["informal"]),
    e("booze", tags=["informal"]),
    e("damn", "interjection", tags=["vulgar"]),
)


def test_balda_keeps_lemma_nouns_verbs_adjectives_adverbs() -> None:
    selection = select(ENGLISH, load_profile("balda"), "en")
    words = dict(selection.words.select("word", "pos").iter_rows())
    assert words["table"] == ["noun", "verb"]
    assert words["quickly"] == ["adverb"] and words["bright"] == ["adjective"]
    assert "tables" not in words and "the" not in words  # inflected form; article
    assert "paris" not in words and "nasa" not in words and "bbc" not in words and "recieve" not in words
    assert words["laser"] == ["noun"] and words["ox"] == ["noun"]
    for excluded in ("ice cream", "icecream", "don't", "dont", "café", "pi2", "a", "monday", "ok"):
        assert excluded not in words, excluded


def test_balda_drops_hyphens_and_merges_spellings() -> None:
    words = select(ENGLISH, load_profile("balda"), "en").words
    email = words.filter(pl.col("word") == "email").row(0, named=True)
    assert email["titles"] == ["e-mail", "email"]
    assert email["definitions"] == ["alt message", "message"]
    assert words.filter(pl.col("word") == "babysitter").height == 1


def test_balda_reasons() -> None:
    selection = select(ENGLISH, load_profile("balda"), "en")
    assert selection.explain("tables") == [("noun", "tables", "inflected form")]
    assert selection.explain("Paris") == [("proper_noun", "paris", "part of speech proper_noun")]
    assert selection.explain("NASA") == [("proper_noun", "nasa", "part of speech proper_noun")]
    assert selection.explain("recieve") == [("verb", "recieve", "tagged misspelling")]
    assert selection.explain("ice cream") == [("noun", "ice cream", "contains a space")]
    assert selection.explain("don't") == [("verb", "don't", "contains an apostrophe")]
    assert selection.explain("pi2") == [("noun", "pi2", "contains a digit")]
    assert selection.explain("café") == [("noun", "café", "letters outside the alphabet")]
    assert selection.explain("e-mail") == [("noun", "email", None)]
    assert selection.explain("Monday") == [("noun", "monday", "capitalized")]  # English titles: lower case
    assert selection.explain("OK") == [("adjective", "ok", "written in capitals (initialism or acronym)")]
    assert selection.dropped["inflected_form", None] == 4  # tables, cops, cats, yeeted
    assert selection.dropped["part_of_speech", "proper_noun"] == 2  # Paris, NASA
    assert sum(selection.dropped.values()) + selection.entries_used == ENGLISH.height
    left_out = selection.left_out()
    assert [r.count for r in left_out] == sorted((r.count for r in left_out), reverse=True)
    assert {(r.rule, r.value, r.describe()) for r in left_out} >= {
        ("tag", "misspelling", "tagged misspelling"),
        ("outside_alphabet", "space", "contains a space"),
    }


def test_german_balda_is_case_insensitive_and_keeps_umlauts_and_sharp_s() -> None:
    german = table(
        e("bauen", "verb", defs=("errichten",), lang="de"),
        e("Bauen", defs=("das Errichten",), lang="de"),
        e("Straße", lang="de"),
        e("Öl", lang="de"),
        e("E-Mail", lang="de"),
        e("Berlin", "proper_noun", lang="de"),
        e("z. B.", "abbreviation", tags=["abbreviation"], lang="de"),
        e("Katzen", lemma=False, lang="de"),
        e("table", lang="en"),
    )
    words = {r["word"]: r for r in select(german, load_profile("balda"), "de").words.iter_rows(named=True)}
    assert sorted(words) == ["bauen", "email", "straße", "öl"]
    bauen = words["bauen"]
    assert (bauen["pos"], bauen["titles"], bauen["definitions"]) == (
        ["noun", "verb"],
        ["Bauen", "bauen"],
        ["das Errichten", "errichten"],
    )
    assert bauen["definition_pos"] == ["noun", "verb"]


def test_wordgame_rules() -> None:
    selection = select(ENGLISH, load_profile("wordgame"), "en")
    words = set(selection.words["word"])
    assert {"table", "tables", "cats", "cat", "laser", "ox", "quickly", "the", "email"} <= words
    reasons = {
        title: selection.explain(title)[0][2]
        for title in (
            "e-mail",
            "baby-sitter",
            "Monday",
            "Paris",
            "dude",
            "booze",
            "damn",
            "OK",
            "cops",
            "yeeted",
            "a",
            "BBC",
        )
    }
    assert reasons == {
        "e-mail": "contains '-'",  # left out, not joined
        "baby-sitter": "contains '-'",
        "Monday": "capitalized",
        "Paris": "part of speech proper_noun",
        "dude": "tagged slang",
        "booze": "tagged informal",
        "damn": "tagged vulgar",
        "OK": "tagged informal",
        "cops": "form of a dropped word",  # its only lemma, cop, is slang
        "yeeted": "form of a word not in the dump",  # yeet has no entry: nothing vouches for it
        "a": "shorter than 2 letters",
        "BBC": "part of speech abbreviation",
    }
    # cat has one slang and one plain entry: its plural stays
    assert "cats" in words
    assert selection.explain("cat") == [("noun", "cat", None), ("verb", "cat", "tagged slang")]


def test_counts_add_up() -> None:
    selection = select(ENGLISH, load_profile("wordgame"), "en")
    assert selection.words.height == len(set(selection.words["word"]))
    assert selection.definitions == sum(len(d) for d in selection.words["definitions"])
    assert (
        selection.counts_by_pos()["noun"]
        == selection.words.filter(pl.col("pos").list.contains("noun")).height
    )
    assert selection.words["word"].to_list() == sorted(selection.words["word"].to_list())


def test_title_policies() -> None:
    """English lists take lower-case titles (a capital may follow a hyphen); German lists take
    capitalized ones too; no list takes an all-capital title, in any language."""
    english = table(
        e("cat"), e("FBI"), e("PM", "verb"), e("Monday"), e("Aaronic", "adjective"),
        e("anti-Semitism"), e("pH"), e("A"),
    )  # fmt: skip
    balda = select(english, load_profile("balda"), "en")
    assert balda.words["word"].to_list() == ["antisemitism", "cat"]
    reasons = {title: balda.explain(title)[0][2] for title in ("FBI", "PM", "Monday", "Aaronic", "pH", "A")}
    assert reasons == {
        "FBI": "written in capitals (initialism or acronym)",
        "PM": "written in capitals (initialism or acronym)",
        "Monday": "capitalized",
        "Aaronic": "capitalized",
        "pH": "capitalized",
        "A": "capitalized",  # one letter: not an initialism, but a capital
    }
    german = table(
        e("bauen", "verb", lang="de"), e("Bauen", lang="de"), e("TÜV", lang="de"), e("U-Boot", lang="de"),
    )  # fmt: skip
    words = select(german, load_profile("balda"), "de")
    assert words.words["word"].to_list() == ["bauen", "uboot"]
    assert words.explain("TÜV") == [("noun", "tüv", "written in capitals (initialism or acronym)")]


def test_a_profile_may_take_every_title(tmp_path) -> None:
    path = tmp_path / "any.toml"
    path.write_text('name = "any"\nlanguages = ["en"]\n[words.titles]\nen = "any"\n')
    selection = select(table(e("FBI"), e("Monday"), e("cat")), load_profile(path), "en")
    assert selection.words["word"].to_list() == ["cat", "fbi", "monday"]


def test_an_entry_whose_every_definition_is_excluded_is_left_out() -> None:
    """fart: each sense carries an excluded tag, none on all of them; bot: the slang verb goes,
    the robot noun (one informal sense among plain ones) stays."""
    entries = table(
        e("fart", "verb", defs=("emit", "waste time"), def_tags=[["informal", "vulgar"], ["colloquial"]]),
        e("fart", defs=("emission", "fool"), def_tags=[["informal"], ["colloquial", "vulgar"]]),
        e("bot", "verb", defs=("bugger", "cadge"), def_tags=[["slang"], ["informal"]]),
        e("bot", defs=("robot", "software"), def_tags=[["informal"], []]),
        e("farts", lemma=False, form_of=["fart"], defs=("plural",)),
        e("rare", "adjective", defs=("seldom",), def_tags=[["rare"]]),
        e("nothing", defs=()),
    )
    selection = select(entries, load_profile("wordgame"), "en")
    assert selection.words["word"].to_list() == ["bot", "nothing", "rare"]
    assert selection.explain("fart") == [
        ("verb", "fart", "every definition has an excluded tag"),
        ("noun", "fart", "every definition has an excluded tag"),
    ]
    assert selection.explain("bot") == [
        ("verb", "bot", "every definition has an excluded tag"),
        ("noun", "bot", None),
    ]
    assert selection.explain("farts") == [("noun", "farts", "form of a dropped word")]
    balda = select(entries, load_profile("balda"), "en")  # balda excludes abbreviations only
    assert balda.words["word"].to_list() == ["bot", "fart", "nothing", "rare"]


def test_a_repeated_definition_of_one_game_word_is_shown_once() -> None:
    """The same (definition, part of speech) from two entries of one game word is shown once, at
    its first place; the same text under another part of speech, or of another word, stays."""
    entries = table(
        e("colour", defs=("a hue", "paint")),
        e("co-lour", defs=("paint", "a tint")),
        e("colour", "verb", defs=("paint",)),
        e("tint", defs=("a hue", "a hue")),
    )
    words = {
        row["word"]: row for row in select(entries, load_profile("balda"), "en").words.iter_rows(named=True)
    }
    assert words["colour"]["titles"] == ["co-lour", "colour"]
    assert list(zip(words["colour"]["definitions"], words["colour"]["definition_pos"], strict=True)) == [
        ("paint", "noun"),
        ("a tint", "noun"),
        ("a hue", "noun"),
        ("paint", "verb"),
    ]
    assert words["tint"]["definitions"] == ["a hue"]


def test_a_form_is_kept_only_with_one_of_its_lemmas() -> None:
    """dls (plural of dl, which the dump lacks) and yeeted are left out as forms of words not in the
    dump; pies stays while one of its lemmas (pie, pi) is kept, and goes when the one present is
    dropped and the other is missing; a form naming no lemma is not judged."""
    entries = table(
        e("pies", lemma=False, form_of=["pie", "pi"]),
        e("pie"),
        e("dls", lemma=False, form_of=["dl"]),
        e("yeeted", "verb", lemma=False, form_of=["yeet"]),
        e("cops", lemma=False, form_of=["cop", "copp"]),
        e("cop", tags=["slang"]),
        e("were", "verb", lemma=False),
    )
    selection = select(entries, load_profile("wordgame"), "en")
    assert selection.words["word"].to_list() == ["pie", "pies", "were"]
    assert [selection.explain(t)[0][2] for t in ("dls", "yeeted", "cops")] == [
        "form of a word not in the dump",
        "form of a word not in the dump",
        "form of a dropped word",  # cop is there, slang; copp is not
    ]
    assert selection.dropped[("form_of_missing_word", None)] == 2
    no_pie = select(table(e("pies", lemma=False, form_of=["pie", "pi"]), e("pie", tags=["slang"])),
                    load_profile("wordgame"), "en")  # fmt: skip
    assert no_pie.explain("pies") == [("noun", "pies", "form of a dropped word")]


def test_an_old_spelling_without_a_part_of_speech_takes_its_new_spellings() -> None:
    """German "Abschluß" is a page holding only {{Alte Schreibweise|Abschluss}}: an entry of part
    of speech "other", decided as the noun its new spelling is (Wordgame: one word with it, ß
    written ss); Balda leaves obsolete spellings out. An old spelling whose new one is not in the
    table keeps "other"; one naming a form is a form."""
    old = ("alternative_form", "obsolete_spelling")
    entries = table(
        Entry("Abschluß", "de", "other", alt_of=("Abschluss",), tags=old,
              definitions=("Alte Schreibweise von Abschluss",), definition_tags=((),)),
        e("Abschluss", lang="de", defs=("Ende",)),
        Entry("mußte", "de", "other", alt_of=("musste",), tags=old),
        e("musste", "verb", lemma=False, form_of=["müssen"], lang="de"),
        e("müssen", "verb", lang="de"),
        Entry("Fluß", "de", "other", alt_of=("Fluss",), tags=old),
    )  # fmt: skip
    wordgame = select(entries, load_profile("wordgame"), "de")
    words = {row["word"]: row for row in wordgame.words.iter_rows(named=True)}
    assert words["abschluss"]["titles"] == ["Abschluss", "Abschluß"]
    assert words["abschluss"]["pos"] == ["noun"]
    assert words["abschluss"]["definitions"] == ["Ende", "Alte Schreibweise von Abschluss"]
    assert wordgame.explain("mußte") == [("verb", "musste", None)]
    assert wordgame.explain("Fluß") == [("other", "fluss", None)]  # Fluss has no entry here
    balda = select(entries, load_profile("balda"), "de")
    assert balda.explain("Abschluß") == [("noun", "abschluß", "tagged obsolete_spelling")]
    assert balda.explain("mußte") == [("verb", "mußte", "inflected form")]
    assert balda.words["word"].to_list() == ["abschluss", "müssen"]


def test_brands_are_left_out_of_both_lists() -> None:
    entries = table(e("Nutella", lang="de", tags=["brand"]), e("Creme", lang="de"))
    for name in ("balda", "wordgame"):
        selection = select(entries, load_profile(name), "de")
        assert selection.words["word"].to_list() == ["creme"]
        assert selection.explain("Nutella") == [("noun", "nutella", "tagged brand")]
        assert selection.dropped[("tag", "brand")] == 1


def test_policies_of_the_shipped_profiles() -> None:
    """Balda joins a letter's name to its noun (X-ray: XRAY, as e-mail is EMAIL) and leaves out
    obsolete spellings (not dated ones); Wordgame keeps words that only disparage (quisling) and
    leaves out slurs."""
    english = table(
        e("X-ray"), e("T-shirt"), e("X-Men", "proper_noun"), e("Xray-Vision"),
        e("abhominable", "adjective", tags=["alternative_form", "obsolete", "obsolete_spelling"]),
        e("connexion", tags=["alternative_form", "dated"]),
        e("quisling", tags=["derogatory"]),
        e("dago", tags=["offensive", "derogatory"]),
    )  # fmt: skip
    balda = select(english, load_profile("balda"), "en")
    assert balda.words["word"].to_list() == ["connexion", "dago", "quisling", "tshirt", "xray"]
    assert balda.explain("abhominable") == [("adjective", "abhominable", "tagged obsolete_spelling")]
    assert balda.explain("Xray-Vision") == [("noun", "xrayvision", "capitalized")]
    wordgame = select(english, load_profile("wordgame"), "en")
    assert wordgame.words["word"].to_list() == ["abhominable", "connexion", "quisling"]
    assert wordgame.explain("dago") == [("noun", "dago", "tagged offensive")]
    assert wordgame.explain("X-ray") == [("noun", "x-ray", "contains '-'")]


SLUR = ("slur", "offensive", "derogatory")
IN_NO_LIST = "a slur (in no list)"


def test_a_word_whose_first_sense_is_a_slur_is_in_no_list(tmp_path: Path) -> None:
    """A title whose first sense is a slur is left out of every list, all its entries and every
    title spelled the same (a word on a board is its spelling); a slur sense after a main sense of
    its own leaves the word in (apple, brown: the 2018 pages); a title offensive or derogatory in
    every sense, one of them a slur, is out too (NASPA's rule of 2020)."""
    english = table(
        e("slurx", defs=("a slur", "an old fish", "a friend"), def_tags=[SLUR, ["obsolete"], []]),
        e("slurx", "verb", defs=("to clear land",), def_tags=[["dated"]]),
        e("Slurx", "adjective", defs=("plain",)),
        e("slurxes", lemma=False, form_of=["slurx"], defs=("plural",)),
        e("apple", defs=("a fruit", "a slur"), def_tags=[[], SLUR]),
        e("mean", "adjective", defs=("unkind", "a slur"), def_tags=[["derogatory"], SLUR]),
        e("pest", tags=["offensive"], defs=("an insult",), def_tags=[["offensive"]]),
        e("cat"),
    )
    (tmp_path / "any.toml").write_text('name = "any"\nlanguages = ["en"]\n[words.titles]\nen = "any"\n')
    for profile in (load_profile("balda"), load_profile("wordgame"), load_profile(tmp_path / "any.toml")):
        selection = select(english, profile, "en")
        words = selection.words["word"].to_list()
        assert "slurx" not in words and "mean" not in words, profile.name
        assert "apple" in words and "cat" in words, profile.name
        assert selection.explain("slurx") == [("noun", "slurx", IN_NO_LIST), ("verb", "slurx", IN_NO_LIST)]
        assert selection.explain("Slurx") == [("adjective", "slurx", IN_NO_LIST)]
        assert selection.dropped[("slur", None)] == 4, profile.name
    assert select(english, load_profile(tmp_path / "any.toml"), "en").words["word"].to_list() == [
        "apple", "cat", "pest", "slurxes"
    ]  # fmt: skip
    wordgame = select(english, load_profile("wordgame"), "en")
    assert wordgame.explain("slurxes") == [("noun", "slurxes", "form of a dropped word")]
    assert wordgame.explain("pest") == [("noun", "pest", "tagged offensive")]
    assert "pest" in select(english, load_profile("balda"), "en").words["word"].to_list()
