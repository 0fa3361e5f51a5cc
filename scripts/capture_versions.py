#!/usr/bin/env python3
"""Make docs/recording.md's table of Cursor versions from the metadata of the captures in tests/fixtures/captures.

Usage:
    scripts/capture_versions.py            # print the table
    scripts/capture_versions.py --write    # put it into docs/recording.md, between the capture-versions markers
    scripts/capture_versions.py --check    # exit 1 (with a diff) if the table is not what the fixtures say

Each capture gives one row: the Cursor version its header names (``editor.cursor_version``, sent by the editor in
``x-cursor-client-version``; "not stated" when its source does not say), the file, what it exercises (listener,
RPCs and HTTP version of its calls) and ``meta.known_broken`` (what is known not to work with that version).
The test suite replays every one of them (tests/capture/test_fixtures.py) and runs ``--check``
(tests/capture/test_versions_table.py), so the table lists only captures that pass, and a stale table fails.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from cursord.capture import calls_of, read_capture

REPO = Path(__file__).resolve().parent.parent
START = "<!-- capture-versions:start (made by scripts/capture_versions.py --write; do not edit by hand) -->"
END = "<!-- capture-versions:end -->"


def _exercises(path: Path) -> tuple[str | None, str, str]:
    header, events = read_capture(path)
    seen: dict[tuple[str, str], list[str]] = {}
    for call in calls_of(events):
        methods = seen.setdefault((call.listener, f"HTTP/{call.http}"), [])
        if call.method not in methods:
            methods.append(call.method)
    what = "; ".join(f"{listener}: {', '.join(methods)} ({http})" for (listener, http), methods in seen.items())
    broken = header.meta.get("known_broken") or []
    return header.cursor_version, what, "; ".join(str(item) for item in broken) or "nothing known"


def table(fixtures: Path) -> str:
    rows = ["| Cursor version | capture | what it exercises | known not to work |", "|---|---|---|---|"]
    for path in sorted(fixtures.glob("*.jsonl")):
        version, what, broken = _exercises(path)
        rows.append(f"| {version or 'not stated'} | `{path.name}` | {what} | {broken} |")
    return "\n".join(rows) + "\n"


def with_table(readme: str, rendered: str) -> str:
    """`readme` with the text between the markers replaced by `rendered`; ValueError if the markers are missing."""
    head, start, rest = readme.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"the page lacks the markers {START!r} ... {END!r}")
    return f"{head}{START}\n{rendered}{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="write the table into docs/recording.md")
    action.add_argument("--check", action="store_true", help="exit 1 if docs/recording.md's table is stale")
    parser.add_argument("--readme", type=Path, default=REPO / "docs" / "recording.md")
    parser.add_argument("--fixtures", type=Path, default=REPO / "tests" / "fixtures" / "captures")
    args = parser.parse_args(argv)
    rendered = table(args.fixtures)
    if not (args.write or args.check):
        print(rendered, end="")
        return 0
    readme = args.readme.read_text(encoding="utf-8")
    try:
        expected = with_table(readme, rendered)
    except ValueError as error:
        print(f"{args.readme}: {error}", file=sys.stderr)
        return 1
    if args.write:
        args.readme.write_text(expected, encoding="utf-8")
        return 0
    if expected != readme:
        diff = difflib.unified_diff(readme.splitlines(True), expected.splitlines(True), str(args.readme), "expected")
        sys.stderr.writelines(diff)
        print(f"{args.readme}: the table of Cursor versions is stale: run scripts/capture_versions.py --write",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
