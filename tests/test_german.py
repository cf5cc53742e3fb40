"""German extractor rules, each checked on a wikitext string."""

from __future__ import annotations

from wordlist_pipeline.editions.de.parser import parse_page
from wordlist_pipeline.entries import Entry


def page(body: str, title: str = "Wort", language: str = "Deutsch") -> list[Entry]:
    return parse_page(title, f"== {title} ({{{{Sprache|{language}}}}}) ==\n{body}")


def one(body: str, title: str = "Wort") -> Entry:
    found = page(body, title)
    assert len(found) == 1, found
    return found[0]


NOUN = "=== {{Wortart|Substantiv|Deutsch}}, {{f}} ===\n"


# --- sections and headings -----------------------------------------------------------------------


def test_only_german_sections_are_read() -> None:
    text = (
        "== Rock ({{Sprache|Deutsch}}) ==\n=== {{Wortart|Substantiv|Deutsch}}, {{m}} ===\n"
        "{{Bedeutungen}}\n:[1] Kleidungsstück\n"
        "== Rock ({{Sprache|Englisch}}) ==\n=== {{Wortart|Substantiv|Englisch}} ===\n"
        "{{Bedeutungen}}\n:[1] Fels\n"
    )
    assert [(e.pos, e.definitions) for e in parse_page("Rock", text)] == [("noun", ("Kleidungsstück",))]
    assert (
        parse_page("cool", "== cool ({{Sprache|Englisch}}) ==\n=== {{Wortart|Adjektiv|Englisch}} ===\n") == []
    )


def test_entry_language_comes_from_wortart_or_the_section() -> None:
    # a page fragment without a language heading
    fragment = parse_page(
        "Fote", "=== {{Wortart|Substantiv|Deutsch}}, {{f}} ===\n{{Bedeutungen}}\n:[1] Pfote"
    )
    assert [e.pos for e in fragment] == ["noun"]
    # an old heading without the language argument, inside a German section
    old = page("=== {{Wortart|Substantiv}}, {{n}} ===\n{{Bedeutungen}}\n:[1] Handeln", "Tun")
    assert [(e.pos, e.gender) for e in old] == [("noun", ("n",))]


def test_sloppy_headings() -> None:
    assert one("=== {{Wortart|Adjektiv |Deutsch}} ===\n{{Bedeutungen}}\n:[1] hübsch").pos == "adjective"
    assert one("==={{Wortart|Verb|Deutsch}}  ===\n{{Bedeutungen}}\n:[1] gehen").pos == "verb"


def test_wortart_values_map_to_parts_of_speech() -> None:
    cases = {
        "Substantiv": "noun",
        "Verb": "verb",
        "Hilfsverb": "verb",
        "Adjektiv": "adjective",
        "Adverb": "adverb",
        "Temporaladverb": "adverb",
        "Personalpronomen": "pronoun",
        "Artikel": "article",
        "Präposition": "preposition",
        "Konjunktion": "conjunction",
        "Interjektion": "interjection",
        "Antwortpartikel": "particle",
        "Kardinalzahl": "numeral",
        "Präfix": "prefix",
        "Redewendung": "phrase",
        "Kontraktion": "contraction",
    }
    for value, pos in cases.items():
        assert one(f"=== {{{{Wortart|{value}|Deutsch}}}} ===\n{{{{Bedeutungen}}}}\n:[1] x").pos == pos, value


def test_two_parts_of_speech_in_one_heading_give_two_rows() -> None:
    found = page(
        "=== {{Wortart|Adjektiv|Deutsch}}, {{Wortart|Adverb|Deutsch}} ===\n{{Bedeutungen}}\n:[1] rasch"
    )
    assert [(e.pos, e.definitions) for e in found] == [("adjective", ("rasch",)), ("adverb", ("rasch",))]


def test_proper_nouns() -> None:
    for name in ("Vorname", "Nachname", "Toponym", "Eigenname"):
        heading = f"=== {{{{Wortart|Substantiv|Deutsch}}}}, {{{{f}}}}, {{{{Wortart|{name}|Deutsch}}}} ===\n"
        assert one(heading + "{{Bedeutungen}}\n:[1] x").pos == "proper_noun", name
    assert one("=== {{Wortart|Nachname|Deutsch}} ===\n{{Bedeutungen}}\n:[1] x").pos == "proper_noun"


def test_abbreviations_and_short_words() -> None:
    zb = one("=== {{Wortart|Abkürzung|Deutsch}} ===\n{{Bedeutungen}}\n:[1] [[zum Beispiel]]", "z. B.")
    assert (zb.pos, zb.tags, zb.definitions) == ("abbreviation", ("abbreviation",), ("zum Beispiel",))
    lkw = one("=== {{Wortart|Abkürzung|Deutsch}}, {{Wortart|Substantiv|Deutsch}}, {{m}} ===\n", "Lkw")
    assert (lkw.pos, lkw.tags, lkw.gender) == ("noun", ("abbreviation",), ("m",))
    kurz = "=== {{Wortart|Substantiv|Deutsch}}, {{m}}, {{Wortart|Kurzwort|Deutsch}} ===\n"
    assert one(kurz, "TÜV").tags == ("acronym",)
    assert one(kurz, "Bus").tags == ()  # a clipped word is a word


# --- inflected forms -----------------------------------------------------------------------------


def test_declined_form_with_its_lemma() -> None:
    form = one(
        "=== {{Wortart|Deklinierte Form|Deutsch}} ===\n{{Grammatische Merkmale}}\n"
        "*Nominativ Plural des Substantivs '''[[Eingabe]]'''\n"
        "*Dativ Plural des Substantivs '''[[Eingabe]]'''\n\n"
        "{{Grundformverweis Dekl|Eingabe}}\n",
        "Eingaben",
    )
    assert (form.pos, form.is_lemma, form.form_of) == ("noun", False, ("Eingabe",))
    assert form.definitions == (
        "Nominativ Plural des Substantivs Eingabe",
        "Dativ Plural des Substantivs Eingabe",
    )


def test_form_lemma_from_the_features_when_there_is_no_grundformverweis() -> None:
    form = one(
        "=== {{Wortart|Deklinierte Form|Deutsch}} ===\n{{Grammatische Merkmale}}\n"
        "* Nominativ Singular Femininum des Adjektivs '''[[schön]]'''\n",
        "schöne",
    )
    assert (form.pos, form.is_lemma, form.form_of) == ("adjective", False, ("schön",))


def test_every_form_wortart_is_a_non_lemma() -> None:
    for value, pos in [
        ("Konjugierte Form", "verb"),
        ("Partizip I", "verb"),
        ("Partizip II", "verb"),
        ("Komparativ", "adjective"),
        ("Superlativ", "adjective"),
        ("Erweiterter Infinitiv", "verb"),
    ]:
        entry = one(f"=== {{{{Wortart|{value}|Deutsch}}}} ===\n{{{{Grundformverweis Konj|machen#Verb}}}}\n")
        assert (entry.pos, entry.is_lemma, entry.form_of) == (pos, False, ("machen",)), value


# --- nouns: gender and number --------------------------------------------------------------------


def test_gender_from_heading_and_table() -> None:
    assert one("=== {{Wortart|Substantiv|Deutsch}}, {{m}}, {{n}} ===\n").gender == ("m", "n")
    table = one("=== {{Wortart|Substantiv|Deutsch}} ===\n{{Deutsch Substantiv Übersicht\n|Genus=n\n}}\n")
    assert table.gender == ("n",)


def test_plural_only_nouns() -> None:
    eltern = one(
        "=== {{Wortart|Substantiv|Deutsch}} ===\n{{Deutsch Substantiv Übersicht\n|Genus=0\n"
        "|Nominativ Singular=—\n|Nominativ Plural=Eltern\n|Genitiv Singular=—\n|Genitiv Plural=Eltern\n}}\n"
    )
    assert eltern.tags == ("plural_only",) and eltern.gender == ()
    old = one(
        "=== {{Wortart|Substantiv}} ===\n{{Substantiv-Tabelle|\n|Wer oder was? (Einzahl)=—\n"
        "|Wer oder was? (Mehrzahl)=die Leute\n}}\n"
    )
    assert old.tags == ("plural_only",)


def test_nouns_without_plural() -> None:
    obst = one(
        NOUN + "{{Deutsch Substantiv Übersicht\n|Genus=n\n|Nominativ Singular=Obst\n|Nominativ Plural=—\n}}\n"
    )
    assert obst.tags == ("singular_only",)
    assert one("=== {{Wortart|Substantiv|Deutsch}}, {{m}}, {{kPl.}} ===\n").tags == ("singular_only",)


# --- definitions and labels ----------------------------------------------------------------------


def test_definitions_come_from_bedeutungen_only() -> None:
    entry = one(
        NOUN + "{{Worttrennung}}\n:Kat·ze\n{{Bedeutungen}}\n:[1] ein [[Tier]]\n::[1a] eine [[Art]] davon\n"
        ":[2]\n:[3] ''[[Zoologie]]:'' eine Familie<ref>Quelle</ref>\n{{Herkunft}}\n:[1] von [[lateinisch]]\n"
        "{{Beispiele}}\n:[1] Die Katze schläft.\n"
    )
    assert entry.definitions == ("ein Tier", "eine Art davon", "Zoologie: eine Familie")


def test_old_silbentrennung_marker_and_singular_bedeutung() -> None:
    entry = one(NOUN + "{{Silbentrennung}} Wi·sent, {{Pl.}} Wi·sen·te\n{{Bedeutung}}\n:[1] eine Bisonart\n")
    assert entry.definitions == ("eine Bisonart",)


def test_labels_become_tags() -> None:
    entry = one(
        NOUN
        + "{{Bedeutungen}}\n:[1] {{K|ugs.|abw.}} a\n:[2] {{ugs.|:}} b\n:[3] {{va.}} c\n:[4] {{K|vulg.}} d\n"
        ":[5] ''[[umgangssprachlich]] [[veraltend]]:'' e\n:[6] ''{{ugs.}}, nur Plural:'' f\n"
        ":[7] {{K|landsch.|österr.}} g\n:[8] ''scherzhaft:'' h\n:[9] ''[[Zoologie]]:'' i\n"
    )
    assert entry.definitions[:2] == ("umgangssprachlich, abwertend: a", "umgangssprachlich: b")
    assert entry.definition_tags == (
        ("informal", "derogatory"),
        ("informal",),
        ("obsolete",),
        ("vulgar",),
        ("informal", "dated"),
        ("plural_only", "informal"),
        ("regional",),
        ("humorous",),
        (),
    )
    assert entry.tags == ()


def test_slur_labels_are_slurs_and_insults_are_not() -> None:
    """A label naming a group's degradation is a slur (rassistisch, Ethnophaulismus, diskriminierend);
    Schimpfwort and beleidigend insult a person (offensive), abwertend only disparages."""
    entry = one(
        NOUN + "{{Bedeutungen}}\n:[1] {{K|abw.|rassistisch}} a\n:[2] {{K|Ethnophaulismus}} b\n"
        ":[3] {{K|diskriminierend}} c\n:[4] {{K|Schimpfwort}} d\n:[5] ''beleidigend:'' e\n:[6] {{K|abw.}} f\n"
    )
    slur = ("offensive", "derogatory", "slur")
    assert entry.definition_tags == (
        slur, slur, slur, ("offensive",), ("offensive",), ("derogatory",)
    )  # fmt: skip
    assert entry.definitions[1] == "Ethnophaulismus: b"


def test_label_on_every_sense_is_an_entry_tag() -> None:
    assert one(NOUN + "{{Bedeutungen}}\n:[1] {{K|ugs.|salopp}} Geld\n:[2] {{ugs.}} Geld\n").tags == (
        "informal",
    )


def test_gemeindeutsch_keeps_a_regional_qualifier_from_tagging_the_word() -> None:
    entry = one(NOUN + "{{Bedeutungen}}\n:[1] {{K|gemeindeutsch|österr.|t2=_|selten}} erster Monat\n")
    assert entry.definitions == ("gemeindeutsch, österreichisch selten: erster Monat",)
    assert entry.tags == ()


def test_old_spelling_points_to_the_new_one() -> None:
    entry = one(NOUN + "{{Alte Schreibweise|Schifffahrt|Reform 1996}}\n", "Schiffahrt")
    assert (entry.alt_of, entry.tags) == (
        ("Schifffahrt",),
        ("alternative_form", "obsolete_spelling", "obsolete"),
    )
    assert entry.definitions == ("Alte Schreibweise von Schifffahrt",)


def test_an_old_spelling_without_an_entry_heading_is_an_entry() -> None:
    """Abschluß's page holds the pointer right under its language heading: an entry whose part of
    speech is its new spelling's, found at selection ("other" until then). A section that has an
    entry heading gives only that entry; another language's section, none."""
    entry = one("{{Alte Schreibweise|Fluss|Reform 1996}}\n\n[[en:Fluß]]\n", "Fluß")
    assert (entry.pos, entry.alt_of, entry.definitions) == (
        "other",
        ("Fluss",),
        ("Alte Schreibweise von Fluss",),
    )
    assert entry.tags == ("alternative_form", "obsolete_spelling", "obsolete")
    assert entry.heading == "Fluß ({{Sprache|Deutsch}})"
    assert page("{{Alte Schreibweise|Fluss}}\n", "Fluß", "Englisch") == []
    assert page("{{Siehe auch|[[fluss]]}}\n", "Fluß") == []  # no pointer: nothing
    two = parse_page(
        "daß",
        "== daß ({{Sprache|Deutsch}}) ==\n{{Alte Schreibweise|dass}}\n"
        "== daß ({{Sprache|Englisch}}) ==\n=== {{Wortart|Substantiv|Englisch}} ===\n",
    )
    assert [(e.pos, e.alt_of) for e in two] == [("other", ("dass",))]
    headed = page("{{Alte Schreibweise|Fluss}}\n" + NOUN + "{{Bedeutungen}}\n:[1] Gewässer\n", "Fluß")
    assert [(e.pos, e.definitions) for e in headed] == [("noun", ("Gewässer",))]


def test_lemmaverweis_anywhere_in_the_entry_sets_the_alternative_form_link() -> None:
    """Gams: {{Lemmaverweis|Gämse}} stands after {{Wortbildungen}}; the entry keeps its own
    definition and points to Gämse."""
    entry = one(
        NOUN + "{{Bedeutungen}}\n:[1] ein Tier der Berge\n\n{{Wortbildungen}}\n:[[Gamsbart]]\n\n"
        "{{Lemmaverweis|Gämse}}\n\n{{Referenzen}}\n:[1] {{Wikipedia|Gämse}}\n",
        "Gams",
    )
    assert (entry.alt_of, entry.tags, entry.definitions) == (
        ("Gämse",),
        ("alternative_form",),
        ("ein Tier der Berge",),
    )
    alone = one(NOUN + "{{Lemmaverweis|Geographie}}\n", "Geografie")
    assert (alone.alt_of, alone.definitions) == (("Geographie",), ("Andere Schreibweise von Geographie",))
    assert one(NOUN + "{{Bedeutungen}}\n:[1] x {{Lemmaverweis|Y}}\n").alt_of == ()  # not a line of its own


def test_brand_names() -> None:
    """Nutella: a registered mark in the language heading, a definition opening with
    "Markenname", a {{K|Markenname}} label: each makes the brand tag."""
    marked = parse_page(
        "Tesa", "== Tesa ® ({{Sprache|Deutsch}}) ==\n" + NOUN + "{{Bedeutungen}}\n:[1] Klebeband\n"
    )
    assert [e.tags for e in marked] == [("brand",)]
    genus = one(NOUN + "{{Bedeutungen}}\n:[1] Markenname eines [[Klebeband]]s\n:[2] Klebeband\n", "Tesa")
    assert (genus.definition_tags, genus.tags) == ((("brand",), ()), ())
    label = one(NOUN + "{{Bedeutungen}}\n:[1] {{K|Markenname}} ein Klebeband\n", "Tesa")
    assert (label.definitions, label.tags) == (("Markenname: ein Klebeband",), ("brand",))
    assert one(NOUN + "{{Bedeutungen}}\n:[1] Name einer Marke\n", "Markenname").tags == ()


def test_a_separator_given_as_a_label_joins_the_labels_around_it() -> None:
    """{{K|ugs.|;|abw.}} shows "umgangssprachlich; abwertend:", never "umgangssprachlich, ;, abwertend"."""
    senses = ":[1] {{K|ugs.|;|abw.}} Geld\n:[2] {{K|;|ugs.}} Gold\n:[3] {{K|ugs.|t1=;|abw.}} Erz\n"
    entry = one(NOUN + "{{Bedeutungen}}\n" + senses)
    assert entry.definitions == (
        "umgangssprachlich; abwertend: Geld",
        "umgangssprachlich: Gold",
        "umgangssprachlich; abwertend: Erz",
    )
    assert entry.definition_tags == (("informal", "derogatory"), ("informal",), ("informal", "derogatory"))


def test_case_sensitive_titles_are_separate_entries() -> None:
    verb = one("=== {{Wortart|Verb|Deutsch}} ===\n{{Bedeutungen}}\n:[1] errichten", "bauen")
    noun = one("=== {{Wortart|Substantiv|Deutsch}}, {{n}} ===\n{{Bedeutungen}}\n:[1] das Errichten", "Bauen")
    assert (verb.word, verb.pos, noun.word, noun.pos) == ("bauen", "verb", "Bauen", "noun")


def test_a_second_bedeutungen_where_herkunft_belongs_is_the_etymology() -> None:
    """Kunsttherapie: {{Bedeutungen}} twice, the second over the etymology; and a line starting
    with a link (``:[[Determinativkompositum]] aus ...``) is never a numbered sense."""
    entry = one(
        NOUN + "{{Bedeutungen}}\n:[1] Therapie mit bildnerischen Medien\n\n"
        "{{Bedeutungen}}\n:[[Determinativkompositum]] aus ''[[Kunst]]'' und ''[[Therapie]]''\n\n"
        "{{Oberbegriffe}}\n:[1] [[Therapie]]\n",
        "Kunsttherapie",
    )
    assert entry.definitions == ("Therapie mit bildnerischen Medien",)
    link_line = one(NOUN + "{{Bedeutungen}}\n:[[Tier]] aus dem Wald\n:[1] ein Tier\n")
    assert link_line.definitions == ("ein Tier",)


def test_label_families_and_abbreviations() -> None:
    """Vorlage:K's abbreviations mean what they stand for; the language of a group is slang,
    a region's adjective is regional."""
    entry = one(
        NOUN + "{{Bedeutungen}}\n:[1] ''[[Soldatensprache]]:'' a\n:[2] {{K|Internetslang}} b\n"
        ":[3] {{K|schülerspr.}} c\n:[4] {{K|sal.}} d\n:[5] {{K|verh.}} e\n:[6] {{K|vatd.}} f\n"
        ":[7] ''südwestdeutsch:'' g\n:[8] ''in der [[Schweiz]]:'' h\n:[9] ''[[Fachsprache]]:'' i\n"
    )
    assert entry.definition_tags == (
        ("slang",),
        ("slang",),
        ("slang",),
        ("informal",),
        ("euphemistic",),
        ("dated",),
        ("regional",),
        ("regional",),
        (),
    )
    assert entry.definitions[3:6] == ("salopp: d", "verhüllend: e", "veraltend: f")


def test_sub_senses_inherit_their_parents_labels() -> None:
    entry = one(
        NOUN
        + "{{Bedeutungen}}\n:[1] {{K|ugs.}} Geld\n::[1a] Münzen\n::[1b] {{K|abw.}} Kleingeld\n:[2] Gold\n"
    )
    assert entry.definition_tags == (("informal",), ("informal",), ("informal", "derogatory"), ())
