"""What the docs name exists: every `cursord.x.y` name in a docstring, a comment or a Markdown page
resolves (a module, or an attribute of one), every repository path they name is in the repository, and
every Markdown file they name is one of the repository's. Modules move; this keeps their readers from
following a name that went away (as trio checks its public surface in a test).
"""

from __future__ import annotations

import ast
import functools
import importlib
import io
import logging
import os
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("cursord", "bench", "tests", "scripts")
#: placeholders in prose ("`cursord.x.y`") and file names that start with the package's name
NOT_NAMES = re.compile(r"\.(x|y)(\.|$)|\.(toml|lock|sqlite3|service|log|env)$")
DOTTED = re.compile(r"(?<![\w./-])cursord(?:\.[A-Za-z_]\w*)+")
PATH = re.compile(r"(?<![\w./~-])(?:cursord|tests|docs|bench|scripts|proto|systemd)/[\w./*-]*[\w*]")
MARKDOWN = re.compile(r"(?<![\w./-])[\w-]+\.md\b")
#: loggers named for what they log, not for a module (a log line quoted in the docs names them)
LOGGERS = {"cursord.turns"}
#: Markdown files that belong to the user's workspace, not to this repository (the editor's skills)
WORKSPACE_FILES = {"SKILL.md"}


@functools.cache
def markdown_files() -> frozenset[str]:
    """The names of the repository's Markdown files (its dependencies' left out)."""
    names = set()
    for _, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if not d.startswith(".") and d != "node_modules"]
        names.update(name for name in files if name.endswith(".md"))
    return frozenset(names)


def sources() -> list[Path]:
    return sorted(
        path for top in SOURCES for path in (ROOT / top).glob("**/*.py") if not path.name.endswith("_pb2.py")
    )


def prose(path: Path) -> Iterator[tuple[int, str]]:
    """The docstrings and comments of one file, with their line numbers."""
    text = path.read_text()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                first = node.body[0].lineno if node.body else 1
                yield first, docstring
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string


def resolves(name: str) -> bool:
    parts = name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attribute in parts[split:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def exists(path: str) -> bool:
    path = path.rstrip(".")
    if "node_modules" in path:  # installed by npm, not kept in the repository
        return True
    return any(ROOT.glob(path)) if "*" in path else (ROOT / path).exists()


def unresolved(text: str) -> list[str]:
    bad = [
        name
        for name in DOTTED.findall(text)
        if not NOT_NAMES.search(name) and name not in LOGGERS and not resolves(name)
    ]
    bad += [path for path in PATH.findall(text) if not exists(path)]
    bad += [name for name in MARKDOWN.findall(text) if name not in markdown_files() and name not in WORKSPACE_FILES]
    return bad


def test_every_name_in_the_docs_resolves() -> None:
    missing = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in sources()
        for line, text in prose(path)
        for name in unresolved(text)
    ]
    assert missing == []


def test_every_name_in_the_markdown_docs_resolves() -> None:
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("bench/**/*.md")]
    missing = [
        f"{page.relative_to(ROOT)}:{number}: {name}"
        for page in pages
        for number, line in enumerate(page.read_text().splitlines(), start=1)
        for name in unresolved(line)
    ]
    assert missing == []


@pytest.mark.parametrize(
    "text",
    [
        "the machine (`cursord.core.TurnMachine`)",  # moved to cursord.agent.machine
        "see `cursord.agent.machine.NoSuchThing`",
        "measured in FACTS.md",  # never in the repository
        "tests/test_fuzz_*.py",  # the fuzzers live in tests/fuzz/
        "cursord/agent/resume.py",
    ],
)
def test_a_name_that_went_away_is_caught(text: str) -> None:
    assert unresolved(text) != []


def test_names_that_are_there_pass() -> None:
    text = "`cursord.agent.machine.TurnMachine.handle`, cursord/agent/turn.py, tests/fuzz/test_fuzz_*.py, README.md"
    assert unresolved(text + ", `cursord.x.y`, cursord.toml") == []


def test_the_loggers_the_docs_may_name_exist() -> None:
    importlib.import_module("cursord.app")
    assert LOGGERS.issubset(logging.Logger.manager.loggerDict)
