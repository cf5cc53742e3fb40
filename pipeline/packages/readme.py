"""The README of a language's packages: what they hold, how each is used, and the data's licence."""

from __future__ import annotations

from wordlist_pipeline.packages.plan import Release


def readme(release: Release) -> str:
    """README.md of the wheel (its description), the npm package and the archive."""
    first = release.profiles[0]
    lists = "\n".join(
        f"- `{item.name}`: {item.manifest.counts.words:,} words, {item.manifest.counts.definitions:,} "
        f"definitions ({item.manifest.description})"
        for item in release.lists
    )
    license = release.license
    return f"""# {release.distribution} {release.version}

{release.summary()}, built by [wiktionary-wordlist](https://pypi.org/project/wiktionary-wordlist/)
(`wordlist package`). The folders `{release.language}/<profile>/` are word lists in its format
(format 2: `words.dawg`, `alphabet.json`, `manifest.json`, `words.parquet`, `words.txt`, and
`game.json` for a tile game).

{lists}

Python (the wheel; the library finds the lists through the entry point `wordlist.lists`):

```python
from wordlist import Lexicon
lexicon = Lexicon.open("{release.language}", "{first}")
```

Node (the npm package, with the reader `wiktionary-wordlist` installed beside it):

```js
import {{ load, lists }} from "{release.distribution}";
const lexicon = await load("{first}"); // lists["{first}"].dawg ...: the files' URLs, for bundlers
```

Engines (the archive): the list folders, each with `words.sqlite`, and `SHA256SUMS`.

## Licence

{license.attribution}

`{license.expression}`: the data is Wiktionary's text, under its licences (LICENSE.md), not under
the MIT licence of the software that made it.
"""
