"""The generated schema modules against the reference descriptor sets, and unknown-field tolerance.

The reference sets live in the repository (``proto/reference/``, with their provenance); these tests fail,
not skip, when they are missing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor, FileDescriptor
from google.protobuf.unknown_fields import UnknownFieldSet

from cursord.proto import agent_v1_pb2, aiserver_v1_pb2
from tests.proto.reference_schema import load_reference, schema_dir

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "render_protos.py"
AISERVER_METHODS = {
    "aiserver.v1.BidiService": {"BidiAppend"},
    "aiserver.v1.AiService": {
        "AvailableModels",
        "GetUsableModels",
        "GetDefaultModelForCli",
        "NameTab",
        "NameAgent",
        "GetDefaultModel",
        "GetDefaultModelNudgeData",
        "StreamSttSSE",
        "StreamCpp",
        "CppConfig",
        "CppEditHistoryStatus",
        "CppAppend",
        "CppEditHistoryAppend",
        "RefreshTabContext",
        "StreamNextCursorPrediction",
        "IsCursorPredictionEnabled",
        "GetCppEditClassification",
        "WriteGitCommitMessage",
        "WriteGitBranchName",
        "GetTerminalCompletion",
        "StreamTerminalAutocomplete",
        "ShouldTurnOnCppOnboarding",
    },
    "aiserver.v1.CmdKService": {"StreamCmdK", "StreamTerminalCmdK", "RerankCmdKContext", "RerankTerminalCmdKContext"},
    "aiserver.v1.CppService": {
        "AvailableModels", "RecordCppFate", "MarkCppForEval", "StreamHoldCpp", "AddTabRequestToEval"
    },
    "aiserver.v1.CursorPredictionService": {"CursorPredictionConfig"},
    "aiserver.v1.ClientLoggerService": {"LogWhenTabTurnsOff"},
    "aiserver.v1.FileSyncService": {"FSIsEnabledForUser", "FSConfig"},
    "aiserver.v1.ServerConfigService": {"GetServerConfig"},
    "aiserver.v1.HealthService": {"StreamBidiSSE"},
    "aiserver.v1.NetworkService": {"IsConnected"},
}
AISERVER_TYPES = {
    "aiserver.v1.BidiRequestId",
    "aiserver.v1.ErrorDetails",
    "aiserver.v1.CustomErrorDetails",
    "aiserver.v1.HealthRequest",
}


@pytest.fixture(scope="session")
def reference() -> descriptor_pool.DescriptorPool:
    return load_reference()[0]


# ------------------------------------------------------------------------------------ descriptor walk


def all_messages(file: FileDescriptor) -> Iterator[Descriptor]:
    def walk(m: Descriptor) -> Iterator[Descriptor]:
        yield m
        for n in m.nested_types:
            yield from walk(n)

    for m in file.message_types_by_name.values():
        yield from walk(m)


def all_enums(file: FileDescriptor) -> Iterator[EnumDescriptor]:
    yield from file.enum_types_by_name.values()
    for m in all_messages(file):
        yield from m.enum_types


def _type_name(f: FieldDescriptor) -> str | None:
    if f.message_type is not None:
        return str(f.message_type.full_name)
    if f.enum_type is not None:
        return str(f.enum_type.full_name)
    return None


def describe_message(m: Descriptor) -> dict[str, Any]:
    """Everything about a message that reaches the wire or the generated API, as plain data."""
    proto = descriptor_pb2.DescriptorProto()
    m.CopyToProto(proto)
    by_number = {p.number: p for p in proto.field}
    fields = []
    for f in sorted(m.fields, key=lambda f: f.number):
        p = by_number[f.number]
        oneof = f.containing_oneof
        fields.append(
            {
                "name": f.name,
                "number": f.number,
                "type": f.type,
                "type_name": _type_name(f),
                "repeated": f.is_repeated,
                "required": f.is_required,
                "proto3_optional": p.proto3_optional,
                "has_presence": f.has_presence,
                "oneof": None if oneof is None else oneof.name,
                "json_name": f.json_name,
                "packed": f.is_packed,
                "map": f.message_type is not None and f.message_type.GetOptions().map_entry,
            }
        )
    return {
        "map_entry": m.GetOptions().map_entry,
        "oneofs": [o.name for o in proto.oneof_decl],
        "nested_types": sorted(n.name for n in m.nested_types),
        "enum_types": sorted(e.name for e in m.enum_types),
        "fields": fields,
    }


def describe_enum(e: EnumDescriptor) -> list[tuple[str, int]]:
    return [(v.name, v.number) for v in e.values]


def describe_services(file: FileDescriptor) -> dict[str, dict[str, tuple[str, str, bool, bool]]]:
    return {
        s.full_name: {
            m.name: (m.input_type.full_name, m.output_type.full_name, m.client_streaming, m.server_streaming)
            for m in s.methods
        }
        for s in file.services_by_name.values()
    }


def differences(ours: FileDescriptor, ref: descriptor_pool.DescriptorPool) -> list[str]:
    """Every way a message or enum in ``ours`` differs from the same-named type in ``ref``."""
    problems = []
    for m in all_messages(ours):
        try:
            theirs = ref.FindMessageTypeByName(m.full_name)
        except KeyError:
            problems.append(f"{m.full_name}: not in the reference")
            continue
        a, b = describe_message(m), describe_message(theirs)
        for key in ("map_entry", "oneofs", "nested_types", "enum_types"):
            if a[key] != b[key]:
                problems.append(f"{m.full_name}: {key} {a[key]} != reference {b[key]}")
        fa = {f["number"]: f for f in a["fields"]}
        fb = {f["number"]: f for f in b["fields"]}
        for number in sorted(fa.keys() | fb.keys()):
            if number not in fa or number not in fb:
                side = "reference" if number in fb else "ours"
                problems.append(f"{m.full_name}: field {number} only in {side}")
                continue
            for key, value in fa[number].items():
                if value != fb[number][key]:
                    problems.append(
                        f"{m.full_name}.{fa[number]['name']} ({number}): {key} {value!r} != reference "
                        f"{fb[number][key]!r}"
                    )
    for e in all_enums(ours):
        try:
            theirs_enum = ref.FindEnumTypeByName(e.full_name)
        except KeyError:
            problems.append(f"{e.full_name}: not in the reference")
            continue
        if describe_enum(e) != describe_enum(theirs_enum):
            problems.append(f"{e.full_name}: values {describe_enum(e)} != reference {describe_enum(theirs_enum)}")
    return problems


def assert_no_differences(problems: list[str]) -> None:
    assert not problems, f"{len(problems)} difference(s):\n" + "\n".join(problems[:60])


# ----------------------------------------------------------------------------------- schema equality


@pytest.mark.parametrize("module", [agent_v1_pb2, aiserver_v1_pb2], ids=["agent_v1", "aiserver_v1"])
def test_every_message_and_enum_matches_reference(
    module: ModuleType, reference: descriptor_pool.DescriptorPool
) -> None:
    ours: FileDescriptor = module.DESCRIPTOR
    assert len(list(all_messages(ours))) > 80
    assert_no_differences(differences(ours, reference))


def test_agent_v1_is_the_whole_package(reference: descriptor_pool.DescriptorPool) -> None:
    ours, theirs = agent_v1_pb2.DESCRIPTOR, reference.FindFileByName("agent_v1.proto")
    assert ours.package == theirs.package == "agent.v1"
    assert {m.full_name for m in all_messages(ours)} == {m.full_name for m in all_messages(theirs)}
    assert {e.full_name for e in all_enums(ours)} == {e.full_name for e in all_enums(theirs)}
    assert describe_services(ours) == describe_services(theirs)


def test_aiserver_v1_services_are_the_rendered_subset(reference: descriptor_pool.DescriptorPool) -> None:
    ours = describe_services(aiserver_v1_pb2.DESCRIPTOR)
    theirs = describe_services(reference.FindFileByName("aiserver_v1.proto"))
    assert {s: set(methods) for s, methods in ours.items()} == AISERVER_METHODS
    for service, methods in ours.items():
        for name, signature in methods.items():
            assert signature == theirs[service][name], f"{service}/{name}"
    assert ours["aiserver.v1.BidiService"]["BidiAppend"] == (
        "aiserver.v1.BidiAppendRequest",
        "aiserver.v1.BidiAppendResponse",
        False,
        False,
    )


def test_aiserver_v1_holds_exactly_what_the_roots_reach() -> None:
    """The subset is closed (protoc guarantees that) and minimal: every top-level type is reachable."""
    ours = aiserver_v1_pb2.DESCRIPTOR
    top_level = set(ours.message_types_by_name) | set(ours.enum_types_by_name)
    assert {t.removeprefix("aiserver.v1.") for t in AISERVER_TYPES} <= top_level
    assert "Error" in ours.message_types_by_name["ErrorDetails"].enum_types_by_name
    stack: list[Descriptor | EnumDescriptor] = [
        ours.message_types_by_name[t.removeprefix("aiserver.v1.")] for t in AISERVER_TYPES
    ]
    for service in ours.services_by_name.values():
        for method in service.methods:
            stack += [method.input_type, method.output_type]
    reached: set[str] = set()
    while stack:
        d = stack.pop()
        while d.containing_type is not None:
            d = d.containing_type
        if d.file is not ours or d.name in reached:
            continue
        reached.add(d.name)
        if isinstance(d, Descriptor):
            for m in [d, *_nested(d)]:
                for f in m.fields:
                    stack += [t for t in (f.message_type, f.enum_type) if t is not None]
    assert reached == top_level


def _nested(m: Descriptor) -> Iterator[Descriptor]:
    for n in m.nested_types:
        yield n
        yield from _nested(n)


def test_comparison_catches_a_changed_field(reference: descriptor_pool.DescriptorPool) -> None:
    """The comparison itself: a file that renumbers one field and renames one enum value is caught."""
    proto = descriptor_pb2.FileDescriptorProto()
    aiserver_v1_pb2.DESCRIPTOR.CopyToProto(proto)
    proto.name = "test_schema_mutant.proto"
    bidi = next(m for m in proto.message_type if m.name == "BidiAppendRequest")
    next(f for f in bidi.field if f.name == "append_seqno").number = 33
    error = next(m for m in proto.message_type if m.name == "ErrorDetails").enum_type[0]
    error.value[1].name = "ERROR_RENAMED"
    pool = descriptor_pool.DescriptorPool()
    for dep in aiserver_v1_pb2.DESCRIPTOR.dependencies:
        dep_proto = descriptor_pb2.FileDescriptorProto()
        dep.CopyToProto(dep_proto)
        pool.Add(dep_proto)
    pool.Add(proto)
    mutant = pool.FindFileByName(proto.name)
    problems = differences(mutant, reference)
    assert any("BidiAppendRequest: field 33 only in ours" in p for p in problems), problems
    assert any("BidiAppendRequest: field 3 only in reference" in p for p in problems), problems
    assert any(p.startswith("aiserver.v1.ErrorDetails.Error: values") for p in problems), problems
    assert len(problems) == 3, problems


# -------------------------------------------------------------------------------------- unknown fields


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def tag(number: int, wire_type: int) -> bytes:
    return varint(number << 3 | wire_type)


def length_delimited(number: int, payload: bytes) -> bytes:
    return tag(number, 2) + varint(len(payload)) + payload


def number_of(message: Any, field: str) -> int:
    return int(message.DESCRIPTOR.fields_by_name[field].number)


def unknowns(message: Any) -> list[tuple[int, int, Any]]:
    fields = UnknownFieldSet(message)
    return [(fields[i].field_number, fields[i].wire_type, fields[i].data) for i in range(len(fields))]


def test_unknown_tool_call_field_survives_round_trip() -> None:
    a = agent_v1_pb2
    assert 59 not in a.ToolCall.DESCRIPTOR.fields_by_number  # still unknown to this schema
    unknown = length_delimited(59, length_delimited(1, b"future tool args"))
    tool_call = a.ToolCall(shell_tool_call=a.ShellToolCall()).SerializeToString() + unknown
    started = length_delimited(number_of(a.ToolCallStartedUpdate, "call_id"), b"call-1") + length_delimited(
        number_of(a.ToolCallStartedUpdate, "tool_call"), tool_call
    )
    update = length_delimited(number_of(a.InteractionUpdate, "tool_call_started"), started)
    raw = length_delimited(number_of(a.AgentServerMessage, "interaction_update"), update)

    msg = a.AgentServerMessage.FromString(raw)
    started_msg = msg.interaction_update.tool_call_started
    assert started_msg.call_id == "call-1"
    assert started_msg.tool_call.WhichOneof("tool") == "shell_tool_call"
    assert unknowns(started_msg.tool_call) == [(59, 2, length_delimited(1, b"future tool args"))]

    out = msg.SerializeToString()
    assert unknown in out
    assert out == raw
    copy = a.AgentServerMessage()
    copy.CopyFrom(msg)
    assert unknown in copy.SerializeToString()


def test_unknown_oneof_member_is_kept_and_selects_nothing() -> None:
    a = agent_v1_pb2
    unknown = length_delimited(59, b"\x08\x01")  # a ToolCall kind this schema does not know
    raw = length_delimited(
        number_of(a.AgentServerMessage, "interaction_update"),
        length_delimited(
            number_of(a.InteractionUpdate, "tool_call_completed"),
            length_delimited(number_of(a.ToolCallCompletedUpdate, "tool_call"), unknown),
        ),
    )
    msg = a.AgentServerMessage.FromString(raw)
    tool_call = msg.interaction_update.tool_call_completed.tool_call
    assert tool_call.WhichOneof("tool") is None
    assert unknown in msg.SerializeToString()


def test_nested_unknown_fields_in_run_request_survive_round_trip() -> None:
    a = agent_v1_pb2
    state_unknown = tag(901, 5) + b"\x01\x02\x03\x04"  # fixed32
    # an AgentMode value from a newer build
    state_mode = tag(number_of(a.ConversationStateStructure, "mode"), 0) + varint(99)
    state = state_mode + state_unknown
    request_unknown = tag(900, 0) + varint(123456789)
    run_request = (
        length_delimited(number_of(a.AgentRunRequest, "conversation_state"), state)
        + length_delimited(number_of(a.AgentRunRequest, "conversation_id"), b"conv-1")
        + request_unknown
    )
    top_unknown = tag(999, 1) + bytes(range(8))  # fixed64
    raw = length_delimited(number_of(a.AgentClientMessage, "run_request"), run_request) + top_unknown

    msg = a.AgentClientMessage.FromString(raw)
    assert msg.WhichOneof("message") == "run_request"
    assert msg.run_request.conversation_id == "conv-1"
    assert msg.run_request.conversation_state.HasField("mode")
    assert msg.run_request.conversation_state.mode == 99  # open enum: kept as a number
    assert unknowns(msg) == [(999, 1, int.from_bytes(bytes(range(8)), "little"))]
    assert unknowns(msg.run_request) == [(900, 0, 123456789)]
    assert unknowns(msg.run_request.conversation_state) == [(901, 5, 0x04030201)]

    out = msg.SerializeToString()
    for piece in (state_unknown, state_mode, request_unknown, top_unknown):
        assert piece in out
    again = a.AgentClientMessage.FromString(out)
    assert again == msg
    assert unknowns(again.run_request.conversation_state) == [(901, 5, 0x04030201)]


def test_bidi_append_request_keeps_unknown_fields() -> None:
    s = aiserver_v1_pb2
    unknown = length_delimited(77, b"later")
    raw = (
        length_delimited(
            number_of(s.BidiAppendRequest, "request_id"),
            length_delimited(number_of(s.BidiRequestId, "request_id"), b"req-1"),
        )
        + tag(number_of(s.BidiAppendRequest, "append_seqno"), 0)
        + varint(3)
        + unknown
    )
    msg = s.BidiAppendRequest.FromString(raw)
    assert (msg.request_id.request_id, msg.append_seqno) == ("req-1", 3)
    assert unknown in msg.SerializeToString()


# ----------------------------------------------------------------------------- generated files, import


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CURSORD_SCHEMA_DIR": str(schema_dir())}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=300,
    )


def test_committed_generated_files_are_up_to_date(reference: descriptor_pool.DescriptorPool) -> None:
    result = run_script("--check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "are up to date" in result.stdout


def test_check_fails_when_a_committed_file_differs(reference: descriptor_pool.DescriptorPool, tmp_path: Path) -> None:
    for rel in ("proto/cursord/proto", "cursord/proto"):
        shutil.copytree(REPO / rel, tmp_path / rel, ignore=shutil.ignore_patterns("__pycache__"))
    edited = tmp_path / "proto/cursord/proto/aiserver_v1.proto"
    edited.write_text(edited.read_text().replace("int64 append_seqno = 3;", "int64 append_seqno = 33;"))
    (tmp_path / "cursord/proto/agent_v1_pb2.pyi").unlink()
    result = run_script("--check", "--repo-root", str(tmp_path))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "differs: proto/cursord/proto/aiserver_v1.proto" in result.stdout
    assert "missing: cursord/proto/agent_v1_pb2.pyi" in result.stdout
    assert "agent_v1.proto" not in result.stdout.replace("agent_v1_pb2.pyi", "")


def test_package_imports_the_modules_lazily() -> None:
    code = (
        "import sys, cursord.proto as p\n"
        "assert 'cursord.proto.agent_v1_pb2' not in sys.modules\n"
        "assert 'cursord.proto.aiserver_v1_pb2' not in sys.modules\n"
        "from cursord.proto import aiserver\n"
        "assert 'cursord.proto.agent_v1_pb2' not in sys.modules\n"
        "from cursord.proto import agent, agent_v1_pb2\n"
        "assert agent is agent_v1_pb2 and aiserver is sys.modules['cursord.proto.aiserver_v1_pb2']\n"
        "assert agent.AgentServerMessage.DESCRIPTOR.full_name == 'agent.v1.AgentServerMessage'\n"
        "try:\n    p.nothing\nexcept AttributeError:\n    pass\n"
        "else:\n    raise SystemExit('no AttributeError')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_pyproject_protobuf_floor_accepts_the_committed_gencode() -> None:
    deps = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    spec = next(d for d in deps if re.match(r"protobuf\b", d))
    floor = tuple(int(x) for x in re.search(r">=\s*([\d.]+)", spec).group(1).split("."))  # type: ignore[union-attr]
    for module in (agent_v1_pb2, aiserver_v1_pb2):
        text = Path(module.__file__ or "").read_text()
        gencode = re.search(r"^# Protobuf Python Version: ([\d.]+)$", text, re.MULTILINE)
        assert gencode is not None
        version = tuple(int(x) for x in gencode.group(1).split("."))
        assert floor >= version, f"{spec!r} admits runtimes older than gencode {gencode.group(1)}"
