"""Counts in words, for the lines people read (the log, the CLI): `1 pass`, `2 passes`."""

from __future__ import annotations

__all__ = ["counted"]


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """`number` and `noun`, the noun plural unless `number` is 1 (`plural`, else `noun` + "s")."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"
