"""The licence and attribution a built word list carries (wordlist.format.License), from its source.

Wiktionary's text is dual-licensed (Wiktionary:Copyrights, and the Wikimedia Terms of Use): the
Creative Commons Attribution-ShareAlike 4.0 International licence, and the GNU Free Documentation
License "Version 1.1 or any later version ... with no Invariant Sections, with no Front-Cover
Texts, and with no Back-Cover Texts". A reuser may choose either, so the SPDX expression is an OR
of the two: `CC-BY-SA-4.0 OR GFDL-1.1-no-invariants-or-later`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from wordlist.format import License, LicenseTerms, Overrides
from wordlist_pipeline.editions import EDITIONS, language_name

CC_BY_SA = LicenseTerms(
    "CC-BY-SA-4.0",
    "Creative Commons Attribution-ShareAlike 4.0 International",
    "https://creativecommons.org/licenses/by-sa/4.0/",
)
GFDL = LicenseTerms(
    "GFDL-1.1-no-invariants-or-later",
    "GNU Free Documentation License 1.1 or any later version, with no Invariant Sections, "
    "no Front-Cover Texts and no Back-Cover Texts",
    "https://www.gnu.org/licenses/fdl-1.3.html",
)
WIKTIONARY_LICENSES = (CC_BY_SA, GFDL)
EXPRESSION = " OR ".join(terms.id for terms in WIKTIONARY_LICENSES)
AUTHORS = "Wiktionary contributors"
NOTICE = (
    "You may use this data under either licence. Credit the Wiktionary contributors (the attribution "
    "line will do) and say what you changed; CC BY-SA asks that what you make from the data be "
    "shared under the same licence. Text imported into Wiktionary under CC BY-SA alone is "
    "available under CC BY-SA 4.0 only. The software that made this list (wiktionary-wordlist) is "
    "under the MIT licence, which does not cover this data."
)
DUMPS_SITE = "https://dumps.wikimedia.org"
# Wikimedia's name of a dump: <dbname>-<YYYYMMDD>-<what>.xml[.bz2]
_WIKIMEDIA_DUMP = re.compile(r"(?P<db>[a-z_]+wiktionary)-(?P<date>\d{8})-[a-z0-9-]+\.xml(\.bz2)?")


def site_of(lang: str, source: Mapping[str, Any]) -> str:
    """The wiki's address: the edition's own (https://en.wiktionary.org/), else Wikimedia's
    naming of the dump's database (frwiktionary: https://fr.wiktionary.org/)."""
    record = EDITIONS.get(lang)
    if record is not None:
        return f"https://{record.host}/"
    dbname = str(source.get("dbname") or f"{lang}wiktionary")
    return f"https://{dbname.removesuffix('wiktionary')}.wiktionary.org/"


def iso_date(date: Any) -> str | None:
    """YYYYMMDD (as a dump's name and the source record hold it) as YYYY-MM-DD; None if not one."""
    if not isinstance(date, str) or not re.fullmatch(r"\d{8}", date):
        return None
    return f"{date[:4]}-{date[4:6]}-{date[6:]}"


def dump_url(source: Mapping[str, Any]) -> str | None:
    """Where Wikimedia publishes the dump, when its name is one of theirs (the samples' is not)."""
    name = source.get("dump")
    found = _WIKIMEDIA_DUMP.fullmatch(name) if isinstance(name, str) else None
    if found is None:
        return None
    return f"{DUMPS_SITE}/{found['db']}/{found['date']}/{name}"


def word_list_license(
    lang: str, profile: str, description: str, source: Mapping[str, Any], overrides: Overrides | None = None
) -> License:
    """The License of the word list `profile` of language `lang` built from `source` (source.json),
    with a site's `overrides` applied (the manifest's record of them), if any."""
    site = site_of(lang, source)
    date = iso_date(source.get("dump_date"))
    wiki = f"the {language_name(lang)} Wiktionary"
    dated = f", dump of {date}" if date else ""
    described = f" ({description.rstrip('.')})" if description else ""
    return License(
        expression=EXPRESSION,
        attribution=(
            f"Words and definitions from {wiki} ({site}) by the {AUTHORS}{dated}; CC BY-SA 4.0 or GFDL."
        ),
        licenses=WIKTIONARY_LICENSES,
        notice=NOTICE,
        authors=AUTHORS,
        site=site,
        dump=source.get("dump") if isinstance(source.get("dump"), str) else None,
        dump_date=date,
        dump_url=dump_url(source),
        changes=(
            f"The entries of {wiki}'s pages were selected by the word list's profile, {profile!r}"
            f"{described}; page titles were normalized to game words (alphabet.json); the "
            "definitions were rendered from wikitext as plain text." + overrides_changes(overrides)
        ),
    )


def overrides_changes(overrides: Overrides | None) -> str:
    """What a site's overrides file did to the list, as the licence's "what was changed" says it
    (CC BY-SA asks a reuser to say what was changed: the words a site added or removed are)."""
    if overrides is None:
        return ""
    return (
        f" Then the site's own overrides file {overrides.file} added {overrides.added:,} and removed "
        f"{overrides.removed:,} words or parts of speech (each listed in manifest.json, `overrides`); "
        "a definition it gave is the site's text, not Wiktionary's."
    )
