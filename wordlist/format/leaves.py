"""leaves.json: what the tiles a Wordgame player keeps after a move are worth (the leave), learned
by self-play (`wordlist leaves`), so that a bot values a move as its points plus its leave (equity).

A leave's value is a whole number of hundredths of a point, so that Python, the core and the
browser add the same integers and rank moves the same:

    leave = sum over tiles t kept:  count(t) * values[t] + max(0, count(t) - 1) * duplicates[t]
            + balance * (vowels kept - consonants kept) ** 2         (a blank is neither)

A tile the file does not name is worth 0. This module is the one validator of the file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from wordlist.format import base
from wordlist.format.alphabet import BLANK
from wordlist.format.base import FormatError
from wordlist.format.limits import LEAVE_UNIT, MAX_LEAVE_WEIGHT


@dataclass(frozen=True)
class LeaveValues:
    """The record of leaves.json: per tile its value and the cost of each extra copy, the vowels and
    the weight of their balance against the consonants, and how they were learned (`learned`:
    games, seed, bot; informational)."""

    values: Mapping[str, int]
    duplicates: Mapping[str, int]
    vowels: str
    balance: int
    learned: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))
        object.__setattr__(self, "duplicates", MappingProxyType(dict(self.duplicates)))
        object.__setattr__(self, "learned", MappingProxyType(dict(self.learned)))

    def leave(self, tiles: Iterable[str], bag: int | None = None) -> int:
        """The value of keeping `tiles` ("?" a blank), in hundredths of a point, with `bag` tiles in
        the bag (None: not known; today's formula does not weight by it). The one formula in Python:
        wl_leave (core/src/wordgame_equity.c, which the browser runs too) is its copy in C."""
        counts = Counter(tiles)
        total = 0
        vowels = consonants = 0
        for tile, n in counts.items():
            total += n * self.values.get(tile, 0) + max(0, n - 1) * self.duplicates.get(tile, 0)
            if tile == BLANK:
                continue
            if tile in self.vowels:
                vowels += n
            else:
                consonants += n
        return total + self.balance * (vowels - consonants) ** 2

    def to_json(self) -> dict[str, Any]:
        """The values as leaves.json holds them (tiles in sorted order: the same values, the same bytes)."""
        return {
            "format": base.FORMAT_VERSION,
            "unit": LEAVE_UNIT,
            "values": dict(sorted(self.values.items())),
            "duplicates": dict(sorted(self.duplicates.items())),
            "vowels": self.vowels,
            "balance": self.balance,
            "learned": dict(self.learned),
        }

    @classmethod
    def from_json(cls, data: Any, letters: str) -> LeaveValues:
        """The record of a parsed leaves.json for a list of `letters`; FormatError names the field."""
        data = base.an_object(data, "the leave values")
        base.check_version(data)
        if base.field(data, "unit", int, "") != LEAVE_UNIT:
            raise FormatError(f"'unit' must be {LEAVE_UNIT} (hundredths of a point), not {data['unit']!r}")
        tables = {key: _weights(data, key, letters) for key in ("values", "duplicates")}
        vowels = base.field(data, "vowels", str, "")
        if any(v not in letters for v in vowels) or len(set(vowels)) != len(vowels):
            raise FormatError(f"'vowels' must be distinct letters of {letters!r}, not {vowels!r}")
        balance = _weight(base.field(data, "balance", int, ""), "balance")
        learned = base.field(data, "learned", dict, "", default={})
        return cls(tables["values"], tables["duplicates"], vowels, balance, learned)


def _weights(data: Mapping[str, Any], key: str, letters: str) -> dict[str, int]:
    table = base.field(data, key, dict, "")
    for tile, weight in table.items():
        if tile != BLANK and (len(tile) != 1 or tile not in letters):
            raise FormatError(f"{key!r}: {tile!r} is not a tile (a letter of {letters!r} or {BLANK!r})")
        _weight(weight, f"{key}.{tile}")
    return dict(table)


def _weight(value: Any, where: str) -> int:
    base.expect(value, int, where)
    if not -MAX_LEAVE_WEIGHT <= value <= MAX_LEAVE_WEIGHT:
        raise FormatError(
            f"{where!r} must be between {-MAX_LEAVE_WEIGHT:,} and {MAX_LEAVE_WEIGHT:,}, not {value:,}"
        )
    return value
