"""The files written from wordlist/format/limits.py for the code that cannot import it: the C core's
core/include/wordlist_limits.h and the JavaScript reader's js/src/limits.js. They are
committed; after editing a limit, run in the checkout

    python -m wordlist.format.limits_files

tests/test_limits.py fails while either file says something else.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordlist.format.limits import SHARED

ROOT = Path(__file__).resolve().parents[2]  # the checkout: where the generated files live
C_HEADER = Path("core") / "include" / "wordlist_limits.h"
JS_MODULE = Path("js") / "src" / "limits.js"
_NOTE = "Written by `python -m wordlist.format.limits_files` from wordlist/format/limits.py: do not edit."


def c_header() -> str:
    """core/include/wordlist_limits.h: each limit as a #define named WORDLIST_<name>."""
    lines = [f"/* {_NOTE} */", "#ifndef WORDLIST_LIMITS_H", "#define WORDLIST_LIMITS_H", ""]
    lines += [f"#define WORDLIST_{name} {value}" for name, value in SHARED.items()]
    return "\n".join([*lines, "", "#endif", ""])


def js_module() -> str:
    """js/src/limits.js: each limit as an exported constant of the same name."""
    lines = [f"// {_NOTE}", ""]
    lines += [f"export const {name} = {value};" for name, value in SHARED.items()]
    return "\n".join([*lines, ""])


def generated() -> dict[Path, str]:
    """The generated files (paths from the checkout's root) and what they must hold."""
    return {C_HEADER: c_header(), JS_MODULE: js_module()}


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
