"""What every local-AI answer asks the model, and the bounds on what it sends: sans-IO.

A `LocalPrompt` is one provider pass (a system prompt, one user message, an output cap); `bounded` cuts a
piece of the user's code or text at a line boundary and says how much was left out, so a model never
gets more of a diff, a file or a history than the bounds here allow, whatever the editor sends.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

import attrs

from cursord.proto import agent_v1_pb2 as agent

__all__ = ["LocalPrompt", "bounded", "bounded_all", "fenced"]

#: a marker the model sees where something was cut (it is told not to reproduce it).
CUT_MARKER: Final = "[... {count} more characters not shown]"


@attrs.frozen
class LocalPrompt:
    """One provider pass: its instructions, the user's material (text, and the images attached to it), and
    the most the model may write."""

    system: str
    user: str
    max_output_tokens: int
    images: tuple[agent.SelectedImage, ...] = ()


def bounded(text: str, limit: int) -> str:
    """`text`, or as many of its whole lines as fit in `limit` characters followed by a marker saying how
    many characters were left out (a single line longer than `limit` is cut inside it)."""
    if len(text) <= limit:
        return text
    cut = text.rfind("\n", 0, limit)
    kept = text[: cut if cut > 0 else limit]
    return f"{kept}\n{CUT_MARKER.format(count=len(text) - len(kept))}"


def bounded_all(texts: Iterable[str], each: int, total: int) -> tuple[list[str], int]:
    """Each non-blank one of `texts` bounded to `each` characters, in order, until `total` characters of
    them are used; the bounded texts and how many were left out whole."""
    kept: list[str] = []
    used = 0
    items = [t for t in texts if t.strip()]
    for index, text in enumerate(items):
        room = min(each, total - used)
        if room <= 0:
            return kept, len(items) - index
        kept.append(bounded(text, room))
        used += min(len(text), room)  # the user's text kept; the markers are not counted
    return kept, 0


def fenced(label: str, text: str) -> str:
    """`text` under a label, in a fence longer than any backtick run inside it (so code cannot close it)."""
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{label}\n{ticks}\n{text}\n{ticks}"
