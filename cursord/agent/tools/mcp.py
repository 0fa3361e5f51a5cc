"""MCP tools: one model-visible tool per MCP tool the editor offers, plus resource list/read.

The editor lists its MCP tools in `AgentRunRequest.mcp_tools` (`McpToolDefinition`: `name`, usually
"<provider_identifier>-<tool_name>", `provider_identifier` such as "user-github", `tool_name`,
`description`, `input_schema`).  Vendors only accept tool names matching `[a-zA-Z0-9_-]{1,64}`, so
each gets a model name `mcp__<server>__<tool>` (invalid characters become "_"; a name that is too
long or already taken is shortened and given a hash suffix).  The name is only a key: the
registry maps it back to the definition, whose own fields go into `McpArgs`.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Collection, Mapping
from typing import Any

from google.protobuf import json_format, struct_pb2

from cursord.agent.tools.base import (
    TEXT_LIMIT,
    Args,
    ExecTool,
    ToolArgumentError,
    ToolContext,
    ToolOutcome,
    clip,
    dispatch,
    display_str,
    lenient,
    object_schema,
    rejected_text,
    string,
)
from cursord.proto import agent_v1_pb2 as agent

MAX_TOOL_NAME = 64
TOOL_NAME_RE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
_INVALID = re.compile(r"[^a-zA-Z0-9_-]+")
_DESCRIPTION_LIMIT = 4000


def _clean(part: str) -> str:
    return _INVALID.sub("_", part.strip()).strip("_")


def server_label(definition: agent.McpToolDefinition) -> str:
    """The MCP server's name for people and the model ("user-github" -> "github")."""
    server = definition.provider_identifier.strip()
    if not server and definition.tool_name and definition.name.endswith("-" + definition.tool_name):
        server = definition.name[: -len(definition.tool_name) - 1]
    if server.startswith("user-") and len(server) > len("user-"):
        server = server[len("user-") :]
    return server


def tool_label(definition: agent.McpToolDefinition) -> str:
    return definition.tool_name.strip() or definition.name.strip()


def mcp_tool_name(server: str, tool: str, taken: Collection[str] = ()) -> str:
    """A vendor-safe model name for an MCP tool, not in `taken`."""
    base = f"mcp__{_clean(server) or 'server'}__{_clean(tool) or 'tool'}"
    if len(base) <= MAX_TOOL_NAME and base not in taken:
        return base
    digest = hashlib.sha256(f"{server}\0{tool}".encode()).hexdigest()[:8]
    n = 1
    while True:  # n > 1 only for the same server and tool listed twice, or a hash collision
        suffix = f"_{digest}" if n == 1 else f"_{digest}_{n}"
        candidate = base[: MAX_TOOL_NAME - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        n += 1


def input_schema(definition: agent.McpToolDefinition) -> dict[str, Any]:
    """The MCP tool's input schema as a JSON object schema (an empty object if it has none)."""
    raw: object = None
    if definition.HasField("input_schema"):
        raw = json_format.MessageToDict(definition.input_schema)
    if not isinstance(raw, dict):
        return {"type": "object", "properties": {}}
    schema: dict[str, Any] = {str(k): v for k, v in raw.items()}
    schema.setdefault("type", "object")
    if schema.get("type") == "object" and not isinstance(schema.get("properties"), dict):
        schema["properties"] = {}
    return schema


#: how deep a value sent to an MCP server may nest (protobuf readers refuse messages nested past 100 levels;
#: each JSON level is two, and the exec message around the value adds a few)
MAX_VALUE_DEPTH = 40


def json_value(value: object, depth: int = 0) -> struct_pb2.Value:
    """A JSON value (as `json.loads` returns it) as a `google.protobuf.Value`; TypeError otherwise (a value
    that is not JSON, or nests deeper than `MAX_VALUE_DEPTH`)."""
    if depth > MAX_VALUE_DEPTH:
        raise TypeError(f"it nests deeper than {MAX_VALUE_DEPTH} levels")
    result = struct_pb2.Value()
    if value is None:
        result.null_value = struct_pb2.NULL_VALUE
    elif isinstance(value, bool):
        result.bool_value = value
    elif isinstance(value, int | float):
        if isinstance(value, float) and not math.isfinite(value):
            raise TypeError(f"{value} is not a JSON number")
        result.number_value = float(value)
    elif isinstance(value, str):
        result.string_value = value
    elif isinstance(value, list | tuple):
        result.list_value.values.extend(json_value(v, depth + 1) for v in value)
    elif isinstance(value, Mapping):
        result.struct_value.SetInParent()
        for k, v in value.items():
            if not isinstance(k, str):
                raise TypeError(f"object key {k!r} is not a string")
            result.struct_value.fields[k].CopyFrom(json_value(v, depth + 1))
    else:
        raise TypeError(f"{type(value).__name__} is not a JSON value")
    return result


def _to_value(key: str, value: object) -> struct_pb2.Value:
    try:
        return json_value(value)
    except TypeError as exc:
        raise ToolArgumentError(f"'{key}' cannot be sent to the MCP server: {exc}") from None


def _content_text(success: agent.McpSuccess) -> str:
    parts: list[str] = []
    for item in success.content:
        which = item.WhichOneof("content")
        if which == "text":
            text = item.text.text
            if item.text.HasField("output_location") and item.text.output_location.file_path:
                text += f"\n[Full output saved to {item.text.output_location.file_path}]"
            parts.append(text)
        elif which == "image":
            parts.append(f"[image: {item.image.mime_type or 'unknown type'}, {len(item.image.data)} bytes]")
        else:
            parts.append("[content of a kind cursord does not understand]")
    if not parts and success.HasField("structured_content"):
        parts.append(json.dumps(json_format.MessageToDict(success.structured_content), ensure_ascii=False))
    return "\n".join(parts) if parts else "(the tool returned no content)"


class McpTool(ExecTool):
    """One MCP tool, as the model sees it."""

    args_field = "mcp_args"
    result_fields = ("mcp_result",)

    def __init__(self, definition: agent.McpToolDefinition, model_name: str) -> None:
        self.definition = definition
        self.name = model_name
        self.server = server_label(definition)
        self.tool = tool_label(definition)
        text = definition.description.strip() or f"The {self.tool} tool."
        self.description = clip(f"[MCP server {self.server or 'unknown'}, tool {self.tool}] {text}", _DESCRIPTION_LIMIT)
        self.parameters = input_schema(definition)

    @property
    def lookup_name(self) -> str:
        d = self.definition
        if d.name:
            return d.name
        return f"{d.provider_identifier}-{d.tool_name}" if d.provider_identifier else d.tool_name

    def parse(self, call_args: object) -> dict[str, struct_pb2.Value]:
        args = Args(self.name, call_args)
        required = self.parameters.get("required")
        required_names = [r for r in required if isinstance(r, str)] if isinstance(required, list) else []
        missing = [r for r in required_names if args.raw.get(r) is None]
        if missing:
            raise ToolArgumentError(f"{self.name}: missing required argument(s): {', '.join(missing)}.")
        return {str(k): _to_value(str(k), v) for k, v in args.raw.items() if v is not None or k in required_names}

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        return self._exec(exec_seq, exec_id, mcp_args=self._mcp_args(self.parse(call_args), ctx))

    def _mcp_args(self, values: Mapping[str, struct_pb2.Value], ctx: ToolContext) -> agent.McpArgs:
        return agent.McpArgs(
            name=self.lookup_name,
            args=values,
            tool_call_id=ctx.tool_call_id,
            provider_identifier=self.definition.provider_identifier,
            tool_name=self.definition.tool_name or self.tool,
        )

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        def available(kind: str, names: Collection[str]) -> str:
            return f" Available {kind}: {', '.join(names)}." if names else ""

        return dispatch(
            self.name,
            payload,
            "result",
            {
                "success": lambda s: ToolOutcome(clip(_content_text(s), TEXT_LIMIT), s.is_error),
                "error": lambda e: ToolOutcome(f"The MCP tool failed: {e.error}", True),
                "rejected": lambda r: ToolOutcome(rejected_text(f"Calling {self.tool}", r.reason), True),
                "permission_denied": lambda p: ToolOutcome(f"Permission denied calling {self.tool}: {p.error}", True),
                "tool_not_found": lambda t: ToolOutcome(
                    f"The MCP server has no tool {t.name or self.tool}." + available("tools", t.available_tools), True
                ),
                "server_not_found": lambda s: ToolOutcome(
                    f"MCP server {s.name or self.server} is not available." + available("servers", s.available_servers),
                    True,
                ),
                "approved": lambda _a: ToolOutcome("The call was approved but the editor returned no result.", True),
            },
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        raw = call_args if isinstance(call_args, Mapping) else {}
        values: dict[str, struct_pb2.Value] = {}
        for k, v in raw.items():
            try:
                values[str(k)] = json_value(v)
            except TypeError:
                continue
        call = agent.McpToolCall(args=self._mcp_args(values, ctx))
        if result is not None:
            call.result.CopyFrom(self._tool_result(result))
        return agent.ToolCall(mcp_tool_call=call)

    def _tool_result(self, result: agent.ExecClientMessage) -> agent.McpToolResult:
        """The exec's McpResult as the McpToolResult the editor shows."""
        mr = result.mcp_result
        which = mr.WhichOneof("result") if result.WhichOneof("message") == "mcp_result" else None
        if which == "success":
            return agent.McpToolResult(success=mr.success)
        if which == "rejected":
            return agent.McpToolResult(rejected=mr.rejected)
        if which == "permission_denied":
            return agent.McpToolResult(permission_denied=mr.permission_denied)
        return agent.McpToolResult(error=agent.McpToolError(error=self.result_text(result).text))


class ListMcpResourcesTool(ExecTool):
    name = "ListMcpResources"
    description = "List the resources (documents, data) that the user's MCP servers offer, optionally for one server."
    parameters = object_schema({"server": string("Only list this MCP server's resources.")})
    read_only = True
    args_field = "list_mcp_resources_exec_args"
    result_fields = ("list_mcp_resources_exec_result",)

    def parse(self, call_args: object) -> agent.ListMcpResourcesExecArgs:
        server = Args(self.name, call_args).opt_str("server")
        return agent.ListMcpResourcesExecArgs(server=server) if server else agent.ListMcpResourcesExecArgs()

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        return self._exec(exec_seq, exec_id, list_mcp_resources_exec_args=self.parse(call_args))

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        def success(s: agent.ListMcpResourcesSuccess) -> ToolOutcome:
            if not s.resources:
                return ToolOutcome("No MCP resources are available.")
            lines = []
            for r in s.resources:
                name = f" ({r.name})" if r.name else ""
                mime = f" [{r.mime_type}]" if r.mime_type else ""
                desc = f": {r.description}" if r.description else ""
                lines.append(f"- server {r.server}: {r.uri}{name}{mime}{desc}")
            return ToolOutcome(clip("\n".join(lines), TEXT_LIMIT))

        return dispatch(
            self.name,
            payload,
            "result",
            {
                "success": success,
                "error": lambda e: ToolOutcome(f"Could not list MCP resources: {e.error}", True),
                "rejected": lambda r: ToolOutcome(rejected_text("Listing MCP resources", r.reason), True),
            },
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        server = display_str(lenient(self.name, call_args), "server")
        call = agent.ListMcpResourcesToolCall(
            args=agent.ListMcpResourcesExecArgs(server=server) if server else agent.ListMcpResourcesExecArgs()
        )
        if result is not None and result.WhichOneof("message") == "list_mcp_resources_exec_result":
            call.result.CopyFrom(result.list_mcp_resources_exec_result)
        elif result is not None:
            call.result.error.error = self.result_text(result).text
        return agent.ToolCall(list_mcp_resources_tool_call=call)


class FetchMcpResourceTool(ExecTool):
    name = "FetchMcpResource"
    args_field = "read_mcp_resource_exec_args"
    result_fields = ("read_mcp_resource_exec_result",)
    read_only = True

    def __init__(self, *, allow_download: bool = True) -> None:
        self.allow_download = allow_download
        props: dict[str, Any] = {
            "server": string("The MCP server that offers the resource (as listed by ListMcpResources)."),
            "uri": string("The resource's URI."),
        }
        text = "Read one MCP resource by server and URI (see ListMcpResources)."
        if allow_download:
            props["download_path"] = string("Save the resource to this file instead of returning its content.")
            text += " Binary resources should be saved with download_path."
        self.description = text
        self.parameters = object_schema(props, ["server", "uri"])

    def parse(self, call_args: object) -> agent.ReadMcpResourceExecArgs:
        args = Args(self.name, call_args)
        read = agent.ReadMcpResourceExecArgs(server=args.req_str("server"), uri=args.req_str("uri"))
        path = args.opt_str("download_path")
        if path and not self.allow_download:
            raise ToolArgumentError("FetchMcpResource: download_path is not allowed in this mode (read-only).")
        if path:
            read.download_path = path
        return read

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        read = self.parse(call_args)
        read.tool_call_id = ctx.tool_call_id
        return self._exec(exec_seq, exec_id, read_mcp_resource_exec_args=read)

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        def success(s: agent.ReadMcpResourceSuccess) -> ToolOutcome:
            saved = f"Saved {s.uri} to {s.download_path}." if s.download_path else ""
            if s.WhichOneof("content") == "text":
                body = clip(s.text, TEXT_LIMIT)
                return ToolOutcome(f"{saved}\n{body}" if saved and body else saved or body or "(empty resource)")
            if s.WhichOneof("content") == "blob":
                mime = f" ({s.mime_type})" if s.mime_type else ""
                return ToolOutcome(
                    saved or f"{s.uri} is binary{mime}, {len(s.blob)} bytes; use download_path to save it."
                )
            return ToolOutcome(saved or f"{s.uri} has no content.")

        return dispatch(
            self.name,
            payload,
            "result",
            {
                "success": success,
                "error": lambda e: ToolOutcome(f"Could not read {e.uri}: {e.error}", True),
                "rejected": lambda r: ToolOutcome(rejected_text(f"Reading {r.uri}", r.reason), True),
                "not_found": lambda n: ToolOutcome(f"MCP resource not found: {n.uri}", True),
            },
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        read = agent.ReadMcpResourceExecArgs(
            server=display_str(args, "server"), uri=display_str(args, "uri"), tool_call_id=ctx.tool_call_id
        )
        if display_str(args, "download_path"):
            read.download_path = display_str(args, "download_path")
        call = agent.ReadMcpResourceToolCall(args=read)
        if result is not None and result.WhichOneof("message") == "read_mcp_resource_exec_result":
            call.result.CopyFrom(result.read_mcp_resource_exec_result)
        elif result is not None:
            call.result.error.CopyFrom(agent.ReadMcpResourceError(uri=read.uri, error=self.result_text(result).text))
        return agent.ToolCall(read_mcp_resource_tool_call=call)


def mcp_tools(definitions: Collection[agent.McpToolDefinition], taken: Collection[str] = ()) -> list[McpTool]:
    """One `McpTool` per definition, with unique model names (none of them in `taken`)."""
    used = set(taken)
    tools = []
    for definition in definitions:
        name = mcp_tool_name(server_label(definition), tool_label(definition), used)
        used.add(name)
        tools.append(McpTool(definition, name))
    return tools


__all__ = [
    "MAX_TOOL_NAME",
    "TOOL_NAME_RE",
    "FetchMcpResourceTool",
    "ListMcpResourcesTool",
    "McpTool",
    "input_schema",
    "mcp_tool_name",
    "mcp_tools",
    "server_label",
    "tool_label",
]
