"""English Wiktionary: entries of the ==English== section of a page.

Headings are classified by title, never by their `=` count: a POS heading sits at level 3, or at
level 4 under "Etymology N", and some pages have mismatched `=`s. Each POS section gives one
entry: the head template line says the part of speech and flags; the `#`/`##` lines are the
definitions (`#:` examples and `#*` quotations are not).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from wordlist_pipeline.editions.common import Sense, inherit_labels, make_entry, unique
from wordlist_pipeline.editions.en import labels as L
from wordlist_pipeline.editions.en import tables as T
from wordlist_pipeline.editions.rules import OTHER, FormOfRule, PosRule
from wordlist_pipeline.entries import Entry
from wordlist_pipeline.sections import language_sections, split_sections, strip_comments
from wordlist_pipeline.wikitext import (
    Handler,
    Notes,
    Renderer,
    TemplateCall,
    clean_text,
    parse,
    render_plain_links,
    template_key,
    template_table,
    templates,
)
from wordlist_pipeline.wikitree import Link, Nodes, Tag, Template, plain

LANG = T.LANG_CODE
MARKER = T.LANGUAGE_HEADING  # in every page with an entry (the language heading)
_DEFINITION = re.compile(r"^(#+)(?![#:*])\s*(.*)$")
_TRAILING_NUMBER = re.compile(r"\s*\d+$")
_MAX_CONTINUATION_LINES = 30
_ARTICLE = re.compile(r"^(?:an?|the) ")


def is_english_heading(title: str) -> bool:
    return title.strip() == T.LANGUAGE_HEADING


def parse_page(title: str, text: str, page_id: int = 0) -> list[Entry]:
    """Every entry of the page's English section (empty list if it has none)."""
    if MARKER not in text:
        return []
    renderer = Renderer(TEMPLATES, title, T.LINKS)
    entries = []
    for _, section in language_sections(text, is_english_heading):
        _, subsections = split_sections(strip_comments(section))
        for sub in subsections:
            heading_rule = POS_HEADING_RULES.get(heading_key(sub.title))
            if heading_rule is not None:
                entries.append(parse_pos_section(renderer, sub.title, sub.body, heading_rule, page_id))
    return entries


@lru_cache(maxsize=4096)  # a page's headings are nearly all from a short list
def heading_key(title: str) -> str:
    """'Noun', 'Noun 2', ' proper  noun ' -> table key."""
    return _TRAILING_NUMBER.sub("", " ".join(title.split()).lower())


POS_HEADING_RULES = T.POS_HEADINGS


def parse_pos_section(
    renderer: Renderer, heading: str, body: str, heading_rule: PosRule, page_id: int
) -> Entry:
    lines = body.split("\n")
    # the headword line(s): everything before the first line starting with "#"
    first = 0 if body.startswith("#") else body.find("\n#")
    head = parse_head(body if first < 0 else body[:first])
    pos = heading_rule.pos
    if head.pos == "proper_noun" or pos is None or (pos == "abbreviation" and head.pos):
        pos = head.pos or pos
    senses = inherit_labels((depth, parse_definition(renderer, d)) for depth, d in definition_lines(lines))
    return make_entry(
        word=renderer.title,
        lang=LANG,
        pos=pos or "other",
        senses=senses,
        head_tags=(*heading_rule.tags, *head.tags),
        head_non_lemma=heading_rule.non_lemma or head.non_lemma,
        heading=heading,
        page_id=page_id,
    )


def definition_lines(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(depth, text) of each `#`, `##` ... definition line, with template calls that span lines joined."""
    i = 0
    while i < len(lines):
        match = _DEFINITION.match(lines[i])
        i += 1
        if match is None:
            continue
        text = match.group(2)
        extra = 0
        while text.count("{{") > text.count("}}") and i < len(lines) and extra < _MAX_CONTINUATION_LINES:
            text += " " + lines[i]
            i += 1
            extra += 1
        yield len(match.group(1)), text


@lru_cache(maxsize=4096)  # head lines repeat: {{en-noun}}, {{head|en|noun form}} ...
def parse_head(head_text: str) -> PosRule:
    """Part of speech and flags from the headword line(s): {{en-noun}}, {{head|en|verb form}} ..."""
    if "{{" not in head_text:
        return PosRule()
    pos: str | None = None
    tags: list[str] = []
    non_lemma = False
    for template in templates(parse(head_text)):
        key = template_key(template.name_text())
        found = HEAD_TEMPLATE_RULES.get(key)
        if key == "head":
            found = _head_value_rule(template)
        if found is None:
            continue
        pos = pos or found.pos
        tags.extend(found.tags)
        non_lemma = non_lemma or found.non_lemma
        if key == "en-noun":
            tags.extend(_noun_number_tags(template))
    return PosRule(pos, tuple(unique(tags)), non_lemma)


HEAD_TEMPLATE_RULES = T.HEAD_TEMPLATES


def _head_value_rule(template: Template) -> PosRule | None:
    positional = template.plain_args()
    if "pos" in template.named:  # very old style: {{head|lang=en|pos=noun}}
        value = plain(template.named["pos"])
    elif positional and positional[0] == LANG and len(positional) > 1:
        value = positional[1]
    else:
        return None
    return T.HEAD_POS_VALUES.get(" ".join(value.split()).lower())


def _noun_number_tags(template: Template) -> list[str]:
    """{{en-noun|p}}: plural only; {{en-noun|-}} with no plural given: uncountable, no plural."""
    positional = template.plain_args()
    if "p" in positional:
        return ["plural_only"]
    if positional == ["-"]:
        return ["singular_only"]
    return []


def parse_definition(renderer: Renderer, line: str) -> Sense:
    """Plain text, tags and form-of targets of one definition line (without its `#` marker)."""
    simple = simple_definition(line)
    return simple if simple is not None else parse_definition_fully(renderer, line)


def parse_definition_fully(renderer: Renderer, line: str) -> Sense:
    """parse_definition through wikitree.parse and the renderer, whatever the line's shape."""
    notes = Notes()
    labels, nodes = _old_context_labels(parse(line), notes)
    text = renderer.render(nodes, notes)
    if not notes.refs:
        _plain_form_of(nodes, notes)
    if labels:
        text = f"({', '.join(labels)}) {text}".strip()
    return Sense(text, tuple(notes.tags), tuple(notes.refs))


# --- the fast path for definitions in the commonest shape -----------------------------------------
# Most definition lines are "{{lb|en|label}} Words and [[links]]." or just words and links.
# Tokenizing is most of a line's cost, so a line in that shape, with no character that could open
# other markup there (a template, tag, entity, external link, or a list or heading at its start),
# is put together directly: the same Sense as the full path gives, which the tests check line by
# line on real and synthetic pages and on random lines of markup characters.
# Mid-line, none of these characters starts markup ('' is checked apart); the tokenizer stops at a
# NUL, which XML text never holds.
_TEXT = r"[^{}\[\]<>&:\n\x00]"
_LINK_CHARS = r"[^{}\[\]<>&:\n\x00|]"  # and a target must not start with "//" (an external link)
_SIMPLE_DEFINITION = re.compile(
    r"(?:\{\{lb\|en((?:\|[^{}\[\]<>&:\n\x00|=']*+)*+)\}\})?"  # labels: {{lb|en|a|b}}
    rf"((?:{_TEXT}++|\[\[(?!//){_LINK_CHARS}++(?:\|{_LINK_CHARS}++)?\]\])*+)"  # possessive: no backtracking
)
_LINE_START_MARKUP = frozenset("#*;=-|!")  # lists, headings, rules and tables at a line's start


def simple_definition(line: str) -> Sense | None:
    """parse_definition's result for a line in the commonest shape (see above); None for others."""
    match = _SIMPLE_DEFINITION.fullmatch(line)
    if match is None or "''" in line:
        return None
    label_args, body = match.groups()
    if label_args is None and line[:1] in _LINE_START_MARKUP:
        return None
    first_text = body.partition("[[")[0]
    if first_text and not first_text.isspace() and first_text.rstrip().endswith(" of"):
        return None  # maybe a form-of phrase ("Plural of [[cat]]"): _plain_form_of decides
    body = render_plain_links(body)
    if label_args is None:
        return Sense(clean_text(body))
    shown, tags = _simple_labels(label_args)
    return Sense(clean_text(shown + body), tags)


@lru_cache(maxsize=4096)  # label lists repeat: "|slang", "|transitive" ...
def _simple_labels(label_args: str) -> tuple[str, tuple[str, ...]]:
    """What {{lb|en<label_args>}} shows, and its tags."""
    notes = Notes()
    shown = _label_text([" ".join(arg.split()) for arg in label_args.split("|")[1:]], notes)
    return shown, tuple(notes.tags)


def _old_context_labels(nodes: Nodes, notes: Notes) -> tuple[list[str], Nodes]:
    """Pre-2010 pages start definitions with bare label templates: {{biology}}, {{slang}}.

    A parameterless template before any text, that the edition does not otherwise know, is such
    a label: it is shown in parentheses, and tagged if it is a register label. Returns the labels
    and the nodes after them.
    """
    labels = []
    rest = 0
    for i, node in enumerate(nodes):
        if isinstance(node, str) and not node.strip():
            continue
        if not isinstance(node, Template) or node.positional:
            break
        key = template_key(node.name_text())
        if key in TEMPLATES or not key.replace(" ", "").replace("-", "").isalpha():
            break
        labels.append(key)
        notes.tag(*L.LABELS.tags(key))
        rest = i + 1
    return labels, nodes[rest:]


# --- template handlers --------------------------------------------------------------------------


def _target_args(call: TemplateCall) -> tuple[str, list[str]]:
    """(target, remaining args) of a form-of template in either argument convention, as plain text."""
    args = call.args()
    if call.key.startswith("en-") or call.has("lang"):
        return (args[0] if args else ""), args[1:]
    if len(args) >= 2 and args[0] == LANG:
        return args[1], args[2:]
    return (args[0] if args else ""), args[1:]


def _clean_target(text: str) -> str:
    return text.partition("#")[0].strip()


def form_of_handler(found: FormOfRule) -> Handler:
    def render(call: TemplateCall, notes: Notes) -> str:
        target_text, rest = _target_args(call)
        target = _clean_target(target_text)
        rule = found
        if call.key == "form of":  # {{form of|en|<form text>|<lemma>}}: the description comes first
            description, target = target, _clean_target(rest[0]) if rest else ""
            rule = described_form(description)
            text = f"{description} of"
        elif call.key in ("inflection of", "infl of"):  # |lemma|alt|tag|tag...
            text = T.INFLECTION_TAGS.get("|".join(a for a in rest[1:] if a), found.text)
        else:
            text = found.text
        display = rest[0] if rest and rest[0] and call.key != "form of" else ""
        note_form(rule, (target,), notes)
        shown = display or target
        return f"{text[:1].upper()}{text[1:]} {shown}".strip()

    return render


def described_form(description: str) -> FormOfRule:
    """What {{form of|<description>|X}} makes of its entry: only a description naming an
    inflection ("Plural form", "Past tense") makes a non-lemma; "Shortened form" (van of caravan)
    and anything else are the word's own senses."""
    words = set(description.lower().replace("-", " ").split())
    for kind, markers in T.DESCRIBED_FORMS:
        if words & markers:
            return FormOfRule(kind, f"{description.lower()} of")
    return FormOfRule(OTHER, f"{description.lower()} of")


def note_form(rule: FormOfRule, targets: tuple[str, ...], notes: Notes) -> None:
    """Record a form-of relation: the targets it points to, the tag of its kind, the tags it implies."""
    for target in targets:
        notes.ref(rule.kind, target)
    if rule.kind in _KIND_TAG:
        notes.tag(_KIND_TAG[rule.kind])
    notes.tag(*rule.tags)


_KIND_TAG = {
    "alternative": "alternative_form",
    "misspelling": "misspelling",
    "abbreviation": "abbreviation",
    "acronym": "acronym",
    "initialism": "initialism",
}


def _plain_form_of(nodes: Nodes, notes: Notes) -> None:
    """A form-of definition written as text: "Abbreviation of [[in aid of]]", "eye dialect
    spelling of [[here]], [[hear]]". Recognised like the template it stands for when the phrase
    (after any labels) is one of T.PLAIN_FORM_OF and links follow it."""
    first = 0  # the first text, after any labels ({{lb|en|UK}}) before it
    for node in nodes:
        if type(node) is str and not node.isspace():
            break
        if type(node) is not Template:
            return
        first += 1
    else:
        return
    if not node.rstrip().endswith(" of"):
        return  # the cheap test: most definitions are not phrased so
    phrase = " ".join(node.split()).lower()
    rule = T.PLAIN_FORM_OF.get(_ARTICLE.sub("", phrase))
    if rule is None:
        return
    targets: list[str] = []
    for node in nodes[first + 1 :]:
        if type(node) is str:
            if node.strip() in _LINK_SEPARATORS:
                continue
            break
        target = _linked_word(node)
        if target is None:
            break
        targets.append(target)
    if targets:
        note_form(rule, tuple(targets), notes)


_LINK_SEPARATORS = frozenset({"", ",", "or", "and", ", or", ", and", "/"})
_EMPHASIS = frozenset({"''", "'''"})


def _linked_word(node: object) -> str | None:
    """The page a link points to: [[here]], [[here|Here]], {{l|en|here}}, bold or italic [[here]]."""
    if isinstance(node, Link):
        target = plain(node.title).partition("#")[0].strip()
        return target if target and ":" not in target else None
    if isinstance(node, Template) and template_key(node.name_text()) in ("l", "m", "l-self"):
        args = node.plain_args()
        return (args[1].partition("#")[0].strip() or None) if len(args) > 1 else None
    if isinstance(node, Tag) and node.markup in _EMPHASIS and node.contents:
        inner = [n for n in node.contents if not (type(n) is str and not n.strip())]
        return _linked_word(inner[0]) if len(inner) == 1 else None
    return None


def _labels(call: TemplateCall, notes: Notes) -> str:
    """{{lb|en|a|b}}, {{lbl}}, {{label}}, and the 2010-era {{context|a|b|lang=en}} / {{cx}}."""
    args = call.args()
    if call.key in ("lb", "lbl", "label", "lb-lite") and args:
        args = args[1:]  # language code
    return _label_text(args, notes)


def _label_text(args: list[str], notes: Notes) -> str:
    """The labels shown in parentheses, joined as Module:labels does; their tags go to `notes`.
    "_", "and", "or", ",", ";" join the labels on either side of them, and show nothing alone."""
    shown = ""
    joiner = ""  # what goes before the next label
    for label in (a for a in args if a):
        key = label.lower()
        if key in L.LABEL_JOINERS:
            joiner = L.LABEL_JOINERS[key] if shown else ""
            continue
        notes.tag(*L.LABELS.tags(key))
        shown += joiner + label
        joiner = " " if key in L.LABEL_QUALIFIERS else ", "  # "chiefly nautical", "now rare"
    return f"({shown.strip()})" if shown.strip() else ""


def _label_template(tags: tuple[str, ...], shown: str) -> Handler:
    def render(call: TemplateCall, notes: Notes) -> str:
        notes.tag(*tags)
        return f"({shown})"

    return render


def _qualifier(call: TemplateCall, notes: Notes) -> str:
    args = [a for a in call.args() if a]
    for arg in args:
        notes.tag(*L.LABELS.tags(arg))
    return f"({', '.join(args)})" if args else ""


def _gloss(call: TemplateCall, notes: Notes) -> str:
    text = call.arg(1)
    return f"({text})" if text else ""


def _link(call: TemplateCall, notes: Notes) -> str:
    """{{l|en|term|alt}}, {{m|en|term}}: the displayed form."""
    args = call.args()
    term = args[1] if len(args) > 1 else ""
    alt = args[2] if len(args) > 2 else ""
    return (alt or term).partition("#")[0]


def _wikipedia_link(call: TemplateCall, notes: Notes) -> str:
    return call.arg(2) or call.arg(1)


def _first_arg(call: TemplateCall, notes: Notes) -> str:
    return call.arg(1)


def _name_args(call: TemplateCall) -> list[str]:
    """Arguments after the language: {{given name|en|male}} today, {{given name|male|lang=en}} in 2018."""
    args = [a for a in call.args() if a]
    return args[1:] if args[:1] == [LANG] else args


def _given_name(call: TemplateCall, notes: Notes) -> str:
    gender = call.get("gender") or next(iter(_name_args(call)), "")
    return f"A {gender} given name" if gender else "A given name"


def _surname(call: TemplateCall, notes: Notes) -> str:
    qualifier = next(iter(_name_args(call)), "")
    return f"A {qualifier} surname" if qualifier else "A surname"


def _place(call: TemplateCall, notes: Notes) -> str:
    """{{place|en|state|in northeastern|c/India}}: "A state in northeastern India".

    Arguments after the place type are free text or holonyms ("c/India": country India); a
    holonym that does not follow free text gets "in" ("of" after a capital).
    """
    args = [a for a in (call.args()[1:] if call.arg(1) == LANG else call.args()) if a]
    if not args:
        return "A place"
    kind = args[0].split("/")[-1].split(",")[0].strip()
    is_capital = kind.startswith("capital")
    words = ["The" if is_capital else ("An" if kind[:1].lower() in "aeiou" else "A"), kind]
    after_text = False  # free text like "in northeastern" brings its own preposition
    for arg in args[1:]:
        _, slash, name = arg.partition("/")
        if not slash:
            words.append(arg)
            after_text = True
            continue
        if not after_text:
            words.append("of" if is_capital else "in")
        words.append(name.partition(",")[0].strip())
        is_capital = after_text = False
    return " ".join(words)


_ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth twenty-first twenty-second twenty-third "
    "twenty-fourth twenty-fifth twenty-sixth"
).split()  # fmt: skip


def _latin_letter(call: TemplateCall, notes: Notes) -> str:
    """{{Latn-def|en|letter|1|a}}: "The first letter of the English alphabet, written in the Latin script"."""
    kind, number = call.arg(2), call.arg(3)
    known = number.isascii() and number.isdigit() and 0 < int(number) <= len(_ORDINALS)  # not int('²')
    nth = _ORDINALS[int(number) - 1] if known else number
    if kind == "ordinal":
        return f"The ordinal number {nth}, derived from this letter of the English alphabet."
    if kind == "name":
        return f"The name of the Latin-script letter {call.arg(4) or call.renderer.title}."
    return f"The {nth} letter of the English alphabet, written in the Latin script."


def _ellipsis(call: TemplateCall, notes: Notes) -> str:
    return "…"


def _literally(call: TemplateCall, notes: Notes) -> str:
    """{{&lit|deep|sleep|lang=en}} (today {{&lit|en|deep|sleep}}): the sense that is the sum of its parts."""
    terms = _name_args(call)
    if not terms:
        return ""
    end = "" if call.get("nodot") else call.get("dot", ".")
    return f"Used other than figuratively or idiomatically: see {', '.join(terms)}{end}"


def _build_templates() -> dict[str, Handler]:
    table = template_table(T.SILENT_TEMPLATES)
    for name, found in T.FORM_OF.items():
        table[name] = form_of_handler(found)
    for name in ("lb", "lbl", "label", "lb-lite", "context", "cx"):
        table[name] = _labels
    for name, tags in L.EXACT.items():
        if " " not in name and name not in table:
            table[name] = _label_template(tags, name)
    for name in _QUALIFIER_TEMPLATES:
        table[name] = _qualifier
    for name in ("gloss", "gl"):
        table[name] = _gloss
    for name in ("l", "m", "mention", "link", "l-self", "ll", "term"):
        table[name] = _link
    table["term"] = lambda call, notes: (
        (call.arg(2) or call.arg(1)) if call.has("lang") else _link(call, notes)
    )
    for name in ("w", "wikipedia link", "pedlink"):
        table[name] = _wikipedia_link
    for name in (
        "non-gloss definition",
        "non-gloss",
        "n-g",
        "ng",
        "ngd",
        "n-g-lite",
        "ng-lite",
        "taxlink",
        "taxfmt",
        "vern",
        "smallcaps",
        "small",
        "upright",
        "sub",
        "sup",
        "nowrap",
        "w2",
    ):
        table[name] = _first_arg
    table["lang"] = lambda call, notes: call.arg(2)
    table["given name"] = _given_name
    table["surname"] = _surname
    table["place"] = _place
    table["latn-def"] = _latin_letter
    table["glossary"] = _wikipedia_link  # {{glossary|anchor|shown}}
    table["used in phrasal verbs"] = lambda call, notes: "Used in phrasal verbs"
    for name in ("...", "nb...", "…"):
        table[name] = _ellipsis
    table["&lit"] = _literally
    return table


_QUALIFIER_TEMPLATES = ("q", "qual", "qualifier", "i", "qf", "sense", "s", "italbrac")


TEMPLATES: dict[str, Handler] = _build_templates()
