"""Synthetic data for benchmarks and scale tests: plausible words, and (see synth_dump) whole dumps.

Everything here is labelled synthetic and seeded: the same seed gives the same words and bytes.
Words come from a character trigram model trained on the project's own sample pages, so their
letter statistics (and hence the shape of a DAWG built from them) resemble a real language's.
"""

from __future__ import annotations

import bz2
import multiprocessing
import random
import re
from collections import defaultdict, deque
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from wordlist_pipeline.dump.writer import MultistreamWriter, SourcePage, full_title, header, page_xml
from wordlist_pipeline.errors import SynthError

SAMPLE_DIR = Path(__file__).resolve().parents[1] / "dumps" / "sample"
_WORD = re.compile(r"[^\W\d_]{3,}")
_START, _END = "^", "$"
SUFFIXES = {
    "en": ["s", "es", "ed", "ing", "er", "ers", "est", "ly", "ness", "ment", "able", "less"],
    "de": ["e", "en", "er", "es", "n", "s", "ung", "ungen", "heit", "lich", "isch", "chen"],
}


class WordGenerator:
    """Plausible words for one language, from a character trigram model of the sample pages."""

    def __init__(self, lang: str, seed: int = 0) -> None:
        source = SAMPLE_DIR / f"{lang}.pages"
        words = {w.lower() for w in _WORD.findall(source.read_text(encoding="utf-8"))}
        if lang == "en":  # English pages quote foreign words; train on plain English letters
            words = {w for w in words if w.isascii()}
        self._next: dict[str, list[str]] = defaultdict(list)
        for word in sorted(words):
            padded = _START * 2 + word + _END
            for i in range(len(padded) - 2):
                self._next[padded[i : i + 2]].append(padded[i + 2])
        self._rng = random.Random(seed)
        self.lang = lang
        self.training_words = len(words)

    def word(self, min_length: int = 3, max_length: int = 14) -> str:
        while True:
            state, letters = _START * 2, []
            while len(letters) <= max_length:
                char = self._rng.choice(self._next[state])
                if char == _END:
                    break
                letters.append(char)
                state = state[1] + char
            if min_length <= len(letters) <= max_length:
                return "".join(letters)

    def unique_words(self, count: int) -> Iterator[str]:
        """`count` distinct words: generated stems and, as in a real word list, their regular
        inflected and derived forms (a trigram model alone runs dry long before 100,000 words)."""
        seen: set[str] = set()
        suffixes = SUFFIXES[self.lang]
        while len(seen) < count:
            stem = self.word()
            if stem in seen:
                continue
            for suffix in ("", *self._rng.sample(suffixes, self._rng.randint(0, len(suffixes)))):
                word = stem + suffix
                if word not in seen and len(seen) < count:
                    seen.add(word)
                    yield word


# --- synthetic dumps --------------------------------------------------------------------------------
#
# Page kinds and their shares, modelled on the real dumps: in the English Wiktionary most main-
# namespace pages are entries of other languages (mostly short form-of pages), about one in six has
# an English section; in the German Wiktionary most pages are German lemmas and inflected forms.
# Shares are per mille; one page in LARGE_PAGE_EVERY is a very large entry (like "a" or "water").

PAGE_MIX = {
    "en": {"en_lemma": 95, "en_form": 65, "en_proper": 8, "en_abbreviation": 4, "foreign_lemma": 170,
           "foreign_form": 570, "redirect": 10, "non_main": 78},
    "de": {"de_lemma": 300, "de_form": 440, "de_proper": 20, "de_abbreviation": 10, "foreign_lemma": 150,
           "redirect": 10, "non_main": 70},
}  # fmt: skip
LARGE_PAGE_EVERY = 25_000
_DE_HEADWORD = re.compile(r"== (.+?) \(\{\{Sprache\|")
SYNTHETIC_SITENAME = "Wiktionary (SYNTHETIC benchmark data, written by `wordlist synth`)"
SYNTHETIC_GENERATOR = "wordlist synth (synthetic pages, not Wiktionary content)"
FOREIGN = {
    "en": [("Spanish", "es"), ("Italian", "it"), ("Latin", "la"), ("Finnish", "fi"), ("French", "fr"),
           ("Portuguese", "pt"), ("Polish", "pl"), ("Swedish", "sv"), ("Dutch", "nl"), ("Hungarian", "hu")],
    "de": [("Englisch", "en"), ("Französisch", "fr"), ("Italienisch", "it"), ("Latein", "la"),
           ("Schwedisch", "sv"), ("Niederländisch", "nl")],
}  # fmt: skip


def tpl(name: str, *args: str) -> str:
    """A template call in wikitext: tpl("l", "en", "cat") -> "{{l|en|cat}}"."""
    return "{{" + "|".join((name, *args)) + "}}"


BOLD = "'''"


class PageFactory:
    """Synthetic pages of every kind, their words drawn from a WordGenerator (seeded)."""

    def __init__(self, lang: str, seed: int) -> None:
        self.lang = lang
        self.rng = random.Random(seed)
        self.words = WordGenerator(lang, seed)

    def word(self) -> str:
        return self.words.word(3, 10)

    def _w(self, n: int) -> list[str]:
        return [self.word() for _ in range(n)]

    def _sentence(self, low: int = 6, high: int = 16, link: float = 0.3) -> str:
        words = [f"[[{w}]]" if self.rng.random() < link else w for w in self._w(self.rng.randint(low, high))]
        return " ".join(words).capitalize() + "."

    def page(self, kind: str, title: str, page_id: int, large: bool = False) -> SourcePage:
        if kind == "non_main":
            namespace, text = self._non_main()
            model = "Scribunto" if namespace == 828 else "wikitext"
            return SourcePage(title, text, namespace=namespace, page_id=page_id, model=model)
        if kind == "redirect":
            target = self.word()
            word = "WEITERLEITUNG" if self.lang == "de" else "REDIRECT"
            return SourcePage(title, f"#{word} [[{target}]]", redirect=target, page_id=page_id)
        text = getattr(self, f"_{kind}")(title, large)
        if self.lang == "de" and (headword := _DE_HEADWORD.match(text)):
            title = headword.group(1)  # German nouns are capitalized, and so are their pages' titles
        return SourcePage(title, text, page_id=page_id)

    # English ---------------------------------------------------------------------------------------

    def _en_lemma(self, title: str, large: bool) -> str:
        rng = self.rng
        heads = [("Noun", "en-noun"), ("Verb", "en-verb"), ("Adjective", "en-adj"), ("Adverb", "en-adv"),
                 ("Interjection", "en-interj")]  # fmt: skip
        pos, head = rng.choices(heads, [55, 22, 15, 5, 3])[0]
        lines = [tpl("also", title.capitalize())] if rng.random() < 0.4 else []
        etymology = (
            f"From {tpl('inh', 'en', 'enm', self.word())}, from {tpl('inh', 'en', 'ang', self.word())}."
        )
        lines += ["==English==", "", "===Etymology===", etymology, "", "===Pronunciation===",
                  f"* {tpl('IPA', 'en', f'/{title}/')}", "", f"==={pos}===", tpl(head), ""]  # fmt: skip
        labels = [
            "",
            "",
            "",
            *(
                tpl("lb", "en", *label.split())
                for label in ("transitive", "obsolete", "slang", "informal", "chiefly UK")
            ),
        ]
        for _ in range(rng.randint(1, 6)):
            lines.append(f"# {rng.choice(labels)} {self._sentence()}")
            if rng.random() < 0.4:
                lines.append(f"#: {tpl('ux', 'en', f'The {BOLD}{title}{BOLD} ' + ' '.join(self._w(5)))}")
            if rng.random() < 0.3:
                passage = f"passage={self._sentence(10, 30, 0)} {BOLD}{title}{BOLD}."
                lines.append(f"#* {tpl('quote-book', 'en', f'year={rng.randint(1600, 2020)}', passage)}")
            if rng.random() < 0.2:
                lines.append(f"## {self._sentence()}")
        lines += ["", "====Synonyms====", "* " + ", ".join(tpl("l", "en", w) for w in self._w(3)), "",
                  "====Derived terms====", tpl("col3", "en", *self._w(rng.randint(2, 12))), "",
                  "====Translations====", tpl("trans-top", " ".join(self._w(3)))]  # fmt: skip
        for _ in range(rng.randint(5, 60) * (40 if large else 1)):
            code = self.word()[:3]
            lines.append(f"* {code.title()}: {tpl('t+', code, self.word())}, {tpl('t', code, self.word())}")
        lines += [tpl("trans-bottom"), "", "===Anagrams===", f"* {tpl('anagrams', 'en', self.word())}"]
        if rng.random() < 0.3:
            lines += ["", "----", "", self._foreign_lemma(title, False)]
        return "\n".join(lines) + "\n"

    def _en_form(self, title: str, large: bool) -> str:
        lemma = self.word()
        style = self.rng.random()
        if style < 0.5:
            pos, head, definition = "Noun", "noun form", tpl("plural of", "en", lemma)
        elif style < 0.8:
            pos, head, definition = "Verb", "verb form", tpl("infl of", "en", lemma, "", "s-verb-form")
        else:  # the 2018 style
            pos, head, definition = "Verb", "verb form", tpl("en-past of", lemma)
        return f"==English==\n\n==={pos}===\n{tpl('head', 'en', head)}\n\n# {definition}\n"

    def _en_proper(self, title: str, large: bool) -> str:
        place = tpl("place", "en", "town", "c/" + self.word().title())
        return (
            f"==English==\n\n===Proper noun===\n{tpl('en-prop')}\n\n# {place}.\n# {tpl('surname', 'en')}.\n"
        )

    def _en_abbreviation(self, title: str, large: bool) -> str:
        expansion = tpl("initialism of", "en", " ".join(self._w(3)))
        return f"==English==\n\n===Noun===\n{tpl('en-noun')}\n\n# {expansion}\n"

    def _foreign_lemma(self, title: str, large: bool) -> str:
        name, code = self.rng.choice(FOREIGN[self.lang])
        if self.lang == "de":
            heading = f"== {title} ({tpl('Sprache', name)}) ==\n=== {tpl('Wortart', 'Substantiv', name)} ==="
            translations = "\n".join(f"*{tpl(c)}: [1] {tpl('Ü', c, self.word())}" for c in ("de", "en", "fr"))
            return (
                f"{heading}\n\n{tpl('Worttrennung')}\n:{title}\n\n{tpl('Bedeutungen')}\n"
                f":[1] {self._sentence(3, 8)}\n:[2] {self._sentence(3, 8)}\n\n{tpl('Beispiele')}\n"
                f":[1] {self._sentence(6, 14, 0)}\n\n==== {tpl('Übersetzungen')} ====\n"
                f"{{{{Ü-Tabelle|Ü-links=\n{translations}\n}}}}\n"
            )
        senses = "\n".join(f"# [[{self.word()}]], [[{self.word()}]]" for _ in range(self.rng.randint(1, 4)))
        return (
            f"=={name}==\n\n===Etymology===\nFrom {tpl('inh', code, 'la', self.word())}, "
            f"from {tpl('inh', code, 'ine-pro', '*' + self.word())}.\n\n===Pronunciation===\n"
            f"* {tpl('IPA', code, f'/{title}/')}\n* {tpl('hyphenation', code, *title[:6])}\n\n===Noun===\n"
            f"{tpl('head', code, 'noun', 'g=m')}\n\n{senses}\n\n====Declension====\n"
            f"{tpl(code + '-decl-noun', title, title + 'a', title + 'um')}\n\n====Derived terms====\n"
            + "\n".join(f"* {tpl('l', code, w)}" for w in self._w(self.rng.randint(0, 6)))
            + "\n"
        )

    def _foreign_form(self, title: str, large: bool) -> str:
        name, code = self.rng.choice(FOREIGN[self.lang])
        definition = tpl("inflection of", code, self.word(), "", "3", "s", "pres", "ind")
        return (
            f"=={name}==\n\n===Pronunciation===\n* {tpl('IPA', code, f'/{title}/')}\n"
            f"* {tpl('rhymes', code, title[-3:])}\n\n===Verb===\n{tpl('head', code, 'verb form')}\n\n"
            f"# {definition}\n"
        )

    def _non_main(self) -> tuple[int, str]:
        namespace = self.rng.choice(
            [4, 10, 14, 100, 110, 828] if self.lang == "en" else [4, 10, 14, 102, 108, 828]
        )
        if namespace == 828:  # a Lua module
            names = self._w(self.rng.randint(5, 60))
            functions = "\n".join(f"function export.{w}(frame) return '{w}' end" for w in names)
            return namespace, f"local export = {{}}\n{functions}\nreturn export\n"
        return namespace, "\n\n".join(self._sentence(10, 40) for _ in range(self.rng.randint(1, 8)))

    # German ----------------------------------------------------------------------------------------

    def _de_lemma(self, title: str, large: bool) -> str:
        rng = self.rng
        wortart = rng.choices(["Substantiv", "Verb", "Adjektiv", "Adverb"], [60, 22, 14, 4])[0]
        gender = rng.choices("mfn", [37, 45, 18])[0] if wortart == "Substantiv" else ""
        word = title.capitalize() if wortart == "Substantiv" else title
        lines = [f"== {word} ({tpl('Sprache', 'Deutsch')}) ==",
                 f"=== {tpl('Wortart', wortart, 'Deutsch')}{', ' + tpl(gender) if gender else ''} ===",
                 ""]  # fmt: skip
        if wortart == "Substantiv":
            lines += ["{{Deutsch Substantiv Übersicht", f"|Genus={gender}", f"|Nominativ Singular={word}",
                      f"|Nominativ Plural={word}n", f"|Genitiv Singular={word}", f"|Genitiv Plural={word}n",
                      "}}", ""]  # fmt: skip
        lines += [tpl("Worttrennung"), f":{word}", "", tpl("Aussprache"),
                  f":{tpl('IPA')} {tpl('Lautschrift', title)}", "", tpl("Bedeutungen")]  # fmt: skip
        labels = ["", "", "", tpl("K", "ugs."), tpl("va.", ":"), "''[[Zoologie]]:''", tpl("K", "landsch.")]
        for number in range(1, rng.randint(1, 6) + 1):
            lines.append(f":[{number}] {rng.choice(labels)} {self._sentence(4, 14)}")
        lines += ["", tpl("Herkunft"), f":{self._sentence(6, 20)}", "", tpl("Synonyme"),
                  ":[1] " + ", ".join(f"[[{w}]]" for w in self._w(3)), "", tpl("Beispiele")]  # fmt: skip
        for _ in range(rng.randint(1, 5) * (40 if large else 1)):
            source = tpl("Literatur", f"Autor={self.word()}")
            lines.append(f":[1] „{self._sentence(8, 25, 0)}“<ref>{source}</ref>")
        lines += ["", f"==== {tpl('Übersetzungen')} ====", "{{Ü-Tabelle|Ü-links="]
        for _ in range(rng.randint(3, 40)):
            code = self.word()[:2]
            lines.append(f"*{tpl(code)}: [1] {tpl('Ü', code, self.word())}")
        lines += ["}}", "", tpl("Referenzen"), f":[1] {tpl('Ref-DWDS', word)}"]
        return "\n".join(lines) + "\n"

    def _de_form(self, title: str, large: bool) -> str:
        lemma = self.word()
        features = tpl("Grammatische Merkmale")
        if self.rng.random() < 0.6:
            noun = lemma.capitalize()
            return (
                f"== {title.capitalize()} ({tpl('Sprache', 'Deutsch')}) ==\n"
                f"=== {tpl('Wortart', 'Deklinierte Form', 'Deutsch')} ===\n\n{features}\n"
                f"* Nominativ Plural des Substantivs {BOLD}[[{noun}]]{BOLD}\n"
                f"* Akkusativ Plural des Substantivs {BOLD}[[{noun}]]{BOLD}\n\n"
                f"{tpl('Grundformverweis Dekl', noun)}\n"
            )
        return (
            f"== {title} ({tpl('Sprache', 'Deutsch')}) ==\n"
            f"=== {tpl('Wortart', 'Konjugierte Form', 'Deutsch')} ===\n\n{features}\n"
            f"* 3. Person Singular Indikativ Präsens Aktiv des Verbs {BOLD}[[{lemma}]]{BOLD}\n\n"
            f"{tpl('Grundformverweis Konj', lemma)}\n"
        )

    def _de_proper(self, title: str, large: bool) -> str:
        heading = (
            f"{tpl('Wortart', 'Substantiv', 'Deutsch')}, {tpl('n')}, {tpl('Wortart', 'Toponym', 'Deutsch')}"
        )
        return (
            f"== {title.capitalize()} ({tpl('Sprache', 'Deutsch')}) ==\n=== {heading} ===\n\n"
            f"{tpl('Bedeutungen')}\n:[1] Stadt in {self.word().title()}\n"
        )

    def _de_abbreviation(self, title: str, large: bool) -> str:
        heading = f"=== {tpl('Wortart', 'Abkürzung', 'Deutsch')} ==="
        return (
            f"== {title.upper()} ({tpl('Sprache', 'Deutsch')}) ==\n{heading}\n\n"
            f"{tpl('Bedeutungen')}\n:[1] {' '.join(self._w(3))}\n"
        )


def synthetic_stream(
    task: tuple[str, int, int, list[tuple[int, str]]],
) -> tuple[bytes, list[tuple[int, str]], int, int]:
    """Worker: build and compress one stream of pages. Returns (bz2 data, index entries, XML bytes, pages)."""
    lang, seed, stream_no, titles = task
    factory = PageFactory(lang, seed * 1_000_003 + stream_no)
    kinds, weights = zip(*PAGE_MIX[lang].items(), strict=True)
    pages = []
    for page_id, title in titles:
        large = page_id % LARGE_PAGE_EVERY == LARGE_PAGE_EVERY // 2
        kind = (
            "en_lemma"
            if large and lang == "en"
            else "de_lemma"
            if large
            else factory.rng.choices(kinds, weights)[0]
        )
        pages.append(factory.page(kind, title, page_id, large))
    xml = "".join(page_xml(p, lang) for p in pages).encode("utf-8")
    return bz2.compress(xml), [(p.page_id, full_title(p, lang)) for p in pages], len(xml), len(pages)


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*$", re.IGNORECASE)
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def parse_size(text: str) -> int:
    """'200MB', '1.5G', '4096' -> bytes (binary units: 1 MB = 2**20 bytes)."""
    match = _SIZE.match(text)
    if match is None or float(match.group(1)) <= 0:
        raise SynthError(f"size {text!r}: expected a positive number of bytes, like 200MB or 1GB")
    return int(float(match.group(1)) * _UNITS[match.group(2).upper()])


@dataclass(frozen=True)
class SyntheticDump:
    dump: Path
    index: Path
    pages: int
    xml_bytes: int


def synthetic_dump(
    out_dir: Path | str,
    lang: str,
    xml_bytes: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    pages_per_stream: int = 100,
    on_progress=None,
) -> SyntheticDump:
    """Write a SYNTHETIC multistream dump of about `xml_bytes` of XML, with its index, into `out_dir`.

    The file names and the site header say it is synthetic. Same arguments, same bytes.
    """
    from wordlist_pipeline.extract import default_workers

    if lang not in PAGE_MIX:
        raise SynthError(f"no synthetic pages for language {lang!r} (known: {', '.join(sorted(PAGE_MIX))})")
    out_dir = Path(out_dir)
    size = f"{xml_bytes / 2**20:.0f}MB"
    stem = f"synthetic-{lang}wiktionary-{size}-seed{seed}-pages-articles-multistream"
    dump, index = out_dir / f"{stem}.xml.bz2", out_dir / f"{stem}-index.txt.bz2"
    titles = WordGenerator(lang, seed).unique_words(10**9)
    head = header(lang, "0.11", SYNTHETIC_GENERATOR, SYNTHETIC_SITENAME)
    written = pages_total = 0
    next_id = 1
    stream_no = 0

    def tasks():
        nonlocal next_id, stream_no
        while True:
            chunk = [(next_id + i, next(titles)) for i in range(pages_per_stream)]
            next_id += pages_per_stream
            stream_no += 1
            yield lang, seed, stream_no, chunk

    workers = workers or default_workers()
    source = tasks()
    pending: deque = deque()
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    with pool, MultistreamWriter(dump, lang=lang, header_xml=head, index=index) as writer:
        while written < xml_bytes:
            while len(pending) < workers * 4:  # streams are built in parallel, written in order
                pending.append(pool.submit(synthetic_stream, next(source)))
            data, entries, length, count = pending.popleft().result()
            writer.add_compressed(data, entries)
            written += length
            pages_total += count
            if on_progress is not None:
                on_progress(min(written, xml_bytes), xml_bytes)
        for future in pending:
            future.cancel()
    return SyntheticDump(dump, index, pages_total, written)
