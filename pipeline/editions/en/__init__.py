"""The English Wiktionary (en.wiktionary.org): its record for the edition registry."""

from wordlist_pipeline.editions.en import labels, parser, synth, tables
from wordlist_pipeline.editions.record import Edition

EDITION = Edition(
    code=tables.LANG_CODE,
    name="English",
    dbname="enwiktionary",
    main_page="Main_Page",
    namespaces=tables.NAMESPACES,
    parse_page=parser.parse_page,
    marker=parser.MARKER,
    labels=labels.LABELS,
    alphabet="abcdefghijklmnopqrstuvwxyz",
    links=tables.LINKS,
    synthetic=synth.EnglishPages,
)
