"""The package faces hold: a module whose name starts with `_` is imported only from inside its own package.

(Layers, cycles and the sans-IO cores are checked by `lint-imports`, configured in pyproject.toml.)
"""

from __future__ import annotations

import grimp


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
