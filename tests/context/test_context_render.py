"""Prompt assembly for what the user attaches: every SelectedContext kind, bounds, blob-backed text."""

from __future__ import annotations

import json

import pytest

from cursord.context.selected import (
    ContextLimits,
    Item,
    attached_paths,
    blob_ids,
    lexical_text,
    render_items,
    user_text,
    user_turn,
)
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ImagePart, Role, TextPart
from tests.editor_fixtures import all_kinds_blobs, all_kinds_message

#: each SelectedContext field (all of them) -> what its rendering must contain.
EXPECTED = {
    "invocation_context": ["<editor_state>", "recently viewed: packages/proto/gen/aiserver/v1/aiserver_v1.pb.go"],
    "extra_context": ["<extra_context>\nThe user is on branch main.\n</extra_context>"],
    "extra_context_entries": ["Inline extra context entry.", "Extra context that the editor stored as a blob."],
    "files": [
        '<file path="d:\\cursor-tap\\internal\\httpstream\\parser.go" relative_path="internal/httpstream/parser.go">'
        "\npackage httpstream\n"
    ],
    "code_selections": ['relative_path="internal/httpstream/grpc.go" lines="120-122">\nfunc decodeFrame'],
    "terminals": ['<terminal title="powershell"', "go test ./..."],
    "terminal_selections": [
        '<terminal_selection title="powershell" path="d:\\cursor-tap" lines="3">\nFAIL: TestTrailer'
    ],
    "folders": [
        '<folder path="d:\\cursor-tap\\internal\\mitm" relative_path="internal/mitm">\nkeylog.go\ninterceptor.go'
    ],
    "external_links": ['<link url="https://connectrpc.com/docs/protocol">', "fetch it with your web tools"],
    "cursor_rules": ["<rule path=", "Keep docs in OKF bundles."],
    "git_diff": ["<git_diff>\ndiff --git a/test.jsonl b/test.jsonl"],
    "git_diff_from_branch_to_main": ["<git_diff_from_branch_to_main>", "the editor sent 29 of the diff's 5,000"],
    "cursor_commands": ['<command name="review">\nReview the staged changes for bugs.'],
    "documentations": ['<documentation name="Connect RPC" doc_id="doc-connect">'],
    "ui_elements": ['<ui_element component="SaveButton" xpath="/html/body/div/button">', "text: Save"],
    "console_logs": ['<console_log level="error" client="web">\nTypeError: x is undefined'],
    "git_commits": ['<git_commit sha="9a88cbf">\nweb test stack', "apps/web/package.json"],
    "past_chats": ['<past_chat name="Proxy split" agent_id="agent-1">'],
    "git_pr_diff_selections": ['path="internal/proxy/server.go" lines="10-20">\n@@ -10,3 +10,4 @@'],
    "selected_pull_requests": ['<pull_request number="1" title="Split proxy and API"', "Moves the proxy"],
    "selected_subagents": ['<subagent name="explore">'],
    "selected_videos": ['<video path="demo.mp4" mime_type="video/mp4">', "does not send videos"],
    "selected_browsers": ['<browser url="http://localhost:3000" title="cursor-tap web" browser_id="b1" />'],
    "selected_documents": ['filename="notes.md" mime_type="text/markdown">\n# Notes'],
    "selected_skills": ['<skill path="C:\\Users\\Administrator\\.cursor\\skills-cursor\\create-rule\\SKILL.md">'],
    "recent_agents_context": ["<recent_agents>\n- Proxy split (agent-1): Split the proxy from the API."],
    "selected_agentic_git_action": ['<git_action action="commit">', "files to commit: test.jsonl"],
}


def _only(field: str) -> agent.UserMessage:
    full = all_kinds_message()
    message = agent.UserMessage(text="look at this")
    source = full.selected_context
    target = message.selected_context
    if field in ("invocation_context", "git_diff", "git_diff_from_branch_to_main", "recent_agents_context",
                 "selected_agentic_git_action"):
        getattr(target, field).CopyFrom(getattr(source, field))
    else:
        getattr(target, field).extend(getattr(source, field))
    return message


def test_the_table_covers_every_selected_context_field() -> None:
    fields = {f.name for f in agent.SelectedContext.DESCRIPTOR.fields}
    assert fields - {"selected_images"} == set(EXPECTED)


@pytest.mark.parametrize("field", sorted(EXPECTED))
def test_each_kind_is_rendered_into_the_user_turn(field: str) -> None:
    message = user_turn(_only(field), all_kinds_blobs())
    assert message.role is Role.USER
    (part,) = message.parts  # the context block and the user's text, a blank line apart
    assert isinstance(part, TextPart)
    assert part.text.startswith("<attached_context>\n") and part.text.endswith("\n</attached_context>\n\nlook at this")
    for expected in EXPECTED[field]:
        assert expected in part.text


def test_kinds_in_schema_order_then_images_then_the_users_text() -> None:
    message = user_turn(all_kinds_message(), all_kinds_blobs())
    kinds = [type(p).__name__ for p in message.parts]
    assert kinds == ["TextPart", "ImagePart", "ImagePart", "TextPart"]
    text = message.parts[0]
    assert isinstance(text, TextPart)
    order = [text.text.index(EXPECTED[f][0]) for f in EXPECTED if f != "invocation_context"]
    assert order == sorted(order)
    last = message.parts[-1]
    assert isinstance(last, TextPart) and last.text.startswith("反序列化尾部")
    assert '<hook_context event="beforeSubmitPrompt">\nThe project uses Go 1.22.' in text.text


def test_blob_ids_names_every_blob_once() -> None:
    assert blob_ids(all_kinds_message()) == [b"extra-blob-1", b"image-blob-1"]


def test_a_blob_nobody_could_read_becomes_a_visible_note() -> None:
    message = user_turn(_only("extra_context_entries"), {})
    text = message.parts[0]
    assert isinstance(text, TextPart)
    assert "[this context is stored in a blob that could not be read from the editor]" in text.text


def test_an_item_longer_than_the_item_limit_is_cut_with_a_marker() -> None:
    message = agent.UserMessage(text="q")
    message.selected_context.files.add(path="/w/big.txt", relative_path="big.txt", content="x" * 1_000)
    rendered = user_turn(message, {}, limits=ContextLimits(item_chars=300, turn_chars=10_000)).parts[0]
    assert isinstance(rendered, TextPart)
    assert "x" * 300 + "\n[... truncated by cursord: 300 of 1,000 characters shown (context_item_chars) ...]" in (
        rendered.text
    )
    assert "x" * 301 not in rendered.text


def test_the_turn_limit_cuts_then_leaves_out_later_items_with_a_marker() -> None:
    items = [Item("file", (("path", f"/w/f{i}.txt"), ("relative_path", f"f{i}.txt")), "y" * 400) for i in range(5)]
    text = render_items(items, ContextLimits(item_chars=1_000, turn_chars=1_000))
    assert text.count("y" * 400) == 2  # 800 of the 1,000 characters
    assert "200 of 400 characters shown (context_turn_chars)" in text
    assert "[2 more attached item(s) left out by cursord" in text
    assert "Left out: file f3.txt, file f4.txt]" in text


def test_text_from_its_blob_and_from_rich_text() -> None:
    by_blob = agent.UserMessage(text_blob_id=b"t1")
    assert user_text(by_blob, {b"t1": b"long pasted text"}) == "long pasted text"
    assert "could not be read" in user_text(by_blob, {})
    rich = json.dumps(
        {"root": {"children": [{"children": [{"text": "first ", "type": "text"}, {"text": "line", "type": "text"}]},
                               {"children": [{"text": "second", "type": "text"}]}]}}
    )
    assert lexical_text(rich) == "first line\nsecond"
    assert user_text(agent.UserMessage(rich_text_blob_id=b"r1"), {b"r1": rich.encode()}) == "first line\nsecond"
    assert blob_ids(agent.UserMessage(rich_text_blob_id=b"r1")) == [b"r1"]


def test_attached_paths_for_globbed_rules() -> None:
    paths = attached_paths(all_kinds_message())
    assert "internal/httpstream/parser.go" in paths and "internal/httpstream/grpc.go" in paths
    assert "internal/mitm" in paths


def test_the_recorded_ide_state_is_rendered() -> None:
    from tests.editor_fixtures import recorded_action

    message = user_turn(recorded_action().user_message_action.user_message, {})
    block = message.parts[0]
    assert isinstance(block, TextPart)
    assert "recently viewed: packages/proto/gen/aiserver/v1/aiserver_v1.pb.go, 256894 lines" in block.text
    assert not any(isinstance(p, ImagePart) for p in message.parts)


@pytest.mark.parametrize(
    "rich",
    [
        "[" * 100_000,  # json.loads: RecursionError
        '{"root": {"children": [' + '{"children": [' * 950 + "]}" * 950 + "]}}",  # the walk: RecursionError
        '{"root": {"children": 5}}',  # TypeError
    ],
    ids=["deep", "deep-walk", "not-a-list"],
)
def test_rich_text_that_cannot_be_read_is_taken_as_it_is(rich: str) -> None:
    assert lexical_text(rich) == rich
