"""Read MediaWiki XML dumps: plain, bz2, and Wikimedia multistream bz2 (+ index)."""

from wordlist_pipeline.dump.multistream import (
    DumpHeader,
    Multistream,
    StreamRange,
    dump_header,
    find_stream_offsets,
    open_multistream,
    pages_in_range,
    read_index,
)
from wordlist_pipeline.dump.pages import Page, SiteInfo
from wordlist_pipeline.dump.reader import DumpReader, read_siteinfo

__all__ = [
    "DumpHeader",
    "DumpReader",
    "Multistream",
    "Page",
    "SiteInfo",
    "StreamRange",
    "dump_header",
    "find_stream_offsets",
    "open_multistream",
    "pages_in_range",
    "read_index",
    "read_siteinfo",
]
