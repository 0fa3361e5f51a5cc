"""What a run's first pass is made of, from its action, the actions queued before it, and the editor's blobs.

`what_to_run(action, queued)` decides the pieces of the user turn (the user's messages with their
attachments, or the text of a case with no typed message: a plan to execute, background completions, async
answers) and the mode; `render(...)` turns the pieces into the user `Message`, with the file-globbed rules
that the attached files trigger, from the blobs the pieces refer to (`needed_blobs`: the turn's preparation
reads those the run did not pre-fetch, `cursord.agent.machine.turn_prep`). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from cursord.context import ContextLimits, RuleBook, actions, attached_paths, blob_ids, merge_text, user_turn
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ImagePart, Message, Role, TextPart

_MODE_NAMES = {agent.AGENT_MODE_ASK: "ask", agent.AGENT_MODE_PLAN: "plan"}
_CONTEXT_HOLDERS = ("user_message_action", "start_plan_action", "execute_plan_action", "resume_action")

Piece = agent.UserMessage | str


@attrs.frozen
class RunAsk:
    pieces: tuple[Piece, ...]
    mode: str = "agent"


def carried_context(action: agent.ConversationAction) -> agent.RequestContext | None:
    """The request context an action carries (None if its case has none, or it is unset)."""
    case = action.WhichOneof("action")
    if case not in _CONTEXT_HOLDERS:
        return None
    holder = getattr(action, case)
    return holder.request_context if holder.HasField("request_context") else None


def _sent_messages(user: agent.UserMessageAction) -> list[agent.UserMessage]:
    """The user's messages of a `user_message_action`: those queued before it (`prepend_user_messages`),
    then its own."""
    prepended = [m for m in user.prepend_user_messages if m.text or m.HasField("selected_context")]
    return [*prepended, user.user_message]


def echoed_messages(action: agent.ConversationAction) -> list[agent.UserMessage]:
    """The messages a run announces with `user_message_appended`, as Cursor's agent does: each of a
    `user_message_action` that asks for it (`send_to_interaction_listener`), prepended ones first."""
    user = action.user_message_action
    if action.WhichOneof("action") != "user_message_action" or not user.send_to_interaction_listener:
        return []
    return _sent_messages(user)


def _pieces(action: agent.ConversationAction) -> tuple[list[Piece], str | None]:
    """The pieces one action contributes, and the mode it asks for (None: it does not say)."""
    case = action.WhichOneof("action")
    if case == "user_message_action":
        user = action.user_message_action
        pieces: list[Piece] = list(_sent_messages(user))
        return pieces, _MODE_NAMES.get(user.user_message.mode, "agent")
    if case == "start_plan_action":
        return [action.start_plan_action.user_message], "plan"
    if case == "execute_plan_action":
        execute = action.execute_plan_action
        plan_text = execute.plan_file_content if execute.HasField("plan_file_content") else ""
        text = "Execute the plan below, step by step.\n\n" + plan_text if plan_text else "Execute the plan."
        return [text], "agent"
    synthetic = actions.turn_text(action)
    return ([synthetic] if synthetic else []), None


def what_to_run(action: agent.ConversationAction, queued: Sequence[agent.ConversationAction] = ()) -> RunAsk | None:
    """The user turn of a run: the queued actions' pieces first, then the action's own. None when there is
    nothing to say to the model (a resume with nothing queued, a case that starts no turn)."""
    pieces: list[Piece] = []
    mode: str | None = None
    for earlier in queued:
        more, asked = _pieces(earlier)
        pieces += more
        mode = asked or mode
    own, asked = _pieces(action)
    pieces += own
    mode = asked or mode
    if not pieces:
        return None
    return RunAsk(tuple(pieces), mode or "agent")


def needed_blobs(ask: RunAsk) -> list[bytes]:
    ids: list[bytes] = []
    for piece in ask.pieces:
        if isinstance(piece, agent.UserMessage):
            ids += blob_ids(piece)
    return list(dict.fromkeys(ids))


def render(
    ask: RunAsk,
    blobs: Mapping[bytes, bytes],
    *,
    vision: bool,
    limits: ContextLimits,
    rules: RuleBook,
    applied: Iterable[str] = (),
) -> tuple[Message, tuple[str, ...]]:
    """The user `Message` for `ask`, and the names of every globbed rule applied so far (with `applied`)."""
    done = list(applied)
    parts: list[TextPart | ImagePart] = []
    for piece in ask.pieces:
        if isinstance(piece, str):
            parts.append(TextPart(piece))
            continue
        triggered = rules.matching(attached_paths(piece), done)
        done += [r.name for r in triggered]
        message = user_turn(piece, blobs, vision=vision, limits=limits, extra=[r.item() for r in triggered])
        parts += [p for p in message.parts if isinstance(p, TextPart | ImagePart)]
    return Message(Role.USER, merge_text(parts)), tuple(done)


def rules_for_paths(rules: RuleBook, paths: Sequence[str], applied: Iterable[str]) -> tuple[str, list[str]]:
    """Text to append to a tool result for the globbed rules that the tool's paths trigger, and their names."""
    triggered = rules.matching(paths, applied)
    if not triggered:
        return "", []
    body = "\n\n".join(r.text() for r in triggered)
    return f"\n\n<rules_for_these_files>\n{body}\n</rules_for_these_files>", [r.name for r in triggered]


#: tool arguments that name files (Read, Write, StrReplace, Delete, Ls, Glob ... in every spelling seen).
_PATH_ARGUMENTS = ("path", "file_path", "target_file", "target_directory", "directory", "filePath")


def touched_paths(arguments: Mapping[str, object]) -> list[str]:
    """The paths a tool call's arguments name."""
    paths = [v for k in _PATH_ARGUMENTS if isinstance(v := arguments.get(k), str) and v]
    listed = arguments.get("paths")
    if isinstance(listed, list):
        paths += [p for p in listed if isinstance(p, str) and p]
    return paths
