"""Cmd+K and the terminal's AI: what the editor's requests ask, as prompts for the user's model. Sans-IO.

- `CmdKService/StreamCmdK` (inline edit): the editor sends its context session's items
  (`context_items`): the instruction (`cmd_k_query`), the selected lines with the first one's number
  (`cmd_k_selection`), the lines around them (`cmd_k_immediate_context`), earlier instructions of the
  session, chat history, custom instructions, rules, other files' chunks and lints; beside them the
  request's `rules`, `previous_edits`, `diff_history`, `links` (their addresses) and `images` (sent as
  the agent sends attached images: `cursord.context.images`). The model is asked for the replacement of the
  selected lines only (an empty selection: the code to insert at the cursor line), or, in chat mode, for
  an answer in prose.
- `CmdKService/StreamTerminalCmdK`: the request in the terminal (`terminal_cmd_k_query`) and the terminal's
  recent output and directory (`terminal_history`); the model is asked for one shell command.
- `AiService/GetTerminalCompletion`, `StreamTerminalAutocomplete`: what the user has typed so far, their
  earlier commands, the platform and the folder; the model is asked for the whole completed command.

An item the editor sends as a hash only (`context_item_hash`) has been acknowledged by a server before;
cursord acknowledges none, so a hash is answered with `missing_context_items` and the editor sends the
item whole (`cached_hashes`). Everything shown to the model is bounded (the constants below).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from cursord.localai.prompt import LocalPrompt, bounded, bounded_all, fenced
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver

__all__ = [
    "CmdKAsk",
    "CmdKRequestError",
    "cached_hashes",
    "cmd_k_ask",
    "cmd_k_prompt",
    "terminal_cmd_k_prompt",
    "terminal_completion_prompt",
]

#: the selection and the lines around it (characters each).
MAX_SELECTION_CHARS: Final = 40_000
MAX_SURROUNDING_CHARS: Final = 40_000
#: everything else the request carries (other files, rules, history, edits), each and in all.
MAX_EXTRA_CHARS: Final = 8_000
MAX_EXTRAS_CHARS: Final = 30_000
#: the terminal's recent output, and each earlier command or file the terminal completion sees.
MAX_TERMINAL_CHARS: Final = 8_000
MAX_COMMANDS: Final = 30
#: the most an edit, and a command, may take of the model's output (a reasoning model's thinking counts too).
EDIT_TOKENS: Final = 16_384
COMMAND_TOKENS: Final = 4_096

EDIT_SYSTEM: Final = (
    "You edit code in the user's editor. You are given a file's lines around a selection, the selected "
    "lines, and the user's instruction. Reply with the new text of the selected lines only, exactly as it "
    "should replace them, keeping the file's indentation: no code fences, no line numbers, no explanation. "
    "When nothing is selected, reply with the code to insert at the cursor line."
)
CHAT_SYSTEM: Final = (
    "You answer the user's question about the code in their editor, briefly, in Markdown. Do not rewrite "
    "the code unless asked."
)
TERMINAL_SYSTEM: Final = (
    "You turn the user's request into a shell command for their terminal. Reply with the command only, on "
    "one line (join steps with &&): no code fences, no explanation."
)
TERMINAL_CHAT_SYSTEM: Final = "You answer the user's question about their terminal, briefly, in Markdown."
COMPLETION_SYSTEM: Final = (
    "You complete the command the user is typing in a terminal. Reply with the whole command on one line, "
    "starting with exactly what the user has typed: no code fences, no explanation."
)


class CmdKRequestError(ValueError):
    """The request asks nothing the model could answer (no instruction)."""


def cached_hashes(items: Iterable[aiserver.PotentiallyCachedContextItem]) -> list[str]:
    """The hashes of the items sent as a hash only: cursord holds no cached items, so it asks for them."""
    return [item.context_item_hash for item in items if item.WhichOneof("item") == "context_item_hash"]


def _whole_items(items: Iterable[aiserver.PotentiallyCachedContextItem]) -> list[aiserver.ContextItem]:
    return [item.context_item for item in items if item.WhichOneof("item") == "context_item"]


def _numbered(lines: Iterable[tuple[int, str]]) -> str:
    return "\n".join(f"{number:>5}| {line}" for number, line in lines)


def _rule_text(rule: aiserver.CursorRule) -> str:
    return f"{rule.name}: {rule.body or rule.description}".strip(": ")


def _query_history(history: aiserver.ContextItem.CmdKQueryHistory) -> list[str]:
    """The earlier instructions of the session, oldest first."""
    queries: list[str] = []
    seen = 0
    while history.query.query and seen < MAX_COMMANDS:
        queries.append(history.query.query)
        history, seen = history.query_history, seen + 1
    return queries[::-1]


def _chat_history(chat: aiserver.ContextItem.ChatHistory) -> list[str]:
    turns: list[str] = []
    while (chat.user_message or chat.assistant_response) and len(turns) < 2 * MAX_COMMANDS:
        turns[:0] = [f"user: {chat.user_message}", f"assistant: {chat.assistant_response}"]
        chat = chat.chat_history
    return turns


def _file_chunk(chunk: aiserver.ContextItem.FileChunk) -> str:
    return fenced(f"From {chunk.relative_workspace_path} (line {chunk.start_line_number}):", chunk.chunk_contents)


def _sparse_chunk(sparse: aiserver.ContextItem.SparseFileChunk) -> str:
    lines = _numbered((line.line_number, line.line) for line in sparse.lines)
    return fenced(f"From {sparse.relative_workspace_path}:", lines)


def _lints(lints: aiserver.ContextItem.Lints) -> str | None:
    found = "\n".join(f"line {lint.range.start_line_number}: {lint.message}" for lint in lints.lints)
    return f"Problems reported in {lints.relative_workspace_path}:\n{found}" if found else None


def _earlier_queries(history: aiserver.ContextItem.CmdKQueryHistory) -> str | None:
    earlier = _query_history(history)
    return "Earlier instructions in this session:\n" + "\n".join(f"- {q}" for q in earlier) if earlier else None


def _conversation(chat: aiserver.ContextItem.ChatHistory) -> str | None:
    turns = _chat_history(chat)
    return "The conversation so far:\n" + "\n".join(turns) if turns else None


def _definition(found: aiserver.ContextItem.GoToDefinitionResult) -> str:
    where = f"{found.relative_workspace_path}:{found.line_number}"
    return f"`{found.line.strip()}` at {where} is defined here:\n" + _file_chunk(found.definition_chunk)


def _recent_edits(history: aiserver.ContextItem.FileDiffHistory) -> str | None:
    edits = history.cpp_file_diff_history
    return fenced(f"Recent edits to {edits.file_name}:", "\n".join(edits.diff_history)) if edits.diff_history else None


#: how each other kind of context item is shown to the model (kinds not here are not shown).
_EXTRAS: Final[dict[str, Callable[[Any], str | None]]] = {
    "file_chunk": _file_chunk,
    "sparse_file_chunk": _sparse_chunk,
    "outline_chunk": lambda o: fenced(f"Outline of {o.relative_workspace_path}:", o.contents),
    "go_to_definition_result": _definition,
    "lints": _lints,
    "custom_instructions": lambda c: f"The user's instructions for the model:\n{c.instructions}",
    "project_rule": lambda rule: f"Project rule {_rule_text(rule)}",
    "cmd_k_query_history": _earlier_queries,
    "chat_history": _conversation,
    "file_diff_history": _recent_edits,
    "documentation_chunk": lambda d: fenced(f"Documentation {d.doc_name} ({d.page_url}):", d.documentation_chunk),
    "notebook_cell_output": lambda n: fenced(f"Output of cell {n.cell_number}:", n.cell_output),
}


def _extra(item: aiserver.ContextItem) -> str | None:
    """One context item other than the instruction, the selection and the lines around it, as text."""
    kind = item.WhichOneof("item")
    if kind is None or kind not in _EXTRAS:
        return None
    return _EXTRAS[kind](getattr(item, kind))


def _previous_edit(edit: aiserver.CmdKPreviousEdit) -> str:
    old = "\n".join(edit.original_lines)
    new = "\n".join(edit.new_lines)
    return fenced(f"An earlier edit in {edit.relative_path}, before:", old) + "\n" + fenced("after:", new)


def _sections(parts: Sequence[str]) -> str:
    kept, left_out = bounded_all(parts, MAX_EXTRA_CHARS, MAX_EXTRAS_CHARS)
    if left_out:
        kept.append(f"[{left_out} more pieces of context not shown]")
    return "\n\n".join(kept)


@attrs.frozen
class CmdKAsk:
    """What one StreamCmdK asks: the instruction, the selection (1-based `start_line`), and its file."""

    query: str
    path: str
    selection: tuple[str, ...]
    start_line: int
    surrounding: tuple[tuple[int, str], ...] = ()
    total_lines: int = 0
    extras: tuple[str, ...] = ()
    chat_mode: bool = False
    images: tuple[agent.SelectedImage, ...] = ()

    @property
    def end_line_exclusive(self) -> int:
        return self.start_line + len(self.selection)


def cmd_k_ask(request: aiserver.StreamCmdKRequest) -> CmdKAsk:
    """The request's items read as one ask; raises `CmdKRequestError` when it carries no instruction."""
    query, path, start, total = "", "", 0, 0
    selection: tuple[str, ...] = ()
    surrounding: tuple[tuple[int, str], ...] = ()
    extras: list[str] = []
    for item in _whole_items(request.context_items):
        kind = item.WhichOneof("item")
        if kind == "cmd_k_query":
            query = item.cmd_k_query.query
        elif kind == "cmd_k_selection":
            selection, start = tuple(item.cmd_k_selection.lines), item.cmd_k_selection.start_line_number
        elif kind == "cmd_k_immediate_context":
            context = item.cmd_k_immediate_context
            path, total = context.relative_workspace_path, context.total_number_of_lines_in_file
            surrounding = tuple((line.line_number, line.line) for line in context.lines)
        elif (text := _extra(item)) is not None:
            extras.append(text)
    if not query.strip():
        raise CmdKRequestError("StreamCmdK carries no instruction (no cmd_k_query context item)")
    extras += [f"Project rule {_rule_text(rule)}" for rule in request.rules]
    extras += [_previous_edit(edit) for edit in request.previous_edits]
    extras += [
        fenced(f"Recent edits to {history.file_name}:", "\n".join(history.diff_history))
        for history in request.diff_history
        if history.diff_history
    ]
    links = [link.url for link in request.links if link.url]
    if links:
        extras.append("Links the user attached (their pages are not shown): " + " ".join(links))
    start = start or (surrounding[0][0] if surrounding else 1)
    chat = request.cmd_k_options.chat_mode
    images = tuple(agent.SelectedImage(uuid=image.uuid, data=image.data) for image in request.images)
    return CmdKAsk(query, path, selection, start, surrounding, total, tuple(extras), chat, images)


def cmd_k_prompt(ask: CmdKAsk) -> LocalPrompt:
    """The pass that rewrites the selection (or, in chat mode, answers about it)."""
    where = ask.path or "the current file"
    sections = []
    if ask.extras:
        sections.append(_sections(ask.extras))
    if ask.surrounding:
        lines = _numbered(ask.surrounding)
        size = f" of {ask.total_lines}" if ask.total_lines else ""
        sections.append(fenced(f"Lines around the selection in {where} (line numbers{size}):",
                               bounded(lines, MAX_SURROUNDING_CHARS)))
    if ask.selection:
        last = ask.end_line_exclusive - 1
        sections.append(fenced(f"The selected lines, {ask.start_line} to {last} of {where}:",
                               bounded("\n".join(ask.selection), MAX_SELECTION_CHARS)))
    else:
        sections.append(f"Nothing is selected; the cursor is on line {ask.start_line} of {where}.")
    sections.append(fenced("The instruction:", ask.query))
    system = CHAT_SYSTEM if ask.chat_mode else EDIT_SYSTEM
    return LocalPrompt(system, "\n\n".join(sections), max_output_tokens=EDIT_TOKENS, images=ask.images)


def terminal_cmd_k_prompt(request: aiserver.StreamTerminalCmdKRequest) -> LocalPrompt:
    """The pass that turns a request typed in the terminal into a command (or, in chat mode, an answer);
    raises `CmdKRequestError` when it carries no request."""
    query = ""
    sections: list[str] = []
    extras: list[str] = []
    for item in _whole_items(request.context_items):
        kind = item.WhichOneof("item")
        if kind == "terminal_cmd_k_query":
            query = item.terminal_cmd_k_query.query
        elif kind == "terminal_history":
            history = item.terminal_history
            cwd = history.cwd_full or history.cwd_relative_workspace_path
            if cwd:
                sections.append(f"The terminal's working directory: {cwd}")
            if history.history.strip():
                output = history.history[-MAX_TERMINAL_CHARS:]
                sections.append(fenced("The terminal's recent output:", output))
        elif kind == "terminal_cmd_k_query_history":
            earlier: list[str] = []
            past = item.terminal_cmd_k_query_history
            while past.query.query and len(earlier) < MAX_COMMANDS:
                suggested = f" -> {past.suggested_command}" if past.suggested_command else ""
                earlier[:0] = [f"- {past.query.query}{suggested}"]
                past = past.query_history
            if earlier:
                extras.append("Earlier requests in this terminal:\n" + "\n".join(earlier))
        elif (text := _extra(item)) is not None:
            extras.append(text)
    if not query.strip():
        raise CmdKRequestError("StreamTerminalCmdK carries no request (no terminal_cmd_k_query context item)")
    if extras:
        sections.insert(0, _sections(extras))
    sections.append(fenced("The request:", query))
    chat = request.cmd_k_options.chat_mode
    return LocalPrompt(TERMINAL_CHAT_SYSTEM if chat else TERMINAL_SYSTEM, "\n\n".join(sections), COMMAND_TOKENS)


def terminal_completion_prompt(
    request: aiserver.GetTerminalCompletionRequest | aiserver.StreamTerminalAutocompleteRequest,
) -> LocalPrompt:
    """The pass that completes the command being typed (both RPCs carry the same first fields)."""
    sections = []
    if isinstance(request, aiserver.GetTerminalCompletionRequest):
        if request.user_platform:
            sections.append(f"Platform: {request.user_platform}")
        if request.current_folder:
            sections.append(f"Current folder: {request.current_folder}")
        names = [f"{e.name}/" if e.is_folder else e.name for e in request.current_folder_structure][:200]
        if names:
            sections.append("It holds: " + " ".join(names))
        files, _ = bounded_all((f.contents for f in request.relevant_files), MAX_EXTRA_CHARS, MAX_EXTRA_CHARS)
        for file, contents in zip(request.relevant_files, files, strict=False):
            sections.append(fenced(f"{file.relative_workspace_path}:", contents))
    history = [c for c in request.command_history if c.strip()][-MAX_COMMANDS:]
    if history:
        sections.append(fenced("Earlier commands, oldest first:", bounded("\n".join(history), MAX_TERMINAL_CHARS)))
    sections.append(fenced("What the user has typed:", request.current_command))
    return LocalPrompt(COMPLETION_SYSTEM, "\n\n".join(sections), max_output_tokens=COMMAND_TOKENS)
