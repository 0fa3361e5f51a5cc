"""`cursord doctor`: is every configured provider usable, and the web search and Tab backends if configured?
The checks are `cursord.diagnose`'s (Tab's: `cursord.tab.doctor`); this module is the command and its table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import httpx
import trio

from cursord.app import configured_keys
from cursord.config import ConfigError, ServeConfig, add_serve_arguments, config_from_args
from cursord.core import counted, redacting
from cursord.diagnose import (
    DEFAULT_TIMEOUT,
    ProviderReport,
    WebSearchReport,
    check_web_search,
    problem_lines,
    run_doctor,
)
from cursord.tab import check_tab, format_tab

__all__ = ["add_doctor_arguments", "doctor_command", "doctor_text", "format_doctor"]


def format_doctor(reports: Sequence[ProviderReport]) -> str:
    """The reports as a table, then one line per problem, then the verdict."""
    header = ("PROVIDER", "KIND", "KEY", "ENDPOINT", "MODELS", "PROBE")
    rows = [header] + [
        (r.name, r.spec.kind.value, r.key.cell(), r.endpoint.cell(), r.models.cell(), r.probe.cell())
        for r in reports
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    problems = [line for report in reports for line in problem_lines(report.name, report.checks)]
    if problems:
        lines += ["", *problems]
    failed = sum(1 for report in reports if report.failed)
    spares = [report.name for report in reports if report.spare]
    lines.append("")
    if failed:
        lines.append(f"{failed} of {counted(len(reports), 'provider')} {'has' if failed == 1 else 'have'} problems")
    elif len(reports) == 1:
        lines.append("the provider is OK")
    else:
        lines.append(f"all {counted(len(reports), 'provider')} OK")
    if spares:
        lines.append(f"{', '.join(spares)} failed; the rest of {'its' if len(spares) == 1 else 'their'} pool serves")
    return "\n".join(lines)


def format_web_search(report: WebSearchReport) -> str:
    spec = report.spec
    lines = [f"web search: {spec.backend.value} at {spec.base_url}: key {report.key.cell()}, "
             f"search {report.search.cell()}"]
    return "\n".join(lines + problem_lines("web search", report.checks))


# ---- the command --------------------------------------------------------------------------------------


def add_doctor_arguments(subparsers: Any) -> argparse.ArgumentParser:
    """Add `doctor` to a `parser.add_subparsers()` object; returns its parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "doctor",
        help="check every configured provider: key, endpoint, models, one tiny request",
        description="Check every configured provider: its key is set, its endpoint answers, it lists the "
        "configured models, and a one-token request goes through. Exits 1 if anything is wrong.",
    )
    add_serve_arguments(parser)
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"per request (default {DEFAULT_TIMEOUT:g})")
    return parser


def doctor_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    try:
        config = config_from_args(args, environ)
    except ConfigError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 2
    timeout = args.timeout if args.timeout and args.timeout > 0 else DEFAULT_TIMEOUT
    try:
        text, failed = doctor_text(config, environ, timeout)
    except KeyboardInterrupt:
        return 130
    print(text)
    return 1 if failed else 0


def doctor_text(config: ServeConfig, environ: Mapping[str, str], timeout: float) -> tuple[str, bool]:
    """Every check's table and problems as printed, and whether any failed (for `doctor` and `report`)."""
    # What a backend answers is printed: a key it echoes is masked whatever its shape, as in the daemon.
    with redacting(configured_keys(config, environ)):
        reports, web = trio.run(_doctor, config, environ, timeout)
        tab = trio.run(partial(check_tab, config.tab, environ, request_timeout=timeout)) if config.tab else None
    parts = [format_doctor(reports)]
    if web is not None:
        parts.append(format_web_search(web))
    if tab is not None:
        parts.append(format_tab(tab))
    failed = (web is not None and web.failed) or (tab is not None and tab.failed)
    return "\n".join(parts), any(report.failed for report in reports) or failed


async def _doctor(
    config: ServeConfig, environ: Mapping[str, str], request_timeout: float
) -> tuple[list[ProviderReport], WebSearchReport | None]:
    reports = await run_doctor(config, environ, request_timeout=request_timeout)
    if config.web_search is None:
        return reports, None
    async with httpx.AsyncClient(trust_env=True, follow_redirects=False) as client:
        web = await check_web_search(config.web_search, environ, client, request_timeout=request_timeout)
    return reports, web
