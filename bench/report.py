"""What the benchmark prints: the machine it ran on, and the table of figures against their targets."""

from __future__ import annotations

import importlib.metadata
import math
import os
import platform
import subprocess
from collections.abc import Sequence
from pathlib import Path

import attrs

PACKAGES = ("trio", "hypercorn", "h11", "h2", "httpx", "httpcore", "protobuf", "attrs")


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile, q in [0, 1]."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def median(values: Sequence[float]) -> float:
    return percentile(values, 0.5)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def git_revision(root: Path) -> str:
    try:
        rev = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return rev + (" (modified)" if dirty else "")


def machine_lines(root: Path) -> list[str]:
    versions = []
    for name in PACKAGES:
        try:
            versions.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name} -")
    try:
        from google.protobuf.internal import api_implementation

        versions[PACKAGES.index("protobuf")] += f" ({api_implementation.Type()})"
    except ImportError:
        pass
    return [
        f"machine : {cpu_model()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}",
        f"python  : {platform.python_implementation()} {platform.python_version()}",
        f"packages: {', '.join(versions)}",
        f"cursord : {git_revision(root)}",
    ]


# ---- tables ------------------------------------------------------------------------------------------------


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, right: Sequence[bool] | None = None) -> str:
    right = right or [i > 0 for i in range(len(headers))]
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            str(cell).rjust(width) if align else str(cell).ljust(width)
            for cell, width, align in zip(cells, widths, right, strict=True)
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])


def us(ns: float) -> str:
    return "-" if math.isnan(ns) else f"{ns / 1e3:,.0f}"


def num(value: float, digits: int = 0) -> str:
    return "-" if math.isnan(value) else f"{value:,.{digits}f}"


@attrs.define
class Verdict:
    figure: str
    measured: str
    target: str
    ok: bool | None  # None: no target

    def row(self) -> list[str]:
        mark = "" if self.ok is None else ("PASS" if self.ok else "MISS")
        return [self.figure, self.measured, self.target, mark]
