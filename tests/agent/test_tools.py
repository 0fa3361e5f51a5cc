"""The tool catalogue (cursord.agent.tools): schemas, exec/query building, result texts, ToolCalls, modes."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs
import jsonschema
import pytest
from google.protobuf.message import Message
from hypothesis import given
from hypothesis import strategies as st

from cursord.agent.tools import (
    MAX_TOOL_NAME,
    TOOL_NAME_RE,
    UNKNOWN_RESULT_PREFIX,
    ExecTool,
    InteractionTool,
    McpTool,
    ShellAccumulator,
    ShellTool,
    SwitchModeTool,
    ToolArgumentError,
    ToolContext,
    ToolKind,
    ToolRegistry,
    WebFetchTool,
    WebSearchTool,
    mcp_tool_name,
    mcp_tools,
    mode_id,
    parse_call_arguments,
    partial_tool_call,
    run_mode,
    shell_output_delta,
    shell_tool_call_delta,
    tool_call_completed,
    tool_call_started,
    tools_for_mode,
)
from cursord.agent.tools.base import Args
from cursord.agent.tools.mcp import MAX_VALUE_DEPTH, json_value
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.schemas import sanitize_schema

CTX = ToolContext(tool_call_id="toolu_1", conversation_id="conv-9", model_id="model-x", working_directory="/ws")
GITHUB = agent.McpToolDefinition(
    name="user-github-create_issue",
    provider_identifier="user-github",
    tool_name="create_issue",
    description="Open an issue.",
    input_schema=json_value(
        {
            "type": "object",
            "properties": {"title": {"type": "string"}, "labels": {"type": "array", "items": {"type": "string"}}},
            "required": ["title"],
        }
    ),
)
MCP_NAME = "mcp__github__create_issue"
FULL = ToolRegistry.build(agent.AGENT_MODE_AGENT, [GITHUB])

# One valid call per tool, used by several tests.
GOOD_ARGS: dict[str, dict[str, Any]] = {
    "Read": {"path": "/ws/a.py", "offset": 10, "limit": 20},
    "Write": {"path": "/ws/new.txt", "contents": "hello\n"},
    "StrReplace": {"path": "/ws/a.py", "old_string": "foo", "new_string": "bar"},
    "Delete": {"path": "/ws/old.txt"},
    "Grep": {"pattern": r"def \w+", "path": "/ws", "glob": "*.py", "output_mode": "content", "context": 2},
    "Glob": {"glob_pattern": "**/*.ts", "target_directory": "/ws/src"},
    "LS": {"path": "/ws", "ignore": ["node_modules"]},
    "ReadLints": {"path": "/ws/a.py"},
    "Shell": {
        "command": "pytest -q",
        "working_directory": "/ws/sub",
        "block_until_ms": 5000,
        "description": "Run tests",
    },
    "WriteShellStdin": {"shell_id": 3, "chars": "y\n"},
    "ForceBackgroundShell": {"tool_call_id": "toolu_0"},
    "Task": {"description": "Explore auth", "prompt": "Find the login flow.", "subagent_type": "explore"},
    "ListMcpResources": {"server": "github"},
    "FetchMcpResource": {"server": "github", "uri": "repo://x/readme"},
    MCP_NAME: {"title": "Bug", "labels": ["p1"]},
    "AskQuestion": {
        "title": "Setup",
        "questions": [
            {
                "id": "db",
                "prompt": "Which database?",
                "options": [{"id": "pg", "label": "Postgres"}, {"id": "sqlite", "label": "SQLite"}],
            }
        ],
    },
    "CreatePlan": {"name": "Refactor", "plan": "# Plan\n1. do it", "todos": [{"id": "t1", "content": "step"}]},
    "WebSearch": {"search_term": "trio 0.30 release notes"},
    "WebFetch": {"url": "https://example.com/docs"},
    "SwitchMode": {"target_mode_id": "plan", "explanation": "needs a plan"},
}

_ALLOWED_KEYWORDS = {
    "type",
    "properties",
    "required",
    "additionalProperties",
    "description",
    "enum",
    "items",
    "minimum",
}


def exec_tool(name: str) -> ExecTool:
    tool = FULL.exec_tool(name)
    assert tool is not None, name
    return tool


def interaction_tool(name: str) -> InteractionTool:
    tool = FULL.interaction_tool(name)
    assert tool is not None, name
    return tool


def client(**fields: Any) -> agent.ExecClientMessage:
    return agent.ExecClientMessage(id=1, exec_id="e1", **fields)


def _walk(schema: Mapping[str, Any], path: str = "$") -> list[tuple[str, Mapping[str, Any]]]:
    nodes = [(path, schema)]
    for name, sub in schema.get("properties", {}).items():
        nodes += _walk(sub, f"{path}.{name}")
    if isinstance(schema.get("items"), Mapping):
        nodes += _walk(schema["items"], f"{path}[]")
    return nodes


# --- schemas ------------------------------------------------------------------------------------


def test_every_tool_has_a_good_example_and_every_example_a_tool() -> None:
    assert set(GOOD_ARGS) == set(FULL.tools)


@pytest.mark.parametrize("name", sorted(GOOD_ARGS))
def test_schema_is_valid_strict_friendly_json_schema(name: str) -> None:
    tool = FULL.get(name)
    assert tool is not None
    spec = tool.spec
    assert TOOL_NAME_RE.match(spec.name)
    assert spec.description.strip()
    jsonschema.Draft202012Validator.check_schema(spec.json_schema)
    jsonschema.validate(GOOD_ARGS[name], spec.json_schema)
    sanitize_schema(spec.json_schema, "openai_strict")  # must not raise
    if isinstance(tool, McpTool):
        return  # an MCP server's own schema: passed through as the server wrote it
    for path, node in _walk(spec.json_schema):
        assert set(node) <= _ALLOWED_KEYWORDS, (path, set(node) - _ALLOWED_KEYWORDS)
        assert isinstance(node.get("type"), str), path
        if node["type"] == "object":
            assert node.get("additionalProperties") is False, path
            assert set(node.get("required", ())) <= set(node["properties"]), path
        if node["type"] == "array":
            assert "items" in node, path


@pytest.mark.parametrize("name", sorted(GOOD_ARGS))
def test_good_arguments_build_a_message(name: str) -> None:
    tool = FULL.get(name)
    if isinstance(tool, ExecTool):
        message = tool.build_exec(GOOD_ARGS[name], 7, "exec-7", CTX)
        assert (message.id, message.exec_id) == (7, "exec-7")
        assert message.WhichOneof("message") == tool.args_field
    else:
        assert isinstance(tool, InteractionTool)
        query = tool.build_query(GOOD_ARGS[name], 8, CTX)
        assert query.id == 8
        assert query.WhichOneof("query") == tool.query_field


def test_exec_ids_must_fit_uint32() -> None:
    with pytest.raises(ValueError, match="uint32"):
        exec_tool("Read").build_exec(GOOD_ARGS["Read"], 2**32, "e", CTX)
    with pytest.raises(ValueError, match="uint32"):
        interaction_tool("WebSearch").build_query(GOOD_ARGS["WebSearch"], -1, CTX)


# --- args -> ExecServerMessage ----------------------------------------------------------------------


def test_read_args() -> None:
    read = exec_tool("Read").build_exec(GOOD_ARGS["Read"], 1, "e", CTX).read_args
    assert (read.path, read.offset, read.limit, read.tool_call_id) == ("/ws/a.py", 10, 20, "toolu_1")
    bare = exec_tool("Read").build_exec({"path": " /ws/b ", "offset": None, "limit": 5.0}, 1, "e", CTX).read_args
    assert bare.path == "/ws/b" and not bare.HasField("offset") and bare.limit == 5


def test_write_and_delete_args() -> None:
    write = exec_tool("Write").build_exec(GOOD_ARGS["Write"], 1, "e", CTX).write_args
    assert (write.path, write.file_text, write.tool_call_id) == ("/ws/new.txt", "hello\n", "toolu_1")
    assert write.return_file_content_after_write
    empty = exec_tool("Write").build_exec({"path": "/ws/e", "contents": ""}, 1, "e", CTX).write_args
    assert empty.file_text == ""
    delete = exec_tool("Delete").build_exec(GOOD_ARGS["Delete"], 1, "e", CTX).delete_args
    assert (delete.path, delete.tool_call_id) == ("/ws/old.txt", "toolu_1")


def test_grep_and_glob_args() -> None:
    grep = exec_tool("Grep").build_exec(GOOD_ARGS["Grep"], 1, "e", CTX).grep_args
    assert (grep.pattern, grep.path, grep.glob, grep.output_mode, grep.context) == (
        r"def \w+",
        "/ws",
        "*.py",
        "content",
        2,
    )
    assert not grep.HasField("case_insensitive") and grep.tool_call_id == "toolu_1"
    flags = exec_tool("Grep").build_exec({"pattern": "x", "case_insensitive": True, "head_limit": 3}, 1, "e", CTX)
    assert flags.grep_args.case_insensitive and flags.grep_args.head_limit == 3
    glob = exec_tool("Glob").build_exec(GOOD_ARGS["Glob"], 1, "e", CTX).grep_args
    assert (glob.pattern, glob.glob, glob.path, glob.output_mode) == ("", "**/*.ts", "/ws/src", "files_with_matches")


def test_ls_and_diagnostics_args() -> None:
    ls = exec_tool("LS").build_exec(GOOD_ARGS["LS"], 1, "e", CTX).ls_args
    assert (ls.path, list(ls.ignore), ls.tool_call_id) == ("/ws", ["node_modules"], "toolu_1")
    diag = exec_tool("ReadLints").build_exec(GOOD_ARGS["ReadLints"], 1, "e", CTX).diagnostics_args
    assert (diag.path, diag.tool_call_id) == ("/ws/a.py", "toolu_1")


def test_shell_args_stream_with_background_timeout() -> None:
    shell = exec_tool("Shell").build_exec(GOOD_ARGS["Shell"], 1, "e", CTX).shell_stream_args
    assert (shell.command, shell.working_directory, shell.timeout) == ("pytest -q", "/ws/sub", 5000)
    assert shell.timeout_behavior == agent.TIMEOUT_BEHAVIOR_BACKGROUND
    assert (shell.description, shell.tool_call_id, shell.conversation_id) == ("Run tests", "toolu_1", "conv-9")
    assert list(shell.simple_commands) == ["pytest -q"]
    assert [c.name for c in shell.parsing_result.executable_commands] == ["pytest"]
    default = exec_tool("Shell").build_exec({"command": "ls"}, 1, "e", CTX).shell_stream_args
    assert default.timeout == 30_000 and default.working_directory == "/ws"
    zero = exec_tool("Shell").build_exec({"command": "npm run dev", "block_until_ms": 0}, 1, "e", CTX)
    assert zero.shell_stream_args.timeout == 0


def test_shell_parse_is_conservative_for_shell_syntax() -> None:
    risky = exec_tool("Shell").build_exec({"command": "git status && rm -rf build"}, 1, "e", CTX)
    assert risky.shell_stream_args.parsing_result.parsing_failed
    assert not risky.shell_stream_args.parsing_result.executable_commands
    redirect = exec_tool("Shell").build_exec({"command": "sort < in > out"}, 1, "e", CTX).shell_stream_args
    assert redirect.has_input_redirect and redirect.has_output_redirect


def test_shell_stdin_and_force_background_args() -> None:
    stdin = exec_tool("WriteShellStdin").build_exec(GOOD_ARGS["WriteShellStdin"], 1, "e", CTX)
    assert (stdin.write_shell_stdin_args.shell_id, stdin.write_shell_stdin_args.chars) == (3, "y\n")
    force = exec_tool("ForceBackgroundShell").build_exec(GOOD_ARGS["ForceBackgroundShell"], 1, "e", CTX)
    assert force.force_background_shell_args.tool_call_id == "toolu_0"


def test_task_args() -> None:
    sub = exec_tool("Task").build_exec(GOOD_ARGS["Task"], 1, "e", CTX).subagent_args
    assert (sub.subagent_type, sub.prompt, sub.model_id, sub.tool_call_id) == (
        "explore",
        "Find the login flow.",
        "model-x",
        "toolu_1",
    )
    assert sub.parent_conversation_id == "conv-9" and sub.mode == agent.TASK_MODE_AGENT and not sub.readonly
    ro = (
        exec_tool("Task")
        .build_exec(
            {"description": "d", "prompt": "p", "readonly": True, "model": "fast", "resume": "ag-1"}, 1, "e", CTX
        )
        .subagent_args
    )
    assert (ro.subagent_type, ro.readonly, ro.mode, ro.model_id, ro.resume_agent_id) == (
        "generalPurpose",
        True,
        agent.TASK_MODE_PLAN,
        "fast",
        "ag-1",
    )



def test_a_task_without_a_model_runs_on_the_model_the_run_picked_for_its_type() -> None:
    """The run_request's `subagent_model_overrides` / `selected_subagent_models`, kept in the call's context."""
    picks = (("*", "model-any"), ("explore", "model-explore"))

    def model_of(args: dict[str, object], picked: tuple[tuple[str, str], ...] = picks) -> str:
        ctx = attrs.evolve(CTX, subagent_models=picked)
        return exec_tool("Task").build_exec(args, 1, "e", ctx).subagent_args.model_id

    assert model_of(GOOD_ARGS["Task"]) == "model-explore"
    assert model_of({"description": "d", "prompt": "p", "subagent_type": "shell"}) == "model-any"
    assert model_of({**GOOD_ARGS["Task"], "model": "fast"}) == "fast"  # the model's own choice wins
    assert model_of(GOOD_ARGS["Task"], ()) == "model-x"  # nothing picked: the run's model


def test_mcp_resource_args() -> None:
    listing = exec_tool("ListMcpResources").build_exec({}, 1, "e", CTX).list_mcp_resources_exec_args
    assert not listing.HasField("server")
    one = exec_tool("ListMcpResources").build_exec(GOOD_ARGS["ListMcpResources"], 1, "e", CTX)
    assert one.list_mcp_resources_exec_args.server == "github"
    read = exec_tool("FetchMcpResource").build_exec(GOOD_ARGS["FetchMcpResource"], 1, "e", CTX)
    r = read.read_mcp_resource_exec_args
    assert (r.server, r.uri, r.tool_call_id, r.HasField("download_path")) == (
        "github",
        "repo://x/readme",
        "toolu_1",
        False,
    )


def test_mcp_args_map_back_to_the_definition() -> None:
    message = exec_tool(MCP_NAME).build_exec(GOOD_ARGS[MCP_NAME], 1, "e", CTX)
    mcp = message.mcp_args
    assert (mcp.name, mcp.provider_identifier, mcp.tool_name, mcp.tool_call_id) == (
        "user-github-create_issue",
        "user-github",
        "create_issue",
        "toolu_1",
    )
    assert mcp.args["title"].string_value == "Bug"
    assert [v.string_value for v in mcp.args["labels"].list_value.values] == ["p1"]
    nested = exec_tool(MCP_NAME).build_exec({"title": "t", "extra": {"n": 1.5, "ok": True, "none": None}}, 1, "e", CTX)
    extra = nested.mcp_args.args["extra"].struct_value.fields
    assert (
        extra["n"].number_value == 1.5 and extra["ok"].bool_value and extra["none"].WhichOneof("kind") == "null_value"
    )
    dropped = exec_tool(MCP_NAME).build_exec({"title": "t", "labels": None}, 1, "e", CTX)
    assert "labels" not in dropped.mcp_args.args


# --- bad arguments ------------------------------------------------------------------------------------


BAD_ARGS: list[tuple[str, Any, str]] = [
    ("Read", {}, "'path' is required"),
    ("Read", {"path": 3}, "must be a string"),
    ("Read", {"path": "/a", "offset": 0}, "1-based"),
    ("Read", {"path": "/a", "limit": 0}, "at least 1"),
    ("Read", {"path": "/a", "limit": "ten"}, "must be an integer"),
    ("Read", {"path": "/a", "limit": 2.5}, "whole number"),
    ("Read", {"path": "/a", "limit": True}, "must be an integer"),
    ("Read", ["/a"], "must be a JSON object"),
    ("Write", {"path": "/a"}, "'contents' is required"),
    ("StrReplace", {"path": "/a", "old_string": "x", "new_string": "x"}, "identical"),
    ("StrReplace", {"path": "/a", "old_string": "", "new_string": "x"}, "'old_string' is required"),
    ("StrReplace", {"path": "/a", "old_string": "x", "new_string": "y", "replace_all": "yes"}, "true or false"),
    ("Delete", {"path": ""}, "'path' is required"),
    ("Grep", {"path": "/ws"}, "'pattern' is required"),
    ("Grep", {"pattern": "x", "output_mode": "lines"}, "must be one of"),
    ("Grep", {"pattern": "x", "context": -1}, "at least 0"),
    ("Glob", {"target_directory": "/ws"}, "'glob_pattern' is required"),
    ("LS", {"path": "/ws", "ignore": "node_modules"}, "must be an array"),
    ("LS", {"path": "/ws", "ignore": [1]}, r"'ignore\[0\]' must be a string"),
    ("ReadLints", {}, "'path' is required"),
    ("Shell", {"command": "  "}, "'command' is required"),
    ("Shell", {"command": "ls", "block_until_ms": -5}, "at least 0"),
    ("Shell", {"command": "ls", "block_until_ms": 10**12}, "at most"),
    ("WriteShellStdin", {"chars": "x"}, "'shell_id' is required"),
    ("WriteShellStdin", {"shell_id": "3", "chars": "x"}, "must be an integer"),
    ("WriteShellStdin", {"shell_id": 3, "chars": ""}, "'chars' is required"),
    ("ForceBackgroundShell", {}, "'tool_call_id' is required"),
    ("Task", {"description": "d"}, "'prompt' is required"),
    ("Task", {"prompt": "p"}, "'description' is required"),
    ("FetchMcpResource", {"server": "s"}, "'uri' is required"),
    (MCP_NAME, {"labels": []}, "missing required argument"),
    (MCP_NAME, {"title": "t", "x": {1, 2}}, "cannot be sent"),
    (MCP_NAME, {"title": float("nan")}, "cannot be sent"),
    ("AskQuestion", {}, "'questions' is required"),
    ("AskQuestion", {"questions": []}, "at least one"),
    ("AskQuestion", {"questions": ["q"]}, "must be an object"),
    ("AskQuestion", {"questions": [{"id": "a", "prompt": "?", "options": [{"id": "1", "label": "one"}]}]}, "two"),
    (
        "AskQuestion",
        {
            "questions": [
                {"id": "a", "prompt": "?", "options": [{"id": "1", "label": "x"}, {"id": "2", "label": "y"}]},
                {"id": "a", "prompt": "?", "options": [{"id": "1", "label": "x"}, {"id": "2", "label": "y"}]},
            ]
        },
        "used twice",
    ),
    (
        "AskQuestion",
        {"questions": [{"id": "a", "prompt": "?", "options": [{"id": "1", "label": "x"}, {"id": "1", "label": "y"}]}]},
        "used twice",
    ),
    ("CreatePlan", {"name": "n"}, "'plan' is required"),
    ("CreatePlan", {"name": "n", "plan": "p", "todos": [{"id": "1", "content": "c", "status": "done"}]}, "one of"),
    ("WebSearch", {"search_term": ""}, "'search_term' is required"),
    ("WebFetch", {"url": "ftp://example.com/x"}, "http or https"),
    ("WebFetch", {"url": "example.com"}, "http or https"),
    ("SwitchMode", {"target_mode_id": "yolo"}, "must be one of"),
    ("SwitchMode", {}, "required"),
    ("SwitchMode", {"target_mode_id": "agent"}, "already in agent mode"),
]


@pytest.mark.parametrize(("name", "args", "message"), BAD_ARGS)
def test_bad_arguments_raise_tool_argument_error(name: str, args: Any, message: str) -> None:
    tool = FULL.get(name)
    with pytest.raises(ToolArgumentError, match=message) as info:
        if isinstance(tool, ExecTool):
            tool.build_exec(args, 1, "e", CTX)
        else:
            assert isinstance(tool, InteractionTool)
            tool.build_query(args, 1, CTX)
    assert str(info.value).startswith(name.split("__")[0] if name != MCP_NAME else "")


@pytest.mark.parametrize("text", ["{", "[1, 2]", '"str"', "null"])
def test_parse_call_arguments_rejects_non_objects(text: str) -> None:
    with pytest.raises(ToolArgumentError):
        parse_call_arguments(text)


def test_parse_call_arguments() -> None:
    assert parse_call_arguments("") == {}
    assert parse_call_arguments('{"path": "/a"}') == {"path": "/a"}


@given(
    st.dictionaries(
        st.text(max_size=8),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(),
            lambda c: st.lists(c) | st.dictionaries(st.text(max_size=5), c),
            max_leaves=6,
        ),
        max_size=5,
    )
)
def test_arbitrary_json_arguments_never_crash(raw: dict[str, Any]) -> None:
    for name, tool in FULL.tools.items():
        args = {**GOOD_ARGS[name], **raw}
        try:
            if isinstance(tool, ExecTool):
                tool.build_exec(args, 1, "e", CTX)
            else:
                assert isinstance(tool, InteractionTool)
                tool.build_query(args, 1, CTX)
        except ToolArgumentError:
            pass
        assert isinstance(tool, ExecTool | InteractionTool)
        assert tool.tool_call(args, CTX) is not None or name == "ForceBackgroundShell"


# --- every result variant has a text -----------------------------------------------------------------

# (tool, ExecClientMessage field, oneof inside it).  The oneof members come from the descriptor, so
# a variant added to the schema fails here until it is mapped (or listed in ALLOWED_FALLBACKS).
EXEC_VARIANTS: list[tuple[str, str, str]] = [
    ("Read", "read_result", "result"),
    ("Read", "redacted_read_result", "result"),
    ("Write", "write_result", "result"),
    ("StrReplace", "read_result", "result"),
    ("StrReplace", "write_result", "result"),
    ("Delete", "delete_result", "result"),
    ("Grep", "grep_result", "result"),
    ("Glob", "grep_result", "result"),
    ("LS", "ls_result", "result"),
    ("ReadLints", "diagnostics_result", "result"),
    ("Shell", "shell_result", "result"),
    ("Shell", "shell_stream", "event"),
    ("WriteShellStdin", "write_shell_stdin_result", "result"),
    ("Task", "subagent_result", "result"),
    ("ListMcpResources", "list_mcp_resources_exec_result", "result"),
    ("FetchMcpResource", "read_mcp_resource_exec_result", "result"),
    (MCP_NAME, "mcp_result", "result"),
]
# (tool, path to the message holding the oneof inside InteractionResponse, oneof).
INTERACTION_VARIANTS: list[tuple[str, tuple[str, ...], str]] = [
    ("AskQuestion", ("ask_question_interaction_response", "result"), "result"),
    ("CreatePlan", ("create_plan_request_response", "result"), "result"),
    ("WebSearch", ("web_search_request_response",), "result"),
    ("WebFetch", ("web_fetch_request_response",), "result"),
    ("SwitchMode", ("switch_mode_request_response",), "result"),
]
ALLOWED_FALLBACKS: set[tuple[str, str, str]] = set()  # (tool, field, variant) knowingly left unmapped


def _members(message: Message, oneof: str) -> list[str]:
    return [f.name for f in message.DESCRIPTOR.oneofs_by_name[oneof].fields]


def _exec_cases() -> list[tuple[str, str, str]]:
    cases = []
    for tool, field, oneof in EXEC_VARIANTS:
        holder = getattr(agent.ExecClientMessage(), field)
        cases += [(tool, field, member) for member in _members(holder, oneof)]
    return cases


def _interaction_cases() -> list[tuple[str, tuple[str, ...], str]]:
    cases = []
    for tool, path, oneof in INTERACTION_VARIANTS:
        holder: Message = agent.InteractionResponse()
        for part in path:
            holder = getattr(holder, part)
        cases += [(tool, path, member) for member in _members(holder, oneof)]
    return cases


def test_variant_tables_cover_every_result_field_of_every_tool() -> None:
    listed = {(t, f) for t, f, _ in EXEC_VARIANTS}
    for name, tool in FULL.tools.items():
        if isinstance(tool, ExecTool) and name != "ForceBackgroundShell":
            assert {(name, f) for f in tool.result_fields} <= listed, name
        if isinstance(tool, InteractionTool):
            assert name in {t for t, _, _ in INTERACTION_VARIANTS}


@pytest.mark.parametrize(("name", "field", "member"), _exec_cases())
def test_every_exec_result_variant_has_a_text(name: str, field: str, member: str) -> None:
    message = client()
    getattr(getattr(message, field), member).SetInParent()
    outcome = exec_tool(name).result_text(message, GOOD_ARGS[name])
    assert outcome.text.strip()
    if (name, field, member) not in ALLOWED_FALLBACKS:
        assert not outcome.text.startswith(UNKNOWN_RESULT_PREFIX), outcome.text


@pytest.mark.parametrize(("name", "path", "member"), _interaction_cases())
def test_every_interaction_variant_has_a_text(name: str, path: tuple[str, ...], member: str) -> None:
    response = agent.InteractionResponse(id=4)
    holder: Message = response
    for part in path:
        holder = getattr(holder, part)
    getattr(holder, member).SetInParent()
    outcome = interaction_tool(name).result_text(response, GOOD_ARGS[name])
    assert outcome.text.strip() and not outcome.text.startswith(UNKNOWN_RESULT_PREFIX), outcome.text


def test_force_background_statuses_all_have_texts() -> None:
    tool = exec_tool("ForceBackgroundShell")
    for status in agent.ForceBackgroundShellStatus.DESCRIPTOR.values_by_name:
        outcome = tool.result_text(
            client(force_background_shell_result=agent.ForceBackgroundShellResult(status=status))
        )
        assert not outcome.text.startswith(UNKNOWN_RESULT_PREFIX)
    newer = agent.ForceBackgroundShellResult.FromString(b"\x08\x63")  # status 99: not in this schema
    future = tool.result_text(client(force_background_shell_result=newer))
    assert future.text.startswith(UNKNOWN_RESULT_PREFIX) and future.is_error


def test_unknown_results_fall_back_without_raising() -> None:
    read = exec_tool("Read")
    empty = read.result_text(client(read_result=agent.ReadResult()))
    assert empty.text.startswith(UNKNOWN_RESULT_PREFIX) and empty.is_error
    wrong = read.result_text(client(ls_result=agent.LsResult(error=agent.LsError(error="x"))))
    assert wrong.text.startswith(UNKNOWN_RESULT_PREFIX) and "ls_result" in wrong.text
    nothing = read.result_text(client())
    assert nothing.text.startswith(UNKNOWN_RESULT_PREFIX)
    # A variant from a newer editor (field 99 of ReadResult) arrives as an unknown field.
    newer = client(read_result=agent.ReadResult())
    newer.read_result.MergeFromString(b"\x9a\x06\x00")  # field 99, length-delimited, empty
    assert read.result_text(newer).text.startswith(UNKNOWN_RESULT_PREFIX)
    answer = interaction_tool("AskQuestion").result_text(agent.InteractionResponse(id=1))
    assert answer.text.startswith(UNKNOWN_RESULT_PREFIX)


# --- result texts -----------------------------------------------------------------------------------------


def test_read_text_numbers_lines_from_the_offset() -> None:
    read = exec_tool("Read")
    result = client(
        read_result=agent.ReadResult(success=agent.ReadSuccess(path="/a", content="a\nb\n", total_lines=50))
    )
    assert read.result_text(result, {"path": "/a", "offset": 10}).text == "    10|a\n    11|b"
    assert read.result_text(result, {"path": "/a", "offset": -2}).text == "    49|a\n    50|b"
    assert read.result_text(result, {"path": "/a"}).text.startswith("     1|a")
    truncated = client(
        read_result=agent.ReadResult(success=agent.ReadSuccess(path="/a", content="a", truncated=True, total_lines=9))
    )
    assert "truncated" in read.result_text(truncated).text and "9 lines" in read.result_text(truncated).text
    binary = client(read_result=agent.ReadResult(success=agent.ReadSuccess(path="/p.png", data=b"\x89PNG")))
    assert "binary" in read.result_text(binary).text
    missing = read.result_text(client(read_result=agent.ReadResult(file_not_found=agent.ReadFileNotFound(path="/x"))))
    assert missing == missing.__class__("File not found: /x", True)


def test_grep_text_formats_content_count_and_files() -> None:
    grep = exec_tool("Grep")
    content = agent.GrepUnionResult(
        content=agent.GrepContentResult(
            matches=[
                agent.GrepFileMatch(
                    file="a.py",
                    matches=[
                        agent.GrepContentMatch(line_number=3, content="def f():"),
                        agent.GrepContentMatch(line_number=4, content="    pass", is_context_line=True),
                    ],
                )
            ],
            total_matched_lines=1,
        )
    )
    success = agent.GrepSuccess(pattern="def", path="/ws", workspace_results={"/ws": content})
    assert (
        grep.result_text(client(grep_result=agent.GrepResult(success=success))).text == "a.py\n3:def f():\n4-    pass"
    )
    counts = agent.GrepUnionResult(
        count=agent.GrepCountResult(counts=[agent.GrepFileCount(file="a.py", count=2)], total_matches=2)
    )
    two = agent.GrepSuccess(workspace_results={"/r1": counts, "/r2": counts})
    assert (
        grep.result_text(client(grep_result=agent.GrepResult(success=two))).text
        == "== /r1 ==\na.py:2\n\n== /r2 ==\na.py:2"
    )
    none = grep.result_text(client(grep_result=agent.GrepResult(success=agent.GrepSuccess(pattern="zzz"))))
    assert none.text.startswith("No matches") and not none.is_error
    cut = agent.GrepUnionResult(files=agent.GrepFilesResult(files=["a"], total_files=500, ripgrep_truncated=True))
    text = grep.result_text(
        client(grep_result=agent.GrepResult(success=agent.GrepSuccess(workspace_results={"/": cut})))
    ).text
    assert "at least 500" in text


def test_glob_text_and_ls_tree() -> None:
    files = agent.GrepUnionResult(files=agent.GrepFilesResult(files=["src/a.ts", "src/b.ts"], total_files=2))
    result = client(grep_result=agent.GrepResult(success=agent.GrepSuccess(workspace_results={"/ws": files})))
    assert exec_tool("Glob").result_text(result, GOOD_ARGS["Glob"]).text == "src/a.ts\nsrc/b.ts"
    tree = agent.LsDirectoryTreeNode(
        abs_path="/ws",
        children_were_processed=True,
        children_files=[agent.LsDirectoryTreeNode.File(name="b.txt"), agent.LsDirectoryTreeNode.File(name="a.txt")],
        children_dirs=[
            agent.LsDirectoryTreeNode(
                abs_path="/ws/node_modules", num_files=900, full_subtree_extension_counts={".js": 900}
            )
        ],
    )
    text = (
        exec_tool("LS")
        .result_text(client(ls_result=agent.LsResult(success=agent.LsSuccess(directory_tree_root=tree))))
        .text
    )
    assert text == "/ws/\n  node_modules/\n    [not expanded; 900 files: 900 .js]\n  a.txt\n  b.txt"
    timeout = exec_tool("LS").result_text(
        client(ls_result=agent.LsResult(timeout=agent.LsTimeout(directory_tree_root=tree)))
    )
    assert "partial" in timeout.text and not timeout.is_error


def test_diagnostics_text() -> None:
    diag = agent.Diagnostic(
        severity=agent.DIAGNOSTIC_SEVERITY_ERROR,
        range=agent.Range(start=agent.Position(line=4, column=2)),
        message="undefined name 'x'",
        source="pyright",
        code="reportUndefinedVariable",
    )
    success = agent.DiagnosticsResult(
        success=agent.DiagnosticsSuccess(path="/a.py", diagnostics=[diag], total_diagnostics=1)
    )
    text = exec_tool("ReadLints").result_text(client(diagnostics_result=success)).text
    assert text == "/a.py:4:2: error: undefined name 'x' [pyright reportUndefinedVariable]"
    clean = agent.DiagnosticsResult(success=agent.DiagnosticsSuccess(path="/a.py"))
    assert exec_tool("ReadLints").result_text(client(diagnostics_result=clean)).text == "No diagnostics for /a.py."


def test_mcp_texts() -> None:
    tool = exec_tool(MCP_NAME)
    success = agent.McpSuccess(
        content=[
            agent.McpToolResultContentItem(text=agent.McpTextContent(text="created #12")),
            agent.McpToolResultContentItem(image=agent.McpImageContent(data=b"abc", mime_type="image/png")),
        ]
    )
    outcome = tool.result_text(client(mcp_result=agent.McpResult(success=success)))
    assert outcome.text == "created #12\n[image: image/png, 3 bytes]" and not outcome.is_error
    failed = agent.McpSuccess(content=success.content[:1], is_error=True)
    assert tool.result_text(client(mcp_result=agent.McpResult(success=failed))).is_error
    structured = agent.McpSuccess()
    structured.structured_content.update({"n": 1})
    assert json.loads(tool.result_text(client(mcp_result=agent.McpResult(success=structured))).text) == {"n": 1}
    missing = agent.McpResult(tool_not_found=agent.McpToolNotFound(name="x", available_tools=["a", "b"]))
    assert "Available tools: a, b." in tool.result_text(client(mcp_result=missing)).text


def test_task_texts() -> None:
    task = exec_tool("Task")
    done = agent.SubagentResult(success=agent.SubagentSuccess(agent_id="ag", final_message="Found it."))
    assert task.result_text(client(subagent_result=done)).text.startswith("Found it.")
    bg = agent.SubagentResult(
        success=agent.SubagentSuccess(agent_id="ag", background_reason=agent.SUBAGENT_BACKGROUND_REASON_AGENT_REQUEST)
    )
    assert "background" in task.result_text(client(subagent_result=bg)).text


def test_rejections_are_errors_that_say_so() -> None:
    rejected = exec_tool("Delete").result_text(
        client(delete_result=agent.DeleteResult(rejected=agent.DeleteRejected(path="/a", reason="not now")))
    )
    assert rejected.is_error and "rejected" in rejected.text and "not now" in rejected.text


# --- StrReplace: read, then write ---------------------------------------------------------------------------


def _read_back(content: str, **kw: Any) -> agent.ExecClientMessage:
    return client(read_result=agent.ReadResult(success=agent.ReadSuccess(path="/ws/a.py", content=content, **kw)))


def test_str_replace_reads_then_writes_the_replaced_text() -> None:
    tool = exec_tool("StrReplace")
    args = GOOD_ARGS["StrReplace"]
    first = tool.build_exec(args, 1, "e1", CTX)
    assert first.WhichOneof("message") == "read_args" and first.read_args.path == "/ws/a.py"
    second = tool.next_exec(args, _read_back("x = foo()\n"), 2, "e2", CTX)
    assert second is not None and (second.id, second.exec_id) == (2, "e2")
    assert second.write_args.file_text == "x = bar()\n" and second.write_args.tool_call_id == "toolu_1"
    written = client(write_result=agent.WriteResult(success=agent.WriteSuccess(path="/ws/a.py")))
    assert tool.next_exec(args, written, 3, "e3", CTX) is None
    assert tool.result_text(written, args).text == "Edited /ws/a.py."


def test_str_replace_refuses_ambiguous_missing_and_unsafe_edits() -> None:
    tool = exec_tool("StrReplace")
    args = GOOD_ARGS["StrReplace"]
    with pytest.raises(ToolArgumentError, match="not found"):
        tool.next_exec(args, _read_back("nothing here"), 2, "e", CTX)
    with pytest.raises(ToolArgumentError, match="occurs 2 times"):
        tool.next_exec(args, _read_back("foo foo"), 2, "e", CTX)
    every = tool.next_exec({**args, "replace_all": True}, _read_back("foo foo"), 2, "e", CTX)
    assert every is not None and every.write_args.file_text == "bar bar"
    with pytest.raises(ToolArgumentError, match="too large"):
        tool.next_exec(args, _read_back("foo", truncated=True), 2, "e", CTX)
    binary = client(read_result=agent.ReadResult(success=agent.ReadSuccess(path="/b", data=b"\0")))
    with pytest.raises(ToolArgumentError, match="binary"):
        tool.next_exec(args, binary, 2, "e", CTX)


def test_str_replace_keeps_crlf_files_crlf() -> None:
    tool = exec_tool("StrReplace")
    edit = tool.next_exec(
        {"path": "/a", "old_string": "a\nb", "new_string": "c\nd"}, _read_back("a\r\nb\r\n"), 2, "e", CTX
    )
    assert edit is not None and edit.write_args.file_text == "c\r\nd\r\n"


def test_str_replace_stops_on_a_failed_read() -> None:
    tool = exec_tool("StrReplace")
    missing = client(read_result=agent.ReadResult(file_not_found=agent.ReadFileNotFound(path="/ws/a.py")))
    assert tool.next_exec(GOOD_ARGS["StrReplace"], missing, 2, "e", CTX) is None
    assert tool.result_text(missing).text == "File not found: /ws/a.py"
    call = tool.tool_call(GOOD_ARGS["StrReplace"], CTX, missing)
    assert call is not None and call.edit_tool_call.result.file_not_found.path == "/ws/a.py"


# --- shell streaming ---------------------------------------------------------------------------------------


def _stream(**event: Any) -> agent.ShellStream:
    return agent.ShellStream(**event)


def test_shell_accumulator_streams_and_completes() -> None:
    shell = exec_tool("Shell")
    assert isinstance(shell, ShellTool)
    acc = shell.new_accumulator(GOOD_ARGS["Shell"], CTX)
    deltas = []
    for event in (
        _stream(start=agent.ShellStreamStart()),
        _stream(stdout=agent.ShellStreamStdout(data="ok 1\n")),
        _stream(stderr=agent.ShellStreamStderr(data="warn\n")),
        _stream(
            hook_context=agent.ShellStreamHookContext(
                hook_additional_contexts=[agent.HookAdditionalContext(content="h")]
            )
        ),
    ):
        deltas += acc.feed(event)
    assert not acc.done and [d.WhichOneof("event") for d in deltas] == ["start", "stdout", "stderr"]
    assert acc.outcome().is_error and "not finished" in acc.outcome().text
    deltas = acc.feed(_stream(exit=agent.ShellStreamExit(code=0, cwd="/ws/sub", local_execution_time_ms=12)))
    assert acc.done and acc.finished and [d.WhichOneof("event") for d in deltas] == ["exit"]
    assert acc.feed(_stream(stdout=agent.ShellStreamStdout(data="late"))) == []
    assert acc.outcome().text == "ok 1\nwarn" and not acc.outcome().is_error
    assert [c.content for c in acc.hook_contexts] == ["h"]
    result = acc.shell_result()
    assert result.WhichOneof("result") == "success"
    s = result.success
    assert (s.command, s.working_directory, s.stdout, s.stderr, s.interleaved_output, s.local_execution_time_ms) == (
        "pytest -q",
        "/ws/sub",
        "ok 1\n",
        "warn\n",
        "ok 1\nwarn\n",
        12,
    )
    call = shell.tool_call(GOOD_ARGS["Shell"], CTX, acc)
    assert (
        call is not None and call.shell_tool_call.result == result and call.shell_tool_call.description == "Run tests"
    )
    update = shell_output_delta(deltas[0])
    assert update.shell_output_delta.exit.cwd == "/ws/sub"


def test_shell_nonzero_exit_abort_and_output_file() -> None:
    acc = ShellAccumulator(command="make")
    acc.feed(_stream(stdout=agent.ShellStreamStdout(data="boom\n")))
    location = agent.OutputLocation(file_path="/tmp/out.txt", line_count=9000, size_bytes=10**6)
    acc.feed(_stream(exit=agent.ShellStreamExit(code=2, output_location=location)))
    saved = "[Full output saved to /tmp/out.txt (9000 lines, 1000000 bytes); read that file for the rest.]"
    assert acc.outcome().text == f"boom\n{saved}\nExit code: 2"
    assert not acc.outcome().is_error
    failure = acc.shell_result().failure
    assert (failure.exit_code, failure.output_location.file_path) == (2, "/tmp/out.txt")
    aborted = ShellAccumulator()
    aborted.feed(
        _stream(exit=agent.ShellStreamExit(code=130, aborted=True, abort_reason=agent.SHELL_ABORT_REASON_USER_ABORT))
    )
    assert aborted.outcome().is_error and "user stopped" in aborted.outcome().text
    assert aborted.shell_result().failure.abort_reason == agent.SHELL_ABORT_REASON_USER_ABORT


def test_shell_terminal_events_other_than_exit() -> None:
    bg = ShellAccumulator()
    bg.feed(_stream(stdout=agent.ShellStreamStdout(data="listening on :3000\n")))
    bg.feed(_stream(backgrounded=agent.ShellStreamBackgrounded(shell_id=7, pid=4242)))
    assert bg.done and "shell 7, pid 4242" in bg.outcome().text and "listening" in bg.outcome().text
    result = bg.shell_result()
    assert result.is_background and result.success.shell_id == 7 and result.pid == 4242
    rejected = ShellAccumulator()
    rejected.feed(_stream(rejected=agent.ShellRejected(reason="user said no")))
    assert rejected.outcome().is_error and rejected.shell_result().rejected.reason == "user said no"
    denied = ShellAccumulator()
    denied.feed(_stream(permission_denied=agent.ShellPermissionDenied(error="sandbox", is_readonly=True)))
    assert denied.outcome().is_error and "read-only" in denied.outcome().text
    closed = ShellAccumulator()
    closed.feed(_stream(stdout=agent.ShellStreamStdout(data="partial")))
    closed.close()
    assert closed.finished and not closed.done and "without an exit status" in closed.outcome().text
    assert closed.shell_result().failure.aborted
    plain = ShellAccumulator()
    plain.feed_message(client(shell_result=agent.ShellResult(timeout=agent.ShellTimeout(timeout_ms=500))))
    assert plain.done and "500 ms" in plain.outcome().text


def test_shell_output_is_bounded() -> None:
    acc = ShellAccumulator()
    for i in range(2000):
        acc.feed(_stream(stdout=agent.ShellStreamStdout(data=f"line {i:05d} " + "x" * 90 + "\n")))
    acc.feed(_stream(exit=agent.ShellStreamExit(code=0)))
    text = acc.outcome().text
    assert len(text) < 32_000 and "line 00000" in text and "line 01999" in text and "omitted" in text
    assert len(acc.output.head) + len(acc.output.tail) <= 3 * acc.output.tail_limit


def test_unknown_shell_event_is_ignored() -> None:
    acc = ShellAccumulator()
    acc.feed(_stream(stdout=agent.ShellStreamStdout(data="a")))
    newer = agent.ShellStream.FromString(b"\x4a\x00")  # field 9 (unknown to this build), empty
    assert acc.feed(newer) == [] and not acc.done


def test_shell_tool_call_delta_builder() -> None:
    out = shell_tool_call_delta("c1", stdout="hi", model_call_id="m")
    assert out.tool_call_delta.tool_call_delta.shell_tool_call_delta.stdout.content == "hi"
    err = shell_tool_call_delta("c1", stderr="oops")
    assert err.tool_call_delta.tool_call_delta.shell_tool_call_delta.stderr.content == "oops"


# --- MCP names --------------------------------------------------------------------------------------------------


def _definition(server: str, tool: str, name: str | None = None) -> agent.McpToolDefinition:
    return agent.McpToolDefinition(
        name=name if name is not None else f"{server}-{tool}", provider_identifier=server, tool_name=tool
    )


def test_mcp_names_round_trip_through_the_registry() -> None:
    defs = [
        _definition("user-github", "create_issue"),
        _definition("user-my.server", "list/things"),
        _definition("cursor-ide-browser", "browser_navigate"),
    ]
    registry = ToolRegistry.build("agent", defs)
    names = [t.name for t in registry.tools.values() if isinstance(t, McpTool)]
    assert names == [
        "mcp__github__create_issue",
        "mcp__my_server__list_things",
        "mcp__cursor-ide-browser__browser_navigate",
    ]
    for name, definition in zip(names, defs, strict=True):
        tool = registry.get(name)
        assert isinstance(tool, McpTool) and tool.definition == definition
        mcp = tool.build_exec({}, 1, "e", CTX).mcp_args
        assert (mcp.name, mcp.provider_identifier, mcp.tool_name) == (
            definition.name,
            definition.provider_identifier,
            definition.tool_name,
        )
        assert registry.kind(name) is ToolKind.EXEC


def test_runs_offering_the_same_tools_share_one_registry_and_its_specs() -> None:
    """An idle stream holds its pass request's specs: runs with the same mode and the same MCP definitions
    (equal, not the same objects: each run request decodes its own) share them; other tool sets do not."""
    defs = [_definition("user-github", "create_issue")]
    first = ToolRegistry.build("agent", defs)
    decoded_again = agent.McpTools(mcp_tools=[_definition("user-github", "create_issue")])
    again = ToolRegistry.build(agent.AGENT_MODE_AGENT, decoded_again)
    assert again is first and again.specs is first.specs
    assert ToolRegistry.build("ask", defs) is not first
    other = ToolRegistry.build("agent", [_definition("user-github", "close_issue")])
    assert other is not first and [s.name for s in other.specs] != [s.name for s in first.specs]
    assert first.with_mode("agent") is first


def test_mcp_names_respect_vendor_limits_and_stay_unique() -> None:
    long_server, long_tool = "s" * 80, "t" * 80
    defs = [
        _definition(long_server, long_tool),
        _definition(long_server, long_tool + "2"),
        _definition("a.b", "c"),
        _definition("a_b", "c"),  # cleans to the same text as the one before
        _definition("", ""),
    ]
    tools = mcp_tools(defs)
    names = [t.name for t in tools]
    assert len(set(names)) == len(names)
    assert all(TOOL_NAME_RE.match(n) and len(n) <= MAX_TOOL_NAME for n in names)
    assert names[2] == "mcp__a_b__c" and names[3].startswith("mcp__a_b__c_")
    assert [t.name for t in mcp_tools(defs)] == names  # deterministic
    assert mcp_tool_name("x", "y", taken={"mcp__x__y"}) != "mcp__x__y"


def test_mcp_definition_without_provider_or_schema() -> None:
    bare = agent.McpToolDefinition(name="weather-forecast", tool_name="forecast")
    (tool,) = mcp_tools([bare])
    assert tool.name == "mcp__weather__forecast"
    assert tool.parameters == {"type": "object", "properties": {}}
    assert tool.build_exec({"city": "Oslo"}, 1, "e", CTX).mcp_args.name == "weather-forecast"


@given(st.lists(st.tuples(st.text(max_size=90), st.text(max_size=90)), max_size=8))
def test_any_mcp_names_are_valid_and_unique(pairs: list[tuple[str, str]]) -> None:
    names = [t.name for t in mcp_tools([_definition(s, t) for s, t in pairs])]
    assert len(set(names)) == len(names)
    assert all(TOOL_NAME_RE.match(n) for n in names)


# --- modes ------------------------------------------------------------------------------------------------------

ASK = {"Read", "Grep", "Glob", "LS", "ReadLints", "AskQuestion", "WebSearch", "WebFetch"}
MCP_RESOURCES = {"ListMcpResources", "FetchMcpResource"}


def _names(mode: int | str, mcp: Any = None) -> set[str]:
    return {s.name for s in tools_for_mode(mode, mcp)}


def test_modes_offer_the_right_tools() -> None:
    assert _names(agent.AGENT_MODE_ASK) == ASK
    assert _names(agent.AGENT_MODE_ASK, [GITHUB]) == ASK | MCP_RESOURCES
    assert _names(agent.AGENT_MODE_PLAN, [GITHUB]) == ASK | MCP_RESOURCES | {"CreatePlan"}
    full = _names(agent.AGENT_MODE_AGENT, [GITHUB])
    assert full == set(GOOD_ARGS) - {"ForceBackgroundShell"}
    assert _names(agent.AGENT_MODE_AGENT) == full - MCP_RESOURCES - {MCP_NAME}
    for value in agent.AgentMode.values():
        if value not in (agent.AGENT_MODE_ASK, agent.AGENT_MODE_PLAN):
            assert _names(value, [GITHUB]) == full, agent.AgentMode.Name(value)
    assert _names(99, [GITHUB]) == full  # a mode newer than this build
    assert _names("ask") == ASK and _names("plan") == ASK | {"CreatePlan"}


def test_read_only_modes_do_not_download_mcp_resources() -> None:
    ask = ToolRegistry.build("ask", [GITHUB])
    fetch = ask.exec_tool("FetchMcpResource")
    assert fetch is not None and "download_path" not in fetch.parameters["properties"]
    with pytest.raises(ToolArgumentError, match="not allowed"):
        fetch.build_exec({**GOOD_ARGS["FetchMcpResource"], "download_path": "/tmp/x"}, 1, "e", CTX)
    full = FULL.exec_tool("FetchMcpResource")
    assert full is not None
    assert full.build_exec({**GOOD_ARGS["FetchMcpResource"], "download_path": "/tmp/x"}, 1, "e", CTX).HasField(
        "read_mcp_resource_exec_args"
    )


def test_registry_kinds_and_unavailable_text() -> None:
    ask = ToolRegistry.build("ask", [GITHUB])
    assert ask.kind("Read") is ToolKind.EXEC
    assert ask.kind("AskQuestion") is ToolKind.INTERACTION
    assert ask.kind("Write") is ToolKind.UNKNOWN and ask.get("Write") is None
    assert "not available in ask mode" in ask.unavailable_text("Write")
    assert "not available in ask mode" in ask.unavailable_text(MCP_NAME)
    assert "no tool named 'Nope'" in ask.unavailable_text("Nope")
    agentic = ask.with_mode(agent.AGENT_MODE_AGENT)
    assert agentic.kind("Write") is ToolKind.EXEC and agentic.kind(MCP_NAME) is ToolKind.EXEC
    assert agentic.skeleton("Read").WhichOneof("tool") == "read_tool_call"
    assert agentic.skeleton("nope") == agent.ToolCall()


def _request(action: agent.ConversationAction, state_mode: agent.AgentMode | None = None) -> agent.AgentRunRequest:
    request = agent.AgentRunRequest(action=action, mcp_tools=agent.McpTools(mcp_tools=[GITHUB]))
    if state_mode is not None:
        request.conversation_state.mode = state_mode
    return request


def test_run_mode_and_for_run() -> None:
    ask_message = agent.ConversationAction(
        user_message_action=agent.UserMessageAction(
            user_message=agent.UserMessage(text="hi", mode=agent.AGENT_MODE_ASK)
        )
    )
    assert run_mode(_request(ask_message, agent.AGENT_MODE_AGENT)) == agent.AGENT_MODE_ASK
    plain = agent.ConversationAction(
        user_message_action=agent.UserMessageAction(user_message=agent.UserMessage(text="hi"))
    )
    assert run_mode(_request(plain, agent.AGENT_MODE_PLAN)) == agent.AGENT_MODE_PLAN
    assert run_mode(_request(plain)) == agent.AGENT_MODE_AGENT
    assert (
        run_mode(_request(agent.ConversationAction(start_plan_action=agent.StartPlanAction()))) == agent.AGENT_MODE_PLAN
    )
    execute = agent.ConversationAction(
        execute_plan_action=agent.ExecutePlanAction(execution_mode=agent.AGENT_MODE_DEBUG)
    )
    assert run_mode(_request(execute)) == agent.AGENT_MODE_DEBUG
    registry = ToolRegistry.for_run(_request(ask_message))
    assert registry.mode == agent.AGENT_MODE_ASK and {s.name for s in registry.specs} == ASK | MCP_RESOURCES
    assert ToolRegistry.for_run(_request(ask_message), mode="agent").kind(MCP_NAME) is ToolKind.EXEC


# --- ToolCall construction ------------------------------------------------------------------------------------------

TOOL_CALL_FIELDS = {
    "Read": "read_tool_call",
    "Write": "edit_tool_call",
    "StrReplace": "edit_tool_call",
    "Delete": "delete_tool_call",
    "Grep": "grep_tool_call",
    "Glob": "glob_tool_call",
    "LS": "ls_tool_call",
    "ReadLints": "read_lints_tool_call",
    "Shell": "shell_tool_call",
    "WriteShellStdin": "write_shell_stdin_tool_call",
    "ForceBackgroundShell": None,
    "Task": "task_tool_call",
    "ListMcpResources": "list_mcp_resources_tool_call",
    "FetchMcpResource": "read_mcp_resource_tool_call",
    MCP_NAME: "mcp_tool_call",
    "AskQuestion": "ask_question_tool_call",
    "CreatePlan": "create_plan_tool_call",
    "WebSearch": "web_search_tool_call",
    "WebFetch": "web_fetch_tool_call",
    "SwitchMode": "switch_mode_tool_call",
}


@pytest.mark.parametrize("name", sorted(GOOD_ARGS))
def test_started_tool_call_has_args_and_no_result(name: str) -> None:
    tool = FULL.get(name)
    assert isinstance(tool, ExecTool | InteractionTool)
    call = tool.tool_call(GOOD_ARGS[name], CTX)
    field = TOOL_CALL_FIELDS[name]
    if field is None:
        assert call is None
        return
    assert call is not None and call.WhichOneof("tool") == field
    entry = getattr(call, field)
    assert entry.HasField("args") and not entry.HasField("result")
    garbage: list[object] = [{"path": 5, "command": [], "questions": "x"}, [], "nonsense", None]
    for bad in garbage:
        assert tool.tool_call(bad, CTX) is not None


def test_completed_tool_calls_carry_results() -> None:
    read = exec_tool("Read").tool_call(
        GOOD_ARGS["Read"],
        CTX,
        client(read_result=agent.ReadResult(success=agent.ReadSuccess(path="/ws/a.py", content="x"))),
    )
    assert read is not None and read.read_tool_call.result.success.content == "x"
    assert (read.read_tool_call.args.offset, read.read_tool_call.args.limit) == (10, 20)
    denied = exec_tool("Read").tool_call(
        GOOD_ARGS["Read"],
        CTX,
        client(read_result=agent.ReadResult(permission_denied=agent.ReadPermissionDenied(path="/s"))),
    )
    assert denied is not None and "Permission denied" in denied.read_tool_call.result.error.error_message

    written = client(
        write_result=agent.WriteResult(
            success=agent.WriteSuccess(path="/ws/new.txt", file_content_after_write="hello\n")
        )
    )
    write = exec_tool("Write").tool_call(GOOD_ARGS["Write"], CTX, written)
    assert write is not None and write.edit_tool_call.args.stream_content == "hello\n"
    assert write.edit_tool_call.result.success.after_full_file_content == "hello\n"
    no_space = exec_tool("Write").tool_call(
        GOOD_ARGS["Write"], CTX, client(write_result=agent.WriteResult(no_space=agent.WriteNoSpace(path="/a")))
    )
    assert no_space is not None and "No space" in no_space.edit_tool_call.result.error.model_visible_error

    files = agent.GrepUnionResult(files=agent.GrepFilesResult(files=["a.ts"], total_files=1))
    glob = exec_tool("Glob").tool_call(
        GOOD_ARGS["Glob"],
        CTX,
        client(grep_result=agent.GrepResult(success=agent.GrepSuccess(workspace_results={"/": files}))),
    )
    assert glob is not None and list(glob.glob_tool_call.result.success.files) == ["a.ts"]

    diag = agent.DiagnosticsResult(
        success=agent.DiagnosticsSuccess(path="/a.py", diagnostics=[agent.Diagnostic(message="m")])
    )
    lints = exec_tool("ReadLints").tool_call(GOOD_ARGS["ReadLints"], CTX, client(diagnostics_result=diag))
    assert (
        lints is not None
        and lints.read_lints_tool_call.result.success.file_diagnostics[0].diagnostics[0].message == "m"
    )

    gone = client(mcp_result=agent.McpResult(server_not_found=agent.McpServerNotFound(name="github")))
    mcp = exec_tool(MCP_NAME).tool_call(GOOD_ARGS[MCP_NAME], CTX, gone)
    assert mcp is not None and "not available" in mcp.mcp_tool_call.result.error.error
    assert mcp.mcp_tool_call.args.args["title"].string_value == "Bug"

    done = client(
        subagent_result=agent.SubagentResult(success=agent.SubagentSuccess(agent_id="ag", final_message="done"))
    )
    task = exec_tool("Task").tool_call(GOOD_ARGS["Task"], CTX, done)
    assert task is not None
    assert task.task_tool_call.result.success.conversation_steps[0].assistant_message.text == "done"
    assert task.task_tool_call.args.subagent_type.WhichOneof("type") == "explore"

    shell = exec_tool("Shell").tool_call(
        GOOD_ARGS["Shell"], CTX, client(shell_stream=_stream(rejected=agent.ShellRejected(reason="no")))
    )
    assert shell is not None and shell.shell_tool_call.result.rejected.reason == "no"

    wrong = exec_tool("Delete").tool_call(GOOD_ARGS["Delete"], CTX, client(ls_result=agent.LsResult()))
    assert wrong is not None and wrong.delete_tool_call.result.error.error.startswith(UNKNOWN_RESULT_PREFIX)


def test_update_builders_wrap_tool_calls() -> None:
    call = exec_tool("Read").tool_call(GOOD_ARGS["Read"], CTX)
    assert call is not None
    started = tool_call_started("toolu_1", call, "m1")
    assert (started.tool_call_started.call_id, started.tool_call_started.model_call_id) == ("toolu_1", "m1")
    assert started.tool_call_started.tool_call == call
    assert tool_call_completed("toolu_1", call).tool_call_completed.tool_call == call
    partial = partial_tool_call("toolu_1", call, '{"pa', "m1")
    assert partial.partial_tool_call.args_text_delta == '{"pa'


# --- interaction tools ----------------------------------------------------------------------------------------------


def test_interaction_queries() -> None:
    ask = interaction_tool("AskQuestion").build_query(GOOD_ARGS["AskQuestion"], 3, CTX).ask_question_interaction_query
    assert ask.tool_call_id == "toolu_1" and ask.args.title == "Setup"
    assert [(o.id, o.label) for o in ask.args.questions[0].options] == [("pg", "Postgres"), ("sqlite", "SQLite")]
    plan = interaction_tool("CreatePlan").build_query(GOOD_ARGS["CreatePlan"], 3, CTX).create_plan_request_query
    assert (plan.args.name, plan.args.todos[0].status, plan.tool_call_id) == (
        "Refactor",
        agent.TODO_STATUS_PENDING,
        "toolu_1",
    )
    search = interaction_tool("WebSearch").build_query(GOOD_ARGS["WebSearch"], 3, CTX).web_search_request_query
    assert (search.args.search_term, search.args.tool_call_id) == ("trio 0.30 release notes", "toolu_1")
    fetch = interaction_tool("WebFetch").build_query(GOOD_ARGS["WebFetch"], 3, CTX).web_fetch_request_query
    assert fetch.args.url == "https://example.com/docs" and not fetch.skip_approval
    switch = interaction_tool("SwitchMode").build_query(GOOD_ARGS["SwitchMode"], 3, CTX).switch_mode_request_query
    assert (switch.args.target_mode_id, switch.args.explanation, switch.args.tool_call_id) == (
        "plan",
        "needs a plan",
        "toolu_1",
    )


def test_ask_question_answers_use_the_labels() -> None:
    tool = interaction_tool("AskQuestion")
    answer = agent.AskQuestionSuccess.Answer(question_id="db", selected_option_ids=["pg"], freeform_text="v16 please")
    response = agent.InteractionResponse(
        ask_question_interaction_response=agent.AskQuestionInteractionResponse(
            result=agent.AskQuestionResult(success=agent.AskQuestionSuccess(answers=[answer]))
        )
    )
    assert (
        tool.result_text(response, GOOD_ARGS["AskQuestion"]).text
        == 'The user answered:\n- Which database?: Postgres; "v16 please"'
    )
    result = tool.result_message(response, GOOD_ARGS["AskQuestion"], CTX)
    call = tool.tool_call(GOOD_ARGS["AskQuestion"], CTX, result)
    assert call.ask_question_tool_call.result.success.answers[0].question_id == "db"


def test_web_tools_approval_then_daemon_result() -> None:
    search = interaction_tool("WebSearch")
    assert isinstance(search, WebSearchTool)
    approved = agent.InteractionResponse(web_search_request_response=agent.WebSearchRequestResponse(approved={}))
    outcome = search.result_text(approved)
    assert outcome.pending and not outcome.is_error
    assert search.result_message(approved, GOOD_ARGS["WebSearch"], CTX) is None
    text, result = search.completed([agent.WebSearchReference(title="Trio", url="https://trio.rtfd.io", chunk="async")])
    assert text.text == "1. Trio\n   https://trio.rtfd.io\n   async" and not text.pending
    assert (
        search.tool_call(GOOD_ARGS["WebSearch"], CTX, result).web_search_tool_call.result.success.references[0].title
        == "Trio"
    )
    rejected = agent.InteractionResponse(
        web_search_request_response=agent.WebSearchRequestResponse(
            rejected=agent.WebSearchRequestResponse.Rejected(reason="no")
        )
    )
    assert search.result_text(rejected).is_error
    message = search.result_message(rejected, GOOD_ARGS["WebSearch"], CTX)
    assert isinstance(message, agent.WebSearchResult) and message.rejected.reason == "no"
    fetch = interaction_tool("WebFetch")
    assert isinstance(fetch, WebFetchTool)
    failed, fetch_result = fetch.failed("https://x", "HTTP 404")
    assert failed.is_error and fetch_result.error.url == "https://x"
    ok, fetch_ok = fetch.completed("https://x", "# Title\nbody")
    assert ok.text == "# Title\nbody" and fetch_ok.success.markdown == "# Title\nbody"


def test_switch_mode_result_message_and_target() -> None:
    tool = interaction_tool("SwitchMode")
    assert isinstance(tool, SwitchModeTool)
    assert tool.target_mode(GOOD_ARGS["SwitchMode"]) == agent.AGENT_MODE_PLAN
    approved = agent.InteractionResponse(switch_mode_request_response=agent.SwitchModeRequestResponse(approved={}))
    assert "Switched to plan mode" in tool.result_text(approved, GOOD_ARGS["SwitchMode"]).text
    ask_ctx = ToolContext(tool_call_id="t", mode=agent.AGENT_MODE_ASK)
    message = tool.result_message(approved, GOOD_ARGS["SwitchMode"], ask_ctx)
    assert isinstance(message, agent.SwitchModeResult)
    assert (message.success.from_mode_id, message.success.to_mode_id) == ("ask", "plan")
    assert mode_id(agent.AGENT_MODE_DEBUG) == "debug" and mode_id(12345) == "agent"


def test_create_plan_texts() -> None:
    tool = interaction_tool("CreatePlan")
    ok = agent.InteractionResponse(
        create_plan_request_response=agent.CreatePlanRequestResponse(
            result=agent.CreatePlanResult(plan_uri="file:///plan.md", success=agent.CreatePlanSuccess())
        )
    )
    assert "file:///plan.md" in tool.result_text(ok).text and "wait" in tool.result_text(ok).text
    result = tool.result_message(ok, GOOD_ARGS["CreatePlan"], CTX)
    assert (
        tool.tool_call(GOOD_ARGS["CreatePlan"], CTX, result).create_plan_tool_call.result.plan_uri == "file:///plan.md"
    )
    wrong = agent.InteractionResponse(web_fetch_request_response=agent.WebFetchRequestResponse())
    assert (
        tool.result_text(wrong).text.startswith(UNKNOWN_RESULT_PREFIX) and tool.result_message(wrong, {}, CTX) is None
    )


def test_args_helper_treats_null_as_absent() -> None:
    args = Args("T", {"a": None, "b": 3.0, "c": "  x "})
    assert args.opt_str("a") is None and args.opt_int("b") == 3 and args.opt_str("c") == "x"
    assert args.flag("a", default=True) is True and not args.has("a")
    with pytest.raises(ToolArgumentError, match="'b' must be a string"):
        args.opt_str("b")


def test_arguments_nested_too_deeply_are_a_tool_argument_error() -> None:
    """json.loads raised RecursionError out of the turn (its stream ended `internal`)."""
    with pytest.raises(ToolArgumentError, match="nested too deeply"):
        parse_call_arguments("[" * 100_000 + "]" * 100_000)


def test_an_mcp_argument_nested_too_deeply_is_a_tool_argument_error() -> None:
    """A value nested hundreds of levels raised RecursionError (its turn's stream ended `internal`); one a
    protobuf reader would refuse never reaches the editor."""
    def nested(depth: int) -> object:
        return json.loads("[" * depth + "]" * depth)

    assert json_value(nested(MAX_VALUE_DEPTH)).HasField("list_value")
    for depth in (MAX_VALUE_DEPTH + 2, 600):
        with pytest.raises(TypeError, match="nests deeper than"):
            json_value(nested(depth))
