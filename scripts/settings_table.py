#!/usr/bin/env python3
"""Make docs/daily-use.md's tables of settings from the settings table (`cursord.config._settings`) and the table of
a provider's fields (`cursord.config._providers_file`).

Usage:
    scripts/settings_table.py            # print the tables
    scripts/settings_table.py --write    # write them into docs/daily-use.md
    scripts/settings_table.py --check    # exit 1 (with a diff) if the page's tables are not what the code says

tests/app/test_settings_table.py runs `--check`.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path
from typing import Any

import attrs

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cursord.config import ServeConfig  # noqa: E402
from cursord.config._providers_file import PROVIDER_FIELDS  # noqa: E402
from cursord.config._settings import CONFIG_FILE, SETTINGS, Redaction, Setting, plain  # noqa: E402

START = "<!-- settings-table:start (made by scripts/settings_table.py --write; do not edit by hand) -->"
END = "<!-- settings-table:end -->"
DOCS = REPO / "docs" / "daily-use.md"
#: what `cursord config check` (and every other report) leaves out of a value, by its redaction
HIDDEN = {Redaction.NONE: "", Redaction.SECRET: "all of it", Redaction.URL_CREDENTIALS: "the URL's password"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _code(text: str | None) -> str:
    return f"`{_cell(text)}`" if text else ""


def default_of(setting: Setting) -> str:
    """The row's own words, else `ServeConfig`'s default as the file would hold it."""
    if setting.default is not None:
        return setting.default
    default: Any = attrs.fields_dict(ServeConfig)[setting.name].default
    shown = plain(default.factory() if isinstance(default, attrs.Factory) else default)  # type: ignore[arg-type]
    if shown in (None, [], {}):
        return "none"
    return _code(", ".join(map(str, shown)) if isinstance(shown, list) else str(shown).lower()
                 if isinstance(shown, bool) else str(shown))


def _flag(setting: Setting) -> str:
    return _code(f"{setting.flag} {setting.metavar}" if setting.metavar else setting.flag)


def render_table() -> str:
    rows = ["| key in cursord.toml | flag | environment | default | a reload | shown without | what it does |",
            "|---|---|---|---|---|---|---|"]
    for setting in (CONFIG_FILE, *SETTINGS):
        default = _cell(setting.default or "") if setting is CONFIG_FILE else _cell(default_of(setting))
        reload = "needs a restart" if setting.restart else "takes it"
        rows.append(f"| {_code(setting.toml)} | {_flag(setting)} | {_code(setting.env)} | {default} | {reload} |"
                    f" {HIDDEN[setting.redaction]} | {_cell(setting.help)} |")
    rows += ["", "A provider's fields (`[[providers]]`, or `KEY=VALUE` items of a `--provider` SPEC; all taken by a"
             " reload):", "", "| key | default | what it is |", "|---|---|---|"]
    rows += [f"| `{field.key}` | {_cell(field.default)} | {_cell(field.help)} |" for field in PROVIDER_FIELDS]
    return "\n".join(rows) + "\n"


def with_table(docs: str, rendered: str) -> str:
    """`docs` with the text between the markers replaced by `rendered`; ValueError if the markers are missing."""
    head, start, rest = docs.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"lacks the markers {START!r} ... {END!r}")
    return f"{head}{START}\n{rendered}{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="write the tables into docs/daily-use.md")
    action.add_argument("--check", action="store_true", help="exit 1 if the page's tables are stale")
    parser.add_argument("--docs", type=Path, default=DOCS)
    args = parser.parse_args(argv)
    table = render_table()
    if not (args.write or args.check):
        print(table, end="")
        return 0
    docs = args.docs.read_text(encoding="utf-8")
    try:
        expected = with_table(docs, table)
    except ValueError as error:
        print(f"{args.docs}: {error}", file=sys.stderr)
        return 1
    if args.write:
        args.docs.write_text(expected, encoding="utf-8")
        return 0
    if docs == expected:
        return 0
    sys.stderr.writelines(difflib.unified_diff(docs.splitlines(True), expected.splitlines(True), str(args.docs),
                                               "expected"))
    print(f"{args.docs}: stale: run scripts/settings_table.py --write", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
