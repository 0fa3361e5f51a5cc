"""What the user attached to a message (`UserMessage.selected_context`), rendered into the user turn. Pure.

Theory of operation. Rendering is two steps so that no I/O happens here: `blob_ids(message)` names every
blob the message refers to (its text, rich text, context entries, links, PR diffs, documents, images);
the caller reads them (from `pre_fetched_blobs`, cursord's store, or the editor with kv `get_blob_args`)
and hands them to `user_turn(message, blobs, ...)`, which builds the user `Message`: the rendered context
first, then the images, then the user's own text. A blob nobody could read becomes a visible note.

The format is stable, and is the contract with the model (docs/model-context.md):

    <attached_context>
    <file path="/w/src/app.py" relative_path="src/app.py">
    ...the file's content...
    </file>
    <code_selection path="/w/src/app.py" relative_path="src/app.py" lines="12-30">
    ...
    </code_selection>
    </attached_context>

One element per item: its tag names the kind, attributes give the path, relative path and line range
(where the kind has them) and other identifying fields, and the body is the content. Kinds come in the
schema's order, and the items of one kind in the editor's order. An item's body longer than
`context_item_chars` is cut with a marker saying how much was shown; once the turn's context reaches
`context_turn_chars`, later bodies are cut to what is left and then left out with a marker, so the
model always knows something was withheld.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from cursord.context.images import ImageLimits, image_blob_ids, image_parts
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ImagePart, Message, Role, TextPart

#: a body is never cut to less than this when the turn's budget runs low; below it the item is omitted.
_MIN_USEFUL_CHARS = 200


@attrs.frozen
class ContextLimits:
    item_chars: int = 100_000  # one attached item's content, in characters
    turn_chars: int = 400_000  # all attached context of one user message, in characters
    images: ImageLimits = attrs.field(factory=ImageLimits)


@attrs.frozen
class Item:
    """One attached thing: its tag, identifying attributes (in order, empty values left out), its content."""

    tag: str
    attributes: tuple[tuple[str, str], ...] = ()
    body: str = ""

    def open_tag(self) -> str:
        shown = "".join(f' {k}="{_escape(v)}"' for k, v in self.attributes if v)
        return f"<{self.tag}{shown}>"


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace("\n", " ")


# --- blobs ------------------------------------------------------------------------------------------


def blob_ids(message: agent.UserMessage) -> list[bytes]:
    """Every blob `user_turn` may read for `message`, without duplicates, in a stable order."""
    ids: list[bytes] = []
    if message.HasField("text_blob_id") and not message.text:
        ids.append(message.text_blob_id)
    if message.HasField("rich_text_blob_id") and not message.text and not message.HasField("text_blob_id"):
        ids.append(message.rich_text_blob_id)
    if message.HasField("selected_context"):
        selected = message.selected_context
        if selected.HasField("invocation_context") and selected.invocation_context.WhichOneof("data") == "blob_id":
            ids.append(selected.invocation_context.blob_id)
        ids += [e.blob_id for e in selected.extra_context_entries if e.WhichOneof("data_or_blob_id") == "blob_id"]
        ids += [link.blob_id for link in selected.external_links if link.HasField("blob_id") and not link.pdf_content]
        ids += [d.blob_id for d in selected.git_pr_diff_selections if d.HasField("blob_id") and not d.diff_content]
        ids += [pr.blob_id for pr in selected.selected_pull_requests if pr.HasField("blob_id")]
        ids += [d.blob_id for d in selected.selected_documents if d.WhichOneof("data_or_blob_id") == "blob_id"]
        ids += image_blob_ids(selected.selected_images)
    return list(dict.fromkeys(i for i in ids if i))


def _blob_text(blobs: Mapping[bytes, bytes], blob_id: bytes) -> str | None:
    data = blobs.get(blob_id)
    return None if data is None else data.decode("utf-8", "replace")


def _missing(what: str) -> str:
    return f"[{what} is stored in a blob that could not be read from the editor]"


# --- the user's text ----------------------------------------------------------------------------------


def user_text(message: agent.UserMessage, blobs: Mapping[bytes, bytes]) -> str:
    """The user's typed text: `text`, else the `text_blob_id` blob, else the text of the rich-text blob."""
    if message.text:
        return message.text
    if message.HasField("text_blob_id"):
        text = _blob_text(blobs, message.text_blob_id)
        return text if text is not None else _missing("the message's text")
    rich = message.rich_text if message.HasField("rich_text") else None
    if rich is None and message.HasField("rich_text_blob_id"):
        rich = _blob_text(blobs, message.rich_text_blob_id)
        if rich is None:
            return _missing("the message's text")
    return lexical_text(rich) if rich else ""


def lexical_text(rich_text: str) -> str:
    """The plain text of the editor's rich text (a Lexical editor state: `{"root": {"children": ...}}`);
    paragraphs on their own lines. Text that is not such JSON (or is nested too deeply to read) is returned
    as it is."""
    try:
        text = _paragraphs(json.loads(rich_text))
    except (ValueError, TypeError, RecursionError):  # not JSON, not its shape (`"children": 5`), too deep
        return rich_text
    return rich_text if text is None else text


def _paragraphs(state: Any) -> str | None:
    """The paragraphs of a Lexical editor state, one a line (None: it is not one)."""
    paragraphs: list[str] = []

    def walk(node: Any, out: list[str]) -> None:
        if not isinstance(node, dict):
            return
        if isinstance(node.get("text"), str):
            out.append(node["text"])
        for child in node.get("children") or ():
            walk(child, out)

    root = state.get("root") if isinstance(state, dict) else None
    if not isinstance(root, dict):
        return None
    for block in root.get("children") or ():
        line: list[str] = []
        walk(block, line)
        paragraphs.append("".join(line))
    return "\n".join(paragraphs)


# --- items, kind by kind -------------------------------------------------------------------------------


def _lines(selection_range: agent.Range) -> str:
    start, end = selection_range.start.line, selection_range.end.line
    if not start and not end:
        return ""
    return f"{start}-{end}" if end and end != start else str(start)


def _tree(node: agent.LsDirectoryTreeNode, depth: int = 0, budget: list[int] | None = None) -> list[str]:
    """An indented listing of a folder tree (at most 500 lines)."""
    budget = budget if budget is not None else [500]
    lines: list[str] = []
    pad = "  " * depth
    for child in node.children_dirs:
        if budget[0] <= 0:
            break
        budget[0] -= 1
        name = child.abs_path.rstrip("/\\").rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
        lines.append(f"{pad}{name}/")
        lines += _tree(child, depth + 1, budget)
    for file in node.children_files:
        if budget[0] <= 0:
            lines.append(f"{pad}...")
            break
        budget[0] -= 1
        lines.append(f"{pad}{file.name}")
    return lines


def _invocation(context: agent.InvocationContext, blobs: Mapping[bytes, bytes]) -> list[Item]:
    which = context.WhichOneof("data")
    if which == "ide_state":
        state = context.ide_state
        lines: list[str] = []
        for label, files in (("visible", state.visible_files), ("recently viewed", state.recently_viewed_files)):
            for f in files:
                where = f" (cursor at line {f.cursor_position.line})" if f.HasField("cursor_position") else ""
                total = f", {f.total_lines} lines" if f.total_lines else ""
                lines.append(f"{label}: {f.relative_path if f.HasField('relative_path') else f.path}{total}{where}")
        for pr in state.currently_viewed_prs:
            lines.append(f"viewing pull request #{pr.number} {pr.title} {pr.url}".replace("  ", " "))
        return [Item("editor_state", (), "\n".join(lines))] if lines else []
    if which == "github_pr":
        github = context.github_pr
        body = "\n\n".join(
            part
            for part in (
                github.description,
                f"Comments:\n{github.comments}" if github.comments else "",
                f"CI failures:\n{github.ci_failures}" if github.HasField("ci_failures") else "",
            )
            if part
        )
        return [Item("github_pull_request", (("title", github.title),), body)]
    if which == "slack_thread":
        thread = context.slack_thread
        return [Item("slack_thread", (("channel", thread.channel_name),), thread.thread)]
    if which == "microsoft_teams_thread":
        teams = context.microsoft_teams_thread
        return [Item("teams_thread", (("team", teams.team_name), ("channel", teams.channel_name)), teams.thread)]
    if which == "blob_id":
        data = blobs.get(context.blob_id)
        if data is None:
            return [Item("invocation_context", (), _missing("the invocation context"))]
        try:
            inner = agent.InvocationContext.FromString(data)
        except Exception:
            inner = None
        if inner is not None and inner.WhichOneof("data") not in (None, "blob_id"):
            return _invocation(inner, blobs)
        return [Item("invocation_context", (), data.decode("utf-8", "replace"))]
    return []


_BASE_BRANCH_PARAMS = (
    agent.SelectedAgenticGitActionFixMergeConflictsParams,
    agent.SelectedAgenticGitActionBabysitPrInCloudParams,
    agent.SelectedAgenticGitActionUpdateBranchParams,
)


def _git_action(action: agent.SelectedAgenticGitAction) -> Item:
    which = action.WhichOneof("params") or "git_action"
    params = getattr(action, which) if action.WhichOneof("params") else None
    lines = [f"The user asks you to carry out this git action: {which.removesuffix('_params').replace('_', ' ')}."]
    if action.HasField("branch_context"):
        branch = action.branch_context
        if branch.HasField("current_branch"):
            lines.append(f"current branch: {branch.current_branch}")
        if branch.HasField("base_branch"):
            lines.append(f"base branch: {branch.base_branch}")
        if branch.HasField("agent_branch_prefix"):
            lines.append(f"new branches start with: {branch.agent_branch_prefix}")
    if isinstance(params, agent.SelectedAgenticGitActionCommitParams):
        files = [
            f.path + (f" ({f.status})" if f.HasField("status") else "") for f in params.files_to_commit_with_status
        ]
        files = files or list(params.files_to_commit)
        excluded = [f.path for f in params.files_to_exclude_from_commit_with_status] or list(
            params.files_to_exclude_from_commit
        )
        if params.should_stage_all_changes:
            lines.append("stage all changes")
        if files:
            lines.append("files to commit: " + ", ".join(files))
        if excluded:
            lines.append("files to leave out: " + ", ".join(excluded))
        if params.HasField("create_pr_draft"):
            lines.append(f"draft pull request: {'yes' if params.create_pr_draft else 'no'}")
    elif isinstance(params, agent.SelectedAgenticGitActionPushParams):
        if params.files_to_push:
            lines.append("files to push: " + ", ".join(params.files_to_push))
    elif isinstance(params, agent.SelectedAgenticGitActionPullLocallyParams):
        lines.append(f"remote branch: {params.remote_branch}")
    elif isinstance(params, _BASE_BRANCH_PARAMS) and params.HasField("base_branch"):
        lines.append(f"base branch: {params.base_branch}")
    if action.HasField("path_to_template_file"):
        lines.append(f"template file: {action.path_to_template_file}")
    if action.HasField("path_to_template_dir"):
        lines.append(f"template folder: {action.path_to_template_dir}")
    return Item("git_action", (("action", which.removesuffix("_params")),), "\n".join(lines))


_TEXT_DOCUMENT_TYPES = ("text/", "application/json", "application/xml", "application/x-yaml", "application/yaml")


def _document(doc: agent.SelectedDocument, blobs: Mapping[bytes, bytes]) -> Item:
    attributes = (("path", doc.path), ("filename", doc.filename), ("mime_type", doc.mime_type))
    which = doc.WhichOneof("data_or_blob_id")
    data: bytes | None
    if which == "data":
        data = doc.data
    elif which == "blob_id_with_data":
        data = doc.blob_id_with_data.data or blobs.get(doc.blob_id_with_data.blob_id)
    elif which == "blob_id":
        data = blobs.get(doc.blob_id)
    else:
        data = None
    if data is None:
        return Item("document", attributes, _missing("this document"))
    if doc.mime_type.startswith(_TEXT_DOCUMENT_TYPES):
        return Item("document", attributes, data.decode("utf-8", "replace"))
    try:
        return Item("document", attributes, data.decode("utf-8"))
    except UnicodeDecodeError:
        return Item(
            "document", attributes, f"[a {doc.mime_type or 'binary'} document of {len(data)} bytes: cursord sends"
            " only text documents to the model; read the file with your tools if it is on disk]"
        )


def _console_log(log: agent.SelectedConsoleLog) -> Item:
    body = [log.message]
    if log.HasField("object_data_json"):
        body.append(log.object_data_json)
    if log.HasField("stack_trace"):
        trace = log.stack_trace
        if trace.HasField("raw_stack_trace"):
            body.append(trace.raw_stack_trace)
        else:
            body += [
                f"    at {f.function_name or '<anonymous>'} ({f.url}:{f.line_number}:{f.column_number})"
                for f in trace.call_frames
            ]
    return Item("console_log", (("level", log.level), ("client", log.client_name)), "\n".join(body))


def _git_diff(tag: str, diff: agent.SelectedGitDiff | agent.SelectedGitDiffFromBranchToMain) -> Item:
    body = diff.content
    full = diff.full_content_length_char_count
    if full > len(body):
        body += f"\n[the editor sent {len(diff.content):,} of the diff's {full:,} characters]"
    return Item(tag, (), body)


def _extra_context_entry(entry: agent.ExtraContextEntry, blobs: Mapping[bytes, bytes]) -> list[Item]:
    which = entry.WhichOneof("data_or_blob_id")
    if which == "data":
        return [Item("extra_context", (), entry.data)]
    if which == "blob_id":
        text = _blob_text(blobs, entry.blob_id)
        return [Item("extra_context", (), text if text is not None else _missing("this context"))]
    return []


def _folder(folder: agent.SelectedFolder) -> Item:
    listing = "\n".join(_tree(folder.directory_tree)) if folder.HasField("directory_tree") else ""
    body = listing or "[the editor sent no listing; list the folder with your tools]"
    return Item("folder", (("path", folder.path), ("relative_path", folder.relative_path)), body)


def _inline_or_blob(
    inline: str, holder: agent.SelectedExternalLink | agent.SelectedGitPRDiffSelection,
    blobs: Mapping[bytes, bytes], what: str, neither: str,
) -> str:
    """An item's body: the text sent inline, else its blob's, else `neither`."""
    if inline:
        return inline
    if holder.HasField("blob_id"):
        return _blob_text(blobs, holder.blob_id) or _missing(what)
    return neither


def _link(link: agent.SelectedExternalLink, blobs: Mapping[bytes, bytes]) -> Item:
    body = _inline_or_blob(
        link.pdf_content, link, blobs, "this link's content",
        "[only the address was attached; fetch it with your web tools if you need its content]",
    )
    return Item("link", (("url", link.url), ("filename", link.filename)), body)


def _ui_element(element: agent.SelectedUIElement) -> Item:
    described = [element.element]
    if element.text_content:
        described.append(f"text: {element.text_content}")
    if element.HasField("component_props_json"):
        described.append(f"props: {element.component_props_json}")
    if element.extra:
        described.append(element.extra)
    attributes = (("component", element.component), ("xpath", element.xpath))
    return Item("ui_element", attributes, "\n".join(described))


def _git_commit(commit: agent.SelectedGitCommit) -> Item:
    text = "\n\n".join(part for part in (commit.message, commit.description, commit.diff) if part)
    return Item("git_commit", (("sha", commit.sha),), text)


def _pr_diff(diff: agent.SelectedGitPRDiffSelection, blobs: Mapping[bytes, bytes]) -> Item:
    lines = f"{diff.start_line}-{diff.end_line}" if diff.start_line or diff.end_line else ""
    body = _inline_or_blob(diff.diff_content, diff, blobs, "this diff", "")
    return Item("pr_diff_selection", (("pr", diff.pr_url), ("path", diff.file_path), ("lines", lines)), body)


def _pull_request(pr: agent.SelectedPullRequest, blobs: Mapping[bytes, bytes]) -> Item:
    parts = [pr.description, pr.summary_json]
    if pr.HasField("blob_id"):
        parts.append(_blob_text(blobs, pr.blob_id) or _missing("this pull request"))
    attributes = (("number", str(pr.number)), ("title", pr.title), ("url", pr.url), ("folder", pr.folder_path))
    return Item("pull_request", attributes, "\n\n".join(p for p in parts if p))


def _recent_agents(context: agent.RecentAgentsContext) -> list[Item]:
    body = "\n".join(f"- {a.name} ({a.path})" + (f": {a.overview}" if a.HasField("overview") else "")
                     for a in context.recent_agents)
    return [Item("recent_agents", (), body)] if body else []


def context_items(selected: agent.SelectedContext, blobs: Mapping[bytes, bytes]) -> list[Item]:
    """Every attached item as text, kinds in the schema's order. Images are not items (see `user_turn`);
    `cursor_rules` and `selected_skills` are rendered here too, in full, because the user chose them."""
    items: list[Item] = []
    if selected.HasField("invocation_context"):
        items += _invocation(selected.invocation_context, blobs)
    items += [Item("extra_context", (), text) for text in selected.extra_context if text]
    for entry in selected.extra_context_entries:
        items += _extra_context_entry(entry, blobs)
    items += [Item("file", (("path", f.path), ("relative_path", f.relative_path)), f.content) for f in selected.files]
    items += [
        Item("code_selection", (("path", s.path), ("relative_path", s.relative_path), ("lines", _lines(s.range))),
             s.content)
        for s in selected.code_selections
    ]
    items += [Item("terminal", (("title", t.title), ("path", t.path)), t.content) for t in selected.terminals]
    items += [
        Item("terminal_selection", (("title", t.title), ("path", t.path), ("lines", _lines(t.range))), t.content)
        for t in selected.terminal_selections
    ]
    items += [_folder(folder) for folder in selected.folders]
    items += [_link(link, blobs) for link in selected.external_links]
    items += [Item("rule", (("path", r.rule.full_path),), r.rule.content) for r in selected.cursor_rules]
    if selected.HasField("git_diff"):
        items.append(_git_diff("git_diff", selected.git_diff))
    if selected.HasField("git_diff_from_branch_to_main"):
        items.append(_git_diff("git_diff_from_branch_to_main", selected.git_diff_from_branch_to_main))
    items += [Item("command", (("name", c.name),), c.content) for c in selected.cursor_commands]
    items += [
        Item("documentation", (("name", d.name), ("doc_id", d.doc_id)),
             "[Cursor's indexed documentation is not available through cursord; use web search or fetch]")
        for d in selected.documentations
    ]
    items += [_ui_element(element) for element in selected.ui_elements]
    items += [_console_log(log) for log in selected.console_logs]
    items += [_git_commit(commit) for commit in selected.git_commits]
    items += [
        Item("past_chat", (("name", c.name), ("agent_id", c.agent_id)),
             "[the user refers to an earlier chat; its transcript was not attached]")
        for c in selected.past_chats
    ]
    items += [_pr_diff(diff, blobs) for diff in selected.git_pr_diff_selections]
    items += [_pull_request(pr, blobs) for pr in selected.selected_pull_requests]
    items += [
        Item("subagent", (("name", s.name),), f"[the user asks that the {s.name} subagent be used]")
        for s in selected.selected_subagents
    ]
    items += [
        Item("video", (("path", v.path or v.filename), ("mime_type", v.mime_type)),
             "[a video was attached; cursord does not send videos to the model]")
        for v in selected.selected_videos
    ]
    items += [
        Item("browser", (("url", b.url), ("title", b.page_title), ("browser_id", b.browser_id)), "")
        for b in selected.selected_browsers
    ]
    items += [_document(d, blobs) for d in selected.selected_documents]
    items += [Item("skill", (("path", s.full_path),), s.content) for s in selected.selected_skills]
    if selected.HasField("recent_agents_context"):
        items += _recent_agents(selected.recent_agents_context)
    if selected.HasField("selected_agentic_git_action"):
        items.append(_git_action(selected.selected_agentic_git_action))
    return items


# --- bounds and the rendered block --------------------------------------------------------------------


def _cut(body: str, keep: int, limit_name: str) -> str:
    return (
        body[:keep]
        + f"\n[... truncated by cursord: {keep:,} of {len(body):,} characters shown ({limit_name}) ...]"
    )


def _element(item: Item, body: str) -> str:
    if not body:
        return item.open_tag()[:-1] + " />"
    return item.open_tag() + "\n" + body + ("" if body.endswith("\n") else "\n") + f"</{item.tag}>"


def render_items(items: Sequence[Item], limits: ContextLimits = ContextLimits()) -> str:
    """The `<attached_context>` block for `items` (empty text when there are none), bounded per item and
    per turn."""
    if not items:
        return ""
    out = ["<attached_context>"]
    left = limits.turn_chars
    omitted: list[Item] = []
    for item in items:
        body = item.body
        if len(body) > limits.item_chars:
            body = _cut(body, limits.item_chars, "context_item_chars")
        if len(body) > left:
            if left < _MIN_USEFUL_CHARS:
                omitted.append(item)
                continue
            body = _cut(item.body, left, "context_turn_chars")
        left -= len(body)
        out.append(_element(item, body))
    if omitted:
        listed = ", ".join(
            f"{i.tag} {dict(i.attributes).get('relative_path') or dict(i.attributes).get('path') or ''}".strip()
            for i in omitted[:20]
        )
        out.append(
            f"[{len(omitted)} more attached item(s) left out by cursord: this message's context reached"
            f" {limits.turn_chars:,} characters (context_turn_chars). Left out: {listed}"
            + (" ..." if len(omitted) > 20 else "") + "]"
        )
    out.append("</attached_context>")
    return "\n".join(out)


def _hook_contexts(message: agent.UserMessage) -> list[Item]:
    return [Item("hook_context", (("event", h.hook_event_name),), h.content) for h in message.hook_additional_contexts]


def user_turn(
    message: agent.UserMessage,
    blobs: Mapping[bytes, bytes],
    *,
    vision: bool = True,
    limits: ContextLimits = ContextLimits(),
    extra: Iterable[Item] = (),
) -> Message:
    """The user `Message` for `message`: attached context, then images (or notes), then the user's text.

    `extra` items (e.g. the file-globbed rules a message's files trigger) are rendered after the
    attached ones, inside the same block and bounds."""
    items: list[Item] = []
    images: list[ImagePart | TextPart] = []
    if message.HasField("selected_context"):
        selected = message.selected_context
        items = context_items(selected, blobs)
        images = image_parts(selected.selected_images, blobs, vision=vision, limits=limits.images)
    items += _hook_contexts(message)
    items += list(extra)
    parts: list[ImagePart | TextPart] = []
    block = render_items(items, limits)
    if block:
        parts.append(TextPart(block))
    parts += images
    parts.append(TextPart(user_text(message, blobs)))
    return Message(Role.USER, merge_text(parts))


def merge_text(parts: Iterable[ImagePart | TextPart]) -> list[ImagePart | TextPart]:
    """Adjacent text parts as one, separated by a blank line (vendors that take one string per message
    would otherwise run them together); empty texts dropped."""
    out: list[ImagePart | TextPart] = []
    for part in parts:
        if isinstance(part, TextPart):
            if not part.text:
                continue
            if out and isinstance(out[-1], TextPart):
                out[-1] = TextPart(out[-1].text + "\n\n" + part.text)
                continue
        out.append(part)
    return out or [TextPart("")]


def attached_paths(message: agent.UserMessage) -> list[str]:
    """Paths of the files, selections and folders the user attached (absolute and relative), for rules
    that apply to matching files."""
    if not message.HasField("selected_context"):
        return []
    selected = message.selected_context
    paths: list[str] = []
    for item in [*selected.files, *selected.code_selections, *selected.folders]:
        assert isinstance(item, agent.SelectedFile | agent.SelectedCodeSelection | agent.SelectedFolder)
        paths.append(item.path)
        if item.HasField("relative_path"):
            paths.append(item.relative_path)
    return [p for p in paths if p]

