"""The prompt estimate compaction decides by: characters / 4, each tool counted by its schema's JSON."""

from __future__ import annotations

import json

from cursord.agent import compaction
from cursord.agent.compaction import CHARS_PER_TOKEN, MESSAGE_OVERHEAD_TOKENS, estimate_tokens
from cursord.agent.tools import ToolRegistry
from cursord.providers.model import Message


def test_the_estimate_counts_each_tool_by_its_schema_and_sizes_a_tool_set_once() -> None:
    specs = ToolRegistry.build("agent", ()).specs
    messages = (Message.user("hello there"),)
    tools_chars = sum(len(t.name) + len(t.description) + len(json.dumps(t.json_schema)) for t in specs)
    expected = (len("system") + tools_chars + len("hello there")) // CHARS_PER_TOKEN + MESSAGE_OVERHEAD_TOKENS
    assert estimate_tokens(messages, "system", specs) == expected
    key = tuple(map(id, specs))
    assert compaction._sized[key] == (specs, tools_chars)  # the registry's specs, sized once
    again = (*specs,)  # a pass's request: a new tuple of the same specs
    assert again is not specs and estimate_tokens(messages, "system", again) == expected
    assert estimate_tokens(messages, "system", list(specs)) == expected
    assert list(compaction._sized).count(key) == 1
    assert estimate_tokens(messages, "system") == (len("system") + len("hello there")) // 4 + 4
