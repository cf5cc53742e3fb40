"""The files written from wordlist/format/limits.py for the code that cannot import it: the compiled
move generator's wordlist/_limits.h and the JavaScript reader's js/src/limits.js; and, from
Python's unicodedata, the format's Unicode tables for the JavaScript reader (js/src/unicode.js:
the code points UNICODE_VERSION assigns, and every character's capitals as Python gives them),
whose own Unicode is newer. They are committed; after editing a limit, run in the checkout

    python -m wordlist.format.limits_files

tests/test_limits.py fails while any of them says something else.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

from wordlist.format.limits import SHARED, UNICODE_VERSION

ROOT = Path(__file__).resolve().parents[2]  # the checkout: where the generated files live
C_HEADER = Path("wordlist") / "_limits.h"
JS_MODULE = Path("js") / "src" / "limits.js"
JS_UNICODE = Path("js") / "src" / "unicode.js"
_NOTE = "Written by `python -m wordlist.format.limits_files` from wordlist/format/limits.py: do not edit."


def c_header() -> str:
    """wordlist/_limits.h: each limit as a #define named WORDLIST_<name>."""
    lines = [f"/* {_NOTE} */", "#ifndef WORDLIST_LIMITS_H", "#define WORDLIST_LIMITS_H", ""]
    lines += [f"#define WORDLIST_{name} {value}" for name, value in SHARED.items()]
    return "\n".join([*lines, "", "#endif", ""])


def js_module() -> str:
    """js/src/limits.js: each limit as an exported constant of the same name."""
    lines = [f"// {_NOTE}", ""]
    lines += [f"export const {name} = {value};" for name, value in SHARED.items()]
    return "\n".join([*lines, ""])


def assigned_ranges() -> list[tuple[int, int]]:
    """The code points the format's Unicode version assigns (any category but Cn), as ranges."""
    ranges: list[tuple[int, int]] = []
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) == "Cn":
            continue
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return ranges


def capitals() -> dict[int, str]:
    """Each code point whose capitals (Python's str.upper: full case mapping) are another text."""
    return {code: chr(code).upper() for code in range(sys.maxunicode + 1) if chr(code).upper() != chr(code)}


def _wrapped(items: list[str], width: int = 100) -> list[str]:
    """`items` joined by spaces into JavaScript string lines of at most about `width` characters."""
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) > width:
            lines.append(line)
            line = ""
        line += f"{item} "
    return [f'  "{text.rstrip()}",' for text in [*lines, line] if text]


def js_unicode() -> str:
    """js/src/unicode.js: UNICODE_VERSION, ASSIGNED (its code points as [first, last, ...] pairs)
    and CAPITALS (code point -> Python's str.upper of it)."""
    if unicodedata.unidata_version != UNICODE_VERSION:
        raise RuntimeError(
            f"this Python's Unicode is {unicodedata.unidata_version}, the format's {UNICODE_VERSION}: "
            "generate the tables with Python 3.11"
        )
    ranges = [f"{first:x}-{last:x}" for first, last in assigned_ranges()]
    upper = [f"{code:x}:{'.'.join(f'{ord(c):x}' for c in text)}" for code, text in capitals().items()]
    lines = [
        f"// {_NOTE.replace('from wordlist/format/limits.py', 'from Python 3.11 unicodedata')}",
        "",
        "/** The Unicode version of the format (docs/FORMAT.md): Python 3.11's. */",
        f'export const UNICODE_VERSION = "{UNICODE_VERSION}";',
        "",
        "/** The code points UNICODE_VERSION assigns (any category but Cn): [first, last, ...]. */",
        "export const ASSIGNED = Int32Array.from(",
        "  [",
        *(f"  {line}" for line in _wrapped(ranges)),
        '  ].join(" ").split(/[ -]/),',
        "  (hex) => parseInt(hex, 16),",
        ");",
        "",
        "/** Python's capitals (str.upper) of every character that has others: code point -> text. */",
        "export const CAPITALS = new Map(",
        "  [",
        *(f"  {line}" for line in _wrapped(upper)),
        "  ]",
        '    .join(" ")',
        '    .split(" ")',
        '    .map((entry) => entry.split(":"))',
        "    .map(([code, text]) => [",
        "      parseInt(code, 16),",
        '      String.fromCodePoint(...text.split(".").map((c) => parseInt(c, 16))),',
        "    ]),",
        ");",
        "",
    ]
    return "\n".join(lines)


def generated() -> dict[Path, str]:
    """The generated files (paths from the checkout's root) and what they must hold."""
    return {C_HEADER: c_header(), JS_MODULE: js_module(), JS_UNICODE: js_unicode()}


def main(root: Path = ROOT) -> int:
    """Write the generated files under `root` (the checkout); say which ones changed."""
    for path, text in generated().items():
        target = root / path
        if target.is_symlink() or (target.exists() and not target.is_file()):
            print(f"error: {target}: not a regular file, left as it is", file=sys.stderr)
            return 1
        if target.exists() and target.read_text(encoding="utf-8") == text:
            continue
        temporary = target.with_name(f".{target.name}.tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(target)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
