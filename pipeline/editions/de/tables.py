"""German Wiktionary rules as tables: the wiki, Wortart values, gender templates, subsection markers.

Sources: de.wiktionary's Wortart inventory and label abbreviations (Vorlage:K), as collected in
../shared/docs/wiktionary-format.md, checked against the real pages in ../shared/wiktionary/de.
Keys are lower-case (template_key); Wortart values are compared lower-cased too. Usage labels
are in labels.py.
"""

from __future__ import annotations

from wordlist_pipeline.editions.rules import PosRule, rule
from wordlist_pipeline.wikitext import CANONICAL_LINKS, LinkRules

LANGUAGE = "Deutsch"
LANG_CODE = "de"

# The wiki's namespaces (key -> local name), as its dumps' <siteinfo> lists them.
NAMESPACES: dict[int, str] = {
    -2: "Medium",
    -1: "Spezial",
    0: "",
    1: "Diskussion",
    2: "Benutzer",
    4: "Wiktionary",
    6: "Datei",
    8: "MediaWiki",
    10: "Vorlage",
    12: "Hilfe",
    14: "Kategorie",
    102: "Verzeichnis",
    104: "Thesaurus",
    108: "Flexion",
    828: "Modul",
}
# Links into these namespaces show no text: the German names (and the old alias Bild), besides
# MediaWiki's English ones, which every wiki understands.
LINKS = LinkRules(dropped=CANONICAL_LINKS.dropped | {"kategorie", "datei", "bild", "medium", "thesaurus"})
# MediaWiki's redirect magic word in German, besides #REDIRECT.
REDIRECT_WORDS = ("WEITERLEITUNG",)

# {{Wortart|<value>|Deutsch}} -> part of speech. A heading may hold several values.
WORTART: dict[str, PosRule] = {
    "substantiv": rule("noun"),
    "verb": rule("verb"),
    "hilfsverb": rule("verb"),
    "modalverb": rule("verb"),
    "partikelverb": rule("verb"),
    "adjektiv": rule("adjective"),
    "adverb": rule("adverb"),
    "lokaladverb": rule("adverb"),
    "temporaladverb": rule("adverb"),
    "modaladverb": rule("adverb"),
    "kausaladverb": rule("adverb"),
    "konjunktionaladverb": rule("adverb"),
    "pronominaladverb": rule("adverb"),
    "interrogativadverb": rule("adverb"),
    "relativadverb": rule("adverb"),
    "pronomen": rule("pronoun"),
    "personalpronomen": rule("pronoun"),
    "possessivpronomen": rule("pronoun"),
    "demonstrativpronomen": rule("pronoun"),
    "indefinitpronomen": rule("pronoun"),
    "interrogativpronomen": rule("pronoun"),
    "relativpronomen": rule("pronoun"),
    "reflexivpronomen": rule("pronoun"),
    "reziprokpronomen": rule("pronoun"),
    "reflexives personalpronomen": rule("pronoun"),
    "artikel": rule("article"),
    "präposition": rule("preposition"),
    "postposition": rule("postposition"),
    "zirkumposition": rule("preposition"),
    "konjunktion": rule("conjunction"),
    "subjunktion": rule("conjunction"),
    "interjektion": rule("interjection"),
    "grußformel": rule("interjection"),
    "onomatopoetikum": rule("interjection"),
    "partikel": rule("particle"),
    "abtönungspartikel": rule("particle"),
    "antwortpartikel": rule("particle"),
    "fokuspartikel": rule("particle"),
    "gradpartikel": rule("particle"),
    "modalpartikel": rule("particle"),
    "negationspartikel": rule("particle"),
    "vergleichspartikel": rule("particle"),
    "fragepartikel": rule("particle"),
    "numerale": rule("numeral"),
    "kardinalzahl": rule("numeral"),
    "ordinalzahl": rule("numeral"),
    "bruchzahlwort": rule("numeral"),
    "vervielfältigungszahlwort": rule("numeral"),
    "wiederholungszahlwort": rule("numeral"),
    "zahlklassifikator": rule("numeral"),
    "präfix": rule("prefix"),
    "präfixoid": rule("prefix"),
    "suffix": rule("suffix"),
    "suffixoid": rule("suffix"),
    "affix": rule("affix"),
    "infix": rule("affix"),
    "interfix": rule("affix"),
    "zirkumfix": rule("affix"),
    "gebundenes lexem": rule("affix"),
    "ortsnamengrundwort": rule("affix"),
    "wortverbindung": rule("phrase"),
    "redewendung": rule("phrase"),
    "formel": rule("phrase"),
    "merkspruch": rule("phrase"),
    "geflügeltes wort": rule("phrase"),
    "sprichwort": rule("proverb"),
    "symbol": rule("symbol"),
    "schriftzeichen": rule("symbol"),
    "zahlzeichen": rule("symbol"),
    "buchstabe": rule("letter"),
    "kontraktion": rule("contraction"),
    # shortenings: a tag; the part of speech comes from another Wortart of the heading if there is one
    "abkürzung": rule("abbreviation", "abbreviation"),
    "kurzwort": rule("abbreviation"),  # clipped words (Uni, Bus) are words; all-caps ones are acronyms
    "initialwort": rule("abbreviation", "acronym"),
    # inflected forms (non-lemmas); the part of speech of a declined form is read from its features
    "deklinierte form": rule(None, non_lemma=True),
    "dekliniertes gerundivum": rule("verb", non_lemma=True),
    "konjugierte form": rule("verb", non_lemma=True),
    "partizip": rule("verb", "participle", non_lemma=True),
    "partizip i": rule("verb", "participle", non_lemma=True),
    "partizip ii": rule("verb", "participle", non_lemma=True),
    "adverbialpartizip": rule("verb", "participle", non_lemma=True),
    "erweiterter infinitiv": rule("verb", non_lemma=True),
    "infinitiv": rule("verb", non_lemma=True),
    "supinum": rule("verb", non_lemma=True),
    "gerundium": rule("verb", non_lemma=True),
    "komparativ": rule("adjective", non_lemma=True),
    "superlativ": rule("adjective", non_lemma=True),
    "exzessiv": rule("adjective", non_lemma=True),
    # number, sometimes written as a Wortart in the heading
    "singularetantum": rule(None, "singular_only"),
    "pluraletantum": rule(None, "plural_only"),
}

# Name types: with or without Substantiv beside them, the entry is a proper noun.
NAME_TYPES = frozenset(
    {
        "vorname",
        "nachname",
        "familienname",
        "toponym",
        "eigenname",
        "gentilname",
        "patronym",
        "kognomen",
        "straßenname",
    }
)

# When a heading holds several values, a real part of speech wins over these.
WEAK_POS = ("phrase", "abbreviation", "contraction")

# Gender templates in headings: {{m}}, {{f}}, {{n}}, and combinations.
GENDER_TEMPLATES: dict[str, tuple[str, ...]] = {
    "m": ("m",),
    "f": ("f",),
    "n": ("n",),
    "mf": ("m", "f"),
    "fm": ("m", "f"),
    "mn": ("m", "n"),
    "nm": ("m", "n"),
    "mn.": ("m", "n"),
    "fn": ("f", "n"),
    "nf": ("f", "n"),
    "mfn": ("m", "f", "n"),
    "fmn": ("m", "f", "n"),
    "u": ("u",),
}
PLURAL_GENDER_TEMPLATES = frozenset({"mpl.", "fpl.", "npl.", "pl."})

# In a form's "Grammatische Merkmale" line, "... des Substantivs [[X]]" names the lemma's part of speech.
FEATURE_POS = (
    ("substantivs", "noun"),
    ("substantives", "noun"),
    ("adjektivs", "adjective"),
    ("adjektives", "adjective"),
    ("partizips", "adjective"),
    ("personalpronomens", "pronoun"),
    ("possessivpronomens", "pronoun"),
    ("pronomens", "pronoun"),
    ("artikels", "article"),
    ("numerales", "numeral"),
    ("zahlworts", "numeral"),
    ("verbs", "verb"),
    ("adverbs", "adverb"),
)

# Bare template lines that start a subsection inside an entry (the German layout has no headings there).
SUBSECTIONS = frozenset(
    {
        "aussprache",
        "worttrennung",
        "silbentrennung",
        "bedeutungen",
        "herkunft",
        "synonyme",
        "sinnverwandte wörter",
        "gegenwörter",
        "gegenworte",
        "oberbegriffe",
        "unterbegriffe",
        "beispiele",
        "redewendungen",
        "sprichwörter",
        "geflügelte worte",
        "charakteristische wortkombinationen",
        "wortbildungen",
        "abgeleitete begriffe",
        "abkürzungen",
        "grammatische merkmale",
        "anmerkung",
        "anmerkungen",
        "referenzen",
        "quellen",
        "ähnlichkeiten",
        "ähnlichkeiten 1",
        "ähnlichkeiten 2",
        "nicht mehr gültige schreibweisen",
        "alternative schreibweisen",
        "nebenformen",
        "kurzformen",
        "koseformen",
        "namensvarianten",
        "weibliche wortformen",
        "männliche wortformen",
        "verkleinerungsformen",
        "vergrößerungsformen",
        "entlehnungen",
        "bekannte namensträger",
        "übersetzungen",
        "symbole",
        "holonyme",
        "meronyme",
        "lesungen",
        "umschrift",
        "vokalisierung",
        "ü-tabelle",
        "grundformverweis",
        "grundformverweis dekl",
        "grundformverweis konj",
        "steigerbare adjektive",
        "gegenbegriffe",
        "toponyme",
        "in anderen sprachen",
        "bedeutung",
    }
)

# Old or misspelt subsection names, read as the standard one.
SUBSECTION_ALIASES = {
    "bedeutung": "bedeutungen",
    "silbentrennung": "worttrennung",
    "gegenworte": "gegenwörter",
}

# Noun inflection tables: the modern Übersicht and the old Substantiv-Tabelle (2004-2011).
NOUN_TABLES = (
    "deutsch substantiv übersicht",
    "substantiv-tabelle",
    "deutsch nachname übersicht",
    "deutsch vorname übersicht",
    "deutsch toponym übersicht",
    "deutsch eigenname übersicht",
    "deutsch adjektivisch übersicht",
)
EMPTY_FORM = frozenset({"", "—", "–", "-", "?", "kein plural", "keine mehrzahl"})

# Grundformverweis templates: the lemma of a form entry.
LEMMA_LINKS = frozenset({"grundformverweis dekl", "grundformverweis konj", "grundformverweis"})
# Pointers to the standard spelling, lines of their own anywhere in an entry (or the whole of a
# section without an entry heading): the entry is an alternative form of it; "alte" ones are
# spellings the 1996 reform replaced.
VARIANT_LINKS: dict[str, tuple[str, ...]] = {
    "lemmaverweis": ("alternative_form",),
    "alte schreibweise": ("alternative_form", "obsolete", "obsolete_spelling"),
    "alte schreibung": ("alternative_form", "obsolete", "obsolete_spelling"),
}

# A definition opening with one of these words says what the word is: "Markenname einer
# Nuss-Nugat-Creme" (Nutella) is a brand.
GENUS_TAGS: tuple[tuple[str, tuple[str, ...]], ...] = (("Markenname", ("brand",)),)

# Templates that are never part of a definition's text.
SILENT_TEMPLATES = frozenset(
    {
        "lautschrift",
        "audio",
        "ipa",
        "hörbeispiele",
        "reime",
        "reim",
        "wikipedia",
        "ref-dwds",
        "ref-canoo",
        "ref-duden",
        "ref-grimm",
        "ref-uni leipzig",
        "ref-unileipzig",
        "qs bedeutungen",
        "qs herkunft",
        "beispiele fehlen",
        "fehlend",
        "bild",
        "siehe auch",
        "wort der woche",
        "lit-duden: universalwörterbuch",
        "ref-owid",
        "literatur",
        "internetquelle",
        "per-tagesspiegel online",
        "dib-projekt gutenberg-de",
    }
)
