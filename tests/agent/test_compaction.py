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
    assert compaction._sized[id(specs)] == (specs, tools_chars)  # the registry's tuple, sized once
    assert estimate_tokens(messages, "system", specs) == expected
    assert estimate_tokens(messages, "system", list(specs)) == expected  # a list is sized every time
    assert estimate_tokens(messages, "system") == (len("system") + len("hello there")) // 4 + 4
