"""The package faces hold: another package is imported through its `__init__` (never `cursord.x.y` from outside
`cursord.x`), and a module whose name starts with `_` is imported only from inside its own package.

Four packages are reached by their modules, on purpose, each with a face that imports nothing:
`cursord.proto` (generated, loaded lazily), `cursord.providers` (its sans-IO codecs and types stay importable
without trio or httpx: the turn machine and the context renderer import them), `cursord.agent` (its sans-IO
turn machine, `cursord.agent.machine`, must not pull in the trio actor beside it) and `cursord.testing` (each
helper is used alone; `cursord replay` takes the test editor without the fakes and harnesses beside it).

(Layers, cycles and the sans-IO cores are checked by `lint-imports`, configured in pyproject.toml.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

import cursord

PACKAGE_ROOT = Path(cursord.__file__).parent
REACHED_BY_MODULE = {"cursord.proto", "cursord.providers", "cursord.agent", "cursord.testing"}


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _private_parts(module: str) -> bool:
    return any(part.startswith("_") and not part.startswith("__") for part in module.split(".")[1:])


def test_private_modules_are_imported_only_from_their_own_package() -> None:
    graph = grimp.build_graph("cursord")
    offending = sorted(
        f"{importer} imports {imported}"
        for imported in graph.modules
        if _private_parts(imported)
        for importer in graph.find_modules_that_directly_import(imported)
        if _package(importer) != _package(imported)
    )
    assert offending == []


def test_the_rule_sees_a_private_import_across_packages() -> None:
    """The check itself can fail: `cursord.providers._decoding` is private to providers."""
    graph = grimp.build_graph("cursord")
    graph.add_import(importer="cursord.agent", imported="cursord.providers._decoding")
    crossing = [
        importer
        for importer in graph.find_modules_that_directly_import("cursord.providers._decoding")
        if _package(importer) != "cursord.providers"
    ]
    assert crossing == ["cursord.agent"]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def cross_package_submodule_imports(root: Path) -> list[str]:
    """`from cursord.x.y import ...` written in a module outside `cursord.x` (faces bypassed)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.name.endswith("_pb2.py"):
            continue
        me = _module_name(path)
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                continue
            if node.module.startswith("cursord."):
                target = _package(node.module)
                if node.module != target and target != _package(me) and target not in REACHED_BY_MODULE:
                    found.append(f"{me}:{node.lineno} imports {node.module}")
    return found


def test_other_packages_are_imported_through_their_face() -> None:
    assert cross_package_submodule_imports(PACKAGE_ROOT) == []


def test_the_face_rule_sees_a_bypass(tmp_path: Path) -> None:
    """The check itself can fail."""
    (tmp_path / "cursord" / "server").mkdir(parents=True)
    (tmp_path / "cursord" / "server" / "x.py").write_text("from cursord.streams.backlog import Backlog\n")
    global PACKAGE_ROOT
    saved, PACKAGE_ROOT = PACKAGE_ROOT, tmp_path / "cursord"
    try:
        assert cross_package_submodule_imports(tmp_path / "cursord") == [
            "cursord.server.x:1 imports cursord.streams.backlog"
        ]
    finally:
        PACKAGE_ROOT = saved
