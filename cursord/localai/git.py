"""Commit messages and branch names: the prompts (`AiService/WriteGitCommitMessage`, `WriteGitBranchName`)
and the shaping of the model's reply into what the editor puts in its box. Sans-IO.

The commit prompt shows the model the repository's own recent messages (`previous_commit_messages`, as
the editor sends them) and asks it to write in their style; with none it asks for a short imperative
subject line and, where the change needs one, a body. The diffs are bounded (`MAX_DIFF_CHARS` each,
`MAX_DIFFS_CHARS` in all), and so is everything else the request carries (the user's instructions and
rules from `explicit_context`). The request's own
credentials (`api_key_credentials` and the Azure and Bedrock ones) are never read.
"""

from __future__ import annotations

import re
from typing import Final

from cursord.localai.prompt import LocalPrompt, bounded, bounded_all, fenced
from cursord.proto import aiserver_v1_pb2 as aiserver

__all__ = [
    "MAX_DIFFS_CHARS",
    "MAX_DIFF_CHARS",
    "branch_name_prompt",
    "clean_branch_name",
    "clean_commit_message",
    "commit_message_prompt",
]

#: the most of one file's diff the model sees (characters).
MAX_DIFF_CHARS: Final = 20_000
#: the most of all the diffs together (characters); later files' diffs are left out whole.
MAX_DIFFS_CHARS: Final = 60_000
#: how many of the repository's recent messages are shown as examples, and how much of each.
MAX_EXAMPLES: Final = 20
MAX_EXAMPLE_CHARS: Final = 1_000
#: the user's own instructions from the request (`explicit_context.context`), bounded.
MAX_CONTEXT_CHARS: Final = 4_000
#: the most a commit message or branch name pass may write: room for a reasoning model's thinking, which
#: counts against the cap at several vendors, not a length the answer is expected to reach.
OUTPUT_TOKENS: Final = 4_096
#: a branch name longer than this is cut at a word boundary.
MAX_BRANCH_CHARS: Final = 60

COMMIT_SYSTEM: Final = (
    "You write git commit messages. Reply with the commit message only: no preamble, no quotes, no code "
    "fences, no explanation. Describe what the change does and why, from the diff."
)
FOLLOW_STYLE: Final = (
    "Write it in the style of this repository's recent commit messages shown below: the same language, "
    "the same subject-line form (prefixes, scopes, capitalisation, tense, length) and the same use of a body."
)
DEFAULT_STYLE: Final = (
    "Use a short imperative subject line (at most 72 characters); add a blank line and a brief body only "
    "when the change needs explaining."
)
BRANCH_SYSTEM: Final = (
    "You name git branches. Reply with one branch name only: lowercase words joined by hyphens, at most "
    "five words, optionally after a category such as feat/ or fix/. No quotes, no explanation."
)


def _cut_notice(left_out: int, what: str) -> str:
    return f"\n[{left_out} more {what} not shown]" if left_out else ""


def commit_message_prompt(request: aiserver.WriteGitCommitMessageRequest) -> LocalPrompt:
    """The pass that writes a commit message for the request's diffs, in the repository's style."""
    diffs, left_out = bounded_all(request.diffs, MAX_DIFF_CHARS, MAX_DIFFS_CHARS)
    examples = [bounded(m.strip(), MAX_EXAMPLE_CHARS) for m in request.previous_commit_messages if m.strip()]
    examples = examples[:MAX_EXAMPLES]
    sections = []
    if examples:
        shown = "\n\n".join(f"--- message {i} ---\n{m}" for i, m in enumerate(examples, 1))
        sections.append(f"{FOLLOW_STYLE}\n\nRecent commit messages:\n\n{shown}")
    else:
        sections.append(DEFAULT_STYLE)
    explicit = request.explicit_context
    rules = [f"{rule.name}: {rule.body or rule.description}" for rule in explicit.rules]
    context = "\n\n".join(text for text in (explicit.context.strip(), *rules) if text.strip())
    if context:
        sections.append(fenced("The user's instructions:", bounded(context, MAX_CONTEXT_CHARS)))
    changes = "\n\n".join(diffs) if diffs else "(no diff was sent)"
    sections.append(fenced("The staged changes:", changes + _cut_notice(left_out, "files' diffs")))
    return LocalPrompt(COMMIT_SYSTEM, "\n\n".join(sections), max_output_tokens=OUTPUT_TOKENS)


def branch_name_prompt(request: aiserver.WriteGitBranchNameRequest) -> LocalPrompt:
    """The pass that names a branch for the request's diff (and its context, when it has one)."""
    sections = []
    context = request.context.strip()
    if context:
        sections.append(fenced("What the work is about:", bounded(context, MAX_CONTEXT_CHARS)))
    diff = request.diffs.strip()
    sections.append(fenced("The changes:", bounded(diff, MAX_DIFFS_CHARS) if diff else "(no diff was sent)"))
    return LocalPrompt(BRANCH_SYSTEM, "\n\n".join(sections), max_output_tokens=OUTPUT_TOKENS)


_FENCE_LINE: Final = re.compile(r"^\s*```")


def clean_commit_message(reply: str) -> str:
    """The model's reply as a commit message: an enclosing code fence, surrounding quotes and blank lines,
    and trailing spaces dropped."""
    lines = reply.strip().splitlines()
    if lines and _FENCE_LINE.match(lines[0]):
        lines = lines[1:]
    if lines and _FENCE_LINE.match(lines[-1]):
        lines = lines[:-1]
    text = "\n".join(line.rstrip() for line in lines).strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    return text


#: characters git refuses in a ref name (`git check-ref-format`), whitespace, and quotes.
_NOT_IN_REF: Final = re.compile(r"[\s~^:?*\[\\\x00-\x1f\x7f`'\"]+|\.\.+|@\{")


def clean_branch_name(reply: str) -> str:
    """The model's reply as a name `git check-ref-format --branch` accepts: its first non-empty line,
    lowercased, with what git refuses (spaces, `..`, `~^:?*[\\`, `@{`) turned into hyphens, no component
    starting with `.` or ending in `.lock`, at most `MAX_BRANCH_CHARS`; empty when nothing is left."""
    line = next((ln for ln in clean_commit_message(reply).splitlines() if ln.strip()), "")
    line = re.sub(r"^(branch( name)?)\s*:\s*", "", line.strip(), flags=re.I).lower()
    name = _NOT_IN_REF.sub("-", line)
    parts = []
    for part in name.split("/"):
        part = re.sub(r"-{2,}", "-", part).strip("-.")
        while part.endswith(".lock"):
            part = part.removesuffix(".lock").rstrip("-.")
        if part:
            parts.append(part)
    name = "/".join(parts)
    if len(name) > MAX_BRANCH_CHARS:
        cut = name.rfind("-", 0, MAX_BRANCH_CHARS + 1)
        name = name[: cut if cut > 0 else MAX_BRANCH_CHARS].rstrip("-./")
    return name
