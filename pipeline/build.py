"""The main job: dumps -> entries tables -> every profile's word list, under one output folder.

outputs/<lang>/entries.parquet      the extraction (pipeline.extract)
outputs/<lang>/source.json          which dump it came from, and the extraction's counts
outputs/<lang>/<profile>/           one word list per profile covering the language
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from wordlist.errors import WordlistError
from wordlist.export import FORMATS as EXPORT_FILES
from wordlist.format import ARTEFACT_FILES, GAME_JSON, MANIFEST_JSON, Manifest, read_manifest
from wordlist_pipeline.artefacts import dumps_json, sha256_file, write_word_list
from wordlist_pipeline.atomic import check_replaceable, write_text
from wordlist_pipeline.dump.multistream import default_index_path
from wordlist_pipeline.dump.reader import read_siteinfo
from wordlist_pipeline.entries import SCHEMA as ENTRIES_SCHEMA
from wordlist_pipeline.errors import DumpError, InputError, OutputError, ProfileError
from wordlist_pipeline.extract import ExtractResult, check_workers, extract, resolve_lang
from wordlist_pipeline.paths import SAMPLE_DIR, check_input_file, check_output_file, check_output_folder
from wordlist_pipeline.profile import LANGUAGE, Profile, available_profiles, check_language, load_profile
from wordlist_pipeline.select import COLUMNS as SELECTED_COLUMNS
from wordlist_pipeline.select import TAG_BITS_COLUMN, decision_columns, definitions_column, select

DEFAULT_OUTPUT = Path("outputs")
ENTRIES = "entries.parquet"
SOURCE = "source.json"
# what a word list's folder holds: the artefacts, and the exports `wordlist export` writes beside them
# (a rebuild drops those: they describe the old list)
WORD_LIST_FILES = {*ARTEFACT_FILES, GAME_JSON, MANIFEST_JSON, *EXPORT_FILES.values()}


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


@dataclass(frozen=True)
class BuildPlan:
    """What build() will write, from what: every input read and every output checked beforehand."""

    out_dir: Path
    langs: list[str]
    dumps: dict[str, Path]  # lang -> dump (not used with from_entries)
    profiles: dict[str, list[Profile]]  # lang -> the profiles to build for it
    sources: dict[str, dict]  # lang -> source.json (from_entries only)


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
) -> BuildPlan:
    """Check every input and output of a build before its first long step (see build())."""
    out_dir = check_output_folder(Path(out_dir))
    for lang in langs or []:
        check_language(lang)
    if from_entries:
        available = sorted(
            p.parent.name for p in out_dir.glob(f"*/{ENTRIES}") if LANGUAGE.fullmatch(p.parent.name)
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

    inputs: list[Path] = []
    sources: dict[str, dict] = {}
    for lang in chosen:
        if from_entries:
            inputs.append(check_entries_table(out_dir / lang / ENTRIES))
            source = out_dir / lang / SOURCE
            sources[lang] = read_json_object(source, "a source record") if os.path.lexists(source) else {}
        else:
            dump = check_input_file(dumps[lang], "a dump", DumpError)
            index = default_index_path(dump)
            resolve_lang(read_siteinfo(dump), lang, dump)
            inputs.extend([dump] if index is None else [dump, check_input_file(index, "an index", DumpError)])
    for lang in chosen:
        check_output_folder(out_dir / lang)
        if not from_entries:
            for name in (ENTRIES, SOURCE):
                check_output_file(out_dir / lang / name, inputs)
        for profile in by_lang[lang]:
            check_word_list_folder(out_dir / lang / profile.name, inputs)
    return BuildPlan(
        out_dir, chosen, {lang: dumps[lang] for lang in chosen if lang in dumps}, by_lang, sources
    )


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
    Profiles, languages, dumps and every output are checked first (plan_build): a mistake is
    reported before anything is extracted or written.
    """
    check_workers(workers)
    plan = plan_build(
        dumps if dumps is not None else sample_dumps(),
        Path(out_dir),
        profiles=profiles,
        langs=langs,
        from_entries=from_entries,
    )
    result = BuildResult()
    for lang in plan.langs:
        entries_path = plan.out_dir / lang / ENTRIES
        if from_entries:
            source = plan.sources[lang]
        else:
            extraction = run_extract(plan.dumps[lang], entries_path, lang=lang, workers=workers)
            result.extractions[lang] = extraction
            source = source_document(extraction)
            write_text(plan.out_dir / lang / SOURCE, dumps_json(source))
        for profile, manifest in write_word_lists(
            entries_path, plan.profiles[lang], lang, plan.out_dir / lang, source
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


# --- reading what a build wrote: entries tables, source records, manifests ----------------------------

MAX_JSON_BYTES = 16 << 20  # a manifest or source record is a few KB


def check_entries_table(path: Path) -> Path:
    """`path` is a Parquet file with the entries columns a selection reads, of the right types."""
    check_input_file(path, "an entries table", InputError)
    try:
        schema = pq.read_schema(path)
    except (pa.ArrowException, OSError) as error:
        raise InputError(
            f"{path}: not a Parquet entries table ({_first_line(error)}); extract it again"
        ) from None
    for name in SELECTED_COLUMNS:
        expected = ENTRIES_SCHEMA.field(name).type
        if name not in schema.names:
            raise InputError(f"{path}: not an entries table: no column {name!r}; extract it again")
        if schema.field(name).type != expected:
            raise InputError(
                f"{path}: column {name!r} holds {schema.field(name).type}, not {expected}; extract it again"
            )
    return path


def read_entries(path: Path, lang: str) -> pl.DataFrame:
    """The entries of `lang` in the table at `path`, as `select` decides on them (without their
    definitions: `read_definitions`); an InputError if unreadable or holding nulls."""
    check_entries_table(path)
    return _read_checked(path, lambda: decision_columns(path, lang))


def read_definitions(path: Path, lang: str) -> pl.Series:
    """The definitions of the entries of `lang` in the table at `path`, rows as in `read_entries`."""
    return _read_checked(path, lambda: definitions_column(path, lang).to_frame()).to_series()


def _read_checked(path: Path, read: Callable[[], pl.DataFrame]) -> pl.DataFrame:
    try:
        table = read()
    except (pl.exceptions.PolarsError, pl.exceptions.PanicException, pa.ArrowException, OSError) as error:
        raise InputError(
            f"{path}: a damaged entries table ({_first_line(error)}); extract it again"
        ) from None
    for name in table.columns:  # extract writes no nulls: a table with some was made elsewhere
        if _has_nulls(table[name]):
            shown = "definition_tags" if name == TAG_BITS_COLUMN else name
            raise InputError(f"{path}: column {shown!r} has empty (null) values; extract the table again")
    return table


def _has_nulls(column: pl.Series) -> bool:
    if column.null_count():
        return True
    if isinstance(column.dtype, pl.List):  # a null inside a list (only a mask is computed)
        return bool(column.list.eval(pl.element().is_null().any()).explode().any())
    return False


def read_json_object(path: Path, what: str) -> dict:
    """A JSON object {...} read from `path`; anything else is an InputError naming the file."""
    check_input_file(path, what, InputError)
    if path.stat().st_size > MAX_JSON_BYTES:
        raise InputError(f"{path}: {path.stat().st_size:,} bytes, too large for {what}")
    try:
        document = json.loads(path.read_bytes().decode("utf-8"))
    except (ValueError, RecursionError) as error:  # ValueError: bad UTF-8, bad JSON, an int past 4300 digits
        raise InputError(f"{path}: not {what} (not JSON: {_first_line(error)})") from None
    if not isinstance(document, dict):
        kind = {list: "list", str: "string", bool: "true or false", type(None): "null"}.get(
            type(document), "number"
        )
        raise InputError(f"{path}: not {what} (a JSON {kind}, not an object {{...}})")
    return document


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def built_manifests(out_dir: Path = DEFAULT_OUTPUT) -> list[Manifest]:
    """The manifests of every word list under `out_dir` (each checked: an ArtefactError names a bad one)."""
    return [read_manifest(path.parent) for path in sorted(Path(out_dir).glob(f"*/*/{MANIFEST_JSON}"))]
