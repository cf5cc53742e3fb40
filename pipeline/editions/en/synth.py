"""Synthetic English Wiktionary pages for `wordlist synth`: every kind of page, in the
proportions of the real English dump. Made-up words; not Wiktionary content."""

from __future__ import annotations

from typing import ClassVar

from wordlist_pipeline.synth import BOLD, PageFactory, tpl


class EnglishPages(PageFactory):
    # In the English Wiktionary most main-namespace pages are entries of other languages (mostly
    # short form-of pages); about one in six has an English section. Shares per mille.
    MIX: ClassVar[dict[str, int]] = {
        "en_lemma": 95, "en_form": 65, "en_proper": 8, "en_abbreviation": 4, "foreign_lemma": 170,
        "foreign_form": 570, "redirect": 10, "non_main": 78,
    }  # fmt: skip
    LARGE_KIND = "en_lemma"
    SUFFIXES = ("s", "es", "ed", "ing", "er", "ers", "est", "ly", "ness", "ment", "able", "less")
    FOREIGN = (
        ("Spanish", "es"), ("Italian", "it"), ("Latin", "la"), ("Finnish", "fi"), ("French", "fr"),
        ("Portuguese", "pt"), ("Polish", "pl"), ("Swedish", "sv"), ("Dutch", "nl"), ("Hungarian", "hu"),
    )  # fmt: skip
    NON_MAIN_NAMESPACES = (4, 10, 14, 100, 110, 828)

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

    def _foreign_form(self, title: str, large: bool) -> str:
        name, code = self.rng.choice(self.FOREIGN)
        definition = tpl("inflection of", code, self.word(), "", "3", "s", "pres", "ind")
        return (
            f"=={name}==\n\n===Pronunciation===\n* {tpl('IPA', code, f'/{title}/')}\n"
            f"* {tpl('rhymes', code, title[-3:])}\n\n===Verb===\n{tpl('head', code, 'verb form')}\n\n"
            f"# {definition}\n"
        )

    def _foreign_lemma(self, title: str, large: bool) -> str:
        name, code = self.rng.choice(self.FOREIGN)
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
