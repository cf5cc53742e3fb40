"""English Wiktionary usage labels ({{lb|en|...}}, {{context}}, {{q}}, old bare {{slang}}) as tags.

Learned from the label data modules of en.wiktionary (Module:labels/data, .../regional,
.../lang/en): a label's aliases mean the same ("coarse", "obscene", "profane" are "vulgar";
"euphemism" is "euphemistic"); every label whose category is a kind of slang is slang (fandom,
Internet, prison, student, Cockney rhyming, Polari, leet, text messaging, "British slang" ...);
slurs are slurs, offensive and derogatory. Regions and varieties (UK, US, AAVE) and topics (botany) are
not tags: they say where or about what a word is used, not whether a player would accept it.
"""

from __future__ import annotations

from wordlist_pipeline.editions.labels import LabelTable

SLANG = ("slang",)
# "ethnic slur", "racial slur", "homophobic slur": the selection leaves out a word whose first sense
# is one (pipeline/select.py); "offensive" alone (a fish's old name, "now offensive") is not a slur.
SLUR = ("slur", "offensive", "derogatory")
# Text-speak (ppl, u, lol): the shortened spellings of text messages, slang and abbreviations both.
TEXT_SPEAK = ("slang", "abbreviation")

# label or alias -> tags (keys lower-case)
EXACT: dict[str, tuple[str, ...]] = {
    # slang, and the named kinds of it that are not written "... slang"
    "slang": SLANG,
    "cant": SLANG,
    "argot": SLANG,
    "cryptolect": SLANG,
    "thieves": SLANG,  # alias of "thieves' cant"
    "thieves'": SLANG,
    "leet": SLANG,
    "leetspeak": SLANG,
    "backslang": SLANG,
    "back-slang": SLANG,
    "polari": SLANG,
    "costermongers": SLANG,
    "coster": SLANG,
    "costers": SLANG,
    "fandom": SLANG,  # alias of "fandom slang"
    "acg": SLANG,  # categorised as fandom slang
    "4chan": SLANG,
    "irc": SLANG,  # categorised as Internet slang
    "text messaging": TEXT_SPEAK,  # categorised as text messaging slang
    "texting": TEXT_SPEAK,
    "text-speak": TEXT_SPEAK,
    "textspeak": TEXT_SPEAK,
    "twitch-speak": SLANG,
    "lubunyaca": SLANG,
    "verlan": SLANG,
    "vulgar slang": ("vulgar", "slang"),
    # informal and colloquial
    "informal": ("informal",),
    "informally": ("informal",),
    "familiar": ("informal",),
    "colloquial": ("colloquial",),
    "colloquially": ("colloquial",),
    # vulgar
    "vulgar": ("vulgar",),
    "coarse": ("vulgar",),
    "obscene": ("vulgar",),
    "profane": ("vulgar",),
    "crude": ("vulgar",),
    "taboo": ("vulgar",),
    "swear word": ("vulgar",),
    "profanity": ("vulgar",),
    "expletive": ("vulgar",),
    # offensive and derogatory
    "offensive": ("offensive",),
    "slur": SLUR,
    "homophobic": SLUR,  # aliases of "anti-LGBTQ slur"
    "transphobic": SLUR,
    "derogatory": ("derogatory",),
    "pejorative": ("derogatory",),
    "derogative": ("derogatory",),
    "disparaging": ("derogatory",),
    # other registers
    "humorous": ("humorous",),
    "humorously": ("humorous",),
    "jocular": ("humorous",),
    "jocularly": ("humorous",),
    "jokingly": ("humorous",),
    "euphemistic": ("euphemistic",),
    "euphemism": ("euphemistic",),
    "euphemistically": ("euphemistic",),
    "minced oath": ("euphemistic",),
    "formal": ("formal",),
    "literary": ("literary",),
    "bookish": ("literary",),
    "poetic": ("literary",),
    # currency
    "obsolete": ("obsolete",),
    "obsolete term": ("obsolete",),
    "archaic": ("archaic",),
    "antiquated": ("archaic",),
    "dated": ("dated",),
    "old-fashioned": ("dated",),
    "dated sense": ("dated",),
    "dated form": ("dated",),
    "historical": ("historical",),
    "historic": ("historical",),
    "rare": ("rare",),
    "rare sense": ("rare",),
    "rare term": ("rare",),
    "uncommon": ("rare",),
    "nonce": ("nonce",),
    "nonce word": ("nonce",),
    # standardness and region
    "nonstandard": ("nonstandard",),
    "non-standard": ("nonstandard",),
    "substandard": ("nonstandard",),
    "sub-standard": ("nonstandard",),
    "nonstandard form": ("nonstandard",),
    "proscribed": ("nonstandard",),
    "eye dialect": ("nonstandard",),
    "dialectal": ("dialectal",),
    "dialect": ("dialectal",),
    "dialects": ("dialectal",),
    "regional": ("regional",),
    # what the entry is
    "trademark": ("brand",),  # not "genericized trademark" (aspirin, hoover): a common word
    "abbreviation": ("abbreviation",),
    "acronym": ("acronym",),
    "initialism": ("initialism",),
    "misspelling": ("misspelling",),
}

# Families, by the label's last word: "fandom slang", "law student slang", "Cockney rhyming slang",
# "British slang", "ice hockey slang"; "thieves' cant"; "ethnic slur", "religious slur";
# "Northern England dialect".
FAMILIES = (
    (r"^(slang|cant|argot)$", SLANG),
    (r"^slurs?$", SLUR),
    (r"^dialects?$", ("dialectal",)),
)

# Labels that only join or qualify the next one: shown without a comma after them, no tag.
LABEL_JOINERS = {"_": " ", "and": " and ", "or": " or ", "&": " and ", ",": ", ", ";": "; "}
LABEL_QUALIFIERS = frozenset(
    {
        "chiefly",
        "mainly",
        "mostly",
        "now",
        "often",
        "sometimes",
        "usually",
        "especially",
        "originally",
        "primarily",
        "rarely",
        "mildly",
        "very",
        "somewhat",
        "generally",
        "slightly",
        "also",
        "of",
        "in",
        "by",
        "with",
        "except",
        "outside",
        "possibly",
        "sometimes considered",
        "frequently",
        "formerly",
    }
)
# Leading words of one label that qualify the rest of it: "mildly vulgar", "potentially offensive".
LEADING_QUALIFIERS = LABEL_QUALIFIERS | {
    "considered",
    "potentially",
    "strongly",
    "markedly",
    "extremely",
    "highly",
    "occasionally",
    "typically",
    "particularly",
    "increasingly",
    "still",
    "then",
}

LABELS = LabelTable(
    EXACT,
    families=FAMILIES,
    qualifiers=LEADING_QUALIFIERS,
    negations=("not", "non", "except", "outside", "formerly"),
)
