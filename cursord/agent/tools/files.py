"""File tools the editor executes: Read, Write, StrReplace (read, then write) and Delete.

StrReplace has no exec of its own: it sends `read_args`, computes the new text when the read
comes back (`next_exec`), then sends `write_args`.  The editor shows it, like Write, as an
`edit_tool_call`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from cursord.agent.tools.base import (
    READ_LIMIT,
    Args,
    ExecTool,
    ToolArgumentError,
    ToolContext,
    ToolOutcome,
    boolean,
    clip,
    dispatch,
    display_int,
    display_str,
    integer,
    lenient,
    object_schema,
    rejected_text,
    string,
    unknown_result,
)
from cursord.proto import agent_v1_pb2 as agent

_PATH = "Absolute path of the file."
_UI_CONTENT_LIMIT = 64 * 1024


def _numbered(content: str, first_line: int) -> str:
    lines = content.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return "\n".join(f"{first_line + i:>6}|{line}" for i, line in enumerate(lines))


_READ_FAILURES = ("error", "rejected", "file_not_found", "permission_denied", "invalid_file")


def read_failure_text(field: str, payload: Any) -> ToolOutcome:
    """Text for a non-success ReadResult member (shared with StrReplace)."""
    path = getattr(payload, "path", "")
    match field:
        case "error":
            return ToolOutcome(f"Error reading {path}: {payload.error}", True)
        case "rejected":
            return ToolOutcome(rejected_text(f"Reading {path}", payload.reason), True)
        case "file_not_found":
            return ToolOutcome(f"File not found: {path}", True)
        case "permission_denied":
            return ToolOutcome(f"Permission denied reading {path}.", True)
        case "invalid_file":
            return ToolOutcome(f"Cannot read {path}: {payload.reason or 'not a readable file'}", True)
    return unknown_result("Read", field)


class ReadTool(ExecTool):
    name = "Read"
    description = (
        "Read a file from the user's workspace. Returns the text with each line prefixed by its "
        "line number and '|' (the prefix is not part of the file). Reads the whole file unless "
        "offset/limit are given; use them for very large files. Reading a missing file returns an error."
    )
    parameters = object_schema(
        {
            "path": string(_PATH),
            "offset": integer(
                "Line to start at: 1 is the first line; negative values count from the end (-1 is the "
                "last line). Omit to start at the beginning."
            ),
            "limit": integer("Maximum number of lines to return. Omit to read to the end.", minimum=1),
        },
        ["path"],
    )
    read_only = True
    args_field = "read_args"
    result_fields = ("read_result", "redacted_read_result")

    def parse(self, call_args: object) -> agent.ReadArgs:
        args = Args(self.name, call_args)
        read = agent.ReadArgs(path=args.req_str("path"))
        offset = args.opt_int("offset", minimum=-(2**31))
        if offset == 0:
            raise ToolArgumentError("Read: 'offset' is 1-based; use 1 for the first line (or omit it).")
        if offset is not None:
            read.offset = offset
        limit = args.opt_int("limit", minimum=1)
        if limit is not None:
            read.limit = limit
        return read

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        read = self.parse(call_args)
        read.tool_call_id = ctx.tool_call_id
        return self._exec(exec_seq, exec_id, read_args=read)

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        return dispatch(
            self.name,
            payload,
            "result",
            {
                "success": lambda s: self._success(s, display_int(args, "offset")),
                **{n: partial(read_failure_text, n) for n in _READ_FAILURES},
            },
        )

    @staticmethod
    def _success(success: agent.ReadSuccess, offset: int | None) -> ToolOutcome:
        if success.WhichOneof("output") == "data":
            return ToolOutcome(
                f"{success.path} is a binary file ({len(success.data)} bytes); it cannot be shown as text."
            )
        content = success.content
        if content == "":
            return ToolOutcome("File is empty." if offset is None else "No lines in the requested range.")
        lines = content.count("\n") + (0 if content.endswith("\n") else 1)
        if offset is not None and offset < 0 and success.total_lines > 0:
            first = max(1, success.total_lines - lines + 1)
        else:
            first = offset if offset is not None and offset > 0 else 1
        text = clip(_numbered(content, first), READ_LIMIT)
        if success.truncated:
            text += (
                f"\n[Output truncated: {success.path} has {success.total_lines} lines; "
                "use offset and limit to read the rest.]"
            )
        return ToolOutcome(text)

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        call = agent.ReadToolCall(args=agent.ReadToolArgs(path=display_str(args, "path")))
        offset, limit = display_int(args, "offset"), display_int(args, "limit")
        if offset is not None:
            call.args.offset = offset
        if limit is not None:
            call.args.limit = limit
        if result is not None:
            which = result.WhichOneof("message")
            payload = getattr(result, which) if which in self.result_fields else agent.ReadResult()
            call.result.CopyFrom(self._tool_result(payload, self.result_text(result, call_args)))
        return agent.ToolCall(read_tool_call=call)

    @staticmethod
    def _tool_result(result: agent.ReadResult, outcome: ToolOutcome) -> agent.ReadToolResult:
        if result.WhichOneof("result") != "success":
            return agent.ReadToolResult(error=agent.ReadToolError(error_message=outcome.text))
        s = result.success
        success = agent.ReadToolSuccess(
            path=s.path,
            total_lines=max(s.total_lines, 0),
            file_size=min(max(s.file_size, 0), 2**32 - 1),
            is_empty=s.content == "" and not s.data,
            exceeded_limit=s.truncated or len(s.content) > _UI_CONTENT_LIMIT,
        )
        if s.WhichOneof("output") == "data":
            success.data = s.data[:_UI_CONTENT_LIMIT]
        else:
            success.content = s.content[:_UI_CONTENT_LIMIT]
        return agent.ReadToolResult(success=success)


def write_outcome(field: str, payload: Any) -> ToolOutcome:
    """Text for a WriteResult member (shared by Write and StrReplace)."""
    path = payload.path
    match field:
        case "success":
            return ToolOutcome(f"Wrote {path} ({payload.lines_created} lines, {payload.file_size} bytes).")
        case "permission_denied":
            detail = payload.error or (f"{payload.directory} is read-only" if payload.is_readonly else "")
            return ToolOutcome(f"Permission denied writing {path}" + (f": {detail}" if detail else "."), True)
        case "no_space":
            return ToolOutcome(f"No space left on the device to write {path}.", True)
        case "error":
            return ToolOutcome(f"Error writing {path}: {payload.error}", True)
        case "rejected":
            return ToolOutcome(rejected_text(f"Writing {path}", payload.reason), True)
    return unknown_result("Write", field)


def _edit_result(result: agent.WriteResult, outcome: ToolOutcome) -> agent.EditResult:
    """A WriteResult as the EditResult the editor shows."""
    which = result.WhichOneof("result")
    if which == "success":
        s = result.success
        return agent.EditResult(
            success=agent.EditSuccess(path=s.path, after_full_file_content=s.file_content_after_write)
        )
    if which == "permission_denied":
        p = result.permission_denied
        return agent.EditResult(
            write_permission_denied=agent.EditWritePermissionDenied(
                path=p.path, error=p.error, is_readonly=p.is_readonly
            )
        )
    if which == "rejected":
        return agent.EditResult(rejected=agent.EditRejected(path=result.rejected.path, reason=result.rejected.reason))
    path = getattr(getattr(result, which), "path", "") if which else ""
    return agent.EditResult(error=agent.EditError(path=path, error=outcome.text, model_visible_error=outcome.text))


class WriteTool(ExecTool):
    name = "Write"
    streamed_content = "contents"
    description = (
        "Create a file, or replace an existing file's entire contents. Prefer StrReplace for changes "
        "to existing files; use Write for new files or complete rewrites."
    )
    parameters = object_schema(
        {"path": string(_PATH), "contents": string("The complete new contents of the file.")},
        ["path", "contents"],
    )
    args_field = "write_args"
    result_fields = ("write_result",)

    def parse(self, call_args: object) -> tuple[str, str]:
        args = Args(self.name, call_args)
        return args.req_str("path"), args.req_str("contents", strip=False, allow_empty=True)

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        path, contents = self.parse(call_args)
        return self._exec(exec_seq, exec_id, write_args=_write_args(path, contents, ctx))

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        names = ("success", "permission_denied", "no_space", "error", "rejected")
        return dispatch(self.name, payload, "result", {n: partial(write_outcome, n) for n in names})

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        contents = args.raw.get("contents")
        call = agent.EditToolCall(args=agent.EditArgs(path=display_str(args, "path")))
        if isinstance(contents, str):
            call.args.stream_content = contents
        if result is not None:
            payload = result.write_result if result.WhichOneof("message") == "write_result" else agent.WriteResult()
            call.result.CopyFrom(_edit_result(payload, self.result_text(result, call_args)))
        return agent.ToolCall(edit_tool_call=call)


def _write_args(path: str, contents: str, ctx: ToolContext) -> agent.WriteArgs:
    return agent.WriteArgs(
        path=path,
        file_text=contents,
        tool_call_id=ctx.tool_call_id,
        return_file_content_after_write=True,
        encoding_hint="utf-8",
    )


class StrReplaceTool(ExecTool):
    name = "StrReplace"
    streamed_content = "new_string"
    description = (
        "Replace exact text in an existing file. old_string must match the file exactly, including "
        "whitespace and indentation (never include the line-number prefix shown by Read), and must be "
        "unique in the file unless replace_all is true. Read the file first. To create a file, use Write."
    )
    parameters = object_schema(
        {
            "path": string(_PATH),
            "old_string": string("The exact text to replace."),
            "new_string": string("The replacement text (must differ from old_string)."),
            "replace_all": boolean("Replace every occurrence instead of requiring a unique match. Default false."),
        },
        ["path", "old_string", "new_string"],
    )
    args_field = "read_args"
    result_fields = ("read_result", "write_result")

    def parse(self, call_args: object) -> tuple[str, str, str, bool]:
        args = Args(self.name, call_args)
        path = args.req_str("path")
        old = args.req_str("old_string", strip=False)
        new = args.req_str("new_string", strip=False, allow_empty=True)
        if old == new:
            raise ToolArgumentError("StrReplace: old_string and new_string are identical; nothing to change.")
        return path, old, new, args.flag("replace_all")

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        path, *_ = self.parse(call_args)
        return self._exec(exec_seq, exec_id, read_args=agent.ReadArgs(path=path, tool_call_id=ctx.tool_call_id))

    def next_exec(
        self,
        call_args: object,
        result: agent.ExecClientMessage,
        exec_seq: int,
        exec_id: str,
        ctx: ToolContext,
    ) -> agent.ExecServerMessage | None:
        if result.WhichOneof("message") != "read_result" or result.read_result.WhichOneof("result") != "success":
            return None
        path, old, new, replace_all = self.parse(call_args)
        return self._exec(
            exec_seq,
            exec_id,
            write_args=_write_args(path, self.replace(result.read_result.success, path, old, new, replace_all), ctx),
        )

    @staticmethod
    def replace(success: agent.ReadSuccess, path: str, old: str, new: str, replace_all: bool) -> str:
        """The file's new text; raises `ToolArgumentError` when the edit cannot be applied."""
        if success.WhichOneof("output") == "data":
            raise ToolArgumentError(f"StrReplace: {path} is a binary file and cannot be edited as text.")
        if success.truncated:
            raise ToolArgumentError(
                f"StrReplace: {path} is too large to edit safely ({success.total_lines} lines); "
                "use Write with the complete new contents, or edit it with a shell command."
            )
        content = success.content
        if "\r\n" in content and "\r" not in old:
            old, new = old.replace("\n", "\r\n"), new.replace("\n", "\r\n")
        count = content.count(old)
        if count == 0:
            raise ToolArgumentError(
                f"StrReplace: old_string was not found in {path}. Read the file again and copy the text "
                "exactly, including whitespace, without the line-number prefixes."
            )
        if count > 1 and not replace_all:
            raise ToolArgumentError(
                f"StrReplace: old_string occurs {count} times in {path}. Include more surrounding lines to "
                "make it unique, or set replace_all to true."
            )
        return content.replace(old, new)

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        handlers: dict[str, Callable[[Any], ToolOutcome]]
        if field == "read_result":
            handlers = {n: partial(read_failure_text, n) for n in _READ_FAILURES}
            handlers["success"] = lambda s: ToolOutcome(
                f"The edit of {s.path} was not applied (the file was read but not written).", True
            )
        else:
            names = ("permission_denied", "no_space", "error", "rejected")
            handlers = {n: partial(write_outcome, n) for n in names}
            handlers["success"] = lambda s: ToolOutcome(f"Edited {s.path}.")
        return dispatch(self.name, payload, "result", handlers)

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        call = agent.EditToolCall(args=agent.EditArgs(path=display_str(args, "path")))
        if result is not None:
            outcome = self.result_text(result, call_args)
            if result.WhichOneof("message") == "write_result":
                call.result.CopyFrom(_edit_result(result.write_result, outcome))
            elif result.WhichOneof("message") == "read_result" and result.read_result.WhichOneof("result") in (
                "file_not_found",
                "permission_denied",
            ):
                which = result.read_result.WhichOneof("result")
                path = getattr(result.read_result, str(which)).path
                if which == "file_not_found":
                    call.result.file_not_found.path = path
                else:
                    call.result.read_permission_denied.path = path
            else:
                call.result.error.CopyFrom(
                    agent.EditError(path=call.args.path, error=outcome.text, model_visible_error=outcome.text)
                )
        return agent.ToolCall(edit_tool_call=call)


class DeleteTool(ExecTool):
    name = "Delete"
    description = "Delete a file. Fails if the path does not exist, is not a regular file, or cannot be deleted."
    parameters = object_schema({"path": string("Absolute path of the file to delete.")}, ["path"])
    args_field = "delete_args"
    result_fields = ("delete_result",)

    def parse(self, call_args: object) -> str:
        return Args(self.name, call_args).req_str("path")

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        return self._exec(
            exec_seq, exec_id, delete_args=agent.DeleteArgs(path=self.parse(call_args), tool_call_id=ctx.tool_call_id)
        )

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        def busy(p: agent.DeleteFileBusy) -> ToolOutcome:
            return ToolOutcome(f"{p.path} is in use and could not be deleted; try again later.", True)

        def denied(p: agent.DeletePermissionDenied) -> ToolOutcome:
            detail = p.client_visible_error or ("the file is read-only" if p.is_readonly else "")
            return ToolOutcome(f"Permission denied deleting {p.path}" + (f": {detail}" if detail else "."), True)

        return dispatch(
            self.name,
            payload,
            "result",
            {
                "success": lambda p: ToolOutcome(f"Deleted {p.path}."),
                "file_not_found": lambda p: ToolOutcome(f"File not found: {p.path}", True),
                "not_file": lambda p: ToolOutcome(
                    f"{p.path} is not a regular file ({p.actual_type or 'unknown type'}); Delete removes files only.",
                    True,
                ),
                "permission_denied": denied,
                "file_busy": busy,
                "rejected": lambda p: ToolOutcome(rejected_text(f"Deleting {p.path}", p.reason), True),
                "error": lambda p: ToolOutcome(f"Error deleting {p.path}: {p.error}", True),
            },
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        call = agent.DeleteToolCall(
            args=agent.DeleteArgs(path=display_str(args, "path"), tool_call_id=ctx.tool_call_id)
        )
        if result is not None and result.WhichOneof("message") == "delete_result":
            call.result.CopyFrom(result.delete_result)
            if call.result.WhichOneof("result") == "success":
                success = call.result.success
                success.prev_content = success.prev_content[:_UI_CONTENT_LIMIT]
        elif result is not None:
            call.result.error.CopyFrom(agent.DeleteError(path=call.args.path, error=self.result_text(result).text))
        return agent.ToolCall(delete_tool_call=call)


__all__ = ["DeleteTool", "ReadTool", "StrReplaceTool", "WriteTool"]
