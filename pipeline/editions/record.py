"""The Edition record: what the pipeline knows about one Wiktionary edition, in one place.

Every part of the pipeline that depends on the language reads it here: the dump reader (redirect
words), the renderer (link namespaces), the extractor (`parse_page`, the prefilter's marker), the
downloader (dbname), the dump writer and the synthetic dumps (namespaces, main page, page
kinds), the selection profiles (alphabet) and the messages (name). An edition is a folder
``pipeline/editions/<code>/`` whose ``__init__`` defines ``EDITION``; the registry finds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from wordlist_pipeline.editions.labels import LabelTable
from wordlist_pipeline.entries import Entry
from wordlist_pipeline.wikitext import CANONICAL_LINKS, LinkRules

PageParser = Callable[[str, str, int], list[Entry]]


@dataclass(frozen=True)
class Edition:
    code: str  # "en": the entries' lang, outputs/<code>/, --lang
    name: str  # "English": the language's name in English, for people (messages, manifests)
    dbname: str  # "enwiktionary": Wikimedia's database name, in dump file names and <siteinfo>
    main_page: str  # "Main_Page": the wiki's main page, the <base> of its dumps
    namespaces: Mapping[int, str]  # namespace key -> local name, as <siteinfo> lists them
    parse_page: PageParser  # (title, wikitext, page id) -> the page's entries in this language
    # Every page with an entry of the edition contains this text, so a page without it is
    # skipped unread (most pages of a dump are; see pipeline.dump.prefilter).
    marker: str
    labels: LabelTable  # usage labels -> tags
    alphabet: str  # the lower-case letters of the language's game words
    links: LinkRules = CANONICAL_LINKS  # which link prefixes are text
    # MediaWiki's redirect magic word in the wiki's language, besides #REDIRECT (which every wiki reads)
    redirect_words: tuple[str, ...] = ()
    upper: Mapping[str, str] = field(default_factory=dict)  # capitals str.upper() gets wrong: ß -> ẞ
    synthetic: type | None = None  # the page factory of `wordlist synth` (a synth.PageFactory)

    @property
    def host(self) -> str:
        return f"{self.code}.wiktionary.org"
