"""Read MediaWiki XML dumps: plain, bz2, and Wikimedia multistream bz2 (+ index)."""

from pipeline.dump.multistream import (
    Multistream,
    StreamRange,
    find_stream_offsets,
    open_multistream,
    pages_in_range,
    read_index,
)
from pipeline.dump.pages import Page, SiteInfo
from pipeline.dump.reader import DumpReader, read_siteinfo

__all__ = [
    "DumpReader",
    "Multistream",
    "Page",
    "SiteInfo",
    "StreamRange",
    "find_stream_offsets",
    "open_multistream",
    "pages_in_range",
    "read_index",
    "read_siteinfo",
]
