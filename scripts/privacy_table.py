#!/usr/bin/env python3
"""Make cursord's table of the RPCs that carry the user's code or text, from the reference wire schema.

Usage:
    scripts/privacy_table.py            # print docs/privacy.md's table
    scripts/privacy_table.py --write    # write cursord/proxy/carried.py and the table in docs/privacy.md
    scripts/privacy_table.py --check    # exit 1 (with a diff) if either is not what the schema says

The rule (`cursord.proxy.carriers.code_field`) is applied to the request type of every method of every
service in `proto/reference/` (packages `aiserver.v1` and `agent.v1`). `cursord/proxy/carried.py` keeps the
result for the proxy (which method names the schema knows, and which of them carry code); docs/privacy.md
lists every `aiserver.v1` method that carries code with who answers it: cursord (a path the proxy owns,
`cursord.proxy.DEFAULT_OWNED_PATHS`), cursord while Tab is configured (`cursord.tab.service.TAB_PATHS`), else
Cursor, refused under `private`. tests/proxy/test_carriers.py runs `--check`.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

from render_protos import default_schema_dir, load_reference  # noqa: E402

from cursord.proxy import DEFAULT_OWNED_PATHS  # noqa: E402
from cursord.proxy.carriers import code_field  # noqa: E402
from cursord.server import BIDI_APPEND_PATH, RUN_SSE_PATH  # noqa: E402
from cursord.tab.service import TAB_PATHS  # noqa: E402

START = "<!-- privacy-table:start (made by scripts/privacy_table.py --write; do not edit by hand) -->"
END = "<!-- privacy-table:end -->"
PACKAGES = ("aiserver.v1", "agent.v1")
MODULE = REPO / "cursord" / "proxy" / "carried.py"
DOCS = REPO / "docs" / "privacy.md"


def methods(schema_dir: Path) -> Iterator[tuple[str, str | None]]:
    """(`package.Service/Method`, the field by which its request carries code or None), sorted."""
    reference = load_reference(schema_dir)
    found: dict[str, str | None] = {}
    for name in reference.files:
        file = reference.pool.FindFileByName(name)
        if file.package not in PACKAGES:
            continue
        for service in file.services_by_name.values():
            for method in service.methods:
                found[f"{service.full_name}/{method.name}"] = code_field(method.input_type)
    yield from sorted(found.items())


def who_answers(method: str) -> str:
    path = f"/{method}"
    if path in (BIDI_APPEND_PATH, RUN_SSE_PATH):  # owned, but relayed for Cursor's models and its side streams
        return ("cursord; Cursor for a run on one of Cursor's models and for the health and speech streams (not "
                "under `private`)")
    if path in DEFAULT_OWNED_PATHS:
        return "cursord"
    if path in TAB_PATHS:
        return "cursord with `[tab]`; else Cursor (refused under `private`)"
    return "Cursor (refused under `private`)"


def render_table(found: list[tuple[str, str | None]]) -> str:
    rows = ["| RPC | who answers it | carries code by |", "|---|---|---|"]
    for method, field in found:
        if field is not None and method.startswith("aiserver.v1."):
            rows.append(f"| `{method.removeprefix('aiserver.v1.')}` | {who_answers(method)} | `{field}` |")
    return "\n".join(rows) + "\n"


def render_module(found: list[tuple[str, str | None]]) -> str:
    carriers = "".join(f'    "{method}",\n' for method, field in found if field is not None)
    others = "".join(f'    "{method}",\n' for method, field in found if field is None)
    return (
        '"""The RPCs of the reference wire schema whose requests carry the user\'s code or text, and the others\n'
        "(made by scripts/privacy_table.py --write from proto/reference/ with the rule of\n"
        '`cursord.proxy.carriers`; do not edit by hand)."""\n\n'
        "from typing import Final\n\n"
        f"CARRY_CODE: Final = frozenset({{\n{carriers}}})\n"
        f"CARRY_NO_CODE: Final = frozenset({{\n{others}}})\n"
    )


def with_table(docs: str, rendered: str) -> str:
    """`docs` with the text between the markers replaced by `rendered`; ValueError if the markers are missing."""
    head, start, rest = docs.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"lacks the markers {START!r} ... {END!r}")
    return f"{head}{START}\n{rendered}{END}{tail}"


def _stale(path: Path, current: str, expected: str) -> bool:
    if current == expected:
        return False
    sys.stderr.writelines(difflib.unified_diff(current.splitlines(True), expected.splitlines(True), str(path),
                                               "expected"))
    print(f"{path}: stale: run scripts/privacy_table.py --write", file=sys.stderr)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="write cursord/proxy/carried.py and docs/privacy.md")
    action.add_argument("--check", action="store_true", help="exit 1 if either is stale")
    parser.add_argument("--schema-dir", type=Path, default=default_schema_dir(REPO))
    parser.add_argument("--docs", type=Path, default=DOCS)
    parser.add_argument("--module", type=Path, default=MODULE)
    args = parser.parse_args(argv)
    found = list(methods(args.schema_dir))
    table = render_table(found)
    if not (args.write or args.check):
        print(table, end="")
        return 0
    docs = args.docs.read_text(encoding="utf-8")
    try:
        expected_docs = with_table(docs, table)
    except ValueError as error:
        print(f"{args.docs}: {error}", file=sys.stderr)
        return 1
    module = render_module(found)
    if args.write:
        args.docs.write_text(expected_docs, encoding="utf-8")
        args.module.write_text(module, encoding="utf-8")
        return 0
    current_module = args.module.read_text(encoding="utf-8") if args.module.exists() else ""
    stale_docs = _stale(args.docs, docs, expected_docs)
    stale_module = _stale(args.module, current_module, module)
    return 1 if stale_docs or stale_module else 0


if __name__ == "__main__":
    sys.exit(main())
