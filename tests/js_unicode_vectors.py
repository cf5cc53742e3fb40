"""Vectors for the Unicode of the format (docs/FORMAT.md): Python 3.11's, Unicode 14.0.0, which the
JavaScript reader follows though its own is newer (Node 20: Unicode 17).

Where JavaScript's own answers differ from Python's is found once, when the vectors are written
(`newer_unicode_inputs` runs Node on every code point and compares): the capitals a newer Unicode
gave to old letters (ƛ, ɤ), the letters it added, that lower-case or compose (Ꟛ, U+1C89) or that
a newer Unicode composes. Those inputs, and text around them (a final sigma, a combining mark), go
into the vectors with the Python library's answers only: js/test/unicode.test.js checks that the
reader gives them. Node's answers are never kept.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import unicodedata

from wordlist.format import Alphabet, FormatError
from wordlist.format.limits import UNICODE_VERSION

# Every code point's lower-case, capitals and composed form in Node, and the composed form of each
# character's canonical decomposition: only where they are not the character itself.
NODE_SCRIPT = r"""
const out = { lower: [], upper: [], nfc: [], composed: [] };
for (let code = 0; code <= 0x10ffff; code++) {
  if (code >= 0xd800 && code < 0xe000) continue;
  const char = String.fromCodePoint(code);
  if (char.toLowerCase() !== char) out.lower.push([code, char.toLowerCase()]);
  if (char.toUpperCase() !== char) out.upper.push([code, char.toUpperCase()]);
  if (char.normalize("NFC") !== char) out.nfc.push([code, char.normalize("NFC")]);
  const decomposed = char.normalize("NFD");
  if (decomposed !== char) out.composed.push([decomposed, decomposed.normalize("NFC")]);
}
console.log(JSON.stringify(out));
"""
# Text around each input: a final sigma (lower-cased by what follows it), a combining mark, letters
CONTEXTS = ["{}", "ΑΣ{}", "{}Σ", "Σ{}Α", "a{}\u0301", "{}\u0308", "A\u0308{}", "-{}-", "{}{}"]


def newer_unicode_inputs() -> list[str]:
    """The characters and texts on which Node's own lower-casing, capitals or composing are not
    Python's (found by running Node once on every code point), sorted."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node not found: the JavaScript reader's tests need Node 20 or later")
    run = subprocess.run([node, "-e", NODE_SCRIPT], capture_output=True, text=True, timeout=300, check=True)
    found = json.loads(run.stdout)
    inputs: set[str] = set()
    for kind, python in (("lower", str.lower), ("upper", str.upper)):
        differ = {code for code, text in found[kind] if python(chr(code)) != text}
        differ |= {c for c in range(sys.maxunicode + 1) if python(chr(c)) != chr(c)} - {
            c for c, _ in found[kind]
        }
        inputs |= {chr(code) for code in differ if not 0xD800 <= code < 0xE000}
    nfc = dict(found["nfc"])
    inputs |= {chr(c) for c, text in nfc.items() if unicodedata.normalize("NFC", chr(c)) != text}
    inputs |= {text for text, composed in found["composed"] if unicodedata.normalize("NFC", text) != composed}
    return sorted(inputs)


def unicode_vectors() -> dict:
    """The inputs where Node's own Unicode is not the format's, with the library's answers:
    normalized by a lower-casing alphabet and by a case-sensitive one, shown in capitals, and taken
    (or refused) as a letter."""
    inputs = newer_unicode_inputs()
    lowering = Alphabet("xx", "a", language_name="lower-casing")
    keeping = Alphabet("xx", "aA", language_name="case-sensitive", lowercase=False)
    texts = sorted({context.format(text, text) for text in inputs for context in CONTEXTS})
    letters = []
    for text in inputs:
        if len(text) == 1:
            try:
                Alphabet("xx", text, language_name="one letter", lowercase=False)
            except FormatError as error:
                letters.append({"letter": text, "error": str(error)})
            else:
                letters.append({"letter": text, "error": None})
    return {
        "unicode_version": unicodedata.unidata_version,
        "format_unicode_version": UNICODE_VERSION,
        "inputs": inputs,
        "alphabets": {"lowering": lowering.to_json(), "keeping": keeping.to_json()},
        "normalize": [
            {"text": text, "lowering": lowering.normalize(text), "keeping": keeping.normalize(text)}
            for text in texts
        ],
        "display": [{"text": text, "expect": lowering.display(text)} for text in texts],
        "letters": letters,
    }
