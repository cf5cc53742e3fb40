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
from typing import ClassVar

from wordlist import interrupt
from wordlist_pipeline.dump.writer import MultistreamWriter, SourcePage, full_title, header, page_xml
from wordlist_pipeline.errors import SynthError
from wordlist_pipeline.paths import SAMPLE_DIR

_WORD = re.compile(r"[^\W\d_]{3,}")
_START, _END = "^", "$"


def _factory_class(lang: str) -> type[PageFactory]:
    """The page factory of edition `lang` (imported here: the editions' factories build on this module)."""
    from wordlist_pipeline.editions import EDITIONS

    factory = EDITIONS[lang].synthetic if lang in EDITIONS else None
    if factory is None:
        known = ", ".join(code for code, e in EDITIONS.items() if e.synthetic is not None)
        raise SynthError(f"no synthetic pages for language {lang!r} (known: {known})")
    return factory


class WordGenerator:
    """Plausible words for one language, from a character trigram model of the sample pages."""

    def __init__(self, lang: str, seed: int = 0) -> None:
        from wordlist_pipeline.editions import edition

        self._suffixes = _factory_class(lang).SUFFIXES
        letters = set(edition(lang).alphabet)
        source = SAMPLE_DIR / f"{lang}.pages"
        # the sample pages quote other languages' words: train on the language's own letters
        found = {w.lower() for w in _WORD.findall(source.read_text(encoding="utf-8"))}
        words = {w for w in found if set(w) <= letters}
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
        suffixes = self._suffixes
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
# Each edition writes its own kinds of page (its folder's synth.py, a PageFactory named in its
# Edition record), in the proportions of its real dump. One page in LARGE_PAGE_EVERY is a very
# large entry (like "a" or "water").

LARGE_PAGE_EVERY = 25_000
SYNTHETIC_SITENAME = "Wiktionary (SYNTHETIC benchmark data, written by `wordlist synth`)"
SYNTHETIC_GENERATOR = "wordlist synth (synthetic pages, not Wiktionary content)"


def tpl(name: str, *args: str) -> str:
    """A template call in wikitext: tpl("l", "en", "cat") -> "{{l|en|cat}}"."""
    return "{{" + "|".join((name, *args)) + "}}"


BOLD = "'''"


class PageFactory:
    """Synthetic pages of one edition, their words drawn from a WordGenerator (seeded).

    An edition's subclass lists its page kinds in MIX (kind -> share per mille, modelled on the
    real dump) and writes each kind in a method `_<kind>(title, large) -> wikitext`; redirects
    and pages of other namespaces are written here.
    """

    MIX: ClassVar[dict[str, int]] = {}
    LARGE_KIND: ClassVar[str] = ""  # the kind of the very large pages
    SUFFIXES: ClassVar[tuple[str, ...]] = ()  # regular endings, for inflected-looking words
    FOREIGN: ClassVar[tuple[tuple[str, str], ...]] = ()  # (language name in the edition, code)
    NON_MAIN_NAMESPACES: ClassVar[tuple[int, ...]] = ()

    def __init__(self, lang: str, seed: int) -> None:
        from wordlist_pipeline.editions import edition

        self.lang = lang
        self.edition = edition(lang)
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
            word = next(iter(self.edition.redirect_words), "REDIRECT")
            return SourcePage(title, f"#{word} [[{target}]]", redirect=target, page_id=page_id)
        text = getattr(self, f"_{kind}")(title, large)
        return SourcePage(self.title_of(title, text), text, page_id=page_id)

    def title_of(self, title: str, text: str) -> str:
        """The title a page gets once its text is written (German nouns are capitalized)."""
        return title

    def _non_main(self) -> tuple[int, str]:
        namespace = self.rng.choice(self.NON_MAIN_NAMESPACES)
        if namespace == 828:  # a Lua module
            names = self._w(self.rng.randint(5, 60))
            functions = "\n".join(f"function export.{w}(frame) return '{w}' end" for w in names)
            return namespace, f"local export = {{}}\n{functions}\nreturn export\n"
        return namespace, "\n\n".join(self._sentence(10, 40) for _ in range(self.rng.randint(1, 8)))


def synthetic_stream(
    task: tuple[str, int, int, list[tuple[int, str]]],
) -> tuple[bytes, list[tuple[int, str]], int, int]:
    """Worker: build and compress one stream of pages. Returns (bz2 data, index entries, XML bytes, pages)."""
    lang, seed, stream_no, titles = task
    factory = _factory_class(lang)(lang, seed * 1_000_003 + stream_no)
    kinds, weights = zip(*factory.MIX.items(), strict=True)
    pages = []
    for page_id, title in titles:
        large = page_id % LARGE_PAGE_EVERY == LARGE_PAGE_EVERY // 2
        kind = factory.LARGE_KIND if large else factory.rng.choices(kinds, weights)[0]
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
    from wordlist_pipeline.editions import edition
    from wordlist_pipeline.extract import default_workers

    _factory_class(lang)
    dbname = edition(lang).dbname
    out_dir = Path(out_dir)
    size = f"{xml_bytes / 2**20:.0f}MB"
    stem = f"synthetic-{dbname}-{size}-seed{seed}-pages-articles-multistream"
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
    try:
        with MultistreamWriter(dump, lang=lang, header_xml=head, index=index) as writer:
            while written < xml_bytes:
                while len(pending) < workers * 4:  # streams are built in parallel, written in order
                    with interrupt.deferred():  # a submit may fork a worker: not to be cut in half
                        pending.append(pool.submit(synthetic_stream, next(source)))
                data, entries, length, count = pending.popleft().result()
                writer.add_compressed(data, entries)
                written += length
                pages_total += count
                if on_progress is not None:
                    on_progress(min(written, xml_bytes), xml_bytes)
                interrupt.check()
    finally:  # done, or stopped (an error, Ctrl-C, SIGTERM): the streams not yet built are dropped
        pool.shutdown(wait=True, cancel_futures=True)
    return SyntheticDump(dump, index, pages_total, written)
