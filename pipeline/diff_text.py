"""`wordlist diff` for people: the differences between two builds as text for a terminal, and as
Markdown a site posts as its release note (pipeline/diff.py makes them; `--json` is theirs)."""

from __future__ import annotations

from wordlist_pipeline.diff import Diff, ListDiff, WordChange, shown_first


def to_text(result: Diff, limit: int = 0) -> str:
    """The diff for a terminal: per list its counts, then each word added, removed or changed."""
    lines = []
    for one in result.lists:
        lines.append(_headline(one))
        for title, items in (("added", one.added), ("removed", one.removed)):
            if items:
                lines.append(f"  {title} ({len(items):,}):")
                lines += [f"    {_word_line(w)}" for w in shown_first(items, limit)]
                lines += _more(len(items), limit, "    ")
        if one.changed:
            lines.append(f"  changed ({len(one.changed):,}):")
            lines += [f"    {c.word}: {c.describe()}" for c in shown_first(one.changed, limit)]
            lines += _more(len(one.changed), limit, "    ")
        lines += [f"  note: {note}" for note in one.notes]
    lines += [f"only in the old build: {name}" for name in result.only_old]
    lines += [f"only in the new build: {name}" for name in result.only_new]
    return "\n".join(lines) + "\n"


def to_markdown(result: Diff, limit: int = 0) -> str:
    """The diff as a release note a site can post: counts, then the words by cause and reason."""
    lines = []
    for one in result.lists:
        counts = f"{one.old.manifest.counts.words:,} → {one.new.manifest.counts.words:,} words"
        lines += [f"## {one.new.name}: {counts}", ""]
        lines += [
            f"From `{one.old.dump}` to `{one.new.dump}`: {len(one.added):,} added, "
            f"{len(one.removed):,} removed, {len(one.changed):,} changed.",
            "",
        ]
        for title, items in (("Added", one.added), ("Removed", one.removed)):
            if not items:
                continue
            lines += [f"### {title} ({len(items):,})", ""]
            groups: dict[tuple[str, str | None], list[str]] = {}
            for item in items:
                groups.setdefault((item.cause, item.reason), []).append(item.word)
            for (cause, reason), words in sorted(
                groups.items(), key=lambda kv: (-len(kv[1]), kv[0][0], kv[0][1] or "")
            ):
                why = f"**{cause}**" + (f", {reason}" if reason else "")
                shown = ", ".join(shown_first(words, limit)) + (
                    f" and {len(words) - limit:,} more" if 0 < limit < len(words) else ""
                )
                lines.append(f"- {why} ({len(words):,}): {shown}")
            lines.append("")
        if one.changed:
            lines += [f"### Changed ({len(one.changed):,})", ""]
            lines += [f"- **{c.word}**: {c.describe()}" for c in shown_first(one.changed, limit)]
            lines += [f"- and {len(one.changed) - limit:,} more"] if 0 < limit < len(one.changed) else []
            lines.append("")
        lines += [f"_Note: {note}_" for note in one.notes] + ([""] if one.notes else [])
    for label, names in (
        ("Only in the old build", result.only_old),
        ("Only in the new build", result.only_new),
    ):
        if names:
            lines += [f"{label}: {', '.join(names)}", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def _headline(one: ListDiff) -> str:
    old, new = one.old.manifest.counts.words, one.new.manifest.counts.words
    return (
        f"{one.new.name}: {old:,} -> {new:,} words (+{len(one.added):,}, -{len(one.removed):,}, "
        f"{len(one.changed):,} changed)"
    )


def _word_line(item: WordChange) -> str:
    reason = f": {item.reason}" if item.reason else ""
    return f"{item.word} ({', '.join(item.pos)}): {item.cause}{reason}"


def _more(total: int, limit: int, indent: str) -> list[str]:
    return [f"{indent}... {total - limit:,} more (--limit N, or 0 for all)"] if 0 < limit < total else []
