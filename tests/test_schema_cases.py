"""docs/wire.md's tables of schema cases ("Every case of the wire schema") list every case of the oneofs
cursord sends, and say truthfully whether cursord sends each: a "yes" case is named in cursord's code, a
"no" case nowhere in it (the generated protobuf modules aside)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from google.protobuf.descriptor import Descriptor

from cursord.proto import agent_v1_pb2 as agent

REPO = Path(__file__).resolve().parents[1]
ONEOFS: dict[str, tuple[Descriptor, str]] = {
    "ExecServerMessage": (agent.ExecServerMessage.DESCRIPTOR, "message"),
    "InteractionQuery": (agent.InteractionQuery.DESCRIPTOR, "query"),
    "InteractionUpdate": (agent.InteractionUpdate.DESCRIPTOR, "message"),
    "ExecuteHookRequest": (agent.ExecuteHookRequest.DESCRIPTOR, "request"),
}
_TABLE_HEAD = re.compile(r"^\| `(\w+)` case \| sent \|")
_ROW = re.compile(r"^\| ((?:`\w+`(?:, )?)+) \| (yes|no) \|")


def readme_tables() -> dict[str, dict[str, bool]]:
    tables: dict[str, dict[str, bool]] = {}
    current: dict[str, bool] | None = None
    for line in (REPO / "docs" / "wire.md").read_text().splitlines():
        head = _TABLE_HEAD.match(line)
        if head:
            current = tables.setdefault(head.group(1), {})
            continue
        row = _ROW.match(line) if current is not None else None
        if row and current is not None:
            for case in re.findall(r"`(\w+)`", row.group(1)):
                assert case not in current, f"{case} has two rows"
                current[case] = row.group(2) == "yes"
        elif not line.startswith("|"):
            current = None
    return tables


def code_text() -> str:
    sources = [p for p in (REPO / "cursord").rglob("*.py") if not p.name.endswith("_pb2.py")]
    return "\n".join(p.read_text() for p in sources)


@pytest.mark.parametrize("message", sorted(ONEOFS))
def test_every_case_has_a_row_saying_truly_whether_cursord_sends_it(message: str) -> None:
    descriptor, oneof = ONEOFS[message]
    cases = {field.name for field in descriptor.oneofs_by_name[oneof].fields}
    table = readme_tables().get(message)
    assert table is not None, f"docs/wire.md has no table of {message} cases"
    assert set(table) == cases, f"missing: {cases - set(table)}; not in the schema: {set(table) - cases}"
    code = code_text()
    for case, sent in table.items():
        named = re.search(rf"\b{case}\b", code) is not None
        said = "names" if named else "never names"
        assert named == sent, f"{message}.{case}: docs/wire.md says sent={sent}, the code {said} it"
