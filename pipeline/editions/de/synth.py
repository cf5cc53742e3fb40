"""Synthetic German Wiktionary pages for `wordlist synth`: every kind of page, in the
proportions of the real German dump. Made-up words; not Wiktionary content."""

from __future__ import annotations

import re
from typing import ClassVar

from wordlist_pipeline.synth import BOLD, PageFactory, tpl

_HEADWORD = re.compile(r"== (.+?) \(\{\{Sprache\|")


class GermanPages(PageFactory):
    # In the German Wiktionary most pages are German lemmas and inflected forms. Shares per mille.
    MIX: ClassVar[dict[str, int]] = {
        "de_lemma": 300, "de_form": 440, "de_proper": 20, "de_abbreviation": 10, "foreign_lemma": 150,
        "redirect": 10, "non_main": 70,
    }  # fmt: skip
    LARGE_KIND = "de_lemma"
    SUFFIXES = ("e", "en", "er", "es", "n", "s", "ung", "ungen", "heit", "lich", "isch", "chen")
    FOREIGN = (
        ("Englisch", "en"), ("Französisch", "fr"), ("Italienisch", "it"), ("Latein", "la"),
        ("Schwedisch", "sv"), ("Niederländisch", "nl"),
    )  # fmt: skip
    NON_MAIN_NAMESPACES = (4, 10, 14, 102, 108, 828)

    def title_of(self, title: str, text: str) -> str:
        headword = _HEADWORD.match(text)
        # German nouns are capitalized, and so are their pages' titles
        return headword.group(1) if headword else title

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

    def _foreign_lemma(self, title: str, large: bool) -> str:
        name, _ = self.rng.choice(self.FOREIGN)
        heading = f"== {title} ({tpl('Sprache', name)}) ==\n=== {tpl('Wortart', 'Substantiv', name)} ==="
        translations = "\n".join(f"*{tpl(c)}: [1] {tpl('Ü', c, self.word())}" for c in ("de", "en", "fr"))
        return (
            f"{heading}\n\n{tpl('Worttrennung')}\n:{title}\n\n{tpl('Bedeutungen')}\n"
            f":[1] {self._sentence(3, 8)}\n:[2] {self._sentence(3, 8)}\n\n{tpl('Beispiele')}\n"
            f":[1] {self._sentence(6, 14, 0)}\n\n==== {tpl('Übersetzungen')} ====\n"
            f"{{{{Ü-Tabelle|Ü-links=\n{translations}\n}}}}\n"
        )
