"""Where a key is in a TOML file: `_TomlFile`, a small scanner over the text that maps dotted paths to
line numbers, so a config error names the file, the line and the key (tomllib reports lines only for
syntax errors). It imports nothing from the rest of the package: both the file reader
(`cursord.config._file`) and the setting origins (`cursord.config._errors`) use it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

import attrs

_TABLE_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\"-]+)\s*\]\]?\s*(#.*)?$")
_KEY_LINE = re.compile(r"""^\s*([A-Za-z0-9_.-]+|"[^"]*"|'[^']*')\s*=""")


@attrs.frozen
class _TomlFile:
    """The file's name as the user gave it and a map from dotted paths to line numbers."""

    label: str
    lines: Mapping[str, int]

    @classmethod
    def scan(cls, label: str, text: str) -> _TomlFile:
        lines: dict[str, int] = {}
        counts: dict[str, int] = {}
        table = ""
        in_multiline = False
        for number, line in enumerate(text.splitlines(), start=1):
            header = None if in_multiline else _TABLE_HEADER.match(line)
            key = None if in_multiline or header else _KEY_LINE.match(line)
            if header:
                name = header.group(2).replace('"', "")
                if header.group(1) == "[[":
                    counts[name] = counts.get(name, 0) + 1
                    table = f"{name}[{counts[name] - 1}]"
                else:
                    first, _, rest = name.partition(".")
                    table = f"{first}[{counts[first] - 1}].{rest}" if first in counts and rest else name
                lines.setdefault(table, number)
            elif key:
                name = key.group(1).strip("\"'")
                lines.setdefault(f"{table}.{name}" if table else name, number)
            if line.count('"""') % 2 or line.count("'''") % 2:
                in_multiline = not in_multiline
        return cls(label, MappingProxyType(lines))

    def line_of(self, path: str) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            index = re.search(r"\[\d+\]$", path)  # providers[1].models[2] -> providers[1].models
            path = path[: index.start()] if index else path.rpartition(".")[0]
        return None

    def where(self, path: str) -> str:
        line = self.line_of(path)
        return f"{self.label}:{line}" if line else self.label
