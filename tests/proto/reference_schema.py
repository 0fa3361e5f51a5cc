"""The reference wire schema (the FileDescriptorSets in ``proto/reference/``), for tests that compare against it.

Tests fail, never skip, when they are missing: a schema check that did not run proves nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool

REPO = Path(__file__).resolve().parents[2]
REFERENCE_SETS = ("agent_v1.binpb", "aiserver_bidi.binpb")


def schema_dir() -> Path:
    return REPO / "proto" / "reference"


def load_reference() -> tuple[descriptor_pool.DescriptorPool, dict[str, descriptor_pb2.FileDescriptorProto]]:
    """One pool holding both sets (files deduplicated by name, dependencies first), and the files."""
    where = schema_dir()
    missing = [name for name in REFERENCE_SETS if not (where / name).is_file()]
    if missing:
        pytest.fail(
            f"reference descriptor sets {missing} not found in {where}",
            pytrace=False,
        )
    files: dict[str, descriptor_pb2.FileDescriptorProto] = {}
    for name in REFERENCE_SETS:
        for f in descriptor_pb2.FileDescriptorSet.FromString((where / name).read_bytes()).file:
            files.setdefault(f.name, f)
    pool = descriptor_pool.DescriptorPool()
    added: set[str] = set()

    def add(name: str) -> None:
        if name not in added:
            added.add(name)
            for dep in files[name].dependency:
                add(dep)
            pool.Add(files[name])

    for name in files:
        add(name)
    return pool, files
