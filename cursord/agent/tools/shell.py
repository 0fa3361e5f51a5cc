"""Shell tools: Shell (streamed), WriteShellStdin, ForceBackgroundShell, and the stream accumulator.

Theory of operation.  A Shell call is sent as `shell_stream_args`.  The editor answers with a run of
`exec_client_message.shell_stream` events for the same exec id: `start`, then `stdout`/`stderr`
chunks, and one terminal event: `exit`, `rejected`, `permission_denied` or `backgrounded` (the
command outlived `block_until_ms` and keeps running as a background shell).  `hook_context` may
come at any time.  An `exec_client_control_message.stream_close` ends the stream.

`ShellAccumulator` is the per-call state: `feed(event)` records the event and returns the
`ShellOutputDeltaUpdate`s to forward to the editor's UI (wrap each with `shell_output_delta`);
events after the terminal one are ignored (the editor sometimes sends late chunks).  Output is
kept as a bounded head and tail per stream, so a runaway command cannot exhaust memory.  Once
`done`, `outcome()` is the text for the model and `shell_result()` the `ShellResult` for the
completed `shell_tool_call`.  If the editor answers with a plain `shell_result` instead,
`feed_message` takes that too.
"""

from __future__ import annotations

from typing import Any

import attrs

from cursord.agent.tools.base import (
    SHELL_LIMIT,
    UINT32_MAX,
    Args,
    ExecTool,
    ToolContext,
    ToolOutcome,
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

DEFAULT_BLOCK_MS = 30_000
HARD_TIMEOUT_MS = 24 * 3600 * 1000
FILE_OUTPUT_THRESHOLD = 40_000
_SHELL_METACHARS = frozenset(";&|`$()<>\n\\\"'*?[]{}~#!")
_TERMINAL_EVENTS = frozenset({"exit", "rejected", "permission_denied", "backgrounded"})


@attrs.define
class OutputBuffer:
    """The first `head_limit` and last `tail_limit` characters of a stream, and its total length."""

    head_limit: int = SHELL_LIMIT // 3
    tail_limit: int = SHELL_LIMIT - SHELL_LIMIT // 3
    head: str = ""
    tail: str = ""
    total: int = 0

    def add(self, data: str) -> None:
        self.total += len(data)
        room = self.head_limit - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if data:
            self.tail += data
            if len(self.tail) > 2 * self.tail_limit:
                self.tail = self.tail[-self.tail_limit :]

    @property
    def omitted(self) -> int:
        return self.total - len(self.head) - min(len(self.tail), self.tail_limit)

    def text(self) -> str:
        tail = self.tail[-self.tail_limit :]
        if self.omitted > 0:
            return f"{self.head}\n[... {self.omitted} characters of output omitted ...]\n{tail}"
        return self.head + tail


def _output_text(output: str, location: agent.OutputLocation | None) -> str:
    text = output.rstrip("\n") if output.strip() else "(no output)"
    if location is not None and location.file_path:
        text += (
            f"\n[Full output saved to {location.file_path} ({location.line_count} lines, "
            f"{location.size_bytes} bytes); read that file for the rest.]"
        )
    return text


def _abort_text(reason: int) -> str:
    if reason == agent.SHELL_ABORT_REASON_TIMEOUT:
        return "The command was stopped because it timed out."
    if reason == agent.SHELL_ABORT_REASON_USER_ABORT:
        return "The user stopped the command."
    return "The command was aborted."


def _background_text(output: str, shell_id: int, pid: int | None) -> str:
    pid_text = f", pid {pid}" if pid else ""
    return (
        f"{_output_text(output, None) if output.strip() else '(no output yet)'}\n"
        f"The command is still running in the background as shell {shell_id}{pid_text}. "
        f"Send input with WriteShellStdin (shell_id {shell_id}); its output keeps going to the "
        "editor's terminal."
    )


def _denied_text(error: str, readonly: bool) -> str:
    extra = " (the workspace is read-only in this mode)" if readonly else ""
    return f"Permission denied running the command{extra}" + (f": {error}" if error else ".")


def _shell_result_outcome(result: agent.ShellResult) -> ToolOutcome:
    """Text for every member of a plain `ShellResult`."""

    def success(s: agent.ShellSuccess) -> ToolOutcome:
        output = s.interleaved_output if s.HasField("interleaved_output") else s.stdout + s.stderr
        if result.is_background or s.HasField("shell_id"):
            return ToolOutcome(_background_text(output, s.shell_id, s.pid if s.HasField("pid") else result.pid))
        location = s.output_location if s.HasField("output_location") else None
        code = f"\nExit code: {s.exit_code}" if s.exit_code else ""
        return ToolOutcome(_output_text(output, location) + code)

    def failure(f: agent.ShellFailure) -> ToolOutcome:
        output = f.interleaved_output if f.HasField("interleaved_output") else f.stdout + f.stderr
        location = f.output_location if f.HasField("output_location") else None
        text = _output_text(output, location)
        if f.aborted:
            return ToolOutcome(f"{text}\n{_abort_text(f.abort_reason)}", True)
        signal = f" (signal {f.signal})" if f.signal else ""
        return ToolOutcome(f"{text}\nExit code: {f.exit_code}{signal}")

    return dispatch(
        "Shell",
        result,
        "result",
        {
            "success": success,
            "failure": failure,
            "timeout": lambda t: ToolOutcome(f"The command timed out after {t.timeout_ms} ms.", True),
            "rejected": lambda r: ToolOutcome(rejected_text("Running the command", r.reason), True),
            "spawn_error": lambda e: ToolOutcome(f"The command could not be started: {e.error}", True),
            "permission_denied": lambda p: ToolOutcome(_denied_text(p.error, p.is_readonly), True),
        },
    )


@attrs.define
class ShellAccumulator:
    """Collects one streamed Shell call; see the module docstring."""

    command: str = ""
    working_directory: str = ""
    stdout: OutputBuffer = attrs.Factory(OutputBuffer)
    stderr: OutputBuffer = attrs.Factory(OutputBuffer)
    output: OutputBuffer = attrs.Factory(OutputBuffer)  # both streams, interleaved as they arrived
    started: bool = False
    closed: bool = False
    terminal: str | None = None  # the terminal ShellStream member, or "shell_result"
    exit: agent.ShellStreamExit | None = None
    rejected: agent.ShellRejected | None = None
    permission_denied: agent.ShellPermissionDenied | None = None
    backgrounded: agent.ShellStreamBackgrounded | None = None
    final_result: agent.ShellResult | None = None
    hook_contexts: list[agent.HookAdditionalContext] = attrs.Factory(list)

    @property
    def done(self) -> bool:
        return self.terminal is not None

    def feed(self, event: agent.ShellStream) -> list[agent.ShellOutputDeltaUpdate]:
        """Record one stream event; returns the UI deltas to forward (possibly none)."""
        which = event.WhichOneof("event")
        if which is None or self.done:
            return []  # an event kind this build does not know, or a late chunk after the end
        if which == "hook_context":
            self.hook_contexts.extend(event.hook_context.hook_additional_contexts)
            return []
        if which in ("stdout", "stderr"):
            data: str = getattr(event, which).data
            (self.stdout if which == "stdout" else self.stderr).add(data)
            self.output.add(data)
        elif which == "start":
            self.started = True
        else:
            self.terminal = which
            setattr(self, which, getattr(event, which))
        if which in ("start", "stdout", "stderr", "exit"):
            delta = agent.ShellOutputDeltaUpdate()
            getattr(delta, which).CopyFrom(getattr(event, which))
            return [delta]
        return []

    def feed_message(self, message: agent.ExecClientMessage) -> list[agent.ShellOutputDeltaUpdate]:
        """`feed` for a whole `ExecClientMessage` (`shell_stream` or a plain `shell_result`)."""
        which = message.WhichOneof("message")
        if which == "shell_stream":
            return self.feed(message.shell_stream)
        if which == "shell_result" and not self.done:
            self.final_result = message.shell_result
            self.terminal = "shell_result"
        return []

    def close(self) -> None:
        """The editor closed the stream (`stream_close`); the call ends even without an exit."""
        self.closed = True

    @property
    def finished(self) -> bool:
        return self.done or self.closed

    def outcome(self) -> ToolOutcome:
        output = self.output.text()
        if self.final_result is not None:
            return _shell_result_outcome(self.final_result)
        if self.rejected is not None:
            return ToolOutcome(rejected_text("Running the command", self.rejected.reason), True)
        if self.permission_denied is not None:
            pd = self.permission_denied
            return ToolOutcome(_denied_text(pd.error, pd.is_readonly), True)
        if self.backgrounded is not None:
            bg = self.backgrounded
            return ToolOutcome(_background_text(output, bg.shell_id, bg.pid if bg.HasField("pid") else None))
        if self.exit is not None:
            ex = self.exit
            text = _output_text(output, ex.output_location if ex.HasField("output_location") else None)
            if ex.aborted:
                return ToolOutcome(f"{text}\n{_abort_text(ex.abort_reason)}", True)
            return ToolOutcome(f"{text}\nExit code: {ex.code}" if ex.code else text)
        prefix = f"{output}\n" if output.strip() else ""
        if self.closed:
            return ToolOutcome(f"{prefix}The command's output stream ended without an exit status.", True)
        return ToolOutcome(f"{prefix}The command has not finished.", True)

    def shell_result(self) -> agent.ShellResult:
        """The `ShellResult` for the completed `shell_tool_call`."""
        if self.final_result is not None:
            return self.final_result
        base: dict[str, Any] = {"command": self.command, "working_directory": self.working_directory}
        if self.rejected is not None:
            return agent.ShellResult(rejected=self.rejected)
        if self.permission_denied is not None:
            return agent.ShellResult(permission_denied=self.permission_denied)
        streams: dict[str, Any] = {
            "stdout": self.stdout.text(),
            "stderr": self.stderr.text(),
            "interleaved_output": self.output.text(),
        }
        if self.backgrounded is not None:
            bg = self.backgrounded
            success = agent.ShellSuccess(**base, **streams, shell_id=bg.shell_id)
            if bg.working_directory:
                success.working_directory = bg.working_directory
            if bg.HasField("pid"):
                success.pid = bg.pid
            if bg.HasField("ms_to_wait"):
                success.ms_to_wait = bg.ms_to_wait
            if bg.HasField("reason"):
                success.background_reason = bg.reason
            result = agent.ShellResult(success=success, is_background=True)
            if bg.HasField("pid"):
                result.pid = bg.pid
            return result
        if self.exit is None:
            failure = agent.ShellFailure(**base, **streams, exit_code=-1, aborted=True)
            return agent.ShellResult(failure=failure, is_background=False)
        ex = self.exit
        if ex.cwd:
            base["working_directory"] = ex.cwd
        timing: dict[str, Any] = {}
        if ex.HasField("local_execution_time_ms"):
            timing = {
                "local_execution_time_ms": ex.local_execution_time_ms,
                "execution_time": ex.local_execution_time_ms,
            }
        code = min(ex.code, 2**31 - 1)
        if ex.code == 0 and not ex.aborted:
            success = agent.ShellSuccess(**base, **streams, **timing, exit_code=0)
            if ex.HasField("output_location"):
                success.output_location.CopyFrom(ex.output_location)
            return agent.ShellResult(success=success, is_background=False)
        failure = agent.ShellFailure(**base, **streams, **timing, exit_code=code, aborted=ex.aborted)
        if ex.HasField("abort_reason"):
            failure.abort_reason = ex.abort_reason
        if ex.HasField("output_location"):
            failure.output_location.CopyFrom(ex.output_location)
        return agent.ShellResult(failure=failure, is_background=False)


def parsing_result(command: str) -> agent.ShellCommandParsingResult:
    """A conservative parse for the editor's allowlist checks: one plain command with word
    arguments, or `parsing_failed` for anything with shell syntax (so it is never auto-approved
    as a simpler command than it is)."""
    words = command.split()
    if not words or any(ch in _SHELL_METACHARS for ch in command):
        return agent.ShellCommandParsingResult(parsing_failed=True)
    return agent.ShellCommandParsingResult(
        executable_commands=[
            agent.ShellCommandParsingResult.ExecutableCommand(
                name=words[0],
                args=[agent.ShellCommandParsingResult.ExecutableCommandArg(type="word", value=w) for w in words[1:]],
                full_text=command.strip(),
            )
        ]
    )


class ShellTool(ExecTool):
    name = "Shell"
    description = (
        "Run a shell command in the user's terminal and return its output and exit code. Use it for "
        "builds, tests, git and package managers, not for reading, searching or editing files (use "
        "Read, Grep, Glob and StrReplace). Commands still running after block_until_ms keep running in "
        "the background; set block_until_ms to 0 for servers and watchers. Quote paths with spaces."
    )
    parameters = object_schema(
        {
            "command": string("The command to run."),
            "working_directory": string("Directory to run in. Defaults to the workspace root."),
            "block_until_ms": integer(
                f"How long to wait for the command before it moves to the background, in milliseconds. "
                f"Default {DEFAULT_BLOCK_MS}; 0 backgrounds it at once.",
                minimum=0,
            ),
            "description": string("A short description of what the command does (5-10 words)."),
        },
        ["command"],
    )
    args_field = "shell_stream_args"
    result_fields = ("shell_stream", "shell_result")

    def parse(self, call_args: object) -> agent.ShellArgs:
        args = Args(self.name, call_args)
        command = args.req_str("command")
        block = args.opt_int("block_until_ms", minimum=0, maximum=HARD_TIMEOUT_MS)
        shell = agent.ShellArgs(
            command=command,
            working_directory=args.opt_str("working_directory") or "",
            timeout=DEFAULT_BLOCK_MS if block is None else block,
            simple_commands=[command],
            has_input_redirect="<" in command,
            has_output_redirect=">" in command,
            parsing_result=parsing_result(command),
            file_output_threshold_bytes=FILE_OUTPUT_THRESHOLD,
            timeout_behavior=agent.TIMEOUT_BEHAVIOR_BACKGROUND,
            hard_timeout=HARD_TIMEOUT_MS,
        )
        description = args.opt_str("description")
        if description:
            shell.description = description
        return shell

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        shell = self.parse(call_args)
        shell.tool_call_id = ctx.tool_call_id
        if not shell.working_directory:
            shell.working_directory = ctx.working_directory
        if ctx.conversation_id:
            shell.conversation_id = ctx.conversation_id
        return self._exec(exec_seq, exec_id, shell_stream_args=shell)

    def new_accumulator(self, call_args: object, ctx: ToolContext) -> ShellAccumulator:
        args = lenient(self.name, call_args)
        return ShellAccumulator(
            command=display_str(args, "command"),
            working_directory=display_str(args, "working_directory") or ctx.working_directory,
        )

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        if field == "shell_result":
            return _shell_result_outcome(payload)
        acc = ShellAccumulator()
        acc.feed(payload)
        if payload.WhichOneof("event") is None:
            return unknown_result(self.name, None)
        return acc.outcome()

    def tool_call(
        self,
        call_args: object,
        ctx: ToolContext,
        result: agent.ExecClientMessage | ShellAccumulator | None = None,
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        block = display_int(args, "block_until_ms")
        shell = agent.ShellArgs(
            command=display_str(args, "command"),
            working_directory=display_str(args, "working_directory") or ctx.working_directory,
            timeout=DEFAULT_BLOCK_MS if block is None or block < 0 else block,
            tool_call_id=ctx.tool_call_id,
        )
        call = agent.ShellToolCall(args=shell)
        description = display_str(args, "description")
        if description:
            call.description = description
            call.args.description = description
        if isinstance(result, agent.ExecClientMessage):
            acc = self.new_accumulator(call_args, ctx)
            acc.feed_message(result)
            result = acc
        if result is not None:
            call.result.CopyFrom(result.shell_result())
        return agent.ToolCall(shell_tool_call=call)


class WriteShellStdinTool(ExecTool):
    name = "WriteShellStdin"
    description = (
        "Send text to the standard input of a command that Shell moved to the background (use the "
        "shell id Shell reported). Include '\\n' to press Enter."
    )
    parameters = object_schema(
        {
            "shell_id": integer("The background shell's id, as reported by Shell.", minimum=0),
            "chars": string("The text to send."),
        },
        ["shell_id", "chars"],
    )
    args_field = "write_shell_stdin_args"
    result_fields = ("write_shell_stdin_result",)

    def parse(self, call_args: object) -> agent.WriteShellStdinArgs:
        args = Args(self.name, call_args)
        return agent.WriteShellStdinArgs(
            shell_id=args.req_int("shell_id", minimum=0, maximum=UINT32_MAX),
            chars=args.req_str("chars", strip=False),
        )

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        return self._exec(exec_seq, exec_id, write_shell_stdin_args=self.parse(call_args))

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        return dispatch(
            self.name,
            payload,
            "result",
            {
                "success": lambda s: ToolOutcome(
                    f"Sent the input to shell {s.shell_id}. Its new output starts at byte "
                    f"{s.terminal_file_length_before_input_written} of the shell's terminal file."
                ),
                "error": lambda e: ToolOutcome(f"Could not write to the shell: {e.error}", True),
            },
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        shell_id = display_int(args, "shell_id")
        chars = args.raw.get("chars")
        call = agent.WriteShellStdinToolCall(
            args=agent.WriteShellStdinArgs(
                shell_id=shell_id if shell_id is not None and shell_id >= 0 else 0,
                chars=chars if isinstance(chars, str) else "",
            )
        )
        if result is not None and result.WhichOneof("message") == "write_shell_stdin_result":
            call.result.CopyFrom(result.write_shell_stdin_result)
        elif result is not None:
            call.result.error.error = self.result_text(result).text
        return agent.ToolCall(write_shell_stdin_tool_call=call)


class ForceBackgroundShellTool(ExecTool):
    """Asks the editor to move a running Shell call to the background.  Not offered to the model
    (it cannot act while its own Shell call runs); the daemon uses it, e.g. on a user request."""

    name = "ForceBackgroundShell"
    description = "Move a running Shell command to the background so the turn can continue."
    parameters = object_schema(
        {"tool_call_id": string("The tool call id of the running Shell call.")}, ["tool_call_id"]
    )
    advertised = False
    args_field = "force_background_shell_args"
    result_fields = ("force_background_shell_result",)

    def parse(self, call_args: object) -> str:
        return Args(self.name, call_args).req_str("tool_call_id")

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        target = self.parse(call_args)
        return self._exec(
            exec_seq, exec_id, force_background_shell_args=agent.ForceBackgroundShellArgs(tool_call_id=target)
        )

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        status = payload.status
        if status == agent.FORCE_BACKGROUND_SHELL_STATUS_ACCEPTED:
            text = "The command was moved to the background."
            if payload.HasField("shell_result"):
                text += "\n" + _shell_result_outcome(payload.shell_result).text
            return ToolOutcome(text)
        if status == agent.FORCE_BACKGROUND_SHELL_STATUS_NOT_FOUND:
            return ToolOutcome("No running Shell call has that tool call id.", True)
        if status == agent.FORCE_BACKGROUND_SHELL_STATUS_UNSPECIFIED:
            return ToolOutcome("The editor did not say whether the command was moved to the background.", True)
        return unknown_result(self.name, f"status {status}")

    def tool_call(self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None) -> None:
        return None


__all__ = [
    "ForceBackgroundShellTool",
    "OutputBuffer",
    "ShellAccumulator",
    "ShellTool",
    "WriteShellStdinTool",
    "parsing_result",
]
