"""An npm package of a language's lists, written directly as the tarball `npm pack` makes.

`package/` holds package.json, the lists (`<lang>/<profile>/`), LICENSE.md, README.md, and a
module (index.js, typed by index.d.ts) that names each list's files as URLs relative to itself
(`new URL("./en/balda/words.dawg", import.meta.url)`, which bundlers turn into assets) and
loads a list in Node with the JavaScript reader, `wiktionary-wordlist`, a peer dependency: the
game installs the reader it uses, and the data package does not bring a second one.
"""

from __future__ import annotations

import json
from pathlib import Path

from wordlist.format import ALPHABET_JSON, GAME_JSON, LICENSE_MD, MANIFEST_JSON, WORDS_DAWG
from wordlist_pipeline.packages.archives import Member, write_tgz
from wordlist_pipeline.packages.plan import Release
from wordlist_pipeline.packages.readme import readme

READER = "wiktionary-wordlist"  # js/package.json's name: the JavaScript reader
READER_VERSIONS = ">=0.3.0"  # the first reader with Lexicon.load of a file: URL (and the format 2)


def tarball_name(release: Release) -> str:
    """wiktionary-wordlist-data-en-2026.11.1.tgz, as `npm pack` names it."""
    return f"{release.distribution}-{release.version}.tgz"


def write_npm_package(release: Release, out_dir: Path) -> Path:
    """The release's npm tarball in `out_dir`; its path."""
    path = out_dir / tarball_name(release)
    members = [
        Member("package/package.json", _dumps(_package_json(release))),
        Member("package/index.js", _index_js(release).encode("utf-8")),
        Member("package/index.d.ts", _index_d_ts(release).encode("utf-8")),
        Member("package/README.md", readme(release).encode("utf-8")),
        Member(f"package/{LICENSE_MD}", release.notice().encode("utf-8")),
    ]
    for item in release.lists:
        members += [Member(f"package/{item.name}/{name}", item.folder / name) for name in item.files()]
    write_tgz(path, members)
    return path


def _package_json(release: Release) -> dict:
    language = release.language
    return {
        "name": release.distribution,
        "version": release.version,
        "description": release.summary(),
        "type": "module",
        "main": "./index.js",
        "types": "./index.d.ts",
        "exports": {
            ".": {"types": "./index.d.ts", "default": "./index.js"},
            "./package.json": "./package.json",
            f"./{language}/*": f"./{language}/*",  # the files themselves, for bundlers and servers
        },
        "files": ["index.js", "index.d.ts", LICENSE_MD, "README.md", f"{language}/"],
        "sideEffects": False,
        "license": f"({release.license.expression})",
        "author": release.license.authors,
        "keywords": ["wiktionary", "word list", "dawg", "word game", "dictionary", language],
        "peerDependencies": {READER: READER_VERSIONS},
    }


def _index_js(release: Release) -> str:
    lists = []
    for item in release.lists:
        base = f"./{item.name}/"
        urls = {
            "manifest": MANIFEST_JSON,
            "alphabet": ALPHABET_JSON,
            "dawg": WORDS_DAWG,
            "game": GAME_JSON if GAME_JSON in item.manifest.files else None,
        }
        fields = ",\n".join(
            f"    {key}: " + (f"new URL({json.dumps(base + name)}, import.meta.url)" if name else "null")
            for key, name in urls.items()
        )
        lists.append(f"  {json.dumps(item.manifest.profile)}: Object.freeze({{\n{fields},\n  }}),")
    profiles = ", ".join(release.profiles)
    return f"""// {release.distribution} {release.version}: {release.summary()}.
// Licence {release.license.expression} (LICENSE.md): Wiktionary's text, not MIT.
//
//   import {{ load, lists }} from "{release.distribution}";
//   const lexicon = await load("{release.profiles[0]}");   // Node, with the reader {READER} installed
//   fetch(lists["{release.profiles[0]}"].dawg);               // a browser: the file's URL (bundlers copy it)

export const language = {json.dumps(release.language)};
export const version = {json.dumps(release.version)};
export const license = {json.dumps(release.license.expression)};
export const attribution = {json.dumps(release.license.attribution, ensure_ascii=False)};

/** Each list's files as URLs: manifest.json, alphabet.json, words.dawg, and game.json or null. */
export const lists = Object.freeze({{
{chr(10).join(lists)}
}});

/** The folder of list `profile`, as a URL (a file: URL in Node). */
export function folder(profile) {{
  if (typeof profile !== "string" || !Object.hasOwn(lists, profile)) {{
    const name = JSON.stringify(profile);
    throw new RangeError(`no word list ${{name}} in {release.distribution} (it has: {profiles})`);
  }}
  return new URL(".", lists[profile].manifest);
}}

/** List `profile` loaded by the reader (Node): its manifest first, every file checked against it. */
export async function load(profile, options) {{
  const where = folder(profile);
  const {{ Lexicon }} = await import({json.dumps(READER)});
  return Lexicon.load(where, options);
}}
"""


def _index_d_ts(release: Release) -> str:
    profiles = " | ".join(json.dumps(p) for p in release.profiles)
    return f"""// Types of {release.distribution} (written with the package by `wordlist package`).
import type {{ Lexicon, LoadOptions }} from "{READER}";

export type Profile = {profiles};

/** A list's files, as URLs relative to the package. */
export interface ListFiles {{
  readonly manifest: URL;
  readonly alphabet: URL;
  readonly dawg: URL;
  /** game.json, for a list with a tile game; else null. */
  readonly game: URL | null;
}}

export declare const language: string;
export declare const version: string;
/** The data's SPDX licence expression. */
export declare const license: string;
/** The line crediting Wiktionary's contributors, to show with the data. */
export declare const attribution: string;
export declare const lists: Readonly<Record<Profile, ListFiles>>;
/** The folder of a list, as a URL. */
export declare function folder(profile: Profile): URL;
/** A list loaded by the reader (Node). */
export declare function load(profile: Profile, options?: LoadOptions): Promise<Lexicon>;
"""


def _dumps(document: dict) -> bytes:
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
