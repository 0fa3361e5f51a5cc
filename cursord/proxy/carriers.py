"""Which RPC requests carry the user's code or text, decided from the wire schema's descriptors (pure).

The rule. A message type *carries code or text* when one of its fields, or a field of a message type it
holds (transitively: singular, repeated, oneof and map values alike), is a `string` or `bytes` field whose
name, split at `_`, holds a content word (`CONTENT_WORDS`: contents, text, diff, patch, selection, prompt,
instruction, ..., and `data`, an opaque payload that may hold anything; or a message qualified as the
user's or a commit's: `user_message`, `commit_message`) and does not end in a word that names something
*about* content (`ABOUT_WORDS`: `_id`, `_path`, `_hash`, `_type`, `_side`, ...). So
`CurrentFileInfo.contents`, `WriteGitCommitMessageRequest.diffs`, `CodeSelection.text` and `Chunk.content`
carry code; `diff_side`, `content_hash`, `source_path` or `error_message` do not, and neither does a request
made of ids, flags, paths and settings. A map field is judged by its own name when its values are strings or
bytes (`map<string, string> file_contents`), by its value type otherwise.

`scripts/privacy_table.py` applies the rule to every method of the reference schema (`proto/reference/`) and
writes the result to `cursord.proxy.carried`, which the proxy reads at run time; a test checks that the two
agree, and tests the rule on known types.
"""

from __future__ import annotations

from typing import Final

from google.protobuf.descriptor import Descriptor, FieldDescriptor

__all__ = ["ABOUT_WORDS", "CONTENT_WORDS", "MESSAGE_OWNERS", "MESSAGE_WORDS", "code_field"]

#: words that name the user's code or text in a field name.
CONTENT_WORDS: Final = frozenset({
    "content", "contents", "text", "diff", "diffs", "patch", "selection", "prompt", "prompts", "instruction",
    "instructions", "snippet", "snippets",
    # an opaque payload (BidiAppend's `data`: the agent's messages, a relayed run's prompt among them; a git
    # packfile's chunk) may hold anything, so it counts as carrying code
    "data",
})
#: last words of a field name that describe content (its id, where it is, its kind) without carrying it.
ABOUT_WORDS: Final = frozenset({
    "id", "ids", "uuid", "uuids", "path", "paths", "hash", "hashes", "sha256", "digest", "checksum", "url", "uri",
    "type", "types", "kind", "name", "names", "side",
    "mode", "status", "version", "count", "length", "size", "key", "format", "encoding", "language", "enabled",
})

#: a message is the user's text when the name says whose: the user's or a commit's (a bare `message` is most
#: often an error or a log line).
MESSAGE_WORDS: Final = frozenset({"message", "messages"})
MESSAGE_OWNERS: Final = frozenset({"user", "commit"})

_TEXT_TYPES: Final = frozenset({FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BYTES})


def _names_content(name: str) -> bool:
    words = name.lower().split("_")
    if words[-1] in ABOUT_WORDS:
        return False
    return bool(CONTENT_WORDS.intersection(words)) or bool(
        MESSAGE_WORDS.intersection(words) and MESSAGE_OWNERS.intersection(words)
    )


def code_field(message: Descriptor) -> str | None:
    """The first field (as `Type.field>Type.field...`) by which `message` carries code or text; None if it
    carries none."""
    return _search(message, set())


def _search(message: Descriptor, seen: set[str]) -> str | None:
    seen.add(message.full_name)
    for field in message.fields:
        name = field.name
        inner = field.message_type
        if inner is not None and inner.GetOptions().map_entry:
            value = inner.fields_by_name["value"]
            if value.type in _TEXT_TYPES:
                if _names_content(name):
                    return f"{message.name}.{name}"
                continue
            inner = value.message_type
        elif field.type in _TEXT_TYPES and _names_content(name):
            return f"{message.name}.{name}"
        if inner is None or inner.full_name in seen:
            continue
        found = _search(inner, seen)
        if found is not None:
            return f"{message.name}.{name}>{found}"
    return None
