"""German Wiktionary: entries in the edition's own language, Deutsch.

A page holds language sections ``== Wort ({{Sprache|Deutsch}}) ==``; each entry is a heading built
from ``{{Wortart|...|Deutsch}}`` templates, gender templates and free text. The entry's language is
the Wortart's second argument when given (older pages and page fragments omit the language
heading), else the section's. Inside an entry, subsections are bare template lines
(``{{Bedeutungen}}``, ``{{Herkunft}}`` ...), not headings: a subsection runs to the next such line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from wordlist_pipeline.editions.common import Sense, inherit_labels, make_entry, unique, written_in_capitals
from wordlist_pipeline.editions.de import labels as L
from wordlist_pipeline.editions.de import tables as T
from wordlist_pipeline.editions.rules import ALTERNATIVE, INFLECTION, PosRule
from wordlist_pipeline.entries import Entry
from wordlist_pipeline.sections import heading_spans, strip_comments
from wordlist_pipeline.wikitext import (
    TITLE_TEMPLATES,
    Handler,
    Notes,
    Renderer,
    TemplateCall,
    clean_text,
    parse,
    render_plain_links,
    render_target_links,
    template_key,
    template_keys,
    template_table,
    templates,
)
from wordlist_pipeline.wikitree import Nodes, Tag, Template

LANG = T.LANG_CODE
MARKER = T.LANGUAGE  # in every page with an entry (the language heading)
_SPRACHE = re.compile(r"\{\{\s*Sprache\s*\|\s*([^|}]+?)\s*\}\}")
# a line opening with a template: {{Bedeutungen}}, {{Grundformverweis Dekl|Haus}}. Searched for
# with its newline in front: the search for a fixed start runs much faster than a multiline "^".
_MARKER_LINE = re.compile(r"\n\{\{([^|{}\n]+)(?:\||\}\})")  # blanks around the name: template_key drops them
_SENSE = re.compile(r"^(:+)\s*\[(?!\[)([^\]]*)\]\s*(.*)$")  # :[1] ..., ::[2a] ...; not :[[link]]
_ARTICLE = re.compile(r"^(?:der|die|das|des|dem|den)\s+", re.IGNORECASE)
_LABEL_SPLIT = re.compile(r"[,;:]|\s+(?:und|oder|bzw\.)\s+")
_BOLD_LINK = re.compile(r"'''\s*\[\[([^\]|#]+)")


@dataclass(frozen=True)
class Heading:
    """What an entry heading says: its Wortart values (with their language), genders, plural marker."""

    wortarten: tuple[tuple[str, str | None], ...] = ()
    genders: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()  # {{fPl.}} -> plural_only, {{kPl.}} -> singular_only


def parse_page(title: str, text: str, page_id: int = 0) -> list[Entry]:
    """Every German entry on the page (empty list if it has none)."""
    if MARKER not in text:
        return []
    renderer = Renderer(TEMPLATES, title, T.LINKS)
    entries: list[Entry] = []
    language: str | None = None
    section_tags: tuple[str, ...] = ()
    text = strip_comments(text)
    # the sections as heading spans: only the bodies of entries are cut out of the text
    spans = heading_spans(text)
    language_span = -1  # the German language heading whose section has given no entry yet
    for i, (_, end, level, heading_text) in enumerate(spans):
        stop = spans[i + 1][0] if i + 1 < len(spans) else len(text)
        if level <= 2:
            entries.extend(_headless_entries(renderer, spans, language_span, text, page_id))
            language = section_language(heading_text)
            section_tags = _section_tags(heading_text)
            language_span = i if language == T.LANGUAGE else -1
            continue
        if "Wortart" not in heading_text:
            continue
        heading, kind = entry_heading(heading_text)
        if kind.values and (kind.language or language) == T.LANGUAGE:
            found = parse_entry(
                renderer, heading_text, heading, kind, text[end + 1 : stop], page_id, section_tags
            )
            entries.extend(found)
            if found:
                language_span = -1
    entries.extend(_headless_entries(renderer, spans, language_span, text, page_id))
    return entries


def _section_tags(heading_text: str) -> tuple[str, ...]:
    """Tags a language heading gives every entry under it: a registered mark (Nutella ®) is a brand."""
    return ("brand",) if "®" in heading_text or "™" in heading_text else ()


def _headless_entries(
    renderer: Renderer, spans: list[tuple[int, int, int, str]], language_span: int, text: str, page_id: int
) -> list[Entry]:
    """The entry of a German section without an entry heading that only points to another spelling:
    ``== Abschluß ({{Sprache|Deutsch}}) ==`` over ``{{Alte Schreibweise|Abschluss|Reform 1996}}``.
    Its part of speech is the other spelling's, on another page: "other" here, which the selection
    replaces with that page's (see wordlist_pipeline.select)."""
    if language_span < 0:
        return []
    _, end, _, heading_text = spans[language_span]
    stop = spans[language_span + 1][0] if language_span + 1 < len(spans) else len(text)
    pointers: list[str] = []
    split_subsections(text[end + 1 : stop], pointers)
    if not pointers:
        return []
    variant_of, variant_tags = variant_links(templates(parse("\n".join(pointers))))
    if not variant_of:
        return []
    return [
        make_entry(
            word=renderer.title,
            lang=LANG,
            pos="other",
            senses=_variant_senses(variant_of, variant_tags),
            head_tags=(*_section_tags(heading_text), *variant_tags),
            alt_of=variant_of,
            heading=heading_text,
            page_id=page_id,
        )
    ]


def section_language(title: str) -> str:
    """'Platz ({{Sprache|Deutsch}})' -> 'Deutsch'; an old bare '== Deutsch ==' -> 'Deutsch'."""
    # Every page has one of these headings, each different: the usual one, the first template
    # of the title written as {{Sprache|X}}, is read with finds, exactly as _SPRACHE reads it.
    start = title.find("{{")
    if start >= 0 and title.startswith("{{Sprache|", start):
        value = title[start + 10 :]
        close = value.find("}}")
        if close >= 0:
            value = value[:close]
            if "|" not in value and "}" not in value and value.strip():
                return value.strip()
    match = _SPRACHE.search(title)
    return match.group(1) if match else title.strip()


_ENTRY_HEADINGS: dict[str, tuple[Heading, HeadingKind]] = {}
_MAX_ENTRY_HEADINGS = 4096  # headings repeat; odd ones must not grow it without bound


def entry_heading(title: str) -> tuple[Heading, HeadingKind]:
    """parse_heading and heading_kind of an entry's heading, remembered by its text."""
    found = _ENTRY_HEADINGS.get(title)
    if found is None:
        heading = parse_heading(title)
        found = heading, heading_kind(heading)
        if len(_ENTRY_HEADINGS) < _MAX_ENTRY_HEADINGS:
            _ENTRY_HEADINGS[title] = found
    return found


def parse_heading(title: str) -> Heading:
    wortarten: list[tuple[str, str | None]] = []
    genders: list[str] = []
    tags: list[str] = []
    for template in templates(parse(title)):
        key = template_key(template.name_text())
        if key == "wortart":
            positional = template.plain_args()
            if positional and positional[0]:
                wortarten.append((positional[0].lower(), positional[1] if len(positional) > 1 else None))
        elif key in T.GENDER_TEMPLATES:
            genders.extend(T.GENDER_TEMPLATES[key])
        elif key in T.PLURAL_GENDER_TEMPLATES:
            tags.append("plural_only")
        else:
            tags.extend(L.LABELS.tags(key))
    return Heading(tuple(wortarten), tuple(genders), tuple(tags))


def split_subsections(body: str, pointers: list[str] | None = None) -> tuple[list[str], dict[str, list[str]]]:
    """(text before the first subsection, {subsection name: its text}), each text as a list of
    chunks ("\\n".join(chunks) is the text, `lines(chunks)` its lines: the many lines of the
    subsections nobody reads are never split apart). A marker's trailing text on the same line
    (old pages: ``{{Silbentrennung}} Platz, ...``) belongs to its subsection. Lines that point to
    another spelling (``{{Lemmaverweis|Gämse}}``, ``{{Alte Schreibweise|X}}``), which stand
    anywhere in an entry, are added to `pointers` too; they start no subsection.

    A second {{Bedeutungen}} stands where {{Herkunft}} belongs (the layout puts the etymology
    right after the senses; some pages copied the wrong marker): it starts the Herkunft.
    """
    head: list[str] = []
    subsections: dict[str, list[str]] = {}
    current = head
    start = 0  # where the text after the last marker line begins
    size = len(body)
    # each line that opens with "{{", found with str.find: a marker line's name is looked up by
    # the whole line (marker lines repeat word for word on every page)
    # (a find that fails gives -1 + 1 = 0, read as -1: no further line)
    line_start = 0 if body.startswith("{{") else body.find("\n{{") + 1 or -1
    while line_start >= 0:
        line_end = body.find("\n", line_start)
        if line_end < 0:
            line_end = size
        line = body[line_start:line_end]
        name = _marker_key(line)
        if name in T.VARIANT_LINKS:
            if pointers is not None:
                pointers.append(line)
        elif name:
            if line_start > start:
                current.append(body[start : line_start - 1])
            current = open_subsection(subsections, name, line)
            start = line_end + 1
        line_start = body.find("\n{{", line_end) + 1 or -1
    if start <= size:
        current.append(body[start:])
    return head, subsections


_MARKER_KEYS: dict[str, str] = {}
_MAX_MARKER_KEYS = 4096  # the same few lines fill it; odd lines must not grow it without bound


def _marker_key(line: str) -> str:
    """The subsection key of a line that opens with a template (_MARKER_LINE after its newline),
    or the key of a pointer to another spelling (T.VARIANT_LINKS), or "" for any other line."""
    key = _MARKER_KEYS.get(line)
    if key is None:
        match = _MARKER_LINE.match("\n" + line)
        name = template_key(match.group(1)) if match is not None else ""
        key = name if name in T.SUBSECTIONS or name in T.VARIANT_LINKS else ""
        if len(_MARKER_KEYS) < _MAX_MARKER_KEYS:
            _MARKER_KEYS[line] = key
    return key


def open_subsection(subsections: dict[str, list[str]], key: str, line: str) -> list[str]:
    """The part that the marker `line` (whose template key is `key`) starts, with what the marker
    line itself gives to it."""
    name = T.SUBSECTION_ALIASES.get(key, key)
    if name == "bedeutungen" and name in subsections and "herkunft" not in subsections:
        name = "herkunft"
    part = subsections.setdefault(name, [])
    close = line.find("}}")
    rest = line[close + 2 :].strip() if close >= 0 else ""
    if name in T.LEMMA_LINKS:
        part.append(line)  # the marker is the content: {{Grundformverweis Dekl|Eingabe}}
    elif rest:
        part.append(rest)
    return part


def lines(chunks: list[str]) -> list[str]:
    """The lines of a text given as chunks (see split_subsections)."""
    return "\n".join(chunks).split("\n") if chunks else []


def parse_entry(
    renderer: Renderer,
    heading_text: str,
    heading: Heading,
    kind: HeadingKind,
    body: str,
    page_id: int,
    section_tags: tuple[str, ...] = (),
) -> list[Entry]:
    """The entries of one entry section (one per part of speech; `kind` is heading_kind(heading));
    `section_tags`: those its language heading gives (_section_tags)."""
    values, rules, non_lemma = kind.values, kind.rules, kind.non_lemma
    pointers: list[str] = []
    head_chunks, subsections = split_subsections(body, pointers)
    tags = [*section_tags, *kind.tags]
    if "kurzwort" in values and written_in_capitals(renderer.title):
        tags.append("acronym")

    head_text = "\n".join(head_chunks)
    head_templates = templates(parse(head_text)) if "{{" in head_text else []
    table = noun_table(renderer, head_templates)
    genders = unique([*heading.genders, *table.genders])
    if table.plural_only:
        tags.append("plural_only")
    if table.singular_only:
        tags.append("singular_only")

    lemmas = lemma_links(
        "\n".join(
            subsections.get("grundformverweis dekl", [])
            + subsections.get("grundformverweis konj", [])
            + subsections.get("grundformverweis", [])
        )
    )
    variant_of, variant_tags = variant_links(templates(parse("\n".join(pointers)))) if pointers else ((), [])
    tags += variant_tags
    features = [line for line in lines(subsections.get("grammatische merkmale", [])) if line.startswith("*")]
    if non_lemma and not lemmas:
        lemmas = unique(m.strip() for line in features for m in _BOLD_LINK.findall(line))
    parsed: list[tuple[int, Sense]] = []
    for line in lines(subsections.get("bedeutungen", [])):
        found = parse_sense(renderer, line)
        if found is not None:
            parsed.append(found)
    senses = inherit_labels(parsed)
    if non_lemma and not senses:
        senses = [
            Sense(_render_feature(renderer, line), refs=tuple((INFLECTION, x) for x in lemmas))
            for line in features
        ]
        senses = [s for s in senses if s.text]
    if variant_of and not senses:
        senses = _variant_senses(variant_of, variant_tags)

    return [
        make_entry(
            word=renderer.title,
            lang=LANG,
            pos=pos,
            senses=senses,
            head_tags=tags,
            head_non_lemma=non_lemma,
            form_of=lemmas if non_lemma else (),
            alt_of=variant_of,
            gender=genders if pos in ("noun", "proper_noun") else (),
            heading=heading_text,
            page_id=page_id,
        )
        for pos in kind.parts_of_speech or _feature_parts_of_speech(rules, features, renderer.title)
    ]


# The commonest lines read without the wikitext tokenizer (a few microseconds a line, more than
# the rest of an entry's work): plain words and plain [[links]], which render as themselves and
# their targets and carry no label. Any character that could be markup, a link with a prefix,
# anchor or shown text, or a leading "-" ("----" is a rule) takes the full parse.
_TEXT = r"[^{}\[\]<>&'=:~_#*;|\n]"
_TARGET = r"[^{}\[\]<>&'=:~_#*;|\s]"
_LINK = rf"\[\[ *{_TARGET}(?:{_TARGET}| )*\]\]"
# (runs of text matched possessively: many times faster than a character at a time)
_PLAIN_SENSE = re.compile(rf"(?!-)(?:{_TEXT}++|{_LINK})*+")
# a Deklinierte Form's feature: "* Nominativ Plural des Substantivs '''[[Haus]]'''"
_SIMPLE_FEATURE = re.compile(rf"(?!-)({_TEXT}*)'''({_LINK})'''")


def _plain_text(text: str) -> str:
    """What the renderer makes of text that _PLAIN_SENSE matches (its links are plain targets)."""
    return clean_text(render_target_links(text))


def _render_feature(renderer: Renderer, line: str) -> str:
    """The plain text of a {{Grammatische Merkmale}} line, its list marker dropped."""
    text = line.lstrip("*: ")
    match = _SIMPLE_FEATURE.fullmatch(text)
    return renderer.render(text) if match is None else _plain_text(match.group(1) + match.group(2))


class HeadingKind(NamedTuple):
    """What an entry heading alone decides (the same for every entry under the same heading)."""

    values: tuple[str, ...]  # the Wortart values, lower-case
    language: str | None  # the first language a Wortart names (older pages and fragments name none)
    rules: tuple[PosRule, ...]  # the known ones' rules
    non_lemma: bool
    tags: tuple[str, ...]  # the heading's tags and its rules'
    parts_of_speech: tuple[str, ...]  # empty when the features or the title must decide


def heading_kind(heading: Heading) -> HeadingKind:
    values = tuple(value for value, _ in heading.wortarten)
    rules = tuple(T.WORTART[v] for v in values if v in T.WORTART)
    tags = (*heading.tags, *(t for r in rules for t in r.tags))
    found = _heading_parts_of_speech(values, rules)
    language = next((lang for _, lang in heading.wortarten if lang), None)
    return HeadingKind(values, language, rules, any(r.non_lemma for r in rules), tags, tuple(found))


def _heading_parts_of_speech(values: Sequence[str], rules: Sequence[PosRule]) -> list[str]:
    """The entry's part(s) of speech when the heading decides them, else empty. Name types make a
    proper noun; "Adjektiv, Adverb" gives both; phrase, abbreviation and contraction only count
    when nothing more specific is there."""
    if any(v in T.NAME_TYPES for v in values):
        return ["proper_noun"]
    found = unique(r.pos for r in rules if r.pos)
    strong = [p for p in found if p not in T.WEAK_POS]
    return strong or list(found[:1])


def _feature_parts_of_speech(rules: Sequence[PosRule], features: list[str], title: str) -> list[str]:
    """The entry's part of speech when the heading names none."""
    if any(r.non_lemma for r in rules):  # Deklinierte Form: the features name the lemma's kind
        text = " ".join(features).lower()
        for marker, pos in T.FEATURE_POS:
            if marker in text:
                return [pos]
        return ["noun" if title[:1].isupper() else "adjective"]
    return ["other"]


def _variant_senses(variant_of: tuple[str, ...], variant_tags: list[str]) -> list[Sense]:
    """The definition of an entry that only points to another spelling: "Alte Schreibweise von X"."""
    shown = "Alte Schreibweise von" if "obsolete" in variant_tags else "Andere Schreibweise von"
    return [Sense(f"{shown} {variant_of[0]}", refs=((ALTERNATIVE, variant_of[0]),))]


class NounTable:
    """What an entry's noun table says (a plain class: mypyc compiles its constructor)."""

    def __init__(self) -> None:
        self.genders: list[str] = []
        self.plural_only = False
        self.singular_only = False


def noun_table(renderer: Renderer, head_templates: list[Template]) -> NounTable:
    """Gender and number from {{Deutsch Substantiv Übersicht}} or the old {{Substantiv-Tabelle}}."""
    table = NounTable()
    for template in head_templates:
        key = template_key(template.name_text())
        if not any(key.startswith(name) for name in T.NOUN_TABLES):
            continue
        singular: list[str] = []
        plural: list[str] = []
        for name, nodes in template.named.items():
            value = renderer.text(nodes)
            if value[:1] in ("d", "D"):  # the only letters _ARTICLE (ignoring case) can open with
                value = _ARTICLE.sub("", value)
            value = value.strip().lower()
            if name.startswith("Genus"):
                table.genders.extend(g for g in value.split() if g in ("m", "f", "n"))
                table.plural_only = table.plural_only or value == "0"
            elif "Singular" in name or "(Einzahl)" in name:
                singular.append(value)
            elif "Plural" in name or "(Mehrzahl)" in name:
                if name.lower().startswith("kein plural"):
                    table.singular_only = table.singular_only or value not in ("", "0", "nein")
                else:
                    plural.append(value)
        if singular and all(v in T.EMPTY_FORM for v in singular):
            table.plural_only = True
        if plural and all(v in T.EMPTY_FORM for v in plural):
            table.singular_only = True
        break
    return table


def variant_links(pointers: list[Template]) -> tuple[tuple[str, ...], list[str]]:
    """The standard spelling named by {{Alte Schreibweise|X}} / {{Lemmaverweis|X}} (`pointers`: the
    templates of the lines split_subsections found), and the tags they mean."""
    targets: list[str] = []
    tags: list[str] = []
    for template in pointers:
        key = template_key(template.name_text())
        if key in T.VARIANT_LINKS:
            positional = template.plain_args()
            if positional:
                targets.append(positional[0])
                tags.extend(T.VARIANT_LINKS[key])
    return unique(targets), tags


def lemma_links(text: str) -> tuple[str, ...]:
    """Lemmas named by {{Grundformverweis Dekl|X}}, {{Grundformverweis Konj|X#anchor}} ..."""
    if "{{" not in text:
        return ()
    simple = _simple_lemma_links(text)
    return simple if simple is not None else parsed_lemma_links(text)


def parsed_lemma_links(text: str) -> tuple[str, ...]:
    """lemma_links through the full parse."""
    found = []
    for template in templates(parse(text)):
        if template_key(template.name_text()) in T.LEMMA_LINKS:
            positional = template.plain_args()
            if positional:
                found.append(positional[0].partition("#")[0].strip())
    return unique(found)


# One template with one plain positional argument filling a line, the usual {{Grundformverweis
# Dekl|Haus}}: read without the tokenizer. Any character that could be markup sends the text
# through the full parse instead.
_SIMPLE_LINK_LINE = re.compile(r"\{\{([^{}|\[\]<>&'=:~_#\n]+)\|([^{}|\[\]<>&'=:~_\n]*)\}\}")


def _simple_lemma_links(text: str) -> tuple[str, ...] | None:
    """lemma_links' result for text made only of simple link lines, else None."""
    found = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        match = _SIMPLE_LINK_LINE.fullmatch(line.strip())
        if match is None or not match.group(1).strip():
            return None
        if template_key(match.group(1).strip()) in T.LEMMA_LINKS:
            found.append(match.group(2).partition("#")[0].strip())
    return unique(found)


def parse_sense(renderer: Renderer, line: str) -> tuple[int, Sense] | None:
    """(depth, sense) of a ``:[1] ...`` line of {{Bedeutungen}} (nested ``::[2a]`` has depth 2),
    labels turned into tags."""
    found = sense_line(line)
    if found is None:
        return None
    depth, content = found
    if _PLAIN_SENSE.fullmatch(content):
        return depth, _genus_tags(Sense(_plain_text(content)))
    if renderer.templates is TEMPLATES and (labelled := _LABELLED_SENSE.fullmatch(content)):
        shown, tags, refs = _label_prefix(renderer, labelled.group(1))
        rest = render_plain_links(labelled.group(2))
        return depth, _genus_tags(Sense(clean_text(shown + rest), tags, refs))
    return depth, render_sense(renderer, content)


def _genus_tags(sense: Sense) -> Sense:
    """A definition that names what the word is with its first word: "Markenname einer
    Nuss-Nugat-Creme" (Nutella) defines a brand name."""
    for genus, tags in T.GENUS_TAGS:
        if sense.text.startswith(genus):
            return Sense(sense.text, unique((*sense.tags, *tags)), sense.refs)
    return sense


def sense_line(line: str) -> tuple[int, str] | None:
    """(depth, definition) of a sense line with a definition, read with str methods exactly as
    _SENSE matches it (depth: len(group 1); definition: group 3, never blank): a regex match and
    its groups cost more than the rest of a plain sense's work."""
    if not line.startswith(":"):
        return None
    after_colons = line.lstrip(":")
    number = after_colons.lstrip()  # _SENSE's \s is str.isspace, as strip's blanks are
    if not number.startswith("[") or number.startswith("[["):
        return None
    close = number.find("]")
    if close < 0:
        return None
    content = number[close + 1 :].lstrip()
    return (len(line) - len(after_colons), content) if content else None


def render_sense(renderer: Renderer, wikitext: str) -> Sense:
    """The sense a definition's wikitext gives through the full parse: its text, and as tags the
    labels of its templates and of a leading italic label list, and its genus's (_genus_tags)."""
    nodes = parse(wikitext)
    notes = _label_notes(renderer, nodes)
    text = renderer.render(nodes, notes)
    return _genus_tags(Sense(text, tuple(notes.tags), tuple(notes.refs)))


def _label_notes(renderer: Renderer, nodes: Nodes) -> Notes:
    """Notes that start with the tags of the definition's leading italic label list, if any."""
    notes = Notes()
    label_text = _leading_italic_label(renderer, nodes)
    if label_text:
        notes.tag(*label_tags(label_text))
    return notes


# The commonest labelled senses, "{{K|ugs.}} words [[link]] ...", "''[[Zoologie]]:'' words": a
# prefix of templates with plain arguments and italic spans, then text that _PLAIN_SENSE would
# take. Prefixes are few (the labels), so each is parsed and rendered once by the full path and
# remembered; the rest renders as plain text. Neither part reaches into the other: every
# construct of the prefix closes inside it, the rest holds no markup (no quote that could pair
# with the italics), and a colon right after the prefix, which makes an italic span a label
# list, is taken into it.
_ARG = r"[^{}\[\]<>&'|\n]"
_TEMPLATE = rf"\{{\{{ *[^{{}}\[\]<>&'|\s]{_ARG}*(?:\|{_ARG}*)*\}}\}}"
_ITALIC = rf"''(?:[^{{}}\[\]<>&'|\n=~_#*]++|{_LINK}|{_TEMPLATE})+''"
_LABELLED_SENSE = re.compile(rf"((?:\s*(?:{_TEMPLATE}|{_ITALIC}))+(?:\s*:)?)((?:{_TEXT}++|{_LINK})*+)")
_Prefix = tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]]
_PREFIXES: dict[str, _Prefix] = {}


def _label_prefix(renderer: Renderer, prefix: str) -> _Prefix:
    """(text before tidying, tags, refs) of a labelled sense's prefix, rendered as render_sense does."""
    found = _PREFIXES.get(prefix)
    if found is None:
        nodes = parse(prefix)
        notes = _label_notes(renderer, nodes)
        found = renderer.join(nodes, notes), tuple(notes.tags), tuple(notes.refs)
        # a template showing the page's title ({{PAGENAME}}) makes the prefix the page's own
        if len(_PREFIXES) < _MAX_PREFIXES and not any(key in TITLE_TEMPLATES for key in template_keys(nodes)):
            _PREFIXES[prefix] = found
    return found


_MAX_PREFIXES = 20_000  # labels are few; free-text italic labels must not grow it without bound


def _leading_italic_label(renderer: Renderer, nodes: Nodes) -> str:
    """The text of an italic span that opens the definition and ends with a colon: a label list."""
    nodes = [n for n in nodes if not (isinstance(n, str) and not n.strip())]
    for i, node in enumerate(nodes):
        if isinstance(node, Template):
            continue  # {{K|...}} or {{ugs.}} before the italic span
        if isinstance(node, Tag) and node.markup == "''" and node.contents is not None:
            label = renderer.text(node.contents)
            after = nodes[i + 1] if i + 1 < len(nodes) else None
            if label.endswith(":") or (isinstance(after, str) and after.lstrip().startswith(":")):
                return label
        return ""
    return ""


def label_tags(label_text: str) -> list[str]:
    """Tags from a free-text label list: 'ohne Plural; umgangssprachlich veraltend:'."""
    groups = []
    for item in _LABEL_SPLIT.split(label_text.lower()):
        item = item.strip()
        if item:
            groups.append([item] if item in L.DISPLAY or L.LABELS.tags(item) else item.split())
    return group_tags(groups)


def group_tags(groups: list[list[str]]) -> list[str]:
    """Tags of label groups ("österr. selten" is one group: rare in Austria).

    With "gemeindeutsch" among them, a group that names a region qualifies only that region, so
    it says nothing about the word as a whole.
    """
    everywhere = [L.COMMON_GERMAN] in groups
    tags: list[str] = []
    for group in groups:
        group_tags = [t for label in group for t in L.LABELS.tags(label)]
        if everywhere and "regional" in group_tags:
            continue
        tags.extend(group_tags)
    return tags


# --- template handlers --------------------------------------------------------------------------


def _label_handler(key: str) -> Handler:
    shown, tags = L.DISPLAY.get(key, key), L.LABELS.tags(key)

    def render(call: TemplateCall, notes: Notes) -> str:
        notes.tag(*tags)
        return shown + (":" if call.arg(1) == ":" else "")

    return render


def _kontext(call: TemplateCall, notes: Notes) -> str:
    """{{K|ugs.|abw.|t1=_|ft=...}}: labels joined by their separators (t1=_ joins into one group)."""
    shown = ""
    groups: list[list[str]] = []
    separator = ""
    for i, label in enumerate(call.args(), start=1):
        if not label:
            continue
        if label in _SEPARATORS:  # {{K|ugs.|;|abw.}}: a separator given as a label joins the next one
            separator = label
            continue
        name = L.DISPLAY.get(label.lower(), label)
        if separator == "_":
            groups[-1].append(label.lower())
            shown += " " + name
        else:
            groups.append([label.lower()])
            joiner = {"": "", ",": ", ", ";": "; "}.get(separator, f" {separator} ") if shown else ""
            shown += joiner + name
        separator = call.get(f"t{i}", ",")
    free = call.get("ft") or call.get("Ft")
    if free:
        shown += (", " if shown else "") + free
        groups += [[w] for w in free.lower().split()]
    notes.tag(*group_tags(groups))
    return f"{shown}:" if shown else ""


_SEPARATORS = frozenset({",", ";"})


def _translation(call: TemplateCall, notes: Notes) -> str:
    """{{Ü|la|placea}}, {{Üt|el|γλύφω|glyphō}}: the foreign word as shown."""
    return call.arg(3) if call.key == "ü" and call.arg(3) else call.arg(2)


def _link(call: TemplateCall, notes: Notes) -> str:
    """{{L|Ziel|Text}}: the text shown."""
    return call.arg(2) or call.arg(1)


def _build_templates() -> dict[str, Handler]:
    table = template_table(T.SILENT_TEMPLATES)
    for key in (*L.DISPLAY, *L.EXACT):
        table[key] = _label_handler(key)
    table["k"] = _kontext
    for name in ("ü", "üt", "üxx", "üxx4", "ü?", "üt?"):
        table[name] = _translation
    table["l"] = _link
    table["w"] = _link
    for name in ("sup", "sub", "lang", "nowrap"):
        table[name] = lambda call, notes: call.arg(1)
    return table


TEMPLATES: dict[str, Handler] = _build_templates()
