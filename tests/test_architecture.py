"""The package faces hold: another package is imported through its `__init__` (never `cursord.x.y` from outside
`cursord.x`), and a module whose name starts with `_` is imported only from inside its own package.

Four packages are reached by their modules, on purpose, each with a face that imports nothing:
`cursord.proto` (generated, loaded lazily), `cursord.providers` (its sans-IO codecs and types stay importable
without trio or httpx: the turn machine and the context renderer import them), `cursord.agent` (its sans-IO
turn machine, `cursord.agent.machine`, must not pull in the trio actor beside it) and `cursord.testing` (each
helper is used alone; `cursord replay` takes the test editor without the fakes and harnesses beside it).

(Layers, cycles between packages and the sans-IO cores are checked by `lint-imports`, configured in
pyproject.toml; cycles between modules here.)
"""

from __future__ import annotations

import ast
import importlib
import tomllib
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


def import_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The groups of modules that import each other, directly or not (Tarjan's strongly connected
    components over every import, those under `TYPE_CHECKING` included)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return cycles


def test_no_modules_import_each_other() -> None:
    """lint-imports forbids cycles between packages; within a package, two modules that need each other
    are one module, or share a third."""
    assert import_cycles(grimp.build_graph("cursord")) == []


def test_the_cycle_check_sees_a_cycle() -> None:
    graph = grimp.build_graph("cursord")
    graph.add_import(importer="cursord.config._lines", imported="cursord.config._errors")
    assert import_cycles(graph) == [["cursord.config._errors", "cursord.config._lines"]]


def diagram_layers(page: str) -> list[str]:
    """The layers drawn in docs/ARCHITECTURE.md's first code block, top to bottom, as `lint-imports` writes
    them (`cursord.cli | cursord.testing`)."""
    block = page.split("```", 2)[1]
    layers = []
    for line in block.strip("\n").splitlines():
        names = line.strip().split("  ", 1)[0]
        layers.append(" | ".join(f"cursord.{name.strip()}" for name in names.split("|")))
    return layers


def test_the_layer_diagram_is_the_contract() -> None:
    root = PACKAGE_ROOT.parent
    contracts = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    assert diagram_layers((root / "docs" / "ARCHITECTURE.md").read_text()) == layers


def test_the_lazy_face_of_core_names_each_export_once_and_every_one_resolves() -> None:
    """`cursord.core` imports its names on first use: its `__all__` and the table that says where each name
    lives must agree, and each must import (a name missing from the table raises AttributeError)."""
    import cursord.core as core

    assert sorted(core.__all__) == sorted(core._HOMES)
    assert len(core._HOMES) == sum(len(names) for names in core._MODULES.values())
    for name in core.__all__:
        assert getattr(core, name) is getattr(importlib.import_module(f"cursord.core.{core._HOMES[name]}"), name)
