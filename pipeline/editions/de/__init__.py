"""The German Wiktionary (de.wiktionary.org): its record for the edition registry."""

from wordlist_pipeline.editions.de import labels, parser, synth, tables
from wordlist_pipeline.editions.record import Edition

EDITION = Edition(
    code=tables.LANG_CODE,
    name="German",
    dbname="dewiktionary",
    main_page="Hauptseite",
    namespaces=tables.NAMESPACES,
    parse_page=parser.parse_page,
    marker=parser.MARKER,
    labels=labels.LABELS,
    # ß is a letter of its own: shown as ẞ in capitals (one tile, never "SS")
    alphabet="abcdefghijklmnopqrstuvwxyzäöüß",
    upper={"ß": "ẞ"},
    links=tables.LINKS,
    redirect_words=tables.REDIRECT_WORDS,
    synthetic=synth.GermanPages,
)
