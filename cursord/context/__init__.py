"""What the editor attaches to a run, turned into what the model sees. Pure: no trio, no I/O.

- `selected`: `SelectedContext` (every kind) and the user's text into the user turn; bounds; blob ids.
- `images`: attached images as image parts, MIME sniffed from the bytes, size limits, vision.
- `rules`: rules and skills by type: inline, offered by name (`FetchRules`), file-globbed, attached.
- `mcp`: MCP tools from the inline list, descriptors, or the editor's `mcp_state_exec_args` answer.
- `actions`: what each `ConversationAction` case asks of the agent.
"""

from cursord.context.actions import Plan, shell_text, waits_for_run
from cursord.context.images import ImageLimits, image_parts, without_images
from cursord.context.mcp import McpSources
from cursord.context.rules import FETCH_RULES_TOOL, RuleBook
from cursord.context.selected import ContextLimits, attached_paths, blob_ids, merge_text, user_turn

__all__ = [
    "FETCH_RULES_TOOL",
    "ContextLimits",
    "ImageLimits",
    "McpSources",
    "Plan",
    "RuleBook",
    "attached_paths",
    "blob_ids",
    "image_parts",
    "merge_text",
    "shell_text",
    "user_turn",
    "waits_for_run",
    "without_images",
]
