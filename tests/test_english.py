"""English extractor rules, each checked on a wikitext string."""

from __future__ import annotations

from wordlist_pipeline.editions.en.parser import parse_page
from wordlist_pipeline.entries import Entry


def entries(body: str, title: str = "word", *, other: str = "") -> list[Entry]:
    return parse_page(title, f"{other}==English==\n{body}")


def one(body: str, title: str = "word") -> Entry:
    found = entries(body, title)
    assert len(found) == 1, found
    return found[0]


# --- sections and headings -----------------------------------------------------------------------


def test_only_the_english_section_is_read() -> None:
    text = (
        "==Translingual==\n===Symbol===\n{{mul-symbol}}\n# A sign.\n"
        "==English==\n===Noun===\n{{en-noun}}\n# An English sense.\n----\n"
        "==French==\n===Noun===\n{{fr-noun|m}}\n# [[cat]]\n"
    )
    found = parse_page("chat", text)
    assert [(e.pos, e.definitions) for e in found] == [("noun", ("An English sense.",))]


def test_a_page_without_english_gives_nothing() -> None:
    assert parse_page("chien", "==French==\n===Noun===\n{{fr-noun|m}}\n# [[dog]]\n") == []


def test_headings_are_classified_by_title_not_level() -> None:
    body = (
        "===Etymology 1===\nfrom x\n====Noun====\n{{en-noun}}\n# First.\n=====Synonyms=====\n* x\n"
        "===Etymology 2===\n====Verb====\n{{en-verb}}\n# Second.\n"
        "===Adjective===\n{{en-adj}}\n# Third.\n"
    )
    assert [(e.pos, e.definitions) for e in entries(body)] == [
        ("noun", ("First.",)),
        ("verb", ("Second.",)),
        ("adjective", ("Third.",)),
    ]


def test_misspelt_spaced_and_mismatched_headings() -> None:
    body = (
        "=== Noum ===\n{{en-noun}}\n# A.\n====Adjective=====\n{{en-adj}}\n# B.\n"
        "===Proper oun===\n{{en-prop}}\n# C.\n===Noun 2===\n{{en-noun}}\n# D.\n"
    )
    assert [e.pos for e in entries(body)] == ["noun", "adjective", "proper_noun", "noun"]


def test_non_pos_headings_are_not_entries() -> None:
    body = (
        "===Noun===\n{{en-noun}}\n# A day.\n====Abbreviations====\n* {{l|en|Mon}}\n"
        "====Translations====\n{{trans-top|x}}\n# not a definition\n===Anagrams===\n* x\n"
    )
    assert [e.pos for e in entries(body)] == ["noun"]


def test_comments_hide_headings() -> None:
    assert [
        e.pos for e in entries("<!--\n===Verb===\n# hidden\n-->\n===Noun===\n{{en-noun}}\n# Seen.\n")
    ] == ["noun"]


# --- definitions ---------------------------------------------------------------------------------


def test_definitions_are_hash_lines_not_examples_or_quotations() -> None:
    entry = one(
        "===Noun===\n{{en-noun}}\n"
        "# A [[thing]].\n#: {{ux|en|An example.}}\n#: {{syn|en|object}}\n"
        "#* {{quote-book|en|year=1900|passage=A quote.}}\n#*: The quoted text.\n"
        "## A sub-sense.\n##: A sub example.\n# {{rfdef|en}}\n"
    )
    assert entry.definitions == ("A thing.", "A sub-sense.")


def test_definition_text_is_cleaned() -> None:
    entry = one(
        "===Noun===\n{{en-noun}}\n"
        "# {{lb|en|transitive|obsolete}} To [[subdue]]; to take {{l|en|control}} of.{{defdate|from 14th c.}}"
        "<ref name=SOED>{{R:SOED5|page=2}}</ref>\n"
        "# {{non-gloss definition|1=Used to [[mean]] something.}} {{senseid|en|x}}\n"
        "# {{n-g|A [[w:Moon|satellite]].}} &ndash; {{taxlink|Felis catus|species}}\n"
        "# The {{w|Thames}} river ({{gloss|London}}).\n"
        '# A sequence of similar things: {{ng|used with "of"}}.\n'
        "# A [[run]] {{ng-lite|in cricket}}; {{n-g-lite|a score}}.\n"
    )
    assert entry.definitions == (
        "(transitive, obsolete) To subdue; to take control of.",
        "Used to mean something.",
        "A satellite. – Felis catus",
        "The Thames river ((London)).",
        'A sequence of similar things: used with "of".',  # {{ng}} is {{non-gloss definition}} too
        "A run in cricket; a score.",
    )


def test_a_template_spanning_lines_is_joined() -> None:
    entry = one("===Noun===\n{{en-noun}}\n# A {{non-gloss|thing that\nspans two lines}} here.\n# Next.\n")
    assert entry.definitions == ("A thing that spans two lines here.", "Next.")


# --- non-lemma forms -----------------------------------------------------------------------------


def test_form_of_2018_style() -> None:
    found = entries(
        "===Noun===\n{{head|en|noun plural form}}\n# {{plural of|pie|lang=en}}\n"
        "===Verb===\n{{head|en|verb form}}\n"
        "# {{en-third-person singular of|pie}}\n# {{en-third-person singular of|pi}}\n",
        "pies",
    )
    assert [(e.pos, e.is_lemma, e.form_of) for e in found] == [
        ("noun", False, ("pie",)),
        ("verb", False, ("pie", "pi")),
    ]
    assert found[0].definitions == ("Plural of pie",)


def test_form_of_2018_english_specific_templates() -> None:
    assert one("===Verb===\n{{head|en|verb form}}\n# {{en-past of|abandon}}\n").form_of == ("abandon",)
    assert one("===Verb===\n# {{present participle of|jump|lang=en}}\n").form_of == ("jump",)
    comparative = one(
        "===Adjective===\n{{head|en|adjective comparative form}}\n# {{en-comparative of|able}}\n"
    )
    assert (comparative.is_lemma, comparative.form_of, comparative.definitions) == (
        False,
        ("able",),
        ("Comparative form of able",),
    )


def test_form_of_today_style() -> None:
    assert one("===Noun===\n{{head|en|noun form}}\n# {{plural of|en|pie}}\n").form_of == ("pie",)
    s_form = one("===Verb===\n{{head|en|verb form}}\n# {{infl of|en|bake||s-verb-form}}\n")
    assert (s_form.is_lemma, s_form.form_of) == (False, ("bake",))
    assert s_form.definitions == ("Third-person singular simple present indicative form of bake",)
    assert one("===Verb===\n# {{infl of|en|bake||ing-form}}\n").definitions == ("Present participle of bake",)
    ed = one("===Verb===\n# {{infl of|en|bake||ed-form}}\n")
    assert (ed.is_lemma, ed.definitions) == (False, ("Simple past tense and past participle of bake",))


def test_form_of_2010_style_without_language() -> None:
    assert one("===Verb===\n'''aborted'''\n\n# {{past of|[[abort]]}}\n").form_of == ("abort",)
    women = one("===Noun===\n'''women''' {{p}}\n# {{irregular plural of|woman#English|woman}}\n")
    assert (women.is_lemma, women.form_of, women.definitions) == (False, ("woman",), ("Plural of woman",))


def test_head_template_alone_makes_a_non_lemma() -> None:
    entry = one("===Verb===\n{{head|en|verb form}}\n# The past tense of bake, in some dialects.\n")
    assert entry.is_lemma is False and entry.form_of == ()


def test_a_real_sense_beside_an_inflection_keeps_a_form_head_a_lemma() -> None:
    """wares: the head says noun plural form, but the page also gives a sense of its own."""
    wares = one(
        "===Noun===\n{{head|en|noun plural form}}\n# {{plural of|ware|lang=en}}\n"
        "# {{lb|en|plural only}} [[goods|Goods]] for [[sale]].\n",
        "wares",
    )
    assert (wares.is_lemma, wares.definitions, wares.form_of) == (
        True,
        ("(plural only) Goods for sale.",),
        ("ware",),
    )


def test_only_inflections_make_a_non_lemma() -> None:
    """{{form of|Shortened form|caravan}} (van), agent nouns, abbreviations and eye-dialect
    spellings are senses of the word itself; a {{form of}} naming an inflection is a form."""
    van = one("===Noun===\n{{en-noun}}\n# {{form of|Shortened form|vanguard|lang=en}}.\n", "van")
    assert (van.is_lemma, van.definitions, van.form_of) == (True, ("Shortened form of vanguard.",), ())
    plural = one("===Noun===\n{{head|en|noun form}}\n# {{form of|en|Archaic plural form|brother}}\n")
    assert (plural.is_lemma, plural.form_of) == (False, ("brother",))
    for definition in (
        "{{agent noun of|abolish|lang=en}}",
        "{{abbreviation of|en|x}}",
        "{{eye dialect of|en|x}}",
    ):
        assert one(f"===Noun===\n{{{{en-noun}}}}\n# {definition}\n").is_lemma, definition


def test_form_of_definitions_written_as_text() -> None:
    """Plain-text "Abbreviation of [[in aid of]]", "eye dialect spelling of [[here]], [[hear]]"
    and old pages' "Plural of [[pie]]" are read like the templates they stand for."""
    found = one(
        "===Adverb===\n{{en-adv}}\n# Inside.\n# {{lb|en|UK}} Abbreviation of [[in aid of]].\n"
        "# ''eye dialect spelling of'' [[here]]\n",
        "in",
    )
    assert found.definition_tags == ((), ("abbreviation",), ())  # the italic phrase is not plain text
    year = one(
        "===Noun===\n{{head|en|noun}}\n# eye dialect spelling of [[here]], [[hear]], &amp;c.\n", "year"
    )
    assert (year.tags, year.alt_of) == (("alternative_form", "nonstandard"), ("here", "hear"))
    assert year.definitions == ("eye dialect spelling of here, hear, &c.",)
    pies = one("===Noun===\n{{en-noun}}\n# Plural of '''[[pie]]'''.\n", "pies")
    assert (pies.is_lemma, pies.form_of) == (False, ("pie",))
    assert one("===Noun===\n{{en-noun}}\n# A form of [[art]].\n").is_lemma  # a sense, not {{form of}}
    assert one("===Noun===\n{{en-noun}}\n# The act of [[art]].\n").definition_tags == ((),)


def test_literal_senses_are_kept() -> None:
    """{{&lit}} gives the sum-of-its-parts sense of a phrase (deep sleep: "deep" + "sleep")."""
    old = one("===Noun===\n{{en-noun|~}}\n# {{&lit|deep|sleep|lang=en}}\n# {{lb|en|rare}} Hibernation.\n")
    assert old.definitions == (
        "Used other than figuratively or idiomatically: see deep, sleep.",
        "(rare) Hibernation.",
    )
    assert old.tags == ()  # rare on one sense of two
    assert one("===Noun===\n{{en-noun}}\n# {{&lit|en|false|friend}}\n").definitions == (
        "Used other than figuratively or idiomatically: see false, friend.",
    )


def test_an_entry_with_a_real_definition_stays_a_lemma_and_keeps_it() -> None:
    entry = one("===Noun===\n{{en-noun}}\n# {{plural of|en|glass}}\n# A pair of lenses worn to see better.\n")
    assert entry.is_lemma is True
    assert entry.definitions == ("A pair of lenses worn to see better.",)
    assert entry.form_of == ("glass",)


# --- abbreviations, misspellings, alternative forms, number ---------------------------------------


def test_abbreviations_from_every_source() -> None:
    legacy = one(
        "===Initialism===\n{{rfc-header|Initialism}}\n{{en-initialism}}\n"
        "# {{initialism of|by the way|lang=en}}\n"
    )
    assert (legacy.pos, legacy.tags) == ("abbreviation", ("initialism",))
    assert one("===Abbreviation===\n{{en-abbr}}\n# Doctor.\n").tags == ("abbreviation",)
    assert one("===Noun===\n{{head|en|initialism}}\n# Something.\n").tags == ("initialism",)
    assert one("===Noun===\n{{en-noun}}\n# {{abbreviation of|en|category}}\n").tags == ("abbreviation",)
    assert one("===Proper noun===\n{{en-prop}}\n# {{acronym of|en|some long name}}\n").tags == ("acronym",)
    gdp = one(
        "===Noun===\n{{en-noun|-|s}}\n"
        "# {{lb|en|economics|initialism}} [[gross domestic product|Gross domestic product]].\n"
    )
    assert gdp.tags == ("initialism",)
    mixed = one(
        "===Proper noun===\n{{en-prop}}\n"
        "# {{abbreviation of|Amazonas|lang=en}}\n# {{initialism of|en|Arctic Monkeys}}\n"
    )
    assert mixed.tags == ("abbreviation", "initialism")


def test_a_word_with_one_abbreviation_sense_is_not_an_abbreviation() -> None:
    assert one("===Noun===\n{{en-noun}}\n# A feline.\n# {{abbreviation of|en|catapult}}\n").tags == ()


def test_misspelling_and_alternative_forms() -> None:
    abit = one("===Adverb===\n{{head|en|misspelling}}\n# {{misspelling of|a bit|lang=en}}\n", "abit")
    assert (abit.tags, abit.alt_of, abit.is_lemma) == (("misspelling",), ("a bit",), True)
    alt = one("===Noun===\n{{en-noun}}\n# {{alternative spelling of|en|color}}\n")
    assert (alt.tags, alt.alt_of) == (("alternative_form",), ("color",))
    assert one("===Noun===\n{{en-noun}}\n# {{alt form|en|x}}\n").tags == ("alternative_form",)
    obsolete = one("===Noun===\n{{en-noun}}\n# {{obsolete spelling of|en|show}}\n")
    assert obsolete.tags == ("alternative_form", "obsolete_spelling", "obsolete")
    # an obsolete label on an alternative form makes an obsolete spelling too; a dated one does not
    labelled = one("===Noun===\n{{en-noun}}\n# {{lb|en|obsolete}} {{alternative form of|en|magic}}\n")
    assert labelled.definition_tags == (("alternative_form", "obsolete_spelling", "obsolete"),)
    dated = one("===Noun===\n{{en-noun}}\n# {{dated spelling of|en|connection}}\n")
    assert dated.tags == ("alternative_form", "dated")
    # one real sense beside the obsolete spelling: the word is not an obsolete spelling
    both = one("===Noun===\n{{en-noun}}\n# {{obsolete spelling of|en|show}}\n# A display.\n")
    assert both.tags == () and both.definition_tags[0] == (
        "alternative_form",
        "obsolete_spelling",
        "obsolete",
    )


def test_an_alternative_form_of_a_title_in_capitals_is_an_abbreviation() -> None:
    """lol: "alternative form of LOL", "alternative case form of LOL": what LOL is, lol is; a
    target in lower case, or of one capital letter, says nothing of the kind."""
    noun = one("===Noun===\n{{en-noun}}\n# {{alternative case form of|LOL|lang=en}}\n", "lol")
    assert (noun.tags, noun.alt_of) == (("abbreviation", "alternative_form"), ("LOL",))
    verb = one("===Verb===\n{{en-verb}}\n# {{lb|en|Internet slang}} {{alt form|en|NATO}}\n", "nato")
    assert verb.tags == ("abbreviation", "alternative_form", "slang")
    assert one("===Noun===\n{{en-noun}}\n# {{alt form|en|x-ray}}\n").tags == ("alternative_form",)
    assert one("===Noun===\n{{en-noun}}\n# {{alt case|en|A}}\n").tags == ("alternative_form",)
    # two targets: an abbreviation only when both are in capitals
    mixed = one("===Noun===\n{{en-noun}}\n# Alternative form of [[TV]] or [[telly]]\n")
    assert (mixed.alt_of, mixed.tags) == (("TV", "telly"), ("alternative_form",))


def test_text_speak_is_slang_and_an_abbreviation() -> None:
    """ppl: "{{lb|en|informal|internet|text messaging}} People": text-speak spells a word short."""
    ppl = one(
        "===Noun===\n{{en-plural noun}}\n# {{lb|en|informal|text messaging}} [[people|People]]\n", "ppl"
    )
    assert ppl.definitions == ("(informal, text messaging) People",)
    assert ppl.tags == ("abbreviation", "plural_only", "slang", "informal")
    assert one("===Noun===\n{{en-noun}}\n# {{lb|en|texting}} You.\n", "u").tags == ("abbreviation", "slang")


def test_a_trademark_label_is_a_brand_and_a_genericized_one_is_not() -> None:
    assert one("===Noun===\n{{en-noun}}\n# {{lb|en|trademark}} A spread.\n").tags == ("brand",)
    assert one("===Noun===\n{{en-noun}}\n# {{lb|en|genericized trademark}} A pill.\n").tags == ()


def test_plural_only_and_singular_only_nouns() -> None:
    assert one("===Noun===\n{{en-plural noun}}\n# Trousers.\n").tags == ("plural_only",)
    assert one("===Noun===\n{{en-noun|p}}\n# Trousers.\n").tags == ("plural_only",)
    assert one("===Noun===\n{{en-noun|-}}\n# Knowledge.\n").tags == ("singular_only",)
    assert one("===Noun===\n{{en-noun|~}}\n# Water.\n").tags == ()


def test_proper_nouns() -> None:
    assert one("===Proper noun===\n{{en-proper noun}}\n# {{given name|male|lang=en}}.\n").definitions == (
        "A male given name.",
    )
    assert one("===Noun===\n{{en-prop}}\n# A city.\n").pos == "proper_noun"
    paris = one("===Proper noun===\n{{en-prop}}\n# {{place|en|capital city|c/France}}.\n")
    assert (paris.pos, paris.definitions) == ("proper_noun", ("The capital city of France.",))


# --- labels --------------------------------------------------------------------------------------


def test_register_labels_are_normalized() -> None:
    entry = one(
        "===Noun===\n{{en-noun}}\n# {{lb|en|Internet slang}} A.\n# {{lbl|en|slang|vulgar}} B.\n"
        "# {{context|slang|lang=en}} C.\n# {{slang}} D.\n# {{lb|en|chiefly|US|slang}} E.\n"
    )
    assert entry.tags == ("slang",)
    assert entry.definition_tags == (("slang",), ("slang", "vulgar"), ("slang",), ("slang",), ("slang",))
    assert entry.definitions[4] == "(chiefly US, slang) E."


def test_label_vocabulary() -> None:
    cases = {
        "informal": ("informal",),
        "colloquial": ("colloquial",),
        "pejorative": ("derogatory",),
        "ethnic slur": ("slur", "offensive", "derogatory"),
        "racial slur": ("slur", "offensive", "derogatory"),
        "homophobic slur": ("slur", "offensive", "derogatory"),
        "offensive slur": ("slur", "offensive", "derogatory"),
        "now offensive": ("offensive",),  # a fish's old name: offensive, no slur
        "obsolete": ("obsolete",),
        "archaic": ("archaic",),
        "dated": ("dated",),
        "rare": ("rare",),
        "proscribed": ("nonstandard",),
        "dialectal": ("dialectal",),
        "humorous": ("humorous",),
        "poetic": ("literary",),
        "transitive": (),
    }
    for label, tags in cases.items():
        assert set(one(f"===Noun===\n{{{{en-noun}}}}\n# {{{{lb|en|{label}}}}} X.\n").tags) == set(tags), label


def test_old_bare_context_labels_are_shown_and_tagged() -> None:
    entry = one("===Noun===\n{{en-noun}}\n# {{biology}} A fine powder.\n# {{obsolete}} A dust.\n")
    assert entry.definitions == ("(biology) A fine powder.", "(obsolete) A dust.")
    assert entry.definition_tags == ((), ("obsolete",))


def test_a_label_on_some_senses_is_not_an_entry_tag() -> None:
    entry = one("===Noun===\n{{en-noun}}\n# A feline.\n# {{lb|en|slang}} A man.\n")
    assert entry.tags == () and entry.definition_tags == ((), ("slang",))


def test_label_families_and_aliases() -> None:
    """A label that is a kind of slang is slang; aliases mean what their label does (Module:labels/data)."""
    cases = {
        "fandom slang": ("slang",),
        "fandom": ("slang",),
        "student slang": ("slang",),
        "law student slang": ("slang",),
        "British slang": ("slang",),
        "Cockney rhyming slang": ("slang",),
        "ice hockey slang": ("slang",),
        "thieves' cant": ("slang",),
        "Polari": ("slang",),
        "text messaging": ("slang", "abbreviation"),  # text-speak: ppl, u
        "coarse": ("vulgar",),
        "mildly vulgar": ("vulgar",),
        "strongly vulgar": ("vulgar",),
        "euphemism": ("euphemistic",),
        "potentially offensive": ("offensive",),
        "religious slur": ("slur", "offensive", "derogatory"),
        "sometimes ethnic slur": ("slur", "offensive", "derogatory"),
        "not a slur": (),
        "jocular": ("humorous",),
        "now rare": ("rare",),
        "Scottish dialect": ("dialectal",),
        "not slang": (),
        "Wiktionary and WMF jargon": (),
        "UK": (),
        "botany": (),
    }
    for label, tags in cases.items():
        entry = one(f"===Noun===\n{{{{en-noun}}}}\n# {{{{lb|en|{label}}}}} X.\n")
        assert set(entry.tags) == set(tags), label
    rag_week = one("===Noun===\n{{en-noun}}\n# {{lb|en|British slang|coarse}} X.\n# {{q|euphemism}} Y.\n")
    assert rag_week.definition_tags == (("slang", "vulgar"), ("euphemistic",))


def test_sub_senses_inherit_their_parents_labels() -> None:
    entry = one(
        "===Noun===\n{{en-noun}}\n# {{lb|en|slang}} A man.\n## A boyfriend.\n### {{lb|en|dated}} A beau.\n"
        "## {{lb|en|vulgar}} A pimp.\n# A feline.\n## A lion.\n"
        "# {{lb|en|archaic}} {{abbreviation of|en|catapult}}\n## The sling.\n"
    )
    assert entry.definition_tags == (
        ("slang",),
        ("slang",),
        ("slang", "dated"),
        ("slang", "vulgar"),
        (),
        (),
        ("abbreviation", "archaic"),
        ("archaic",),  # the parent's label, not what it points to
    )


def test_a_letter_numbered_with_a_character_int_cannot_read_keeps_the_page() -> None:
    # "²".isdigit() is True but int("²") fails: the number is shown as written, the page is not lost
    found = one(
        "===Letter===\n{{Latn-letter|en}}\n# {{Latn-def|en|letter|²|b}}\n# {{Latn-def|en|letter|2|b}}"
    )
    assert found.definitions == (
        "The ² letter of the English alphabet, written in the Latin script.",
        "The second letter of the English alphabet, written in the Latin script.",
    )


def test_a_semicolon_label_separates_the_labels_around_it() -> None:
    """Module:labels shows {{lb|en|a|;|b}} as "(a; b)": ";" is a separator, never a label of its own
    (it showed as "(a, ;, b)"). Both the fast path and the full parse."""
    fast = one("===Noun===\n{{en-noun}}\n# {{lb|en|transitive|;|figuratively}} To table.\n")
    full = one("===Noun===\n{{en-noun}}\n# {{lb|en|transitive|;|figuratively}} To {{l|en|table}}.\n")
    assert fast.definitions == ("(transitive; figuratively) To table.",)
    assert full.definitions == fast.definitions
    joined = one("===Noun===\n{{en-noun}}\n# {{lb|en|chiefly|_|US|;|informal}} A cop.\n")
    assert (joined.definitions, joined.tags) == (("(chiefly US; informal) A cop.",), ("informal",))
    assert one("===Noun===\n{{en-noun}}\n# {{lb|en|;|rare}} A cop.\n").definitions == ("(rare) A cop.",)
    assert one("===Noun===\n{{en-noun}}\n# {{lb|en|rare|;}} A cop.\n").definitions == ("(rare) A cop.",)
