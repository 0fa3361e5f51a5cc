"""The rule for which requests carry the user's code or text (`cursord.proxy.carriers`), on known types of the
reference schema and on small made-up ones for each clause; and the table made from it is current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import Descriptor

from cursord.proxy import carries_code
from cursord.proxy.carriers import code_field
from tests.proto.reference_schema import REPO, load_reference

FDP = descriptor_pb2.FieldDescriptorProto
SCRIPT = REPO / "scripts" / "privacy_table.py"


@pytest.fixture(scope="module")
def pool() -> descriptor_pool.DescriptorPool:
    return load_reference()[0]


@pytest.mark.parametrize(("type_name", "field"), [
    ("StreamBugBotRequest", "StreamBugBotRequest.git_diff>GitDiff.diffs>FileDiff.chunks>Chunk.content"),
    ("StreamBugBotLinterRequest", "StreamBugBotLinterRequest.git_diff>GitDiff.diffs>FileDiff.chunks>Chunk.content"),
    ("WriteGitCommitMessageRequest", "WriteGitCommitMessageRequest.diffs"),
    ("StreamCppRequest", "StreamCppRequest.current_file>CurrentFileInfo.contents"),
    ("NameTabRequest", "NameTabRequest.messages>ConversationMessage.text"),
    ("NameAgentRequest", "NameAgentRequest.user_message"),
    ("BidiAppendRequest", "BidiAppendRequest.data"),  # an opaque payload: a relayed run's prompt among others
])
def test_requests_that_carry_code_or_text(pool: descriptor_pool.DescriptorPool, type_name: str, field: str) -> None:
    assert code_field(pool.FindMessageTypeByName(f"aiserver.v1.{type_name}")) == field


@pytest.mark.parametrize("type_name", [
    "GetServerConfigRequest", "IsConnectedRequest", "HealthRequest", "AvailableModelsRequest", "GetTeamsRequest",
    "GetSessionTokenRequest",  # sign-in: its `code` is the login code, not the user's code
    "BidiRequestId", "GetUsableModelsRequest",
])
def test_requests_that_carry_none(pool: descriptor_pool.DescriptorPool, type_name: str) -> None:
    assert code_field(pool.FindMessageTypeByName(f"aiserver.v1.{type_name}")) is None


def _made_up(*fields: FDP, nested: tuple[descriptor_pb2.DescriptorProto, ...] = ()) -> Descriptor:
    """`test.Made` with `fields` (and `nested` types) in a pool of its own."""
    file = descriptor_pb2.FileDescriptorProto(name="made.proto", package="test", syntax="proto3")
    file.message_type.add(name="Made", field=list(fields), nested_type=list(nested))
    file.message_type.add(name="Loop", field=[
        FDP(name="again", number=1, type=FDP.TYPE_MESSAGE, type_name=".test.Loop", label=FDP.LABEL_OPTIONAL),
        FDP(name="note", number=2, type=FDP.TYPE_STRING, label=FDP.LABEL_OPTIONAL),
    ])
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    return pool.FindMessageTypeByName("test.Made")


def _string(name: str, number: int = 1) -> FDP:
    return FDP(name=name, number=number, type=FDP.TYPE_STRING, label=FDP.LABEL_OPTIONAL)


def _map(name: str, value: FDP) -> tuple[FDP, descriptor_pb2.DescriptorProto]:
    entry_name = "".join(part.title() for part in name.split("_")) + "Entry"
    entry = descriptor_pb2.DescriptorProto(
        name=entry_name, field=[_string("key", 1), value], options=descriptor_pb2.MessageOptions(map_entry=True)
    )
    field = FDP(name=name, number=1, type=FDP.TYPE_MESSAGE, type_name=f".test.Made.{entry_name}",
                label=FDP.LABEL_REPEATED)
    return field, entry


@pytest.mark.parametrize(("name", "carries"), [
    ("file_contents", True), ("selected_text", True), ("git_patch", True), ("user_instruction", True),
    ("commit_message", True), ("last_user_message", True), ("data", True), ("profile_data", True),
    ("content_hash", False), ("patch_uuid", False), ("content_sha256", False), ("diff_side", False),
    ("source_path", False), ("text_length", False),
    ("error_message", False), ("message", False), ("invite_code", False), ("request_id", False),
])
def test_a_string_field_carries_text_by_its_name(name: str, carries: bool) -> None:
    assert (code_field(_made_up(_string(name))) is not None) is carries


def test_a_map_of_strings_is_judged_by_its_name_and_a_map_of_messages_by_their_fields() -> None:
    field, entry = _map("file_contents", _string("value", 2))
    assert code_field(_made_up(field, nested=(entry,))) == "Made.file_contents"
    field, entry = _map("labels", _string("value", 2))
    assert code_field(_made_up(field, nested=(entry,))) is None
    value = FDP(name="value", number=2, type=FDP.TYPE_MESSAGE, type_name=".test.Made.Inner", label=FDP.LABEL_OPTIONAL)
    field, entry = _map("files", value)
    inner = descriptor_pb2.DescriptorProto(name="Inner", field=[_string("text")])
    assert code_field(_made_up(field, nested=(entry, inner))) == "Made.files>Inner.text"


def test_a_type_that_holds_itself_ends_the_search() -> None:
    loop = FDP(name="loop", number=1, type=FDP.TYPE_MESSAGE, type_name=".test.Loop", label=FDP.LABEL_OPTIONAL)
    assert code_field(_made_up(loop)) is None


def test_the_proxy_reads_the_rule_through_the_generated_table() -> None:
    assert carries_code("aiserver.v1.AiService/StreamBugBot") is True
    assert carries_code("aiserver.v1.DashboardService/GetTeams") is False
    assert carries_code("aiserver.v1.AiService/NotInTheSchema") is None


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), "--check", *args], capture_output=True, text=True,
                          check=False)


def test_the_table_and_the_generated_module_are_up_to_date() -> None:
    result = check()
    assert result.returncode == 0, result.stderr


def test_a_table_that_differs_from_the_schema_is_stale(tmp_path: Path) -> None:
    docs = tmp_path / "privacy.md"
    text = (REPO / "docs" / "privacy.md").read_text()
    docs.write_text(text.replace("| `AiService/StreamBugBot` |", "| `AiService/StreamBugBotGone` |"))
    result = check("--docs", str(docs))
    assert result.returncode == 1
    assert "+| `AiService/StreamBugBot` |" in result.stderr and "stale" in result.stderr
