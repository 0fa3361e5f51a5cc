"""The reference wire schema (the shared FileDescriptorSets), for tests that compare against it.

The sets live next to the repository (``../shared/cursor-schema``) or in ``$CURSORD_SCHEMA_DIR``.
Tests fail, never skip, when they are missing: a schema check that did not run proves nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool

REPO = Path(__file__).resolve().parent.parent
REFERENCE_SETS = ("agent_v1.binpb", "aiserver_bidi.binpb")


def schema_dir() -> Path:
    env = os.environ.get("CURSORD_SCHEMA_DIR")
    return Path(env) if env else REPO.parent / "shared" / "cursor-schema"


def load_reference() -> tuple[descriptor_pool.DescriptorPool, dict[str, descriptor_pb2.FileDescriptorProto]]:
    """One pool holding both sets (files deduplicated by name, dependencies first), and the files."""
    where = schema_dir()
    missing = [name for name in REFERENCE_SETS if not (where / name).is_file()]
    if missing:
        pytest.fail(
            f"reference descriptor sets {missing} not found in {where}; set CURSORD_SCHEMA_DIR to the directory "
            "holding them",
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
