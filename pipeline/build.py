"""The main job: dumps -> entries tables -> every profile's word list, under one output folder.

outputs/<lang>/entries.parquet      the extraction (pipeline.extract)
outputs/<lang>/source.json          which dump it came from, and the extraction's counts
outputs/<lang>/<profile>/           one word list per profile covering the language
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from wordlist.errors import WordlistError
from wordlist.format import Manifest, read_json, read_manifest
from wordlist_pipeline.artefacts import dumps_json, sha256_file, write_word_list
from wordlist_pipeline.atomic import write_text
from wordlist_pipeline.dump.reader import read_siteinfo
from wordlist_pipeline.errors import ProfileError
from wordlist_pipeline.extract import ExtractResult, extract
from wordlist_pipeline.profile import Profile, available_profiles, load_profile
from wordlist_pipeline.select import read_definitions, read_entries, select

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_DIR = ROOT / "dumps" / "sample"
DEFAULT_OUTPUT = Path("outputs")
ENTRIES = "entries.parquet"
SOURCE = "source.json"


def sample_dumps(directory: Path = SAMPLE_DIR) -> dict[str, Path]:
    """The committed sample dumps, by language."""
    return dumps_by_language(sorted(directory.glob("*-sample-pages-articles-multistream.xml.bz2")))


def dumps_by_language(dumps: list[Path]) -> dict[str, Path]:
    """Each dump under its edition's language, read from its header (never from its file name)."""
    by_lang: dict[str, Path] = {}
    for dump in dumps:
        edition = read_siteinfo(dump).edition
        if edition is None:
            raise WordlistError(f"{dump}: the dump's header does not say which Wiktionary it is from")
        if edition in by_lang:
            raise WordlistError(f"{dump}: a second {edition} dump (the first is {by_lang[edition]})")
        by_lang[edition] = dump
    return by_lang


def source_document(result: ExtractResult) -> dict:
    """What a word list records about where it comes from (no timestamps: builds are deterministic)."""
    date = re.search(r"(?<!\d)(\d{8})(?!\d)", result.dump.name)
    return {
        "dump": result.dump.name,
        "dump_bytes": result.dump.stat().st_size,
        "dump_date": date.group(1) if date else None,
        "dbname": result.siteinfo.dbname,
        "generator": result.siteinfo.generator,
        "edition": result.lang,
        "entries_sha256": sha256_file(result.output),
        "extraction": result.stats.to_dict(),
    }


@dataclass
class BuildResult:
    extractions: dict[str, ExtractResult] = field(default_factory=dict)
    word_lists: dict[tuple[str, str], Manifest] = field(default_factory=dict)  # (lang, profile) -> manifest


def resolve_profiles(names: list[str] | None, langs: list[str]) -> list[Profile]:
    """The profiles to build; asking for one that does not cover a requested language is an error."""
    profiles = [load_profile(name) for name in (names or available_profiles())]
    if names:
        for profile in profiles:
            missing = [lang for lang in langs if lang not in profile.languages]
            if missing and len(langs) == 1:
                raise ProfileError(
                    f"{profile.path}: profile {profile.name!r} has no word list for language {missing[0]!r} "
                    f"(its languages: {', '.join(profile.languages)})"
                )
    return profiles


def build(
    dumps: dict[str, Path] | None = None,
    out_dir: Path = DEFAULT_OUTPUT,
    *,
    profiles: list[str] | None = None,
    langs: list[str] | None = None,
    workers: int | None = None,
    from_entries: bool = False,
    run_extract: Callable[..., ExtractResult] = extract,
    on_word_list: Callable[[str, str, Manifest], None] | None = None,
) -> BuildResult:
    """Extract each dump (default: the samples) and build every profile's word list from it.

    With `from_entries`, the entries tables already in `out_dir` are used instead of extracting.
    """
    out_dir = Path(out_dir)
    dumps = dumps if dumps is not None else sample_dumps()
    available = (
        sorted(dumps) if not from_entries else sorted(p.parent.name for p in out_dir.glob(f"*/{ENTRIES}"))
    )
    chosen = langs or available
    for lang in chosen:
        if lang not in available:
            have = ", ".join(available) or "none"
            raise WordlistError(f"no data for language {lang!r} (have: {have}); give its dump with --dump")
    result = BuildResult()
    for lang in chosen:
        entries_path = out_dir / lang / ENTRIES
        if from_entries:
            source = read_json(out_dir / lang / SOURCE) if (out_dir / lang / SOURCE).exists() else {}
        else:
            extraction = run_extract(dumps[lang], entries_path, lang=lang, workers=workers)
            result.extractions[lang] = extraction
            source = source_document(extraction)
            write_text(out_dir / lang / SOURCE, dumps_json(source))
        chosen_profiles = [p for p in resolve_profiles(profiles, [lang]) if lang in p.languages]
        for profile, manifest in write_word_lists(
            entries_path, chosen_profiles, lang, out_dir / lang, source
        ):
            result.word_lists[(lang, profile.name)] = manifest
            if on_word_list is not None:
                on_word_list(lang, profile.name, manifest)
    return result


def write_word_lists(
    entries_path: Path, profiles: list[Profile], lang: str, lang_dir: Path, source: dict
) -> Iterator[tuple[Profile, Manifest]]:
    """Each profile's word list of `lang` from the entries table, written to lang_dir/<profile>.

    Memory is the table once plus small indexes: every profile is decided on the table without
    its definitions (most of its bytes), then the definitions are read once and each list is
    written from them a batch at a time.
    """
    entries = read_entries(entries_path, lang)
    # Side by side (Polars works outside the GIL); a writer needs the decisions' counts, not the
    # decision on every entry.
    with ThreadPoolExecutor(max(1, min(2, len(profiles)))) as threads:
        chosen = [threads.submit(select, entries, profile, lang) for profile in profiles]
        selections = [
            (profile, made.result().without_decisions())
            for profile, made in zip(profiles, chosen, strict=True)
        ]
    del entries, chosen  # (the futures hold the selections with their decisions)
    if not selections:
        return
    definitions = read_definitions(entries_path, lang)
    while selections:  # one list at a time, each list's indexes freed once it is written
        profile, selection = selections.pop(0)
        selection = selection.with_definitions(definitions)
        yield profile, write_word_list(selection, profile, lang, lang_dir / profile.name, source)


def built_manifests(out_dir: Path = DEFAULT_OUTPUT) -> list[Manifest]:
    """The manifests of every word list under `out_dir`."""
    return [read_manifest(path.parent) for path in sorted(Path(out_dir).glob("*/*/manifest.json"))]
