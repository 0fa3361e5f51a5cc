"""Chat titles, sans-IO: a short title from the user's text, and a model's reply cleaned into one."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Final

#: a title from the user's text: at most this many characters (whole words).
MAX_TITLE_CHARS: Final = 48
#: how long a title from the title model may take before the text's first line is used instead.
TITLE_TIMEOUT: Final = 10.0
#: conversation names kept in memory (least recently set forgotten first).
MAX_CONVERSATION_NAMES: Final = 4096
FALLBACK_TITLE: Final = "New chat"

#: (user text) -> a title, or None when the model gave none.
Titler = Callable[[str], Awaitable[str | None]]

_MENTION = re.compile(r"(^|\s)[@/][\w./-]+")
_SPACE = re.compile(r"\s+")


def title_from_text(text: str) -> str:
    """A short title from the first non-empty line of `text` (mentions and markup dropped, whole words)."""
    for line in text.splitlines():
        cleaned = _SPACE.sub(" ", _MENTION.sub(" ", line)).strip(" #*`>-_\"'")
        if cleaned:
            break
    else:
        return FALLBACK_TITLE
    if len(cleaned) <= MAX_TITLE_CHARS:
        return cleaned
    cut = cleaned[: MAX_TITLE_CHARS + 1].rsplit(" ", 1)[0].rstrip(" ,.;:")
    return (cut or cleaned[:MAX_TITLE_CHARS]) + "…"


def clean_model_title(reply: str) -> str | None:
    """The model's reply as a one-line title, or None when it is empty."""
    line = next((ln for ln in reply.strip().splitlines() if ln.strip()), "")
    line = line.strip().strip("\"'`*#").strip()
    line = re.sub(r"^(title|name)\s*:\s*", "", line, flags=re.I)
    return title_from_text(line) if line else None
