"""The main job: dumps -> entries tables -> every profile's word list, under one output folder.

outputs/<lang>/entries.parquet      the extraction (pipeline.extract)
outputs/<lang>/source.json          which dump it came from, and the extraction's counts
outputs/<lang>/<profile>/           one word list per profile covering the language
"""

from __future__ import annotations

import importlib
import json
import os
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from wordlist.errors import WordlistError
from wordlist.export import FORMATS as EXPORT_FILES
from wordlist.format import ARTEFACT_FILES, GAME_JSON, MANIFEST_JSON, Manifest, dumps_json
from wordlist.format.base import LANGUAGE_CODE, LEAVES_JSON, check_language
from wordlist_pipeline.atomic import check_replaceable, sha256_file, write_text
from wordlist_pipeline.dump.limit import MAX_PAGE_BYTES
from wordlist_pipeline.dump.multistream import default_index_path, dump_header
from wordlist_pipeline.errors import DumpError, InputError, OutputError, ProfileError, first_line
from wordlist_pipeline.extract import (
    ExtractResult,
    check_max_page_bytes,
    check_workers,
    extract,
    resolve_lang,
)
from wordlist_pipeline.overrides import ListOverrides, OverridesFile, load_overrides
from wordlist_pipeline.paths import SAMPLE_DIR, check_input_file, check_output_file, check_output_folder
from wordlist_pipeline.profile import Profile, available_profiles, load_profile

DEFAULT_OUTPUT = Path("outputs")
ENTRIES = "entries.parquet"
SOURCE = "source.json"
# what a word list's folder holds: the artefacts, and the exports `wordlist export` writes beside them
# and the leave values `wordlist leaves` learns (a rebuild drops those: they describe the old list)
WORD_LIST_FILES = {*ARTEFACT_FILES, GAME_JSON, LEAVES_JSON, MANIFEST_JSON, *EXPORT_FILES.values()}


def sample_dumps(directory: Path = SAMPLE_DIR) -> dict[str, Path]:
    """The committed sample dumps, by language."""
    return dumps_by_language(sorted(directory.glob("*-sample-pages-articles-multistream.xml.bz2")))


def dumps_by_language(dumps: list[Path]) -> dict[str, Path]:
    """Each dump under its edition's language, read from its header (never from its file name;
    `dump_header` reads it once a build: the plan and the extraction get it from there)."""
    by_lang: dict[str, Path] = {}
    for dump in dumps:
        check_input_file(dump, "a dump", DumpError)  # (missing, a folder...: said as such)
        edition = dump_header(dump).siteinfo.edition
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


@dataclass(frozen=True)
class BuildPlan:
    """What build() will write, from what: every input read and every output checked beforehand."""

    out_dir: Path
    langs: list[str]
    dumps: dict[str, Path]  # lang -> dump (not used with from_entries)
    profiles: dict[str, list[Profile]]  # lang -> the profiles to build for it
    sources: dict[str, dict]  # lang -> source.json (from_entries only)
    overrides: dict[str, dict[str, ListOverrides]] = field(default_factory=dict)  # lang -> profile -> its


def resolve_profiles(
    names: list[str] | None, langs: list[str], *, explicit_langs: bool = True
) -> list[Profile]:
    """The profiles to build (default: the shipped ones), each checked against the languages.

    A profile asked for by name must cover one of `langs`, and every one of them when the
    languages were asked for too (`explicit_langs`). Two different profiles of one name would
    write one folder: an error.
    """
    profiles: list[Profile] = []
    for profile in (load_profile(name) for name in (names or available_profiles())):
        same = next((p for p in profiles if p.name == profile.name), None)
        if same is not None:
            if same.path.resolve() != profile.path.resolve():
                raise ProfileError(
                    f"{profile.path}: a second profile named {profile.name!r} (the first is {same.path})"
                )
            continue
        profiles.append(profile)
    if names:
        for profile in profiles:
            missing = [lang for lang in langs if lang not in profile.languages]
            if missing and (explicit_langs or len(missing) == len(langs)):
                raise ProfileError(
                    f"{profile.path}: profile {profile.name!r} has no word list for language {missing[0]!r} "
                    f"(its languages: {', '.join(profile.languages)})"
                )
    return profiles


def plan_build(
    dumps: dict[str, Path],
    out_dir: Path,
    *,
    profiles: list[str] | None = None,
    langs: list[str] | None = None,
    from_entries: bool = False,
    overrides: Path | None = None,
) -> BuildPlan:
    """Check every input and output of a build before its first long step (see build())."""
    out_dir = check_output_folder(Path(out_dir))
    for lang in langs or []:
        check_language(lang)
    if from_entries:
        available = sorted(
            p.parent.name for p in out_dir.glob(f"*/{ENTRIES}") if LANGUAGE_CODE.fullmatch(p.parent.name)
        )
        if not available:
            raise InputError(
                f"{out_dir}: no entries tables here to build from (build without --from-entries)"
            )
    else:
        available = sorted(dumps)
        if not available:
            raise WordlistError(
                "no dumps to build from: give --dump FILE or --downloads FOLDER "
                f"(no sample dumps in {SAMPLE_DIR})"
            )
    chosen = list(dict.fromkeys(langs)) if langs else available
    for lang in chosen:
        if lang not in available:
            have = ", ".join(available) or "none"
            raise WordlistError(f"no data for language {lang!r} (have: {have}); give its dump with --dump")
    chosen_profiles = resolve_profiles(profiles, chosen, explicit_langs=bool(langs))
    by_lang = {lang: [p for p in chosen_profiles if lang in p.languages] for lang in chosen}
    changes = list_overrides(chosen_profiles, overrides)

    # (an output that would replace an overrides file is refused as one over the dump is)
    inputs: list[Path] = [overrides] if overrides else [p.overrides for p in chosen_profiles if p.overrides]
    sources: dict[str, dict] = {}
    for lang in chosen:
        if from_entries:
            from wordlist_pipeline.word_lists import check_entries_table  # (no extraction to wait for)

            inputs.append(check_entries_table(out_dir / lang / ENTRIES))
            source = out_dir / lang / SOURCE
            sources[lang] = read_json_object(source, "a source record") if os.path.lexists(source) else {}
        else:
            dump = check_input_file(dumps[lang], "a dump", DumpError)
            index = default_index_path(dump)
            resolve_lang(dump_header(dump).siteinfo, lang, dump)
            inputs.extend([dump] if index is None else [dump, check_input_file(index, "an index", DumpError)])
    for lang in chosen:
        check_output_folder(out_dir / lang)
        if not from_entries:
            for name in (ENTRIES, SOURCE):
                check_output_file(out_dir / lang / name, inputs)
        for profile in by_lang[lang]:
            check_word_list_folder(out_dir / lang / profile.name, inputs)
    return BuildPlan(
        out_dir,
        chosen,
        {lang: dumps[lang] for lang in chosen if lang in dumps},
        by_lang,
        sources,
        changes,
    )


def list_overrides(
    profiles: Iterable[Profile], given: Path | None = None
) -> dict[str, dict[str, ListOverrides]]:
    """The overrides of each list (language -> profile name -> its changes): the file `given`
    (--overrides) for every profile, else each profile's own. Every language of a profile is
    checked, built now or not: a bad line is found before anything is extracted."""
    files: dict[Path, OverridesFile] = {}
    found: dict[str, dict[str, ListOverrides]] = {}
    for profile in profiles:
        path = given if given is not None else profile.overrides
        if path is None:
            continue
        if path not in files:
            files[path] = load_overrides(path)
        for lang in profile.languages:
            words = profile.for_language(lang)
            found.setdefault(lang, {})[profile.name] = files[path].for_list(
                lang, profile.name, profile.alphabet_record(lang), words.min_length, words.max_length
            )
    return found


def check_word_list_folder(folder: Path, inputs: Iterable[Path] = ()) -> None:
    """A word list may be written at `folder`: nothing there, or a word list the pipeline wrote."""
    check_replaceable(folder, WORD_LIST_FILES)
    if not folder.is_dir():
        return
    if any(folder.iterdir()) and not (folder / MANIFEST_JSON).is_file():
        raise OutputError(
            f"{folder}: not replaced: it has no {MANIFEST_JSON}, so it is not a word list the pipeline wrote"
        )
    inside = folder.resolve()
    for source in inputs:
        if source.resolve().is_relative_to(inside):
            raise OutputError(f"{folder}: not replaced: it holds the input {source}")


# What the word-list phase loads: Polars (0.2 s) and pyarrow.compute (0.1 s; casting a table loads
# it). Not imported with this module: imported before an extraction forks its workers they would
# hold up its start, after it its end, each time with a core idle. A thread imports them while the
# workers run (extract's on_started).
WORD_LIST_MODULES = ("wordlist_pipeline.word_lists", "pyarrow.compute")


class _Preload:
    """Imports `modules` on a thread of its own once start() is called; wait() waits for it.

    An import that fails is left to the import that needs the module, which reports it.
    """

    def __init__(self, modules: Iterable[str]) -> None:
        self._modules = tuple(modules)
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="preload")
            self._thread.start()

    def wait(self) -> None:
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        for module in self._modules:
            try:
                importlib.import_module(module)
            except Exception:  # reported by the import that needs the module
                return


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
    max_page_bytes: int = MAX_PAGE_BYTES,
    overrides: Path | None = None,
) -> BuildResult:
    """Extract each dump (default: the samples) and build every profile's word list from it.

    With `from_entries`, the entries tables already in `out_dir` are used instead of extracting.
    `overrides`: an overrides file for every list, in place of the profiles' own (pipeline/overrides.py).
    Profiles, languages, dumps and every output are checked first (plan_build): a mistake is
    reported before anything is extracted or written. `run_extract` is called as extract() is,
    with `lang`, `workers`, `on_started` and `max_page_bytes` (pages larger are skipped).
    """
    check_workers(workers)
    check_max_page_bytes(max_page_bytes)
    plan = plan_build(
        dumps if dumps is not None else sample_dumps(),
        Path(out_dir),
        profiles=profiles,
        langs=langs,
        from_entries=from_entries,
        overrides=overrides,
    )
    result = BuildResult()
    for lang in plan.langs:
        entries_path = plan.out_dir / lang / ENTRIES
        if from_entries:
            source = plan.sources[lang]
        else:
            preload = _Preload(WORD_LIST_MODULES)
            extraction = run_extract(
                plan.dumps[lang],
                entries_path,
                lang=lang,
                workers=workers,
                on_started=preload.start,
                max_page_bytes=max_page_bytes,
            )
            preload.wait()
            result.extractions[lang] = extraction
            source = source_document(extraction)
            write_text(plan.out_dir / lang / SOURCE, dumps_json(source))
        from wordlist_pipeline.word_lists import write_word_lists  # loaded by now (WORD_LIST_MODULES)

        for profile, manifest in write_word_lists(
            entries_path, plan.profiles[lang], lang, plan.out_dir / lang, source, plan.overrides.get(lang)
        ):
            result.word_lists[(lang, profile.name)] = manifest
            if on_word_list is not None:
                on_word_list(lang, profile.name, manifest)
    return result


# --- reading what a build wrote: entries tables, source records, manifests ----------------------------

MAX_JSON_BYTES = 16 << 20  # a manifest or source record is a few KB


def read_json_object(path: Path, what: str) -> dict:
    """A JSON object {...} read from `path`; anything else is an InputError naming the file."""
    check_input_file(path, what, InputError)
    if path.stat().st_size > MAX_JSON_BYTES:
        raise InputError(f"{path}: {path.stat().st_size:,} bytes, too large for {what}")
    try:
        document = json.loads(path.read_bytes().decode("utf-8"))
    except (ValueError, RecursionError) as error:  # ValueError: bad UTF-8, bad JSON, an int past 4300 digits
        raise InputError(f"{path}: not {what} (not JSON: {first_line(error)})") from None
    if not isinstance(document, dict):
        kind = {list: "list", str: "string", bool: "true or false", type(None): "null"}.get(
            type(document), "number"
        )
        raise InputError(f"{path}: not {what} (a JSON {kind}, not an object {{...}})")
    return document
