"""The local AI's prompts and the shaping of its answers, sans-IO: what the model is shown, within which
bounds, and what the editor gets back."""

from __future__ import annotations

import pytest

from cursord.localai.cmdk import (
    CmdKRequestError,
    cached_hashes,
    cmd_k_ask,
    cmd_k_prompt,
    terminal_cmd_k_prompt,
    terminal_completion_prompt,
)
from cursord.localai.git import (
    DEFAULT_STYLE,
    FOLLOW_STYLE,
    MAX_BRANCH_CHARS,
    MAX_DIFF_CHARS,
    MAX_DIFFS_CHARS,
    branch_name_prompt,
    clean_branch_name,
    clean_commit_message,
    commit_message_prompt,
)
from cursord.localai.prompt import bounded, bounded_all, fenced
from cursord.proto import aiserver_v1_pb2 as aiserver

DIFF = "diff --git a/billing.py b/billing.py\n--- a/billing.py\n+++ b/billing.py\n@@ -1 +1 @@\n-rate = 1\n+rate = 2\n"
SECRET = "sk-editor-own-key-9d2f"


def _commit_request(*diffs: str, previous: tuple[str, ...] = ()) -> aiserver.WriteGitCommitMessageRequest:
    request = aiserver.WriteGitCommitMessageRequest(diffs=list(diffs), previous_commit_messages=list(previous))
    request.api_key_credentials.api_key = SECRET
    request.api_key_credentials.base_url = "https://api.example.test"
    return request


def test_bounded_keeps_whole_lines_and_says_how_much_is_left_out() -> None:
    text = "one\ntwo\nthree\n"
    assert bounded(text, 100) == text
    assert bounded(text, 9) == "one\ntwo\n[... 7 more characters not shown]"
    assert bounded("x" * 10, 4) == "xxxx\n[... 6 more characters not shown]"  # one long line is cut inside


def test_bounded_all_stops_at_the_total_and_counts_what_it_left_out() -> None:
    kept, left_out = bounded_all(["a" * 5, "", "b" * 5, "c" * 5], each=4, total=30)
    assert [k.splitlines()[0] for k in kept] == ["aaaa", "bbbb", "cccc"] and left_out == 0
    kept, left_out = bounded_all(["a" * 50, "b" * 50, "c" * 50], each=100, total=60)
    assert kept[0] == "a" * 50 and kept[1].startswith("b" * 10) and left_out == 1


def test_a_fence_is_longer_than_any_backtick_run_in_the_code() -> None:
    assert fenced("x:", "a ```` b").startswith("x:\n`````\n")
    assert fenced("x:", "plain") == "x:\n```\nplain\n```"


def test_the_commit_prompt_follows_the_repositorys_style_and_carries_the_diff() -> None:
    previous = ("billing: round rates up (they were truncated)", "ui: the invoice page shows the rate")
    prompt = commit_message_prompt(_commit_request(DIFF, previous=previous))
    assert FOLLOW_STYLE in prompt.user
    assert all(message in prompt.user for message in previous)
    assert "+rate = 2" in prompt.user
    assert SECRET not in prompt.system + prompt.user and "api.example.test" not in prompt.user
    ruled = _commit_request(DIFF)
    ruled.explicit_context.context = "write in French"
    ruled.explicit_context.rules.append(aiserver.CursorRule(name="commits", body="prefix the area"))
    assert "write in French" in commit_message_prompt(ruled).user
    assert "commits: prefix the area" in commit_message_prompt(ruled).user
    without = commit_message_prompt(_commit_request(DIFF))
    assert DEFAULT_STYLE in without.user and FOLLOW_STYLE not in without.user


def test_the_diff_sent_is_bounded() -> None:
    huge = "diff --git a/a b/a\n" + "+line of code\n" * 10_000
    prompt = commit_message_prompt(_commit_request(*[huge] * 10))
    assert len(prompt.user) < MAX_DIFFS_CHARS + 2_000
    assert "more characters not shown" in prompt.user
    assert "more files' diffs not shown" in prompt.user
    one = commit_message_prompt(_commit_request(huge))
    assert MAX_DIFF_CHARS <= len(one.user) < MAX_DIFF_CHARS + 2_000


def test_the_branch_prompt_carries_the_diff_and_the_context() -> None:
    request = aiserver.WriteGitBranchNameRequest(diffs=DIFF, context="raise the billing rate")
    request.api_key_credentials.api_key = SECRET
    prompt = branch_name_prompt(request)
    assert "+rate = 2" in prompt.user and "raise the billing rate" in prompt.user
    assert SECRET not in prompt.user


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ("Fix the rate\n\nIt was off by one.\n", "Fix the rate\n\nIt was off by one."),
        ("```\nFix the rate   \n```", "Fix the rate"),
        ('"Fix the rate"', "Fix the rate"),
        ("  \n", ""),
    ],
)
def test_clean_commit_message(reply: str, message: str) -> None:
    assert clean_commit_message(reply) == message


@pytest.mark.parametrize(
    ("reply", "name"),
    [
        ("feat/raise-billing-rate", "feat/raise-billing-rate"),
        ("Branch name: `Fix Billing Rate`\nbecause the rate was wrong", "fix-billing-rate"),
        ("fix/..odd~name:here?.lock", "fix/odd-name-here"),
        ('"a b  c"', "a-b-c"),
        ("  ", ""),
        ("x" * 30 + "-" + "y" * 40, "x" * 30),
    ],
)
def test_clean_branch_name_gives_what_git_accepts(reply: str, name: str) -> None:
    cleaned = clean_branch_name(reply)
    assert cleaned == name and len(cleaned) <= MAX_BRANCH_CHARS


def _item(**fields: object) -> aiserver.PotentiallyCachedContextItem:
    return aiserver.PotentiallyCachedContextItem(context_item=aiserver.ContextItem(**fields))  # type: ignore[arg-type]


def cmd_k_request(query: str, selection: list[str], start: int = 3) -> aiserver.StreamCmdKRequest:
    """A StreamCmdK as the editor's context session sends it: query, selection, the lines around it."""
    Item = aiserver.ContextItem
    around = [Item.CmdKImmediateContext.Line(line=f"line {n}", line_number=n) for n in range(1, 8)]
    return aiserver.StreamCmdKRequest(
        context_items=[
            _item(cmd_k_query=Item.CmdKQuery(query=query)),
            _item(cmd_k_selection=Item.CmdKSelection(lines=selection, start_line_number=start)),
            _item(cmd_k_immediate_context=Item.CmdKImmediateContext(
                relative_workspace_path="src/billing.py", lines=around, total_number_of_lines_in_file=40)),
            _item(custom_instructions=Item.CustomInstructions(instructions="prefer f-strings")),
        ],
        rules=[aiserver.CursorRule(name="style", body="four spaces")],
    )


def test_a_cmd_k_ask_reads_the_instruction_the_selection_and_its_file() -> None:
    ask = cmd_k_ask(cmd_k_request("double the rate", ["rate = 1", "tax = 0"], start=3))
    assert (ask.query, ask.path, ask.selection, ask.start_line, ask.end_line_exclusive) == (
        "double the rate", "src/billing.py", ("rate = 1", "tax = 0"), 3, 5
    )
    prompt = cmd_k_prompt(ask)
    assert "The selected lines, 3 to 4 of src/billing.py:" in prompt.user
    assert "rate = 1\ntax = 0" in prompt.user and "double the rate" in prompt.user
    assert "    7| line 7" in prompt.user
    assert "prefer f-strings" in prompt.user and "four spaces" in prompt.user
    assert "replace" in prompt.system


def test_a_cmd_k_without_an_instruction_is_refused() -> None:
    request = cmd_k_request("", ["x"])
    with pytest.raises(CmdKRequestError):
        cmd_k_ask(request)


def test_items_sent_as_hashes_are_asked_for() -> None:
    request = cmd_k_request("q", ["x"])
    request.context_items.append(aiserver.PotentiallyCachedContextItem(context_item_hash="h1"))
    assert cached_hashes(request.context_items) == ["h1"]
    assert cached_hashes(cmd_k_request("q", ["x"]).context_items) == []


def test_the_terminal_prompts_carry_the_request_and_the_terminal() -> None:
    Item = aiserver.ContextItem
    request = aiserver.StreamTerminalCmdKRequest(
        context_items=[
            _item(terminal_cmd_k_query=Item.TerminalCmdKQuery(query="list big files")),
            _item(terminal_history=Item.TerminalHistory(history="$ ls\nREADME.md\n", cwd_full="/home/u/p")),
        ]
    )
    prompt = terminal_cmd_k_prompt(request)
    assert "list big files" in prompt.user and "/home/u/p" in prompt.user and "README.md" in prompt.user
    with pytest.raises(CmdKRequestError):
        terminal_cmd_k_prompt(aiserver.StreamTerminalCmdKRequest())
    completion = terminal_completion_prompt(
        aiserver.GetTerminalCompletionRequest(current_command="git chec", command_history=["git status"],
                                              user_platform="linux")
    )
    assert "git chec" in completion.user and "git status" in completion.user and "linux" in completion.user


def test_every_other_kind_of_context_item_the_editor_sends_is_shown() -> None:
    Item = aiserver.ContextItem
    request = cmd_k_request("q", ["x"])
    chunk = Item.FileChunk(relative_workspace_path="lib/tax.py", chunk_contents="TAX = 0.2", start_line_number=1)
    extra = [
        Item(file_chunk=chunk),
        Item(outline_chunk=Item.OutlineChunk(relative_workspace_path="lib/tax.py", contents="def tax()")),
        Item(go_to_definition_result=Item.GoToDefinitionResult(
            relative_workspace_path="src/billing.py", line="tax(rate)", line_number=4, definition_chunk=chunk)),
        Item(lints=Item.Lints(relative_workspace_path="src/billing.py", lints=[aiserver.Lint(message="unused tax")])),
        Item(file_diff_history=Item.FileDiffHistory(cpp_file_diff_history=aiserver.CppFileDiffHistory(
            file_name="src/billing.py", diff_history=["3-|rate = 0", "3+|rate = 1"]))),
        Item(chat_history=Item.ChatHistory(user_message="why 1?", assistant_response="it was 0")),
    ]
    request.context_items.extend(aiserver.PotentiallyCachedContextItem(context_item=item) for item in extra)
    user = cmd_k_prompt(cmd_k_ask(request)).user
    for shown in ("TAX = 0.2", "Outline of lib/tax.py", "`tax(rate)` at src/billing.py:4", "unused tax",
                  "3+|rate = 1", "user: why 1?\nassistant: it was 0"):
        assert shown in user, shown
