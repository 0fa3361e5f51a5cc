"""Search and listing tools the editor executes: Grep, Glob, LS and ReadLints (diagnostics).

Glob has no exec of its own: it is a `grep_args` in files_with_matches mode with an empty pattern
and a glob filter (as the editor's own Glob does), shown to the user as a `glob_tool_call`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cursord.agent.tools.base import (
    TEXT_LIMIT,
    Args,
    ExecTool,
    ToolContext,
    ToolOutcome,
    boolean,
    clip,
    dispatch,
    display_str,
    integer,
    lenient,
    object_schema,
    rejected_text,
    string,
)
from cursord.proto import agent_v1_pb2 as agent

_OUTPUT_MODES = ("content", "files_with_matches", "count")
_LS_MAX_LINES = 1500


def _union_results(success: agent.GrepSuccess) -> list[tuple[str, agent.GrepUnionResult]]:
    results = [(root, success.workspace_results[root]) for root in sorted(success.workspace_results)]
    if success.HasField("active_editor_result"):
        results.append(("(open editors)", success.active_editor_result))
    return results


def _truncation_note(truncated: bool, total: int, what: str) -> str:
    return f"[Results truncated; at least {total} {what} in total. Narrow the search.]" if truncated else ""


def _format_union(union: agent.GrepUnionResult) -> tuple[list[str], int]:
    """Lines of text for one root's results, and how many hits they hold."""
    which = union.WhichOneof("result")
    if which == "content":
        content = union.content
        out: list[str] = []
        for file_match in content.matches:
            if out:
                out.append("")
            out.append(file_match.file)
            for m in file_match.matches:
                sep = "-" if m.is_context_line else ":"
                text = m.content + (" [line truncated]" if m.content_truncated else "")
                out.append(f"{m.line_number}{sep}{text}")
        note = _truncation_note(
            content.client_truncated or content.ripgrep_truncated, content.total_matched_lines, "matching lines"
        )
        return [*out, note] if note else out, content.total_matched_lines or len(content.matches)
    if which == "files":
        files = union.files
        note = _truncation_note(files.client_truncated or files.ripgrep_truncated, files.total_files, "files")
        return [*files.files, note] if note else list(files.files), files.total_files or len(files.files)
    if which == "count":
        count = union.count
        out = [f"{c.file}:{c.count}" for c in count.counts]
        note = _truncation_note(count.client_truncated or count.ripgrep_truncated, count.total_files, "files")
        return [*out, note] if note else out, count.total_matches or len(count.counts)
    return [], 0


class GrepTool(ExecTool):
    name = "Grep"
    description = (
        "Search file contents with ripgrep regular expressions (Rust regex syntax: escape literal braces "
        "and parentheses). Prefer it to running grep or rg in a shell. output_mode 'content' (default) "
        "shows matching lines as 'line:text' grouped by file ('line-text' for context lines); "
        "'files_with_matches' lists files; 'count' shows matches per file."
    )
    parameters = object_schema(
        {
            "pattern": string("Regular expression to search for."),
            "path": string("File or directory to search in. Defaults to the workspace root."),
            "glob": string("Only search files matching this glob, e.g. '*.py' or '*.{ts,tsx}' (rg --glob)."),
            "type": string("Only search files of this ripgrep type, e.g. 'py', 'js', 'rust' (rg --type)."),
            "output_mode": string("What to return. Default 'content'.", _OUTPUT_MODES),
            "context_before": integer("Lines of context before each match (content mode only).", minimum=0),
            "context_after": integer("Lines of context after each match (content mode only).", minimum=0),
            "context": integer("Lines of context before and after each match (content mode only).", minimum=0),
            "case_insensitive": boolean("Match case-insensitively. Default false."),
            "multiline": boolean("Let patterns span lines ('.' also matches newlines). Default false."),
            "head_limit": integer("Return at most this many matches (content) or files (other modes).", minimum=1),
            "offset": integer("Skip this many matches or files first (for paging with head_limit).", minimum=0),
        },
        ["pattern"],
    )
    read_only = True
    args_field = "grep_args"
    result_fields = ("grep_result",)

    def parse(self, call_args: object) -> agent.GrepArgs:
        args = Args(self.name, call_args)
        grep = agent.GrepArgs(pattern=args.req_str("pattern", strip=False))
        for key in ("path", "glob", "type"):
            value = args.opt_str(key)
            if value:
                setattr(grep, key, value)
        mode = args.choice("output_mode", _OUTPUT_MODES)
        if mode is not None:
            grep.output_mode = mode
        for key in ("context_before", "context_after", "context", "offset"):
            number = args.opt_int(key, minimum=0)
            if number is not None:
                setattr(grep, key, number)
        head = args.opt_int("head_limit", minimum=1)
        if head is not None:
            grep.head_limit = head
        for key in ("case_insensitive", "multiline"):
            if args.has(key):
                setattr(grep, key, args.flag(key))
        return grep

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        grep = self.parse(call_args)
        grep.tool_call_id = ctx.tool_call_id
        return self._exec(exec_seq, exec_id, grep_args=grep)

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        return dispatch(
            self.name,
            payload,
            "result",
            {"success": self._success, "error": lambda e: ToolOutcome(f"Grep failed: {e.error}", True)},
        )

    @staticmethod
    def _success(success: agent.GrepSuccess) -> ToolOutcome:
        sections: list[str] = []
        results = _union_results(success)
        for root, union in results:
            lines, hits = _format_union(union)
            if hits == 0 and not lines:
                continue
            header = [f"== {root} =="] if len(results) > 1 else []
            sections.append("\n".join([*header, *lines]))
        if not sections:
            where = f" in {success.path}" if success.path else ""
            return ToolOutcome(f"No matches found for pattern {success.pattern!r}{where}.")
        return ToolOutcome(clip("\n\n".join(sections), TEXT_LIMIT))

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        try:
            grep = self.parse(call_args)
        except ValueError:
            grep = agent.GrepArgs(pattern=display_str(lenient(self.name, call_args), "pattern"))
        grep.tool_call_id = ctx.tool_call_id
        call = agent.GrepToolCall(args=grep)
        if result is not None and result.WhichOneof("message") == "grep_result":
            call.result.CopyFrom(result.grep_result)
        elif result is not None:
            call.result.error.error = self.result_text(result).text
        return agent.ToolCall(grep_tool_call=call)


class GlobTool(ExecTool):
    name = "Glob"
    description = (
        "Find files whose path matches a glob pattern, e.g. '*.py' (any depth), 'src/**/*.test.ts'. "
        "Use it to locate files by name; use Grep to search their contents."
    )
    parameters = object_schema(
        {
            "glob_pattern": string("Glob to match file paths against."),
            "target_directory": string("Directory to search in. Defaults to the workspace root."),
        },
        ["glob_pattern"],
    )
    read_only = True
    args_field = "grep_args"
    result_fields = ("grep_result",)

    def parse(self, call_args: object) -> tuple[str, str | None]:
        args = Args(self.name, call_args)
        return args.req_str("glob_pattern"), args.opt_str("target_directory") or None

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        pattern, directory = self.parse(call_args)
        grep = agent.GrepArgs(pattern="", glob=pattern, output_mode="files_with_matches", tool_call_id=ctx.tool_call_id)
        if directory:
            grep.path = directory
        return self._exec(exec_seq, exec_id, grep_args=grep)

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        pattern = display_str(args, "glob_pattern")

        def success(s: agent.GrepSuccess) -> ToolOutcome:
            files, total, truncated = _glob_files(s)
            if not files:
                return ToolOutcome(f"No files found matching {pattern!r}.")
            note = f"\n[{total} files in total; only {len(files)} shown. Use a narrower pattern.]" if truncated else ""
            return ToolOutcome(clip("\n".join(files), TEXT_LIMIT) + note)

        return dispatch(
            self.name,
            payload,
            "result",
            {"success": success, "error": lambda e: ToolOutcome(f"Glob failed: {e.error}", True)},
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        call = agent.GlobToolCall(args=agent.GlobToolArgs(glob_pattern=display_str(args, "glob_pattern")))
        directory = display_str(args, "target_directory")
        if directory:
            call.args.target_directory = directory
        if result is not None:
            if result.WhichOneof("message") == "grep_result" and result.grep_result.WhichOneof("result") == "success":
                files, total, truncated = _glob_files(result.grep_result.success)
                call.result.success.CopyFrom(
                    agent.GlobToolSuccess(
                        pattern=call.args.glob_pattern,
                        path=directory,
                        files=files,
                        total_files=total,
                        client_truncated=truncated,
                    )
                )
            else:
                call.result.error.error = self.result_text(result, call_args).text
        return agent.ToolCall(glob_tool_call=call)


def _glob_files(success: agent.GrepSuccess) -> tuple[list[str], int, bool]:
    files: list[str] = []
    seen: set[str] = set()
    total, truncated = 0, False
    for _root, union in _union_results(success):
        if union.WhichOneof("result") == "files":
            fresh = [f for f in union.files.files if f not in seen]
            seen.update(fresh)
            files.extend(fresh)
            total += union.files.total_files
            truncated = truncated or union.files.client_truncated or union.files.ripgrep_truncated
    return files, max(total, len(files)), truncated


def _tree_lines(node: agent.LsDirectoryTreeNode, depth: int, out: list[str]) -> None:
    indent = "  " * depth
    name = node.abs_path if depth == 0 else node.abs_path.rstrip("/").rsplit("/", 1)[-1]
    out.append(f"{indent}{name}/")
    if not node.children_were_processed and not node.children_dirs and not node.children_files:
        counts = ", ".join(f"{n} {ext or '(none)'}" for ext, n in sorted(node.full_subtree_extension_counts.items()))
        detail = f": {counts}" if counts else ""
        out.append(f"{indent}  [not expanded; {node.num_files} files{detail}]")
        return
    for child in sorted(node.children_dirs, key=lambda c: c.abs_path):
        _tree_lines(child, depth + 1, out)
    out.extend(f"{indent}  {f.name}" for f in sorted(node.children_files, key=lambda f: f.name))


def format_tree(root: agent.LsDirectoryTreeNode) -> str:
    out: list[str] = []
    _tree_lines(root, 0, out)
    if len(out) > _LS_MAX_LINES:
        extra = len(out) - _LS_MAX_LINES
        out = [*out[:_LS_MAX_LINES], f"[... {extra} more entries not shown; list a subdirectory]"]
    return "\n".join(out)


class LsTool(ExecTool):
    name = "LS"
    description = "List a directory as a tree of its subdirectories and files. Large subtrees are summarised."
    parameters = object_schema(
        {
            "path": string("Absolute path of the directory to list."),
            "ignore": {
                "type": "array",
                "description": "Glob patterns of entries to leave out, e.g. ['node_modules', '*.log'].",
                "items": {"type": "string"},
            },
        },
        ["path"],
    )
    read_only = True
    args_field = "ls_args"
    result_fields = ("ls_result",)

    def parse(self, call_args: object) -> agent.LsArgs:
        args = Args(self.name, call_args)
        return agent.LsArgs(path=args.req_str("path"), ignore=args.str_list("ignore"))

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        ls = self.parse(call_args)
        ls.tool_call_id = ctx.tool_call_id
        return self._exec(exec_seq, exec_id, ls_args=ls)

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        def timeout(t: agent.LsTimeout) -> ToolOutcome:
            partial = format_tree(t.directory_tree_root) if t.HasField("directory_tree_root") else ""
            note = "[Listing timed out; the tree above is partial. List a smaller directory.]"
            return ToolOutcome(f"{partial}\n{note}" if partial else note, not partial)

        return dispatch(
            self.name,
            payload,
            "result",
            {
                "success": lambda s: ToolOutcome(format_tree(s.directory_tree_root)),
                "error": lambda e: ToolOutcome(f"Error listing {e.path}: {e.error}", True),
                "rejected": lambda r: ToolOutcome(rejected_text(f"Listing {r.path}", r.reason), True),
                "timeout": timeout,
            },
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        ignore = [v for v in args.raw.get("ignore") or () if isinstance(v, str)]
        call = agent.LsToolCall(
            args=agent.LsArgs(path=display_str(args, "path"), ignore=ignore, tool_call_id=ctx.tool_call_id)
        )
        if result is not None and result.WhichOneof("message") == "ls_result":
            call.result.CopyFrom(result.ls_result)
        elif result is not None:
            call.result.error.CopyFrom(agent.LsError(path=call.args.path, error=self.result_text(result).text))
        return agent.ToolCall(ls_tool_call=call)


_SEVERITY = {
    agent.DIAGNOSTIC_SEVERITY_ERROR: "error",
    agent.DIAGNOSTIC_SEVERITY_WARNING: "warning",
    agent.DIAGNOSTIC_SEVERITY_INFORMATION: "info",
    agent.DIAGNOSTIC_SEVERITY_HINT: "hint",
}


def format_diagnostics(path: str, diagnostics: Iterable[agent.Diagnostic]) -> list[str]:
    lines = []
    for d in diagnostics:
        start = d.range.start
        source = " ".join(x for x in (d.source, d.code) if x)
        tail = f" [{source}]" if source else ""
        stale = " (may be stale)" if d.is_stale else ""
        lines.append(
            f"{path}:{start.line}:{start.column}: {_SEVERITY.get(d.severity, 'note')}: {d.message}{tail}{stale}"
        )
    return lines


class ReadLintsTool(ExecTool):
    name = "ReadLints"
    description = (
        "Read the editor's current diagnostics (linter and type-checker errors and warnings) for a file. "
        "Use it after editing a file. Locations are printed as path:line:column as the editor reports them."
    )
    parameters = object_schema({"path": string("Path of the file to get diagnostics for.")}, ["path"])
    read_only = True
    args_field = "diagnostics_args"
    result_fields = ("diagnostics_result",)

    def parse(self, call_args: object) -> str:
        return Args(self.name, call_args).req_str("path")

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        path = self.parse(call_args)
        return self._exec(
            exec_seq, exec_id, diagnostics_args=agent.DiagnosticsArgs(path=path, tool_call_id=ctx.tool_call_id)
        )

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        def success(s: agent.DiagnosticsSuccess) -> ToolOutcome:
            if not s.diagnostics:
                return ToolOutcome(f"No diagnostics for {s.path}.")
            lines = format_diagnostics(s.path, s.diagnostics)
            total = max(s.total_diagnostics, len(lines))
            more = f"\n[{total - len(lines)} more not shown]" if total > len(lines) else ""
            return ToolOutcome(clip("\n".join(lines), TEXT_LIMIT) + more)

        return dispatch(
            self.name,
            payload,
            "result",
            {
                "success": success,
                "error": lambda e: ToolOutcome(f"Could not get diagnostics for {e.path}: {e.error}", True),
                "rejected": lambda r: ToolOutcome(rejected_text(f"Reading diagnostics of {r.path}", r.reason), True),
                "file_not_found": lambda f: ToolOutcome(f"File not found: {f.path}", True),
                "permission_denied": lambda p: ToolOutcome(f"Permission denied reading {p.path}.", True),
            },
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        path = display_str(lenient(self.name, call_args), "path")
        call = agent.ReadLintsToolCall(args=agent.ReadLintsToolArgs(paths=[path] if path else []))
        if result is None:
            return agent.ToolCall(read_lints_tool_call=call)
        dr = result.diagnostics_result
        if result.WhichOneof("message") == "diagnostics_result" and dr.WhichOneof("result") == "success":
            items = [
                agent.DiagnosticItem(
                    severity=d.severity,
                    range=agent.DiagnosticRange(start=d.range.start, end=d.range.end),
                    message=d.message,
                    source=d.source,
                    code=d.code,
                    is_stale=d.is_stale,
                )
                for d in dr.success.diagnostics
            ]
            file = agent.FileDiagnostics(path=dr.success.path, diagnostics=items, diagnostics_count=len(items))
            call.result.success.CopyFrom(
                agent.ReadLintsToolSuccess(file_diagnostics=[file], total_files=1, total_diagnostics=len(items))
            )
        else:
            call.result.error.error_message = self.result_text(result).text
        return agent.ToolCall(read_lints_tool_call=call)


__all__ = ["GlobTool", "GrepTool", "LsTool", "ReadLintsTool", "format_diagnostics", "format_tree"]
